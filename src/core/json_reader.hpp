// json_reader.hpp — typed, validating reads of one JSON object's fields, for any JSON the core accepts
// (the catalog's data/*.json today; the scenario and config.json readers can use it too).
//
// Every read validates; a bad value records an Error whose path names the field in full
// ("hardware.json: accelerators[3].memory_gb") and whose message names what is accepted
// ("must be a positive number or null, got \"lots\""), and the read yields "nothing" (nullopt, "", false, 0),
// so one pass over a document reports every problem instead of stopping at the first.
//
// Error ids come from an ErrorIds family (kCatalogErrorIds: catalog.type, catalog.range,
// catalog.missing_field, catalog.parse), so a scenario reader can report scenario.* ids with the same code.
#pragma once

#include "catalog.hpp"  // Text
#include "error.hpp"
#include "interval.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace infersizer::json_read {

using json = nlohmann::json;

// The error ids a reader reports.
struct ErrorIds {
    const char* type;     // wrong JSON type
    const char* range;    // right type, value not accepted
    const char* missing;  // a required key is absent
    const char* parse;    // the text is not JSON
};
inline constexpr ErrorIds kCatalogErrorIds{"catalog.type", "catalog.range", "catalog.missing_field", "catalog.parse"};

// required: absent (or, for most reads, null) is an error. optional: absent or null yields "nothing".
enum class Need { required, optional };

// What a number may be; `what` completes "must be ..." in messages.
struct NumberRule {
    const char* what;
    bool integer;
    bool (*accepts)(double);
};
extern const NumberRule kPositive;         // > 0
extern const NumberRule kNonNegative;      // >= 0
extern const NumberRule kFraction;         // (0, 1]
extern const NumberRule kPositiveInt;      // integer >= 1
extern const NumberRule kNonNegativeInt;   // integer >= 0
extern const NumberRule kBitsPerWeight;    // (0, 32]: fp32 is the widest weight format there is
extern const NumberRule kBytesPerElement;  // (0, 4]: fp32 is also the widest KV element

// What each bound of an interval [lo, hi] may be (lo <= hi is always required).
struct IntervalRule {
    const char* what;
    bool (*accepts)(double);
};
extern const IntervalRule kAmountRange;    // 0 <= lo <= hi
extern const IntervalRule kFractionRange;  // 0 < lo <= hi <= 1
extern const IntervalRule kPositiveRange;  // 0 < lo <= hi

// A value as a message shows it: JSON text, strings quoted, long values cut to 60 characters.
std::string shown(const json& v);
// A number with up to 12 significant digits ("8030261248", "0.9").
std::string number_text(double v);
std::string joined(const std::vector<std::string>& items, const char* separator = ", ");
bool contains(const std::vector<std::string>& items, const std::string& x);

// The document's root object, or nothing with one error recorded under `file`: ids.parse with
// "invalid JSON at line L, column C: ..." when the text is not JSON, ids.type when the root is not an object.
std::optional<json> parse_document(const std::string& text, const std::string& file, Errors& errors,
                                   const ErrorIds& ids = kCatalogErrorIds);

// Reads the fields of one JSON object that lies at `path` inside `file`. The object must outlive the reader.
class Reader {
public:
    Reader(const json& object, std::string file, std::string path, Errors& errors,
           const ErrorIds& ids = kCatalogErrorIds);

    const json& object() const { return object_; }
    const std::string& file() const { return file_; }
    const std::string& path() const { return path_; }
    const ErrorIds& ids() const { return ids_; }
    // The path of a key of this object: "models[3].hidden_size" (or "hidden_size" at the root).
    std::string at(const std::string& key) const;

    // Records an error at `sub_path` (a full path, usually at(key)); `id` is one of ids().
    void fail(const char* id, const std::string& sub_path, std::string message) const;

    // The raw value, nullptr when the key is absent.
    const json* get(const char* key) const;
    // Present with a value other than null.
    bool present(const char* key) const;

    // A number the rule accepts (an integer when rule.integer). optional: absent or null is nullopt.
    std::optional<double> number(const char* key, const NumberRule& rule, Need need) const;
    // An integer field of the structs: 0 when absent, null or bad (0 means "none" there).
    int64_t count(const char* key, const NumberRule& rule, Need need) const;
    // required: a non-empty string. optional: a string or null ("" when absent or null).
    std::string string(const char* key, Need need) const;
    // One of `accepted` ("" when optional and absent or null, or bad).
    std::string enumerated(const char* key, const std::vector<std::string>& accepted, Need need) const;
    // required: true or false. optional: absent or null is false (a feature the entry does not have).
    bool flag(const char* key, Need need) const;
    // A required non-empty array of strings, each one of `accepted` when given.
    std::vector<std::string> strings(const char* key, const std::vector<std::string>* accepted = nullptr) const;
    // A required [lo, hi], both bounds accepted by the rule, lo <= hi ({} on error).
    Interval interval(const char* key, const IntervalRule& rule) const;
    // Absent or null: nullopt (the entry does not have it); otherwise as interval().
    std::optional<Interval> optional_interval(const char* key, const IntervalRule& rule) const;

    // A reader for a value inside this object (already checked to be an object) at `path`.
    Reader nested(const json& value, std::string path) const;
    // A nested object; nullopt (and an error when required, or when present but not an object) otherwise.
    std::optional<Reader> child(const char* key, Need need) const;

    // A required {"zh": "...", "en": "..."}, both non-empty.
    Text text(const char* key) const;
    // A required source: a non-empty string, or a non-empty array of strings or of {"ref", "covers"}
    // objects (hardware.json). Returns the refs joined by "; ", first one first.
    std::string source(const char* key) const;
    // Optional free text: a string, an array of strings (joined by spaces) or null.
    std::string notes(const char* key) const;

private:
    const json& object_;
    std::string file_;
    std::string path_;
    Errors& errors_;
    ErrorIds ids_;
};

}  // namespace infersizer::json_read
