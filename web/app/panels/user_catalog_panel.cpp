// user_catalog_panel.cpp — what loading your own catalog did (user_catalog.hpp): what it added and replaced, or
// every error with its JSON path while the previous catalog keeps serving. Shown under the header until dismissed.
#include "panels.hpp"

#include "user_catalog.hpp"
#include "widgets.hpp"

#include <imgui.h>

#include <string>

namespace infersizer::app {

namespace {

std::string file_label(const AppState& s) {
    const std::string& f = s.user_catalog.last_file;
    return f.empty() ? tr(S::catalog_from_api, s.lang) : f;
}

// "a、b、c" / "a, b, c" of the changes that were (or were not) replacements.
std::string ids_list(const AppState& s, bool replaced) {
    std::string out;
    for (const CatalogChange& c : s.user_catalog.changes) {
        if (c.replaced != replaced) continue;
        if (!out.empty()) out += s.lang == Lang::zh ? "、" : ", ";
        out += c.id;
    }
    return out;
}

void draw_refusal(AppState& s) {
    const UserCatalogState& u = s.user_catalog;
    ColoredWrapped(verdict_color(Verdict::no),
                   trf(S::catalog_refused_fmt, s.lang, file_label(s).c_str(), static_cast<int>(u.errors.size())));
    ImGui::Indent();
    for (const Error& e : u.errors) {
        const std::string path = user_catalog_json_path(e);
        const std::string message = e.message_in(s.lang_code());
        TextWrappedCjk(path.empty() ? message : path + (s.lang == Lang::zh ? "：" : ": ") + message);
    }
    ImGui::Unindent();
}

void draw_summary(AppState& s) {
    int added = 0, replaced = 0;
    for (const CatalogChange& c : s.user_catalog.changes) ++(c.replaced ? replaced : added);
    ColoredWrapped(verdict_color(Verdict::yes), trf(S::catalog_loaded_fmt, s.lang, file_label(s).c_str(), added, replaced));
    if (added > 0) ColoredWrapped(palette().text_muted, trf(S::catalog_added_fmt, s.lang, ids_list(s, false).c_str()));
    if (replaced > 0) ColoredWrapped(palette().text_muted, trf(S::catalog_replaced_fmt, s.lang, ids_list(s, true).c_str()));
}

}  // namespace

void DrawUserCatalogMessages(AppState& s) {
    UserCatalogState& u = s.user_catalog;
    if (!u.show_message) return;
    ImGui::PushID("user_catalog");
    const bool dismissed = ImGui::SmallButton(tr(S::dismiss, s.lang));
    ImGui::SameLine();
    ImGui::BeginGroup();
    if (!u.errors.empty()) draw_refusal(s);
    else draw_summary(s);
    ImGui::EndGroup();
    ImGui::PopID();
    if (dismissed) u.show_message = false;
}

}  // namespace infersizer::app
