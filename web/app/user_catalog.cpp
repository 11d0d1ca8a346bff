// user_catalog.cpp — your own catalog on the page (user_catalog.hpp).
#include "user_catalog.hpp"

#include "fonts.hpp"

#include <nlohmann/json.hpp>

#include <utility>

namespace infersizer::app {

bool load_user_catalog(AppState& s, const std::string& json_text, const std::string& file_name) {
    UserCatalogState& u = s.user_catalog;
    u.last_file = file_name;
    u.show_message = true;
    u.changes.clear();
    u.errors.clear();
    if (!s.catalog) {
        u.errors.push_back(Error{"app.no_catalog", "catalog", s.catalog_error.en});
        return false;
    }
    std::vector<CatalogChange> changes;
    Expected<Catalog> merged = merge_catalog(*s.catalog, json_text, &u.errors, &changes);
    if (!merged) return false;
    // The current scenario must still estimate with the new catalog (a replaced model may lose the format it
    // uses); if not, the old catalog goes back and the scenario and result never changed.
    std::optional<Catalog> previous = std::move(s.catalog);
    s.catalog = std::move(merged.value());
    if (std::optional<Error> e = apply_scenario(s, s.scenario)) {
        s.catalog = std::move(previous);
        u.errors.push_back(*e);
        return false;
    }
    u.changes = std::move(changes);
    u.loaded_files.push_back(file_name);
    // Its names and notes are shown in pickers, tables and sentences: any character the small font cut lacks
    // asks for the common-CJK cut now (the result itself is not scanned: fonts.cpp, note_user_text).
    note_shown_text(s, json_text);
    note_shown_text(s, file_name);
    return true;
}

std::string user_catalog_json_path(const Error& e) {
    const std::string prefix = "user catalog";
    if (e.path.rfind(prefix, 0) != 0) return e.path;  // not the document's: the scenario, the page
    std::string rest = e.path.substr(prefix.size());
    if (rest.rfind(": ", 0) == 0) rest.erase(0, 2);
    return rest;
}

std::string user_catalog_report_json(const AppState& s) {
    const UserCatalogState& u = s.user_catalog;
    nlohmann::json out = {{"ok", u.errors.empty()}, {"file", u.last_file}};
    if (!u.errors.empty()) {
        nlohmann::json errors = nlohmann::json::array();
        for (const Error& e : u.errors) {
            const std::string path = user_catalog_json_path(e);
            const std::string message = e.message_in(s.lang_code());
            const std::string text = path.empty() ? message : path + (s.lang == Lang::zh ? "：" : ": ") + message;
            errors.push_back({{"id", e.id}, {"path", path}, {"message", e.message}, {"text", text}});
        }
        out["errors"] = std::move(errors);
        return out.dump();
    }
    nlohmann::json added = nlohmann::json::object(), replaced = nlohmann::json::object();
    for (const CatalogChange& c : u.changes) (c.replaced ? replaced : added)[c.collection].push_back(c.id);
    out["added"] = std::move(added);
    out["replaced"] = std::move(replaced);
    return out.dump();
}

}  // namespace infersizer::app
