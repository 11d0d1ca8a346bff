// value_text.hpp — the one printer of user-given text inside messages: every error that echoes what the user
// typed goes through it, so no message can grow with the input (a 50 MB name), break into lines (a newline in an
// id) or carry bytes that are not UTF-8. It never recurses: JSON values are named by kind (json_reader's shown()).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace infersizer {

// How many characters of a user's value a message shows.
inline constexpr size_t kShownChars = 60;

// `s` on one line: control characters written as JSON escapes ("\n", "\t", "\u0001"), bytes that are not UTF-8
// as U+FFFD; longer than max_chars characters (code points): the first max_chars - 3 and "...". Only the part
// shown is read, so the cost does not grow with `s`.
std::string one_line(std::string_view s, size_t max_chars = static_cast<size_t>(-1));
// one_line in double quotes, the quotes counted in max_chars: "\"abc\"", "\"a long na...".
std::string quoted_value(std::string_view s, size_t max_chars = kShownChars);
// True when `s` is well-formed UTF-8.
bool is_utf8(std::string_view s);
// The length of the well-formed UTF-8 sequence at s[i] (1 for ASCII), 0 when the bytes there are not one: no overlong
// forms, no surrogates, nothing above U+10FFFF — what nlohmann's lexer accepts too (json_fast.cpp relies on that).
size_t utf8_sequence_length(std::string_view s, size_t i);
// A number typed as text (a CLI flag, a URL parameter): the whole text one finite decimal number as JSON writes
// it ("16", "-4", "0.5", "1e3"), or false. Unlike strtod, no hex ("0x10"), "inf", "nan", spaces or a leading "+".
bool parse_decimal(std::string_view s, double* out);

}  // namespace infersizer
