// Cost: self-hosted per month and per 1M output tokens, the cloud API at the given traffic, and the
// break-even traffic — checked by recomputation, never against numbers copied from the output.
#include "catalog_json.hpp"
#include "cost.hpp"
#include "estimate.hpp"
#include "format_text.hpp"
#include "result_json.hpp"
#include "support.hpp"

#include <gtest/gtest.h>

#include <cmath>

using namespace infersizer;

namespace {

using test::cat;

// An RTX 4090 the user rents at their own price (the scenario's custom hardware object).
Scenario priced_scenario(double price_per_hour, double requests_per_day) {
    Scenario s;  // Qwen3-8B Q4_K_M, llama.cpp, 8k context, 5 users
    Hardware h = test::hardware("nvidia-rtx-4090");
    h.id = "my-4090";
    h.name = "my 4090";
    h.price_per_hour_usd = price_per_hour;
    s.hardware_custom = h;
    s.count = 2;
    s.requests_per_day = requests_per_day;
    return s;
}

CostResult cost_of(const Scenario& s) { return test::estimate_ok(s).cost; }

}  // namespace

TEST(Cost, SelfHostedIsCardsTimesPriceTimes730Hours) {
    const CostResult c = cost_of(priced_scenario(0.5, 1000));
    ASSERT_TRUE(c.has_gpu_price);
    EXPECT_DOUBLE_EQ(c.self_hosted_per_month_usd.lo, 2 * 0.5 * 730);
    EXPECT_DOUBLE_EQ(c.self_hosted_per_month_usd.hi, 2 * 0.5 * 730);
    EXPECT_FALSE(c.self_hosted_from_planner);
}

TEST(Cost, ScalesLinearlyWithPriceAndTraffic) {
    const CostResult base = cost_of(priced_scenario(0.5, 1000));
    const CostResult dear = cost_of(priced_scenario(1.0, 1000));
    const CostResult busy = cost_of(priced_scenario(0.5, 3000));
    EXPECT_NEAR(dear.self_hosted_per_month_usd.hi, 2 * base.self_hosted_per_month_usd.hi, 1e-9);
    EXPECT_NEAR(dear.break_even_requests_per_day.lo, 2 * base.break_even_requests_per_day.lo, 1e-6);
    // Traffic: the API bill triples, the cards' bill does not move, their cost per token falls to a third.
    EXPECT_NEAR(busy.api_per_month_usd.lo, 3 * base.api_per_month_usd.lo, 1e-9);
    EXPECT_NEAR(busy.api_per_month_usd.hi, 3 * base.api_per_month_usd.hi, 1e-9);
    EXPECT_DOUBLE_EQ(busy.self_hosted_per_month_usd.hi, base.self_hosted_per_month_usd.hi);
    EXPECT_NEAR(busy.self_hosted_per_mtok_usd.hi, base.self_hosted_per_mtok_usd.hi / 3, 1e-9);
}

TEST(Cost, PerMillionOutputTokensDividesTheMonthByTheTokensServed) {
    const Scenario s = priced_scenario(0.5, 1000);
    const CostResult c = cost_of(s);
    ASSERT_TRUE(c.has_per_mtok);
    const double mtok = 1000.0 * 30 * double(s.output_tokens) / 1e6;
    EXPECT_NEAR(c.self_hosted_per_mtok_usd.lo, c.self_hosted_per_month_usd.lo / mtok, 1e-9);
}

TEST(Cost, BreakEvenIsWhereTheTwoMonthlyCostsMeet) {
    const CostResult c = cost_of(priced_scenario(0.5, 1000));
    ASSERT_TRUE(c.has_gpu_price && c.has_api_price);
    const Interval be = c.break_even_requests_per_day;
    ASSERT_GT(be.lo, 0);
    // At the low break-even the dearest API end costs what the cheapest cards cost; at the high one the
    // cheapest API end costs what the dearest cards cost. Recomputed through a fresh estimate.
    const CostResult at_lo = cost_of(priced_scenario(0.5, be.lo));
    EXPECT_NEAR(at_lo.api_per_month_usd.hi, at_lo.self_hosted_per_month_usd.lo, 1e-6 * at_lo.self_hosted_per_month_usd.lo);
    const CostResult at_hi = cost_of(priced_scenario(0.5, be.hi));
    EXPECT_NEAR(at_hi.api_per_month_usd.lo, at_hi.self_hosted_per_month_usd.hi, 1e-6 * at_hi.self_hosted_per_month_usd.hi);
    // Below it the API is cheaper, above it the cards are.
    EXPECT_LT(cost_of(priced_scenario(0.5, be.lo / 2)).api_per_month_usd.hi, c.self_hosted_per_month_usd.lo);
    EXPECT_GT(cost_of(priced_scenario(0.5, be.hi * 2)).api_per_month_usd.lo, c.self_hosted_per_month_usd.hi);
}

TEST(Cost, ApiBillIsRequestsTimesThirtyDaysTimesTokenPrices) {
    const Scenario s = priced_scenario(0.5, 2000);
    const CostResult c = cost_of(s);
    const auto api = representative_api(cat(), test::model(s.model_id));
    ASSERT_TRUE(api.has_value());
    const double in_lo = api->input_per_mtok.lo, out_lo = api->output_per_mtok.lo;
    double per_request = (double(s.prompt_tokens) * in_lo + double(s.output_tokens) * out_lo) / 1e6;
    if (api->currency == "CNY") per_request /= cat().usd_cny.cny_per_usd;
    EXPECT_NEAR(c.api_per_month_usd.lo, 2000 * 30 * per_request, 1e-9);
    EXPECT_EQ(c.api_currency, api->currency);
}

TEST(Cost, ApiRowFollowsTheSizeRule) {
    // ≤ 14B: a cheap current API; above: a flagship-class open-model API, dearer per token.
    const auto small = representative_api(cat(), test::model("Qwen3-8B"));
    const auto large = representative_api(cat(), test::model("Llama-3.1-70B"));
    ASSERT_TRUE(small && large);
    EXPECT_NE(small->model, large->model);
    const double small_usd = small->output_per_mtok.hi / (small->currency == "CNY" ? cat().usd_cny.cny_per_usd : 1);
    const double large_usd = large->output_per_mtok.hi / (large->currency == "CNY" ? cat().usd_cny.cny_per_usd : 1);
    EXPECT_LT(small_usd, large_usd);
    EXPECT_FALSE(small->rule.zh.empty());
    EXPECT_FALSE(large->rule.en.empty());
    EXPECT_GT(small->output_per_mtok.lo, 0);
    EXPECT_LE(small->input_per_mtok.lo, small->input_per_mtok.hi);
}

TEST(Cost, CataloguePricesAreAnIntervalAcrossProviders) {
    const Hardware& h100 = test::hardware("nvidia-h100-sxm-80gb");
    const auto rows = cat().prices_for(h100.id);
    ASSERT_GE(rows.size(), 2u);
    const auto price = price_per_card_hour_usd(cat(), h100);
    ASSERT_TRUE(price.has_value());
    for (const GpuPrice* p : rows) {
        if (p->currency != "USD") continue;
        EXPECT_LE(price->lo, p->per_gpu_hour.lo);
        EXPECT_GE(price->hi, p->per_gpu_hour.hi);
    }
    EXPECT_LT(price->lo, price->hi);
}

TEST(Cost, UnknownPriceIsNeverZeroAndZeroTrafficHasNoPerTokenCost) {
    // A CPU platform has no rental price: the self-hosted figure comes from the planner, and says so.
    Scenario s;
    s.hardware_id = "desktop-ddr5-5600-2ch";
    s.requests_per_day = 0;
    const CostResult c = cost_of(s);
    EXPECT_FALSE(price_per_card_hour_usd(cat(), test::hardware(s.hardware_id)).has_value());
    if (c.has_gpu_price) {
        EXPECT_TRUE(c.self_hosted_from_planner);
        EXPECT_GT(c.self_hosted_per_month_usd.lo, 0);
    }
    EXPECT_FALSE(c.has_per_mtok);
    EXPECT_EQ(c.api_per_month_usd.hi, 0);
    EXPECT_TRUE(c.break_even_requests_per_day.finite());
}

// Cards that cannot run the model at all (it does not fit, no remedy runs it) buy nothing to compare an API with:
// the self-hosted figure is the planner's cheapest pick that meets the targets, as for a CPU box. Renting one RTX 4090
// for Llama-3.1-405B bf16 was "$328–$639/month, cheaper above 4,366 requests/day".
TEST(Cost, CardsThatCannotRunTheModelAreNotTheSelfHostedFigure) {
    Scenario s;
    s.model_id = "Llama-3.1-405B";
    s.weights = "bf16";
    s.engine = "vllm";
    s.hardware_id = "nvidia-rtx-4090";
    s.count = 1;
    s.requests_per_day = 5000;
    const Result r = test::estimate_ok(s);
    ASSERT_EQ(r.status, ServingStatus::does_not_fit);
    ASSERT_EQ(r.remedy, FitRemedy::none);
    const CostResult& c = r.cost;
    ASSERT_TRUE(c.has_gpu_price);
    EXPECT_TRUE(c.self_hosted_from_planner);
    const PlanRow* pick = nullptr;
    for (const PlanRow& row : r.plan)
        if (row.meets_targets && row.has_price && row.currency == "USD") { pick = &row; break; }
    ASSERT_NE(pick, nullptr);
    EXPECT_EQ(c.self_hosted_per_month_usd.lo, pick->cost_per_month.lo);
    EXPECT_EQ(c.self_hosted_per_month_usd.hi, pick->cost_per_month.hi);
    EXPECT_NE(c.self_hosted_config.find(pick->name), std::string::npos) << c.self_hosted_config;
    EXPECT_EQ(c.self_hosted_config.find("RTX 4090"), std::string::npos) << c.self_hosted_config;

    // Where no priced setup meets the targets either, the API row says that, not that the price is unknown.
    Scenario none = s;
    none.weights = "Q4_K_M";
    none.engine = "llama.cpp";
    const Result n = test::estimate_ok(none);
    if (!n.cost.has_gpu_price) {
        EXPECT_TRUE(n.cost.own_cards_cannot_run);
        EXPECT_NE(n.decision[2].reason.en.find("no priced rental that meets the targets to compare with"), std::string::npos)
            << n.decision[2].reason.en;
        EXPECT_EQ(n.decision[2].reason.en.find("rental price unknown"), std::string::npos) << n.decision[2].reason.en;
    }

    // The same cards where they run it (an 8B model): their own rental price.
    s.model_id = "Qwen3-8B";
    s.weights = "Q4_K_M";
    s.engine = "llama.cpp";
    const Result fits = test::estimate_ok(s);
    ASSERT_NE(fits.status, ServingStatus::does_not_fit);
    EXPECT_FALSE(fits.cost.self_hosted_from_planner);
    EXPECT_NE(fits.cost.self_hosted_config.find("RTX 4090"), std::string::npos) << fits.cost.self_hosted_config;
}

// Issue #9: the API row's model reached the zh page as "(off-peak … peak)". The catalog names its rows in English
// ("deepseek-flash (V4.1-Flash) off-peak" / "… peak"); the zh side says 谷时 / 峰时, and the decision row and the
// JSON in zh carry those words.
TEST(Cost, ApiModelNamesThePeakVariantsInTheUsersLanguage) {
    const Result r = test::estimate_ok(Scenario{});  // Qwen3-8B: the small tier, priced off-peak and peak
    const Text& name = r.cost.api_model_text;
    ASSERT_NE(r.cost.api_model.find("(off-peak … peak)"), std::string::npos) << r.cost.api_model;
    EXPECT_EQ(name.en, r.cost.api_model);
    EXPECT_NE(name.zh.find("（谷时 … 峰时）"), std::string::npos) << name.zh;
    EXPECT_EQ(name.zh.find("peak"), std::string::npos) << name.zh;
    for (const DecisionRow& d : r.decision)
        if (d.option == DecisionOption::api) {
            EXPECT_NE(d.reason.zh.find("谷时"), std::string::npos) << d.reason.zh;
            EXPECT_EQ(d.reason.zh.find("off-peak"), std::string::npos) << d.reason.zh;
        }
}

// Issue #9: "the API to compare against (same model hosted where available)". A current row that hosts the
// scenario's model is compared before any size tier; one provider's rows of it form the interval.
TEST(Cost, TheSameModelHostedIsComparedFirst) {
    const char* hosted = R"({"llm_api": [
        {"provider": "ExampleHost", "model": "llama-3.1-70b-instruct", "currency": "USD", "input": 0.5,
         "output": 0.75, "status": "current", "source": "test row", "hosts": ["Llama-3.1-70B"]}]})";
    const Expected<Catalog> merged = merge_catalog(cat(), hosted);
    ASSERT_TRUE(merged.ok()) << merged.error().to_string();
    const auto api = representative_api(*merged, test::model("Llama-3.1-70B"));
    ASSERT_TRUE(api.has_value());
    EXPECT_EQ(api->provider, "ExampleHost");
    EXPECT_EQ(api->output_per_mtok, Interval::exact(0.75));
    EXPECT_NE(api->rule.en.find("the same model, Llama-3.1-70B, hosted by ExampleHost"), std::string::npos) << api->rule.en;
    EXPECT_NE(api->rule.zh.find("同一模型"), std::string::npos) << api->rule.zh;
    // Another model of the same size class still gets the tier's API.
    const auto other = representative_api(*merged, test::model("Qwen2.5-72B"));
    ASSERT_TRUE(other.has_value());
    EXPECT_NE(other->provider, "ExampleHost");
    // And the estimate prices exactly that row: 2000 requests a day × 30 × (prompt × 0.5 + output × 0.75) / 1e6.
    Scenario s;
    s.model_id = "Llama-3.1-70B";
    s.weights = "fp8";
    s.engine = "vllm";
    s.hardware_id = "nvidia-h100-sxm-80gb";
    s.requests_per_day = 2000;
    const Expected<Result> r = estimate(*merged, s);
    ASSERT_TRUE(r.ok()) << r.error().to_string();
    const double per_request = (double(s.prompt_tokens) * 0.5 + double(s.output_tokens) * 0.75) / 1e6;
    EXPECT_NEAR(r->cost.api_per_month_usd.lo, 2000 * 30 * per_request, 1e-9);
    EXPECT_NEAR(r->cost.api_per_month_usd.hi, 2000 * 30 * per_request, 1e-9);
}

// The bundled catalog knows DeepSeek's own V3 price only as a historical row: never compared as if current, and
// the tier's rule says why the model is not compared with itself.
TEST(Cost, AHostedPriceThatIsNotCurrentIsNamedNotUsed) {
    const auto api = representative_api(cat(), test::model("DeepSeek-V3"));
    ASSERT_TRUE(api.has_value());
    EXPECT_EQ(api->model.find("(V3)"), std::string::npos) << api->model;
    EXPECT_NE(api->rule.en.find("hosted prices for DeepSeek-V3 are no longer current"), std::string::npos) << api->rule.en;
    EXPECT_NE(api->rule.zh.find("DeepSeek-V3 的托管价都已不是当前价"), std::string::npos) << api->rule.zh;
    const auto llama = representative_api(cat(), test::model("Llama-3.1-70B"));
    ASSERT_TRUE(llama.has_value());
    EXPECT_EQ(llama->rule.en.find("no longer current"), std::string::npos) << llama->rule.en;
}

TEST(Cost, AHostsEntryMustNameACatalogModel) {
    const char* bad = R"({"llm_api": [
        {"provider": "ExampleHost", "model": "m", "currency": "USD", "input": 0.5, "output": 0.75,
         "status": "current", "source": "test row", "hosts": ["No-Such-Model"]}]})";
    const Expected<Catalog> merged = merge_catalog(cat(), bad);
    ASSERT_FALSE(merged.ok());
    EXPECT_NE(merged.error().to_string().find("hosts[0]"), std::string::npos) << merged.error().to_string();
    EXPECT_NE(merged.error().to_string().find("No-Such-Model"), std::string::npos) << merged.error().to_string();
}

// The break-even stops at what the rented setup finishes a day: beyond, every further copy costs as much again, so an
// end whose break-even lies past the setup's full load never comes. $1,000–$2,000 a month against $0.001–$0.002 a
// request breaks even at 16,667–66,667 requests a day; a setup that finishes 20k–100k a day reaches the first only
// (its careful end, 20k, is short of 66,667), and one that finishes 5k–10k neither.
TEST(Cost, TheBreakEvenStopsAtWhatTheSetupFinishesADay) {
    const Interval rent{1000, 2000}, per_request{0.001, 0.002};
    const Interval open = break_even_requests_per_day(rent, per_request, {0, 0});
    EXPECT_NEAR(open.lo, 1000 / (30 * 0.002), 1e-9);
    EXPECT_NEAR(open.hi, 2000 / (30 * 0.001), 1e-9);
    const Interval fast_only = break_even_requests_per_day(rent, per_request, {20000, 100000});
    EXPECT_NEAR(fast_only.lo, open.lo, 1e-9);
    EXPECT_TRUE(std::isinf(fast_only.hi));
    const Interval never = break_even_requests_per_day(rent, per_request, {5000, 10000});
    EXPECT_TRUE(std::isinf(never.lo) && std::isinf(never.hi));
    EXPECT_EQ(break_even_requests_per_day(rent, per_request, {70000, 100000}), open);
}

// One H100 for Llama-3.1-8B: the dearest rental ($8,970 a month) against the cheapest API rate never pays off, since
// the card finishes at most what the offline-batch row says a day; the API row says so with that row's figure, the
// JSON gives no break-even interval and says which end is reached, and the cost curve rents a second card past it.
TEST(Cost, TheApiRowSaysWhereRentingNeverPaysOff) {
    Scenario s = test::scenario("Llama-3.1-8B", "bf16", "vllm", "nvidia-h100-sxm-80gb", 1);
    // 4000-token prompts: the card's day is bounded by prefill (386k–631k requests), while the API bills the prompts
    // at its cheap input rate. (With 1k prompts the full batch of a paged pool, 1M–2.2M a day, breaks even at both
    // ends.)
    s.context_tokens = 8192, s.prompt_tokens = 4000, s.output_tokens = 256, s.concurrency = 50;
    const Result r = test::estimate_ok(s);
    const CostResult& c = r.cost;
    ASSERT_GT(c.capacity_requests_per_day.lo, 0.0);
    EXPECT_TRUE(std::isfinite(c.break_even_requests_per_day.lo));
    EXPECT_TRUE(std::isinf(c.break_even_requests_per_day.hi));
    const std::string cap = fmt::count_range(c.capacity_requests_per_day, "en");
    const DecisionRow* offline = test::scenario_row(r, DecisionOption::offline_batch);
    ASSERT_NE(offline, nullptr);
    EXPECT_NE(offline->reason.en.find(cap + " requests/day"), std::string::npos) << offline->reason.en << " / " << cap;
    const DecisionRow* api = test::decision_row(r, DecisionOption::api);
    ASSERT_NE(api, nullptr);
    EXPECT_NE(api->fails_when.en.find("renting cards can be cheaper (at the slow end never: fully loaded at " + cap),
              std::string::npos) << api->fails_when.en;
    EXPECT_NE(api->fails_when.zh.find("谨慎端不会"), std::string::npos) << api->fails_when.zh;
    const nlohmann::json j = result_to_json(r, "en");
    EXPECT_TRUE(j["cost"]["break_even_requests_per_day"].is_null());
    EXPECT_EQ(j["cost"]["break_even_reach"], "fast_end_only");
    EXPECT_NEAR(j["cost"]["capacity_requests_per_day"]["lo"].get<double>(), c.capacity_requests_per_day.lo,
                c.capacity_requests_per_day.lo * 1e-3);
}

// Traffic beyond what one rented setup finishes takes as many copies as the day's requests need, and the rows judge
// against that: Qwen2.5-7B for 5M short requests a day. One RTX 3090 ($131–$161 a month) against $6,750–$13,500 of API
// read "[no]" for the API beside "renting cards is never cheaper"; 104–238 such setups cost more than the API.
TEST(Cost, RowsPriceAsManySetupsAsTheDaysRequestsNeed) {
    Scenario s = test::scenario("Qwen2.5-7B", "bf16", "transformers", "nvidia-h100-sxm-80gb", 8);
    s.context_tokens = 8192, s.prompt_tokens = 100, s.output_tokens = 50, s.concurrency = 1;
    s.requests_per_day = 5e6;
    const Result r = test::estimate_ok(s);
    for (const DecisionRow* row : {test::decision_row(r, DecisionOption::api), test::scenario_row(r, DecisionOption::cloud_api)}) {
        ASSERT_NE(row, nullptr);
        EXPECT_EQ(row->verdict, Verdict::yes) << row->reason.en;
        EXPECT_NE(row->reason.en.find("; at " + fmt::count(5e6, "en") + " requests/day it takes "), std::string::npos) << row->reason.en;
        EXPECT_NE(row->reason.en.find(" such setups, $"), std::string::npos) << row->reason.en;
        EXPECT_NE(row->reason.zh.find("套这样的配置"), std::string::npos) << row->reason.zh;
        EXPECT_EQ(row->fails_when.en.rfind("renting cards is never cheaper: fully loaded, the setup finishes at most ", 0), 0u)
            << row->fails_when.en;
    }
    const Interval copies = setups_for_traffic(r.cost.capacity_requests_per_day, s.requests_per_day);
    EXPECT_EQ(copies.lo, std::ceil(s.requests_per_day / r.cost.capacity_requests_per_day.hi));
    EXPECT_EQ(copies.hi, std::ceil(s.requests_per_day / r.cost.capacity_requests_per_day.lo));
    // At a day's traffic one setup finishes, no copies are spoken of.
    s.requests_per_day = 1000;
    const Result small = test::estimate_ok(s);
    EXPECT_EQ(test::decision_row(small, DecisionOption::api)->reason.en.find("such setups"), std::string::npos);
}

// Traffic already past the fast end's break-even, where the slow end never comes (70B chat on 8 H100 at 200k a day):
// the row says today's traffic is past it, as it does for a break-even both ends reach, and the JSON keeps that end.
TEST(Cost, TodaysTrafficPastTheFastEndsBreakEvenIsSaidSo) {
    const Scenario s = test::golden_scenario("chat_70b_h100_200_users.json");
    const Result r = test::estimate_ok(s);
    const Interval be = r.cost.break_even_requests_per_day;
    ASSERT_TRUE(std::isfinite(be.lo) && std::isinf(be.hi)) << "precondition";
    ASSERT_GT(s.requests_per_day, be.lo) << "precondition";
    const DecisionRow* api = test::decision_row(r, DecisionOption::api);
    ASSERT_NE(api, nullptr);
    EXPECT_EQ(api->fails_when.en.rfind("today's " + fmt::count(s.requests_per_day, "en") + " requests/day are past the fast end's break-even of " +
                                           fmt::count(be.lo, "en") + " requests/day: renting cards can be cheaper (at the slow end never",
                                       0),
              0u)
        << api->fails_when.en;
    EXPECT_NE(api->fails_when.zh.find("已超过乐观端的盈亏平衡点"), std::string::npos) << api->fails_when.zh;
    const nlohmann::json j = result_to_json(r, "en");
    EXPECT_NEAR(j["cost"]["break_even_at_best_requests_per_day"].get<double>(), be.lo, be.lo * 1e-3);
}
