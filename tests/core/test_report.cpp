// Reports (report.hpp): the markdown report of the golden scenarios against its checked-in files
// (tests/golden/expected/<name>.report.<lang>.md, written by scripts/update-golden.sh), the CSV read back by an
// RFC 4180 parser, the JSON kind, the kind names, and the document the page's text view is built from.
#include "report.hpp"
#include "format_text.hpp"
#include "json_number.hpp"
#include "report_doc.hpp"
#include "result_json.hpp"
#include "support.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <algorithm>
#include <filesystem>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace infersizer;
using nlohmann::json;

namespace {

// The golden scenarios whose markdown reports are checked in (scripts/update-golden.sh lists the same).
const char* const kReportScenarios[] = {"personal_8b_4090", "chat_70b_h100_200_users"};

// RFC 4180: fields split by commas, records by CRLF; a quoted field may hold commas, CRLF and doubled quotes.
// Throws on a malformed file (a stray quote, a bare LF, no CRLF at the end), so a broken writer fails the test.
std::vector<std::vector<std::string>> parse_csv(const std::string& text) {
    std::vector<std::vector<std::string>> records;
    std::vector<std::string> record;
    std::string field;
    size_t i = 0;
    while (i < text.size()) {
        if (text[i] == '"') {
            if (!field.empty()) throw std::runtime_error("quote inside an unquoted field at " + std::to_string(i));
            ++i;
            for (;;) {
                if (i >= text.size()) throw std::runtime_error("unterminated quoted field");
                if (text[i] == '"') {
                    if (i + 1 < text.size() && text[i + 1] == '"') {
                        field += '"';
                        i += 2;
                        continue;
                    }
                    ++i;
                    break;
                }
                field += text[i++];
            }
            if (i < text.size() && text[i] != ',' && text[i] != '\r')
                throw std::runtime_error("text after a closing quote at " + std::to_string(i));
            continue;
        }
        if (text[i] == ',') {
            record.push_back(field);
            field.clear();
            ++i;
        } else if (text[i] == '\r') {
            if (i + 1 >= text.size() || text[i + 1] != '\n') throw std::runtime_error("CR without LF");
            record.push_back(field);
            field.clear();
            records.push_back(record);
            record.clear();
            i += 2;
        } else if (text[i] == '\n') {
            throw std::runtime_error("bare LF at " + std::to_string(i));
        } else if (text[i] == '"') {
            throw std::runtime_error("quote inside a field at " + std::to_string(i));
        } else {
            field += text[i++];
        }
    }
    if (!field.empty() || !record.empty()) throw std::runtime_error("the last record does not end with CRLF");
    return records;
}

Result golden_result(const std::string& name) { return test::estimate_ok(test::golden_scenario(name + ".json")); }

// The first line where two texts differ, for a readable failure.
std::string first_line_difference(const std::string& got, const std::string& want) {
    std::istringstream a(got), b(want);
    std::string la, lb;
    for (int line = 1;; ++line) {
        const bool more_a = static_cast<bool>(std::getline(a, la)), more_b = static_cast<bool>(std::getline(b, lb));
        if (!more_a && !more_b) return "";
        if (la != lb || more_a != more_b)
            return "line " + std::to_string(line) + ":\n  got      " + (more_a ? la : "<end>") + "\n  expected " + (more_b ? lb : "<end>");
    }
}

// The CSV's figures are the result JSON's (json_number), so they compare exactly.
bool same_as_json(double got, double want) { return got == json_number(want); }

}  // namespace

TEST(Report, MarkdownOfTheGoldenScenariosMatchesItsCheckedInFile) {
    const std::filesystem::path dir = std::filesystem::path(INFERSIZER_GOLDEN_DIR) / "expected";
    int compared = 0;
    for (const char* name : kReportScenarios) {
        const Scenario s = test::golden_scenario(std::string(name) + ".json");
        const Result r = test::estimate_ok(s);
        for (const char* lang : {"zh", "en"}) {
            SCOPED_TRACE(std::string(name) + " " + lang);
            const std::filesystem::path path = dir / (std::string(name) + ".report." + lang + ".md");
            ASSERT_TRUE(std::filesystem::exists(path)) << path << " is missing: run scripts/update-golden.sh and commit it";
            const std::string got = report_markdown(s, r, lang);
            const std::string diff = first_line_difference(got, test::read_text(path.string()));
            EXPECT_TRUE(diff.empty()) << diff
                                      << "\nIf the change is intended, run scripts/update-golden.sh and commit the diff.";
            ++compared;
        }
    }
    EXPECT_EQ(compared, 4);
}

TEST(Report, MarkdownHasTheSectionsADesignDocumentNeeds) {
    const Scenario s = test::golden_scenario("chat_70b_h100_200_users.json");
    const Result r = test::estimate_ok(s);
    const std::string md = report_markdown(s, r, "en");
    for (const char* section : {"## Setup", "## Memory", "## Speed", "## CPU / GPU / API", "## Cards", "## Cost",
                                "## Deploy and verify"})
        EXPECT_NE(md.find(section), std::string::npos) << section;
    EXPECT_EQ(md.rfind("# InferSizer — ", 0), 0u) << "the title comes first";
    EXPECT_NE(md.find(r.verdict.en), std::string::npos) << "the verdict sentence";
    EXPECT_NE(md.find(fmt::figure_interval(r.memory.weights_gib, "GiB")), std::string::npos) << "weights as the page prints them";
    EXPECT_NE(md.find(r.deploy.load_test_command.en), std::string::npos) << "the load test to verify with";
    for (const PlanRow& row : r.plan) EXPECT_NE(md.find("| " + row.name + " |"), std::string::npos) << row.name;
    const std::string zh = report_markdown(s, r, "zh");
    EXPECT_NE(zh.find("## 内存"), std::string::npos);
    EXPECT_NE(zh.find(r.verdict.zh), std::string::npos);
}

// Every table line has as many cells as its header: a '|' inside a cell is escaped, a line break is <br>.
TEST(Report, MarkdownTablesKeepTheirColumnsWhateverTheCellsHold) {
    Scenario s = test::golden_scenario("personal_8b_4090.json");
    Result r = test::estimate_ok(s);
    ASSERT_FALSE(r.plan.empty());
    r.plan[0].note_text = fmt::text("甲 | 乙\n丙", "a | b\nc");
    const std::string md = report_markdown(s, r, "en");
    EXPECT_NE(md.find("a \\| b<br>c"), std::string::npos);
    std::istringstream in(md);
    std::string line;
    size_t columns = 0;
    while (std::getline(in, line)) {
        if (line.rfind("|", 0) != 0) {
            columns = 0;
            continue;
        }
        size_t pipes = 0;
        for (size_t i = 0; i < line.size(); ++i)
            if (line[i] == '|' && (i == 0 || line[i - 1] != '\\')) ++pipes;
        if (columns == 0) columns = pipes;  // the header line of this table
        EXPECT_EQ(pipes, columns) << line;
    }
}

TEST(Report, CsvParsesBackToThePlanRows) {
    for (const char* name : kReportScenarios) {
        SCOPED_TRACE(name);
        const Result r = golden_result(name);
        for (const char* lang : {"zh", "en"}) {
            const auto records = parse_csv(report_csv(r, lang));
            ASSERT_EQ(records.size(), r.plan.size() + 1) << "a header and one row per plan row";
            EXPECT_EQ(records[0], report_csv_columns());
            for (const auto& rec : records) ASSERT_EQ(rec.size(), records[0].size()) << "every row as wide as the header";
            auto col = [&](const std::string& key) {
                const auto& h = records[0];
                return static_cast<size_t>(std::find(h.begin(), h.end(), key) - h.begin());
            };
            for (size_t i = 0; i < r.plan.size(); ++i) {
                const PlanRow& row = r.plan[i];
                const auto& rec = records[i + 1];
                EXPECT_EQ(rec[col("hardware")], row.hardware);
                EXPECT_EQ(rec[col("name")], row.name);
                EXPECT_TRUE(same_as_json(std::stod(rec[col("cards_lo")]), row.cards.lo)) << row.hardware;
                EXPECT_TRUE(same_as_json(std::stod(rec[col("cards_hi")]), row.cards.hi)) << row.hardware;
                EXPECT_EQ(std::stoi(rec[col("tp")]), row.tp);
                EXPECT_TRUE(same_as_json(std::stod(rec[col("replicas_hi")]), row.replicas.hi));
                EXPECT_TRUE(same_as_json(std::stod(rec[col("users_per_replica_lo")]), row.users_per_replica.lo));
                EXPECT_TRUE(same_as_json(std::stod(rec[col("tps_per_user_lo")]), row.decode_tps_per_seq.lo));
                EXPECT_TRUE(same_as_json(std::stod(rec[col("tps_per_user_hi")]), row.decode_tps_per_seq.hi));
                EXPECT_TRUE(same_as_json(std::stod(rec[col("ttft_p90_s_hi")]), row.ttft_s.hi));
                if (row.has_price) {
                    EXPECT_TRUE(same_as_json(std::stod(rec[col("cost_per_month_lo")]), row.cost_per_month.lo));
                    EXPECT_TRUE(same_as_json(std::stod(rec[col("cost_per_month_hi")]), row.cost_per_month.hi));
                } else {
                    EXPECT_EQ(rec[col("cost_per_month_lo")], "") << "no price: an empty field, not 0";
                }
                EXPECT_EQ(rec[col("currency")], row.currency);
                EXPECT_EQ(rec[col("fits")], row.fits ? "true" : "false");
                EXPECT_EQ(rec[col("meets_targets")], row.meets_targets ? "true" : "false");
                EXPECT_EQ(rec[col("note")], row.note_text.in(lang));
            }
        }
    }
}

TEST(Report, CsvQuotesCommasQuotesAndLineBreaks) {
    Result r = golden_result("personal_8b_4090");
    ASSERT_FALSE(r.plan.empty());
    r.plan[0].name = "Card, \"special\"";
    r.plan[0].note_text = fmt::text("甲", "line one,\r\nline \"two\"");
    const std::string csv = report_csv(r, "en");
    EXPECT_NE(csv.find("\"Card, \"\"special\"\"\""), std::string::npos);
    const auto records = parse_csv(csv);
    ASSERT_GE(records.size(), 2u);
    EXPECT_EQ(records[1][1], "Card, \"special\"");
    EXPECT_EQ(records[1].back(), "line one,\r\nline \"two\"");
    EXPECT_THROW(parse_csv("a,b\r\n\"c,d\r\n"), std::runtime_error) << "the parser itself refuses a broken file";
}

TEST(Report, JsonIsTheResultAsResultJsonGivesIt) {
    const Scenario s = test::golden_scenario("personal_8b_4090.json");
    const Result r = test::estimate_ok(s);
    for (const char* lang : {"zh", "en"})
        EXPECT_EQ(json::parse(render_report(ReportKind::json, s, r, lang)), result_to_json(r, lang)) << lang;
}

TEST(Report, KindsAreNamedAndAnUnknownOneNamesItsField) {
    for (const char* name : {"text", "markdown", "csv", "json"}) {
        auto k = report_kind_from_string(name);
        ASSERT_TRUE(k.ok()) << name;
        EXPECT_STREQ(to_string(*k), name);
    }
    auto bad = report_kind_from_string("pdf", "--format");
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().id, "report.kind");
    EXPECT_EQ(bad.error().path, "--format");
    EXPECT_EQ(bad.error().message, "must be one of text, markdown, csv, json, got \"pdf\"");
    EXPECT_EQ(report_kind_from_string("Markdown").error().path, "kind") << "names are exact, lower case";
}

// The page's text view is built from this document: tables as wide as their headers, the cards table one row per
// plan row, the headline first, in the asked language.
TEST(Report, TextViewDocumentHoldsTheTablesOfTheResult) {
    const Scenario s = test::golden_scenario("chat_70b_h100_200_users.json");
    const Result r = test::estimate_ok(s);
    const json doc = report_doc_to_json(report_doc(s, r, "zh"));
    EXPECT_EQ(doc["schema"], "infersizer.report_doc/1");
    EXPECT_EQ(doc["lang"], "zh");
    ASSERT_FALSE(doc["blocks"].empty());
    EXPECT_EQ(doc["blocks"][0]["kind"], "heading");
    EXPECT_EQ(doc["blocks"][0]["level"], 1);
    std::set<std::string> tables;
    for (const json& b : doc["blocks"]) {
        if (b["kind"] != "table") continue;
        tables.insert(b["id"].get<std::string>());
        for (const json& row : b["rows"]) EXPECT_EQ(row.size(), b["header"].size()) << b["id"];
        if (b["id"] == "cards") {
            ASSERT_EQ(b["rows"].size(), r.plan.size());
            for (size_t i = 0; i < r.plan.size(); ++i) EXPECT_EQ(b["rows"][i][0], r.plan[i].name);
        }
        if (b["id"] == "decision") {
            EXPECT_EQ(b["rows"].size(), r.decision.size());
        }
    }
    for (const char* id : {"setup", "memory", "speed", "decision", "cards", "cost"}) EXPECT_TRUE(tables.count(id)) << id;
}

// The text report's throughput, requests in flight and KV in use count every replica, beside memory rows that are
// one replica's: the labels say so (100 GiB of KV in use across 4 replicas beside a 32 GiB KV cache per replica
// read as impossible), and say nothing with one replica.
TEST(Report, TextSaysWhichSpeedRowsCountEveryReplica) {
    const Scenario s = test::golden_scenario("chat_70b_h100_200_users.json");
    const Result r = test::estimate_ok(s);
    ASSERT_GT(r.memory.replicas, 1);
    const std::string all = " (all " + std::to_string(r.memory.replicas) + " replicas)";
    const std::string en = report_text(s, r, "en"), zh = report_text(s, r, "zh");
    for (const char* label : {"throughput", "requests in flight", "KV in use"})
        EXPECT_NE(en.find(std::string("\n  ") + label + all), std::string::npos) << label;
    EXPECT_NE(zh.find("占用的 KV（" + std::to_string(r.memory.replicas) + " 个副本合计）"), std::string::npos);
    const Scenario one = test::golden_scenario("personal_8b_4090.json");
    const Result r1 = test::estimate_ok(one);
    ASSERT_EQ(r1.memory.replicas, 1);
    EXPECT_EQ(report_text(one, r1, "en").find("replicas)"), std::string::npos);
}

// A first token under a tenth of a second reads in milliseconds in the text report, as the page and the load test's
// expected line give it: Qwen2.5-0.5B on one H100 answers in 1.4–2.5 ms in the engine (1.4–52.5 ms with the serving
// path), which the report printed as "0.00 s".
TEST(Report, TextReportGivesShortTimesInMilliseconds) {
    Scenario s = test::scenario("Qwen2.5-0.5B", "bf16", "vllm", "nvidia-h100-sxm-80gb", 1);
    s.context_tokens = 4096, s.prompt_tokens = 256, s.output_tokens = 128, s.concurrency = 1;
    const Result r = test::estimate_ok(s);
    ASSERT_LT(r.performance.ttft_p90_s.lo, 0.005) << "precondition";
    ASSERT_LT(r.performance.ttft_p90_s.hi, 0.1) << "precondition";
    const std::string en = report_text(s, r, "en");
    const std::string ms = fmt::column_interval(r.performance.ttft_p90_s * 1000.0, "ms");
    EXPECT_NE(en.find("TTFT p90               " + ms + "\n"), std::string::npos) << en;
    EXPECT_EQ(en.find("0.00 s"), std::string::npos) << en;
    // Longer times stay in seconds.
    const Result big = test::estimate_ok(test::golden_scenario("personal_8b_4090.json"));
    ASSERT_GE(big.performance.ttft_p90_s.hi, 0.1) << "precondition";
    EXPECT_NE(report_text(test::golden_scenario("personal_8b_4090.json"), big, "en")
                  .find("TTFT p90               " + fmt::column_interval(big.performance.ttft_p90_s, "s") + "\n"),
              std::string::npos);
}

// The reports end by saying which end of an interval is the careful operator's: the low one for memory, times, cards
// and cost, the high one for speeds (interval.hpp). It read "low = a careful operator" for every figure, which put a
// speed's slow end (3 tok/s beside 11) on the careful operator.
TEST(Report, TheLegendPutsTheCarefulEndOfASpeedHigh) {
    const Scenario s = test::golden_scenario("personal_8b_4090.json");
    const Result r = test::estimate_ok(s);
    const std::string en = report_text(s, r, "en"), zh = report_text(s, r, "zh");
    EXPECT_NE(en.find("the careful operator's end is the low one for memory, times, cards and cost and the high one for "
                      "speeds and users"),
              std::string::npos);
    EXPECT_NE(zh.find("内存、时间、卡数与费用的低值、速度与人数的高值是精心调优的一端"), std::string::npos);
    EXPECT_EQ(en.find("low = a careful operator"), std::string::npos);
    // The markdown report and the page's text view say the same (one builder, report_doc.cpp).
    EXPECT_NE(report_markdown(s, r, "en").find(interval_legend().en), std::string::npos);
}

// A layer split is not tensor parallelism: llama.cpp's three cards for a 70B Q4_K_M hold a layer range each and run one
// after another. The reports named it "TP 3" (running batch and the cards table), which reads as three cards sharing
// every layer's work; now "layer split 3", and JSON says performance.layer_split.
TEST(Report, ALayerSplitIsNotCalledTensorParallel) {
    Scenario s = test::scenario("Llama-3.1-70B", "Q4_K_M", "llama.cpp", "nvidia-rtx-4090", 3);
    s.context_tokens = 8192, s.prompt_tokens = 1000, s.output_tokens = 300, s.concurrency = 2;
    const Result r = test::estimate_ok(s);
    ASSERT_EQ(r.performance.tp, 3);
    EXPECT_TRUE(r.performance.layer_split);
    EXPECT_EQ(result_to_json(r, "en")["performance"]["layer_split"], true);
    const std::string en = report_text(s, r, "en"), zh = report_text(s, r, "zh");
    EXPECT_NE(en.find(" (layer split 3)\n"), std::string::npos) << en;
    EXPECT_NE(zh.find(" (按层切分 3)\n"), std::string::npos) << zh;
    EXPECT_EQ(en.find("(TP 3)"), std::string::npos);
    // The cards table: each planner row in the core's layout words, in the text report and the markdown alike.
    const std::string md = report_markdown(s, r, "en");
    int split_rows = 0;
    for (const PlanRow& row : r.plan) {
        const std::string words = fmt::layout_words(row.tp, row.pp, row.layer_split).en;
        EXPECT_NE(md.find("| " + words + " |"), std::string::npos) << row.name << ": " << words;
        if (row.layer_split && row.tp > 1) {
            ++split_rows;
            EXPECT_EQ(words, "layer split " + std::to_string(row.tp));
        }
    }
    EXPECT_GT(split_rows, 0);
    // A tensor-parallel engine keeps "TP n", with its pipeline stages.
    EXPECT_EQ(fmt::layout_words(2, 1, false).en, "TP 2");
    EXPECT_EQ(fmt::layout_words(8, 6, false).zh, "TP 8 × PP 6");
    EXPECT_EQ(fmt::layout_words(1, 1, true).en, "1 card");
    s.engine = "vllm";
    s.weights = "awq-int4";
    const Result v = test::estimate_ok(s);
    EXPECT_FALSE(v.performance.layer_split);
    EXPECT_NE(report_text(s, v, "en").find(" (TP " + std::to_string(v.performance.tp) + ")\n"), std::string::npos);
}

// The self-hosted cost prices a setup: the reports name it, and say when it is the planner's pick (a desktop CPU has
// no rental price, so the cost is one RTX 3090's) rather than the user's own cards, as the page's cost panel does.
TEST(Report, TheSelfHostedCostNamesTheCardsItPrices) {
    const Scenario cpu = test::golden_scenario("cpu_qwen25_7b.json");
    const Result r = test::estimate_ok(cpu);
    ASSERT_TRUE(r.cost.has_gpu_price);
    ASSERT_TRUE(r.cost.self_hosted_from_planner);
    const std::string pick = r.cost.self_hosted_config;
    // And why not the user's own: a desktop has no rental price; a 405B model does not fit one RTX 4090.
    const std::string why_en = "; no rental price for " + r.hardware_name;
    EXPECT_NE(report_text(cpu, r, "en").find(" (" + pick + ", the planner's pick" + why_en + ")\n"), std::string::npos);
    EXPECT_NE(report_text(cpu, r, "zh").find(" (" + pick + "，规划器的选择；" + r.hardware_name + " 没有租用价格)\n"),
              std::string::npos);
    EXPECT_NE(report_markdown(cpu, r, "en").find("| Self-hosted (rented cards): " + pick + ", the planner's pick" + why_en + " |"),
              std::string::npos);
    const Scenario big = test::golden_scenario("too_big_405b_on_one_4090.json");
    const Result b = test::estimate_ok(big);
    ASSERT_TRUE(b.cost.own_cards_cannot_run);
    EXPECT_NE(report_text(big, b, "en").find(", the planner's pick; " + b.hardware_name + " cannot serve this setup)\n"),
              std::string::npos);
    const Scenario own = test::golden_scenario("chat_70b_h100_200_users.json");
    const Result o = test::estimate_ok(own);
    ASSERT_FALSE(o.cost.self_hosted_from_planner);
    EXPECT_NE(report_text(own, o, "en").find(" (" + o.cost.self_hosted_config + ")\n"), std::string::npos);
    EXPECT_EQ(report_text(own, o, "en").find("the planner's pick)\n"), std::string::npos);
}

// A setup the judge does not judge for speed still has speed figures (the ones it would have if it fit or ran): the
// reports say so above them, where they read as its speed ("time to first token 2034–2673 s" under nothing).
TEST(Report, SpeedFiguresOfASetupThatDoesNotRunSayWhatTheyAre) {
    const std::string not_fit = "Does not fit: the speed it would have if it did, not judged.";
    const Scenario big = test::golden_scenario("too_big_405b_on_one_4090.json");
    const Result b = test::estimate_ok(big);
    ASSERT_EQ(b.status, ServingStatus::does_not_fit);
    EXPECT_NE(report_text(big, b, "en").find("② Speed\n  " + not_fit + "\n"), std::string::npos);
    EXPECT_NE(report_markdown(big, b, "en").find("## Speed\n\n" + not_fit + "\n"), std::string::npos);
    const Scenario fp8 = test::golden_scenario("fp8_on_a100_tensorrt_cannot_run.json");
    const Result c = test::estimate_ok(fp8);
    ASSERT_TRUE(c.cannot_run.has_value());
    EXPECT_NE(report_text(fp8, c, "zh").find("② 速度\n  跑不了：以下是假设能跑时的速度，不评目标。\n"), std::string::npos);
    // A setup that runs has its figures judged: no note.
    const Scenario ok = test::golden_scenario("chat_70b_h100_200_users.json");
    const Result o = test::estimate_ok(ok);
    EXPECT_EQ(report_text(ok, o, "en").find("② Speed\n  time to first token"), report_text(ok, o, "en").find("② Speed\n"));
    EXPECT_EQ(report_text(ok, o, "en").find("not judged."), std::string::npos);
}
