#include "interval.hpp"

#include <gtest/gtest.h>

using infersizer::Interval;

TEST(Interval, OfOrdersBounds) {
    const Interval a = Interval::of(3, 1);
    EXPECT_EQ(a.lo, 1);
    EXPECT_EQ(a.hi, 3);
}

TEST(Interval, SumAddsBoundsAndDifferenceCrosses) {
    const Interval s = Interval{1, 2} + Interval{10, 20};
    EXPECT_EQ(s, (Interval{11, 22}));
    const Interval d = Interval{10, 20} - Interval{1, 2};
    EXPECT_EQ(d, (Interval{8, 19}));
}

TEST(Interval, DivisionUsesTheOppositeBound) {
    // 100 bytes over an efficiency of 0.5..0.8: the fast case divides by the high efficiency.
    const Interval t = Interval::exact(100) / Interval{0.5, 0.8};
    EXPECT_DOUBLE_EQ(t.lo, 125);
    EXPECT_DOUBLE_EQ(t.hi, 200);
}

TEST(Interval, ProductHandlesNegativeScale) {
    const Interval p = Interval{1, 2} * -3.0;
    EXPECT_EQ(p, (Interval{-6, -3}));
    const Interval q = Interval{-1, 2} * Interval{3, 4};
    EXPECT_EQ(q, (Interval{-4, 8}));
}

TEST(Interval, MapDecreasingKeepsOrder) {
    const Interval tps = infersizer::map_decreasing(Interval{0.01, 0.02}, [](double s) { return 1 / s; });
    EXPECT_DOUBLE_EQ(tps.lo, 50);
    EXPECT_DOUBLE_EQ(tps.hi, 100);
}
