// Speed calibration: every decode / prefill / server-throughput / TTFT record of
// tests/data/calibration/measurements.json mapped to a scenario of the bundled catalog (an explicit table:
// record id → model, format, engine, hardware, cards, batch/concurrency, context), estimated, printed, and
// judged by coverage: decode inside its interval ≥ 80% with a median hi/lo ≤ 1.8; prefill and saturated
// throughput inside ≥ 60%. Records whose model or hardware the catalog lacks are skipped with the reason.
//
// The efficiency ranges in data/engines.json were fitted on the STRUCTURE these records show (η by hardware
// class and format bit-width, a fixed per-step t0, a per-sequence host cost t_seq per step, an MFU curve over
// prompt length), not on single points; a held-out half of the measurements is judged the same way. Server
// records (TensorRT-LLM trtllm-bench, vLLM v0.5.4 benchmark_serving) count as saturated throughput at the
// engine's running cap: the vLLM ones sit at the slow end of vLLM's t_seq range, TensorRT-LLM's near t_seq 0.
#include "memory.hpp"
#include "speed.hpp"
#include "support.hpp"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <vector>

using namespace infersizer;

namespace {

enum class Kind { decode, prefill, throughput, ttft };

struct Mapping {
    std::string id;
    Kind kind;
    std::string model;     // catalog id, or "" with custom set
    std::string weights;
    std::string engine;
    std::string hardware;  // catalog id
    int count = 1;
    int64_t batch = 1;       // decode: sequences in the step; throughput/ttft: concurrency
    int64_t position = 0;    // decode: KV position of the average generated token
    int64_t prompt = 0;      // prefill / throughput / ttft
    int64_t output = 0;      // throughput / ttft
    std::string kv;          // "" = engine default
    std::optional<int64_t> max_num_seqs;  // engine version's cap when the record states or implies it
    int64_t v0_budget = 0;   // > 0: vLLM V0's scheduler (prefills before decodes, no chunking, this many
                             // tokens per step: max_model_len), where engines.json describes V1
    bool custom_llama2 = false;
    std::string skip;        // non-empty: why the record is not estimated
};

Mapping make_mapping(std::string id, Kind kind, std::string model = "", std::string weights = "",
                     std::string engine = "", std::string hardware = "", int count = 1) {
    Mapping m;
    m.id = std::move(id);
    m.kind = kind;
    m.model = std::move(model);
    m.weights = std::move(weights);
    m.engine = std::move(engine);
    m.hardware = std::move(hardware);
    m.count = count;
    return m;
}

// meta-llama/Llama-2-7b-hf config.json (published): 32 layers, hidden 4096, 32 heads (MHA), FFN 11008,
// vocab 32000, 4096 positions; 6.74B parameters (llama.cpp log quoted in the records).
ModelArch llama2_7b() {
    ModelArch m;
    m.id = "Llama-2-7B";
    m.hf_id = "meta-llama/Llama-2-7b-hf";
    m.family = "Llama 2";
    m.model_type = "llama";
    m.n_layers = 32;
    m.hidden = 4096;
    m.n_heads = 32;
    m.n_kv_heads = 32;
    m.head_dim = 128;
    m.vocab = 32000;
    m.intermediate = 11008;
    m.max_context = 4096;
    m.published_total_params = 6.74e9;
    m.params_basis = "computed";
    m.source = "meta-llama/Llama-2-7b-hf config.json";
    return m;
}

// ShareGPT mean answer for vLLM's benchmarks: 179 tokens (vLLM blog 2024-09-05 "perf-update": 500 ShareGPT
// prompts with a fixed seed, "average input tokens: 202, average output tokens: 179").
constexpr int64_t kShareGptOutput = 179;
// vLLM v0.5.4 (S016–S021, T002) ran at most 256 sequences (its max_num_seqs default; LambdaLabsML/
// vllm-benchmark benchmark_v0.md: "For all tests, we set max-num-seq=256").
constexpr int64_t kVllm054MaxSeqs = 256;

// The S016–S021 runs' own mean lengths, from the result files of the same model, GPU and 320-prompt ShareGPT
// sample (LambdaLabsML/vllm-benchmark results/prompt_320/*, vLLM v0.5.4, 2024-08-19; total_input_tokens and
// total_output_tokens / 320, derived). benchmark_serving lets the model stop at its end-of-sequence token,
// so the answers depend on the model: the base Llama-3.1-8B-FP8 stops at once on a third of the prompts.
struct ShareGptRun {
    int64_t prompt;
    int64_t output;
};
constexpr ShareGptRun kLlama31_8bBase{205, 139};   // 65,578 in / 44,463 out (1xH100, len 8000)
constexpr ShareGptRun kLlama31_70bInst{206, 191};  // 65,814 / 61,007 (2xH100 TP2, len 8000)
constexpr ShareGptRun kMistral7bInst{230, 224};    // 73,671 / 71,810 (1xH100, len 2000: S020's own run)
constexpr ShareGptRun kMixtralInst{230, 218};      // 73,671 / 69,771 (2xH100 TP2, len 16000)

std::vector<Mapping> mappings() {
    const std::string no_spark = "NVIDIA DGX Spark (GB10) is not in the catalog";
    std::vector<Mapping> v;
    v.reserve(128);  // helpers return pointers into v
    auto decode = [&](std::string id, std::string model, std::string w, std::string e, std::string hw, int n,
                      int64_t pos) {
        Mapping m = make_mapping(std::move(id), Kind::decode, std::move(model), std::move(w), std::move(e), std::move(hw), n);
        m.position = pos;
        v.push_back(m);
        return &v.back();
    };
    auto skip = [&](std::string id, Kind k, std::string why) {
        Mapping m = make_mapping(std::move(id), k);
        m.skip = std::move(why);
        v.push_back(m);
    };
    // llama-bench tgN generates N tokens from an empty context: the average token sits at N/2.
    // LLaMA 3 8B/70B share Llama-3.1's shape (only rope scaling and max context differ).
    decode("D002", "Llama-3.1-8B", "Q4_K_M", "llama.cpp", "nvidia-rtx-4090", 1, 4096);
    decode("D005", "Llama-3.1-8B", "F16", "llama.cpp", "nvidia-rtx-3090", 1, 256);
    skip("D006", Kind::decode, "RTX 3070 is not in the catalog");
    decode("D007", "Llama-3.1-8B", "F16", "llama.cpp", "nvidia-rtx-4080", 1, 256);
    decode("D008", "Llama-3.1-70B", "Q4_K_M", "llama.cpp", "nvidia-rtx-4090", 2, 256);
    decode("D009", "Llama-3.1-70B", "Q4_K_M", "llama.cpp", "nvidia-rtx-3090", 2, 256);
    decode("D010", "Llama-3.1-70B", "F16", "llama.cpp", "nvidia-rtx-3090", 6, 256);
    decode("D012", "Llama-3.1-8B", "Q4_K_M", "llama.cpp", "apple-m1-max", 1, 256);
    decode("D014", "Llama-3.1-8B", "Q4_K_M", "llama.cpp", "apple-m2-ultra", 1, 256);
    decode("D015", "Llama-3.1-70B", "Q4_K_M", "llama.cpp", "apple-m2-ultra", 1, 256);
    // "M3 Max 40-core GPU": the 16-core-CPU M3 Max (400 GB/s).
    decode("D017", "Llama-3.1-8B", "Q4_K_M", "llama.cpp", "apple-m3-max-16c", 1, 256);
    skip("D020", Kind::decode, no_spark);
    skip("D021", Kind::decode, no_spark);
    skip("D023", Kind::decode, no_spark);
    decode("D026", "DeepSeek-R1", "Q4_K_M", "llama.cpp", "apple-m3-ultra", 1, 64);
    skip("D028", Kind::decode, "laptop CPU (Ryzen AI 5 340) with unstated RAM: no catalog platform");
    // Ollama's deepseek-r1:14b tag is the Qwen-14B distill at Ollama's default Q4_K_M; obench's prompts are
    // short, the answers a few hundred tokens (average position taken as 256).
    decode("D029", "DeepSeek-R1-Distill-Qwen-14B", "Q4_K_M", "ollama", "nvidia-rtx-4090", 1, 256);
    decode("D030", "DeepSeek-R1-Distill-Qwen-14B", "Q4_K_M", "ollama", "apple-m3-ultra", 1, 256);
    skip("D031", Kind::decode, "Raspberry Pi 5 is not in the catalog");
    // llama-bench default -p 512 -n 128 (tg128 runs from an empty context).
    decode("D033", "DeepSeek-R1-Distill-Qwen-32B", "Q4_K_M", "llama.cpp", "nvidia-rtx-3090", 4, 64);
    skip("D035", Kind::decode, "DDR4-3600 desktop: the catalog's dual-channel DDR4 platform is 3200 MT/s");
    skip("D039", Kind::decode, "Ryzen 7 8840U mini-PC with unstated RAM: no catalog platform");
    decode("D043", "", "Q8_0", "llama.cpp", "apple-m1-max", 1, 64)->custom_llama2 = true;
    decode("D047", "", "Q4_0", "llama.cpp", "apple-m2-ultra", 1, 64)->custom_llama2 = true;
    decode("D049", "", "Q4_0", "llama.cpp", "apple-m4", 1, 64)->custom_llama2 = true;
    decode("D050", "", "F16", "llama.cpp", "apple-m4", 1, 64)->custom_llama2 = true;
    decode("D051", "", "Q4_0", "llama.cpp", "apple-m4-pro", 1, 64)->custom_llama2 = true;
    decode("D053", "", "Q8_0", "llama.cpp", "apple-m4-max-16c", 1, 64)->custom_llama2 = true;
    decode("D054", "", "Q4_0", "llama.cpp", "apple-m3-ultra", 1, 64)->custom_llama2 = true;
    skip("D060", Kind::decode, "RTX 5060 Ti is not in the catalog");
    skip("D062", Kind::decode, "Llama-3.2-90B-Vision is not in the catalog");
    // One user of a mixture of experts on GeForce cards (llama.cpp CUDA, PRs' benchmark tables): the records that set
    // llama.cpp's MoE layer fixed cost (engines.json t_moe_layer_ms). tg128 runs from an empty context (mean position 64);
    // "-ub 1 -p N" runs the prompt one token per forward (the generation kernels), mean position N/2.
    decode("D063", "Qwen3-30B-A3B", "Q4_0", "llama.cpp", "nvidia-rtx-4090", 1, 64);
    decode("D064", "gpt-oss-20b", "mxfp4", "llama.cpp", "nvidia-rtx-4090", 1, 64);
    decode("D065", "Qwen3-30B-A3B", "Q4_0", "llama.cpp", "nvidia-rtx-4090", 1, 2048);
    decode("D066", "gpt-oss-20b", "mxfp4", "llama.cpp", "nvidia-rtx-3090", 1, 2048);
    decode("D067", "DeepSeek-V2-Lite", "Q4_0", "llama.cpp", "nvidia-rtx-3090", 1, 256);

    auto prefill = [&](std::string id, std::string model, std::string w, std::string e, std::string hw, int n,
                       int64_t prompt) {
        Mapping m = make_mapping(std::move(id), Kind::prefill, std::move(model), std::move(w), std::move(e), std::move(hw), n);
        m.prompt = prompt;
        v.push_back(m);
        return &v.back();
    };
    prefill("P002", "Llama-3.1-70B", "Q4_K_M", "llama.cpp", "nvidia-rtx-4090", 2, 512);
    prefill("P004", "Llama-3.1-8B", "Q4_K_M", "llama.cpp", "apple-m2-ultra", 1, 512);
    skip("P005", Kind::prefill, no_spark);
    prefill("P008", "Llama-3.3-70B", "Q4_K_M", "llama.cpp", "apple-m3-ultra", 1, 512);
    prefill("P009", "DeepSeek-R1", "Q4_K_M", "llama.cpp", "apple-m3-ultra", 1, 512);
    skip("P010", Kind::prefill, "AMD Ryzen AI MAX 385 (Strix Halo) is not in the catalog");
    prefill("P014", "", "Q4_0", "llama.cpp", "apple-m3-max-16c", 1, 512)->custom_llama2 = true;
    prefill("P015", "", "Q4_0", "llama.cpp", "apple-m4", 1, 512)->custom_llama2 = true;
    prefill("P016", "", "Q4_0", "llama.cpp", "apple-m4-pro", 1, 512)->custom_llama2 = true;

    auto server = [&](std::string id, Kind k, std::string model, std::string w, std::string e, std::string hw,
                      int n, int64_t concurrency, int64_t prompt, int64_t output) {
        Mapping m = make_mapping(std::move(id), k, std::move(model), std::move(w), std::move(e), std::move(hw), n);
        m.batch = concurrency;
        m.prompt = prompt;
        m.output = output;
        v.push_back(m);
        return &v.back();
    };
    skip("S001", Kind::throughput, no_spark);
    skip("S002", Kind::throughput, no_spark);
    // trtllm-bench offline max-throughput: requests fed at an infinite rate (concurrency = requests), fixed
    // ISL/OSL. The NVIDIA ModelOpt checkpoints (nvidia/*-FP8, *-FP4) quantize the KV cache to FP8 too
    // (kv_cache_quant_algo in their hf_quant_config.json, which trtllm-bench applies).
    for (auto* m : {server("S003", Kind::throughput, "Llama-3.1-8B", "fp8", "tensorrt-llm", "nvidia-h100-sxm-80gb", 1,
                           30000, 128, 128),
                    server("S005", Kind::throughput, "Llama-3.1-8B", "fp8", "tensorrt-llm", "nvidia-h200-sxm-141gb", 1,
                           3000, 1000, 1000),
                    server("S006", Kind::throughput, "Llama-3.1-8B", "fp8", "tensorrt-llm", "nvidia-h100-sxm-80gb", 1,
                           3000, 2048, 128),
                    server("S008", Kind::throughput, "Llama-3.3-70B", "fp8", "tensorrt-llm", "nvidia-h100-sxm-80gb", 2,
                           3000, 1000, 1000),
                    server("S013", Kind::throughput, "Qwen3-30B-A3B", "nvfp4", "tensorrt-llm", "nvidia-b200-180gb", 1,
                           3000, 1000, 1000)})
        m->kv = "fp8";
    // vLLM v0.5.4 benchmark_serving: 320 ShareGPT prompts sent at once (request rate inf), at most 256 running
    // (max-num-seq 256). Counted as saturated throughput at 256 sequences with each run's mean lengths. The
    // same report's long v0.5.4 run (benchmark_v0.md "vLLM v0.5.4 v.s. v0.6.0": Llama 3.1 8B, TP1, 5000 prompts,
    // 256 sequences, GPU not stated in that table: 3032 output tokens/s) stays at the 320-prompt figure (3400 on
    // one H100), so the tail of a finite run does not explain the gap to the roofline: v0.5.4's per-sequence host
    // work does (engines.json t_seq_ms; "only 38% of the time was spent on the actual GPU execution", vLLM blog
    // 2024-09-05). The runs' inter-token latencies (19.75 ms median for S016) are the step at the running batch,
    // which drains as answers end; they are not a separate record here.
    // The runs' max_model_len (the result files' names: len8000, len2000, len16000) is V0's prefill budget.
    auto sharegpt = [&](std::string id, std::string model, std::string w, std::string hw, int n, ShareGptRun run,
                        int64_t len) {
        Mapping* m = server(std::move(id), Kind::throughput, std::move(model), std::move(w), "vllm", std::move(hw), n,
                            kVllm054MaxSeqs, run.prompt, run.output);
        m->max_num_seqs = kVllm054MaxSeqs;
        m->v0_budget = len;
    };
    sharegpt("S016", "Llama-3.1-8B", "fp8", "nvidia-h100-sxm-80gb", 1, kLlama31_8bBase, 8000);
    sharegpt("S017", "Llama-3.1-8B", "fp8", "nvidia-a100-sxm-80gb", 1, kLlama31_8bBase, 8000);
    sharegpt("S018", "Llama-3.1-70B", "fp8", "nvidia-h100-sxm-80gb", 2, kLlama31_70bInst, 8000);
    sharegpt("S020", "Mistral-7B-v0.3", "bf16", "nvidia-h100-sxm-80gb", 1, kMistral7bInst, 2000);
    sharegpt("S021", "Mixtral-8x7B", "bf16", "nvidia-h100-sxm-80gb", 2, kMixtralInst, 16000);

    // T002: 10 ShareGPT prompts (1369 input tokens in all) sent at once; output lengths are ShareGPT's.
    {
        Mapping* t = server("T002", Kind::ttft, "Llama-3.1-8B", "bf16", "vllm", "nvidia-a100-sxm-80gb", 1, 10, 137,
                            kShareGptOutput);
        t->max_num_seqs = kVllm054MaxSeqs;
        t->v0_budget = 2048;  // its max_model_len (results/prompt_10/..._len2048.json)
    }
    skip("T003", Kind::ttft, "Llama-3.2-90B-Vision is not in the catalog");
    skip("T004", Kind::ttft, "Llama-3.2-90B-Vision is not in the catalog");
    // "on A100": the 80 GB SXM part assumed (a 40 GB part has the same compute; TTFT at concurrency 1 does
    // not depend on the memory size).
    server("T008", Kind::ttft, "Qwen3-1.7B", "bf16", "vllm", "nvidia-a100-sxm-80gb", 1, 1, 1024, 128);
    server("T009", Kind::ttft, "Qwen3-1.7B", "bf16", "vllm", "nvidia-a100-sxm-80gb", 1, 1, 2048, 128);
    return v;
}

const char* kind_name(Kind k) {
    switch (k) {
        case Kind::decode: return "decode_tps";
        case Kind::prefill: return "prefill_tps";
        case Kind::throughput: return "server_throughput";
        case Kind::ttft: return "ttft";
    }
    return "";
}

Context context_for(const Mapping& m) {
    Scenario s;
    s.model_id = m.model;
    if (m.custom_llama2) s.model_custom = llama2_7b();
    s.weights = m.weights;
    s.engine = m.engine;
    s.kv_cache = m.kv;
    s.hardware_id = m.hardware;
    s.count = m.count;
    s.concurrency = std::max<int64_t>(1, m.batch);
    s.prompt_tokens = std::max<int64_t>(1, m.prompt);
    s.output_tokens = std::max<int64_t>(1, m.output);
    s.context_tokens = std::max<int64_t>(limits::kContextMin, m.prompt + m.output);
    Context c = test::resolve_ok(s, m.id);
    if (m.max_num_seqs) c.engine.edit().max_num_seqs = *m.max_num_seqs;
    if (m.v0_budget > 0) {
        c.engine.edit().scheduler.mixed_steps = false;
        c.engine.edit().scheduler.chunked_prefill = false;
        c.engine.edit().scheduler.step_tokens = m.v0_budget;
        // v0.5.4's host work per sequence, fitted on these runs (engines.json vllm notes: 0.20-0.55 ms).
        c.engine.edit().efficiency["gpu"].t_seq_ms = {0.20, 0.55};
    }
    return c;
}

// The estimate in the record's unit.
Interval estimate_in(const Mapping& m, const Context& ctx) {
    switch (m.kind) {
        case Kind::decode: {
            const Interval step = decode_step_s(ctx, m.count, m.batch, m.position);
            return {1.0 / step.hi, 1.0 / step.lo};
        }
        case Kind::prefill: {
            const Interval t = prefill_s(ctx, m.count, m.prompt);
            return {static_cast<double>(m.prompt) / t.hi, static_cast<double>(m.prompt) / t.lo};
        }
        case Kind::throughput: {
            // Saturation: as many sequences as the requests, what memory surely holds, and the engine
            // version's own cap where the record implies one (vLLM v0.5.4: 256).
            const FitResult fit = estimate_fit(ctx, m.count, m.count);
            int64_t batch = std::min<int64_t>(m.batch, static_cast<int64_t>(fit.max_concurrency.lo));
            if (m.max_num_seqs) batch = std::min(batch, *m.max_num_seqs);
            return saturated_throughput_tps(ctx, m.count, std::max<int64_t>(1, batch), m.prompt, m.output);
        }
        case Kind::ttft: {
            // T002 sends its 10 prompts at once and nothing after: the first round's mean, not a steady state.
            const PerformanceResult p = estimate_speed(ctx, m.count, m.count, replica_kv(ctx, m.count, m.count));
            return (m.batch > 1 ? p.burst_ttft_s : p.ttft_s) * 1e3;  // record in ms
        }
    }
    return {};
}

Interval estimate(const Mapping& m) { return estimate_in(m, context_for(m)); }

struct Row {
    Mapping map;
    double measured = 0;
    Interval est;
    bool inside = false;
};

struct Coverage {
    int inside = 0;
    int total = 0;
    std::vector<double> ratios;
    double share() const { return total ? static_cast<double>(inside) / total : 0; }
};

std::map<Kind, Coverage> evaluate_and_print() {
    const auto values = test::measured_values("measurements.json");
    std::map<Kind, Coverage> cov;
    std::printf("\n%-5s %-17s %10s %10s %10s %7s %6s  %s\n", "id", "kind", "measured", "lo", "hi", "inside",
                "hi/lo", "scenario");
    for (const Mapping& m : mappings()) {
        if (!m.skip.empty()) {
            std::printf("%-5s %-17s skipped: %s\n", m.id.c_str(), kind_name(m.kind), m.skip.c_str());
            continue;
        }
        const auto it = values.find(m.id);
        EXPECT_NE(it, values.end()) << m.id << " not in measurements.json";
        if (it == values.end()) continue;
        const Interval est = estimate(m);
        EXPECT_TRUE(est.finite() && est.lo > 0 && est.lo <= est.hi) << m.id;
        const bool inside = est.contains(it->second);
        Coverage& c = cov[m.kind];
        c.total += 1;
        c.inside += inside ? 1 : 0;
        c.ratios.push_back(est.ratio());
        std::printf("%-5s %-17s %10.2f %10.2f %10.2f %7s %6.2f  %s %s %s %s x%d\n", m.id.c_str(), kind_name(m.kind),
                    it->second, est.lo, est.hi, inside ? "yes" : "NO", est.ratio(),
                    m.custom_llama2 ? "Llama-2-7B" : m.model.c_str(), m.weights.c_str(), m.engine.c_str(),
                    m.hardware.c_str(), m.count);
    }
    for (const auto& [k, c] : cov)
        std::printf("%-17s inside %d/%d (%.0f%%), median hi/lo %.2f\n", kind_name(k), c.inside, c.total,
                    100 * c.share(), test::median(c.ratios));
    return cov;
}

}  // namespace

TEST(CalibrationSpeed, EveryMappedRecordIsInTheFile) {
    const auto values = test::measured_values("measurements.json");
    for (const Mapping& m : mappings()) EXPECT_TRUE(values.count(m.id)) << m.id;
}

TEST(CalibrationSpeed, CoverageOfPublishedMeasurements) {
    auto cov = evaluate_and_print();
    const Coverage& decode = cov[Kind::decode];
    ASSERT_GE(decode.total, 15) << "too few decode records mapped";
    // Thresholds at what the model reaches (no looser), and widths near today's: a change that loses a record
    // or widens the intervals to cover one fails here.
    EXPECT_GE(decode.inside, 26) << "decode records inside their interval";
    EXPECT_LE(test::median(decode.ratios), 1.8) << "decode intervals too wide";

    const Coverage& prefill = cov[Kind::prefill];
    ASSERT_GE(prefill.total, 5);
    EXPECT_GE(prefill.inside, 7) << "prefill records inside their interval";
    EXPECT_LE(test::median(prefill.ratios), 3.0) << "prefill intervals too wide";

    const Coverage& server = cov[Kind::throughput];
    ASSERT_GE(server.total, 10) << "TensorRT-LLM and vLLM server records";
    EXPECT_GE(server.inside, 10) << "saturated throughput records inside their interval";
    EXPECT_LE(test::median(server.ratios), 2.3) << "throughput intervals too wide";

    const Coverage& ttft = cov[Kind::ttft];
    ASSERT_GE(ttft.total, 3);
    EXPECT_GE(ttft.inside, 2) << "TTFT records inside their interval";
}

