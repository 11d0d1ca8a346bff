// test_search.cpp — the core's monotone searches (search.hpp) find the boundary for every threshold, including
// the ends and the empty range, within their probe budgets.
#include "search.hpp"

#include <gtest/gtest.h>

#include <cmath>

using namespace infersizer;

TEST(Search, SmallestTrueFindsEveryThreshold) {
    for (int64_t a : {0, 1, 5}) {
        for (int64_t b = a; b <= a + 40; ++b) {
            for (int64_t t = a - 1; t <= b + 2; ++t) {  // ok(k) ⇔ k ≥ t
                int probes = 0;
                const int64_t got = smallest_true(a, b, [&](int64_t k) { ++probes; return k >= t; });
                const int64_t want = t <= a ? a : (t > b ? b + 1 : t);
                ASSERT_EQ(got, want) << "a " << a << " b " << b << " t " << t;
                // a, b, then a bisection of b − a: at most 2 + ⌈log2(b − a)⌉ probes.
                const int budget = 2 + (b > a ? static_cast<int>(std::ceil(std::log2(static_cast<double>(b - a)))) : 0);
                EXPECT_LE(probes, budget) << "a " << a << " b " << b << " t " << t;
            }
        }
    }
    EXPECT_EQ(smallest_true(3, 2, [](int64_t) { return true; }), 3);  // empty range: b + 1
}

TEST(Search, LargestTrueAndItsSettlingVariantsAgree) {
    for (int64_t b = 1; b <= 60; ++b) {
        for (int64_t t = 0; t <= b + 1; ++t) {  // ok(k) ⇔ k ≤ t
            auto ok = [t](int64_t k) { return k <= t; };
            const int64_t want = std::min(t, b);  // a − 1 = 0 when ok(1) fails (t = 0)
            EXPECT_EQ(largest_true(1, b, ok), want) << b << " " << t;
            for (int64_t start : {int64_t{1}, b / 2, b})
                EXPECT_EQ(settle_near(start, 1, 1, b, ok), want) << b << " " << t << " from " << start;
            // A screen that is off by a few still settles on the judge's answer.
            auto screen = [t](int64_t k) { return k <= t + 3; };
            EXPECT_EQ(largest_true_confirmed(1, b, screen, ok), want) << b << " " << t;
        }
    }
}
