// Custom hardware as a copy of a catalog card ("based_on"), and a custom CPU described from its parts
// (issue #9): a copy with nothing changed estimates exactly as the card; a CPU given cores, clock and work per
// clock gets a prefill interval no wider than the catalog platform's product line.
#include "result_json.hpp"
#include "speed.hpp"
#include "support.hpp"

#include <gtest/gtest.h>

using namespace infersizer;

namespace {

using test::cat;

// The scenario's hardware from a JSON object, as the page's form and a link send it.
Scenario with_hardware_object(const Scenario& base, const nlohmann::json& hw) {
    auto s = scenario_from_json({{"hardware", hw}}, base);
    EXPECT_TRUE(s.ok()) << (s.ok() ? "" : s.error().to_string());
    return s.value();
}

std::string result_text(const Scenario& s) { return result_to_json(test::estimate_ok(s), "en").dump(); }

// Every occurrence of `from` replaced by `to`.
std::string replaced(std::string text, const std::string& from, const std::string& to) {
    for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
}

}  // namespace

// Before: the form sent memory (the GB label as GiB), bandwidth, fp16, interconnect and price only, so an
// H100 copy lost its FP8 peak, architecture and market prices (TTFT 86–750 ms became 0.17–1.5 s).
TEST(CustomCopy, EveryCatalogCardCopiedUnchangedGivesTheCardsResult) {
    Scenario base;  // Qwen3-8B Q4_K_M on llama.cpp, 5 users, the planner's count
    for (const Hardware& card : cat().hardware) {
        Scenario by_id = base;
        by_id.hardware_id = card.id;
        if (card.is_cpu()) by_id.count = 1;
        const Scenario copy = with_hardware_object(by_id, {{"based_on", card.id}});
        ASSERT_TRUE(copy.hardware_custom.has_value());
        EXPECT_EQ(result_text(copy), result_text(by_id)) << card.id;
    }
}

TEST(CustomCopy, ARenamedCopyDiffersOnlyInTheName) {
    Scenario base;
    base.model_id = "Qwen2.5-7B";
    base.weights = "fp8";
    base.engine = "vllm";
    base.hardware_id = "nvidia-h100-sxm-80gb";
    const Hardware& card = test::hardware(base.hardware_id);
    const Scenario copy = with_hardware_object(base, {{"based_on", card.id}, {"name", "our H100"}, {"kind", "gpu"}});
    EXPECT_EQ(replaced(result_text(copy), "our H100", card.name), result_text(base));
    EXPECT_NE(result_text(copy).find("our H100"), std::string::npos);
}

TEST(CustomCopy, AGivenFigureReplacesTheCardsAndTheRestStays) {
    Scenario base;
    base.hardware_id = "nvidia-h100-sxm-80gb";
    const Hardware& card = test::hardware(base.hardware_id);
    const Scenario copy = with_hardware_object(base, {{"based_on", card.id}, {"bandwidth_gbs", 2000}});
    const auto hw = resolve_custom_hardware(cat(), *copy.hardware_custom);
    ASSERT_TRUE(hw.ok());
    EXPECT_DOUBLE_EQ(*hw->bandwidth_gbs, 2000);
    EXPECT_EQ(hw->fp8_tflops, card.fp8_tflops);
    EXPECT_EQ(hw->architecture, card.architecture);
    EXPECT_EQ(hw->interconnect_gbs, card.interconnect_gbs);
    EXPECT_EQ(hw->id, card.id) << "the card's rental prices still apply";
    EXPECT_NE(result_text(copy), result_text(base));
}

TEST(CustomCopy, TheCopyTravelsThroughJsonAndItsErrorsNameTheField) {
    Scenario base;
    const Scenario copy = with_hardware_object(base, {{"based_on", "nvidia-h100-sxm-80gb"}, {"fp16_tflops", 500}});
    const nlohmann::json hw = scenario_to_json(copy)["hardware"];
    EXPECT_EQ(hw["based_on"], "nvidia-h100-sxm-80gb");
    EXPECT_EQ(hw["fp16_tflops"], 500);
    EXPECT_FALSE(hw.contains("kind")) << "left to the card";
    EXPECT_FALSE(hw.contains("memory_gib")) << "left to the card";
    EXPECT_FALSE(hw.contains("name")) << "an unnamed copy keeps the card's name";
    auto again = scenario_from_json(scenario_to_json(copy));
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(scenario_to_json(again.value()), scenario_to_json(copy));

    const Scenario unknown = with_hardware_object(base, {{"based_on", "no-such-card"}});
    auto r = estimate(cat(), unknown);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().path, "scenario.hardware.based_on");
    EXPECT_NE(r.error().message.find("nvidia-h100-sxm-80gb"), std::string::npos) << "lists accepted ids";
}

// [custom CPU] ---------------------------------------------------------------------------------------------------

// A desktop with 2 × DDR5-5600 and a 16-core AVX2 CPU at 4.5 GHz, typed from its parts.
nlohmann::json desktop_cpu() {
    return {{"kind", "cpu"},       {"name", "my desktop"}, {"memory_gib", 64},
            {"memory_channels", 2}, {"memory_mts", 5600},   {"cores", 16},
            {"clock_ghz", 4.5},     {"fp32_flops_per_cycle_per_core", 32}};
}

TEST(CustomCpu, ChannelsTimesTransferRateGiveTheBandwidth) {
    const Scenario s = with_hardware_object(Scenario{}, desktop_cpu());
    const auto hw = resolve_custom_hardware(cat(), *s.hardware_custom);
    ASSERT_TRUE(hw.ok());
    // 2 channels × 5600 MT/s × 8 bytes = 89.6 GB/s, the catalog's desktop-ddr5-5600-2ch figure.
    EXPECT_DOUBLE_EQ(*hw->bandwidth_gbs, 89.6);
    EXPECT_DOUBLE_EQ(*hw->bandwidth_gbs, *test::hardware("desktop-ddr5-5600-2ch").bandwidth_gbs);

    auto missing = scenario_from_json({{"hardware", {{"kind", "cpu"}, {"memory_gib", 64}, {"memory_channels", 2}}}});
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().path, "scenario.hardware.bandwidth_gbs") << "channels alone are not a bandwidth";
    auto bad = scenario_from_json({{"hardware", {{"kind", "cpu"}, {"memory_gib", 64}, {"memory_channels", 2},
                                                 {"memory_mts", 5}}}});
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().path, "scenario.hardware.memory_mts");
}

TEST(CustomCpu, CoresClockAndWorkPerClockNarrowPrefill) {
    Scenario base;
    base.model_id = "Qwen2.5-7B";
    base.weights = "Q4_K_M";
    base.count = 1;
    Scenario catalog = base;
    catalog.hardware_id = "desktop-ddr5-5600-2ch";
    const Result line = test::estimate_ok(catalog);
    const Result machine = test::estimate_ok(with_hardware_object(base, desktop_cpu()));
    const Interval pl = line.performance.prefill_tps, pm = machine.performance.prefill_tps;
    // The machine's 16 × 4.5 GHz × 32 = 2.304 TFLOPS: only the engine's efficiency range is left, narrower
    // than the product line's cores × base clock spread on top of it.
    EXPECT_LE(pm.ratio(), pl.ratio());
    EXPECT_LT(pm.ratio(), 4.0) << pm.lo << "–" << pm.hi;
    EXPECT_GE(pm.lo, pl.lo);
    // Without the work per clock the compute stays unknown: the interval the issue saw (6–7,152 tok/s).
    nlohmann::json no_rate = desktop_cpu();
    no_rate.erase("fp32_flops_per_cycle_per_core");
    const Result unknown = test::estimate_ok(with_hardware_object(base, no_rate));
    EXPECT_GT(unknown.performance.prefill_tps.ratio(), 100 * pm.ratio());
}

TEST(CustomCpu, ACopyOfAPlatformWithTheMachinesCoresAndClockNarrowsItToo) {
    Scenario base;
    base.model_id = "Qwen2.5-7B";
    base.count = 1;
    base.hardware_id = "desktop-ddr5-5600-2ch";
    const Result line = test::estimate_ok(base);
    const Result copy = test::estimate_ok(
        with_hardware_object(base, {{"based_on", "desktop-ddr5-5600-2ch"}, {"cores", 16}, {"clock_ghz", 4.5}}));
    EXPECT_LT(copy.performance.prefill_tps.ratio(), line.performance.prefill_tps.ratio());
}

// The model facts (weights, parameter counts) are computed once and shared by the copies of a context; a copy whose
// model or format was changed must get its own, and the original keep its: another format, the same format id with
// other bits per weight, another model, the same model id with another dimension.
TEST(CustomCopy, AContextCopyWithAnotherModelOrFormatGetsItsOwnWeights) {
    const Context base = test::make("Llama-3.1-8B", "bf16", "vllm", "nvidia-h100-sxm-80gb");
    const double bf16_gib = base.weights_estimate().bytes.hi / units::kGiB;
    EXPECT_NEAR(bf16_gib, 14.96, 0.05);  // 8.03 B parameters × 2 bytes

    Context fp8 = base;
    fp8.weights = test::format("fp8");
    const double fp8_gib = fp8.weights_estimate().bytes.hi / units::kGiB;
    EXPECT_LT(fp8_gib, 0.6 * bf16_gib);
    EXPECT_DOUBLE_EQ(fp8_gib, test::make("Llama-3.1-8B", "fp8", "vllm", "nvidia-h100-sxm-80gb").weights_estimate().bytes.hi /
                                  units::kGiB);

    Context fewer_bits = base;  // the same format id, edited
    fewer_bits.weights.edit().bits_per_weight = 8;
    EXPECT_LT(fewer_bits.weights_estimate().bytes.hi / units::kGiB, 0.6 * bf16_gib);

    Context other_model = base;
    other_model.model = test::model("Llama-3.1-70B");
    EXPECT_GT(other_model.weights_estimate().bytes.hi / units::kGiB, 8.0 * bf16_gib);

    Context fewer_layers = base;  // the same model id, edited
    fewer_layers.model.n_layers = 16;
    EXPECT_LT(fewer_layers.weights_estimate().bytes.hi / units::kGiB, 0.6 * bf16_gib);
    EXPECT_LT(fewer_layers.param_counts().total, 0.6 * base.param_counts().total);

    EXPECT_DOUBLE_EQ(base.weights_estimate().bytes.hi / units::kGiB, bf16_gib);  // the original keeps its facts
}

// Context copies share their engine and weight-format entries (the planner makes hundreds of copies per result; shared_value.hpp), so
// an edit through one copy must give that copy its own entry: the copy's estimate sees the edit, the original's
// does not.
TEST(CustomCopy, AContextCopyEditsItsOwnEngineAndFormat) {
    const Context base = test::make("Llama-3.1-8B", "bf16", "vllm", "nvidia-h100-sxm-80gb");
    const double base_utilization = base.engine->memory_utilization;
    const double base_pool_gib = estimate_memory(base, 1, 1, 1, 8192).kv_pool_gib.hi;

    Context copy = base;
    EXPECT_TRUE(copy.engine.shares_with(base.engine));
    copy.engine.edit().memory_utilization = 0.5;
    EXPECT_FALSE(copy.engine.shares_with(base.engine));
    EXPECT_DOUBLE_EQ(copy.engine->memory_utilization, 0.5);
    EXPECT_DOUBLE_EQ(base.engine->memory_utilization, base_utilization);  // vLLM's 0.9, untouched
    EXPECT_DOUBLE_EQ(base_utilization, 0.9);
    // 80 GB × (0.9 − 0.5) less room for the KV pool on the copy, none less on the original.
    EXPECT_LT(estimate_memory(copy, 1, 1, 1, 8192).kv_pool_gib.hi, base_pool_gib - 25.0);
    EXPECT_DOUBLE_EQ(estimate_memory(base, 1, 1, 1, 8192).kv_pool_gib.hi, base_pool_gib);

    Context again = copy;  // a copy of the edited copy shares the edited entry
    EXPECT_TRUE(again.engine.shares_with(copy.engine));
    EXPECT_DOUBLE_EQ(again.engine->memory_utilization, 0.5);

    // The weight format likewise (the facts memo's side of it: AContextCopyWithAnotherModelOrFormatGetsItsOwnWeights).
    Context eight_bits = base;
    EXPECT_TRUE(eight_bits.weights.shares_with(base.weights));
    eight_bits.weights.edit().bits_per_weight = 8;
    EXPECT_FALSE(eight_bits.weights.shares_with(base.weights));
    EXPECT_DOUBLE_EQ(base.weights->bits_per_weight, 16.0);
}

// with_hardware() hands every context moved onto one of the catalog's cards the same copy of it (one per estimate,
// kept with the resolved context's memos), so the planner's contexts copy no card; an edit through one of them
// changes neither the others nor the catalog, and a card from outside the catalog is copied as before.
TEST(CustomCopy, ContextsOnOneCatalogCardShareItUntilEdited) {
    const Context base = test::make("Llama-3.1-8B", "bf16", "vllm", "nvidia-h100-sxm-80gb");
    const Hardware* a100 = test::cat().find_hardware("nvidia-a100-sxm-80gb");
    ASSERT_NE(a100, nullptr);
    const double catalog_gbs = *a100->bandwidth_gbs;

    Context one = with_hardware(base, *a100, 1);
    const Context two = with_hardware(base, *a100, 4);
    EXPECT_TRUE(one.hardware.shares_with(two.hardware));
    EXPECT_EQ(one.hardware->id, "nvidia-a100-sxm-80gb");
    EXPECT_EQ(two.count, 4);
    EXPECT_EQ(base.hardware->id, "nvidia-h100-sxm-80gb");  // the original stays on its card

    const double two_decode = estimate_speed(two, 1, 1, replica_kv(two, 1, 1, estimate_fit(two, 1, 1)), false).decode_tps_per_seq.hi;
    one.hardware.edit().bandwidth_gbs = 2 * catalog_gbs;
    EXPECT_FALSE(one.hardware.shares_with(two.hardware));
    EXPECT_DOUBLE_EQ(*two.hardware->bandwidth_gbs, catalog_gbs);
    EXPECT_DOUBLE_EQ(*a100->bandwidth_gbs, catalog_gbs);
    EXPECT_DOUBLE_EQ(
        estimate_speed(two, 1, 1, replica_kv(two, 1, 1, estimate_fit(two, 1, 1)), false).decode_tps_per_seq.hi, two_decode);
    EXPECT_GT(estimate_speed(one, 1, 1, replica_kv(one, 1, 1, estimate_fit(one, 1, 1)), false).decode_tps_per_seq.hi,
              1.5 * two_decode);
    // A later move onto the card still gets the catalog's figures, not the edited copy.
    EXPECT_DOUBLE_EQ(*with_hardware(base, *a100, 2).hardware->bandwidth_gbs, catalog_gbs);

    Hardware own = *a100;  // not the catalog's entry: a copy of its own, whatever its id
    own.bandwidth_gbs = 3 * catalog_gbs;
    const Context mine = with_hardware(base, own, 1);
    EXPECT_FALSE(mine.hardware.shares_with(two.hardware));
    EXPECT_DOUBLE_EQ(*mine.hardware->bandwidth_gbs, 3 * catalog_gbs);
}
