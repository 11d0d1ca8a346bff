// scenario_url.cpp — Scenario ↔ URL query. Each parameter is applied through the JSON parser, so the
// URL accepts exactly what the JSON accepts and its errors name the same ranges.
#include "scenario_url.hpp"

#include "json_parse.hpp"
#include "scenario_json.hpp"
#include "value_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <nlohmann/json.hpp>

namespace infersizer {

using nlohmann::json;

namespace {

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

std::string percent_decode(const std::string& in) {
    std::string out;
    for (size_t i = 0; i < in.size(); ++i) {
        if (in[i] == '+') out += ' ';
        else if (in[i] == '%' && i + 2 < in.size() && hex_value(in[i + 1]) >= 0 &&
                 hex_value(in[i + 2]) >= 0) {
            out += static_cast<char>(hex_value(in[i + 1]) * 16 + hex_value(in[i + 2]));
            i += 2;
        } else out += in[i];
    }
    return out;
}

std::string percent_encode(const std::string& in) {
    static const char* kHex = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : in) {
        if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
            c == '.' || c == '~')
            out += static_cast<char>(c);
        else {
            out += '%';
            out += kHex[c >> 4];
            out += kHex[c & 15];
        }
    }
    return out;
}

// A number typed in a URL: the whole text must be one finite decimal number (no hex: "0x10" is refused).
bool parse_number(const std::string& text, double* out) { return parse_decimal(text, out); }

constexpr size_t kMaxQueryParameters = 64;

enum class Kind { string, number, id_or_json, array_json, count, flag };
struct Param {
    const char* key;
    Kind kind;
    const char* json_parent;  // nullptr: top level; else "targets" / "traffic"
};
const Param kParams[] = {
    {"model", Kind::id_or_json, nullptr},        {"weights", Kind::string, nullptr},
    {"kv_cache", Kind::string, nullptr},         {"engine", Kind::string, nullptr},
    {"hardware", Kind::id_or_json, nullptr},     {"count", Kind::count, nullptr},
    {"context_tokens", Kind::number, nullptr},   {"prompt_tokens", Kind::number, nullptr},
    {"output_tokens", Kind::number, nullptr},    {"concurrency", Kind::number, nullptr},
    {"ttft_s", Kind::number, "targets"},         {"tps_per_user", Kind::number, "targets"},
    {"no_latency_target", Kind::flag, "targets"},
    {"requests_per_day", Kind::number, "traffic"}, {"lengths", Kind::string, "traffic"},
    {"headroom", Kind::number, nullptr},
    {"colocated", Kind::array_json, nullptr},
    {"gpu", Kind::string, "pricing"},            {"api", Kind::string, "pricing"},
};

std::string accepted_keys() {
    std::string s;
    for (const Param& p : kParams) s += std::string(s.empty() ? "" : ", ") + p.key;
    return s + ", lang, theme";
}

const Param* find_param(const std::string& key) {
    for (const Param& p : kParams)
        if (key == p.key) return &p;
    return nullptr;
}

// Turns one URL parameter into the JSON patch the scenario parser takes, or an error naming it.
Expected<json> to_patch(const Param& p, const std::string& value) {
    json v;
    switch (p.kind) {
        case Kind::string: v = value; break;
        case Kind::number: {
            double d;
            if (!parse_number(value, &d))
                return Error{"url.type", std::string("url.") + p.key, "must be a number, got " + quoted_value(value)};
            // Integral values travel as JSON integers so range errors echo "-4", as typed, not "-4.0".
            if (d == std::floor(d) && std::fabs(d) < 9e15) v = static_cast<int64_t>(d);
            else v = d;
            break;
        }
        case Kind::count: {
            double d;
            if (value == "auto") v = nullptr;
            else if (parse_number(value, &d)) v = (d == std::floor(d) && std::fabs(d) < 9e15) ? json(static_cast<int64_t>(d)) : json(d);
            else return Error{"url.type", "url.count", "must be an integer or \"auto\", got " + quoted_value(value)};
            break;
        }
        case Kind::flag: {
            if (value == "true") v = true;
            else if (value == "false") v = false;
            else return Error{"url.type", std::string("url.") + p.key, "must be true or false, got " + quoted_value(value)};
            break;
        }
        case Kind::id_or_json:
        case Kind::array_json: {
            const bool looks_json = !value.empty() && (value[0] == '{' || value[0] == '[');
            if (p.kind == Kind::id_or_json && !looks_json) {
                v = value;
                break;
            }
            JsonProblem problem;
            std::optional<json> parsed = parse_json(value, kMaxScenarioBytes, &problem);
            if (!parsed) {
                const std::string where = problem.where.empty() ? "" : problem.where + ": ";
                if (problem.syntax)
                    return Error{"url.parse", std::string("url.") + p.key, where + "is not valid JSON " + problem.message};
                return Error{problem.overflow ? "url.range" : "url.parse", std::string("url.") + p.key,
                             where + problem.message};
            }
            v = std::move(*parsed);
            break;
        }
    }
    json patch;
    if (p.json_parent) patch[p.json_parent][p.key] = v;
    else patch[p.key] = v;
    return patch;
}

}  // namespace

UrlParse scenario_from_query(const std::string& query, const Scenario& base) {
    UrlParse out;
    out.scenario = base;
    std::string q = query;
    if (!q.empty() && (q[0] == '?' || q[0] == '#')) q.erase(0, 1);
    // A link carries each parameter once (21 are known); thousands would cost a scenario parse each, and the
    // link's repair loop (scenario_link.cpp) one more pass per refused one.
    const size_t parameters = static_cast<size_t>(std::count(q.begin(), q.end(), '&')) + 1;
    if (parameters > kMaxQueryParameters) {
        out.errors.push_back({"url.range", "url", "must have at most " + std::to_string(kMaxQueryParameters) +
                                                      " parameters, got " + std::to_string(parameters)});
        return out;
    }
    size_t pos = 0;
    while (pos <= q.size()) {
        size_t amp = q.find('&', pos);
        if (amp == std::string::npos) amp = q.size();
        const std::string part = q.substr(pos, amp - pos);
        pos = amp + 1;
        if (part.empty()) continue;
        const size_t eq = part.find('=');
        const std::string key = percent_decode(part.substr(0, eq));
        const std::string value = eq == std::string::npos ? "" : percent_decode(part.substr(eq + 1));
        // The key as messages show it: the user's text, cut and on one line.
        const std::string shown_key = one_line(key, kShownChars);
        if (!is_utf8(key) || !is_utf8(value)) {
            out.errors.push_back({"url.type", "url." + shown_key, "must be UTF-8 text (percent-encoded)"});
            continue;
        }
        if (key == "lang") {
            if (value == "zh" || value == "en") out.lang = value;
            else out.errors.push_back({"url.range", "url.lang", "must be zh or en, got " + quoted_value(value)});
            continue;
        }
        if (key == "theme") {
            if (value == "light" || value == "dark") out.theme = value;
            else out.errors.push_back({"url.range", "url.theme", "must be light or dark, got " + quoted_value(value)});
            continue;
        }
        const Param* p = find_param(key);
        if (!p) {
            out.errors.push_back(
                {"url.unknown_field", "url." + shown_key, "unknown parameter; accepted: " + accepted_keys()});
            continue;
        }
        auto patch = to_patch(*p, value);
        if (!patch) {
            out.errors.push_back(patch.error());
            continue;
        }
        auto next = scenario_from_json(*patch, out.scenario);
        if (!next) {
            Error e = next.error();
            e.path = "url." + key;  // the user typed a URL parameter, so name that
            out.errors.push_back(e);
            continue;
        }
        out.scenario = *next;
    }
    return out;
}

std::string scenario_to_query(const Scenario& s) {
    json cur = scenario_to_json(s);
    json def = scenario_to_json(Scenario{});
    // The JSON leaves pricing out when it holds the defaults; the link compares its fields one by one.
    for (json* j : {&cur, &def})
        if (!j->contains("pricing")) (*j)["pricing"] = {{"gpu", Pricing{}.gpu}, {"api", Pricing{}.api}};
    std::string out;
    auto add = [&](const std::string& key, const std::string& value) {
        out += (out.empty() ? "" : "&") + key + "=" + percent_encode(value);
    };
    auto text = [](const json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); };
    for (const Param& p : kParams) {
        const json& a = p.json_parent ? cur[p.json_parent][p.key] : (cur.contains(p.key) ? cur[p.key] : json());
        const json& b = p.json_parent ? def[p.json_parent][p.key] : (def.contains(p.key) ? def[p.key] : json());
        if (a == b) continue;
        if (p.kind == Kind::count && a.is_null()) add(p.key, "auto");
        else if (!a.is_null()) add(p.key, text(a));
    }
    return out;
}

}  // namespace infersizer
