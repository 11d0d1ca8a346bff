// theme.hpp — the page's two colour themes, light and dark: one palette each, the only place a colour is chosen.
//
// The page follows the system's prefers-color-scheme (the platform reports it, and its changes) unless the
// header's toggle or the link's `theme=` overrides it (AppState::theme()). Every colour a panel draws comes from
// the current palette: ImGui's style colours (apply_theme writes them each frame) or the fields below for what
// ImGui's style has no slot for (verdict words and badges, section titles, the memory bar). Both palettes keep
// every text colour at WCAG contrast ≥ 4.5:1 against the backgrounds it is drawn on (tests/ui/test_theme.cpp).
#pragma once

#include <imgui.h>

#include <optional>
#include <string>

namespace infersizer::app {

enum class Theme { dark, light };
const char* theme_id(Theme t);                               // "dark" / "light"
std::optional<Theme> theme_from_id(const std::string& id);  // "dark" / "light"; anything else: nullopt

struct Palette {
    // Backgrounds: the page (window), the side panel and tables (child), tooltips and lists (popup), fields.
    ImVec4 window_bg, child_bg, popup_bg, frame_bg;
    // Text: body text; muted footnotes, sources, hints and legends (ImGuiCol_TextDisabled); section titles; the
    // commands in ④ and the engine's reservation line (accent).
    ImVec4 text, text_muted, title, accent;
    // Verdict words drawn as text (green holds, amber near a limit, red does not hold), and the badges: a filled
    // rectangle of badge_fill with its word in badge_text.
    ImVec4 verdict_yes, verdict_conditional, verdict_no;
    ImVec4 badge_yes, badge_conditional, badge_no, badge_text;
    // The memory bar: its parts (weights, KV cache, activations, runtime, colocated) and the low–high spread.
    ImU32 memory_parts[5];
    ImU32 memory_spread;
};

const Palette& palette_of(Theme t);

// Makes `t` the palette of the frames that follow and writes ImGui's style colours from it. Called at the start
// of every frame (cheap): the palette is global like ImGui's own style, since the page has one ImGui context.
void apply_theme(Theme t);
// The palette apply_theme last made current (dark before the first call).
const Palette& palette();

// WCAG 2 contrast ratio of two opaque colours (1 to 21), and `top` composited over an opaque `below`.
double contrast_ratio(const ImVec4& a, const ImVec4& b);
ImVec4 over(const ImVec4& top, const ImVec4& below);

}  // namespace infersizer::app
