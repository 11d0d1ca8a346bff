// report_doc.cpp — builds the report document (report_doc.hpp) section by section, in the order of the page:
// headline, setup, memory, speed, decision, cards, cost, warnings, verify.
#include "report_doc.hpp"

#include "decision_text.hpp"

#include "context.hpp"
#include "format_text.hpp"
#include "judge.hpp"
#include "result_json.hpp"

namespace infersizer {

namespace {

using Kind = ReportBlock::Kind;

// Picks the language's side of a pair of literals.
struct L {
    const std::string& lang;
    const char* operator()(const char* zh, const char* en) const { return lang == "zh" ? zh : en; }
};

// The figure style the page's panels use (web/app/format.cpp), so a copied report reads the page's numbers.
struct Figures {
    const std::string& lang;
    std::string gib(Interval v) const { return fmt::figure_interval(v, "GiB"); }
    std::string kib(Interval v) const { return fmt::figure_interval(v, "KiB"); }
    std::string secs(Interval v) const { return fmt::seconds(v, lang, fmt::Join::spaced); }
    std::string rate(Interval v) const { return fmt::interval(v, "tok/s", lang, fmt::Join::spaced); }
    std::string counts(Interval v, const std::string& unit = "") const { return fmt::figure_count_range(v, unit, lang); }
    std::string plain(Interval v) const { return fmt::figure_interval(v, ""); }
    // "—" for a figure the core could not plan (0 at both ends).
    std::string or_dash(Interval v, const std::string& text) const { return v.hi > 0 ? text : "—"; }
};

ReportBlock heading(const std::string& id, int level, std::string text) {
    ReportBlock b;
    b.kind = Kind::heading;
    b.id = id;
    b.level = level;
    b.text = std::move(text);
    return b;
}

ReportBlock paragraph(std::string text) {
    ReportBlock b;
    b.kind = Kind::paragraph;
    b.text = std::move(text);
    return b;
}

ReportBlock table(const std::string& id, std::vector<std::string> header) {
    ReportBlock b;
    b.kind = Kind::table;
    b.id = id;
    b.table.header = std::move(header);
    return b;
}

ReportBlock code(std::string text) {
    ReportBlock b;
    b.kind = Kind::code;
    b.text = std::move(text);
    return b;
}

std::string option_word(DecisionOption o, const L& t) {
    switch (o) {
        case DecisionOption::cpu: return "CPU";
        case DecisionOption::gpu: return "GPU";
        case DecisionOption::api: return "API";
        case DecisionOption::personal: return t("个人验证", "Personal validation");
        case DecisionOption::offline_batch: return t("离线批处理", "Offline batch");
        case DecisionOption::cloud_api: return t("云端 API", "Cloud API");
        case DecisionOption::online_service: return t("在线服务", "Online service");
    }
    return "";
}

void add_headline(std::vector<ReportBlock>& out, const Scenario& s, const Result& r, const L& t) {
    out.push_back(heading("headline", 1,
                          std::string("InferSizer — ") + r.model_name + " · " + s.weights + " · " + hardware_count_words(r).in(t.lang)));
    out.push_back(paragraph(std::string(t("结论：", "Verdict: ")) + verdict_word(status_verdict(r)).in(t.lang) +
                            t("。", ". ") + r.verdict.in(t.lang)));
    out.push_back(paragraph(std::string(t("首字目标：", "TTFT target: ")) +
                            target_word(s, r, r.targets_met.ttft, r.targets_met.ttft_at_best).in(t.lang) + " · " +
                            t("每人速度目标：", "per-user speed target: ") +
                            tps_target_word(r).in(t.lang) +
                            (r.targets_met.daily_volume_applicable
                                 ? std::string(t(" · 每天请求量：", " · the day's requests: ")) + daily_volume_word(r).in(t.lang)
                                 : std::string())));
}

void add_setup(std::vector<ReportBlock>& out, const Scenario& s, const Result& r, const L& t, const Figures& f) {
    out.push_back(heading("setup", 2, t("场景", "Setup")));
    ReportBlock b = table("setup", {t("项目", "Item"), t("取值", "Value")});
    auto& rows = b.table.rows;
    rows.push_back({t("模型", "Model"), r.model_name});
    rows.push_back({t("权重格式", "Weights"), s.weights});
    rows.push_back({t("KV 缓存格式", "KV cache"), s.kv_cache.empty() ? t("引擎默认", "engine default") : s.kv_cache});
    rows.push_back({t("引擎", "Engine"), s.engine});
    rows.push_back({t("硬件", "Hardware"), hardware_count_words(r).in(t.lang)});
    rows.push_back({t("上下文 / 提示 / 输出", "Context / prompt / output"),
                    fmt::tokens(s.context_tokens) + " / " + fmt::tokens(s.prompt_tokens) + " / " + fmt::tokens(s.output_tokens) +
                        " tokens"});
    rows.push_back({t("峰值并发", "Peak concurrency"), fmt::figure_count(static_cast<double>(s.concurrency), t.lang)});
    rows.push_back({t("延迟目标", "Latency targets"),
                    s.targets.no_latency_target
                        ? std::string(t("不设（离线批处理）", "none (offline batch)"))
                        : std::string(t("首字 p90 ≤ ", "TTFT p90 ≤ ")) + fmt::seconds(Interval::exact(s.targets.ttft_s), t.lang) +
                              t("，每人 ≥ ", ", per user ≥ ") + f.rate(Interval::exact(s.targets.tps_per_user))});
    rows.push_back({t("每日请求", "Requests per day"), fmt::figure_count(s.requests_per_day, t.lang)});
    out.push_back(std::move(b));
}

void add_memory(std::vector<ReportBlock>& out, const Result& r, const L& t, const Figures& f) {
    const MemoryResult& m = r.memory;
    std::string title = t("内存", "Memory");
    if (m.replicas > 1)
        title += std::string(t("（每副本；共 ", " (per replica; ")) + std::to_string(m.replicas) + t(" 个副本，所有卡合计 ", " replicas, all cards ") +
                 f.gib(m.all_cards_total_gib) + t("）", ")");
    out.push_back(heading("memory", 2, title));
    ReportBlock b = table("memory", {t("部分", "Part"), t("大小", "Size")});
    auto& rows = b.table.rows;
    rows.push_back({t("权重", "Weights"), f.gib(m.weights_gib)});
    rows.push_back({t("KV 缓存 / token", "KV cache per token"), f.kib(m.kv_per_token_kib)});
    rows.push_back({t("KV 缓存", "KV cache"), f.gib(m.kv_cache_gib)});
    rows.push_back({t("激活", "Activations"), f.gib(m.activations_gib)});
    rows.push_back({t("运行时", "Runtime"), f.gib(m.runtime_gib)});
    rows.push_back({t("同机模型", "Colocated models"), f.gib(m.colocated_gib)});
    rows.push_back({t("合计", "Total"), f.gib(m.total_gib)});
    if (m.capacity_known) {
        rows.push_back({t("可用（扣冗余）/ 容量", "Usable (after headroom) / capacity"),
                        fmt::figure(m.budget_gib) + " / " + fmt::figure(m.capacity_gib) + " GiB"});
        rows.push_back({t("是否放得下", "Fits"), fits_words(r).in(t.lang)});
        // The fit is the whole setup's: under a per-replica heading, the row says it counts every replica.
        const std::string n = std::to_string(m.replicas);
        rows.push_back({m.replicas > 1 ? (t.lang == "zh" ? "最大并发（此上下文，" + n + " 个副本合计）"
                                                         : "Max concurrency (this context, all " + n + " replicas)")
                                       : t("最大并发（此上下文）", "Max concurrency (this context)"),
                        f.counts(r.fit.max_concurrency)});
        rows.push_back({t("最大上下文（此并发）", "Max context (this concurrency)"), f.counts(r.fit.max_context, "tokens")});
    } else {
        rows.push_back({t("是否放得下", "Fits"),
                        t("未知：目录没有此平台的内存容量", "unknown: the catalog has no RAM size for this platform")});
    }
    out.push_back(std::move(b));
}

void add_speed(std::vector<ReportBlock>& out, const Scenario& s, const Result& r, const L& t, const Figures& f) {
    const PerformanceResult& p = r.performance;
    out.push_back(heading("speed", 2, t("速度", "Speed")));
    if (const Text note = unjudged_speed_note(r); !note.en.empty()) out.push_back(paragraph(note.in(t.lang)));
    ReportBlock b = table("speed", {t("指标", "Figure"), t("估算", "Estimate"), t("目标", "Target"), t("结果", "Outcome")});
    auto& rows = b.table.rows;
    const bool targets = !s.targets.no_latency_target;
    const std::string none = t("无", "none");
    rows.push_back({t("首字时间（中位）", "Time to first token (median)"), f.secs(p.ttft_s), "", ""});
    rows.push_back({t("首字时间 p90", "Time to first token p90"), f.secs(p.ttft_p90_s),
                    targets ? "≤ " + fmt::seconds(Interval::exact(s.targets.ttft_s), t.lang) : none,
                    target_word(s, r, r.targets_met.ttft, r.targets_met.ttft_at_best).in(t.lang)});
    rows.push_back({t("每人速度", "Speed per user"), f.rate(p.decode_tps_per_seq),
                    targets ? "≥ " + f.rate(Interval::exact(s.targets.tps_per_user)) : none,
                    tps_target_word(r).in(t.lang)});
    rows.push_back({t("单用户独占", "One user alone"), f.rate(p.single_stream_tps), "", ""});
    if (r.targets_met.daily_volume_applicable) {
        // The day's requests need requests/day × output ÷ 86,400 output tok/s on average (docs/estimation.md §6.1).
        rows.push_back({t("总吞吐", "Total throughput"), f.rate(p.throughput_tps), "≥ " + f.rate(Interval::exact(daily_output_tps(s))),
                        daily_volume_word(r).in(t.lang)});
    } else {
        rows.push_back({t("总吞吐", "Total throughput"), f.rate(p.throughput_tps), "", ""});
    }
    rows.push_back({t("预填充", "Prefill"), f.rate(p.prefill_tps), "", ""});
    rows.push_back({t("在处理的请求", "Requests in flight"), fmt::figure_interval(p.requests_in_flight, "", 2), "", ""});
    if (p.queue_wait_s.hi > 0) rows.push_back({t("排队等待", "Queue wait"), f.secs(p.queue_wait_s), "", ""});
    if (p.burst_ttft_s.hi > 0)
        rows.push_back({t("压力：同时到达的首字时间", "Stress: TTFT when all arrive at once"), f.secs(p.burst_ttft_s), "",
                        t("不用于容量规划", "not used for sizing")});
    rows.push_back({t("瓶颈", "Bound by"), p.bound == DecodeBound::memory ? t("内存带宽", "memory bandwidth") : t("算力", "compute"),
                    "", ""});
    out.push_back(std::move(b));
}

ReportBlock decision_table(const std::string& id, const std::vector<DecisionRow>& rows_in, const L& t) {
    ReportBlock b = table(id, {t("方案", "Option"), t("结论", "Verdict"), t("关键判断", "Reason"), t("何时失效", "Breaks when")});
    for (const DecisionRow& d : rows_in)
        b.table.rows.push_back({option_word(d.option, t), verdict_word(d.verdict).in(t.lang), d.reason.in(t.lang),
                                d.fails_when.in(t.lang)});
    return b;
}

void add_decision(std::vector<ReportBlock>& out, const Result& r, const L& t) {
    out.push_back(heading("decision", 2, "CPU / GPU / API"));
    out.push_back(decision_table("decision", r.decision, t));
    if (r.scenarios.empty()) return;
    out.push_back(heading("scenarios", 2, t("典型场景", "Typical scenarios")));
    out.push_back(decision_table("scenarios", r.scenarios, t));
}

void add_cards(std::vector<ReportBlock>& out, const Result& r, const L& t, const Figures& f) {
    out.push_back(heading("cards", 2, t("卡型对比（满足目标者优先）", "Cards (meeting the targets first)")));
    ReportBlock b = table("cards", {t("加速卡", "Accelerator"), t("卡数", "Cards"), t("并行", "Parallel"), t("副本", "Replicas"),
                                    t("每副本用户", "Users per replica"), t("每人速度", "Speed per user"), t("首字 p90", "TTFT p90"),
                                    t("达标", "Meets targets"), t("月成本", "Cost per month"), t("说明", "Note")});
    for (const PlanRow& row : r.plan) {
        const char* meets = row.meets_targets ? t("是", "yes") : (row.fits ? t("否", "no") : t("放不下", "does not fit"));
        b.table.rows.push_back({row.name, f.or_dash(row.cards, f.plain(row.cards)),
                                fmt::layout_words(row.tp, row.pp, row.layer_split).in(t.lang),
                                f.or_dash(row.replicas, f.plain(row.replicas)),
                                f.or_dash(row.users_per_replica, f.counts(row.users_per_replica)),
                                f.or_dash(row.decode_tps_per_seq, f.rate(row.decode_tps_per_seq)),
                                f.or_dash(row.ttft_s, f.secs(row.ttft_s)), meets,
                                row.has_price ? fmt::figure_money(row.cost_per_month, row.currency) : t("无价格", "no price"),
                                row.note_text.in(t.lang)});
    }
    out.push_back(std::move(b));
}

void add_cost(std::vector<ReportBlock>& out, const Result& r, const L& t, const Figures& f) {
    const CostResult& c = r.cost;
    out.push_back(heading("cost", 2, t("成本", "Cost")));
    ReportBlock b = table("cost", {t("项目", "Item"), t("金额", "Amount")});
    auto& rows = b.table.rows;
    const std::string per_month = t(" / 月", " / month");
    if (c.has_gpu_price) {
        const std::string setup = priced_setup_words(r).in(t.lang);
        rows.push_back({std::string(t("自建（租卡）", "Self-hosted (rented cards)")) + (setup.empty() ? "" : t("：", ": ") + setup),
                        fmt::figure_money(c.self_hosted_per_month_usd, "USD") + per_month});
        if (c.has_per_mtok)
            rows.push_back({t("自建：每百万输出 token", "Self-hosted per 1M output tokens"),
                            fmt::figure_money(c.self_hosted_per_mtok_usd, "USD")});
    } else {
        rows.push_back({t("自建（租卡）", "Self-hosted (rented cards)"), t("无价格", "no price")});
    }
    if (c.has_api_price) {
        rows.push_back({std::string("API: ") + c.api_model_text.in(t.lang),
                        fmt::figure_money(c.api_per_month_native, c.api_currency) + per_month});
        if (c.has_gpu_price)
            rows.push_back({t("盈亏平衡（每日请求）", "Break-even (requests per day)"),
                            c.break_even_requests_per_day.finite() ? f.counts(c.break_even_requests_per_day)
                                                                   : break_even_figure(c).in(t.lang)});
    } else {
        rows.push_back({"API", t("无可比价格", "no comparable price")});
    }
    rows.push_back({t("租用价依据", "Rental prices"), c.price_basis.in(t.lang)});
    out.push_back(std::move(b));
}

void add_warnings(std::vector<ReportBlock>& out, const Result& r, const L& t) {
    if (r.warnings.empty()) return;
    out.push_back(heading("warnings", 2, t("注意", "Warnings")));
    ReportBlock b;
    b.kind = Kind::list;
    for (const Text& w : r.warnings) b.items.push_back(w.in(t.lang));
    out.push_back(std::move(b));
}

void add_verify(std::vector<ReportBlock>& out, const Result& r, const L& t) {
    out.push_back(heading("verify", 2, t("部署与验证", "Deploy and verify")));
    out.push_back(paragraph(interval_legend().in(t.lang) +
                            t("上线前请用真实负载测试验证：先启动服务，再运行负载测试。",
                              " Verify them with a load test before going live: start the server, then run the load test.")));
    out.push_back(code(r.deploy.launch_command.in(t.lang)));
    out.push_back(code(r.deploy.load_test_command.in(t.lang)));
}

}  // namespace

Text verdict_word(Verdict v) {
    switch (v) {
        case Verdict::yes: return fmt::text("可以", "yes");
        case Verdict::conditional: return fmt::text("有条件", "conditional");
        case Verdict::no: return fmt::text("不建议", "no");
    }
    return {};
}

Text status_word(ServingStatus s, FitRemedy remedy, bool cannot_run) {
    if (cannot_run) return fmt::text("跑不了", "cannot run");
    switch (s) {
        case ServingStatus::meets: return fmt::text("满足目标", "meets the targets");
        case ServingStatus::misses_targets: return fmt::text("达不到目标", "misses the targets");
        case ServingStatus::does_not_fit:
            // A remedy runs it (the headline says which): it does not fit only as given.
            return remedy == FitRemedy::none ? fmt::text("放不下", "does not fit") : fmt::text("原样放不下", "does not fit as given");
    }
    return {};
}

// Whether memory holds, as the page's memory badge says it (memory_verdict): a setup that runs its load at the
// typical request lengths but not every user at the full context at once is neither "yes" nor "no".
Text fits_words(const Result& r) {
    switch (memory_verdict(r)) {
        case Verdict::yes: return fmt::text("是", "yes");
        case Verdict::conditional:
            return fmt::text("负载放得下（典型请求长度）；所有用户同时用满上下文放不下",
                             "holds the load (typical request lengths); not every user at the full context at once");
        case Verdict::no: return fmt::text("否", "no");
    }
    return {};
}

// The core's word for one target (judge_target), as the page's speed panel shows it.
Text target_word(const Scenario&, const Result& r, bool ok, bool at_best) { return judgement_word(judge_target(r, ok, at_best)); }

Text tps_target_word(const Result& r) { return judgement_word(judge_tps_target(r)); }

Text daily_volume_word(const Result& r) { return judgement_word(judge_daily_volume(r)); }

Text unjudged_speed_note(const Result& r) {
    switch (judge_target(r, r.targets_met.ttft, r.targets_met.ttft_at_best)) {
        case TargetJudgement::not_judged_does_not_fit:
            return {"放不下：以下是假设放得下时的速度，不评目标。", "Does not fit: the speed it would have if it did, not judged."};
        case TargetJudgement::not_judged_cannot_run:
            return {"跑不了：以下是假设能跑时的速度，不评目标。", "Cannot run: the speed it would have if it could, not judged."};
        default:
            return {};
    }
}

Text hardware_count_words(const Result& r) {
    if (!r.count_from_planner || !r.planned) {
        const std::string w = r.hardware_name + " × " + std::to_string(r.count);
        return {w, w};
    }
    const std::string w = r.hardware_name + " × ";
    return {w + fmt::count_range(r.planned->cards, "zh") + "（规划器选择）", w + fmt::count_range(r.planned->cards, "en") + " (planner's choice)"};
}

Text priced_setup_words(const Result& r) {
    const CostResult& c = r.cost;
    if (c.self_hosted_config.empty() || !c.self_hosted_from_planner) return {c.self_hosted_config, c.self_hosted_config};
    // Why not the user's own cards, which the title names.
    const Text why = c.own_cards_cannot_run ? Text{r.hardware_name + " 跑不了这个配置", r.hardware_name + " cannot serve this setup"}
                                            : Text{r.hardware_name + " 没有租用价格", "no rental price for " + r.hardware_name};
    return {c.self_hosted_config + "，规划器的选择；" + why.zh, c.self_hosted_config + ", the planner's pick; " + why.en};
}

Text interval_legend() {
    return {"以上为区间估算：内存、时间、卡数与费用的低值、速度与人数的高值是精心调优的一端，另一端是常见部署。",
            "These are interval estimates: the careful operator's end is the low one for memory, times, cards and cost "
            "and the high one for speeds and users; the other end is a typical deployment."};
}

Text judgement_word(TargetJudgement judged) {
    switch (judged) {
        case TargetJudgement::not_judged_does_not_fit: return fmt::text("放不下，不评速度", "not judged (does not fit)");
        case TargetJudgement::not_judged_cannot_run: return fmt::text("跑不了，不评速度", "not judged (cannot run)");
        case TargetJudgement::no_target: return fmt::text("未设（无延迟目标）", "none (no latency target)");
        case TargetJudgement::met: return fmt::text("达标", "met");
        case TargetJudgement::met_optimistic: return fmt::text("仅乐观情况下达标", "met only in the optimistic case");
        case TargetJudgement::missed: return fmt::text("未达标", "missed");
        case TargetJudgement::not_applicable_one_token: return fmt::text("不适用（只输出 1 个 token）", "n/a (one output token)");
    }
    return {};
}

ReportDoc report_doc(const Scenario& s, const Result& r, const std::string& lang) {
    ReportDoc doc;
    doc.lang = lang == "zh" ? "zh" : "en";
    const L t{doc.lang};
    const Figures f{doc.lang};
    add_headline(doc.blocks, s, r, t);
    add_setup(doc.blocks, s, r, t, f);
    add_memory(doc.blocks, r, t, f);
    add_speed(doc.blocks, s, r, t, f);
    add_decision(doc.blocks, r, t);
    add_cards(doc.blocks, r, t, f);
    add_cost(doc.blocks, r, t, f);
    add_warnings(doc.blocks, r, t);
    add_verify(doc.blocks, r, t);
    return doc;
}

nlohmann::json report_doc_to_json(const ReportDoc& doc) {
    using nlohmann::json;
    json blocks = json::array();
    for (const ReportBlock& b : doc.blocks) {
        switch (b.kind) {
            case Kind::heading: blocks.push_back({{"kind", "heading"}, {"id", b.id}, {"level", b.level}, {"text", b.text}}); break;
            case Kind::paragraph: blocks.push_back({{"kind", "paragraph"}, {"text", b.text}}); break;
            case Kind::table:
                blocks.push_back({{"kind", "table"}, {"id", b.id}, {"header", b.table.header}, {"rows", b.table.rows}});
                break;
            case Kind::list: blocks.push_back({{"kind", "list"}, {"items", b.items}}); break;
            case Kind::code: blocks.push_back({{"kind", "code"}, {"text", b.text}}); break;
        }
    }
    return {{"schema", "infersizer.report_doc/1"}, {"lang", doc.lang}, {"blocks", blocks}};
}

}  // namespace infersizer
