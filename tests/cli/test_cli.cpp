// The CLI end to end: runs the real binary, checks exit codes, the one-line errors of the contract and
// that --json prints exactly one result object.
#include "../bad_inputs.hpp"
#include "bundled_catalog.hpp"
#include "curves_json.hpp"
#include "estimate.hpp"
#include "report.hpp"
#include "result_json.hpp"
#include "scenario_json.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

using nlohmann::json;

namespace {

struct CliRun {
    int code;
    std::string out;
    std::string err;
};

// ctest runs every test in its own process, in parallel: each run gets files of its own.
std::string scratch_file(const std::string& what) {
    static int counter = 0;
    return ::testing::TempDir() + "infersizer_cli_" + std::to_string(getpid()) + "_" + std::to_string(++counter) + "_" + what;
}

CliRun run(const std::string& args, const std::string& stdin_text = "") {
    const std::string err_file = scratch_file("err.txt");
    std::string cmd = std::string(INFERSIZER_CLI_PATH) + " " + args + " 2>" + err_file;
    if (!stdin_text.empty()) {
        const std::string in_file = scratch_file("in.json");
        std::ofstream(in_file) << stdin_text;
        cmd += " <" + in_file;
    } else {
        cmd += " </dev/null";
    }
    CliRun r;
    FILE* p = popen(cmd.c_str(), "r");
    std::array<char, 4096> buf;
    size_t n;
    while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
    const int status = pclose(p);
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::ifstream e(err_file);
    std::stringstream ss;
    ss << e.rdbuf();
    r.err = ss.str();
    return r;
}

std::string golden(const std::string& name) { return std::string(INFERSIZER_GOLDEN_DIR) + "/" + name; }

}  // namespace

TEST(Cli, VersionAndCatalog) {
    CliRun v = run("--version");
    EXPECT_EQ(v.code, 0);
    EXPECT_EQ(v.out.rfind("infersizer ", 0), 0u);
    CliRun c = run("catalog --json");
    ASSERT_EQ(c.code, 0) << c.err;
    const json j = json::parse(c.out);
    EXPECT_EQ(j["models"].size(), infersizer::bundled::catalog().models.size());
    EXPECT_GE(j["hardware"].size(), 50u);
    EXPECT_EQ(j["engines"].size(), 6u);
}

TEST(Cli, EstimateJsonIsExactlyOneResultEqualToTheCore) {
    CliRun r = run("estimate --scenario " + golden("personal_8b_4090.json") + " --json --lang en");
    ASSERT_EQ(r.code, 0) << r.err;
    const json j = json::parse(r.out);  // throws (fails the test) if there is anything but one object
    EXPECT_EQ(j["schema"], "infersizer.result/1");
    std::ifstream in(golden("personal_8b_4090.json"));
    std::stringstream ss;
    ss << in.rdbuf();
    auto s = infersizer::scenario_from_json_text(ss.str());
    ASSERT_TRUE(s.ok());
    auto core = infersizer::estimate(infersizer::bundled::catalog(), *s);
    ASSERT_TRUE(core.ok());
    EXPECT_EQ(j, infersizer::result_to_json(*core, "en"));
}

TEST(Cli, StdinAndFlagsGiveTheSameResult) {
    std::ifstream in(golden("online_70b_h100_vllm.json"));
    std::stringstream ss;
    ss << in.rdbuf();
    CliRun a = run("estimate --scenario - --json --lang en", ss.str());
    CliRun b = run("estimate --model Llama-3.1-70B --weights fp8 --engine vllm --hardware nvidia-h100-sxm-80gb "
                "--count auto --context 8192 --prompt 1500 --output 300 --concurrency 32 --ttft 2 --tps 15 "
                "--requests-per-day 50000 --headroom 0.1 --json --lang en");
    ASSERT_EQ(a.code, 0) << a.err;
    ASSERT_EQ(b.code, 0) << b.err;
    EXPECT_EQ(json::parse(a.out), json::parse(b.out));
}

TEST(Cli, BadInputExitsTwoWithOneLineNamingTheField) {
    CliRun r = run("estimate --model Qwen3-8B --hardware nvidia-rtx-4090 --concurrency -3");
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.err, "error: scenario.concurrency: must be an integer from 1 to 100000, got -3\n");
    EXPECT_TRUE(r.out.empty());

    r = run("estimate --model Qwen3-8B --context lots");
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.err, "error: scenario.context_tokens: must be an integer from 2 to 10000000, got \"lots\"\n");

    r = run("estimate --model NoSuchModel --json");
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.err.rfind("error: scenario.model: unknown model 'NoSuchModel'", 0), 0u) << r.err;

    r = run("estimate --scenario /nonexistent.json");
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.err, "error: --scenario: cannot read file '/nonexistent.json' (missing, unreadable or a directory)\n");

    r = run("estimate --scenario -", "{\"headroom\": 2}");
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.err, "error: scenario.headroom: must be a number from 0 to 0.5, got 2\n");

    r = run("estimate --model Qwen3-8B --lengths random");
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.err, "error: scenario.traffic.lengths: must be \"fixed\" or \"varied\", got \"random\"\n");

    r = run("estimate --bogus 1");
    EXPECT_EQ(r.code, 2);
    r = run("frobnicate");
    EXPECT_EQ(r.code, 2);
}

TEST(Cli, ReadableReportInBothLanguages) {
    CliRun en = run("estimate --scenario " + golden("personal_8b_4090.json") + " --lang en");
    ASSERT_EQ(en.code, 0) << en.err;
    EXPECT_NE(en.out.find("① Memory"), std::string::npos);
    EXPECT_NE(en.out.find("CPU / GPU / API"), std::string::npos);
    EXPECT_EQ(en.out.find("nan"), std::string::npos);
    CliRun zh = run("estimate --scenario " + golden("personal_8b_4090.json") + " --lang zh");
    ASSERT_EQ(zh.code, 0) << zh.err;
    EXPECT_NE(zh.out.find("① 内存"), std::string::npos);
}

// No latency target (issue #9): the report's target words say none was set, not "met".
TEST(Cli, ReportSaysNoLatencyTargetInsteadOfMet) {
    const std::string scenario = R"({"targets": {"ttft_s": 0.01, "tps_per_user": 5000, "no_latency_target": true}})";
    CliRun en = run("estimate --scenario - --lang en", scenario);
    ASSERT_EQ(en.code, 0) << en.err;
    EXPECT_NE(en.out.find("TTFT target none (no latency target)"), std::string::npos) << en.out;
    EXPECT_NE(en.out.find("per-user target none (no latency target)"), std::string::npos) << en.out;
    // The default traffic of 1,000 requests a day is what it is sized for, besides memory.
    EXPECT_NE(en.out.find("; no latency target: sized for memory and the day's 1,000 requests"), std::string::npos) << en.out;
    CliRun zh = run("estimate --scenario - --lang zh", scenario);
    ASSERT_EQ(zh.code, 0) << zh.err;
    EXPECT_NE(zh.out.find("首字目标 未设（无延迟目标）"), std::string::npos) << zh.out;

    // The flag sets the same field; a value other than true/false is named.
    CliRun flag = run("estimate --model Qwen3-8B --no-latency-target true --json --lang en");
    ASSERT_EQ(flag.code, 0) << flag.err;
    EXPECT_NE(flag.out.find("no latency target"), std::string::npos);
    CliRun bad = run("estimate --model Qwen3-8B --no-latency-target yes");
    EXPECT_EQ(bad.code, 2);
    EXPECT_NE(bad.err.find("error: scenario.targets.no_latency_target:"), std::string::npos) << bad.err;
}

TEST(Cli, UserCatalogIsMergedAndABadOneIsRefusedWithItsPath) {
    const std::string good = scratch_file("user_catalog.json");
    std::ofstream(good) << R"({"accelerators": [{"id": "lab-card-64", "vendor": "Lab", "name": "Lab Card 64GB",
        "kind": "gpu", "market": "datacenter", "memory_gb": 64, "memory_bandwidth_gbs": 2000,
        "fp16_bf16_dense_tflops": 400, "source": [{"ref": "our lab", "covers": ["all"]}]}]})";
    CliRun c = run("catalog --json --catalog " + good);
    ASSERT_EQ(c.code, 0) << c.err;
    const json ids = json::parse(c.out)["hardware"];
    EXPECT_NE(std::find(ids.begin(), ids.end(), "lab-card-64"), ids.end());
    CliRun e = run("estimate --catalog " + good + " --model Qwen3-8B --hardware lab-card-64 --json");
    ASSERT_EQ(e.code, 0) << e.err;
    EXPECT_EQ(json::parse(e.out)["hardware"], "Lab Card 64GB");

    const std::string bad = scratch_file("bad_catalog.json");
    std::ofstream(bad) << R"({"accelerators": [{"id": "x", "vendor": "Lab", "name": "X", "kind": "gpu",
        "market": "datacenter", "memory_gb": "lots", "memory_bandwidth_gbs": 1, "source": []}]})";
    CliRun b = run("estimate --catalog " + bad + " --model Qwen3-8B --hardware x");
    EXPECT_EQ(b.code, 2);
    EXPECT_NE(b.err.find("accelerators[0].memory_gb"), std::string::npos) << b.err;
    EXPECT_NE(b.err.find("got \"lots\""), std::string::npos) << b.err;
    // Every error, one line each with its path (the page lists the same ones), not only the first.
    std::istringstream lines(b.err);
    int n = 0;
    for (std::string line; std::getline(lines, line); ++n)
        EXPECT_EQ(line.rfind("error: user catalog: accelerators[0].", 0), 0u) << line;
    EXPECT_GE(n, 2) << b.err;
}

// ---------------------------------------------------------------------------------------------------------
// The readable report says what the result says (scripts/mutate.sh's CLI mutations, docs/testing.md): each card
// row's meets/misses word is its plan row's meets_targets, the headline's target words are the judgement's, the
// "fits" row is fit.fits and the p90 row is the p90.
// ---------------------------------------------------------------------------------------------------------

namespace {

std::vector<std::string> report_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::stringstream ss(text);
    for (std::string line; std::getline(ss, line);) lines.push_back(line);
    return lines;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// One golden scenario through the CLI twice: its JSON result and its English text report, split into lines.
// `ok` is false (and the failure reported) when either run failed.
struct GoldenReport {
    bool ok = false;
    json result;
    std::vector<std::string> lines;
};

GoldenReport golden_report(const std::string& name) {
    GoldenReport g;
    CliRun j = run("estimate --scenario " + golden(name) + " --json --lang en");
    CliRun r = run("estimate --scenario " + golden(name) + " --lang en");
    EXPECT_EQ(j.code, 0) << j.err;
    EXPECT_EQ(r.code, 0) << r.err;
    if (j.code != 0 || r.code != 0) return g;
    g.result = json::parse(j.out);
    g.lines = report_lines(r.out);
    g.ok = true;
    return g;
}

}  // namespace

TEST(Cli, ReportCardRowsSayMeetsExactlyWhereThePlanRowMeetsTheTargets) {
    // One scenario whose top 12 cards all meet the targets and one where some miss (a 405B model: few cards hold it).
    for (const char* name : {"personal_8b_4090.json", "too_big_405b_on_one_4090.json"}) {
        SCOPED_TRACE(name);
        CliRun j = run("estimate --scenario " + golden(name) + " --json --lang en");
        ASSERT_EQ(j.code, 0) << j.err;
        const json plan = json::parse(j.out)["plan"];
        ASSERT_GE(plan.size(), 12u);
        int meets = 0, misses = 0;
        for (const char* lang : {"en", "zh"}) {
            const bool en = std::string(lang) == "en";
            CliRun r = run("estimate --scenario " + golden(name) + " --lang " + lang);
            ASSERT_EQ(r.code, 0) << r.err;
            const std::vector<std::string> lines = report_lines(r.out);
            const std::string header = en ? "④ Cards" : "④ 卡型对比";
            auto at = std::find_if(lines.begin(), lines.end(), [&](const std::string& l) { return l.rfind(header, 0) == 0; });
            ASSERT_NE(at, lines.end()) << r.out;
            // Card rows: "  <name>  <cards> cards  <layout>  meets|misses  <cost>" (layout "TP 2", "layer split 3", "1 card");
            // a row's binding follows it, indented further.
            size_t row = 0;
            for (++at; at != lines.end() && row < 12 && !at->empty(); ++at) {
                if (at->rfind("      ", 0) == 0) continue;  // a card row, not its note below
                SCOPED_TRACE(*at);
                const bool meets_row = plan[row]["meets_targets"].get<bool>();
                const std::string yes = en ? "  meets  " : "  达标  ", no = en ? "  misses  " : "  未达标  ";
                EXPECT_EQ(contains(*at, yes), meets_row);
                EXPECT_EQ(contains(*at, no), !meets_row);
                (meets_row ? meets : misses) += en ? 1 : 0;
                ++row;
            }
            EXPECT_EQ(row, 12u) << r.out;
        }
        EXPECT_GT(meets, 0);
        if (std::string(name) == "too_big_405b_on_one_4090.json") {
            EXPECT_GT(misses, 0);
        }
    }
}

// Money in the text report is the result's, shown as every other place shows a cost: three significant figures with
// the currency's symbol ("$657–$1,280"), not the columns' whole dollars ("657–1278 USD") beside a sentence that
// says "$1,280"; a one-card row says "1 card".
TEST(Cli, ReportShowsCostsAsTheSentencesDo) {
    // The amounts after each "$" in `text`, thousands separators dropped.
    auto dollars = [](const std::string& text) {
        std::vector<double> out;
        for (size_t at = text.find('$'); at != std::string::npos; at = text.find('$', at + 1)) {
            std::string digits;
            for (size_t k = at + 1; k < text.size() && (std::isdigit(static_cast<unsigned char>(text[k])) || text[k] == ',' || text[k] == '.'); ++k)
                if (text[k] != ',') digits += text[k];
            out.push_back(std::strtod(digits.c_str(), nullptr));
        }
        return out;
    };
    // Shown as the result's figure (the JSON keeps four significant figures) at three significant figures.
    auto shows = [](double shown, double value) {
        char three[32];
        std::snprintf(three, sizeof three, "%.3g", shown);
        return std::strtod(three, nullptr) == shown && std::fabs(shown - value) <= 0.006 * value;
    };
    size_t priced = 0, one_card = 0;
    // A 70B deployment (costs of thousands a month: grouping and rounding show) and one 8B on one card.
    for (const char* name : {"chat_70b_h100_200_users.json", "personal_8b_4090.json"}) {
        SCOPED_TRACE(name);
        const GoldenReport g = golden_report(name);
        ASSERT_TRUE(g.ok);
        const json& res = g.result;
        const std::vector<std::string>& lines = g.lines;
        auto row = std::find_if(lines.begin(), lines.end(), [](const std::string& l) { return contains(l, "self-hosted / month"); });
        ASSERT_NE(row, lines.end());
        const json& cost = res["cost"]["self_hosted_per_month_usd"];
        const std::vector<double> shown = dollars(*row);
        ASSERT_GE(shown.size(), 1u) << *row;
        EXPECT_TRUE(shows(shown.front(), cost["lo"]) && shows(shown.back(), cost["hi"])) << *row;
        EXPECT_FALSE(contains(*row, "USD")) << *row;
        // The cards table: each priced row ends in its plan row's cost the same way, "/month" after it.
        size_t row_index = 0;
        auto at = std::find_if(lines.begin(), lines.end(), [](const std::string& l) { return l.rfind("④ Cards", 0) == 0; });
        ASSERT_NE(at, lines.end());
        for (++at; at != lines.end() && !at->empty() && row_index < 12; ++at) {
            if (at->rfind("      ", 0) == 0) continue;  // a card row, not its note below
            const json& p = res["plan"][row_index++];
            SCOPED_TRACE(*at);
            if (p["cards"]["hi"].get<double>() == 1) {
                EXPECT_TRUE(contains(*at, " 1 card  ")) << *at;
                ++one_card;
            }
            if (p["cost_per_month"].is_null() || p["currency"] != "USD") continue;
            const std::vector<double> row_cost = dollars(*at);
            ASSERT_GE(row_cost.size(), 1u);
            EXPECT_TRUE(shows(row_cost.front(), p["cost_per_month"]["lo"]) && shows(row_cost.back(), p["cost_per_month"]["hi"]));
            EXPECT_EQ(at->substr(at->size() - 6), "/month");
            ++priced;
        }
        EXPECT_EQ(row_index, 12u);
    }
    EXPECT_GT(priced, 12u);
    EXPECT_GT(one_card, 0u);
}

TEST(Cli, ReportHeadlineFitsAndP90RowsSayWhatTheResultSays) {
    bool seen_holds_load = false;
    for (const char* name : {"personal_8b_4090.json", "cpu_qwen25_7b.json", "rag_72b_awq_colocated.json", "chat_70b_h100_200_users.json",
                             "too_big_405b_on_one_4090.json", "rag_72b_awq_a100_32_users.json"}) {
        SCOPED_TRACE(name);
        const GoldenReport g = golden_report(name);
        ASSERT_TRUE(g.ok);
        const json& res = g.result;
        const std::vector<std::string>& lines = g.lines;

        // The headline: "[word] <status in words> · TTFT target <word> · per-user target <word>". A target met at the careful
        // end is "met", only at the fast end "met only in the optimistic case", else "missed"; a setup that does
        // not fit is not judged on speed.
        const std::string status = res["status"];
        const json& met = res["targets_met"];
        auto target_word = [&](const char* ok, const char* best) -> std::string {
            if (status == "does_not_fit") return "not judged (does not fit)";
            if (met[ok].get<bool>()) return "met";
            return met[best].get<bool>() ? "met only in the optimistic case" : "missed";
        };
        const bool remedied = res["remedy"] != "none";
        const std::string status_words = status == "meets"            ? "meets the targets"
                                         : status == "misses_targets" ? "misses the targets"
                                         : remedied                   ? "does not fit as given"
                                                                      : "does not fit";
        auto headline = std::find_if(lines.begin(), lines.end(), [&](const std::string& l) { return contains(l, "] " + status_words + " · "); });
        ASSERT_NE(headline, lines.end());
        EXPECT_TRUE(contains(*headline, "TTFT target " + target_word("ttft", "ttft_at_best") + " · ")) << *headline;
        const std::string tail = "per-user target " + target_word("tps_per_user", "tps_per_user_at_best");
        EXPECT_TRUE(headline->size() >= tail.size() && headline->compare(headline->size() - tail.size(), tail.size(), tail) == 0)
            << *headline;

        // "fits" says what the page's memory badge says: unknown without the memory's size; yes when every user
        // fits at the full context (fit.fits), no when the setup does not fit, and otherwise that it holds the load.
        auto fits = std::find_if(lines.begin(), lines.end(), [](const std::string& l) { return l.rfind("  fits ", 0) == 0; });
        ASSERT_NE(fits, lines.end());
        auto ends_with = [](const std::string& l, const std::string& end) {
            return l.size() >= end.size() && l.compare(l.size() - end.size(), end.size(), end) == 0;
        };
        if (!res["memory"]["capacity_known"].get<bool>()) {  // a CPU platform of the catalog without a RAM size
            EXPECT_NE(fits->find("fits                   unknown: "), std::string::npos) << *fits;
        } else {
            const bool fit = res["fit"]["fits"].get<bool>(), runs = status != "does_not_fit";
            EXPECT_EQ(ends_with(*fits, " yes"), fit) << *fits;
            EXPECT_EQ(ends_with(*fits, " no"), !runs) << *fits;
            EXPECT_EQ(contains(*fits, " holds the load (typical request lengths)"), runs && !fit) << *fits;
            seen_holds_load |= runs && !fit;
        }

        // Where the p90 differs from the median, the two rows differ too.
        const json& p = res["performance"];
        if (p["ttft_p90_s"]["hi"].get<double>() > 1.2 * p["ttft_s"]["hi"].get<double>()) {
            auto row_of = [&](const std::string& label) {
                auto it = std::find_if(lines.begin(), lines.end(), [&](const std::string& l) { return l.rfind("  " + label, 0) == 0; });
                if (it == lines.end()) return std::string();
                const std::string value = it->substr(label.size() + 2);
                return value.substr(std::min(value.size(), value.find_first_not_of(' ')));  // the value, unpadded
            };
            const std::string median = row_of("time to first token"), p90 = row_of("TTFT p90");
            ASSERT_FALSE(median.empty() || p90.empty());
            EXPECT_NE(p90, median);
        }
    }
    EXPECT_TRUE(seen_holds_load);  // the middle word was shown once (the 70B chat: 200 users at 8k would not fit)
}

// Issue #9: the price basis and the API to compare are flags too (scenario pricing.gpu / pricing.api).
TEST(Cli, PricingFlagsChooseTheBasisAndTheApi) {
    CliRun r = run("estimate --hardware nvidia-h100-sxm-80gb --count 1 --gpu-price cheapest "
                   "--api OpenAI/gpt-5.4-mini --json --lang en");
    ASSERT_EQ(r.code, 0) << r.err;
    const json j = json::parse(r.out);
    // RunPod Community Cloud's 1.80 USD/h, the lowest H100 SXM row in data/prices.json, × 730 h.
    EXPECT_EQ(j["cost"]["self_hosted_per_month_usd"]["lo"], 1314);
    EXPECT_EQ(j["cost"]["self_hosted_per_month_usd"]["hi"], 1314);
    EXPECT_EQ(j["cost"]["api_model"], "OpenAI gpt-5.4-mini");

    r = run("estimate --hardware nvidia-h100-sxm-80gb --gpu-price Hetzner");
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.err.rfind("error: scenario.pricing.gpu: unknown price basis 'Hetzner'; accepted: on_demand, cheapest", 0), 0u)
        << r.err;

    r = run("estimate --hardware nvidia-h100-sxm-80gb --count 1 --gpu-price AWS --lang en");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("AWS's rental rows"), std::string::npos) << "the report states the basis";
}

// An error is in the report's language: --lang zh gives one Chinese line naming the field, with the range and the
// value got; without --lang (and no zh locale) it stays English.
TEST(Cli, ErrorsFollowLang) {
    CliRun zh = run("estimate --model Qwen3-8B --hardware nvidia-rtx-4090 --concurrency -3 --lang zh");
    EXPECT_EQ(zh.code, 2);
    EXPECT_EQ(zh.err, "错误：scenario.concurrency：必须是 1 到 100000 之间的整数，实际为 -3\n");
    EXPECT_TRUE(zh.out.empty());

    zh = run("estimate --model NoSuchModel --lang zh");
    EXPECT_EQ(zh.code, 2);
    EXPECT_EQ(zh.err.rfind("错误：scenario.model：未知的模型 'NoSuchModel'；可选：目录中的 id（", 0), 0u) << zh.err;

    zh = run("estimate --scenario - --lang zh", R"({"traffic": {"lengths": {"a": [1, 2]}}})");
    EXPECT_EQ(zh.code, 2);
    EXPECT_EQ(zh.err, "错误：scenario.traffic.lengths：必须是 \"fixed\" 或 \"varied\"，实际为对象\n");

    CliRun en = run("estimate --scenario - --lang en", R"({"traffic": {"lengths": {"a": [1, 2]}}})");
    EXPECT_EQ(en.err, "error: scenario.traffic.lengths: must be \"fixed\" or \"varied\", got an object\n");
}

TEST(Cli, ExplainPrintsEveryEntryInTheLanguageAsked) {
    // DeepSeek-R1 on 8 × H200 under vLLM: the MLA latent cache is copied on each of the TP 8 cards, and the KV line
    // shows that × 8 with its reason, in zh and in en.
    const std::string flags = " --model DeepSeek-R1 --weights fp8 --engine vllm --hardware nvidia-h200-sxm-141gb --count 8"
                              " --context 32768 --prompt 2000 --output 500 --concurrency 8";
    const CliRun zh = run("estimate --explain --lang zh" + flags);
    ASSERT_EQ(zh.code, 0) << zh.err;
    const CliRun en = run("estimate --explain --lang en" + flags);
    ASSERT_EQ(en.code, 0) << en.err;
    const CliRun plain = run("estimate --lang en" + flags);
    ASSERT_EQ(plain.code, 0) << plain.err;
    EXPECT_EQ(en.out.rfind(plain.out, 0), 0u) << "--explain changes the report before its explanations";
    EXPECT_EQ(plain.out.find("How each figure was computed"), std::string::npos);

    const CliRun j = run("estimate --json" + flags);
    ASSERT_EQ(j.code, 0) << j.err;
    const json result = json::parse(j.out);
    ASSERT_TRUE(result["explain"].is_object());
    ASSERT_GE(result["explain"].size(), 20u);
    for (const auto& [key, e] : result["explain"].items()) {
        EXPECT_NE(en.out.find("(" + key + ")"), std::string::npos) << key;
        EXPECT_NE(en.out.find(e["formula"]["en"].get<std::string>()), std::string::npos) << key;
        EXPECT_NE(zh.out.find(e["formula"]["zh"].get<std::string>()), std::string::npos) << key;
    }
    EXPECT_NE(zh.out.find("各数值的计算方式"), std::string::npos);
    EXPECT_NE(zh.out.find("× 每份 KV 的份数：MLA 潜在缓存在 TP 8 的每张卡上各存一份: 8"), std::string::npos) << zh.out;
    EXPECT_NE(en.out.find("× copies: the MLA latent cache is kept whole on each of the TP 8 cards: 8"), std::string::npos);
    EXPECT_NE(en.out.find("→ 137 GiB"), std::string::npos);
}

// --format: text (the default report), markdown, csv and json print exactly what the core's reports give;
// --json stays the same as --format json; an unknown kind or two different kinds exit 2 naming the flag.
TEST(Cli, FormatPrintsTheCoresReports) {
    std::ifstream in(golden("chat_70b_h100_200_users.json"));
    std::stringstream ss;
    ss << in.rdbuf();
    auto s = infersizer::scenario_from_json_text(ss.str());
    ASSERT_TRUE(s.ok());
    auto core = infersizer::estimate(infersizer::bundled::catalog(), *s);
    ASSERT_TRUE(core.ok());
    const std::string scenario = "estimate --scenario " + golden("chat_70b_h100_200_users.json");
    for (const char* lang : {"zh", "en"}) {
        SCOPED_TRACE(lang);
        const std::string l = std::string(" --lang ") + lang;
        CliRun md = run(scenario + " --format markdown" + l);
        ASSERT_EQ(md.code, 0) << md.err;
        EXPECT_EQ(md.out, infersizer::report_markdown(*s, *core, lang));
        CliRun csv = run(scenario + " --format csv" + l);
        ASSERT_EQ(csv.code, 0) << csv.err;
        EXPECT_EQ(csv.out, infersizer::report_csv(*core, lang));
        CliRun text = run(scenario + " --format text" + l);
        EXPECT_EQ(text.out, run(scenario + l).out) << "text is the default";
        EXPECT_EQ(text.out, infersizer::report_text(*s, *core, lang));
        CliRun as_json = run(scenario + " --format json" + l);
        ASSERT_EQ(as_json.code, 0) << as_json.err;
        EXPECT_EQ(as_json.out, run(scenario + " --json" + l).out) << "--json keeps working, the same as --format json";
        EXPECT_EQ(json::parse(as_json.out), infersizer::result_to_json(*core, lang));
    }
}

TEST(Cli, BadFormatExitsTwoNamingTheFlag) {
    const std::string scenario = "estimate --scenario " + golden("personal_8b_4090.json");
    CliRun r = run(scenario + " --format pdf --lang en");
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.err, "error: --format: must be one of text, markdown, csv, json, got \"pdf\"\n");
    EXPECT_TRUE(r.out.empty());
    r = run(scenario + " --json --format csv --lang en");
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.err, "error: --format: conflicts with --json\n");
    r = run(scenario + " --format markdown --json --lang en");
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.err, "error: --json: conflicts with --format markdown\n");
    r = run(scenario + " --format");
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.err, "error: --format: needs a value (KIND)\n");
}

// `infersizer curves`: the same flags as estimate; --json prints exactly the core's curves, the text form their
// reverse answers and every chart's title.
TEST(Cli, CurvesJsonIsTheCoresAndTextHasTheAnswers) {
    const std::string file = golden("personal_8b_4090.json");
    CliRun r = run("curves --scenario " + file + " --json --lang en");
    ASSERT_EQ(r.code, 0) << r.err;
    const json j = json::parse(r.out);
    EXPECT_EQ(j["schema"], "infersizer.curves/1");
    std::ifstream in(file);
    std::stringstream ss;
    ss << in.rdbuf();
    auto s = infersizer::scenario_from_json_text(ss.str());
    ASSERT_TRUE(s.ok());
    auto core = infersizer::estimate_curves(infersizer::bundled::catalog(), *s);
    ASSERT_TRUE(core.ok());
    EXPECT_EQ(j, infersizer::curves_to_json(*core, "en"));

    CliRun t = run("curves --scenario " + file + " --lang zh");
    ASSERT_EQ(t.code, 0) << t.err;
    for (const infersizer::Text& sentence : core->reverse.sentences) EXPECT_NE(t.out.find(sentence.zh), std::string::npos);
    for (const infersizer::Chart& c : core->charts) EXPECT_NE(t.out.find(c.title.zh), std::string::npos) << c.id;
    // The series read as the report's figures: no exponent notation ("1.04e+03"), large counts in the language's
    // units (万 in Chinese, k in English).
    CliRun en = run("curves --scenario " + file + " --lang en");
    ASSERT_EQ(en.code, 0) << en.err;
    for (const std::string* text : {&t.out, &en.out}) EXPECT_EQ(text->find("e+0"), std::string::npos) << *text;
    EXPECT_NE(t.out.find("万"), std::string::npos) << t.out;
    EXPECT_NE(en.out.find("k: "), std::string::npos) << en.out;

    CliRun bad = run("curves --concurrency -3 --model Qwen3-8B --lang en");
    EXPECT_EQ(bad.code, 2);
    EXPECT_NE(bad.err.find("scenario.concurrency"), std::string::npos) << bad.err;
}

// The CLI's rows of tests/data/bad_inputs.json (the core's rows run in tests/core/test_bad_inputs.cpp): each
// exits 2 with its one line word for word and prints nothing on stdout.
static std::string shell_quoted(const std::string& s) {
    std::string out = "'";
    for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

TEST(Cli, BadInputTableClassesExitTwoWithTheirLine) {
    const auto table = infersizer::test::bad_inputs(std::string(INFERSIZER_TEST_DATA_DIR) + "/bad_inputs.json");
    nlohmann::json actual = nlohmann::json::array();  // INFERSIZER_BAD_INPUTS_DUMP: what each class gets now
    size_t cli_cases = 0;
    for (const auto& b : table) {
        if (b.entry != "cli") continue;
        ++cli_cases;
        SCOPED_TRACE(b.name);
        const std::string dir = scratch_file("dir");
        std::filesystem::create_directories(dir);
        for (const auto& [name, content] : b.files) std::ofstream(dir + "/" + name, std::ios::binary) << content;
        std::string args;
        for (std::string a : b.args) {
            for (size_t at = a.find("{tmp}"); at != std::string::npos; at = a.find("{tmp}")) a.replace(at, 5, dir);
            args += " " + shell_quoted(a);
        }
        const CliRun r = run(args);
        std::string line = r.err;
        for (size_t at = line.find(dir); at != std::string::npos; at = line.find(dir)) line.replace(at, dir.size(), "{tmp}");
        if (!line.empty() && line.back() == '\n') line.pop_back();
        actual.push_back({{"class", b.name}, {"message", line}});
        EXPECT_EQ(r.code, 2);
        EXPECT_EQ(line, b.message);
        EXPECT_EQ(r.out, "");
    }
    if (const char* dump = std::getenv("INFERSIZER_BAD_INPUTS_DUMP")) std::ofstream(dump) << actual.dump(1);
    EXPECT_GE(cli_cases, 10u);
}
