// kv.cpp — KV cache sizes (docs/estimation.md §3; docs/references/peers-and-formulas.md §4.2).
#include "kv.hpp"

#include <algorithm>

namespace infersizer {

namespace {

// Bytes one layer caches per token. GQA/MHA: K and V, n_kv heads of head_dim each (llm-d
// capacity_planner.py). MLA: the compressed latent plus the decoupled RoPE key, no separate V, as vLLM's
// MLAAttentionSpec and SGLang cache it (docs/references/models.md: 576 values per layer for DeepSeek-V3).
double kv_bytes_per_token_per_layer(const ModelArch& m, double bytes_per_element) {
    if (m.is_mla()) return static_cast<double>(m.kv_lora_rank + m.qk_rope_head_dim) * bytes_per_element;
    return 2.0 * static_cast<double>(m.n_kv_heads) * static_cast<double>(m.head_dim) * bytes_per_element;
}

// Layers that keep at most `sliding_window` tokens (Gemma-2/3 local layers, gpt-oss sliding layers,
// Mistral-7B-v0.1's window on every layer).
int64_t sliding_layers(const ModelArch& m) {
    if (m.sliding_window <= 0) return 0;
    return std::clamp<int64_t>(m.n_sliding_layers, 0, m.n_layers);
}

int64_t round_up(int64_t v, int64_t block) { return (v + block - 1) / block * block; }

}  // namespace

double kv_bytes_per_token(const ModelArch& m, double bytes_per_element) {
    if (!m.has_shape()) return 0.0;  // a size-only model has no KV shape; memory.cpp warns about it
    return static_cast<double>(m.n_layers) * kv_bytes_per_token_per_layer(m, bytes_per_element);
}

double kv_bytes_per_sequence(const ModelArch& m, double bytes_per_element, int64_t tokens,
                             int64_t block_tokens) {
    if (!m.has_shape() || tokens <= 0) return 0.0;
    const int64_t block = std::max<int64_t>(1, block_tokens);
    // Paged engines allocate whole blocks (vLLM: 16 tokens); llama.cpp pads its context (32, 256 with FA).
    const int64_t full_tokens = round_up(tokens, block);
    const int64_t n_sliding = sliding_layers(m);
    const int64_t n_global = m.n_layers - n_sliding;
    // A sliding layer never holds more than the window (rounded to whole blocks). Engines keep a little
    // more in flight (vLLM: window + batched tokens; llama.cpp: window + n_ubatch); that slack belongs to
    // the engine's activation/runtime terms, not to the KV of one sequence.
    const int64_t window_tokens = n_sliding > 0 ? std::min(full_tokens, round_up(m.sliding_window, block)) : 0;
    const double per_layer = kv_bytes_per_token_per_layer(m, bytes_per_element);
    return per_layer * (static_cast<double>(n_global) * static_cast<double>(full_tokens) +
                        static_cast<double>(n_sliding) * static_cast<double>(window_tokens));
}

double kv_bytes_read_per_step(const ModelArch& m, double bytes_per_element, int64_t tokens) {
    if (!m.has_shape() || tokens <= 0) return 0.0;
    const int64_t n_sliding = sliding_layers(m);
    const int64_t n_global = m.n_layers - n_sliding;
    const int64_t window_tokens = n_sliding > 0 ? std::min(tokens, m.sliding_window) : 0;
    const double per_layer = kv_bytes_per_token_per_layer(m, bytes_per_element);
    return per_layer * (static_cast<double>(n_global) * static_cast<double>(tokens) +
                        static_cast<double>(n_sliding) * static_cast<double>(window_tokens));
}

}  // namespace infersizer
