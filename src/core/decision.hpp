// decision.hpp — the CPU / GPU / API rows, the seed's scenario rows and the verdict sentence. They compare the
// scenario's own setup (its Assessment, complete before they run) with the other paths; the failure points come
// from decision_search.hpp and every sentence from decision_text.hpp.
#pragma once

#include "assessment.hpp"
#include "context.hpp"
#include "result.hpp"

#include <optional>
#include <vector>

namespace infersizer {

std::vector<DecisionRow> decide_paths(const Context& ctx, const Assessment& a, const CostResult& cost);
std::vector<DecisionRow> decide_seed_scenarios(const Context& ctx, const Assessment& a, const CostResult& cost);
// One sentence for the top of the page, worded for the judgement (judge.hpp) the assessment carries.
Text verdict_sentence(const Context& ctx, const Assessment& a);

// Requests a day a setup finishes at full load, latency targets aside: every sequence memory holds (the offline-batch
// row's batch) in a closed loop, each request taking its TTFT and its answer. The user's own cards (`row` nullptr, a
// CPU user's platform as the rows judge it) or a planner row. {0, 0} where memory holds no sequence or the speed is
// unknown. The cost's break-even stops there (cost.hpp).
Interval full_load_requests_per_day(const Context& ctx, const Assessment& a, const PlanRow* row);

// The plan's row for the user's own card where that row meets the targets (at its slow end, cards.hi) on no more cards than the user has, laid
// out otherwise than the estimate of the user's cards, which misses (another TP, or a layer-split engine's several
// servers where the user's cards were estimated as one): the same cards meet the targets laid out as the row is.
// nullptr otherwise, and when the planner chose the count. The verdict sentence and the FAQ name it.
const PlanRow* own_cards_meet_in_another_layout(const Context& ctx, const Assessment& a);

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
