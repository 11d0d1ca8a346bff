// format.cpp — number formatting for the page (see format.hpp).
#include "format.hpp"

#include <cmath>
#include <cstdio>

namespace infersizer::app {

namespace {

std::string group_thousands(const std::string& digits) {
    // digits: optional '-', integer part, optional fraction.
    size_t start = (!digits.empty() && digits[0] == '-') ? 1 : 0;
    size_t dot = digits.find('.');
    size_t int_end = dot == std::string::npos ? digits.size() : dot;
    std::string out = digits.substr(0, start);
    for (size_t i = start; i < int_end; ++i) {
        out += digits[i];
        size_t left = int_end - i - 1;
        if (left > 0 && left % 3 == 0) out += ',';
    }
    out += digits.substr(int_end);
    return out;
}

std::string symbol(const std::string& currency) {
    if (currency == "USD") return "$";
    if (currency == "CNY") return "¥";
    return currency + " ";
}

}  // namespace

std::string fmt_sig(double v, int sig) {
    if (!std::isfinite(v)) return "—";
    if (v == 0) return "0";
    const double mag = std::floor(std::log10(std::fabs(v)));
    int decimals = sig - 1 - static_cast<int>(mag);
    if (decimals < 0) {
        const double scale = std::pow(10.0, -decimals);
        v = std::round(v / scale) * scale;
        decimals = 0;
    }
    if (decimals > 6) decimals = 6;
    char buf[64];
    std::snprintf(buf, sizeof(buf), "%.*f", decimals, v);
    std::string s = buf;
    if (s.find('.') != std::string::npos) {
        while (s.back() == '0') s.pop_back();
        if (s.back() == '.') s.pop_back();
    }
    if (s == "-0") s = "0";
    return group_thousands(s);
}

std::string fmt_count(double v, Lang lang) {
    if (!std::isfinite(v)) return "—";
    const double a = std::fabs(v);
    if (lang == Lang::zh) {
        if (a >= 1e8) return fmt_sig(v / 1e8, 3) + tr(S::num_1e8, lang);
        if (a >= 1e4) return fmt_sig(v / 1e4, 3) + tr(S::num_1e4, lang);
    } else {
        if (a >= 1e9) return fmt_sig(v / 1e9, 3) + tr(S::num_1e9, lang);
        if (a >= 1e6) return fmt_sig(v / 1e6, 3) + tr(S::num_1e8, lang);
        if (a >= 1e3) return fmt_sig(v / 1e3, 3) + tr(S::num_1e4, lang);
    }
    return a >= 1 ? fmt_sig(std::round(v), 6) : fmt_sig(v, 3);
}

std::string fmt_interval(Interval v, const std::string& unit, int sig) {
    const std::string lo = fmt_sig(v.lo, sig), hi = fmt_sig(v.hi, sig);
    const std::string sep = unit.empty() ? "" : " ";
    if (lo == hi) return lo + sep + unit;
    return lo + " – " + hi + sep + unit;
}

std::string fmt_count_interval(Interval v, const std::string& unit, Lang lang) {
    const std::string lo = fmt_count(v.lo, lang), hi = fmt_count(v.hi, lang);
    const std::string sep = unit.empty() ? "" : " ";
    if (lo == hi) return lo + sep + unit;
    return lo + " – " + hi + sep + unit;
}

std::string fmt_money(double amount, const std::string& currency, double cny_per_usd) {
    return fmt_money_interval(Interval::exact(amount), currency, cny_per_usd);
}

namespace {

// Three significant digits: these are estimates, and more digits would claim a precision they lack.
std::string money_range(Interval x, const std::string& currency) {
    const std::string lo = fmt_sig(x.lo, 3), hi = fmt_sig(x.hi, 3);
    return symbol(currency) + (lo == hi ? lo : lo + " – " + symbol(currency) + hi);
}

}  // namespace

std::string fmt_money_converted(Interval amount, const std::string& currency, double cny_per_usd) {
    if (cny_per_usd <= 0) return "";
    if (currency == "USD") return "≈ " + money_range(amount * cny_per_usd, "CNY");
    if (currency == "CNY") return "≈ " + money_range(amount / cny_per_usd, "USD");
    return "";
}

std::string fmt_money_interval(Interval amount, const std::string& currency, double cny_per_usd) {
    const std::string converted = fmt_money_converted(amount, currency, cny_per_usd);
    return money_range(amount, currency) + (converted.empty() ? "" : " (" + converted + ")");
}

std::string fmt_seconds(Interval s, Lang lang, int sig) {
    if (s.hi < 1.0) return fmt_interval(s * 1000.0, tr(S::unit_ms, lang), sig);
    return fmt_interval(s, tr(S::unit_s, lang), sig);
}

std::string fmt_tokens(double v, Lang lang) {
    const double k = 1024;
    if (v >= k * k && std::fmod(v, k * k) == 0) return fmt_sig(v / (k * k), 6) + "M";
    if (v >= k && std::fmod(v, k) == 0) return fmt_sig(v / k, 6) + "k";
    return fmt_count(v, lang);
}

}  // namespace infersizer::app
