// cost.cpp — self-hosted vs cloud API per month, cost per 1M output tokens, break-even traffic
// (docs/estimation.md §7; monthly conventions in docs/references/peers-and-formulas.md §4.7).
//
// Self-hosted: cards × price per card-hour × 730 h, the price an interval across the catalog's on-demand
// rental rows. Cloud API: requests/day × 30 × (prompt × input price + output × output price) with a
// representative API row of comparable size. Break-even: the requests/day at which the two monthly costs
// meet (self-hosting is a fixed cost, the API's grows with traffic).
#include "cost.hpp"

#include "format_text.hpp"
#include "params.hpp"
#include "value_text.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace infersizer {

namespace {

// The size classes of the API comparison and the model names tried in each are catalog data:
// data/prices.json "api_comparison" (Catalog::api_comparison; docs/catalog.md).

// "deepseek-v4-pro" names "deepseek-v4-pro", "deepseek-v4-pro peak" and "deepseek-v4-pro (…)", never
// "deepseek-v4-pro-mini": the name must end or go on with a space or a parenthesis after the prefix.
bool names_model(const std::string& s, const std::string& prefix) {
    if (s.size() < prefix.size()) return false;
    for (size_t i = 0; i < prefix.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(s[i])) != std::tolower(static_cast<unsigned char>(prefix[i])))
            return false;
    return s.size() == prefix.size() || s[prefix.size()] == ' ' || s[prefix.size()] == '(';
}

std::string trimmed(std::string s) {
    while (!s.empty() && (s.back() == ' ' || s.back() == '(' || s.back() == '-')) s.pop_back();
    size_t i = 0;
    while (i < s.size() && s[i] == ' ') ++i;
    return s.substr(i);
}

double to_usd(const Catalog& catalog, double amount, const std::string& currency) {
    if (currency == "USD") return amount;
    if (currency == "CNY" && catalog.usd_cny.cny_per_usd > 0) return amount / catalog.usd_cny.cny_per_usd;
    return NAN;
}

bool convertible(const Catalog& catalog, const std::string& currency) {
    return currency == "USD" || (currency == "CNY" && catalog.usd_cny.cny_per_usd > 0);
}

bool usable_api_row(const Catalog& catalog, const ApiPrice& p) {
    return p.status == "current" && p.output_per_mtok > 0 && convertible(catalog, p.currency);
}

double total_params(const ModelArch& m) {
    if (m.params_override) return *m.params_override;
    const double counted = m.has_shape() ? count_params(m).total : 0;
    if (counted > 0) return counted;
    return m.published_total_params.value_or(0);
}

std::string common_name(const std::vector<const ApiPrice*>& rows) {
    std::string name = rows.front()->model;
    for (const ApiPrice* r : rows) {
        size_t i = 0;
        while (i < name.size() && i < r->model.size() && name[i] == r->model[i]) ++i;
        name.resize(i);
    }
    name = trimmed(name);
    return name.empty() ? rows.front()->model : name;
}

// The price rows' distinctions in Chinese: the catalog names rows in English ("deepseek-v4-pro off-peak");
// a distinction not listed here is a name, shown as the catalog spells it.
std::string variant_zh(const std::string& v) {
    static const std::pair<const char*, const char*> kWords[] = {{"off-peak", "谷时"}, {"peak", "峰时"}};
    for (const auto& [en, zh] : kWords)
        if (v == en) return zh;
    return v;
}

ApiChoice choice_of(const std::vector<const ApiPrice*>& rows, Text rule) {
    ApiChoice c;
    c.model = common_name(rows);
    c.provider = rows.front()->provider;
    c.currency = rows.front()->currency;
    c.input_per_mtok = Interval::exact(rows.front()->input_per_mtok);
    c.output_per_mtok = Interval::exact(rows.front()->output_per_mtok);
    for (const ApiPrice* r : rows) {
        c.input_per_mtok = {std::min(c.input_per_mtok.lo, r->input_per_mtok), std::max(c.input_per_mtok.hi, r->input_per_mtok)};
        c.output_per_mtok = {std::min(c.output_per_mtok.lo, r->output_per_mtok),
                             std::max(c.output_per_mtok.hi, r->output_per_mtok)};
    }
    if (rows.size() > 1) {
        // The rows' own distinctions ("off-peak", "peak"), so the name says what the interval spans.
        std::string variants, variants_zh;
        for (const ApiPrice* r : rows) {
            const std::string v = trimmed(r->model.substr(std::min(r->model.size(), c.model.size())));
            if (v.empty()) continue;
            variants += (variants.empty() ? "" : " … ") + v;
            variants_zh += (variants_zh.empty() ? "" : " … ") + variant_zh(v);
        }
        if (!variants.empty()) {
            c.name = {c.provider + " " + c.model + "（" + variants_zh + "）", c.provider + " " + c.model + " (" + variants + ")"};
            c.model += " (" + variants + ")";
        }
    }
    if (c.name.en.empty()) c.name = {c.provider + " " + c.model, c.provider + " " + c.model};
    c.rule = std::move(rule);
    return c;
}

bool listed_on_demand(const GpuPrice& p) { return p.pricing_model.find("on-demand") != std::string::npos; }

}  // namespace

std::optional<Interval> price_per_card_hour_usd(const Catalog& catalog, const Hardware& hw, bool* on_demand,
                                                const std::string& basis) {
    if (on_demand) *on_demand = true;
    if (hw.price_per_hour_usd && *hw.price_per_hour_usd > 0) return Interval::exact(*hw.price_per_hour_usd);
    auto span = [&](const std::vector<const GpuPrice*>& rows) {
        std::optional<Interval> out;
        for (const GpuPrice* p : rows) {
            if (p->per_gpu_hour.hi <= 0 || !convertible(catalog, p->currency)) continue;
            const Interval usd{to_usd(catalog, p->per_gpu_hour.lo, p->currency),
                               to_usd(catalog, p->per_gpu_hour.hi, p->currency)};
            out = out ? Interval{std::min(out->lo, usd.lo), std::max(out->hi, usd.hi)} : usd;
        }
        return out;
    };
    if (basis == "cheapest") {
        // The one lowest price anybody lists: a marketplace host, a spot or serverless rate included.
        const GpuPrice* best = nullptr;
        for (const GpuPrice* p : catalog.all_prices_for(hw.id)) {
            if (p->per_gpu_hour.hi <= 0 || !convertible(catalog, p->currency)) continue;
            if (!best || to_usd(catalog, p->per_gpu_hour.lo, p->currency) <
                             to_usd(catalog, best->per_gpu_hour.lo, best->currency))
                best = p;
        }
        if (!best) return std::nullopt;
        if (on_demand) *on_demand = listed_on_demand(*best);
        return Interval::exact(to_usd(catalog, best->per_gpu_hour.lo, best->currency));
    }
    if (basis != "on_demand") {
        // One provider's rows: its on-demand ones when it lists any for the card.
        std::vector<const GpuPrice*> rows, listed;
        for (const GpuPrice* p : catalog.all_prices_for(hw.id))
            if (p->provider == basis) (listed_on_demand(*p) ? listed : rows).push_back(p);
        if (auto out = span(listed)) return out;
        if (on_demand) *on_demand = false;
        return span(rows);
    }
    if (auto out = span(catalog.prices_for(hw.id))) return out;
    auto other = span(catalog.all_prices_for(hw.id));
    if (other && on_demand) *on_demand = false;
    return other;
}

namespace {

// "≤ 14B parameters: compared with a cheap current API (DeepSeek flash tier); ...": the tier's own words
// (prices.json) inside the sentence the core says about every tier.
Text tier_rule(const ApiComparison& comp, bool small) {
    char billions[32];
    std::snprintf(billions, sizeof billions, "%g", comp.small_model_max_params / 1e9);
    const std::string bound = std::string(small ? "≤ " : "> ") + billions + "B";
    const Text& what = small ? comp.small.rule : comp.large.rule;
    return Text{bound + " 参数的模型对比" + what.zh + "；同一模型的峰谷价构成区间",
                bound + " parameters: compared with " + what.en + "; the same model's off-peak and peak prices "
                                                                  "form the interval"};
}

}  // namespace

std::optional<ApiChoice> representative_api(const Catalog& catalog, const ModelArch& model) {
    // The same model hosted comes first: whoever would self-host it could call exactly it instead.
    std::vector<const ApiPrice*> same;
    bool stale_same = false;  // the catalog knows a host of this model, but not a current price
    for (const ApiPrice& p : catalog.api_prices) {
        if (std::find(p.hosts.begin(), p.hosts.end(), model.id) == p.hosts.end()) continue;
        if (usable_api_row(catalog, p)) same.push_back(&p);
        else stale_same = true;
    }
    if (!same.empty()) {
        const std::string provider = same.front()->provider;
        same.erase(std::remove_if(same.begin(), same.end(), [&](const ApiPrice* p) { return p->provider != provider; }),
                   same.end());
        const bool any_usd = std::any_of(same.begin(), same.end(), [](const ApiPrice* p) { return p->currency == "USD"; });
        const std::string currency = any_usd ? "USD" : same.front()->currency;
        same.erase(std::remove_if(same.begin(), same.end(), [&](const ApiPrice* p) { return p->currency != currency; }),
                   same.end());
        return choice_of(same, Text{"同一模型 " + model.id + " 的托管 API（" + provider + "）",
                                    "the same model, " + model.id + ", hosted by " + provider});
    }
    const ApiComparison& comp = catalog.api_comparison;
    const double params = total_params(model);
    const bool small = params > 0 && params <= comp.small_model_max_params;
    const std::vector<std::string>& prefixes = small ? comp.small.models : comp.large.models;
    Text rule = tier_rule(comp, small);
    if (stale_same) {
        rule.zh += "（目录中 " + model.id + " 的托管价都已不是当前价）";
        rule.en += " (the catalog's hosted prices for " + model.id + " are no longer current)";
    }
    for (const std::string& prefix : prefixes) {
        std::vector<const ApiPrice*> rows;
        for (const ApiPrice& p : catalog.api_prices)
            if (usable_api_row(catalog, p) && names_model(p.model, prefix)) rows.push_back(&p);
        if (rows.empty()) continue;
        // Keep one currency: USD rows when the provider lists them, else the provider's own.
        const bool any_usd = std::any_of(rows.begin(), rows.end(), [](const ApiPrice* p) { return p->currency == "USD"; });
        const std::string currency = any_usd ? "USD" : rows.front()->currency;
        rows.erase(std::remove_if(rows.begin(), rows.end(), [&](const ApiPrice* p) { return p->currency != currency; }),
                   rows.end());
        return choice_of(rows, prefix == prefixes.front()
                                   ? rule
                                   : Text{rule.zh + "（目录缺少首选行，改用 " + prefix + "）",
                                          rule.en + " (the catalog lacks the first choice; " + prefix + " used)"});
    }
    // Last resort: the cheapest current priced row (blended input + output, USD).
    const ApiPrice* best = nullptr;
    double best_usd = 0;
    for (const ApiPrice& p : catalog.api_prices) {
        if (!usable_api_row(catalog, p)) continue;
        const double usd = to_usd(catalog, p.input_per_mtok + p.output_per_mtok, p.currency);
        if (!best || usd < best_usd) best = &p, best_usd = usd;
    }
    if (!best) return std::nullopt;
    return choice_of({best}, Text{"目录中没有同档 API，改用最便宜的当前 API", "no API of the size class in the catalog; "
                                                                               "the cheapest current API is used"});
}

std::optional<ApiChoice> compared_api(const Catalog& catalog, const ModelArch& model, const Pricing& pricing) {
    if (pricing.api == "auto") return representative_api(catalog, model);
    const size_t slash = pricing.api.find('/');
    if (slash == std::string::npos) return std::nullopt;
    const std::string provider = pricing.api.substr(0, slash), name = pricing.api.substr(slash + 1);
    std::vector<const ApiPrice*> rows;
    for (const ApiPrice& p : catalog.api_prices)
        if (usable_api_row(catalog, p) && p.provider == provider && names_model(p.model, name)) rows.push_back(&p);
    if (rows.empty()) return std::nullopt;
    // One currency, as representative_api keeps it: USD rows when the provider lists them.
    const bool any_usd = std::any_of(rows.begin(), rows.end(), [](const ApiPrice* p) { return p->currency == "USD"; });
    const std::string currency = any_usd ? "USD" : rows.front()->currency;
    rows.erase(std::remove_if(rows.begin(), rows.end(), [&](const ApiPrice* p) { return p->currency != currency; }),
               rows.end());
    return choice_of(rows, Text{"你选择的 API：" + provider + " " + name, "the API you chose: " + provider + " " + name});
}

Text price_basis_text(const Pricing& pricing) {
    if (pricing.gpu == "cheapest")
        return Text{"目录中最便宜的一行租用价（含市场、竞价、无服务器价）",
                    "the cheapest rental row in the catalog (marketplace, spot and serverless rows included)"};
    if (pricing.gpu == "on_demand")
        return Text{"各家按需租用价的区间（无按需价时用其他租用价）",
                    "the range of on-demand rental rows across providers (other rows where none is on-demand)"};
    return Text{pricing.gpu + " 的租用价（有按需价时只用按需价）",
                pricing.gpu + "'s rental rows (its on-demand ones where it lists any)"};
}

std::vector<std::string> rental_providers(const Catalog& catalog) {
    std::vector<std::string> out;
    for (const GpuPrice& p : catalog.gpu_prices)
        if (!p.hardware_id.empty() && std::find(out.begin(), out.end(), p.provider) == out.end())
            out.push_back(p.provider);
    return out;
}

std::vector<std::string> api_choices(const Catalog& catalog) {
    std::vector<std::string> out;
    for (const ApiPrice& p : catalog.api_prices) {
        if (!usable_api_row(catalog, p)) continue;
        // One name per model, its first word: "deepseek-v4-pro off-peak" and "… peak" share "deepseek-v4-pro",
        // which names both (names_model), so the choice prices the model's off-peak … peak interval.
        const std::string name = p.provider + "/" + p.model.substr(0, p.model.find(' '));
        if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
    }
    return out;
}

std::optional<Error> check_pricing(const Catalog& catalog, const Pricing& pricing) {
    // The defaults name nothing to look up; skipping the lists keeps every plain estimate from building them.
    if ((pricing.gpu == "on_demand" || pricing.gpu == "cheapest") && pricing.api == "auto") return std::nullopt;
    auto listed = [](const std::vector<std::string>& names) {
        std::string out;
        for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
        return out;
    };
    const std::vector<std::string> providers = rental_providers(catalog);
    if (pricing.gpu != "on_demand" && pricing.gpu != "cheapest" &&
        std::find(providers.begin(), providers.end(), pricing.gpu) == providers.end())
        return Error{"scenario.unknown_id", "scenario.pricing.gpu",
                     "unknown price basis '" + one_line(pricing.gpu, kShownChars) + "'; accepted: on_demand, cheapest, or a provider (" +
                         listed(providers) + ")"};
    const std::vector<std::string> apis = api_choices(catalog);
    if (pricing.api != "auto" && std::find(apis.begin(), apis.end(), pricing.api) == apis.end())
        return Error{"scenario.unknown_id", "scenario.pricing.api",
                     "unknown API '" + one_line(pricing.api, kShownChars) + "'; accepted: auto, or provider/model (" + listed(apis) + ")"};
    return std::nullopt;
}

Interval api_cost_per_request_usd(const Catalog& catalog, const ApiChoice& api, int64_t prompt_tokens,
                                  int64_t output_tokens) {
    const Interval native = (api.input_per_mtok * double(prompt_tokens) + api.output_per_mtok * double(output_tokens)) / 1e6;
    return {to_usd(catalog, native.lo, api.currency), to_usd(catalog, native.hi, api.currency)};
}

namespace {

Source month_source() { return {SourceKind::constant, "docs/estimation.md §7"}; }

void explain_self_hosted(const Context& ctx, Interval price_usd, Interval cards, const std::string& hardware,
                         double output_tokens_per_month, const CostResult& c, Explain& out) {
    using namespace explain;
    const Scenario& s = ctx.scenario;
    Explanation x;
    x.title = {"自建每月成本", "Self-hosted per month"};
    x.formula = {"每张卡每小时的租用价 × 卡数 × 每月 730 小时", "rental price per card-hour × cards × 730 hours per month"};
    x.inputs = {factor({"每张卡每小时的租用价", "rental price per card-hour"}, price_usd, "USD/h",
                       {SourceKind::catalog, "prices/" + hardware + " (" + s.pricing.gpu + ")"}),
                factor({"卡数", "cards"}, cards, "", {SourceKind::computed, c.self_hosted_from_planner ? "plan" : "count"}),
                factor({"每月小时数", "hours per month"}, kHoursPerMonth, "h", month_source())};
    x.value = c.self_hosted_per_month_usd;
    x.unit = "USD";
    x.combine = Combine::product;
    x.why_wide = {"下限是最便宜的租用价" + std::string(cards.is_exact() ? "" : "与较少的卡") + "，上限是最贵的" +
                      (cards.is_exact() ? "" : "与较多的卡") + "（" + c.price_basis.zh + "）",
                  "the low end is the cheapest rental price" + std::string(cards.is_exact() ? "" : " with the fewer cards") +
                      ", the high end the dearest" + (cards.is_exact() ? "" : " with the more cards") + " (" + c.price_basis.en + ")"};
    out.set("cost.self_hosted_per_month_usd", std::move(x));
    if (!c.has_per_mtok) return;
    Explanation m;
    m.title = {"自建每百万输出 token 成本", "Self-hosted per 1M output tokens"};
    m.formula = {"自建每月成本 × 100 万 ÷ (每天请求数 × 每月 30 天 × 每个请求的输出 token)",
                 "self-hosted per month × 1M ÷ (requests per day × 30 days per month × output tokens per request)"};
    m.inputs = {factor({"自建每月成本", "self-hosted per month"}, c.self_hosted_per_month_usd, "USD",
                       {SourceKind::computed, "cost.self_hosted_per_month_usd"}),
                factor({"每百万", "per million"}, 1e6, "tokens", {SourceKind::constant, "1M"}),
                divisor({"每天请求数", "requests per day"}, s.requests_per_day, "", {SourceKind::scenario, "scenario.traffic.requests_per_day"}),
                divisor({"每月天数", "days per month"}, kDaysPerMonth, "", month_source()),
                divisor({"每个请求的输出 token", "output tokens per request"}, static_cast<double>(s.output_tokens), "tokens",
                        {SourceKind::scenario, "scenario.output_tokens"}),
                given({"每月输出 token", "output tokens per month"}, output_tokens_per_month, "tokens", {SourceKind::computed, ""})};
    m.value = c.self_hosted_per_mtok_usd;
    m.unit = "USD";
    m.combine = Combine::product;
    m.why_wide = {"随自建每月成本的区间", "follows the self-hosted monthly cost's interval"};
    out.set("cost.self_hosted_per_mtok_usd", std::move(m));
}

void explain_api(const Context& ctx, const ApiChoice& api, Interval per_request_usd, const CostResult& c, Explain& out) {
    using namespace explain;
    const Scenario& s = ctx.scenario;
    const Source api_source{SourceKind::catalog, "api_prices/" + api.provider + "/" + api.model.substr(0, api.model.find(" ("))};
    Explanation x;
    x.title = {"API 每月成本", "API per month"};
    x.formula = {"每天请求数 × 每月 30 天 × 每个请求的费用；每个请求 = (提示 token × 输入单价 + 输出 token × 输出单价) ÷ 100 万",
                 "requests per day × 30 days per month × cost per request; per request = (prompt tokens × input price + "
                 "output tokens × output price) ÷ 1M"};
    x.inputs = {factor({"每天请求数", "requests per day"}, s.requests_per_day, "", {SourceKind::scenario, "scenario.traffic.requests_per_day"}),
                factor({"每月天数", "days per month"}, kDaysPerMonth, "", month_source()),
                factor({"每个请求的费用", "cost per request"}, per_request_usd, "USD", {SourceKind::computed, ""}),
                given({"提示长度", "prompt"}, static_cast<double>(s.prompt_tokens), "tokens", {SourceKind::scenario, "scenario.prompt_tokens"}),
                given({"输出长度", "output"}, static_cast<double>(s.output_tokens), "tokens", {SourceKind::scenario, "scenario.output_tokens"}),
                given({"输入单价（每百万 token，" + api.currency + "）", "input price (per 1M tokens, " + api.currency + ")"},
                      api.input_per_mtok, "", api_source),
                given({"输出单价（每百万 token，" + api.currency + "）", "output price (per 1M tokens, " + api.currency + ")"},
                      api.output_per_mtok, "", api_source)};
    x.value = c.api_per_month_usd;
    x.unit = "USD";
    x.combine = Combine::product;
    x.why_wide = per_request_usd.is_exact() ? Text{"精确值：所选 API 只有一个价格", "exact: the API chosen has one price"}
                                            : Text{"同一模型的谷时与峰时价格构成区间", "the same model's off-peak and peak prices form the interval"};
    out.set("cost.api_per_month_usd", std::move(x));
    // An end that never comes (fully loaded, the setup costs more per request than the API) has no figure to explain:
    // the JSON gives null and break_even_reach says why.
    if (!c.has_gpu_price || !(per_request_usd.lo > 0) || !c.break_even_requests_per_day.finite()) return;
    Explanation b;
    b.title = {"盈亏平衡流量", "Break-even traffic"};
    b.formula = {"自建每月成本 ÷ (每月 30 天 × API 每个请求的费用)：超过这个每天请求数，自建更便宜",
                 "self-hosted per month ÷ (30 days per month × the API's cost per request): above this many requests per "
                 "day, self-hosting is cheaper"};
    b.inputs = {factor({"自建每月成本", "self-hosted per month"}, c.self_hosted_per_month_usd, "USD",
                       {SourceKind::computed, "cost.self_hosted_per_month_usd"}),
                divisor({"每月天数", "days per month"}, kDaysPerMonth, "", month_source()),
                divisor({"API 每个请求的费用", "the API's cost per request"}, per_request_usd, "USD", api_source)};
    b.value = c.break_even_requests_per_day;
    b.unit = "";
    b.combine = Combine::product;
    b.why_wide = {"下限配最便宜的租用与最贵的 API 价格，上限反之", "the low end pairs the cheapest rental with the dearest API price, the high end the reverse"};
    out.set("cost.break_even_requests_per_day", std::move(b));
}

}  // namespace

Interval setups_for_traffic(Interval capacity, double requests_per_day) {
    if (!(capacity.lo > 0) || !(requests_per_day > 0)) return {1, 1};
    return {std::max(1.0, std::ceil(requests_per_day / capacity.hi)), std::max(1.0, std::ceil(requests_per_day / capacity.lo))};
}

Interval break_even_requests_per_day(Interval rent_month_usd, Interval per_request_usd, Interval capacity) {
    if (!(per_request_usd.lo > 0)) return {INFINITY, INFINITY};
    double lo = rent_month_usd.lo / (kDaysPerMonth * per_request_usd.hi);
    double hi = rent_month_usd.hi / (kDaysPerMonth * per_request_usd.lo);
    if (capacity.hi > 0) {
        if (lo > capacity.hi) lo = INFINITY;
        if (hi > capacity.lo) hi = INFINITY;
    }
    return {lo, hi};
}

CostResult estimate_cost(const Context& ctx, const Assessment& a, Explain* explain, const CapacityOf& capacity_of) {
    CostResult c;
    if (!ctx.catalog) return c;
    const Catalog& catalog = *ctx.catalog;
    const Scenario& s = ctx.scenario;
    c.cny_per_usd = catalog.usd_cny.cny_per_usd;

    // Self-hosted: the user's cards at their rental price; when that hardware has no price (a CPU box, a
    // card nobody rents) or cannot run the model at all (it does not fit and no remedy runs it: renting one RTX
    // 4090 for a 405B model buys nothing to compare an API with), the planner's cheapest priced pick that meets
    // the targets.
    c.price_basis = price_basis_text(s.pricing);
    const bool own_cards_run = a.own_cards_run();
    // The price and the cards behind the self-hosted figure, for its explanation.
    Interval price_usd, cards;
    std::string priced_hardware;
    const auto own_price = price_per_card_hour_usd(catalog, ctx.hardware, nullptr, s.pricing.gpu);
    c.own_cards_cannot_run = own_price.has_value() && !own_cards_run;
    if (const auto price = own_cards_run ? own_price : std::nullopt) {
        c.has_gpu_price = true;
        // The planner's count on the user's cards is a range ("8–24 × H200" in the headline): priced as one, not as
        // its slow end's 24 cards at both ends of the price.
        const Interval own_cards = a.planned ? a.planned->cards : Interval::exact(double(a.count));
        c.self_hosted_per_month_usd = *price * own_cards * kHoursPerMonth;
        c.self_hosted_config = fmt::count_range(own_cards, "en") + " × " + ctx.hardware->name;
        price_usd = *price, cards = own_cards, priced_hardware = ctx.hardware->id;
        if (capacity_of) c.capacity_requests_per_day = capacity_of(nullptr);
        // That capacity is the slow end's count run at both ends; the fast end runs its fewer cards (replicas serve
        // apart, so a day's requests scale with them).
        if (a.planned && a.count > 0 && own_cards.lo < a.count)
            c.capacity_requests_per_day.hi = std::max(c.capacity_requests_per_day.lo,
                                                      c.capacity_requests_per_day.hi * own_cards.lo / double(a.count));
    } else {
        for (const PlanRow& row : a.plan) {
            if (!row.meets_targets || !row.has_price || row.currency != "USD") continue;
            c.has_gpu_price = true;
            c.self_hosted_per_month_usd = row.cost_per_month;
            c.self_hosted_config = fmt::count_range(row.cards, "en") + " × " + row.name;
            c.self_hosted_from_planner = true;
            price_usd = row.price_per_card_hour_usd, cards = row.cards, priced_hardware = row.hardware;
            if (capacity_of) c.capacity_requests_per_day = capacity_of(&row);
            break;
        }
    }

    const double output_tokens_per_month = s.requests_per_day * kDaysPerMonth * double(s.output_tokens);
    if (c.has_gpu_price && output_tokens_per_month > 0) {
        c.has_per_mtok = true;
        c.self_hosted_per_mtok_usd = c.self_hosted_per_month_usd / (output_tokens_per_month / 1e6);
    }

    if (const auto api = compared_api(catalog, ctx.model, s.pricing)) {
        c.has_api_price = true;
        c.api_model = api->provider + " " + api->model;
        c.api_model_text = api->name;
        c.api_currency = api->currency;
        c.api_rule = api->rule;
        const double requests_per_month = s.requests_per_day * kDaysPerMonth;
        const Interval native = (api->input_per_mtok * double(s.prompt_tokens) +
                                 api->output_per_mtok * double(s.output_tokens)) / 1e6;
        c.api_per_month_native = native * requests_per_month;
        const Interval per_request_usd = api_cost_per_request_usd(catalog, *api, s.prompt_tokens, s.output_tokens);
        c.api_per_month_usd = per_request_usd * requests_per_month;
        // Break-even: self_month = r × 30 × per_request → r = self_month / (30 × per_request), within what the
        // setup finishes a day.
        if (c.has_gpu_price && per_request_usd.lo > 0)
            c.break_even_requests_per_day =
                break_even_requests_per_day(c.self_hosted_per_month_usd, per_request_usd, c.capacity_requests_per_day);
        if (explain) explain_api(ctx, *api, per_request_usd, c, *explain);
    }
    if (explain && c.has_gpu_price) explain_self_hosted(ctx, price_usd, cards, priced_hardware, output_tokens_per_month, c, *explain);
    return c;
}

}  // namespace infersizer
