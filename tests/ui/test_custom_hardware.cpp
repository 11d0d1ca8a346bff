// test_custom_hardware.cpp — ③ "custom hardware": the box opens a typed form whose values become the
// scenario's hardware through the core's scenario parser; out-of-range values are refused on the spot;
// unchecking returns to the catalog card; the link carries the custom hardware.
#include "ui_harness.hpp"

#include "context.hpp"
#include "estimate.hpp"
#include "result_json.hpp"
#include "scenario_json.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>

#include <gtest/gtest.h>

namespace infersizer::app::test {
namespace {

using CustomHardware = PageTest;

std::string result_text(const Result& r) { return result_to_json(r, "en").dump(); }

// Test inputs: NVIDIA L40S datasheet figures (48 GB, 864 GB/s, 181 dense FP16 TFLOPS with FP32 accumulate
// is the 362 "with sparsity" halved), typed as a person would copy them from the sheet.
const char* kMemory = "48", *kBandwidth = "864", *kFp16 = "181", *kPrice = "0.9";

void type_l40s_like(Page& page) {
    ASSERT_TRUE(page.type_into("##typed_hw_memory_gib", kMemory));
    ASSERT_TRUE(page.type_into("##typed_hw_bandwidth_gbs", kBandwidth));
    ASSERT_TRUE(page.type_into("##typed_hw_fp16_tflops", kFp16));
    ASSERT_TRUE(page.type_into("##typed_hw_price_per_hour", kPrice));
}

TEST_F(CustomHardware, TypedValuesBecomeTheHardwareAndTheResultIsTheCoresEstimate) {
    Page page("en", ImVec2(1280, 1600));
    page.frames(3);
    const Scenario catalog_scenario = page.state().scenario;
    const std::string catalog_result = result_text(*page.state().result);
    ASSERT_FALSE(catalog_scenario.hardware_custom.has_value());

    ASSERT_TRUE(page.click(tr(S::custom_hardware, Lang::en)));
    EXPECT_TRUE(page.state().custom_hw.open);
    ASSERT_TRUE(page.state().scenario.hardware_custom.has_value()) << page.state().custom_hw.error;
    page.frames(1);
    type_l40s_like(page);

    const AppState& s = page.state();
    ASSERT_TRUE(s.scenario.hardware_custom.has_value());
    EXPECT_TRUE(s.custom_hw.error.empty()) << s.custom_hw.error;
    EXPECT_DOUBLE_EQ(*s.scenario.hardware_custom->usable_memory_gib, 48);
    EXPECT_DOUBLE_EQ(*s.scenario.hardware_custom->bandwidth_gbs, 864);
    EXPECT_DOUBLE_EQ(*s.scenario.hardware_custom->fp16_tflops, 181);
    EXPECT_DOUBLE_EQ(*s.scenario.hardware_custom->price_per_hour_usd, 0.9);

    // The same hardware object written by hand and parsed by the core gives the page's result: a copy of the
    // card the form started from, with the four typed figures replacing the card's.
    const nlohmann::json hw = {{"based_on", catalog_scenario.hardware_id}, {"memory_gib", 48}, {"bandwidth_gbs", 864},
                               {"fp16_tflops", 181}, {"price_per_hour", 0.9}};
    Expected<Scenario> expected = scenario_from_json({{"hardware", hw}}, catalog_scenario);
    ASSERT_TRUE(expected.ok()) << expected.error().to_string();
    Expected<Result> direct = estimate(*s.catalog, expected.value());
    ASSERT_TRUE(direct.ok()) << direct.error().to_string();
    EXPECT_EQ(result_text(direct.value()), result_text(*s.result));
    EXPECT_NE(result_text(*s.result), catalog_result) << "twice the memory changes the answer";
}

TEST_F(CustomHardware, OutOfRangeTypedValueIsRefusedAndThePreviousValueStays) {
    Page page("en", ImVec2(1280, 1600));
    page.frames(3);
    ASSERT_TRUE(page.click(tr(S::custom_hardware, Lang::en)));
    page.frames(1);
    ASSERT_TRUE(page.type_into("##typed_hw_memory_gib", kMemory));
    ASSERT_DOUBLE_EQ(*page.state().scenario.hardware_custom->usable_memory_gib, 48);
    const unsigned generation = app_result_generation(page.app());

    ASSERT_TRUE(page.type_into("##typed_hw_memory_gib", "-5"));
    EXPECT_DOUBLE_EQ(*page.state().scenario.hardware_custom->usable_memory_gib, 48) << "the last good value stays";
    EXPECT_DOUBLE_EQ(*page.state().custom_hw.memory_gib, 48);
    EXPECT_EQ(app_result_generation(page.app()), generation) << "a refused value recomputes nothing";
    const std::string& error = page.state().fields["hw_memory_gib"].error.en;
    EXPECT_NE(error.find("0.01"), std::string::npos) << "names the accepted range: " << error;
    EXPECT_NE(error.find("48"), std::string::npos) << "names the kept value: " << error;

    ASSERT_TRUE(page.type_into("##typed_hw_bandwidth_gbs", "8..6"));
    EXPECT_FALSE(page.state().fields["hw_bandwidth_gbs"].error.empty());
    // The device the scenario describes (a copy of the card: the untouched bandwidth is the card's) keeps the
    // form's last good bandwidth.
    const Expected<Hardware> device = resolve_custom_hardware(*page.state().catalog, *page.state().scenario.hardware_custom);
    ASSERT_TRUE(device.ok());
    EXPECT_EQ(device->bandwidth_gbs, page.state().custom_hw.bandwidth_gbs);
    EXPECT_EQ(app_result_generation(page.app()), generation);

    ASSERT_TRUE(page.type_into("##typed_hw_memory_gib", "80"));
    EXPECT_DOUBLE_EQ(*page.state().scenario.hardware_custom->usable_memory_gib, 80);
    EXPECT_TRUE(page.state().fields["hw_memory_gib"].error.empty());
}

TEST_F(CustomHardware, UncheckingRestoresTheCatalogCard) {
    Page page("en", ImVec2(1280, 1600));
    page.frames(3);
    const std::string card = page.state().scenario.hardware_id;
    const std::string catalog_result = result_text(*page.state().result);
    ASSERT_TRUE(page.click(tr(S::custom_hardware, Lang::en)));
    page.frames(1);
    EXPECT_FALSE(page.click_path("/inputs_", {"hardware_panel", "##hardware"})) << "the form replaces the picker";
    type_l40s_like(page);
    ASSERT_TRUE(page.state().scenario.hardware_custom.has_value());

    ASSERT_TRUE(page.click(tr(S::custom_hardware, Lang::en)));
    EXPECT_FALSE(page.state().custom_hw.open);
    EXPECT_FALSE(page.state().scenario.hardware_custom.has_value());
    EXPECT_EQ(page.state().scenario.hardware_id, card);
    EXPECT_EQ(result_text(*page.state().result), catalog_result);
    page.frames(1);
    EXPECT_TRUE(page.click_path("/inputs_", {"hardware_panel", "##hardware"})) << "the catalog picker is back";
    page.press_key(ImGuiKey_Escape);
}

// A catalog CPU platform with no memory size: before issue #9 the form started without one and was refused; now
// it is a copy of the platform, estimated as the platform, and it asks for the machine's own parts.
TEST_F(CustomHardware, ACpuPlatformCopyAsksForTheMachinesParts) {
    Page page("en", ImVec2(1280, 1600));
    page.frames(3);
    const Hardware* platform = nullptr;
    for (const Hardware& h : page.state().catalog->hardware)
        if (h.is_cpu() && !h.memory_gb && !h.usable_memory_gib && h.fp32_flops_per_cycle_per_core) platform = &h;
    if (!platform) GTEST_SKIP() << "the catalog has no CPU platform without a memory size";
    Scenario next = page.state().scenario;
    next.hardware_id = platform->id;
    next.count = 1;
    ASSERT_TRUE(edit_scenario(page.state(), next)) << page.state().edit_error;
    page.frames(1);
    const std::string platform_result = result_text(*page.state().result);
    const Interval line = page.state().result->performance.prefill_tps;

    ASSERT_TRUE(page.click(tr(S::custom_hardware, Lang::en)));
    EXPECT_TRUE(page.state().custom_hw.open);
    EXPECT_TRUE(page.state().custom_hw.error.empty()) << page.state().custom_hw.error;
    EXPECT_EQ(result_text(*page.state().result), platform_result);
    page.frames(1);
    for (const char* part : {"##typed_hw_cores", "##typed_hw_clock_ghz", "##typed_hw_fp32_per_cycle",
                             "##typed_hw_bf16_per_cycle", "##typed_hw_memory_channels", "##typed_hw_memory_mts"})
        EXPECT_NE(page.find(part), nullptr) << "a CPU form asks for " << part;

    ASSERT_TRUE(page.type_into("##typed_hw_cores", "16"));
    ASSERT_TRUE(page.type_into("##typed_hw_clock_ghz", "4.5"));
    EXPECT_TRUE(page.state().custom_hw.error.empty()) << page.state().custom_hw.error;
    EXPECT_LT(page.state().result->performance.prefill_tps.ratio(), line.ratio()) << "the machine narrows prefill";

    ASSERT_TRUE(page.click(tr(S::custom_hardware, Lang::en)));
    EXPECT_EQ(page.state().scenario.hardware_id, platform->id);
}

// A GPU form carries the card's FP8 and INT8 peaks and lets them be changed like any other figure.
TEST_F(CustomHardware, AnAcceleratorsFp8PeakIsPartOfTheForm) {
    Page page("en", ImVec2(1280, 1600));
    page.frames(2);
    Scenario next = page.state().scenario;
    next.hardware_id = "nvidia-h100-sxm-80gb";
    ASSERT_TRUE(edit_scenario(page.state(), next)) << page.state().edit_error;
    page.frames(1);
    ASSERT_TRUE(page.click(tr(S::custom_hardware, Lang::en)));
    page.frames(1);
    EXPECT_EQ(page.state().custom_hw.fp8_tflops, page.state().catalog->find_hardware(next.hardware_id)->fp8_tflops);
    ASSERT_TRUE(page.type_into("##typed_hw_fp8_tflops", "500"));
    ASSERT_TRUE(page.state().scenario.hardware_custom.has_value());
    EXPECT_EQ(page.state().scenario.hardware_custom->fp8_tflops, std::optional<double>(500));
    EXPECT_FALSE(page.state().scenario.hardware_custom->bandwidth_gbs.has_value()) << "only the change is sent";
}

// Issue #9: ticking "custom" on a card changed TTFT from 86–750 ms to 0.17–1.5 s and priced another card. The
// form now starts as a copy of the card: the page shows the card's own result until a value is edited.
TEST_F(CustomHardware, TickingCustomShowsTheCardsOwnFigures) {
    Page page("en", ImVec2(1280, 1600));
    page.frames(3);
    std::vector<std::string> cards = {"nvidia-h100-sxm-80gb", "nvidia-rtx-4090"};
    for (const Hardware& h : page.state().catalog->hardware)  // one of each other kind: NPU, unified, CPU
        if (h.kind != HardwareKind::gpu &&
            std::none_of(cards.begin(), cards.end(), [&](const std::string& id) {
                return page.state().catalog->find_hardware(id)->kind == h.kind;
            }))
            cards.push_back(h.id);
    for (const std::string& id : cards) {
        Scenario next = page.state().scenario;
        next.hardware_id = id;
        ASSERT_TRUE(edit_scenario(page.state(), next)) << id << ": " << page.state().edit_error;
        page.frames(1);
        const std::string by_id = result_text(*page.state().result);

        ASSERT_TRUE(page.click(tr(S::custom_hardware, Lang::en))) << id;
        ASSERT_TRUE(page.state().scenario.hardware_custom.has_value()) << id << ": " << page.state().custom_hw.error;
        page.frames(1);
        EXPECT_EQ(result_text(*page.state().result), by_id) << id;
        EXPECT_EQ(page.state().scenario.hardware_custom->based_on, id);

        ASSERT_TRUE(page.click(tr(S::custom_hardware, Lang::en))) << id;
        page.frames(1);
        EXPECT_EQ(page.state().scenario.hardware_id, id);
    }
}

TEST_F(CustomHardware, TheLinkCarriesTheCustomHardware) {
    std::string query, result;
    {
        Page page("en", ImVec2(1280, 1600));
        page.frames(3);
        ASSERT_TRUE(page.click(tr(S::custom_hardware, Lang::en)));
        page.frames(1);
        type_l40s_like(page);
        query = app_query(page.app());
        result = result_text(*page.state().result);
    }
    Page page("en", ImVec2(1280, 1600));
    app_apply_query(page.app(), query);
    page.frames(2);
    const AppState& s = page.state();
    EXPECT_TRUE(s.url_errors.empty());
    ASSERT_TRUE(s.scenario.hardware_custom.has_value());
    EXPECT_DOUBLE_EQ(*s.scenario.hardware_custom->usable_memory_gib, 48);
    EXPECT_DOUBLE_EQ(*s.scenario.hardware_custom->price_per_hour_usd, 0.9);
    EXPECT_EQ(result_text(*s.result), result);
    EXPECT_EQ(app_query(page.app()), query);
    // The form shows what the link brought, box checked.
    EXPECT_TRUE(s.custom_hw.open);
    ASSERT_TRUE(s.custom_hw.memory_gib.has_value());
    EXPECT_DOUBLE_EQ(*s.custom_hw.memory_gib, 48);
}

}  // namespace
}  // namespace infersizer::app::test
