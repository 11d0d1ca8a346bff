// params.hpp — parameter counts from the architecture (docs/references/models.md formulas). Memory counts every
// expert; compute and bytes read per token count only the active ones.
#pragma once

#include "catalog.hpp"

namespace infersizer {

struct ParamCounts {
    double total = 0;          // every weight stored
    double active = 0;         // used per token: all but the unrouted experts (input embedding included)
    double embedding = 0;      // vocab × hidden
    double lm_head = 0;        // 0 when tied
    double attention = 0;      // all layers, incl. biases and qk norms
    double dense_mlp = 0;      // dense layers' MLPs
    double routed_experts = 0; // all routed experts of all MoE layers
    double routed_active = 0;  // k experts per MoE layer
    double shared_experts = 0;
    double router = 0;
    double norms = 0;
};

ParamCounts count_params(const ModelArch& m);

}  // namespace infersizer
