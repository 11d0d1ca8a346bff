// decision.hpp — the CPU / GPU / API rows and the seed's scenario rows, with failure points found by
// searching the input space (largest concurrency / context that still meets the targets).
#pragma once

#include "context.hpp"
#include "result.hpp"

#include <vector>

namespace infersizer {

std::vector<DecisionRow> decide_paths(const Context& ctx, const Result& partial);
std::vector<DecisionRow> decide_seed_scenarios(const Context& ctx, const Result& partial);
// One sentence for the top of the page, coloured by the GPU/CPU verdict.
Text verdict_sentence(const Context& ctx, const Result& partial);

}  // namespace infersizer
