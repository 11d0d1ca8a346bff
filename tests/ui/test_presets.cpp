// test_presets.cpp — ② presets set everything they name (issue #9): context, traffic, their own
// concurrency and targets; RAG adds an embedding model and a reranker as colocated services, and the next
// preset takes away only those; "no latency target" is a box of its own, which the batch preset ticks.
#include "ui_harness.hpp"

#include <algorithm>

#include <gtest/gtest.h>

namespace infersizer::app::test {
namespace {

using Presets = PageTest;

std::vector<std::string> colocated_names(Page& page) {
    std::vector<std::string> out;
    for (const ColocatedModel& m : page.state().scenario.colocated) out.push_back(m.name);
    return out;
}

TEST_F(Presets, EachPresetSetsItsOwnConcurrencyAndTargets) {
    Page page("en", ImVec2(1280, 1600));
    page.frames(3);
    const Scenario d;
    struct Case {
        S label;
        int64_t concurrency;
        bool no_latency_target;
    };
    // The preset table's values (traffic_panel.cpp): chat and RAG the default team of 5, a long document 2,
    // an offline batch 64 with no latency target.
    for (const Case& c : {Case{S::preset_batch, 64, true}, Case{S::preset_chat, d.concurrency, false},
                          Case{S::preset_long_doc, 2, false}, Case{S::preset_rag, d.concurrency, false}}) {
        ASSERT_TRUE(page.type_into("##typed_concurrency", "37"));
        ASSERT_EQ(page.state().scenario.concurrency, 37);
        ASSERT_TRUE(page.click(tr(c.label, Lang::en))) << tr(c.label, Lang::en);
        EXPECT_EQ(page.state().scenario.concurrency, c.concurrency) << tr(c.label, Lang::en) << " kept the last value";
        EXPECT_EQ(page.state().scenario.targets.no_latency_target, c.no_latency_target) << tr(c.label, Lang::en);
        page.frames(1);
    }
}

TEST_F(Presets, RagAddsItsRetrievalModelsAndTheNextPresetRemovesOnlyThose) {
    Page page("en", ImVec2(1280, 1600));
    page.frames(3);
    const Catalog& c = *page.state().catalog;
    ASSERT_NE(c.find_model("bge-m3"), nullptr);
    ASSERT_NE(c.find_model("bge-reranker-v2-m3"), nullptr);

    // The user's own service, added with ③'s add row.
    page.state().colocated_draft.model_id = "whisper-large-v3";
    page.frames(1);
    ASSERT_TRUE(page.click(tr(S::add, Lang::en)));
    ASSERT_EQ(colocated_names(page), std::vector<std::string>{"whisper-large-v3"});

    ASSERT_TRUE(page.click(tr(S::preset_rag, Lang::en)));
    EXPECT_EQ(colocated_names(page), (std::vector<std::string>{"whisper-large-v3", "bge-m3", "bge-reranker-v2-m3"}));
    EXPECT_EQ(page.state().scenario.prompt_tokens, 8 * 512) << "eight retrieved 512-token chunks";
    EXPECT_GT(page.state().result->memory.colocated_gib.lo, 0);
    // Clicking it again does not add them twice.
    page.frames(1);
    ASSERT_TRUE(page.click(tr(S::preset_rag, Lang::en)));
    EXPECT_EQ(colocated_names(page).size(), 3u);

    page.frames(1);
    ASSERT_TRUE(page.click(tr(S::preset_chat, Lang::en)));
    EXPECT_EQ(colocated_names(page), std::vector<std::string>{"whisper-large-v3"}) << "the user's row stays";
}

TEST_F(Presets, ARagModelTheUserAlreadyRunsIsNeitherDoubledNorRemoved) {
    Page page("en", ImVec2(1280, 1600));
    page.frames(3);
    page.state().colocated_draft.model_id = "bge-m3";
    page.frames(1);
    ASSERT_TRUE(page.click(tr(S::add, Lang::en)));
    ASSERT_TRUE(page.click(tr(S::preset_rag, Lang::en)));
    EXPECT_EQ(colocated_names(page), (std::vector<std::string>{"bge-m3", "bge-reranker-v2-m3"}));
    page.frames(1);
    ASSERT_TRUE(page.click(tr(S::preset_long_doc, Lang::en)));
    EXPECT_EQ(colocated_names(page), std::vector<std::string>{"bge-m3"});
}

TEST_F(Presets, NoLatencyTargetIsABoxAndTheWordsSaySo) {
    Page page("en", ImVec2(1280, 1600));
    page.frames(3);
    const double ttft = page.state().scenario.targets.ttft_s;
    ASSERT_TRUE(page.click(tr(S::no_latency_target, Lang::en)));
    EXPECT_TRUE(page.state().scenario.targets.no_latency_target);
    EXPECT_DOUBLE_EQ(page.state().scenario.targets.ttft_s, ttft) << "the figure is kept, not replaced";
    page.frames(1);
    EXPECT_EQ(shown(page, "##target_ttft"), tr(S::no_target_word, Lang::en));
    EXPECT_EQ(shown(page, "##target_tps"), tr(S::no_target_word, Lang::en));
    EXPECT_NE(page.state().result->verdict.en.find("no latency target"), std::string::npos) << page.state().result->verdict.en;
    EXPECT_NE(app_query(page.app()).find("no_latency_target=true"), std::string::npos) << app_query(page.app());

    ASSERT_TRUE(page.click(tr(S::no_latency_target, Lang::en)));
    EXPECT_FALSE(page.state().scenario.targets.no_latency_target);
    page.frames(1);
    EXPECT_NE(shown(page, "##target_ttft"), tr(S::no_target_word, Lang::en));
}

}  // namespace
}  // namespace infersizer::app::test
