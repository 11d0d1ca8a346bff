// url_fuzz.cpp — a shared link's query (scenario_from_query), then the page's repair of it (apply_link: drop what
// the catalog refuses) and, when something is left, the estimate.
#include "bundled_catalog.hpp"
#include "estimate.hpp"
#include "scenario_link.hpp"
#include "scenario_url.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace infersizer;
    const std::string query(reinterpret_cast<const char*>(data), size);
    const UrlParse parsed = scenario_from_query(query, Scenario{});
    for (const Error& e : parsed.errors) (void)e.cli_line_in("zh");
    const LinkApply link = apply_link(bundled::catalog(), query, Scenario{});
    if (link.ok && link.errors.empty() && !(link.scenario.model_id == Scenario{}.model_id && query.empty()))
        (void)estimate(bundled::catalog(), link.scenario);
    return 0;
}
