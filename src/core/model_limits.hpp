// model_limits.hpp — the largest value the core accepts for each model dimension, whichever document gives it (a
// catalog entry, a published config.json, an explicit architecture object). Checked while the JSON number is still
// a double, before any integer conversion, so 2^64-1 or 1e308 is refused with the field's name instead of wrapping.
//
// The bounds are generous against every published model (the largest today: 126 layers, hidden 25,600, 256
// routed experts, vocabularies of 256k, contexts of 10M) and small enough that nothing the estimate builds from
// them can exhaust the machine: the GGUF tensor layout (gguf_mix.cpp) lists each layer's tensors, so
// layers x norms_per_layer bounds its size.
#pragma once

#include <cstdint>
#include <string_view>

namespace infersizer::model_limits {

inline constexpr int64_t kMaxDimension = 10'000'000;  // any field not listed below (vocabularies)

// The largest accepted value of `key` (a catalog / config.json / explicit-architecture field name).
inline int64_t max_of(std::string_view key) {
    struct Limit {
        std::string_view key;
        int64_t max;
    };
    static constexpr Limit kLimits[] = {
        // depth
        {"num_hidden_layers", 1000}, {"num_layers", 1000}, {"layers", 1000}, {"decoder_layers", 1000},
        {"encoder_layers", 1000}, {"first_k_dense_replace", 1000}, {"first_k_dense", 1000},
        {"n_sliding_layers", 1000}, {"sliding_layers", 1000}, {"max_window_layers", 1000},
        {"num_nextn_predict_layers", 1000}, {"moe_layer_freq", 1000}, {"decoder_sparse_step", 1000},
        {"sliding_window_pattern", 1000}, {"norms_per_layer", 16},
        // widths
        {"hidden_size", 262'144}, {"hidden", 262'144}, {"d_model", 262'144},
        {"intermediate_size", 1'048'576}, {"intermediate", 1'048'576}, {"ffn_hidden_size", 1'048'576},
        {"moe_intermediate_size", 1'048'576}, {"moe_intermediate", 1'048'576}, {"decoder_ffn_dim", 1'048'576},
        {"encoder_ffn_dim", 1'048'576},
        // attention
        {"num_attention_heads", 4096}, {"heads", 4096}, {"decoder_attention_heads", 4096},
        {"num_key_value_heads", 4096}, {"kv_heads", 4096}, {"multi_query_group_num", 4096},
        {"head_dim", 8192}, {"kv_channels", 8192}, {"qk_rope_head_dim", 8192}, {"qk_nope_head_dim", 8192},
        {"v_head_dim", 8192}, {"kv_lora_rank", 65'536}, {"q_lora_rank", 65'536},
        // experts
        {"n_routed_experts", 65'536}, {"num_experts", 65'536}, {"num_local_experts", 65'536}, {"experts", 65'536},
        {"num_experts_per_tok", 1024}, {"experts_per_tok", 1024}, {"experts_per_token", 1024},
        {"n_shared_experts", 1024}, {"shared_experts", 1024},
        // lengths
        {"max_position_embeddings", 100'000'000}, {"max_context", 100'000'000}, {"sliding_window", 100'000'000},
        {"seq_length", 100'000'000}, {"model_max_length", 100'000'000},
    };
    for (const Limit& l : kLimits)
        if (l.key == key) return l.max;
    return kMaxDimension;
}

}  // namespace infersizer::model_limits
