// The card table's word for each row says what the core's plan row says: "yes" exactly where the row meets the
// targets, "no" where it fits but misses them, "does not fit" where it does not fit — read from the drawn page
// (each word is a probe item labelled "word##plan_meets_<hardware id>"), for every golden scenario in both
// languages.
#include "ui_harness.hpp"

#include "i18n.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

using namespace infersizer;
using namespace infersizer::app;
using namespace infersizer::app::test;

namespace {

}  // namespace

TEST(PlanWords, EachDrawnRowSaysWhatItsPlanRowSays) {
    assert_failures().clear();
    int checked = 0, meets = 0, misses = 0;
    for (const char* code : {"zh", "en"}) {
        const Lang lang = std::string(code) == "zh" ? Lang::zh : Lang::en;
        Page page(code, ImVec2(1400, 5000));
        page.frames(2);
        for (const Golden& g : golden_scenarios()) {
            SCOPED_TRACE(g.name + " (" + code + ")");
            ASSERT_EQ(app_set_scenario_json(page.app(), g.scenario_json), "");
            page.frames(2);
            ASSERT_TRUE(page.state().result.has_value());
            for (const PlanRow& row : page.state().result->plan) {
                const std::string word = shown(page, "##plan_meets_" + row.hardware);
                if (word.empty()) continue;  // scrolled out of the table's view: not drawn this frame
                const char* want = row.meets_targets ? tr(S::yes, lang) : (row.fits ? tr(S::no, lang) : tr(S::not_fits, lang));
                EXPECT_EQ(word, want) << row.hardware;
                ++checked;
                (row.meets_targets ? meets : misses) += 1;
            }
        }
    }
    EXPECT_GE(checked, 40);  // the goldens' visible rows, in both languages
    EXPECT_GT(meets, 0);
    EXPECT_GT(misses, 0);  // both words occur, so an inverted word cannot pass
    for (const std::string& f : assert_failures()) ADD_FAILURE() << f;
}

// A model no server holds, on the user's 16 cards: the speed panel names the layout the estimate used, TP 8 inside
// each server × 2 pipeline stages (the core's performance.pp), as the launch command does.
TEST(PlanWords, TheSpeedPanelNamesThePipelineStagesOfTheUsersCards) {
    const std::string scenario = R"({"model": "Llama-3.1-405B", "weights": "bf16", "engine": "vllm",
        "hardware": "nvidia-h100-sxm-80gb", "count": 16, "context_tokens": 8192, "prompt_tokens": 1000,
        "output_tokens": 200, "concurrency": 20})";
    for (const char* code : {"zh", "en"}) {
        SCOPED_TRACE(code);
        Page page(code, ImVec2(1400, 5000));
        page.frames(2);
        ASSERT_EQ(app_set_scenario_json(page.app(), scenario), "");
        page.frames(2);
        ASSERT_TRUE(page.state().result.has_value());
        ASSERT_EQ(page.state().result->performance.pp, 2);
        std::string text = page.drawn_text();
        std::replace(text.begin(), text.end(), '\n', ' ');  // the line may wrap
        const std::string want = std::string(code) == "zh" ? "同时解码 20 路 · TP 8 × PP 2"
                                                           : "20 sequences decoded together · TP 8 × PP 2";
        EXPECT_NE(text.find(want), std::string::npos) << want;
    }
}

// llama.cpp over three RTX 4090s runs a layer split, not tensor parallelism: the speed panel and the cards table say
// so in the core's words (report_doc.hpp layout_words), as the reports do; they read "tensor parallel 3" and "3".
TEST(PlanWords, ALayerSplitIsNamedSoInTheSpeedPanelAndTheCardsTable) {
    const std::string scenario = R"({"model": "Llama-3.1-70B", "weights": "Q4_K_M", "engine": "llama.cpp",
        "hardware": "nvidia-rtx-4090", "count": 3, "context_tokens": 8192, "prompt_tokens": 1000,
        "output_tokens": 300, "concurrency": 2})";
    for (const char* code : {"zh", "en"}) {
        SCOPED_TRACE(code);
        const bool zh = std::string(code) == "zh";
        Page page(code, ImVec2(1400, 5000));
        page.frames(2);
        ASSERT_EQ(app_set_scenario_json(page.app(), scenario), "");
        page.frames(2);
        ASSERT_TRUE(page.state().result.has_value());
        const Result& r = *page.state().result;
        ASSERT_TRUE(r.performance.layer_split);
        ASSERT_EQ(r.performance.tp, 3);
        std::string text = page.drawn_text();
        std::replace(text.begin(), text.end(), '\n', ' ');
        EXPECT_NE(text.find(zh ? "同时解码 2 路 · 按层切分 3" : "2 sequences decoded together · layer split 3"), std::string::npos);
        EXPECT_EQ(text.find(zh ? "张量并行 3" : "tensor parallel 3"), std::string::npos);
        // The cards table's column: the row of the user's card reads "layer split 3" under "Parallel".
        EXPECT_NE(text.find(zh ? "| 并行 |" : "| Parallel |"), std::string::npos);
        const auto own = std::find_if(r.plan.begin(), r.plan.end(), [](const PlanRow& p) { return p.hardware == "nvidia-rtx-4090"; });
        ASSERT_NE(own, r.plan.end());
        ASSERT_TRUE(own->layer_split);
        EXPECT_NE(text.find(own->name), std::string::npos);
        EXPECT_NE(text.find(zh ? "| 按层切分 " + std::to_string(own->tp) + " |" : "| layer split " + std::to_string(own->tp) + " |"),
                  std::string::npos) << text.substr(text.find(own->name), 200);
    }
}
