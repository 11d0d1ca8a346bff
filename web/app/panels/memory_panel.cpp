// memory_panel.cpp — the memory breakdown as a horizontal stacked bar (weights, KV, activations, runtime,
// colocated) against the capacity line, with the interval's low and high ends marked, figures with units
// whose parts visibly sum to the total, and what fits (concurrency, context).
//
// [SECTION] bar   [SECTION] legend and fit   [SECTION] panel
#include "panels.hpp"

#include "judge.hpp"

#include "format.hpp"
#include "widgets.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <imgui.h>
#include <imgui_internal.h>  // IMGUI_TEST_ENGINE_ITEM_*: the markers are probed items for the UI tests

namespace infersizer::app {

namespace {

struct Part {
    S label;
    const char* key;  // result path: the explanation to show on hover
    Interval gib;
    ImU32 color;
};

std::vector<Part> parts_of(const MemoryResult& m) {
    // The theme's bar colours (theme.hpp): hues distinct from the verdict colours, so the bar never reads as one.
    const ImU32* c = palette().memory_parts;
    return {
        {S::mem_weights, "memory.weights_gib", m.weights_gib, c[0]},
        {S::mem_kv, "memory.kv_cache_gib", m.kv_cache_gib, c[1]},
        {S::mem_activations, "memory.activations_gib", m.activations_gib, c[2]},
        {S::mem_runtime, "memory.runtime_gib", m.runtime_gib, c[3]},
        {S::mem_colocated, "memory.colocated_gib", m.colocated_gib, c[4]},
    };
}

// A part of the bar: the core's explanation of its figure.
void part_tooltip(const AppState& s, const Part& p) { ExplainTooltip(s, p.key); }

// The vertical lines drawn over the bar. Each has a legend entry and a tooltip saying what it marks, so
// nobody has to guess which line is the capacity and which the budget.
enum class Marker { capacity, budget, range, engine };

struct MarkerLine {
    Marker kind;
    float x;       // screen x of the line (the range has two: low and high end)
    float x2;      // second line of the range; equal to x otherwise
    ImU32 color;
    float width;   // line thickness in px
};

const char* marker_id(Marker k) {
    switch (k) {
        case Marker::capacity: return "capacity";
        case Marker::budget: return "budget";
        case Marker::range: return "range";
        default: return "engine";
    }
}

S marker_label(Marker k) {
    switch (k) {
        case Marker::capacity: return S::mem_marker_capacity;
        case Marker::budget: return S::mem_marker_budget;
        case Marker::range: return S::mem_marker_range;
        default: return S::mem_marker_engine;
    }
}

std::vector<MarkerLine> marker_lines(const AppState& s, const MemoryResult& m, const std::function<float(double)>& x_of) {
    const float em = ImGui::GetFontSize();
    const float thin = std::max(1.0f, em * 0.07f), thick = std::max(2.0f, em * 0.2f);
    const ImU32 text_col = ImGui::GetColorU32(ImGuiCol_Text);
    std::vector<MarkerLine> out;
    out.push_back({Marker::range, x_of(m.total_gib.lo), x_of(m.total_gib.hi), text_col, thin});
    if (m.capacity_known) {
        const ImU32 cap_col = ImGui::GetColorU32(verdict_color(memory_verdict(*s.result)));
        out.push_back({Marker::budget, x_of(m.budget_gib), x_of(m.budget_gib), cap_col, thin});
        out.push_back({Marker::capacity, x_of(m.capacity_gib), x_of(m.capacity_gib), cap_col, thick});
    }
    // Under the bar only, in the plot colour: the engine's reservation sits near the capacity and must not
    // read as a second capacity line.
    if (m.engine_reserved_gib.hi > 0) {
        const float x = x_of(m.engine_reserved_gib.hi);
        out.push_back({Marker::engine, x, x, ImGui::GetColorU32(ImGuiCol_PlotLines), thick});
    }
    return out;
}

void marker_tooltip(const AppState& s, Marker k) {
    const MemoryResult& m = s.result->memory;
    const char* gib = tr(S::unit_gib, s.lang);
    std::string text;
    switch (k) {
        case Marker::capacity: text = trf(S::mem_tip_capacity_fmt, s.lang, (fmt_sig(m.capacity_gib, 3) + " " + gib).c_str()); break;
        case Marker::budget:
            text = trf(S::mem_tip_budget_fmt, s.lang, (fmt_sig(m.budget_gib, 3) + " " + gib).c_str(),
                       fmt_sig(s.scenario.headroom * 100, 3).c_str());
            break;
        case Marker::range: text = trf(S::mem_tip_range_fmt, s.lang, fmt_interval(m.total_gib, gib).c_str()); break;
        default: text = trf(S::mem_tip_engine_fmt, s.lang, fmt_interval(m.engine_reserved_gib, gib).c_str()); break;
    }
    ImGui::BeginTooltip();
    // The title is a probed item, so the headless test sees which tooltip is open.
    JudgedWord(ImGui::GetStyleColorVec4(ImGuiCol_Text), tr(marker_label(k), s.lang),
               (std::string("##tip_mem_") + marker_id(k)).c_str());
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30);
    MutedText(text);
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
}

// A probed rectangle (no interaction): the test finds a marker line by "##mem_line_<id>" and hovers it.
void probe_rect(const ImRect& r, const std::string& probe_id) {
    ImGuiContext& g = *GImGui;  // IMGUI_TEST_ENGINE_ITEM_INFO reads it
    const ImGuiID id = ImGui::GetID(probe_id.c_str());
    IMGUI_TEST_ENGINE_ITEM_ADD(r, id);
    IMGUI_TEST_ENGINE_ITEM_INFO(id, probe_id.c_str(), 0);
    (void)g;
}

// ---------------------------------------------------------------------------------------------------
// [SECTION] bar
// ---------------------------------------------------------------------------------------------------
// Parts stacked at their low estimates; the band from total.lo to total.hi is the interval's spread,
// drawn lighter, with ticks at both ends; the capacity (solid) and the budget after headroom (thin) are
// vertical lines across the bar.
void draw_bar(const AppState& s, const MemoryResult& m, const std::vector<Part>& parts) {
    const float em = ImGui::GetFontSize();
    const float width = std::max(em * 10, ImGui::GetContentRegionAvail().x);
    const float height = em * 1.4f;
    const float tick = em * 0.35f;
    ImVec2 p0 = ImGui::GetCursorScreenPos();
    p0.y += tick;  // room for the ticks above the bar
    ImDrawList* dl = ImGui::GetWindowDrawList();

    double scale_gib = std::max(m.total_gib.hi, m.capacity_known ? m.capacity_gib : 0.0) * 1.05;
    if (scale_gib <= 0) scale_gib = 1;
    auto x_of = [&](double gib) { return p0.x + static_cast<float>(std::min(gib, scale_gib) / scale_gib) * width; };
    const float y0 = p0.y, y1 = p0.y + height;

    dl->AddRectFilled(ImVec2(p0.x, y0), ImVec2(p0.x + width, y1), ImGui::GetColorU32(ImGuiCol_FrameBg));
    double at = 0;
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    const Part* hovered = nullptr;
    for (const Part& part : parts) {
        if (part.gib.lo <= 0) continue;
        const float xa = x_of(at), xb = x_of(at + part.gib.lo);
        dl->AddRectFilled(ImVec2(xa, y0), ImVec2(xb, y1), part.color);
        if (mouse.x >= xa && mouse.x < xb && mouse.y >= y0 && mouse.y < y1) hovered = &part;
        at += part.gib.lo;
    }
    // The spread between the low and high totals.
    const float lo_x = x_of(m.total_gib.lo), hi_x = x_of(m.total_gib.hi);
    if (hi_x > lo_x) dl->AddRectFilled(ImVec2(lo_x, y0), ImVec2(hi_x, y1), palette().memory_spread);
    // Marker lines: the range's ends and the budget reach one tick past the bar, the capacity two; the
    // engine's reservation hangs below the bar only.
    const std::vector<MarkerLine> lines = marker_lines(s, m, x_of);
    const float grab = std::max(3.0f, em * 0.3f);  // how near the mouse must be to a line for its tooltip
    const Marker* near_marker = nullptr;
    float nearest = grab;
    for (const MarkerLine& l : lines) {
        const float top = l.kind == Marker::engine ? y1 : y0 - (l.kind == Marker::capacity ? tick * 2 : tick);
        const float bottom = y1 + (l.kind == Marker::capacity || l.kind == Marker::engine ? tick * 2 : tick);
        for (float x : {l.x, l.x2}) {
            dl->AddLine(ImVec2(x, top), ImVec2(x, bottom), l.color, l.width);
            if (mouse.y >= top && mouse.y <= bottom && std::fabs(mouse.x - x) <= nearest) {
                nearest = std::fabs(mouse.x - x);
                near_marker = &l.kind;
            }
        }
        probe_rect(ImRect(l.x - grab * 0.5f, top, l.x + grab * 0.5f, bottom), std::string("##mem_line_") + marker_id(l.kind));
    }
    ImGui::Dummy(ImVec2(width, height + tick * 4));
    if (near_marker && ImGui::IsWindowHovered(ImGuiHoveredFlags_AllowWhenBlockedByActiveItem)) marker_tooltip(s, *near_marker);
    else if (hovered && ImGui::IsItemHovered()) part_tooltip(s, *hovered);
}

// Swatch (a short vertical line like the marker's), name; the name shows the marker's tooltip on hover.
void draw_marker_legend(const AppState& s, const MemoryResult& m, const std::function<float(double)>& x_of) {
    const float em = ImGui::GetFontSize();
    const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
    bool first = true;
    for (const MarkerLine& l : marker_lines(s, m, x_of)) {
        const char* label = tr(marker_label(l.kind), s.lang);
        const float w = em * 0.8f + ImGui::GetStyle().ItemSpacing.x + ImGui::CalcTextSize(label).x;
        if (!first) {
            ImGui::SameLine(0, em);
            if (ImGui::GetCursorScreenPos().x + w > right) ImGui::NewLine();
        }
        first = false;
        const ImVec2 p = ImGui::GetCursorScreenPos();
        const float cx = p.x + em * 0.4f;
        ImGui::GetWindowDrawList()->AddLine(ImVec2(cx, p.y + em * 0.05f), ImVec2(cx, p.y + em * 0.95f), l.color, l.width);
        ImGui::Dummy(ImVec2(em * 0.8f, em));
        ImGui::SameLine();
        JudgedWord(ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled), label, (std::string("##legend_mem_") + marker_id(l.kind)).c_str());
        if (ImGui::IsItemHovered()) marker_tooltip(s, l.kind);
    }
}

// ---------------------------------------------------------------------------------------------------
// [SECTION] legend and fit
// ---------------------------------------------------------------------------------------------------
// A flowing legend: swatch, name and figure per part, wrapping to the width; each figure shows its explanation.
void draw_legend(const AppState& s, const std::vector<Part>& parts) {
    const float em = ImGui::GetFontSize();
    const char* gib = tr(S::unit_gib, s.lang);
    const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
    bool first = true;
    for (const Part& part : parts) {
        const std::string figure = fmt_interval(part.gib, gib);
        const std::string label = tr(part.label, s.lang);
        const float sw = em * 0.8f;
        const float w = sw + ImGui::GetStyle().ItemSpacing.x * 2 + ImGui::CalcTextSize(label.c_str()).x +
                        ImGui::CalcTextSize(figure.c_str()).x + ExplainMarkerWidth(s, part.key);
        if (!first) {
            ImGui::SameLine(0, em);
            if (ImGui::GetCursorScreenPos().x + w > right) ImGui::NewLine();
        }
        first = false;
        const ImVec2 p = ImGui::GetCursorScreenPos();
        ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(p.x, p.y + em * 0.15f), ImVec2(p.x + sw, p.y + em * 0.15f + sw),
                                                  part.color);
        ImGui::Dummy(ImVec2(sw, em));
        ImGui::SameLine();
        MutedText(label);
        ImGui::SameLine();
        FigureText(s, part.key, figure);
    }
}

void draw_fit(const AppState& s) {
    const Result& r = *s.result;
    const MemoryResult& m = r.memory;
    const char* gib = tr(S::unit_gib, s.lang);
    if (!m.capacity_known) {
        ColoredWrapped(verdict_color(Verdict::conditional), tr(S::capacity_unknown, s.lang));
        FigureText(s, "memory.total_gib", std::string(tr(S::mem_total, s.lang)) + " " + fmt_interval(m.total_gib, gib));
    } else {
        const Verdict v = memory_verdict(r);
        VerdictBadge(v, tr(v == Verdict::yes ? S::fits : v == Verdict::conditional ? S::fits_load : S::not_fits, s.lang),
                     "##badge_memory");
        ImGui::SameLine();
        // "118 – 131 / 144 GiB": the total against the budget; capacity and headroom beside it.
        FigureText(s, "memory.total_gib", fmt_interval(m.total_gib, "", 3) + " / " + fmt_sig(m.budget_gib, 3) + " " + gib);
        MutedTextFlow(std::string(tr(S::mem_budget, s.lang)) + " · " + tr(S::mem_capacity, s.lang) + " " +
                          fmt_sig(m.capacity_gib, 3) + " " + gib,
                      ExplainMarkerWidth(s, "memory.budget_gib"));
        ExplainMarker(s, "memory.budget_gib");
    }
    // One replica's figures; the copies together.
    if (m.replicas > 1)
        FigureText(s, "memory.all_cards_total_gib",
                   trf(S::replicas_total_fmt, s.lang, m.replicas, fmt_interval(m.all_cards_total_gib, gib).c_str()));
    if (m.capacity_known && r.status != ServingStatus::does_not_fit && !r.fit.fits)
        MutedTextFlow(tr(S::fits_load_note, s.lang));
    // What fits is only known against a known capacity.
    if (m.capacity_known) {
        const std::string ctx = fmt_tokens(static_cast<double>(s.scenario.context_tokens), s.lang);
        // The fit counts every replica; the figures above are one replica's, so the line says so.
        const std::string most = fmt_count_interval(r.fit.max_concurrency, "", s.lang);
        FigureText(s, "fit.max_concurrency",
                   m.replicas > 1 ? trf(S::max_concurrency_all_fmt, s.lang, most.c_str(), m.replicas, ctx.c_str())
                                  : trf(S::max_concurrency_fmt, s.lang, most.c_str(), ctx.c_str()));
        FigureText(s, "fit.max_context",
                   trf(S::max_context_at_fmt, s.lang, fmt_count(static_cast<double>(s.scenario.concurrency), s.lang).c_str(),
                       fmt_count_interval(r.fit.max_context, "", s.lang).c_str()));
    }
    MutedText(std::string(tr(S::kv_per_token, s.lang)) + " " + fmt_interval(m.kv_per_token_kib, tr(S::unit_kib, s.lang)));
    ExplainMarker(s, "memory.kv_per_token_kib");
    MutedTextFlow(std::string(tr(S::engine_reserved, s.lang)) + " " + fmt_interval(m.engine_reserved_gib, gib));
}

}  // namespace

// ---------------------------------------------------------------------------------------------------
// [SECTION] panel
// ---------------------------------------------------------------------------------------------------
void DrawMemoryPanel(AppState& s) {
    const MemoryResult& m = s.result->memory;
    SectionTitle(tr(S::sec_memory, s.lang));
    const std::vector<Part> parts = parts_of(m);
    draw_bar(s, m, parts);
    draw_legend(s, parts);
    draw_marker_legend(s, m, [](double) { return 0.0f; });  // positions unused: the legend needs kinds and colours
    draw_fit(s);
}

}  // namespace infersizer::app
