// json_reader.hpp — typed, validating reads of one JSON object's fields: the one field reader of every JSON the
// core accepts (the catalog's data/*.json, a scenario, a published config.json, an explicit architecture).
//
// Every read validates; a bad value records an Error whose path names the field in full
// ("hardware.json: accelerators[3].memory_gb", "scenario.hardware.memory_gib") and whose message names what is
// accepted ("must be a positive number or null, got \"lots\""), and the read yields "nothing" (nullopt, "", false,
// 0), so one pass over a document reports every problem instead of stopping at the first. Readers that report
// one error (the scenario, config.json) return the first one recorded, so they read their fields in the order
// whose first problem they mean to report.
//
// Each family of documents passes its ErrorIds: the ids it reports (docs/contract.md lists them) and the few
// ways its messages have always been worded (tests and outside checks pin them word for word).
#pragma once

#include "catalog.hpp"  // Text
#include "error.hpp"
#include "interval.hpp"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace infersizer::json_read {

using json = nlohmann::json;

// The error ids a family of documents reports, and how its messages are worded. The first four are required;
// the others default to the catalog's way.
struct ErrorIds {
    const char* type;     // wrong JSON type
    const char* range;    // right type, value not accepted
    const char* missing;  // a required key is absent
    const char* parse;    // the text is not JSON
    // A key the object does not accept. nullptr: `range`, and the message names the key
    // ("unknown key \"modles\"; accepted: ..."); otherwise "unknown field; accepted: ...".
    const char* unknown = nullptr;
    // A number or a choice given another JSON type, or a fraction where an integer is needed (nullptr: `type`).
    // The scenario files these under its range id: its messages state the accepted range either way.
    const char* mistyped = nullptr;
    const char* empty = nullptr;       // "" where a non-empty string is needed (nullptr: `range`)
    bool says_or_null = true;          // an optional field's message says so: "must be a positive number or null"
    const char* choice_joint = "; ";   // before "got" in a choice's message: "one of a, b; got" or "one of a, b, got"
    size_t shown_chars = 60;           // values in messages are cut to this many characters
    size_t max_string_chars = 8192;    // a longer string is refused (the catalog's longest note is ~4,000)
};

// data/*.json and user catalogs: every error is collected and reported.
inline constexpr ErrorIds kCatalogErrorIds{"catalog.type", "catalog.range", "catalog.missing_field", "catalog.parse"};
// A scenario ("infersizer.scenario/1"), its hardware object and colocated models: the first error is returned.
inline constexpr ErrorIds kScenarioErrorIds{
    "scenario.type", "scenario.range", "scenario.missing_field", "scenario.parse",
    /*unknown*/ "scenario.unknown_field", /*mistyped*/ "scenario.range", /*empty*/ "scenario.type",
    /*says_or_null*/ false, /*choice_joint*/ ", ", /*shown_chars*/ 60, /*max_string_chars*/ 256};
// A published config.json inside a scenario, and the scenario's explicit architecture object: the first error is
// returned; they arrive parsed (no parse id of their own); a null counts as absent.
inline constexpr ErrorIds kConfigErrorIds{
    "hf_config.type", "hf_config.range", "hf_config.missing_field", "hf_config.type",
    /*unknown*/ nullptr, /*mistyped*/ nullptr, /*empty*/ nullptr,
    /*says_or_null*/ false, /*choice_joint*/ ", ", /*shown_chars*/ 40, /*max_string_chars*/ 1024};
inline constexpr ErrorIds kExplicitModelErrorIds{
    "model.type", "model.range", "model.missing_field", "model.type",
    /*unknown*/ nullptr, /*mistyped*/ nullptr, /*empty*/ nullptr,
    /*says_or_null*/ false, /*choice_joint*/ ", ", /*shown_chars*/ 40, /*max_string_chars*/ 8192};  // a catalog copy

// required: absent (or null) is an error. optional: absent or null yields "nothing". if_given: absent yields
// "nothing"; a given value, null included, must pass as for required (the scenario's top-level fields).
enum class Need { required, optional, if_given };

// What a number may be: min < v (min_open) or min <= v, and v <= max. `what` completes "must be ..." in messages.
struct NumberRule {
    std::string what;
    bool integer = false;       // integral values only
    bool json_integer = false;  // and written as JSON integers (8192, not 8192.0): the catalog's rules
    double min = -std::numeric_limits<double>::infinity();
    bool min_open = false;
    double max = std::numeric_limits<double>::infinity();
    std::string type_what = {};  // what a value that is not a number is told ("" = what): "an integer"
    bool max_in_words = false;   // a value above max is told "<what> up to <max>" (up_to), not just <what>

    bool accepts(double v) const { return (min_open ? v > min : v >= min) && v <= max; }
};
extern const NumberRule kPositive;         // > 0
extern const NumberRule kNonNegative;      // >= 0
extern const NumberRule kFraction;         // (0, 1]
extern const NumberRule kPositiveInt;      // integer >= 1
extern const NumberRule kNonNegativeInt;   // integer >= 0
extern const NumberRule kBitsPerWeight;    // (0, 32]: fp32 is the widest weight format there is
extern const NumberRule kBytesPerElement;  // (0, 4]: fp32 is also the widest KV element
extern const NumberRule kAnyNumber;        // any finite number: "a number"

// [lo, hi], worded "<noun> from <lo> to <hi>" with the bounds as a C++ stream writes a double ("a number from 0.01
// to 1e+06"): the scenario's ranges.
NumberRule numbers_from(double lo, double hi, const std::string& noun = "a number");
// Integers in [lo, hi], "an integer from 1 to 4096"; an integral JSON float (8192.0) is accepted.
NumberRule integers_from(int64_t lo, int64_t hi);
// `rule` with an upper bound, a value above it told "<rule.what> up to <max>" (the catalog's counts and peaks).
NumberRule up_to(NumberRule rule, double max);

// What each bound of an interval [lo, hi] may be (lo <= hi is always required).
struct IntervalRule {
    const char* what;
    bool (*accepts)(double);
};
extern const IntervalRule kAmountRange;    // 0 <= lo <= hi
extern const IntervalRule kFractionRange;  // 0 < lo <= hi <= 1
extern const IntervalRule kPositiveRange;  // 0 < lo <= hi

// How a choice is told, when not "one of a, b, c" (what) and, for a value of another JSON type, not the same
// (type_what).
struct ChoiceWords {
    std::string what = {};
    std::string type_what = {};
};

// A value as a message shows it: a number, true, false or null as JSON writes it, a string quoted, long values cut
// to max_chars characters; an object as "an object", an array as "an array" (up to 4 numbers: as typed, "[16,4]").
std::string shown(const json& v, size_t max_chars = 60);
// A number with up to 12 significant digits ("8030261248", "0.9").
std::string number_text(double v);
std::string joined(const std::vector<std::string>& items, const char* separator = ", ");
bool contains(const std::vector<std::string>& items, const std::string& x);

// True when `value` is an object; otherwise records ids.type at `where`: "must be <what>, got ...".
bool expect_object(const json& value, const std::string& where, Errors& errors, const ErrorIds& ids,
                   const std::string& what = "a JSON object");

// The document's root object, or nothing with one error recorded under `file`: ids.parse with
// "invalid JSON at line L, column C: ..." when the text is not JSON (json_parse.hpp: also deeper than 64 levels, a
// key twice, over 16 MiB; a number beyond a double is ids.range at its field), ids.type when the root is not an object.
std::optional<json> parse_document(const std::string& text, const std::string& file, Errors& errors,
                                   const ErrorIds& ids = kCatalogErrorIds);

// Reads the fields of one JSON object that lies at `path` inside `file` ("" for a document without a file
// name: the path alone names the field). The object must outlive the reader.
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
    // `v` as this family's messages show it.
    std::string shown(const json& v) const;

    // Records an error at `sub_path` (a full path, usually at(key)); `id` is one of ids() or the family's own.
    void fail(const char* id, const std::string& sub_path, std::string message) const;
    // Records ids().missing at `key` with the family's own words ("required for llama: hidden_size ...").
    void missing(const std::string& key, std::string message) const;
    // Records an unknown-key error for every key not in `accepted`, in key order.
    void only_keys(const std::vector<std::string>& accepted) const;

    // The raw value, nullptr when the key is absent.
    const json* get(const char* key) const;
    // Present with a value other than null.
    bool present(const char* key) const;

    // A number the rule accepts. optional: absent or null is nullopt.
    std::optional<double> number(const char* key, const NumberRule& rule, Need need) const;
    // An integer field of the structs: 0 when absent, null or bad (0 means "none" there).
    int64_t count(const char* key, const NumberRule& rule, Need need) const;
    // required / if_given: a non-empty string. optional: a string or null ("" when absent or null, or bad).
    std::string string(const char* key, Need need) const;
    // Absent or null: nullopt; otherwise a string (possibly empty) as string(key, optional).
    std::optional<std::string> optional_string(const char* key) const;
    // One of `accepted` ("" when absent and not required, when null and optional, or bad).
    std::string enumerated(const char* key, const std::vector<std::string>& accepted, Need need,
                           const ChoiceWords& words = {}) const;
    // required: true or false. optional: absent or null is false (a feature the entry does not have).
    bool flag(const char* key, Need need) const;
    // Absent or null: nullopt; otherwise true or false.
    std::optional<bool> optional_flag(const char* key) const;
    // A required non-empty array of strings, each one of `accepted` when given.
    std::vector<std::string> strings(const char* key, const std::vector<std::string>* accepted = nullptr) const;
    // A required [lo, hi], both bounds accepted by the rule, lo <= hi ({} on error).
    Interval interval(const char* key, const IntervalRule& rule) const;
    // Absent or null: nullopt (the entry does not have it); otherwise as interval().
    std::optional<Interval> optional_interval(const char* key, const IntervalRule& rule) const;

    // A reader for a value inside this object (already checked to be an object) at `path`.
    Reader nested(const json& value, std::string path) const;
    // A nested object ("must be <what>"); nullopt, with an error when required or given but not an object.
    std::optional<Reader> child(const char* key, Need need, const std::string& what = "an object") const;
    // An array: nullptr when absent (an error when required), null and optional, or not an array ("must be <what>").
    const json* array(const char* key, Need need, const std::string& what = "an array") const;
    // Calls fn(Reader) for each object of an array, read at "key[i]", in order; an array of another type ("must be
    // <what>") or an item that is not an object ("must be <item_what>") is an error (absent: when required).
    template <class Fn>
    void each_object(const char* key, Need need, Fn&& fn, const std::string& what = "an array of objects",
                     const std::string& item_what = "an object") const {
        const json* items = array(key, need, what);
        if (!items) return;
        for (size_t i = 0; i < items->size(); ++i)
            if (auto item = array_item(*items, i, key, item_what)) fn(*item);
    }

    // A required {"zh": "...", "en": "..."}, both non-empty.
    Text text(const char* key) const;
    // A required source: a non-empty string, or a non-empty array of strings or of {"ref", "covers"}
    // objects (hardware.json). Returns the refs joined by "; ", first one first.
    std::string source(const char* key) const;
    // Optional free text: a string, an array of strings (joined by spaces) or null.
    std::string notes(const char* key) const;

private:
    // One item of each_object's array.
    std::optional<Reader> array_item(const json& items, size_t i, const char* key, const std::string& item_what) const;

    // A string longer than ids().max_string_chars: records ids().range at sub_path() and returns true. The path is
    // made only then: the catalog's thousands of strings all pass, and building each one's path was 15 % of
    // loading it (callgrind; docs/performance.md).
    template <class SubPath>
    bool too_long(const SubPath& sub_path, const json& v) const;
    // The string's length in characters when it is over ids().max_string_chars, else 0.
    size_t chars_over_cap(const json& v) const;
    const char* mistyped_id() const { return ids_.mistyped ? ids_.mistyped : ids_.type; }
    // " or null" where the family says so for an optional field.
    const char* or_null(Need need) const { return need == Need::optional && ids_.says_or_null ? " or null" : ""; }

    const json& object_;
    std::string file_;
    std::string path_;
    Errors& errors_;
    ErrorIds ids_;
};

}  // namespace infersizer::json_read
