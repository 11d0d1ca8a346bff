// widgets.cpp — shared widgets (see widgets.hpp).
#include "widgets.hpp"

#include "format.hpp"
#include "text_wrap.hpp"
#include "theme.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdlib>
#include <map>
#include <imgui.h>
#include <imgui_internal.h>
#include <imgui_stdlib.h>

namespace infersizer::app {

// ---------------------------------------------------------------------------------------------------
// Typed entry
// ---------------------------------------------------------------------------------------------------
TypedValue check_typed(const std::string& text, double min, double max, bool integer) {
    std::string clean;
    for (char c : text)
        if (c != ',' && c != ' ' && c != '_') clean += c;
    TypedValue out;
    if (clean.empty()) return out;
    char* end = nullptr;
    const double v = std::strtod(clean.c_str(), &end);
    if (end == clean.c_str() || *end != '\0' || !std::isfinite(v)) return out;
    if (integer && v != std::floor(v)) return out;
    out.value = v;
    out.status = (v < min || v > max) ? TypedValue::out_of_range : TypedValue::ok;
    return out;
}

namespace {

std::string plain_number(double v, bool integer) {
    if (integer) return std::to_string(static_cast<long long>(std::llround(v)));
    std::string s = fmt_sig(v, 4);
    std::string out;
    for (char c : s)
        if (c != ',') out += c;
    return out;
}

}  // namespace

namespace {
// A typed value that was refused: the reason, with the range and the kept value, under the field.
void draw_field_error(const std::string& error) {
    if (error.empty()) return;
    ImGui::PushStyleColor(ImGuiCol_Text, verdict_color(Verdict::no));
    ImGui::PushTextWrapPos(0.0f);
    WrappedText(error);
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
}
}  // namespace

bool NumberInput(AppState& s, const FieldSpec& spec, double& value) {
    const float em = ImGui::GetFontSize();
    const double k = spec.display_scale;
    NumberField& field = s.fields[spec.key];
    bool changed = false;

    ImGui::PushID(spec.key);
    ImGui::TextUnformatted(spec.label);
    if (spec.unit && *spec.unit) {
        ImGui::SameLine();
        MutedText(std::string("(") + spec.unit + ")");
    }
    if (ImGui::IsItemHovered()) {
        const std::string range = trf(S::range_fmt, s.lang, fmt_sig(spec.min * k, 6).c_str(), fmt_sig(spec.max * k, 6).c_str());
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(em * 28);
        if (spec.tooltip) WrappedText(spec.tooltip);
        WrappedText(range);
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
    }
    if (spec.hint) ColoredWrapped(ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled), spec.hint);

    // Slider over the common span; typed entry covers the whole accepted range.
    const float entry_w = em * 6.5f;
    ImGui::SetNextItemWidth(std::max(em * 4, ImGui::GetContentRegionAvail().x - entry_w -
                                                 ImGui::GetStyle().ItemSpacing.x));
    double shown = std::min(std::max(value * k, spec.slider_min * k), spec.slider_max * k);
    const double smin = spec.slider_min * k, smax = spec.slider_max * k;
    ImGuiSliderFlags flags = ImGuiSliderFlags_AlwaysClamp | ImGuiSliderFlags_NoInput;
    if (spec.logarithmic) flags |= ImGuiSliderFlags_Logarithmic;
    // Labels carry the key so tests (and screen readers, one day) can tell the fields apart.
    const std::string slider_id = std::string("##slider_") + spec.key, typed_id = std::string("##typed_") + spec.key;
    if (ImGui::SliderScalar(slider_id.c_str(), ImGuiDataType_Double, &shown, &smin, &smax, "", flags)) {
        double v = shown / k;
        if (spec.integer) v = std::round(v);
        if (v != value) {
            value = v;
            changed = true;
            field.error.clear();
        }
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(entry_w);
    if (!field.editing) field.text = plain_number(value * k, spec.integer);
    ImGui::InputText(typed_id.c_str(), &field.text, ImGuiInputTextFlags_CharsScientific | ImGuiInputTextFlags_AutoSelectAll);
    if (ImGui::IsItemActivated()) field.editing = true;
    const TypedValue typed = check_typed(field.text, spec.min * k, spec.max * k, spec.integer && k == 1.0);
    const std::string range_lo = fmt_sig(spec.min * k, 6), range_hi = fmt_sig(spec.max * k, 6);
    const std::string kept = fmt_sig(value * k, 6);
    auto refusal = [&] {
        return UiMessage::worded([&](Lang l) {
            return trf(typed.status == TypedValue::out_of_range ? S::range_refused_fmt : S::not_number_fmt, l,
                       range_lo.c_str(), range_hi.c_str(), kept.c_str());
        });
    };
    if (ImGui::IsItemDeactivated()) {
        field.editing = false;
        if (typed.status == TypedValue::ok) {
            const double v = typed.value / k;
            if (v != value) {
                value = v;
                changed = true;
            }
            field.error.clear();
        } else {
            // Refused on the spot: the message names the range, the last good value stays.
            field.error = refusal();
        }
    } else if (field.editing && typed.status != TypedValue::ok) {
        field.error = refusal();
    } else if (field.editing) {
        field.error.clear();
    }
    draw_field_error(field.error.in(s.lang));
    ImGui::PopID();
    return changed;
}

bool TypedNumberInput(AppState& s, const FieldSpec& spec, std::optional<double>& value, bool optional) {
    const float em = ImGui::GetFontSize();
    NumberField& field = s.fields[spec.key];
    bool changed = false;

    ImGui::PushID(spec.key);
    const std::string range_lo = fmt_sig(spec.min, 6), range_hi = fmt_sig(spec.max, 6);
    const std::string range = trf(S::range_fmt, s.lang, range_lo.c_str(), range_hi.c_str());
    // Wide enough for the "optional: leave empty" hint, which is all an empty optional field shows; every
    // typed field takes that width, so the labels beside a form's fields line up.
    const char* hint = optional ? tr(S::optional_hint, s.lang) : "";
    const float hint_w = ImGui::CalcTextSize(tr(S::optional_hint, s.lang)).x + ImGui::GetStyle().FramePadding.x * 2;
    ImGui::SetNextItemWidth(std::max(em * 8, hint_w));
    if (!field.editing) field.text = value ? plain_number(*value, spec.integer) : std::string();
    const std::string typed_id = std::string("##typed_") + spec.key;
    ImGui::InputTextWithHint(typed_id.c_str(), hint, &field.text,
                             ImGuiInputTextFlags_CharsScientific | ImGuiInputTextFlags_AutoSelectAll);
    if (ImGui::IsItemActivated()) field.editing = true;
    const bool deactivated = ImGui::IsItemDeactivated();
    ImGui::SameLine();
    ImGui::TextUnformatted(spec.label);
    // The unit continues the line when it fits, else wraps under it ("(USD per card-hour)" ran off the panel).
    if (spec.unit && *spec.unit) MutedTextFlow(std::string("(") + spec.unit + ")");
    if (ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(em * 28);
        if (spec.tooltip) WrappedText(spec.tooltip);
        WrappedText(range);
        if (optional) WrappedText(tr(S::optional_hint, s.lang));
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
    }

    std::string clean;
    for (char c : field.text)
        if (c != ' ') clean += c;
    const bool empty = clean.empty();
    const TypedValue typed = check_typed(field.text, spec.min, spec.max, spec.integer);
    const bool acceptable = typed.status == TypedValue::ok || (optional && empty);
    auto refusal = [&] {
        return UiMessage::worded([&](Lang l) {
            const std::string kept = value ? fmt_sig(*value, 6) : std::string(tr(S::not_given, l));
            return trf(typed.status == TypedValue::out_of_range ? S::range_refused_fmt : S::not_number_fmt, l,
                       range_lo.c_str(), range_hi.c_str(), kept.c_str());
        });
    };
    if (deactivated && field.editing) {
        field.editing = false;
        if (acceptable) {
            const std::optional<double> v = empty ? std::nullopt : std::optional<double>(typed.value);
            if (v != value) {
                value = v;
                changed = true;
            }
            field.error.clear();
        } else {
            // Refused on the spot: the message names the range, the last good value stays.
            field.error = refusal();
        }
    } else if (field.editing) {
        field.error = acceptable ? UiMessage{} : refusal();
    }
    draw_field_error(field.error.in(s.lang));
    ImGui::PopID();
    return changed;
}

// ---------------------------------------------------------------------------------------------------
// Verdicts
// ---------------------------------------------------------------------------------------------------
// The current theme's colours (theme.hpp): green holds with headroom, amber near a limit, red does not hold.
ImVec4 verdict_color(Verdict v) {
    const Palette& p = palette();
    switch (v) {
        case Verdict::yes: return p.verdict_yes;
        case Verdict::conditional: return p.verdict_conditional;
        case Verdict::no: return p.verdict_no;
    }
    return p.text;
}

namespace {

ImVec4 badge_fill(Verdict v) {
    const Palette& p = palette();
    switch (v) {
        case Verdict::yes: return p.badge_yes;
        case Verdict::conditional: return p.badge_conditional;
        case Verdict::no: return p.badge_no;
    }
    return p.badge_no;
}

}  // namespace

const char* verdict_word(Verdict v, Lang lang) {
    switch (v) {
        case Verdict::yes: return tr(S::verdict_yes, lang);
        case Verdict::conditional: return tr(S::verdict_conditional, lang);
        case Verdict::no: return tr(S::verdict_no, lang);
    }
    return "";
}

const char* decision_word(Verdict v, Lang lang) {
    switch (v) {
        case Verdict::yes: return tr(S::decision_yes, lang);
        case Verdict::conditional: return tr(S::decision_conditional, lang);
        case Verdict::no: return tr(S::decision_no, lang);
    }
    return "";
}

void VerdictBadge(Verdict v, const char* word, const char* probe_id) {
    const ImVec4 c = badge_fill(v);
    const ImVec2 text = ImGui::CalcTextSize(word);
    const ImVec2 pad = ImGui::GetStyle().FramePadding;
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const ImVec2 size(text.x + pad.x * 2, text.y + pad.y * 2);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(p, ImVec2(p.x + size.x, p.y + size.y), ImGui::GetColorU32(c), ImGui::GetFontSize() * 0.25f);
    dl->AddText(ImVec2(p.x + pad.x, p.y + pad.y), ImGui::GetColorU32(palette().badge_text), word);
    // With a probe id: an item the keyboard skips, labelled "word##probe_id", so the headless UI test reads the
    // badge the page shows (ImGui's item-info hook) rather than recomputing it.
    const ImRect bb(p, ImVec2(p.x + size.x, p.y + size.y));
    ImGui::ItemSize(size);
    if (!probe_id) return;
    ImGui::PushItemFlag(ImGuiItemFlags_NoNav, true);
    const ImGuiID id = ImGui::GetID(probe_id);
    ImGuiContext& g = *GImGui;  // IMGUI_TEST_ENGINE_ITEM_INFO reads it
    const std::string label = std::string(word) + probe_id;  // "可行##badge_verdict", ImGui's label convention
    ImGui::ItemAdd(bb, id);
    IMGUI_TEST_ENGINE_ITEM_INFO(id, label.c_str(), 0);
    ImGui::PopItemFlag();
}

void RecordItemBox(AppState& s, const char* name) {
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    s.item_boxes[name] = std::to_string(a.x) + " " + std::to_string(a.y) + " " + std::to_string(b.x) + " " +
                         std::to_string(b.y);
}

void JudgedWord(const ImVec4& color, const char* word, const char* probe_id) {
    ImGui::TextColored(color, "%s", word);
    ImGuiContext& g = *GImGui;  // IMGUI_TEST_ENGINE_ITEM_INFO reads it
    const ImGuiID id = ImGui::GetID(probe_id);
    const std::string label = std::string(word) + probe_id;
    IMGUI_TEST_ENGINE_ITEM_ADD(g.LastItemData.Rect, id);
    IMGUI_TEST_ENGINE_ITEM_INFO(id, label.c_str(), 0);
}

// ---------------------------------------------------------------------------------------------------
// Explanations and text
// ---------------------------------------------------------------------------------------------------
namespace {
std::string g_tooltip_this_frame, g_tooltip_last_frame;  // the debug hook's text (LastTooltipText)
std::map<std::string, ImRect> g_figure_boxes;             // where each explained figure was last drawn
}  // namespace

const std::string& LastTooltipText() { return g_tooltip_last_frame; }

std::string FigureBox(const std::string& key) {
    const auto it = g_figure_boxes.find(key);
    if (it == g_figure_boxes.end()) return "";
    const ImRect& r = it->second;
    return std::to_string(r.Min.x) + " " + std::to_string(r.Min.y) + " " + std::to_string(r.Max.x) + " " + std::to_string(r.Max.y);
}

void EndTooltipFrame() {
    g_tooltip_last_frame.swap(g_tooltip_this_frame);
    g_tooltip_this_frame.clear();
}

void ExplainTooltip(const AppState& s, const std::string& key) {
    if (!s.result) return;
    const Explanation* x = s.result->explain.find(key);
    if (!x) return;
    const std::string& lang = s.lang_code();
    const float em = ImGui::GetFontSize();
    std::string& text = g_tooltip_this_frame;
    text.clear();
    auto line = [&](const std::string& t) {
        WrappedText(t);
        text += t + "\n";
    };
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(em * 34);
    const std::string head = x->title.in(lang) + " = " + explain_value_text(x->value, x->unit, lang);
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_PlotHistogram));
    line(head);
    ImGui::PopStyleColor();
    line(std::string(tr(S::explain_formula, s.lang)) + (lang == "zh" ? "：" : ": ") + x->formula.in(lang));
    if (!x->inputs.empty() &&
        ImGui::BeginTable("##explain_inputs", 3, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH)) {
        ImGui::TableSetupColumn(tr(S::explain_input, s.lang), ImGuiTableColumnFlags_WidthFixed, em * 15);
        ImGui::TableSetupColumn(tr(S::explain_value, s.lang), ImGuiTableColumnFlags_WidthFixed, em * 8);
        ImGui::TableSetupColumn(tr(S::explain_source, s.lang), ImGuiTableColumnFlags_WidthFixed, em * 10);
        ImGui::TableHeadersRow();
        for (const ExplainInput& in : x->inputs) {
            // How the input enters the figure: × ÷ + multiply out; · is only given (a simulation's input).
            const char* mark = in.role == InputRole::factor ? "× " : in.role == InputRole::divisor ? "÷ " : in.role == InputRole::term ? "+ " : "· ";
            const std::string name = mark + in.name.in(lang), value = explain_value_text(in.value, in.unit, lang),
                              source = explain_source_text(in.source, lang);
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            TextWrappedCjk(name);
            ImGui::TableNextColumn();
            TextWrappedCjk(value);
            ImGui::TableNextColumn();
            ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
            TextWrappedCjk(source);
            ImGui::PopStyleColor();
            text += name + " | " + value + " | " + source + "\n";
        }
        ImGui::EndTable();
    }
    MutedText(std::string(tr(S::explain_why_wide, s.lang)) + (lang == "zh" ? "：" : ": ") + x->why_wide.in(lang));
    text += std::string(tr(S::explain_why_wide, s.lang)) + ": " + x->why_wide.in(lang) + "\n";
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
}

namespace {
float explain_mark_gap() { return ImGui::GetFontSize() * 0.2f; }
float explain_mark_diameter() { return ImGui::GetFontSize() * 0.72f; }
}  // namespace

float ExplainMarkerWidth(const AppState& s, const std::string& key) {
    if (!s.result || !s.result->explain.find(key)) return 0.0f;
    return explain_mark_gap() + explain_mark_diameter();
}

void ExplainMarker(const AppState& s, const std::string& key) {
    if (!s.result || !s.result->explain.find(key)) return;
    const ImRect figure = GImGui->LastItemData.Rect;
    const float em = ImGui::GetFontSize();
    // A circled "i" drawn with the draw list: the subset fonts need no ⓘ glyph, and it scales with the font.
    const float d = explain_mark_diameter();
    ImGui::SameLine(0, explain_mark_gap());
    // Never cut in half at a column's edge: after a figure that filled the line (wrapped text ends at the wrap
    // position), the mark starts the next line.
    if (ImGui::GetContentRegionAvail().x < d) ImGui::NewLine();
    const ImVec2 p = ImGui::GetCursorScreenPos();
    ImGui::Dummy(ImVec2(d, em));
    const ImVec2 c(p.x + d * 0.5f, p.y + em * 0.5f);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImU32 col = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    dl->AddCircle(c, d * 0.5f, col, 16, std::max(1.0f, em * 0.07f));
    dl->AddCircleFilled(ImVec2(c.x, c.y - d * 0.22f), std::max(1.0f, em * 0.06f), col);
    dl->AddLine(ImVec2(c.x, c.y - d * 0.07f), ImVec2(c.x, c.y + d * 0.27f), col, std::max(1.0f, em * 0.09f));
    // One item over the figure and its mark: hovered, tapped or focused by keyboard navigation.
    ImRect bb = figure;
    bb.Add(ImRect(p, ImVec2(p.x + d, p.y + em)));
    const ImGuiID id = ImGui::GetID(("##explain_" + key).c_str());
    ImGuiContext& g = *GImGui;  // IMGUI_TEST_ENGINE_ITEM_INFO reads it
    if (!ImGui::ItemAdd(bb, id)) return;
    g_figure_boxes[key] = bb;
    IMGUI_TEST_ENGINE_ITEM_INFO(id, ("##explain_" + key).c_str(), 0);
    ImGui::RenderNavHighlight(bb, id);
    // While the keyboard navigates, ImGui reports the focused item as the hovered one (IsItemHovered), so this
    // one test covers the mouse, a tap (which moves the mouse there) and keyboard focus.
    if (ImGui::IsItemHovered()) ExplainTooltip(s, key);
}

void FigureText(const AppState& s, const std::string& key, const std::string& text) {
    // One line where it fits with its mark; a narrow column (a phone) wraps it rather than cut it at the edge.
    if (ImGui::CalcTextSize(text.c_str()).x + ExplainMarkerWidth(s, key) <= ImGui::GetContentRegionAvail().x) {
        ImGui::TextUnformatted(text.c_str());
    } else {
        ImGui::PushTextWrapPos(0.0f);
        WrappedText(text);
        ImGui::PopTextWrapPos();
    }
    ExplainMarker(s, key);
}

void SectionTitle(const char* text) {
    ImGui::Spacing();
    ImGui::PushStyleColor(ImGuiCol_Text, palette().title);
    ImGui::TextUnformatted(text);
    ImGui::PopStyleColor();
    ImGui::Separator();
}

void WrappedText(std::string_view text) {
    ImGuiWindow* window = ImGui::GetCurrentWindow();
    const float wrap_pos_x = window->DC.TextWrapPos;
    if (wrap_pos_x < 0.0f) {  // no wrap position pushed: drawn as is
        ImGui::TextUnformatted(text.data(), text.data() + text.size());
        return;
    }
    const float width = ImGui::CalcWrapWidthForPos(window->DC.CursorPos, wrap_pos_x);
    ImFont* font = ImGui::GetFont();
    const float size = ImGui::GetFontSize();
    const auto measure = [&](std::string_view p) {
        return font->CalcTextSizeA(size, FLT_MAX, 0.0f, p.data(), p.data() + p.size()).x;
    };
    // One item with the breaks as newlines keeps ImGui's line spacing and a single hover rectangle; ImGui's
    // own wrap is off for it, so only our breaks apply.
    std::string joined;
    joined.reserve(text.size() + 8);
    bool first = true;
    for (const WrapLine& l : wrap_lines(text, width, measure)) {
        if (!first) joined += '\n';
        first = false;
        joined.append(text.data() + l.begin, l.end - l.begin);
    }
    ImGui::PushTextWrapPos(-1.0f);
    ImGui::TextUnformatted(joined.data(), joined.data() + joined.size());
    ImGui::PopTextWrapPos();
}

void TextWrappedCjk(std::string_view text) {
    ImGui::PushTextWrapPos(0.0f);
    WrappedText(text);
    ImGui::PopTextWrapPos();
}

void ColoredWrapped(const ImVec4& color, const std::string& text) {
    ImGui::PushStyleColor(ImGuiCol_Text, color);
    ImGui::PushTextWrapPos(0.0f);
    WrappedText(text);
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
}

void SameLineIfFits(float next_width) {
    ImGui::SameLine();
    // The available width is the table cell's inside a table, the window's elsewhere.
    if (ImGui::GetContentRegionAvail().x < next_width) ImGui::NewLine();
}

void MutedTextFlow(const std::string& text, float trailing_width) {
    SameLineIfFits(ImGui::CalcTextSize(text.c_str()).x + trailing_width);
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::PushTextWrapPos(0.0f);
    WrappedText(text);
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
}

std::string source_line_text(const std::string& source, const Text& label, Lang lang) {
    const std::string& shown = label.in(lang_id(lang));
    if (!shown.empty()) return trf(S::source_fmt, lang, shown.c_str());
    const bool repository_path = source.rfind("docs/", 0) == 0 || source.rfind("data/", 0) == 0 ||
                                 source.find(".md") != std::string::npos;
    if (source.empty() || repository_path) return "";
    return trf(S::source_fmt, lang, source.c_str());
}

void SourceLine(const std::string& source, Lang lang) { SourceLine(source, Text{}, lang); }

void SourceLine(const std::string& source, const Text& label, Lang lang) {
    const std::string line = source_line_text(source, label, lang);
    if (!line.empty()) MutedText(line);
}

void HelpMarker(const char* text) {
    ImGui::TextDisabled("(?)");
    if (ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30);
        WrappedText(text);
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
    }
}

void MutedText(const std::string& text) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    WrappedText(text);  // wraps only inside a PushTextWrapPos (tooltips); unchanged elsewhere
    ImGui::PopStyleColor();
}

}  // namespace infersizer::app
