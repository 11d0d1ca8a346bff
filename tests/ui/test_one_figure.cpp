// test_one_figure.cpp — one figure, one rounding, one unit on the whole page (issue #9): a cost, a time to
// first token or a speed that appears in a panel and in a sentence (verdict, decision rows, FAQ, cost lines)
// reads the same in both — "$1,310" vs "$1,314", "86–750 ms" vs "0.09–0.75 s" were one figure printed twice.
#include "ui_harness.hpp"

#include "format_text.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace infersizer::app::test {
namespace {

int occurrences(const std::string& text, const std::string& what) {
    int n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
    return n;
}

// Whole currency units with thousands grouped: how the sentences printed a cost before they shared the
// page's rounding.
std::string whole_dollars(double v) {
    std::string digits = std::to_string(static_cast<long long>(std::llround(v)));
    for (int at = static_cast<int>(digits.size()) - 3; at > 0; at -= 3) digits.insert(static_cast<size_t>(at), ",");
    return "$" + digits;
}

struct Case {
    const char* name;
    const char* query;  // a share link's query: the scenario
};

// Scenarios whose costs and times show in a panel and in sentences: the default team on one card, and a
// 70B service sized by the planner.
const Case kCases[] = {
    {"default", ""},
    {"70b-service", "model=Llama-3.1-70B&weights=fp8&engine=vllm&hardware=nvidia-h100-sxm-80gb&concurrency=64"
                    "&prompt_tokens=1500&output_tokens=300&ttft_s=1&tps_per_user=20"},
};

class OneFigure : public ::testing::TestWithParam<const char*> {};

TEST_P(OneFigure, EachFigureReadsTheSameInItsPanelAndItsSentences) {
    const std::string lang = GetParam();
    for (const Case& c : kCases) {
        SCOPED_TRACE(std::string(c.name) + " (" + lang + ")");
        Page page(lang, ImVec2(1280, 9000));
        if (*c.query) app_apply_query(page.app(), c.query);
        page.frames(3);
        ASSERT_TRUE(page.state().result);
        const Result& r = *page.state().result;
        const std::string text = page.drawn_text();

        // The monthly rental cost: the cost panel's figure and the API row's sentence.
        if (r.cost.has_gpu_price) {
            const Interval usd = r.cost.self_hosted_per_month_usd;
            const std::string sentence = fmt::money(usd, "USD");
            EXPECT_GE(occurrences(text, fmt::money(usd, "USD", fmt::Join::spaced)), 1) << text;
            EXPECT_GE(occurrences(text, sentence), 1) << "the API row's sentence names the rental cost";
            const std::string other = whole_dollars(usd.lo);
            if (other != fmt::money(Interval::exact(usd.lo), "USD")) {
                EXPECT_EQ(occurrences(text, other), 0) << other << " is the same cost rounded another way";
            }
        }

        // Time to first token (p90): the speed panel, and the sentences that quote it.
        const Interval ttft = r.performance.ttft_p90_s;
        EXPECT_GE(occurrences(text, fmt::seconds(ttft, lang, fmt::Join::spaced)), 1) << text;
        if (ttft.hi < 1.0) {
            // A sub-second time is in ms everywhere: its seconds form is the same figure in another unit.
            EXPECT_EQ(occurrences(text, fmt::interval(ttft, "s", lang)), 0);
            EXPECT_EQ(occurrences(text, fmt::interval(ttft, "s", lang, fmt::Join::spaced)), 0);
        }
    }
}

INSTANTIATE_TEST_SUITE_P(BothLanguages, OneFigure, ::testing::Values("zh", "en"));

}  // namespace
}  // namespace infersizer::app::test
