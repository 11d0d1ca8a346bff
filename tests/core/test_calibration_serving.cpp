// Serving calibration: the records of tests/data/calibration/serving.json (published measurements under
// concurrency: TTFT, time per output token, throughput at N requests in flight, memory logs), each mapped to a
// scenario of the bundled catalog in an explicit table, estimated with the serving simulation at both ends of
// the efficiency ranges, printed, and judged by coverage per kind. The thresholds are what the model reaches
// today (docs/calibration.md); they may rise, never fall, and a held-out half of the measurements is judged the
// same way.
//
// A record is estimated as its tool ran it:
//  - sglang.bench_serving / vllm bench serve with --request-rate R: an open loop of Poisson arrivals;
//    with --request-rate inf and num_prompts far above what the server holds: a closed loop at saturation;
//    a client with N parallel streams: a closed loop of N;
//  - the engine version's scheduler where it differs from today's defaults (engines.json describes the current
//    versions): vLLM 0.6.0 ran without chunked prefill, prefills before decodes, a budget of max_model_len
//    tokens, 256 sequences and --num-scheduler-steps 10 (the record's launch line);
//  - lengths: the record's, or for ShareGPT the published means (vLLM blog 2024-09-05: 202 input tokens per
//    prompt; SGLang's own table, 4281.51 output tok/s at 22.03 req/s: 194 output tokens) spread over ±50%.
#include "kv.hpp"
#include "memory.hpp"
#include "speed.hpp"
#include "step_model.hpp"
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

enum class Kind { ttft, tpot, throughput, stream_tps, memory };
enum class Stat { median, mean };
// What a memory log line reports.
enum class MemoryItem { none, weights_per_card, kv_gib_per_card, kv_tokens, kv_blocks, weights_and_activations };

struct Mapping {
    std::string id;
    Kind kind = Kind::ttft;
    std::string model, weights, engine, hardware;
    int cards = 1;
    int tp = 1;
    Stat stat = Stat::median;
    int64_t concurrency = 1;   // closed loop
    double rate_per_s = 0;     // > 0: open loop
    int64_t prompt = 1, output = 1;
    int64_t num_prompts = 0;   // > 0: a finite run of this many requests, every client starting at once
    LengthSpread spread = LengthSpread::fixed;
    int64_t max_model_len = 0;  // context the server was started with (0: prompt + output)
    std::string kv;
    MemoryItem item = MemoryItem::none;
    // The engine version's scheduler, where the record's differs from engines.json (today's defaults).
    std::optional<bool> mixed_steps, chunked_prefill;
    std::optional<int64_t> step_tokens, max_num_seqs, block_steps, batched_tokens;
    std::optional<double> interconnect_gbs;
    std::optional<Interval> t_seq_ms;  // the engine version's host work per sequence
    std::string skip;
};

// ShareGPT as the two load tools sample it (see the file comment).
constexpr int64_t kShareGptPrompt = 202;
constexpr int64_t kShareGptOutput = 194;

std::vector<Mapping> mappings() {
    std::vector<Mapping> v;
    auto add = [&](Mapping m) {
        v.push_back(std::move(m));
        return &v.back();
    };
    auto skip = [&](std::string id, Kind k, std::string why) {
        Mapping m;
        m.id = std::move(id);
        m.kind = k;
        m.skip = std::move(why);
        v.push_back(m);
    };
    v.reserve(64);

    // SGLang v0.3.0 vs vLLM v0.6.0 (sgl-project/sglang benchmark/benchmark_vllm_060): ShareGPT, open loop at 4
    // and 8 requests/s, medians. vLLM ran with --num-scheduler-steps 10 --max_model_len 4096.
    auto sharegpt = [&](std::string id, Kind k, std::string engine, std::string model, std::string hw, int cards,
                        double rate) {
        Mapping m;
        m.id = std::move(id);
        m.kind = k;
        m.model = std::move(model);
        m.weights = "bf16";
        m.engine = std::move(engine);
        m.hardware = std::move(hw);
        m.cards = m.tp = cards;
        m.rate_per_s = rate;
        m.prompt = kShareGptPrompt;
        m.output = kShareGptOutput;
        m.spread = LengthSpread::varied;
        m.max_model_len = 4096;
        if (m.engine == "vllm") {
            m.mixed_steps = false;
            m.chunked_prefill = false;
            m.step_tokens = 4096;
            m.max_num_seqs = 256;
            m.block_steps = 10;
            m.t_seq_ms = Interval{0.05, 0.22};  // v0.6.0 with multi-step scheduling (engines.json vllm notes)
        }
        return add(m);
    };
    const std::string a100 = "nvidia-a100-sxm-80gb", h100 = "nvidia-h100-sxm-80gb";
    sharegpt("V001", Kind::ttft, "sglang", "Llama-3.1-8B", a100, 1, 4);
    sharegpt("V002", Kind::tpot, "sglang", "Llama-3.1-8B", a100, 1, 4);
    sharegpt("V003", Kind::ttft, "vllm", "Llama-3.1-8B", a100, 1, 4);
    sharegpt("V004", Kind::tpot, "vllm", "Llama-3.1-8B", a100, 1, 4);
    sharegpt("V005", Kind::ttft, "sglang", "Llama-3.1-8B", a100, 1, 8);
    sharegpt("V006", Kind::tpot, "sglang", "Llama-3.1-8B", a100, 1, 8);
    sharegpt("V007", Kind::ttft, "vllm", "Llama-3.1-8B", a100, 1, 8);
    sharegpt("V008", Kind::tpot, "vllm", "Llama-3.1-8B", a100, 1, 8);
    sharegpt("V009", Kind::ttft, "sglang", "Llama-3.1-70B", h100, 4, 4);
    sharegpt("V010", Kind::tpot, "sglang", "Llama-3.1-70B", h100, 4, 4);
    sharegpt("V011", Kind::ttft, "vllm", "Llama-3.1-70B", h100, 4, 4);
    sharegpt("V012", Kind::tpot, "vllm", "Llama-3.1-70B", h100, 4, 4);
    sharegpt("V013", Kind::ttft, "sglang", "Llama-3.1-70B", h100, 4, 8);
    sharegpt("V014", Kind::tpot, "sglang", "Llama-3.1-70B", h100, 4, 8);
    sharegpt("V015", Kind::ttft, "vllm", "Llama-3.1-70B", h100, 4, 8);
    sharegpt("V016", Kind::tpot, "vllm", "Llama-3.1-70B", h100, 4, 8);
    // The same README's offline runs: 5000 prompts at an infinite rate, a closed loop at saturation.
    for (auto [id, engine, model, hw, cards] :
         {std::tuple{"V017", "sglang", "Llama-3.1-8B", a100, 1}, std::tuple{"V018", "vllm", "Llama-3.1-8B", a100, 1},
          std::tuple{"V019", "sglang", "Llama-3.1-70B", h100, 4}, std::tuple{"V020", "vllm", "Llama-3.1-70B", h100, 4}}) {
        Mapping* m = sharegpt(id, Kind::throughput, engine, model, hw, cards, 0);
        m->concurrency = 5000;
    }

    // vLLM V0 startup logs on an RTX 3090 (Llama-3.1-8B BF16, gpu_memory_utilization 0.9, chunked prefill off,
    // so max_num_batched_tokens = max_model_len: the profile run is that many tokens).
    auto log_3090 = [&](std::string id, MemoryItem item, int64_t len) {
        Mapping m;
        m.id = std::move(id);
        m.kind = Kind::memory;
        m.item = item;
        m.model = "Llama-3.1-8B";
        m.weights = "bf16";
        m.engine = "vllm";
        m.hardware = "nvidia-rtx-3090";
        m.max_model_len = len;
        m.prompt = 1;
        m.output = 1;
        m.batched_tokens = len;
        m.max_num_seqs = 256;  // V0's default on every GPU
        add(m);
    };
    log_3090("V021", MemoryItem::kv_gib_per_card, 20000);
    log_3090("V022", MemoryItem::weights_and_activations, 20000);
    log_3090("V023", MemoryItem::kv_blocks, 20000);
    log_3090("V024", MemoryItem::kv_gib_per_card, 29000);
    log_3090("V025", MemoryItem::weights_and_activations, 29000);
    log_3090("V026", MemoryItem::kv_blocks, 29000);

    // Qwen3-235B-A22B FP8 on 8 × L40S, vLLM 0.10.2 (V1), TP 8, max_model_len 32768, 2048-token chunks.
    auto l40s = [&](std::string id, Kind k) {
        Mapping m;
        m.id = std::move(id);
        m.kind = k;
        m.model = "Qwen3-235B-A22B";
        m.weights = "fp8";
        m.engine = "vllm";
        m.hardware = "nvidia-l40s-48gb";
        m.cards = m.tp = 8;
        m.max_model_len = 32768;  // an L40S gets vLLM's small-GPU defaults: 2048-token chunks, 256 sequences
        return add(m);
    };
    l40s("V027", Kind::memory)->item = MemoryItem::weights_per_card;
    skip("V028", Kind::memory, "CUDA graph memory is not a separate figure of the model (inside runtime_gib)");
    l40s("V029", Kind::memory)->item = MemoryItem::kv_gib_per_card;
    l40s("V030", Kind::memory)->item = MemoryItem::kv_tokens;
    // Per-stream rate over the whole stream (TTFT included), closed loops of 1, 8 and 32 streams. The prompt
    // length is not stated: a short chat prompt (64 tokens) is taken; over ~2,000-token answers it moves the
    // rate by well under 1%.
    for (auto [id, n, out] : {std::tuple{"V031", 1, 2227}, std::tuple{"V032", 8, 2000}, std::tuple{"V033", 32, 2100}}) {
        Mapping* m = l40s(id, Kind::stream_tps);
        m->concurrency = n;
        m->prompt = 64;
        m->output = out;
        m->stat = Stat::mean;
    }

    // Qwen2.5-7B-Instruct-AWQ on an RTX 4080 16 GB, vLLM (V1), max_model_len 32768, chunked prefill on
    // (the default); ~2,930-token prompts with unique prefixes (no cache hits), 512-token answers.
    auto rtx4080 = [&](std::string id, Kind k, int64_t n) {
        Mapping m;
        m.id = std::move(id);
        m.kind = k;
        m.model = "Qwen2.5-7B";
        m.weights = "awq-int4";
        m.engine = "vllm";
        m.hardware = "nvidia-rtx-4080";
        m.max_model_len = 32768;
        m.concurrency = n;
        m.prompt = 2930;
        m.output = 512;
        return add(m);
    };
    // The load runs sent 32 prompts each: at 8 clients, four rounds, the synchronised first one among them.
    rtx4080("V034", Kind::memory, 1)->item = MemoryItem::kv_gib_per_card;
    rtx4080("V035", Kind::memory, 1)->item = MemoryItem::kv_tokens;
    rtx4080("V036", Kind::memory, 1)->item = MemoryItem::weights_per_card;
    for (Mapping* m : {rtx4080("V037", Kind::ttft, 1), rtx4080("V038", Kind::tpot, 1), rtx4080("V039", Kind::throughput, 1),
                       rtx4080("V040", Kind::ttft, 8), rtx4080("V041", Kind::throughput, 8)})
        m->num_prompts = 32;

    skip("V042", Kind::memory, "NVIDIA DGX Spark (GB10) is not in the catalog");
    skip("V043", Kind::memory, "NVIDIA DGX Spark (GB10) is not in the catalog");
    skip("V044", Kind::memory, "NVIDIA DGX Spark (GB10) is not in the catalog");
    skip("V045", Kind::memory, "Qwen2.5-VL-72B (a vision model) is not in the catalog");

    // tt-inference-server's GPU reference runs: closed loop of 1, fixed lengths, means.
    auto one = [&](std::string id, Kind k, std::string model, std::string w, std::string e, std::string hw, int cards,
                   int64_t prompt, int64_t output) {
        Mapping m;
        m.id = std::move(id);
        m.kind = k;
        m.model = std::move(model);
        m.weights = std::move(w);
        m.engine = std::move(e);
        m.hardware = std::move(hw);
        m.cards = m.tp = cards;
        m.prompt = prompt;
        m.output = output;
        m.stat = Stat::mean;
        return add(m);
    };
    one("V046", Kind::tpot, "Qwen3-4B", "bf16", "vllm", "nvidia-rtx-4090", 1, 128, 128)->num_prompts = 8;
    one("V047", Kind::ttft, "Qwen3-4B", "bf16", "vllm", "nvidia-rtx-4090", 1, 2048, 128)->num_prompts = 4;
    // DeepSeek-R1-0528 in AWQ on eight H100 (vLLM, TP 8) at one user: the bytes of one token take about 1 ms, the
    // measured step 16 ms — the record that sets the slow end of vLLM's MoE layer fixed cost (engines.json t_moe_layer_ms).
    one("V053", Kind::tpot, "DeepSeek-R1", "awq-int4", "vllm", "nvidia-h100-sxm-80gb", 8, 128, 128)->num_prompts = 8;
    one("V054", Kind::ttft, "DeepSeek-R1", "awq-int4", "vllm", "nvidia-h100-sxm-80gb", 8, 128, 128)->num_prompts = 8;
    // The same sweeps on one A100 (its memory size is not stated: the 80 GB SXM part is taken; the 40 GB part's
    // 1,555 GB/s would only slow the estimate): a mixture of experts (it sets the fixed cost's fast end) and a dense
    // model of its family as a control the fixed cost does not touch.
    one("V055", Kind::tpot, "Qwen3-30B-A3B", "bf16", "vllm", "nvidia-a100-sxm-80gb", 1, 128, 128)->num_prompts = 8;
    one("V056", Kind::tpot, "Qwen3-1.7B", "bf16", "vllm", "nvidia-a100-sxm-80gb", 1, 128, 128)->num_prompts = 8;
    // Qwen3-32B-FP8 on eight H100 (vLLM, TP 8), 32 clients of 128 in / 1024 out, 256 requests (vllm-project/vllm#48757,
    // the base arm): a dense model at a moderate batch across a whole NVLink server.
    for (Mapping* m : {one("V057", Kind::tpot, "Qwen3-32B", "fp8", "vllm", "nvidia-h100-sxm-80gb", 8, 128, 1024),
                       one("V058", Kind::throughput, "Qwen3-32B", "fp8", "vllm", "nvidia-h100-sxm-80gb", 8, 128, 1024)}) {
        m->concurrency = 32;
        m->num_prompts = 256;
    }
    // Qwen3-8B on one H100 SXM, the three engines' defaults (GPUStack's performance lab): 4 clients over 100 ShareGPT
    // prompts through the chat endpoint, 233 in / 221 out on average (the block's totals), medians.
    auto gpustack = [&](std::string id, Kind k, std::string engine) {
        Mapping* m = one(std::move(id), k, "Qwen3-8B", "bf16", std::move(engine), "nvidia-h100-sxm-80gb", 1, 233, 221);
        m->stat = Stat::median;
        m->concurrency = 4;
        m->num_prompts = 100;
        m->spread = LengthSpread::varied;
    };
    const char* gpustack_engines[] = {"vllm", "sglang", "tensorrt-llm"};
    for (int e = 0; e < 3; ++e) {
        const int first = 59 + 3 * e;
        gpustack("V0" + std::to_string(first), Kind::ttft, gpustack_engines[e]);
        gpustack("V0" + std::to_string(first + 1), Kind::tpot, gpustack_engines[e]);
        gpustack("V0" + std::to_string(first + 2), Kind::throughput, gpustack_engines[e]);
    }
    // Mistral-7B-v0.3 on one RTX 4090 (vLLM, an engineer's sweep): 300 prompts of 256 in at an unbounded rate behind
    // --max-concurrency 4 to 48, medians of TTFT and the run's output throughput. The post asks for 128 out, but every
    // row's output tok/s ÷ req/s is 100 (210 / 2.09, 377 / 3.78, 644 / 6.44, 975 / 9.73, 1190 / 11.87): the answers
    // stopped at the end-of-sequence token (no --ignore-eos), so they had varied lengths averaging 100 tokens.
    {
        const int64_t clients[] = {4, 8, 16, 32, 48};
        for (int i = 0; i < 5; ++i) {
            for (int k = 0; k < 2; ++k) {
                Mapping* m = one("V0" + std::to_string(68 + 2 * i + k), k == 0 ? Kind::ttft : Kind::throughput, "Mistral-7B-v0.3",
                                 "bf16", "vllm", "nvidia-rtx-4090", 1, 256, 100);
                m->stat = Stat::median;
                m->concurrency = clients[i];
                m->num_prompts = 300;
                m->spread = LengthSpread::varied;
            }
        }
    }
    for (const char* id : {"V048", "V049"})
        skip(id, Kind::tpot,
             "TP 16 across two nodes over InfiniBand: the planner lays nodes out as pipeline stages, and no sourced "
             "cross-node all-reduce latency is in the catalog");
    for (const char* id : {"V050", "V051", "V052"}) skip(id, Kind::throughput, "AMD Instinct MI355X is not in the catalog");
    return v;
}

const char* kind_name(Kind k) {
    switch (k) {
        case Kind::ttft: return "ttft";
        case Kind::tpot: return "tpot";
        case Kind::throughput: return "server_throughput";
        case Kind::stream_tps: return "decode_tps";
        case Kind::memory: return "memory_use";
    }
    return "";
}

Context context_for(const Mapping& m) {
    Scenario s;
    s.model_id = m.model;
    s.weights = m.weights;
    s.engine = m.engine;
    s.kv_cache = m.kv;
    s.hardware_id = m.hardware;
    s.count = m.cards;
    s.concurrency = std::max<int64_t>(1, m.concurrency);
    s.prompt_tokens = m.prompt;
    s.output_tokens = m.output;
    s.context_tokens = m.max_model_len > 0 ? m.max_model_len : std::max<int64_t>(limits::kContextMin, m.prompt + m.output);
    s.lengths = m.spread;
    s.headroom = 0;  // the logs' runs keep none beyond the engine's own utilization
    Context c = test::resolve_ok(s, m.id);
    if (m.max_num_seqs) c.engine.edit().max_num_seqs = *m.max_num_seqs;
    if (m.batched_tokens) {
        // The run's own budget (V0 without chunked prefill profiles max_model_len tokens): no GPU-size default.
        c.engine.edit().max_batched_tokens = *m.batched_tokens;
        c.engine.edit().small_gpu_defaults.reset();
    }
    if (m.mixed_steps) c.engine.edit().scheduler.mixed_steps = *m.mixed_steps;
    if (m.chunked_prefill) c.engine.edit().scheduler.chunked_prefill = *m.chunked_prefill;
    if (m.step_tokens) c.engine.edit().scheduler.step_tokens = *m.step_tokens;
    if (m.interconnect_gbs) c.hardware.edit().interconnect_gbs = *m.interconnect_gbs;
    if (m.t_seq_ms) c.engine.edit().efficiency["gpu"].t_seq_ms = *m.t_seq_ms;
    return c;
}

// Both ends of the simulation with the record's scheduler and load.
std::pair<SimOutcome, SimOutcome> simulate(const Mapping& m, const Context& ctx) {
    const StepModel model(ctx, m.tp);
    const ReplicaKv kv = replica_kv(ctx, m.cards, m.tp);
    Workload w;
    w.clients = std::max<int64_t>(1, m.concurrency);
    w.arrival_rate_per_s = m.rate_per_s;
    w.prompt_tokens = m.prompt;
    w.output_tokens = m.output;
    w.spread = m.spread;
    w.total_requests = m.num_prompts;
    SchedulerConfig fast = scheduler_for(ctx, w.clients, kv, End::fast);
    SchedulerConfig slow = scheduler_for(ctx, w.clients, kv, End::slow);
    for (SchedulerConfig* sc : {&fast, &slow}) {
        if (m.max_num_seqs) sc->max_seqs = std::min(sc->max_seqs, *m.max_num_seqs);
        if (m.block_steps) sc->decode_block_steps = *m.block_steps;
    }
    return {simulate_serving(StepModelCost(model, End::fast), fast, w),
            simulate_serving(StepModelCost(model, End::slow), slow, w)};
}

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
constexpr double kWeightsTolerance = 0.03;

Interval memory_estimate(const Mapping& m, const Context& ctx) {
    const MemoryResult mem = estimate_memory(ctx, m.cards, m.tp, 1, ctx.scenario.context_tokens);
    const double cards = static_cast<double>(m.cards);
    switch (m.item) {
        case MemoryItem::weights_per_card: return mem.weights_gib / cards;
        case MemoryItem::kv_gib_per_card: return mem.kv_pool_gib / cards;
        case MemoryItem::weights_and_activations: return (mem.weights_gib + mem.activations_gib) / cards;
        case MemoryItem::kv_tokens: return replica_kv(ctx, m.cards, m.tp).pool_tokens;
        case MemoryItem::kv_blocks: {
            const double block = static_cast<double>(ctx.engine->kv_block_tokens);
            const Interval tokens = mem.kv_pool_gib * kGiB / (kv_bytes_per_token(ctx.model, ctx.kv.bytes_per_element));
            return {std::floor(tokens.lo / block), std::floor(tokens.hi / block)};
        }
        case MemoryItem::none: break;
    }
    return {};
}

// The estimate in the record's unit.
Interval estimate(const Mapping& m) {
    const Context ctx = context_for(m);
    if (m.kind == Kind::memory) return memory_estimate(m, ctx);
    const auto [fast, slow] = simulate(m, ctx);
    const bool mean = m.stat == Stat::mean;
    switch (m.kind) {
        case Kind::ttft:
            return Interval::of(mean ? fast.ttft_mean_s : fast.ttft_p50_s, mean ? slow.ttft_mean_s : slow.ttft_p50_s) * 1e3;
        case Kind::tpot:
            return Interval::of(mean ? fast.tpot_mean_s : fast.tpot_p50_s, mean ? slow.tpot_mean_s : slow.tpot_p50_s) * 1e3;
        case Kind::throughput: return Interval::of(fast.throughput_tps, slow.throughput_tps);
        case Kind::stream_tps: {
            const double out = static_cast<double>(m.output);
            auto rate = [&](const SimOutcome& o) { return out / (o.ttft_mean_s + (out - 1.0) * o.tpot_mean_s); };
            return Interval::of(rate(fast), rate(slow));
        }
        case Kind::memory: break;
    }
    return {};
}

struct Coverage {
    int inside = 0;
    int total = 0;
    std::vector<double> ratios;
    double share() const { return total ? static_cast<double>(inside) / total : 0; }
};

std::map<Kind, Coverage> evaluate_and_print() {
    const auto values = test::measured_values("serving.json");
    std::map<Kind, Coverage> cov;
    std::printf("\n%-5s %-17s %10s %10s %10s %7s %6s  %s\n", "id", "kind", "measured", "lo", "hi", "inside", "hi/lo",
                "scenario");
    for (const Mapping& m : mappings()) {
        if (!m.skip.empty()) {
            std::printf("%-5s %-17s skipped: %s\n", m.id.c_str(), kind_name(m.kind), m.skip.c_str());
            continue;
        }
        const auto it = values.find(m.id);
        EXPECT_NE(it, values.end()) << m.id << " not in serving.json";
        if (it == values.end()) continue;
        const Interval est = estimate(m);
        // A KV pool may come out empty at its pessimistic end; every other figure is positive.
        EXPECT_TRUE(est.finite() && (m.kind == Kind::memory ? est.lo >= 0 : est.lo > 0) && est.lo <= est.hi) << m.id;
        // Weights are exact in the model (lo = hi) and the logs count the allocator's growth while loading
        // (rotary caches, vocabulary padding): within 3%, as the file-size calibration judges weights.
        const bool inside = m.item == MemoryItem::weights_per_card
                                ? std::fabs(est.mid() / it->second - 1.0) <= kWeightsTolerance
                                : est.contains(it->second);
        Coverage& c = cov[m.kind];
        c.total += 1;
        c.inside += inside ? 1 : 0;
        c.ratios.push_back(est.ratio());
        const std::string load = m.rate_per_s > 0 ? "rate " + std::to_string(static_cast<int>(m.rate_per_s)) + "/s"
                                                  : "conc " + std::to_string(m.concurrency);
        std::printf("%-5s %-17s %10.2f %10.2f %10.2f %7s %6.2f  %s %s %s %s x%d %s\n", m.id.c_str(), kind_name(m.kind),
                    it->second, est.lo, est.hi, inside ? "yes" : "NO", est.ratio(), m.model.c_str(), m.weights.c_str(),
                    m.engine.c_str(), m.hardware.c_str(), m.cards, load.c_str());
    }
    for (const auto& [k, c] : cov)
        std::printf("%-17s inside %d/%d (%.0f%%), median hi/lo %.2f\n", kind_name(k), c.inside, c.total,
                    100 * c.share(), test::median(c.ratios));
    return cov;
}

}  // namespace

TEST(CalibrationServing, EveryMappedRecordIsInTheFile) {
    const auto values = test::measured_values("serving.json");
    for (const Mapping& m : mappings()) EXPECT_TRUE(values.count(m.id)) << m.id;
    // Every record of the file has a mapping or a reason to skip it.
    std::map<std::string, bool> mapped;
    for (const Mapping& m : mappings()) mapped[m.id] = true;
    for (const auto& [id, value] : values) EXPECT_TRUE(mapped.count(id)) << id << " has no mapping";
}

TEST(CalibrationServing, CoverageOfPublishedMeasurements) {
    auto cov = evaluate_and_print();
    ASSERT_GE(cov[Kind::ttft].total, 10);
    ASSERT_GE(cov[Kind::tpot].total, 10);
    ASSERT_GE(cov[Kind::throughput].total, 5);
    ASSERT_GE(cov[Kind::memory].total, 8);
    // What the model reaches today (README, "Calibration"): raise these as it improves, never lower them.
    EXPECT_GE(cov[Kind::ttft].inside, 15) << "TTFT under load";
    EXPECT_GE(cov[Kind::tpot].inside, 17) << "time per output token under load";
    EXPECT_GE(cov[Kind::throughput].inside, 15) << "server throughput";
    EXPECT_GE(cov[Kind::memory].inside, 6) << "memory logs";
    // And no wider than today: covering a record by widening fails here.
    // TTFT: 2.65 since every first token includes the serving path (speed.hpp kServingPathS, 0–50 ms: what the
    // client's request passes outside the engine, measured in V059–V065), a term of the clients' measurement that
    // the engine-only figure left out (1.57 wide, 7 of 20 inside); docs/calibration.md has the records it moved.
    EXPECT_LE(test::median(cov[Kind::ttft].ratios), 2.7) << "TTFT intervals";
    // Time per output token: 1.71 while the MoE layer's fixed cost hid under the expert bytes (max of the two); 1.76
    // since it adds to them, the fixed cost's range refitted on the same one-user records (V053 sets its slow end,
    // V055 its fast end), which brought the 8- and 32-stream records (V032, V033) inside.
    EXPECT_LE(test::median(cov[Kind::tpot].ratios), 1.77) << "time-per-output-token intervals";
    EXPECT_LE(test::median(cov[Kind::throughput].ratios), 2.3) << "throughput intervals";
    // The per-stream rates of Qwen3-235B on 8 × L40S at 1, 8 and 32 streams: the one-stream record inside since the
    // MoE layer's fixed cost, the 8- and 32-stream ones since that cost adds to the bytes of the experts more streams
    // touch (they were 15–25 % faster than measured while it hid under them).
    EXPECT_EQ(cov[Kind::stream_tps].total, 3);
    EXPECT_EQ(cov[Kind::stream_tps].inside, 3) << "per-stream rates at 1, 8 and 32 streams";
}
