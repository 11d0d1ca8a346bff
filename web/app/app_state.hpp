// app_state.hpp — the one state every panel draws from and edits: catalog, scenario, result, widget state.
//
// Panels include this header (never app.cpp, never the platform). The scenario and the result always
// belong together: a panel proposes a new scenario with edit_scenario(), which runs the core's estimate
// in the same frame; on success both change, on an error the previous pair stays and the error is shown.
#pragma once

#include "catalog.hpp"
#include "curves.hpp"
#include "catalog_json.hpp"
#include "error.hpp"
#include "fonts.hpp"
#include "i18n.hpp"
#include "model_file_state.hpp"
#include "result.hpp"
#include "scenario.hpp"
#include "theme.hpp"
#include "ui_message.hpp"

#include <imgui.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace infersizer::app {

// A typed entry next to a slider. The text is what the user is typing; the scenario keeps the last good
// value until the text parses inside the accepted range.
struct NumberField {
    std::string text;    // the text being typed (empty while the field is not being edited)
    UiMessage error;     // "accepted 128 – 10,000,000; kept 8,192" after a refused value
    bool editing = false;
};

// The custom-architecture form (① "custom"): the contract's explicit fields, as typed.
struct CustomModelForm {
    double params_b = 8.0;         // total parameters, billions
    double active_params_b = 0.0;  // active per token (MoE), billions; 0 = dense (all active)
    int layers = 32;
    int hidden = 4096;
    int heads = 32;
    int kv_heads = 8;
    int head_dim = 128;
    int vocab = 128256;
    int intermediate = 14336;
    int max_context = 131072;
    UiMessage error;  // the core's message when the fields do not make an architecture
};

// Hardware picker filters (③).
struct HardwareFilter {
    std::string vendor;     // "" = any
    std::string market;     // "" = any
    double min_memory_gb = 0;  // vendor-label GB; 0 = any
    std::string search;
};

// The custom-hardware form (③ "custom hardware"): the contract's hardware object, as typed. Applied through
// the core's scenario parser (scenario_from_json), which checks every field and names a bad one.
struct CustomHardwareForm {
    bool open = false;                 // the checkbox: the form, not the catalog picker, sets the hardware
    bool applied = false;              // the scenario currently holds this form's hardware
    std::string previous_hardware_id;  // the catalog pick to return to when the box is unchecked
    HardwareKind kind = HardwareKind::gpu;
    std::string name;
    // Absent = not given (the parser then requires or omits it).
    std::optional<double> memory_gib, bandwidth_gbs, fp16_tflops, interconnect_gbs, price_per_hour, cores, clock_ghz;
    // A CPU from its parts: FP32 FLOPs and BF16 (AMX) ops per clock per core, DRAM channels and MT/s.
    std::optional<double> fp32_per_cycle, bf16_per_cycle, memory_channels, memory_mts;
    // An accelerator's other dense peaks (FP8 TFLOPS, INT8 TOPS), which low-bit formats' prefill runs at.
    std::optional<double> fp8_tflops, int8_tops;
    // The catalog card the form copies ("based_on"; "" for a device typed from scratch) and the hardware object
    // the form held when seeded from it: only what differs from that is sent, so an untouched copy is the card.
    std::string base_id;
    std::string seed_json;
    UiMessage error;  // the parser's (or the estimate's) message naming the field
};

// A colocated service being added (③ "+ colocated").
struct ColocatedDraft {
    std::string model_id;  // catalog id of an embedding/reranker/ASR model
    std::string weights = "fp16";
};

// A file the platform offers as a download (the export menu, panels/export_menu.cpp).
struct DownloadRequest {
    std::string filename;  // "infersizer-report.md"
    std::string mime;      // "text/markdown;charset=utf-8"
    std::string text;
};

// Your own catalog (user_catalog.hpp): files merged over the catalog this session, and what the last load did.
// Nothing persists: a reload starts from the bundled catalog again.
struct UserCatalogState {
    bool picker_requested = false;          // the header's button: the platform opens its file picker
    std::vector<std::string> loaded_files;  // merged so far, in order ("" for a document given through the API)
    std::string last_file;                  // the last file loaded or refused
    std::vector<CatalogChange> changes;     // what the last good file added or replaced
    Errors errors;                          // why the last file was refused (each with its JSON path); or empty
    bool show_message = false;              // the summary or the errors are on screen until dismissed
};

struct AppState {
    // --- Language and catalog -------------------------------------------------------------------------
    Lang lang = Lang::zh;
    std::optional<Catalog> catalog;  // nullopt: catalog_error says why, and the page shows only that
    UiMessage catalog_error;

    // --- The scenario and its result (computed from exactly this scenario) ----------------------------
    Scenario scenario;
    std::optional<Result> result;  // nullopt only when even the starting scenario failed
    UiMessage result_error;        // why result is missing
    unsigned result_generation = 0;

    // --- Curves of the result (charts_panel.cpp): computed when the result changed, not every frame ------
    bool charts_open = false;          // the section is folded until opened (then the curves are computed)
    std::optional<Curves> curves;
    UiMessage curves_error;            // the core's message when they could not be computed
    unsigned curves_generation = ~0u;  // the result_generation they belong to
    // Where each chart was drawn in the last frame ("id" → x0 y0 x1 y1, ImGui px; "section" is the section's
    // header): tests find the charts.
    std::map<std::string, std::string> chart_boxes;

    // --- Messages -------------------------------------------------------------------------------------
    std::vector<Error> url_errors;  // invalid URL parameters, each naming its key; dismissible
    UiMessage edit_error;           // the last refused edit (the core's message), cleared by a good edit
    std::string clipboard_request;  // taken by the platform once per frame
    std::optional<DownloadRequest> download_request;  // taken by the platform once per frame
    int png_frames = 0;             // Save PNG: frames left until the one the platform captures (the menu closed)
    std::string toast;              // short confirmation ("copied"), shown until toast_until_s
    double toast_until_s = 0;

    // --- Widget state (no function-local statics in panels) ------------------------------------------
    std::map<std::string, NumberField> fields;  // key: the scenario field name
    std::string model_search;
    bool show_custom_model = false;
    CustomModelForm custom_form;
    std::string config_paste;        // pasted config.json text
    UiMessage config_message;        // what was understood, or the error
    bool config_ok = false;
    HardwareFilter hw_filter;
    CustomHardwareForm custom_hw;
    ColocatedDraft colocated_draft;
    std::vector<std::string> preset_colocated;  // rows a preset added (RAG's embedder, reranker): the next preset removes them
    bool plan_fits_only = false;
    bool inputs_open_narrow = false;  // narrow layout: the inputs strip starts folded, the answer first
    bool scroll_to_headroom = false;  // the "④ commands" jump was pressed: the inputs scroll to ④ next frame

    // --- Theme (theme.hpp) and your own catalog ---------------------------------------------------------
    Theme system_theme = Theme::dark;     // prefers-color-scheme, reported (and followed live) by the platform
    std::optional<Theme> theme_override;  // the header's toggle or the link's theme=; nullopt: follow the system
    UserCatalogState user_catalog;
    ModelFileState model_file;  // the model's own files opened on the page (model_files.hpp)
    std::map<std::string, std::string> item_boxes;  // tests: where a control or judged word was drawn, "x0 y0 x1 y1"

    // --- Embedding (embed.hpp): the compact layout for an iframe, and what the platform is asked to do ------
    bool embed = false;                  // ?embed=1: the compact layout (app_frame), without the header
    bool offline_copy_available = false;  // the served page can fetch infersizer-offline.html for the export menu
    bool inputs_open_embed = false;      // embed layout: the inputs start folded, the answer first
    float content_height_px = 0;         // embed layout: the height its content took in the last frame (CSS px)
    std::string page_request;            // "open ?query" | "download-offline": taken by the platform once per frame

    // --- Fonts ----------------------------------------------------------------------------------------
    ImVector<ImWchar> glyph_ranges;  // the atlas keeps a pointer to it: lives as long as the state
    float font_pixel_size = 0;
    LazyGlyphs lazy_glyphs;  // the common-CJK cut, fetched when a typed name needs it (fonts.hpp)

    // --- Frame pacing ---------------------------------------------------------------------------------
    int frames_wanted = 0;  // ask the platform for a few more frames after a change (layout settles)

    const std::string& lang_code() const { return lang_id(lang); }
    Theme theme() const { return theme_override.value_or(system_theme); }
};

// --- State transitions (app_state.cpp) ---------------------------------------------------------------

// Estimates `next`; on success it becomes the current scenario with its result and the generation moves.
// On failure nothing changes and the error is returned.
std::optional<Error> apply_scenario(AppState& s, const Scenario& next);

// apply_scenario for an edit from a widget: records the refusal in s.edit_error (or clears it).
bool edit_scenario(AppState& s, const Scenario& next);

// The URL query for the current scenario and language, without a leading '?' (app_query).
std::string current_query(const AppState& s);

// Queues text for the platform's clipboard and shows a short confirmation.
void request_clipboard(AppState& s, std::string text);

// Seconds since start (ImGui's clock), for toasts.
double now_s();

}  // namespace infersizer::app
