// hardware_peaks.hpp — what the hardware offers a roofline: memory bandwidth and dense compute peak.
#pragma once

#include "context.hpp"

#include <optional>
#include <string>
#include <vector>

namespace infersizer {

// Per-card memory bandwidth, GB/s: stated by the catalog, or inferred from similar parts (a wide interval,
// with a warning).
Interval memory_bandwidth_gbs(const Context& ctx, std::vector<Text>* warnings = nullptr);

// Dense peak of the compute the model's matmuls run at, TFLOPS per card: the format's compute dtype when the
// hardware states it, else fp16; for a CPU cores × clock × ops per cycle (the machine's cores and clock when
// given, else the catalog platform's product-line range, with a warning). An interval when inferred from the
// bandwidth or taken from a CPU product line; nullopt when nothing is known (then compute is not modelled).
std::optional<Interval> compute_peak_tflops(const Context& ctx, std::vector<Text>* warnings = nullptr);

// The dtype the model's matmuls run in. llama.cpp's block formats dequantize to fp16 (or use MMQ) and their
// measured prompt rates track the fp16 tensor peak, so GGUF formats count at fp16 whatever the block type.
std::string matmul_dtype(const WeightFormat& f);

// True when ggml's kernels run the model: GGUF weights, or an engine whose traits say ggml_kernels
// (engines.json: llama.cpp, Ollama).
bool runs_ggml(const Context& ctx);

}  // namespace infersizer
