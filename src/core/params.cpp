// params.cpp — parameter counts from config fields (docs/references/models.md, "How total parameters
// follow from the fields"). gguf_mix.cpp builds the same model tensor by tensor; a test checks that both
// give the same total for every catalog model.
#include "params.hpp"

#include <algorithm>

namespace infersizer {

namespace {

double d(int64_t v) { return static_cast<double>(v); }

// docs/references/models.md, MLA: q = H·q_lora + q_lora + q_lora·h·(nope+rope) (or H·h·(nope+rope) without q_lora),
// kv = H·(kv_lora+rope) + kv_lora + kv_lora·h·(nope+v), o = h·v·H. The two latent layernorms are counted
// here, with the attention they belong to.
double mla_attention_per_layer(const ModelArch& m) {
    const double H = d(m.hidden), h = d(m.n_heads), qk = d(m.qk_nope_head_dim + m.qk_rope_head_dim);
    const double q = m.q_lora_rank > 0
                         ? H * d(m.q_lora_rank) + d(m.q_lora_rank) + d(m.q_lora_rank) * h * qk
                         : H * h * qk;
    const double kv = H * d(m.kv_lora_rank + m.qk_rope_head_dim) + d(m.kv_lora_rank) +
                      d(m.kv_lora_rank) * h * d(m.qk_nope_head_dim + m.v_head_dim);
    const double o = h * d(m.v_head_dim) * H;
    return q + kv + o;
}

// docs/references/models.md, GQA: q + k + v + o, + (n_q·d + 2·n_kv·d) with Q/K/V biases, + 2·d with qk_norm. gpt-oss adds
// the o-projection bias (H) and one attention-sink scalar per head (n_q).
double gqa_attention_per_layer(const ModelArch& m) {
    const double H = d(m.hidden), q = d(m.n_heads * m.head_dim), kv = d(m.n_kv_heads * m.head_dim);
    double p = H * q + 2 * H * kv + q * H;
    if (m.qkv_bias || m.gpt_oss_layout) p += q + 2 * kv;
    if (m.gpt_oss_layout) p += H + d(m.n_heads);
    if (m.qk_norm) p += 2 * d(m.head_dim);
    return p;
}

double attention_per_layer(const ModelArch& m) {
    return m.is_mla() ? mla_attention_per_layer(m) : gqa_attention_per_layer(m);
}

int64_t expert_width(const ModelArch& m) { return m.moe_intermediate > 0 ? m.moe_intermediate : m.intermediate; }

// One routed or shared expert: gated MLP 3·H·I_e; gpt-oss adds biases: (H·2I + 2I) + (I·H + H).
double expert_params(const ModelArch& m) {
    const double H = d(m.hidden), I = d(expert_width(m));
    if (m.gpt_oss_layout) return (H * 2 * I + 2 * I) + (I * H + H);
    return 3 * H * I;
}

// Router H·E, + E for a routing-score bias (DeepSeek-V3 / GLM-4.5 noaux_tc, gpt-oss router bias).
double router_params(const ModelArch& m) {
    const double H = d(m.hidden), E = d(m.n_experts);
    return H * E + ((m.router_bias || m.gpt_oss_layout) ? E : 0.0);
}

// A size-only model: the published totals, and the embedding when its shape is known.
ParamCounts stated_counts(const ModelArch& m) {
    ParamCounts c;
    c.total = m.params_override.value_or(0.0);
    c.active = m.active_params_override.value_or(c.total);
    if (m.vocab > 0 && m.hidden > 0) {
        c.embedding = d(m.vocab) * d(m.hidden);
        c.lm_head = m.tie_embeddings ? 0.0 : c.embedding;
    }
    return c;
}

}  // namespace

ParamCounts count_params(const ModelArch& m) {
    // A stated total wins: it is set exactly where the shape cannot be trusted to give the count
    // (encoders, Whisper, unverified expert counts, an explicit architecture given only by size).
    if (m.params_override || !m.has_shape()) return stated_counts(m);

    ParamCounts c;
    const double H = d(m.hidden), L = d(m.n_layers);
    c.embedding = d(m.vocab) * H;
    c.lm_head = m.tie_embeddings ? 0.0 : c.embedding;
    c.attention = L * attention_per_layer(m);
    c.norms = L * d(m.norms_per_layer) * H + H;  // r norms per layer + the final norm

    const double dense_mlp_per_layer = 3 * H * d(m.intermediate);
    if (m.is_moe()) {
        const int64_t dense_layers = std::clamp<int64_t>(m.first_k_dense, 0, m.n_layers);
        const double moe_layers = d(m.n_layers - dense_layers);
        c.dense_mlp = d(dense_layers) * dense_mlp_per_layer;
        c.routed_experts = moe_layers * d(m.n_experts) * expert_params(m);
        c.routed_active = moe_layers * d(std::min(m.experts_per_tok, m.n_experts)) * expert_params(m);
        c.shared_experts = moe_layers * d(m.n_shared_experts) * expert_params(m);
        c.router = moe_layers * router_params(m);
    } else {
        c.dense_mlp = L * dense_mlp_per_layer;
    }

    c.total = c.embedding + c.lm_head + c.attention + c.dense_mlp + c.routed_experts + c.shared_experts +
              c.router + c.norms;
    c.active = c.total - c.routed_experts + c.routed_active;
    return c;
}

}  // namespace infersizer
