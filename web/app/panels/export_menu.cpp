// export_menu.cpp — "Export" beside "copy link": the result leaves the page as the core's reports
// (report.hpp: markdown, CSV, JSON) through the clipboard or a download, or as a PNG of the page. The app only
// queues requests; the platform (web/platform) hands them to the browser after the frame.
#include "panels.hpp"

#include "embed.hpp"
#include "report.hpp"

#include <imgui.h>

#include <algorithm>
#include <map>

namespace infersizer::app {

namespace {

// Tests click the menu by these boxes (app_export_box), as they click pickers by theirs.
std::map<std::string, std::string>& boxes() {
    static std::map<std::string, std::string> b;
    return b;
}

void note_box(const std::string& id) {
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    boxes()[id] = std::to_string(a.x) + " " + std::to_string(a.y) + " " + std::to_string(b.x) + " " + std::to_string(b.y);
}

std::string export_label(const AppState& s) { return tr(S::export_menu, s.lang); }

void download(AppState& s, ReportKind kind, const char* filename, const char* mime) {
    s.download_request = DownloadRequest{filename, mime, render_report(kind, s.scenario, *s.result, s.lang_code())};
    s.toast = tr(S::downloaded, s.lang);
    s.toast_until_s = now_s() + 1.5;
}

}  // namespace

float ExportButtonWidth(const AppState& s) {
    return ImGui::CalcTextSize(export_label(s).c_str()).x + ImGui::GetStyle().FramePadding.x * 2;
}

std::string export_box(const std::string& id) {
    const auto it = boxes().find(id);
    return it == boxes().end() ? "" : it->second;
}

void DrawExportMenu(AppState& s) {
    const bool has_result = s.result.has_value();
    if (!has_result) ImGui::BeginDisabled();
    if (ImGui::SmallButton((export_label(s) + "###export").c_str())) ImGui::OpenPopup("export_menu");
    note_box("##export");
    if (!has_result) ImGui::EndDisabled();
    if (!ImGui::BeginPopup("export_menu")) return;
    if (!s.result) {  // the result went away while the menu was open (a refused catalog)
        ImGui::EndPopup();
        return;
    }
    if (ImGui::Selectable(tr(S::export_copy_markdown, s.lang)))
        request_clipboard(s, report_markdown(s.scenario, *s.result, s.lang_code()));
    note_box("##export_copy_markdown");
    if (ImGui::Selectable(tr(S::export_markdown, s.lang)))
        download(s, ReportKind::markdown, "infersizer-report.md", "text/markdown;charset=utf-8");
    note_box("##export_markdown");
    if (ImGui::Selectable(tr(S::export_csv, s.lang)))
        download(s, ReportKind::csv, "infersizer-cards.csv", "text/csv;charset=utf-8");
    note_box("##export_csv");
    if (ImGui::Selectable(tr(S::export_json, s.lang)))
        download(s, ReportKind::json, "infersizer-result.json", "application/json");
    note_box("##export_json");
    if (ImGui::Selectable(tr(S::export_png, s.lang))) {
        // Two frames: the one that closes this menu, then the page alone, which the platform captures.
        s.png_frames = 2;
        s.frames_wanted = std::max(s.frames_wanted, 3);
    }
    note_box("##export_png");
    // The served page only: the one-file copy next to it in dist/ (the platform fetches and saves it).
    if (s.offline_copy_available) {
        if (ImGui::Selectable(tr(S::export_offline, s.lang))) request_offline_copy(s);
        note_box("##export_offline");
    }
    ImGui::EndPopup();
}

}  // namespace infersizer::app
