// report_csv.cpp — the cards table (the result's plan) as CSV: RFC 4180 (CRLF line ends, every field that holds
// a comma, a quote or a line break quoted, quotes doubled), a header row of English keys, one row per plan row.
// Numbers are the result JSON's (json_number: four significant digits) written plain ("1234.5", no grouping, no
// exponent) so a spreadsheet reads them as numbers and they equal getResult()'s; a row without a price has empty
// cost fields.
#include "format_text.hpp"
#include "report.hpp"
#include "json_number.hpp"

#include <sstream>

namespace infersizer {

namespace {

std::string field(const std::string& text) {
    if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
    std::string out = "\"";
    for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

// %.10g of a four-digit value prints it in full without an exponent up to 1e10 (1.235e+06 → 1235000).
std::string number(double v) { return fmt::sig(json_number(v), 10); }

}  // namespace

const std::vector<std::string>& report_csv_columns() {
    static const std::vector<std::string> kColumns = {
        "hardware",          "name",          "cards_lo",           "cards_hi",           "tp",
        "replicas_lo",       "replicas_hi",   "users_per_replica_lo", "users_per_replica_hi", "tps_per_user_lo",
        "tps_per_user_hi",   "ttft_p90_s_lo", "ttft_p90_s_hi",      "cost_per_month_lo",  "cost_per_month_hi",
        "currency",          "fits",          "meets_targets",      "note"};
    return kColumns;
}

std::string report_csv(const Result& r, const std::string& lang) {
    std::ostringstream out;
    const auto& columns = report_csv_columns();
    for (size_t i = 0; i < columns.size(); ++i) out << (i ? "," : "") << columns[i];
    out << "\r\n";
    for (const PlanRow& row : r.plan) {
        const std::vector<std::string> cells = {
            field(row.hardware),
            field(row.name),
            number(row.cards.lo),
            number(row.cards.hi),
            std::to_string(row.tp),
            number(row.replicas.lo),
            number(row.replicas.hi),
            number(row.users_per_replica.lo),
            number(row.users_per_replica.hi),
            number(row.decode_tps_per_seq.lo),
            number(row.decode_tps_per_seq.hi),
            number(row.ttft_s.lo),
            number(row.ttft_s.hi),
            row.has_price ? number(row.cost_per_month.lo) : "",
            row.has_price ? number(row.cost_per_month.hi) : "",
            field(row.currency),
            row.fits ? "true" : "false",
            row.meets_targets ? "true" : "false",
            field(row.note_text.in(lang)),
        };
        for (size_t i = 0; i < cells.size(); ++i) out << (i ? "," : "") << cells[i];
        out << "\r\n";
    }
    return out.str();
}

}  // namespace infersizer
