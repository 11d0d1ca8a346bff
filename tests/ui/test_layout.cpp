// test_layout.cpp — the page at any size (issue #9, part C): the font follows the window, the card table
// uses the height it has, ④'s commands are one click away, nothing is cut off (the "copied" toast, the
// custom hardware's name), and the memory bar's lines have a legend and tooltips.
#include "ui_harness.hpp"

#include "font_size.hpp"
#include "i18n.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>

using namespace infersizer;
using namespace infersizer::app;
using namespace infersizer::app::test;

namespace {

using Layout = PageTest;

// The page as the browser lays it out at this window size and devicePixelRatio 1.
float font_for(ImVec2 size) { return font_css_px_for(size.x, size.y, 1.0, 1.0); }

bool visible(const ProbedItem& it, ImVec2 display) {
    const ImVec2 c = it.rect.GetCenter();
    return it.clip.Contains(c) && c.x >= 0 && c.y >= 0 && c.x <= display.x && c.y <= display.y;
}

int visible_with_prefix(const Page& page, const std::string& prefix) {
    int n = 0;
    for (const ProbedItem& it : page.items())
        if (it.label.find(prefix) != std::string::npos && visible(it, page.size())) ++n;
    return n;
}

ImGuiWindow* window_named(const std::string& part) {
    for (ImGuiWindow* w : GImGui->Windows)
        if (std::string(w->Name).find(part) != std::string::npos) return w;
    return nullptr;
}

float text_width(const std::string& text) {
    const ImFont* font = ImGui::GetIO().Fonts->Fonts[0];
    return font->CalcTextSizeA(font->FontSize, FLT_MAX, 0.0f, text.c_str()).x;
}

}  // namespace

// --- 1. The font follows the window ----------------------------------------------------------------------
TEST(FontSize, GrowsWithTheWindowWithinReadableBounds) {
    // 1280 px wide: the 16 px the page was laid out at (1280 / 80).
    EXPECT_EQ(font_css_px_for(1280, 800, 1, 1), 16.0f);
    // 1920 × 1080 and 2560 × 1440: 1920 / 80 = 24 and 2560 / 80 = 32, held at the 22 px ceiling.
    EXPECT_EQ(font_css_px_for(1920, 1080, 1, 1), 22.0f);
    EXPECT_EQ(font_css_px_for(2560, 1440, 1, 1), 22.0f);
    // Between: 1600 / 80 = 20.
    EXPECT_EQ(font_css_px_for(1600, 1000, 1, 1), 20.0f);
    // A short window: 1920 × 700 gives 700 / 45 = 15.6 → 16 lines' worth, not 22.
    EXPECT_EQ(font_css_px_for(1920, 700, 1, 1), 16.0f);
    // A narrow embed: 600 / 80 = 7.5, held at the 13 px floor.
    EXPECT_EQ(font_css_px_for(600, 800, 1, 1), 13.0f);
    // A HiDPI laptop loaded at dpr 2: the CSS size decides (1440 / 80 = 18).
    EXPECT_EQ(font_css_px_for(1440, 900, 2, 2), 18.0f);
    // No geometry yet (hidden canvas, dpr 0): the layout size, never NaN or 0.
    EXPECT_EQ(font_css_px_for(0, 0, 1, 1), 16.0f);
    EXPECT_EQ(font_css_px_for(1280, 800, 0, 1), 16.0f);
}

TEST(FontSize, BrowserZoomStillEnlargesAndShrinksTheText) {
    // A 1920 × 1080 window loaded at 100 %: 22 CSS px = 22 device px.
    const float at_100 = font_css_px_for(1920, 1080, 1.0, 1.0);
    // Ctrl + to 150 %: CSS size 1280 × 720, dpr 1.5. The unzoomed window is still 1920 × 1080, so the font
    // keeps 22 CSS px = 33 device px: the text is 1.5× larger on screen, as asked. (Choosing from the zoomed
    // CSS width alone would give 16 CSS px = 24 device px, and Ctrl + would barely do anything.)
    const float at_150 = font_css_px_for(1280, 720, 1.5, 1.0);
    EXPECT_EQ(at_150, at_100);
    EXPECT_NEAR(at_150 * 1.5f, 33.0f, 1e-4);
    // Ctrl − to 50 %: CSS 3840 × 2160, dpr 0.5 → 22 CSS px = 11 device px: smaller on screen.
    EXPECT_NEAR(font_css_px_for(3840, 2160, 0.5, 1.0) * 0.5f, 11.0f, 1e-4);
}

TEST_F(Layout, AtFullHdAndQhdTheContentReachesTheRightEdge) {
    for (ImVec2 size : {ImVec2(1920, 1080), ImVec2(2560, 1440)}) {
        SCOPED_TRACE(std::to_string(size.x) + "x" + std::to_string(size.y));
        Page page("zh", size, font_for(size));
        page.frames(3);
        EXPECT_EQ(ImGui::GetFontSize(), 22.0f);
        // The header's right-aligned controls and the results column's widest items reach the last tenth.
        float right = 0;
        for (const ProbedItem& it : page.items())
            if (visible(it, size)) right = std::max(right, it.rect.Max.x);
        EXPECT_GT(right, size.x * 0.9f);
        // The inputs are a side panel beside the results at this size (not folded into a strip).
        EXPECT_NE(window_named("/inputs_"), nullptr);
    }
}

// --- 2. The card table uses the height it has ------------------------------------------------------------
TEST_F(Layout, CardTableShowsAsManyRowsAsTheWindowHasRoomFor) {
    for (ImVec2 size : {ImVec2(1920, 1080), ImVec2(2560, 1440)}) {
        SCOPED_TRACE(std::to_string(size.x) + "x" + std::to_string(size.y));
        Page page("zh", size, font_for(size));
        page.frames(3);
        ASSERT_TRUE(page.state().result.has_value());
        const int rows = static_cast<int>(page.state().result->plan.size());
        ASSERT_GT(rows, 20) << "the bundled catalog plans more cards than a screen holds";
        // Scroll the results column to its end, where the table is.
        ImGuiWindow* results = window_named("/results_");
        ASSERT_NE(results, nullptr);
        ImGui::SetScrollY(results, results->ScrollMax.y);
        page.frames(2);
        // The old table held 12 lines (10.5 rows under its header) whatever the height. The column's
        // height less the title and summary (4 lines) is the room: at 22 px (26 px lines) and 1080 px that
        // is ~35 rows, at 1440 px ~49.
        const float line = ImGui::GetTextLineHeightWithSpacing();
        const int room = static_cast<int>(results->Size.y / line) - 6;
        const int shown_rows = visible_with_prefix(page, "##plan_meets_");
        EXPECT_GE(shown_rows, std::min(rows, room)) << "room for " << room << " rows";
        EXPECT_GT(shown_rows, 12);
        // The last visible row is inside the window: nothing hangs below the screen.
        for (const ProbedItem& it : page.items()) {
            if (it.label.find("##plan_meets_") != std::string::npos && visible(it, size)) {
                EXPECT_LE(it.rect.Max.y, size.y);
            }
        }
    }
}

// --- 3. Step ④ is one click away -------------------------------------------------------------------------
TEST_F(Layout, HeadroomCommandsAreOneClickAwayAtFullHd) {
    for (const char* code : {"zh", "en"}) {
        SCOPED_TRACE(code);
        const Lang lang = std::string(code) == "zh" ? Lang::zh : Lang::en;
        const ImVec2 size(1920, 1080);
        Page page(code, size, font_for(size));
        page.frames(3);
        // The two copy buttons of ④ (launch, load test) sit in the inputs panel, below the fold at 22 px.
        auto copy_buttons_in_view = [&] {
            int n = 0;
            ImGuiWindow* inputs = window_named("/inputs_");
            for (const ProbedItem& it : page.items())
                if (it.label == tr(S::copy, lang) && visible(it, size) && inputs && inputs->Rect().Contains(it.rect.GetCenter()))
                    ++n;
            return n;
        };
        EXPECT_EQ(copy_buttons_in_view(), 0) << "④ was already in view: this test would prove nothing";
        // The jump is on the first screen.
        ASSERT_NE(page.find(tr(S::jump_headroom, lang)), nullptr);
        ASSERT_TRUE(page.click(tr(S::jump_headroom, lang)));
        page.frames(3);
        EXPECT_EQ(copy_buttons_in_view(), 2);
    }
}

// --- 4. Nothing cut off ----------------------------------------------------------------------------------
// On a phone (390 and 360 px) too: there "已复制" ran past the window's edge until Export and the toast's room
// moved to the next line together.
TEST_F(Layout, CopiedToastIsInsideTheWindow) {
    for (const char* code : {"zh", "en"})
        for (ImVec2 size : {ImVec2(1280, 800), ImVec2(1920, 1080), ImVec2(2560, 1440), ImVec2(390, 844), ImVec2(360, 740)}) {
            SCOPED_TRACE(std::string(code) + " " + std::to_string(size.x));
            const Lang lang = std::string(code) == "zh" ? Lang::zh : Lang::en;
            Page page(code, size, font_for(size));
            page.frames(3);
            ASSERT_TRUE(page.click(tr(S::copy_link, lang)));
            const ProbedItem* toast = probed(page, "##toast");
            ASSERT_NE(toast, nullptr) << "no toast after copying the link";
            EXPECT_EQ(shown(page, "##toast"), tr(S::copied, lang));
            // Whole word on screen: inside the display and inside the page window's visible rectangle.
            EXPECT_LE(toast->rect.Max.x, size.x);
            EXPECT_LE(toast->rect.Max.x, toast->clip.Max.x);
            EXPECT_GE(toast->rect.Min.y, 0.0f);
        }
}

TEST_F(Layout, CustomHardwareNameIsNotCutOff) {
    for (const char* code : {"zh", "en"})
        for (ImVec2 size : {ImVec2(1280, 800), ImVec2(1920, 1080)}) {
            SCOPED_TRACE(std::string(code) + " " + std::to_string(size.x));
            const Lang lang = std::string(code) == "zh" ? Lang::zh : Lang::en;
            Page page(code, size, font_for(size));
            page.frames(2);
            ASSERT_EQ(app_set_scenario_json(page.app(), R"({"hardware": "nvidia-rtx-4090"})"), "");
            page.frames(2);
            ASSERT_TRUE(page.click(tr(S::custom_hardware, lang)));
            page.frames(2);
            const std::string name = page.state().custom_hw.name;
            ASSERT_NE(name.find("4090"), std::string::npos) << name;
            // The form is below the fold at these sizes: scroll the inputs down until the field is drawn.
            ImGuiWindow* inputs = window_named("/inputs_");
            ASSERT_NE(inputs, nullptr);
            for (float y = 0; !page.find("##custom_hw_name") && y <= inputs->ScrollMax.y + inputs->Size.y; y += inputs->Size.y / 2) {
                ImGui::SetScrollY(inputs, y);
                page.frames(2);
            }
            const ProbedItem* field = page.find("##custom_hw_name");
            ASSERT_NE(field, nullptr);
            // The name and the frame's padding on both sides fit in the field, and the field in its panel.
            const float need = text_width(name) + ImGui::GetStyle().FramePadding.x * 2;
            EXPECT_GE(field->rect.GetWidth(), need) << name;
            EXPECT_LE(field->rect.Max.x, field->clip.Max.x);
            // An empty optional field shows the whole "optional: leave empty" hint.
            for (float y = inputs->Scroll.y; !page.find("##typed_hw_interconnect_gbs") && y <= inputs->ScrollMax.y + inputs->Size.y;
                 y += inputs->Size.y / 4) {
                ImGui::SetScrollY(inputs, y);
                page.frames(2);
            }
            const ProbedItem* optional_field = page.find("##typed_hw_interconnect_gbs");
            ASSERT_NE(optional_field, nullptr);
            ASSERT_TRUE(page.state().custom_hw.interconnect_gbs == std::nullopt) << "the 4090 has no interconnect figure";
            EXPECT_GE(optional_field->rect.GetWidth(), text_width(tr(S::optional_hint, lang)) + ImGui::GetStyle().FramePadding.x * 2);
        }
}

// Nothing the page draws ends past the column, cell or window it is drawn in: the result's two columns and the
// cost table clip at their edges. Explained figures and the memory bar's legend are checked by name (each is one
// item over the figure and its ⓘ mark, or a line and its word): a flowing line that placed a figure without
// counting its mark showed "… 23.8 GiB (" with the mark cut in half (the memory panel's budget line and the
// legend's activations at 1280 × 800, both languages), and on a phone (390 and 360 px) the English header's
// "Export" button ran past the window's edge. Wrapped text may reach one pixel past (the wrap position is
// rounded), hence the tolerance.
TEST_F(Layout, NothingEndsPastItsColumn) {
    const char* scenarios[] = {
        "{}",  // the default page
        kChat70bScenarioJson,
    };
    int explained = 0, legends = 0, items = 0;
    for (const char* code : {"zh", "en"})
        for (ImVec2 size : {ImVec2(1280, 800), ImVec2(1024, 768), ImVec2(1920, 1080), ImVec2(800, 900), ImVec2(390, 844), ImVec2(360, 740)})
            for (const char* scenario : scenarios) {
                SCOPED_TRACE(std::string(code) + " " + std::to_string(size.x) + "×" + std::to_string(size.y) + " " + scenario);
                Page page(code, size, font_for(size));
                page.frames(2);
                ASSERT_EQ(app_set_scenario_json(page.app(), scenario), "");
                page.frames(3);
                for (const ProbedItem& it : page.items()) {
                    explained += it.label.rfind("##explain_", 0) == 0;
                    legends += it.label.find("##legend_mem_") != std::string::npos;
                    ++items;
                    EXPECT_LE(it.rect.Max.x, it.clip.Max.x + 1.5f)
                        << it.label << " ends at x " << it.rect.Max.x << ", its column at " << it.clip.Max.x;
                }
            }
    EXPECT_GT(explained, 300) << "the page's explained figures were not found";
    EXPECT_GE(legends, 4 * 2 * 4 * 2) << "the memory bar's legend was not found";
    EXPECT_GT(items, 1000);
}

// The same after the window changes size (the font grows from 16 to 22 px at 1920 × 1080 and shrinks back): column
// widths that ImGui's tables settle in their first frames must follow the font, not keep the first size's.
TEST_F(Layout, NothingEndsPastItsColumnAfterAResize) {
    for (const char* code : {"zh", "en"})
        for (auto [from, to] : {std::pair{ImVec2(1280, 800), ImVec2(1920, 1080)}, std::pair{ImVec2(1920, 1080), ImVec2(1280, 800)},
                                std::pair{ImVec2(1280, 800), ImVec2(390, 844)}, std::pair{ImVec2(390, 844), ImVec2(390, 844)}, std::pair{ImVec2(1920, 1080), ImVec2(1920, 1080)}}) {
            SCOPED_TRACE(std::string(code) + " " + std::to_string(from.x) + " → " + std::to_string(to.x));
            // Each window size's font, in a window tall enough that the whole page is drawn (items scrolled out
            // of view are not probed).
            from.y = to.y = 6000;
            Page page(code, from, font_for(ImVec2(from.x, from.x * 0.5625f)));
            page.frames(2);
            ASSERT_EQ(app_set_scenario_json(page.app(), kChat70bScenarioJson), "");
            page.frames(3);
            page.resize(to, font_for(ImVec2(to.x, to.x * 0.5625f)));
            page.frames(3);
            int items = 0;
            for (const ProbedItem& it : page.items()) {
                ++items;
                // The cards table's last column shows the start of each note and cuts the rest (hovering shows it:
                // HoveringACardNoteShowsAllOfIt). On a phone the table scrolls sideways and its edge cuts what is
                // scrolled out of view (OnAPhoneTheCardsTableScrollsSideways checks each figure whole in view).
                if (it.label.find("##plan_note_") != std::string::npos) continue;
                if (to.x < 600 && (it.label.find("##plan_") != std::string::npos ||
                                   it.label.find("##explain_plan[") != std::string::npos))
                    continue;
                EXPECT_LE(it.rect.Max.x, it.clip.Max.x + 1.5f)
                    << it.label << " ends at x " << it.rect.Max.x << ", its column at " << it.clip.Max.x;
            }
            EXPECT_GT(items, 200);
        }
}

// On a phone (390 and 360 px) the cards table keeps its desktop layout and scrolls sideways inside: seven columns
// squeezed into the width left the name and the cost a few letters each ("Insti", "$4,38"). Scrolled from its left
// edge to its right, every row's count, verdict and cost comes whole into view, and at the left edge the cost
// column is out of view (the check would pass trivially if the table did not need scrolling).
TEST_F(Layout, OnAPhoneTheCardsTableScrollsSideways) {
    for (const char* code : {"zh", "en"})
        for (float width : {390.0f, 360.0f}) {
            SCOPED_TRACE(std::string(code) + " " + std::to_string(width));
            Page page(code, ImVec2(width, 6000), font_for(ImVec2(width, 844)));
            page.frames(2);
            ASSERT_EQ(app_set_scenario_json(page.app(), kChat70bScenarioJson), "");
            page.frames(3);
            float row_y = -1;
            for (const ProbedItem& it : page.items())
                if (row_y < 0 && it.label.rfind("##explain_plan[", 0) == 0) row_y = it.rect.GetCenter().y;
            ASSERT_GT(row_y, 0) << "the cards table is not on the page";
            const ImVec2 over_table(width * 0.5f, row_y);
            auto whole = [](const ProbedItem& it) {
                return it.rect.Min.x >= it.clip.Min.x - 1.5f && it.rect.Max.x <= it.clip.Max.x + 1.5f;
            };
            auto is_figure = [](const std::string& label) {
                return label.find("##plan_meets_") != std::string::npos ||
                       (label.rfind("##explain_plan[", 0) == 0 &&
                        (label.find("].cards") != std::string::npos || label.find("].cost_per_month") != std::string::npos));
            };
            std::map<std::string, bool> seen_whole;
            int costs_whole_at_left = 0;
            for (int step = 0; step < 12; ++step) {
                for (const ProbedItem& it : page.items()) {
                    if (!is_figure(it.label)) continue;
                    seen_whole[it.label] = seen_whole[it.label] || whole(it);
                    if (step == 0 && it.label.find("].cost_per_month") != std::string::npos) costs_whole_at_left += whole(it);
                }
                page.wheel(over_table, -2.0f, 0.0f);  // ImGui: a negative MouseWheelH scrolls to the right
            }
            EXPECT_EQ(costs_whole_at_left, 0) << "the cost column was in view without scrolling";
            int costs = 0;
            for (const auto& [label, ok] : seen_whole) {
                costs += label.find("].cost_per_month") != std::string::npos;
                EXPECT_TRUE(ok) << label << " never came whole into view";
            }
            EXPECT_GE(costs, 10) << "too few cost figures were drawn to judge";
        }
}

// In the cards table a range of up to four digits and its ⓘ share one line ("320 – 1,600 ⓘ" for the RTX 4060 Ti in
// the 70B chat case): in a narrower column the mark went to a second line and doubled the row.
TEST_F(Layout, CardCountsAndTheirMarksShareOneLine) {
    for (const char* code : {"zh", "en"})
        for (ImVec2 size : {ImVec2(1280, 800), ImVec2(1920, 1080)}) {
            SCOPED_TRACE(std::string(code) + " " + std::to_string(size.x));
            // The font of this window size, in a window tall enough that the whole table is drawn (rows scrolled
            // out of view are not probed).
            Page page(code, ImVec2(size.x, 4000), font_for(size));
            page.frames(2);
            ASSERT_EQ(app_set_scenario_json(page.app(), kChat70bScenarioJson), "");
            page.frames(3);
            const float line = ImGui::GetTextLineHeightWithSpacing();
            int four_digit = 0, rows = 0;
            for (const ProbedItem& it : page.items()) {
                if (it.label.rfind("##explain_plan[", 0) != 0 || it.label.find("].cards") == std::string::npos) continue;
                ++rows;
                const size_t i = std::stoul(it.label.substr(std::string("##explain_plan[").size()));
                four_digit += page.state().result->plan.at(i).cards.hi >= 1000;
                EXPECT_LT(it.rect.GetHeight(), line * 1.5f) << it.label << " takes " << it.rect.GetHeight() << " px";
            }
            EXPECT_GT(rows, 20);
            EXPECT_GE(four_digit, 1) << "no four-digit card count in the table: the case no longer tests the width";
        }
}

// The cards table's last column shows the start of each row's note ("20 tok/s per user needs ≤ 50 users per
// replica (67 get 18 tok/s)" is cut after a few words at 1280 px); hovering it shows the whole note.
TEST_F(Layout, HoveringACardNoteShowsAllOfIt) {
    for (const char* code : {"zh", "en"}) {
        SCOPED_TRACE(code);
        Page page(code, ImVec2(1280, 4000), 16);
        page.frames(2);
        ASSERT_EQ(app_set_scenario_json(page.app(), kChat70bScenarioJson), "");
        page.frames(3);
        const Result& r = *page.state().result;
        const auto row = std::find_if(r.plan.begin(), r.plan.end(), [](const PlanRow& p) { return p.hardware == "nvidia-h100-sxm-80gb"; });
        ASSERT_NE(row, r.plan.end());
        const std::string note = row->note_text.in(code);
        // Not page.find: the note's text runs past the column, so the item is only partly on screen.
        const ProbedItem* cell = nullptr;
        for (const ProbedItem& it : page.items())
            if (it.label == note + "##plan_note_nvidia-h100-sxm-80gb") cell = &it;
        ASSERT_NE(cell, nullptr);
        EXPECT_LT(cell->clip.Max.x - cell->rect.Min.x, text_width(note)) << "the note is not cut: nothing to show";
        // A frame's log holds every text item whole, the cut cell too; with a tooltip open it ends with the tooltip
        // (ImGui 1.86 ends a log at a top-level window's End: Page::drawn_text). Compared without spaces and line
        // breaks: the tooltip wraps at 30 em.
        auto squeeze = [](std::string t) {
            t.erase(std::remove_if(t.begin(), t.end(), [](char c) { return c == ' ' || c == '\n'; }), t.end());
            return t;
        };
        auto ends_with_note = [&](const std::string& text) {
            const std::string all = squeeze(text), tail = squeeze(note);
            return all.size() >= tail.size() && all.compare(all.size() - tail.size(), tail.size(), tail) == 0;
        };
        const ImVec2 over_the_cell(cell->rect.Min.x + 10, cell->rect.GetCenter().y);  // before the next frame moves items
        EXPECT_FALSE(ends_with_note(page.drawn_text()));
        page.hover(over_the_cell);
        page.frames(2);
        EXPECT_TRUE(ends_with_note(page.drawn_text())) << "hovering the note did not show it whole in a tooltip";
    }
}

// The typical scenarios (personal, offline batch, cloud API, online service) sit under a header row of their own,
// "典型场景" / "Scenario", below the CPU / GPU / API options: in one table the scenario's "云端 API" row read as a
// second copy of the API option.
TEST_F(Layout, TypicalScenariosHaveTheirOwnHeaderUnderTheOptions) {
    for (const char* code : {"zh", "en"}) {
        SCOPED_TRACE(code);
        const Lang lang = std::string(code) == "zh" ? Lang::zh : Lang::en;
        Page page(code, ImVec2(1280, 2600), 16);
        page.frames(3);
        auto top_of = [&](const std::string& label_part) {
            for (const ProbedItem& it : page.items())
                if (it.label.find(label_part) != std::string::npos) return it.rect.Min.y;
            return -1.0f;
        };
        // A table's header row is its top: the table whose first column is named so (ImGui probes no header item).
        auto table_top = [&](const char* first_column) {
            ImGuiContext& g = *GImGui;
            for (int n = 0; n < g.Tables.GetMapSize(); n++)
                if (ImGuiTable* t = g.Tables.TryGetMapData(n))
                    if (t->ColumnsCount > 0 && std::string(ImGui::TableGetColumnName(t, 0)) == first_column &&
                        t->LastFrameActive >= g.FrameCount - 1)
                        return t->OuterRect.Min.y;
            return -1.0f;
        };
        const float options_header = table_top(tr(S::col_option, lang));
        const float api_option = top_of("##badge_api");
        const float scenarios_header = table_top(tr(S::col_scenario, lang));
        const float personal = top_of("##badge_personal");
        const float cloud_api = top_of("##badge_cloud_api");
        ASSERT_GE(options_header, 0.0f);
        ASSERT_GE(scenarios_header, 0.0f) << "no header row for the typical scenarios";
        EXPECT_LT(options_header, api_option);
        EXPECT_LT(api_option, scenarios_header);
        EXPECT_LT(scenarios_header, personal);
        EXPECT_LT(personal, cloud_api);
    }
}

// --- 5. The memory bar's lines have a legend and tooltips ------------------------------------------------
TEST_F(Layout, MemoryBarLinesHaveALegendAndTooltips) {
    for (const char* code : {"zh", "en"}) {
        SCOPED_TRACE(code);
        const Lang lang = std::string(code) == "zh" ? Lang::zh : Lang::en;
        Page page(code, ImVec2(1280, 800), 16);
        page.frames(3);
        ASSERT_TRUE(page.state().result.has_value());
        ASSERT_TRUE(page.state().result->memory.capacity_known);
        ASSERT_GT(page.state().result->memory.engine_reserved_gib.hi, 0.0);
        const struct {
            const char* id;
            S word;
        } markers[] = {{"capacity", S::mem_marker_capacity},
                       {"budget", S::mem_marker_budget},
                       {"range", S::mem_marker_range},
                       {"engine", S::mem_marker_engine}};
        for (const auto& m : markers) {
            SCOPED_TRACE(m.id);
            // The legend names the line in the page's language.
            EXPECT_EQ(shown(page, std::string("##legend_mem_") + m.id), tr(m.word, lang));
            // Hovering the line opens its tooltip (the engine's line hangs under the bar: hover its foot,
            // below the budget line's end).
            const ProbedItem* line = probed(page, std::string("##mem_line_") + m.id);
            ASSERT_NE(line, nullptr);
            const ImVec2 at = std::string(m.id) == "engine" ? ImVec2(line->rect.GetCenter().x, line->rect.Max.y - 1)
                                                            : line->rect.GetCenter();
            page.hover(at);
            EXPECT_EQ(shown(page, std::string("##tip_mem_") + m.id), tr(m.word, lang));
            // And hovering the legend's word does too.
            page.hover(ImVec2(-1000, -1000));
            EXPECT_EQ(probed(page, std::string("##tip_mem_") + m.id), nullptr);
            const ProbedItem* legend = probed(page, std::string("##legend_mem_") + m.id);
            ASSERT_NE(legend, nullptr);
            page.hover(legend->rect.GetCenter());
            EXPECT_EQ(shown(page, std::string("##tip_mem_") + m.id), tr(m.word, lang));
            page.hover(ImVec2(-1000, -1000));
        }
    }
}

// --- 4b. Speed labels do not run under their figures ----------------------------------------------------
TEST_F(Layout, SpeedLabelsEndBeforeTheirFigures) {
    // The rows' labels top to bottom (speed_panel.cpp); the p90 and per-user rows carry probed target words.
    const S labels[] = {S::ttft, S::ttft_p90, S::tps_per_user, S::throughput,
                        S::single_stream, S::in_flight, S::prefill, S::burst_ttft};
    int checked_sizes = 0;
    for (const char* code : {"zh", "en"})
        for (ImVec2 size : {ImVec2(1280, 800), ImVec2(1920, 1080), ImVec2(2560, 1440)}) {
            SCOPED_TRACE(std::string(code) + " " + std::to_string(size.x));
            const Lang lang = std::string(code) == "zh" ? Lang::zh : Lang::en;
            Page page(code, size, font_for(size));
            page.frames(3);
            const ProbedItem* p90 = probed(page, "##target_ttft");
            const ProbedItem* tps = probed(page, "##target_tps");
            ASSERT_TRUE(p90 && tps);
            // Where the speed column starts: the second column of the results' memory | speed table.
            ImGuiWindow* results = window_named("/results_");
            ASSERT_NE(results, nullptr);
            ImGuiTable* table = ImGui::TableFindByID(ImHashStr("memory_speed", 0, results->ID));
            ASSERT_NE(table, nullptr);
            const float left = table->Columns[1].WorkMinX;
            const float column_w = table->Columns[1].WorkMaxX - left;
            // The target words are whole and inside the column, after their figure or under it.
            for (const ProbedItem* word : {p90, tps}) EXPECT_LE(word->rect.Max.x, word->clip.Max.x) << word->label;
            // Rows are one line apart while no label wraps (the figures start at most 45 % into the column;
            // a longer label wraps there instead): only then is row i at a known height.
            const float line = tps->rect.GetCenter().y - p90->rect.GetCenter().y;
            bool one_line_each = true;
            for (S l : labels) one_line_each &= text_width(tr(l, lang)) + ImGui::GetFontSize() <= column_w * 0.45f;
            if (!one_line_each) continue;
            ++checked_sizes;
            for (int i = 0; i < 8; ++i) {
                SCOPED_TRACE(tr(labels[i], lang));
                // Just inside the label's last glyph: hovering there must not hover the figure (whose trace
                // tooltip would open) — it does when the figure is drawn over the label.
                const ImVec2 at(left + text_width(tr(labels[i], lang)) - 2, p90->rect.GetCenter().y + line * static_cast<float>(i - 1));
                page.hover(at);
                ImGuiWindow* tip = ImGui::FindWindowByName("##Tooltip_00");
                EXPECT_FALSE(tip && tip->Active) << "a figure lies under the label's end at x " << at.x;
            }
            // The probe itself works: just left of the p90 row's target word is its figure, with a tooltip.
            page.hover(ImVec2(p90->rect.Min.x - ImGui::GetStyle().ItemSpacing.x - 3, p90->rect.GetCenter().y));
            ImGuiWindow* tip = ImGui::FindWindowByName("##Tooltip_00");
            EXPECT_TRUE(tip && tip->Active) << "hovering the p90 figure shows no trace";
            page.hover(ImVec2(-1000, -1000));
        }
    EXPECT_GE(checked_sizes, 3) << "too few sizes with one-line labels: the hover check checked little";
}
