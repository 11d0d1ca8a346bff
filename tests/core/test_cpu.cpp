// CPU platforms: the product-line ranges the catalog carries (cores, base clock, cores × base clock) and
// their validation; the compute peak they give (bounded prefill, exact when the machine's cores and clock
// are typed, fp32 rate for llama.cpp, AMX bf16 for 16-bit PyTorch engines); the decision table's CPU row
// naming where it fails.
//
// Sections: [catalog] [bad catalogs] [speed] [decision]
#include "catalog_json.hpp"
#include "context.hpp"
#include "decision.hpp"
#include "decision_search.hpp"
#include "estimate.hpp"
#include "format_text.hpp"
#include "memory.hpp"
#include "plan.hpp"
#include "scenario_json.hpp"
#include "speed.hpp"
#include "support.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <functional>
#include <string>

using namespace infersizer;

namespace {

using json = nlohmann::json;

using test::cat;
using test::mentions;

std::vector<const Hardware*> cpu_platforms() {
    std::vector<const Hardware*> out;
    for (const Hardware& h : cat().hardware)
        if (h.is_cpu()) out.push_back(&h);
    return out;
}

// One user on one machine: 4k context, a 512-token prompt, 128 tokens out.
Context make(const std::string& model, const std::string& weights, const std::string& engine, const std::string& hw,
             int64_t prompt = 512) {
    return test::make(model, weights, engine, hw, 1, 1, 4096, prompt, 128);
}

Scenario golden_cpu_scenario() { return test::golden_scenario("cpu_qwen25_7b.json"); }

}  // namespace

// ---------------------------------------------------------------------------------------------------
// [catalog]
// ---------------------------------------------------------------------------------------------------
TEST(CpuCatalog, EveryPlatformCarriesItsProductLineWithASource) {
    const auto cpus = cpu_platforms();
    ASSERT_EQ(cpus.size(), 5u);
    for (const Hardware* h : cpus) {
        ASSERT_TRUE(h->cores_range && h->clock_ghz_range && h->core_ghz_range) << h->id;
        EXPECT_FALSE(h->product_line.empty()) << h->id;
        // The ranges stand in for the machine; the machine's own cores and clock stay unknown.
        EXPECT_FALSE(h->cores.has_value()) << h->id;
        EXPECT_FALSE(h->clock_ghz.has_value()) << h->id;
        EXPECT_GE(h->cores_range->lo, 1.0) << h->id;
        EXPECT_LE(h->cores_range->lo, h->cores_range->hi) << h->id;
        EXPECT_LE(h->clock_ghz_range->lo, h->clock_ghz_range->hi) << h->id;
        // cores × base clock of real SKUs lies inside the product of the two ranges, and is narrower.
        EXPECT_GE(h->core_ghz_range->lo, h->cores_range->lo * h->clock_ghz_range->lo * (1 - 1e-9)) << h->id;
        EXPECT_LE(h->core_ghz_range->hi, h->cores_range->hi * h->clock_ghz_range->hi * (1 + 1e-9)) << h->id;
        EXPECT_LT(h->core_ghz_range->ratio(), (*h->cores_range * *h->clock_ghz_range).ratio()) << h->id;
        // The SKU table it was computed from is named in the sources.
        const bool sku_source = h->source.find("quattor/template-library-standard") != std::string::npos ||
                                h->source.find("buildcores/buildcores-open-db") != std::string::npos;
        EXPECT_TRUE(sku_source) << h->id << ": " << h->source;
        EXPECT_NE(h->notes.en.find("not the user's machine"), std::string::npos) << h->id;
        EXPECT_NE(h->notes.zh.find("不是用户的机器"), std::string::npos) << h->id;
    }
}

TEST(CpuCatalog, PublishedCoreCounts) {
    // AMD EPYC 9004 (Genoa): from the 16-core 9124 to the 96-core 9654 (AMD launch, Nov 2022).
    const Hardware* genoa = cat().find_hardware("epyc-genoa-12ch-ddr5-4800");
    ASSERT_TRUE(genoa && genoa->cores_range);
    EXPECT_EQ(genoa->cores_range->lo, 16.0);
    EXPECT_EQ(genoa->cores_range->hi, 96.0);
    // EPYC 7002/7003: 8 to 64 cores per socket.
    const Hardware* rome = cat().find_hardware("epyc-rome-milan-8ch-ddr4-3200");
    ASSERT_TRUE(rome && rome->cores_range);
    EXPECT_EQ(rome->cores_range->lo, 8.0);
    EXPECT_EQ(rome->cores_range->hi, 64.0);
    // 4th Gen Xeon Scalable tops out at the 60-core Platinum 8490H.
    const Hardware* spr = cat().find_hardware("xeon-spr-8ch-ddr5-4800");
    ASSERT_TRUE(spr && spr->cores_range);
    EXPECT_EQ(spr->cores_range->hi, 60.0);
    // Desktop Ryzen tops out at 16 cores (Ryzen 9 3950X / 5950X on AM4, 7950X / 9950X on AM5).
    EXPECT_EQ(cat().find_hardware("desktop-ddr4-3200-2ch")->cores_range->hi, 16.0);
    EXPECT_EQ(cat().find_hardware("desktop-ddr5-5600-2ch")->cores_range->hi, 16.0);
}

// ---------------------------------------------------------------------------------------------------
// [bad catalogs]
// ---------------------------------------------------------------------------------------------------
namespace {

Errors errors_after_cpu_edit(const std::function<void(json&)>& edit) {
    CatalogFiles f = bundled::files();
    json doc = json::parse(f.hardware);
    edit(doc["cpu_platforms"][0]);
    f.hardware = doc.dump();
    Errors errors;
    EXPECT_FALSE(load_catalog(f, &errors).ok());
    return errors;
}

void expect_single(const Errors& errors, const std::string& id, const std::string& path, const std::string& message) {
    ASSERT_EQ(errors.size(), 1u) << (errors.empty() ? "" : errors.back().to_string());
    EXPECT_EQ(errors[0].id, id);
    EXPECT_EQ(errors[0].path, path);
    EXPECT_EQ(errors[0].message, message);
}

}  // namespace

TEST(CpuCatalogErrors, ReversedRangeIsRejected) {
    auto errors = errors_after_cpu_edit([](json& p) { p["cores_range"] = {16, 4}; });
    expect_single(errors, "catalog.range", "hardware.json: cpu_platforms[0].cores_range",
                  "must be [lo, hi] with 0 < lo <= hi, got [16,4]");
}

TEST(CpuCatalogErrors, NonPositiveClockIsRejected) {
    auto errors = errors_after_cpu_edit([](json& p) { p["clock_ghz_range"] = {0, 3.9}; });
    expect_single(errors, "catalog.range", "hardware.json: cpu_platforms[0].clock_ghz_range",
                  "must be [lo, hi] with 0 < lo <= hi, got [0,3.9]");
}

TEST(CpuCatalogErrors, RangeMustBeAPair) {
    auto errors = errors_after_cpu_edit([](json& p) { p["core_ghz_range"] = 56; });
    expect_single(errors, "catalog.type", "hardware.json: cpu_platforms[0].core_ghz_range",
                  "must be [lo, hi] with 0 < lo <= hi, got 56");
}

TEST(CpuCatalogErrors, CoreGhzOutsideTheProductOfTheRangesIsRejected) {
    // cpu_platforms[0] is the AM4 desktop: 4–16 cores × 3–3.9 GHz = 12–62.4 GHz.
    auto errors = errors_after_cpu_edit([](json& p) {
        p["cores_range"] = {4, 16};
        p["clock_ghz_range"] = {3, 3.9};
        p["core_ghz_range"] = {10, 56};
    });
    expect_single(errors, "catalog.range", "hardware.json: cpu_platforms[0].core_ghz_range",
                  "must lie within cores_range x clock_ghz_range = [12, 62.4], got [10,56]");
}

TEST(CpuCatalogErrors, RangesAreOptional) {
    CatalogFiles f = bundled::files();
    json doc = json::parse(f.hardware);
    for (json& p : doc["cpu_platforms"]) {
        p.erase("cores_range");
        p["clock_ghz_range"] = nullptr;
        p.erase("core_ghz_range");
    }
    f.hardware = doc.dump();
    Errors errors;
    auto loaded = load_catalog(f, &errors);
    EXPECT_TRUE(loaded.ok());
    EXPECT_TRUE(errors.empty());
    if (loaded.ok()) { EXPECT_FALSE(loaded->find_hardware("desktop-ddr4-3200-2ch")->cores_range.has_value()); }
}

// ---------------------------------------------------------------------------------------------------
// [speed]
// ---------------------------------------------------------------------------------------------------
TEST(CpuSpeed, ProductLinePrefillIsBoundedOnEveryCatalogPlatform) {
    for (const Hardware* h : cpu_platforms()) {
        for (const char* weights : {"Q4_K_M", "BF16"}) {
            const Context ctx = make("Qwen2.5-7B", weights, "llama.cpp", h->id);
            std::vector<Text> warnings;
            const auto peak = compute_peak_tflops(ctx, &warnings);
            ASSERT_TRUE(peak.has_value()) << h->id;
            EXPECT_TRUE(mentions(warnings, "product line")) << h->id;
            EXPECT_TRUE(mentions(warnings, "\"clock_ghz\"")) << h->id;  // says how to give the machine's
            const Interval pf = prefill_s(ctx, 1, 512);
            EXPECT_TRUE(std::isfinite(pf.hi)) << h->id;
            // Before the product lines the interval ran from one weight read to token-by-token (≈ 6000×).
            EXPECT_LT(pf.ratio(), 20.0) << h->id << " " << weights << ": " << pf.lo << "–" << pf.hi << " s";
        }
    }
}

TEST(CpuSpeed, MachineCoresAndClockNarrowPrefillToTheEfficiencyRange) {
    // BF16 GGUF: no dequantization factor, so with the machine known only MFU's range is left.
    const Context line = make("Qwen2.5-7B", "BF16", "llama.cpp", "desktop-ddr5-5600-2ch");
    Context machine = line;
    machine.hardware.edit().cores = 16;
    machine.hardware.edit().clock_ghz = 4.5;

    std::vector<Text> warnings;
    const auto peak = compute_peak_tflops(machine, &warnings);
    ASSERT_TRUE(peak.has_value());
    // 16 cores × 4.5 GHz × 32 fp32 FLOPs per clock (AVX2, hardware.json) = 2.304 TFLOPS.
    EXPECT_NEAR(peak->lo, 2.304, 1e-9);
    EXPECT_EQ(peak->lo, peak->hi);
    EXPECT_FALSE(mentions(warnings, "product line"));

    // MFU at 512 tokens lies halfway (in log tokens) between the engine's 128- and 2048-token figures.
    const Efficiency e = machine.efficiency();
    const double mfu_ratio = (e.mfu_short.hi + e.mfu_long.hi) / (e.mfu_short.lo + e.mfu_long.lo);
    // (The step's fixed t0, a few ms against seconds of prefill, moves the ratio by under 0.1%.)
    const Interval known = prefill_s(machine, 1, 512);
    EXPECT_NEAR(known.ratio(), mfu_ratio, 1e-3 * mfu_ratio);
    // The product line widens it by its cores × base clock spread (compute-bound prefill).
    const Interval assumed = prefill_s(line, 1, 512);
    EXPECT_NEAR(assumed.ratio() / known.ratio(), line.hardware->core_ghz_range->ratio(),
                1e-3 * line.hardware->core_ghz_range->ratio());
}

TEST(CpuSpeed, LlamaCppCountsTheFp32RateEvenWhereAmxExists) {
    const Context gguf = make("Qwen2.5-7B", "Q4_K_M", "llama.cpp", "xeon-spr-8ch-ddr5-4800");
    const Interval core_ghz = *gguf.hardware->core_ghz_range;
    const auto peak = compute_peak_tflops(gguf, nullptr);
    ASSERT_TRUE(peak.has_value());
    // Sapphire Rapids: AVX-512 with two FMA units, 64 fp32 FLOPs per clock (hardware.json).
    EXPECT_NEAR(peak->lo, core_ghz.lo * 64 / 1e3, 1e-9);
    EXPECT_NEAR(peak->hi, core_ghz.hi * 64 / 1e3, 1e-9);
    // 16-bit weights on a PyTorch engine use AMX: 1024 bf16 ops per clock (hardware.json).
    const Context torch = make("Qwen2.5-7B", "bf16", "transformers", "xeon-spr-8ch-ddr5-4800");
    const auto amx = compute_peak_tflops(torch, nullptr);
    ASSERT_TRUE(amx.has_value());
    EXPECT_NEAR(amx->hi, core_ghz.hi * 1024 / 1e3, 1e-9);
    // A platform without AMX stays at its fp32 rate for the same engine.
    const Context genoa = make("Qwen2.5-7B", "bf16", "transformers", "epyc-genoa-12ch-ddr5-4800");
    EXPECT_NEAR(compute_peak_tflops(genoa, nullptr)->hi, genoa.hardware->core_ghz_range->hi * 32 / 1e3, 1e-9);
}

TEST(CpuSpeed, WithoutCoresOrAProductLineComputeStaysUnknownAndSaysSo) {
    Context ctx = make("Qwen2.5-7B", "Q4_K_M", "llama.cpp", "desktop-ddr5-5600-2ch");
    ctx.hardware.edit().cores_range.reset();
    ctx.hardware.edit().clock_ghz_range.reset();
    ctx.hardware.edit().core_ghz_range.reset();
    std::vector<Text> warnings;
    EXPECT_FALSE(compute_peak_tflops(ctx, &warnings).has_value());
    EXPECT_TRUE(mentions(warnings, "cores, clock or work per clock"));
    // Only the two ranges: their product stands in.
    ctx.hardware.edit().cores_range = Interval{6, 16};
    ctx.hardware.edit().clock_ghz_range = Interval{3.7, 4.7};
    const auto peak = compute_peak_tflops(ctx, nullptr);
    ASSERT_TRUE(peak.has_value());
    EXPECT_NEAR(peak->lo, 6 * 3.7 * 32 / 1e3, 1e-9);
    EXPECT_NEAR(peak->hi, 16 * 4.7 * 32 / 1e3, 1e-9);
}

TEST(CpuSpeed, TheEstimateCarriesTheProductLineWarning) {
    auto r = estimate(cat(), golden_cpu_scenario());
    ASSERT_TRUE(r.ok()) << r.error().to_string();
    EXPECT_TRUE(mentions(r->warnings, "product line's cores and base clocks"));
    // TTFT on a catalog CPU platform is a bounded interval, not "0.03 s to minutes".
    EXPECT_LT(r->performance.prefill_tps.ratio(), 20.0);
}

// ---------------------------------------------------------------------------------------------------
// [decision]
// ---------------------------------------------------------------------------------------------------
namespace {

// Independent re-check of "n users at context L meet the targets" on one machine, from estimate_fit and
// estimate_speed (as test_decision.cpp's holds()).
bool holds(const Context& base, int64_t n, int64_t L, bool optimistic) {
    Context c = with_hardware(base, base.hardware, 1);
    c.scenario.context_tokens = L;
    c.scenario.concurrency = 1;
    const ReplicaKv kv = replica_kv(c, 1, 1);
    if ((optimistic ? kv.full_sequences.hi : kv.full_sequences.lo) < 1) return false;
    c.scenario.concurrency = n;
    const PerformanceResult p = estimate_speed(c, 1, 1, kv);
    const Targets& t = base.scenario.targets;
    const double tps = optimistic ? p.decode_tps_per_seq.hi : p.decode_tps_per_seq.lo;
    const double ttft = optimistic ? p.ttft_s.lo : p.ttft_s.hi;
    return tps >= t.tps_per_user && ttft <= t.ttft_s;
}

}  // namespace

TEST(CpuDecision, GoldenCpuRowNamesWhereItFails) {
    const Scenario s = golden_cpu_scenario();
    auto r = estimate(cat(), s);
    ASSERT_TRUE(r.ok()) << r.error().to_string();
    const DecisionRow& row = r->decision[0];
    ASSERT_EQ(row.option, DecisionOption::cpu);
    // The failing target is named, and the open-ended "at best N users" (the fast end of an unbounded
    // prefill) is gone: the search's two ends agree.
    EXPECT_NE(row.fails_when.en.find("TTFT"), std::string::npos) << row.fails_when.en;
    EXPECT_EQ(row.fails_when.en.find("at best"), std::string::npos) << row.fails_when.en;
    EXPECT_NE(row.reason.en.find("product line"), std::string::npos) << row.reason.en;

    auto c = resolve(cat(), s);
    ASSERT_TRUE(c.ok());
    const auto choice = choose_cpu_platform(*c);
    ASSERT_TRUE(choice.has_value());
    const ReplicaLayout one{1, 1, true};
    const SearchLimit lim =
        max_concurrency_meeting_targets(choice->ctx, choice->ctx.hardware, one, 1, s.context_tokens);
    EXPECT_FALSE(lim.optimistic_capped);
    if (lim.optimistic == 0) {
        EXPECT_NE(row.fails_when.en.find("even one user"), std::string::npos) << row.fails_when.en;
    } else {
        EXPECT_NE(row.fails_when.en.find("up to"), std::string::npos) << row.fails_when.en;
    }
}

TEST(CpuDecision, WithReachableTargetsTheCpuRowNamesAConcurrencyLimit) {
    // The golden CPU scenario with a TTFT a CPU can meet, on a machine with a known 64 GB of RAM (so the
    // re-check below can use estimate_fit).
    Scenario s = golden_cpu_scenario();
    s.targets.ttft_s = 60;
    auto c = resolve(cat(), s);
    ASSERT_TRUE(c.ok());
    Hardware hw = c->hardware;
    hw.memory_gb = 64;
    const Context ctx = with_hardware(*c, hw, 1);
    const ReplicaLayout one{1, 1, true};
    const SearchLimit lim = max_concurrency_meeting_targets(ctx, hw, one, 1, s.context_tokens);
    ASSERT_GE(lim.pessimistic, 1);
    ASSERT_FALSE(lim.optimistic_capped);
    // Both ends are found, and they are within the product line's spread of each other (not 0 vs 251).
    EXPECT_LE(lim.optimistic, 20 * lim.pessimistic);
    EXPECT_TRUE(holds(ctx, lim.pessimistic, s.context_tokens, false));
    EXPECT_FALSE(holds(ctx, lim.pessimistic + 1, s.context_tokens, false));
    EXPECT_TRUE(holds(ctx, lim.optimistic, s.context_tokens, true));
    EXPECT_FALSE(holds(ctx, lim.optimistic + 1, s.context_tokens, true));

    // The row of the estimate says the same limit (the catalog platform, RAM unknown: memory does not cap).
    auto r = estimate(cat(), s);
    ASSERT_TRUE(r.ok());
    const std::string& fails = r->decision[0].fails_when.en;
    EXPECT_NE(fails.find("holds up to"), std::string::npos) << fails;
    // Beyond the limit a target is named: on a CPU, every extra user's prompt stalls the others' decode.
    EXPECT_TRUE(fails.find("TTFT (p90) exceeds") != std::string::npos || fails.find("per-user speed drops") != std::string::npos)
        << fails;
}

// A platform without a RAM size, two machines under one llama.cpp layer split: the warning asks for the memory the
// two hold between them and the share each holds, where it asked "the machine" for the whole copy's 10 GiB.
TEST(CpuMemory, AnUnknownRamSizeOverSeveralMachinesAsksForTheirSumAndEachShare) {
    Scenario s = test::golden_scenario("cpu_qwen25_7b.json");
    s.count = 2;
    s.concurrency = 8;
    const Result r = test::estimate_ok(s);
    ASSERT_FALSE(r.memory.capacity_known);
    ASSERT_EQ(r.performance.tp, 2);  // one server over both machines
    const double need = r.memory.total_gib.hi;
    const std::string en = "make sure the 2 machines have at least " + fmt::number(need, "en") + " GiB between them (about " +
                           fmt::number(need / 2, "en") + " GiB each), or give the RAM size.";
    const std::string zh = "请确认这 2 台机器合计至少有 " + fmt::number(need, "zh") + " GiB 内存（每台约 " +
                           fmt::number(need / 2, "zh") + " GiB），或填写内存大小。";
    bool warned = false;
    for (const Text& w : r.warnings) warned |= w.en.find(en) != std::string::npos && w.zh.find(zh) != std::string::npos;
    EXPECT_TRUE(warned) << en;
    // One machine: the whole copy on it.
    s.count = 1;
    const Result one = test::estimate_ok(s);
    bool single = false;
    for (const Text& w : one.warnings)
        single |= w.en.find("make sure the machine has at least " + fmt::number(one.memory.total_gib.hi, "en") + " GiB,") !=
                  std::string::npos;
    EXPECT_TRUE(single);
}
