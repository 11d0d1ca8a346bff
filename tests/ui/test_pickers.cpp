// test_pickers.cpp — the searchable model and hardware pickers as a keyboard user meets them (issue #9):
// typed text filters, Up/Down move the highlight, Enter picks it; the list opens below its box, never over it.
#include "ui_harness.hpp"

#include <algorithm>
#include <cctype>

#include <gtest/gtest.h>

namespace infersizer::app::test {
namespace {

using Pickers = PageTest;

bool has_ci(const std::string& hay, const std::string& needle) {
    auto lower = [](std::string s) {
        std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        return s;
    };
    return lower(hay).find(lower(needle)) != std::string::npos;
}

// The chat models a search lists, top to bottom: grouped by family in catalog order (model_panel.cpp).
std::vector<std::string> listed_models(const Catalog& c, const std::string& text) {
    std::vector<std::string> families, out;
    for (const ModelArch& m : c.models)
        if (m.role == ModelRole::chat && std::find(families.begin(), families.end(), m.family) == families.end())
            families.push_back(m.family);
    for (const std::string& f : families)
        for (const ModelArch& m : c.models)
            if (m.role == ModelRole::chat && m.family == f &&
                (has_ci(m.id, text) || has_ci(m.family, text) || has_ci(m.hf_id, text)))
                out.push_back(m.id);
    return out;
}

// Opens a picker by its box and types into its search field, which has the keyboard once the list is open.
void open_and_type(Page& page, const std::string& box, const std::string& text) {
    const std::string panel = box == "##model" ? "model_panel" : "hardware_panel";
    ASSERT_TRUE(page.click_path("/inputs_", {panel, box})) << box;
    page.frames(2);
    ImGui::GetIO().AddInputCharactersUTF8(text.c_str());
    page.frames(2);
}

ImGuiWindow* open_list() {
    for (ImGuiWindow* w : GImGui->Windows)
        if (w->Active && std::string(w->Name).rfind("##Combo_", 0) == 0) return w;
    return nullptr;
}

TEST_F(Pickers, EnterPicksTheFirstMatchOfTheModelSearch) {
    Page page("en", ImVec2(1280, 900));
    page.frames(3);
    const std::vector<std::string> listed = listed_models(*page.state().catalog, "llama");
    ASSERT_GE(listed.size(), 2u) << "the catalog has several Llama models";
    ASSERT_NE(page.state().scenario.model_id, listed[0]);
    open_and_type(page, "##model", "llama");
    page.press_key(ImGuiKey_Enter);
    EXPECT_EQ(page.state().scenario.model_id, listed[0]);
    EXPECT_EQ(open_list(), nullptr) << "the list closes after Enter";
}

TEST_F(Pickers, ArrowKeysMoveTheHighlightThatEnterPicks) {
    Page page("en", ImVec2(1280, 900));
    page.frames(3);
    const std::vector<std::string> listed = listed_models(*page.state().catalog, "llama");
    ASSERT_GE(listed.size(), 3u);
    open_and_type(page, "##model", "llama");
    page.press_key(ImGuiKey_DownArrow);
    page.press_key(ImGuiKey_DownArrow);
    page.press_key(ImGuiKey_UpArrow);
    page.press_key(ImGuiKey_Enter);
    EXPECT_EQ(page.state().scenario.model_id, listed[1]) << "down, down, up: the second match";

    // Reopened, the highlight starts on the current model (the search text stays); up, up: the first, and
    // no further.
    open_and_type(page, "##model", "");
    page.press_key(ImGuiKey_UpArrow);
    page.press_key(ImGuiKey_UpArrow);
    page.press_key(ImGuiKey_Enter);
    EXPECT_EQ(page.state().scenario.model_id, listed[0]);
}

TEST_F(Pickers, HardwarePickerTakesTheKeyboardToo) {
    Page page("en", ImVec2(1280, 1400));
    page.frames(3);
    const Catalog& c = *page.state().catalog;
    std::vector<std::string> listed;  // no filter set: catalog order
    for (const Hardware& h : c.hardware)
        if (has_ci(h.name, "H100") || has_ci(h.id, "H100") || has_ci(h.vendor, "H100")) listed.push_back(h.id);
    ASSERT_GE(listed.size(), 2u) << "the catalog has several H100 variants";
    open_and_type(page, "##hardware", "H100");
    page.press_key(ImGuiKey_DownArrow);
    page.press_key(ImGuiKey_Enter);
    EXPECT_EQ(page.state().scenario.hardware_id, listed[1]);
    EXPECT_FALSE(page.state().scenario.hardware_custom.has_value());
}

// The list starts right under its box and stays on the display; the box stays visible (issue #9: the
// model list covered the box it belongs to).
TEST_F(Pickers, ListsOpenBelowTheirBoxNotOverIt) {
    for (const char* box : {"##model", "##hardware"}) {
        // Tall enough that the hardware box is on the display without scrolling the inputs.
        Page page("en", ImVec2(1280, std::string(box) == "##model" ? 800.0f : 1400.0f));
        page.frames(3);
        const std::string panel = std::string(box) == "##model" ? "model_panel" : "hardware_panel";
        const ImRect* r = page.path_rect("/inputs_", {panel, box});
        ASSERT_NE(r, nullptr) << box;
        const ImRect rect = *r;
        ASSERT_TRUE(page.click_path("/inputs_", {panel, box}));
        page.frames(3);
        const ImGuiWindow* list = open_list();
        ASSERT_NE(list, nullptr) << box << " at " << rect.Min.y << "–" << rect.Max.y;
        const float top = list->Pos.y, bottom = list->Pos.y + list->Size.y;
        const bool below = top >= rect.Max.y - 0.5f, above = bottom <= rect.Min.y + 0.5f;
        EXPECT_TRUE(below || above) << box << ": list " << top << "–" << bottom << " over its box " << rect.Min.y << "–"
                                    << rect.Max.y;
        EXPECT_LE(bottom, page.size().y + 0.5f) << box;
        // Room permitting, below: these boxes sit in the upper part of the display.
        if (rect.Max.y < page.size().y / 2) {
            EXPECT_TRUE(below) << box;
        }
        page.press_key(ImGuiKey_Escape);
    }
}

}  // namespace
}  // namespace infersizer::app::test
