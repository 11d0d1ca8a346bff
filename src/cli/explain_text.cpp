// explain_text.cpp — the result's explanations as text (explain_text.hpp). Each entry: its path and title, the
// formula, one line per input (how it enters: × ÷ + or · for a given, then name, value, source), the value and
// why it is as wide as it is. Numbers as the page prints them (explain_value_text).
#include "explain_text.hpp"

#include <sstream>

namespace infersizer::cli {

namespace {

const char* role_mark(InputRole r) {
    switch (r) {
        case InputRole::factor: return "×";
        case InputRole::divisor: return "÷";
        case InputRole::term: return "+";
        case InputRole::given: return "·";
    }
    return "·";
}

}  // namespace

std::string render_explain(const Result& r, const std::string& lang) {
    const bool zh = lang == "zh";
    std::ostringstream out;
    out << "\n" << (zh ? "各数值的计算方式" : "How each figure was computed") << "\n";
    for (const auto& [key, x] : r.explain.entries) {
        out << "\n" << x.title.in(lang) << "  (" << key << ")\n";
        out << "  = " << x.formula.in(lang) << "\n";
        for (const ExplainInput& in : x.inputs)
            out << "    " << role_mark(in.role) << " " << in.name.in(lang) << ": " << explain_value_text(in.value, in.unit, lang)
                << "  [" << explain_source_text(in.source, lang) << "]\n";
        out << "  → " << explain_value_text(x.value, x.unit, lang) << "\n";
        out << "  " << (zh ? "区间来由：" : "why this wide: ") << x.why_wide.in(lang) << "\n";
    }
    return out.str();
}

}  // namespace infersizer::cli
