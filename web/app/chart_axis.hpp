// chart_axis.hpp — the charts' arithmetic without ImGui, so tests run it natively: an axis's range from the
// values it must show (one point, a zero span, twelve decades, non-positive values on a log axis), "nice" ticks on
// the 1-2-5 ladder, value ↔ position, tick labels in the core's figure style, a band's pixel span (never inverted)
// and a series' band at any x (the hover read-out). chart.cpp draws with it.
#pragma once

#include "curves.hpp"
#include "interval.hpp"

#include <optional>
#include <string>
#include <vector>

namespace infersizer::app {

struct AxisRange {
    double lo = 0;
    double hi = 1;
    bool log = false;
};

// The range that shows every finite value of `values` (non-positive ones are left out on a log axis), widened
// to nice ends: a single value or a zero span gets room around it, a linear axis of positive values starts at 0
// when the values' own span is larger than their distance from it; values that are all ≥ 0 never get a negative
// end. Always lo < hi, finite, lo > 0 on a log axis.
AxisRange fit_range(const std::vector<double>& values, bool log, bool from_zero = true);

// Tick values inside the range, ascending, at most about `max_ticks`: 1-2-5 × 10^k steps on a linear axis;
// on a log axis the powers of ten (every n-th over many decades), with 2 and 5 between when few decades show.
std::vector<double> nice_ticks(const AxisRange& r, int max_ticks);

// Position of `v` along the axis, 0 at lo and 1 at hi (outside for values beyond; a non-positive value on a log
// axis maps to lo), and back.
double axis_t(const AxisRange& r, double v);
double axis_value(const AxisRange& r, double t);

// A tick or read-out figure as the page prints that kind: seconds "0.5 s" / "120 ms", tokens "8k", counts
// "1.2万" / "12k", GiB "24", tokens/s "35", USD "$1,200".
std::string axis_label(double v, AxisKind kind, const std::string& lang);

// The vertical pixel span of a band on a y axis drawn from `y_bottom` (the axis's lo) up to `y_top`: top ≤
// bottom whatever order lo and hi come in, clamped to the plot.
struct PixelSpan {
    float top = 0;
    float bottom = 0;
};
PixelSpan band_pixels(const AxisRange& y, Interval band, float y_top, float y_bottom);

// The band of a series at `x` by linear interpolation between its neighbouring points along the axis (log or
// linear); nullopt outside the series' x span or for an empty series.
std::optional<Interval> band_at(const std::vector<CurvePoint>& points, double x, bool log_x);

}  // namespace infersizer::app
