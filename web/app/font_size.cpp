// font_size.cpp — font_css_px_for (see font_size.hpp).
#include "font_size.hpp"

#include <algorithm>
#include <cmath>

namespace infersizer::app {

float font_css_px_for(double css_w, double css_h, double dpr, double base_dpr) {
    // Bad geometry (a hidden canvas, a dpr of 0) keeps the size the page was laid out at.
    if (!(css_w > 0) || !(css_h > 0) || !(dpr > 0) || !(base_dpr > 0)) return 16.0f;
    const double zoom = dpr / base_dpr;
    const double by_width = css_w * zoom / kCssPxPerFontPxWide;
    const double by_height = css_h * zoom / kCssPxPerFontPxTall;
    const double px = std::round(std::min(by_width, by_height));
    return static_cast<float>(std::clamp(px, static_cast<double>(kFontMinCssPx), static_cast<double>(kFontMaxCssPx)));
}

}  // namespace infersizer::app
