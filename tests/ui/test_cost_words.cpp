// test_cost_words.cpp — the cost panel calls a rented card's cost what it is: 租卡 / "Rented cards" (the
// catalog's price_per_hour is a rental price, so "自建" / "Self-hosted" was wrong), and says which cards and
// how many the figure prices, from the core's result (CostResult::self_hosted_config), not the page.
#include "ui_harness.hpp"

#include <gtest/gtest.h>

namespace infersizer::app::test {
namespace {

// One frame with every drawn text captured (ImGui's log, ended by the page window's End()).
std::string drawn_text(Page& page) {
    static std::string* sink = nullptr;
    std::string text;
    sink = &text;
    ImGuiIO& io = ImGui::GetIO();
    const auto saved = io.SetClipboardTextFn;
    io.SetClipboardTextFn = [](void*, const char* t) { *sink += t; };
    ImGui::NewFrame();
    ImGui::LogToClipboard();
    app_frame(page.app());
    ImGui::LogFinish();
    ImGui::Render();
    io.SetClipboardTextFn = saved;
    sink = nullptr;
    return text;
}

TEST(CostWords, RentedCardsWithTheCoresCardAndCount) {
    for (const char* lang : {"zh", "en"}) {
        Page page(lang, ImVec2(1280, 4000));
        // 70B on H100 for 200 users: a multi-card rental the core prices (tests/golden).
        for (const Golden& g : golden_scenarios()) {
            if (g.name == "chat_70b_h100_200_users.json") {
                ASSERT_EQ(app_set_scenario_json(page.app(), g.scenario_json), "");
            }
        }
        page.frames(3);
        const CostResult& c = page.state().result->cost;
        ASSERT_TRUE(c.has_gpu_price);
        ASSERT_FALSE(c.self_hosted_config.empty());
        const std::string text = drawn_text(page);
        const bool zh = std::string(lang) == "zh";
        EXPECT_NE(text.find(zh ? "租卡" : "Rented cards"), std::string::npos) << lang;
        EXPECT_EQ(text.find(zh ? "自建" : "Self-hosted"), std::string::npos) << lang << ": the old wording";
        const std::string config = (zh ? "租 " : "renting ") + c.self_hosted_config;
        EXPECT_NE(text.find(config), std::string::npos) << lang << ": expected \"" << config << "\" in the page";
    }
}

}  // namespace
}  // namespace infersizer::app::test
