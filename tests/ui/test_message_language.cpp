// test_message_language.cpp — a message on screen follows a language switch (issue #9): a refused typed value,
// a refused edit, a bad pasted config.json and a custom architecture the core refuses are drawn in the page's
// language at every frame, not in the language they were made in.
#include "ui_harness.hpp"

#include <gtest/gtest.h>

#include <string>

namespace infersizer::app::test {
namespace {

using MessageLanguage = PageTest;

// The frame's text with its rows joined, each row's indent dropped (a wrapped message breaks between CJK
// characters).
std::string unwrapped(const std::string& text) {
    std::string out;
    bool row_start = true;
    for (char c : text) {
        if (c == '\n') row_start = true;
        else if (!(row_start && c == ' ')) out += c, row_start = false;
    }
    return out;
}

std::string shown(Page& page) {
    page.frames(2);
    return unwrapped(page.drawn_text());
}

void switch_to(Page& page, const char* lang) {
    app_set_lang(page.app(), lang);
    page.frames(2);
}

TEST_F(MessageLanguage, ARefusedTypedValueIsRewordedWhenTheLanguageChanges) {
    Page page("zh", ImVec2(1280, 1600));
    page.frames(3);
    ASSERT_TRUE(page.type_into("##typed_concurrency", "-3"));
    std::string text = shown(page);
    ASSERT_TRUE(has(text, "超出范围：可接受 1 – 100,000")) << text;

    switch_to(page, "en");
    text = shown(page);
    EXPECT_TRUE(has(text, "Out of range: accepts 1 – 100,000")) << text;
    EXPECT_FALSE(has(text, "超出范围")) << "the zh wording stayed on the en page: " << text;

    switch_to(page, "zh");
    text = shown(page);
    EXPECT_TRUE(has(text, "超出范围：可接受 1 – 100,000")) << text;
    EXPECT_FALSE(has(text, "Out of range")) << text;
}

TEST_F(MessageLanguage, ARefusedEditIsRewordedWhenTheLanguageChanges) {
    Page page("en", ImVec2(1280, 1600));
    page.frames(3);
    Scenario next = page.state().scenario;
    next.hardware_id = "no-such-card";
    ASSERT_FALSE(edit_scenario(page.state(), next));
    std::string text = shown(page);
    ASSERT_TRUE(has(text, "Change not applied: ")) << text;
    ASSERT_TRUE(has(text, "no-such-card")) << text;

    switch_to(page, "zh");
    text = shown(page);
    EXPECT_TRUE(has(text, "未采用此修改：")) << text;
    EXPECT_TRUE(has(text, "no-such-card")) << text;
    EXPECT_FALSE(has(text, "Change not applied")) << "the en wording stayed on the zh page: " << text;
    EXPECT_EQ(page.state().edit_error.zh.find("must"), std::string::npos) << page.state().edit_error;
}

TEST_F(MessageLanguage, APastedConfigOutcomeIsRewordedWhenTheLanguageChanges) {
    Page page("zh", ImVec2(1280, 1400));
    page.frames(3);
    ASSERT_TRUE(page.click(tr(S::paste_config, Lang::zh)));
    page.state().config_paste = "{\"model_type\": \"llama\",\n  \"hidden_size\": oops}";
    page.frames(1);
    ASSERT_TRUE(page.click(tr(S::read_config, Lang::zh)));
    std::string text = shown(page);
    ASSERT_TRUE(has(text, "不是有效的 JSON：第 2 行")) << text;

    switch_to(page, "en");
    text = shown(page);
    EXPECT_TRUE(has(text, "Not valid JSON: error at line 2")) << text;
    EXPECT_FALSE(has(text, "不是有效的 JSON")) << text;
}

TEST_F(MessageLanguage, ARefusedCustomArchitectureIsRewordedWhenTheLanguageChanges) {
    Page page("zh", ImVec2(1280, 1600));
    page.frames(3);
    ASSERT_TRUE(page.click(tr(S::custom_model, Lang::zh)));
    page.frames(1);
    ASSERT_TRUE(page.type_into(tr(S::custom_kv_heads, Lang::zh), "3"));  // 32 heads: 3 does not divide them
    ASSERT_TRUE(page.click(tr(S::use_custom, Lang::zh)));
    std::string text = shown(page);
    ASSERT_TRUE(has(text, "必须能整除 heads (32)")) << text;

    switch_to(page, "en");
    text = shown(page);
    EXPECT_TRUE(has(text, "model.kv_heads")) << text;
    EXPECT_TRUE(has(text, page.state().custom_form.error.en)) << text;
    EXPECT_FALSE(has(text, "必须能整除")) << text;
}

}  // namespace
}  // namespace infersizer::app::test
