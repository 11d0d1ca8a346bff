// chart.cpp — chart.hpp: one Chart on the draw list. Sizes are font-relative; colours from the style.
#include "chart.hpp"

#include "chart_axis.hpp"
#include "widgets.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace infersizer::app {

namespace {

bool dark_background() {
    const ImVec4 bg = ImGui::GetStyleColorVec4(ImGuiCol_WindowBg);
    return 0.299f * bg.x + 0.587f * bg.y + 0.114f * bg.z < 0.5f;
}

ImU32 style_color(ImGuiCol idx, float alpha) {
    ImVec4 c = ImGui::GetStyleColorVec4(idx);
    c.w *= alpha;
    return ImGui::ColorConvertFloat4ToU32(c);
}

// A dashed line (ImGui draws none): dashes of `dash` px with gaps as long.
void dashed_line(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 col, float dash, float thickness) {
    const float dx = b.x - a.x, dy = b.y - a.y, len = std::sqrt(dx * dx + dy * dy);
    if (len <= 0) return;
    for (float t = 0; t < len; t += 2 * dash) {
        const float e = std::min(len, t + dash);
        dl->AddLine(ImVec2(a.x + dx * t / len, a.y + dy * t / len), ImVec2(a.x + dx * e / len, a.y + dy * e / len), col, thickness);
    }
}

struct Plot {
    ImVec2 min, max;  // the plot area inside the axes
    AxisRange x, y;
    float px(double v) const { return min.x + float(std::clamp(axis_t(x, v), -0.05, 1.05)) * (max.x - min.x); }
    float py(double v) const { return max.y - float(std::clamp(axis_t(y, v), -0.05, 1.05)) * (max.y - min.y); }
};

Plot plot_of(const Chart& c, ImVec2 box_min, ImVec2 box_max, float top, const std::string& lang) {
    std::vector<double> xs, ys;
    for (const CurveSeries& s : c.series)
        for (const CurvePoint& p : s.points) {
            xs.push_back(p.x);
            ys.push_back(p.y.lo);
            ys.push_back(p.y.hi);
        }
    for (const CurveLine& l : c.lines) (l.vertical ? xs : ys).push_back(l.value);
    if (c.marker) xs.push_back(c.marker->value);
    Plot p;
    p.x = fit_range(xs, c.x.log);
    p.y = fit_range(ys, c.y.log);
    // Room on the left for the widest y tick label, below for the x ticks and the axis label.
    float label_w = 0;
    for (double v : nice_ticks(p.y, 6)) label_w = std::max(label_w, ImGui::CalcTextSize(axis_label(v, c.y.kind, lang).c_str()).x);
    const float line = ImGui::GetTextLineHeight(), pad = ImGui::GetStyle().ItemSpacing.x;
    p.min = ImVec2(box_min.x + label_w + pad * 2, top);
    p.max = ImVec2(box_max.x - pad * 2, box_max.y - line * 2 - pad);
    return p;
}

void draw_axes(ImDrawList* dl, const Chart& c, const Plot& p, const std::string& lang) {
    const ImU32 grid = style_color(ImGuiCol_Separator, 0.35f), text = style_color(ImGuiCol_TextDisabled, 1.0f);
    const float line = ImGui::GetTextLineHeight(), pad = ImGui::GetStyle().ItemSpacing.x;
    dl->AddRectFilled(p.min, p.max, style_color(ImGuiCol_FrameBg, 0.5f));
    // Ticks are thinned by the width their labels need, so labels never overlap.
    const int x_ticks = std::max(2, int((p.max.x - p.min.x) / (ImGui::GetFontSize() * 5)));
    float last_right = -1e9f;
    for (double v : nice_ticks(p.x, x_ticks)) {
        const float x = p.px(v);
        dl->AddLine(ImVec2(x, p.min.y), ImVec2(x, p.max.y), grid);
        const std::string s = axis_label(v, c.x.kind, lang);
        const float w = ImGui::CalcTextSize(s.c_str()).x;
        if (x - w / 2 <= last_right + pad) continue;
        dl->AddText(ImVec2(x - w / 2, p.max.y + 2), text, s.c_str());
        last_right = x + w / 2;
    }
    for (double v : nice_ticks(p.y, 6)) {
        const float y = p.py(v);
        dl->AddLine(ImVec2(p.min.x, y), ImVec2(p.max.x, y), grid);
        const std::string s = axis_label(v, c.y.kind, lang);
        dl->AddText(ImVec2(p.min.x - pad - ImGui::CalcTextSize(s.c_str()).x, y - line / 2), text, s.c_str());
    }
    dl->AddRect(p.min, p.max, style_color(ImGuiCol_Border, 1.0f));
    const std::string xl = c.x.label.in(lang);
    dl->AddText(ImVec2((p.min.x + p.max.x - ImGui::CalcTextSize(xl.c_str()).x) / 2, p.max.y + line + 2), text, xl.c_str());
}

void draw_series(ImDrawList* dl, const Chart& c, const Plot& p) {
    for (size_t i = 0; i < c.series.size(); ++i) {
        const auto& pts = c.series[i].points;
        const ImU32 fill = chart_color(int(i), 0.28f), stroke = chart_color(int(i));
        std::vector<ImVec2> mid;
        for (size_t k = 0; k < pts.size(); ++k) {
            const PixelSpan s = band_pixels(p.y, pts[k].y, p.min.y, p.max.y);
            mid.push_back(ImVec2(p.px(pts[k].x), (s.top + s.bottom) / 2));
            if (k == 0) continue;
            const PixelSpan s0 = band_pixels(p.y, pts[k - 1].y, p.min.y, p.max.y);
            const float x0 = p.px(pts[k - 1].x), x1 = p.px(pts[k].x);
            const ImVec2 quad[4] = {ImVec2(x0, s0.top), ImVec2(x1, s.top), ImVec2(x1, s.bottom), ImVec2(x0, s0.bottom)};
            dl->AddConvexPolyFilled(quad, 4, fill);
        }
        if (mid.size() == 1) dl->AddCircleFilled(mid[0], 3, stroke);
        if (mid.size() > 1) dl->AddPolyline(mid.data(), int(mid.size()), stroke, 0, 2.0f);
    }
}

void draw_lines(ImDrawList* dl, const Chart& c, const Plot& p, const std::string& lang) {
    const float dash = ImGui::GetFontSize() * 0.4f, line = ImGui::GetTextLineHeight();
    const ImU32 muted = style_color(ImGuiCol_TextDisabled, 1.0f);
    float label_y = p.min.y + 2;
    for (const CurveLine& l : c.lines) {
        const bool target = l.id.rfind("target", 0) == 0, limit = l.id == "budget_gib" || l.id == "capacity_gib";
        const ImU32 col = limit ? ImGui::GetColorU32(verdict_color(Verdict::no))
                                : target ? style_color(ImGuiCol_Text, 0.8f) : muted;
        const std::string s = l.label.in(lang);
        if (l.vertical) {
            const float x = p.px(l.value);
            dashed_line(dl, ImVec2(x, p.min.y), ImVec2(x, p.max.y), col, dash, 1.0f);
            dl->AddText(ImVec2(x + 3, label_y), col, s.c_str());
            label_y += line;
        } else {
            const float y = p.py(l.value);
            dashed_line(dl, ImVec2(p.min.x, y), ImVec2(p.max.x, y), col, dash, limit ? 1.5f : 1.0f);
            // The budget sits just under the capacity: its label goes below its line, the others' above.
            const float label_top = l.id == "budget_gib" ? y + 1 : y - line;
            dl->AddText(ImVec2(p.max.x - ImGui::CalcTextSize(s.c_str()).x - 3, label_top), col, s.c_str());
        }
    }
    if (!c.marker) return;
    const CurveLine& m = *c.marker;
    const ImVec4 yes = verdict_color(Verdict::yes);
    const ImU32 col = ImGui::GetColorU32(yes);
    if (m.span.hi > m.span.lo)  // a range (the break-even): shaded between its ends
        dl->AddRectFilled(ImVec2(p.px(m.span.lo), p.min.y), ImVec2(p.px(m.span.hi), p.max.y),
                          ImGui::GetColorU32(ImVec4(yes.x, yes.y, yes.z, 0.18f)));
    const float x = p.px(m.value);
    dl->AddLine(ImVec2(x, p.min.y), ImVec2(x, p.max.y), col, 2.0f);
    dl->AddCircleFilled(ImVec2(x, p.min.y + 4), 4, col);
    const std::string s = m.label.in(lang);
    const float w = ImGui::CalcTextSize(s.c_str()).x;
    dl->AddText(ImVec2(x + w + 6 > p.max.x ? x - w - 6 : x + 6, p.max.y - line - 2), col, s.c_str());
}

// Title on the first line; the y axis's name and the legend on the second. Returns the y below them.
float draw_header(ImDrawList* dl, const Chart& c, ImVec2 box_min, float right, const std::string& lang) {
    const float line = ImGui::GetTextLineHeight(), pad = ImGui::GetStyle().ItemSpacing.x, sw = line * 0.7f;
    dl->AddText(box_min, style_color(ImGuiCol_Text, 1.0f), c.title.in(lang).c_str());
    float x = box_min.x, y = box_min.y + line + 2;
    const std::string yl = c.y.label.in(lang);
    dl->AddText(ImVec2(x, y), style_color(ImGuiCol_TextDisabled, 1.0f), yl.c_str());
    x += ImGui::CalcTextSize(yl.c_str()).x + pad * 2;
    for (size_t i = 0; i < c.series.size(); ++i) {
        const std::string n = c.series[i].name.in(lang);
        const float w = sw + 4 + ImGui::CalcTextSize(n.c_str()).x + pad * 2;
        if (x + w > right && x > box_min.x) x = box_min.x, y += line;  // the legend wraps
        dl->AddRectFilled(ImVec2(x, y + (line - sw) / 2), ImVec2(x + sw, y + (line + sw) / 2), chart_color(int(i)));
        dl->AddText(ImVec2(x + sw + 4, y), style_color(ImGuiCol_Text, 1.0f), n.c_str());
        x += w;
    }
    return y + line + 4;
}

// Under the mouse: a vertical rule and a tooltip with x and each series' band there.
void hover_readout(ImDrawList* dl, const Chart& c, const Plot& p, const std::string& lang) {
    const ImVec2 m = ImGui::GetIO().MousePos;
    if (m.x < p.min.x || m.x > p.max.x || m.y < p.min.y || m.y > p.max.y) return;
    dl->AddLine(ImVec2(m.x, p.min.y), ImVec2(m.x, p.max.y), style_color(ImGuiCol_Text, 0.5f));
    const double x = axis_value(p.x, (m.x - p.min.x) / (p.max.x - p.min.x));
    ImGui::BeginTooltip();
    ImGui::TextUnformatted((c.x.label.in(lang) + "  " + axis_label(x, c.x.kind, lang)).c_str());
    for (size_t i = 0; i < c.series.size(); ++i) {
        const std::optional<Interval> b = band_at(c.series[i].points, x, c.x.log);
        if (!b) continue;
        const std::string lo = axis_label(b->lo, c.y.kind, lang), hi = axis_label(b->hi, c.y.kind, lang);
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(chart_color(int(i))), "%s  %s",
                           c.series[i].name.in(lang).c_str(), (lo == hi ? lo : lo + " – " + hi).c_str());
    }
    ImGui::EndTooltip();
}

}  // namespace

ImU32 chart_color(int i, float alpha) {
    // Blue, orange, green, purple: told apart by most colour-blind readers; the light theme's are darker.
    static const ImVec4 kDark[] = {{0.40f, 0.66f, 1.00f, 1}, {1.00f, 0.62f, 0.25f, 1}, {0.45f, 0.85f, 0.50f, 1}, {0.80f, 0.55f, 1.00f, 1}};
    static const ImVec4 kLight[] = {{0.10f, 0.35f, 0.80f, 1}, {0.85f, 0.40f, 0.00f, 1}, {0.10f, 0.55f, 0.20f, 1}, {0.50f, 0.25f, 0.75f, 1}};
    ImVec4 c = (dark_background() ? kDark : kLight)[((i % 4) + 4) % 4];
    c.w = alpha;
    return ImGui::ColorConvertFloat4ToU32(c);
}

ChartBox DrawChart(const Chart& c, Lang lang, ImVec2 size) {
    const std::string l = lang_id(lang);
    // InvisibleButton asserts a non-zero size: a column squeezed to nothing still gets a small box.
    const float em = ImGui::GetFontSize();
    size = ImVec2(std::max(size.x, em * 8), std::max(size.y, em * 6));
    ImGui::PushID(c.id.c_str());
    const ImVec2 box_min = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton("##chart", size);
    const bool hovered = ImGui::IsItemHovered();
    const ImVec2 box_max = ImVec2(box_min.x + size.x, box_min.y + size.y);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float top = draw_header(dl, c, box_min, box_max.x, l);
    const Plot p = plot_of(c, box_min, box_max, top, l);
    if (p.max.x > p.min.x + 10 && p.max.y > p.min.y + 10) {  // too small a box draws the header only
        draw_axes(dl, c, p, l);
        dl->PushClipRect(p.min, p.max, true);
        draw_series(dl, c, p);
        draw_lines(dl, c, p, l);
        dl->PopClipRect();
        if (hovered) hover_readout(dl, c, p, l);
    }
    ImGui::PopID();
    return {box_min, box_max};
}

}  // namespace infersizer::app
