// fonts.hpp — the bundled font (WenQuanYi Micro Hei cut to the page's characters) and its glyph text.
#pragma once

#include <string_view>

namespace infersizer::app {

struct AppState;

std::string_view bundled_font_ttf();    // the subset TrueType font; empty if the build embedded none
std::string_view bundled_glyph_text();  // every character the font was cut to (UTF-8)

// Replaces the current ImGui context's fonts with the bundled font at `pixel_size`. The renderer backend
// must (re)create its font texture afterwards (the atlas is built on its next GetTexDataAs* call).
void load_fonts(AppState& s, float pixel_size);

}  // namespace infersizer::app
