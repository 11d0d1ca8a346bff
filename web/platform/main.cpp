// main.cpp — the page's platform layer: Emscripten main loop, GLFW window on a WebGL2 canvas, Dear ImGui's
// GLFW + OpenGL3 backends, and the C side of the JS bridge (web/platform/bridge.js).
//
// The UI lives behind web/app/app.hpp; this file never draws a widget. It owns what only a browser has:
// the canvas and its devicePixelRatio, the main loop, the clipboard and the window.infersizer host API.
//
// Index
//   [SECTION] Platform state
//   [SECTION] Wake-ups: input callbacks that ask for frames
//   [SECTION] Canvas geometry, devicePixelRatio, mouse cursor
//   [SECTION] Fonts
//   [SECTION] Clipboard
//   [SECTION] Export: downloads and the page as PNG
//   [SECTION] Frame
//   [SECTION] JS bridge: exports called by bridge.js
//   [SECTION] main

#include "app.hpp"
#include "font_size.hpp"

#include "imgui.h"
#include "imgui_internal.h"  // DimBgRatio, NavWindowingTargetAnim: ImGui's own fades (wants_more_frames)
#include "imgui_impl_glfw.h"
#include "imgui_impl_opengl3.h"

#include <GLES3/gl3.h>
#include <GLFW/glfw3.h>
#include <emscripten.h>
#include <emscripten/html5.h>

#include <malloc.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <string>

#ifndef INFERSIZER_VERSION
#define INFERSIZER_VERSION "0.0.0"
#endif

namespace {

using infersizer::app::AppState;

// -----------------------------------------------------------------------------------------------------
// [SECTION] Platform state
// -----------------------------------------------------------------------------------------------------

// Tracy's idle pattern: every reason to redraw sets frames_left to a few frames, each drawn frame spends
// one; at zero a tick returns at once, so an idle page does no ImGui work and no GL calls. Three frames
// let ImGui settle hover state and auto-sized windows after the last event. Beyond Tracy, the loop then
// pauses itself and the next request resumes it: a requestAnimationFrame loop that only returns still
// kept the main thread ~1.5 % busy in Chromium (bench/page_bench.mjs); paused, it is ~0 %.
constexpr int kActiveFrames = 3;
// After the catalog loads, a few more: ImGui hides a new window in its first frame and sizes auto-fit windows
// over the next ones; `ready` resolves only after these are drawn. Only the last of them is put on the canvas: the
// others run ImGui back to back in one tick without touching GL (kWarmupFrames), since each presented frame costs a
// WebGL composite and an animation frame (bench/page_bench.mjs, issue #13). Three is the fewest whose last frame is
// already the settled one, pixel for pixel, in every layout tests/browser/test_start.mjs opens (two left the default
// page's frame different); each warm-up frame costs about 10 ms of the start on a 2-core machine.
constexpr int kStartupFrames = 3;
constexpr int kWarmupFrames = kStartupFrames - 1;
constexpr const char* kCanvasSelector = "#canvas";

struct Platform {
    GLFWwindow* window = nullptr;
    AppState* app = nullptr;

    int frames_left = 0;           // frames still to draw before going idle
    bool loop_paused = false;      // emscripten_pause_main_loop while idle
    unsigned frames_drawn = 0;     // ImGui frames rendered since start (tests read it)
    bool first_frames_reported = false;
    bool geometry_dirty = true;    // set by resize / dpr listeners in bridge.js
    bool cursor_inside = false;    // GLFW keeps the last position after the mouse leaves
    bool gl_lost = false;          // the WebGL context is lost (gl_context.js): no frames until it is restored

    // Canvas: CSS size in logical px, backing store in device px.
    double css_w = 0, css_h = 0;
    int backing_w = 0, backing_h = 0;
    double dpr = 0;                 // devicePixelRatio the font atlas was built for (0: none yet)
    double base_dpr = 0;            // devicePixelRatio at start: zoom is dpr / base_dpr (font_size.hpp)
    float font_css_px = 0;          // UI font size in CSS px the atlas was built for (font_css_px_for)

    unsigned reported_generation = 0;  // app_result_generation() last told to JS
    std::string reported_lang;         // app_lang() last told to JS (the header's 中文|EN switch)
    std::string reported_theme;        // app_theme() last told to JS (system preference or the header's toggle)
    std::string clipboard_text;        // what ImGui reads on Ctrl+V (navigator.clipboard is async)
    std::string returned;              // keeps the last string handed to JS alive until the next call
    ImGuiMouseCursor css_cursor = ImGuiMouseCursor_Arrow;  // the canvas's CSS cursor
    ImVec2 last_wheel;                 // tests: the last non-zero (MouseWheelH, MouseWheel) ImGui saw
};

Platform g_platform;  // Emscripten's C main loop callback carries no user data we control here.

void request_frames(int n) {
    Platform& p = g_platform;
    p.frames_left = std::max(p.frames_left, n);
    if (p.loop_paused) {
        p.loop_paused = false;
        emscripten_resume_main_loop();
    }
}

}  // namespace

// JS side of the bridge (bridge.js installs Module.isBridge before the runtime starts).
EM_JS(void, is_js_platform_ready, (int ok), { Module.isBridge.platformReady(ok); });
EM_JS(void, is_js_first_frames, (), { Module.isBridge.firstFrames(); });
EM_JS(void, is_js_result_changed, (), { Module.isBridge.resultChanged(); });
EM_JS(void, is_js_lang_changed, (const char* lang), { Module.isBridge.langChanged(UTF8ToString(lang)); });
EM_JS(void, is_js_copy_text, (const char* text, int from_app),
      { Module.isBridge.copyText(UTF8ToString(text), from_app !== 0); });
EM_JS(void, is_js_want_common_font, (), { Module.isBridge.wantCommonFont(); });
EM_JS(void, is_js_download, (const char* filename, const char* mime, const char* text),
      { Module.isBridge.download(UTF8ToString(filename), UTF8ToString(mime), UTF8ToString(text)); });
EM_JS(void, is_js_save_png, (), { Module.isBridge.savePng(); });
EM_JS(void, is_js_set_cursor, (const char* css), { Module.canvas.style.cursor = UTF8ToString(css); });
EM_JS(void, is_js_theme_changed, (const char* theme), { Module.isBridge.themeChanged(UTF8ToString(theme)); });
EM_JS(void, is_js_open_catalog_picker, (), { Module.isBridge.openCatalogPicker(); });
// Open the full page / save the offline copy (app.hpp app_take_page_request); web/platform/embed.js does it.
EM_JS(void, is_js_page_request, (const char* request), { Module.isBridge.pageRequest(UTF8ToString(request)); });
EM_JS(void, is_js_open_model_file_picker, (), { if (Module.isModelFile) Module.isModelFile.openPicker(); });

namespace {

// -----------------------------------------------------------------------------------------------------
// [SECTION] Wake-ups: input callbacks that ask for frames
// -----------------------------------------------------------------------------------------------------
// Installed before ImGui_ImplGlfw_InitForOpenGL, which chains them (its handlers call ours, then do
// their own work). The 1.86 backend installs no cursor-position callback (it polls), so ours is the
// only one for moves. Wheel events reach ImGui through bridge.js (is_scroll), not GLFW.

void on_cursor_pos(GLFWwindow*, double, double) {
    // GLFW reports moves only over the canvas; a page loaded under a still mouse may see no mouseenter.
    g_platform.cursor_inside = true;
    request_frames(kActiveFrames);
}
void on_mouse_button(GLFWwindow*, int, int, int) { request_frames(kActiveFrames); }
void on_scroll(GLFWwindow*, double, double) { request_frames(kActiveFrames); }
void on_key(GLFWwindow*, int, int, int, int) { request_frames(kActiveFrames); }
void on_char(GLFWwindow*, unsigned int) { request_frames(kActiveFrames); }
void on_window_focus(GLFWwindow*, int) { request_frames(kActiveFrames); }
void on_cursor_enter(GLFWwindow*, int entered) {
    g_platform.cursor_inside = entered != 0;
    request_frames(kActiveFrames);
}

void install_wake_callbacks(GLFWwindow* window) {
    glfwSetCursorPosCallback(window, on_cursor_pos);
    glfwSetMouseButtonCallback(window, on_mouse_button);
    glfwSetScrollCallback(window, on_scroll);
    glfwSetKeyCallback(window, on_key);
    glfwSetCharCallback(window, on_char);
    glfwSetWindowFocusCallback(window, on_window_focus);
    glfwSetCursorEnterCallback(window, on_cursor_enter);
}

// -----------------------------------------------------------------------------------------------------
// [SECTION] Canvas geometry, devicePixelRatio, mouse cursor
// -----------------------------------------------------------------------------------------------------
// Emscripten 3.1.6's GLFW ignores devicePixelRatio (docs/toolchain.md): the page's CSS gives the canvas its
// logical size, and we size the backing store to CSS × dpr ourselves. GLFW then reports cursor
// positions in backing pixels (Browser.calculateMouseEvent scales by canvas.width / rect.width), which
// we scale back to logical pixels for ImGui. GLFW's own window size goes stale and is not used.

void load_fonts(Platform& p);

void sync_geometry(Platform& p) {
    double css_w = 0, css_h = 0;
    emscripten_get_element_css_size(kCanvasSelector, &css_w, &css_h);
    const double dpr = std::max(emscripten_get_device_pixel_ratio(), 0.25);
    if (css_w < 1 || css_h < 1) return;  // hidden canvas: keep the last size
    const int backing_w = std::max(1, static_cast<int>(std::lround(css_w * dpr)));
    const int backing_h = std::max(1, static_cast<int>(std::lround(css_h * dpr)));
    const bool size_changed = backing_w != p.backing_w || backing_h != p.backing_h ||
                              css_w != p.css_w || css_h != p.css_h;
    p.css_w = css_w;
    p.css_h = css_h;
    if (backing_w != p.backing_w || backing_h != p.backing_h) {
        p.backing_w = backing_w;
        p.backing_h = backing_h;
        // Not glfwSetWindowSize: 3.1.6's version requests fullscreen whenever the size equals the
        // screen's (a maximised window at dpr 1). The attribute alone leaves the CSS size alone.
        emscripten_set_canvas_element_size(kCanvasSelector, backing_w, backing_h);
    }
    // The font follows the window's size in whole-pixel steps; the atlas (thousands of CJK glyphs) is
    // rebuilt only when that step or dpr changes, not on every pixel of a resize.
    if (p.base_dpr <= 0) p.base_dpr = dpr;
    const float font_css_px = infersizer::app::font_css_px_for(css_w, css_h, dpr, p.base_dpr);
    if (p.app != nullptr && (dpr != p.dpr || font_css_px != p.font_css_px)) {
        p.dpr = dpr;
        p.font_css_px = font_css_px;
        load_fonts(p);
        request_frames(kActiveFrames);
    }
    if (size_changed) request_frames(kActiveFrames);
}

// ImGui_ImplGlfw_NewFrame fills DisplaySize and MousePos from GLFW, which knows only backing pixels;
// overwrite them with logical sizes and tell the renderer the real framebuffer scale.
void apply_display_metrics(const Platform& p) {
    ImGuiIO& io = ImGui::GetIO();
    const float scale_x = static_cast<float>(p.backing_w / p.css_w);
    const float scale_y = static_cast<float>(p.backing_h / p.css_h);
    io.DisplaySize = ImVec2(static_cast<float>(p.css_w), static_cast<float>(p.css_h));
    io.DisplayFramebufferScale = ImVec2(scale_x, scale_y);
    if (!p.cursor_inside) {
        io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);  // no stale hover after the mouse left the canvas
    } else if (io.MousePos.x != -FLT_MAX) {
        io.MousePos = ImVec2(io.MousePos.x / scale_x, io.MousePos.y / scale_y);
    }
}

// The 1.86 backend would change the cursor with glfwSetInputMode every frame, which in 3.1.6 calls
// document.exitPointerLock() (a rejected promise in current Chromium) and has no cursor shapes anyway;
// ImGuiConfigFlags_NoMouseCursorChange stops it, and the canvas's CSS cursor follows ImGui instead.
const char* css_cursor(ImGuiMouseCursor cursor) {
    switch (cursor) {
        case ImGuiMouseCursor_None: return "none";
        case ImGuiMouseCursor_TextInput: return "text";
        case ImGuiMouseCursor_ResizeAll: return "move";
        case ImGuiMouseCursor_ResizeNS: return "ns-resize";
        case ImGuiMouseCursor_ResizeEW: return "ew-resize";
        case ImGuiMouseCursor_ResizeNESW: return "nesw-resize";
        case ImGuiMouseCursor_ResizeNWSE: return "nwse-resize";
        case ImGuiMouseCursor_Hand: return "pointer";
        case ImGuiMouseCursor_NotAllowed: return "not-allowed";
        default: return "default";
    }
}

void update_css_cursor(Platform& p) {
    const ImGuiMouseCursor cursor = ImGui::GetMouseCursor();
    if (cursor == p.css_cursor) return;
    p.css_cursor = cursor;
    is_js_set_cursor(css_cursor(cursor));
}

// -----------------------------------------------------------------------------------------------------
// [SECTION] Fonts
// -----------------------------------------------------------------------------------------------------
// The atlas is rasterised at device pixels and drawn at 1/dpr, so text stays sharp at any zoom.

void load_fonts(Platform& p) {
    ImGuiIO& io = ImGui::GetIO();
    const float dpr = static_cast<float>(p.dpr);
    io.Fonts->Clear();
    infersizer::app::app_load_fonts(p.app, p.font_css_px * dpr);
    io.FontGlobalScale = 1.0f / dpr;
    // Before the first frame the backend builds the texture in its NewFrame; rebuilding it here too
    // would leak one texture. After that, a dpr change must rebuild it.
    if (p.frames_drawn > 0) {
        ImGui_ImplOpenGL3_DestroyFontsTexture();
        ImGui_ImplOpenGL3_CreateFontsTexture();
    }
}

// -----------------------------------------------------------------------------------------------------
// [SECTION] Clipboard
// -----------------------------------------------------------------------------------------------------
// Writes go to navigator.clipboard (bridge.js, with an execCommand fallback). Reads cannot be
// synchronous in a browser, so ImGui pastes what bridge.js last saw in a DOM `paste` event or what we
// last copied.

// ImGui's Ctrl+C in a text field.
void set_clipboard_text(void*, const char* text) {
    g_platform.clipboard_text = text != nullptr ? text : "";
    is_js_copy_text(g_platform.clipboard_text.c_str(), 0);
}

const char* get_clipboard_text(void*) { return g_platform.clipboard_text.c_str(); }

// -----------------------------------------------------------------------------------------------------
// [SECTION] Export: downloads and the page as PNG
// -----------------------------------------------------------------------------------------------------
// The export menu (web/app/panels/export_menu.cpp) queues a report to download or asks for a PNG. The PNG
// is read in the same task that drew the frame: WebGL clears its drawing buffer once the frame is composited
// (no preserveDrawingBuffer), so bridge.js calls canvas.toBlob, which snapshots the canvas at once, from here.

void hand_over_exports(Platform& p) {
    std::string filename, mime, text;
    if (infersizer::app::app_take_download_request(p.app, &filename, &mime, &text))
        is_js_download(filename.c_str(), mime.c_str(), text.c_str());
    if (infersizer::app::app_take_png_request(p.app)) is_js_save_png();
}

// -----------------------------------------------------------------------------------------------------
// [SECTION] Frame
// -----------------------------------------------------------------------------------------------------

void report_after_frame(Platform& p) {
    // Shown text has a character the small font cut lacks: bridge.js fetches the common-CJK cut once.
    if (infersizer::app::app_take_common_font_request(p.app)) is_js_want_common_font();
    // The header's "load catalog" button: bridge.js opens the file picker (still inside the click's user activation).
    if (infersizer::app::app_take_catalog_picker_request(p.app)) is_js_open_catalog_picker();
    // ① "open model file": model_file.js opens its picker, likewise.
    if (infersizer::app::app_take_model_file_picker_request(p.app)) is_js_open_model_file_picker();
    // A copy button; bridge.js completes a '?query' request into the page's full link (app.hpp).
    std::string copy = infersizer::app::app_take_clipboard_request(p.app);
    if (!copy.empty()) {
        p.clipboard_text = std::move(copy);
        is_js_copy_text(p.clipboard_text.c_str(), 1);
    }
    hand_over_exports(p);
    const std::string page_request = infersizer::app::app_take_page_request(p.app);
    if (!page_request.empty()) is_js_page_request(page_request.c_str());
    if (!p.first_frames_reported && p.frames_drawn >= static_cast<unsigned>(kStartupFrames)) {
        p.first_frames_reported = true;
        is_js_first_frames();
    }
}

void notify_if_changed(Platform& p) {
    if (p.app == nullptr) return;
    std::string lang = infersizer::app::app_lang(p.app);
    if (lang != p.reported_lang) {
        p.reported_lang = std::move(lang);
        is_js_lang_changed(p.reported_lang.c_str());
    }
    std::string theme = infersizer::app::app_theme(p.app);
    if (theme != p.reported_theme) {
        p.reported_theme = std::move(theme);
        is_js_theme_changed(p.reported_theme.c_str());
    }
    const unsigned generation = infersizer::app::app_result_generation(p.app);
    if (generation == p.reported_generation) return;
    p.reported_generation = generation;
    is_js_result_changed();
}

// What ImGui animates by itself, which the paused loop would otherwise freeze half-way: a held mouse
// button (repeat buttons such as InputInt's +/-, which fire without new events), and the dimmed
// background of a modal or the Ctrl+Tab window list fading in or out.
bool imgui_wants_more_frames() {
    const ImGuiContext& g = *ImGui::GetCurrentContext();
    for (bool down : g.IO.MouseDown) {
        if (down) return true;
    }
    const bool dim_fading = g.DimBgRatio > 0.0f && g.DimBgRatio < 1.0f;
    return dim_fading || g.NavWindowingTargetAnim != nullptr;
}

// `present` false: ImGui's layout only (a warm-up frame at start); nothing is drawn into the canvas.
void draw_frame(Platform& p, bool present = true) {
    ImGui_ImplOpenGL3_NewFrame();  // builds the font texture on the first call; NewFrame needs the built atlas
    ImGui_ImplGlfw_NewFrame();
    if (!present) ImGui::GetIO().DeltaTime = 1.0f / 60.0f;  // back to back: GLFW's clock may not have moved
    apply_display_metrics(p);
    const ImGuiIO& io = ImGui::GetIO();
    if (io.MouseWheel != 0 || io.MouseWheelH != 0) p.last_wheel = ImVec2(io.MouseWheelH, io.MouseWheel);
    ImGui::NewFrame();
    const bool animating = infersizer::app::app_frame(p.app);
    ImGui::Render();
    ++p.frames_drawn;
    if (!present) return;

    const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
    glViewport(0, 0, p.backing_w, p.backing_h);
    glClearColor(bg.x, bg.y, bg.z, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());

    update_css_cursor(p);
    if (animating || imgui_wants_more_frames()) request_frames(kActiveFrames);
}

void main_loop_tick() {
    Platform& p = g_platform;
    if (p.app == nullptr) return;  // catalog still loading: the DOM indicator shows
    if (p.geometry_dirty) {
        p.geometry_dirty = false;
        sync_geometry(p);
    }
    // The common-CJK cut arrived (is_provide_common_font): rebuild the atlas outside a frame.
    if (p.dpr > 0 && infersizer::app::app_fonts_dirty(p.app)) load_fonts(p);
    if (p.frames_left > 0 && p.backing_w > 0 && !p.gl_lost) {
        if (p.frames_drawn == 0) {  // the start: ImGui's settling frames in this tick, then one on the canvas
            for (int i = 0; i < kWarmupFrames; ++i) draw_frame(p, false);
            p.frames_left = std::max(p.frames_left - kWarmupFrames, 1);
        }
        --p.frames_left;
        draw_frame(p);
        report_after_frame(p);
        notify_if_changed(p);
    }
    if ((p.frames_left <= 0 || p.gl_lost) && !p.geometry_dirty) {  // idle: no NewFrame, no Render, no ticks
        p.loop_paused = true;
        emscripten_pause_main_loop();
    }
}

const char* hand_to_js(std::string s) {
    g_platform.returned = std::move(s);
    return g_platform.returned.c_str();
}

bool valid_lang(const std::string& lang) { return lang == "zh" || lang == "en"; }

}  // namespace

// -----------------------------------------------------------------------------------------------------
// [SECTION] JS bridge: exports called by bridge.js
// -----------------------------------------------------------------------------------------------------
// Strings cross as UTF-8 pointers; a returned pointer is valid until the next export is called (JS
// copies it at once). Every call that may change what the page shows asks for frames.

extern "C" {

// Creates the app over the catalog texts (fetched or inlined by bridge.js), applies the URL state. bridge.js passes
// an empty query and applies the link with is_apply_query afterwards, guarded: a link that makes the call throw
// then costs the link, not the page.
EMSCRIPTEN_KEEPALIVE int is_start(const char* models, const char* hardware, const char* formats,
                                  const char* engines, const char* prices, const char* lang,
                                  const char* query) {
    Platform& p = g_platform;
    if (p.app != nullptr || p.window == nullptr) return 0;
    infersizer::app::CatalogTexts texts{models, hardware, formats, engines, prices};
    p.app = infersizer::app::app_create(texts, valid_lang(lang) ? lang : "en");
    if (p.app == nullptr) return 0;
    if (query != nullptr && query[0] != '\0') infersizer::app::app_apply_query(p.app, query);
    p.reported_generation = infersizer::app::app_result_generation(p.app);
    p.reported_lang = infersizer::app::app_lang(p.app);
    p.reported_theme = "";  // bridge.js hears the first theme after its system preference is in (is_set_system_theme)
    p.geometry_dirty = false;
    p.dpr = 0;  // forces the first font build in sync_geometry
    sync_geometry(p);
    request_frames(kStartupFrames);
    return 1;
}

EMSCRIPTEN_KEEPALIVE const char* is_version() { return INFERSIZER_VERSION; }

// embed.js: ?embed=1 and whether the served page has an offline copy to offer; the embed layout's height.
EMSCRIPTEN_KEEPALIVE void is_set_page_flags(int embed, int offline_copy_available) {
    if (g_platform.app == nullptr) return;
    infersizer::app::app_set_page_flags(g_platform.app, embed != 0, offline_copy_available != 0);
    request_frames(kActiveFrames);
}

EMSCRIPTEN_KEEPALIVE double is_content_height() {
    return g_platform.app == nullptr ? 0.0 : static_cast<double>(infersizer::app::app_content_height(g_platform.app));
}

EMSCRIPTEN_KEEPALIVE const char* is_set_scenario(const char* json) {
    if (g_platform.app == nullptr) return hand_to_js("page: not started");
    std::string error = infersizer::app::app_set_scenario_json(g_platform.app, json);
    request_frames(kActiveFrames);
    notify_if_changed(g_platform);
    return hand_to_js(std::move(error));
}

// The result in `lang` ("" = the page's language) without switching what the page shows.
EMSCRIPTEN_KEEPALIVE const char* is_get_result(const char* lang) {
    Platform& p = g_platform;
    if (p.app == nullptr) return hand_to_js("");
    const std::string current = infersizer::app::app_lang(p.app);
    const std::string wanted = lang != nullptr ? lang : "";
    if (!valid_lang(wanted) || wanted == current) {
        return hand_to_js(infersizer::app::app_get_result_json(p.app));
    }
    const bool was_reported = infersizer::app::app_result_generation(p.app) == p.reported_generation;
    infersizer::app::app_set_lang(p.app, wanted);
    std::string result = infersizer::app::app_get_result_json(p.app);
    infersizer::app::app_set_lang(p.app, current);
    // A language round trip is not a change the host should hear about.
    if (was_reported) p.reported_generation = infersizer::app::app_result_generation(p.app);
    return hand_to_js(std::move(result));
}

// A report of the current result (the core's report.hpp): {"report": text} or {"error": "kind: ..."}; `lang`
// "" = the page's language.
EMSCRIPTEN_KEEPALIVE const char* is_get_report(const char* kind, const char* lang) {
    if (g_platform.app == nullptr) return hand_to_js("{\"error\":\"page: not started\"}");
    return hand_to_js(infersizer::app::app_get_report(g_platform.app, kind ? kind : "", lang ? lang : ""));
}

// The DOM text view's document in the page's language (bridge.js [text-view]); "" without a result.
EMSCRIPTEN_KEEPALIVE const char* is_get_text_view() {
    return hand_to_js(g_platform.app ? infersizer::app::app_get_text_view(g_platform.app) : "");
}

EMSCRIPTEN_KEEPALIVE const char* is_get_scenario() {
    return hand_to_js(g_platform.app ? infersizer::app::app_get_scenario_json(g_platform.app) : "");
}

EMSCRIPTEN_KEEPALIVE const char* is_query() {
    return hand_to_js(g_platform.app ? infersizer::app::app_query(g_platform.app) : "");
}

EMSCRIPTEN_KEEPALIVE const char* is_lang() {
    return hand_to_js(g_platform.app ? infersizer::app::app_lang(g_platform.app) : "");
}

EMSCRIPTEN_KEEPALIVE int is_set_lang(const char* lang) {
    if (g_platform.app == nullptr || !valid_lang(lang)) return 0;
    infersizer::app::app_set_lang(g_platform.app, lang);
    request_frames(kActiveFrames);
    notify_if_changed(g_platform);
    return 1;
}

EMSCRIPTEN_KEEPALIVE const char* is_catalog_summary() {
    return hand_to_js(g_platform.app ? infersizer::app::app_catalog_summary(g_platform.app) : "");
}

// Your own catalog: merges a catalog document over the page's catalog (app.hpp); returns the JSON report.
EMSCRIPTEN_KEEPALIVE const char* is_load_catalog(const char* json, const char* file_name) {
    if (g_platform.app == nullptr) return hand_to_js("");
    std::string report = infersizer::app::app_load_catalog_json(g_platform.app, json ? json : "", file_name ? file_name : "");
    request_frames(kActiveFrames);
    notify_if_changed(g_platform);
    return hand_to_js(std::move(report));
}

// The system's colour preference ("light" | "dark"), from bridge.js's prefers-color-scheme query and its changes.
// The model's own files (model_file.js): only header bytes come in, as a pointer the JS allocated.
EMSCRIPTEN_KEEPALIVE void is_model_file_begin() {
    if (g_platform.app != nullptr) infersizer::app::app_model_file_begin(g_platform.app);
}

EMSCRIPTEN_KEEPALIVE const char* is_model_file_offer(const char* name, const unsigned char* data, int size,
                                                     double file_size) {
    if (g_platform.app == nullptr || size < 0) return hand_to_js("{\"status\":\"error\",\"error\":\"page: not started\"}");
    std::string r = infersizer::app::app_model_file_offer(g_platform.app, name ? name : "", data,
                                                          static_cast<size_t>(size), file_size);
    request_frames(kActiveFrames);
    return hand_to_js(std::move(r));
}

EMSCRIPTEN_KEEPALIVE const char* is_model_file_summary() {
    return hand_to_js(g_platform.app ? infersizer::app::app_model_file_summary(g_platform.app) : "{}");
}

EMSCRIPTEN_KEEPALIVE int is_model_file_use() {
    if (g_platform.app == nullptr) return 0;
    const bool used = infersizer::app::app_use_model_file(g_platform.app);
    request_frames(kActiveFrames);
    notify_if_changed(g_platform);
    return used ? 1 : 0;
}

EMSCRIPTEN_KEEPALIVE const char* is_model_file_tensors() {
    return hand_to_js(g_platform.app ? infersizer::app::app_model_file_tensors(g_platform.app) : "[]");
}

EMSCRIPTEN_KEEPALIVE void is_set_system_theme(const char* theme) {
    if (g_platform.app == nullptr || theme == nullptr) return;
    infersizer::app::app_set_system_theme(g_platform.app, theme);
    request_frames(kActiveFrames);
    notify_if_changed(g_platform);
}

// The visitor's choice, "light" | "dark" | "system"; 0 when not one of them.
EMSCRIPTEN_KEEPALIVE int is_set_theme(const char* theme) {
    if (g_platform.app == nullptr || theme == nullptr) return 0;
    const int ok = infersizer::app::app_set_theme(g_platform.app, theme) ? 1 : 0;
    request_frames(kActiveFrames);
    notify_if_changed(g_platform);
    return ok;
}

EMSCRIPTEN_KEEPALIVE const char* is_theme() {
    return hand_to_js(g_platform.app ? infersizer::app::app_theme(g_platform.app) : "");
}

// Tests: a header control's box ("theme_light", "theme_dark", "load_catalog"), "x0 y0 x1 y1" in CSS px.
EMSCRIPTEN_KEEPALIVE const char* is_debug_item_box(const char* name) {
    return hand_to_js(g_platform.app && name ? infersizer::app::app_item_box(g_platform.app, name) : "");
}

// The start URL's state (bridge.js, right after is_start): refused parameters are listed, the rest applies.
EMSCRIPTEN_KEEPALIVE void is_apply_query(const char* query) {
    Platform& p = g_platform;
    if (p.app == nullptr || query == nullptr || query[0] == '\0') return;
    infersizer::app::app_apply_query(p.app, query);
    p.reported_generation = infersizer::app::app_result_generation(p.app);
    p.reported_lang = infersizer::app::app_lang(p.app);
    request_frames(kStartupFrames);
}

// bridge.js: is_apply_query threw (guard.js); the page keeps its defaults and names the link's failure.
EMSCRIPTEN_KEEPALIVE void is_add_url_error(const char* message) {
    if (g_platform.app == nullptr || message == nullptr) return;
    infersizer::app::app_add_url_error(g_platform.app, "url", message);
    request_frames(kActiveFrames);
}

// The start URL's refused parameters, one line each ("" when none).
EMSCRIPTEN_KEEPALIVE const char* is_url_errors() {
    return hand_to_js(g_platform.app ? infersizer::app::app_url_errors(g_platform.app) : "");
}

// The common-CJK font's bytes, fetched by bridge.js after is_js_want_common_font (copied; JS frees them).
EMSCRIPTEN_KEEPALIVE void is_provide_common_font(const char* bytes, int size) {
    if (g_platform.app == nullptr || bytes == nullptr || size <= 0) return;
    infersizer::app::app_provide_common_font(g_platform.app, std::string(bytes, static_cast<size_t>(size)));
    request_frames(kActiveFrames);
}

// Characters the page showed that its atlas cannot draw right now (tests: no '?' fallback).
EMSCRIPTEN_KEEPALIVE const char* is_missing_glyphs() {
    return g_platform.app != nullptr ? hand_to_js(infersizer::app::app_missing_glyphs(g_platform.app)) : "";
}

// Tests: a searchable picker's closed box ("x0 y0 x1 y1", CSS px; "" before drawn), to click it.
EMSCRIPTEN_KEEPALIVE const char* is_debug_picker_box(const char* combo_id) {
    return hand_to_js(infersizer::app::app_picker_box(combo_id ? combo_id : ""));
}

// Tests: the text of the figure explanation open in the last frame ("" when none).
EMSCRIPTEN_KEEPALIVE const char* is_debug_tooltip() { return hand_to_js(infersizer::app::app_open_tooltip()); }
// Tests: where the explained figure `key` was last drawn, "x0 y0 x1 y1" in CSS px ("" before drawn).
EMSCRIPTEN_KEEPALIVE const char* is_debug_figure_box(const char* key) {
    return hand_to_js(infersizer::app::app_figure_box(key ? key : ""));
}

// Tests: an export menu item's box ("x0 y0 x1 y1", CSS px; "" before drawn), to click it.
EMSCRIPTEN_KEEPALIVE const char* is_debug_export_box(const char* id) {
    return hand_to_js(infersizer::app::app_export_box(id ? id : ""));
}

// Tests: every chart drawn in the last frame, "id x0 y0 x1 y1" per line (CSS px); "" before any.
EMSCRIPTEN_KEEPALIVE const char* is_debug_chart_boxes() {
    return hand_to_js(g_platform.app ? infersizer::app::app_chart_boxes(g_platform.app) : "");
}

EMSCRIPTEN_KEEPALIVE unsigned is_frames_drawn() { return g_platform.frames_drawn; }

// Benchmarks (bench/memory_bench.mjs): bytes the wasm heap has handed out and not freed; a leak grows it even
// while the wasm memory itself has room to spare.
EMSCRIPTEN_KEEPALIVE unsigned is_debug_heap_bytes() { return static_cast<unsigned>(mallinfo().uordblks); }

// Tests: where ImGui saw the mouse in the last frame, in logical px, and the last wheel it saw
// ("x y wheel_h wheel"; x, y huge negative when outside). Checks the devicePixelRatio scaling of GLFW's
// backing-pixel cursor positions and the wheel's direction and units.
EMSCRIPTEN_KEEPALIVE const char* is_debug_mouse() {
    const ImVec2 m = ImGui::GetCurrentContext() ? ImGui::GetIO().MousePos : ImVec2(-FLT_MAX, -FLT_MAX);
    const ImVec2 w = g_platform.last_wheel;
    return hand_to_js(std::to_string(m.x) + " " + std::to_string(m.y) + " " + std::to_string(w.x) + " " +
                      std::to_string(w.y));
}

// Tests: the UI font's size in CSS px, the atlas's in device px, and ImGui's display size in CSS px
// ("16 32 1000 700" at dpr 2 in a 1000 × 700 window).
EMSCRIPTEN_KEEPALIVE const char* is_debug_font() {
    const Platform& p = g_platform;
    const ImVec2 display = ImGui::GetCurrentContext() ? ImGui::GetIO().DisplaySize : ImVec2(0, 0);
    return hand_to_js(std::to_string(p.font_css_px) + " " + std::to_string(p.font_css_px * static_cast<float>(p.dpr)) + " " +
                      std::to_string(display.x) + " " + std::to_string(display.y));
}

// bridge.js: a wheel or touch-scroll step in ImGui's units (1 = one notch; positive y scrolls up,
// positive x scrolls left). 3.1.6's GLFW hands the scroll callback the DOM's raw pixel deltas with
// the opposite sign, so bridge.js takes wheel events before GLFW sees them.
EMSCRIPTEN_KEEPALIVE void is_scroll(double wheel_h, double wheel) {
    if (ImGui::GetCurrentContext() == nullptr) return;
    ImGuiIO& io = ImGui::GetIO();
    io.MouseWheelH += static_cast<float>(wheel_h);
    io.MouseWheel += static_cast<float>(wheel);
    request_frames(kActiveFrames);
}

// bridge.js: the canvas may have changed size or devicePixelRatio (resize, zoom, another monitor).
EMSCRIPTEN_KEEPALIVE void is_geometry_changed() {
    g_platform.geometry_dirty = true;
    request_frames(kActiveFrames);
}

// gl_context.js: the canvas's WebGL context was lost (a GPU reset, the browser reclaiming contexts). Drawing
// stops; the frames asked for meanwhile are drawn once it is restored.
EMSCRIPTEN_KEEPALIVE void is_gl_context_lost() { g_platform.gl_lost = true; }

// gl_context.js: the context is back, empty. Every GL object ImGui made (program, buffers, the font atlas's
// texture) died with the old one: recreate them (the atlas's pixels are still in ImGui) and draw again.
EMSCRIPTEN_KEEPALIVE void is_gl_context_restored() {
    Platform& p = g_platform;
    p.gl_lost = false;
    if (ImGui::GetCurrentContext() == nullptr) return;
    ImGui_ImplOpenGL3_DestroyDeviceObjects();
    ImGui_ImplOpenGL3_CreateDeviceObjects();
    request_frames(kActiveFrames);
}

// bridge.js: a DOM event ImGui does not see through GLFW (visibility, paste) wants a redraw.
EMSCRIPTEN_KEEPALIVE void is_wake() { request_frames(kActiveFrames); }

// bridge.js: text from a DOM `paste` event, read by ImGui's Ctrl+V in the same frame.
EMSCRIPTEN_KEEPALIVE void is_set_paste_text(const char* text) {
    g_platform.clipboard_text = text != nullptr ? text : "";
    request_frames(kActiveFrames);
}

}  // extern "C"

// -----------------------------------------------------------------------------------------------------
// [SECTION] main
// -----------------------------------------------------------------------------------------------------
// Sets up GL and ImGui, tells bridge.js, and enters the main loop. The app is created later, when the
// catalog has arrived (is_start); until then each tick returns at once.

int main() {
    Platform& p = g_platform;
    if (!glfwInit()) {
        is_js_platform_ready(0);
        return 1;
    }
    double css_w = 0, css_h = 0;
    emscripten_get_element_css_size(kCanvasSelector, &css_w, &css_h);
    const double dpr = std::max(emscripten_get_device_pixel_ratio(), 0.25);
    const int w = std::max(1, static_cast<int>(std::lround(css_w * dpr)));
    const int h = std::max(1, static_cast<int>(std::lround(css_h * dpr)));
    // ImGui draws flat, blended triangles: no depth or stencil test. GLFW's defaults (24 and 8 bits) would give the
    // WebGL context a depth-stencil buffer that the browser allocates, and clears before every frame, for nothing.
    glfwWindowHint(GLFW_DEPTH_BITS, 0);
    glfwWindowHint(GLFW_STENCIL_BITS, 0);
    p.window = glfwCreateWindow(w, h, "InferSizer", nullptr, nullptr);
    if (p.window == nullptr) {  // no WebGL2: bridge.js shows the reason in the page
        is_js_platform_ready(0);
        return 1;
    }
    glfwMakeContextCurrent(p.window);

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard | ImGuiConfigFlags_NoMouseCursorChange;
    io.IniFilename = nullptr;  // no imgui.ini in the browser: the URL carries the state
    // A blinking caret needs a frame every half second; the idle loop would freeze it, possibly hidden.
    io.ConfigInputTextCursorBlink = false;

    install_wake_callbacks(p.window);
    ImGui_ImplGlfw_InitForOpenGL(p.window, true);
    ImGui_ImplOpenGL3_Init("#version 300 es");
    io.SetClipboardTextFn = set_clipboard_text;
    io.GetClipboardTextFn = get_clipboard_text;
    io.ClipboardUserData = nullptr;

    is_js_platform_ready(1);
    // fps 0 = requestAnimationFrame; simulate_infinite_loop 1 = main never returns.
    emscripten_set_main_loop(main_loop_tick, 0, 1);
    return 0;
}
