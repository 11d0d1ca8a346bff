// test_chart_axis.cpp — the charts' arithmetic (web/app/chart_axis.hpp), natively and without ImGui: ranges and
// 1-2-5 ticks for one point, a zero span, twelve decades and non-positive values on a log axis; positions and
// back; bands never inverted; the read-out's interpolation; tick labels in the core's figure style.
#include "chart_axis.hpp"

#include <gtest/gtest.h>

#include <cmath>

using namespace infersizer;
using namespace infersizer::app;

namespace {

// 1, 2 or 5 times a power of ten.
bool on_ladder(double step) {
    const double m = step / std::pow(10.0, std::floor(std::log10(step) + 1e-9));
    return std::fabs(m - 1) < 1e-6 || std::fabs(m - 2) < 1e-6 || std::fabs(m - 5) < 1e-6;
}

void expect_good_ticks(const AxisRange& r, int max_ticks, const char* what) {
    SCOPED_TRACE(what);
    ASSERT_LT(r.lo, r.hi);
    ASSERT_TRUE(std::isfinite(r.lo) && std::isfinite(r.hi));
    const std::vector<double> t = nice_ticks(r, max_ticks);
    ASSERT_GE(t.size(), 2u);
    EXPECT_LE(int(t.size()), max_ticks + 1);
    for (size_t i = 0; i < t.size(); ++i) {
        EXPECT_TRUE(std::isfinite(t[i]));
        const double slack = (r.hi - r.lo) * 1e-9;
        EXPECT_GE(t[i], r.lo - slack);
        EXPECT_LE(t[i], r.hi + slack);
        if (i > 0) {
            EXPECT_GT(t[i], t[i - 1]);
        }
        if (r.log) {
            EXPECT_GT(t[i], 0);
            EXPECT_TRUE(on_ladder(t[i])) << t[i];
        }
    }
    if (!r.log && t.size() > 1) {
        EXPECT_TRUE(on_ladder(t[1] - t[0])) << t[1] - t[0];
    }
}

TEST(ChartAxis, OnePoint) {
    const AxisRange lin = fit_range({7.3}, false);
    EXPECT_LE(lin.lo, 7.3);
    EXPECT_GE(lin.hi, 7.3);
    expect_good_ticks(lin, 6, "linear");
    const AxisRange lg = fit_range({7.3}, true);
    EXPECT_LE(lg.lo, 7.3);
    EXPECT_GE(lg.hi, 7.3);
    expect_good_ticks(lg, 6, "log");
}

TEST(ChartAxis, ZeroSpan) {
    for (double v : {0.0, 42.0, 0.002, 5e8}) {
        const AxisRange r = fit_range({v, v, v}, false);
        EXPECT_GE(r.lo, 0) << "non-negative values get no negative end: " << v;
        EXPECT_LE(r.lo, v);
        EXPECT_GE(r.hi, v);
        expect_good_ticks(r, 6, "zero span");
    }
}

TEST(ChartAxis, NegativeValuesStillShow) {
    const AxisRange r = fit_range({-5, -5}, false);
    EXPECT_LT(r.lo, -5);
    EXPECT_GT(r.hi, -5);
    expect_good_ticks(r, 6, "negative zero span");
}

TEST(ChartAxis, HugeSpan) {
    const AxisRange lg = fit_range({1e-3, 1, 1e9}, true);
    EXPECT_LE(lg.lo, 1e-3);
    EXPECT_GE(lg.hi, 1e9);
    expect_good_ticks(lg, 6, "log, twelve decades");
    const AxisRange lin = fit_range({1e-3, 1e9}, false);
    EXPECT_EQ(lin.lo, 0);
    EXPECT_GE(lin.hi, 1e9);
    expect_good_ticks(lin, 6, "linear, huge");
}

TEST(ChartAxis, NothingNegativeOrNonFiniteOnALogAxis) {
    const AxisRange r = fit_range({-5, 0, NAN, INFINITY, 3, 300}, true);
    EXPECT_GT(r.lo, 0);
    EXPECT_LE(r.lo, 3);
    EXPECT_GE(r.hi, 300);
    expect_good_ticks(r, 6, "mixed");
    // Nothing usable at all: a default decade, never NaN.
    const AxisRange none = fit_range({-1, NAN}, true);
    EXPECT_GT(none.lo, 0);
    EXPECT_LT(none.lo, none.hi);
    // A linear axis of positive values starts at zero (no false drama), unless that squashes the data.
    EXPECT_EQ(fit_range({10, 60}, false).lo, 0);
    EXPECT_GT(fit_range({1000, 1010}, false).lo, 0);
}

TEST(ChartAxis, PositionsRoundTrip) {
    for (const AxisRange& r : {AxisRange{0, 10, false}, AxisRange{1, 1e6, true}}) {
        EXPECT_DOUBLE_EQ(axis_t(r, r.lo), 0.0);
        EXPECT_DOUBLE_EQ(axis_t(r, r.hi), 1.0);
        for (double t : {0.0, 0.25, 0.5, 1.0}) EXPECT_NEAR(axis_t(r, axis_value(r, t)), t, 1e-12);
    }
    EXPECT_NEAR(axis_t(AxisRange{1, 100, true}, 10), 0.5, 1e-12);
    EXPECT_EQ(axis_t(AxisRange{1, 100, true}, 0), 0);  // never NaN
}

TEST(ChartAxis, BandsNeverInverted) {
    const AxisRange y{1, 1000, true};
    for (Interval b : {Interval{2, 20}, Interval{20, 2}, Interval{5, 5}, Interval{0.01, 1e6}, Interval{-3, 4}}) {
        const PixelSpan p = band_pixels(y, b, 100, 300);
        EXPECT_LE(p.top, p.bottom) << b.lo << " " << b.hi;
        EXPECT_GE(p.top, 100);
        EXPECT_LE(p.bottom, 300);
    }
    // Higher values are higher on the screen (smaller y).
    EXPECT_LT(band_pixels(y, {100, 100}, 100, 300).top, band_pixels(y, {10, 10}, 100, 300).top);
}

TEST(ChartAxis, BandAtInterpolatesAlongTheAxis) {
    const std::vector<CurvePoint> pts = {{1, {1, 2}}, {100, {3, 6}}};
    EXPECT_FALSE(band_at(pts, 0.5, true).has_value());
    EXPECT_FALSE(band_at(pts, 101, true).has_value());
    EXPECT_FALSE(band_at({}, 1, true).has_value());
    const Interval mid_log = *band_at(pts, 10, true);  // half-way on a log axis
    EXPECT_NEAR(mid_log.lo, 2, 1e-12);
    EXPECT_NEAR(mid_log.hi, 4, 1e-12);
    const Interval mid_lin = *band_at(pts, 50.5, false);
    EXPECT_NEAR(mid_lin.lo, 2, 1e-12);
    EXPECT_LE(mid_lin.lo, mid_lin.hi);
    EXPECT_EQ(*band_at(pts, 100, true), (Interval{3, 6}));
}

TEST(ChartAxis, LabelsInTheCoresStyle) {
    EXPECT_EQ(axis_label(8192, AxisKind::tokens, "en"), "8k");
    EXPECT_EQ(axis_label(20000, AxisKind::count, "zh"), "2万");
    EXPECT_EQ(axis_label(20000, AxisKind::count, "en"), "20k");
    EXPECT_EQ(axis_label(0.5, AxisKind::seconds, "en"), "500 ms");
    EXPECT_EQ(axis_label(1200, AxisKind::usd, "en"), "$1,200");
    EXPECT_EQ(axis_label(24, AxisKind::gib, "en"), "24 GiB");
}

}  // namespace
