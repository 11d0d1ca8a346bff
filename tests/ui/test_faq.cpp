// The seed's two questions on the page (issue #9): the FAQ panel draws result.faq, the core's own question and
// answer for this scenario, in the page's language. Each sentence is a probe item "text##faq_q_<id>" /
// "text##faq_a_<id>" (faq_panel.cpp), so the test reads what the page shows and checks it against the core.
#include "panels/panels.hpp"
#include "ui_harness.hpp"

#include <gtest/gtest.h>
#include <imgui_internal.h>

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

// The answers break lines by the page's own rules (text_wrap.hpp), which never split a figure: ImGui's own wrap
// broke the reuse answer's "$5,260–$71,800/month" as "$71," / "800/month" at 1280 px. Drawn into a 520 px window
// and logged, the answer's lines are its words with some spaces turned into line breaks, and no break falls
// between a digit or a figure's comma or point and the digit after it.
TEST_F(Faq, AnswersWrapWithoutSplittingAFigure) {
    Page page("en", ImVec2(1280, 800));
    page.frames(2);
    ASSERT_EQ(app_set_scenario_json(page.app(), kChat70bScenarioJson), "");
    page.frames(2);
    const Result& r = *page.state().result;
    ASSERT_EQ(r.faq.size(), 2u);
    const std::string answer = r.faq[0].answer.en;
    ASSERT_NE(answer.find("$71,800"), std::string::npos) << answer;

    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(520, 3000));
    ImGui::Begin("faq wrap test");
    ImGui::LogToBuffer();
    DrawFaqPanel(page.state());
    const std::string logged = GImGui->LogBuffer.c_str();
    ImGui::LogFinish();
    ImGui::End();
    ImGui::EndFrame();

    // The answer as drawn: from its first word to its last, in the log.
    const std::string first = answer.substr(0, answer.find(' '));
    const size_t at = logged.find(first + (logged.find(first + "\n") != std::string::npos ? "\n" : " "));
    ASSERT_NE(at, std::string::npos) << logged;
    // A break replaces the space it falls on, so the drawn answer has the answer's length.
    const std::string drawn = logged.substr(at, answer.size());
    std::string joined = drawn;
    for (char& c : joined) if (c == '\n') c = ' ';
    EXPECT_EQ(joined, answer) << "the answer's text, its breaks read as spaces:\n" << drawn;
    EXPECT_NE(drawn.find('\n'), std::string::npos) << "expected the answer to wrap at 520 px: " << drawn;
    auto digit = [](char c) { return c >= '0' && c <= '9'; };
    for (size_t i = 1; i + 1 < drawn.size(); ++i) {
        if (drawn[i] != '\n') continue;
        const char before = drawn[i - 1], after = drawn[i + 1];
        EXPECT_FALSE((digit(before) || before == ',' || before == '.' || before == '$') && digit(after))
            << "a figure split across lines: …" << drawn.substr(i > 12 ? i - 12 : 0, 24) << "…";
    }
}
