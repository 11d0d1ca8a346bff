// hf_config_fuzz.cpp — a pasted config.json (model_from_hf_config_text), then, when understood, the estimate of
// that model in the default scenario.
#include "bundled_catalog.hpp"
#include "estimate.hpp"
#include "hf_config.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace infersizer;
    const std::string text(reinterpret_cast<const char*>(data), size);
    const Expected<ModelArch> m = model_from_hf_config_text(text);
    if (!m) {
        (void)m.error().cli_line_in("zh");
        return 0;
    }
    Scenario s;
    s.model_custom = *m;
    s.model_id = m->id;
    (void)estimate(bundled::catalog(), s);
    return 0;
}
