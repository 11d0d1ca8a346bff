// model_file_panel.cpp — ① "open model file": the button (the platform's file picker; a drop on the page does
// the same), what the headers say (architecture, parameters, bytes per type, bits per weight) and "use this
// model". The summary is the core's (model_file.hpp); this file only draws it.
#include "format_text.hpp"
#include "model_files.hpp"
#include "panels.hpp"
#include "widgets.hpp"

#include <imgui.h>

namespace infersizer::app {

namespace {

std::string gib(double bytes, Lang lang) {
    return fmt::number(bytes / (1024.0 * 1024.0 * 1024.0), lang_id(lang)) + " GiB";
}

void draw_summary(AppState& s, const modelfile::Summary& m) {
    const std::string lang = s.lang_code();
    const std::string title = (m.name.empty() ? std::string("—") : m.name) + " (" + m.format +
                              (m.architecture.empty() ? "" : " · " + m.architecture) + ")";
    WrappedText(title);
    MutedText(trf(S::model_file_totals_fmt, s.lang, fmt::count(m.params, lang).c_str(), gib(m.tensor_bytes, s.lang).c_str(),
                  fmt::decimals(m.bits_per_weight(), 2).c_str(), static_cast<int>(m.tensor_count)));
    if (m.model && m.model->has_shape()) {
        const ModelArch& a = *m.model;
        MutedText(trf(S::config_shape_fmt, s.lang, a.model_type.c_str(), static_cast<int>(a.n_layers),
                      static_cast<int>(a.hidden), static_cast<int>(a.n_heads), static_cast<int>(a.n_kv_heads)));
    }
    if (!m.by_type.empty() &&
        ImGui::BeginTable("##model_file_types", 4, ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_RowBg)) {
        ImGui::TableSetupColumn(tr(S::model_file_type, s.lang));
        ImGui::TableSetupColumn(tr(S::model_file_tensors, s.lang));
        ImGui::TableSetupColumn(tr(S::model_file_params, s.lang));
        ImGui::TableSetupColumn("GiB");
        ImGui::TableHeadersRow();
        for (const auto& [type, t] : m.by_type) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(type.c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(std::to_string(t.tensors).c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(fmt::count(t.params, lang).c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(fmt::number(t.bytes / (1024.0 * 1024.0 * 1024.0), lang).c_str());
        }
        ImGui::EndTable();
    }
    // The core's notes are English facts; the Chinese page says how many there are instead of a foreign sentence.
    if (!m.notes.empty()) {
        if (s.lang == Lang::en) {
            for (const std::string& n : m.notes) MutedText(n);
        } else {
            MutedText(trf(S::model_file_notes_fmt, s.lang, static_cast<int>(m.notes.size())));
        }
    }
    if (s.model_file.used) {
        MutedText(tr(S::model_file_in_use, s.lang));
    } else if (m.model && ImGui::Button(tr(S::model_file_use, s.lang))) {
        use_model_files(s);
    }
}

}  // namespace

void DrawModelFileSection(AppState& s) {
    if (ImGui::Button(tr(S::model_file_open, s.lang))) s.model_file.picker_requested = true;
    // The hint on hover: one button's height keeps ① as tall as before for the panels below it.
    if (ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28);
        ImGui::TextUnformatted(tr(S::model_file_hint, s.lang));
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
    }
    if (s.model_file.summary) draw_summary(s, *s.model_file.summary);
    if (s.model_file.error) {
        ImGui::PushStyleColor(ImGuiCol_Text, verdict_color(Verdict::no));
        ImGui::PushTextWrapPos(0);
        WrappedText(s.model_file.error->located_in(s.lang_code()));
        ImGui::PopTextWrapPos();
        ImGui::PopStyleColor();
    }
}

}  // namespace infersizer::app
