// format_text.hpp — every number the project prints as text: the core's sentences, its formula traces, the
// engines' command lines, the CLI report and the page. One home, one set of primitives (thousands grouping,
// 万/亿 and k/M/B scaling, currency symbols, "lo–hi" joining), and one style per reader:
//
//   Sentences  number, interval, count, count_range, tokens, money
//              Two or three significant figures, the unit always printed, an interval shown as "lo–hi" with the same
//              number of decimals on both ends (and once when both ends print the same). Large counts: 中文 uses
//              万 / 亿 (12万, 1.5亿); English uses k / M / B (120k, 1.5M). Token counts follow the industry's "8k
//              context" habit in both languages (8192 → 8k).
//   Traces     sig, sig_interval
//              C's %.Ng: the figure a reader redoes the arithmetic with, exponent form from 10^N up ("3.35e+03").
//              Formula traces and the warnings that quote a traced figure.
//   Commands   decimals
//              Fixed decimals, no grouping: a value an engine parses ("--gpu-memory-utilization 0.90").
//   Report     column, column_interval
//              The CLI report's columns: two decimals below 10, one below 100, none from 100 or for whole numbers.
//   Figures    figure, figure_interval, figure_count, figure_count_range, figure_money, figure_tokens
//              The page's panels and tables: N significant figures (3 unless asked), thousands grouped, " – "
//              between the ends, counts scaled from the language's first unit (1.2万 / 8.19k).
#pragma once

#include "catalog.hpp"
#include "interval.hpp"

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>

namespace infersizer::fmt {

// How an interval's ends are joined: "6.1–7.0" in sentences, "6.1 – 7.0" in the page's figures. Only the
// joint differs: a quantity that has a sentence form (seconds, money, tok/s) rounds the same in both, so one
// figure reads the same wherever the page shows it.
enum class Join { tight, spaced };

// [Sentences] -------------------------------------------------------------------------------------------------

// A bare number in the language's style: 0.31, 6.1, 35, 3,900, 12k / 1.2万, 1.5M / 150万.
std::string number(double v, const std::string& lang);

// An interval with its unit: "6.1–7.0 GiB", "35–60 tok/s", "0.30 s" (exact or equal once rounded).
// `unit` may be empty; it is appended after a space.
std::string interval(Interval v, const std::string& unit, const std::string& lang, Join how = Join::tight);

// A duration given in seconds: ms below one second ("86–750 ms"), else s ("1.2–3.4 s").
std::string seconds(Interval s, const std::string& lang, Join how = Join::tight);

// A whole count (users, cards, requests): "5", "1,200", "12k" / "1.2万".
std::string count(double n, const std::string& lang);

// A whole-count interval: "1", "2–3", "12k–15k" / "1.2万–1.5万".
std::string count_range(Interval n, const std::string& lang);

// Tokens of context or prompt: 8192 → "8k", 131072 → "128k", 1500 → "1.5k", 300 → "300".
std::string tokens(int64_t n);

// Money in the currency's own symbol, three significant figures, the same in both languages: "$1,310",
// "$12,300", "$0.5", "¥3,900"; an interval as "$1,200–$1,900".
std::string money(Interval v, const std::string& currency, Join how = Join::tight);

// Both languages at once, for the Text fields the core fills.
inline Text text(std::string zh, std::string en) { return Text{std::move(zh), std::move(en)}; }

// One string of its parts, appended in one loop. Sentences built with a chain of operator+ make a string at each step,
// and the page's speed-compiled core inlines every one: two warnings of context.cpp took 1.3 KB of gzip'd wasm so.
std::string joined(std::initializer_list<std::string_view> parts);

// How one replica's cards work together, as a table cell or after a figure: "TP 2", "TP 2 × PP 2"; a layer split
// (llama.cpp, Ollama: the cards run one after another) "layer split 3", or "1 card".
Text layout_words(int tp, int pp, bool layer_split);

// [Traces] ----------------------------------------------------------------------------------------------------

// `digits` significant figures as C's %g prints them: 0.0412, 6.1, 35, 1.01e+03.
std::string sig(double v, int digits = 3);

// "lo–hi unit", or one figure when the interval is exact (ends that differ print both, even when they round
// alike: a trace shows that the figure is an interval). No unit, no space after.
std::string sig_interval(Interval v, const std::string& unit = "", int digits = 3);

// [Commands] --------------------------------------------------------------------------------------------------

// Fixed decimals without grouping: decimals(0.9, 2) → "0.90".
std::string decimals(double v, int places);

// [Report] ----------------------------------------------------------------------------------------------------

// 0.05, 6.12, 35.4, 128, 4: two decimals below 10, one below 100, none from 100 or for a whole number.
std::string column(double v);

// "lo–hi unit", once when both ends print the same; `unit` may be empty.
std::string column_interval(Interval v, const std::string& unit);

// [Figures] ---------------------------------------------------------------------------------------------------

// `digits` significant figures, thousands grouped, trailing zeros dropped: 1234.5 → "1,230", 0.0412 → "0.0412".
std::string figure(double v, int digits = 3);

// An interval with its unit: "118 – 131 GiB"; "8 GiB" when both ends print the same; `unit` may be empty.
std::string figure_interval(Interval v, const std::string& unit, int digits = 3);

// A count for people: 12,000 → "1.2万" / "12k", 8,192 → "8,192" / "8.19k": three significant figures from the
// language's first unit (万 / k), a whole number below it.
std::string figure_count(double v, const std::string& lang);

// "1.2万 – 3万 unit"; once when both ends print the same; `unit` may be empty.
std::string figure_count_range(Interval v, const std::string& unit, const std::string& lang);

// Money as the page's figures print it: money() with a spaced joint, "$1,000 – $2,000", "¥8,790".
std::string figure_money(Interval v, const std::string& currency);

// Token counts the way models publish them: powers of two in binary k (131072 → "128k", 40960 → "40k"),
// anything else as figure_count.
std::string figure_tokens(double v, const std::string& lang);

}  // namespace infersizer::fmt
