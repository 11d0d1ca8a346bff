// widgets.hpp — the page's small shared widgets: a slider with typed entry that refuses out-of-range
// values on the spot, the verdict colours (always with a word), and the figures' explanation tooltips.
#pragma once

#include "app_state.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace infersizer::app {

// --- Typed entry ------------------------------------------------------------------------------------
// The outcome of checking typed text against a range. Pure, so tests can pin it.
struct TypedValue {
    enum Status { ok, not_a_number, out_of_range } status = not_a_number;
    double value = 0;
};
// Accepts plain numbers with optional grouping commas and spaces ("8,192", "1e4", "0.5"); `integer`
// refuses fractions.
TypedValue check_typed(const std::string& text, double min, double max, bool integer);

struct FieldSpec {
    const char* key;        // stable id, the scenario field (also the NumberField key in AppState)
    const char* label;      // shown above the control
    const char* unit;       // shown after the label and in the range message
    double min, max;        // accepted range (scenario.hpp limits): typed values outside are refused
    double slider_min, slider_max;  // the slider's span (may be narrower than min..max)
    bool integer = true;
    bool logarithmic = true;
    const char* hint = nullptr;  // shown under the label (e.g. "busiest minutes, not average")
    double display_scale = 1.0;  // shown value = stored × scale (headroom: fraction → %)
    const char* tooltip = nullptr;  // more about the field, on hover of its label
};
// Draws label, slider and typed entry. Returns true when `value` changed (the caller applies it).
bool NumberInput(AppState& s, const FieldSpec& spec, double& value);
// Typed entry alone (no slider) for a value that may be absent: empty text leaves it unset when
// `optional`, and is refused otherwise; other text is checked like NumberInput's entry, refused on the spot
// with the range and the last good value kept. Returns true when `value` changed. Key: s.fields[spec.key].
bool TypedNumberInput(AppState& s, const FieldSpec& spec, std::optional<double>& value, bool optional);

// --- Verdicts ---------------------------------------------------------------------------------------
ImVec4 verdict_color(Verdict v);
const char* verdict_word(Verdict v, Lang lang);   // 可行 / 接近上限 / 不可行
const char* decision_word(Verdict v, Lang lang);  // 可以 / 有条件 / 不建议
// A coloured chip with the word: colour is never the only signal.
// `probe_id` ("##badge_verdict"): the badge is also an item the keyboard skips, labelled word + probe_id,
// which the headless UI test finds by that suffix.
void VerdictBadge(Verdict v, const char* word, const char* probe_id = nullptr);
// A judged word in its verdict colour ("meets target"), which the headless UI test reads as word + probe_id.
void JudgedWord(const ImVec4& color, const char* word, const char* probe_id);

// --- Explanations -----------------------------------------------------------------------------------
// The core's explanation of the figure at `key` (Result::explain, "memory.kv_cache_gib"), drawn as a tooltip: its
// title in words with the value, the formula, the inputs as a table (name, value, source) and why it is as wide
// as it is, in the page's language. Draws nothing when the result has no entry for `key`.
void ExplainTooltip(const AppState& s, const std::string& key);
// Marks the item just drawn as explained: a small ⓘ after it (drawn, not a glyph), and one item over both that
// the mouse hovers, a tap lands on and keyboard navigation focuses; any of the three shows ExplainTooltip.
// Nothing when the result has no entry for `key`.
void ExplainMarker(const AppState& s, const std::string& key);
// The width ExplainMarker adds after the item (its gap and ⓘ; 0 when the result has no entry for `key`), for a
// layout that decides what fits on a line. A mark that would still pass the right edge goes to the next line.
float ExplainMarkerWidth(const AppState& s, const std::string& key);
// Text followed by its marker; wrapped where the two do not fit the line.
void FigureText(const AppState& s, const std::string& key, const std::string& text);

// Tests (browser): where the last item was drawn, under `name` ("x0 y0 x1 y1", CSS px; app_item_box, bridge.js
// _debug.itemBox), so a test can click a control or find a word.
void RecordItemBox(AppState& s, const char* name);
// Tests: the text of the explanation tooltip shown in the last frame ("" when none), and the frame's end.
const std::string& LastTooltipText();
void EndTooltipFrame();
// Tests: where the figure `key` and its marker were last drawn, "x0 y0 x1 y1" in logical px; "" when not drawn.
std::string FigureBox(const std::string& key);

// A section's title line with a rule under it.
void SectionTitle(const char* text);
// Text wrapped at the current wrap position (PushTextWrapPos; none when unset) by text_wrap's rules, which
// never split a figure, unit or name the way ImGui's own wrap does ("$5,\n840"). One item, like
// TextUnformatted.
void WrappedText(std::string_view text);
// ImGui::TextWrapped's replacement: wraps at the right edge of the window or table cell.
void TextWrappedCjk(std::string_view text);
// Wrapped text in a verdict colour.
void ColoredWrapped(const ImVec4& color, const std::string& text);

// Continues the line when `next_width` still fits before the right edge, else starts a new line.
void SameLineIfFits(float next_width);
// Muted text that continues the current line when it fits, else wraps onto the next lines. `trailing_width`: what
// is drawn after it on the same line (ExplainMarkerWidth), which must fit too.
void MutedTextFlow(const std::string& text, float trailing_width = 0.0f);

// "来源：…" under a tooltip, for a source that names a publication or an address. A source that is a path in
// this repository ("docs/references/….md §3 …") means nothing to a reader of the page and is not shown
// there (the CLI's JSON and the catalog keep it).
void SourceLine(const std::string& source, Lang lang);
// The same with the catalog's label for the source (build_catalog.py names a cited reference by its title and
// section, e.g. "InferSizer 参考资料：同类工具与公式 §4.1 权重字节 · https://…"): shown in the page's language
// when the catalog has one, else the source as above.
void SourceLine(const std::string& source, const Text& label, Lang lang);
// The line SourceLine draws ("来源：…"), or "" when it draws none.
std::string source_line_text(const std::string& source, const Text& label, Lang lang);

// A "(?)" marker with a wrapped tooltip.
void HelpMarker(const char* text);
// Label in the muted colour.
void MutedText(const std::string& text);

}  // namespace infersizer::app
