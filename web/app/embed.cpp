// embed.cpp — embed.hpp: the compact layout for ?embed=1 and the "embed this" snippet.
#include "embed.hpp"

#include "panels/panels.hpp"
#include "widgets.hpp"

#include <imgui.h>

namespace infersizer::app {

namespace {

// '&' separates parameters and starts HTML entities: written as &amp; inside the attribute. The core's query is
// already percent-encoded; the other HTML-special characters are encoded again in case a later key is not.
std::string attribute_text(const std::string& query) {
    std::string out;
    for (char c : query) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '"': out += "%22"; break;
            case '\'': out += "%27"; break;
            case '<': out += "%3C"; break;
            case '>': out += "%3E"; break;
            default: out += c;
        }
    }
    return out;
}

}  // namespace

std::string embed_snippet(const AppState& s) {
    const std::string query = current_query(s);
    // The listener resizes only the iframe whose window sent the message, and only to a plausible height.
    return "<iframe src=\"?embed=1" + (query.empty() ? std::string() : "&amp;" + attribute_text(query)) +
           "\" title=\"InferSizer · 推理算力估算器\" style=\"width:100%;height:640px;border:0\" loading=\"lazy\"></iframe>\n"
           "<script>/* InferSizer: size the iframe to its content · 按内容高度调整 iframe */\n"
           "addEventListener('message', function (e) {\n"
           "  var d = e.data, frames = document.getElementsByTagName('iframe');\n"
           "  if (!d || d.type !== 'infersizer:height' || typeof d.height !== 'number' || !(d.height > 0 && d.height < 20000)) return;\n"
           "  for (var i = 0; i < frames.length; i++) if (frames[i].contentWindow === e.source) frames[i].style.height = Math.ceil(d.height) + 'px';\n"
           "});\n"
           "</script>\n";
}

void request_open_full_page(AppState& s) { s.page_request = "open ?" + current_query(s); }

void request_offline_copy(AppState& s) {
    s.page_request = "download-offline";
    s.toast = tr(S::downloaded, s.lang);
    s.toast_until_s = now_s() + 1.5;
}

void draw_embed_layout(AppState& s) {
    // The header's place: the name and the way out to the full page (language and theme come from the link).
    ImGui::TextUnformatted(tr(S::app_title, s.lang));
    ImGui::SameLine();
    if (ImGui::SmallButton(tr(S::open_full_page, s.lang)) && s.catalog) request_open_full_page(s);
    RecordItemBox(s, "open_full_page");
    DrawMessages(s);
    if (s.catalog) {
        // The answer first: headline, memory, speed, decision; then what it was asked, folded.
        DrawVerdictPanel(s);
        if (s.result) DrawMemoryPanel(s);
        if (s.result) DrawSpeedPanel(s);
        if (s.result) DrawDecisionPanel(s);
        if (s.result) DrawWarningsPanel(s);
        ImGui::SetNextItemOpen(s.inputs_open_embed, ImGuiCond_Always);
        std::string strip = std::string(tr(S::inputs, s.lang)) + " · " + s.scenario.display_model_name() + " · " +
                            s.scenario.weights;
        s.inputs_open_embed = ImGui::CollapsingHeader((strip + "###embed_inputs").c_str());
        RecordItemBox(s, "embed_inputs");
        if (s.inputs_open_embed) {
            DrawModelPanel(s);
            DrawTrafficPanel(s);
            DrawHardwarePanel(s);
            DrawHeadroomPanel(s);
        }
    }
    // The cursor sits below the last item (window-local, scroll included): that plus the bottom padding is what the
    // content needs, whatever the window's own height.
    s.content_height_px = ImGui::GetCursorPosY() + ImGui::GetStyle().WindowPadding.y;
}

}  // namespace infersizer::app
