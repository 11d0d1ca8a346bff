// test_export.cpp — the header's Export menu: each item hands the platform the core's report (report.hpp) for
// a download or the clipboard, and Save PNG asks for the capture only after the frame that closed the menu, so
// the image shows the page and not the menu.
#include "ui_harness.hpp"

#include "report.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <optional>

namespace infersizer::app::test {
namespace {

using Export = PageTest;

std::string export_button(Lang lang) { return std::string(tr(S::export_menu, lang)) + "###export"; }

struct Download {
    std::string filename, mime, text;
};

std::optional<Download> take_download(Page& page) {
    Download d;
    if (!app_take_download_request(page.app(), &d.filename, &d.mime, &d.text)) return std::nullopt;
    return d;
}

TEST_F(Export, EachItemHandsOverTheCoresReport) {
    Page page("zh");
    page.frames(3);
    const AppState& s = page.state();
    ASSERT_TRUE(s.result.has_value());
    struct Item {
        S label;
        ReportKind kind;
        const char* filename;
    };
    for (const Item& item : {Item{S::export_markdown, ReportKind::markdown, "infersizer-report.md"},
                             Item{S::export_csv, ReportKind::csv, "infersizer-cards.csv"},
                             Item{S::export_json, ReportKind::json, "infersizer-result.json"}}) {
        SCOPED_TRACE(item.filename);
        EXPECT_FALSE(take_download(page).has_value()) << "nothing before the click";
        ASSERT_TRUE(page.click(export_button(Lang::zh)));
        page.frames(2);  // a new popup is hidden in its first frame while it sizes itself
        ASSERT_TRUE(page.click(tr(item.label, Lang::zh)));
        const std::optional<Download> d = take_download(page);
        ASSERT_TRUE(d.has_value());
        EXPECT_EQ(d->filename, item.filename);
        EXPECT_EQ(d->text, render_report(item.kind, s.scenario, *s.result, "zh")) << "the page's language";
        EXPECT_FALSE(take_download(page).has_value()) << "handed over once";
        page.frames(2);
    }
    ASSERT_TRUE(page.click(export_button(Lang::zh)));
    page.frames(2);
    ASSERT_TRUE(page.click(tr(S::export_copy_markdown, Lang::zh)));
    EXPECT_EQ(page.clipboard(), report_markdown(s.scenario, *s.result, "zh"));
}

TEST_F(Export, PngIsCapturedAfterTheMenuHasClosed) {
    Page page("en");
    page.frames(3);
    ASSERT_TRUE(page.click(export_button(Lang::en)));
    page.frames(2);
    ASSERT_NE(page.find(tr(S::export_png, Lang::en)), nullptr) << "the menu is open";
    ASSERT_TRUE(page.click(tr(S::export_png, Lang::en)));
    // The platform asks after every drawn frame: not after the click's frame, yes after the next one.
    EXPECT_FALSE(app_take_png_request(page.app()));
    EXPECT_TRUE(page.frames(1)) << "the page asks for the frame it will be captured in";
    EXPECT_EQ(page.find(tr(S::export_png, Lang::en)), nullptr) << "the captured frame has no menu";
    EXPECT_TRUE(app_take_png_request(page.app()));
    page.frames(1);
    EXPECT_FALSE(app_take_png_request(page.app())) << "one capture per click";
}

TEST_F(Export, ReportsAndTheTextViewComeFromTheHostApi) {
    Page page("en");
    page.frames(2);
    const nlohmann::json bad = nlohmann::json::parse(app_get_report(page.app(), "pdf", ""));
    EXPECT_EQ(bad["error"], "kind: must be one of text, markdown, csv, json, got \"pdf\"");
    const nlohmann::json md = nlohmann::json::parse(app_get_report(page.app(), "markdown", "zh"));
    EXPECT_EQ(md["report"], report_markdown(page.state().scenario, *page.state().result, "zh")) << "lang overrides the page's";
    const nlohmann::json view = nlohmann::json::parse(app_get_text_view(page.app()));
    EXPECT_EQ(view["lang"], "en");
    app_set_lang(page.app(), "zh");
    EXPECT_EQ(nlohmann::json::parse(app_get_text_view(page.app()))["lang"], "zh") << "the text view follows the page";
}

}  // namespace
}  // namespace infersizer::app::test
