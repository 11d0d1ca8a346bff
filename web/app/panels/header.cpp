// header.cpp — title, version and catalog counts, your-catalog button, theme and language toggles, copy link,
// export; URL and edit messages.
#include "panels.hpp"

#include "embed.hpp"

#include "format.hpp"
#include "version.hpp"
#include "widgets.hpp"

#include <imgui.h>

#include <algorithm>
#include <string>

namespace infersizer::app {

namespace {

void draw_language_toggle(AppState& s) {
    // 中文|EN: two small selectables; switching redraws every string next frame, nothing reloads.
    const float em = ImGui::GetFontSize();
    const Lang langs[2] = {Lang::zh, Lang::en};
    const S labels[2] = {S::lang_zh, S::lang_en};
    for (int i = 0; i < 2; ++i) {
        if (i) {
            ImGui::SameLine(0, 0);
            ImGui::TextDisabled("|");
            ImGui::SameLine(0, 0);
        }
        const char* label = tr(labels[i], s.lang);
        if (ImGui::Selectable(label, s.lang == langs[i], 0, ImVec2(ImGui::CalcTextSize(label).x + em * 0.3f, 0))) {
            s.lang = langs[i];
            s.frames_wanted = 3;
        }
        RecordItemBox(s, i == 0 ? "lang_zh" : "lang_en");
        ImGui::SameLine();
    }
}

// 浅色|深色: picks the theme over the system's preference; picking the system's own theme follows it again (the
// link then carries no theme=).
void draw_theme_toggle(AppState& s) {
    const float em = ImGui::GetFontSize();
    const Theme themes[2] = {Theme::light, Theme::dark};
    const S labels[2] = {S::theme_light, S::theme_dark};
    for (int i = 0; i < 2; ++i) {
        if (i) {
            ImGui::SameLine(0, 0);
            ImGui::TextDisabled("|");
            ImGui::SameLine(0, 0);
        }
        const char* word = tr(labels[i], s.lang);
        const std::string id = std::string("theme_") + theme_id(themes[i]);
        const std::string label = std::string(word) + "##" + id;
        if (ImGui::Selectable(label.c_str(), s.theme() == themes[i], 0, ImVec2(ImGui::CalcTextSize(word).x + em * 0.3f, 0))) {
            if (themes[i] == s.system_theme) s.theme_override.reset();
            else s.theme_override = themes[i];
            s.frames_wanted = 3;
        }
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr(S::theme_hint, s.lang));
        RecordItemBox(s, id.c_str());
        ImGui::SameLine();
    }
}

// Opens the platform's file picker for your own catalog (user_catalog.hpp); a drop on the page does the same.
void draw_catalog_button(AppState& s) {
    if (ImGui::SmallButton(tr(S::load_catalog, s.lang)) && s.catalog) s.user_catalog.picker_requested = true;
    if (ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30);
        WrappedText(tr(S::load_catalog_hint, s.lang));
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
    }
    RecordItemBox(s, "load_catalog");
    ImGui::SameLine();
}

}  // namespace

void DrawHeader(AppState& s) {
    const float em = ImGui::GetFontSize();
    ImGui::TextUnformatted(tr(S::app_title, s.lang));
    ImGui::SameLine();
    const std::string data_version = s.catalog ? s.catalog->version : std::string("—");
    MutedText(trf(S::version_fmt, s.lang, kVersion, data_version.c_str()));

    // Right-aligned: language toggle, copy link, toast; on a narrow window they take a line of their own.
    // The width is measured from the words in the current language, with the toast's room always kept, so
    // "已复制" / "Copied" appears inside the window at any font size and the row does not jump.
    const ImGuiStyle& style = ImGui::GetStyle();
    auto text_w = [&](S id) { return ImGui::CalcTextSize(tr(id, s.lang)).x; };
    const float toggle_w = text_w(S::lang_zh) + text_w(S::lang_en) + em * 0.6f + ImGui::CalcTextSize("|").x;
    const float link_w = text_w(S::copy_link) + text_w(S::embed_this) + style.FramePadding.x * 4 + style.ItemSpacing.x;
    const float export_w = ExportButtonWidth(s);
    // The toast's room fits the longer of its words ("已复制" / "已下载").
    const float toast_w = std::max(text_w(S::copied), text_w(S::downloaded));
    const float theme_w = text_w(S::theme_light) + text_w(S::theme_dark) + em * 0.6f + ImGui::CalcTextSize("|").x;
    const float catalog_w = text_w(S::load_catalog) + style.FramePadding.x * 2;
    const float right_w = catalog_w + style.ItemSpacing.x + theme_w + style.ItemSpacing.x + toggle_w +
                          style.ItemSpacing.x + link_w + style.ItemSpacing.x + export_w + style.ItemSpacing.x + toast_w;
    ImGui::SameLine();
    const float right_x = ImGui::GetWindowContentRegionMax().x - right_w;
    if (ImGui::GetCursorPosX() + em > right_x) ImGui::NewLine();
    else ImGui::SameLine(right_x);
    // On a narrow window (a phone) each group goes to the next line when the rest of this one is too short.
    auto wrap_unless = [](float width) {
        if (ImGui::GetContentRegionAvail().x < width) ImGui::NewLine();
    };
    draw_catalog_button(s);
    wrap_unless(theme_w);
    draw_theme_toggle(s);
    wrap_unless(toggle_w);
    draw_language_toggle(s);
    wrap_unless(link_w);
    if (ImGui::SmallButton(tr(S::copy_link, s.lang)) && s.catalog) {
        // The platform knows the page's address: a request that starts with '?' means "this page with
        // this query" (it prepends location.origin + pathname).
        request_clipboard(s, "?" + current_query(s));
    }
    RecordItemBox(s, "copy_link");
    ImGui::SameLine();
    // The <iframe> snippet for this scenario (embed.hpp); bridge.js puts the page's address into its src.
    if (ImGui::SmallButton(tr(S::embed_this, s.lang)) && s.catalog) request_clipboard(s, embed_snippet(s));
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr(S::embed_this_hint, s.lang));
    RecordItemBox(s, "embed_this");
    ImGui::SameLine();
    // Export and the toast's room go to the next line together, so the toast never runs past the edge and the row
    // does not move when it appears.
    wrap_unless(export_w + style.ItemSpacing.x + toast_w);
    DrawExportMenu(s);
    if (!s.toast.empty()) {
        ImGui::SameLine();
        JudgedWord(verdict_color(Verdict::yes), s.toast.c_str(), "##toast");  // probed: tests check it is on screen
        RecordItemBox(s, "toast");
    } else {
        s.item_boxes.erase("toast");
    }

    if (s.catalog) {
        const Catalog& c = *s.catalog;
        std::string counts = trf(S::catalog_counts_fmt, s.lang, static_cast<int>(c.models.size()),
                                 static_cast<int>(c.hardware.size()), static_cast<int>(c.weight_formats.size()),
                                 static_cast<int>(c.engines.size()));
        if (const size_t n = s.user_catalog.loaded_files.size())
            counts += " · " + trf(S::catalog_counts_user_fmt, s.lang, static_cast<int>(n));
        MutedText(counts);
    }
    ImGui::Separator();
}

void DrawMessages(AppState& s) {
    const ImVec4 red = verdict_color(Verdict::no);
    const ImVec4 amber = verdict_color(Verdict::conditional);
    if (!s.catalog) {
        ImGui::PushStyleColor(ImGuiCol_Text, red);
        ImGui::PushTextWrapPos(0);
        WrappedText(trf(S::catalog_error_fmt, s.lang, s.catalog_error.in(s.lang).c_str()));
        ImGui::PopTextWrapPos();
        ImGui::PopStyleColor();
        return;
    }
    // URL errors: one line each, naming the parameter, dismissible.
    for (size_t i = 0; i < s.url_errors.size();) {
        const Error& e = s.url_errors[i];
        ImGui::PushID(static_cast<int>(i));
        bool dismissed = ImGui::SmallButton(tr(S::dismiss, s.lang));
        ImGui::SameLine();
        ImGui::PushStyleColor(ImGuiCol_Text, amber);
        ImGui::PushTextWrapPos(0);
        WrappedText(trf(S::url_error_fmt, s.lang, e.path.c_str(), e.message_in(s.lang_code()).c_str()));
        ImGui::PopTextWrapPos();
        ImGui::PopStyleColor();
        ImGui::PopID();
        if (dismissed) s.url_errors.erase(s.url_errors.begin() + static_cast<long>(i));
        else ++i;
    }
    if (!s.edit_error.empty()) {
        bool dismissed = ImGui::SmallButton((std::string(tr(S::dismiss, s.lang)) + "##edit").c_str());
        ImGui::SameLine();
        ImGui::PushStyleColor(ImGuiCol_Text, red);
        ImGui::PushTextWrapPos(0);
        WrappedText(trf(S::edit_refused_fmt, s.lang, s.edit_error.in(s.lang).c_str()));
        ImGui::PopTextWrapPos();
        ImGui::PopStyleColor();
        if (dismissed) s.edit_error.clear();
    }
    if (!s.result && !s.result_error.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, red);
        ImGui::PushTextWrapPos(0);
        WrappedText(trf(S::estimate_failed_fmt, s.lang, s.result_error.in(s.lang).c_str()));
        ImGui::PopTextWrapPos();
        ImGui::PopStyleColor();
    }
}

}  // namespace infersizer::app
