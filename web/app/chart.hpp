// chart.hpp — the page's one chart: a core Chart (curves.hpp) drawn on ImGui's draw list. Axes with 1-2-5 ticks in
// the core's figure style, log or linear x and y, a legend, each series as its interval band (filled from lo to hi)
// with its middle line, reference lines (targets, the cards' budget, the scenario's own value), the marked point,
// and a read-out of x and every band under the mouse. Colours come from the ImGui style (chart_color), so a light
// theme draws light charts. The arithmetic is chart_axis.hpp's.
#pragma once

#include "curves.hpp"
#include "i18n.hpp"

#include <imgui.h>

namespace infersizer::app {

// The i-th series' colour, readable on the style's window background (darker tones on a light one).
ImU32 chart_color(int i, float alpha = 1.0f);

// Draws `c` at the cursor in a box of `size` (an item: the layout moves past it). Returns the box's corners.
struct ChartBox {
    ImVec2 min, max;
};
ChartBox DrawChart(const Chart& c, Lang lang, ImVec2 size);

}  // namespace infersizer::app
