// test_weights.cpp — weight bytes per format: llama-quantize's GGUF mixes against llama.cpp's published
// numbers (tools/quantize/README.md, test snapshots, via docs/references/gguf-quant-mixes.md), and the
// per-tensor rules of the safetensors formats.
#include "gguf_mix.hpp"
#include "params.hpp"
#include "support.hpp"
#include "weights.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>

namespace infersizer {
namespace {

using gguf::Ftype;
using gguf::GgmlType;

using test::format;
using test::model;

// The type of the tensor with this exact name in a mix.
GgmlType type_of(const gguf::Mix& mix, const std::string& name) {
    for (const auto& t : mix.tensors)
        if (t.tensor.name == name) return t.type;
    throw std::runtime_error("no tensor " + name);
}

// Blocks whose tensor `role` got `type`.
std::set<int> blocks_with(const gguf::Mix& mix, const std::string& role, GgmlType type) {
    std::set<int> out;
    for (const auto& t : mix.tensors)
        if (t.tensor.role == role && t.tensor.name.size() > 7 && t.tensor.name.compare(t.tensor.name.size() - 7, 7, ".weight") == 0 &&
            t.type == type)
            out.insert(t.tensor.block);
    return out;
}

std::set<int> more_bits_blocks(int n) {
    std::set<int> s;
    for (int i = 0; i < n; ++i)
        if (i < n / 8 || i >= 7 * n / 8 || (i - n / 8) % 3 == 2) s.insert(i);
    return s;
}

// ---------------------------------------------------------------------------------------------------
// GGUF: the Llama-3.1-8B table of tools/quantize/README.md (measured bits per weight, 4 decimals).
// ---------------------------------------------------------------------------------------------------

struct ReadmeRow {
    const char* ftype;
    double bpw;
    bool imatrix;  // docs/references/gguf-quant-mixes.md §10.3: the table's IQ3_XXS row used an imatrix, IQ4_* rows did not
};

TEST(GgufMix, ReproducesEveryRowOfTheQuantizeReadme) {
    const ReadmeRow rows[] = {
        {"IQ1_S", 2.0042, true},   {"IQ1_M", 2.1460, true},   {"IQ2_XXS", 2.3824, true},
        {"IQ2_XS", 2.5882, true},  {"IQ2_S", 2.7403, true},   {"IQ2_M", 2.9294, true},
        {"IQ3_XXS", 3.2548, true}, {"IQ3_XS", 3.4977, false}, {"IQ3_S", 3.6606, false},
        {"IQ3_M", 3.7628, false},  {"IQ4_XS", 4.4597, false}, {"IQ4_NL", 4.6818, false},
        {"Q2_K_S", 2.9697, false}, {"Q2_K", 3.1593, false},   {"Q3_K_S", 3.6429, false},
        {"Q3_K_L", 4.2979, false}, {"Q4_K_S", 4.6672, false}, {"Q4_K_M", 4.8944, false},
        {"Q5_K_S", 5.5704, false}, {"Q5_K_M", 5.7036, false}, {"Q6_K", 6.5633, false},
        {"Q8_0", 8.5008, false},   {"F16", 16.0005, false},
    };
    const ModelArch& m = model("Llama-3.1-8B");
    for (const auto& r : rows) {
        SCOPED_TRACE(r.ftype);
        const auto f = gguf::ftype_from_name(r.ftype);
        ASSERT_TRUE(f.has_value());
        const gguf::Mix mix = gguf::quantize_mix(m, *f, {r.imatrix});
        EXPECT_NEAR(mix.bits_per_weight(), r.bpw, 0.00006);  // the README rounds to 4 decimals
    }
}

TEST(GgufMix, Llama31_8B_Q4KM_AndQ5KM_Bytes) {
    // docs/references/gguf-quant-mixes.md §10.2 sums 4,912,898,304 B (Q4_K_M) and 5,725,151,488 B (Q5_K_M) including
    // Llama-3's 64-value F32 rope_freqs tensor (256 B), which the catalog's shape does not carry.
    const ModelArch& m = model("Llama-3.1-8B");
    EXPECT_DOUBLE_EQ(gguf::quantize_mix(m, Ftype::Q4_K_M).bytes, 4'912'898'304.0 - 256);
    EXPECT_DOUBLE_EQ(gguf::quantize_mix(m, Ftype::Q5_K_M).bytes, 5'725'151'488.0 - 256);
    // The README's "4.58 GiB" for Q4_K_M.
    EXPECT_NEAR(gguf::quantize_mix(m, Ftype::Q4_K_M).bytes / (1024.0 * 1024 * 1024), 4.58, 0.005);
}

TEST(GgufMix, Q4KMRaisesAttnVAndFfnDownInTheMoreBitsLayers) {
    const gguf::Mix mix = gguf::quantize_mix(model("Llama-3.1-8B"), Ftype::Q4_K_M);
    EXPECT_EQ(blocks_with(mix, "attn_v", GgmlType::Q6_K), more_bits_blocks(32));
    EXPECT_EQ(blocks_with(mix, "ffn_down", GgmlType::Q6_K), more_bits_blocks(32));
    EXPECT_EQ(more_bits_blocks(32).size(), 16u);  // docs/references/gguf-quant-mixes.md §5.2: 16 of 32 blocks
    EXPECT_EQ(type_of(mix, "output.weight"), GgmlType::Q6_K);
    EXPECT_EQ(type_of(mix, "token_embd.weight"), GgmlType::Q4_K);
    EXPECT_EQ(type_of(mix, "blk.0.attn_norm.weight"), GgmlType::F32);
}

TEST(GgufMix, PublishedWholeModelBitsPerWeight) {
    // docs/references/peers-and-formulas.md §4.1 / docs/references/gguf-quant-mixes.md §10.3 (published to 2 decimals):
    // Llama-3.1-70B Q4_K_M 4.82; Qwen2-7B Q4_K_M 4.91 (same shape as Qwen2.5-7B: 28 blocks, n_gqa 7);
    // Qwen2.5-72B Q4_K_M 5.22; Llama-3.3-70B Q4_0 with imatrix 4.55.
    EXPECT_NEAR(gguf::quantize_mix(model("Llama-3.1-70B"), Ftype::Q4_K_M).bits_per_weight(), 4.82, 0.005);
    EXPECT_NEAR(gguf::quantize_mix(model("Qwen2.5-7B"), Ftype::Q4_K_M).bits_per_weight(), 4.91, 0.005);
    EXPECT_NEAR(gguf::quantize_mix(model("Qwen2.5-72B"), Ftype::Q4_K_M).bits_per_weight(), 5.22, 0.005);
    EXPECT_NEAR(gguf::quantize_mix(model("Llama-3.3-70B"), Ftype::Q4_0, {true}).bits_per_weight(), 4.55, 0.005);
}

TEST(GgufMix, AgreesWithTheHandDerivations) {
    // docs/references/gguf-quant-mixes.md §10.3 derives these by hand from the same rules (4 decimals); an independent
    // check of the implementation, not of llama.cpp.
    EXPECT_NEAR(gguf::quantize_mix(model("Llama-3.1-70B"), Ftype::Q4_K_M).bits_per_weight(), 4.8204, 0.00006);
    EXPECT_NEAR(gguf::quantize_mix(model("Qwen2.5-7B"), Ftype::Q4_K_M).bits_per_weight(), 4.9132, 0.00006);
    EXPECT_NEAR(gguf::quantize_mix(model("Qwen2.5-72B"), Ftype::Q4_K_M).bits_per_weight(), 5.2166, 0.00006);
    EXPECT_NEAR(gguf::quantize_mix(model("Llama-3.3-70B"), Ftype::Q4_0, {true}).bits_per_weight(), 4.5479, 0.00006);
    EXPECT_NEAR(gguf::quantize_mix(model("Llama-3.3-70B"), Ftype::Q4_0, {false}).bits_per_weight(), 4.5312, 0.00006);
    const ModelArch& m = model("Llama-3.1-8B");
    EXPECT_NEAR(gguf::quantize_mix(m, Ftype::Q3_K_M).bits_per_weight(), 3.9960, 0.00006);
    EXPECT_NEAR(gguf::quantize_mix(m, Ftype::Q4_0).bits_per_weight(), 4.6358, 0.00006);
    EXPECT_NEAR(gguf::quantize_mix(m, Ftype::Q4_0, {true}).bits_per_weight(), 4.6505, 0.00006);
    EXPECT_NEAR(gguf::quantize_mix(m, Ftype::Q5_0, {true}).bits_per_weight(), 5.5850, 0.00006);
    EXPECT_NEAR(gguf::quantize_mix(m, Ftype::IQ3_XXS, {false}).bits_per_weight(), 3.3736, 0.00006);
    EXPECT_NEAR(gguf::quantize_mix(m, Ftype::TQ1_0).bits_per_weight(), 2.1914, 0.00006);
}

TEST(GgufMix, Qwen25_72BFfnDownFallsBackAndGetsThe70BBump) {
    // intermediate 29,568 = 256 × 115.5: ffn_down rows fit no 256-block type (§8); 80 blocks make it 70B
    // class, so attn_v is never Q4_K (§6.2). Derived tensor bytes: 47,409,725,440.
    const ModelArch& m = model("Qwen2.5-72B");
    EXPECT_TRUE(gguf::is_70b_class(m));
    const gguf::Mix mix = gguf::quantize_mix(m, Ftype::Q4_K_M);
    EXPECT_EQ(blocks_with(mix, "ffn_down", GgmlType::Q8_0), more_bits_blocks(80));
    EXPECT_EQ(blocks_with(mix, "ffn_down", GgmlType::Q8_0).size() + blocks_with(mix, "ffn_down", GgmlType::Q5_0).size(), 80u);
    EXPECT_EQ(blocks_with(mix, "attn_v", GgmlType::Q6_K).size() + blocks_with(mix, "attn_v", GgmlType::Q5_K).size(), 80u);
    EXPECT_DOUBLE_EQ(mix.bytes, 47'409'725'440.0);
}

TEST(GgufMix, SeventyBClass) {
    EXPECT_TRUE(gguf::is_70b_class(model("Llama-3.1-70B")));
    EXPECT_TRUE(gguf::is_70b_class(model("DeepSeek-R1-Distill-Llama-70B")));
    EXPECT_FALSE(gguf::is_70b_class(model("Llama-3.1-8B")));
    EXPECT_FALSE(gguf::is_70b_class(model("Llama-3.1-405B")));  // 126 blocks
    EXPECT_FALSE(gguf::is_70b_class(model("Yi-1.5-34B")));
}

// Type-selection snapshots of llama.cpp's tests/test-quant-type-selection.cpp (docs/references/gguf-quant-mixes.md §10.4).
TEST(GgufMix, SnapshotQwen3_0_6B) {
    const ModelArch& m = model("Qwen3-0.6B");  // 28 blocks, n_gqa 2, tied
    const gguf::Mix q4km = gguf::quantize_mix(m, Ftype::Q4_K_M);
    const std::set<int> expected = {0, 1, 2, 5, 8, 11, 14, 17, 20, 23, 24, 25, 26, 27};
    EXPECT_EQ(blocks_with(q4km, "attn_v", GgmlType::Q6_K), expected);
    EXPECT_EQ(blocks_with(q4km, "ffn_down", GgmlType::Q6_K), expected);
    const gguf::Mix q3km = gguf::quantize_mix(m, Ftype::Q3_K_M);
    EXPECT_EQ(blocks_with(q3km, "ffn_down", GgmlType::Q5_K), (std::set<int>{0}));  // n/16 = 1
    const gguf::Mix q2k = gguf::quantize_mix(m, Ftype::Q2_K);
    EXPECT_EQ(blocks_with(q2k, "attn_v", GgmlType::Q3_K).size(), 28u);  // n_gqa 2 < 4
    const gguf::Mix iq3xxs = gguf::quantize_mix(m, Ftype::IQ3_XXS, {false});
    EXPECT_EQ(blocks_with(iq3xxs, "attn_v", GgmlType::IQ3_S).size(), 28u);  // no imatrix in the test
}

TEST(GgufMix, SnapshotLlama31_70B) {
    const ModelArch& m = model("Llama-3.1-70B");
    EXPECT_EQ(blocks_with(gguf::quantize_mix(m, Ftype::Q2_K), "attn_v", GgmlType::Q5_K).size(), 80u);
    EXPECT_EQ(blocks_with(gguf::quantize_mix(m, Ftype::Q3_K_S), "attn_v", GgmlType::Q5_K).size(), 80u);
    EXPECT_EQ(blocks_with(gguf::quantize_mix(m, Ftype::Q3_K_M), "ffn_down", GgmlType::Q5_K),
              (std::set<int>{0, 1, 2, 3, 4}));
    EXPECT_EQ(blocks_with(gguf::quantize_mix(m, Ftype::IQ3_XS), "attn_v", GgmlType::Q5_K).size(), 80u);
}

TEST(GgufMix, SnapshotGptOss120B) {
    const ModelArch& m = model("gpt-oss-120b");  // 36 blocks, 128 experts, hidden 2880 = 256 × 11.25
    const gguf::Mix q4km = gguf::quantize_mix(m, Ftype::Q4_K_M);
    EXPECT_EQ(type_of(q4km, "output.weight"), GgmlType::Q8_0);
    // The snapshot shows Q6_K for ffn_down_exps at 0-3, 6, 9, ..., 30-35 before the row fallback; rows of
    // 2880 turn Q6_K into Q8_0 and Q4_K into Q5_0 (§8).
    EXPECT_EQ(blocks_with(q4km, "ffn_down_exps", GgmlType::Q8_0), more_bits_blocks(36));
    EXPECT_EQ(blocks_with(q4km, "ffn_down_exps", GgmlType::Q5_0).size(), 36u - more_bits_blocks(36).size());
    const gguf::Mix mx = gguf::quantize_mix(m, Ftype::MXFP4_MOE);
    EXPECT_EQ(type_of(mx, "token_embd.weight"), GgmlType::Q8_0);
    EXPECT_EQ(type_of(mx, "output.weight"), GgmlType::Q8_0);
    EXPECT_EQ(type_of(mx, "blk.0.attn_q.weight"), GgmlType::Q8_0);
    EXPECT_EQ(type_of(mx, "blk.0.ffn_up_exps.weight"), GgmlType::MXFP4);
    EXPECT_EQ(type_of(mx, "blk.0.ffn_gate_inp.weight"), GgmlType::F32);
}

TEST(GgufMix, SnapshotDeepSeek) {
    const ModelArch& m = model("DeepSeek-V3");  // 61 blocks, 256 experts, 1 shared, 3 dense
    // IQ1_M: ffn_down uses a running counter: blocks 0-2 dense, then _exps and _shexp of blocks 3 and 4
    // exhaust n/8 = 7 (§5.2).
    const gguf::Mix iq1m = gguf::quantize_mix(m, Ftype::IQ1_M, {true});
    EXPECT_EQ(blocks_with(iq1m, "ffn_down", GgmlType::Q2_K), (std::set<int>{0, 1, 2}));
    EXPECT_EQ(blocks_with(iq1m, "ffn_down_exps", GgmlType::Q2_K), (std::set<int>{3, 4}));
    EXPECT_EQ(blocks_with(iq1m, "ffn_down_shexp", GgmlType::Q2_K), (std::set<int>{3, 4}));
    EXPECT_EQ(blocks_with(iq1m, "attn_output", GgmlType::IQ2_XXS).size(), 61u);
    EXPECT_EQ(type_of(iq1m, "token_embd.weight"), GgmlType::Q2_K);
    EXPECT_EQ(type_of(iq1m, "output.weight"), GgmlType::Q5_K);
    // MXFP4_MOE: every 3-D tensor MXFP4 (experts and MLA k_b/v_b), every other 2-D tensor Q8_0.
    const gguf::Mix mx = gguf::quantize_mix(m, Ftype::MXFP4_MOE);
    EXPECT_EQ(type_of(mx, "blk.5.attn_k_b.weight"), GgmlType::MXFP4);
    EXPECT_EQ(type_of(mx, "blk.5.ffn_down_exps.weight"), GgmlType::MXFP4);
    EXPECT_EQ(type_of(mx, "blk.5.ffn_down_shexp.weight"), GgmlType::Q8_0);
    EXPECT_EQ(type_of(mx, "blk.5.attn_q_a.weight"), GgmlType::Q8_0);
    EXPECT_EQ(type_of(mx, "blk.0.ffn_up.weight"), GgmlType::Q8_0);
    // Q4_K_M: ffn_down, _exps and _shexp alike in the more_bits blocks; attn_k_b (rows of 128) falls back.
    const gguf::Mix q4 = gguf::quantize_mix(m, Ftype::Q4_K_M);
    EXPECT_EQ(type_of(q4, "blk.3.ffn_down_exps.weight"), GgmlType::Q6_K);
    EXPECT_EQ(type_of(q4, "blk.3.ffn_down_shexp.weight"), GgmlType::Q6_K);
    EXPECT_EQ(type_of(q4, "blk.10.ffn_down_exps.weight"), GgmlType::Q4_K);
    EXPECT_EQ(type_of(q4, "blk.10.attn_k_b.weight"), GgmlType::Q5_0);
}

TEST(GgufMix, TiedEmbeddingsTakeTheOutputRule) {
    const ModelArch& g = model("Gemma-3-4B");
    ASSERT_TRUE(g.tie_embeddings);
    EXPECT_EQ(type_of(gguf::quantize_mix(g, Ftype::Q4_K_M), "token_embd.weight"), GgmlType::Q6_K);
    EXPECT_EQ(type_of(gguf::quantize_mix(g, Ftype::IQ2_M, {true}), "token_embd.weight"), GgmlType::Q5_K);
    // Qwen2.5-0.5B: hidden 896 fits no 256-block, so its tied embedding goes to Q8_0 (§6.1, §8).
    const ModelArch& q = model("Qwen2.5-0.5B");
    EXPECT_EQ(type_of(gguf::quantize_mix(q, Ftype::Q4_K_M), "token_embd.weight"), GgmlType::Q8_0);
    EXPECT_EQ(type_of(gguf::quantize_mix(q, Ftype::Q4_K_M), "blk.0.attn_q.weight"), GgmlType::Q5_0);
}

TEST(GgufMix, MixtralEightExpertRules) {
    const gguf::Mix mix = gguf::quantize_mix(model("Mixtral-8x7B"), Ftype::Q4_K_M);
    EXPECT_EQ(type_of(mix, "blk.7.attn_v.weight"), GgmlType::Q8_0);
    EXPECT_EQ(type_of(mix, "blk.7.attn_k.weight"), GgmlType::Q8_0);
    EXPECT_EQ(type_of(mix, "blk.7.attn_output.weight"), GgmlType::Q5_K);
}

TEST(GgufMix, FtypeNames) {
    EXPECT_EQ(gguf::ftype_from_name("q4_k_m"), Ftype::Q4_K_M);
    EXPECT_EQ(gguf::ftype_from_name("MXFP4"), Ftype::MXFP4_MOE);
    EXPECT_FALSE(gguf::ftype_from_name("Q9_K").has_value());
    EXPECT_DOUBLE_EQ(gguf::type_bits_per_weight(GgmlType::Q4_K), 4.5);
    EXPECT_DOUBLE_EQ(gguf::type_bits_per_weight(GgmlType::Q6_K), 6.5625);
    EXPECT_DOUBLE_EQ(gguf::type_bits_per_weight(GgmlType::IQ4_XS), 4.25);
}

// ---------------------------------------------------------------------------------------------------
// estimate_weights over the catalog formats.
// ---------------------------------------------------------------------------------------------------

TEST(Weights, EveryCatalogModelAndFormatIsFiniteAndOrdered) {
    const auto& cat = bundled::catalog();
    for (const auto& m : cat.models) {
        for (const auto& f : cat.weight_formats) {
            SCOPED_TRACE(m.id + " / " + f.id);
            const WeightsEstimate e = estimate_weights(m, f);
            ASSERT_TRUE(e.bytes.finite());
            EXPECT_GT(e.bytes.lo, 0);
            EXPECT_LE(e.bytes.lo, e.bytes.hi);
            EXPECT_LE(e.active_bytes.hi, e.bytes.hi * (1 + 1e-12));
            EXPECT_GT(e.active_bytes.lo, 0);
            double class_bytes = 0;
            for (const auto& c : e.classes) class_bytes += c.bytes;
            EXPECT_NEAR(class_bytes / e.bytes.hi, 1.0, 1e-12);
        }
    }
}

TEST(Weights, GgufImatrixDependenceIsAnInterval) {
    const ModelArch& m = model("Llama-3.1-8B");
    const double params = count_params(m).total;
    const WeightsEstimate iq4 = estimate_weights(m, format("IQ4_XS"));
    // README: 4.4597 without an imatrix; 4.4231 with one (derived, §10.3).
    EXPECT_NEAR(iq4.bytes.hi * 8 / params, 4.4597, 0.00006);
    EXPECT_NEAR(iq4.bytes.lo * 8 / params, 4.4231, 0.00006);
    const WeightsEstimate q4km = estimate_weights(m, format("Q4_K_M"));
    EXPECT_TRUE(q4km.bytes.is_exact());
    EXPECT_NEAR(q4km.bits_per_weight, 4.8944, 0.00006);
}

TEST(Weights, ActiveBytesSkipTheInputEmbeddingAndUnroutedExperts) {
    // bf16 stores every tensor in 2 bytes, so active bytes = 2 × (active params − input embedding).
    for (const char* id : {"Llama-3.1-8B", "Llama-3.2-1B", "DeepSeek-V3", "Qwen3-30B-A3B", "Mixtral-8x7B"}) {
        SCOPED_TRACE(id);
        const ModelArch& m = model(id);
        const ParamCounts p = count_params(m);
        const WeightsEstimate e = estimate_weights(m, format("bf16"));
        EXPECT_DOUBLE_EQ(e.bytes.lo, 2 * p.total);
        EXPECT_TRUE(e.active_bytes.is_exact());
        const double input_row_skipped = m.tie_embeddings ? 0.0 : p.embedding;  // tied: it is also the head
        EXPECT_NEAR(e.active_bytes.lo / (2 * (p.active - input_row_skipped)), 1.0, 1e-12);
    }
}

TEST(Weights, GroupFormatsKeepEmbeddingsAt16Bit) {
    const ModelArch& m = model("Llama-3.1-8B");
    const ParamCounts p = count_params(m);
    const WeightFormat& awq = format("awq-int4");
    const WeightsEstimate e = estimate_weights(m, awq);
    EXPECT_TRUE(e.bytes.is_exact());
    const double norms = p.norms;
    const double linear = p.total - p.embedding - p.lm_head - norms;
    EXPECT_NEAR(e.bytes.lo, linear * awq.bits_per_weight / 8 + (p.embedding + p.lm_head + norms) * 2, 1.0);
}

TEST(Weights, Nf4IsAnIntervalOverDoubleQuantization) {
    const ModelArch& m = model("Llama-3.1-8B");
    const ParamCounts p = count_params(m);
    const WeightsEstimate e = estimate_weights(m, format("nf4"));
    const double linear = p.total - p.embedding - p.lm_head - p.norms;
    const double kept = (p.embedding + p.lm_head + p.norms) * 2;
    // QLoRA (docs/references/peers-and-formulas.md §4.1): 4.5 bits plain, 4 + 8/64 + 32/(64·256) ≈ 4.127 double-quantized.
    EXPECT_NEAR(e.bytes.hi, linear * 4.5 / 8 + kept, 1.0);
    EXPECT_NEAR(e.bytes.lo, linear * 4.126953125 / 8 + kept, 1.0);
}

TEST(Weights, Fp8EmbeddingsAreUncertain) {
    const ModelArch& m = model("Llama-3.1-8B");
    const ParamCounts p = count_params(m);
    const WeightsEstimate e = estimate_weights(m, format("fp8"));
    const double linear = p.total - p.embedding - p.lm_head - p.norms;
    EXPECT_NEAR(e.bytes.lo, linear + p.embedding + p.lm_head + 2 * p.norms, 1.0);
    EXPECT_NEAR(e.bytes.hi, linear + 2 * (p.embedding + p.lm_head + p.norms), 1.0);
}

TEST(Weights, Mxfp4OnGptOssQuantizesOnlyTheExperts) {
    // OpenAI ships gpt-oss with MXFP4 experts and everything else in bf16 (docs/references/models.md, gpt-oss notes).
    const ModelArch& m = model("gpt-oss-20b");
    const ParamCounts p = count_params(m);
    const WeightsEstimate e = estimate_weights(m, format("mxfp4"));
    EXPECT_TRUE(e.bytes.is_exact());
    double expert_weights = 0;
    for (const auto& t : gguf::model_tensors(m))
        if (t.routed_expert && t.quantizable) expert_weights += t.elements();
    EXPECT_NEAR(e.bytes.lo, expert_weights * 4.25 / 8 + (p.total - expert_weights) * 2, 1.0);
    for (const auto& c : e.classes) {
        SCOPED_TRACE(c.name);
        if (c.name == "ffn_up_exps" && c.type != "bf16") { EXPECT_EQ(c.type, "mxfp4"); }
        if (c.name == "attn_q") { EXPECT_EQ(c.type, "bf16"); }
    }
}

TEST(Weights, SizeOnlyModelUsesColocatedBytes) {
    const ModelArch& air = model("GLM-4.5-Air");
    const WeightFormat& f = format("Q4_K_M");
    const WeightsEstimate e = estimate_weights(air, f);
    const Interval c = colocated_weights_bytes(*air.params_override, f);
    EXPECT_EQ(e.bytes, c);
    EXPECT_LT(e.active_bytes.hi, e.bytes.lo);  // 12B active of 106B
}

TEST(Weights, ColocatedBytesSpanTheFormatsRange) {
    EXPECT_EQ(colocated_weights_bytes(1e9, format("bf16")), Interval::exact(2e9));
    const Interval q4 = colocated_weights_bytes(1e9, format("Q4_K_M"));
    EXPECT_DOUBLE_EQ(q4.lo, 1e9 * 4.5 / 8);  // every weight at Q4_K
    EXPECT_NEAR(q4.hi, 1e9 * 4.8944 / 8, 1e9 * 0.00006 / 8);  // the README's whole-file average
    const Interval nf4 = colocated_weights_bytes(1e9, format("nf4"));
    EXPECT_NEAR(nf4.lo, 1e9 * 4.126953125 / 8, 1.0);
    EXPECT_EQ(colocated_weights_bytes(0, format("bf16")), Interval::exact(0));
}

TEST(Weights, UnknownGgufTypeUsesTheFormatsBits) {
    WeightFormat f;
    f.id = "Q9_X";
    f.scheme = WeightScheme::gguf;
    f.bits_per_weight = 9;
    const ModelArch& m = model("Llama-3.1-8B");
    const ParamCounts p = count_params(m);
    const WeightsEstimate e = estimate_weights(m, f);
    EXPECT_NEAR(e.bytes.lo, (p.total - p.norms) * 9 / 8 + p.norms * 4, 1.0);
}

}  // namespace
}  // namespace infersizer
