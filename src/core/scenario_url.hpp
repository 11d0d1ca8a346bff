// scenario_url.hpp — Scenario ↔ URL query string, for shareable links and embedding.
//
// Flat keys named as in the JSON (model, weights, kv_cache, engine, hardware, count, context_tokens,
// prompt_tokens, output_tokens, concurrency, ttft_s, tps_per_user, requests_per_day, headroom, colocated),
// plus two page settings that are not part of the scenario: `lang` (zh | en) and `theme` (light | dark, the
// page's colours when the visitor overrode the system preference). Custom models and hardware travel as
// URL-encoded JSON in `model` / `hardware`.
#pragma once

#include "error.hpp"
#include "scenario.hpp"

#include <string>

namespace infersizer {

struct UrlParse {
    Scenario scenario;  // base with every valid parameter applied
    Errors errors;      // one per invalid parameter, path "url.<key>"
    std::string lang;   // "zh", "en" or "" when absent
    std::string theme;  // "light", "dark" or "" when absent
};

// `query` may start with '?' or '#'. Invalid parameters are reported and skipped; the valid ones apply.
UrlParse scenario_from_query(const std::string& query, const Scenario& base = Scenario{});
// Only fields that differ from the defaults are written, so links stay short.
std::string scenario_to_query(const Scenario& s);

}  // namespace infersizer
