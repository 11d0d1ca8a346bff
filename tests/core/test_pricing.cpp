// The scenario's price basis and the API it is compared with (issue #9, "pricing": {"gpu", "api"}). Numbers
// worked out from data/prices.json rows for the H100 SXM 80GB (listed in the comments), 1 card × 730 h.
#include "cost.hpp"
#include "result_json.hpp"
#include "scenario_link.hpp"
#include "scenario_url.hpp"
#include "support.hpp"

#include <gtest/gtest.h>

using namespace infersizer;

namespace {

Scenario h100(const std::string& gpu, const std::string& api = "auto") {
    Scenario s;  // Qwen3-8B Q4_K_M, llama.cpp, 1024 + 256 tokens, 1000 requests a day
    s.hardware_id = "nvidia-h100-sxm-80gb";
    s.count = 1;
    s.pricing.gpu = gpu;
    s.pricing.api = api;
    return s;
}

CostResult cost_of(const Scenario& s) { return test::estimate_ok(s).cost; }

}  // namespace

// On-demand rows (pricing_model contains "on-demand"): RunPod Community 1.80–2.40 … AWS 12.29 USD/h; the
// marketplace and spot rows stay out. 1.80 × 730 = 1314, 12.29 × 730 = 8971.7. Omitted = this, as before.
TEST(Pricing, OnDemandIsTheDefaultSpreadAcrossProviders) {
    EXPECT_EQ(Scenario{}.pricing.gpu, "on_demand");
    const CostResult c = cost_of(h100("on_demand"));
    ASSERT_TRUE(c.has_gpu_price);
    EXPECT_NEAR(c.self_hosted_per_month_usd.lo, 1314, 1e-6);
    EXPECT_NEAR(c.self_hosted_per_month_usd.hi, 8971.7, 1e-6);
    EXPECT_NE(c.price_basis.en.find("on-demand"), std::string::npos) << c.price_basis.en;
}

// Cheapest: the lowest row of any kind, one price. RunPod Community Cloud's 1.80 (vast.ai's marketplace starts at
// 1.85): 1.80 × 730 = 1314 at both ends.
TEST(Pricing, CheapestIsTheOneLowestRow) {
    const CostResult c = cost_of(h100("cheapest"));
    ASSERT_TRUE(c.has_gpu_price);
    EXPECT_NEAR(c.self_hosted_per_month_usd.lo, 1314, 1e-6);
    EXPECT_NEAR(c.self_hosted_per_month_usd.hi, 1314, 1e-6);
    EXPECT_NE(c.price_basis.en.find("cheapest"), std::string::npos);
    EXPECT_NE(c.price_basis.zh.find("最便宜"), std::string::npos);
}

// A provider: its on-demand rows. AWS lists 12.29 (on-demand) and 10.08 (on-demand, claimed post-cut); its
// reserved and Capacity Block rows stay out: 10.08 × 730 = 7358.4, 12.29 × 730 = 8971.7.
TEST(Pricing, ANamedProviderUsesItsOwnRows) {
    const CostResult aws = cost_of(h100("AWS"));
    ASSERT_TRUE(aws.has_gpu_price);
    EXPECT_NEAR(aws.self_hosted_per_month_usd.lo, 7358.4, 1e-6);
    EXPECT_NEAR(aws.self_hosted_per_month_usd.hi, 8971.7, 1e-6);
    EXPECT_NE(aws.price_basis.en.find("AWS"), std::string::npos);
    // vast.ai lists no on-demand row: its marketplace 1.85–2.50 → 1350.5–1825.
    const CostResult vast = cost_of(h100("vast.ai"));
    EXPECT_NEAR(vast.self_hosted_per_month_usd.lo, 1350.5, 1e-6);
    EXPECT_NEAR(vast.self_hosted_per_month_usd.hi, 1825, 1e-6);
}

TEST(Pricing, TheResultStatesTheBasisInWords) {
    const nlohmann::json zh = result_to_json(test::estimate_ok(h100("AWS")), "zh");
    EXPECT_EQ(zh["cost"]["price_basis"], "AWS 的租用价（有按需价时只用按需价）");
    const nlohmann::json en = result_to_json(test::estimate_ok(h100("on_demand", "OpenAI/gpt-5.4-mini")), "en");
    EXPECT_EQ(en["cost"]["api_rule"], "the API you chose: OpenAI gpt-5.4-mini");
}

// A named API: OpenAI gpt-5.4-mini at 0.75 in / 4.50 out USD per 1M tokens. One request = (0.75 × 1024 + 4.5 ×
// 256) / 1e6 = 0.00192 USD; × 1000 a day × 30 = 57.6 USD a month.
TEST(Pricing, ANamedApiIsTheComparedOne) {
    const CostResult c = cost_of(h100("on_demand", "OpenAI/gpt-5.4-mini"));
    ASSERT_TRUE(c.has_api_price);
    EXPECT_EQ(c.api_model, "OpenAI gpt-5.4-mini");
    EXPECT_NEAR(c.api_per_month_usd.lo, 57.6, 1e-9);
    EXPECT_NEAR(c.api_per_month_usd.hi, 57.6, 1e-9);
    // DeepSeek's deepseek-v4-pro: its USD off-peak (0.66 / 1.98) and peak (1.32 / 3.96) rows form the interval:
    // (0.66 × 1024 + 1.98 × 256) × 30000 / 1e6 = 35.4816, twice that at peak.
    const CostResult ds = cost_of(h100("on_demand", "DeepSeek/deepseek-v4-pro"));
    EXPECT_NEAR(ds.api_per_month_usd.lo, 35.4816, 1e-9);
    EXPECT_NEAR(ds.api_per_month_usd.hi, 70.9632, 1e-9);
}

TEST(Pricing, ChoicesListTheCatalogsProvidersAndModels) {
    const std::vector<std::string> gpu = rental_providers(test::cat());
    EXPECT_NE(std::find(gpu.begin(), gpu.end(), "RunPod"), gpu.end());
    EXPECT_NE(std::find(gpu.begin(), gpu.end(), "AWS"), gpu.end());
    const std::vector<std::string> api = api_choices(test::cat());
    EXPECT_NE(std::find(api.begin(), api.end(), "DeepSeek/deepseek-v4-pro"), api.end());
    EXPECT_NE(std::find(api.begin(), api.end(), "OpenAI/gpt-5.4-mini"), api.end());
    EXPECT_EQ(std::count(api.begin(), api.end(), "DeepSeek/deepseek-flash"), 1) << "one entry per model";
}

TEST(Pricing, UnknownValuesAreErrorsNamingTheField) {
    auto r = estimate(test::cat(), h100("Hetzner"));
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().path, "scenario.pricing.gpu");
    EXPECT_NE(r.error().message.find("RunPod"), std::string::npos) << r.error().message;
    auto a = estimate(test::cat(), h100("on_demand", "OpenAI/gpt-9"));
    ASSERT_FALSE(a.ok());
    EXPECT_EQ(a.error().path, "scenario.pricing.api");
    auto bad = scenario_from_json({{"pricing", {{"gpu", "cheapest"}, {"cloud", "x"}}}});
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().path, "scenario.pricing.cloud");
}

TEST(Pricing, TravelsThroughJsonAndTheLinkAndIsLeftOutWhenDefault) {
    EXPECT_FALSE(scenario_to_json(Scenario{}).contains("pricing")) << "older builds read the default scenario";
    const Scenario s = h100("AWS", "OpenAI/gpt-5.4-mini");
    const nlohmann::json j = scenario_to_json(s);
    EXPECT_EQ(j["pricing"]["gpu"], "AWS");
    auto back = scenario_from_json(j);
    ASSERT_TRUE(back.ok());
    EXPECT_EQ(back->pricing.api, "OpenAI/gpt-5.4-mini");

    const std::string query = scenario_to_query(s);
    EXPECT_NE(query.find("gpu=AWS"), std::string::npos) << query;
    EXPECT_NE(query.find("api=OpenAI%2Fgpt-5.4-mini"), std::string::npos) << query;
    const UrlParse parsed = scenario_from_query(query);
    EXPECT_TRUE(parsed.errors.empty());
    EXPECT_EQ(parsed.scenario.pricing.gpu, "AWS");
    EXPECT_EQ(parsed.scenario.pricing.api, "OpenAI/gpt-5.4-mini");
    EXPECT_EQ(scenario_to_query(Scenario{}).find("gpu="), std::string::npos);
}

TEST(Pricing, ALinkWithAnUnknownProviderDropsOnlyThatParameter) {
    const LinkApply applied = apply_link(test::cat(), "gpu=Hetzner&concurrency=7", Scenario{});
    EXPECT_TRUE(applied.ok);
    EXPECT_EQ(applied.scenario.concurrency, 7);
    EXPECT_EQ(applied.scenario.pricing.gpu, "on_demand");
    ASSERT_EQ(applied.errors.size(), 1u);
    EXPECT_EQ(applied.errors[0].path, "url.gpu");
}

// The plan's rows are priced on the same basis and say what kind of row the cheapest one is.
TEST(Pricing, ThePlanRowsUseTheBasis) {
    const Result r = test::estimate_ok(h100("cheapest"));
    const PlanRow* own = nullptr;
    for (const PlanRow& row : r.plan)
        if (row.hardware == "nvidia-h100-sxm-80gb") own = &row;
    ASSERT_NE(own, nullptr);
    ASSERT_TRUE(own->has_price);
    // 1.80 USD/h × 730 h per card: lo and hi differ only by the row's card interval.
    EXPECT_NEAR(own->cost_per_month.lo, own->cards.lo * 1314, 1e-6);
    EXPECT_NEAR(own->cost_per_month.hi, own->cards.hi * 1314, 1e-6);
    // A card vast.ai does not list has no price, and its row says so: never a price from another provider.
    const Result vast = test::estimate_ok(h100("vast.ai"));
    for (const PlanRow& row : vast.plan) {
        bool listed = false;
        for (const GpuPrice& p : test::cat().gpu_prices) listed |= p.provider == "vast.ai" && p.hardware_id == row.hardware;
        EXPECT_EQ(row.has_price, listed) << row.hardware;
        if (!listed && row.cards.hi > 0) {  // rows the planner could size (others stop before pricing)
            EXPECT_NE(row.note.find("vast.ai does not rent this card"), std::string::npos) << row.note;
        }
    }
}
