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
    // Every figure's explanation (Result.explain, both languages). The estimates the core runs inside a result — the
    // FAQ's CPU answer, each point of the curves — read figures only and skip them (about half of one estimate's cost).
    bool explain = true;
};

Expected<Result> estimate(const Catalog& catalog, const Scenario& scenario, const EstimateOptions& options = {});

}  // namespace infersizer
