// report_text.cpp — the terminal report (the CLI's default): the same tables the page shows, as aligned text.
#include "report.hpp"

#include "decision_text.hpp"

#include "format_text.hpp"
#include "judge.hpp"
#include "report_doc.hpp"
#include "result_json.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace infersizer {

namespace {

struct L {
    const std::string& lang;
    const char* operator()(const char* zh, const char* en) const { return lang == "zh" ? zh : en; }
};

// A time column in seconds, or in milliseconds below a tenth of a second: a small model's 1.4–2.5 ms first token read
// "0.00 s", which says nothing.
std::string time_column(Interval v) {
    return v.hi < 0.1 ? fmt::column_interval(v * 1000.0, "ms") : fmt::column_interval(v, "s");
}

void row(std::ostringstream& out, const std::string& label, const std::string& value) {
    out << "  " << label << ' ';
    // Pad by code points so Chinese labels line up as well as they can in a terminal.
    size_t cps = 0;
    for (unsigned char c : label) cps += (c & 0xC0) != 0x80;
    for (size_t i = cps; i < 22; ++i) out << ' ';
    out << value << "\n";
}

}  // namespace

std::string report_text(const Scenario& s, const Result& r, const std::string& lang) {
    const L t{lang};
    std::ostringstream out;
    out << "InferSizer — " << r.model_name << " · " << s.weights << " · " << hardware_count_words(r).in(lang) << " · "
        << s.engine << "\n";
    out << t("场景", "Scenario") << ": " << t("上下文 ", "context ") << s.context_tokens << t("，提示 ", ", prompt ")
        << s.prompt_tokens << t("，输出 ", ", output ") << s.output_tokens << t("，峰值并发 ", ", peak concurrency ")
        << s.concurrency << "\n\n";
    out << r.verdict.in(lang) << "\n";
    // The core's one judgement, as the page's badge shows it.
    const TargetsMet& met = r.targets_met;
    out << "[" << verdict_word(status_verdict(r)).in(lang) << "] " << status_word(r.status, r.remedy, r.cannot_run.has_value()).in(lang) << " · "
        << t("首字目标", "TTFT target") << " " << target_word(s, r, met.ttft, met.ttft_at_best).in(lang) << " · "
        << t("每人速度目标", "per-user target") << " " << tps_target_word(r).in(lang);
    if (met.daily_volume_applicable) out << " · " << t("每天请求量", "day's requests") << " " << daily_volume_word(r).in(lang);
    out << "\n\n";

    const MemoryResult& m = r.memory;
    if (m.replicas > 1)
        out << t("① 内存（每副本；共 ", "① Memory (per replica; ") << m.replicas << t(" 个副本，所有卡合计 ", " replicas, all cards ")
            << fmt::column_interval(m.all_cards_total_gib, "GiB") << t("）", ")") << "\n";
    else
        out << t("① 内存", "① Memory") << "\n";
    row(out, t("权重", "weights"), fmt::column_interval(m.weights_gib, "GiB"));
    row(out, t("KV 缓存 / token", "KV per token"), fmt::column_interval(m.kv_per_token_kib, "KiB"));
    row(out, t("KV 缓存", "KV cache"), fmt::column_interval(m.kv_cache_gib, "GiB"));
    row(out, t("激活", "activations"), fmt::column_interval(m.activations_gib, "GiB"));
    row(out, t("运行时", "runtime"), fmt::column_interval(m.runtime_gib, "GiB"));
    row(out, t("同机模型", "colocated"), fmt::column_interval(m.colocated_gib, "GiB"));
    row(out, t("合计", "total"), fmt::column_interval(m.total_gib, "GiB"));
    row(out, t("可用（扣冗余）", "usable (after headroom)"),
        m.capacity_known ? fmt::column(m.budget_gib) + " / " + fmt::column(m.capacity_gib) + " GiB" : t("未知", "unknown"));
    if (m.capacity_known) {
        row(out, t("是否放得下", "fits"), fits_words(r).in(lang));
        // The fit is the whole setup's: under a per-replica heading, the row says it counts every replica.
        const std::string n = std::to_string(m.replicas);
        row(out, m.replicas > 1 ? (lang == "zh" ? "最大并发（此上下文，" + n + " 个副本合计）" : "max concurrency (all " + n + " replicas)")
                                : t("最大并发（此上下文）", "max concurrency"),
            fmt::column_interval(r.fit.max_concurrency, ""));
        row(out, t("最大上下文（此并发）", "max context"), fmt::column_interval(r.fit.max_context, "tokens"));
    } else {
        row(out, t("是否放得下", "fits"), t("未知：目录没有此平台的内存容量", "unknown: the catalog has no RAM size for this platform"));
    }

    const PerformanceResult& p = r.performance;
    out << "\n" << t("② 速度", "② Speed") << "\n";
    if (const Text note = unjudged_speed_note(r); !note.en.empty()) out << "  " << note.in(lang) << "\n";
    row(out, t("首字时间（中位）", "time to first token"), time_column(p.ttft_s));
    row(out, t("首字时间 p90", "TTFT p90"), time_column(p.ttft_p90_s));
    if (p.burst_ttft_s.hi > 0)
        row(out, t("压力：同时到达", "stress: all at once"),
            time_column(p.burst_ttft_s) + t("（不用于容量规划）", " (not used for sizing)"));
    row(out, t("每用户", "per user"), fmt::column_interval(p.decode_tps_per_seq, "tok/s"));
    row(out, t("单用户独占", "one user alone"), fmt::column_interval(p.single_stream_tps, "tok/s"));
    // These three count every replica; the memory above is one replica's.
    const std::string all_zh = m.replicas > 1 ? "（" + std::to_string(m.replicas) + " 个副本合计）" : "";
    const std::string all_en = m.replicas > 1 ? " (all " + std::to_string(m.replicas) + " replicas)" : "";
    const std::string all = t(all_zh.c_str(), all_en.c_str());
    row(out, t("总吞吐", "throughput") + all, fmt::column_interval(p.throughput_tps, "tok/s"));
    row(out, t("在处理的请求", "requests in flight") + all, fmt::column_interval(p.requests_in_flight, ""));
    row(out, t("占用的 KV", "KV in use") + all, fmt::column_interval(p.kv_in_use_gib, "GiB"));
    if (p.queue_wait_s.hi > 0) row(out, t("排队等待", "queue wait"), time_column(p.queue_wait_s));
    row(out, t("预填充", "prefill"), fmt::column_interval(p.prefill_tps, "tok/s"));
    row(out, t("瓶颈", "bound by"), p.bound == DecodeBound::memory ? t("内存带宽", "memory bandwidth") : t("算力", "compute"));
    row(out, t("同时解码", "running batch"),
        std::to_string(p.running_batch) + " (" + fmt::layout_words(p.tp, p.pp, p.layer_split).in(lang) + ")");

    out << "\n" << t("③ CPU / GPU / API", "③ CPU / GPU / API") << "\n";
    for (const DecisionRow& d : r.decision) {
        out << "  " << to_string(d.option) << "  [" << verdict_word(d.verdict).in(lang) << "]  " << d.reason.in(lang) << "\n";
        if (!d.fails_when.in(lang).empty()) out << "        " << t("何时失效：", "breaks when: ") << d.fails_when.in(lang) << "\n";
    }
    if (!r.scenarios.empty()) {
        out << "\n" << t("典型场景", "Typical scenarios") << "\n";
        for (const DecisionRow& d : r.scenarios) {
            out << "  " << to_string(d.option) << "  [" << verdict_word(d.verdict).in(lang) << "]  " << d.reason.in(lang) << "\n";
            if (!d.fails_when.in(lang).empty()) out << "        " << t("何时失效：", "breaks when: ") << d.fails_when.in(lang) << "\n";
        }
    }

    out << "\n" << t("④ 卡型对比（满足目标者优先，前 12）", "④ Cards (meeting targets first, top 12)") << "\n";
    int shown = 0;
    for (const PlanRow& pr : r.plan) {
        if (shown++ == 12) break;
        char line[256];
        // Money as everywhere else in the result (three significant figures, the currency's symbol), so that the
        // table and the sentences above it show one cost the same way.
        std::snprintf(line, sizeof line, "  %-26s %8s %s  %-5s  %s  %s\n", pr.name.substr(0, 26).c_str(),
                      fmt::column_interval(pr.cards, "").c_str(), t("卡", pr.cards.hi == 1 ? "card " : "cards"),
                      fmt::layout_words(pr.tp, pr.pp, pr.layer_split).in(lang).c_str(),
                      pr.meets_targets ? t("达标", "meets") : t("未达标", "misses"),
                      pr.has_price ? (fmt::money(pr.cost_per_month, pr.currency, fmt::Join::tight) + t("/月", "/month")).c_str()
                                   : t("无价格", "no price"));
        out << line;
        // The page's note column: what binds, and for a row that does not fit one node or has no plain price, why
        // (a row of 480 cards needs "6 nodes × 8 cards (pipeline parallel across nodes)" said beside it).
        if (!pr.note_text.in(lang).empty()) out << "      " << pr.note_text.in(lang) << "\n";
    }

    const CostResult& c = r.cost;
    // The cards it prices, and whose pick they are when they are not the user's.
    const std::string words = priced_setup_words(r).in(lang);
    const std::string priced_setup = words.empty() ? "" : " (" + words + ")";
    out << "\n" << t("成本", "Cost") << "\n";
    row(out, t("自建 / 月", "self-hosted / month"),
        c.has_gpu_price ? fmt::figure_money(c.self_hosted_per_month_usd, "USD") + priced_setup : t("无价格", "no price"));
    row(out, t("API / 月", "API / month"),
        fmt::figure_money(c.api_per_month_usd, "USD") + (c.api_model.empty() ? "" : " (" + c.api_model_text.in(lang) + ")"));
    if (c.has_gpu_price)
        row(out, t("盈亏平衡（请求/天）", "break-even (req/day)"),
            break_even_figure(c).in(lang));
    row(out, t("租用价依据", "rental prices"), c.price_basis.in(lang));

    // A command may span lines (llama-bench + llama-batched-bench, ollama serve + run): indent every line.
    auto indented = [](const std::string& text) {
        std::string lines = "  ";
        for (char ch : text) lines += ch == '\n' ? std::string("\n  ") : std::string(1, ch);
        return lines + "\n";
    };
    out << "\n" << t("部署与验证", "Deploy and verify") << "\n" << indented(r.deploy.launch_command.in(lang))
        << indented(r.deploy.load_test_command.in(lang));
    if (!r.warnings.empty()) {
        out << "\n" << t("注意", "Warnings") << "\n";
        for (const Text& w : r.warnings) out << "  ! " << w.in(lang) << "\n";
    }
    out << "\n" << interval_legend().in(lang) << t("上线前请用真实负载测试验证。", " Verify with a real load test before going live.")
        << "\n";
    return out.str();
}

}  // namespace infersizer
