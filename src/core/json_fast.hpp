// json_fast.hpp — a quick reader for well-formed JSON, in front of parse_json()'s nlohmann path (json_parse.hpp).
//
// The page parses its bundled catalog (430 KB) at start-up, and nlohmann's lexer was about half of that: it copies
// every character twice (once for its error messages) through calls that V8's baseline tier runs one by one. This
// reader takes the common case — valid JSON without \u escapes — in one pass, building the same nlohmann DOM. It
// never decides anything on its own: on the first thing it does not take (a syntax error, a \u escape, a duplicate
// key, a number out of range, a byte-order mark, nesting near the depth limit) it gives up, and parse_json() parses
// the text again the full way, which says what is wrong and where. So it must only be right about what it accepts:
// whatever it returns, nlohmann returns too, value for value and type for type (JsonFast tests, and the fuzz target
// fuzz_json_fast compares the two on every input).
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <string_view>

namespace infersizer::json_fast {

// The document `text` holds, or nullopt when this reader does not take it. `max_depth`: containers nested deeper
// than this are not taken (parse_json passes its own limit, whose message the full path gives).
std::optional<nlohmann::json> parse(std::string_view text, size_t max_depth);

}  // namespace infersizer::json_fast
