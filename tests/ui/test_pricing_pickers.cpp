// test_pricing_pickers.cpp — ⑥ cost: the two pickers (rental prices, the API to compare) set the scenario's
// pricing, the figures shown are the core's for it, the core's words for the basis are drawn, and the link
// carries the choice (issue #9).
#include "ui_harness.hpp"

#include "cost.hpp"
#include "estimate.hpp"
#include "result_json.hpp"

#include <gtest/gtest.h>

namespace infersizer::app::test {
namespace {

using PricingPickers = PageTest;

std::string result_text(const Result& r) { return result_to_json(r, "en").dump(); }

// Opens one of ⑥'s pickers: the cost panel sits in the memory/speed table's second column on a wide page
// (the table's cells keep the table's ID), or under the results directly on a narrow one.
bool open_picker(Page& page, const std::string& combo) {
    return page.click_path("results", {"memory_speed", "cost_panel", combo}) ||
           page.click_path("results", {"cost_panel", combo});
}

// The page on an H100 SXM, one card, tall enough that ⑥ is on screen.
void on_h100(Page& page) {
    page.frames(2);
    Scenario next = page.state().scenario;
    next.hardware_id = "nvidia-h100-sxm-80gb";
    next.count = 1;
    ASSERT_TRUE(edit_scenario(page.state(), next)) << page.state().edit_error;
    page.frames(2);
}

TEST_F(PricingPickers, PickingABasisAndAnApiSetsTheScenarioAndShowsTheCoresCost) {
    Page page("en", ImVec2(1400, 5000));
    on_h100(page);
    const std::string before = result_text(*page.state().result);

    ASSERT_TRUE(open_picker(page, "##price_basis")) << "the rental-price picker is drawn";
    page.frames(1);
    ASSERT_TRUE(page.click(tr(S::price_cheapest, Lang::en)));
    page.frames(1);
    EXPECT_EQ(page.state().scenario.pricing.gpu, "cheapest");
    // RunPod Community Cloud's 1.80 USD/h is the lowest H100 SXM row: 1.80 × 730 = 1314 at both ends.
    EXPECT_NEAR(page.state().result->cost.self_hosted_per_month_usd.lo, 1314, 1e-6);
    EXPECT_NEAR(page.state().result->cost.self_hosted_per_month_usd.hi, 1314, 1e-6);
    EXPECT_NE(result_text(*page.state().result), before);

    ASSERT_TRUE(open_picker(page, "##api_compare")) << "the API picker is drawn";
    page.frames(1);
    ASSERT_TRUE(page.click("OpenAI/gpt-5.4-mini"));
    page.frames(1);
    EXPECT_EQ(page.state().scenario.pricing.api, "OpenAI/gpt-5.4-mini");
    EXPECT_EQ(page.state().result->cost.api_model, "OpenAI gpt-5.4-mini");

    // What the page shows is the core's estimate of that scenario.
    Expected<Result> direct = estimate(*page.state().catalog, page.state().scenario);
    ASSERT_TRUE(direct.ok());
    EXPECT_EQ(result_text(direct.value()), result_text(*page.state().result));
    EXPECT_NE(app_query(page.app()).find("gpu=cheapest"), std::string::npos) << app_query(page.app());
    EXPECT_NE(app_query(page.app()).find("api=OpenAI%2Fgpt-5.4-mini"), std::string::npos);
}

TEST_F(PricingPickers, TheBasisIsStatedInTheCoresWordsInBothLanguages) {
    for (const char* code : {"zh", "en"}) {
        Page page(code, ImVec2(1400, 5000));
        on_h100(page);
        Scenario next = page.state().scenario;
        next.pricing.gpu = "AWS";
        ASSERT_TRUE(edit_scenario(page.state(), next)) << page.state().edit_error;
        page.frames(2);
        const Text words = price_basis_text(next.pricing);
        // A wrapped text is drawn as text, not an item: read it through the result the panel draws from.
        EXPECT_EQ(page.state().result->cost.price_basis.in(code), words.in(code));
        EXPECT_NE(words.in(code).find("AWS"), std::string::npos);
    }
}

TEST_F(PricingPickers, AnUnknownProviderFromALinkIsReportedAndTheDefaultStays) {
    Page page("en", ImVec2(1400, 5000));
    page.frames(2);
    app_apply_query(page.app(), "gpu=Hetzner&api=auto");
    page.frames(2);
    EXPECT_EQ(page.state().scenario.pricing.gpu, "on_demand") << "never a silent default for a bad value: reported";
    bool reported = false;
    for (const Error& e : page.state().url_errors) reported |= e.path == "url.gpu";
    EXPECT_TRUE(reported) << app_url_errors(page.app());
}

}  // namespace
}  // namespace infersizer::app::test
