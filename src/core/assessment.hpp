// assessment.hpp — what the estimate found about the scenario's own setup: its memory, fit, speed, judgement
// and the planner's rows. estimate.cpp builds it whole before the stages that compare the setup with the other
// paths (cost, the decision rows, the verdict sentence, the launch commands) run, and those stages take it as
// their input, so none of them reads a half-filled Result or depends on the order estimate.cpp fills one.
#pragma once

#include "result.hpp"

#include <optional>
#include <vector>

namespace infersizer {

struct Assessment {
    int count = 1;                          // cards of the estimate (the planner's pick when the scenario left it open)
    std::optional<PlannedCount> planned;    // present when the planner chose the count
    MemoryResult memory;                    // one replica
    FitResult fit;
    PerformanceResult performance;
    std::optional<OffloadResult> offload;   // MoE expert offload, when judged
    ServingStatus status = ServingStatus::does_not_fit;  // judge.hpp
    TargetsMet targets_met;
    FitRemedy remedy = FitRemedy::none;
    std::optional<Text> cannot_run;         // judge.hpp: the engine cannot serve the format on this hardware
    // The user's cards run the model: they fit, or a remedy (wiring cap, expert offload, careful end) runs them.
    bool own_cards_run() const { return status != ServingStatus::does_not_fit || remedy != FitRemedy::none; }
    std::vector<PlanRow> plan;              // empty when planning was not asked for
    std::optional<Interval> cards_needed;   // more cards than the load needs: this many suffice
    Explain explain;                        // how the figures above were computed (explain.hpp)
};

}  // namespace infersizer
