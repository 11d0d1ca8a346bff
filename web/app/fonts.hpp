// fonts.hpp — the bundled font (WenQuanYi Micro Hei cut to the page's characters) and its glyph text, and
// the common-CJK cut loaded lazily for names users type or paste.
#pragma once

#include <imgui.h>

#include <string>
#include <string_view>

namespace infersizer::app {

struct AppState;

std::string_view bundled_font_ttf();    // the subset TrueType font; empty if the build embedded none
std::string_view bundled_glyph_text();  // every character the font was cut to (UTF-8)
std::string_view common_glyph_text();   // every character of the common-CJK cut (GB2312 …; UTF-8)

// The common-CJK cut (scripts/subset_font.py: GB2312, CJK punctuation, fullwidth forms) is a second file
// the page fetches only when text it shows has a character the bundled cut lacks (a custom hardware name a
// user typed), so the page still starts with the small cut. Its glyphs are merged into the
// atlas only for the characters needed (ImGui MergeMode with ranges built from them).
struct LazyGlyphs {
    std::string common_ttf;         // the common cut's bytes once the platform provided them; "" until then
    bool requested = false;         // the platform was asked for the file (it asks once)
    std::u32string merged;          // characters the atlas holds from the common cut (sorted, unique)
    std::u32string pending;         // shown, covered by the common cut, waiting for its bytes
    std::u32string uncovered;       // shown, and neither cut has them: drawn as '?' (sorted, unique)
    ImVector<ImWchar> merged_ranges;  // built from `merged`; the atlas keeps a pointer to them
    bool atlas_dirty = false;       // `merged` grew: the atlas must be rebuilt outside a frame
    std::string last_scanned;       // a fingerprint of the last result/scenario scanned (cheap skip)
};

// Records the characters of `text` the atlas cannot draw yet: covered by the common cut → merged (when
// loaded, marking the atlas dirty) or pending; covered by neither → uncovered.
void note_shown_text(AppState& s, std::string_view text);
// Scans what the page shows that users can type or paste (scenario, result, form and search fields).
void note_user_text(AppState& s);
// True when the page needs the common cut and has not asked for it yet; marks it asked.
bool take_common_font_request(AppState& s);
// Hands the common cut's bytes over; pending characters become merged and the atlas dirty.
void provide_common_font(AppState& s, std::string ttf);
// Characters the page showed that the atlas cannot draw right now (pending + uncovered), UTF-8.
std::string missing_glyphs(const AppState& s);

// Replaces the current ImGui context's fonts with the bundled font at `pixel_size`, plus the merged
// glyphs of the common cut. The renderer backend must (re)create its font texture afterwards (the atlas
// is built on its next GetTexDataAs* call).
void load_fonts(AppState& s, float pixel_size);

}  // namespace infersizer::app
