// cost.hpp — self-hosted vs cloud API per month at the given traffic, and the break-even traffic.
#pragma once

#include "context.hpp"
#include "assessment.hpp"
#include "result.hpp"
#include "scenario.hpp"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace infersizer {

// What the priced setup finishes a day at full load (decision.hpp full_load_requests_per_day): for `row`, the planner's
// row the self-hosted cost prices, or for the user's own cards (nullptr). {0, 0}: unknown.
using CapacityOf = std::function<Interval(const PlanRow* row)>;

// With `explain`, records how the cost.* figures were computed (explain.hpp). With `capacity_of`, the break-even stops
// at what the priced setup finishes a day (break_even_requests_per_day below).
CostResult estimate_cost(const Context& ctx, const Assessment& a, Explain* explain = nullptr,
                         const CapacityOf& capacity_of = {});

// ---------------------------------------------------------------------------------------------------
// Added by cost.cpp: the pieces the planner and the decision table reuse.
// ---------------------------------------------------------------------------------------------------

// Rented cards run around the clock: 8760 h / 12 months (llm-analysis / llmtco monthly convention,
// docs/references/peers-and-formulas.md §4.7). API traffic is counted over 30 days (requests/day × 30).
inline constexpr double kHoursPerMonth = 730;
inline constexpr double kDaysPerMonth = 30;

// Price of one card-hour in USD: the user's own price for custom hardware, else the catalog's on-demand
// rental rows (Catalog::prices_for), as an interval across providers; when a card has no on-demand row,
// its spot / serverless / marketplace rows (`*on_demand` is set false so the caller can say so). CNY rows
// converted with the catalog's usd_cny. nullopt when no price is known (never 0 shown as a price).
// `basis` is the scenario's pricing.gpu: "on_demand" as above; "cheapest" the lowest row of any kind (one price);
// a provider's name its rows only (on-demand ones when it lists any), nullopt when it does not rent the card.
std::optional<Interval> price_per_card_hour_usd(const Catalog& catalog, const Hardware& hw,
                                                bool* on_demand = nullptr, const std::string& basis = "on_demand");

// The scenario's price basis in words ("on-demand rental rows across providers", "RunPod's rental rows").
Text price_basis_text(const Pricing& pricing);

// The providers that list at least one rental row, in catalog order (the page's choices for pricing.gpu).
std::vector<std::string> rental_providers(const Catalog& catalog);
// The "<provider>/<model>" names of the current priced API rows, one per model, in catalog order (pricing.api).
std::vector<std::string> api_choices(const Catalog& catalog);
// Error naming scenario.pricing.gpu / .api when a value is none of the accepted ones.
std::optional<Error> check_pricing(const Catalog& catalog, const Pricing& pricing);

// The API row(s) the self-hosted cost is compared with, in their own currency.
struct ApiChoice {
    std::string model;       // "deepseek-v4-pro (off-peak … peak)"
    Text name;               // provider and model in both languages: "DeepSeek deepseek-v4-pro（谷时 … 峰时）"
    std::string provider;
    std::string currency;    // USD or CNY
    Interval input_per_mtok;   // across the chosen rows (off-peak … peak)
    Interval output_per_mtok;
    Text rule;               // the rule that chose it
};

// Rule: the same model hosted, when a current llm_api row lists the model's id in its `hosts` (one provider's
// rows; its off-peak … peak prices as an interval). Otherwise an API of comparable size, from the catalog's api_comparison (data/prices.json). In the bundled
// catalog: ≤ 14B total parameters, a cheap current model (DeepSeek flash tier); larger, a flagship-class
// open-model API (DeepSeek V4 pro tier). Falls back along the tier's list of comparable current rows, then to
// the cheapest current priced row. nullopt when the catalog has no priced current row at all.
std::optional<ApiChoice> representative_api(const Catalog& catalog, const ModelArch& model);

// The API the scenario compares with: representative_api for pricing.api "auto", else the named provider's
// rows of that model (its off-peak … peak prices as an interval).
std::optional<ApiChoice> compared_api(const Catalog& catalog, const ModelArch& model, const Pricing& pricing);

// The traffic above which renting `rent_month_usd` beats an API at `per_request_usd` a request: rent ÷ (30 × cost per
// request), the low end pairing the cheap rental with the dear API. A rented setup finishes at most `capacity` requests
// a day; beyond, each further copy costs as much again, so an end whose break-even lies beyond what the setup finishes
// never comes (+∞ there): even fully loaded, the setup costs more per request than the API. `capacity` {0, 0}: unknown,
// no such limit.
Interval break_even_requests_per_day(Interval rent_month_usd, Interval per_request_usd, Interval capacity);

// Copies of a rented setup that `requests_per_day` needs, at each end: ⌈traffic ÷ capacity⌉, at least 1 (lo with the
// fast capacity). {1, 1} when the capacity is unknown.
Interval setups_for_traffic(Interval capacity, double requests_per_day);

// Cost of one request (prompt × input price + output × output price), USD.
Interval api_cost_per_request_usd(const Catalog& catalog, const ApiChoice& api, int64_t prompt_tokens,
                                  int64_t output_tokens);

}  // namespace infersizer
