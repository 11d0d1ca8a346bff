// sizing.cpp — users per replica within the targets (sizing.hpp).
#include "sizing.hpp"

#include "speed.hpp"

#include <algorithm>
#include <cmath>

namespace infersizer {

bool ttft_within(const SimOutcome& o, const Targets& t) {
    return std::isfinite(o.ttft_p90_s) && o.ttft_p90_s <= t.ttft_s;
}

bool tps_within(const SimOutcome& o, const Targets& t) {
    return std::isfinite(o.tpot_p50_s) && o.tpot_p50_s > 0 && 1.0 / o.tpot_p50_s >= t.tps_per_user;
}

ReplicaSizer::ReplicaSizer(const Context& ctx, int tp, const ReplicaKv& kv) : ctx_(ctx), model_(ctx, tp), kv_(kv) {}

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
    p.tps_ok = !o.kv_too_small && tps_within(o, ctx_.scenario.targets);
    return p;
}

ReplicaPoint ReplicaSizer::screen(int64_t users, End end) const {
    const Workload w = workload(users);
    return judge(users, steady_state_estimate(StepModelCost(model_, end), scheduler_for(ctx_, w.clients, kv_, end), w),
                 false);
}

const ReplicaPoint& ReplicaSizer::simulate(int64_t users, End end) {
    const auto key = std::make_pair(users, end == End::fast ? 0 : 1);
    auto it = simulated_.find(key);
    if (it == simulated_.end()) {
        const Workload w = workload(users);
        const SimOutcome o = simulate_serving(StepModelCost(model_, end), scheduler_for(ctx_, w.clients, kv_, end), w);
        it = simulated_.emplace(key, judge(users, o, true)).first;
    }
    return it->second;
}

int64_t ReplicaSizer::max_users(End end, int64_t cap, bool confirm) {
    cap = std::max<int64_t>(1, cap);
    auto screened = [&](int64_t u) { return screen(u, end).meets(); };
    if (!confirm) return std::max<int64_t>(0, largest_true(1, cap, screened));
    return std::max<int64_t>(0, largest_true_confirmed(1, cap, screened, [&](int64_t u) { return simulate(u, end).meets(); }));
}

}  // namespace infersizer
