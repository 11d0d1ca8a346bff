// catalog_json.hpp — the catalog's JSON form (data/*.json) ↔ typed structs, validated on load.
#pragma once

#include "catalog.hpp"
#include "error.hpp"

#include <string>

namespace infersizer {

// The bundled catalog is one JSON document per file; `files` maps a file name (models.json,
// hardware.json, formats.json, engines.json, prices.json) to its text. All errors are collected, each
// with the file and the JSON path of the bad entry ("hardware.json: accelerators[3].memory_gb: must be a
// positive number or null, got \"lots\"").
struct CatalogFiles {
    std::string models, hardware, formats, engines, prices;
};
Expected<Catalog> load_catalog(const CatalogFiles& files, Errors* all_errors = nullptr);

// Merges a user's catalog document over a good one: entries with the same id replace, new ones are
// added. Accepts one JSON object with any of the keys "models", "accelerators", "cpu_platforms",
// "weight_formats", "kv_formats", "engines", "gpu_rental", "llm_api" (and an optional "schema" string).
// Rental rows replace the row with the same provider, gpu and pricing_model; API rows the one with the
// same provider, model and currency. Error paths start with "user catalog: ". On any error the error is
// returned and the caller keeps its good catalog; `all_errors` receives every error found.
Expected<Catalog> merge_catalog(const Catalog& base, const std::string& user_json, Errors* all_errors = nullptr);

}  // namespace infersizer
