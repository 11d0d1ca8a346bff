// Deploy hints: the launch command carries the estimate's settings in each engine's own flags, and the
// load test measures the scenario's prompt, output and concurrency.
#include "support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

using namespace infersizer;

namespace {

DeployHints hints(const Scenario& s) { return test::estimate_ok(s).deploy; }

#define EXPECT_HAS(text, part) EXPECT_NE((text).find(part), std::string::npos) << "missing «" << (part) << "» in: " << (text)
#define EXPECT_LACKS(text, part) EXPECT_EQ((text).find(part), std::string::npos) << "unexpected «" << (part) << "» in: " << (text)

Scenario vllm_70b() {
    Scenario s;
    s.model_id = "Llama-3.1-70B";
    s.weights = "bf16";
    s.engine = "vllm";
    s.hardware_id = "nvidia-h100-sxm-80gb";
    s.count = 2;
    s.context_tokens = 8192;
    s.prompt_tokens = 1500;
    s.output_tokens = 300;
    s.concurrency = 16;
    return s;
}

}  // namespace

TEST(Deploy, VllmCommandCarriesTensorParallelContextMemoryAndBatch) {
    const DeployHints h = hints(vllm_70b());
    const std::string& c = h.launch_command;
    EXPECT_HAS(c, "vllm serve meta-llama/Llama-3.1-70B");
    EXPECT_HAS(c, "--tensor-parallel-size 2");
    EXPECT_HAS(c, "--max-model-len 8192");
    EXPECT_HAS(c, "--gpu-memory-utilization 0.90");  // headroom 0.10 and vLLM's own 0.9
    EXPECT_HAS(c, "--max-num-seqs 16");
    EXPECT_HAS(c, "--dtype bfloat16");
    EXPECT_LACKS(c, "--quantization");
    EXPECT_LACKS(c, "--kv-cache-dtype");
    EXPECT_LACKS(c, "--data-parallel-size");
    const std::string& t = h.load_test_command;
    EXPECT_HAS(t, "vllm bench serve");
    EXPECT_HAS(t, "--dataset-name random");
    EXPECT_HAS(t, "--random-input-len 1500");
    EXPECT_HAS(t, "--random-output-len 300");
    EXPECT_HAS(t, "--max-concurrency 16");
    EXPECT_HAS(t, "--num-prompts");
}

TEST(Deploy, VllmQuantizationKvDtypeAndReplicas) {
    Scenario s = vllm_70b();
    s.weights = "fp8";
    s.kv_cache = "fp8";
    s.count = 4;  // fp8 70B fits TP 2: two replicas of two cards
    s.headroom = 0.2;
    const std::string c = hints(s).launch_command;
    EXPECT_HAS(c, "--quantization fp8");
    EXPECT_HAS(c, "--kv-cache-dtype fp8");
    EXPECT_HAS(c, "--tensor-parallel-size 2");
    EXPECT_HAS(c, "--data-parallel-size 2");
    EXPECT_HAS(c, "--max-num-seqs 8");              // 16 users over 2 replicas
    EXPECT_HAS(c, "--gpu-memory-utilization 0.80");  // 20 % kept free
}

TEST(Deploy, LlamaCppSharesTheContextAmongParallelSlots) {
    Scenario s;  // Qwen3-8B Q4_K_M on one RTX 4090, 8k context, 5 users, 1024 / 256 tokens
    const DeployHints h = hints(s);
    const std::string& c = h.launch_command;
    EXPECT_HAS(c, "llama-server -m Qwen3-8B-Q4_K_M.gguf");
    EXPECT_HAS(c, "-c 40960");  // 8192 per slot × 5 slots: llama-server divides -c among them
    EXPECT_HAS(c, "-ngl 99");
    EXPECT_HAS(c, "--parallel 5");
    EXPECT_LACKS(c, "-ctk");
    const std::string& t = h.load_test_command;
    EXPECT_HAS(t, "llama-bench -m Qwen3-8B-Q4_K_M.gguf -p 1024 -n 256");
    EXPECT_HAS(t, "llama-batched-bench -m Qwen3-8B-Q4_K_M.gguf");
    EXPECT_HAS(t, "-npp 1024 -ntg 256 -npl 1,2,4,5");
}

TEST(Deploy, LlamaCppQuantizedKvAndCpuOffload) {
    Scenario s;
    s.kv_cache = "q8_0";
    const std::string c = hints(s).launch_command;
    EXPECT_HAS(c, "-ctk q8_0 -ctv q8_0");
    EXPECT_HAS(c, "-fa on");  // a quantized V cache needs flash attention

    Scenario cpu;
    cpu.hardware_id = "desktop-ddr5-5600-2ch";
    cpu.concurrency = 1;
    const DeployHints h = hints(cpu);
    EXPECT_HAS(h.launch_command, "-ngl 0");
    EXPECT_HAS(h.launch_command, "--parallel 1");
    EXPECT_HAS(h.launch_command, "-c 8192");
    EXPECT_HAS(h.load_test_command, "-ngl 0");
}

TEST(Deploy, OllamaSetsParallelismAndContextOnTheServer) {
    Scenario s;
    s.engine = "ollama";
    s.kv_cache = "q8_0";
    const DeployHints h = hints(s);
    EXPECT_HAS(h.launch_command, "OLLAMA_NUM_PARALLEL=5");
    EXPECT_HAS(h.launch_command, "OLLAMA_CONTEXT_LENGTH=8192");
    EXPECT_HAS(h.launch_command, "OLLAMA_KV_CACHE_TYPE=q8_0");
    EXPECT_HAS(h.launch_command, "ollama run");
    EXPECT_HAS(h.load_test_command, "--base-url http://localhost:11434");
    EXPECT_HAS(h.load_test_command, "--max-concurrency 5");
}

TEST(Deploy, SglangAndTensorRtLlmUseTheirOwnFlags) {
    Scenario s = vllm_70b();
    s.engine = "sglang";
    const DeployHints g = hints(s);
    EXPECT_HAS(g.launch_command, "python -m sglang.launch_server --model-path meta-llama/Llama-3.1-70B");
    EXPECT_HAS(g.launch_command, "--tp 2");
    EXPECT_HAS(g.launch_command, "--context-length 8192");
    // SGLang's own static fraction (engines.json), or less when the headroom asks for more free memory.
    const double share = std::min(bundled::catalog().find_engine("sglang")->memory_utilization, 1 - s.headroom);
    char expected[64];
    std::snprintf(expected, sizeof expected, "--mem-fraction-static %.2f", share);
    EXPECT_HAS(g.launch_command, expected);
    EXPECT_HAS(g.load_test_command, "python -m sglang.bench_serving");
    EXPECT_HAS(g.load_test_command, "--random-input-len 1500");

    s.engine = "tensorrt-llm";
    const DeployHints t = hints(s);
    EXPECT_HAS(t.launch_command, "trtllm-serve meta-llama/Llama-3.1-70B");
    EXPECT_HAS(t.launch_command, "--tp_size 2");
    EXPECT_HAS(t.launch_command, "--max_seq_len 8192");
    EXPECT_HAS(t.launch_command, "--max_batch_size 16");
    EXPECT_HAS(t.load_test_command, "--max-concurrency 16");
}
