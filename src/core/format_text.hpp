// format_text.hpp — numbers in the core's generated sentences (verdict, decision rows, plan notes).
//
// One rule for both languages: about three significant figures, the unit always printed, an interval
// shown as "lo–hi" with the same number of decimals on both ends (and once when both ends print the
// same). Large counts: 中文 uses 万 / 亿 (12万, 1.5亿); English uses k / M / B (120k, 1.5M). Token
// counts follow the industry's "8k context" habit in both languages (8192 → 8k).
#pragma once

#include "catalog.hpp"
#include "interval.hpp"

#include <cstdint>
#include <string>

namespace infersizer::fmt {

// A bare number in the language's style: 0.31, 6.1, 35, 3,900, 12k / 1.2万, 1.5M / 150万.
std::string number(double v, const std::string& lang);

// An interval with its unit: "6.1–7.0 GiB", "35–60 tok/s", "0.30 s" (exact or equal once rounded).
// `unit` may be empty; it is appended after a space.
std::string interval(Interval v, const std::string& unit, const std::string& lang);

// A whole count (users, cards, requests): "5", "1,200", "12k" / "1.2万".
std::string count(double n, const std::string& lang);

// A whole-count interval: "1", "2–3", "12k–15k" / "1.2万–1.5万".
std::string count_range(Interval n, const std::string& lang);

// Tokens of context or prompt: 8192 → "8k", 131072 → "128k", 1500 → "1.5k", 300 → "300".
std::string tokens(int64_t n);

// Money in the currency's own symbol: "$1,230", "$12k" / "$1.2万", "¥3,900"; an interval as "$1.2k–$1.9k".
std::string money(Interval v, const std::string& currency, const std::string& lang);

// Both languages at once, for the Text fields the core fills.
inline Text text(std::string zh, std::string en) { return Text{std::move(zh), std::move(en)}; }

}  // namespace infersizer::fmt
