// theme.cpp — the two palettes (theme.hpp) and how they become ImGui's style.
//
// The numbers are chosen for contrast, not taken from ImGui: ImGui's dark style draws TextDisabled at 50 % grey,
// which on the dark background is about 4.2:1 and less on a tooltip, and its light style at 60 % grey (2.8:1 on
// white). Each colour's ratio against its backgrounds is in tests/ui/test_theme.cpp, which recomputes them.
// Verdict words are light on the dark page and dark on the light one; badges keep one dark fill with white words
// in both themes. The hues stay what the page's colour language says (green holds, amber near a limit, red does
// not hold; tests/ui/test_pinned_page.cpp reads them back from the draw data).
#include "theme.hpp"

#include <algorithm>
#include <cmath>

namespace infersizer::app {

namespace {

ImVec4 rgb(int r, int g, int b, float a = 1.0f) {
    return ImVec4(static_cast<float>(r) / 255.0f, static_cast<float>(g) / 255.0f, static_cast<float>(b) / 255.0f, a);
}

// Badges: the same dark fills in both themes, white words at 5.9–6.8:1.
const ImVec4 kBadgeYes = rgb(23, 105, 45);
const ImVec4 kBadgeConditional = rgb(138, 90, 0);
const ImVec4 kBadgeNo = rgb(179, 38, 30);
const ImVec4 kWhite = rgb(255, 255, 255);

// The memory bar's parts: hues distinct from the verdict colours (green, amber, red), so the bar never reads as
// a verdict; mid-tones that stand out from both backgrounds.
#define INFERSIZER_MEMORY_PARTS \
    { IM_COL32(66, 133, 244, 255), IM_COL32(0, 172, 193, 255), IM_COL32(156, 104, 220, 255), \
      IM_COL32(120, 144, 156, 255), IM_COL32(214, 132, 86, 255) }

const Palette kDark = {
    rgb(21, 23, 27),          // window_bg
    rgb(0, 0, 0, 0.0f),       // child_bg: the page shows through
    rgb(35, 38, 45, 0.98f),   // popup_bg
    rgb(41, 74, 122, 0.54f),  // frame_bg: ImGui's dark blue field
    rgb(232, 234, 237),       // text            14.9:1 on the page
    rgb(160, 166, 176),       // text_muted       7.3:1 on the page, 6.2:1 in a tooltip
    rgb(138, 180, 248),       // title
    rgb(127, 200, 224),       // accent
    rgb(91, 201, 122),        // verdict_yes
    rgb(240, 180, 60),        // verdict_conditional
    rgb(255, 123, 114),       // verdict_no
    kBadgeYes, kBadgeConditional, kBadgeNo, kWhite,
    INFERSIZER_MEMORY_PARTS,
    IM_COL32(200, 200, 200, 90),
};

const Palette kLight = {
    rgb(247, 248, 250),       // window_bg
    rgb(0, 0, 0, 0.0f),       // child_bg
    rgb(255, 255, 255, 0.98f),// popup_bg
    rgb(228, 231, 236),       // frame_bg: fields stand out from the page
    rgb(29, 31, 36),          // text            15.5:1 on the page
    rgb(84, 90, 101),         // text_muted       6.5:1 on the page, 5.6:1 on a field
    rgb(26, 95, 180),         // title
    rgb(0, 105, 120),         // accent
    rgb(23, 105, 45),         // verdict_yes
    rgb(122, 80, 0),          // verdict_conditional
    rgb(179, 38, 30),         // verdict_no
    kBadgeYes, kBadgeConditional, kBadgeNo, kWhite,
    INFERSIZER_MEMORY_PARTS,
    IM_COL32(40, 40, 40, 60),
};

#undef INFERSIZER_MEMORY_PARTS

const Palette* g_current = &kDark;  // set by apply_theme; one ImGui context per page

double channel_linear(float c) {
    return c <= 0.04045f ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

double relative_luminance(const ImVec4& c) {
    return 0.2126 * channel_linear(c.x) + 0.7152 * channel_linear(c.y) + 0.0722 * channel_linear(c.z);
}

}  // namespace

const char* theme_id(Theme t) { return t == Theme::light ? "light" : "dark"; }

std::optional<Theme> theme_from_id(const std::string& id) {
    if (id == "light") return Theme::light;
    if (id == "dark") return Theme::dark;
    return std::nullopt;
}

const Palette& palette_of(Theme t) { return t == Theme::light ? kLight : kDark; }

const Palette& palette() { return *g_current; }

void apply_theme(Theme t) {
    g_current = &palette_of(t);
    const Palette& p = *g_current;
    ImGuiStyle& style = ImGui::GetStyle();
    // ImGui's own style for everything the palette does not name (buttons, headers, tables, sliders).
    if (t == Theme::light) ImGui::StyleColorsLight(&style);
    else ImGui::StyleColorsDark(&style);
    ImVec4* c = style.Colors;
    c[ImGuiCol_WindowBg] = p.window_bg;
    c[ImGuiCol_ChildBg] = p.child_bg;
    c[ImGuiCol_PopupBg] = p.popup_bg;
    c[ImGuiCol_FrameBg] = p.frame_bg;
    c[ImGuiCol_Text] = p.text;
    c[ImGuiCol_TextDisabled] = p.text_muted;
    c[ImGuiCol_PlotLines] = p.accent;
    c[ImGuiCol_PlotHistogram] = p.title;
    // A selected row (a picker's current entry, the toggles' current word) may hold muted or coloured text: ImGui's
    // 31 % blue leaves red words at 4.3:1 on the dark page and titles at 4.4:1 on the light one; 20 % keeps ≥ 4.8.
    c[ImGuiCol_Header].w = 0.20f;
    // ImGui's dark style lights a hovered or pressed button (and a hovered row) in bright blue, where white text
    // reads at 2.5:1: a deeper blue keeps it at ≥ 5:1. The light style's are already light under dark text.
    if (t == Theme::dark) {
        c[ImGuiCol_ButtonHovered] = c[ImGuiCol_HeaderHovered] = rgb(40, 90, 160);
        c[ImGuiCol_ButtonActive] = c[ImGuiCol_HeaderActive] = rgb(30, 72, 135);
    }
}

ImVec4 over(const ImVec4& top, const ImVec4& below) {
    const float a = top.w;
    return ImVec4(top.x * a + below.x * (1 - a), top.y * a + below.y * (1 - a), top.z * a + below.z * (1 - a), 1.0f);
}

double contrast_ratio(const ImVec4& a, const ImVec4& b) {
    const double la = relative_luminance(a), lb = relative_luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

}  // namespace infersizer::app
