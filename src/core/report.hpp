// report.hpp — the result taken away: one scenario's result as a report in a language, for the CLI's
// `estimate --format`, the page's getReport() and its copy / download buttons.
//
//   text      the terminal report (report_text.cpp): aligned columns, the CLI's default
//   markdown  a summary a design document can take (report_markdown.cpp): the verdict, the memory, speed,
//             decision and cards tables, cost, warnings and the load test to verify with
//   csv       the cards table, one row per plan row, RFC 4180 (report_csv.cpp)
//   json      the result exactly as result_to_json() gives it
//
// The markdown report and the page's DOM text view are both drawn from one ReportDoc (report_doc.hpp), so
// they carry the same figures, formatted by fmt:: as the page formats them.
#pragma once

#include "error.hpp"
#include "result.hpp"
#include "scenario.hpp"

#include <string>

namespace infersizer {

enum class ReportKind { text, markdown, csv, json };

// "text" | "markdown" | "csv" | "json"; anything else is an error naming `field` ("kind", "--format").
Expected<ReportKind> report_kind_from_string(const std::string& kind, const std::string& field = "kind");
const char* to_string(ReportKind kind);

// The report of `r` (computed from `s`) in `lang` ("zh" | "en"). Ends with a newline.
std::string render_report(ReportKind kind, const Scenario& s, const Result& r, const std::string& lang);

std::string report_text(const Scenario& s, const Result& r, const std::string& lang);
std::string report_markdown(const Scenario& s, const Result& r, const std::string& lang);
std::string report_csv(const Result& r, const std::string& lang);

// The CSV's header row, in order (English keys; the same in both languages so a spreadsheet formula keeps
// working when the report's language changes).
const std::vector<std::string>& report_csv_columns();

}  // namespace infersizer
