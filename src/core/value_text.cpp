// value_text.cpp — one_line(), quoted_value(), is_utf8(), utf8_sequence_length(), parse_decimal() (value_text.hpp).
#include "value_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <vector>

namespace infersizer {
namespace {

// The characters of `s` as shown, one piece per character, at most `limit` of them.
std::vector<std::string> pieces(std::string_view s, size_t limit) {
    static const char* kHex = "0123456789abcdef";
    std::vector<std::string> out;
    for (size_t i = 0; i < s.size() && out.size() < limit;) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        const size_t n = utf8_sequence_length(s, i);
        if (n == 0) {
            out.emplace_back("\xEF\xBF\xBD");  // U+FFFD
            ++i;
            continue;
        }
        if (c < 0x20 || c == 0x7F) {
            switch (c) {
                case '\n': out.emplace_back("\\n"); break;
                case '\r': out.emplace_back("\\r"); break;
                case '\t': out.emplace_back("\\t"); break;
                default: out.push_back(std::string("\\u00") + kHex[c >> 4] + kHex[c & 15]);
            }
        } else if (c == '"' || c == '\\') {
            out.push_back(std::string("\\") + static_cast<char>(c));
        } else {
            out.emplace_back(s.substr(i, n));
        }
        i += n;
    }
    return out;
}

std::string cut(const std::vector<std::string>& chars, size_t max_chars) {
    std::string out;
    const bool too_long = chars.size() > max_chars;
    const size_t keep = too_long ? (max_chars > 3 ? max_chars - 3 : 0) : chars.size();
    for (size_t i = 0; i < keep; ++i) out += chars[i];
    if (too_long) out += "...";
    return out;
}

}  // namespace

size_t utf8_sequence_length(std::string_view s, size_t i) {
    const auto byte = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char c = byte(i);
    if (c < 0x80) return 1;
    size_t n = 0;
    unsigned min_second = 0x80, max_second = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) n = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        if (c == 0xE0) min_second = 0xA0;  // overlong
        if (c == 0xED) max_second = 0x9F;  // surrogates
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        if (c == 0xF0) min_second = 0x90;
        if (c == 0xF4) max_second = 0x8F;
    } else {
        return 0;
    }
    if (i + n > s.size()) return 0;
    if (byte(i + 1) < min_second || byte(i + 1) > max_second) return 0;
    for (size_t k = 2; k < n; ++k)
        if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
    return n;
}

std::string one_line(std::string_view s, size_t max_chars) {
    // Most texts are short printable ASCII (every key in a path): shown as they are, without a piece per character.
    if (s.size() <= max_chars &&
        std::all_of(s.begin(), s.end(), [](char c) { return c >= 0x20 && c < 0x7F; }))
        return std::string(s);
    // Quotes and backslashes stay as typed outside quotes: only control characters and bad bytes are escaped.
    std::vector<std::string> chars = pieces(s, max_chars == static_cast<size_t>(-1) ? max_chars : max_chars + 1);
    for (std::string& c : chars)
        if (c == "\\\"" || c == "\\\\") c.erase(0, 1);
    return cut(chars, max_chars);
}

std::string quoted_value(std::string_view s, size_t max_chars) {
    std::vector<std::string> chars{"\""};
    for (std::string& c : pieces(s, max_chars + 1)) chars.push_back(std::move(c));
    chars.emplace_back("\"");
    return cut(chars, max_chars);
}

bool is_utf8(std::string_view s) {
    for (size_t i = 0; i < s.size();) {
        const size_t n = utf8_sequence_length(s, i);
        if (n == 0) return false;
        i += n;
    }
    return true;
}

bool parse_decimal(std::string_view s, double* out) {
    size_t i = 0;
    const auto digits = [&] {
        const size_t start = i;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
        return i > start;
    };
    if (i < s.size() && s[i] == '-') ++i;
    if (!digits()) return false;
    if (i < s.size() && s[i] == '.') {
        ++i;
        if (!digits()) return false;
    }
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
        if (!digits()) return false;
    }
    if (i != s.size()) return false;
    const std::string text(s);
    const double v = std::strtod(text.c_str(), nullptr);
    if (!std::isfinite(v)) return false;
    *out = v;
    return true;
}

}  // namespace infersizer
