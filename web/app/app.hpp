// app.hpp — the page's frame function and the only door between the platform layer and the UI.
//
// The platform layer (web/platform: Emscripten + GLFW + WebGL2, or the null backend in tests) owns the
// window, the main loop and the JS bridge. It calls app_frame() between ImGui::NewFrame() and
// ImGui::Render(). Panels (web/app/panels/) include app_state.hpp, never the platform.
#pragma once

#include <functional>
#include <string>

namespace infersizer::app {

struct AppState;

// Creates the state over a loaded catalog. `catalog_files` are the five data files' texts; on a bad
// catalog the state holds the error and the frame shows it.
struct CatalogTexts {
    std::string models, hardware, formats, engines, prices;
};
AppState* app_create(const CatalogTexts& catalog_files, const std::string& lang /* "zh" | "en" */);
void app_destroy(AppState* s);

// Loads fonts into the current ImGui context's atlas at `pixel_size` (font size × devicePixelRatio):
// the bundled Latin font plus the subset CJK font. Call again when dpr changes.
void app_load_fonts(AppState* s, float pixel_size);

// The common-CJK font (fonts.hpp), loaded only when shown text needs it. After each frame the platform
// asks app_take_common_font_request (true once: fetch dist/infersizer-cjk-common.ttf, or the offline file's
// inline copy) and hands the bytes to app_provide_common_font; while app_fonts_dirty it rebuilds the atlas
// with app_load_fonts outside a frame and recreates its font texture.
bool app_take_common_font_request(AppState* s);
void app_provide_common_font(AppState* s, std::string ttf);
bool app_fonts_dirty(AppState* s);
// Characters the page showed that its atlas cannot draw right now (drawn as '?'), UTF-8; "" when none.
std::string app_missing_glyphs(AppState* s);
// Tests: where the picker `combo_id` ("##model", "##hardware") drew its closed box, "x0 y0 x1 y1" ("" if not yet).
std::string app_picker_box(const std::string& combo_id);
// Tests: the text of the figure explanation shown in the last frame (title = value, formula, one line per input,
// why wide), "" when none was open.
std::string app_open_tooltip();
// Tests: where the explained figure `key` ("performance.ttft_s") was last drawn, "x0 y0 x1 y1" ("" if not).
std::string app_figure_box(const std::string& key);
// Tests: every chart drawn in the last frame, one "id x0 y0 x1 y1" line each (CSS px); "" before any.
std::string app_chart_boxes(AppState* s);

// Draws one frame of UI. Returns true while something animates and wants another frame soon.
bool app_frame(AppState* s);

// Host API (window.infersizer). JSON strings as in docs/contract.md.
// setScenario: returns "" on success or the error line naming the field; the previous state is kept.
std::string app_set_scenario_json(AppState* s, const std::string& scenario_json);
std::string app_get_result_json(AppState* s);  // the contract's result for the current scenario
std::string app_get_scenario_json(AppState* s);
// URL state: apply a query string at start-up (invalid parameters listed in the page), and read the
// query that represents the current scenario (the platform writes it with history.replaceState).
void app_apply_query(AppState* s, const std::string& query);
std::string app_query(AppState* s);
// Increments whenever the result changes (the platform fires onResult callbacks when it moves).
unsigned app_result_generation(AppState* s);
std::string app_lang(AppState* s);
void app_set_lang(AppState* s, const std::string& lang);
// Catalog counts for the header and tests: "models hardware formats engines".
std::string app_catalog_summary(AppState* s);
// Text the platform should put on the clipboard this frame ("" if none): copy buttons. A request that
// starts with '?' is the page's own link ("copy link": '?' + app_query()): the platform prepends the
// page's address (location.origin + location.pathname) before copying.
std::string app_take_clipboard_request(AppState* s);
// Reports (the core's report.hpp) for window.infersizer.getReport: {"report": "<text>"} in `lang` ("" = the
// page's language), or {"error": "kind: must be one of ..."} for an unknown kind or a page without a result.
std::string app_get_report(AppState* s, const std::string& kind, const std::string& lang);
// The DOM text view's content: the core's report document (report_doc.hpp) as JSON in the page's language;
// "" without a result.
std::string app_get_text_view(AppState* s);
// The export menu's requests, taken by the platform after each frame. A download: false when none, else
// `filename`, `mime` and `text` are set. A PNG: true once, after the frame that shows the page without the
// menu; the platform then reads the canvas before the frame is composited.
bool app_take_download_request(AppState* s, std::string* filename, std::string* mime, std::string* text);
bool app_take_png_request(AppState* s);
// Tests: where the export menu drew an item ("##export", "##export_markdown", "##export_csv", ...), "x0 y0 x1 y1".
std::string app_export_box(const std::string& id);
// The URL parameters app_apply_query refused (still shown, not dismissed), one Error::cli_line_in("en") per
// line ("error: url.concurrency: must be ..."); "" when none.
std::string app_url_errors(AppState* s);
// The platform could not apply the start URL at all (its call into app_apply_query threw: a JS RangeError or a
// wasm trap, bridge.js guard.js): the page starts with its defaults and lists `message` under `path` with the
// refused parameters.
void app_add_url_error(AppState* s, const std::string& path, const std::string& message);

// --- Embedding (embed.hpp) -----------------------------------------------------------------------------------
// How the page is shown, from the platform at start: `embed` (?embed=1) draws the compact layout for an iframe;
// `offline_copy_available` (the served page, not the offline file) adds "download offline copy" to the export menu.
void app_set_page_flags(AppState* s, bool embed, bool offline_copy_available);
// The compact layout's content height in the last frame, CSS px (0 before drawn, or in the full layout): the
// platform posts it to the embedding page.
float app_content_height(AppState* s);
// What the page asks of the platform, taken once per frame: "open ?<query>" (the full page with this scenario, in
// a new tab), "download-offline" (save infersizer-offline.html), or "" when nothing.
std::string app_take_page_request(AppState* s);

// --- Your own catalog (user_catalog.hpp) -------------------------------------------------------------------
// Merges a catalog document (the CLI's --catalog format) over the catalog the page serves; `file_name` names it
// on the page ("" from the API). Returns the JSON report user_catalog_report_json describes: what was added and
// replaced, or every error with its JSON path (the catalog, scenario and result then unchanged).
std::string app_load_catalog_json(AppState* s, const std::string& json_text, const std::string& file_name);
// True once after the header's "load catalog" button was pressed: the platform opens its file picker.
bool app_take_catalog_picker_request(AppState* s);

// --- The model's own files (model_files.hpp) ---------------------------------------------------------------
// A new opening; the first bytes of one file (JSON {"status": "need_more" | "added" | "error", ...}); the summary
// ({} before any, the inspect JSON + files + used, or {"error"}); "use this model" (true when applied); the
// panel's "open model file" button (true once: the platform opens its picker); tests: every tensor read,
// [{"name", "type", "shape", "offset"}].
void app_model_file_begin(AppState* s);
std::string app_model_file_offer(AppState* s, const std::string& name, const unsigned char* data, size_t size,
                                 double file_size);
std::string app_model_file_summary(AppState* s);
bool app_use_model_file(AppState* s);
bool app_take_model_file_picker_request(AppState* s);
std::string app_model_file_tensors(AppState* s);
// --- Theme (theme.hpp) --------------------------------------------------------------------------------------
// The system's preference ("light" | "dark", from prefers-color-scheme), followed unless the visitor overrode it.
void app_set_system_theme(AppState* s, const std::string& theme);
// The visitor's choice: "light" | "dark" overrides the system, "system" follows it again. False for anything else.
bool app_set_theme(AppState* s, const std::string& theme);
std::string app_theme(AppState* s);  // what the page draws: "light" | "dark"

// Tests: where a header control was last drawn ("theme_light", "theme_dark", "load_catalog"), "x0 y0 x1 y1" in
// CSS px, or "".
std::string app_item_box(AppState* s, const std::string& name);

}  // namespace infersizer::app
