// format_text.cpp — see format_text.hpp for the styles and who reads each.
#include "format_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace infersizer::fmt {

// [SECTION] Primitives shared by every style --------------------------------------------------------------------

namespace {

constexpr const char* kDash = "–";         // en dash between the ends of an interval (sentences, traces, report)
constexpr const char* kSpacedDash = " – "; // the page's figures give the dash room

// printf's fixed-point text, nothing added: 0.9, 2 → "0.90".
std::string plain(double v, int decimals) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

// Thousands separators in the integer part of printf's text: "-3900.5" → "-3,900.5".
std::string grouped(std::string s) {
    const bool negative = !s.empty() && s[0] == '-';
    const size_t start = negative ? 1 : 0;
    size_t end = s.find('.');
    if (end == std::string::npos) end = s.size();
    for (size_t i = end; i > start + 3; i -= 3) s.insert(i - 3, ",");
    return s;
}

// Fixed-point text with thousands separators: 3900 → "3,900".
std::string fixed(double v, int decimals) { return grouped(plain(v, decimals)); }

// "2.50" → "2.5", "3.0" → "3"; text without a decimal point is left alone.
std::string trim_zeros(std::string s) {
    if (s.find('.') != std::string::npos) {
        while (s.back() == '0') s.pop_back();
        if (s.back() == '.') s.pop_back();
    }
    return s;
}

// One end when both print the same, else "lo<dash>hi".
std::string join(const std::string& lo, const std::string& hi, const char* dash) {
    return lo == hi ? lo : lo + dash + hi;
}

const char* dash_of(Join how) { return how == Join::spaced ? kSpacedDash : kDash; }

std::string with_unit(std::string s, const std::string& unit) { return unit.empty() ? s : s + " " + unit; }

// The language's units for large numbers: 中文 万 (1e4) and 亿 (1e8); English k, M, B. The largest that `a`
// reaches, or {1, ""} below the first.
struct Scale {
    double factor;
    const char* suffix;
};
Scale scale_of(double a, const std::string& lang) {
    if (lang == "zh") {
        if (a >= 1e8) return {1e8, "亿"};
        if (a >= 1e4) return {1e4, "万"};
    } else {
        if (a >= 1e9) return {1e9, "B"};
        if (a >= 1e6) return {1e6, "M"};
        if (a >= 1e3) return {1e3, "k"};
    }
    return {1, ""};
}

std::string currency_symbol(const std::string& currency) {
    if (currency == "USD") return "$";
    if (currency == "CNY") return "¥";
    return currency + " ";
}

}  // namespace

// [SECTION] Sentences -------------------------------------------------------------------------------------------

namespace {

// Decimals that give about two significant figures below 10 and none from 10 up: 0.31, 6.1, 35.
int decimals_for(double v) {
    v = std::fabs(v);
    if (v >= 10 || v == 0) return 0;
    if (v >= 1) return 1;
    const int d = 1 - static_cast<int>(std::floor(std::log10(v)));
    return std::min(d, 6);
}

bool is_large(double v) { return std::fabs(v) >= 1e4; }

// A large value (is_large) as a scaled number with a suffix: 12k, 1.5M / 12万, 1.5亿.
std::string large(double v, const std::string& lang) {
    const Scale scale = scale_of(std::fabs(v), lang);
    const double s = v / scale.factor;
    std::string out = fixed(s, std::fabs(s) >= 10 ? 0 : 1);
    if (out.size() > 2 && out.compare(out.size() - 2, 2, ".0") == 0) out.resize(out.size() - 2);
    return out + scale.suffix;
}

}  // namespace

std::string number(double v, const std::string& lang) {
    if (!std::isfinite(v)) return "—";
    if (is_large(v)) return large(v, lang);
    // A lone number drops trailing zeros ("2 s", "0.5 s"); intervals keep them so both ends line up.
    return trim_zeros(fixed(v, decimals_for(v)));
}

std::string count_range(Interval n, const std::string& lang) { return join(count(n.lo, lang), count(n.hi, lang), kDash); }

std::string interval(Interval v, const std::string& unit, const std::string& lang, Join how) {
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
    return with_unit(join(lo, hi, dash_of(how)), unit);
}

std::string seconds(Interval s, const std::string& lang, Join how) {
    // Below a second in ms, so a sub-second time reads with its digits ("86–750 ms", not "0.09–0.75 s").
    if (s.hi < 1.0) return interval(s * 1000.0, "ms", lang, how);
    return interval(s, "s", lang, how);
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

std::string money(Interval v, const std::string& currency, Join how) {
    // Three significant figures, the same in both languages and in every place a cost is shown: these are
    // estimates, and more digits would claim a precision they lack.
    const std::string symbol = currency_symbol(currency);
    return join(symbol + figure(v.lo, 3), symbol + figure(v.hi, 3), dash_of(how));
}

// [SECTION] Traces ----------------------------------------------------------------------------------------------

std::string sig(double v, int digits) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*g", digits, v);
    return buf;
}

std::string sig_interval(Interval v, const std::string& unit, int digits) {
    const std::string lo = sig(v.lo, digits);
    return with_unit(v.is_exact() ? lo : lo + kDash + sig(v.hi, digits), unit);
}

// [SECTION] Commands --------------------------------------------------------------------------------------------

std::string decimals(double v, int places) { return plain(v, places); }

// [SECTION] Report ----------------------------------------------------------------------------------------------

namespace {
int column_places(double v) {
    const bool whole = std::isfinite(v) && v == std::trunc(v);
    return v >= 100 || whole ? 0 : v >= 10 ? 1 : 2;
}
}  // namespace

std::string column(double v) { return plain(v, column_places(v)); }

std::string column_interval(Interval v, const std::string& unit) {
    // Both ends to the places of the larger one (whole only if both are), so that a whole end beside a nearly whole
    // one reads "5.00", not "5–5.00", and "67–123", not "67.3–123".
    const bool whole = column_places(v.lo) == 0 && column_places(v.hi) == 0;
    const double larger = std::max(std::fabs(v.lo), std::fabs(v.hi));
    const int places = whole ? 0 : column_places(larger == std::trunc(larger) ? larger + 0.5 : larger);
    return with_unit(join(plain(v.lo, places), plain(v.hi, places), kDash), unit);
}

// [SECTION] Figures ---------------------------------------------------------------------------------------------

std::string figure(double v, int digits) {
    if (!std::isfinite(v)) return "—";
    if (v == 0) return "0";
    const double magnitude = std::floor(std::log10(std::fabs(v)));
    int places = digits - 1 - static_cast<int>(magnitude);
    if (places < 0) {
        // Digits left of the point beyond `digits` print as zeros: 1234.5 → 1230.
        const double scale = std::pow(10.0, -places);
        v = std::round(v / scale) * scale;
        places = 0;
    }
    std::string s = trim_zeros(plain(v, std::min(places, 6)));
    if (s == "-0") s = "0";
    return grouped(s);
}

std::string figure_interval(Interval v, const std::string& unit, int digits) {
    return with_unit(join(figure(v.lo, digits), figure(v.hi, digits), kSpacedDash), unit);
}

std::string figure_count(double v, const std::string& lang) {
    if (!std::isfinite(v)) return "—";
    const double a = std::fabs(v);
    const Scale scale = scale_of(a, lang);
    if (scale.factor > 1) return figure(v / scale.factor, 3) + scale.suffix;
    return a >= 1 ? figure(std::round(v), 6) : figure(v, 3);
}

std::string figure_count_range(Interval v, const std::string& unit, const std::string& lang) {
    return with_unit(join(figure_count(v.lo, lang), figure_count(v.hi, lang), kSpacedDash), unit);
}

std::string figure_money(Interval v, const std::string& currency) { return money(v, currency, Join::spaced); }

std::string figure_tokens(double v, const std::string& lang) {
    constexpr double kKi = 1024;
    if (v >= kKi * kKi && std::fmod(v, kKi * kKi) == 0) return figure(v / (kKi * kKi), 6) + "M";
    if (v >= kKi && std::fmod(v, kKi) == 0) return figure(v / kKi, 6) + "k";
    return figure_count(v, lang);
}

Text layout_words(int tp, int pp, bool layer_split) {
    const std::string n = std::to_string(tp);
    if (layer_split) return tp > 1 ? Text{"按层切分 " + n, "layer split " + n} : Text{"单卡", "1 card"};
    const std::string w = "TP " + n + (pp > 1 ? " × PP " + std::to_string(pp) : "");
    return {w, w};
}

std::string joined(std::initializer_list<std::string_view> parts) {
    size_t size = 0;
    for (std::string_view p : parts) size += p.size();
    std::string s;
    s.reserve(size);
    for (std::string_view p : parts) s.append(p.data(), p.size());
    return s;
}

}  // namespace infersizer::fmt
