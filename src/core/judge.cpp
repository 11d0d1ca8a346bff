// judge.cpp — the one judgement (judge.hpp).
#include "judge.hpp"

#include "format_text.hpp"
#include "offload.hpp"
#include "plan.hpp"

#include <algorithm>
#include <string>

namespace infersizer {

CannotRun cannot_run_reason(const Context& ctx, const Hardware& hw) {
    const Engine& e = ctx.engine;
    const WeightFormat& f = ctx.weights;
    const std::string kind = hardware_kind_name(hw.kind);
    if (!e.hardware_kinds.empty() && std::find(e.hardware_kinds.begin(), e.hardware_kinds.end(), kind) == e.hardware_kinds.end())
        return {Text{e.name + " 不支持此类硬件（" + kind + "）", e.name + " does not run on this kind of hardware (" + kind + ")"},
                std::nullopt};
    // A vendor's own engine (TensorRT-LLM: NVIDIA only) on another vendor's accelerator; a card of unknown vendor is
    // not judged by it.
    const bool accelerator = hw.kind == HardwareKind::gpu || hw.kind == HardwareKind::npu;
    if (accelerator && !e.vendors.empty() && !hw.vendor.empty() &&
        std::find(e.vendors.begin(), e.vendors.end(), hw.vendor) == e.vendors.end()) {
        std::string list;
        for (const std::string& v : e.vendors) list += (list.empty() ? "" : ", ") + v;
        return {Text{e.name + " 只能在 " + list + " 的卡上运行，" + hw.name + " 是 " + hw.vendor + " 的",
                     e.name + " runs only on " + list + " cards, and " + hw.name + " is " + hw.vendor + "'s"},
                std::nullopt};
    }
    auto names = [&](const WeightFormat& w) { return std::find(w.engines.begin(), w.engines.end(), e.id) != w.engines.end(); };
    const bool formats_known = ctx.catalog && std::any_of(ctx.catalog->weight_formats.begin(), ctx.catalog->weight_formats.end(), names);
    if (formats_known && !f.engines.empty() && !names(f)) {
        if (const WeightFormat* same = same_named_format_for(*ctx.catalog, f, e.id))
            return {Text{fmt::joined({e.name, " 不能直接运行权重格式 ", f.id, "（它能运行同名格式 ", same->id, "）"}),
                         fmt::joined({e.name, " cannot run the weight format ", f.id, " (it runs ", same->id, ")"})},
                    std::nullopt};
        if (auto not_estimated = not_estimated_words(*ctx.catalog, f, e)) return {not_estimated->clause, not_estimated};
        return {Text{fmt::joined({e.name, " 不能直接运行权重格式 ", f.id}), fmt::joined({e.name, " cannot run the weight format ", f.id})},
                std::nullopt};
    }
    std::optional<Text> card = format_unsupported_on(f, hw, e);
    // A clause of the verdict's sentence: without the warning's full stop.
    if (card && !card->en.empty() && card->en.back() == '.') card->en.pop_back();
    if (card && card->zh.size() >= 3 && card->zh.compare(card->zh.size() - 3, 3, "。") == 0) card->zh.resize(card->zh.size() - 3);
    return {card, std::nullopt};
}

std::optional<Text> cannot_run_on(const Context& ctx, const Hardware& hw) { return cannot_run_reason(ctx, hw).why; }

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
    const bool runs = !fit.capacity_known || (ctx.engine->paged_kv ? fit.one_sequence_fits : fit.fits);
    if (!runs) {  // does_not_fit, no target met; a remedy where one runs it within the targets at best
        if (wired_limit_raise && !fast.any()) j.remedy = FitRemedy::raise_wired_limit;
        else if (offload && offload->applicable &&
                 !target_misses(offload_performance(*offload), ctx.scenario, ctx.daily_volume, conc, true).any())
            j.remedy = FitRemedy::expert_offload;  // within the targets, or without them the day's requests, at best
        // The careful end of the memory ranges runs it: a paged engine once one sequence fits (the rest wait), a
        // slot engine once every user's whole-context slot does (llama.cpp reserves them all at start).
        else if (fit.max_concurrency.hi >= (ctx.engine->paged_kv ? 1.0 : static_cast<double>(std::max<int64_t>(1, conc))) &&
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
