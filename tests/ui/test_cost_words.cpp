// test_cost_words.cpp — the cost panel calls a rented card's cost what it is: 租卡 / "Rented cards" (the
// catalog's price_per_hour is a rental price, so "自建" / "Self-hosted" was wrong), and says which cards and
// how many the figure prices, from the core's result (CostResult::self_hosted_config), not the page.
#include "ui_harness.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

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

// The planner's pick standing in for the user's cards says why, in the core's words: a desktop has no rental price;
// a 405B model does not fit one RTX 4090 (the page said "the chosen hardware has no rental price" for both).
TEST(CostWords, ThePlannersPickSaysWhyItStandsIn) {
    for (const char* lang : {"zh", "en"}) {
        const bool zh = std::string(lang) == "zh";
        Page page(lang, ImVec2(1280, 4000));
        for (const char* name : {"cpu_qwen25_7b.json", "too_big_405b_on_one_4090.json"}) {
            SCOPED_TRACE(std::string(name) + " " + lang);
            for (const Golden& g : golden_scenarios())
                if (g.name == name) {
                    ASSERT_EQ(app_set_scenario_json(page.app(), g.scenario_json), "");
                }
            page.frames(3);
            const Result& r = *page.state().result;
            ASSERT_TRUE(r.cost.self_hosted_from_planner);
            const std::string why = r.cost.own_cards_cannot_run
                                        ? (zh ? r.hardware_name + " 跑不了这个配置" : r.hardware_name + " cannot serve this setup")
                                        : (zh ? r.hardware_name + " 没有租用价格" : "no rental price for " + r.hardware_name);
            const std::string want = (zh ? "租 " : "renting ") + r.cost.self_hosted_config +
                                     (zh ? "，规划器的选择；" : ", the planner's pick; ") + why;
            // Wrapped lines break between words, or between any two hanzi: compared without spaces and line breaks.
            auto squeezed = [](std::string t) {
                t.erase(std::remove_if(t.begin(), t.end(), [](char ch) { return ch == ' ' || ch == '\n'; }), t.end());
                return t;
            };
            EXPECT_NE(squeezed(drawn_text(page)).find(squeezed(want)), std::string::npos) << want;
        }
    }
}

}  // namespace
}  // namespace infersizer::app::test
