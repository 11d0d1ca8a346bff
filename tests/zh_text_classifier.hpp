// zh_text_classifier.hpp — what the zh-text tests call an English sentence, one definition for the core's
// error-message test (tests/core/test_error_zh.cpp) and the page's drawn-text test (tests/ui/test_zh_text.cpp).
#pragma once

#include <algorithm>
#include <cctype>
#include <cstring>
#include <sstream>
#include <string>

namespace infersizer::zh_text {

// A CJK ideograph, CJK punctuation or a fullwidth form (all three-byte UTF-8).
inline bool has_cjk(const std::string& s) {
    for (size_t i = 0; i + 2 < s.size(); ++i) {
        const auto b0 = static_cast<unsigned char>(s[i]);
        if ((b0 & 0xF0) != 0xE0) continue;
        const unsigned c = ((b0 & 0x0Fu) << 12) | ((static_cast<unsigned char>(s[i + 1]) & 0x3Fu) << 6) |
                           (static_cast<unsigned char>(s[i + 2]) & 0x3Fu);
        if ((c >= 0x3000 && c <= 0x9FFF) || (c >= 0xFF00 && c <= 0xFFEF)) return true;
    }
    return false;
}

// An English word: letters only (a trailing , . ; : allowed), lower case or Capitalised.
inline bool english_word(std::string t) {
    while (!t.empty() && std::strchr(",.;:", t.back())) t.pop_back();
    if (t.size() < 2) return t == "a" || t == "I";
    for (char c : t)
        if (!std::isalpha(static_cast<unsigned char>(c))) return false;
    for (size_t i = 1; i < t.size(); ++i)
        if (std::isupper(static_cast<unsigned char>(t[i]))) return false;  // vLLM, GPU, TTFT: identifiers
    return true;
}

// The longest run of consecutive English words in `line`.
inline int english_run(const std::string& line) {
    std::istringstream in(line);
    std::string tok;
    int run = 0, best = 0;
    while (in >> tok) {
        run = english_word(tok) ? run + 1 : 0;
        best = std::max(best, run);
    }
    return best;
}

}  // namespace infersizer::zh_text
