// json_reader.cpp — the validating field reads of json_reader.hpp. Messages name what is accepted; the
// exact wording is pinned by tests (test_catalog*.cpp, test_scenario*.cpp, test_hf_config.cpp, test_json_reader.cpp,
// tests/cli), so change it there too.
#include "json_reader.hpp"

#include "json_lookup.hpp"
#include "json_parse.hpp"
#include "value_text.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace infersizer::json_read {

const NumberRule kPositive{"a positive number", false, false, 0, true};
const NumberRule kNonNegative{"a number >= 0", false, false, 0};
const NumberRule kFraction{"a number in (0, 1]", false, false, 0, true, 1};
const NumberRule kPositiveInt{"a positive integer", true, true, 1};
const NumberRule kNonNegativeInt{"an integer >= 0", true, true, 0};
const NumberRule kBitsPerWeight{"a number in (0, 32]", false, false, 0, true, 32};
const NumberRule kBytesPerElement{"a number in (0, 4]", false, false, 0, true, 4};
const NumberRule kAnyNumber{"a number"};

namespace {
// A bound as the scenario's messages have always written it: a C++ stream's default (6 significant digits).
std::string stream_text(double v) {
    std::ostringstream out;
    out << v;
    return out.str();
}
}  // namespace

NumberRule numbers_from(double lo, double hi, const std::string& noun) {
    return NumberRule{noun + " from " + stream_text(lo) + " to " + stream_text(hi), false, false, lo, false, hi};
}

NumberRule integers_from(int64_t lo, int64_t hi) {
    return NumberRule{"an integer from " + std::to_string(lo) + " to " + std::to_string(hi), true, false,
                      static_cast<double>(lo), false, static_cast<double>(hi)};
}

NumberRule up_to(NumberRule rule, double max) {
    // Worded only when a value is refused: the catalog makes a rule per model field, and formatting each bound
    // up front was an eighth of loading it.
    rule.max = max;
    rule.max_in_words = true;
    return rule;
}

const IntervalRule kAmountRange{"[lo, hi] with 0 <= lo <= hi", [](double v) { return v >= 0; }};
const IntervalRule kFractionRange{"[lo, hi] with 0 < lo <= hi <= 1", [](double v) { return v > 0 && v <= 1; }};
const IntervalRule kPositiveRange{"[lo, hi] with 0 < lo <= hi", [](double v) { return v > 0; }};

// ---------------------------------------------------------------------------------------------------
// Text helpers
// ---------------------------------------------------------------------------------------------------
std::string shown(const json& v, size_t max_chars) {
    // An object or an array is named by its kind: its JSON text (a pasted config.json, say) would fill the
    // message and tell the user nothing the field's path does not. A few numbers ([lo, hi] given as [16, 4]) are
    // the value as typed and stay.
    if (v.is_object()) return "an object";
    if (v.is_array() && (v.size() > 4 || !std::all_of(v.begin(), v.end(), [](const json& x) { return x.is_number(); })))
        return "an array";
    // A string goes through the one printer of user text (value_text.hpp): cut before it is copied, escaped.
    if (v.is_string()) return quoted_value(v.get_ref<const std::string&>(), max_chars);
    std::string s = v.dump(-1, ' ', false, json::error_handler_t::replace);
    if (s.size() > max_chars) s = s.substr(0, max_chars - 3) + "...";
    return s;
}

std::string number_text(double v) {
    std::ostringstream out;
    out.precision(12);
    out << v;
    return out.str();
}

std::string joined(const std::vector<std::string>& items, const char* separator) {
    std::string out;
    for (size_t i = 0; i < items.size(); ++i) out += (i ? separator : "") + items[i];
    return out;
}

bool contains(const std::vector<std::string>& items, const std::string& x) {
    return std::find(items.begin(), items.end(), x) != items.end();
}

// The longest list of strings a field takes (engines of a format, models an API hosts): the catalog's are under 20.
constexpr size_t kMaxStrings = 1000;

// ---------------------------------------------------------------------------------------------------
// Documents
// ---------------------------------------------------------------------------------------------------
namespace {

}  // namespace

bool expect_object(const json& value, const std::string& where, Errors& errors, const ErrorIds& ids,
                   const std::string& what) {
    if (value.is_object()) return true;
    errors.push_back(Error{ids.type, where, "must be " + what + ", got " + shown(value, ids.shown_chars)});
    return false;
}

std::optional<json> parse_document(const std::string& text, const std::string& file, Errors& errors,
                                   const ErrorIds& ids) {
    JsonProblem problem;
    std::optional<json> doc = parse_json(text, kMaxCatalogBytes, &problem);
    if (!doc) {
        if (problem.syntax)
            errors.push_back(Error{ids.parse, file, "invalid JSON " + problem.message});
        else
            errors.push_back(Error{problem.overflow ? ids.range : ids.parse,
                                   problem.where.empty() ? file : file + ": " + problem.where, problem.message});
        return std::nullopt;
    }
    if (!expect_object(*doc, file, errors, ids)) return std::nullopt;
    return doc;
}

// ---------------------------------------------------------------------------------------------------
// Reader
// ---------------------------------------------------------------------------------------------------
Reader::Reader(const json& object, std::string file, std::string path, Errors& errors, const ErrorIds& ids)
    : object_(object), file_(std::move(file)), path_(std::move(path)), errors_(errors), ids_(ids) {}

// A key is the user's text (an unknown key may hold a newline): paths show it through the one printer.
std::string Reader::at(const std::string& key) const {
    const std::string shown_key = one_line(key, kShownChars);
    return path_.empty() ? shown_key : path_ + "." + shown_key;
}

std::string Reader::shown(const json& v) const { return json_read::shown(v, ids_.shown_chars); }

void Reader::fail(const char* id, const std::string& sub_path, std::string message) const {
    errors_.push_back(Error{id, file_.empty() ? sub_path : file_ + ": " + sub_path, std::move(message)});
}

void Reader::missing(const std::string& key, std::string message) const {
    fail(ids_.missing, at(key), std::move(message));
}

void Reader::only_keys(const std::vector<std::string>& accepted) const {
    for (const auto& item : object_.items()) {
        if (contains(accepted, item.key())) continue;
        if (ids_.unknown)
            fail(ids_.unknown, at(item.key()), "unknown field; accepted: " + joined(accepted));
        else
            fail(ids_.range, at(item.key()), "unknown key \"" + item.key() + "\"; accepted: " + joined(accepted));
    }
}

const json* Reader::get(const char* key) const {
    return find_member(object_, key);
}

bool Reader::present(const char* key) const {
    const json* v = get(key);
    return v && !v->is_null();
}

std::optional<double> Reader::number(const char* key, const NumberRule& rule, Need need) const {
    const json* v = get(key);
    if (!v) {
        if (need == Need::required) fail(ids_.missing, at(key), "missing; must be " + rule.what);
        return std::nullopt;
    }
    if (v->is_null() && need == Need::optional) return std::nullopt;
    const auto accepted = [&] { return "must be " + rule.what + or_null(need); };
    if (!v->is_number()) {
        const std::string& what = rule.type_what.empty() ? rule.what : rule.type_what;
        fail(mistyped_id(), at(key), "must be " + what + or_null(need) + ", got " + shown(*v));
        return std::nullopt;
    }
    const double x = v->get<double>();
    if (rule.integer && (rule.json_integer ? !v->is_number_integer() : std::floor(x) != x)) {
        fail(mistyped_id(), at(key), accepted() + ", got " + shown(*v));
        return std::nullopt;
    }
    if (x > rule.max && rule.max_in_words) {
        fail(ids_.range, at(key),
             "must be " + rule.what + " up to " + number_text(rule.max) + or_null(need) + ", got " + shown(*v));
        return std::nullopt;
    }
    if (!std::isfinite(x) || !rule.accepts(x)) {
        fail(ids_.range, at(key), accepted() + ", got " + shown(*v));
        return std::nullopt;
    }
    return x;
}

int64_t Reader::count(const char* key, const NumberRule& rule, Need need) const {
    auto v = number(key, rule, need);
    return v ? static_cast<int64_t>(*v) : 0;
}

size_t Reader::chars_over_cap(const json& v) const {
    const std::string& s = v.get_ref<const std::string&>();
    if (s.size() <= ids_.max_string_chars) return 0;  // bytes >= characters: most strings stop here
    size_t chars = 0;
    for (char c : s) chars += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return chars > ids_.max_string_chars ? chars : 0;
}

template <class SubPath>
bool Reader::too_long(const SubPath& sub_path, const json& v) const {
    const size_t chars = chars_over_cap(v);
    if (chars == 0) return false;
    fail(ids_.range, sub_path(),
         "must be at most " + std::to_string(ids_.max_string_chars) + " characters, got " + std::to_string(chars));
    return true;
}

std::string Reader::string(const char* key, Need need) const {
    const json* v = get(key);
    if (need != Need::optional) {
        if (!v) {
            if (need == Need::required) fail(ids_.missing, at(key), "missing; must be a non-empty string");
            return {};
        }
        if (!v->is_string()) {
            fail(ids_.type, at(key), "must be a non-empty string, got " + shown(*v));
            return {};
        }
        if (v->get_ref<const std::string&>().empty()) {
            fail(ids_.empty ? ids_.empty : ids_.range, at(key), "must be a non-empty string, got \"\"");
            return {};
        }
        if (too_long([&] { return at(key); }, *v)) return {};
        return v->get<std::string>();
    }
    if (!v || v->is_null()) return {};
    if (!v->is_string()) {
        fail(ids_.type, at(key), std::string("must be a string") + or_null(need) + ", got " + shown(*v));
        return {};
    }
    if (too_long([&] { return at(key); }, *v)) return {};
    return v->get<std::string>();
}

std::optional<std::string> Reader::optional_string(const char* key) const {
    if (!present(key)) return std::nullopt;
    const size_t errors_before = errors_.size();
    std::string s = string(key, Need::optional);
    if (errors_.size() != errors_before) return std::nullopt;
    return s;
}

std::string Reader::enumerated(const char* key, const std::vector<std::string>& accepted, Need need,
                               const ChoiceWords& words) const {
    const json* v = get(key);
    const auto what = [&] { return words.what.empty() ? "one of " + joined(accepted) : words.what; };
    if (!v || (v->is_null() && need == Need::optional)) {
        if (!v && need == Need::required) fail(ids_.missing, at(key), "missing; must be " + what());
        return {};
    }
    if (!v->is_string()) {
        const std::string type_what = words.type_what.empty() ? what() : words.type_what;
        fail(mistyped_id(), at(key), "must be " + type_what + or_null(need) + ids_.choice_joint + "got " + shown(*v));
        return {};
    }
    if (!contains(accepted, v->get_ref<const std::string&>())) {
        fail(ids_.range, at(key), "must be " + what() + or_null(need) + ids_.choice_joint + "got " + shown(*v));
        return {};
    }
    return v->get<std::string>();
}

bool Reader::flag(const char* key, Need need) const {
    const json* v = get(key);
    if (!v) {
        if (need == Need::required) fail(ids_.missing, at(key), "missing; must be true or false");
        return false;
    }
    if (v->is_boolean()) return v->get<bool>();
    if (v->is_null() && need == Need::optional) return false;
    fail(ids_.type, at(key),
         std::string(*or_null(need) ? "must be true, false or null" : "must be true or false") + ", got " +
             shown(*v));
    return false;
}

std::optional<bool> Reader::optional_flag(const char* key) const {
    if (!present(key)) return std::nullopt;
    const size_t errors_before = errors_.size();
    const bool b = flag(key, Need::optional);
    if (errors_.size() != errors_before) return std::nullopt;
    return b;
}

std::vector<std::string> Reader::strings(const char* key, const std::vector<std::string>* accepted) const {
    const json* v = get(key);
    const std::string what =
        accepted ? "a non-empty array of: " + joined(*accepted) : std::string("a non-empty array of strings");
    if (!v) {
        fail(ids_.missing, at(key), "missing; must be " + what);
        return {};
    }
    if (!v->is_array()) {
        fail(ids_.type, at(key), "must be " + what + ", got " + shown(*v));
        return {};
    }
    if (v->empty()) {
        fail(ids_.range, at(key), "must be " + what + ", got []");
        return {};
    }
    if (v->size() > kMaxStrings) {
        fail(ids_.range, at(key), "must have at most " + std::to_string(kMaxStrings) + " items, got " +
                                      std::to_string(v->size()));
        return {};
    }
    std::vector<std::string> out;
    for (size_t i = 0; i < v->size(); ++i) {
        const json& item = (*v)[i];
        const auto item_path = [&] { return at(key) + "[" + std::to_string(i) + "]"; };
        if (!item.is_string()) {
            fail(ids_.type, item_path(), accepted ? "must be one of " + joined(*accepted) + "; got " + shown(item)
                                                  : "must be a string, got " + shown(item));
            continue;
        }
        if (too_long(item_path, item)) continue;
        if (accepted && !contains(*accepted, item.get_ref<const std::string&>())) {
            fail(ids_.range, item_path(), "must be one of " + joined(*accepted) + "; got " + shown(item));
            continue;
        }
        out.push_back(item.get<std::string>());
    }
    return out;
}

Interval Reader::interval(const char* key, const IntervalRule& rule) const {
    const json* v = get(key);
    const std::string what = std::string("must be ") + rule.what;
    if (!v) {
        fail(ids_.missing, at(key), std::string("missing; ") + what);
        return {};
    }
    if (!v->is_array() || v->size() != 2 || !(*v)[0].is_number() || !(*v)[1].is_number()) {
        fail(ids_.type, at(key), what + ", got " + shown(*v));
        return {};
    }
    const double lo = (*v)[0].get<double>(), hi = (*v)[1].get<double>();
    if (!std::isfinite(lo) || !std::isfinite(hi) || !rule.accepts(lo) || !rule.accepts(hi) || lo > hi) {
        fail(ids_.range, at(key), what + ", got " + shown(*v));
        return {};
    }
    return {lo, hi};
}

std::optional<Interval> Reader::optional_interval(const char* key, const IntervalRule& rule) const {
    if (!present(key)) return std::nullopt;
    const size_t errors_before = errors_.size();
    const Interval v = interval(key, rule);
    if (errors_.size() != errors_before) return std::nullopt;
    return v;
}

Reader Reader::nested(const json& value, std::string path) const {
    return Reader(value, file_, std::move(path), errors_, ids_);
}

std::optional<Reader> Reader::child(const char* key, Need need, const std::string& what) const {
    const json* v = get(key);
    if (!v || (v->is_null() && need == Need::optional)) {
        if (!v && need == Need::required) fail(ids_.missing, at(key), "missing; must be " + what);
        return std::nullopt;
    }
    if (!v->is_object()) {
        fail(ids_.type, at(key), "must be " + what + ", got " + shown(*v));
        return std::nullopt;
    }
    return Reader(*v, file_, at(key), errors_, ids_);
}

const json* Reader::array(const char* key, Need need, const std::string& what) const {
    const json* v = get(key);
    if (!v || (v->is_null() && need == Need::optional)) {
        if (!v && need == Need::required) fail(ids_.missing, at(key), "missing; must be " + what);
        return nullptr;
    }
    if (!v->is_array()) {
        fail(ids_.type, at(key), "must be " + what + ", got " + shown(*v));
        return nullptr;
    }
    return v;
}

std::optional<Reader> Reader::array_item(const json& items, size_t i, const char* key,
                                         const std::string& item_what) const {
    const json& item = items[i];
    const std::string item_path = at(key) + "[" + std::to_string(i) + "]";
    if (!item.is_object()) {
        fail(ids_.type, item_path, "must be " + item_what + ", got " + shown(item));
        return std::nullopt;
    }
    return Reader(item, file_, item_path, errors_, ids_);
}

Text Reader::text(const char* key) const {
    Text t;
    if (auto r = child(key, Need::required)) {
        t.zh = r->string("zh", Need::required);
        t.en = r->string("en", Need::required);
    }
    return t;
}

std::string Reader::source(const char* key) const {
    const json* v = get(key);
    const char* what = "a non-empty string or a non-empty array of {\"ref\", \"covers\"} objects";
    if (!v) {
        fail(ids_.missing, at(key), std::string("missing; must be ") + what);
        return {};
    }
    if (v->is_string() && !v->get_ref<const std::string&>().empty())
        return too_long([&] { return at(key); }, *v) ? std::string() : v->get<std::string>();
    if (!v->is_array() || v->empty()) {
        fail(v->is_array() || v->is_string() ? ids_.range : ids_.type, at(key),
             std::string("must be ") + what + ", got " + shown(*v));
        return {};
    }
    std::vector<std::string> refs;
    for (size_t i = 0; i < v->size(); ++i) {
        const json& item = (*v)[i];
        const auto item_path = [&] { return at(key) + "[" + std::to_string(i) + "]"; };
        if (item.is_string() && !item.get_ref<const std::string&>().empty()) {
            if (!too_long(item_path, item)) refs.push_back(item.get<std::string>());
        } else if (item.is_object()) {
            Reader r(item, file_, item_path(), errors_, ids_);
            std::string ref = r.string("ref", Need::required);
            if (!ref.empty()) refs.push_back(ref);
        } else {
            fail(ids_.type, item_path(),
                 "must be a non-empty string or a {\"ref\", \"covers\"} object, got " + shown(item));
        }
    }
    return joined(refs, "; ");
}

std::string Reader::notes(const char* key) const {
    const json* v = get(key);
    if (!v || v->is_null()) return {};
    if (v->is_string()) return too_long([&] { return at(key); }, *v) ? std::string() : v->get<std::string>();
    if (v->is_array() && std::all_of(v->begin(), v->end(), [](const json& x) { return x.is_string(); })) {
        std::vector<std::string> parts;
        for (size_t i = 0; i < v->size(); ++i)
            if (!too_long([&] { return at(key) + "[" + std::to_string(i) + "]"; }, (*v)[i]))
                parts.push_back((*v)[i].get<std::string>());
        return joined(parts, " ");
    }
    fail(ids_.type, at(key), "must be a string, an array of strings or null, got " + shown(*v));
    return {};
}

}  // namespace infersizer::json_read
