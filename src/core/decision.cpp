// decision.cpp — the decision table's verdicts (CPU / GPU / API paths and the seed's scenarios) and which verdict
// sentence applies (docs/estimation.md §7.2). Every "fails when" is found by searching the input space
// (decision_search.hpp); every word comes from decision_text.hpp, so this file only judges.
//
// [SECTION] setups: the user's hardware, the CPU platform, the planner's pick
// [SECTION] path rows: cpu, gpu, api
// [SECTION] seed scenario rows: personal, offline_batch, cloud_api, online_service
// [SECTION] verdict sentence
#include "decision.hpp"

#include "cost.hpp"
#include "decision_search.hpp"
#include "decision_text.hpp"
#include "judge.hpp"
#include "memory.hpp"
#include "offload.hpp"
#include "plan.hpp"
#include "units.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace infersizer {

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

// The user's hardware as the estimate used it: estimate.cpp's layout (performance.tp × performance.pp), the
// rest of the cards as replicas; layer-split engines put every card in one pipeline.
Setup user_setup(const Context& ctx, const Assessment& a) {
    Setup s;
    s.ctx = ctx;
    s.ctx.count = std::max(1, a.count);
    const int tp = std::max(1, a.performance.tp);
    const bool tp_engine = ctx.engine->tensor_parallel && ctx.hardware->kind != HardwareKind::cpu &&
                           ctx.hardware->kind != HardwareKind::unified;
    const int pp = ctx.engine->tensor_parallel ? std::max(1, a.performance.pp) : 1;
    s.layout = {tp, pp, !ctx.engine->tensor_parallel};
    // A layer-split engine's servers are the assessment's (estimate.cpp): one over every card where the engine spans
    // machines, one per machine where it cannot (Ollama on two Macs), the planner's row where it laid them out.
    const bool layer_servers = !ctx.engine->tensor_parallel || (a.planned && a.planned->layer_split);
    s.replicas = tp_engine ? std::max(1, s.ctx.count / s.layout.cards()) : layer_servers ? std::max(1, a.memory.replicas) : 1;
    s.label = ctx.hardware->is_cpu() && s.ctx.count == 1 ? Text{ctx.hardware->name, ctx.hardware->name}
                                                        : cards_label(ctx.hardware, s.ctx.count);
    return s;
}

void append(Text& to, const Text& more) { to.zh += more.zh, to.en += more.en; }

// Where the judgement's remedy is macOS's raised GPU wiring cap, the setup's machine with that cap (memory.hpp);
// returns the cap in MiB, or nullopt and leaves the setup as it was.
std::optional<long long> with_raised_wired_limit(Setup& s, const Context& ctx, const Assessment& a) {
    if (a.remedy != FitRemedy::raise_wired_limit) return std::nullopt;
    const auto mib = raised_wired_limit_mib(ctx, a.memory, a.count);
    if (mib) s.ctx.hardware = with_wired_limit(ctx.hardware, *mib);
    return mib;
}

// Where a row's limits are searched on a raised wiring cap: the cap raised as far as the headroom allows (all the
// memory it leaves), not the one sized to this scenario, so "beyond 16k not one sequence fits" does not describe a cap
// set for exactly 16k. The cap searched with, when `raised` (the scenario's cap) is set.
std::optional<long long> with_most_wired_limit(Setup& s, const Context& ctx, const std::optional<long long>& raised) {
    if (!raised || !ctx.hardware->memory_gb) return std::nullopt;
    const long long most =
        static_cast<long long>(std::floor(*ctx.hardware->memory_gb * (1.0 - ctx.scenario.headroom) * units::kMiBPerGiB));
    if (most <= *raised) return std::nullopt;
    s.ctx.hardware = with_wired_limit(ctx.hardware, most);
    return most;
}

// A typical-scenario row judged on a raised wiring cap holds only once the user raises it: conditional at best, and
// the sysctl said in its reason.
void note_raised_wired_limit(DecisionRow& row, const std::optional<long long>& mib) {
    if (!mib) return;
    if (row.verdict == Verdict::yes) row.verdict = Verdict::conditional;
    append(row.reason, wired_limit_clause(*mib));
}

// A planner row as a setup: its layout, its careful end's replicas, its cards.
std::optional<Setup> setup_of_row(const Context& ctx, const PlanRow& row) {
    const Hardware* hw = ctx.catalog ? ctx.catalog->find_hardware(row.hardware) : nullptr;
    if (!hw) return std::nullopt;
    Setup s;
    s.layout = {row.tp, row.pp, row.layer_split};
    s.replicas = std::max(1, static_cast<int>(std::ceil(row.replicas.hi)));
    s.ctx = with_hardware(ctx, *hw, s.layout.cards() * s.replicas);
    s.label = cards_label(*hw, s.ctx.count);
    return s;
}

// The planner's cheapest row that meets the targets (else the first that fits), as a setup.
std::optional<Setup> planner_setup(const Context& ctx, const Assessment& a, const PlanRow** row_out = nullptr) {
    if (!ctx.catalog) return std::nullopt;
    const PlanRow* pick = nullptr;
    for (const PlanRow& r : a.plan)
        if (r.meets_targets) { pick = &r; break; }
    if (!pick)
        for (const PlanRow& r : a.plan)
            if (r.fits) { pick = &r; break; }
    if (!pick) return std::nullopt;
    if (row_out) *row_out = pick;
    return setup_of_row(ctx, *pick);
}

ServingCheck check_at(const Setup& s, int64_t concurrency, int64_t context_tokens) {
    return check_serving(s.ctx, s.ctx.hardware, s.layout, s.replicas, concurrency, context_tokens);
}

Verdict verdict_of(const ServingCheck& c) {
    if (!c.pessimistic.any()) return Verdict::yes;
    if (!c.optimistic.any()) return Verdict::conditional;
    return Verdict::no;
}

// The "fails when" of a setup: the concurrency limit at the scenario's context; where that holds the
// scenario's users, the context limit at that concurrency; where not even one user holds, the context
// at which one would.
// No latency target: more users in flight only wait longer, so what breaks is the day's volume (the setup kept at
// the peak in flight all day), then, for a setup that finishes it, the context at which the peak no longer runs.
// Without requests a day to finish, only that context. nullopt with latency targets, or where the setup does not
// run or its speed is unknown (the concurrency sentence says why).
std::optional<Text> no_latency_fails_when(const Setup& s) {
    const Scenario& sc = s.ctx.scenario;
    if (!sc.targets.no_latency_target) return std::nullopt;
    const Hardware& hw = s.ctx.hardware;
    const ServingCheck at = check_at(s, sc.concurrency, sc.context_tokens);
    if (at.optimistic.memory) return std::nullopt;  // not even at the careful end: the concurrency sentence says so
    if (at.pessimistic.memory) {
        // Only the careful end holds a full sequence: that is where it breaks, then the context one user can have.
        Setup alone = s;
        alone.ctx.daily_volume = {};
        Text out = careful_end_memory_fails_when(sc.context_tokens);
        const SearchLimit one = max_context_meeting_targets(alone.ctx, hw, alone.layout, alone.replicas, 1);
        if (one.pessimistic > 0) {
            const Text more = one_user_context_clause(one.pessimistic);
            out.zh += more.zh, out.en += more.en;
        }
        return out;
    }
    auto context_limit = [&] {
        return context_clause(max_context_meeting_targets(s.ctx, hw, s.layout, s.replicas, sc.concurrency),
                              sc.concurrency, sc.targets, hw);
    };
    Text out;
    if (s.ctx.daily_volume.applies()) {
        const DailyVolume& v = s.ctx.daily_volume;
        const Interval per_day{v.requests_a_day(at.perf.throughput_tps.lo), v.requests_a_day(at.perf.throughput_tps.hi)};
        if (!per_day.finite() || !(per_day.lo > 0)) return std::nullopt;
        out = offline_fails_when(per_day);
        if (per_day.lo < v.requests_per_day) return out;  // it already falls short at this context
    } else {
        out = only_waits_longer();
    }
    const Text more = context_limit();
    out.zh += more.zh, out.en += more.en;
    return out;
}

// A mixture-of-experts model that the user's cards hold only with llama.cpp's --n-cpu-moe (offload.cpp): the split
// for `users` at the setup's context; nullopt where none applies (a model the cards hold, a dense model, an engine
// or machine without expert offload).
std::optional<OffloadResult> expert_split(const Setup& s, int64_t users) {
    Context c = s.ctx;
    c.scenario.concurrency = users;
    auto split = estimate_offload(c, c.count, s.layout.tp);
    if (!split || !split->applicable) return std::nullopt;
    return split;
}

// The "fails when" of a setup that runs only split: where the split stops meeting the targets, the users in flight
// at the scenario's context, then (where those hold the scenario's users) its context, as fails_when_for says it.
Text split_fails_when(const Setup& s) {
    const Scenario& sc = s.ctx.scenario;
    const Hardware& hw = s.ctx.hardware;
    const Text who = with_expert_offload(s.label);
    // No latency target: as no_latency_fails_when, the day's requests the split finishes at the peak in flight, then
    // the context at which the split no longer holds that peak.
    if (sc.targets.no_latency_target) {
        Text out = only_waits_longer();
        if (s.ctx.daily_volume.applies()) {
            const auto split = expert_split(s, std::max<int64_t>(1, sc.concurrency));
            if (!split) return out;
            const Interval tps = offload_performance(*split).throughput_tps;
            const DailyVolume& v = s.ctx.daily_volume;
            const Interval per_day{v.requests_a_day(tps.lo), v.requests_a_day(tps.hi)};
            if (!per_day.finite() || !(per_day.lo > 0)) return out;
            out = offline_fails_when(per_day);
            if (per_day.lo < v.requests_per_day) return out;
        }
        append(out, context_clause(max_context_with_expert_offload(s.ctx, s.ctx.count, s.layout.tp, sc.concurrency),
                                   sc.concurrency, sc.targets, hw));
        return out;
    }
    const SearchLimit conc = max_concurrency_with_expert_offload(s.ctx, s.ctx.count, s.layout.tp, sc.context_tokens);
    ServingCheck one;
    one.pessimistic = conc.beyond;  // where even one user fails, the sentence's reason is the first value's
    Text out = concurrency_sentence(who, conc, sc.context_tokens, 1, sc.targets, hw, one);
    if (conc.pessimistic >= sc.concurrency)
        append(out, context_clause(max_context_with_expert_offload(s.ctx, s.ctx.count, s.layout.tp, sc.concurrency),
                                   sc.concurrency, sc.targets, hw));
    return out;
}

Text fails_when_for(const Setup& s, const Text& who) {
    const Scenario& sc = s.ctx.scenario;
    const Hardware& hw = s.ctx.hardware;
    if (auto day = no_latency_fails_when(s)) return *day;
    const SearchLimit conc = max_concurrency_meeting_targets(s.ctx, hw, s.layout, s.replicas, sc.context_tokens);
    const ServingCheck one = check_at(s, 1, sc.context_tokens);
    Text out = concurrency_sentence(who, conc, sc.context_tokens, s.replicas, sc.targets, hw, one);
    Text more;
    if (conc.pessimistic >= sc.concurrency) {
        more = context_clause(max_context_meeting_targets(s.ctx, hw, s.layout, s.replicas, sc.concurrency),
                              sc.concurrency, sc.targets, hw);
    } else if (conc.pessimistic == 0) {
        const SearchLimit ctx1 = max_context_meeting_targets(s.ctx, hw, s.layout, s.replicas, 1);
        if (ctx1.pessimistic > 0) more = one_user_context_clause(ctx1.pessimistic);
    }
    out.zh += more.zh, out.en += more.en;
    return out;
}

// One replica's memory with its share of the users (the result's convention).
MemoryResult memory_of(const Setup& s) {
    const Scenario& sc = s.ctx.scenario;
    const int64_t users = (std::max<int64_t>(1, sc.concurrency) + s.replicas - 1) / s.replicas;
    MemoryResult m = estimate_memory(s.ctx, s.layout.cards(), s.layout.cards(), users, sc.context_tokens);
    m.replicas = s.replicas;
    m.all_cards_total_gib = m.total_gib * static_cast<double>(s.replicas);
    return m;
}

}  // namespace

std::optional<CpuChoice> choose_cpu_platform(const Context& ctx) {
    if (!ctx.catalog) return std::nullopt;
    const Catalog& cat = *ctx.catalog;
    CpuChoice out;
    out.ctx = ctx;
    // The engine: the scenario's when it runs on CPUs, else the catalog's CPU default (engines.json
    // traits.default_for_cpu: llama.cpp).
    auto runs_on_cpu = [](const Engine& e) {
        return e.hardware_kinds.empty() ||
               std::find(e.hardware_kinds.begin(), e.hardware_kinds.end(), hardware_kind_name(HardwareKind::cpu)) !=
                   e.hardware_kinds.end();
    };
    if (!runs_on_cpu(ctx.engine)) {
        if (const Engine* cpu_engine = cat.default_cpu_engine()) {
            out.ctx.engine = *cpu_engine;
            const bool kv_ok = ctx.kv.engines.empty() ||
                               std::find(ctx.kv.engines.begin(), ctx.kv.engines.end(), cpu_engine->id) != ctx.kv.engines.end();
            if (!kv_ok)
                if (const KvFormat* kv = cat.find_kv_format(cpu_engine->default_kv)) out.ctx.kv = *kv;
        }
    }
    const std::string engine = out.ctx.engine->name;
    if (ctx.hardware->is_cpu()) {
        out.ctx.count = 1;
        out.why = cpu_platform_why(CpuPlatformPick::users_own, engine);
        return out;
    }
    std::vector<const Hardware*> platforms;
    for (const Hardware& h : cat.hardware)
        if (h.is_cpu() && h.bandwidth_gbs) platforms.push_back(&h);
    if (platforms.empty()) return std::nullopt;
    std::stable_sort(platforms.begin(), platforms.end(),
                     [](const Hardware* a, const Hardware* b) { return *a->bandwidth_gbs < *b->bandwidth_gbs; });
    const ReplicaLayout one{1, 1, !out.ctx.engine->tensor_parallel};
    // One user against the latency targets; without them, the scenario's requests in flight against the day's
    // requests (one user alone owes all of them).
    const bool by_volume = ctx.daily_volume.applies();
    const int64_t users = by_volume ? std::max<int64_t>(1, ctx.scenario.concurrency) : 1;
    for (const Hardware* h : platforms) {
        const Context c = with_hardware(out.ctx, *h, 1);
        if (!check_serving(c, *h, one, 1, users, ctx.scenario.context_tokens).pessimistic.any()) {
            out.ctx = c;
            out.why = cpu_platform_why(by_volume ? CpuPlatformPick::lowest_finishing_day : CpuPlatformPick::lowest_meeting, engine);
            return out;
        }
    }
    out.ctx = with_hardware(out.ctx, *platforms.back(), 1);
    out.why = cpu_platform_why(by_volume ? CpuPlatformPick::highest_fallback_day : CpuPlatformPick::highest_fallback, engine);
    return out;
}

namespace {

// ---------------------------------------------------------------------------------------------------
// [SECTION] path rows: cpu, gpu, api
// ---------------------------------------------------------------------------------------------------

// A row for a setup whose engine cannot serve the format on its hardware at all (judge.hpp cannot_run_on, the
// judge's own rule): no, at any load, and why — never figures that read as a setup that runs. A row that runs the
// user's CPU with a CPU engine in place of theirs (own_setup) is that engine's to judge, not theirs.
std::optional<DecisionRow> cannot_run_row(DecisionOption option, const Context& ctx, const Setup& s, const Assessment& a) {
    if (s.ctx.engine->id != ctx.engine->id) return std::nullopt;
    const CannotRun no = cannot_run_reason(s.ctx, s.ctx.hardware);
    if (!no.why) return std::nullopt;
    const Text& why = *no.why;
    DecisionRow row;
    row.option = option;
    row.verdict = Verdict::no;
    row.reason = {s.label.zh + " 跑不了：" + why.zh, s.label.en + " cannot run it: " + why.en};
    append(row.reason, planner_suggestion(a.plan));
    // An engine that loads the format only in a way not estimated may well start: not "cannot run", not estimated.
    row.fails_when = no.not_estimated
                         ? Text{"任何负载都不作估算：该引擎只能以未估算的方式加载这个格式",
                                "not estimated at any load: the engine loads this format only in a way not estimated"}
                         : Text{"任何负载都跑不了", "fails at any load: the engine cannot run it"};
    return row;
}

DecisionRow cpu_row(const Context& ctx, const Assessment& a) {
    DecisionRow row;
    row.option = DecisionOption::cpu;
    const auto choice = choose_cpu_platform(ctx);
    if (!choice) {
        row.reason = no_cpu_platform_reason();
        row.fails_when = cannot_be_judged();
        return row;
    }
    Setup s;
    if (ctx.hardware->is_cpu() && choice->ctx.engine->id == ctx.engine->id) {
        // The user's own platform with their engine: the setup the headline judges (their machines, the engine's
        // servers over them), so the row gives the headline's figures (one machine read 0.5-3.5 tok/s per user
        // beside two machines' 0.5-4.2).
        s = user_setup(ctx, a);
        if (auto no = cannot_run_row(DecisionOption::cpu, ctx, s, a)) return *no;
    } else {
        s.ctx = choice->ctx;
        s.layout = {1, 1, !s.ctx.engine->tensor_parallel};
        s.label = {s.ctx.hardware->name, s.ctx.hardware->name};
    }
    const Scenario& sc = s.ctx.scenario;
    const ServingCheck at = check_at(s, sc.concurrency, sc.context_tokens);
    row.verdict = verdict_of(at);
    row.reason = cpu_reason(s.label, s.ctx.hardware, choice->why, at, sc.concurrency,
                            memory_clause(s.ctx.hardware, memory_of(s), s.layout.cards()));
    row.fails_when = fails_when_for(s, {"CPU", "CPU"});
    return row;
}

DecisionRow gpu_row(const Context& ctx, const Assessment& a) {
    DecisionRow row;
    row.option = DecisionOption::gpu;
    const bool own_cards = is_accelerator(ctx.hardware);
    const std::optional<Setup> setup = own_cards ? std::optional<Setup>(user_setup(ctx, a)) : planner_setup(ctx, a);
    if (!setup) {
        row.reason = no_accelerator_holds_reason();
        row.fails_when = no_card_count_holds();
        return row;
    }
    const Setup& s = *setup;
    if (auto no = cannot_run_row(DecisionOption::gpu, ctx, s, a)) return *no;
    const Scenario& sc = s.ctx.scenario;
    // A Mac that fits once its GPU wiring cap is raised is checked with that cap, as the verdict quotes its speed
    // (estimate.cpp): the default cap's 8 slots would read "22–33 s" where the sysctl gives 9 slots and 9–12 s.
    Setup checked = s;
    if (own_cards && a.status == ServingStatus::does_not_fit)
        if (const auto mib = raised_wired_limit_mib(ctx, a.memory, a.count)) checked.ctx.hardware = with_wired_limit(ctx.hardware, *mib);
    const ServingCheck at = check_at(checked, sc.concurrency, sc.context_tokens);
    // The user's own cards: the core's one judgement (judge.hpp), remedies included; the planner's pick: its check.
    row.verdict = own_cards ? status_verdict(a.status, a.targets_met, a.remedy) : verdict_of(at);
    const MemoryResult m = memory_of(s);
    // A setup that serves its load although not every user fits at the full context at once (a paged pool):
    // memory at the typical length, as the headline says it.
    const bool runs = own_cards ? a.status != ServingStatus::does_not_fit : row.verdict != Verdict::no;
    // The user's own cards: the result's fit (what the memory badge and the headline say); the planner's pick: its memory.
    const bool overflows = own_cards ? !a.fit.fits : m.total_gib.hi > m.budget_gib;
    const bool worst_case_overflows = m.capacity_known && overflows && runs;
    const Text mem = worst_case_overflows ? typical_memory_clause(m, at.perf, sc.context_tokens)
                                          : memory_clause(s.ctx.hardware, m, s.layout.cards());
    row.reason = gpu_reason(s.label, own_cards ? Text{} : planner_pick_origin(), s.layout, mem, at, sc.concurrency);
    if (row.verdict != Verdict::yes) append(row.reason, planner_suggestion(a.plan));
    if (!own_cards) {
        row.fails_when = fails_when_for(s, s.label);
        return row;
    }
    // Where it breaks once the remedy the verdict counts on is applied. The cap the verdict names is sized to this
    // scenario; the limits are searched with it raised as far as the headroom allows (all the memory the headroom
    // leaves), so "beyond 16k not one sequence fits" does not describe a cap set for exactly 16k, and say so.
    Setup remedied = s;
    const auto most = with_most_wired_limit(remedied, ctx, with_raised_wired_limit(remedied, ctx, a));
    row.fails_when = fails_when_for(remedied, s.label);
    if (most) append(row.fails_when, wired_limit_search_clause(*most));
    // A MoE model that overflows the cards but fits with its first layers' experts in host RAM (offload.cpp):
    // it runs, slower, with llama.cpp's --n-cpu-moe; the row says what that split gives.
    if (a.offload && a.offload->applicable && a.status == ServingStatus::does_not_fit) {
        // The judge's own rule (judge.cpp) names what the split misses at its best when it is no remedy.
        const Text misses = a.remedy == FitRemedy::expert_offload
                                ? Text{}
                                : describe_misses(target_misses(offload_performance(*a.offload), sc,
                                                                ctx.daily_volume, sc.concurrency, true),
                                                  sc.targets, ctx.hardware);
        append(row.reason, offload_clause(*a.offload, misses));
        // Where the split is what runs it, where the split breaks (the cards alone hold not one sequence).
        if (a.remedy == FitRemedy::expert_offload) row.fails_when = split_fails_when(s);
    }
    // Apple: the default wiring cap, not the memory, is what refuses the model.
    if (auto mib = raised_wired_limit_mib(ctx, a.memory, a.count)) append(row.reason, wired_limit_clause(*mib));
    return row;
}

DecisionRow api_row(const Context& ctx, const CostResult& c) {
    DecisionRow row;
    row.option = DecisionOption::api;
    const double rpd = ctx.scenario.requests_per_day;
    if (!c.has_api_price) {
        row.verdict = Verdict::conditional;
        row.reason = no_api_price_reason();
        row.fails_when = residency_caveat(false);
        return row;
    }
    row.reason = api_reason(c, rpd);
    // Cheaper than the cards at today's traffic (as many copies of the setup as the day's requests need): yes;
    // otherwise it still works, at a price: conditional.
    const Interval copies = setups_for_traffic(c.capacity_requests_per_day, rpd);
    if (c.has_gpu_price) append(row.reason, setups_clause(copies, c.self_hosted_per_month_usd, rpd));
    const bool cheaper = c.has_gpu_price && c.api_per_month_usd.hi <= c.self_hosted_per_month_usd.lo * copies.lo;
    row.verdict = cheaper ? Verdict::yes : Verdict::conditional;
    row.fails_when = with_api_caveats(break_even_clause(c, rpd, renting_cards_word()));
    return row;
}

// ---------------------------------------------------------------------------------------------------
// [SECTION] seed scenario rows: personal, offline_batch, cloud_api, online_service
// ---------------------------------------------------------------------------------------------------

// The user's hardware, or the CPU platform's setup when the user picked a CPU. An Apple machine whose remedy is a
// raised GPU wiring cap is judged with the cap raised (the headline and the GPU row name the sysctl; a row saying
// "not even one sequence fits" beside them would contradict them); `raised_mib` then says to what.
Setup own_setup(const Context& ctx, const Assessment& a, std::optional<long long>* raised_mib = nullptr) {
    Setup s = user_setup(ctx, a);
    if (is_accelerator(ctx.hardware)) {
        const auto mib = with_raised_wired_limit(s, ctx, a);
        if (raised_mib) *raised_mib = mib;
        return s;
    }
    if (const auto c = choose_cpu_platform(ctx)) s.ctx = c->ctx, s.ctx.count = std::max(1, a.count);
    return s;
}

// One user on cards that hold the model only split: runs at best within the targets (conditional: it needs the
// flag and the host RAM, as the headline's remedy does), or not; it breaks at the context the split stops meeting.
DecisionRow personal_split_row(const Setup& s, const OffloadResult& split) {
    DecisionRow row;
    row.option = DecisionOption::personal;
    const Scenario& sc = s.ctx.scenario;
    const PerformanceResult perf = offload_performance(split);
    const Misses slow = target_misses(perf, sc, DailyVolume{}, 1, false);
    const Misses fast = target_misses(perf, sc, DailyVolume{}, 1, true);
    row.verdict = fast.any() ? Verdict::no : Verdict::conditional;
    row.reason = personal_split_reason(s.label, sc.context_tokens, split,
                                       fast.any() ? describe_misses(fast, sc.targets, s.ctx.hardware) : Text{});
    ServingCheck one;
    one.pessimistic = slow;
    const SearchLimit lim = max_context_with_expert_offload(s.ctx, s.ctx.count, s.layout.tp, 1);
    row.fails_when = personal_fails_when(lim, one, sc.targets, s.ctx.hardware);
    append(row.fails_when, split_named());
    return row;
}

DecisionRow personal_row(const Context& ctx, const Assessment& a) {
    DecisionRow row;
    row.option = DecisionOption::personal;
    std::optional<long long> raised_mib;
    Setup s = own_setup(ctx, a, &raised_mib);
    if (auto no = cannot_run_row(DecisionOption::personal, ctx, s, a)) return *no;
    s.ctx.daily_volume = {};  // one person trying the model, not the day's traffic
    const Scenario& sc = s.ctx.scenario;
    const ServingCheck one = check_at(s, 1, sc.context_tokens);
    // Not one sequence on the cards, but a MoE model runs split with llama.cpp's --n-cpu-moe: the one user's split.
    if (one.optimistic.memory && is_accelerator(s.ctx.hardware))
        if (const auto split = expert_split(s, 1)) return personal_split_row(s, *split);
    row.verdict = verdict_of(one);
    row.reason = personal_reason(s.label, sc.context_tokens, one, sc.targets, s.ctx.hardware);
    Setup searched = s;
    const auto most = with_most_wired_limit(searched, ctx, raised_mib);
    const SearchLimit lim = max_context_meeting_targets(searched.ctx, searched.ctx.hardware, s.layout, s.replicas, 1);
    row.fails_when = personal_fails_when(lim, one, sc.targets, searched.ctx.hardware);
    if (most) append(row.fails_when, wired_limit_search_clause(*most));
    note_raised_wired_limit(row, raised_mib);
    return row;
}

// The day's requests on cards that hold the model only split, at the scenario's users (each a slot, as llama.cpp's
// --parallel runs them): a closed loop, each request taking TTFT + output ÷ per-user speed. Conditional at best.
DecisionRow offline_split_row(const Setup& s, const OffloadResult& split) {
    DecisionRow row;
    row.option = DecisionOption::offline_batch;
    const Scenario& sc = s.ctx.scenario;
    const PerformanceResult p = offload_performance(split);
    const int64_t batch = std::max<int64_t>(1, sc.concurrency);
    const double out = static_cast<double>(sc.output_tokens), n = static_cast<double>(batch);
    const Interval per_day = Interval::of(n / (p.ttft_s.hi + out / p.decode_tps_per_seq.lo) * units::kSecondsPerDay,
                                          n / (p.ttft_s.lo + out / p.decode_tps_per_seq.hi) * units::kSecondsPerDay);
    if (!per_day.finite() || !(p.decode_tps_per_seq.lo > 0)) {
        row.reason = offline_speed_unknown_reason();
        row.fails_when = cannot_be_judged();
        return row;
    }
    const double rpd = sc.requests_per_day;
    row.verdict = per_day.hi >= rpd ? Verdict::conditional : Verdict::no;
    row.reason = offline_split_reason(s.label, batch, p.throughput_tps, per_day, rpd, split);
    row.fails_when = offline_fails_when(per_day);
    return row;
}

// A setup at full load, latency targets aside (`b` with no_latency_target set, `probe` its check at the scenario's
// load): every sequence memory holds (without a known RAM size, the concurrency the user plans for), in a closed loop
// where each request takes its TTFT and its answer (Little's law). nullopt where the speed is unknown.
struct FullLoad {
    int64_t batch_pess = 1, batch_opt = 1;
    Interval throughput_tps;
    Interval requests_per_day;
};
std::optional<FullLoad> full_load(const Setup& b, const ServingCheck& probe) {
    const Scenario& sc = b.ctx.scenario;
    Interval per_replica =
        probe.capacity_known ? probe.max_batch : Interval::exact(static_cast<double>(std::max<int64_t>(1, sc.concurrency)));
    if (probe.capacity_known && b.ctx.engine->paged_kv) {
        // A paged engine holds each request's prompt and answer, not the whole context: memory holds that many more
        // of them (DeepSeek-R1 at a 64k context on 8 H200 ran "a full batch" of 17 where 64 requests of 5k tokens
        // were in flight online, and its day fell below the online estimate's).
        const int64_t request_tokens = std::min<int64_t>(sc.context_tokens, sc.prompt_tokens + sc.output_tokens);
        const Interval typical = memory_batch(b.ctx, b.ctx.hardware, b.layout, b.replicas, request_tokens).per_replica;
        per_replica = {std::max(per_replica.lo, typical.lo), std::max(per_replica.hi, typical.hi)};
    }
    FullLoad f;
    f.batch_pess = std::max<int64_t>(1, static_cast<int64_t>(per_replica.lo) * b.replicas);
    f.batch_opt = std::max<int64_t>(1, static_cast<int64_t>(per_replica.hi) * b.replicas);
    const PerformanceResult pp = check_at(b, f.batch_pess, sc.context_tokens).perf;
    const PerformanceResult po = check_at(b, f.batch_opt, sc.context_tokens).perf;
    const double out = static_cast<double>(sc.output_tokens);
    const double per_day_pess = static_cast<double>(f.batch_pess) / (pp.ttft_s.hi + out / pp.decode_tps_per_seq.lo) * units::kSecondsPerDay;
    const double per_day_opt = static_cast<double>(f.batch_opt) / (po.ttft_s.lo + out / po.decode_tps_per_seq.hi) * units::kSecondsPerDay;
    if (!std::isfinite(per_day_pess) || !std::isfinite(per_day_opt) || pp.decode_tps_per_seq.lo <= 0) return std::nullopt;
    f.requests_per_day = Interval::of(per_day_pess, per_day_opt);
    f.throughput_tps = {pp.throughput_tps.lo, std::max(pp.throughput_tps.lo, po.throughput_tps.hi)};
    return f;
}

DecisionRow offline_batch_row(const Context& ctx, const Assessment& a) {
    DecisionRow row;
    row.option = DecisionOption::offline_batch;
    std::optional<long long> raised_mib;
    const Setup s = own_setup(ctx, a, &raised_mib);
    if (auto no = cannot_run_row(DecisionOption::offline_batch, ctx, s, a)) return *no;
    const Scenario& sc = s.ctx.scenario;
    // Latency targets do not apply: fill every sequence memory holds and count finished requests.
    Setup b = s;
    b.ctx.scenario.targets.no_latency_target = true;
    const ServingCheck probe = check_at(b, sc.concurrency, sc.context_tokens);
    // Not one sequence on the cards, but a MoE model runs split with llama.cpp's --n-cpu-moe: the scenario's batch split.
    if (probe.optimistic.memory && is_accelerator(s.ctx.hardware))
        if (const auto split = expert_split(b, std::max<int64_t>(1, sc.concurrency))) return offline_split_row(b, *split);
    if (probe.optimistic.memory) {
        row.reason = offline_no_sequence_reason(s.label);
        row.fails_when = fails_at_any_traffic();
        return row;
    }
    const std::optional<FullLoad> full = full_load(b, probe);
    if (!full) {
        row.reason = offline_speed_unknown_reason();
        row.fails_when = cannot_be_judged();
        return row;
    }
    const int64_t full_pess = full->batch_pess, full_opt = full->batch_opt;
    const Interval per_day = full->requests_per_day, throughput = full->throughput_tps;
    const double rpd = sc.requests_per_day;
    row.verdict = per_day.lo >= rpd ? Verdict::yes : per_day.hi >= rpd ? Verdict::conditional : Verdict::no;
    row.reason = offline_reason(s.label, full_pess, full_opt, throughput, per_day, rpd);
    // The typical case holds no full sequence (only the careful end holds one): a batch of one is not a given.
    if (probe.pessimistic.memory) {
        if (row.verdict == Verdict::yes) row.verdict = Verdict::conditional;
        const Text careful = offline_careful_end_clause();
        row.reason.zh += careful.zh, row.reason.en += careful.en;
    }
    row.fails_when = offline_fails_when(per_day);
    note_raised_wired_limit(row, raised_mib);
    return row;
}

}  // namespace

Interval full_load_requests_per_day(const Context& ctx, const Assessment& a, const PlanRow* row) {
    std::optional<Setup> s = row ? setup_of_row(ctx, *row) : std::optional<Setup>(own_setup(ctx, a));
    if (!s) return {0, 0};
    s->ctx.scenario.targets.no_latency_target = true;
    const ServingCheck probe = check_at(*s, s->ctx.scenario.concurrency, s->ctx.scenario.context_tokens);
    if (probe.optimistic.memory) return {0, 0};
    const std::optional<FullLoad> full = full_load(*s, probe);
    return full ? full->requests_per_day : Interval{0, 0};
}

namespace {

DecisionRow cloud_api_row(const Context& ctx, const Assessment& a, const CostResult& c) {
    DecisionRow row;
    row.option = DecisionOption::cloud_api;
    const double rpd = ctx.scenario.requests_per_day;
    if (!c.has_api_price) {
        row.verdict = Verdict::conditional;
        row.reason = no_api_price_reason();
        row.fails_when = residency_caveat(true);
        return row;
    }
    // Compared with renting the planner's cheapest cards that meet the targets.
    const PlanRow* rent = nullptr;
    for (const PlanRow& r : a.plan)
        if (r.meets_targets && r.has_price && r.currency == "USD") { rent = &r; break; }
    row.reason = cloud_api_reason(c, rpd);
    if (!rent) {
        row.verdict = Verdict::conditional;
        append(row.reason, no_priced_rental_clause());
        row.fails_when = cloud_caveats_in_house();
        return row;
    }
    append(row.reason, rental_clause(*rent));
    // At today's traffic, as many copies of the rented setup as the day's requests need.
    const Interval capacity = full_load_requests_per_day(ctx, a, rent);
    const Interval copies = setups_for_traffic(capacity, rpd);
    append(row.reason, setups_clause(copies, rent->cost_per_month, rpd));
    const Interval api = c.api_per_month_usd;
    const Interval rented{rent->cost_per_month.lo * copies.lo, rent->cost_per_month.hi * copies.hi};
    row.verdict = api.hi <= rented.lo ? Verdict::yes : api.lo > rented.hi ? Verdict::no : Verdict::conditional;
    // Break-even against the rental: rent_month = r × 30 × cost per request.
    CostResult vs = c;
    vs.has_gpu_price = true;
    vs.break_even_requests_per_day = {INFINITY, INFINITY};
    if (const auto choice = compared_api(*ctx.catalog, ctx.model, ctx.scenario.pricing)) {
        const Interval per_request = api_cost_per_request_usd(*ctx.catalog, *choice, ctx.scenario.prompt_tokens,
                                                              ctx.scenario.output_tokens);
        vs.capacity_requests_per_day = capacity;
        vs.break_even_requests_per_day =
            break_even_requests_per_day(rent->cost_per_month, per_request, vs.capacity_requests_per_day);
    }
    row.fails_when = with_api_caveats(break_even_clause(vs, rpd, renting_cards_word()));
    return row;
}

DecisionRow online_service_row(const Context& ctx, const Assessment& a) {
    DecisionRow row;
    row.option = DecisionOption::online_service;
    const Scenario& sc = ctx.scenario;
    const Text goal = online_goal(sc);
    const PlanRow* pick = nullptr;
    const auto setup = planner_setup(ctx, a, &pick);
    if (!setup || !pick || !pick->meets_targets) {
        row.verdict = Verdict::no;
        row.reason = online_none_meets_reason(goal);
        row.fails_when = online_none_fails_when(pick);
        return row;
    }
    const Setup& s = *setup;
    const ServingCheck at = check_at(s, sc.concurrency, sc.context_tokens);
    row.verdict = verdict_of(at);
    row.reason = online_reason(goal, s.label, *pick, s.replicas, at, sc.concurrency);
    if (auto day = no_latency_fails_when(s)) {
        row.fails_when = *day;
        return row;
    }
    const SearchLimit lim = max_concurrency_meeting_targets(s.ctx, s.ctx.hardware, s.layout, s.replicas, sc.context_tokens);
    const ServingCheck one = check_at(s, 1, sc.context_tokens);
    row.fails_when = concurrency_sentence({"该配置", "This setup"}, lim, sc.context_tokens, s.replicas, sc.targets,
                                          s.ctx.hardware, one);
    if (lim.pessimistic > 0 && !lim.pessimistic_capped) append(row.fails_when, add_replicas_clause());
    return row;
}

}  // namespace

std::vector<DecisionRow> decide_paths(const Context& ctx, const Assessment& a, const CostResult& cost) {
    return {cpu_row(ctx, a), gpu_row(ctx, a), api_row(ctx, cost)};
}

std::vector<DecisionRow> decide_seed_scenarios(const Context& ctx, const Assessment& a, const CostResult& cost) {
    return {personal_row(ctx, a), offline_batch_row(ctx, a), cloud_api_row(ctx, a, cost), online_service_row(ctx, a)};
}

// ---------------------------------------------------------------------------------------------------
// [SECTION] verdict sentence
// ---------------------------------------------------------------------------------------------------

const PlanRow* own_cards_meet_in_another_layout(const Context& ctx, const Assessment& a) {
    if (ctx.count_from_planner || a.status == ServingStatus::meets) return nullptr;
    for (const PlanRow& row : a.plan)
        // The row meets at its slow end with cards.hi: only then do the user's cards meet as the row lays them out.
        if (row.hardware == ctx.hardware->id && row.meets_targets && row.cards.hi <= ctx.count &&
            (row.tp != a.performance.tp || (row.layer_split && row.replicas.hi > 1)))
            return &row;
    return nullptr;
}

Text verdict_sentence(const Context& ctx, const Assessment& a) {
    const Setup s = user_setup(ctx, a);
    const Text label = a.planned ? planned_label(ctx.hardware, *a.planned) : s.label;
    const Scenario& sc = ctx.scenario;
    const MemoryResult& m = a.memory;
    const PerformanceResult& p = a.performance;
    const Targets& t = sc.targets;
    const bool worst_case_overflows = m.capacity_known && !a.fit.fits;
    const Text mem = worst_case_overflows ? typical_memory_clause(m, p, sc.context_tokens) : memory_clause(ctx.hardware, m, s.layout.cards());
    const Text speed = speed_clause(p, sc.concurrency);

    if (a.cannot_run) return verdict_cannot_run(label, *a.cannot_run, planner_suggestion(a.plan));
    if (auto mib = raised_wired_limit_mib(ctx, m, a.count)) {
        // Even with the cap raised the targets may be missed at the fast end: the judge says no, and so does this.
        const bool still_misses = a.remedy != FitRemedy::raise_wired_limit;
        const Text why = still_misses ? describe_misses(target_misses(p, sc, ctx.daily_volume, sc.concurrency, true), t, ctx.hardware) : Text{};
        return verdict_needs_wired_limit(label, ctx.hardware, m, speed, *mib, still_misses ? &why : nullptr);
    }
    switch (a.status) {
        case ServingStatus::does_not_fit: {
            const Text sug = planner_suggestion(a.plan);
            const Text need = memory_need(ctx, m);
            if (a.remedy == FitRemedy::expert_offload && a.offload)
                return verdict_runs_with_offload(label, need, *a.offload, sug);
            if (a.remedy == FitRemedy::careful_end)
                return verdict_borderline_memory(label, ctx.hardware, sc.context_tokens, a.fit.max_concurrency, speed, sug,
                                                 ctx.engine->paged_kv ? 0 : sc.concurrency);
            return verdict_not_enough(label, need, sug);
        }
        case ServingStatus::meets: {
            Text out = verdict_enough(label, mem, speed, a.cards_needed);
            if (t.no_latency_target) {
                const Text clause = no_latency_target_clause(ctx.hardware, sc.requests_per_day);
                out.zh += clause.zh;
                out.en += clause.en;
            }
            return out;
        }
        case ServingStatus::misses_targets: break;
    }
    // The same cards laid out as the planner's row for them meet the targets: said before anything else is suggested.
    const PlanRow* other = own_cards_meet_in_another_layout(ctx, a);
    const Text other_layout = other ? meets_in_another_layout_clause(*other) : Text{};
    // Without latency targets the one target is the day's volume: the typical case's shortfall is named.
    if (a.targets_met.optimistic) {
        Text out = verdict_borderline_targets(
            label, mem, speed,
            t.no_latency_target ? describe_misses(target_misses(p, sc, ctx.daily_volume, sc.concurrency, false), t, ctx.hardware) : Text{});
        out.zh += other_layout.zh, out.en += other_layout.en;
        return out;
    }
    const Text why = describe_misses(target_misses(p, sc, ctx.daily_volume, sc.concurrency, false), t, ctx.hardware);
    return verdict_misses_targets(label, speed, why, other ? other_layout : planner_suggestion(a.plan),
                                  m.capacity_known ? nullptr : &mem);
}

}  // namespace infersizer
