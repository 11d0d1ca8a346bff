// test_embed.cpp — the compact layout for ?embed=1 (embed.hpp): the answer before the folded inputs, no header, a
// content height that depends on the width alone (the platform posts it to the host page), "open in full page"
// and "embed this" handing the platform the right requests, and a snippet that stays inert HTML.
#include "ui_harness.hpp"

#include "embed.hpp"

#include <gtest/gtest.h>

namespace infersizer::app::test {
namespace {

using Embed = PageTest;

std::string inputs_strip(const AppState& s) {
    return std::string(tr(S::inputs, s.lang)) + " · " + s.scenario.display_model_name() + " · " + s.scenario.weights +
           "###embed_inputs";
}

TEST_F(Embed, AnswerFirstInputsFoldedNoHeader) {
    Page page("en", ImVec2(720, 2000));
    app_set_page_flags(page.app(), true, false);
    page.frames(3);
    const std::string text = page.drawn_text();
    const AppState& s = page.state();
    ASSERT_TRUE(s.result.has_value());
    const size_t verdict = text.find(s.result->verdict.en.substr(0, 20));
    const size_t inputs = text.find(tr(S::inputs, Lang::en));
    ASSERT_NE(verdict, std::string::npos) << text;
    ASSERT_NE(inputs, std::string::npos) << text;
    EXPECT_LT(verdict, inputs) << "the answer comes before the inputs";
    EXPECT_FALSE(has(text, tr(S::load_catalog, Lang::en))) << "the full page's header is drawn";
    EXPECT_TRUE(has(text, tr(S::open_full_page, Lang::en)));
    EXPECT_EQ(page.find(tr(S::copy_link, Lang::en)), nullptr);
    EXPECT_FALSE(s.inputs_open_embed);
}

TEST_F(Embed, ContentHeightFollowsTheContentNotTheWindow) {
    float folded_tall = 0, folded_short = 0, open = 0;
    {
        Page page("en", ImVec2(720, 3000));
        app_set_page_flags(page.app(), true, false);
        page.frames(3);
        folded_tall = app_content_height(page.app());
        ASSERT_TRUE(page.click(inputs_strip(page.state())));
        page.frames(3);
        open = app_content_height(page.app());
    }
    {
        Page page("en", ImVec2(720, 500));
        app_set_page_flags(page.app(), true, false);
        page.frames(3);
        folded_short = app_content_height(page.app());
    }
    EXPECT_GT(folded_tall, 150.0f);
    EXPECT_LT(folded_tall, 3000.0f) << "the layout must not fill the window";
    EXPECT_NEAR(folded_short, folded_tall, 24.0f) << "a short window (scrolled) reports the same content";
    EXPECT_GT(open, folded_tall + 200.0f) << "opening the inputs grows the content";
}

TEST_F(Embed, FullPageLayoutReportsNoContentHeight) {
    Page page("en", ImVec2(1280, 800));
    page.frames(3);
    EXPECT_EQ(app_content_height(page.app()), 0.0f);
}

TEST_F(Embed, OpenFullPageAsksForThisScenario) {
    Page page("zh", ImVec2(720, 2000));
    app_set_page_flags(page.app(), true, false);
    page.frames(3);
    ASSERT_EQ(app_set_scenario_json(page.app(), R"({"model": "Qwen3-8B", "concurrency": 7})"), "");
    page.frames(2);
    ASSERT_TRUE(page.click(tr(S::open_full_page, Lang::zh)));
    const std::string request = app_take_page_request(page.app());
    EXPECT_EQ(request.rfind("open ?", 0), 0u) << request;
    EXPECT_TRUE(has(request, "concurrency=7")) << request;
    EXPECT_FALSE(has(request, "embed")) << request;
    EXPECT_EQ(app_take_page_request(page.app()), "") << "taken once";
}

TEST_F(Embed, EmbedThisCopiesAnInertSnippetForTheScenario) {
    Page page("en", ImVec2(1600, 900));
    page.frames(3);
    // A colocated model's JSON travels in the query: quotes and brackets must not end the attribute.
    ASSERT_EQ(app_set_scenario_json(page.app(), R"({"model": "Qwen3-8B", "concurrency": 9,
        "colocated": [{"name": "<b>\"x\" 'y'</b>", "params_b": 0.5}]})"), "");
    page.frames(2);
    ASSERT_TRUE(page.click(tr(S::embed_this, Lang::en)));
    const std::string snippet = page.clipboard();
    ASSERT_EQ(snippet.rfind("<iframe src=\"?embed=1&amp;", 0), 0u) << snippet;
    const size_t end = snippet.find('"', 13);
    const std::string src = snippet.substr(13, end - 13);
    EXPECT_TRUE(has(src, "concurrency=9")) << src;
    for (char c : std::string("<>'\"")) EXPECT_EQ(src.find(c), std::string::npos) << "'" << c << "' in " << src;
    EXPECT_TRUE(has(snippet, "infersizer:height"));
    EXPECT_TRUE(has(snippet, "推理算力估算器"));
    EXPECT_EQ(embed_snippet(page.state()), snippet);
}

TEST_F(Embed, OfflineCopyOnlyWhenTheServedPageHasOne) {
    for (const bool available : {false, true}) {
        SCOPED_TRACE(available ? "served page" : "offline file or embed");
        Page page("en", ImVec2(1600, 900));
        app_set_page_flags(page.app(), false, available);
        page.frames(3);
        ASSERT_TRUE(page.click(std::string(tr(S::export_menu, Lang::en)) + "###export"));
        page.frames(2);  // a new popup is hidden in its first frame while it sizes itself
        if (!available) {
            EXPECT_EQ(page.find(tr(S::export_offline, Lang::en)), nullptr) << "offered without a copy to fetch";
            continue;
        }
        ASSERT_TRUE(page.click(tr(S::export_offline, Lang::en)));
        EXPECT_EQ(app_take_page_request(page.app()), "download-offline");
    }
}

}  // namespace
}  // namespace infersizer::app::test
