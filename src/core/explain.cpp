// explain.cpp — the entries' container, their input builders and the words and number formats every surface
// prints them with (explain.hpp).
#include "explain.hpp"

#include "format_text.hpp"

#include <cmath>

namespace infersizer {

const Explanation* Explain::find(const std::string& key) const {
    for (const auto& [k, e] : entries)
        if (k == key) return &e;
    return nullptr;
}

void Explain::set(const std::string& key, Explanation e) {
    for (auto& [k, old] : entries)
        if (k == key) {
            old = std::move(e);
            return;
        }
    entries.emplace_back(key, std::move(e));
}

void Explain::merge(const Explain& other, const std::string& prefix) {
    for (const auto& [k, e] : other.entries) set(prefix + k, e);
}

namespace explain {

namespace {
ExplainInput make(Text name, Interval value, std::string unit, Source source, InputRole role) {
    ExplainInput in;
    in.name = std::move(name);
    in.value = value;
    in.unit = std::move(unit);
    in.source = std::move(source);
    in.role = role;
    return in;
}
}  // namespace

ExplainInput factor(Text name, Interval value, std::string unit, Source source) {
    return make(std::move(name), value, std::move(unit), std::move(source), InputRole::factor);
}
ExplainInput divisor(Text name, Interval value, std::string unit, Source source) {
    return make(std::move(name), value, std::move(unit), std::move(source), InputRole::divisor);
}
ExplainInput term(Text name, Interval value, std::string unit, Source source) {
    return make(std::move(name), value, std::move(unit), std::move(source), InputRole::term);
}
ExplainInput given(Text name, Interval value, std::string unit, Source source) {
    return make(std::move(name), value, std::move(unit), std::move(source), InputRole::given);
}

}  // namespace explain

const char* to_string(SourceKind k) {
    switch (k) {
        case SourceKind::scenario: return "scenario";
        case SourceKind::catalog: return "catalog";
        case SourceKind::engine: return "engine";
        case SourceKind::calibration: return "calibration";
        case SourceKind::computed: return "computed";
        case SourceKind::constant: return "constant";
        case SourceKind::simulation: return "simulation";
    }
    return "computed";
}

const char* to_string(InputRole r) {
    switch (r) {
        case InputRole::factor: return "factor";
        case InputRole::divisor: return "divisor";
        case InputRole::term: return "term";
        case InputRole::given: return "given";
    }
    return "given";
}

const char* to_string(Combine c) {
    switch (c) {
        case Combine::product: return "product";
        case Combine::sum: return "sum";
        case Combine::model: return "model";
    }
    return "model";
}

const char* to_string(Rounding r) {
    switch (r) {
        case Rounding::none: return "none";
        case Rounding::down: return "down";
        case Rounding::up: return "up";
    }
    return "none";
}

std::string explain_value_text(Interval v, const std::string& unit, const std::string& lang) {
    if (unit == "s") return fmt::seconds(v, lang, fmt::Join::spaced);
    if (unit == "USD" || unit == "CNY") return fmt::figure_money(v, unit);
    if (unit.rfind("USD/", 0) == 0) return fmt::figure_money(v, "USD") + unit.substr(3);
    // A whole number is shown whole (16,384 tokens, not 16,400): a reader multiplies with it. Counts from the
    // language's first unit up read as the page's counts do (1.78万 / 17.8k, 706亿 / 70.6B), tokens of a
    // context excepted.
    const bool whole = v.lo == std::floor(v.lo) && v.hi == std::floor(v.hi);
    if (unit == "tokens" && whole && std::fabs(v.hi) < 1e7) return fmt::figure_interval(v, unit, 7);
    if ((unit.empty() || unit == "tokens") && std::fabs(v.hi) >= 1e4) return fmt::figure_count_range(v, unit, lang);
    return fmt::figure_interval(v, unit, whole ? 6 : 3);
}

std::string explain_source_text(const Source& s, const std::string& lang) {
    const bool zh = lang == "zh";
    const char* word = "";
    switch (s.kind) {
        case SourceKind::scenario: word = zh ? "场景" : "scenario"; break;
        case SourceKind::catalog: word = zh ? "目录" : "catalog"; break;
        case SourceKind::engine: word = zh ? "引擎默认" : "engine default"; break;
        case SourceKind::calibration: word = zh ? "校准拟合" : "calibration fit"; break;
        case SourceKind::computed: word = zh ? "计算" : "computed"; break;
        case SourceKind::constant: word = zh ? "常数" : "constant"; break;
        case SourceKind::simulation: word = zh ? "服务模拟" : "serving simulation"; break;
    }
    if (s.ref.empty()) return word;
    return std::string(word) + (zh ? "：" : ": ") + s.ref;
}

}  // namespace infersizer
