// report_markdown.cpp — the report document (report_doc.hpp) as CommonMark with GitHub's pipe tables, ready
// to paste into a design document.
#include "report.hpp"
#include "report_doc.hpp"

#include <sstream>

namespace infersizer {

namespace {

// A table cell on one line: pipes escaped, line breaks as <br> (GitHub renders both inside tables).
std::string cell(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c == '|') out += "\\|";
        else if (c == '\n') out += "<br>";
        else out += c;
    }
    return out;
}

void write_row(std::ostringstream& out, const std::vector<std::string>& cells) {
    out << "|";
    for (const std::string& c : cells) out << " " << cell(c) << " |";
    out << "\n";
}

void write_table(std::ostringstream& out, const ReportTable& t) {
    write_row(out, t.header);
    out << "|";
    for (size_t i = 0; i < t.header.size(); ++i) out << " --- |";
    out << "\n";
    for (const auto& row : t.rows) write_row(out, row);
}

// A fence longer than any run of backticks inside, so a command can never close it.
std::string fence_for(const std::string& text) {
    size_t longest = 0, run = 0;
    for (char c : text) {
        run = c == '`' ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    return std::string(std::max<size_t>(3, longest + 1), '`');
}

}  // namespace

std::string report_markdown(const Scenario& s, const Result& r, const std::string& lang) {
    const ReportDoc doc = report_doc(s, r, lang);
    std::ostringstream out;
    bool first = true;
    for (const ReportBlock& b : doc.blocks) {
        if (!first) out << "\n";
        first = false;
        switch (b.kind) {
            case ReportBlock::Kind::heading: out << std::string(static_cast<size_t>(b.level), '#') << " " << b.text << "\n"; break;
            case ReportBlock::Kind::paragraph: out << b.text << "\n"; break;
            case ReportBlock::Kind::table: write_table(out, b.table); break;
            case ReportBlock::Kind::list:
                for (const std::string& item : b.items) out << "- " << item << "\n";
                break;
            case ReportBlock::Kind::code: {
                const std::string fence = fence_for(b.text);
                out << fence << "sh\n" << b.text << (b.text.empty() || b.text.back() != '\n' ? "\n" : "") << fence << "\n";
                break;
            }
        }
    }
    return out.str();
}

}  // namespace infersizer
