// catalog_fuzz.cpp — a user catalog (`--catalog FILE`, the page's own-catalog loader) merged over the bundled one;
// when accepted, an estimate of its first model on a bundled card and of a bundled model on its first card, so the
// fuzzed numbers reach the formulas.
#include "bundled_catalog.hpp"
#include "catalog_json.hpp"
#include "estimate.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace infersizer;
    const Catalog& base = bundled::catalog();
    const std::string text(reinterpret_cast<const char*>(data), size);
    Errors errors;
    std::vector<CatalogChange> changes;
    const Expected<Catalog> merged = merge_catalog(base, text, &errors, &changes);
    for (const Error& e : errors) (void)e.cli_line_in("zh");
    if (!merged) return 0;
    Scenario s;
    for (const CatalogChange& c : changes) {
        if (c.collection == "models") s.model_id = c.id;
        if (c.collection == "accelerators" || c.collection == "cpu_platforms") s.hardware_id = c.id;
    }
    (void)estimate(*merged, s);
    return 0;
}
