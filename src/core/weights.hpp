// weights.hpp — bytes of the weights for a format, modelled per tensor class (GGUF mixes per tensor,
// group overheads for GPTQ/AWQ, 16-bit embeddings where formats keep them).
#pragma once

#include "catalog.hpp"
#include "interval.hpp"

#include <string>
#include <vector>

namespace infersizer {

struct TensorClassBytes {
    std::string name;    // token_embd, output, attn_q, attn_k, attn_v, attn_output, ffn_up, ffn_gate, ffn_down,
                         // ffn_*_exps, ffn_*_shexp, attn_kv_a_mqa, ..., norms
    double params = 0;
    std::string type;    // ggml type or format id ("Q6_K", "F32", "bf16")
    double bytes = 0;
};

struct WeightsEstimate {
    Interval bytes;             // resident bytes; an interval only where the format's layout is uncertain
    double bits_per_weight = 0; // bytes × 8 / total params
    double params = 0;          // the weights counted (the tensors laid out, or the stated total)
    Interval active_bytes;      // bytes read per decode step: everything but the unrouted experts
    std::vector<TensorClassBytes> classes;
};

WeightsEstimate estimate_weights(const ModelArch& m, const WeightFormat& f);

// Weights of a colocated model given only its size: params × the format's bits per weight.
Interval colocated_weights_bytes(double params, const WeightFormat& f);

}  // namespace infersizer
