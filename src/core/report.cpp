// report.cpp — the report kinds and the dispatch (report.hpp).
#include "report.hpp"

#include "result_json.hpp"

namespace infersizer {

Expected<ReportKind> report_kind_from_string(const std::string& kind, const std::string& field) {
    for (ReportKind k : {ReportKind::text, ReportKind::markdown, ReportKind::csv, ReportKind::json})
        if (kind == to_string(k)) return k;
    return Error{"report.kind", field, "must be one of text, markdown, csv, json, got \"" + kind + "\""};
}

const char* to_string(ReportKind kind) {
    switch (kind) {
        case ReportKind::text: return "text";
        case ReportKind::markdown: return "markdown";
        case ReportKind::csv: return "csv";
        case ReportKind::json: return "json";
    }
    return "";
}

std::string render_report(ReportKind kind, const Scenario& s, const Result& r, const std::string& lang) {
    switch (kind) {
        case ReportKind::text: return report_text(s, r, lang);
        case ReportKind::markdown: return report_markdown(s, r, lang);
        case ReportKind::csv: return report_csv(r, lang);
        case ReportKind::json: return result_to_json(r, lang).dump(1) + "\n";
    }
    return "";
}

}  // namespace infersizer
