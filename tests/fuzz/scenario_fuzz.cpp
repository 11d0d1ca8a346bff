// scenario_fuzz.cpp — a scenario file's text ("infersizer.scenario/1"), then, when it is accepted, the estimate
// and its round trips: the whole path `infersizer estimate --scenario` takes.
#include "bundled_catalog.hpp"
#include "estimate.hpp"
#include "scenario_json.hpp"
#include "scenario_url.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace infersizer;
    const std::string text(reinterpret_cast<const char*>(data), size);
    const Expected<Scenario> s = scenario_from_json_text(text);
    if (!s) {
        (void)s.error().cli_line_in("zh");
        return 0;
    }
    (void)scenario_from_json(scenario_to_json(*s));
    (void)scenario_from_query(scenario_to_query(*s), Scenario{});
    (void)estimate(bundled::catalog(), *s);
    return 0;
}
