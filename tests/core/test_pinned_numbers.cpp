// Numbers pinned from first principles: each test works its expected value out of the model's sources (a
// constant's citation, a card's datasheet figure, a model's config.json) with the arithmetic in the comments, and
// never from the program's current output. They exist so that the mutations of tests/mutations/*.txt fail the
// suite (scripts/mutate.sh, docs/testing.md): a 10× all-reduce latency, a lower GGUF bandwidth ceiling, a judgement
// on the wrong end of an interval or a figure without its explanation each break one of these.
#include "support.hpp"

#include "hardware_peaks.hpp"
#include "judge.hpp"
#include "memory.hpp"
#include "result_json.hpp"
#include "step_model.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

using namespace infersizer;
using namespace infersizer::test;  // support.hpp: cat(), make(), hardware(), golden_files(), estimate_ok()

namespace {

StepMix one_decode(double position) {
    StepMix m;
    m.decode_seqs = 1;
    m.decode_positions = position;
    return m;
}

StepMix one_prompt(double tokens) {
    StepMix m;
    m.prefill_tokens = tokens;
    m.prefill_positions = tokens * (tokens - 1) / 2;  // positions 0 … tokens − 1 of its own prompt
    m.prefill_seqs = 1;
    return m;
}

// Relative closeness: the figures below are exact up to rounding of the constants quoted in the comments.
void expect_close(double got, double want, double rel, const std::string& what) {
    EXPECT_NEAR(got, want, std::fabs(want) * rel) << what << ": got " << got << ", expected " << want;
}

}  // namespace

// ---------------------------------------------------------------------------------------------------------
// The link between the cards of a tensor-parallel group.
// ---------------------------------------------------------------------------------------------------------

TEST(PinnedNumbers, NvlinkAllReducesCostEightMicrosecondsEachPlusTheirBytes) {
    // Llama-3.1-70B (config.json: 80 layers, hidden 8192) in bf16 on 2 × H100 SXM under vLLM's TP 2.
    const Context ctx = make("Llama-3.1-70B", "bf16", "vllm", "nvidia-h100-sxm-80gb", 2);
    ASSERT_EQ(ctx.model.n_layers, 80);
    ASSERT_EQ(ctx.model.hidden, 8192);
    // NVLink 4: 900 GB/s bidirectional (NVIDIA's H100 datasheet), 450 GB/s each way.
    ASSERT_TRUE(ctx.hardware->interconnect_gbs.has_value());
    ASSERT_DOUBLE_EQ(*ctx.hardware->interconnect_gbs, 900.0);
    const StepModel sm(ctx, 2);

    // Two all-reduces per layer per forward, each ≥ 8 µs on NVLink (llm-analysis); a ring moves 2·(tp − 1)/tp of
    // the activations (bf16, 2 bytes per value): for one decode token 8192 × 2 B × 2 × 1/2 = 16384 B, 36.4 ns at
    // 450 GB/s. So 2 × 80 × (8 µs + 16384 B / 450 GB/s) = 160 × 8.0364 µs = 1.2858 ms (10 × the latency: 12.8 ms).
    const double decode_link = 2 * 80 * (8e-6 + 8192.0 * 2 * 2 * 0.5 / 450e9);
    for (End end : {End::fast, End::slow}) {
        SCOPED_TRACE(end == End::fast ? "fast end" : "slow end");
        expect_close(sm.parts(one_decode(1024), end).link_s, decode_link, 1e-3, "decode all-reduces");
    }

    // A 2048-token prompt in one forward (vLLM's budget on an 80 GB card is 8192 tokens): the bytes dominate,
    // 2048 × 8192 × 2 B × 2 × 1/2 = 33,554,432 B = 74.57 µs at 450 GB/s per all-reduce:
    // 160 × (8 + 74.57) µs = 13.21 ms. NVLink's 900 GB/s taken one way would give 7.25 ms; activations counted
    // at 1 byte, 7.17 ms.
    const double prompt_link = 2 * 80 * (8e-6 + 2048.0 * 8192 * 2 * 2 * 0.5 / 450e9);
    for (End end : {End::fast, End::slow}) {
        SCOPED_TRACE(end == End::fast ? "fast end" : "slow end");
        expect_close(sm.parts(one_prompt(2048), end).link_s, prompt_link, 1e-3, "prompt all-reduces");
    }
}

TEST(PinnedNumbers, PcieAllReducesFollowNcclsEightCardRing) {
    // Llama-3.1-8B (32 layers, hidden 4096) in bf16 on 2 × RTX 4090 (no NVLink) under vLLM's TP 2. NCCL's
    // all_reduce_perf on 8 cards: 42.14 µs (8 × RTX 4090, NVIDIA/nccl#1530) to 54.18 µs (8 × RTX 3090,
    // nccl#1439); a ring of n cards takes 2(n − 1) steps, so 2 cards pay 1/7 of it: 6.02 µs to 7.74 µs.
    // The link is PCIe 4.0 ×16: 31.5 GB/s each way. One decode token moves 4096 × 2 B × 2 × 1/2 = 8192 B, 0.26 µs.
    const Context ctx = make("Llama-3.1-8B", "bf16", "vllm", "nvidia-rtx-4090", 2);
    ASSERT_EQ(ctx.model.n_layers, 32);
    ASSERT_EQ(ctx.model.hidden, 4096);
    ASSERT_FALSE(ctx.hardware->interconnect_gbs.has_value() && *ctx.hardware->interconnect_gbs > 0);
    const StepModel sm(ctx, 2);
    const double bytes_s = 4096.0 * 2 * 2 * 0.5 / 31.5e9;
    // 2 × 32 × (6.020 + 0.260) µs = 0.4019 ms at the fast end; 2 × 32 × (7.740 + 0.260) µs = 0.5120 ms at the slow.
    expect_close(sm.parts(one_decode(512), End::fast).link_s, 2 * 32 * (42.14e-6 / 7 + bytes_s), 1e-3, "fast end");
    expect_close(sm.parts(one_decode(512), End::slow).link_s, 2 * 32 * (54.18e-6 / 7 + bytes_s), 1e-3, "slow end");
}

// ---------------------------------------------------------------------------------------------------------
// llama.cpp's bandwidth ceiling on fast discrete cards.
// ---------------------------------------------------------------------------------------------------------

TEST(PinnedNumbers, GgufDecodeOnAFastCardStreamsAtLlamaCppsCeiling) {
    // llama.cpp's single stream does not saturate fast memories: 0.47 of an RTX 5090's 1792 GB/s = 842 GB/s
    // (llmfit PR #682) to 1222 GB/s for Q8_0 (hf.co/posts/csabakecskemeti), i.e. 1222 / (1 − 0.06 × log2(16 / 8.5))
    // = 1222 / 0.9452 = 1293 GB/s before Q8_0's dequantization. An H100 SXM (3350 GB/s) at llama.cpp's η is far
    // above that, so an F16 GGUF (16 bits: no dequantization factor) reads its weights at 842 to 1293 GB/s.
    const Context ctx = make("Llama-3.1-8B", "F16", "llama.cpp", "nvidia-h100-sxm-80gb");
    ASSERT_TRUE(ctx.hardware->bandwidth_gbs.has_value());
    ASSERT_GT(*ctx.hardware->bandwidth_gbs * ctx.efficiency().eta_mem.lo, 1293.0);  // the ceiling binds at both ends
    const WeightsEstimate& w = ctx.weights_estimate();
    ASSERT_NEAR(w.bits_per_weight, 16.0, 0.01);  // F16 (a few norm vectors in F32): no dequantization
    // 8.03 B parameters less the input embedding (128256 × 4096 = 0.525 B; a lookup reads one row of it) = 7.50 B
    // read per token, × 2 bytes ≈ 15.01 GB.
    ASSERT_GT(w.active_bytes.lo, 14.9e9);
    ASSERT_LT(w.active_bytes.hi, 15.1e9);
    const StepModel sm(ctx, 1);
    // At position 0 the step reads no KV: the weights alone, 15.01 GB / 1293 GB/s = 11.6 ms at the fast end and
    // 15.01 GB / 842 GB/s = 17.8 ms at the slow end (a 30% lower ceiling: 16.6 and 25.5 ms).
    expect_close(sm.parts(one_decode(0), End::fast).weights_s, w.active_bytes.lo / 1293e9, 2e-3, "fast end");
    expect_close(sm.parts(one_decode(0), End::slow).weights_s, w.active_bytes.hi / 842e9, 2e-3, "slow end");
}

TEST(PinnedNumbers, GgufCeilingFallsWithTheDequantizationOfLowBitFormats) {
    // The same ceiling times llama.cpp's dequantization factor 1 − k·log2(16 / bpw), k = 0.06 (fast end) to 0.115
    // (slow end), from the F16 / Q8_0 / Q4_0 runs on M1 Pro and M3 Pro (gist andrewginns, llama.cpp #4167). For
    // Q4_K_M (about 4.9 bits per weight with its 6-bit tensors) log2(16 / 4.9) ≈ 1.7: factors ≈ 0.90 and ≈ 0.80.
    const Context ctx = make("Llama-3.1-8B", "Q4_K_M", "llama.cpp", "nvidia-h100-sxm-80gb");
    const WeightsEstimate& w = ctx.weights_estimate();
    ASSERT_GT(w.bits_per_weight, 4.0);
    ASSERT_LT(w.bits_per_weight, 6.0);
    const double halvings = std::log2(16.0 / w.bits_per_weight);
    const StepModel sm(ctx, 1);
    expect_close(sm.parts(one_decode(0), End::fast).weights_s, w.active_bytes.lo / (1293e9 * (1 - 0.06 * halvings)),
                 2e-3, "fast end");
    expect_close(sm.parts(one_decode(0), End::slow).weights_s, w.active_bytes.hi / (842e9 * (1 - 0.115 * halvings)),
                 2e-3, "slow end");
}

TEST(PinnedNumbers, GgufOnASlowerCardIsBoundByItsOwnBandwidth) {
    // An RTX 3090 (936 GB/s, NVIDIA's datasheet) at llama.cpp's η stays below the ceiling, so the ceiling must
    // not slow it: 15.01 GB / (936 GB/s × η).
    const Context ctx = make("Llama-3.1-8B", "F16", "llama.cpp", "nvidia-rtx-3090");
    ASSERT_TRUE(ctx.hardware->bandwidth_gbs.has_value());
    const double bw = *ctx.hardware->bandwidth_gbs * 1e9;
    ASSERT_DOUBLE_EQ(bw, 936e9);
    const Interval eta = ctx.efficiency().eta_mem;
    ASSERT_LT(bw * eta.hi, 1293e9);
    ASSERT_LT(bw * eta.lo, 842e9);
    const WeightsEstimate& w = ctx.weights_estimate();
    const StepModel sm(ctx, 1);
    expect_close(sm.parts(one_decode(0), End::fast).weights_s, w.active_bytes.lo / (bw * eta.hi), 2e-3, "fast end");
    expect_close(sm.parts(one_decode(0), End::slow).weights_s, w.active_bytes.hi / (bw * eta.lo), 2e-3, "slow end");
}

TEST(PinnedNumbers, APromptRunsTheOutputHeadOncePerSequence) {
    // Engines compute logits only where a token is sampled (vLLM's logits_indices = query_start_loc[1:] − 1): a
    // prompt chunk of 2048 tokens runs the body's matmuls 2048 times and the head (Llama-3.1-8B's lm_head, 128256 ×
    // 4096 = 0.525 B) once. Matmul params 8.03 B − the input embedding 0.525 B = 7.505 B, so the chunk's matmul
    // FLOPs are 2 × (6.980 B × 2048 + 0.525 B) — 7.0 % fewer than 2 × 7.505 B × 2048.
    const Context ctx = make("Llama-3.1-8B", "bf16", "vllm", "nvidia-h100-sxm-80gb");
    const StepModel sm(ctx, 1);
    const double peak = compute_peak_tflops(ctx)->lo * 1e12;  // the slow end's dense bf16 peak
    const double mfu = ctx.efficiency().mfu_long.lo;            // 2048 tokens: the long-prompt MFU
    StepMix one_chunk;
    one_chunk.prefill_tokens = 2048, one_chunk.prefill_seqs = 1, one_chunk.prefill_positions = 2048.0 * 2047 / 2;
    const ParamCounts& p = ctx.param_counts();
    ASSERT_NEAR(p.lm_head, 128256.0 * 4096, 1.0);
    const double body = p.active - p.embedding - p.lm_head;
    expect_close(sm.parts(one_chunk, End::slow).matmul_s, 2.0 * (body * 2048 + p.lm_head) / (peak * mfu), 1e-9,
                 "one sequence of 2048 tokens");
    // The same 2048 tokens as 16 prompts of 128 run the head 16 times; a decode batch of 64 runs it 64 times.
    StepMix sixteen = one_chunk;
    sixteen.prefill_seqs = 16;
    expect_close(sm.parts(sixteen, End::slow).matmul_s - sm.parts(one_chunk, End::slow).matmul_s,
                 2.0 * 15 * p.lm_head / (peak * mfu), 1e-6, "fifteen more sampled rows");
    StepMix decode;
    decode.decode_seqs = 64, decode.decode_positions = 64 * 1000;
    expect_close(sm.parts(decode, End::slow).matmul_s,
                 2.0 * (p.active - p.embedding) * 64 / (peak * ctx.efficiency().batch_eff.lo), 1e-9, "decode batch");
}

// ---------------------------------------------------------------------------------------------------------
// Usable memory of a card.
// ---------------------------------------------------------------------------------------------------------

TEST(PinnedNumbers, ACardsLabelIsUsableLessTheDriversShare) {
    // llm-d's logs: an "80 GB" H100 shows 79.18 GiB to CUDA, so a card the catalog gives no logged figure for is
    // usable as 79.18 / 80 = 0.98975 of its label in GiB: 79.18 GiB for an "80 GB" A100, 141 × 0.98975 = 139.55 GiB
    // for a "141 GB" H200.
    auto usable = [](const std::string& id) {
        const Hardware& h = hardware(id);
        EXPECT_FALSE(h.usable_memory_gib.has_value()) << id << " has a logged figure of its own";
        return usable_gib_per_card(h).value_or(0.0);
    };
    EXPECT_NEAR(usable("nvidia-a100-sxm-80gb"), 79.18, 1e-9);
    EXPECT_NEAR(usable("nvidia-h200-sxm-141gb"), 141 * 79.18 / 80, 1e-9);
    // A logged figure wins: the "40 GB" A100 of calibration M003 showed 39.50 GiB.
    EXPECT_NEAR(usable_gib_per_card(hardware("nvidia-a100-sxm-40gb")).value_or(0.0), 39.5, 1e-9);
    // The estimate's capacity is that per card: 2 × 79.18 = 158.36 GiB.
    const Context ctx = make("Llama-3.1-70B", "bf16", "vllm", "nvidia-a100-sxm-80gb", 2);
    EXPECT_NEAR(estimate_memory(ctx, 2, 2, 1, 8192).capacity_gib, 158.36, 1e-9);
}

// ---------------------------------------------------------------------------------------------------------
// The judgement: the careful end of every interval, the p90 TTFT.
// ---------------------------------------------------------------------------------------------------------

namespace {

// A context whose targets are 1 s TTFT and 20 tokens/s per user; the performance is given by hand.
Context judged_context(const std::string& engine) {
    Context ctx = make("Qwen3-30B-A3B", "Q4_K_M", engine, "nvidia-rtx-4090");
    ctx.scenario.targets.ttft_s = 1.0;
    ctx.scenario.targets.tps_per_user = 20.0;
    return ctx;
}

FitResult fitting() {
    FitResult f;
    f.capacity_known = true;
    f.fits = true;
    f.one_sequence_fits = true;
    f.max_concurrency = {4, 8};
    return f;
}

PerformanceResult performance(Interval tps, Interval ttft_median, Interval ttft_p90) {
    PerformanceResult p;
    p.decode_tps_per_seq = tps;
    p.ttft_s = ttft_median;
    p.ttft_p90_s = ttft_p90;
    return p;
}

}  // namespace

TEST(PinnedNumbers, TargetsAreJudgedAtTheCarefulEndOnTheP90) {
    const Context ctx = judged_context("llama.cpp");
    // 15–30 tok/s against 20: met only at the fast end. Median TTFT 0.4–0.8 s would pass 1 s, but the p90
    // (0.6–1.5 s) is what the target is judged on: met only at the fast end too.
    const Judgement j = judge_setup(ctx, fitting(), performance({15, 30}, {0.4, 0.8}, {0.6, 1.5}));
    EXPECT_EQ(j.status, ServingStatus::misses_targets);
    EXPECT_FALSE(j.targets_met.tps_per_user);
    EXPECT_TRUE(j.targets_met.tps_at_best);
    EXPECT_FALSE(j.targets_met.ttft);
    EXPECT_TRUE(j.targets_met.ttft_at_best);
    EXPECT_TRUE(j.targets_met.optimistic);

    // Both at the careful end: 25–30 tok/s ≥ 20 and p90 0.6–0.9 s ≤ 1 s.
    const Judgement ok = judge_setup(ctx, fitting(), performance({25, 30}, {0.3, 0.5}, {0.6, 0.9}));
    EXPECT_EQ(ok.status, ServingStatus::meets);
    EXPECT_TRUE(ok.targets_met.ttft && ok.targets_met.tps_per_user);

    // Missed even at the fast end: 5–12 tok/s, p90 2–3 s.
    const Judgement no = judge_setup(ctx, fitting(), performance({5, 12}, {1, 2}, {2, 3}));
    EXPECT_EQ(no.status, ServingStatus::misses_targets);
    EXPECT_FALSE(no.targets_met.tps_at_best);
    EXPECT_FALSE(no.targets_met.ttft_at_best);
    EXPECT_FALSE(no.targets_met.optimistic);
}

TEST(PinnedNumbers, StatusColoursFollowTheJudgement) {
    Result r;
    r.status = ServingStatus::meets;
    EXPECT_EQ(status_verdict(r), Verdict::yes);
    r.status = ServingStatus::misses_targets;
    r.targets_met.optimistic = true;  // met at the fast end: amber
    EXPECT_EQ(status_verdict(r), Verdict::conditional);
    r.targets_met.optimistic = false;  // missed even at best: red
    EXPECT_EQ(status_verdict(r), Verdict::no);
    r.status = ServingStatus::does_not_fit;
    r.remedy = FitRemedy::none;
    EXPECT_EQ(status_verdict(r), Verdict::no);
    r.remedy = FitRemedy::expert_offload;
    EXPECT_EQ(status_verdict(r), Verdict::conditional);

    EXPECT_EQ(target_verdict(ServingStatus::meets, true, true), Verdict::yes);
    EXPECT_EQ(target_verdict(ServingStatus::misses_targets, false, true), Verdict::conditional);
    EXPECT_EQ(target_verdict(ServingStatus::misses_targets, false, false), Verdict::no);
    EXPECT_EQ(target_verdict(ServingStatus::does_not_fit, true, true), Verdict::no);
}

TEST(PinnedNumbers, ExpertOffloadIsTheRemedyOnlyWhenItMeetsBothTargetsAtBest) {
    // llama.cpp (no paged KV, so no "careful end" remedy) on cards that cannot hold the model.
    const Context ctx = judged_context("llama.cpp");
    FitResult none;
    none.capacity_known = true;
    const PerformanceResult perf = performance({0, 0}, {0, 0}, {0, 0});
    OffloadResult off;
    off.applicable = true;
    off.decode_tps_per_seq = {22, 35};  // reaches 20 tok/s at best
    off.ttft_s = {0.5, 1.4};            // 0.5 s ≤ 1 s at best
    EXPECT_EQ(judge_setup(ctx, none, perf, false, &off).remedy, FitRemedy::expert_offload);
    off.ttft_s = {1.2, 2.0};  // even its best TTFT misses 1 s
    EXPECT_EQ(judge_setup(ctx, none, perf, false, &off).remedy, FitRemedy::none);
    off.ttft_s = {0.5, 1.4};
    off.decode_tps_per_seq = {8, 15};  // never 20 tok/s
    EXPECT_EQ(judge_setup(ctx, none, perf, false, &off).remedy, FitRemedy::none);
    // A setup that does not fit meets no target, whatever the remedy.
    off.decode_tps_per_seq = {22, 35};
    const Judgement j = judge_setup(ctx, none, perf, false, &off);
    EXPECT_EQ(j.status, ServingStatus::does_not_fit);
    EXPECT_FALSE(j.targets_met.ttft || j.targets_met.tps_per_user);
}

// ---------------------------------------------------------------------------------------------------------
// Every headline figure carries its explanation.
// ---------------------------------------------------------------------------------------------------------

TEST(PinnedNumbers, EveryHeadlineFigureHasOneExplanationNamingAFieldOfTheResult) {
    // The figures the page's memory and speed panels and the CLI's report headline, each explained by exactly one
    // entry (key = the field's path in the result JSON; a formula and the inputs with their values).
    const std::vector<std::string> headline = {
        "memory.weights_gib",          "memory.kv_per_token_kib",          "memory.kv_cache_gib",
        "memory.activations_gib",      "memory.runtime_gib",               "memory.total_gib",
        "fit.max_concurrency",         "performance.decode_tps_per_seq",   "performance.single_stream_tps",
        "performance.prefill_tps",     "performance.ttft_s",               "performance.ttft_p90_s",
        "performance.burst_ttft_s",    "performance.throughput_tps",       "performance.requests_in_flight"};
    const std::vector<std::filesystem::path> files = golden_files();
    ASSERT_GE(files.size(), 6u);
    for (const auto& f : files) {
        SCOPED_TRACE(f.filename().string());
        const Result r = estimate_ok(golden_scenario(f.filename().string()));
        for (const std::string& key : headline) {
            const auto n = std::count_if(r.explain.entries.begin(), r.explain.entries.end(),
                                         [&](const auto& e) { return e.first == key; });
            EXPECT_EQ(n, 1) << key;
        }
        // Every headline entry explains a field that exists (memory.kv_cache_gib → /memory/kv_cache_gib).
        const nlohmann::json j = result_to_json(r, "en");
        for (const std::string& key : headline) {
            const Explanation* x = r.explain.find(key);
            if (!x) continue;
            std::string pointer = "/" + key;
            std::replace(pointer.begin(), pointer.end(), '.', '/');
            EXPECT_TRUE(j.contains(nlohmann::json::json_pointer(pointer))) << key;
            EXPECT_FALSE(x->formula.en.empty()) << key;
            EXPECT_FALSE(x->inputs.empty()) << key;
        }
    }
}

// ---------------------------------------------------------------------------------------------------------
// The fixed cost of an MoE layer's expert block (engines.json t_moe_layer_ms, calibration V031–V033, V053–V055).
// ---------------------------------------------------------------------------------------------------------

TEST(PinnedNumbers, AMixtureOfExpertsLayerAddsItsFixedCostPerForward) {
    // DeepSeek-R1 (config.json: 61 layers, the first 3 dense: 58 MoE layers) in AWQ on 8 × H100 under vLLM's TP 8.
    // vLLM's fitted fixed cost is 0.105–0.206 ms per MoE layer and forward (0.105 keeps V055's 9.6 ms inside the fast
    // end, 0.206 puts the slow end on V053's 16.1 ms), so every forward's expert blocks take 58 × 0.105 = 6.09 ms
    // at the fast end and 58 × 0.206 = 11.948 ms at the slow end more than their bytes alone.
    const Context ctx = make("DeepSeek-R1", "awq-int4", "vllm", "nvidia-h100-sxm-80gb", 8);
    ASSERT_EQ(ctx.model.n_layers, 61);
    ASSERT_EQ(ctx.model.first_k_dense, 3);
    const StepModel sm(ctx, 8);
    EXPECT_DOUBLE_EQ(sm.moe_layers(), 58.0);
    expect_close(sm.t_moe_layer_ms().lo, 0.105, 1e-9, "fast end's fixed cost");
    expect_close(sm.t_moe_layer_ms().hi, 0.206, 1e-9, "slow end's fixed cost");
    // The same model without it: what the bytes alone take.
    Context bare = ctx;
    bare.engine.edit().efficiency["gpu"].t_moe_layer_ms.reset();
    const StepModel bytes_only(bare, 8);
    for (End end : {End::fast, End::slow}) {
        SCOPED_TRACE(end == End::fast ? "fast end" : "slow end");
        const double fixed_s = 58 * (end == End::fast ? 0.105e-3 : 0.206e-3);
        // One user: the fixed cost comes on top of every byte, the experts' own included (a cost hidden under the
        // bytes would leave out the ~0.5 ms the eight routed experts of 58 layers take to stream) ...
        const StepParts with = sm.parts(one_decode(256), end), without = bytes_only.parts(one_decode(256), end);
        EXPECT_NEAR(with.weights_s, without.weights_s + fixed_s, 1e-12);
        EXPECT_GT(with.total_s, 2.0 * without.total_s) << "one user: the fixed cost sets the step";
        // ... and it stays when a large batch touches every expert: the router, top-k and alignment still run before
        // the grouped GEMMs stream anything (V032, V033: the step grows by the extra experts' bytes).
        StepMix batch;
        batch.decode_seqs = 512;
        batch.decode_positions = 512 * 256.0;
        EXPECT_NEAR(sm.parts(batch, end).total_s, bytes_only.parts(batch, end).total_s + fixed_s, 1e-12);
    }
    // A dense model has none; llama.cpp's CUDA kernels have their own (0.035 keeps D066 inside the fast end, 0.055
    // puts the slow end just under D067), Metal none (D026 is inside without one).
    EXPECT_DOUBLE_EQ(StepModel(make("Llama-3.1-70B", "fp8", "vllm", "nvidia-h100-sxm-80gb", 8), 8).t_moe_layer_ms().hi, 0.0);
    const StepModel cuda(make("Qwen3-30B-A3B", "Q4_K_M", "llama.cpp", "nvidia-rtx-4090", 1), 1);
    expect_close(cuda.t_moe_layer_ms().lo, 0.035, 1e-9, "llama.cpp CUDA, fast end");
    expect_close(cuda.t_moe_layer_ms().hi, 0.055, 1e-9, "llama.cpp CUDA, slow end");
    // llama.cpp runs a 2,048-token prompt as four forwards of its 512-token ubatch, and each forward pays the 48 MoE
    // layers' cost: 4 × 48 × 0.035 = 6.72 ms at the fast end, 4 × 48 × 0.055 = 10.56 ms at the slow end.
    Context cuda_bare = make("Qwen3-30B-A3B", "Q4_K_M", "llama.cpp", "nvidia-rtx-4090", 1);
    cuda_bare.engine.edit().efficiency["gpu"].t_moe_layer_ms.reset();
    const StepModel cuda_bytes_only(cuda_bare, 1);
    StepMix prompt;
    prompt.prefill_tokens = 2048;
    prompt.prefill_seqs = 1;
    expect_close(cuda.parts(prompt, End::fast).weights_s - cuda_bytes_only.parts(prompt, End::fast).weights_s, 6.72e-3, 1e-9,
                 "four forwards, fast end");
    expect_close(cuda.parts(prompt, End::slow).weights_s - cuda_bytes_only.parts(prompt, End::slow).weights_s, 10.56e-3, 1e-9,
                 "four forwards, slow end");
    EXPECT_DOUBLE_EQ(StepModel(make("Qwen3-30B-A3B", "Q4_K_M", "llama.cpp", "apple-m3-ultra", 1), 1).t_moe_layer_ms().hi, 0.0);
}
