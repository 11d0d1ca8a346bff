// decision_search.hpp — the searches behind the decision table's "fails when" column: the largest
// concurrency at a context, and the longest context at a concurrency, at which the targets still hold
// (docs/estimation.md §7.2). They screen with the steady-state estimate and settle with the serving
// simulation, through the core's one search helper (sizing.hpp).
#pragma once

#include "context.hpp"
#include "plan.hpp"
#include "result.hpp"

#include <cstdint>

namespace infersizer {

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
// attention, docs/references/peers-and-formulas.md §4.2), so a limit reads "12k", not "12,289".
inline constexpr int64_t kContextStepTokens = 256;

// Concurrency 1 … limits::kConcurrencyMax at a fixed context.
SearchLimit max_concurrency_meeting_targets(const Context& ctx, const Hardware& hw, ReplicaLayout layout, int replicas,
                                            int64_t context_tokens);
// Context (prompt + output) … the model's max_context (or limits::kContextMax) at a fixed concurrency;
// prompt and output stay as the scenario gives them.
SearchLimit max_context_meeting_targets(const Context& ctx, const Hardware& hw, ReplicaLayout layout, int replicas,
                                        int64_t concurrency);

// The same two limits for a mixture-of-experts model that the cards hold only with llama.cpp's --n-cpu-moe
// (offload.hpp): at each value the smallest split that fits, judged on that split's own speed
// (offload_performance); where the cards hold the model as it is, no split is needed and the value holds (the
// cards alone are faster than any split). Called where the scenario itself needs the split. A `split_overflows` miss
// one step beyond means that even every MoE layer's experts in host RAM leave the cards overflowing. `cards` and `tp` as
// estimate_offload takes them.
SearchLimit max_concurrency_with_expert_offload(const Context& ctx, int cards, int tp, int64_t context_tokens);
SearchLimit max_context_with_expert_offload(const Context& ctx, int cards, int tp, int64_t concurrency);

}  // namespace infersizer
