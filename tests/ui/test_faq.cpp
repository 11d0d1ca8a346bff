// The seed's two questions on the page (issue #9): the FAQ panel draws result.faq, the core's own question and
// answer for this scenario, in the page's language. Each sentence is a probe item "text##faq_q_<id>" /
// "text##faq_a_<id>" (faq_panel.cpp), so the test reads what the page shows and checks it against the core.
#include "ui_harness.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace infersizer;
using namespace infersizer::app;
using namespace infersizer::app::test;

namespace {

using Faq = PageTest;


}  // namespace

TEST_F(Faq, ThePageShowsBothQuestionsWithTheCoresAnswersInItsLanguage) {
    for (const char* code : {"zh", "en"}) {
        SCOPED_TRACE(code);
        Page page(code, ImVec2(1400, 5000));
        page.frames(3);
        ASSERT_TRUE(page.state().result.has_value());
        const Result& r = *page.state().result;
        ASSERT_EQ(r.faq.size(), 2u);
        for (const FaqEntry& f : r.faq) {
            SCOPED_TRACE(f.id);
            EXPECT_EQ(shown(page, "##faq_q_" + f.id), f.question.in(code));
            EXPECT_EQ(shown(page, "##faq_a_" + f.id), f.answer.in(code));
        }
        const std::string quant = shown(page, "##faq_a_quantization_vs_gpu");
        const std::string reuse = shown(page, "##faq_q_reuse_training_cards");
        if (std::string(code) == "zh") {
            EXPECT_TRUE(has(reuse, "训练")) << reuse;
            EXPECT_TRUE(has(quant, "GPU 路径")) << quant;
        } else {
            EXPECT_TRUE(has(reuse, "trained on these cards")) << reuse;
            EXPECT_TRUE(has(quant, "The GPU path")) << quant;
        }
    }
}

// Sixteen H100s a model was trained on, serving an 8B model to 20 users: the page says how many suffice.
TEST_F(Faq, TrainingCardsAnswerFollowsTheScenario) {
    Page page("en", ImVec2(1400, 5000));
    page.frames(2);
    ASSERT_EQ(app_set_scenario_json(page.app(),
                                    R"({"model":"Llama-3.1-8B","weights":"bf16","engine":"vllm",
                                        "hardware":"nvidia-h100-sxm-80gb","count":16,"concurrency":20})"),
              "");
    page.frames(2);
    const std::string answer = shown(page, "##faq_a_reuse_training_cards");
    EXPECT_EQ(answer.rfind("Yes. ", 0), 0u) << answer;
    EXPECT_TRUE(has(answer, "Your 16 are more than that")) << answer;
}
