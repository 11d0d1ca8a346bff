// Deploy hints: the launch command carries the estimate's settings in each engine's own flags, and the
// load test measures the scenario's prompt, output and concurrency.
#include "support.hpp"

#include "format_text.hpp"
#include "hf_config.hpp"
#include "judge.hpp"
#include "memory.hpp"
#include "result_json.hpp"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

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
    const std::string& c = h.launch_command.en;
    EXPECT_HAS(c, "vllm serve meta-llama/Llama-3.1-70B");
    EXPECT_HAS(c, "--tensor-parallel-size 2");
    EXPECT_HAS(c, "--max-model-len 8192");
    EXPECT_HAS(c, "--gpu-memory-utilization 0.90");  // headroom 0.10 and vLLM's own 0.9
    EXPECT_HAS(c, "--max-num-seqs 16");
    EXPECT_HAS(c, "--dtype bfloat16");
    EXPECT_LACKS(c, "--quantization");
    EXPECT_LACKS(c, "--kv-cache-dtype");
    EXPECT_LACKS(c, "--data-parallel-size");
    const std::string& t = h.load_test_command.en;
    EXPECT_HAS(t, "vllm bench serve");
    EXPECT_HAS(t, "--dataset-name random");
    EXPECT_HAS(t, "--random-input-len 1500");
    EXPECT_HAS(t, "--random-output-len 300");
    EXPECT_HAS(t, "--max-concurrency 16");
    // Twenty rounds of the 16 clients: the first, every client at once, is 5 % of the requests and stays out of the
    // p90 TTFT the expected line states (at ten rounds it was the top decile itself).
    EXPECT_HAS(t, "--num-prompts 320\n");
}

// Kimi-K2's tokenizer is its repository's own code (models.json trust_remote_code, sourced from vLLM's recipe,
// SGLang's cookbook and TensorRT-LLM's guide): every engine's launch and vLLM's benchmark client, which loads the
// tokenizer too, must be told to run it, or they refuse to load the model. Models without it get no such flag.
TEST(Deploy, ModelsWithTheirOwnCodeAreLaunchedWithTrustRemoteCode) {
    Scenario s = vllm_70b();
    s.model_id = "Kimi-K2";
    s.weights = "fp8";
    s.hardware_id = "nvidia-h200-sxm-141gb";
    s.count = 16;
    for (const char* engine : {"vllm", "sglang", "tensorrt-llm"}) {
        s.engine = engine;
        const DeployHints h = hints(s);
        const std::string& c = h.launch_command.en;
        if (s.engine == "tensorrt-llm") {
            EXPECT_HAS(c, "  # --extra_llm_api_options: trust_remote_code: true");
            EXPECT_HAS(h.launch_command.zh, "  # --extra_llm_api_options: trust_remote_code: true");
        } else {
            EXPECT_HAS(c, "moonshotai/Kimi-K2-Instruct --trust-remote-code --t");
        }
        if (s.engine != "sglang") {
            EXPECT_HAS(h.load_test_command.en, "--model moonshotai/Kimi-K2-Instruct --trust-remote-code ");
        } else {
            // sglang.bench_serving has no such flag (its argparse would refuse it); it loads every tokenizer with
            // trust_remote_code=True itself (python/sglang/bench_serving.py, get_tokenizer).
            EXPECT_LACKS(h.load_test_command.en, "trust");
            EXPECT_HAS(h.load_test_command.en, "python -m sglang.bench_serving --backend sglang");
        }
    }
    s.model_id = "DeepSeek-V3";
    for (const char* engine : {"vllm", "sglang", "tensorrt-llm"}) {
        s.engine = engine;
        const DeployHints h = hints(s);
        EXPECT_LACKS(h.launch_command.en, "trust");
        EXPECT_LACKS(h.load_test_command.en, "trust");
    }
}

TEST(Deploy, VllmQuantizationKvDtypeAndReplicas) {
    Scenario s = vllm_70b();
    s.weights = "fp8";
    s.kv_cache = "fp8";
    s.count = 4;  // fp8 70B fits TP 2: two replicas of two cards
    s.headroom = 0.2;
    const std::string c = hints(s).launch_command.en;
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
    const std::string& c = h.launch_command.en;
    EXPECT_HAS(c, "llama-server -m Qwen3-8B-Q4_K_M.gguf");
    EXPECT_HAS(c, "-c 40960");  // 8192 per slot × 5 slots: llama-server divides -c among them
    EXPECT_HAS(c, "-ngl 99");
    EXPECT_HAS(c, "--parallel 5");
    EXPECT_LACKS(c, "-ctk");
    // Issue #9: the load test drives llama-server's OpenAI API at the 5 users, not a single-stream llama-bench.
    const std::string& t = h.load_test_command.en;
    EXPECT_LACKS(t, "llama-bench");
    EXPECT_HAS(t, "vllm bench serve --backend openai --base-url http://localhost:8080 --endpoint /v1/completions");
    EXPECT_HAS(t, "--model Qwen3-8B-Q4_K_M.gguf --tokenizer Qwen/Qwen3-8B");
    // Every answer runs to the scenario's length (vLLM's client ignores EOS only when told to, before vllm#28227).
    EXPECT_HAS(t, "--random-input-len 1024 --random-output-len 256 --ignore-eos --max-concurrency 5");
    EXPECT_HAS(t, "pip install vllm");
}

TEST(Deploy, LlamaCppQuantizedKvAndCpuOffload) {
    Scenario s;
    s.kv_cache = "q8_0";
    const std::string c = hints(s).launch_command.en;
    EXPECT_HAS(c, "-ctk q8_0 -ctv q8_0");
    EXPECT_HAS(c, "-fa on");  // a quantized V cache needs flash attention

    Scenario cpu;
    cpu.hardware_id = "desktop-ddr5-5600-2ch";
    cpu.concurrency = 1;
    const DeployHints h = hints(cpu);
    EXPECT_HAS(h.launch_command.en, "-ngl 0");
    EXPECT_HAS(h.launch_command.en, "--parallel 1");
    EXPECT_HAS(h.launch_command.en, "-c 8192");
}

TEST(Deploy, OllamaSetsParallelismAndContextOnTheServer) {
    Scenario s;
    s.engine = "ollama";
    s.kv_cache = "q8_0";
    const DeployHints h = hints(s);
    EXPECT_HAS(h.launch_command.en, "OLLAMA_NUM_PARALLEL=5");
    EXPECT_HAS(h.launch_command.en, "OLLAMA_CONTEXT_LENGTH=8192");
    EXPECT_HAS(h.launch_command.en, "OLLAMA_KV_CACHE_TYPE=q8_0");
    EXPECT_HAS(h.launch_command.en, "ollama run");
    EXPECT_HAS(h.load_test_command.en, "--base-url http://localhost:11434");
    EXPECT_HAS(h.load_test_command.en, "--max-concurrency 5");
}

// The planner's layer-split choice is several servers (its row's replicas), each started on its own cards and port
// behind a load balancer, sized for its share of the users: Qwen3-8B Q4_K_M for 50 users on RTX 4090s with the
// count left open is 2 servers of a two-card layer split with 25 slots each (⌈50 / 2⌉; one card a server needs 5
// at the slow end, the split's memory holds 29 slots beside one copy of the weights), not one server over four cards.
TEST(Deploy, ThePlannersLayerSplitServersEachGetTheirCardsAndPort) {
    Scenario s;
    s.count.reset();
    s.concurrency = 50;
    const Result r = test::estimate_ok(s);
    ASSERT_TRUE(r.planned.has_value());
    ASSERT_TRUE(r.planned->layer_split);
    ASSERT_EQ(r.planned->tp, 2);
    const int servers = r.memory.replicas;
    ASSERT_EQ(servers, int(r.planned->replicas.hi));
    ASSERT_GT(servers, 1);
    const int64_t slots = (50 + servers - 1) / servers;
    for (const char* lang : {"en", "zh"}) {
        const std::string c = r.deploy.launch_command.in(lang);
        EXPECT_HAS(c, "for i in $(seq 0 " + std::to_string(servers - 1) +
                          "); do CUDA_VISIBLE_DEVICES=$(seq -s, $((i*2)) $((i*2+1))) llama-server");
        EXPECT_HAS(c, "-c " + std::to_string(8192 * slots) + " -ngl 99 --parallel " + std::to_string(slots));
        // Each listens on every interface, where a load balancer on another machine reaches it (llama-server binds
        // 127.0.0.1 unless told).
        EXPECT_HAS(c, "--split-mode layer --host 0.0.0.0 --port $((8080 + i)) & done");
        EXPECT_HAS(r.deploy.load_test_command.in(lang), "--base-url http://<load-balancer>:8080");
    }
    EXPECT_HAS(r.deploy.launch_command.en, "# " + std::to_string(servers) + " servers of 2 cards each, one port each, behind a load balancer");
    // Its plan row says why the wider split: fewer cards at the slow end.
    const PlanRow* row = test::plan_row(r, "nvidia-rtx-4090");
    ASSERT_NE(row, nullptr);
    EXPECT_HAS(row->note_text.en, "a layer split over 2 cards serves everyone on fewer cards (4 at the slow end; 1 card per server needs 5)");

    // With 20 users one card a server holds its share: two servers of one card (a two-card split ties on cards, and
    // ties keep the smaller group), no split flag.
    Scenario few = s;
    few.concurrency = 20;
    const Result f = test::estimate_ok(few);
    ASSERT_TRUE(f.planned.has_value());
    EXPECT_EQ(f.planned->tp, 1);
    EXPECT_EQ(f.memory.replicas, 2);
    EXPECT_HAS(f.deploy.launch_command.en, "do CUDA_VISIBLE_DEVICES=$i llama-server");
    EXPECT_LACKS(f.deploy.launch_command.en, "--split-mode layer");

    s.engine = "ollama";
    const Result o = test::estimate_ok(s);
    ASSERT_GT(o.memory.replicas, 1);
    EXPECT_HAS(o.deploy.launch_command.en, "CUDA_VISIBLE_DEVICES=$i OLLAMA_HOST=0.0.0.0:$((11434 + i)) OLLAMA_NUM_PARALLEL=");
    EXPECT_HAS(o.deploy.launch_command.en, "ollama pull ");
    EXPECT_HAS(o.deploy.load_test_command.en, "--base-url http://<load-balancer>:11434");

    // A 70B Q4_K_M needs three 24 GB cards a server: each server gets three consecutive cards, two to a node.
    Scenario big = s;
    big.engine = "llama.cpp";
    big.model_id = "Llama-3.1-70B";
    big.concurrency = 100;
    const Result b = test::estimate_ok(big);
    ASSERT_TRUE(b.planned.has_value());
    ASSERT_EQ(b.planned->tp, 3);
    EXPECT_HAS(b.deploy.launch_command.en, "CUDA_VISIBLE_DEVICES=$(seq -s, $((i*3)) $((i*3+2))) llama-server");
    EXPECT_HAS(b.deploy.launch_command.en, "--split-mode layer --host 0.0.0.0 --port $((8080 + i))");
    EXPECT_HAS(b.deploy.launch_command.en, "for i in $(seq 0 1); do");
}

TEST(Deploy, SglangAndTensorRtLlmUseTheirOwnFlags) {
    Scenario s = vllm_70b();
    s.engine = "sglang";
    const DeployHints g = hints(s);
    EXPECT_HAS(g.launch_command.en, "python -m sglang.launch_server --model-path meta-llama/Llama-3.1-70B");
    EXPECT_HAS(g.launch_command.en, "--tp 2");
    EXPECT_HAS(g.launch_command.en, "--context-length 8192");
    // SGLang's own static fraction (engines.json), or less when the headroom asks for more free memory.
    const double share = std::min(bundled::catalog().find_engine("sglang")->memory_utilization, 1 - s.headroom);
    char expected[64];
    std::snprintf(expected, sizeof expected, "--mem-fraction-static %.2f", share);
    EXPECT_HAS(g.launch_command.en, expected);
    EXPECT_HAS(g.load_test_command.en, "python -m sglang.bench_serving");
    // SGLang's client draws lengths from [length × ratio, length] with a default ratio of 0: a ratio of 1 holds every
    // request at the scenario's lengths, which the expected figures are for. It ignores EOS by default, so no flag.
    EXPECT_HAS(g.load_test_command.en, "--random-input-len 1500 --random-output-len 300 --random-range-ratio 1 --max-concurrency");
    EXPECT_LACKS(g.load_test_command.en, "--ignore-eos");

    s.engine = "tensorrt-llm";
    const DeployHints t = hints(s);
    EXPECT_HAS(t.launch_command.en, "trtllm-serve meta-llama/Llama-3.1-70B");
    EXPECT_HAS(t.launch_command.en, "--tp_size 2");
    EXPECT_HAS(t.launch_command.en, "--max_seq_len 8192");
    EXPECT_HAS(t.launch_command.en, "--max_batch_size 16");
    EXPECT_HAS(t.load_test_command.en, "--max-concurrency 16");
}

// Issue #9: a plan over several nodes gives one command per node with the node count, never
// `--data-parallel-size 25` on one 8-card machine. 25 H100s at TP 1: nodes 1–3 hold 8 replicas, node 4 one.
TEST(Deploy, ReplicasBeyondOneNodeGetOneCommandPerNode) {
    Scenario s = vllm_70b();
    s.model_id = "Llama-3.1-8B";
    s.count = 25;
    s.concurrency = 500;
    const DeployHints h = hints(s);
    const std::string& c = h.launch_command.en;
    EXPECT_LACKS(c, "--data-parallel-size 25");
    EXPECT_HAS(c, "# 4 nodes of 8 cards: 25 replicas of 1 card, one server per node, all behind one load balancer");
    EXPECT_HAS(c, "# nodes 1–3:\nvllm serve meta-llama/Llama-3.1-8B-Instruct --tensor-parallel-size 1 --data-parallel-size 8 ");
    EXPECT_HAS(c, "# node 4:\nvllm serve meta-llama/Llama-3.1-8B-Instruct --tensor-parallel-size 1 --max-model-len");
    EXPECT_HAS(c, "--max-num-seqs 20");  // 500 users over 25 replicas
    EXPECT_HAS(h.load_test_command.en, "--base-url http://<load-balancer>:8000");
    EXPECT_HAS(h.load_test_command.en, "--max-concurrency 500");

    s.engine = "sglang";
    const std::string g = hints(s).launch_command.en;
    EXPECT_HAS(g, "# nodes 1–3:\npython -m sglang.launch_server --model-path meta-llama/Llama-3.1-8B-Instruct --tp 1 --dp 8 ");
    EXPECT_LACKS(g, "--dp 25");
    // A server per node behind one load balancer: each listens on every interface (SGLang binds 127.0.0.1 unless
    // told, trtllm-serve localhost), or the balancer on another node cannot reach it.
    size_t listening = 0;
    for (size_t at = g.find("--host 0.0.0.0"); at != std::string::npos; at = g.find("--host 0.0.0.0", at + 1)) ++listening;
    EXPECT_EQ(listening, 2u) << g;  // nodes 1–3 and node 4

    s.engine = "tensorrt-llm";
    const std::string t = hints(s).launch_command.en;
    EXPECT_HAS(t, "# nodes 1–3:\nCUDA_VISIBLE_DEVICES=0 trtllm-serve");
    EXPECT_HAS(t, "CUDA_VISIBLE_DEVICES=7 trtllm-serve meta-llama/Llama-3.1-8B-Instruct --backend pytorch --tp_size 1");
    EXPECT_HAS(t, "--port 8007");
    EXPECT_HAS(t, " --host 0.0.0.0 --port 8007");
}

// A replica wider than a node (405B in bf16 needs 2 × 8 H100s): the engines' documented multi-node launch.
TEST(Deploy, AReplicaAcrossNodesUsesTheEnginesMultiNodeLaunch) {
    Scenario s = vllm_70b();
    s.model_id = "Llama-3.1-405B";
    s.count.reset();  // the planner's layout
    s.concurrency = 4;
    const Result r = test::estimate_ok(s);
    ASSERT_TRUE(r.planned.has_value());
    ASSERT_GE(r.planned->pp, 2) << "405B bf16 (~810 GB) does not fit one node of 8 × 80 GB";
    const int pp = r.planned->pp, tp = r.planned->tp;
    const std::string& c = r.deploy.launch_command.en;
    EXPECT_HAS(c, "ray start --head --port 6379");
    EXPECT_HAS(c, "ray start --address <head-node-ip>:6379");
    EXPECT_HAS(c, "--tensor-parallel-size " + std::to_string(tp) + " --pipeline-parallel-size " + std::to_string(pp));
    EXPECT_HAS(c, (r.memory.replicas > 1 ? "cards, each across " : "cards across ") + std::to_string(pp) + " nodes");
    EXPECT_HAS(c, pp > 2 ? "# its other " + std::to_string(pp - 1) + " nodes:" : std::string("# its other node:"));
    EXPECT_LACKS(c, "--data-parallel-size");

    s.engine = "sglang";
    const std::string g = hints(s).launch_command.en;
    EXPECT_HAS(g, "--nnodes " + std::to_string(pp) + " --node-rank $NODE_RANK --dist-init-addr <first-node-ip>:5000");
    EXPECT_HAS(g, "--pp-size " + std::to_string(pp));
}

// A GH200 server holds four superchips (hardware.json cards_per_node, CSCS Alps), not the eight of an HGX board:
// the planner's TP stops at 4 and the launch lines count nodes of 4. The 70B chat (TP 2, 4 replicas at the slow
// end) runs two servers of two replicas each, never one server of 8; 405B in FP8 (~410 GB) needs more than one
// node's 4 × 96 GB, so TP 4 × PP 2 across two nodes, where H100 holds it in one node of 8 (TP 8).
TEST(Deploy, Gh200ServersHoldFourCards) {
    Scenario s = vllm_70b();
    s.hardware_id = "nvidia-gh200-96gb";
    s.weights = "fp8";
    s.count.reset();
    s.concurrency = 200;
    s.context_tokens = 8192;
    s.prompt_tokens = 1500;
    s.output_tokens = 300;
    s.targets = {1.0, 20.0};
    const Result chat = test::estimate_ok(s);
    ASSERT_TRUE(chat.planned.has_value());
    EXPECT_LE(chat.planned->tp, 4);
    EXPECT_EQ(chat.planned->pp, 1);
    const std::string& c = chat.deploy.launch_command.en;
    EXPECT_HAS(c, " nodes of 4 cards: ");
    EXPECT_LACKS(c, "nodes of 8 cards");
    EXPECT_HAS(chat.deploy.launch_command.zh, "个节点，每节点 4 张卡：");
    // No server runs more than 4 cards: TP × DP on one line stays within the node.
    EXPECT_HAS(c, "--tensor-parallel-size " + std::to_string(chat.planned->tp) + " --data-parallel-size " +
                      std::to_string(4 / chat.planned->tp));

    s.model_id = "Llama-3.1-405B";
    s.concurrency = 32;
    s.targets = {3.0, 10.0};
    const Result big = test::estimate_ok(s);
    ASSERT_TRUE(big.planned.has_value());
    EXPECT_EQ(big.planned->tp, 4);
    EXPECT_EQ(big.planned->pp, 2);
    EXPECT_HAS(big.deploy.launch_command.en, "--tensor-parallel-size 4 --pipeline-parallel-size 2");
    EXPECT_HAS(big.deploy.launch_command.en, "# 2 nodes of 4 cards: 1 replica of 8 cards across 2 nodes");
    s.hardware_id = "nvidia-h100-sxm-80gb";
    const Result h100 = test::estimate_ok(s);
    ASSERT_TRUE(h100.planned.has_value());
    EXPECT_EQ(h100.planned->tp, 8);
    EXPECT_EQ(h100.planned->pp, 1);
}

// Issue #9: next to the load test, what it should show if the estimate holds (the core's own intervals).
TEST(Deploy, TheLoadTestStatesTheExpectedTtftAndTokensPerUser) {
    for (const char* engine : {"llama.cpp", "ollama", "vllm", "sglang", "tensorrt-llm"}) {
        Scenario s;
        s.engine = engine;
        if (std::string(engine) != "llama.cpp" && std::string(engine) != "ollama") s.weights = "awq-int4";
        const Result r = test::estimate_ok(s);
        const std::string& t = r.deploy.load_test_command.en;
        EXPECT_HAS(t, "--max-concurrency 5");
        // The client's TTFT (the serving path included, speed.hpp kServingPathS), so that a load test's first token
        // reads against the figure itself and the line adds nothing to it.
        EXPECT_HAS(t, "# expected at 5 concurrent users: TTFT p90 " + fmt::seconds(r.performance.ttft_p90_s, "en") + ", " +
                          fmt::interval(r.performance.decode_tps_per_seq, "tokens/s", "en") + " per user");
        EXPECT_LACKS(t, "serving path");
        // The expected figures once, in the language asked for.
        EXPECT_LACKS(t, "# 预期");
        EXPECT_HAS(r.deploy.load_test_command.zh, "# 预期（5 个并发用户）：首字时间 p90 " +
                                                      fmt::seconds(r.performance.ttft_p90_s, "zh") + "，");
    }
    // A first token of seconds reads the same way.
    Scenario long_prompts;
    long_prompts.prompt_tokens = 30000;
    long_prompts.context_tokens = 32768;
    const Result r = test::estimate_ok(long_prompts);
    ASSERT_GT(r.performance.ttft_p90_s.hi, 0.5);
    EXPECT_HAS(r.deploy.load_test_command.en, "TTFT p90 " + fmt::seconds(r.performance.ttft_p90_s, "en") + ", ");
}

namespace {

bool has_cjk(const std::string& text) {
    // UTF-8 lead bytes 0xE3–0xE9 start U+3000–U+9FFF (CJK punctuation and ideographs).
    return std::any_of(text.begin(), text.end(), [](char c) {
        const auto b = static_cast<unsigned char>(c);
        return b >= 0xE3 && b <= 0xE9;
    });
}

// The shell a command runs: each line without its "#" comment (a line that is only a comment is dropped).
std::string without_comments(const std::string& command) {
    std::string out;
    size_t start = 0;
    while (start <= command.size()) {
        size_t end = command.find('\n', start);
        if (end == std::string::npos) end = command.size();
        std::string line = command.substr(start, end - start);
        if (const size_t hash = line.find('#'); hash != std::string::npos) line.erase(hash);
        while (!line.empty() && line.back() == ' ') line.pop_back();
        if (!line.empty()) out += line + "\n";
        start = end + 1;
    }
    return out;
}

// Every "#" comment of a command, one per entry.
std::vector<std::string> comments(const std::string& command) {
    std::vector<std::string> out;
    size_t start = 0;
    while (start <= command.size()) {
        size_t end = command.find('\n', start);
        if (end == std::string::npos) end = command.size();
        const std::string line = command.substr(start, end - start);
        if (const size_t hash = line.find('#'); hash != std::string::npos) out.push_back(line.substr(hash));
        start = end + 1;
    }
    return out;
}

// Scenarios that between them write every comment deploy.cpp has: nodes, node groups, Ray, SGLang and
// TensorRT-LLM multi-node, llama.cpp RPC, instances behind a load balancer, pre-quantized checkpoints,
// GGUF conversion, Ollama's expert offload, transformers serve, vLLM's client for the load test.
std::vector<Scenario> commented_scenarios() {
    std::vector<Scenario> out;
    for (const char* engine : {"vllm", "sglang", "tensorrt-llm", "llama.cpp"}) {
        Scenario wide = vllm_70b();  // a replica across nodes
        wide.model_id = "Llama-3.1-405B";
        wide.count.reset();
        wide.concurrency = 4;
        wide.engine = engine;
        if (std::string(engine) == "llama.cpp") wide.weights = "Q8_0";
        out.push_back(wide);
        Scenario many = vllm_70b();  // replicas over several nodes
        many.model_id = "Llama-3.1-8B";
        many.count = 25;
        many.concurrency = 500;
        many.engine = engine;
        out.push_back(many);
    }
    Scenario trt = vllm_70b();  // several trtllm-serve instances on one node
    trt.engine = "tensorrt-llm";
    trt.count = 4;
    trt.weights = "fp8";
    out.push_back(trt);
    for (const char* engine : {"vllm", "sglang"}) {
        Scenario awq;
        awq.engine = engine;
        awq.weights = "awq-int4";
        out.push_back(awq);
    }
    Scenario convert = vllm_70b();
    convert.engine = "llama.cpp";
    out.push_back(convert);
    Scenario offload = test::scenario("Qwen3-30B-A3B", "Q4_K_M", "ollama", "nvidia-rtx-3090");
    offload.context_tokens = 32768;
    offload.concurrency = 2;
    out.push_back(offload);
    Scenario tf;
    tf.engine = "transformers";
    tf.weights = "bf16";
    out.push_back(tf);
    return out;
}

}  // namespace

// Issue #9: the commands' comments in one language, the one asked for; the shell lines the same in both.
TEST(Deploy, CommentsAreInTheAskedLanguageAndTheCommandLinesAreTheSame) {
    size_t zh_comments = 0;
    for (const Scenario& s : commented_scenarios()) {
        auto r = estimate(test::cat(), s);
        ASSERT_TRUE(r.ok()) << s.model_id << " " << s.engine << ": " << r.error().to_string();
        const std::string where = s.model_id + " on " + s.engine;
        for (const Text* command : {&r->deploy.launch_command, &r->deploy.load_test_command}) {
            EXPECT_EQ(without_comments(command->zh), without_comments(command->en)) << where;
            EXPECT_FALSE(without_comments(command->zh).empty()) << where;
            const std::vector<std::string> zh = comments(command->zh), en = comments(command->en);
            EXPECT_EQ(zh.size(), en.size()) << where << "\n" << command->zh << "\n" << command->en;
            for (const std::string& c : zh) EXPECT_TRUE(has_cjk(c)) << where << ": English comment in zh: " << c;
            for (const std::string& c : en) EXPECT_FALSE(has_cjk(c)) << where << ": Chinese comment in en: " << c;
            zh_comments += zh.size();
        }
    }
    EXPECT_GE(zh_comments, 40u);  // the scenarios above do write comments
}


// A setup that does not fit and that nothing makes run (no expert offload, no raised wiring cap, no careful end):
// the launch lines are what it would run, and the server would stop at start. The launch says so above its command,
// with the memory it needs against what it has, and the load test expects no figures — never a TTFT of 2,000 s for a
// server that never answers. Setups that run keep their expected line, and so do the remedies' own commands.
TEST(Deploy, ASetupThatDoesNotFitSaysSoAndExpectsNoFigures) {
    const Result r = test::estimate_ok(test::golden_scenario("too_big_405b_on_one_4090.json"));
    ASSERT_EQ(r.status, ServingStatus::does_not_fit);
    ASSERT_EQ(r.remedy, FitRemedy::none);
    const std::string needs_en = fmt::interval(r.memory.total_gib, "GiB", "en");
    EXPECT_EQ(r.deploy.launch_command.en.rfind("# does not fit: needs " + needs_en + " of memory, " +
                                                   fmt::number(r.memory.budget_gib, "en") + " GiB usable after headroom; ", 0), 0u)
        << r.deploy.launch_command.en;
    EXPECT_HAS(r.deploy.launch_command.en, "would fail at start (out of memory)");
    EXPECT_HAS(r.deploy.launch_command.en, "\nvllm serve ");  // the command itself stays, under the note
    EXPECT_EQ(r.deploy.launch_command.zh.rfind("# 放不下：显存需要 " + fmt::interval(r.memory.total_gib, "GiB", "zh"), 0), 0u)
        << r.deploy.launch_command.zh;
    EXPECT_LACKS(r.deploy.load_test_command.en, "# expected");
    EXPECT_HAS(r.deploy.load_test_command.en, "# no expected figures: the setup does not fit");
    EXPECT_LACKS(r.deploy.load_test_command.zh, "# 预期");
    EXPECT_HAS(r.deploy.load_test_command.zh, "# 无预期数字：");

    for (const char* name : {"chat_70b_h100_200_users.json", "gpt_oss_120b_h100.json", "mac_deepseek_r1.json"}) {
        SCOPED_TRACE(name);
        const Result ok = test::estimate_ok(test::golden_scenario(name));
        ASSERT_TRUE(ok.status != ServingStatus::does_not_fit || ok.remedy != FitRemedy::none);
        EXPECT_LACKS(ok.deploy.launch_command.en, "# does not fit:");
        EXPECT_LACKS(ok.deploy.load_test_command.en, "no expected figures");
        EXPECT_HAS(ok.deploy.load_test_command.en, "# expected at ");
    }
}

// Ollama does not stop on a model that does not fit: it loads the layers that do not fit into system memory and runs
// them on the CPU (engines.json traits.spills_layers_to_cpu; Ollama's FAQ at github.com/ollama/ollama, `ollama ps` "48%/52% CPU/GPU"). Its
// launch says that, not "would fail at start", and still expects no figures: the CPU part is outside the estimate.
TEST(Deploy, OllamaThatDoesNotFitSaysItSpillsToTheCpu) {
    Scenario s = test::scenario("Llama-3.1-70B", "Q4_K_M", "ollama", "nvidia-rtx-4090", 1);
    s.context_tokens = 4096, s.prompt_tokens = 500, s.output_tokens = 300, s.concurrency = 1;
    const Result r = test::estimate_ok(s);
    ASSERT_EQ(r.status, ServingStatus::does_not_fit);
    ASSERT_EQ(r.remedy, FitRemedy::none);
    EXPECT_HAS(r.deploy.launch_command.en, "Ollama still starts, with the layers that do not fit in system memory on the CPU");
    EXPECT_LACKS(r.deploy.launch_command.en, "would fail at start");
    EXPECT_HAS(r.deploy.launch_command.zh, "Ollama 仍会启动");
    EXPECT_HAS(r.deploy.load_test_command.en, "# no expected figures: the model does not fit, and the part Ollama runs on the CPU");
    EXPECT_LACKS(r.deploy.load_test_command.en, "# expected");

    // The same model on llama.cpp, which allocates what it was told to and stops.
    s.engine = "llama.cpp";
    const Result l = test::estimate_ok(s);
    ASSERT_EQ(l.status, ServingStatus::does_not_fit);
    EXPECT_HAS(l.deploy.launch_command.en, "would fail at start (out of memory)");

    // A Mac has one memory: nothing to spill into. The speed warning on the cards says the same as the launch.
    for (const Text& w : r.warnings) EXPECT_EQ(w.en.find("the model does not load"), std::string::npos) << w.en;
    Scenario mac = test::scenario("Llama-3.1-405B", "Q4_K_M", "ollama", "apple-m2-ultra", 1);
    const Result m = test::estimate_ok(mac);
    ASSERT_EQ(m.status, ServingStatus::does_not_fit);
    EXPECT_LACKS(m.deploy.launch_command.en, "still starts");
}

// A MoE model that loads only with its first layers' experts in host RAM: the launch line carries --n-cpu-moe, so
// the server starts — no "does not fit" note — and the load test expects the split's speeds (DeepSeek-R1 Q4_K_M on
// 2 × H100 PCIe: 5–16 tok/s, TTFT 16–33 s), not those of the setup that does not load; the FAQ's GPU path says so.
TEST(Deploy, AnExpertOffloadLaunchExpectsTheSplitsSpeeds) {
    Scenario s = test::scenario("DeepSeek-R1", "Q4_K_M", "llama.cpp", "nvidia-h100-pcie-80gb", 2);
    s.context_tokens = 8192, s.prompt_tokens = 800, s.output_tokens = 300, s.concurrency = 2;
    s.targets = {10.0, 5.0};
    const Result r = test::estimate_ok(s);
    ASSERT_EQ(r.status, ServingStatus::does_not_fit);
    ASSERT_TRUE(r.offload && r.offload->applicable);
    const std::string n = std::to_string(r.offload->n_cpu_moe_layers);
    EXPECT_HAS(r.deploy.launch_command.en, "--n-cpu-moe " + n);
    EXPECT_LACKS(r.deploy.launch_command.en, "# does not fit:");
    EXPECT_HAS(r.deploy.load_test_command.en, "TTFT p90 " + fmt::seconds(r.offload->ttft_s, "en"));
    EXPECT_HAS(r.deploy.load_test_command.en, fmt::interval(r.offload->decode_tps_per_seq, "tokens/s", "en") + " per user");
    EXPECT_HAS(r.deploy.load_test_command.zh, "每用户 " + fmt::interval(r.offload->decode_tps_per_seq, "token/s", "zh"));
    bool gpu_path = false;
    for (const FaqEntry& f : r.faq)
        gpu_path |= f.answer.en.find("The GPU path (2 × H100 PCIe 80GB, --n-cpu-moe " + n + "): TTFT p90 " +
                                     fmt::seconds(r.offload->ttft_s, "en")) != std::string::npos;
    EXPECT_TRUE(gpu_path);
}

// A context above the model's max_position_embeddings: vLLM and SGLang refuse to start with it unless their variable
// allows it, so the launch sets it and says why; within the maximum neither appears. The memory's "max context" is no
// longer capped below a context that fits ("fits: yes" beside "max context 262144" at 1M).
TEST(Deploy, AContextAboveTheModelsMaximumSetsTheEnginesOverride) {
    Scenario s = test::scenario("Qwen3-30B-A3B-Thinking-2507", "fp8", "vllm", "nvidia-h200-sxm-141gb", 2);
    s.context_tokens = 1000000, s.prompt_tokens = 900000, s.output_tokens = 8000, s.concurrency = 1;
    const Result r = test::estimate_ok(s);
    const Context ctx = test::resolve_ok(s);
    ASSERT_LT(ctx.model.max_context, s.context_tokens);
    ASSERT_TRUE(r.fit.fits);
    EXPECT_GE(r.fit.max_context.lo, double(s.context_tokens));
    EXPECT_HAS(r.deploy.launch_command.en, "\nVLLM_ALLOW_LONG_MAX_MODEL_LEN=1 vllm serve ");
    EXPECT_HAS(r.deploy.launch_command.en, "the engine refuses to start without VLLM_ALLOW_LONG_MAX_MODEL_LEN=1");
    EXPECT_HAS(r.deploy.launch_command.zh, "引擎会拒绝启动");
    s.engine = "sglang";
    const Result g = test::estimate_ok(s);
    EXPECT_HAS(g.deploy.launch_command.en, "SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN=1 python -m sglang.launch_server");

    s.engine = "vllm";
    s.context_tokens = ctx.model.max_context;
    s.prompt_tokens = ctx.model.max_context / 2;
    const Result within = test::estimate_ok(s);
    EXPECT_LACKS(within.deploy.launch_command.en, "VLLM_ALLOW_LONG_MAX_MODEL_LEN");
}

// Two Macs that hold a 405B model together are two machines: llama.cpp's RPC backend lends the second one's memory
// (rpc-server there, --rpc on the first), as across the nodes of discrete cards. The launch was one llama-server on one
// host with --split-mode layer, which cannot reach the other machine's memory.
TEST(Deploy, TwoMacsLendTheirMemoryThroughRpc) {
    Scenario s = test::scenario("Llama-3.1-405B", "Q4_K_M", "llama.cpp", "apple-m2-ultra", 2);
    s.context_tokens = 8192, s.prompt_tokens = 1024, s.output_tokens = 256, s.concurrency = 1;
    s.targets = {60.0, 2.0};
    const Result r = test::estimate_ok(s);
    ASSERT_TRUE(r.fit.fits) << "precondition: the two machines' memory holds it";
    EXPECT_HAS(r.deploy.launch_command.en, "# machine 2 (llama.cpp built with -DGGML_RPC=ON):\nrpc-server -H 0.0.0.0 -p 50052\n# machine 1:\nllama-server ");
    EXPECT_HAS(r.deploy.launch_command.en, " --rpc <machine-2>:50052");
    EXPECT_HAS(r.deploy.launch_command.zh, "# 机器 2（llama.cpp 以 -DGGML_RPC=ON 编译）：");
    s.count = 1;
    s.model_id = "Llama-3.1-70B";
    EXPECT_LACKS(test::estimate_ok(s).deploy.launch_command.en, "--rpc");
}

// Ollama cannot lend one Mac's memory to another's model (no RPC backend): on two Macs it runs a server on each, a
// whole copy per Mac, where llama.cpp holds one copy across both. Before, the two Macs' memory was pooled for Ollama
// too: 405B Q4_K_M (233 GiB) "fit" two M2 Ultras that no Ollama setup can load it on.
TEST(Deploy, OllamaRunsOneServerPerMacWhereLlamaCppSpansThem) {
    Scenario s = test::scenario("Llama-3.1-405B", "Q4_K_M", "ollama", "apple-m2-ultra", 2);
    s.context_tokens = 8192, s.prompt_tokens = 1024, s.output_tokens = 256, s.concurrency = 1;
    s.targets = {60.0, 2.0};
    const Result ollama = test::estimate_ok(s);
    EXPECT_EQ(ollama.memory.replicas, 2);
    EXPECT_EQ(ollama.performance.tp, 1);
    EXPECT_FALSE(ollama.fit.fits);
    EXPECT_EQ(ollama.status, ServingStatus::does_not_fit);
    EXPECT_GT(ollama.memory.total_gib.lo, 200.0);                 // one copy of 405B at 4.8 bits
    EXPECT_LT(ollama.memory.budget_gib, 192.0);                   // one Mac's memory, not two
    const std::string warning_en = "Ollama cannot spread one model over machines: 2 servers, each Mac holding a whole copy, "
                                   "behind a load balancer; to hold one model across machines, use llama.cpp's RPC backend.";
    EXPECT_NE(std::find_if(ollama.warnings.begin(), ollama.warnings.end(), [&](const Text& w) { return w.en == warning_en; }),
              ollama.warnings.end());
    EXPECT_NE(std::find_if(ollama.warnings.begin(), ollama.warnings.end(),
                           [&](const Text& w) { return w.zh.rfind("Ollama 不能把一个模型分到几台机器上：2 个服务，每台 Mac 各放一份完整模型", 0) == 0; }),
              ollama.warnings.end());
    s.engine = "llama.cpp";
    const Result llama = test::estimate_ok(s);
    EXPECT_EQ(llama.memory.replicas, 1);
    EXPECT_EQ(llama.performance.tp, 2);
    EXPECT_TRUE(llama.fit.fits);

    // A model one Mac holds: each of the two Ollama servers serves its share of the users, as one Mac alone would.
    Scenario two = test::scenario("Llama-3.1-70B", "Q4_K_M", "ollama", "apple-m2-max", 2);
    two.context_tokens = 8192, two.prompt_tokens = 1000, two.output_tokens = 300, two.concurrency = 2;
    Scenario one = two;
    one.count = 1, one.concurrency = 1;
    const Result r2 = test::estimate_ok(two), r1 = test::estimate_ok(one);
    ASSERT_TRUE(r2.fit.fits);
    EXPECT_EQ(r2.memory.replicas, 2);
    EXPECT_EQ(r2.performance.decode_tps_per_seq.lo, r1.performance.decode_tps_per_seq.lo);
    EXPECT_EQ(r2.performance.decode_tps_per_seq.hi, r1.performance.decode_tps_per_seq.hi);
    EXPECT_HAS(r2.deploy.launch_command.en,
               "# 2 machines, one server each, behind a load balancer; on each:\nOLLAMA_HOST=0.0.0.0 OLLAMA_NUM_PARALLEL=1 ");
    EXPECT_HAS(r2.deploy.load_test_command.en, "--base-url http://<load-balancer>:11434");

    // The wiring cap to raise is one Mac's (70B Q8_0: 74–75 GiB on a 96 GB M2 Max), not half of the two Macs' need.
    two.weights = "Q8_0";
    const Result q8 = test::estimate_ok(two);
    // The decision rows describe the same two servers: the gpu row's TTFT is the speed table's (it read "97–156 s",
    // every user on one Mac, beside the table's 16–21 s).
    for (const DecisionRow& row : q8.decision)
        if (row.option == DecisionOption::gpu) {
            EXPECT_HAS(row.reason.en, "TTFT (p90) " + fmt::seconds(q8.performance.ttft_p90_s, "en"));
        }
    const auto mib = raised_wired_limit_mib(test::resolve_ok(two), q8.memory, q8.count);
    ASSERT_TRUE(mib.has_value());
    EXPECT_GT(double(*mib), q8.memory.total_gib.hi * 1024.0);
    EXPECT_LT(double(*mib), 96.0 * 1024.0);
    EXPECT_HAS(q8.verdict.en, "sudo sysctl iogpu.wired_limit_mb=" + std::to_string(*mib));

    // On GPU servers the machine is a node: 16 RTX 4090 (8 a node) run two Ollama servers, and a ninth card beyond
    // the first node's eight stays idle, where llama.cpp spans them all.
    Scenario cards = test::scenario("Llama-3.1-70B", "Q4_K_M", "ollama", "nvidia-rtx-4090", 16);
    cards.concurrency = 8;
    const Result sixteen = test::estimate_ok(cards);
    EXPECT_EQ(sixteen.memory.replicas, 2);
    EXPECT_EQ(sixteen.performance.tp, 8);
    cards.count = 9;
    const Result nine = test::estimate_ok(cards);
    EXPECT_EQ(nine.memory.replicas, 1);
    EXPECT_NE(std::find_if(nine.warnings.begin(), nine.warnings.end(),
                           [](const Text& w) { return w.en == "1 of your 9 cards stay idle: Ollama runs a server on one node's cards (8), so 8 are used."; }),
              nine.warnings.end());
    cards.engine = "llama.cpp";
    EXPECT_EQ(test::estimate_ok(cards).performance.tp, 9);
}

// A setup whose engine cannot serve the weight format on its hardware at all runs nothing, whatever its memory and
// speed figures say: the judge says does_not_fit with the reason (Result::cannot_run), the headline, the decision rows
// and the launch line say it cannot run, the targets are not judged, and the memory badge still says what memory
// holds. Before, each read "is enough" beside a warning that the engine could not run it.
TEST(Deploy, AnEngineThatCannotRunTheSetupIsJudgedSo) {
    struct Case {
        const char *model, *weights, *engine, *hw, *why_en;
    };
    for (const Case& c : {Case{"Qwen2.5-32B", "fp8", "tensorrt-llm", "nvidia-a100-sxm-80gb",
                               "A100 SXM4 80GB cannot run FP8 (Ampere): choose an int4/int8 or 16-bit format"},
                          Case{"Llama-3.1-8B", "Q4_K_M", "sglang", "nvidia-rtx-4090", "SGLang cannot run the weight format Q4_K_M"},
                          Case{"Qwen2.5-7B", "fp8", "tensorrt-llm", "amd-mi300x-192gb",
                               "TensorRT-LLM runs only on NVIDIA cards, and Instinct MI300X 192GB is AMD's"},
                          Case{"Qwen2.5-7B", "bf16", "tensorrt-llm", "desktop-ddr4-3200-2ch",
                               "TensorRT-LLM does not run on this kind of hardware (cpu)"}}) {
        Scenario s = test::scenario(c.model, c.weights, c.engine, c.hw, 1);
        s.context_tokens = 8192, s.prompt_tokens = 1000, s.output_tokens = 300, s.concurrency = 4;
        const Result r = test::estimate_ok(s);
        SCOPED_TRACE(std::string(c.engine) + " " + c.weights + " on " + c.hw);
        EXPECT_EQ(r.status, ServingStatus::does_not_fit);
        EXPECT_EQ(r.remedy, FitRemedy::none);
        ASSERT_TRUE(r.cannot_run.has_value());
        EXPECT_EQ(r.cannot_run->en, c.why_en);
        EXPECT_HAS(r.verdict.en, " cannot run this setup: " + std::string(c.why_en));
        EXPECT_HAS(r.verdict.zh, " 跑不了这个配置：" + r.cannot_run->zh);
        EXPECT_EQ(judge_target(r, r.targets_met.ttft, r.targets_met.ttft_at_best), TargetJudgement::not_judged_cannot_run);
        EXPECT_HAS(r.deploy.launch_command.en, "# cannot run: " + std::string(c.why_en));
        EXPECT_HAS(r.deploy.load_test_command.en, "# no expected figures: the engine cannot run this setup");
        int rows = 0;
        for (const std::vector<DecisionRow>* table : {&r.decision, &r.scenarios})
            for (const DecisionRow& row : *table)
                if (row.option == DecisionOption::gpu || row.option == DecisionOption::personal ||
                    row.option == DecisionOption::offline_batch) {
                    // On a CPU the rows are the planner's pick (gpu) and llama.cpp in place of the engine: theirs to judge.
                    if (test::hardware(c.hw).is_cpu()) continue;
                    EXPECT_EQ(row.verdict, Verdict::no) << row.reason.en;
                    EXPECT_HAS(row.reason.en, "cannot run it: " + std::string(c.why_en));
                    ++rows;
                }
        EXPECT_GE(rows, test::hardware(c.hw).is_cpu() ? 0 : 3);
        const nlohmann::json j = result_to_json(r, "en");
        EXPECT_EQ(j["status"], "does_not_fit");
        EXPECT_EQ(j["cannot_run"], c.why_en);
        // The planner never offers a card the engine cannot run on (TensorRT-LLM: no AMD or Intel rows).
        for (const PlanRow& row : r.plan)
            if (row.meets_targets) {
                EXPECT_EQ(test::hardware(row.hardware).vendor, "NVIDIA") << row.hardware;
            }
        if (std::string(c.hw) == "nvidia-rtx-4090") {
            EXPECT_EQ(memory_verdict(r), Verdict::yes);  // memory holds it
        }
    }
    // A Mac the engine cannot run keeps its own speeds: the raised wiring cap is a remedy for a setup that runs, and
    // speeds recomputed with it at one load and not at another made more users look faster (a property the wasm
    // build's random scenarios caught: SGLang on an M4, 2 → 4 users, TTFT 11.3 → 10.7 s).
    Scenario mac = test::scenario("Qwen3-1.7B", "nvfp4", "sglang", "apple-m4", 1);
    mac.context_tokens = 33536, mac.prompt_tokens = 3125, mac.output_tokens = 15205, mac.concurrency = 2;
    mac.headroom = 0.0319;
    mac.colocated = {{"bge-m3", 0.568, "fp16"}};
    const Result two = test::estimate_ok(mac);
    mac.concurrency = 4;
    const Result four = test::estimate_ok(mac);
    ASSERT_TRUE(two.cannot_run && four.cannot_run);
    EXPECT_GE(four.performance.ttft_s.hi, two.performance.ttft_s.hi);
    EXPECT_GE(four.performance.ttft_s.lo, two.performance.ttft_s.lo);

    // A setup that runs has none: the JSON says null.
    const Result fine = test::estimate_ok(test::scenario("Llama-3.1-8B", "bf16", "vllm", "nvidia-h100-sxm-80gb", 1));
    EXPECT_FALSE(fine.cannot_run.has_value());
    EXPECT_TRUE(result_to_json(fine, "en")["cannot_run"].is_null());
}

// `--quantization fp8` quantizes a 16-bit checkpoint as it loads, after loading it at 16 bits: 405B on 8 H100 needs
// 94 GiB a card for that, more than the card, so the line says to serve an FP8 checkpoint; 70B at TP 2 (66 GiB a
// card) starts as written. TensorRT-LLM reads FP8 only from an FP8 checkpoint: its line says so beside the FP8 KV.
TEST(Deploy, OnlineFp8QuantizationSaysWhenThe16BitWeightsDoNotLoad) {
    Scenario big = test::scenario("Llama-3.1-405B", "fp8", "vllm", "nvidia-h100-sxm-80gb", 8);
    big.context_tokens = 16384, big.prompt_tokens = 2000, big.output_tokens = 500, big.concurrency = 50;
    const std::string v = hints(big).launch_command.en;
    EXPECT_HAS(v, "--quantization fp8  # its 16-bit weights are 94 GiB a card, over the card's ");
    EXPECT_HAS(v, "serve an FP8 checkpoint of meta-llama/Llama-3.1-405B-Instruct instead, without the flag");
    EXPECT_HAS(hints(big).launch_command.zh, "--quantization fp8 会先按 16 位加载而放不下");
    big.engine = "sglang";
    EXPECT_HAS(hints(big).launch_command.en, "--quantization fp8  # its 16-bit weights are 94 GiB a card");
    big.engine = "tensorrt-llm";
    const std::string t = hints(big).launch_command.en;
    EXPECT_HAS(t, "  # load the fp8 checkpoint of meta-llama/Llama-3.1-405B-Instruct (its quantization_config is read)");
    EXPECT_HAS(t, "  # FP8 KV: kv_cache_config: {dtype: fp8} in --extra_llm_api_options");

    Scenario fits = vllm_70b();
    fits.weights = "fp8";
    const std::string f = hints(fits).launch_command.en;
    EXPECT_HAS(f, "--quantization fp8");
    EXPECT_LACKS(f, "16-bit weights");
}

// DeepSeek-R1 is published in FP8 (models.json published_weights, from DeepSeek-V3's README: "we only provide FP8
// weights") and gpt-oss in MXFP4: served in that format, the repository is the checkpoint — no `--quantization fp8`
// and no "its 16-bit weights do not load" (R1's 16-bit copy would be 156 GiB a card on 8 H200, and it does not
// exist). Served at 16 bits, the engines would still load the FP8 quantization_config whatever --dtype says: the
// line says to convert first. Llama-3.1-70B, published at 16 bits, keeps the flag.
TEST(Deploy, AModelPublishedInTheServedFormatLoadsAsItIs) {
    Scenario r1 = test::scenario("DeepSeek-R1", "fp8", "vllm", "nvidia-h200-sxm-141gb", 8);
    r1.context_tokens = 8192, r1.prompt_tokens = 2000, r1.output_tokens = 1000, r1.concurrency = 32;
    for (const char* engine : {"vllm", "sglang", "tensorrt-llm"}) {
        r1.engine = engine;
        const DeployHints h = hints(r1);
        EXPECT_LACKS(h.launch_command.en, "--quantization");
        EXPECT_LACKS(h.launch_command.en, "16-bit weights");
        EXPECT_HAS(h.launch_command.en, "  # load the fp8 checkpoint of deepseek-ai/DeepSeek-R1 (its quantization_config is read)");
        EXPECT_HAS(h.launch_command.zh, "  # 加载 deepseek-ai/DeepSeek-R1 的 fp8 检查点（读取其 quantization_config）");
    }
    Scenario oss = test::scenario("gpt-oss-120b", "mxfp4", "vllm", "nvidia-h100-sxm-80gb", 1);
    EXPECT_HAS(hints(oss).launch_command.en, "vllm serve openai/gpt-oss-120b --tensor-parallel-size 1");
    EXPECT_LACKS(hints(oss).launch_command.en, "--quantization");

    r1.weights = "bf16";
    r1.count = 16;
    for (const char* engine : {"vllm", "sglang", "tensorrt-llm"}) {
        r1.engine = engine;
        const DeployHints h = hints(r1);
        EXPECT_HAS(h.launch_command.en, "  # deepseek-ai/DeepSeek-R1 publishes fp8 weights: convert them to bf16 first and "
                                        "serve the converted directory");
        EXPECT_HAS(h.launch_command.zh, "  # deepseek-ai/DeepSeek-R1 发布的是 fp8 权重：先转成 bf16 再用转换后的目录启动");
        EXPECT_LACKS(h.launch_command.en, "load the");
    }
    oss.weights = "bf16";
    EXPECT_HAS(hints(oss).launch_command.en, "openai/gpt-oss-120b publishes mxfp4 weights: convert them to bf16 first");

    // A model published at 16 bits keeps the online quantization and has neither note.
    Scenario llama = vllm_70b();
    llama.weights = "fp8";
    for (const char* engine : {"vllm", "sglang"}) {
        llama.engine = engine;
        const std::string c = hints(llama).launch_command.en;
        EXPECT_HAS(c, " --quantization fp8");
        EXPECT_LACKS(c, "publishes");
        EXPECT_LACKS(c, "load the");
    }
    llama.weights = "bf16";
    EXPECT_LACKS(hints(llama).launch_command.en, "publishes");
}

// A pasted config.json says the same through its quantization_config: DeepSeek-V3's ("quant_method": "fp8") served in
// FP8 loads as it is (the published config has no _name_or_path: the repository is named as the page would take it).
TEST(Deploy, APastedQuantizedConfigLoadsAsItIs) {
    const nlohmann::json config = test::read_json(test::test_data_path("hf_configs/DeepSeek-V3.json"));
    Scenario v3 = test::scenario("DeepSeek-V3", "fp8", "vllm", "nvidia-h200-sxm-141gb", 8);
    v3.model_id.clear();
    v3.model_custom = model_from_hf_config(config, "DeepSeek-V3", "scenario.model.hf_config").value();
    v3.model_custom->hf_id = "deepseek-ai/DeepSeek-V3";
    v3.context_tokens = 8192, v3.prompt_tokens = 2000, v3.output_tokens = 1000, v3.concurrency = 32;
    const DeployHints h = hints(v3);
    EXPECT_LACKS(h.launch_command.en, "--quantization");
    EXPECT_HAS(h.launch_command.en, "  # load the fp8 checkpoint of deepseek-ai/DeepSeek-V3 (its quantization_config is read)");
}
