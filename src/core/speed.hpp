// speed.hpp — speed at the scenario's concurrency: the serving simulation (serving_sim.hpp) over the step
// roofline (step_model.hpp), run at both ends of the efficiency ranges; and the single-step figures the
// offload module and the calibration tests use.
#pragma once

#include "context.hpp"
#include "hardware_peaks.hpp"
#include "memory.hpp"
#include "result.hpp"
#include "serving_sim.hpp"

namespace infersizer {

// A client's first token passes the serving path as well as the engine: HTTP, the chat template and tokenizer, the
// hand-off to the engine process, the first chunk detokenized and streamed. Every TTFT of the estimate includes it
// (scheduler_base sets SchedulerConfig::serving_path_s per end; offload.cpp adds it to its own TTFT), because the load
// tools the targets are checked with measure at the client. High end: GPUStack's lab, one H100 SXM and Qwen3-8B over
// the chat endpoint, ≈ 233-token prompts at 4 clients (calibration V059, V062, V065), medians of 27 ms (SGLang),
// 45 ms (TensorRT-LLM) and 60 ms (vLLM) where the engines' own prefill and wait take 7.5–12.7 ms: up to 50 ms more
// (derived). Low end 0: other setups show none beyond the engine's own range (SGLang's native endpoint on an A100,
// V001; vLLM on an RTX 4090, V047).
constexpr Interval kServingPathS{0.0, 0.05};
// The same as an explanation's input (a term of every TTFT).
ExplainInput serving_path_input();

// Seconds per decode step for `batch` sequences each at position `context_tokens`, tensor parallel `tp`.
Interval decode_step_s(const Context& ctx, int tp, int64_t batch, int64_t context_tokens);

// Seconds to prefill one prompt of `prompt_tokens` alone on one replica of `tp` cards, in the engine's steps.
Interval prefill_s(const Context& ctx, int tp, int64_t prompt_tokens);

// The scheduler one replica runs for `users` clients, at one end of what memory holds (engines.json
// "scheduler"; docs/serving.md): scheduler_base() holds every rule, with_users() sets the sequence cap.
SchedulerConfig scheduler_base(const Context& ctx, const ReplicaKv& kv, End end);
SchedulerConfig with_users(SchedulerConfig base, int64_t users);
inline SchedulerConfig scheduler_for(const Context& ctx, int64_t users, const ReplicaKv& kv, End end) {
    return with_users(scheduler_base(ctx, kv, end), users);
}

// simulate_serving() remembered for the estimate `ctx` belongs to (its Context::FactsSlot), by everything that
// determines the run: the step model, the end, the scheduler and the load. The same answer, computed once.
SimOutcome simulate_memo(const Context& ctx, const StepModel& model, End end, const SchedulerConfig& sc, const Workload& w);

// Speed of the scenario's concurrency spread over cards / tp replicas of `tp` cards, each holding `kv`.
// `burst` adds the stress figure (two more simulations); searches that only judge the targets leave it out.
// With `explain`, records how each performance.* figure was computed (explain.hpp).
PerformanceResult estimate_speed(const Context& ctx, int cards, int tp, const ReplicaKv& kv, bool burst = true,
                                 Explain* explain = nullptr);

// Output tokens/s of one replica kept full by a closed loop of `clients` requests of `prompt_tokens` in and
// `output_tokens` out, with no memory limit on the batch (a load tool at saturation).
Interval saturated_throughput_tps(const Context& ctx, int tp, int64_t clients, int64_t prompt_tokens,
                                  int64_t output_tokens);

}  // namespace infersizer
