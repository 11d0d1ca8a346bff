#include "bundled_catalog.hpp"

#include <cstdio>
#include <cstdlib>

namespace infersizer::bundled {

CatalogFiles files() {
    CatalogFiles f;
    f.models = std::string(embedded_file("models.json"));
    f.hardware = std::string(embedded_file("hardware.json"));
    f.formats = std::string(embedded_file("formats.json"));
    f.engines = std::string(embedded_file("engines.json"));
    f.prices = std::string(embedded_file("prices.json"));
    return f;
}

const Catalog& catalog() {
    static const Catalog c = [] {
        auto loaded = load_catalog(files());
        if (!loaded) {
            std::fprintf(stderr, "bundled catalog is invalid: %s\n", loaded.error().to_string().c_str());
            std::abort();
        }
        return loaded.value();
    }();
    return c;
}

}  // namespace infersizer::bundled
