// decision_panel.cpp — the CPU / GPU / API rows and, under a header of their own, the typical scenario rows:
// verdict (colour and word), the key judgement and the failure point, all sentences from the core. Four columns
// when wide; on a narrow window two, with the failure point under the judgement.
#include "panels.hpp"

#include "result_json.hpp"
#include "widgets.hpp"

#include <algorithm>
#include <imgui.h>
#include <string>

namespace infersizer::app {

namespace {

const char* option_label(DecisionOption option, Lang lang) {
    switch (option) {
        case DecisionOption::cpu: return tr(S::option_cpu, lang);
        case DecisionOption::gpu: return tr(S::option_gpu, lang);
        case DecisionOption::api: return tr(S::option_api, lang);
        case DecisionOption::personal: return tr(S::option_personal, lang);
        case DecisionOption::offline_batch: return tr(S::option_offline_batch, lang);
        case DecisionOption::online_service: return tr(S::option_online_service, lang);
        case DecisionOption::cloud_api: return tr(S::option_cloud_api, lang);
    }
    return "";
}

// "##badge_gpu": the headless UI test finds each row's badge by it.
std::string badge_id(DecisionOption o) { return std::string("##badge_") + to_string(o); }

float badge_width(Lang lang) {
    float w = 0;
    for (Verdict v : {Verdict::yes, Verdict::conditional, Verdict::no})
        w = std::max(w, ImGui::CalcTextSize(decision_word(v, lang)).x);
    return w + ImGui::GetStyle().FramePadding.x * 2;
}

void draw_row_wide(const AppState& s, const DecisionRow& d) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    TextWrappedCjk(option_label(d.option, s.lang));
    ImGui::TableNextColumn();
    VerdictBadge(d.verdict, decision_word(d.verdict, s.lang), badge_id(d.option).c_str());
    ImGui::TableNextColumn();
    TextWrappedCjk(d.reason.in(s.lang_code()));
    ImGui::TableNextColumn();
    TextWrappedCjk(d.fails_when.in(s.lang_code()));
}

void draw_row_narrow(const AppState& s, const DecisionRow& d) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    TextWrappedCjk(option_label(d.option, s.lang));
    VerdictBadge(d.verdict, decision_word(d.verdict, s.lang), badge_id(d.option).c_str());
    ImGui::TableNextColumn();
    TextWrappedCjk(d.reason.in(s.lang_code()));
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    TextWrappedCjk(trf(S::fails_when_fmt, s.lang, d.fails_when.in(s.lang_code()).c_str()));
    ImGui::PopStyleColor();
}

// One table of rows under a header whose first column names what the rows are: the CPU / GPU / API options, then
// (a table of their own, with the same columns) the typical scenarios, whose "Cloud API" row would otherwise read as
// a second copy of the option above it.
void draw_rows(const AppState& s, const char* id, S first_column, const std::vector<DecisionRow>& rows, bool wide) {
    if (rows.empty()) return;
    const float em = ImGui::GetFontSize();
    const ImGuiTableFlags flags = ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp;
    if (!ImGui::BeginTable(id, wide ? 4 : 2, flags)) return;
    ImGui::TableSetupColumn(tr(first_column, s.lang), ImGuiTableColumnFlags_WidthFixed,
                            std::max(em * 6.5f, badge_width(s.lang)));
    if (wide) ImGui::TableSetupColumn(tr(S::col_verdict, s.lang), ImGuiTableColumnFlags_WidthFixed, badge_width(s.lang));
    ImGui::TableSetupColumn(tr(S::col_reason, s.lang), ImGuiTableColumnFlags_WidthStretch, 1.3f);
    if (wide) ImGui::TableSetupColumn(tr(S::col_fails_when, s.lang), ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableHeadersRow();
    for (const DecisionRow& d : rows) wide ? draw_row_wide(s, d) : draw_row_narrow(s, d);
    ImGui::EndTable();
}

}  // namespace

void DrawDecisionPanel(AppState& s) {
    const Result& r = *s.result;
    if (r.decision.empty() && r.scenarios.empty()) return;
    SectionTitle(tr(S::sec_decision, s.lang));
    const bool wide = ImGui::GetContentRegionAvail().x >= ImGui::GetFontSize() * 36;
    draw_rows(s, "decision", S::col_option, r.decision, wide);
    draw_rows(s, "scenarios", S::col_scenario, r.scenarios, wide);
}

}  // namespace infersizer::app
