// gguf_mix.hpp — the GGUF tensor list of an architecture and llama-quantize's per-tensor type choice.
//
// A GGUF file's tensor data is Σ over tensors of rows × (ne0 / block_elements) × block_bytes for the ggml
// type llama-quantize picked for that tensor. The pick depends on the ftype, the tensor's role (its name),
// its block, its row length and a few model facts (GQA ratio, expert count, the "70B" class, tied
// embeddings, whether an importance matrix was used). The rules are restated from llama.cpp
// src/llama-quant.cpp (@007dbbf3, 2026) as summarised in docs/references/gguf-quant-mixes.md §4-§8; block
// sizes are ggml's type traits (ggml/src/ggml-common.h, ggml.c). The rules reproduce all 23 Llama-3.1-8B rows
// of tools/quantize/README.md (§10 of that note; pinned in tests/core/test_weights.cpp).
#pragma once

#include "catalog.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace infersizer::gguf {

// ggml tensor types that llama-quantize writes (Q8_1/Q8_K are never stored; Q1_0/Q2_0/NVFP4 are unused by
// the ftypes this project names).
enum class GgmlType {
    F32, F16, BF16,
    Q4_0, Q4_1, Q5_0, Q5_1, Q8_0,
    Q2_K, Q3_K, Q4_K, Q5_K, Q6_K,
    IQ1_S, IQ1_M, IQ2_XXS, IQ2_XS, IQ2_S, IQ3_XXS, IQ3_S, IQ4_NL, IQ4_XS,
    TQ1_0, TQ2_0, MXFP4,
};

struct GgmlTypeTraits {
    const char* name;        // as llama.cpp prints it ("Q4_K")
    int64_t block_elements;  // weights per block
    int64_t block_bytes;     // sizeof the block struct
};

const GgmlTypeTraits& type_traits(GgmlType t);
double type_bits_per_weight(GgmlType t);  // 8 × block_bytes / block_elements

// llama.cpp file types (LLAMA_FTYPE_*): the mix names users pick.
enum class Ftype {
    ALL_F32, F16, BF16,
    Q4_0, Q4_1, Q5_0, Q5_1, Q8_0,
    Q2_K, Q2_K_S, Q3_K_S, Q3_K_M, Q3_K_L, Q4_K_S, Q4_K_M, Q5_K_S, Q5_K_M, Q6_K,
    IQ1_S, IQ1_M, IQ2_XXS, IQ2_XS, IQ2_S, IQ2_M, IQ3_XXS, IQ3_XS, IQ3_S, IQ3_M, IQ4_NL, IQ4_XS,
    TQ1_0, TQ2_0, MXFP4_MOE,
};

// Case-insensitive; "MXFP4" names MXFP4_MOE (the only MXFP4 ftype), "F32" names ALL_F32.
std::optional<Ftype> ftype_from_name(const std::string& name);
const char* ftype_name(Ftype f);
GgmlType ftype_default_type(Ftype f);
// The ftypes whose mix differs with and without an importance matrix (IQ3_XXS, IQ4_NL, IQ4_XS, Q4_0, Q5_0).
bool ftype_depends_on_imatrix(Ftype f);

// One tensor as convert_hf_to_gguf.py writes it (llama.cpp names, ne0 = row length).
struct Tensor {
    std::string name;           // "token_embd.weight", "blk.3.ffn_down_exps.weight"
    std::string role;           // name without "blk.N." and ".weight"/".bias": "ffn_down_exps", "attn_norm"
    int block = -1;             // -1 for token_embd, output, output_norm
    int64_t ne0 = 0;            // row length
    int64_t ne1 = 1;            // rows
    int64_t ne2 = 1;            // stacked experts (3-D) or heads (MLA attn_k_b / attn_v_b)
    bool quantizable = true;    // false: kept at its F32 input type (norms, biases, router, sinks; §4)
    bool routed_expert = false; // part of the routed experts (read only for the k chosen per token)
    bool input_embedding = false;  // token_embd: decode reads one row of it (unless tied: then it is the head)
    bool output_head = false;      // output.weight, or token_embd when the embeddings are tied

    double elements() const { return static_cast<double>(ne0) * static_cast<double>(ne1) * static_cast<double>(ne2); }
};

// The model's tensors in llama-quantize's visiting order: non-block tensors first, then by (block, name).
// Needs has_shape(); returns an empty list otherwise. MLA follows current GGUFs (attn_k_b / attn_v_b, no
// attn_kv_b); Phi-3 and ChatGLM use llama.cpp's fused attn_qkv and fused ffn_up (gate and up).
std::vector<Tensor> model_tensors(const ModelArch& m);

struct MixOptions {
    bool imatrix = false;  // an importance matrix was given (bartowski/unsloth/mradermacher "i1" quants)
};

struct TypedTensor {
    Tensor tensor;
    GgmlType type = GgmlType::F32;
    double bytes = 0;
};

struct Mix {
    std::vector<TypedTensor> tensors;
    double bytes = 0;     // tensor data, no header, no padding (every ordinary tensor is 32-byte aligned)
    double elements = 0;  // all tensors, F32 ones included (the README's bits-per-weight denominator)
    double bits_per_weight() const { return elements > 0 ? bytes * 8.0 / elements : 0.0; }
};

// Bytes of one tensor stored as `type` (rows × ne0 / block × block bytes).
double tensor_bytes(const Tensor& t, GgmlType type);

// The type llama-quantize gives each tensor of `tensors` (model_tensors(m), in that order) for ftype `f`.
std::vector<GgmlType> choose_types(const std::vector<Tensor>& tensors, const ModelArch& m, Ftype f,
                                   const MixOptions& options = {});
// The same with the tensors and the sum of their bytes.
Mix quantize_mix(const ModelArch& m, Ftype f, const MixOptions& options = {});

// Model facts the rules read (exposed for tests).
bool is_70b_class(const ModelArch& m);  // llama arch: 80 blocks and GQA; qwen2: 80 blocks
int64_t n_gqa(const ModelArch& m);      // n_head / n_head_kv of layer 0 (MLA GGUFs store n_head_kv = 1)

}  // namespace infersizer::gguf
