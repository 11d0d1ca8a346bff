// faq.hpp — the seed's two questions, answered for the scenario at hand from the core's own figures: can the
// cards a model was trained on serve it (how many suffice, and what the plan's cheapest choice would cost), and
// does quantization remove the need for a GPU (the CPU path at this model, format and context against the GPU
// path). The page draws them as they are (web/app/panels/faq_panel.cpp); result JSON "faq".
#pragma once

#include "assessment.hpp"
#include "context.hpp"
#include "result.hpp"

#include <vector>

namespace infersizer {

// Ids of the answers, in the order they are returned.
inline constexpr const char* kFaqReuseTrainingCards = "reuse_training_cards";
inline constexpr const char* kFaqQuantizationVsGpu = "quantization_vs_gpu";

std::vector<FaqEntry> faq_answers(const Context& ctx, const Assessment& a);

}  // namespace infersizer
