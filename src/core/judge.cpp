// judge.cpp — the one judgement (judge.hpp).
#include "judge.hpp"

#include "offload.hpp"
#include "plan.hpp"

namespace infersizer {

Judgement judge_setup(const Context& ctx, const FitResult& fit, const PerformanceResult& perf, bool wired_limit_raise,
                      const OffloadResult* offload) {
    Judgement j;
    j.targets_met.applicable = !ctx.scenario.targets.no_latency_target;
    j.targets_met.daily_volume_applicable = ctx.daily_volume.applies();
    j.targets_met.tps_per_user_applicable = per_user_speed_judged(ctx.scenario);
    // An engine that cannot serve the format on this hardware runs nothing, whatever the figures say.
    if ((j.cannot_run = cannot_run_on(ctx, ctx.hardware))) return j;
    const int64_t conc = ctx.scenario.concurrency;
    const Misses slow = target_misses(perf, ctx.scenario, ctx.daily_volume, conc, false);
    const Misses fast = target_misses(perf, ctx.scenario, ctx.daily_volume, conc, true);
    const bool runs = !fit.capacity_known || (ctx.engine.paged_kv ? fit.one_sequence_fits : fit.fits);
    if (!runs) {  // does_not_fit, no target met; a remedy where one runs it within the targets at best
        if (wired_limit_raise && !fast.any()) j.remedy = FitRemedy::raise_wired_limit;
        else if (offload && offload->applicable &&
                 !target_misses(offload_performance(*offload), ctx.scenario, ctx.daily_volume, conc, true).any())
            j.remedy = FitRemedy::expert_offload;  // within the targets, or without them the day's requests, at best
        // The careful end of the memory ranges runs it: a paged engine once one sequence fits (the rest wait), a
        // slot engine once every user's whole-context slot does (llama.cpp reserves them all at start).
        else if (fit.max_concurrency.hi >= (ctx.engine.paged_kv ? 1.0 : static_cast<double>(std::max<int64_t>(1, conc))) &&
                 !fast.any())
            j.remedy = FitRemedy::careful_end;
        return j;
    }
    j.targets_met.ttft = !slow.ttft && !slow.unknown;
    j.targets_met.tps_per_user = !slow.tps && !slow.unknown;
    j.targets_met.ttft_at_best = !fast.ttft && !fast.unknown;
    j.targets_met.tps_at_best = !fast.tps && !fast.unknown;
    // Always true where the day's volume is not judged (the contract): an unknown speed is the latency targets' miss.
    const bool volume = ctx.daily_volume.applies();
    j.targets_met.daily_volume = !volume || (!slow.volume && !slow.unknown);
    j.targets_met.daily_volume_at_best = !volume || (!fast.volume && !fast.unknown);
    j.targets_met.optimistic = !fast.any();
    j.status = j.targets_met.ttft && j.targets_met.tps_per_user && j.targets_met.daily_volume ? ServingStatus::meets
                                                                                              : ServingStatus::misses_targets;
    return j;
}

TargetJudgement judge_target(const Result& r, bool met, bool met_at_best) {
    // A target the scenario did not set is "no target" whether or not the setup fits.
    if (!r.targets_met.applicable) return TargetJudgement::no_target;
    if (r.cannot_run) return TargetJudgement::not_judged_cannot_run;
    if (r.status == ServingStatus::does_not_fit) return TargetJudgement::not_judged_does_not_fit;
    if (met) return TargetJudgement::met;
    return met_at_best ? TargetJudgement::met_optimistic : TargetJudgement::missed;
}

TargetJudgement judge_tps_target(const Result& r) {
    if (r.targets_met.applicable && !r.targets_met.tps_per_user_applicable) return TargetJudgement::not_applicable_one_token;
    return judge_target(r, r.targets_met.tps_per_user, r.targets_met.tps_at_best);
}

TargetJudgement judge_daily_volume(const Result& r) {
    if (!r.targets_met.daily_volume_applicable) return TargetJudgement::no_target;
    if (r.cannot_run) return TargetJudgement::not_judged_cannot_run;
    if (r.status == ServingStatus::does_not_fit) return TargetJudgement::not_judged_does_not_fit;
    if (r.targets_met.daily_volume) return TargetJudgement::met;
    return r.targets_met.daily_volume_at_best ? TargetJudgement::met_optimistic : TargetJudgement::missed;
}

Verdict target_verdict(ServingStatus status, bool met, bool met_at_best) {
    if (status == ServingStatus::does_not_fit) return Verdict::no;
    if (met) return Verdict::yes;
    return met_at_best ? Verdict::conditional : Verdict::no;
}

Verdict memory_verdict(const Result& r) {
    if (!r.memory.capacity_known) return Verdict::conditional;
    // A setup the engine cannot run is judged on memory alone here: the status says why it does not run.
    if (r.status == ServingStatus::does_not_fit && !r.cannot_run) return Verdict::no;
    if (r.cannot_run && !r.fit.one_sequence_fits) return Verdict::no;
    return r.fit.fits ? Verdict::yes : Verdict::conditional;
}

Verdict status_verdict(ServingStatus status, const TargetsMet& met, FitRemedy remedy) {
    if (status == ServingStatus::meets) return Verdict::yes;
    if (status == ServingStatus::misses_targets && met.optimistic) return Verdict::conditional;
    if (status == ServingStatus::does_not_fit && remedy != FitRemedy::none) return Verdict::conditional;
    return Verdict::no;
}

Verdict status_verdict(const Result& r) { return status_verdict(r.status, r.targets_met, r.remedy); }

}  // namespace infersizer
