// bundled_catalog.hpp — the catalog in data/, compiled into the binary (CLI, tests, benchmarks).
#pragma once

#include "catalog.hpp"
#include "catalog_json.hpp"

#include <string_view>

namespace infersizer::bundled {

// The raw text of a bundled data file by name ("models.json"); empty when unknown.
std::string_view embedded_file(std::string_view name);
CatalogFiles files();
// Parsed once; the bundled catalog is validated by the tests, so failure here is a build defect.
const Catalog& catalog();

}  // namespace infersizer::bundled
