// decision.hpp — the CPU / GPU / API rows and the seed's scenario rows, with failure points found by
// searching the input space (largest concurrency / context that still meets the targets).
#pragma once

#include "context.hpp"
#include "plan.hpp"
#include "result.hpp"

#include <optional>
#include <vector>

namespace infersizer {

std::vector<DecisionRow> decide_paths(const Context& ctx, const Result& partial);
std::vector<DecisionRow> decide_seed_scenarios(const Context& ctx, const Result& partial);
// One sentence for the top of the page, coloured by the GPU/CPU verdict.
Text verdict_sentence(const Context& ctx, const Result& partial);

// ---------------------------------------------------------------------------------------------------
// Added by decision.cpp: the searches behind the "fails when" column, and the CPU platform choice.
// ---------------------------------------------------------------------------------------------------

// The largest value (concurrency, or context tokens) at which the targets still hold, found by doubling
// then bisecting with check_serving (plan.hpp). 0 when even the smallest value fails.
struct SearchLimit {
    int64_t pessimistic = 0;         // the slow / large-memory ends still meet the targets up to here
    int64_t optimistic = 0;          // the fast ends (≥ pessimistic)
    bool pessimistic_capped = false; // the search reached its upper bound: the real limit is higher
    bool optimistic_capped = false;
    int64_t upper = 0;               // that upper bound
    Misses beyond;                   // what the pessimistic end misses one step beyond its limit
                                     // (at the smallest value when the limit is 0)
    ServingCheck beyond_check;       // the check one step beyond (for "memory holds N; the rest wait")
};

// Context lengths are searched on llama.cpp's 256-token padding grid (ctx padded to 256 with flash
// attention, reference/peers-and-formulas.md §4.2), so a limit reads "12k", not "12,289".
inline constexpr int64_t kContextStepTokens = 256;

// Concurrency 1 … limits::kConcurrencyMax at a fixed context.
SearchLimit max_concurrency_meeting_targets(const Context& ctx, const Hardware& hw, ReplicaLayout layout, int replicas,
                                            int64_t context_tokens);
// Context (prompt + output) … the model's max_context (or limits::kContextMax) at a fixed concurrency;
// prompt and output stay as the scenario gives them.
SearchLimit max_context_meeting_targets(const Context& ctx, const Hardware& hw, ReplicaLayout layout, int replicas,
                                        int64_t concurrency);

// The CPU row's machine. The user's own CPU platform when the scenario names one; otherwise the
// lowest-bandwidth catalog CPU platform on which one user meets the targets (a desktop for small
// models, a server socket for large ones), or the highest-bandwidth one when none does. The engine is
// the scenario's when it runs on CPUs, else llama.cpp. nullopt when the catalog has no CPU platform.
struct CpuChoice {
    Context ctx;        // on the platform, with the engine and KV format that run there
    Text why;           // which platform and why
};
std::optional<CpuChoice> choose_cpu_platform(const Context& ctx);

}  // namespace infersizer
