// kv.hpp — KV cache sizes: per token (GQA, MLA, sliding windows) and per sequence (block rounding).
#pragma once

#include "catalog.hpp"

#include <cstdint>

namespace infersizer {

// Bytes of KV for one token across all layers, as if every layer kept the full context.
// GQA: 2 × layers × kv_heads × head_dim × bytes; MLA: layers × (kv_lora_rank + qk_rope_head_dim) × bytes.
double kv_bytes_per_token(const ModelArch& m, double bytes_per_element);

// Bytes of KV one sequence of `tokens` holds: sliding-window layers capped at the window, tokens rounded
// up to the engine's allocation block.
double kv_bytes_per_sequence(const ModelArch& m, double bytes_per_element, int64_t tokens,
                             int64_t block_tokens);

// KV bytes read per decode step for one sequence at position `tokens` (what attention streams).
double kv_bytes_read_per_step(const ModelArch& m, double bytes_per_element, int64_t tokens);

}  // namespace infersizer
