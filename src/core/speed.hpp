// speed.hpp — a roofline per step: decode, prefill, TTFT with queueing, throughput with a memory cap.
#pragma once

#include "context.hpp"
#include "result.hpp"

namespace infersizer {

// Seconds per decode step for `batch` sequences each at position `context_tokens`, tensor parallel `tp`.
Interval decode_step_s(const Context& ctx, int tp, int64_t batch, int64_t context_tokens);

// Seconds to prefill one prompt of `prompt_tokens` alone on one replica of `tp` cards.
Interval prefill_s(const Context& ctx, int tp, int64_t prompt_tokens);

// Speed at the scenario's concurrency on `cards` cards with tensor parallelism `tp`; `max_batch` is the
// largest number of sequences memory holds per replica (the rest wait).
PerformanceResult estimate_speed(const Context& ctx, int cards, int tp, Interval max_batch);

// Output tokens/s of one replica kept full with `batch` sequences of `prompt_tokens` in and `output_tokens`
// out (a closed loop at saturation: every request's prefill shares the cards with the batch's decode steps).
Interval saturated_throughput_tps(const Context& ctx, int tp, int64_t batch, int64_t prompt_tokens,
                                  int64_t output_tokens);

// Dense peak of the compute the model's matmuls run at, TFLOPS per card: the format's compute dtype when the
// hardware states it, else fp16; for a CPU cores × clock × ops per cycle (the machine's cores and clock when
// given, else the catalog platform's product-line range, with a warning). An interval when inferred from the
// bandwidth or taken from a CPU product line; nullopt when nothing is known (then compute is not modelled).
std::optional<Interval> compute_peak_tflops(const Context& ctx, std::vector<Text>* warnings = nullptr);

}  // namespace infersizer
