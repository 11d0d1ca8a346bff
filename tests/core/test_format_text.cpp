// test_format_text.cpp — format_text.hpp, the one home of every number printed as text: the sentences' style,
// the formula traces' %g, the engines' flags, the CLI report's columns and the page's figures.
#include "format_text.hpp"

#include <gtest/gtest.h>

#include <cmath>

using namespace infersizer;

TEST(FormatText, IntervalsNumbersAndUnits) {
    EXPECT_EQ(fmt::interval({6.1, 7.0}, "GiB", "zh"), "6.1–7.0 GiB");
    EXPECT_EQ(fmt::interval({35, 60}, "tok/s", "en"), "35–60 tok/s");
    EXPECT_EQ(fmt::interval({0.31, 0.62}, "s", "en"), "0.31–0.62 s");
    EXPECT_EQ(fmt::interval({0.065, 144}, "s", "en"), "0.065–144 s");
    EXPECT_EQ(fmt::interval(Interval::exact(24), "GiB", "en"), "24 GiB");
    EXPECT_EQ(fmt::interval({6.99, 7.01}, "GiB", "en"), "7.0 GiB");
    EXPECT_EQ(fmt::number(2.0, "en"), "2");
    EXPECT_EQ(fmt::number(0.5, "zh"), "0.5");
    EXPECT_EQ(fmt::count(3900, "en"), "3,900");
    EXPECT_EQ(fmt::count(12000, "en"), "12k");
    EXPECT_EQ(fmt::count(12000, "zh"), "1.2万");
    EXPECT_EQ(fmt::count(1.5e6, "en"), "1.5M");
    EXPECT_EQ(fmt::count(1.5e8, "zh"), "1.5亿");
    EXPECT_EQ(fmt::tokens(8192), "8k");
    EXPECT_EQ(fmt::tokens(131072), "128k");
    EXPECT_EQ(fmt::tokens(1500), "1.5k");
    EXPECT_EQ(fmt::tokens(300), "300");
    // Three significant figures in every language and place (issue #9: "$1,310" in one panel, "$1,314" in a
    // sentence was one figure with two roundings).
    EXPECT_EQ(fmt::money(Interval::exact(1314), "USD"), "$1,310");
    EXPECT_EQ(fmt::money({0.5, 2}, "USD"), "$0.5–$2");
    EXPECT_EQ(fmt::money(Interval::exact(39000), "CNY"), "¥39,000");
    EXPECT_EQ(fmt::money({1314, 8971.7}, "USD", fmt::Join::spaced), fmt::figure_money({1314, 8971.7}, "USD"));
    EXPECT_EQ(fmt::seconds({0.086, 0.75}, "en"), "86–750 ms");
    EXPECT_EQ(fmt::seconds({0.6, 1.4}, "zh"), "0.6–1.4 s");
    EXPECT_EQ(fmt::seconds({0.086, 0.75}, "en", fmt::Join::spaced), "86 – 750 ms");
    EXPECT_EQ(fmt::count_range({1, 3}, "en"), "1–3");
}

TEST(FormatText, TracesPrintCsPercentG) {
    EXPECT_EQ(fmt::sig(0.0412), "0.0412");
    EXPECT_EQ(fmt::sig(2.0), "2");
    EXPECT_EQ(fmt::sig(3350), "3.35e+03");  // the traces' own style: a reader redoes the arithmetic with it
    EXPECT_EQ(fmt::sig(0.9, 6), "0.9");
    EXPECT_EQ(fmt::sig_interval({66.4, 121.3}, "tok/s"), "66.4–121 tok/s");
    EXPECT_EQ(fmt::sig_interval(Interval::exact(16), "GiB"), "16 GiB");
    EXPECT_EQ(fmt::sig_interval({5.0001, 5.0002}, "ms"), "5–5 ms");  // not exact: both ends
    EXPECT_EQ(fmt::sig_interval({8, 64}), "8–64");                   // no unit, no trailing space
}

TEST(FormatText, CommandLinesAndReportColumns) {
    EXPECT_EQ(fmt::decimals(0.9, 2), "0.90");
    EXPECT_EQ(fmt::decimals(1234.5, 1), "1234.5");  // no grouping: an engine parses it
    EXPECT_EQ(fmt::column(0.054), "0.05");
    EXPECT_EQ(fmt::column(6.123), "6.12");
    EXPECT_EQ(fmt::column(35.44), "35.4");
    EXPECT_EQ(fmt::column(128.4), "128");
    EXPECT_EQ(fmt::column(4.0), "4");
    EXPECT_EQ(fmt::column_interval({6.121, 6.123}, "GiB"), "6.12 GiB");
    // A whole end beside a nearly whole one: both to the same places (the report once read "5–5.00").
    EXPECT_EQ(fmt::column_interval({5.0, 5.0004}, ""), "5.00");
    EXPECT_EQ(fmt::column_interval({4.0, 6.5}, "GiB"), "4.00–6.50 GiB");
    EXPECT_EQ(fmt::column_interval({4.0, 6.0}, "GiB"), "4–6 GiB");
    EXPECT_EQ(fmt::column_interval({7321, 12853.4}, "tok/s"), "7321–12853 tok/s");
    EXPECT_EQ(fmt::column_interval({67.3, 123.1}, "tok/s"), "67–123 tok/s");
    EXPECT_EQ(fmt::column_interval({0.3, 0.89}, "GiB"), "0.30–0.89 GiB");
    EXPECT_EQ(fmt::column_interval({1, 3}, ""), "1–3");
    EXPECT_EQ(fmt::column(std::nan("")), "nan");  // as printf has it
}

TEST(FormatText, PageFiguresGroupThreeSignificantDigits) {
    EXPECT_EQ(fmt::figure(1234.5), "1,230");
    EXPECT_EQ(fmt::figure(-0.0001, 1), "-0.0001");
    EXPECT_EQ(fmt::figure(-0.00000001), "0");
    EXPECT_EQ(fmt::figure(100000, 6), "100,000");
    EXPECT_EQ(fmt::figure_interval({118.2, 131.4}, "GiB"), "118 – 131 GiB");
    EXPECT_EQ(fmt::figure_count(8192, "zh"), "8,192");
    EXPECT_EQ(fmt::figure_count(8192, "en"), "8.19k");
    EXPECT_EQ(fmt::figure_count(2.5e9, "en"), "2.5B");
    EXPECT_EQ(fmt::figure_count(0.5, "en"), "0.5");
    EXPECT_EQ(fmt::figure_count_range({12000, 30000}, "", "zh"), "1.2万 – 3万");
    EXPECT_EQ(fmt::figure_money({1000, 2000}, "USD"), "$1,000 – $2,000");
    EXPECT_EQ(fmt::figure_money(Interval::exact(72), "EUR"), "EUR 72");
    EXPECT_EQ(fmt::figure_tokens(131072, "en"), "128k");
    EXPECT_EQ(fmt::figure_tokens(1048576, "zh"), "1M");
    EXPECT_EQ(fmt::figure_tokens(1500, "en"), "1.5k");
    EXPECT_EQ(fmt::figure_tokens(1500, "zh"), "1,500");
}

// The parts in order, none dropped, empty ones included, bytes kept (the sentences' hanzi).
TEST(FormatText, JoinedKeepsEveryPartInOrder) {
    EXPECT_EQ(fmt::joined({"vLLM", " cannot run ", "", "Q4_K_M"}), "vLLM cannot run Q4_K_M");
    EXPECT_EQ(fmt::joined({"不能直接运行", "（", "MXFP4", "）"}), "不能直接运行（MXFP4）");
    EXPECT_EQ(fmt::joined({}), "");
}
