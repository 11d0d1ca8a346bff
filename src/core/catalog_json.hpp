// catalog_json.hpp — the catalog's JSON form (data/*.json) ↔ typed structs, validated on load.
#pragma once

#include "catalog.hpp"
#include "error.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace infersizer {

// The bundled catalog is one JSON document per file; `files` maps a file name (models.json,
// hardware.json, formats.json, engines.json, prices.json) to its text. All errors are collected, each
// with the file and the JSON path of the bad entry ("hardware.json: accelerators[3].memory_gb: must be a
// positive number or null, got \"lots\"").
struct CatalogFiles {
    std::string models, hardware, formats, engines, prices;
};
Expected<Catalog> load_catalog(const CatalogFiles& files, Errors* all_errors = nullptr);

// What a merge changed: one entry per user entry, in the user document's order. `collection` is the user
// document's key ("models", "accelerators", "cpu_platforms", "weight_formats", "kv_formats", "engines",
// "gpu_rental", "llm_api"); `id` the entry's id, or for a price row "provider · gpu · pricing_model" /
// "provider · model · currency"; `replaced` whether an entry with that key was there before.
struct CatalogChange {
    std::string collection;
    std::string id;
    bool replaced = false;
};

// A broken file can yield an error per field; past this many, the rest are counted in one last error
// ("catalog.too_many_errors": "and N more errors not listed") so a page or a terminal stays readable.
constexpr size_t kMaxUserCatalogErrors = 50;

// Merges a user's catalog document over a good one: entries with the same id replace, new ones are
// added. Accepts one JSON object with any of the keys "models", "accelerators", "cpu_platforms",
// "weight_formats", "kv_formats", "engines", "gpu_rental", "llm_api" (and an optional "schema" string).
// Rental rows replace the row with the same provider, gpu and pricing_model; API rows the one with the
// same provider, model and currency. Error paths start with "user catalog: ". On any error the error is
// returned and the caller keeps its good catalog; `all_errors` receives every error found (at most
// kMaxUserCatalogErrors of them, then the count of the rest). On success `changes` lists what was added
// and what replaced. The CLI's --catalog and the page's own-catalog loader both call this.
Expected<Catalog> merge_catalog(const Catalog& base, const std::string& user_json, Errors* all_errors = nullptr,
                                std::vector<CatalogChange>* changes = nullptr);

}  // namespace infersizer
