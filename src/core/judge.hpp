// judge.hpp — the one judgement of the scenario's own setup. The headline badge, the verdict sentence, the speed
// and memory panels and the CLI report all read Result::status and Result::targets_met; nothing else judges.
#pragma once

#include "context.hpp"
#include "result.hpp"

namespace infersizer {

// Why the context's engine cannot serve its weight format on `hw` at all, or nullopt when it can: the engine does
// not run on that kind of hardware (engines.json hardware_kinds), does not load the format (formats.json engines —
// judged only for an engine some format of the catalog names, so that an engine a user adds to the catalog is not
// refused every format), or the card lacks the format's tensor cores (format_unsupported_on). The judge calls such a
// setup does_not_fit — it cannot run — whatever its memory and speed figures say; the planner leaves the card out.
std::optional<Text> cannot_run_on(const Context& ctx, const Hardware& hw);

// cannot_run_on's reason, with its words where that reason is the engine loading the format only in a way the estimate
// does not model (engines.json formats_not_estimated: vLLM's GGUF plugin): such a server may well start, so the launch
// comment, the load test and the decision table say "not estimated", not "does not start". not_estimated is nullopt
// otherwise (and whenever why is).
struct CannotRun {
    std::optional<Text> why;
    std::optional<NotEstimatedWords> not_estimated;
};
CannotRun cannot_run_reason(const Context& ctx, const Hardware& hw);

struct Judgement {
    ServingStatus status = ServingStatus::does_not_fit;
    TargetsMet targets_met;
    FitRemedy remedy = FitRemedy::none;
    std::optional<Text> cannot_run;  // does_not_fit because the engine cannot serve the format here (cannot_run_on)
};

// does_not_fit: memory is known and a replica cannot hold the model and one full-context sequence, or, for an
// engine that reserves a whole context per slot (llama.cpp, Ollama), every user's slot. Otherwise meets when
// both targets hold at the pessimistic end (p90 TTFT, per-user tokens/s), else misses_targets. A setup that does
// not fit meets no target.
//
// A setup that does not fit gets a remedy when one makes it run and meet the targets at least at the fast end:
// a raised macOS GPU wiring cap (`wired_limit_raise`), MoE experts in host RAM (`offload`, when applicable), or
// the careful end of the memory ranges alone holding one full-context sequence.
Judgement judge_setup(const Context& ctx, const FitResult& fit, const PerformanceResult& perf,
                      bool wired_limit_raise = false, const OffloadResult* offload = nullptr);

// The colour of the judgement: meets → yes (green); misses the targets but meets them at the fast end, or does
// not fit as given but has a remedy → conditional (amber); otherwise no (red). The page's badge, the CLI's tag
// and the decision table's row for the user's own cards use this.
Verdict status_verdict(ServingStatus status, const TargetsMet& met, FitRemedy remedy);
Verdict status_verdict(const Result& r);

// Memory's colour: yes when every user fits at the full context (fit.fits); conditional when the setup runs and
// holds its load but not every user at the full context at once (or the capacity is unknown); no when it does not
// fit.
Verdict memory_verdict(const Result& r);

// One target's colour: met at the slow end → yes; only at the fast end → conditional; else (or when the setup
// does not fit) no.
Verdict target_verdict(ServingStatus status, bool met, bool met_at_best);

// The word every surface shows beside one target: met at the slow end; met only at the fast end; missed; not
// judged because the setup does not fit; or no target at all (the scenario chose none: an offline batch — said
// whether or not the setup fits); or, for the per-user speed, none to judge in a one-token answer.
enum class TargetJudgement {
    met,
    met_optimistic,
    missed,
    not_judged_does_not_fit,
    not_judged_cannot_run,  // the engine cannot serve the format on this hardware (Result::cannot_run)
    no_target,
    not_applicable_one_token
};
TargetJudgement judge_target(const Result& r, bool met, bool met_at_best);
// The per-user speed target: judge_target on its flags, or not_applicable_one_token where the output is one token
// (targets_met.tps_per_user_applicable false with latency targets set).
TargetJudgement judge_tps_target(const Result& r);
// The day's volume as a target (targets_met.daily_volume): judged only without latency targets and with requests a
// day to finish; else no_target.
TargetJudgement judge_daily_volume(const Result& r);

}  // namespace infersizer
