// chart_axis.cpp — chart_axis.hpp.
#include "chart_axis.hpp"

#include "format_text.hpp"

#include <algorithm>
#include <cmath>

namespace infersizer::app {

namespace {

// The 1-2-5 ladder: the smallest of 1, 2, 5 × 10^k not below `raw`.
double nice_step(double raw) {
    const double p = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * p >= raw * (1 - 1e-9)) return m * p;
    return 10 * p;
}

}  // namespace

AxisRange fit_range(const std::vector<double>& values, bool log, bool from_zero) {
    double lo = INFINITY, hi = -INFINITY;
    for (double v : values) {
        if (!std::isfinite(v) || (log && v <= 0)) continue;
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    AxisRange r;
    r.log = log;
    if (!(lo <= hi)) return log ? AxisRange{1, 10, true} : AxisRange{0, 1, false};  // nothing to show
    if (log) {
        // Whole decades around the values, at least one decade.
        r.lo = std::pow(10.0, std::floor(std::log10(lo) + 1e-9));
        r.hi = std::pow(10.0, std::ceil(std::log10(hi) - 1e-9));
        if (r.hi <= r.lo) r.hi = r.lo * 10;
        return r;
    }
    const bool non_negative = lo >= 0;
    if (hi == lo) {  // one value or a zero span: room around it (a tenth of it, or one unit at zero)
        const double pad = lo != 0 ? std::fabs(lo) * 0.1 : 1.0;
        lo -= pad, hi += pad;
        if (non_negative) lo = std::max(0.0, lo);  // memory, money, time: never a negative tick
    }
    if (from_zero && lo > 0 && lo < (hi - lo)) lo = 0;
    const double step = nice_step((hi - lo) / 5);
    r.lo = std::floor(lo / step) * step;
    if (non_negative) r.lo = std::max(0.0, r.lo);
    r.hi = std::ceil(hi / step) * step;
    if (r.hi <= r.lo) r.hi = r.lo + step;
    return r;
}

std::vector<double> nice_ticks(const AxisRange& r, int max_ticks) {
    std::vector<double> out;
    max_ticks = std::max(2, max_ticks);
    if (!(r.hi > r.lo) || !std::isfinite(r.lo) || !std::isfinite(r.hi)) return out;
    if (r.log) {
        if (r.lo <= 0) return out;
        const int d0 = int(std::ceil(std::log10(r.lo) - 1e-9)), d1 = int(std::floor(std::log10(r.hi) + 1e-9));
        const int decades = d1 - d0 + 1;
        const int every = std::max(1, (decades + max_ticks - 1) / max_ticks);
        const bool fill = decades * 3 <= max_ticks;  // room for 2 and 5 between the powers of ten
        for (int d = int(std::floor(std::log10(r.lo))); d <= d1; ++d) {
            const double p = std::pow(10.0, d);
            for (double m : {1.0, 2.0, 5.0}) {
                if (m != 1.0 && !fill) continue;
                if (m == 1.0 && (d - d0) % every != 0) continue;
                const double v = m * p;
                if (v >= r.lo * (1 - 1e-9) && v <= r.hi * (1 + 1e-9)) out.push_back(v);
            }
        }
        return out;
    }
    const double step = nice_step((r.hi - r.lo) / (max_ticks - 1));
    for (double v = std::ceil(r.lo / step - 1e-9) * step; v <= r.hi + step * 1e-9; v += step)
        out.push_back(std::fabs(v) < step * 1e-9 ? 0.0 : v);
    return out;
}

double axis_t(const AxisRange& r, double v) {
    if (r.log) {
        if (!(v > 0)) return 0;
        return (std::log(v) - std::log(r.lo)) / (std::log(r.hi) - std::log(r.lo));
    }
    return (v - r.lo) / (r.hi - r.lo);
}

double axis_value(const AxisRange& r, double t) {
    if (r.log) return std::exp(std::log(r.lo) + t * (std::log(r.hi) - std::log(r.lo)));
    return r.lo + t * (r.hi - r.lo);
}

std::string axis_label(double v, AxisKind kind, const std::string& lang) {
    switch (kind) {
        case AxisKind::seconds: return fmt::seconds(Interval::exact(v), lang);
        case AxisKind::tokens: return fmt::figure_tokens(v, lang);
        case AxisKind::count: return fmt::figure_count(v, lang);
        case AxisKind::gib: return fmt::figure(v) + " GiB";
        case AxisKind::tps: return fmt::figure(v);
        case AxisKind::usd: return fmt::figure_money(Interval::exact(v), "USD");
    }
    return fmt::figure(v);
}

PixelSpan band_pixels(const AxisRange& y, Interval band, float y_top, float y_bottom) {
    const double a = std::clamp(axis_t(y, std::min(band.lo, band.hi)), 0.0, 1.0);
    const double b = std::clamp(axis_t(y, std::max(band.lo, band.hi)), 0.0, 1.0);
    const float h = y_bottom - y_top;
    PixelSpan p{y_bottom - float(b) * h, y_bottom - float(a) * h};
    if (p.top > p.bottom) std::swap(p.top, p.bottom);  // a y axis drawn downwards
    return p;
}

std::optional<Interval> band_at(const std::vector<CurvePoint>& points, double x, bool log_x) {
    if (points.empty() || !std::isfinite(x) || x < points.front().x || x > points.back().x) return std::nullopt;
    for (size_t i = 1; i < points.size(); ++i) {
        const CurvePoint &a = points[i - 1], &b = points[i];
        if (x > b.x) continue;
        const bool use_log = log_x && a.x > 0 && x > 0;
        const double span = use_log ? std::log(b.x / a.x) : b.x - a.x;
        const double t = span > 0 ? (use_log ? std::log(x / a.x) : x - a.x) / span : 0.0;
        return Interval::of(a.y.lo + t * (b.y.lo - a.y.lo), a.y.hi + t * (b.y.hi - a.y.hi));
    }
    return points.back().y;
}

}  // namespace infersizer::app
