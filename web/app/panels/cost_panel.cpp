// cost_panel.cpp — self-hosted vs cloud API per month at the given traffic, the cost per million output
// tokens, and the break-even traffic; money in USD with the CNY amount beside it.
#include "panels.hpp"

#include "format.hpp"
#include "widgets.hpp"

#include <imgui.h>

namespace infersizer::app {

namespace {

// "$328 – $639 /月" with its trace, then "≈ ¥2,310 – ¥4,480" muted, on the same line when it fits.
void money_per_month(const AppState& s, const char* key, Interval usd, double cny_per_usd) {
    FigureText(s, key, fmt_money_interval(usd, "USD", 0) + " " + tr(S::per_month, s.lang));
    const std::string converted = fmt_money_converted(usd, "USD", cny_per_usd);
    if (!converted.empty()) MutedTextFlow(converted);
}

}  // namespace

void DrawCostPanel(AppState& s) {
    const CostResult& c = s.result->cost;
    SectionTitle(tr(S::sec_cost, s.lang));
    if (!ImGui::BeginTable("cost", 2, ImGuiTableFlags_SizingStretchProp)) return;
    ImGui::TableSetupColumn("label", ImGuiTableColumnFlags_WidthStretch, 0.7f);
    ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch, 2.0f);

    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextWrapped("%s", tr(S::self_hosted, s.lang));
    ImGui::TableNextColumn();
    if (c.has_gpu_price) {
        money_per_month(s, "cost.self_hosted_per_month_usd", c.self_hosted_per_month_usd, c.cny_per_usd);
        MutedTextFlow(fmt_money_interval(c.self_hosted_per_mtok_usd, "USD", 0) + " " + tr(S::per_mtok, s.lang));
    } else {
        ColoredWrapped(ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled), tr(S::no_gpu_price, s.lang));
    }

    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextWrapped("%s", tr(S::option_api, s.lang));
    ImGui::TableNextColumn();
    money_per_month(s, "cost.api_per_month_usd", c.api_per_month_usd, c.cny_per_usd);
    if (!c.api_model.empty()) MutedTextFlow(c.api_model_text.in(s.lang_code()));

    if (c.has_gpu_price && c.break_even_requests_per_day.hi > 0) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextWrapped("%s", tr(S::break_even_short, s.lang));
        ImGui::TableNextColumn();
        FigureText(s, "cost.break_even_requests_per_day",
                   fmt_count_interval(c.break_even_requests_per_day, tr(S::unit_per_day, s.lang), s.lang));
        MutedTextFlow(tr(S::break_even, s.lang));
    }
    ImGui::EndTable();
    if (c.cny_per_usd > 0) MutedText(trf(S::exchange_fmt, s.lang, fmt_sig(c.cny_per_usd, 4).c_str()));
}

}  // namespace infersizer::app
