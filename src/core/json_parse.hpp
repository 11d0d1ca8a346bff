// json_parse.hpp — the one JSON text parser of the core: every document a user can hand in (a scenario, a user
// catalog, a URL's JSON value, a pasted config.json) and the bundled catalog go through it, so each gets the same
// limits and the same messages.
//
// Beyond nlohmann's own checks it refuses what would otherwise pass silently or cost without bound: nesting deeper
// than kMaxJsonDepth (nothing the core reads is deeper than 6 levels; a 70,000-deep array costs stack in every
// recursive walk), a key given twice in one object (nlohmann keeps the last one without a word), a number that
// overflows a double ("1e999": the message names the field instead of "not valid JSON"), and a text longer than
// the caller's byte limit. Syntax errors say the line and column. Well-formed text takes a quicker path to the same
// value (json_fast.hpp).
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <string>

namespace infersizer {

inline constexpr size_t kMaxJsonDepth = 64;
inline constexpr size_t kMaxScenarioBytes = size_t{1} << 20;  // 1 MiB: a scenario with a pasted config.json
inline constexpr size_t kMaxCatalogBytes = size_t{16} << 20;  // 16 MiB: the bundled catalog is under 1 MiB

// Why a text was refused. `where` is the path inside the document of the field at fault ("models[3].hidden_size",
// "" for the document itself). `syntax`: the text is not JSON, and `message` is nlohmann's reason with its place
// ("at line 1, column 12: syntax error while parsing value - ..."), for the caller's lead ("invalid JSON ");
// otherwise `message` is a whole clause ("is nested deeper than 64 levels (line 1, column 65)").
struct JsonProblem {
    std::string where;
    std::string message;
    bool syntax = false;
    bool overflow = false;  // a number out of a double's range: the field's range error, not a parse error
};

// The parsed value, or nullopt with `problem` filled.
std::optional<nlohmann::json> parse_json(const std::string& text, size_t max_bytes, JsonProblem* problem);

}  // namespace infersizer
