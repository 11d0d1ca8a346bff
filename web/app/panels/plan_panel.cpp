// plan_panel.cpp — cards compared: a sortable table over Result.plan (accelerator, cards, TP, replicas,
// meets targets, cost per month), a "fits only" filter, and a click on a row makes it the hardware.
#include "panels.hpp"

#include "format.hpp"
#include "format_text.hpp"
#include "widgets.hpp"

#include <algorithm>
#include <cmath>
#include <imgui.h>

namespace infersizer::app {

namespace {

enum Column { col_accelerator, col_cards, col_tp, col_replicas, col_meets, col_cost, col_note };

// Below this width (in font sizes; a 390 px phone holds about 27) the table scrolls sideways, laid out as
// kPlanTableScrollWidthEm wide: the fixed columns take 21.5 and the name, cost and note share the rest.
constexpr float kPlanTableFullWidthEm = 43.5f;
constexpr float kPlanTableScrollWidthEm = 53.5f;

// Rows without a price sort after every priced row, whatever the direction.
bool less_by(const PlanRow& a, const PlanRow& b, int column, bool ascending) {
    auto cmp = [&](auto x, auto y) { return ascending ? x < y : y < x; };
    switch (column) {
        case col_accelerator: return cmp(a.name, b.name);
        case col_cards: return cmp(a.cards.lo, b.cards.lo);
        case col_tp: return cmp(a.tp, b.tp);
        case col_replicas: return cmp(a.replicas.lo, b.replicas.lo);
        case col_meets: return cmp(int(a.meets_targets) * 2 + int(a.fits), int(b.meets_targets) * 2 + int(b.fits));
        case col_cost:
            if (a.has_price != b.has_price) return a.has_price;
            return cmp(a.cost_per_month.lo, b.cost_per_month.lo);
        default: return cmp(a.note, b.note);
    }
}

void adopt_row(AppState& s, const PlanRow& row) {
    Scenario next = s.scenario;
    next.hardware_id = row.hardware;
    next.hardware_custom.reset();
    // With a fixed count, take the row's card count (its high end: enough in the typical case); when the
    // planner chooses, it keeps choosing.
    if (next.count && row.fits)
        next.count = std::max(1, std::min(limits::kCountMax, static_cast<int>(std::ceil(row.cards.hi))));
    edit_scenario(s, next);
}

}  // namespace

void DrawPlanPanel(AppState& s) {
    const std::vector<PlanRow>& plan = s.result->plan;
    if (plan.empty()) return;
    SectionTitle(tr(S::sec_cards, s.lang));
    const float em = ImGui::GetFontSize();

    int n_meet = 0;
    for (const PlanRow& r : plan) n_meet += r.meets_targets ? 1 : 0;
    MutedText(trf(S::plan_summary_fmt, s.lang, n_meet, static_cast<int>(plan.size())));
    const char* fits_only = tr(S::fits_only, s.lang);
    SameLineIfFits(ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(fits_only).x);
    ImGui::Checkbox(fits_only, &s.plan_fits_only);
    MutedTextFlow(tr(S::plan_click_hint, s.lang));

    // On a narrow window (a phone) seven columns would leave the name and the cost a few letters each: the table
    // keeps its desktop width and scrolls sideways inside (a swipe scrolls both ways, bridge.js).
    const bool narrow = ImGui::GetContentRegionAvail().x < em * kPlanTableFullWidthEm;

    // Tristate: with no column chosen the rows keep the core's order (cheapest meeting the targets first).
    const ImGuiTableFlags flags = ImGuiTableFlags_Sortable | ImGuiTableFlags_SortTristate | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH |
                                  ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_Resizable |
                                  (narrow ? ImGuiTableFlags_ScrollX : ImGuiTableFlags_None);
    // As tall as the column it sits in (less the title and summary lines above it), so a tall window shows
    // as many rows as it has room for once the table is scrolled into view; never taller than its rows,
    // never shorter than 8 rows. It scrolls inside only when the rows need more than that.
    int n_rows = 0;
    for (const PlanRow& r : plan) n_rows += (!s.plan_fits_only || r.fits) ? 1 : 0;
    const float row_h = ImGui::GetTextLineHeightWithSpacing();
    const float rows_needed = static_cast<float>(n_rows) + 1.5f;  // + the header row and a margin
    const float rows_room = std::max(8.0f, ImGui::GetWindowHeight() / row_h - 4.0f);
    const float rows_h = row_h * std::min(rows_needed, rows_room) + (narrow ? ImGui::GetStyle().ScrollbarSize : 0.0f);
    if (!ImGui::BeginTable("plan", 7, flags, ImVec2(0, rows_h), narrow ? em * kPlanTableScrollWidthEm : 0.0f)) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn(tr(S::col_accelerator, s.lang), ImGuiTableColumnFlags_WidthStretch, 1.6f, col_accelerator);
    // Room for a range up to four digits and its ⓘ ("320 – 1,600 ⓘ"): narrower, the mark went to a second line.
    ImGui::TableSetupColumn(tr(S::col_cards, s.lang), ImGuiTableColumnFlags_WidthFixed, em * 6.5f, col_cards);
    // The core's layout words: "TP 2", "TP 8 × PP 6", "layer split 3" (llama.cpp, Ollama), "1 card".
    ImGui::TableSetupColumn(tr(S::col_tp, s.lang), ImGuiTableColumnFlags_WidthFixed, em * 5.5f, col_tp);
    ImGui::TableSetupColumn(tr(S::col_replicas, s.lang), ImGuiTableColumnFlags_WidthFixed, em * 4.5f, col_replicas);
    ImGui::TableSetupColumn(tr(S::col_meets, s.lang), ImGuiTableColumnFlags_WidthFixed, em * 5, col_meets);
    ImGui::TableSetupColumn(tr(S::col_cost, s.lang), ImGuiTableColumnFlags_WidthStretch, 1.6f, col_cost);
    ImGui::TableSetupColumn(tr(S::col_note, s.lang), ImGuiTableColumnFlags_WidthStretch, 1.4f, col_note);
    ImGui::TableHeadersRow();

    // Sorted view (indices) per ImGui's sort specs; the plan itself stays as the core made it.
    std::vector<size_t> order;
    for (size_t i = 0; i < plan.size(); ++i)
        if (!s.plan_fits_only || plan[i].fits) order.push_back(i);
    if (const ImGuiTableSortSpecs* specs = ImGui::TableGetSortSpecs(); specs && specs->SpecsCount > 0) {
        const int column = static_cast<int>(specs->Specs[0].ColumnUserID);
        const bool ascending = specs->Specs[0].SortDirection != ImGuiSortDirection_Descending;
        std::stable_sort(order.begin(), order.end(),
                         [&](size_t a, size_t b) { return less_by(plan[a], plan[b], column, ascending); });
    }

    const std::string current = s.scenario.hardware_custom ? std::string() : s.scenario.hardware_id;
    const PlanRow* clicked = nullptr;
    for (size_t i : order) {
        const PlanRow& row = plan[i];
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::PushID(row.hardware.c_str());
        if (ImGui::Selectable(row.name.c_str(), row.hardware == current, ImGuiSelectableFlags_SpanAllColumns))
            clicked = &row;
        ImGui::PopID();
        ImGui::TableNextColumn();
        // Cards and replicas whenever the core planned them (multi-node plans too); "—" when it could not.
        const std::string prefix = "plan[" + std::to_string(i) + "].";
        if (row.cards.hi > 0) FigureText(s, prefix + "cards", fmt_interval(row.cards, ""));
        else ImGui::TextUnformatted("—");
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(fmt::layout_words(row.tp, row.pp, row.layer_split).in(s.lang_code()).c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(row.replicas.hi > 0 ? fmt_interval(row.replicas, "").c_str() : "—");
        ImGui::TableNextColumn();
        const Verdict v = row.meets_targets ? Verdict::yes : (row.fits ? Verdict::conditional : Verdict::no);
        // A probe item per row, so tests read the word the table shows (tests/ui/test_plan_words.cpp).
        JudgedWord(verdict_color(v),
                   row.meets_targets ? tr(S::yes, s.lang) : (row.fits ? tr(S::no, s.lang) : tr(S::not_fits, s.lang)),
                   ("##plan_meets_" + row.hardware).c_str());
        ImGui::TableNextColumn();
        if (row.has_price) FigureText(s, prefix + "cost_per_month", fmt_money_interval(row.cost_per_month, row.currency, 0));
        else MutedText(tr(S::no_price, s.lang));
        ImGui::TableNextColumn();
        // row.note is the English side only. The column shows the note's start; hovering it shows all of it (what
        // binds, in numbers: the sentence that says why the row needs its cards).
        const std::string& note = row.note_text.in(s.lang_code());
        JudgedWord(ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled), note.c_str(), ("##plan_note_" + row.hardware).c_str());
        // The row's Selectable spans every column and holds the hover; the note is under it.
        if (!note.empty() && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenOverlapped)) {
            ImGui::BeginTooltip();
            ImGui::PushTextWrapPos(em * 30);
            WrappedText(note);
            ImGui::PopTextWrapPos();
            ImGui::EndTooltip();
        }
    }
    ImGui::EndTable();
    // After the table, and from a copy: adopting replaces s.result, and with it the plan being drawn.
    if (clicked) adopt_row(s, PlanRow(*clicked));
}

}  // namespace infersizer::app
