// scenario_link.hpp — a share link applied against the catalog, keeping every parameter that works.
//
// scenario_from_query (scenario_url.hpp) applies each parameter that parses; the combination can still fail to
// resolve against the catalog (an unknown hardware id, a format the engine cannot run). Then the parameter the
// failure names is dropped and reported under url.<key>, and the link is applied again without it, so one bad
// parameter never costs the valid ones (a bad `hardware` keeps the link's model, weights and engine).
#pragma once

#include "catalog.hpp"
#include "scenario_url.hpp"

#include <string>

namespace infersizer {

// `ok` is false when the scenario still does not resolve although no single parameter is to blame; then
// `scenario` is `base` and the last error says why.
struct LinkApply : UrlParse {
    bool ok = true;
};

LinkApply apply_link(const Catalog& catalog, const std::string& query, const Scenario& base);

}  // namespace infersizer
