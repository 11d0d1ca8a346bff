// gguf_mix.cpp — GGUF tensor lists and llama-quantize's type rules (see gguf_mix.hpp for the sources).
//
// [SECTION] ggml type traits and ftypes
// [SECTION] tensor list of an architecture
// [SECTION] tensor categories and the mix rules
// [SECTION] row-length fallback and the mix
#include "gguf_mix.hpp"

#include <algorithm>
#include <array>
#include <cctype>

namespace infersizer::gguf {

// ---------------------------------------------------------------------------------------------------
// [SECTION] ggml type traits and ftypes
// ---------------------------------------------------------------------------------------------------

namespace {

// Block sizes: ggml/src/ggml-common.h block structs and ggml.c type_traits (docs/references/gguf-quant-mixes.md §3).
struct TypeRow {
    GgmlType type;
    GgmlTypeTraits traits;
};
constexpr TypeRow kTypes[] = {
    {GgmlType::F32, {"F32", 1, 4}},          {GgmlType::F16, {"F16", 1, 2}},
    {GgmlType::BF16, {"BF16", 1, 2}},        {GgmlType::Q4_0, {"Q4_0", 32, 18}},
    {GgmlType::Q4_1, {"Q4_1", 32, 20}},      {GgmlType::Q5_0, {"Q5_0", 32, 22}},
    {GgmlType::Q5_1, {"Q5_1", 32, 24}},      {GgmlType::Q8_0, {"Q8_0", 32, 34}},
    {GgmlType::Q2_K, {"Q2_K", 256, 84}},     {GgmlType::Q3_K, {"Q3_K", 256, 110}},
    {GgmlType::Q4_K, {"Q4_K", 256, 144}},    {GgmlType::Q5_K, {"Q5_K", 256, 176}},
    {GgmlType::Q6_K, {"Q6_K", 256, 210}},    {GgmlType::IQ1_S, {"IQ1_S", 256, 50}},
    {GgmlType::IQ1_M, {"IQ1_M", 256, 56}},   {GgmlType::IQ2_XXS, {"IQ2_XXS", 256, 66}},
    {GgmlType::IQ2_XS, {"IQ2_XS", 256, 74}}, {GgmlType::IQ2_S, {"IQ2_S", 256, 82}},
    {GgmlType::IQ3_XXS, {"IQ3_XXS", 256, 98}}, {GgmlType::IQ3_S, {"IQ3_S", 256, 110}},
    {GgmlType::IQ4_NL, {"IQ4_NL", 32, 18}},  {GgmlType::IQ4_XS, {"IQ4_XS", 256, 136}},
    {GgmlType::TQ1_0, {"TQ1_0", 256, 54}},   {GgmlType::TQ2_0, {"TQ2_0", 256, 66}},
    {GgmlType::MXFP4, {"MXFP4", 32, 17}},
};

// ftype → its default tensor type (llama_ftype_get_default_type; docs/references/gguf-quant-mixes.md §6.1).
struct FtypeRow {
    Ftype ftype;
    const char* name;
    GgmlType default_type;
};
constexpr FtypeRow kFtypes[] = {
    {Ftype::ALL_F32, "F32", GgmlType::F32},       {Ftype::F16, "F16", GgmlType::F16},
    {Ftype::BF16, "BF16", GgmlType::BF16},        {Ftype::Q4_0, "Q4_0", GgmlType::Q4_0},
    {Ftype::Q4_1, "Q4_1", GgmlType::Q4_1},        {Ftype::Q5_0, "Q5_0", GgmlType::Q5_0},
    {Ftype::Q5_1, "Q5_1", GgmlType::Q5_1},        {Ftype::Q8_0, "Q8_0", GgmlType::Q8_0},
    {Ftype::Q2_K, "Q2_K", GgmlType::Q2_K},        {Ftype::Q2_K_S, "Q2_K_S", GgmlType::Q2_K},
    {Ftype::Q3_K_S, "Q3_K_S", GgmlType::Q3_K},    {Ftype::Q3_K_M, "Q3_K_M", GgmlType::Q3_K},
    {Ftype::Q3_K_L, "Q3_K_L", GgmlType::Q3_K},    {Ftype::Q4_K_S, "Q4_K_S", GgmlType::Q4_K},
    {Ftype::Q4_K_M, "Q4_K_M", GgmlType::Q4_K},    {Ftype::Q5_K_S, "Q5_K_S", GgmlType::Q5_K},
    {Ftype::Q5_K_M, "Q5_K_M", GgmlType::Q5_K},    {Ftype::Q6_K, "Q6_K", GgmlType::Q6_K},
    {Ftype::IQ1_S, "IQ1_S", GgmlType::IQ1_S},     {Ftype::IQ1_M, "IQ1_M", GgmlType::IQ1_M},
    {Ftype::IQ2_XXS, "IQ2_XXS", GgmlType::IQ2_XXS}, {Ftype::IQ2_XS, "IQ2_XS", GgmlType::IQ2_XS},
    {Ftype::IQ2_S, "IQ2_S", GgmlType::IQ2_XS},    {Ftype::IQ2_M, "IQ2_M", GgmlType::IQ2_S},
    {Ftype::IQ3_XXS, "IQ3_XXS", GgmlType::IQ3_XXS}, {Ftype::IQ3_XS, "IQ3_XS", GgmlType::IQ3_S},
    {Ftype::IQ3_S, "IQ3_S", GgmlType::IQ3_S},     {Ftype::IQ3_M, "IQ3_M", GgmlType::IQ3_S},
    {Ftype::IQ4_NL, "IQ4_NL", GgmlType::IQ4_NL},  {Ftype::IQ4_XS, "IQ4_XS", GgmlType::IQ4_XS},
    {Ftype::TQ1_0, "TQ1_0", GgmlType::TQ1_0},     {Ftype::TQ2_0, "TQ2_0", GgmlType::TQ2_0},
    {Ftype::MXFP4_MOE, "MXFP4_MOE", GgmlType::MXFP4},
};

const FtypeRow& ftype_row(Ftype f) {
    for (const auto& r : kFtypes)
        if (r.ftype == f) return r;
    return kFtypes[0];  // unreachable: every enumerator has a row
}

std::string upper(std::string s) {
    for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

bool is_float_type(GgmlType t) { return t == GgmlType::F32 || t == GgmlType::F16 || t == GgmlType::BF16; }

}  // namespace

const GgmlTypeTraits& type_traits(GgmlType t) {
    for (const auto& r : kTypes)
        if (r.type == t) return r.traits;
    return kTypes[0].traits;  // unreachable
}

double type_bits_per_weight(GgmlType t) {
    const auto& tr = type_traits(t);
    return 8.0 * static_cast<double>(tr.block_bytes) / static_cast<double>(tr.block_elements);
}

std::optional<Ftype> ftype_from_name(const std::string& name) {
    const std::string u = upper(name);
    if (u == "MXFP4") return Ftype::MXFP4_MOE;
    if (u == "ALL_F32" || u == "FP32") return Ftype::ALL_F32;
    for (const auto& r : kFtypes)
        if (u == r.name) return r.ftype;
    return std::nullopt;
}

const char* ftype_name(Ftype f) { return ftype_row(f).name; }
GgmlType ftype_default_type(Ftype f) { return ftype_row(f).default_type; }

bool ftype_depends_on_imatrix(Ftype f) {
    // docs/references/gguf-quant-mixes.md §5.3: "imatrix given or not changes IQ3_XXS, IQ4_NL, IQ4_XS, Q4_0 and Q5_0 files".
    return f == Ftype::IQ3_XXS || f == Ftype::IQ4_NL || f == Ftype::IQ4_XS || f == Ftype::Q4_0 ||
           f == Ftype::Q5_0;
}

// ---------------------------------------------------------------------------------------------------
// [SECTION] tensor list of an architecture
// ---------------------------------------------------------------------------------------------------

namespace {

// llama.cpp converts Phi-3/Phi-4 and ChatGLM with a fused attn_qkv and a fused ffn_up (gate and up in one
// matrix of 2 × intermediate rows); the other families keep q/k/v and gate/up apart.
bool uses_fused_qkv(const ModelArch& m) { return m.model_type == "phi3" || m.model_type == "chatglm"; }

class TensorListBuilder {
public:
    explicit TensorListBuilder(const ModelArch& m) : m_(m) {}

    // llama-quantize visits weights in (block, name) order, non-block tensors first (§5.2): each group is
    // built and sorted by name on its own, which is that order without sorting the whole model.
    std::vector<Tensor> build() {
        out_.reserve(static_cast<size_t>(m_.n_layers) * 24 + 3);
        size_t group_start = 0;
        add_global();
        sort_group(group_start);
        for (int i = 0; i < static_cast<int>(m_.n_layers); ++i) {
            group_start = out_.size();
            add_block(i);
            sort_group(group_start);
        }
        return std::move(out_);
    }

private:
    const ModelArch& m_;
    std::vector<Tensor> out_;

    void sort_group(size_t first) {
        std::sort(out_.begin() + static_cast<std::ptrdiff_t>(first), out_.end(),
                  [](const Tensor& a, const Tensor& b) { return a.name < b.name; });
    }

    void add(int block, const std::string& role, const char* suffix, int64_t ne0, int64_t ne1, int64_t ne2,
             bool quantizable) {
        if (ne0 <= 0 || ne1 <= 0 || ne2 <= 0) return;
        Tensor t;
        t.block = block;
        t.role = role;
        t.name = (block >= 0 ? "blk." + std::to_string(block) + "." : std::string()) + role + suffix;
        t.ne0 = ne0;
        t.ne1 = ne1;
        t.ne2 = ne2;
        t.quantizable = quantizable;
        out_.push_back(t);
    }
    // A 2-D or 3-D weight matrix: quantizable unless its name says otherwise (§4).
    void weight(int block, const std::string& role, int64_t ne0, int64_t ne1, int64_t ne2 = 1) {
        const bool router = role == "ffn_gate_inp";
        add(block, role, ".weight", ne0, ne1, ne2, !router);
    }
    // 1-D vectors (norms, biases, sinks) and biases of stacked experts: F32, never quantized.
    void vector(int block, const std::string& role, const char* suffix, int64_t ne0, int64_t ne1 = 1) {
        add(block, role, suffix, ne0, ne1, 1, false);
    }

    void add_global() {
        const int64_t H = m_.hidden, V = m_.vocab;
        weight(-1, "token_embd", H, V);
        out_.back().input_embedding = !m_.tie_embeddings;
        out_.back().output_head = m_.tie_embeddings;
        vector(-1, "output_norm", ".weight", H);
        if (!m_.tie_embeddings) {
            weight(-1, "output", H, V);
            out_.back().output_head = true;
        }
    }

    void add_norms(int b) {
        // Two per block (attn_norm, ffn_norm); Gemma-2/3 and GLM-4 add post-attention and post-FFN norms.
        static const char* const kNames[] = {"attn_norm", "ffn_norm", "post_attention_norm", "post_ffw_norm"};
        for (int k = 0; k < m_.norms_per_layer; ++k) {
            const std::string role = k < 4 ? kNames[k] : "norm_" + std::to_string(k);
            vector(b, role, ".weight", m_.hidden);
        }
    }

    void add_mla_attention(int b) {
        const int64_t H = m_.hidden, h = m_.n_heads;
        const int64_t qk = m_.qk_nope_head_dim + m_.qk_rope_head_dim;
        if (m_.q_lora_rank > 0) {
            weight(b, "attn_q_a", H, m_.q_lora_rank);
            vector(b, "attn_q_a_norm", ".weight", m_.q_lora_rank);
            weight(b, "attn_q_b", m_.q_lora_rank, h * qk);
        } else {
            weight(b, "attn_q", H, h * qk);
        }
        weight(b, "attn_kv_a_mqa", H, m_.kv_lora_rank + m_.qk_rope_head_dim);
        vector(b, "attn_kv_a_norm", ".weight", m_.kv_lora_rank);
        // Current converters split kv_b into per-head k_b [nope, kv_lora, h] and v_b [kv_lora, v, h]
        // (docs/references/gguf-quant-mixes.md §8; the DeepSeek-V3.1 snapshot lists no attn_kv_b). Same element count.
        weight(b, "attn_k_b", m_.qk_nope_head_dim, m_.kv_lora_rank, h);
        weight(b, "attn_v_b", m_.kv_lora_rank, m_.v_head_dim, h);
        weight(b, "attn_output", h * m_.v_head_dim, H);
    }

    void add_gqa_attention(int b) {
        const int64_t H = m_.hidden, q = m_.n_heads * m_.head_dim, kv = m_.n_kv_heads * m_.head_dim;
        const bool bias = m_.qkv_bias || m_.gpt_oss_layout;
        if (uses_fused_qkv(m_)) {
            weight(b, "attn_qkv", H, q + 2 * kv);
            if (bias) vector(b, "attn_qkv", ".bias", q + 2 * kv);
        } else {
            weight(b, "attn_q", H, q);
            weight(b, "attn_k", H, kv);
            weight(b, "attn_v", H, kv);
            if (bias) {
                vector(b, "attn_q", ".bias", q);
                vector(b, "attn_k", ".bias", kv);
                vector(b, "attn_v", ".bias", kv);
            }
        }
        weight(b, "attn_output", q, H);
        if (m_.gpt_oss_layout) {
            vector(b, "attn_output", ".bias", H);
            vector(b, "attn_sinks", ".weight", m_.n_heads);  // one scalar per head, 1-D: F32
        }
        if (m_.qk_norm) {
            vector(b, "attn_q_norm", ".weight", m_.head_dim);
            vector(b, "attn_k_norm", ".weight", m_.head_dim);
        }
    }

    void add_dense_ffn(int b) {
        const int64_t H = m_.hidden, I = m_.intermediate;
        if (uses_fused_qkv(m_)) {
            weight(b, "ffn_up", H, 2 * I);
        } else {
            weight(b, "ffn_gate", H, I);
            weight(b, "ffn_up", H, I);
        }
        weight(b, "ffn_down", I, H);
    }

    void add_moe_ffn(int b) {
        const int64_t H = m_.hidden, E = m_.n_experts;
        const int64_t Ie = m_.moe_intermediate > 0 ? m_.moe_intermediate : m_.intermediate;
        weight(b, "ffn_gate_inp", H, E);
        if (m_.gpt_oss_layout) vector(b, "ffn_gate_inp", ".bias", E);
        else if (m_.router_bias) vector(b, "exp_probs_b", ".bias", E);
        const size_t first_expert = out_.size();
        weight(b, "ffn_gate_exps", H, Ie, E);
        weight(b, "ffn_up_exps", H, Ie, E);
        weight(b, "ffn_down_exps", Ie, H, E);
        if (m_.gpt_oss_layout) {  // per-expert biases: 2-D, but not named ".weight", so F32 (§4)
            vector(b, "ffn_gate_exps", ".bias", Ie, E);
            vector(b, "ffn_up_exps", ".bias", Ie, E);
            vector(b, "ffn_down_exps", ".bias", H, E);
        }
        for (size_t k = first_expert; k < out_.size(); ++k) out_[k].routed_expert = true;
        if (m_.n_shared_experts > 0) {  // llama.cpp stores the shared experts as one MLP of S × Ie
            const int64_t S = m_.n_shared_experts * Ie;
            weight(b, "ffn_gate_shexp", H, S);
            weight(b, "ffn_up_shexp", H, S);
            weight(b, "ffn_down_shexp", S, H);
        }
    }

    void add_block(int b) {
        add_norms(b);
        if (m_.is_mla()) add_mla_attention(b);
        else add_gqa_attention(b);
        const bool moe_block = m_.is_moe() && b >= m_.first_k_dense;
        if (moe_block) add_moe_ffn(b);
        else add_dense_ffn(b);
    }
};

}  // namespace

std::vector<Tensor> model_tensors(const ModelArch& m) {
    if (!m.has_shape() || m.vocab <= 0 || m.n_heads <= 0) return {};
    return TensorListBuilder(m).build();
}

// ---------------------------------------------------------------------------------------------------
// [SECTION] tensor categories and the mix rules
// ---------------------------------------------------------------------------------------------------

namespace {

// tensor_get_category: decided by substrings of the name, in this order (§5.1).
enum class Category { output, token_embd, attn_qkv, attn_kv_b, attn_v, attn_k, attn_q, attn_output,
                      ffn_up, ffn_gate, ffn_down, other };

bool contains(const std::string& s, const char* part) { return s.find(part) != std::string::npos; }

Category category_of(const std::string& name) {
    if (name == "output.weight") return Category::output;
    if (name == "token_embd.weight") return Category::token_embd;
    if (contains(name, "attn_qkv.weight")) return Category::attn_qkv;
    if (contains(name, "attn_kv_b.weight")) return Category::attn_kv_b;
    if (contains(name, "attn_v.weight")) return Category::attn_v;
    if (contains(name, "attn_k.weight")) return Category::attn_k;
    if (contains(name, "attn_q.weight")) return Category::attn_q;
    if (contains(name, "attn_output.weight")) return Category::attn_output;
    if (contains(name, "ffn_up")) return Category::ffn_up;
    if (contains(name, "ffn_gate")) return Category::ffn_gate;
    if (contains(name, "ffn_down")) return Category::ffn_down;
    return Category::other;
}

// Since the 2026-03 refactor fused QKV and MLA kv_b take the attn_v rules (§5.1, §9).
bool is_attn_v_like(Category c) {
    return c == Category::attn_v || c == Category::attn_qkv || c == Category::attn_kv_b;
}

// use_more_bits(i, n): the first and last eighth of the layers plus every third layer between (§5.2).
bool more_bits(int i, int n) { return i < n / 8 || i >= 7 * n / 8 || (i - n / 8) % 3 == 2; }

// The ftypes whose rules form one branch in llama_tensor_get_type_impl.
bool is_iq1_iq2(Ftype f) {
    return f == Ftype::IQ2_XXS || f == Ftype::IQ2_XS || f == Ftype::IQ1_S || f == Ftype::IQ2_S ||
           f == Ftype::IQ2_M || f == Ftype::IQ1_M;
}

struct QuantizeState {
    Ftype ftype = Ftype::Q4_K_M;
    bool imatrix = false;
    bool tied = false;     // no output.weight in the file
    bool is_70b = false;
    int64_t n_gqa = 1;
    int64_t n_expert = 0;  // routed experts (0 or 1: dense)
    int n_layer = 0;       // n_layer_all: the FFN rules' n
    int n_attention_wv = 0;
    int i_attention_wv = 0;
    int i_ffn_down = 0, i_ffn_gate = 0, i_ffn_up = 0;
};

// Layer index the FFN rules use: the block from the name for MoE models, a running counter otherwise
// (layer_info in llama-quant.cpp; equal to the block when every block has one such tensor).
int ffn_layer(const QuantizeState& s, const Tensor& t, int counter) {
    return s.n_expert > 1 ? t.block : counter;
}

GgmlType output_rule(const QuantizeState& s, const Tensor& t, GgmlType def) {
    const Ftype f = s.ftype;
    if (f == Ftype::MXFP4_MOE) return GgmlType::Q8_0;
    // A row the default type cannot hold goes straight to Q8_0 (§6.1: gpt-oss hidden 2880, Qwen2.5-0.5B 896).
    if (t.ne0 % type_traits(def).block_elements != 0) return GgmlType::Q8_0;
    if (f == Ftype::IQ2_XXS || f == Ftype::IQ2_XS || f == Ftype::IQ3_XXS || f == Ftype::IQ1_S ||
        f == Ftype::IQ2_S || f == Ftype::IQ2_M || f == Ftype::IQ1_M)
        return GgmlType::Q5_K;
    if (def != GgmlType::Q8_0) return GgmlType::Q6_K;
    return def;
}

GgmlType token_embd_rule(const QuantizeState& s, GgmlType def) {
    switch (s.ftype) {
        case Ftype::IQ2_XXS: case Ftype::IQ2_XS: case Ftype::IQ1_S: case Ftype::IQ1_M: return GgmlType::Q2_K;
        case Ftype::IQ2_S: case Ftype::IQ2_M: case Ftype::IQ3_XXS: return GgmlType::IQ3_S;
        case Ftype::TQ1_0: case Ftype::TQ2_0: return GgmlType::Q4_K;
        default: return def;
    }
}

// IQ1_S, IQ1_M, IQ2_XXS, IQ2_XS, IQ2_S, IQ2_M: one branch with its own counters (§6.2, §6.3).
GgmlType iq_low_rule(QuantizeState& s, Category c, GgmlType def) {
    const Ftype f = s.ftype;
    const bool s_or_m = f == Ftype::IQ2_S || f == Ftype::IQ2_M;
    if (is_attn_v_like(c)) {
        ++s.i_attention_wv;
        if (s.n_gqa >= 4 || s.n_expert >= 4) return GgmlType::Q4_K;
        return s_or_m ? GgmlType::IQ3_S : GgmlType::Q2_K;
    }
    if (s.n_expert == 8 && c == Category::attn_k) return GgmlType::Q4_K;
    if (c == Category::ffn_down) {
        // Running counter also for MoE models (so shared + routed down projections both count, §5.2).
        const bool first_eighth = s.i_ffn_down < s.n_layer / 8;
        ++s.i_ffn_down;
        if (first_eighth) return s_or_m ? GgmlType::IQ3_S : GgmlType::Q2_K;
        return def;
    }
    if (c == Category::attn_output) {
        if (s.n_expert == 8) return GgmlType::Q5_K;
        if (f == Ftype::IQ1_S || f == Ftype::IQ1_M) return GgmlType::IQ2_XXS;
        if (s_or_m) return GgmlType::IQ3_S;
    }
    return def;
}

GgmlType attn_v_rule(QuantizeState& s, GgmlType def) {
    const Ftype f = s.ftype;
    const int i = s.i_attention_wv, n = s.n_attention_wv;
    GgmlType t = def;
    if (f == Ftype::Q2_K) t = s.n_gqa >= 4 ? GgmlType::Q4_K : GgmlType::Q3_K;
    else if (f == Ftype::Q2_K_S && s.n_gqa >= 4) t = GgmlType::Q4_K;
    else if (f == Ftype::IQ3_XXS)
        t = s.n_gqa >= 4 ? GgmlType::Q4_K : (!s.imatrix ? GgmlType::IQ3_S : GgmlType::IQ3_XXS);
    else if ((f == Ftype::IQ3_XS || f == Ftype::IQ3_S) && s.n_gqa >= 4) t = GgmlType::Q4_K;
    else if (f == Ftype::IQ3_M) t = GgmlType::Q4_K;
    else if (f == Ftype::Q3_K_M) t = i < 2 ? GgmlType::Q5_K : GgmlType::Q4_K;
    else if (f == Ftype::Q3_K_L) t = GgmlType::Q5_K;
    else if ((f == Ftype::IQ4_NL || f == Ftype::IQ4_XS) && s.n_gqa >= 4) t = GgmlType::Q5_K;
    else if ((f == Ftype::Q4_K_M || f == Ftype::Q5_K_M) && more_bits(i, n)) t = GgmlType::Q6_K;
    else if (f == Ftype::Q4_K_S && i < 4) t = GgmlType::Q5_K;
    // 70B class: attn_v is 8× smaller than attn_q, so llama.cpp spends bits on it (§6.2 modifier 1).
    if (s.is_70b && (t == GgmlType::Q3_K || t == GgmlType::Q4_K)) t = GgmlType::Q5_K;
    if (s.n_expert == 8) t = GgmlType::Q8_0;  // Mixtral/Grok: "trades just ~128MB" (§6.2 modifier 2)
    ++s.i_attention_wv;
    return t;
}

GgmlType ffn_down_rule(QuantizeState& s, const Tensor& tensor, GgmlType def) {
    const Ftype f = s.ftype;
    const int i = ffn_layer(s, tensor, s.i_ffn_down), n = s.n_layer;
    ++s.i_ffn_down;
    if (f == Ftype::Q2_K) return GgmlType::Q3_K;
    if (f == Ftype::Q2_K_S) return i < n / 8 ? GgmlType::Q4_K : def;
    if (f == Ftype::IQ3_XXS && !s.imatrix) return i < n / 8 ? GgmlType::Q4_K : GgmlType::Q3_K;
    if (f == Ftype::Q3_K_M) return i < n / 16 ? GgmlType::Q5_K : GgmlType::Q4_K;  // (Falcon differs)
    if (f == Ftype::IQ3_M && (i < n / 8 || (s.n_expert == 8 && more_bits(i, n)))) return GgmlType::Q4_K;
    if (f == Ftype::Q3_K_L) return GgmlType::Q5_K;
    if (f == Ftype::Q4_K_M) return more_bits(i, n) ? GgmlType::Q6_K : def;
    if (i < n / 8 && (f == Ftype::IQ4_NL || f == Ftype::IQ4_XS) && !s.imatrix) return GgmlType::Q5_K;
    if (f == Ftype::Q5_K_M && more_bits(i, n)) return GgmlType::Q6_K;
    if (f == Ftype::Q4_K_S && i < n / 8) return GgmlType::Q5_K;
    if ((f == Ftype::Q4_0 || f == Ftype::Q5_0) && s.imatrix && i < n / 8)
        return f == Ftype::Q4_0 ? GgmlType::Q4_1 : GgmlType::Q5_1;
    return def;
}

GgmlType attn_output_rule(const QuantizeState& s, GgmlType def) {
    const Ftype f = s.ftype;
    if (s.n_expert == 8) {
        const bool bump = f == Ftype::Q2_K || f == Ftype::IQ3_XS || f == Ftype::IQ3_XXS || f == Ftype::Q3_K_S ||
                          f == Ftype::Q3_K_M || f == Ftype::IQ4_NL || f == Ftype::Q4_K_S || f == Ftype::Q4_K_M ||
                          f == Ftype::IQ3_S || f == Ftype::IQ3_M || f == Ftype::IQ4_XS;
        return bump ? GgmlType::Q5_K : def;
    }
    if (f == Ftype::Q2_K) return GgmlType::Q3_K;
    if (f == Ftype::IQ3_XXS) return GgmlType::IQ3_S;
    if (f == Ftype::Q3_K_M) return GgmlType::Q4_K;
    if (f == Ftype::Q3_K_L) return GgmlType::Q5_K;
    if (f == Ftype::IQ3_M) return GgmlType::Q4_K;
    return def;
}

// The category rules of llama_tensor_get_type_impl, in its order.
GgmlType mix_rule(QuantizeState& s, const Tensor& t, Category c, GgmlType def) {
    const Ftype f = s.ftype;
    if (c == Category::output || (s.tied && c == Category::token_embd)) return output_rule(s, t, def);
    if (f == Ftype::MXFP4_MOE) return t.ne2 > 1 ? GgmlType::MXFP4 : GgmlType::Q8_0;  // §6.4
    if (c == Category::token_embd) return token_embd_rule(s, def);
    if (is_iq1_iq2(f)) return iq_low_rule(s, c, def);
    if (is_attn_v_like(c)) return attn_v_rule(s, def);
    if (c == Category::attn_k) {
        if (s.n_expert == 8) return GgmlType::Q8_0;
        if (f == Ftype::IQ3_XS) return GgmlType::IQ3_XXS;
        if (f == Ftype::IQ3_XXS) return GgmlType::IQ2_S;
        return def;
    }
    if (c == Category::attn_q) {
        if (f == Ftype::IQ3_XS) return GgmlType::IQ3_XXS;
        if (f == Ftype::IQ3_XXS) return GgmlType::IQ2_S;
        return def;
    }
    if (c == Category::ffn_down) return ffn_down_rule(s, t, def);
    if (c == Category::attn_output) return attn_output_rule(s, def);
    if (c == Category::ffn_gate || c == Category::ffn_up) {
        int& counter = c == Category::ffn_gate ? s.i_ffn_gate : s.i_ffn_up;
        const int i = ffn_layer(s, t, counter), n = s.n_layer;
        ++counter;
        if (f == Ftype::IQ3_XS && i >= n / 8 && i < 7 * n / 8) return GgmlType::IQ3_XXS;
        return def;
    }
    return def;
}

// ---------------------------------------------------------------------------------------------------
// [SECTION] row-length fallback and the mix
// ---------------------------------------------------------------------------------------------------

// tensor_type_fallback (§8): a row that the chosen type's block does not divide gets a 32-element type
// of about the same size, or F16 when not even 32 divides it.
GgmlType row_fallback(GgmlType t, int64_t ne0) {
    if (ne0 % type_traits(t).block_elements == 0) return t;
    GgmlType f;
    switch (t) {
        case GgmlType::IQ1_S: case GgmlType::IQ1_M: case GgmlType::IQ2_XXS: case GgmlType::IQ2_XS:
        case GgmlType::IQ2_S: case GgmlType::IQ3_XXS: case GgmlType::IQ3_S: case GgmlType::IQ4_XS:
            f = GgmlType::IQ4_NL; break;
        case GgmlType::Q2_K: case GgmlType::Q3_K: case GgmlType::TQ1_0: case GgmlType::TQ2_0:
            f = GgmlType::Q4_0; break;
        case GgmlType::Q4_K: f = GgmlType::Q5_0; break;
        case GgmlType::Q5_K: f = GgmlType::Q5_1; break;
        case GgmlType::Q6_K: f = GgmlType::Q8_0; break;
        default:
            // llama-quantize has no fallback for the 32-element types and stops; F16 is what such a
            // tensor can be stored as, so the estimate stays finite.
            return GgmlType::F16;
    }
    return ne0 % type_traits(f).block_elements == 0 ? f : GgmlType::F16;
}

}  // namespace

double tensor_bytes(const Tensor& t, GgmlType type) {
    const auto& tr = type_traits(type);
    const double rows = static_cast<double>(t.ne1) * static_cast<double>(t.ne2);
    // ne0 is a multiple of the block after the fallback; for F32/F16/BF16 the block is one element.
    const double blocks_per_row = static_cast<double>((t.ne0 + tr.block_elements - 1) / tr.block_elements);
    return rows * blocks_per_row * static_cast<double>(tr.block_bytes);
}

bool is_70b_class(const ModelArch& m) {
    // llama_model::load_hparams: llama arch with 80 blocks and n_head != n_head_kv → 70B; qwen2 with 80
    // blocks → 70B (§5.3). Mistral, Mixtral and Yi convert to the llama arch.
    const std::string& t = m.model_type;
    const bool llama_arch = t == "llama" || t == "mistral" || t == "mixtral" || t == "yi";
    if (llama_arch) return m.n_layers == 80 && m.n_heads != m.n_kv_heads;
    if (t == "qwen2") return m.n_layers == 80;
    return false;
}

int64_t n_gqa(const ModelArch& m) {
    if (m.is_mla()) return m.n_heads;  // MLA GGUFs store n_head_kv = 1 (DeepSeek-V3.1 snapshot header)
    if (m.n_kv_heads <= 0) return 0;
    return m.n_heads / m.n_kv_heads;
}

std::vector<GgmlType> choose_types(const std::vector<Tensor>& tensors, const ModelArch& m, Ftype f,
                                   const MixOptions& options) {
    QuantizeState s;
    s.ftype = f;
    s.imatrix = options.imatrix;
    s.tied = m.tie_embeddings;
    s.is_70b = is_70b_class(m);
    s.n_gqa = n_gqa(m);
    s.n_expert = m.n_experts;
    s.n_layer = static_cast<int>(m.n_layers);
    for (const auto& t : tensors)
        if (t.quantizable && is_attn_v_like(category_of(t.name))) ++s.n_attention_wv;

    const GgmlType def = ftype_default_type(f);
    std::vector<GgmlType> types;
    types.reserve(tensors.size());
    for (const auto& t : tensors) {
        GgmlType type = GgmlType::F32;  // convert_hf_to_gguf.py writes unquantizable tensors as F32 (§4)
        if (t.quantizable) {
            if (is_float_type(def)) type = def;  // F16/BF16/F32 files: no mix rules, no fallback
            else type = row_fallback(mix_rule(s, t, category_of(t.name), def), t.ne0);
        }
        types.push_back(type);
    }
    return types;
}

Mix quantize_mix(const ModelArch& m, Ftype f, const MixOptions& options) {
    std::vector<Tensor> tensors = model_tensors(m);
    const std::vector<GgmlType> types = choose_types(tensors, m, f, options);
    Mix mix;
    mix.tensors.reserve(tensors.size());
    for (size_t i = 0; i < tensors.size(); ++i) {
        const double bytes = tensor_bytes(tensors[i], types[i]);
        mix.bytes += bytes;
        mix.elements += tensors[i].elements();
        mix.tensors.push_back(TypedTensor{std::move(tensors[i]), types[i], bytes});
    }
    return mix;
}

}  // namespace infersizer::gguf
