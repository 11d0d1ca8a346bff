// test_charts_panel.cpp — the charts section (charts_panel.cpp) draws the core's curves for the default and every
// golden scenario without a failed IM_ASSERT, draws every chart the core returned, computes the curves once per
// result (not per frame), shows the reverse questions' sentences, hovers a chart for its read-out, and in Chinese
// every text of the curves (titles, axes, legends, lines, sentences) is Chinese.
#include "../zh_text_classifier.hpp"
#include "ui_harness.hpp"

#include "curves.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace infersizer::app::test {
namespace {

using Charts = PageTest;

// Chart id → [x0, y0, x1, y1], from app_chart_boxes (what the browser's _debug.chartBoxes reads).
std::map<std::string, std::vector<float>> boxes(Page& page) {
    std::map<std::string, std::vector<float>> out;
    std::istringstream in(app_chart_boxes(page.app()));
    std::string id;
    float a, b, c, d;
    while (in >> id >> a >> b >> c >> d)
        if (id != "section") out[id] = {a, b, c, d};
    return out;
}

void expect_every_chart_drawn(Page& page, const std::string& what) {
    const AppState& s = page.state();
    ASSERT_TRUE(s.curves.has_value()) << what << ": " << s.curves_error;
    EXPECT_EQ(s.curves_generation, s.result_generation) << what;
    const auto drawn = boxes(page);
    EXPECT_GE(s.curves->charts.size(), 6u) << what;
    for (const Chart& c : s.curves->charts) {
        auto it = drawn.find(c.id);
        ASSERT_NE(it, drawn.end()) << what << ": " << c.id << " not drawn";
        EXPECT_GT(it->second[2] - it->second[0], 100) << what << " " << c.id;
        EXPECT_GT(it->second[3] - it->second[1], 100) << what << " " << c.id;
    }
}

TEST_F(Charts, DefaultAndGoldenScenariosDrawEveryChart) {
    for (const char* lang : {"zh", "en"}) {
        Page page(lang, ImVec2(1280, 9000));
        page.state().charts_open = true;
        page.frames(3);
        expect_every_chart_drawn(page, std::string(lang) + " default");
        for (const Golden& g : golden_scenarios()) {
            ASSERT_EQ(app_set_scenario_json(page.app(), g.scenario_json), "") << g.name;
            page.frames(2);
            expect_every_chart_drawn(page, std::string(lang) + " " + g.name);
        }
    }
    // Narrow: one chart a row, still drawn.
    Page narrow("zh", ImVec2(420, 9000));
    narrow.state().charts_open = true;
    narrow.frames(3);
    expect_every_chart_drawn(narrow, "narrow");
}

// Folded at first: nothing computed, no chart drawn; a click on the header opens it and computes the curves.
TEST_F(Charts, FoldedUntilOpenedAndComputedOnlyThen) {
    Page page("zh", ImVec2(1280, 9000));
    page.frames(3);
    EXPECT_FALSE(page.state().curves.has_value());
    EXPECT_TRUE(boxes(page).empty());
    ASSERT_TRUE(page.click(std::string(tr(S::sec_charts, Lang::zh)) + "###charts_section"));
    page.frames(2);
    EXPECT_TRUE(page.state().charts_open);
    expect_every_chart_drawn(page, "opened by a click");
}

TEST_F(Charts, ComputedOncePerResultNotPerFrame) {
    Page page("en", ImVec2(1280, 9000));
    page.state().charts_open = true;
    page.frames(3);
    ASSERT_TRUE(page.state().curves.has_value());
    const Curves* before = &*page.state().curves;
    const int64_t max_before = before->reverse.max_concurrency;
    // Redraws keep the same curves object (an optional reset would re-create it).
    page.state().curves->reverse.max_concurrency = -7;  // a mark a recomputation would erase
    page.frames(3);
    EXPECT_EQ(page.state().curves->reverse.max_concurrency, -7);
    page.state().curves->reverse.max_concurrency = max_before;
    // A new scenario brings new curves.
    ASSERT_EQ(app_set_scenario_json(page.app(), R"({"concurrency": 9})"), "");
    page.frames(2);
    EXPECT_EQ(page.state().curves_generation, page.state().result_generation);
    EXPECT_NE(page.state().curves->reverse.max_concurrency, -7);
    const Chart& ttft = page.state().curves->charts.front();
    bool has_nine = false;
    for (const CurvePoint& p : ttft.series.front().points) has_nine = has_nine || p.x == 9;
    EXPECT_TRUE(has_nine) << "the grid holds the scenario's own load";
}

TEST_F(Charts, ReverseSentencesAreShown) {
    for (const char* lang : {"zh", "en"}) {
        Page page(lang, ImVec2(1280, 9000));
        page.state().charts_open = true;
        page.frames(3);
        const std::string text = page.drawn_text();
        ASSERT_TRUE(page.state().curves.has_value());
        EXPECT_TRUE(has(text, tr(S::charts_reverse, lang_from_id(lang)))) << lang;
        for (const Text& t : page.state().curves->reverse.sentences) {
            // Wrapped text is logged one screen row a line: the sentence's first words are on the page.
            EXPECT_TRUE(has(text, t.in(lang).substr(0, 12))) << lang << ": " << t.in(lang);
        }
    }
}

TEST_F(Charts, HoverShowsTheReadout) {
    Page page("en", ImVec2(1280, 9000));
    page.state().charts_open = true;
    page.frames(3);
    const auto drawn = boxes(page);
    ASSERT_TRUE(drawn.count("ttft"));
    const std::vector<float>& b = drawn.at("ttft");
    page.hover(ImVec2((b[0] + b[2]) / 2, (b[1] + b[3]) / 2));
    page.frames(1);
    const std::string text = page.drawn_text();
    EXPECT_TRUE(has(text, "requests in flight")) << "the tooltip names the x axis";
    EXPECT_TRUE(has(text, "median p50")) << "and each series' band";
}

// The curves' own texts are drawn on the draw list (not through ImGui's text log that test_zh_text reads), so they
// are checked here: in Chinese, none is an English sentence.
TEST_F(Charts, ChineseTextsOfTheCurvesAreChinese) {
    Page page("zh", ImVec2(1280, 9000));
    page.state().charts_open = true;
    page.frames(3);
    std::vector<std::string> texts;
    auto add = [&](const Text& t) { texts.push_back(t.zh); };
    for (const Golden& g : golden_scenarios()) {
        ASSERT_EQ(app_set_scenario_json(page.app(), g.scenario_json), "") << g.name;
        page.frames(2);
        ASSERT_TRUE(page.state().curves.has_value());
        for (const Chart& c : page.state().curves->charts) {
            add(c.title), add(c.x.label), add(c.y.label);
            for (const CurveSeries& s : c.series) add(s.name);
            for (const CurveLine& l : c.lines) add(l.label);
            if (c.marker) add(c.marker->label);
        }
        for (const Text& t : page.state().curves->reverse.sentences) add(t);
    }
    for (const std::string& t : texts) {
        EXPECT_FALSE(t.empty());
        EXPECT_LT(zh_text::english_run(t), 3) << t;
    }
}

}  // namespace
}  // namespace infersizer::app::test
