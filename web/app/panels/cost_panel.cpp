// cost_panel.cpp — self-hosted vs cloud API per month at the given traffic, the cost per million output
// tokens, and the break-even traffic; money in USD with the CNY amount beside it.
#include "panels.hpp"

#include "cost.hpp"
#include "decision_text.hpp"
#include "format.hpp"
#include "report_doc.hpp"
#include "widgets.hpp"

#include <imgui.h>

#include <cmath>

#include <string>
#include <vector>

namespace infersizer::app {

namespace {

// "$328 – $639 /月" with its explanation, then "≈ ¥2,310 – ¥4,480" muted, on the same line when it fits.
void money_per_month(const AppState& s, const char* key, Interval usd, double cny_per_usd) {
    FigureText(s, key, fmt_money_interval(usd, "USD", 0) + " " + tr(S::per_month, s.lang));
    const std::string converted = fmt_money_converted(usd, "USD", cny_per_usd);
    if (!converted.empty()) MutedTextFlow(converted);
}

// One picker of the scenario's pricing: `value` among `ids` (shown as `shown`); a pick is an edit of the scenario,
// which the core checks (check_pricing) like any other field.
void pricing_combo(AppState& s, const char* id, S label, std::string Pricing::*field, const std::vector<std::string>& ids,
                   const std::vector<std::string>& shown) {
    const std::string& value = s.scenario.pricing.*field;
    std::string preview = value;
    for (size_t i = 0; i < ids.size(); ++i)
        if (ids[i] == value) preview = shown[i];
    ImGui::TextUnformatted(tr(label, s.lang));
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-1);
    if (ImGui::BeginCombo(id, preview.c_str(), ImGuiComboFlags_HeightLarge)) {
        for (size_t i = 0; i < ids.size(); ++i) {
            if (ImGui::Selectable(shown[i].c_str(), ids[i] == value) && ids[i] != value) {
                Scenario next = s.scenario;
                next.pricing.*field = ids[i];
                edit_scenario(s, next);
            }
        }
        ImGui::EndCombo();
    }
}

// ⑥'s two choices: which rental prices the self-hosted cost uses, and which API it is compared with; the core's
// words for each underneath.
void draw_pricing_pickers(AppState& s) {
    const Catalog& c = *s.catalog;
    std::vector<std::string> gpu_ids = {"on_demand", "cheapest"}, gpu_shown = {tr(S::price_on_demand, s.lang),
                                                                                tr(S::price_cheapest, s.lang)};
    for (const std::string& p : rental_providers(c)) {
        gpu_ids.push_back(p);
        gpu_shown.push_back(p);
    }
    std::vector<std::string> api_ids = {"auto"}, api_shown = {tr(S::api_auto, s.lang)};
    for (const std::string& a : api_choices(c)) {
        api_ids.push_back(a);
        api_shown.push_back(a);
    }
    ImGui::PushID("cost_panel");
    pricing_combo(s, "##price_basis", S::price_basis, &Pricing::gpu, gpu_ids, gpu_shown);
    MutedTextFlow(s.result->cost.price_basis.in(s.lang_code()));
    pricing_combo(s, "##api_compare", S::api_compare, &Pricing::api, api_ids, api_shown);
    MutedTextFlow(s.result->cost.api_rule.in(s.lang_code()));
    ImGui::PopID();
}

}  // namespace

void DrawCostPanel(AppState& s) {
    SectionTitle(tr(S::sec_cost, s.lang));
    draw_pricing_pickers(s);
    // Bound after the pickers: a pick replaces the result.
    const CostResult& c = s.result->cost;
    if (!ImGui::BeginTable("cost", 2, ImGuiTableFlags_SizingStretchProp)) return;
    ImGui::TableSetupColumn("label", ImGuiTableColumnFlags_WidthStretch, 0.7f);
    ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch, 2.0f);

    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    TextWrappedCjk(tr(S::self_hosted, s.lang));
    ImGui::TableNextColumn();
    if (c.has_gpu_price) {
        money_per_month(s, "cost.self_hosted_per_month_usd", c.self_hosted_per_month_usd, c.cny_per_usd);
        MutedTextFlow(fmt_money_interval(c.self_hosted_per_mtok_usd, "USD", 0) + " " + tr(S::per_mtok, s.lang),
                      ExplainMarkerWidth(s, "cost.self_hosted_per_mtok_usd"));
        ExplainMarker(s, "cost.self_hosted_per_mtok_usd");
        // Which cards and how many the figure prices, and why when they are the planner's pick: the core's words
        // (report_doc.hpp priced_setup_words), as the reports print them, never the page's.
        if (!c.self_hosted_config.empty())
            ColoredWrapped(ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled),
                           trf(S::rent_config_fmt, s.lang, priced_setup_words(*s.result).in(s.lang_code()).c_str()));
    } else {
        ColoredWrapped(ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled), tr(S::no_gpu_price, s.lang));
    }

    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    TextWrappedCjk(tr(S::option_api, s.lang));
    ImGui::TableNextColumn();
    money_per_month(s, "cost.api_per_month_usd", c.api_per_month_usd, c.cny_per_usd);
    if (!c.api_model.empty()) MutedTextFlow(c.api_model_text.in(s.lang_code()));

    if (c.has_gpu_price && c.break_even_requests_per_day.hi > 0) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        TextWrappedCjk(tr(S::break_even_short, s.lang));
        ImGui::TableNextColumn();
        // An end that never comes (fully loaded, the setup is dearer per request than the API) is no figure to explain:
        // the core's words.
        if (c.break_even_requests_per_day.finite())
            FigureText(s, "cost.break_even_requests_per_day",
                       fmt_count_interval(c.break_even_requests_per_day, tr(S::unit_per_day, s.lang), s.lang));
        else
            TextWrappedCjk(break_even_figure(c).in(s.lang_code()).c_str());
        if (std::isfinite(c.break_even_requests_per_day.lo)) MutedTextFlow(tr(S::break_even, s.lang));
    }
    ImGui::EndTable();
    if (c.cny_per_usd > 0) MutedText(trf(S::exchange_fmt, s.lang, fmt_sig(c.cny_per_usd, 4).c_str()));
}

}  // namespace infersizer::app
