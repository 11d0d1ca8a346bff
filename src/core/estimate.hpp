// estimate.hpp — the single entry point: scenario in, result out. The CLI, the page and the tests all
// call this.
#pragma once

#include "catalog.hpp"
#include "error.hpp"
#include "result.hpp"
#include "scenario.hpp"

namespace infersizer {

// What to compute beyond memory, fit and speed for the scenario's own hardware. The page and the CLI
// want everything; property tests and the per-keystroke benchmark time the parts separately.
struct EstimateOptions {
    bool plan = true;      // the whole-catalog card plan (Result.plan)
    bool decision = true;  // cost, decision rows, seed scenarios, verdict sentence, deploy hints
};

Expected<Result> estimate(const Catalog& catalog, const Scenario& scenario, const EstimateOptions& options = {});

}  // namespace infersizer
