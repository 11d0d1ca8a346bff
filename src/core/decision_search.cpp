// decision_search.cpp — the largest concurrency and the longest context that still meet the targets.
#include "decision_search.hpp"

#include "memory.hpp"
#include "offload.hpp"
#include "search.hpp"
#include "sizing.hpp"

#include <algorithm>
#include <map>
#include <memory>

namespace infersizer {

namespace {

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
    Context c = context_on(ctx, hw, layout.tp, 1, context_tokens);
    // The day's volume is not a limit on the requests in flight (more of them only finish more a day): without
    // latency targets the rows say where the day stops finishing instead (decision.cpp no_latency_fails_when).
    c.daily_volume = {};
    ReplicaSizer sizer(c, layout.tp, memory.kv);
    const int64_t cap = std::max<int64_t>(1, limits::kConcurrencyMax / replicas);
    SearchLimit s;
    s.upper = std::min<int64_t>(limits::kConcurrencyMax, cap * replicas);
    int64_t slow = memory.per_replica.lo >= 1 ? sizer.max_users(End::slow, cap, true) : 0;
    int64_t fast = memory.per_replica.hi >= 1 ? std::max(slow, sizer.max_users(End::fast, cap, true)) : slow;
    // Slot engines serve no more users than memory holds whole-context slots (check_serving, plan.cpp size).
    if (!ctx.engine->paged_kv && memory.capacity_known) {
        slow = std::min<int64_t>(slow, static_cast<int64_t>(memory.per_replica.lo));
        fast = std::max(slow, std::min<int64_t>(fast, static_cast<int64_t>(memory.per_replica.hi)));
    }
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
        // The large-memory end must hold one whole sequence; the careful end asks only what its own memory holds.
        if (end == End::slow && !e.memory.one_sequence_fits) return false;
        // Slot engines hold a whole-context slot for each of the replica's users (check_serving).
        const double need = e.memory.capacity_known && !ctx.engine->paged_kv ? static_cast<double>(users) : 1.0;
        const bool memory_ok = end == End::slow ? e.memory.per_replica.lo >= need : e.memory.per_replica.hi >= need;
        if (!memory_ok) return false;
        return simulate ? e.sizer->simulate(users, end).meets() : e.sizer->screen(users, end).meets();
    };
    return run_search(
        a, b, meets,
        [&](int64_t k) { return check_serving(ctx, hw, layout, replicas, concurrency, k * kContextStepTokens); },
        [](int64_t k) { return k * kContextStepTokens; });
}

namespace {

// One value of an expert-offload search: `users` in flight with sequences of `context_tokens`, at one end.
Misses split_misses(const Context& ctx, int cards, int tp, int64_t users, int64_t context_tokens, End end) {
    Context c = ctx;
    c.scenario.concurrency = users;
    c.scenario.context_tokens = context_tokens;
    const auto split = estimate_offload(c, cards, tp);
    if (!split) return {};  // the cards hold it as it is
    if (!split->applicable) {
        Misses m;
        m.split_overflows = true;
        return m;
    }
    // A personal or peak-load limit, not the day's volume (as max_concurrency_meeting_targets).
    return target_misses(offload_performance(*split), c.scenario, DailyVolume{}, users, end == End::fast);
}

// Both ends by doubling and bisection over [a, b]; `users` and `context` map a searched value to the point.
template <class Point>
SearchLimit split_search(int64_t a, int64_t b, int64_t step, Point point) {
    SearchLimit s;
    s.upper = std::max(a, b) * step;
    if (a > b) return s;
    auto holds = [&](End end) { return [&, end](int64_t k) { return !point(k, end).any(); }; };
    const int64_t kp = largest_true(a, b, holds(End::slow));
    const int64_t ko = std::max(kp, largest_true(std::max(a, kp), b, holds(End::fast)));
    s.pessimistic = kp >= a ? kp * step : 0;
    s.optimistic = ko >= a ? ko * step : 0;
    s.pessimistic_capped = kp == b;
    s.optimistic_capped = ko == b;
    const int64_t beyond = kp >= a ? kp + 1 : a;
    if (beyond <= b) s.beyond = point(beyond, End::slow);
    return s;
}

}  // namespace

SearchLimit max_concurrency_with_expert_offload(const Context& ctx, int cards, int tp, int64_t context_tokens) {
    return split_search(limits::kConcurrencyMin, limits::kConcurrencyMax, 1, [&](int64_t n, End end) {
        return split_misses(ctx, cards, tp, n, context_tokens, end);
    });
}

SearchLimit max_context_with_expert_offload(const Context& ctx, int cards, int tp, int64_t concurrency) {
    const Scenario& s = ctx.scenario;
    const int64_t shortest = std::max(limits::kContextMin, s.prompt_tokens + s.output_tokens);
    const int64_t longest = std::max(ctx.model.max_context > 0 ? ctx.model.max_context : limits::kContextMax,
                                     s.context_tokens);
    const int64_t users = std::max<int64_t>(1, concurrency);
    return split_search((shortest + kContextStepTokens - 1) / kContextStepTokens, longest / kContextStepTokens,
                        kContextStepTokens, [&](int64_t k, End end) {
                            return split_misses(ctx, cards, tp, users, k * kContextStepTokens, end);
                        });
}

}  // namespace infersizer
