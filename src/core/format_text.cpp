#include "format_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace infersizer::fmt {

namespace {

constexpr const char* kDash = "–";  // en dash between the ends of an interval

// Decimals that give about two significant figures below 10 and none from 10 up: 0.31, 6.1, 35.
int decimals_for(double v) {
    v = std::fabs(v);
    if (v >= 10 || v == 0) return 0;
    if (v >= 1) return 1;
    const int d = 1 - static_cast<int>(std::floor(std::log10(v)));
    return std::min(d, 6);
}

// Fixed-point text with thousands separators in the integer part: 3900 → "3,900".
std::string fixed(double v, int decimals) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    std::string s = buf;
    const bool negative = !s.empty() && s[0] == '-';
    const size_t start = negative ? 1 : 0;
    size_t end = s.find('.');
    if (end == std::string::npos) end = s.size();
    for (size_t i = end; i > start + 3; i -= 3) s.insert(i - 3, ",");
    return s;
}

bool is_large(double v) { return std::fabs(v) >= 1e4; }

// A large value as a scaled number with a suffix: 12k, 1.5M / 12万, 1.5亿.
std::string large(double v, const std::string& lang) {
    const double a = std::fabs(v);
    double scale = 1;
    std::string suffix;
    if (lang == "zh") {
        if (a >= 1e8) scale = 1e8, suffix = "亿";
        else scale = 1e4, suffix = "万";
    } else {
        if (a >= 1e9) scale = 1e9, suffix = "B";
        else if (a >= 1e6) scale = 1e6, suffix = "M";
        else scale = 1e3, suffix = "k";
    }
    const double s = v / scale;
    std::string out = fixed(s, std::fabs(s) >= 10 ? 0 : 1);
    if (out.size() > 2 && out.compare(out.size() - 2, 2, ".0") == 0) out.resize(out.size() - 2);
    return out + suffix;
}

}  // namespace

std::string number(double v, const std::string& lang) {
    if (!std::isfinite(v)) return "—";
    if (is_large(v)) return large(v, lang);
    // A lone number drops trailing zeros ("2 s", "0.5 s"); intervals keep them so both ends line up.
    std::string s = fixed(v, decimals_for(v));
    if (s.find('.') != std::string::npos) {
        while (s.back() == '0') s.pop_back();
        if (s.back() == '.') s.pop_back();
    }
    return s;
}

std::string count_range(Interval n, const std::string& lang) {
    const std::string lo = count(n.lo, lang), hi = count(n.hi, lang);
    return lo == hi ? lo : lo + kDash + hi;
}

std::string interval(Interval v, const std::string& unit, const std::string& lang) {
    std::string lo, hi;
    if (!v.finite()) {
        lo = number(v.lo, lang);
        hi = number(v.hi, lang);
    } else if (is_large(v.lo) || is_large(v.hi)) {
        lo = number(v.lo, lang);
        hi = number(v.hi, lang);
    } else {
        // Same decimals on both ends when they are of a size ("6.1–7.0"); ends of different sizes keep
        // their own ("0.065–144"), so neither prints as 0 nor grows false digits.
        const int d_hi = decimals_for(std::max(std::fabs(v.lo), std::fabs(v.hi)));
        const int d_lo = v.lo == 0 ? d_hi : decimals_for(v.lo);
        lo = fixed(v.lo, d_lo > d_hi + 1 ? d_lo : d_hi);
        hi = fixed(v.hi, d_hi);
    }
    std::string out = lo == hi ? lo : lo + kDash + hi;
    if (!unit.empty()) out += " " + unit;
    return out;
}

std::string count(double n, const std::string& lang) {
    if (!std::isfinite(n)) return "—";
    const double r = std::round(n);
    return is_large(r) ? large(r, lang) : fixed(r, 0);
}

std::string tokens(int64_t n) {
    constexpr int64_t kKi = 1024, kMi = 1024 * 1024;
    if (n >= kMi && n % kMi == 0) return std::to_string(n / kMi) + "M";
    if (n >= kKi && n % kKi == 0) return std::to_string(n / kKi) + "k";
    if (n >= 1'000'000) return fixed(static_cast<double>(n) / 1e6, n % 1'000'000 == 0 ? 0 : 1) + "M";
    if (n >= 1000) return fixed(static_cast<double>(n) / 1e3, n % 1000 == 0 || n >= 100'000 ? 0 : 1) + "k";
    return std::to_string(n);
}

std::string money(Interval v, const std::string& currency, const std::string& lang) {
    std::string symbol = currency == "USD" ? "$" : currency == "CNY" ? "¥" : currency + " ";
    auto one = [&](double x) {
        if (is_large(x)) return symbol + large(x, lang);
        // Money below 10 keeps cents (0.34, 2.50); above, whole units.
        return symbol + fixed(x, std::fabs(x) >= 10 ? 0 : 2);
    };
    const std::string lo = one(v.lo), hi = one(v.hi);
    return lo == hi ? lo : lo + kDash + hi;
}

}  // namespace infersizer::fmt
