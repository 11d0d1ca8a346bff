// bench_scenarios.hpp — the scenarios both benchmarks time (bench_core.cpp natively, result_bench.cpp natively and as
// the page's WebAssembly under node), so their medians compare one to one.
#pragma once

#include "scenario.hpp"

#include <cstdint>

namespace infersizer::bench {

// The seed's default: 8B in 4-bit on one consumer card for five people.
inline Scenario seed() { return Scenario{}; }

// The serving scenarios that sized the serving simulation (the golden files of the same names): the whole result
// with the planner choosing the count. 0: chat 70B fp8 for 200 users on H100; 1: 72B AWQ RAG for 32 users, varied
// lengths, colocated models, on A100; 2: the heaviest shape, a MoE on SGLang for 500 users; 3: an offline batch
// without latency targets, sized for the day's 200k requests on L40S.
inline Scenario serving_scenario(int64_t which) {
    Scenario s;
    s.count.reset();
    if (which == 0) {  // golden chat_70b_h100_200_users
        s.model_id = "Llama-3.1-70B", s.weights = "fp8", s.engine = "vllm", s.hardware_id = "nvidia-h100-sxm-80gb";
        s.prompt_tokens = 1500, s.output_tokens = 300, s.concurrency = 200, s.targets = {1.0, 20.0};
    } else if (which == 1) {  // golden rag_72b_awq_a100_32_users
        s.model_id = "Qwen2.5-72B", s.weights = "awq-int4", s.kv_cache = "fp8", s.engine = "vllm";
        s.hardware_id = "nvidia-a100-sxm-80gb", s.context_tokens = 16384, s.prompt_tokens = 6000, s.output_tokens = 400;
        s.concurrency = 32, s.targets = {3.0, 12.0}, s.lengths = LengthSpread::varied, s.headroom = 0.15;
        s.colocated = {{"bge-m3", 0.568, "fp16"}, {"bge-reranker-v2-m3", 0.568, "fp16"}};
    } else if (which == 3) {  // golden offline_batch_32b_l40s
        s.model_id = "Qwen3-32B", s.weights = "fp8", s.engine = "vllm", s.hardware_id = "nvidia-l40s-48gb";
        s.prompt_tokens = 1000, s.output_tokens = 500, s.concurrency = 50, s.requests_per_day = 200000;
        s.targets.no_latency_target = true;
    } else {  // the heaviest shape: a MoE on SGLang for 500 users
        s.model_id = "Qwen3-30B-A3B", s.weights = "bf16", s.engine = "sglang", s.hardware_id = "nvidia-h100-sxm-80gb";
        s.prompt_tokens = 2000, s.output_tokens = 1000, s.concurrency = 500;
    }
    return s;
}

}  // namespace infersizer::bench
