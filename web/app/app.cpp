// app.cpp — app.hpp's functions: the host API over AppState and the frame that lays out the panels.
//
// [SECTION] creation and fonts   [SECTION] host API (JSON, URL, language)   [SECTION] frame layout
#include "app.hpp"
#include "search_picker.hpp"

#include "app_state.hpp"
#include "catalog_json.hpp"
#include "embed.hpp"
#include "fonts.hpp"
#include "panels/panels.hpp"
#include "report.hpp"
#include "report_doc.hpp"
#include "result_json.hpp"
#include "scenario_json.hpp"
#include "scenario_link.hpp"
#include "scenario_url.hpp"
#include "widgets.hpp"
#include "theme.hpp"
#include "model_files.hpp"
#include "user_catalog.hpp"

#include <imgui.h>

namespace infersizer::app {

// ---------------------------------------------------------------------------------------------------
// [SECTION] creation and fonts
// ---------------------------------------------------------------------------------------------------
AppState* app_create(const CatalogTexts& files, const std::string& lang) {
    auto* s = new AppState;
    s->lang = lang_from_id(lang);
    CatalogFiles cf{files.models, files.hardware, files.formats, files.engines, files.prices};
    Expected<Catalog> loaded = load_catalog(cf);
    if (!loaded) {
        s->catalog_error = UiMessage::of(loaded.error());
        return s;
    }
    s->catalog = std::move(loaded.value());
    if (std::optional<Error> e = apply_scenario(*s, Scenario{})) s->result_error = UiMessage::of(*e);
    return s;
}

void app_destroy(AppState* s) { delete s; }

void app_load_fonts(AppState* s, float pixel_size) { load_fonts(*s, pixel_size); }
bool app_take_common_font_request(AppState* s) { return take_common_font_request(*s); }
void app_provide_common_font(AppState* s, std::string ttf) { provide_common_font(*s, std::move(ttf)); }
bool app_fonts_dirty(AppState* s) { return s->lazy_glyphs.atlas_dirty; }
std::string app_missing_glyphs(AppState* s) { return missing_glyphs(*s); }

std::string app_picker_box(const std::string& combo_id) { return picker_box(combo_id); }
std::string app_open_tooltip() { return LastTooltipText(); }
std::string app_figure_box(const std::string& key) { return FigureBox(key); }

std::string app_chart_boxes(AppState* s) {
    std::string out;
    for (const auto& [id, box] : s->chart_boxes) out += (out.empty() ? "" : "\n") + id + " " + box;
    return out;
}

// ---------------------------------------------------------------------------------------------------
// [SECTION] host API (JSON, URL, language)
// ---------------------------------------------------------------------------------------------------
std::string app_set_scenario_json(AppState* s, const std::string& scenario_json) {
    // A scenario document stands alone, as the CLI reads it: absent fields take the defaults, not the
    // page's current values, so the same JSON gives the same result everywhere.
    Expected<Scenario> parsed = scenario_from_json_text(scenario_json);
    if (!parsed) return parsed.error().cli_line_in("en");
    if (std::optional<Error> e = apply_scenario(*s, parsed.value())) return e->cli_line_in("en");
    s->edit_error.clear();
    return "";
}

std::string app_get_result_json(AppState* s) {
    if (!s->result) {
        nlohmann::json j = {{"schema", kResultSchema},
                            {"error", (s->catalog ? s->result_error : s->catalog_error).in(s->lang)}};
        return j.dump();
    }
    return result_to_json(*s->result, s->lang_code()).dump();
}

std::string app_get_scenario_json(AppState* s) { return scenario_to_json(s->scenario).dump(); }

void app_apply_query(AppState* s, const std::string& query) {
    // Each valid parameter applies; one the catalog refuses (an unknown hardware id, a format the engine
    // cannot run) is dropped and named, and the rest stay (scenario_link.hpp). Without a catalog the page
    // shows only the catalog error, so the parameters are applied as parsed.
    UrlParse parsed = s->catalog ? static_cast<UrlParse>(apply_link(*s->catalog, query, s->scenario))
                                 : scenario_from_query(query, s->scenario);
    s->url_errors = parsed.errors;
    if (!parsed.lang.empty()) s->lang = lang_from_id(parsed.lang);
    if (!parsed.theme.empty()) s->theme_override = theme_from_id(parsed.theme);
    if (std::optional<Error> e = apply_scenario(*s, parsed.scenario)) s->url_errors.push_back(*e);
}

std::string app_query(AppState* s) { return current_query(*s); }

unsigned app_result_generation(AppState* s) { return s->result_generation; }
std::string app_lang(AppState* s) { return s->lang_code(); }
void app_set_lang(AppState* s, const std::string& lang) {
    s->lang = lang_from_id(lang);
    s->frames_wanted = 3;
}

std::string app_catalog_summary(AppState* s) {
    if (!s->catalog) return "0 0 0 0";
    const Catalog& c = *s->catalog;
    return std::to_string(c.models.size()) + " " + std::to_string(c.hardware.size()) + " " +
           std::to_string(c.weight_formats.size()) + " " + std::to_string(c.engines.size());
}

std::string app_load_catalog_json(AppState* s, const std::string& json_text, const std::string& file_name) {
    load_user_catalog(*s, json_text, file_name);
    s->frames_wanted = 3;
    return user_catalog_report_json(*s);
}

bool app_take_catalog_picker_request(AppState* s) {
    const bool requested = s->user_catalog.picker_requested;
    s->user_catalog.picker_requested = false;
    return requested;
}

void app_model_file_begin(AppState* s) { model_files_begin(*s); }

std::string app_model_file_offer(AppState* s, const std::string& name, const unsigned char* data, size_t size,
                                 double file_size) {
    s->frames_wanted = 3;
    return model_files_offer(*s, name, data, size, file_size);
}

std::string app_model_file_summary(AppState* s) { return model_files_summary_json(*s); }

bool app_use_model_file(AppState* s) {
    s->frames_wanted = 3;
    return use_model_files(*s);
}

bool app_take_model_file_picker_request(AppState* s) {
    const bool requested = s->model_file.picker_requested;
    s->model_file.picker_requested = false;
    return requested;
}

std::string app_model_file_tensors(AppState* s) { return model_files_tensors_json(*s); }

void app_set_system_theme(AppState* s, const std::string& theme) {
    if (std::optional<Theme> t = theme_from_id(theme)) s->system_theme = *t;
    s->frames_wanted = 3;
}

bool app_set_theme(AppState* s, const std::string& theme) {
    if (theme == "system") s->theme_override.reset();
    else if (std::optional<Theme> t = theme_from_id(theme)) s->theme_override = t;
    else return false;
    s->frames_wanted = 3;
    return true;
}

std::string app_theme(AppState* s) { return theme_id(s->theme()); }

std::string app_item_box(AppState* s, const std::string& name) {
    const auto it = s->item_boxes.find(name);
    return it == s->item_boxes.end() ? "" : it->second;
}

void app_set_page_flags(AppState* s, bool embed, bool offline_copy_available) {
    s->embed = embed;
    s->offline_copy_available = offline_copy_available;
    s->frames_wanted = 3;
}

float app_content_height(AppState* s) { return s->content_height_px; }

std::string app_take_page_request(AppState* s) {
    std::string out;
    out.swap(s->page_request);
    return out;
}

std::string app_url_errors(AppState* s) {
    std::string out;
    for (const Error& e : s->url_errors) out += (out.empty() ? "" : "\n") + e.cli_line_in("en");
    return out;
}

void app_add_url_error(AppState* s, const std::string& path, const std::string& message) {
    s->url_errors.push_back(Error{"url.unreadable", path, message});
}

std::string app_get_report(AppState* s, const std::string& kind, const std::string& lang) {
    const Expected<ReportKind> k = report_kind_from_string(kind, "kind");
    if (!k) return nlohmann::json{{"error", k.error().path + ": " + k.error().message}}.dump();
    if (!s->result) return nlohmann::json{{"error", "result: " + (s->catalog ? s->result_error : s->catalog_error).in(s->lang)}}.dump();
    const std::string l = lang == "zh" || lang == "en" ? lang : s->lang_code();
    return nlohmann::json{{"report", render_report(*k, s->scenario, *s->result, l)}}.dump();
}

std::string app_get_text_view(AppState* s) {
    if (!s->result) return "";
    return report_doc_to_json(report_doc(s->scenario, *s->result, s->lang_code())).dump();
}

bool app_take_download_request(AppState* s, std::string* filename, std::string* mime, std::string* text) {
    if (!s->download_request) return false;
    *filename = std::move(s->download_request->filename);
    *mime = std::move(s->download_request->mime);
    *text = std::move(s->download_request->text);
    s->download_request.reset();
    return true;
}

bool app_take_png_request(AppState* s) {
    if (s->png_frames <= 0) return false;
    return --s->png_frames == 0;
}

std::string app_export_box(const std::string& id) { return export_box(id); }

std::string app_take_clipboard_request(AppState* s) {
    std::string out;
    out.swap(s->clipboard_request);
    return out;
}

// ---------------------------------------------------------------------------------------------------
// [SECTION] frame layout
// ---------------------------------------------------------------------------------------------------
namespace {

// "输入 · Qwen3-8B · Q4_K_M · GeForce RTX 4090 24GB × 1 · 5 人" for the folded strip.
std::string inputs_summary(const AppState& s) {
    std::string out = std::string(tr(S::inputs, s.lang)) + " · " + s.scenario.display_model_name() + " · " + s.scenario.weights;
    if (s.result) out += " · " + s.result->hardware_name + " × " + std::to_string(s.result->count);
    out += " · " + std::to_string(s.scenario.concurrency) + " " + tr(S::unit_users, s.lang);
    return out;
}

void draw_inputs(AppState& s) {
    DrawHeadroomJump(s);
    DrawModelPanel(s);
    DrawTrafficPanel(s);
    DrawHardwarePanel(s);
    DrawHeadroomPanel(s);
}

void draw_results(AppState& s) {
    DrawVerdictPanel(s);
    if (!s.result) return;
    // Memory and speed side by side when there is room for both at a readable width.
    const float em = ImGui::GetFontSize();
    if (ImGui::GetContentRegionAvail().x >= em * 48 &&
        ImGui::BeginTable("memory_speed", 2, ImGuiTableFlags_SizingStretchProp)) {
        ImGui::TableSetupColumn("memory", ImGuiTableColumnFlags_WidthStretch, 1.3f);
        ImGui::TableSetupColumn("speed", ImGuiTableColumnFlags_WidthStretch, 1.0f);
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        DrawMemoryPanel(s);
        ImGui::TableNextColumn();
        if (s.result) DrawSpeedPanel(s);
        if (s.result) DrawCostPanel(s);
        ImGui::EndTable();
    } else {
        DrawMemoryPanel(s);
        if (s.result) DrawSpeedPanel(s);
        if (s.result) DrawCostPanel(s);
    }
    if (!s.result) return;
    DrawWarningsPanel(s);
    DrawDecisionPanel(s);
    DrawFaqPanel(s);
    DrawChartsPanel(s);  // the curves before the card table, which ends the column (it grows to the window's room)
    DrawPlanPanel(s);
}

// The full page: header, then the inputs beside the results (or folded above them when narrow).
void draw_page_layout(AppState& s) {
    DrawHeader(s);
    DrawMessages(s);
    DrawUserCatalogMessages(s);

    if (s.catalog) {
        const float em = ImGui::GetFontSize();
        // Side panel beside the results when both fit at a readable width; otherwise the inputs fold into
        // a strip above the results (embeds, phones).
        const bool wide = ImGui::GetContentRegionAvail().x >= em * 62;
        if (wide) {
            ImGui::BeginChild("inputs", ImVec2(em * 25, 0), true);
            draw_inputs(s);
            ImGui::EndChild();
            ImGui::SameLine();
            ImGui::BeginChild("results", ImVec2(0, 0), false);
            draw_results(s);
            ImGui::EndChild();
        } else {
            ImGui::BeginChild("narrow", ImVec2(0, 0), false);
            // Folded, the strip still says what is being sized.
            ImGui::SetNextItemOpen(s.inputs_open_narrow, ImGuiCond_Always);
            s.inputs_open_narrow = ImGui::CollapsingHeader((inputs_summary(s) + "###inputs").c_str());
            if (s.inputs_open_narrow) draw_inputs(s);
            draw_results(s);
            ImGui::EndChild();
        }
    }
}

}  // namespace

bool app_frame(AppState* sp) {
    AppState& s = *sp;
    ImGuiIO& io = ImGui::GetIO();
    io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
    apply_theme(s.theme());  // the system's preference or the visitor's choice, as of this frame

    const ImGuiWindowFlags page_flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                        ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(io.DisplaySize);
    ImGui::Begin("InferSizer##page", nullptr, page_flags);
    if (s.embed) draw_embed_layout(s);  // embed.hpp: the compact layout for an iframe
    else draw_page_layout(s);
    ImGui::End();
    note_user_text(s);  // a character the atlas lacks asks for the common-CJK font (fonts.hpp)
    EndTooltipFrame();  // the explanation shown this frame becomes the debug hook's answer

    bool animating = false;
    if (s.frames_wanted > 0) {
        --s.frames_wanted;
        animating = true;
    }
    if (!s.toast.empty()) {
        if (now_s() >= s.toast_until_s) s.toast.clear();
        animating = true;  // the toast must disappear on time even without input
    }
    return animating;
}

}  // namespace infersizer::app
