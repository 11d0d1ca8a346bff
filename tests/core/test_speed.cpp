// Speed: the roofline's physics (tensor parallel vs layer split, all-reduce floor, MoE bytes, compute-bound
// batches, the dtype's peak, unknown compute or bandwidth, per-sequence host work, matmul and attention kernels
// in series, attention at 16-bit/fp8), TTFT with queueing, and properties over many
// random contexts of the bundled catalog: no NaN or negatives, lo ≤ hi, decode never faster with more batch
// or context nor slower with more bandwidth, TTFT never lower with more users, prompt or context.
#include "catalog_json.hpp"
#include "kv.hpp"
#include "memory.hpp"
#include "speed.hpp"
#include "support.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>

using namespace infersizer;

namespace {

using test::cat;
using test::expect_positive;
using test::make;

void expect_sane(const PerformanceResult& p, const std::string& where) {
    expect_positive(p.prefill_tps, where + " prefill_tps");
    expect_positive(p.ttft_s, where + " ttft");
    expect_positive(p.decode_tps_per_seq, where + " decode");
    expect_positive(p.throughput_tps, where + " throughput");
    expect_positive(p.decode_step_s, where + " step");
    EXPECT_TRUE(p.bound == DecodeBound::memory || p.bound == DecodeBound::compute) << where;
    EXPECT_GE(p.running_batch, 1) << where;
}

PerformanceResult speed_at(const Context& ctx, int cards, int tp) {
    return estimate_speed(ctx, cards, tp, replica_kv(ctx, cards, tp));
}

}  // namespace

// ---------------------------------------------------------------------------------------------------------
// Physics of the roofline.
// ---------------------------------------------------------------------------------------------------------

TEST(SpeedPhysics, TensorParallelOnNvlinkSpeedsUpOneStream) {
    const Context ctx = make("Llama-3.1-70B", "bf16", "vllm", "nvidia-h100-sxm-80gb", 4);
    const Interval tp1 = decode_step_s(ctx, 1, 1, 1024);
    const Interval tp4 = decode_step_s(ctx, 4, 1, 1024);
    EXPECT_LT(tp4.hi, tp1.hi);
    EXPECT_LT(tp4.lo, tp1.lo);
}

TEST(SpeedPhysics, AllReducesCostAtLeastTheirLatencyFloor) {
    // llm-analysis: ≈ 8 µs per all-reduce on NVLink, 2 per layer: 2 × 80 × 8 µs ≈ 1.3 ms per token for a 70B.
    const Context ctx = make("Llama-3.1-70B", "bf16", "vllm", "nvidia-h100-sxm-80gb", 8);
    EXPECT_GE(decode_step_s(ctx, 8, 1, 128).lo, 2 * 80 * 8e-6);
}

TEST(SpeedPhysics, LayerSplitGivesOneStreamNoSpeedUp) {
    // llama.cpp across cards: the cards run one after another (docs/references/peers-and-formulas.md §4.6).
    const Context ctx = make("Qwen3-8B", "Q4_K_M", "llama.cpp", "nvidia-rtx-3090", 2);
    const Interval one = decode_step_s(ctx, 1, 1, 1024);
    const Interval two = decode_step_s(ctx, 2, 1, 1024);
    EXPECT_GE(two.lo, one.lo);
    EXPECT_GE(two.hi, one.hi);
}

TEST(SpeedPhysics, MixtureOfExpertsReadsOnlyItsActiveExpertsAtBatchOne) {
    // Qwen3-30B-A3B (3.3B active) decodes far faster than the dense Qwen3-32B on the same card and format, at each
    // end of the efficiency ranges (measured on an RTX 4090: 161.6 t/s, D063, against about 40 for a dense 32B).
    const Interval moe = decode_step_s(make("Qwen3-30B-A3B", "Q4_K_M", "llama.cpp", "nvidia-rtx-4090"), 1, 1, 1024);
    const Interval dense = decode_step_s(make("Qwen3-32B", "Q4_K_M", "llama.cpp", "nvidia-rtx-4090"), 1, 1, 1024);
    EXPECT_LT(moe.lo * 3, dense.lo);
    EXPECT_LT(moe.hi * 3, dense.hi);
}

TEST(SpeedPhysics, MixtureOfExpertsTouchesMoreExpertsAsTheBatchGrows) {
    // Per sequence a MoE's step grows faster with the batch than a dense model's, because a larger batch reads
    // more of the experts (1 − (1 − k/E)^batch of them).
    const Context moe = make("Qwen3-30B-A3B", "bf16", "vllm", "nvidia-h100-sxm-80gb");
    const Context dense = make("Qwen3-8B", "bf16", "vllm", "nvidia-h100-sxm-80gb");
    const double moe_growth = decode_step_s(moe, 1, 32, 256).mid() / decode_step_s(moe, 1, 1, 256).mid();
    const double dense_growth = decode_step_s(dense, 1, 32, 256).mid() / decode_step_s(dense, 1, 1, 256).mid();
    EXPECT_GT(moe_growth, dense_growth);
}

TEST(SpeedPhysics, SmallBatchesAreMemoryBoundLargeOnesComputeBound) {
    const Context one = make("Llama-3.1-8B", "bf16", "vllm", "nvidia-h100-sxm-80gb", 1, 1, 2048, 128, 128);
    EXPECT_EQ(speed_at(one, 1, 1).bound, DecodeBound::memory);
    const Context many = make("Llama-3.1-8B", "bf16", "vllm", "nvidia-h100-sxm-80gb", 1, 1024, 512, 128, 128);
    EXPECT_EQ(speed_at(many, 1, 1).bound, DecodeBound::compute);
}

TEST(SpeedPhysics, Fp8UsesHoppersFp8PeakAndFallsBackToFp16OnAmpere) {
    // A long prompt is compute-bound: fp8 on H100 (1979 vs 989 TFLOPS) prefills faster than bf16; an A100 has
    // no fp8 tensor peak, so the same format gains nothing from its dtype there.
    const Interval h100_fp8 = prefill_s(make("Llama-3.1-8B", "fp8", "vllm", "nvidia-h100-sxm-80gb"), 1, 8192);
    const Interval h100_bf16 = prefill_s(make("Llama-3.1-8B", "bf16", "vllm", "nvidia-h100-sxm-80gb"), 1, 8192);
    EXPECT_LT(h100_fp8.hi, h100_bf16.hi * 0.7);
    const Interval a100_fp8 = prefill_s(make("Llama-3.1-8B", "fp8", "vllm", "nvidia-a100-sxm-80gb"), 1, 8192);
    const Interval a100_bf16 = prefill_s(make("Llama-3.1-8B", "bf16", "vllm", "nvidia-a100-sxm-80gb"), 1, 8192);
    EXPECT_GT(a100_fp8.hi, a100_bf16.hi * 0.9);
    const auto peak = compute_peak_tflops(make("Llama-3.1-8B", "fp8", "vllm", "nvidia-a100-sxm-80gb"));
    ASSERT_TRUE(peak.has_value());
    EXPECT_DOUBLE_EQ(peak->lo, 312.0);  // the A100's dense fp16 peak
}

TEST(SpeedPhysics, PrefillMfuGrowsWithThePrompt) {
    // MFU ≈ 0.33 at 128 tokens and ≈ 0.73 at 2048 on A100 (LLM-Viewer#4): tokens/s rises with the prompt.
    const Context ctx = make("Llama-3.1-70B", "fp8", "tensorrt-llm", "nvidia-h100-sxm-80gb");
    const double short_tps = 128 / prefill_s(ctx, 1, 128).mid();
    const double long_tps = 2048 / prefill_s(ctx, 1, 2048).mid();
    EXPECT_GT(long_tps, short_tps * 1.3);
}

TEST(SpeedPhysics, PrefillIsFlooredByOneReadOfTheWeights) {
    // One token of prefill can never beat streaming the weights once at the card's peak bandwidth.
    const Context ctx = make("Llama-3.1-8B", "bf16", "vllm", "nvidia-h100-sxm-80gb");
    const double weights_bytes = 8.03e9 * 2;
    EXPECT_GE(prefill_s(ctx, 1, 1).lo, weights_bytes / (3350e9));
}

TEST(SpeedPhysics, UnknownCpuComputeStillGivesFiniteSpeedsAndSaysSo) {
    Context ctx = make("Llama-3.1-8B", "Q4_K_M", "llama.cpp", "desktop-ddr5-5600-2ch", 1, 1, 4096, 512, 128);
    ctx.hardware.edit().memory_gb = 64;
    ASSERT_FALSE(ctx.hardware->cores.has_value());
    const PerformanceResult p = speed_at(ctx, 1, 1);
    expect_sane(p, "cpu unknown");
    EXPECT_FALSE(p.warnings.empty());
    // Cores and clock known: the prefill interval narrows to a compute estimate.
    Context known = ctx;
    known.hardware.edit().cores = 8;
    known.hardware.edit().clock_ghz = 4.0;
    const PerformanceResult pk = speed_at(known, 1, 1);
    expect_sane(pk, "cpu known");
    EXPECT_LT(pk.prefill_tps.ratio(), p.prefill_tps.ratio());
    // Decode on a CPU is bandwidth-bound: 89.6 GB/s over ≈4.6 GiB of Q4_K_M weights is under 20 tokens/s.
    EXPECT_LT(p.decode_tps_per_seq.hi, 20.0);
}

TEST(SpeedPhysics, UnknownFp16PeakIsInferredFromBandwidthWithAWarning) {
    const Context ctx = make("Llama-3.1-8B", "Q4_K_M", "llama.cpp", "apple-m3-ultra");
    ASSERT_FALSE(ctx.hardware->fp16_tflops.has_value());
    std::vector<Text> warnings;
    const auto peak = compute_peak_tflops(ctx, &warnings);
    ASSERT_TRUE(peak.has_value());
    EXPECT_LT(peak->lo, peak->hi);
    EXPECT_FALSE(warnings.empty());
}

TEST(SpeedPhysics, UnknownBandwidthIsInferredNotNaN) {
    const Context ctx = make("Qwen3-8B", "bf16", "vllm", "huawei-ascend-910b");
    ASSERT_FALSE(ctx.hardware->bandwidth_gbs.has_value());
    const PerformanceResult p = speed_at(ctx, 1, 1);
    expect_sane(p, "ascend");
    EXPECT_FALSE(p.warnings.empty());
}

TEST(SpeedPhysics, HostWorkPerSequenceAddsToEveryStepBeyondTheFirst) {
    // step = t0 + t_seq × (batch − 1) + kernels: changing only t_seq moves each end by exactly t_seq × (batch − 1),
    // and leaves one stream alone (t0 was fitted on single streams and holds the first sequence's share).
    const Context base = make("Llama-3.1-8B", "fp8", "vllm", "nvidia-h100-sxm-80gb", 4);
    Context none = base, some = base;
    none.engine.edit().efficiency[base.hardware_class()].t_seq_ms = {0.0, 0.0};
    some.engine.edit().efficiency[base.hardware_class()].t_seq_ms = {0.1, 0.3};
    for (int tp : {1, 4}) {  // the host's work is not split across tensor-parallel cards
        const Interval a = decode_step_s(none, tp, 64, 1024), b = decode_step_s(some, tp, 64, 1024);
        EXPECT_NEAR(b.lo - a.lo, 0.1e-3 * 63, 1e-12) << "tp " << tp;
        EXPECT_NEAR(b.hi - a.hi, 0.3e-3 * 63, 1e-12) << "tp " << tp;
        EXPECT_EQ(decode_step_s(none, tp, 1, 1024), decode_step_s(some, tp, 1, 1024)) << "tp " << tp;
    }
}

TEST(SpeedPhysics, VllmV054ServerThroughputIsWithinTheSlowEnd) {
    // LambdaLabsML/vllm-benchmark benchmark_v0.md: vLLM v0.5.4, Llama 3.1 8B, TP1, 5000 ShareGPT prompts at an
    // infinite rate, 256 sequences: 3032 output tokens/s, against 8088 for v0.6.0 with multi-step scheduling
    // (same table). A roofline without host work puts 256 sequences of an 8B FP8 model on one H100 at
    // 14k–24k tokens/s; the interval must reach down to the old engine and up past the newer one.
    // engines.json's vLLM is V1; v0.5.4 is given its own traits (V0 scheduler, its host work per sequence).
    Context v054 = make("Llama-3.1-8B", "fp8", "vllm", "nvidia-h100-sxm-80gb");
    v054.engine.edit().scheduler.mixed_steps = false;
    v054.engine.edit().scheduler.chunked_prefill = false;
    v054.engine.edit().scheduler.step_tokens = 8192;
    v054.engine.edit().efficiency["gpu"].t_seq_ms = {0.20, 0.55};
    const Interval old = saturated_throughput_tps(v054, 1, 256, 202, 179);  // ShareGPT means, vLLM blog 2024-09-05
    EXPECT_LE(old.lo, 3032.0);
    EXPECT_GE(old.hi, 3032.0);
    // V1 runs well past v0.6.0's 8088 tok/s at its fast end.
    const Interval v1 = saturated_throughput_tps(make("Llama-3.1-8B", "fp8", "vllm", "nvidia-h100-sxm-80gb"), 1, 256, 202, 179);
    EXPECT_GE(v1.hi, 8088.0);
}

TEST(SpeedPhysics, LongerContextsSlowAComputeBoundBatchByTheirKvRead) {
    // Matmuls and attention are separate kernels of one stream: when a large batch makes the matmuls
    // compute-bound, reading a longer KV cache still adds its time instead of hiding behind the FLOPs.
    const Context ctx = make("Llama-3.1-8B", "fp8", "tensorrt-llm", "nvidia-h100-sxm-80gb");
    const int64_t batch = 1024;
    const Interval short_ctx = decode_step_s(ctx, 1, batch, 256);
    const Interval long_ctx = decode_step_s(ctx, 1, batch, 2048);
    const double extra_bytes = batch * (kv_bytes_read_per_step(ctx.model, ctx.kv.bytes_per_element, 2048) -
                                        kv_bytes_read_per_step(ctx.model, ctx.kv.bytes_per_element, 256));
    const double fastest_bps = *ctx.hardware->bandwidth_gbs * 1e9 * ctx.efficiency().eta_mem.hi;
    EXPECT_GE(long_ctx.lo - short_ctx.lo, extra_bytes / fastest_bps * (1 - 1e-9));
}

TEST(SpeedPhysics, AttentionDoesNotRunAtTheWeightsLowBitPeak) {
    // NVFP4 weights double the matmul peak of FP8 on a B200 (9000 vs 4500 TFLOPS) but QKᵀ and AV multiply
    // activations and run at 16 bits (the KV cache here): a 32k-token prompt, a third of whose FLOPs are
    // attention, prefills well under twice as fast.
    const Interval fp8 = prefill_s(make("Llama-3.1-8B", "fp8", "vllm", "nvidia-b200-180gb", 1, 1, 40000, 32768), 1, 32768);
    const Interval fp4 = prefill_s(make("Llama-3.1-8B", "nvfp4", "vllm", "nvidia-b200-180gb", 1, 1, 40000, 32768), 1, 32768);
    EXPECT_LT(fp8.mid() / fp4.mid(), 1.6);
    EXPECT_GT(fp8.mid() / fp4.mid(), 1.0);
}

TEST(SpeedEfficiencyData, PerSequenceHostCostLoadsAndIsValidated) {
    CatalogFiles files = bundled::files();
    nlohmann::json engines = nlohmann::json::parse(files.engines);
    // Every bundled efficiency block states it (no silent default in the data).
    for (const auto& e : engines.at("engines"))
        for (const auto& [cls, block] : e.at("efficiency").items())
            EXPECT_TRUE(block.contains("t_seq_ms")) << e.at("id") << " " << cls;
    EXPECT_GT(cat().find_engine("vllm")->efficiency.at("gpu").t_seq_ms.hi, 0.0);

    auto load_with = [&](const nlohmann::json& value) {
        nlohmann::json doc = engines;
        if (value.is_null()) doc["engines"][0]["efficiency"]["gpu"].erase("t_seq_ms");
        else doc["engines"][0]["efficiency"]["gpu"]["t_seq_ms"] = value;
        CatalogFiles f = files;
        f.engines = doc.dump();
        return load_catalog(f);
    };
    // Optional: absent means no per-sequence cost.
    auto absent = load_with(nullptr);
    ASSERT_TRUE(absent.ok()) << absent.error().to_string();
    EXPECT_EQ(absent.value().engines[0].efficiency.at("gpu").t_seq_ms, (Interval{0.0, 0.0}));
    // Validated like every other range.
    for (const nlohmann::json& bad : {nlohmann::json::array({0.5, 0.1}), nlohmann::json::array({-0.1, 0.2}),
                                       nlohmann::json("fast")}) {
        auto loaded = load_with(bad);
        ASSERT_FALSE(loaded.ok()) << bad.dump();
        EXPECT_NE(loaded.error().path.find("efficiency.gpu.t_seq_ms"), std::string::npos) << loaded.error().path;
    }
}

// ---------------------------------------------------------------------------------------------------------
// TTFT, queueing, throughput.
// ---------------------------------------------------------------------------------------------------------

TEST(SpeedQueueing, UsersBeyondTheBatchWaitForASlot) {
    // Transformers serves one request at a time: the 4 others wait about 4 request cycles.
    const Context ctx = make("Qwen3-8B", "bf16", "transformers", "nvidia-l40s-48gb", 1, 5, 4096, 512, 128);
    const PerformanceResult p = speed_at(ctx, 1, 1);
    EXPECT_EQ(p.running_batch, 1);
    EXPECT_GT(p.queue_wait_s.lo, 0.0);
    EXPECT_GT(p.ttft_s.lo, p.queue_wait_s.lo);
    // Four waiting users ≈ four request cycles of at least 128 decode steps each.
    EXPECT_GT(p.queue_wait_s.lo, 4 * 128 * p.decode_step_s.lo);
}

TEST(SpeedQueueing, NoWaitWhileTheBatchHoldsEveryone) {
    // Every user runs at once; a new request waits only for the step in flight to end.
    const PerformanceResult p = speed_at(make("Qwen3-8B", "bf16", "vllm", "nvidia-h100-sxm-80gb", 1, 16), 1, 1);
    EXPECT_EQ(p.running_batch, 16);
    EXPECT_LE(p.queue_wait_s.hi, p.decode_step_s.hi);
}

// A paged engine's KV pool binds its batch: Qwen3-30B-A3B bf16 on one H100 for 256 users runs about 50 at the slow
// end (the simulation's requests in flight), not the 256 "running batch" it printed beside them.
TEST(SpeedQueueing, TheRunningBatchIsWhatTheKvPoolHolds) {
    const Context ctx = make("Qwen3-30B-A3B", "bf16", "vllm", "nvidia-h100-sxm-80gb", 1, 256, 8192, 1000, 300);
    const PerformanceResult p = speed_at(ctx, 1, 1);
    ASSERT_GT(p.queue_wait_s.lo, 0.0);  // the pool binds: the rest wait
    EXPECT_LT(p.running_batch, 256);
    EXPECT_NEAR(static_cast<double>(p.running_batch), p.requests_in_flight.lo, 0.1 * p.requests_in_flight.lo);

    // TensorRT-LLM reserves a whole sequence at admission: 4,000-token answers are counted whole (it printed 157
    // beside 82–104 in flight, counting half of each).
    const Context trt = make("Llama-3.1-70B", "fp8", "tensorrt-llm", "nvidia-h100-sxm-80gb", 2, 512, 8192, 200, 4000);
    const PerformanceResult t = speed_at(trt, 2, 2);
    ASSERT_GT(t.queue_wait_s.lo, 0.0);
    EXPECT_NEAR(static_cast<double>(t.running_batch), t.requests_in_flight.lo, 0.1 * t.requests_in_flight.lo);
}

TEST(SpeedQueueing, ThroughputNeverExceedsTheBatchAtFullDecodeSpeed) {
    const Context ctx = make("Llama-3.1-8B", "fp8", "vllm", "nvidia-h100-sxm-80gb", 1, 64, 4096, 1024, 256);
    const PerformanceResult p = speed_at(ctx, 1, 1);
    EXPECT_LE(p.throughput_tps.hi, static_cast<double>(p.running_batch) * p.decode_tps_per_seq.hi * (1 + 1e-9));
}

TEST(SpeedQueueing, SaturatedThroughputGrowsWithTheBatch) {
    // An engine with little host work per sequence: 128 sequences beat 8 whatever the efficiencies.
    const Context trt = make("Llama-3.1-8B", "fp8", "tensorrt-llm", "nvidia-h100-sxm-80gb");
    EXPECT_GT(saturated_throughput_tps(trt, 1, 128, 512, 256).lo, saturated_throughput_tps(trt, 1, 8, 512, 256).hi);
    // vLLM's range spans engine generations (t_seq up to v0.5.4's): each end still grows with the batch.
    const Context ctx = make("Llama-3.1-8B", "fp8", "vllm", "nvidia-h100-sxm-80gb");
    const Interval b8 = saturated_throughput_tps(ctx, 1, 8, 512, 256);
    const Interval b128 = saturated_throughput_tps(ctx, 1, 128, 512, 256);
    EXPECT_GT(b128.lo, b8.lo);
    EXPECT_GT(b128.hi, b8.hi);
}

TEST(SpeedQueueing, ReplicasShareTheUsers) {
    const Context ctx = make("Qwen3-8B", "bf16", "transformers", "nvidia-l40s-48gb", 4, 4, 4096, 512, 128);
    const PerformanceResult one = speed_at(ctx, 1, 1);
    const PerformanceResult four = speed_at(ctx, 4, 1);  // four replicas of one card each
    EXPECT_LT(four.ttft_s.hi, one.ttft_s.hi);
    EXPECT_GT(four.throughput_tps.lo, one.throughput_tps.hi);
}

// ---------------------------------------------------------------------------------------------------------
// Properties over random contexts.
// ---------------------------------------------------------------------------------------------------------

namespace {

struct RandomCase {
    Context ctx;
    int cards = 1;
    int tp = 1;
};

RandomCase random_case(std::mt19937& rng) {
    auto pick = [&](size_t n) { return std::uniform_int_distribution<size_t>(0, n - 1)(rng); };
    auto log_uniform = [&](double lo, double hi) { return test::log_uniform(rng, lo, hi); };
    const Catalog& c = cat();
    for (;;) {
        const ModelArch& m = c.models[pick(c.models.size())];
        if (m.role != ModelRole::chat) continue;
        const Engine& e = c.engines[pick(c.engines.size())];
        std::vector<const WeightFormat*> formats;
        for (const WeightFormat& f : c.weight_formats)
            if (f.engines.empty() || test::has(f.engines, e.id)) formats.push_back(&f);
        std::vector<const Hardware*> hws;
        for (const Hardware& h : c.hardware)
            if (e.hardware_kinds.empty() || test::has(e.hardware_kinds, hardware_kind_name(h.kind))) hws.push_back(&h);
        if (formats.empty() || hws.empty()) continue;
        Scenario s;
        s.model_id = m.id;
        s.engine = e.id;
        s.weights = formats[pick(formats.size())]->id;
        s.hardware_id = hws[pick(hws.size())]->id;
        const int counts[] = {1, 1, 2, 4, 8};
        const int count = counts[pick(5)];
        s.count = count;
        s.context_tokens = static_cast<int64_t>(log_uniform(512, 131072));
        s.prompt_tokens = std::max<int64_t>(1, static_cast<int64_t>(log_uniform(16, static_cast<double>(s.context_tokens) * 0.75)));
        s.output_tokens = std::max<int64_t>(1, static_cast<int64_t>(log_uniform(16, 4096)));
        s.concurrency = static_cast<int64_t>(log_uniform(1, 2000));
        auto r = resolve(c, s);
        if (!r.ok()) continue;
        Context ctx = r.value();
        if (ctx.hardware->is_cpu() && !ctx.hardware->memory_gb) ctx.hardware.edit().memory_gb = 64;
        int tp = count;
        if (e.tensor_parallel && count > 1 && pick(2)) tp = count / 2;
        return RandomCase{ctx, count, tp};
    }
}

std::string describe(const RandomCase& rc) {
    const Scenario& s = rc.ctx.scenario;
    return s.model_id + "/" + s.weights + "/" + s.engine + "/" + s.hardware_id + " x" + std::to_string(rc.cards) +
           " tp" + std::to_string(rc.tp) + " ctx " + std::to_string(s.context_tokens) + " prompt " +
           std::to_string(s.prompt_tokens) + " out " + std::to_string(s.output_tokens) + " conc " +
           std::to_string(s.concurrency);
}

constexpr double kTol = 1e-9;

}  // namespace

TEST(SpeedProperties, StepAndPrefillAreSaneAndMonotone) {
    std::mt19937 rng(7);
    for (int i = 0; i < 600; ++i) {
        const RandomCase rc = random_case(rng);
        const Context& ctx = rc.ctx;
        const std::string where = describe(rc);
        const int64_t b = 1 + static_cast<int64_t>(i % 64);
        const int64_t pos = ctx.scenario.prompt_tokens;

        const Interval step = decode_step_s(ctx, rc.tp, b, pos);
        expect_positive(step, where + " step");
        // A bigger batch or a deeper position never makes a step shorter.
        const Interval bigger = decode_step_s(ctx, rc.tp, b * 2, pos);
        const Interval deeper = decode_step_s(ctx, rc.tp, b, pos * 2);
        EXPECT_GE(bigger.lo, step.lo * (1 - kTol)) << where;
        EXPECT_GE(bigger.hi, step.hi * (1 - kTol)) << where;
        EXPECT_GE(deeper.lo, step.lo * (1 - kTol)) << where;
        EXPECT_GE(deeper.hi, step.hi * (1 - kTol)) << where;

        // More bandwidth never slows decode.
        Context faster = ctx;
        if (faster.hardware->bandwidth_gbs) *faster.hardware.edit().bandwidth_gbs *= 2;
        const Interval fast = decode_step_s(faster, rc.tp, b, pos);
        EXPECT_LE(fast.lo, step.lo * (1 + kTol)) << where;
        EXPECT_LE(fast.hi, step.hi * (1 + kTol)) << where;

        // A longer prompt never prefills sooner.
        const Interval pf = prefill_s(ctx, rc.tp, pos);
        const Interval pf2 = prefill_s(ctx, rc.tp, pos * 2);
        expect_positive(pf, where + " prefill");
        EXPECT_GE(pf2.lo, pf.lo * (1 - kTol)) << where;
        EXPECT_GE(pf2.hi, pf.hi * (1 - kTol)) << where;
    }
}

// The serving simulation counts whole steps and whole requests: where requests queue for minutes (hundreds
// of users on a few slots), a longer prompt or context can move the steady state by a fraction of a step
// either way. Its figures are monotone within this tolerance; the roofline's single steps exactly.
constexpr double kSimTol = 0.03;

TEST(SpeedProperties, TtftNeverFallsAsUsersPromptOrContextRise) {
    std::mt19937 rng(11);
    for (int i = 0; i < 500; ++i) {
        const RandomCase rc = random_case(rng);
        const std::string where = describe(rc);
        const PerformanceResult base = speed_at(rc.ctx, rc.cards, rc.tp);
        expect_sane(base, where);
        // Where requests queue for seconds behind prefill steps that last seconds (hundreds of users on a
        // machine whose compute is unknown, say), arrivals come back in groups and a longer prompt can shift
        // the pattern either way, as it would on the machine. The property holds where the answer is one
        // users could accept: TTFT within seconds, decode steps within half a second.
        if (base.ttft_s.hi > 5.0 || base.decode_step_s.hi > 0.5) continue;

        Context more_users = rc.ctx;
        more_users.scenario.concurrency = rc.ctx.scenario.concurrency * 2 + 1;
        const PerformanceResult mu = speed_at(more_users, rc.cards, rc.tp);
        EXPECT_GE(mu.ttft_s.lo, base.ttft_s.lo * (1 - kSimTol)) << where;
        EXPECT_GE(mu.ttft_s.hi, base.ttft_s.hi * (1 - kSimTol)) << where;

        Context longer_prompt = rc.ctx;
        longer_prompt.scenario.prompt_tokens = rc.ctx.scenario.prompt_tokens * 2;
        longer_prompt.scenario.context_tokens = std::max(rc.ctx.scenario.context_tokens,
                                                         longer_prompt.scenario.prompt_tokens);
        const PerformanceResult lp = speed_at(longer_prompt, rc.cards, rc.tp);
        EXPECT_GE(lp.ttft_s.lo, base.ttft_s.lo * (1 - kSimTol)) << where;
        EXPECT_GE(lp.ttft_s.hi, base.ttft_s.hi * (1 - kSimTol)) << where;

        Context longer_context = rc.ctx;
        longer_context.scenario.context_tokens = rc.ctx.scenario.context_tokens * 2;
        const PerformanceResult lc = speed_at(longer_context, rc.cards, rc.tp);
        EXPECT_GE(lc.ttft_s.lo, base.ttft_s.lo * (1 - kSimTol)) << where;
        EXPECT_GE(lc.ttft_s.hi, base.ttft_s.hi * (1 - kSimTol)) << where;
    }
}
