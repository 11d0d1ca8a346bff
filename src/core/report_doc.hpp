// report_doc.hpp — the result as a small document of headings, paragraphs, tables, lists and code: what the
// markdown report (report_markdown.cpp) prints and what the page's DOM text view (bridge.js, [text-view])
// builds its elements from. One builder, so the two never disagree on a figure or a word; every number is
// formatted here by fmt:: in the page's figure style.
#pragma once

#include "judge.hpp"
#include "result.hpp"
#include "scenario.hpp"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace infersizer {

struct ReportTable {
    std::vector<std::string> header;             // column titles
    std::vector<std::vector<std::string>> rows;  // each as long as the header; the first cell names the row
};

struct ReportBlock {
    enum class Kind { heading, paragraph, table, list, code };
    Kind kind = Kind::paragraph;
    std::string id;            // stable section id ("memory", "cards") for headings and tables
    int level = 2;             // heading: 1 (the title) or 2 (a section)
    std::string text;          // heading, paragraph or code text
    ReportTable table;
    std::vector<std::string> items;  // list
};

struct ReportDoc {
    std::string lang;
    std::vector<ReportBlock> blocks;
};

ReportDoc report_doc(const Scenario& s, const Result& r, const std::string& lang);

// {"schema": "infersizer.report_doc/1", "lang", "blocks": [{"kind": "heading", "id", "level", "text"} |
//  {"kind": "paragraph", "text"} | {"kind": "table", "id", "header": [..], "rows": [[..]]} |
//  {"kind": "list", "items": [..]} | {"kind": "code", "text"}]}
nlohmann::json report_doc_to_json(const ReportDoc& doc);

// Words the text and markdown reports share with the page's badges.
Text verdict_word(Verdict v);  // 可以 / yes …
// The judge's status (JSON `status`) in words: 满足目标 / meets the targets …; "does not fit as given" with a remedy.
Text status_word(ServingStatus s, FitRemedy remedy, bool cannot_run = false);
Text fits_words(const Result& r);  // memory's verdict as the reports' "fits" row says it
// How a latency target fared: met, met only in the optimistic case, missed; or why it was not judged.
Text target_word(const Scenario& s, const Result& r, bool ok, bool at_best);
// The per-user speed target's word (judge_tps_target): "n/a (one output token)" for a one-token answer.
Text tps_target_word(const Result& r);
// The same word for the day's volume (judge_daily_volume), shown where it is judged (no latency target).
Text daily_volume_word(const Result& r);
Text judgement_word(TargetJudgement judged);
// Above the speed figures of a setup the judge does not judge for speed (it does not fit, or the engine cannot run
// it): what those figures are. Empty where the speed is judged.
Text unjudged_speed_note(const Result& r);
// The user's hardware and its count: "H100 SXM5 80GB × 8", or the planner's range "× 4–8 (planner's choice)" as the
// headline gives it when the scenario leaves the count open.
Text hardware_count_words(const Result& r);
// The cards the self-hosted cost prices: "4–8 × H100 SXM5 80GB", or where the user's own cards have no price (or
// cannot serve the setup) the planner's cheapest setup that meets the targets, and why: "1 × B200 (HGX B200) 180GB,
// the planner's pick; no rental price for A10G 24GB".
Text priced_setup_words(const Result& r);
// Which end of an interval is which (interval.hpp): the careful operator's end is the low one for memory, times,
// cards and cost and the high one for speeds and users. Ends the text and markdown reports.
Text interval_legend();

}  // namespace infersizer
