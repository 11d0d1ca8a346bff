// format.cpp — the page's adapters over the core's figure style (see format.hpp and src/core/format_text.hpp).
#include "format.hpp"

#include "format_text.hpp"

namespace infersizer::app {

std::string fmt_sig(double v, int sig) { return fmt::figure(v, sig); }

std::string fmt_count(double v, Lang lang) { return fmt::figure_count(v, lang_id(lang)); }

std::string fmt_interval(Interval v, const std::string& unit, int sig) { return fmt::figure_interval(v, unit, sig); }

std::string fmt_count_interval(Interval v, const std::string& unit, Lang lang) {
    return fmt::figure_count_range(v, unit, lang_id(lang));
}

std::string fmt_money(double amount, const std::string& currency, double cny_per_usd) {
    return fmt_money_interval(Interval::exact(amount), currency, cny_per_usd);
}

std::string fmt_money_converted(Interval amount, const std::string& currency, double cny_per_usd) {
    if (cny_per_usd <= 0) return "";
    if (currency == "USD") return "≈ " + fmt::figure_money(amount * cny_per_usd, "CNY");
    if (currency == "CNY") return "≈ " + fmt::figure_money(amount / cny_per_usd, "USD");
    return "";
}

std::string fmt_money_interval(Interval amount, const std::string& currency, double cny_per_usd) {
    const std::string converted = fmt_money_converted(amount, currency, cny_per_usd);
    return fmt::figure_money(amount, currency) + (converted.empty() ? "" : " (" + converted + ")");
}

// Durations and rates appear in the core's sentences too: the sentence formatters, spaced, so a figure reads
// the same in its panel and in the verdict, the decision rows and the FAQ.
std::string fmt_seconds(Interval s, Lang lang) { return fmt::seconds(s, lang_id(lang), fmt::Join::spaced); }

std::string fmt_rate(Interval tps, Lang lang) {
    return fmt::interval(tps, tr(S::unit_tps, lang), lang_id(lang), fmt::Join::spaced);
}

std::string fmt_tokens(double v, Lang lang) { return fmt::figure_tokens(v, lang_id(lang)); }

}  // namespace infersizer::app
