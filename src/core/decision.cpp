// decision.cpp — the decision table (CPU / GPU / API paths and the seed's scenarios) and the verdict
// sentence (estimation.md §7). Every "fails when" is found by searching the input space with the memory
// and speed modules: the largest concurrency at the scenario's context, and the longest context at the
// scenario's concurrency, at which the targets still hold.
//
// [SECTION] searches
// [SECTION] setups: the user's hardware, the CPU platform, the planner's pick
// [SECTION] sentences
// [SECTION] path rows: cpu, gpu, api
// [SECTION] seed scenario rows: personal, offline_batch, cloud_api, online_service
// [SECTION] verdict sentence
#include "decision.hpp"

#include "cost.hpp"
#include "format_text.hpp"
#include "judge.hpp"
#include "memory.hpp"
#include "plan.hpp"
#include "sizing.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <string>

namespace infersizer {

namespace {

// ---------------------------------------------------------------------------------------------------
// [SECTION] searches
// ---------------------------------------------------------------------------------------------------

// The limit at each end, screened with the steady-state estimate and settled with the simulation (sizing.hpp);
// `check` is the full check one step beyond the pessimistic limit (what the sentence says fails there).
template <class Meets, class Check, class Value>
SearchLimit run_search(int64_t a, int64_t b, Meets meets, Check check, Value value) {
    SearchLimit s;
    s.upper = value(std::max(a, b));
    if (a > b) return s;
    auto screen = [&](End end) { return [&, end](int64_t k) { return meets(k, end, false); }; };
    auto confirm = [&](End end) { return [&, end](int64_t k) { return meets(k, end, true); }; };
    const int64_t kp = largest_true_confirmed(a, b, screen(End::slow), confirm(End::slow));
    // The fast end holds wherever the slow end does: search on from there.
    int64_t ko = largest_true_confirmed(std::max(a, kp), b, screen(End::fast), confirm(End::fast));
    ko = std::max(ko, kp);
    s.pessimistic = kp >= a ? value(kp) : 0;
    s.optimistic = ko >= a ? value(ko) : 0;
    s.pessimistic_capped = kp == b;
    s.optimistic_capped = ko == b;
    const int64_t beyond = kp >= a ? kp + 1 : a;
    if (beyond <= b) {
        s.beyond_check = check(beyond);
        s.beyond = s.beyond_check.pessimistic;
    }
    return s;
}

}  // namespace

SearchLimit max_concurrency_meeting_targets(const Context& ctx, const Hardware& hw, ReplicaLayout layout, int replicas,
                                            int64_t context_tokens) {
    replicas = std::max(1, replicas);
    // One replica's memory and sizer; concurrency n puts ⌈n / replicas⌉ users on each.
    const MemoryBatch memory = memory_batch(ctx, hw, layout, 1, context_tokens);
    const Context c = context_on(ctx, hw, layout.tp, 1, context_tokens);
    ReplicaSizer sizer(c, layout.tp, memory.kv);
    const int64_t cap = std::max<int64_t>(1, limits::kConcurrencyMax / replicas);
    SearchLimit s;
    s.upper = std::min<int64_t>(limits::kConcurrencyMax, cap * replicas);
    const int64_t slow = memory.per_replica.lo >= 1 ? sizer.max_users(End::slow, cap, true) : 0;
    const int64_t fast = memory.per_replica.hi >= 1 ? std::max(slow, sizer.max_users(End::fast, cap, true)) : slow;
    s.pessimistic = slow * replicas;
    s.optimistic = fast * replicas;
    s.pessimistic_capped = slow == cap;
    s.optimistic_capped = fast == cap;
    const int64_t beyond = slow * replicas + 1;
    if (beyond <= s.upper) {
        s.beyond_check = check_serving(ctx, hw, layout, replicas, beyond, context_tokens);
        s.beyond = s.beyond_check.pessimistic;
    }
    return s;
}

SearchLimit max_context_meeting_targets(const Context& ctx, const Hardware& hw, ReplicaLayout layout, int replicas,
                                        int64_t concurrency) {
    const Scenario& s = ctx.scenario;
    replicas = std::max(1, replicas);
    const int64_t users = (std::max<int64_t>(1, concurrency) + replicas - 1) / replicas;
    const int64_t shortest = std::max(limits::kContextMin, s.prompt_tokens + s.output_tokens);
    const int64_t longest = std::max(ctx.model.max_context > 0 ? ctx.model.max_context : limits::kContextMax,
                                     s.context_tokens);
    const int64_t a = (shortest + kContextStepTokens - 1) / kContextStepTokens;
    const int64_t b = longest / kContextStepTokens;
    // A sizer per context (the context moves what memory holds, not the requests' lengths).
    struct AtContext {
        MemoryBatch memory;
        Context ctx;
        std::unique_ptr<ReplicaSizer> sizer;
    };
    std::map<int64_t, std::unique_ptr<AtContext>> at;
    auto get = [&](int64_t k) -> AtContext& {
        auto it = at.find(k);
        if (it == at.end()) {
            auto e = std::make_unique<AtContext>();
            e->memory = memory_batch(ctx, hw, layout, 1, k * kContextStepTokens);
            e->ctx = context_on(ctx, hw, layout.tp, users, k * kContextStepTokens);
            e->sizer = std::make_unique<ReplicaSizer>(e->ctx, layout.tp, e->memory.kv);
            it = at.emplace(k, std::move(e)).first;
        }
        return *it->second;
    };
    auto meets = [&](int64_t k, End end, bool simulate) {
        AtContext& e = get(k);
        if (!e.memory.one_sequence_fits) return false;
        const bool memory_ok = end == End::slow ? e.memory.per_replica.lo >= 1 : e.memory.per_replica.hi >= 1;
        if (!memory_ok) return false;
        return simulate ? e.sizer->simulate(users, end).meets() : e.sizer->screen(users, end).meets();
    };
    return run_search(
        a, b, meets,
        [&](int64_t k) { return check_serving(ctx, hw, layout, replicas, concurrency, k * kContextStepTokens); },
        [](int64_t k) { return k * kContextStepTokens; });
}

namespace {

// ---------------------------------------------------------------------------------------------------
// [SECTION] setups: the user's hardware, the CPU platform, the planner's pick
// ---------------------------------------------------------------------------------------------------

// A configuration a row judges: cards of one kind, laid out in replicas.
struct Setup {
    Context ctx;  // ctx.hardware is the hardware; ctx.count the cards
    ReplicaLayout layout;
    int replicas = 1;
    Text label;   // "1 × RTX 4090"
};

bool is_accelerator(const Hardware& hw) { return hw.kind != HardwareKind::cpu; }

Text label_of(const Hardware& hw, int cards) {
    const std::string s = std::to_string(cards) + " × " + hw.name;
    return {s, s};
}

// The user's hardware as the estimate used it: estimate.cpp's tensor parallelism (performance.tp), the
// rest of the cards as replicas; layer-split engines put every card in one pipeline.
Setup user_setup(const Context& ctx, const Result& partial) {
    Setup s;
    s.ctx = ctx;
    s.ctx.count = std::max(1, partial.count);
    const int tp = std::max(1, partial.performance.tp);
    const bool tp_engine = ctx.engine.tensor_parallel && ctx.hardware.kind != HardwareKind::cpu &&
                           ctx.hardware.kind != HardwareKind::unified;
    s.layout = {tp, 1, !ctx.engine.tensor_parallel};
    s.replicas = tp_engine ? std::max(1, s.ctx.count / tp) : 1;
    s.label = ctx.hardware.is_cpu() && s.ctx.count == 1 ? Text{ctx.hardware.name, ctx.hardware.name}
                                                        : label_of(ctx.hardware, s.ctx.count);
    return s;
}

// The planner's cheapest row that meets the targets (else the first that fits), as a setup.
std::optional<Setup> planner_setup(const Context& ctx, const Result& partial, const PlanRow** row_out = nullptr) {
    if (!ctx.catalog) return std::nullopt;
    const PlanRow* pick = nullptr;
    for (const PlanRow& r : partial.plan)
        if (r.meets_targets) { pick = &r; break; }
    if (!pick)
        for (const PlanRow& r : partial.plan)
            if (r.fits) { pick = &r; break; }
    if (!pick) return std::nullopt;
    const Hardware* hw = ctx.catalog->find_hardware(pick->hardware);
    if (!hw) return std::nullopt;
    Setup s;
    s.layout = {pick->tp, pick->pp, pick->layer_split};
    s.replicas = std::max(1, static_cast<int>(std::ceil(pick->replicas.hi)));
    s.ctx = with_hardware(ctx, *hw, s.layout.cards() * s.replicas);
    s.label = label_of(*hw, s.ctx.count);
    if (row_out) *row_out = pick;
    return s;
}

ServingCheck check_at(const Setup& s, int64_t concurrency, int64_t context_tokens) {
    return check_serving(s.ctx, s.ctx.hardware, s.layout, s.replicas, concurrency, context_tokens);
}

Verdict verdict_of(const ServingCheck& c) {
    if (!c.pessimistic.any()) return Verdict::yes;
    if (!c.optimistic.any()) return Verdict::conditional;
    return Verdict::no;
}

// ---------------------------------------------------------------------------------------------------
// [SECTION] sentences
// ---------------------------------------------------------------------------------------------------

std::string join(const std::string& a, const std::string& sep, const std::string& b) {
    if (a.empty()) return b;
    if (b.empty()) return a;
    return a + sep + b;
}

// "(memory holds 12 sequences; the rest wait)" when the check beyond the limit had users waiting.
Text queue_text(const ServingCheck& c, int64_t concurrency, int replicas) {
    if (!c.capacity_known || c.max_batch.lo < 1) return {};
    const double held = c.max_batch.lo * replicas;
    if (held >= double(concurrency)) return {};
    return {"（内存只容纳 " + fmt::count(held, "zh") + " 个序列，其余排队）",
            " (memory holds " + fmt::count(held, "en") + " sequences; the rest wait)"};
}

// "5 concurrent users", "1 concurrent user".
std::string users_en(int64_t n, const char* what = "concurrent user") {
    return fmt::count(double(n), "en") + " " + what + (n == 1 ? "" : "s");
}

std::string range_of(int64_t lo, int64_t hi, const std::string& lang) {
    return lo == hi ? fmt::count(double(lo), lang) : fmt::count(double(lo), lang) + "–" + fmt::count(double(hi), lang);
}

// "<who> holds up to 3–5 concurrent users at 8k context; beyond, TTFT passes 2 s".
// Chinese text runs on after a Chinese subject ("该配置在") and keeps a space after a Latin one ("CPU 在").
std::string zh_subject(const std::string& who) {
    const bool latin_end = !who.empty() && static_cast<unsigned char>(who.back()) < 0x80;
    return latin_end ? who + " " : who;
}

Text concurrency_sentence(const Text& who, const SearchLimit& lim, int64_t context_tokens, int replicas,
                          const Targets& t, const Hardware& hw, const ServingCheck& at_one) {
    const std::string L = fmt::tokens(context_tokens);
    if (lim.optimistic == 0) {
        const Text why = describe_misses(at_one.pessimistic, t, hw);
        return {zh_subject(who.zh) + "即使只有 1 个用户、" + L + " 上下文也不行：" + why.zh,
                who.en + ": even one user at " + L + " context fails: " + why.en};
    }
    if (lim.pessimistic == 0) {
        const Text why = describe_misses(at_one.pessimistic, t, hw);
        return {zh_subject(who.zh) + "在 " + L + " 上下文下：典型情况下 1 个用户也达不到目标（" + why.zh + "），乐观情况下最多 " +
                    fmt::count(double(lim.optimistic), "zh") + " 个并发用户",
                who.en + " at " + L + " context: in the typical case even one user misses the targets (" + why.en +
                    "); at best " + users_en(lim.optimistic)};
    }
    if (lim.pessimistic_capped) {
        return {zh_subject(who.zh) + "在 " + L + " 上下文下可支撑 " + fmt::count(double(lim.upper), "zh") + " 个以上并发用户",
                who.en + " holds more than " + users_en(lim.upper) + " at " + L +
                    " context"};
    }
    const Text why = describe_misses(lim.beyond, t, hw);
    const Text queue = queue_text(lim.beyond_check, lim.pessimistic + 1, replicas);
    return {zh_subject(who.zh) + "在 " + L + " 上下文下最多支撑 " + range_of(lim.pessimistic, lim.optimistic, "zh") +
                " 个并发用户；超过后" + why.zh + queue.zh,
            who.en + " holds up to " + range_of(lim.pessimistic, lim.optimistic, "en") + " concurrent users at " + L +
                " context; beyond, " + why.en + queue.en};
}

// "; at 5 users, beyond 24k context memory runs out" — empty when the context holds to the model's maximum.
Text context_clause(const SearchLimit& lim, int64_t concurrency, const Targets& t, const Hardware& hw) {
    const std::string n_zh = fmt::count(double(concurrency), "zh");
    if (lim.pessimistic_capped || lim.upper == 0) return {};
    if (lim.pessimistic == 0) return {};
    const Text why = describe_misses(lim.beyond, t, hw);
    return {"；" + n_zh + " 个并发时上下文超过 " + fmt::tokens(lim.pessimistic) + " 后" + why.zh,
            "; at " + users_en(concurrency, "user") + ", beyond " + fmt::tokens(lim.pessimistic) + " context " + why.en};
}

Text fails_when_for(const Setup& s, const Text& who) {
    const Scenario& sc = s.ctx.scenario;
    const Hardware& hw = s.ctx.hardware;
    const SearchLimit conc = max_concurrency_meeting_targets(s.ctx, hw, s.layout, s.replicas, sc.context_tokens);
    const ServingCheck one = check_at(s, 1, sc.context_tokens);
    Text out = concurrency_sentence(who, conc, sc.context_tokens, s.replicas, sc.targets, hw, one);
    if (conc.pessimistic >= sc.concurrency) {
        const Text c = context_clause(max_context_meeting_targets(s.ctx, hw, s.layout, s.replicas, sc.concurrency),
                                      sc.concurrency, sc.targets, hw);
        out.zh += c.zh, out.en += c.en;
    } else if (conc.pessimistic == 0) {
        const SearchLimit ctx1 = max_context_meeting_targets(s.ctx, hw, s.layout, s.replicas, 1);
        if (ctx1.pessimistic > 0) {
            out.zh += "；上下文缩到 " + fmt::tokens(ctx1.pessimistic) + " 以内才能支撑 1 个用户";
            out.en += "; one user works only up to " + fmt::tokens(ctx1.pessimistic) + " context";
        }
    }
    return out;
}

// "at 5 concurrent users TTFT 0.3–0.6 s, 35–60 tok/s per user".
// The figures the targets are judged on: p90 TTFT and the tokens/s each user sees.
Text speed_clause(const PerformanceResult& p, int64_t concurrency) {
    return {fmt::count(double(concurrency), "zh") + " 并发下首字（p90）" + fmt::interval(p.ttft_p90_s, "s", "zh") + "，每人 " +
                fmt::interval(p.decode_tps_per_seq, "tok/s", "zh"),
            "at " + users_en(concurrency) + " TTFT (p90) " + fmt::interval(p.ttft_p90_s, "s", "en") + ", " +
                fmt::interval(p.decode_tps_per_seq, "tok/s", "en") + " per user"};
}

Text memory_clause(const Setup& s, const MemoryResult& m) {
    const std::string w = memory_word_zh(s.ctx.hardware);
    if (!m.capacity_known)
        return {"需 ≥ " + fmt::number(m.total_gib.hi, "zh") + " GiB " + w,
                "needs ≥ " + fmt::number(m.total_gib.hi, "en") + " GiB of RAM"};
    const bool per_replica = m.replicas > 1;
    return {(per_replica ? "每副本" : "") + w + " " + fmt::interval(m.total_gib, "", "zh") + " / " + fmt::number(m.capacity_gib, "zh") + " GiB",
            std::string(per_replica ? "memory per replica " : "memory ") + fmt::interval(m.total_gib, "", "en") + " / " +
                fmt::number(m.capacity_gib, "en") + " GiB"};
}

// A paged engine whose users would not all fit at the full context at once: what one replica holds at the
// typical request length (weights, the KV the simulation keeps in use, activations, runtime), then the worst case.
Text typical_memory_clause(const MemoryResult& m, const PerformanceResult& p, int64_t context_tokens) {
    const double replicas = static_cast<double>(std::max(1, p.replicas));
    const Interval in_use{m.total_gib.lo - m.kv_cache_gib.lo + p.kv_in_use_gib.lo / replicas,
                          m.total_gib.hi - m.kv_cache_gib.hi + p.kv_in_use_gib.hi / replicas};
    const bool per_replica = m.replicas > 1;
    return {(per_replica ? "每副本按典型请求长度占用 " : "按典型请求长度占用 ") + fmt::interval(in_use, "", "zh") + " / " +
                fmt::number(m.capacity_gib, "zh") + " GiB（所有用户同时用满 " + fmt::tokens(context_tokens) + " 上下文需 " +
                fmt::interval(m.total_gib, "GiB", "zh") + "，放不下）",
            std::string(per_replica ? "memory per replica " : "memory ") + fmt::interval(in_use, "", "en") + " / " +
                fmt::number(m.capacity_gib, "en") + " GiB at the typical request length (every user at the full " +
                fmt::tokens(context_tokens) + " context at once would need " + fmt::interval(m.total_gib, "GiB", "en") +
                " and not fit)"};
}

// "; prefill assumes the product line's 6–16 cores" — when a CPU platform's compute comes from its product
// line (speed.cpp) rather than the machine's cores and clock.
Text product_line_clause(const Hardware& hw) {
    if (!hw.is_cpu() || (hw.cores && hw.clock_ghz) || !hw.cores_range) return {};
    const std::string zh = fmt::count_range(*hw.cores_range, "zh"), en = fmt::count_range(*hw.cores_range, "en");
    return {"；预填充按产品线的 " + zh + " 核估算，不是你的机器", "; prefill assumes the product line's " + en +
                                                                   " cores, not your machine"};
}

// One replica's memory with its share of the users (the result's convention).
MemoryResult memory_of(const Setup& s) {
    const Scenario& sc = s.ctx.scenario;
    const int64_t users = (std::max<int64_t>(1, sc.concurrency) + s.replicas - 1) / s.replicas;
    MemoryResult m = estimate_memory(s.ctx, s.layout.cards(), s.layout.cards(), users, sc.context_tokens);
    m.replicas = s.replicas;
    m.all_cards_total_gib = m.total_gib * double(s.replicas);
    return m;
}

Text suggestion(const Result& partial) {
    for (const PlanRow& r : partial.plan) {
        if (!r.meets_targets) continue;
        const std::string cards = fmt::count_range(r.cards, "en");
        std::string cost_zh, cost_en;
        if (r.has_price) {
            cost_zh = "，约 " + fmt::money(r.cost_per_month, r.currency, "zh") + "/月";
            cost_en = ", about " + fmt::money(r.cost_per_month, r.currency, "en") + "/month";
        }
        return {"；规划建议 " + cards + " × " + r.name + cost_zh, "; the planner suggests " + cards + " × " + r.name + cost_en};
    }
    return {};
}

}  // namespace

std::optional<CpuChoice> choose_cpu_platform(const Context& ctx) {
    if (!ctx.catalog) return std::nullopt;
    const Catalog& cat = *ctx.catalog;
    CpuChoice out;
    out.ctx = ctx;
    // The engine: the scenario's when it runs on CPUs, else llama.cpp (the CPU engine of the catalog).
    auto runs_on_cpu = [](const Engine& e) {
        return e.hardware_kinds.empty() ||
               std::find(e.hardware_kinds.begin(), e.hardware_kinds.end(), "cpu") != e.hardware_kinds.end();
    };
    if (!runs_on_cpu(ctx.engine)) {
        if (const Engine* cpu_engine = cat.find_engine("llama.cpp")) {
            out.ctx.engine = *cpu_engine;
            const bool kv_ok = ctx.kv.engines.empty() ||
                               std::find(ctx.kv.engines.begin(), ctx.kv.engines.end(), cpu_engine->id) != ctx.kv.engines.end();
            if (!kv_ok)
                if (const KvFormat* kv = cat.find_kv_format(cpu_engine->default_kv)) out.ctx.kv = *kv;
        }
    }
    const std::string engine = out.ctx.engine.name;
    if (ctx.hardware.is_cpu()) {
        out.ctx.count = 1;
        out.why = {"你选择的平台，" + engine, "your platform, " + engine};
        return out;
    }
    std::vector<const Hardware*> platforms;
    for (const Hardware& h : cat.hardware)
        if (h.is_cpu() && h.bandwidth_gbs) platforms.push_back(&h);
    if (platforms.empty()) return std::nullopt;
    std::stable_sort(platforms.begin(), platforms.end(),
                     [](const Hardware* a, const Hardware* b) { return *a->bandwidth_gbs < *b->bandwidth_gbs; });
    const ReplicaLayout one{1, 1, !out.ctx.engine.tensor_parallel};
    for (const Hardware* h : platforms) {
        const Context c = with_hardware(out.ctx, *h, 1);
        if (!check_serving(c, *h, one, 1, 1, ctx.scenario.context_tokens).pessimistic.any()) {
            out.ctx = c;
            out.why = {"能让 1 个用户达标的最低带宽平台，" + engine,
                       "the lowest-bandwidth catalog platform on which one user meets the targets, " + engine};
            return out;
        }
    }
    out.ctx = with_hardware(out.ctx, *platforms.back(), 1);
    out.why = {"没有平台能让 1 个用户达标，取带宽最高的，" + engine,
               "no catalog platform meets the targets for one user; the highest-bandwidth one, " + engine};
    return out;
}

namespace {

// ---------------------------------------------------------------------------------------------------
// [SECTION] path rows: cpu, gpu, api
// ---------------------------------------------------------------------------------------------------

DecisionRow cpu_row(const Context& ctx) {
    DecisionRow row;
    row.option = DecisionOption::cpu;
    const auto choice = choose_cpu_platform(ctx);
    if (!choice) {
        row.reason = {"目录中没有 CPU 平台", "the catalog has no CPU platform"};
        row.fails_when = {"无法评估", "cannot be judged"};
        return row;
    }
    Setup s;
    s.ctx = choice->ctx;
    s.layout = {1, 1, !s.ctx.engine.tensor_parallel};
    s.label = {s.ctx.hardware.name, s.ctx.hardware.name};
    const Scenario& sc = s.ctx.scenario;
    const ServingCheck at = check_at(s, sc.concurrency, sc.context_tokens);
    row.verdict = verdict_of(at);
    const MemoryResult m = memory_of(s);
    const Text mem = memory_clause(s, m);
    const std::string bw_zh = fmt::number(s.ctx.hardware.bandwidth_gbs.value_or(0), "zh") + " GB/s";
    const std::string bw_en = fmt::number(s.ctx.hardware.bandwidth_gbs.value_or(0), "en") + " GB/s";
    std::string speed_zh, speed_en;
    if (!at.optimistic.memory) {
        const Text sp = speed_clause(at.perf, sc.concurrency);
        speed_zh = "，" + sp.zh;
        speed_en = "; " + sp.en;
    }
    row.reason = {s.ctx.hardware.name + "（" + choice->why.zh + "）：解码受内存带宽 " + bw_zh + " 限制" + speed_zh + "；" + mem.zh,
                  s.ctx.hardware.name + " (" + choice->why.en + "): decode is bound by " + bw_en + " of memory bandwidth" +
                      speed_en + "; " + mem.en};
    const Text line = product_line_clause(s.ctx.hardware);
    row.reason.zh += line.zh, row.reason.en += line.en;
    row.fails_when = fails_when_for(s, {"CPU", "CPU"});
    return row;
}

DecisionRow gpu_row(const Context& ctx, const Result& partial) {
    DecisionRow row;
    row.option = DecisionOption::gpu;
    std::optional<Setup> setup;
    Text origin;
    if (is_accelerator(ctx.hardware)) {
        setup = user_setup(ctx, partial);
    } else {
        setup = planner_setup(ctx, partial);
        origin = {"（规划器的选择）", " (the planner's pick)"};
    }
    if (!setup) {
        row.reason = {"目录中没有一种加速器放得下这个模型", "no accelerator of the catalog holds this model"};
        row.fails_when = {"任何卡数都放不下", "no card count holds it"};
        return row;
    }
    const Setup& s = *setup;
    const Scenario& sc = s.ctx.scenario;
    const ServingCheck at = check_at(s, sc.concurrency, sc.context_tokens);
    // The user's own cards: the core's one judgement (judge.hpp), remedies included; the planner's pick: its check.
    row.verdict = is_accelerator(ctx.hardware) ? status_verdict(partial)
                                               : verdict_of(at);
    const MemoryResult m = memory_of(s);
    // A setup that serves its load although not every user fits at the full context at once (a paged pool):
    // memory at the typical length, as the headline says it.
    const bool runs = is_accelerator(ctx.hardware) ? partial.status != ServingStatus::does_not_fit : row.verdict != Verdict::no;
    const bool worst_case_overflows = m.capacity_known && m.total_gib.hi > m.budget_gib && runs;
    const Text mem = worst_case_overflows ? typical_memory_clause(m, at.perf, sc.context_tokens) : memory_clause(s, m);
    std::string layout_zh, layout_en;
    if (s.layout.layer_split && s.layout.tp > 1) layout_zh = "（按层切分）", layout_en = " (layer split)";
    else if (s.layout.tp > 1)
        layout_zh = "（TP " + std::to_string(s.layout.tp) + "）", layout_en = " (TP " + std::to_string(s.layout.tp) + ")";
    std::string speed_zh, speed_en;
    if (!at.optimistic.memory) {
        const Text sp = speed_clause(at.perf, sc.concurrency);
        speed_zh = "，" + sp.zh;
        speed_en = "; " + sp.en;
    }
    row.reason = {s.label.zh + origin.zh + layout_zh + "：" + mem.zh + speed_zh,
                  s.label.en + origin.en + layout_en + ": " + mem.en + speed_en};
    if (row.verdict != Verdict::yes) {
        const Text sug = suggestion(partial);
        row.reason.zh += sug.zh, row.reason.en += sug.en;
    }
    row.fails_when = fails_when_for(s, s.label);
    if (!is_accelerator(ctx.hardware)) return row;
    if (partial.offload && partial.offload->applicable && partial.status == ServingStatus::does_not_fit) {
        // A MoE model that overflows the cards but fits with its first layers' experts in host RAM
        // (offload.cpp): it runs, slower, with llama.cpp's --n-cpu-moe; the row says what that split gives.
        const bool meets = partial.remedy == FitRemedy::expert_offload;
        row.reason.zh += (meets ? "；" : "；即使") + partial.offload->note.zh;
        row.reason.en += (meets ? "; " : "; even with ") + partial.offload->note.en;
    }
    if (auto mib = raised_wired_limit_mib(ctx, partial.memory, partial.count)) {
        // Apple: the default wiring cap, not the memory, is what refuses the model.
        row.reason.zh += "；提高 GPU 内存上限后放得下：sudo sysctl iogpu.wired_limit_mb=" + std::to_string(*mib);
        row.reason.en += "; fits once the GPU wiring cap is raised: sudo sysctl iogpu.wired_limit_mb=" + std::to_string(*mib);
    }
    return row;
}

Text break_even_clause(const CostResult& c, double requests_per_day, const std::string& what_zh,
                       const std::string& what_en) {
    if (!c.has_gpu_price || !c.has_api_price || !c.break_even_requests_per_day.finite()) return {};
    const Interval be = c.break_even_requests_per_day;
    const std::string be_zh = fmt::interval(be, "", "zh"), be_en = fmt::interval(be, "", "en");
    if (requests_per_day > be.hi)
        return {"当前 " + fmt::count(requests_per_day, "zh") + " 次/天已超过盈亏平衡点 " + be_zh + " 次/天：" + what_zh + "更便宜",
                "today's " + fmt::count(requests_per_day, "en") + " requests/day are past the break-even of " + be_en +
                    " requests/day: " + what_en + " is cheaper"};
    return {"日请求超过 " + be_zh + " 次后" + what_zh + "更便宜",
            "above " + be_en + " requests/day " + what_en + " is cheaper"};
}

// What breaks any cloud API option whatever the price, after the break-even clause.
Text with_api_caveats(const Text& break_even) {
    return {join(break_even.zh, "；", "数据必须留在内网时不能用；高峰并发受服务商速率限制"),
            join(break_even.en, "; ", "ruled out when data must stay on premises; peak concurrency is subject to the "
                                      "provider's rate limits")};
}

DecisionRow api_row(const Context& ctx, const Result& partial) {
    DecisionRow row;
    row.option = DecisionOption::api;
    const CostResult& c = partial.cost;
    const double rpd = ctx.scenario.requests_per_day;
    if (!c.has_api_price) {
        row.verdict = Verdict::conditional;
        row.reason = {"目录中没有可比的 API 价格", "the catalog has no comparable API price"};
        row.fails_when = {"数据必须留在内网时不能用", "ruled out when data must stay on premises"};
        return row;
    }
    std::string native_zh, native_en;
    if (c.api_currency != "USD") {
        native_zh = "（" + fmt::money(c.api_per_month_native, c.api_currency, "zh") + "）";
        native_en = " (" + fmt::money(c.api_per_month_native, c.api_currency, "en") + ")";
    }
    const std::string api_zh = fmt::money(c.api_per_month_usd, "USD", "zh") + native_zh;
    const std::string api_en = fmt::money(c.api_per_month_usd, "USD", "en") + native_en;
    std::string self_zh = "自托管价格未知", self_en = "self-hosted price unknown";
    if (c.has_gpu_price) {
        const std::string from_zh = c.self_hosted_from_planner ? "，规划器的选择" : "";
        const std::string from_en = c.self_hosted_from_planner ? ", the planner's pick" : "";
        self_zh = "自托管（" + c.self_hosted_config + from_zh + "）每月 " + fmt::money(c.self_hosted_per_month_usd, "USD", "zh");
        self_en = "self-hosted (" + c.self_hosted_config + from_en + ") " +
                  fmt::money(c.self_hosted_per_month_usd, "USD", "en") + "/month";
    }
    row.reason = {c.api_model + "：按 " + fmt::count(rpd, "zh") + " 次/天每月约 " + api_zh + "；" + self_zh,
                  c.api_model + ": about " + api_en + "/month at " + fmt::count(rpd, "en") + " requests/day; " + self_en};
    // Cheaper than the cards at today's traffic: yes; otherwise it still works, at a price: conditional.
    const bool cheaper = c.has_gpu_price && c.api_per_month_usd.hi <= c.self_hosted_per_month_usd.lo;
    row.verdict = cheaper ? Verdict::yes : Verdict::conditional;
    const Text be = break_even_clause(c, rpd, "自托管", "self-hosting");
    row.fails_when = with_api_caveats(be);
    return row;
}

// ---------------------------------------------------------------------------------------------------
// [SECTION] seed scenario rows: personal, offline_batch, cloud_api, online_service
// ---------------------------------------------------------------------------------------------------

// The user's hardware, or the CPU platform's setup when the user picked a CPU.
Setup own_setup(const Context& ctx, const Result& partial) {
    if (is_accelerator(ctx.hardware)) return user_setup(ctx, partial);
    Setup s = user_setup(ctx, partial);
    if (const auto c = choose_cpu_platform(ctx)) s.ctx = c->ctx, s.ctx.count = std::max(1, partial.count);
    return s;
}

DecisionRow personal_row(const Context& ctx, const Result& partial) {
    DecisionRow row;
    row.option = DecisionOption::personal;
    const Setup s = own_setup(ctx, partial);
    const Scenario& sc = s.ctx.scenario;
    const ServingCheck one = check_at(s, 1, sc.context_tokens);
    row.verdict = verdict_of(one);
    const std::string L = fmt::tokens(sc.context_tokens);
    if (one.optimistic.memory) {
        const Text why = describe_misses(one.pessimistic, sc.targets, s.ctx.hardware);
        row.reason = {"个人验证（1 个用户，" + L + " 上下文）在 " + s.label.zh + " 上：" + why.zh,
                      "Personal validation (one user, " + L + " context) on " + s.label.en + ": " + why.en};
    } else {
        row.reason = {"个人验证（1 个用户，" + L + " 上下文）在 " + s.label.zh + " 上：首字 " +
                          fmt::interval(one.perf.ttft_s, "s", "zh") + "，每人 " +
                          fmt::interval(one.perf.decode_tps_per_seq, "tok/s", "zh"),
                      "Personal validation (one user, " + L + " context) on " + s.label.en + ": TTFT " +
                          fmt::interval(one.perf.ttft_s, "s", "en") + ", " +
                          fmt::interval(one.perf.decode_tps_per_seq, "tok/s", "en")};
    }
    const SearchLimit lim = max_context_meeting_targets(s.ctx, s.ctx.hardware, s.layout, s.replicas, 1);
    if (lim.upper == 0 || lim.optimistic == 0) {
        const Text why = describe_misses(one.pessimistic, sc.targets, s.ctx.hardware);
        row.fails_when = {"即使最短的上下文也不行：" + why.zh, "even the shortest context fails: " + why.en};
    } else if (lim.pessimistic_capped) {
        row.fails_when = {"直到 " + fmt::tokens(lim.upper) + " 上下文都能满足目标",
                          "holds up to " + fmt::tokens(lim.upper) + " context"};
    } else if (lim.pessimistic == 0) {
        const Text why = describe_misses(lim.beyond, sc.targets, s.ctx.hardware);
        row.fails_when = {"典型情况下即使最短的上下文也不行（" + why.zh + "）；乐观情况下上下文可到 " + fmt::tokens(lim.optimistic),
                          "in the typical case even the shortest context fails (" + why.en + "); at best up to " +
                              fmt::tokens(lim.optimistic) + " context"};
    } else {
        const Text why = describe_misses(lim.beyond, sc.targets, s.ctx.hardware);
        row.fails_when = {"上下文超过 " + fmt::tokens(lim.pessimistic) + " 后" + why.zh,
                          "beyond " + fmt::tokens(lim.pessimistic) + " context, " + why.en};
    }
    return row;
}

DecisionRow offline_batch_row(const Context& ctx, const Result& partial) {
    DecisionRow row;
    row.option = DecisionOption::offline_batch;
    const Setup s = own_setup(ctx, partial);
    const Scenario& sc = s.ctx.scenario;
    // Latency targets do not apply: fill every sequence memory holds and count finished requests.
    Context loose = s.ctx;
    loose.scenario.targets = Targets{limits::kTtftMax, limits::kTpsMin};
    Setup b = s;
    b.ctx = loose;
    const ServingCheck probe = check_at(b, sc.concurrency, sc.context_tokens);
    if (probe.optimistic.memory) {
        row.reason = {"离线批处理：" + s.label.zh + " 放不下一个完整序列", "Offline batch: " + s.label.en +
                                                                         " cannot hold one full sequence"};
        row.fails_when = {"任何流量都不行", "fails at any traffic"};
        return row;
    }
    // A full batch is what memory holds; without a known RAM size, the concurrency the user plans for.
    const Interval per_replica = probe.capacity_known ? probe.max_batch
                                                      : Interval::exact(double(std::max<int64_t>(1, sc.concurrency)));
    const int64_t full_pess = std::max<int64_t>(1, int64_t(per_replica.lo) * s.replicas);
    const int64_t full_opt = std::max<int64_t>(1, int64_t(per_replica.hi) * s.replicas);
    const PerformanceResult pp = check_at(b, full_pess, sc.context_tokens).perf;
    const PerformanceResult po = check_at(b, full_opt, sc.context_tokens).perf;
    // Closed loop at a full batch: each request takes TTFT + output / per-user speed (Little's law).
    const double out = static_cast<double>(sc.output_tokens);
    const double per_day_pess = static_cast<double>(full_pess) / (pp.ttft_s.hi + out / pp.decode_tps_per_seq.lo) * 86400;
    const double per_day_opt = static_cast<double>(full_opt) / (po.ttft_s.lo + out / po.decode_tps_per_seq.hi) * 86400;
    if (!std::isfinite(per_day_pess) || !std::isfinite(per_day_opt) || pp.decode_tps_per_seq.lo <= 0) {
        row.reason = {"离线批处理：速度无法估算", "Offline batch: speed cannot be estimated"};
        row.fails_when = {"无法评估", "cannot be judged"};
        return row;
    }
    const Interval per_day = Interval::of(per_day_pess, per_day_opt);
    const Interval throughput{pp.throughput_tps.lo, std::max(pp.throughput_tps.lo, po.throughput_tps.hi)};
    const double rpd = sc.requests_per_day;
    row.verdict = per_day.lo >= rpd ? Verdict::yes : per_day.hi >= rpd ? Verdict::conditional : Verdict::no;
    const std::string full = range_of(full_pess, full_opt, "zh");
    row.reason = {"离线批处理（不看延迟目标）：" + s.label.zh + " 满批 " + full + " 个序列，总吞吐 " +
                      fmt::interval(throughput, "tok/s", "zh") + "，每天可处理 " + fmt::interval(per_day, "个请求", "zh") +
                      "（需要 " + fmt::count(rpd, "zh") + "）",
                  "Offline batch (latency targets aside): " + s.label.en + " at a full batch of " +
                      range_of(full_pess, full_opt, "en") + " sequences, " + fmt::interval(throughput, "tok/s", "en") +
                      " in all, " + fmt::interval(per_day, "requests/day", "en") + " (needed: " + fmt::count(rpd, "en") + ")"};
    row.fails_when = {"日请求超过 " + fmt::count(per_day.lo, "zh") + " 次后一天处理不完，积压增长",
                      "above " + fmt::count(per_day.lo, "en") + " requests/day the day's work no longer finishes; the "
                                                                  "backlog grows"};
    return row;
}

DecisionRow cloud_api_row(const Context& ctx, const Result& partial) {
    DecisionRow row;
    row.option = DecisionOption::cloud_api;
    const CostResult& c = partial.cost;
    const double rpd = ctx.scenario.requests_per_day;
    if (!c.has_api_price) {
        row.verdict = Verdict::conditional;
        row.reason = {"目录中没有可比的 API 价格", "the catalog has no comparable API price"};
        row.fails_when = {"数据必须留在内网时不能用", "ruled out when data must stay in-house"};
        return row;
    }
    // Compared with renting the planner's cheapest cards that meet the targets.
    const PlanRow* rent = nullptr;
    for (const PlanRow& r : partial.plan)
        if (r.meets_targets && r.has_price && r.currency == "USD") { rent = &r; break; }
    const std::string api_zh = fmt::money(c.api_per_month_usd, "USD", "zh");
    const std::string api_en = fmt::money(c.api_per_month_usd, "USD", "en");
    row.reason = {"云 API（" + c.api_model + "）：按 " + fmt::count(rpd, "zh") + " 次/天每月约 " + api_zh,
                  "Cloud API (" + c.api_model + "): about " + api_en + "/month at " + fmt::count(rpd, "en") + " requests/day"};
    if (!rent) {
        row.verdict = Verdict::conditional;
        row.reason.zh += "；没有带价格的达标租卡方案可比";
        row.reason.en += "; no priced rental that meets the targets to compare with";
        row.fails_when = {"数据必须留在内网时不能用；高峰并发受服务商速率限制",
                          "ruled out when data must stay in-house; peak concurrency is subject to the provider's rate limits"};
        return row;
    }
    const std::string cards = fmt::count_range(rent->cards, "en") + " × " + rent->name;
    row.reason.zh += "；租用最便宜的达标方案 " + cards + " 每月 " + fmt::money(rent->cost_per_month, "USD", "zh");
    row.reason.en += "; renting the cheapest setup that meets the targets, " + cards + ", costs " +
                     fmt::money(rent->cost_per_month, "USD", "en") + "/month";
    const Interval api = c.api_per_month_usd;
    row.verdict = api.hi <= rent->cost_per_month.lo ? Verdict::yes
                  : api.lo > rent->cost_per_month.hi ? Verdict::no
                                                     : Verdict::conditional;
    // Break-even against the rental: rent_month = r × 30 × cost per request.
    CostResult vs = c;
    vs.has_gpu_price = true;
    vs.break_even_requests_per_day = {INFINITY, INFINITY};
    if (const auto choice = representative_api(*ctx.catalog, ctx.model)) {
        const Interval per_request = api_cost_per_request_usd(*ctx.catalog, *choice, ctx.scenario.prompt_tokens,
                                                              ctx.scenario.output_tokens);
        if (per_request.lo > 0)
            vs.break_even_requests_per_day = {rent->cost_per_month.lo / (kDaysPerMonth * per_request.hi),
                                              rent->cost_per_month.hi / (kDaysPerMonth * per_request.lo)};
    }
    const Text be = break_even_clause(vs, rpd, "租卡自托管", "renting cards");
    row.fails_when = with_api_caveats(be);
    return row;
}

DecisionRow online_service_row(const Context& ctx, const Result& partial) {
    DecisionRow row;
    row.option = DecisionOption::online_service;
    const Scenario& sc = ctx.scenario;
    const std::string goal_zh = fmt::count(double(sc.concurrency), "zh") + " 并发，首字 ≤ " + fmt::number(sc.targets.ttft_s, "zh") +
                                " s，每人 ≥ " + fmt::number(sc.targets.tps_per_user, "zh") + " tok/s";
    const std::string goal_en = users_en(sc.concurrency) + ", TTFT ≤ " +
                                fmt::number(sc.targets.ttft_s, "en") + " s, ≥ " + fmt::number(sc.targets.tps_per_user, "en") +
                                " tok/s each";
    const PlanRow* pick = nullptr;
    const auto setup = planner_setup(ctx, partial, &pick);
    if (!setup || !pick || !pick->meets_targets) {
        row.verdict = Verdict::no;
        row.reason = {"在线服务（" + goal_zh + "）：目录中没有一种加速器能满足", "Online service (" + goal_en +
                                                                               "): no accelerator of the catalog meets it"};
        row.fails_when = pick ? Text{pick->name + "：" + pick->note_text.zh, pick->name + ": " + pick->note_text.en}
                              : Text{"任何卡都放不下这个模型", "no card holds this model"};
        return row;
    }
    const Setup& s = *setup;
    const ServingCheck at = check_at(s, sc.concurrency, sc.context_tokens);
    row.verdict = verdict_of(at);
    std::string cost_zh, cost_en;
    if (pick->has_price) {
        cost_zh = "，约 " + fmt::money(pick->cost_per_month, pick->currency, "zh") + "/月";
        cost_en = ", about " + fmt::money(pick->cost_per_month, pick->currency, "en") + "/month";
    }
    std::string layout_zh, layout_en;
    const std::string tp = std::to_string(pick->tp);
    if (!pick->layer_split) {
        layout_zh = "TP " + tp + "，";
        layout_en = "TP " + tp + ", ";
    } else if (pick->tp > 1) {
        layout_zh = "按层切分到 " + tp + " 张卡，";
        layout_en = "layer split over " + tp + " cards, ";
    }
    if (pick->pp > 1) {
        layout_zh += std::to_string(pick->pp) + " 级流水线，";
        layout_en += std::to_string(pick->pp) + " pipeline stages, ";
    }
    const Text sp = speed_clause(at.perf, sc.concurrency);
    row.reason = {"在线服务（" + goal_zh + "）：" + s.label.zh + "（" + layout_zh + std::to_string(s.replicas) +
                      " 个副本）" + cost_zh + "；" + sp.zh,
                  "Online service (" + goal_en + "): " + s.label.en + " (" + layout_en + std::to_string(s.replicas) +
                      (s.replicas == 1 ? " replica)" : " replicas)") + cost_en + "; " + sp.en};
    const SearchLimit lim = max_concurrency_meeting_targets(s.ctx, s.ctx.hardware, s.layout, s.replicas, sc.context_tokens);
    const ServingCheck one = check_at(s, 1, sc.context_tokens);
    Text f = concurrency_sentence({"该配置", "This setup"}, lim, sc.context_tokens, s.replicas, sc.targets,
                                  s.ctx.hardware, one);
    if (lim.pessimistic > 0 && !lim.pessimistic_capped) {
        f.zh += "，需要加副本";
        f.en += "; add replicas";
    }
    row.fails_when = f;
    return row;
}

}  // namespace

std::vector<DecisionRow> decide_paths(const Context& ctx, const Result& partial) {
    return {cpu_row(ctx), gpu_row(ctx, partial), api_row(ctx, partial)};
}

std::vector<DecisionRow> decide_seed_scenarios(const Context& ctx, const Result& partial) {
    return {personal_row(ctx, partial), offline_batch_row(ctx, partial), cloud_api_row(ctx, partial),
            online_service_row(ctx, partial)};
}

// ---------------------------------------------------------------------------------------------------
// [SECTION] verdict sentence
// ---------------------------------------------------------------------------------------------------

namespace {

// "8–12 × H100 SXM5 80GB (TP 2 × 4–6 replicas)" when the planner chose the count; else "8 × H100 SXM5 80GB".
Text setup_label(const Context& ctx, const Result& partial, const Setup& s) {
    if (!partial.planned) return s.label;
    const PlannedCount& p = *partial.planned;
    const std::string cards_zh = fmt::count_range(p.cards, "zh"), cards_en = fmt::count_range(p.cards, "en");
    const std::string reps_zh = fmt::count_range(p.replicas, "zh"), reps_en = fmt::count_range(p.replicas, "en");
    std::string layout_zh, layout_en;
    if (p.layer_split) {
        layout_zh = "按层切分";
        layout_en = "layer split";
    } else {
        const std::string tp = std::to_string(p.tp) + (p.pp > 1 ? " × PP " + std::to_string(p.pp) : "");
        layout_zh = "TP " + tp + " × " + reps_zh + " 个副本";
        layout_en = "TP " + tp + " × " + reps_en + (p.replicas.hi > 1 ? " replicas" : " replica");
    }
    return {cards_zh + " × " + ctx.hardware.name + "（" + layout_zh + "）", cards_en + " × " + ctx.hardware.name + " (" + layout_en + ")"};
}

}  // namespace

Text verdict_sentence(const Context& ctx, const Result& partial) {
    const Setup s = user_setup(ctx, partial);
    const Text label = setup_label(ctx, partial, s);
    const Scenario& sc = ctx.scenario;
    const MemoryResult& m = partial.memory;
    const PerformanceResult& p = partial.performance;
    const Targets& t = sc.targets;
    const bool worst_case_overflows = m.capacity_known && !partial.fit.fits;
    const Text mem = worst_case_overflows ? typical_memory_clause(m, p, sc.context_tokens) : memory_clause(s, m);
    const Text speed = speed_clause(p, sc.concurrency);
    const std::string w = memory_word_zh(ctx.hardware);

    if (auto mib = raised_wired_limit_mib(ctx, m, partial.count)) {
        Text out{label.zh + " 需提高 GPU 内存上限才放得下：" + w + "需要 " + fmt::interval(m.total_gib, "GiB", "zh") +
                    "，macOS 默认给 GPU 的内存扣除冗余后只有 " + fmt::number(m.budget_gib, "zh") + " GiB；执行 sudo sysctl iogpu.wired_limit_mb=" +
                    std::to_string(*mib) + " 后，" + speed.zh,
                label.en + " fits only with a raised GPU wiring cap: needs " + fmt::interval(m.total_gib, "GiB", "en") +
                    ", while macOS's default GPU share leaves " + fmt::number(m.budget_gib, "en") + " GiB after headroom; after sudo sysctl "
                    "iogpu.wired_limit_mb=" + std::to_string(*mib) + ", " + speed.en};
        if (partial.remedy != FitRemedy::raise_wired_limit) {
            // Even with the cap raised the targets are missed at the fast end: the judge says no, and so does this.
            const Text why = describe_misses(target_misses(p, t, true), t, ctx.hardware);
            out.zh += "，仍达不到目标（" + why.zh + "）";
            out.en += ", which still misses the targets (" + why.en + ")";
        }
        return out;
    }
    switch (partial.status) {
        case ServingStatus::does_not_fit: {
            const Text sug = suggestion(partial);
            const Text need{w + "需要 " + fmt::interval(m.total_gib, "GiB", "zh") + "，可用 " + fmt::number(m.budget_gib, "zh") +
                                " GiB（已扣除冗余）",
                            "needs " + fmt::interval(m.total_gib, "GiB", "en") + " of memory, " +
                                fmt::number(m.budget_gib, "en") + " GiB usable after headroom"};
            if (partial.remedy == FitRemedy::expert_offload && partial.offload)
                return {label.zh + " 原样不够（" + need.zh + "），可改用 " + partial.offload->note.zh + sug.zh,
                        label.en + " is not enough as given (" + need.en + "); it runs with " + partial.offload->note.en + sug.en};
            if (partial.remedy == FitRemedy::careful_end) {
                const Interval held = partial.fit.max_concurrency;
                return {label.zh + " 勉强：" + w + "只在精心调优时放得下一个 " + fmt::tokens(sc.context_tokens) + " 序列（可容纳 " +
                            fmt::count_range(held, "zh") + " 个），" + speed.zh + sug.zh,
                        label.en + " is borderline: memory holds one " + fmt::tokens(sc.context_tokens) +
                            " sequence only at the careful end (" + fmt::count_range(held, "en") + " fit); " + speed.en + sug.en};
            }
            return {label.zh + " 不够：" + need.zh + sug.zh, label.en + " is not enough: " + need.en + sug.en};
        }
        case ServingStatus::meets: {
            Text out{label.zh + " 够用：" + mem.zh + "，" + speed.zh, label.en + " is enough: " + mem.en + "; " + speed.en};
            if (partial.cards_needed) {
                out.zh += "；其实 " + fmt::count_range(*partial.cards_needed, "zh") + " 张就够";
                out.en += "; " + fmt::count_range(*partial.cards_needed, "en") + " of them suffice";
            }
            return out;
        }
        case ServingStatus::misses_targets: break;
    }
    const Misses pess = target_misses(p, t, false);
    if (partial.targets_met.optimistic)
        return {label.zh + " 勉强够用：" + mem.zh + "，" + speed.zh + "（仅乐观情况下达标）",
                label.en + " is borderline: " + mem.en + "; " + speed.en + " (meets the targets only in the optimistic case)"};
    const Text why = describe_misses(pess, t, ctx.hardware);
    const Text sug = suggestion(partial);
    return {label.zh + " 放得下但达不到目标：" + speed.zh + "（" + why.zh + "）" + sug.zh,
            label.en + " holds the model but misses the targets: " + speed.en + " (" + why.en + ")" + sug.en};
}

}  // namespace infersizer
