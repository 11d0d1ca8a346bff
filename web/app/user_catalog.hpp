// user_catalog.hpp — your own catalog on the page: a catalog document (the CLI's --catalog format, docs/catalog.md)
// merged over the catalog the page serves, by the core's merge_catalog, so the page and the CLI accept and refuse
// exactly the same files. The platform hands the text over from a file picker, a drop or
// window.infersizer.loadCatalog(); nothing is stored, so a reload starts from the bundled catalog again.
#pragma once

#include "app_state.hpp"

#include <string>

namespace infersizer::app {

// Merges `json_text` over s.catalog and re-estimates the current scenario with it. On success the merged catalog
// serves from now on (files accumulate: a second file merges over the first) and s.user_catalog lists what
// changed. On any error — a field the core refuses (every one, each with its JSON path), or a current scenario the
// new catalog cannot estimate — the catalog, scenario and result stay exactly as they were and the errors are
// listed on the page. `file_name` names the file in the page's messages ("" for a document from the API).
// Returns true when the catalog was merged.
bool load_user_catalog(AppState& s, const std::string& json_text, const std::string& file_name);

// The last load as the JS API returns it (docs/contract.md, "loadCatalog"):
//   {"ok": true, "file": "...", "added": {"accelerators": ["my-card"], ...}, "replaced": {"models": [...]}}
//   {"ok": false, "file": "...", "errors": [{"id", "path", "message", "text"}]}
// `path` is the JSON path inside the document ("accelerators[2].memory_gb"; "" for the document as a whole),
// `message` the core's English, `text` "path: message" in the page's language.
std::string user_catalog_report_json(const AppState& s);

// An error's JSON path inside the user's document: the core's "user catalog: " prefix removed.
std::string user_catalog_json_path(const Error& e);

}  // namespace infersizer::app
