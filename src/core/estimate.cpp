// estimate.cpp — the orchestration: resolve → assess (memory → fit → speed → offload → judge → plan) →
// cost → decision → verdict → deploy. Each step is a module of its own that takes its inputs explicitly: the
// later stages take the Assessment whole (assessment.hpp). This file only decides the card count and tensor
// parallelism for the user's hardware and collects warnings; each module records how it computed its figures
// (explain.hpp) into the one Explain the stages here hand it.
#include "estimate.hpp"
#include "faq.hpp"

#include "format_text.hpp"

#include "assessment.hpp"
#include "explain.hpp"
#include "context.hpp"
#include "cost.hpp"
#include "decision.hpp"
#include "decision_text.hpp"
#include "deploy.hpp"
#include "judge.hpp"
#include "kv.hpp"
#include "memory.hpp"
#include "offload.hpp"
#include "plan.hpp"
#include "speed.hpp"
#include "units.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <optional>
#include <string>

namespace infersizer {

namespace {

// The cards one server of a layer-split engine spans on the user's hardware: all of them where the engine spreads
// layers across machines (llama.cpp's RPC backend), else one machine's — a Mac, or a GPU node's cards — and the
// other machines run servers of their own (Ollama has no way to lend a machine's memory to another's model). A CPU
// count stays one server (sockets of one box).
int layer_split_server_cards(const Context& ctx) {
    if (ctx.engine->layer_split_spans_nodes || ctx.hardware->is_cpu()) return ctx.count;
    const int machine = ctx.hardware->kind == HardwareKind::unified ? 1 : node_cards(ctx.hardware);
    return std::max(1, std::min(ctx.count, machine));
}

// The layout of one replica on the user's `count` cards. Engines that split matrices: among the powers of two
// up to the count, and up to the cards one node holds (catalog.hpp node_cards: a tensor-parallel group shares a
// server's NVLink), that divide the attention heads (which vLLM and SGLang require), the smallest whose layout
// holds all the users' KV — a larger TP leaves more room per card for KV at the cost of fewer replicas — else
// the one that holds the most users. A model no node holds runs as the planner lays it out: the node's TP ×
// pipeline stages, one per node (405B bf16 on 16 H100: TP 8 × PP 2, not TP 16 across two servers). The layout
// need not divide the count: ⌊count / cards⌋ replicas run and the rest of the cards stay idle (a warning says
// so), so that adding a card never turns a setup that fits into one that does not. Layer-split engines
// (llama.cpp, Ollama) put every card in one pipeline, which is what `tp` means to the memory and speed modules
// for them — unless the engine cannot reach past one machine (layer_split_server_cards).
ReplicaLayout choose_layout(const Context& ctx) {
    if (!ctx.engine->tensor_parallel) return {layer_split_server_cards(ctx), 1, true};
    const std::optional<ReplicaLayout> smallest = smallest_fitting_layout(ctx, ctx.hardware, ctx.count);
    if (smallest && smallest->pp > 1) return *smallest;
    const int top = std::min(ctx.count, node_cards(ctx.hardware));
    const int64_t heads = ctx.model.n_heads;
    // Nothing holds the model: the widest TP group on one node, whose memory figures come nearest to fitting.
    const int need = smallest ? smallest->tp : top;
    int best = 0;
    double best_users = -1;
    for (int tp = 1; tp <= top; tp *= 2) {
        if (tp < need) continue;
        if (heads > 0 && heads % tp != 0) continue;
        // On the cards the layout uses: whole TP groups, the rest idle (the estimate judges what fits on them too).
        const FitResult fit = estimate_fit(ctx, ctx.count / tp * tp, tp);
        if (fit.max_concurrency.lo >= double(ctx.scenario.concurrency)) return {tp, 1, false};
        if (fit.max_concurrency.lo > best_users) best = tp, best_users = fit.max_concurrency.lo;
    }
    if (best > 0) return {best, 1, false};
    // No power of two divides the heads: the smallest that fits (the warning names the heads).
    int tp = 1;
    while (tp < need && tp * 2 <= top) tp *= 2;
    return {tp >= need ? tp : top, 1, false};
}

// The day's volume against what the setup finishes: even kept at its peak all day long, it completes
// throughput × 86,400 s ÷ output tokens requests. Below the daily traffic at the slow end the day's work does not
// finish — with latency targets or without (an offline batch is judged on memory alone and would otherwise pass).
// A setup that does not fit has no day's capacity to speak of: its headline says so.
std::optional<Text> daily_volume_warning(const Context& ctx, const Result& r) {
    const Scenario& s = ctx.scenario;
    const Interval tps = r.performance.throughput_tps;
    const double per_request = static_cast<double>(std::max<int64_t>(1, s.output_tokens));
    const Interval per_day{units::requests_a_day(tps.lo, per_request), units::requests_a_day(tps.hi, per_request)};
    if (r.status == ServingStatus::does_not_fit || !(s.requests_per_day > 0) || !per_day.finite() || !(per_day.lo > 0) ||
        per_day.lo >= s.requests_per_day)
        return std::nullopt;
    const std::string conc_zh = fmt::count(double(s.concurrency), "zh"), conc_en = fmt::count(double(s.concurrency), "en");
    const std::string need_zh = fmt::count(s.requests_per_day, "zh"), need_en = fmt::count(s.requests_per_day, "en");
    const bool even_fast = per_day.hi < s.requests_per_day;
    return Text{"按峰值 " + conc_zh + " 个同时在处理的请求全天运行，这套配置每天完成 " + fmt::count_range(per_day, "zh") +
                    " 个请求，" + (even_fast ? "不够" : "慢端不够") + "每天 " + need_zh +
                    " 个：增加副本（更多的卡），或在显存容纳得下时提高同时处理的请求数（典型场景里的离线批处理一行给出单套配置的上限）。",
                "Kept at its peak of " + conc_en + (s.concurrency == 1 ? " request" : " requests") +
                    " in flight all day, this setup finishes " +
                    fmt::count_range(per_day, "en") + " requests a day, " + (even_fast ? "short of" : "at the slow end short of") +
                    " the " + need_en + " asked for: add replicas (more cards), or raise the requests in flight where memory "
                    "holds more (the offline-batch row of the typical scenarios says how far one setup goes)."};
}

void add_warnings(const Context& ctx, const Result& r, std::vector<Text>& w) {
    const ModelArch& m = ctx.model;
    const int tp = r.performance.tp;
    const int pp = std::max(1, r.performance.pp);
    if (ctx.engine->tensor_parallel && tp > 1 && m.n_heads > 0 && m.n_heads % tp != 0) {
        w.push_back({"张量并行度 " + std::to_string(tp) + " 不能整除注意力头数 " + std::to_string(m.n_heads) +
                         "：" + ctx.engine->name + " 会拒绝启动。",
                     "Tensor parallelism " + std::to_string(tp) + " does not divide the " + std::to_string(m.n_heads) +
                         " attention heads: " + ctx.engine->name + " will refuse to start."});
    }
    // Cards beyond whole replicas stay idle: the reason is the replica's own width (TP, or TP × pipeline stages).
    const int used = tp * pp * r.memory.replicas;
    if (!ctx.count_from_planner && used < r.count) {
        const std::string idle = std::to_string(r.count - used), all = std::to_string(r.count), n = std::to_string(used);
        const std::string t = std::to_string(tp), cards = std::to_string(tp * pp), stages = std::to_string(pp);
        const Text why = !ctx.engine->tensor_parallel
                             ? Text{ctx.engine->name + " 的一个服务只用一个节点的卡（" + t + " 张）",
                                    ctx.engine->name + " runs a server on one node's cards (" + t + ")"}
                         : pp > 1 ? Text{"一个副本占 " + cards + " 张卡（张量并行 " + t + " × " + stages + " 级流水线）",
                                       "one replica takes " + cards + " cards (tensor parallel " + t + " × " + stages +
                                           " pipeline stages)"}
                                : Text{"张量并行度 " + t + " 不能整除 " + all, "tensor parallelism " + t + " does not divide " + all};
        w.push_back({"你的 " + all + " 张卡中有 " + idle + " 张闲置：" + why.zh + "，只用 " + n + " 张。",
                     idle + " of your " + all + " cards stay idle: " + why.en + ", so " + n + " are used."});
    }
    // A layer-split engine that stays on one machine runs a server on each: the model is not spread over them.
    if (!ctx.engine->tensor_parallel && !ctx.count_from_planner && r.memory.replicas > 1 && !r.planned) {
        const std::string n = std::to_string(r.memory.replicas);
        const bool mac = ctx.hardware->kind == HardwareKind::unified;
        const std::string per_zh = mac ? "每台 Mac " : "每个节点（" + std::to_string(tp) + " 张卡）";
        const std::string per_en = mac ? "each Mac" : "each node (" + std::to_string(tp) + (tp > 1 ? " cards)" : " card)");
        w.push_back({ctx.engine->name + " 不能把一个模型分到几台机器上：" + n + " 个服务，" + per_zh +
                         "各放一份完整模型，前置负载均衡；要让几台机器合放一个模型，用 llama.cpp 的 RPC 后端。",
                     ctx.engine->name + " cannot spread one model over machines: " + n + " servers, " + per_en +
                         " holding a whole copy, behind a load balancer; to hold one model across machines, use "
                         "llama.cpp's RPC backend."});
    }
    if (r.memory.capacity_known && !r.fit.fits) {
        // Why, in a sentence's figures ("2,370–2,400 GiB", never "2.37e+03"): the total, an engine pool short of the
        // KV, or colocated models that outgrow their card (memory_need).
        const Text need = memory_need(ctx, r.memory);
        if (r.status == ServingStatus::does_not_fit) {
            w.push_back({"放不下：" + need.zh + "。", "Does not fit: " + need.en + "."});
        } else {
            // The setup serves the typical request (the KV pool holds what requests really use), so the shortfall is
            // the worst case only, and is said as such: never "does not fit" beside a verdict that the setup holds.
            const std::string full = fmt::tokens(ctx.scenario.context_tokens);
            w.push_back({"所有用户同时用满 " + full + " 上下文时放不下：" + need.zh + "；典型请求长度放得下，更长的请求会排队或被抢占。",
                         "Every user at the full " + full + " context at once would not fit: " + need.en +
                             "; the typical request length fits, and longer requests wait or are preempted."});
        }
    }
    if (auto mib = r.cannot_run ? std::nullopt : raised_wired_limit_mib(ctx, r.memory, r.count)) {
        w.push_back({"超过 macOS 默认的 GPU 内存上限（约 75%）；整机内存放得下：执行 sudo sysctl iogpu.wired_limit_mb=" +
                         std::to_string(*mib) + " 提高上限（重启后失效）。",
                     "Above macOS's default GPU wiring cap (≈ 75% of unified memory), but the whole memory holds it: "
                     "raise the cap with sudo sysctl iogpu.wired_limit_mb=" +
                         std::to_string(*mib) + " (resets on reboot)."});
    }
    // Little's law on the day's traffic: requests per second × the time each is in flight is the average number
    // in flight. With the shortest time a request can take here (alone on the card, at the fast end), an
    // average above the peak concurrency means the two inputs disagree (a peak is at least the average, usually
    // a few times it).
    const PerformanceResult& p = r.performance;
    const Scenario& s = ctx.scenario;
    if (s.requests_per_day > 0 && p.prefill_tps.hi > 0 && p.single_stream_tps.hi > 0) {
        const double latency_s = static_cast<double>(s.prompt_tokens) / p.prefill_tps.hi +
                                 static_cast<double>(std::max<int64_t>(0, s.output_tokens - 1)) / p.single_stream_tps.hi;
        const double average = s.requests_per_day / units::kSecondsPerDay * latency_s;
        if (std::isfinite(average) && average > static_cast<double>(s.concurrency)) {
            // As computed, not rounded up: 1.16 in flight on average is "1.16", not the "2" a ceiling made of it.
            const std::string avg_zh = fmt::number(average, "zh"), avg_en = fmt::number(average, "en");
            w.push_back({"每天 " + fmt::count(s.requests_per_day, "zh") + " 个请求、每个请求约 " + fmt::number(latency_s, "zh") + " s" +
                             "，平均同时在处理 " + avg_zh + " 个，超过了给定的峰值并发 " + fmt::count(double(s.concurrency), "zh") +
                             "：峰值至少是平均值（通常是它的几倍），请调高并发或核对每日请求量。",
                         fmt::count(s.requests_per_day, "en") + " requests/day at about " + fmt::number(latency_s, "en") + " s" +
                             " each keep " + avg_en + " requests in flight on average, more than the peak concurrency of " +
                             fmt::count(double(s.concurrency), "en") +
                             " given: a peak is at least the average (usually a few times it); raise the concurrency or check "
                             "the daily traffic."});
        }
    }
    if (auto w_day = daily_volume_warning(ctx, r)) w.push_back(std::move(*w_day));
}

// The memory of every replica together, as assess() multiplies it out.
void explain_all_cards(const MemoryResult& m, Explain& out) {
    using namespace explain;
    Explanation x;
    x.title = {"所有卡合计", "All cards together"};
    x.formula = {"一个副本的合计 × 副本数", "one replica's total × replicas"};
    x.inputs = {factor({"一个副本的合计", "one replica's total"}, m.total_gib, "GiB", {SourceKind::computed, "memory.total_gib"}),
                factor({"副本数", "replicas"}, static_cast<double>(m.replicas), "", {SourceKind::computed, "memory.replicas"})};
    x.value = m.all_cards_total_gib;
    x.unit = "GiB";
    x.combine = Combine::product;
    x.why_wide = {"随一个副本合计的区间", "follows one replica's total"};
    out.set("memory.all_cards_total_gib", std::move(x));
}

// The scenario's own setup, whole: the layout on the user's cards, one replica's memory, the fit, the speed,
// MoE offload, the judgement, and (when asked) the planner's rows.
Assessment assess(Context& ctx, const EstimateOptions& opt) {
    const Scenario& scenario = ctx.scenario;
    Assessment a;
    // The layout on the user's cards: the planner's, when it chose the count; else the TP that suits the count.
    int tp = 0;           // cards splitting each layer's matrices (a layer split's cards for llama.cpp / Ollama)
    int pp = 1;           // pipeline stages of one replica, one per node
    int replica_cards = 0;  // cards of one replica (TP × pipeline stages)
    if (ctx.count_from_planner) {
        const PlanRow own = plan_for(ctx, ctx.hardware, Precision::simulate);
        if (own.cards.hi > 0) {
            // The pessimistic count with its layout, so this estimate describes the setup the plan row prices.
            ctx.count = std::max(1, static_cast<int>(std::ceil(own.cards.hi)));
            tp = std::max(1, own.tp);
            pp = std::max(1, own.pp);
            replica_cards = tp * pp;
            a.planned = PlannedCount{own.cards, own.replicas, own.tp, own.pp, own.layer_split};
            if (opt.explain) explain_plan_row(ctx, own, "planned.", a.explain);
        } else {
            ctx.count = 1;
        }
    }
    a.count = ctx.count;
    if (tp == 0) {
        const ReplicaLayout layout = choose_layout(ctx);
        tp = std::max(1, layout.tp);
        pp = std::max(1, layout.pp);
        replica_cards = tp * pp;
    }
    // Replicas: the TP groups the cards hold; for a layer-split engine (llama.cpp, Ollama) the servers of
    // `replica_cards` each — one over all the user's cards where the engine spans machines, one per machine where it
    // cannot, the planner row's servers where the planner chose.
    const int replicas = std::max(1, ctx.count / replica_cards);
    const int64_t users = (std::max<int64_t>(1, scenario.concurrency) + replicas - 1) / replicas;

    // Memory of one replica (its users at the full context), and all the copies together.
    Explain* explain = opt.explain ? &a.explain : nullptr;
    a.memory = estimate_memory(ctx, replica_cards, replica_cards, users, scenario.context_tokens, explain);
    a.memory.replicas = replicas;
    a.memory.all_cards_total_gib = a.memory.total_gib * static_cast<double>(replicas);
    if (explain) explain_all_cards(a.memory, *explain);
    // What fits is judged on the cards in use: the TP groups' cards, not ones left idle (12 H100 for a TP-8 model
    // run 8; the other 4 hold none of its KV).
    a.fit = estimate_fit(ctx, replicas * replica_cards, replica_cards, explain);
    // Speed on the TP groups (pipeline stages run one after another: a stream costs one group's step).
    auto speed_on = [&](const Context& c) {
        PerformanceResult p = estimate_speed(c, tp * replicas, tp, replica_kv(c, replica_cards * replicas, replica_cards), true,
                                             explain);
        p.pp = pp;
        return p;
    };
    a.performance = speed_on(ctx);
    // A MoE model that does not fit: how far llama.cpp's --n-cpu-moe gets it (the judge, the decision and the
    // launch command read this).
    a.offload = estimate_offload(ctx, ctx.count, tp, explain);
    const std::optional<long long> wired_mib = raised_wired_limit_mib(ctx, a.memory, ctx.count);
    Judgement judgement = judge_setup(ctx, a.fit, a.performance, wired_mib.has_value(), a.offload ? &*a.offload : nullptr);
    // A Mac that does not run as given but fits once its GPU wiring cap is raised runs with the raised cap's memory:
    // its slots and KV pool are those, so the remedy is judged, and the verdict quotes, the speed of the setup the sysctl
    // makes (9 slots, not the 8 the default cap holds). A setup that runs as given keeps its own speed.
    if (wired_mib && judgement.status == ServingStatus::does_not_fit && !judgement.cannot_run) {
        Context raised = ctx;
        raised.hardware = with_wired_limit(ctx.hardware, *wired_mib);
        a.performance = speed_on(raised);
        judgement = judge_setup(ctx, a.fit, a.performance, true, a.offload ? &*a.offload : nullptr);
    }
    a.status = judgement.status;
    a.targets_met = judgement.targets_met;
    a.remedy = judgement.remedy;
    a.cannot_run = judgement.cannot_run;
    if (opt.plan) {
        a.plan = plan_all(ctx);
        // More cards than the load needs (a training cluster reused for serving): how many suffice.
        // Only for a setup that meets: "N of them suffice" beside a verdict that misses would contradict it (the row
        // may lay the cards out otherwise, e.g. a larger TP for the per-user speed; the FAQ says so).
        if (!ctx.count_from_planner && a.status == ServingStatus::meets)
            for (const PlanRow& row : a.plan)
                if (row.hardware == ctx.hardware->id && row.meets_targets && row.cards.hi < ctx.count)
                    a.cards_needed = row.cards;
    }
    return a;
}

Expected<Result> estimate_unchecked(const Catalog& catalog, const Scenario& scenario, const EstimateOptions& opt) {
    auto resolved = resolve(catalog, scenario);
    if (!resolved) return resolved.error();
    Context ctx = *resolved;
    Assessment a = assess(ctx, opt);

    Result r;
    r.model_name = ctx.model.id;
    r.hardware_name = ctx.hardware->name;
    r.count = a.count;
    r.count_from_planner = ctx.count_from_planner;
    r.planned = a.planned;
    r.memory = a.memory;
    r.fit = a.fit;
    r.performance = a.performance;
    r.offload = a.offload;
    r.status = a.status;
    r.targets_met = a.targets_met;
    r.remedy = a.remedy;
    r.cannot_run = a.cannot_run;
    r.plan = a.plan;
    r.cards_needed = a.cards_needed;
    r.explain = std::move(a.explain);  // nothing below reads the assessment's copy
    // The plan's rows, by their index once sorted.
    if (opt.explain)
        for (size_t i = 0; i < r.plan.size(); ++i) explain_plan_row(ctx, r.plan[i], "plan[" + std::to_string(i) + "].", r.explain);
    if (opt.decision) {
        r.cost = estimate_cost(ctx, a, opt.explain ? &r.explain : nullptr,
                               [&](const PlanRow* row) { return full_load_requests_per_day(ctx, a, row); });
        r.decision = decide_paths(ctx, a, r.cost);
        r.scenarios = decide_seed_scenarios(ctx, a, r.cost);
        r.verdict = verdict_sentence(ctx, a);
        r.deploy = deploy_hints(ctx, a);
        r.faq = faq_answers(ctx, a);
    }
    r.warnings = ctx.warnings;
    // The memory and speed modules' own warnings (an unknown colocated format counted at 16 bits, a size-only
    // model's KV counted as 0, a CPU's assumed cores and clock) reach the user only through here; each once.
    for (const Text& w : r.memory.warnings)
        if (std::none_of(r.warnings.begin(), r.warnings.end(), [&](const Text& x) { return x.en == w.en; }))
            r.warnings.push_back(w);
    for (const Text& w : r.performance.warnings)
        if (std::none_of(r.warnings.begin(), r.warnings.end(), [&](const Text& x) { return x.en == w.en; }))
            r.warnings.push_back(w);
    if (r.offload && r.offload->applicable)
        for (const Text& w : r.offload->warnings) r.warnings.push_back(w);
    add_warnings(ctx, r, r.warnings);
    return r;
}

}  // namespace

Expected<Result> estimate(const Catalog& catalog, const Scenario& scenario, const EstimateOptions& options) {
    try {
        return estimate_unchecked(catalog, scenario, options);
    } catch (const std::exception& e) {
        // A defect, not bad input: scenarios are validated before they get here. Report, never crash.
        return Error{"internal", "estimate", std::string("internal error: ") + e.what()};
    }
}

}  // namespace infersizer
