// judge.cpp — the one judgement (judge.hpp).
#include "judge.hpp"

#include "plan.hpp"

namespace infersizer {

Judgement judge_setup(const Context& ctx, const FitResult& fit, const PerformanceResult& perf) {
    Judgement j;
    const bool runs = !fit.capacity_known || (ctx.engine.paged_kv ? fit.one_sequence_fits : fit.fits);
    if (!runs) return j;  // does_not_fit, no target met
    const Misses slow = target_misses(perf, ctx.scenario.targets, false);
    const Misses fast = target_misses(perf, ctx.scenario.targets, true);
    j.targets_met.ttft = !slow.ttft && !slow.unknown;
    j.targets_met.tps_per_user = !slow.tps && !slow.unknown;
    j.targets_met.ttft_at_best = !fast.ttft && !fast.unknown;
    j.targets_met.tps_at_best = !fast.tps && !fast.unknown;
    j.targets_met.optimistic = !fast.any();
    j.status = j.targets_met.ttft && j.targets_met.tps_per_user ? ServingStatus::meets : ServingStatus::misses_targets;
    return j;
}

Verdict target_verdict(ServingStatus status, bool met, bool met_at_best) {
    if (status == ServingStatus::does_not_fit) return Verdict::no;
    if (met) return Verdict::yes;
    return met_at_best ? Verdict::conditional : Verdict::no;
}

Verdict memory_verdict(const Result& r) {
    if (!r.memory.capacity_known) return Verdict::conditional;
    if (r.status == ServingStatus::does_not_fit) return Verdict::no;
    return r.fit.fits ? Verdict::yes : Verdict::conditional;
}

Verdict status_verdict(ServingStatus status, const TargetsMet& met) {
    if (status == ServingStatus::meets) return Verdict::yes;
    if (status == ServingStatus::misses_targets && met.optimistic) return Verdict::conditional;
    return Verdict::no;
}

}  // namespace infersizer
