// test_explain.cpp — the page's explained figures: each is marked (an item "##explain_<path>" over the figure and
// its ⓘ) and shows the core's entry on hover and on keyboard focus, in the page's language: the title in words,
// the value, the formula, the inputs' names and sources.
#include "ui_harness.hpp"

#include "widgets.hpp"

#include <memory>
#include <string>

using namespace infersizer;
using namespace infersizer::app;
using namespace infersizer::app::test;

namespace {

class Explained : public PageTest {
protected:
    void SetUp() override {
        PageTest::SetUp();
        page_ = std::make_unique<Page>("zh", ImVec2(1280, 4000));
        page_->frames(3);
    }
    // Hovers the figure's marked item and returns the tooltip text the debug hook reports.
    std::string hover_figure(const std::string& key) {
        const ProbedItem* item = page_->find("##explain_" + key);
        EXPECT_NE(item, nullptr) << key << " is not marked as explained";
        if (!item) return "";
        page_->hover(item->rect.GetCenter());
        page_->frames(1);
        return app_open_tooltip();
    }
    std::unique_ptr<Page> page_;
};

}  // namespace

TEST_F(Explained, HoveringTtftShowsItsFormulaAndValueInZhThenInEn) {
    const Result& r = *page_->state().result;
    const Explanation* x = r.explain.find("performance.ttft_s");
    ASSERT_NE(x, nullptr);
    std::string tip = hover_figure("performance.ttft_s");
    EXPECT_TRUE(has(tip, x->formula.zh)) << tip;
    EXPECT_TRUE(has(tip, x->title.zh)) << tip;  // a title in words, never the key
    EXPECT_FALSE(has(tip, "performance.ttft_s")) << tip;
    EXPECT_TRUE(has(tip, explain_value_text(x->value, "s", "zh"))) << tip;
    EXPECT_TRUE(has(tip, "校准拟合")) << tip;  // the sources in words
    ImGuiWindow* window = ImGui::FindWindowByName("##Tooltip_00");
    EXPECT_TRUE(window && window->Active);

    page_->hover(ImVec2(-1000, -1000));
    page_->frames(1);
    EXPECT_EQ(app_open_tooltip(), "") << "the tooltip stays open with the mouse away";

    app_set_lang(page_->app(), "en");
    page_->frames(3);
    tip = hover_figure("performance.ttft_s");
    EXPECT_TRUE(has(tip, x->formula.en)) << tip;
    EXPECT_TRUE(has(tip, "calibration fit")) << tip;
}

TEST_F(Explained, EveryFigureTheResultExplainsIsMarkedOnThePage) {
    // The default scenario (Llama-3.1-8B on one card) shows these; each has its marked item.
    for (const char* key : {"memory.weights_gib", "memory.kv_cache_gib", "memory.total_gib", "memory.kv_per_token_kib",
                            "memory.budget_gib", "fit.max_concurrency", "performance.ttft_s", "performance.ttft_p90_s",
                            "performance.decode_tps_per_seq", "performance.throughput_tps", "cost.self_hosted_per_month_usd",
                            "cost.api_per_month_usd", "cost.break_even_requests_per_day", "plan[0].cards", "plan[0].cost_per_month"}) {
        SCOPED_TRACE(key);
        ASSERT_NE(page_->state().result->explain.find(key), nullptr);
        const std::string tip = hover_figure(key);
        EXPECT_TRUE(has(tip, page_->state().result->explain.find(key)->formula.zh)) << tip;
    }
}

TEST_F(Explained, KeyboardFocusOnAFigureShowsItsExplanation) {
    const ProbedItem* item = page_->find("##explain_performance.ttft_p90_s");
    ASSERT_NE(item, nullptr);
    page_->hover(ImVec2(-1000, -1000));
    page_->frames(1);
    // Keyboard navigation lands on the figure (what arrow keys do, without walking the page to it).
    ImGuiWindow* window = nullptr;
    for (ImGuiWindow* w : GImGui->Windows)
        if (std::string(w->Name).find("/results_") != std::string::npos) window = w;
    ASSERT_NE(window, nullptr);
    ImGui::SetFocusID(item->id, window);
    GImGui->NavDisableHighlight = false;
    GImGui->NavDisableMouseHover = true;
    page_->frames(1);
    const std::string tip = app_open_tooltip();
    EXPECT_TRUE(has(tip, page_->state().result->explain.find("performance.ttft_p90_s")->formula.zh)) << tip;
}
