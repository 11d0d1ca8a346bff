// test_format.cpp — numbers as the page prints them, and the typed-entry check.
#include "format.hpp"
#include "i18n.hpp"
#include "widgets.hpp"

#include <gtest/gtest.h>
#include <string>

namespace infersizer::app {
namespace {

TEST(Format, SignificantDigitsWithGrouping) {
    EXPECT_EQ(fmt_sig(1234.5, 3), "1,230");
    EXPECT_EQ(fmt_sig(118.24, 3), "118");
    EXPECT_EQ(fmt_sig(0.0412, 3), "0.0412");
    EXPECT_EQ(fmt_sig(8.0, 3), "8");
    EXPECT_EQ(fmt_sig(100000, 6), "100,000");
    EXPECT_EQ(fmt_sig(0, 3), "0");
}

TEST(Format, CountsUseWanInChineseAndKMInEnglish) {
    EXPECT_EQ(fmt_count(12000, Lang::zh), "1.2万");
    EXPECT_EQ(fmt_count(12000, Lang::en), "12k");
    EXPECT_EQ(fmt_count(350000000, Lang::zh), "3.5亿");
    EXPECT_EQ(fmt_count(2500000, Lang::en), "2.5M");
    EXPECT_EQ(fmt_count(8192, Lang::zh), "8,192");
    EXPECT_EQ(fmt_count(8192, Lang::en), "8.19k");
    EXPECT_EQ(fmt_count(512, Lang::en), "512");
}

TEST(Format, IntervalsShowBothEndsOrOneWhenExact) {
    EXPECT_EQ(fmt_interval({118.2, 131.4}, "GiB"), "118 – 131 GiB");
    EXPECT_EQ(fmt_interval(Interval::exact(8), "GiB"), "8 GiB");
    EXPECT_EQ(fmt_interval({4.001, 4.002}, "GiB"), "4 GiB");  // both ends print the same
    EXPECT_EQ(fmt_seconds({0.6, 1.4}, Lang::en), "0.6 – 1.4 s");
    EXPECT_EQ(fmt_seconds({0.085, 0.12}, Lang::en), "85 – 120 ms");
    EXPECT_EQ(fmt_count_interval({12000, 30000}, "", Lang::zh), "1.2万 – 3万");
}

TEST(Format, MoneyInItsCurrencyWithTheConversionBeside) {
    EXPECT_EQ(fmt_money_interval({1000, 2000}, "USD", 7.2), "$1,000 – $2,000 (≈ ¥7,200 – ¥14,400)");
    EXPECT_EQ(fmt_money(72, "CNY", 7.2), "¥72 (≈ $10)");
    EXPECT_EQ(fmt_money(5, "USD", 0), "$5");
}

TEST(TypedEntry, AcceptsInRangeAndRefusesTheRest) {
    EXPECT_EQ(check_typed("8192", 128, 1e7, true).status, TypedValue::ok);
    EXPECT_EQ(check_typed("8,192", 128, 1e7, true).value, 8192);
    EXPECT_EQ(check_typed("99", 128, 1e7, true).status, TypedValue::out_of_range);
    EXPECT_EQ(check_typed("-3", 1, 100000, true).status, TypedValue::out_of_range);
    EXPECT_EQ(check_typed("abc", 1, 100000, true).status, TypedValue::not_a_number);
    EXPECT_EQ(check_typed("", 1, 100000, true).status, TypedValue::not_a_number);
    EXPECT_EQ(check_typed("1.5", 1, 100000, true).status, TypedValue::not_a_number);
    EXPECT_EQ(check_typed("1.5", 0.01, 3600, false).status, TypedValue::ok);
    EXPECT_EQ(check_typed("1e3", 1, 100000, true).value, 1000);
    EXPECT_EQ(check_typed("nan", 0, 1, false).status, TypedValue::not_a_number);
}

// Every entry of the one table has both languages, and a format's placeholders agree between them.
TEST(I18n, EveryEntryHasBothLanguagesWithTheSamePlaceholders) {
    auto placeholders = [](const std::string& s) {
        std::string out;
        for (size_t i = 0; i + 1 < s.size(); ++i)
            if (s[i] == '%') out += s[++i];
        return out;
    };
    ASSERT_GT(i18n_table_size(), 100);
    for (int i = 0; i < i18n_table_size(); ++i) {
        const I18nEntry& e = i18n_table()[i];
        EXPECT_STRNE(e.zh, "") << e.key;
        EXPECT_STRNE(e.en, "") << e.key;
        EXPECT_EQ(placeholders(e.zh), placeholders(e.en)) << e.key;
    }
    EXPECT_STREQ(tr(S::copy_link, Lang::zh), "复制链接");
    EXPECT_STREQ(tr(S::copy_link, Lang::en), "Copy link");
    EXPECT_EQ(trf(S::plan_summary_fmt, Lang::en, 3, 51), "3 meet the targets / 51 in all");
}

}  // namespace
}  // namespace infersizer::app
