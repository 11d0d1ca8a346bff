// sizing.hpp — how many users one replica serves within the targets, and the core's one search helper.
//
// A replica is judged at one end of the efficiency ranges against the scenario's targets the way the core
// judges every setup (docs/estimation.md §6): the 90th-percentile time to first token within the TTFT target,
// and the median time per output token within 1 / the tokens per second each user should see. Searches over
// the number of users screen with the steady-state estimate (microseconds) and settle the answer with the
// serving simulation around it, so a reported limit is one the simulation confirms.
#pragma once

#include "context.hpp"
#include "memory.hpp"
#include "serving_sim.hpp"
#include "step_model.hpp"

#include <algorithm>
#include <cstdint>
#include <map>
#include <utility>

namespace infersizer {

// Largest k in [a, b] with ok(k), assuming ok holds up to some k and fails beyond; a − 1 when ok(a) fails.
// Doubling from a, then bisecting: about 2·log2(b − a) checks.
template <class Ok>
int64_t largest_true(int64_t a, int64_t b, Ok ok) {
    if (a > b || !ok(a)) return a - 1;
    int64_t good = a, bad = b + 1;
    for (int64_t step = 1;; step *= 2) {
        const int64_t x = a + step;
        if (x >= b) {
            if (ok(b)) return b;
            bad = b;
            break;
        }
        if (!ok(x)) {
            bad = x;
            break;
        }
        good = x;
    }
    while (bad - good > 1) {
        const int64_t mid = good + (bad - good) / 2;
        (ok(mid) ? good : bad) = mid;
    }
    return good;
}

// Settles a monotone predicate near a good guess: from `start`, steps of `first_step` doubling each time towards
// the change, then bisection. Largest k in [a, b] with ok(k); a − 1 when ok(a) fails.
template <class Ok>
int64_t settle_near(int64_t start, int64_t first_step, int64_t a, int64_t b, Ok ok) {
    if (a > b) return a - 1;
    start = std::clamp(start, a, b);
    int64_t step = std::max<int64_t>(1, first_step);
    int64_t good = a - 1, bad = b + 1;
    if (ok(start)) {
        good = start;
        while (good < b) {
            const int64_t next = std::min(b, good + step);
            if (!ok(next)) {
                bad = next;
                break;
            }
            good = next;
            step *= 2;
        }
        if (bad > b) return good;
    } else {
        bad = start;
        while (bad > a) {
            const int64_t next = std::max(a, bad - step);
            if (ok(next)) {
                good = next;
                break;
            }
            bad = next;
            step *= 2;
        }
        if (good < a) return a - 1;
    }
    while (bad - good > 1) {
        const int64_t mid = good + (bad - good) / 2;
        (ok(mid) ? good : bad) = mid;
    }
    return good;
}

// The same search where `screen` is cheap and approximate and `confirm` is the judge: the screened answer is
// settled by up to three steps of an eighth towards the first change of `confirm`, then bisection (doubling up
// to b when `confirm` still holds). a − 1 when `confirm` fails at a.
template <class Screen, class Confirm>
int64_t largest_true_confirmed(int64_t a, int64_t b, Screen screen, Confirm confirm) {
    if (a > b) return a - 1;
    const int64_t start = std::clamp<int64_t>(largest_true(a, b, screen), a, b);
    constexpr int kWalk = 3;
    int64_t good = a - 1, bad = b + 1;
    if (confirm(start)) {
        good = start;
        for (int i = 0; i < kWalk && good < b && bad > b; ++i) {
            const int64_t next = std::min(b, good + std::max<int64_t>(1, (good - a + 1) / 8));
            (confirm(next) ? good : bad) = next;
        }
        if (bad > b) return largest_true(good, b, confirm);
    } else {
        bad = start;
        for (int i = 0; i < kWalk && bad > a && good < a; ++i) {
            const int64_t next = std::max(a, bad - std::max<int64_t>(1, (bad - a + 1) / 8));
            (confirm(next) ? good : bad) = next;
        }
    }
    while (bad - good > 1) {
        const int64_t mid = good + (bad - good) / 2;
        (confirm(mid) ? good : bad) = mid;
    }
    return good;
}

// The targets against one steady state. With no latency target (offline batch) both hold.
bool ttft_within(const SimOutcome& o, const Targets& t);
bool tps_within(const SimOutcome& o, const Targets& t);

// One replica at `users` clients, at one end.
struct ReplicaPoint {
    int64_t users = 0;
    SimOutcome outcome;
    bool simulated = false;  // false: the steady-state estimate
    bool ttft_ok = false;
    bool tps_ok = false;
    bool meets() const { return ttft_ok && tps_ok; }
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
