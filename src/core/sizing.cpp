// sizing.cpp — users per replica within the targets (sizing.hpp).
#include "sizing.hpp"

#include "memory.hpp"
#include "speed.hpp"

#include <algorithm>
#include <cmath>

namespace infersizer {

bool ttft_within(const SimOutcome& o, const Targets& t) {
    if (t.no_latency_target) return true;
    return std::isfinite(o.ttft_p90_s) && o.ttft_p90_s <= t.ttft_s;
}

bool tps_within(const SimOutcome& o, const Scenario& s) {
    if (!per_user_speed_judged(s)) return true;
    return std::isfinite(o.tpot_p50_s) && o.tpot_p50_s > 0 && 1.0 / o.tpot_p50_s >= s.targets.tps_per_user;
}

bool volume_within(const SimOutcome& o, const DailyVolume& v, int64_t users) {
    if (!v.applies()) return true;
    return std::isfinite(o.throughput_tps) && o.throughput_tps >= v.needed_tps_for(users);
}

ReplicaSizer::ReplicaSizer(const Context& ctx, int tp, const ReplicaKv& kv) : ctx_(ctx), model_(ctx, tp), kv_(kv) {
    base_[0] = scheduler_base(ctx_, kv_, End::fast);
    base_[1] = scheduler_base(ctx_, kv_, End::slow);
}

SchedulerConfig ReplicaSizer::scheduler(int64_t users, End end) const { return with_users(base_[end == End::fast ? 0 : 1], users); }

Workload ReplicaSizer::workload(int64_t users) const {
    const Scenario& s = ctx_.scenario;
    Workload w;
    w.clients = std::max<int64_t>(1, users);
    w.prompt_tokens = std::max<int64_t>(1, s.prompt_tokens);
    w.output_tokens = std::max<int64_t>(1, s.output_tokens);
    w.spread = s.lengths;
    return w;
}

ReplicaPoint ReplicaSizer::judge(int64_t users, const SimOutcome& o, bool simulated) const {
    ReplicaPoint p;
    p.users = users;
    p.outcome = o;
    p.simulated = simulated;
    p.ttft_ok = !o.kv_too_small && ttft_within(o, ctx_.scenario.targets);
    p.tps_ok = !o.kv_too_small && tps_within(o, ctx_.scenario);
    p.volume_ok = !o.kv_too_small && volume_within(o, ctx_.daily_volume, users);
    return p;
}

ReplicaPoint ReplicaSizer::screen(int64_t users, End end) const {
    const Workload w = workload(users);
    return judge(users, steady_state_estimate(StepModelCost(model_, end), scheduler(w.clients, end), w), false);
}

const ReplicaPoint& ReplicaSizer::simulate(int64_t users, End end) {
    const auto key = std::make_pair(users, end == End::fast ? 0 : 1);
    auto it = simulated_.find(key);
    if (it == simulated_.end()) {
        const Workload w = workload(users);
        const SimOutcome o = simulate_memo(ctx_, model_, end, scheduler(w.clients, end), w);
        it = simulated_.emplace(key, judge(users, o, true)).first;
    }
    return it->second;
}

int64_t ReplicaSizer::max_users(End end, int64_t cap, bool confirm) {
    cap = std::max<int64_t>(1, cap);
    auto screened = [&](int64_t u) { return screen(u, end).meets(); };
    const int64_t guess = std::max<int64_t>(0, largest_true(1, cap, screened));
    if (!confirm) return guess;
    // One simulation at the screened answer scales the estimate's TTFT and time per output token to the
    // simulation's; the corrected estimate's answer is usually within a few users of the simulation's.
    const int64_t u0 = std::clamp<int64_t>(guess, 1, cap);
    const ReplicaPoint& sim = simulate(u0, end);
    const ReplicaPoint est = screen(u0, end);
    const double k_ttft = est.outcome.ttft_p90_s > 0 ? sim.outcome.ttft_p90_s / est.outcome.ttft_p90_s : 1.0;
    const double k_tpot = est.outcome.tpot_p50_s > 0 ? sim.outcome.tpot_p50_s / est.outcome.tpot_p50_s : 1.0;
    const double k_throughput =
        est.outcome.throughput_tps > 0 ? sim.outcome.throughput_tps / est.outcome.throughput_tps : 1.0;
    auto corrected = [&](int64_t u) {
        ReplicaPoint p = screen(u, end);
        p.outcome.ttft_p90_s *= k_ttft;
        p.outcome.tpot_p50_s *= k_tpot;
        p.outcome.throughput_tps *= k_throughput;
        return ttft_within(p.outcome, ctx_.scenario.targets) && tps_within(p.outcome, ctx_.scenario) &&
               volume_within(p.outcome, ctx_.daily_volume, u);
    };
    const int64_t start = std::clamp<int64_t>(largest_true(1, cap, corrected), 1, cap);
    return std::max<int64_t>(0, settle_near(start, start / 32, 1, cap, [&](int64_t u) { return simulate(u, end).meets(); }));
}

int64_t ReplicaSizer::min_replicas(End end, int64_t concurrency, bool confirm) {
    const int64_t n = std::max<int64_t>(1, concurrency);
    auto users = [n](int64_t replicas) { return (n + replicas - 1) / replicas; };
    auto meets_with = [&](int64_t replicas, bool simulated) {
        return simulated ? simulate(users(replicas), end).meets() : screen(users(replicas), end).meets();
    };
    // Meeting is monotone in the replicas (more replicas, fewer users each): bisect on them.
    auto fewest = [&](bool simulated, int64_t lo, int64_t hi) -> int64_t {  // fewest in [lo, hi] that meets, or 0
        const int64_t r = smallest_true(lo, hi, [&](int64_t k) { return meets_with(k, simulated); });
        return r > hi ? 0 : r;
    };
    const int64_t screened_r = fewest(false, 1, n);
    if (!confirm) return screened_r;
    // Settle with the simulation from the screened answer: the neighbour that decides it, then (rarely) a
    // doubling walk and a bisection over the replicas in between.
    if (screened_r == 0) return meets_with(n, true) ? fewest(true, 1, n) : 0;
    int64_t r = screened_r;
    if (meets_with(r, true)) {
        if (r == 1 || !meets_with(r - 1, true)) return r;
        int64_t step = 2, good = r - 1;
        while (good > 1) {
            const int64_t next = std::max<int64_t>(1, good - step);
            if (!meets_with(next, true)) return fewest(true, next, good);
            good = next;
            step *= 2;
        }
        return 1;
    }
    int64_t step = 1, bad = r;
    while (bad < n) {
        const int64_t next = std::min(n, bad + step);
        if (meets_with(next, true)) return fewest(true, bad, next);
        bad = next;
        step *= 2;
    }
    return 0;
}

}  // namespace infersizer
