// interval.hpp — the one interval type of InferSizer.
//
// Every estimate is a closed interval [lo, hi] with lo <= hi numerically. lo is what a careful operator
// reaches, hi what a typical deployment sees (for a time: lo is the faster case; for a speed: hi is the
// faster case). A value known exactly has lo == hi. Nobody hand-rolls lo/hi pairs: use this type.
#pragma once

#include <algorithm>
#include <cmath>

namespace infersizer {

struct Interval {
    double lo = 0.0;
    double hi = 0.0;

    static constexpr Interval exact(double v) { return {v, v}; }
    // Builds an interval from two bounds in any order.
    static Interval of(double a, double b) { return a <= b ? Interval{a, b} : Interval{b, a}; }

    bool is_exact() const { return lo == hi; }
    double mid() const { return 0.5 * (lo + hi); }
    double width() const { return hi - lo; }
    bool contains(double v) const { return v >= lo && v <= hi; }
    bool finite() const { return std::isfinite(lo) && std::isfinite(hi); }
    // hi / lo; 1 for an exact or zero interval.
    double ratio() const { return lo > 0 ? hi / lo : 1.0; }
};

inline Interval operator+(Interval a, Interval b) { return {a.lo + b.lo, a.hi + b.hi}; }
inline Interval operator-(Interval a, Interval b) { return {a.lo - b.hi, a.hi - b.lo}; }
inline Interval operator+(Interval a, double k) { return {a.lo + k, a.hi + k}; }
inline Interval operator-(Interval a, double k) { return {a.lo - k, a.hi - k}; }
inline Interval operator*(Interval a, double k) { return Interval::of(a.lo * k, a.hi * k); }
inline Interval operator*(double k, Interval a) { return a * k; }
inline Interval operator/(Interval a, double k) { return Interval::of(a.lo / k, a.hi / k); }
// General product and quotient (all four corner products), safe for mixed signs.
inline Interval operator*(Interval a, Interval b) {
    const double p[4] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi};
    return {*std::min_element(p, p + 4), *std::max_element(p, p + 4)};
}
// Divides by an interval that must be strictly positive (efficiencies, bandwidths, rates).
inline Interval operator/(Interval a, Interval b) { return a * Interval{1.0 / b.hi, 1.0 / b.lo}; }
inline Interval operator/(double k, Interval b) { return Interval::exact(k) / b; }
inline Interval& operator+=(Interval& a, Interval b) { return a = a + b; }
inline bool operator==(Interval a, Interval b) { return a.lo == b.lo && a.hi == b.hi; }
inline bool operator!=(Interval a, Interval b) { return !(a == b); }

inline Interval max(Interval a, Interval b) { return {std::max(a.lo, b.lo), std::max(a.hi, b.hi)}; }
inline Interval min(Interval a, Interval b) { return {std::min(a.lo, b.lo), std::min(a.hi, b.hi)}; }
inline Interval max(Interval a, double k) { return {std::max(a.lo, k), std::max(a.hi, k)}; }
inline Interval min(Interval a, double k) { return {std::min(a.lo, k), std::min(a.hi, k)}; }
// Applies a monotonically increasing function to both ends.
template <class F> Interval map_increasing(Interval a, F f) { return {f(a.lo), f(a.hi)}; }
// Applies a monotonically decreasing function; the result is still ordered lo <= hi.
template <class F> Interval map_decreasing(Interval a, F f) { return {f(a.hi), f(a.lo)}; }

}  // namespace infersizer
