// test_error_zh.cpp — in the zh page, the core's error messages are Chinese: a bad URL parameter, a bad pasted
// config.json and a custom architecture whose typed values do not fit show a Chinese sentence naming the field
// (its path stays as it is: an identifier), never the English text nor the offending JSON.
#include "ui_harness.hpp"

#include <gtest/gtest.h>

#include <string>

namespace infersizer::app::test {
namespace {

using ErrorZh = PageTest;

std::string frame_text(Page& page) { return page.drawn_text(); }


// The frame's text with its rows joined, each row's indent dropped: a wrapped message breaks between CJK
// characters.
std::string unwrapped(const std::string& text) {
    std::string out;
    bool row_start = true;
    for (char c : text) {
        if (c == '\n') row_start = true;
        else if (!(row_start && c == ' ')) out += c, row_start = false;
    }
    return out;
}

TEST_F(ErrorZh, ABadUrlParameterIsToldInChinese) {
    Page page("zh", ImVec2(1280, 1600));
    app_apply_query(page.app(), "?concurrency=-3&hardware=%5B1%2C%22zz%22%5D&lang=zh");
    ASSERT_FALSE(page.state().url_errors.empty());
    page.frames(2);
    const std::string text = unwrapped(frame_text(page));
    EXPECT_TRUE(has(text, "url.concurrency")) << text;
    EXPECT_TRUE(has(text, "必须是 1 到 100000 之间的整数，实际为 -3")) << text;
    EXPECT_TRUE(has(text, "url.hardware")) << text;
    EXPECT_TRUE(has(text, "必须是目录中的 id 或硬件对象，实际为数组")) << text;
    EXPECT_FALSE(has(text, "must be")) << text;
    EXPECT_FALSE(has(text, "zz")) << text;
    // The embed API's lines (app_url_errors) stay the contract's English.
    EXPECT_EQ(app_url_errors(page.app()).rfind("error: url.", 0), 0u);
}

TEST_F(ErrorZh, ABadPastedConfigIsToldInChinese) {
    Page page("zh", ImVec2(1280, 1600));
    page.frames(3);
    ASSERT_TRUE(page.click(tr(S::paste_config, Lang::zh)));
    page.state().config_paste = R"({"model_type": "llama", "hidden_size": {"zz": [1, 2]}, "num_hidden_layers": 2,
        "num_attention_heads": 4, "vocab_size": 100, "intermediate_size": 128, "max_position_embeddings": 4096})";
    page.frames(1);
    ASSERT_TRUE(page.click(tr(S::read_config, Lang::zh)));
    EXPECT_FALSE(page.state().config_ok);
    const std::string& m = page.state().config_message.zh;
    EXPECT_TRUE(has(m, "config.json.hidden_size：必须是整数，实际为对象")) << m;
    EXPECT_TRUE(has(m, "实际为对象")) << m;
    EXPECT_FALSE(has(m, "must be")) << m;
    EXPECT_FALSE(has(m, "zz")) << m;
    page.frames(1);
    EXPECT_TRUE(has(unwrapped(frame_text(page)), "实际为对象")) << "the page draws it";
}

TEST_F(ErrorZh, ACustomArchitectureThatDoesNotFitIsToldInChinese) {
    Page page("zh", ImVec2(1280, 1600));
    page.frames(3);
    ASSERT_TRUE(page.click(tr(S::custom_model, Lang::zh)));
    page.frames(1);
    ASSERT_TRUE(page.type_into(tr(S::custom_kv_heads, Lang::zh), "3"));  // 32 heads: 3 does not divide them
    ASSERT_TRUE(page.click(tr(S::use_custom, Lang::zh)));
    const std::string& e = page.state().custom_form.error.zh;
    EXPECT_EQ(e, "model.kv_heads：必须能整除 heads (32)，实际为 3");
    page.frames(1);
    EXPECT_TRUE(has(unwrapped(frame_text(page)), "必须能整除 heads (32)")) << "the page draws it";
}

}  // namespace
}  // namespace infersizer::app::test
