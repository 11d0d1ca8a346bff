// charts_panel.cpp — the curves of the result (the core's estimate_curves) in four groups, with the reverse
// questions' answers above them, in a section that opens on a click. The curves cost a few dozen estimates, so
// they are computed once per result (AppState::curves_generation), only while the section is open, and not while a
// widget is held (a slider being dragged keeps the last curves until it is let go): the page redraws only when
// something changed, and a frame never pays for them twice.
#include "panels.hpp"

#include "chart.hpp"
#include "widgets.hpp"

#include <imgui.h>

#include <algorithm>
#include <string>

namespace infersizer::app {

namespace {

void refresh_curves(AppState& s) {
    if (s.curves_generation == s.result_generation && (s.curves || !s.curves_error.empty())) return;
    if (s.curves && ImGui::IsAnyItemActive()) return;  // stale for a moment beats a stutter while dragging
    s.curves_generation = s.result_generation;
    s.curves.reset();
    s.curves_error.clear();
    Expected<Curves> c = estimate_curves(*s.catalog, s.scenario, *s.result);
    if (c) s.curves = std::move(c.value());
    else s.curves_error = UiMessage::of(c.error());
    s.frames_wanted = std::max(s.frames_wanted, 2);
}

S group_title(const std::string& group) {
    if (group == "memory") return S::charts_group_memory;
    if (group == "cost") return S::charts_group_cost;
    if (group == "decode") return S::charts_group_decode;
    return S::charts_group_latency;
}

std::string box_text(ImVec2 a, ImVec2 b) {
    return std::to_string(a.x) + " " + std::to_string(a.y) + " " + std::to_string(b.x) + " " + std::to_string(b.y);
}

// One group's charts, two to a row when each still gets a readable width.
void draw_group(AppState& s, const std::string& group) {
    const float em = ImGui::GetFontSize();
    const int columns = ImGui::GetContentRegionAvail().x >= em * 44 ? 2 : 1;
    ImGui::TextUnformatted(tr(group_title(group), s.lang));
    if (!ImGui::BeginTable(("charts_" + group).c_str(), columns, ImGuiTableFlags_SizingStretchSame)) return;
    for (const Chart& c : s.curves->charts) {
        if (c.group != group) continue;
        ImGui::TableNextColumn();
        const ChartBox b = DrawChart(c, s.lang, ImVec2(ImGui::GetContentRegionAvail().x, em * 15));
        s.chart_boxes[c.id] = box_text(b.min, b.max);
    }
    ImGui::EndTable();
}

}  // namespace

void DrawChartsPanel(AppState& s) {
    if (!s.catalog || !s.result) return;
    s.chart_boxes.clear();
    // Folded by default: the card table below keeps its place at the end of the column, and a folded section
    // costs nothing (the curves are computed when it opens).
    ImGui::SetNextItemOpen(s.charts_open, ImGuiCond_Always);
    s.charts_open = ImGui::CollapsingHeader((std::string(tr(S::sec_charts, s.lang)) + "###charts_section").c_str());
    s.chart_boxes["section"] = box_text(ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
    if (!s.charts_open) return;
    refresh_curves(s);
    if (!s.curves) {
        ColoredWrapped(verdict_color(Verdict::no), trf(S::charts_failed_fmt, s.lang, s.curves_error.in(s.lang).c_str()));
        return;
    }
    ImGui::TextUnformatted(tr(S::charts_reverse, s.lang));
    for (const Text& t : s.curves->reverse.sentences) {
        ImGui::Bullet();
        TextWrappedCjk(t.in(s.lang_code()));
    }
    MutedText(tr(S::charts_hint, s.lang));
    for (const char* group : {"latency", "memory", "cost", "decode"}) draw_group(s, group);
}

}  // namespace infersizer::app
