// format.hpp — numbers as the page prints them: the core's figure style (src/core/format_text.hpp: three
// significant figures, thousands grouped, " – " between the ends, counts in 万/亿 or k/M/B) with the page's
// Lang, its unit strings and its money conversion. The rules live in format_text; these only adapt them.
#pragma once

#include "i18n.hpp"
#include "interval.hpp"

#include <string>

namespace infersizer::app {

// `sig` significant digits, thousands grouped, trailing zeros dropped: 1234.5 → "1,230", 0.0412 → "0.0412".
std::string fmt_sig(double v, int sig = 3);
// A count for people: 12,000 → "1.2万" / "12k"; below 10,000 (中文) or 1,000 (English) as an integer.
std::string fmt_count(double v, Lang lang);
// An interval with its unit: "118 – 131 GiB"; "8 GiB" when both ends print the same.
std::string fmt_interval(Interval v, const std::string& unit, int sig = 3);
std::string fmt_count_interval(Interval v, const std::string& unit, Lang lang);
// Money: "$1,234" / "¥8,790"; with the converted amount beside it when the rate is known:
// "$1,234 (≈ ¥8,790)".
std::string fmt_money(double amount, const std::string& currency, double cny_per_usd);
std::string fmt_money_interval(Interval amount, const std::string& currency, double cny_per_usd);
// The converted amount alone: "≈ ¥2,310 – ¥4,480" (empty when the rate is unknown or the currency other).
std::string fmt_money_converted(Interval amount, const std::string& currency, double cny_per_usd);
// A duration in s, or ms below one second: "0.6 – 1.4 s", "85 – 120 ms" (fmt::seconds, spaced).
std::string fmt_seconds(Interval s, Lang lang);
// Tokens per second as the core's sentences round them: "35 – 60 tok/s", "6.1 – 7.0 tok/s".
std::string fmt_rate(Interval tps, Lang lang);
// Token counts the way models publish them: powers of two in binary k (131072 → "128k", 40960 → "40k"),
// anything else as fmt_count.
std::string fmt_tokens(double v, Lang lang);

}  // namespace infersizer::app
