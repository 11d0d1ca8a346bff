// offload.hpp — MoE expert offload (llama.cpp --n-cpu-moe): when a mixture-of-experts model does not fit the
// cards, the routed experts of the first N layers stay in host RAM (docs/estimation.md §5;
// docs/references/peers-and-formulas.md §3 item 5, §4.4).
#pragma once

#include "context.hpp"
#include "result.hpp"

#include <optional>

namespace infersizer {

// The host memory system assumed for the offloaded experts when the scenario names none: the catalog's
// host_defaults (data/hardware.json; bundled: a 12-channel DDR5-4800 EPYC Genoa socket for datacenter,
// cloud-only and China-market cards, a dual-channel DDR5-5600 desktop for the others). nullptr when the
// catalog lacks the platform (or the context has no catalog).
const Hardware* default_host_platform(const Context& ctx);

// nullopt when the question does not arise: a dense model, an engine without expert offload (engines.json
// traits.expert_offload: llama.cpp, Ollama), a CPU or unified-memory machine, an unknown card size, or a model that fits as it is.
// Otherwise the smallest --n-cpu-moe N that fits the cards' budget, with the decode speed and TTFT of that
// split (applicable false when even every MoE layer's experts in RAM leave the cards overflowing).
// `cards` and `tp` as the estimate used them (llama.cpp and Ollama: a layer split over every card).
std::optional<OffloadResult> estimate_offload(const Context& ctx, int cards, int tp, Explain* explain = nullptr);
// The same with an explicit host platform (a catalog CPU platform or a custom one with a bandwidth).
// With `explain`, records how the offload.* figures were computed (explain.hpp).
std::optional<OffloadResult> estimate_offload(const Context& ctx, int cards, int tp, const Hardware& host,
                                              Explain* explain = nullptr);

// The offload split as the judge reads a speed result (plan.hpp target_misses): its TTFT stands for the p90 (one
// figure per end), its per-user decode, its batch's throughput.
PerformanceResult offload_performance(const OffloadResult& o);

}  // namespace infersizer
