// sizing.hpp — how many users one replica serves within the targets (its searches: search.hpp).
//
// A replica is judged at one end of the efficiency ranges against the scenario's targets the way the core
// judges every setup (docs/estimation.md §6): the 90th-percentile time to first token within the TTFT target,
// and the median time per output token within 1 / the tokens per second each user should see. Searches over
// the number of users screen with the steady-state estimate (microseconds) and settle the answer with the
// serving simulation around it, so a reported limit is one the simulation confirms.
#pragma once

#include "context.hpp"
#include "memory.hpp"
#include "search.hpp"
#include "serving_sim.hpp"
#include "step_model.hpp"

#include <algorithm>
#include <cstdint>
#include <map>
#include <utility>

namespace infersizer {

// The targets against one steady state. With no latency target (offline batch) both hold.
bool ttft_within(const SimOutcome& o, const Targets& t);
bool tps_within(const SimOutcome& o, const Scenario& s);  // per_user_speed_judged: else true
// Without latency targets, a replica serving `users` of the scenario's peak in flight finishes its share of the
// day's requests (context.hpp DailyVolume); always true when the day's volume does not apply.
bool volume_within(const SimOutcome& o, const DailyVolume& v, int64_t users);

// One replica at `users` clients, at one end.
struct ReplicaPoint {
    int64_t users = 0;
    SimOutcome outcome;
    bool simulated = false;  // false: the steady-state estimate
    bool ttft_ok = false;
    bool tps_ok = false;
    bool volume_ok = false;
    bool meets() const { return ttft_ok && tps_ok && volume_ok; }
};

class ReplicaSizer {
public:
    // `ctx` is the scenario on the replica's hardware; `tp` its cards (a TP group, or a layer split); `kv` what
    // its memory holds. The sizer keeps references: both must outlive it.
    ReplicaSizer(const Context& ctx, int tp, const ReplicaKv& kv);

    ReplicaPoint screen(int64_t users, End end) const;
    const ReplicaPoint& simulate(int64_t users, End end);

    // Largest users per replica in [1, cap] meeting the targets at `end`; 0 when one user misses. With
    // `confirm`, the screened answer is settled by the simulation (a few runs around it).
    int64_t max_users(End end, int64_t cap, bool confirm);

    // Fewest replicas of this kind that serve `concurrency` users (⌈concurrency / replicas⌉ each) within the
    // targets at `end`; 0 when even one user per replica misses. Only the user counts that change the answer
    // are tried, so a confirmed answer usually costs two simulations.
    int64_t min_replicas(End end, int64_t concurrency, bool confirm);

    const StepModel& model() const { return model_; }
    const ReplicaKv& kv() const { return kv_; }

private:
    Workload workload(int64_t users) const;
    SchedulerConfig scheduler(int64_t users, End end) const;
    ReplicaPoint judge(int64_t users, const SimOutcome& o, bool simulated) const;

    const Context& ctx_;
    StepModel model_;
    ReplicaKv kv_;
    // scheduler_base() at each end: searches set only the sequence cap per user count.
    SchedulerConfig base_[2];
    std::map<std::pair<int64_t, int>, ReplicaPoint> simulated_;
};

}  // namespace infersizer
