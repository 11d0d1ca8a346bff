// font_size.hpp — the UI font's size from the window's size: a wide screen gets larger text, so the page
// fills it instead of leaving half of it empty, within bounds that stay readable.
#pragma once

namespace infersizer::app {

// Bounds and slope of the choice, in CSS pixels. 16 px at 1280 px wide (the size the page was laid out
// at); 22 px from 1760 px up (1920×1080, 2560×1440); never under 13 px (a narrow embed, a phone).
constexpr float kFontMinCssPx = 13.0f;
constexpr float kFontMaxCssPx = 22.0f;
constexpr float kCssPxPerFontPxWide = 80.0f;  // 1280 px wide / 16 px
constexpr float kCssPxPerFontPxTall = 45.0f;  // a short window (1280×600) keeps ~45 lines

// The font size in whole CSS pixels (whole pixels are the buckets: the atlas is rebuilt only when this
// or devicePixelRatio changes). `css_w`/`css_h`: the canvas's CSS size; `dpr`: devicePixelRatio now;
// `base_dpr`: devicePixelRatio when the page loaded. Browser zoom (Ctrl +/−) scales dpr and divides the
// CSS size by the same factor, so the size is chosen from the unzoomed window (CSS size × dpr / base_dpr):
// zooming then keeps the font's CSS size and the text grows or shrinks on screen as the user asked,
// instead of the larger CSS pixels being cancelled by a smaller choice.
float font_css_px_for(double css_w, double css_h, double dpr, double base_dpr);

}  // namespace infersizer::app
