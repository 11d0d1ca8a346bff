// speed.cpp — speed at the scenario's concurrency (docs/estimation.md §5, docs/serving.md).
//
// The serving simulation runs twice, once at the fast end of every efficiency range with the large end of
// what memory holds, once at the slow ends with the small one; the two runs are the interval. Nothing here
// returns NaN or a negative: the simulation's figures are finite, and the fallbacks below say why they are
// taken.
#include "speed.hpp"

#include "kv.hpp"
#include "step_model.hpp"
#include "units.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace infersizer {

namespace {

using units::kGiB;

// Tokens one step may carry: the engine's n_batch where it differs from its forward size (llama.cpp), else the
// prefill budget with the engine's GPU-size rule (memory.hpp).
int64_t step_tokens(const Context& ctx) {
    return ctx.engine.scheduler.step_tokens > 0 ? ctx.engine.scheduler.step_tokens : batched_tokens_budget(ctx);
}

Interval rate_of(double fast_s, double slow_s, double amount) {
    return Interval::of(amount / std::max(slow_s, 1e-12), amount / std::max(fast_s, 1e-12));
}

}  // namespace

Interval decode_step_s(const Context& ctx, int tp, int64_t batch, int64_t context_tokens) {
    const StepModel model(ctx, tp);
    StepMix mix;
    mix.decode_seqs = static_cast<double>(std::max<int64_t>(1, batch));
    mix.decode_positions = mix.decode_seqs * static_cast<double>(std::max<int64_t>(0, context_tokens));
    return Interval::of(model.step_s(mix, End::fast), model.step_s(mix, End::slow));
}

Interval prefill_s(const Context& ctx, int tp, int64_t prompt_tokens) {
    const StepModel model(ctx, tp);
    const int64_t chunk = step_tokens(ctx);
    return Interval::of(model.prefill_alone_s(prompt_tokens, chunk, End::fast),
                        model.prefill_alone_s(prompt_tokens, chunk, End::slow));
}

SchedulerConfig scheduler_base(const Context& ctx, const ReplicaKv& kv, End end) {
    SchedulerConfig sc;
    const Engine& e = ctx.engine;
    // The launch command (deploy.cpp) raises a continuously batching engine's cap to the users per replica
    // (--max-num-seqs, --parallel, OLLAMA_NUM_PARALLEL), so its default binds only above that; Transformers'
    // one-at-a-time generate() always binds.
    sc.default_max_seqs = max_running_seqs(ctx);
    sc.raise_to_users = e.continuous_batching;
    sc.step_tokens = step_tokens(ctx);
    sc.chunked_prefill = e.scheduler.chunked_prefill;
    sc.mixed_steps = e.scheduler.mixed_steps;
    sc.paged_kv = e.paged_kv;
    sc.reserve_full_sequence = e.scheduler.reserve_full_sequence;
    sc.kv_block_tokens = std::max<int64_t>(1, e.kv_block_tokens);
    if (kv.limits_batch) {
        const bool fast = end == End::fast;
        const double sequences = fast ? kv.full_sequences.hi : kv.full_sequences.lo;
        if (sequences < 1) {
            // Memory does not hold one full-context sequence at this end: the speed of one sequence, unbounded
            // (the fit and the plan report the memory miss; estimate_speed warns).
            sc.slot_limit = 1;
        } else if (e.paged_kv) {
            sc.kv_capacity_tokens = static_cast<int64_t>(std::max(1.0, fast ? kv.pool_tokens.hi : kv.pool_tokens.lo));
        } else {
            // Slot engines reserve a whole context per slot: the slots are what memory holds.
            sc.slot_limit = static_cast<int64_t>(sequences);
        }
    }
    return with_users(sc, 1);
}

SchedulerConfig with_users(SchedulerConfig sc, int64_t users) {
    sc.max_seqs = sc.raise_to_users ? std::max(users, sc.default_max_seqs) : sc.default_max_seqs;
    if (sc.slot_limit > 0) sc.max_seqs = std::min(sc.max_seqs, sc.slot_limit);
    sc.max_seqs = std::max<int64_t>(1, sc.max_seqs);
    return sc;
}

SimOutcome simulate_memo(const Context& ctx, const StepModel& model, End end, const SchedulerConfig& sc, const Workload& w) {
    // The memo key: the model's fingerprint, then the scheduler's and the workload's fields as bytes.
    std::string key = model.fingerprint();
    auto add = [&key](auto v) { key.append(reinterpret_cast<const char*>(&v), sizeof v); };
    add(end == End::fast ? 0 : 1);
    for (int64_t v : {sc.max_seqs, sc.step_tokens, sc.kv_capacity_tokens, sc.kv_block_tokens, sc.decode_block_steps,
                      w.clients, w.prompt_tokens, w.output_tokens, w.total_requests, static_cast<int64_t>(w.spread)})
        add(v);
    for (bool v : {sc.chunked_prefill, sc.mixed_steps, sc.paged_kv, sc.reserve_full_sequence}) add(v);
    add(w.arrival_rate_per_s);
    if (!ctx.facts_slot) ctx.facts_slot = std::make_shared<Context::FactsSlot>();
    auto& memo = ctx.facts_slot->simulations;
    auto it = memo.find(key);
    if (it != memo.end()) return *std::static_pointer_cast<const SimOutcome>(it->second);
    auto outcome = std::make_shared<const SimOutcome>(simulate_serving(StepModelCost(model, end), sc, w));
    memo.emplace(key, outcome);
    return *outcome;
}

PerformanceResult estimate_speed(const Context& ctx, int cards, int tp, const ReplicaKv& kv, bool burst) {
    PerformanceResult res;
    const Scenario& s = ctx.scenario;
    cards = std::max(1, cards);
    tp = std::clamp(tp, 1, cards);
    const int replicas = std::max(1, cards / tp);
    res.tp = tp;
    res.replicas = replicas;

    const StepModel model(ctx, tp, &res.warnings);
    const int64_t concurrency = std::max<int64_t>(1, s.concurrency);
    const int64_t users = (concurrency + replicas - 1) / replicas;
    if (kv.limits_batch && kv.full_sequences.hi < 1)
        res.warnings.push_back({"内存连一个完整上下文的序列都放不下：速度按单序列假设计算。",
                                "Memory does not hold even one full-context sequence: speeds assume one sequence."});

    Workload w;
    w.clients = users;
    w.prompt_tokens = std::max<int64_t>(1, s.prompt_tokens);
    w.output_tokens = std::max<int64_t>(1, s.output_tokens);
    w.spread = s.lengths;
    const SchedulerConfig fast_sc = scheduler_for(ctx, users, kv, End::fast);
    const SchedulerConfig slow_sc = scheduler_for(ctx, users, kv, End::slow);
    const SimOutcome fast = simulate_memo(ctx, model, End::fast, fast_sc, w);
    const SimOutcome slow = simulate_memo(ctx, model, End::slow, slow_sc, w);

    // Requests beyond the last replica's share: the replicas together serve `concurrency`, not users × replicas.
    const double share = static_cast<double>(concurrency) / static_cast<double>(users);
    res.ttft_s = Interval::of(fast.ttft_p50_s, slow.ttft_p50_s);
    res.ttft_p90_s = Interval::of(fast.ttft_p90_s, slow.ttft_p90_s);
    if (burst)
        res.burst_ttft_s = Interval::of(simulate_burst_ttft_s(StepModelCost(model, End::fast), fast_sc, w),
                                        simulate_burst_ttft_s(StepModelCost(model, End::slow), slow_sc, w));
    res.decode_tps_per_seq = rate_of(fast.tpot_p50_s, slow.tpot_p50_s, 1.0);
    res.throughput_tps = Interval::of(fast.throughput_tps * share, slow.throughput_tps * share);
    res.requests_in_flight = Interval::of(fast.mean_running * share, slow.mean_running * share);
    res.queue_wait_s = Interval::of(fast.queue_wait_s, slow.queue_wait_s);
    res.running_batch = std::min(users, slow_sc.max_seqs);

    // KV held: paged engines' tokens in use; slot engines fill their slots as the sequences grow.
    const int64_t typical = std::max<int64_t>(1, std::min(s.context_tokens, w.prompt_tokens + w.output_tokens));
    const double kv_token_bytes = kv_bytes_per_sequence(ctx.model, ctx.kv.bytes_per_element, typical, 1) *
                                  kv_replication(ctx, tp) / static_cast<double>(typical);
    auto kv_gib = [&](const SimOutcome& o) {
        const double tokens = ctx.engine.paged_kv ? o.kv_tokens_mean
                                                  : o.mean_running * (static_cast<double>(w.prompt_tokens) +
                                                                      static_cast<double>(w.output_tokens) / 2.0);
        return tokens * kv_token_bytes * share / kGiB;
    };
    res.kv_in_use_gib = Interval::of(kv_gib(fast), kv_gib(slow));

    // One user alone, and the decode step at the mean running batch (what bounds it).
    const double mid = static_cast<double>(w.prompt_tokens) + static_cast<double>(w.output_tokens) / 2.0;
    StepMix one;
    one.decode_seqs = 1;
    one.decode_positions = mid;
    res.single_stream_tps = rate_of(model.step_s(one, End::fast), model.step_s(one, End::slow), 1.0);
    StepMix batch;
    batch.decode_seqs = std::max(1.0, std::round(slow.mean_running));
    batch.decode_positions = batch.decode_seqs * mid;
    const StepParts slow_parts = model.parts(batch, End::slow);
    res.decode_step_s = Interval::of(model.step_s(batch, End::fast), slow_parts.total_s);
    res.bound = slow_parts.compute_bound() ? DecodeBound::compute : DecodeBound::memory;

    const int64_t chunk = slow_sc.step_tokens;
    const double P = static_cast<double>(w.prompt_tokens);
    res.prefill_tps = rate_of(model.prefill_alone_s(w.prompt_tokens, chunk, End::fast),
                              model.prefill_alone_s(w.prompt_tokens, chunk, End::slow), P);

    return res;
}

Interval saturated_throughput_tps(const Context& ctx, int tp, int64_t clients, int64_t prompt_tokens,
                                  int64_t output_tokens) {
    const StepModel model(ctx, tp);
    Workload w;
    w.clients = std::max<int64_t>(1, clients);
    w.prompt_tokens = std::max<int64_t>(1, prompt_tokens);
    w.output_tokens = std::max<int64_t>(1, output_tokens);
    ReplicaKv unlimited;
    unlimited.limits_batch = false;
    const SchedulerConfig sc = scheduler_for(ctx, w.clients, unlimited, End::fast);
    const SimOutcome fast = simulate_serving(StepModelCost(model, End::fast), sc, w);
    const SimOutcome slow = simulate_serving(StepModelCost(model, End::slow), sc, w);
    return Interval::of(fast.throughput_tps, slow.throughput_tps);
}

}  // namespace infersizer
