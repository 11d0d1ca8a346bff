// test_params.cpp — parameter counts: every catalog model within 1% of its published total, published facts
// exactly, and three independent routes agreeing (docs/references/models.md formulas in params.cpp, the GGUF tensor list in
// gguf_mix.cpp, and a published config.json parsed by hf_config.cpp).
#include "gguf_mix.hpp"
#include "hf_config.hpp"
#include "params.hpp"
#include "support.hpp"

#include <gtest/gtest.h>

#include <string>

namespace infersizer {
namespace {

nlohmann::json read_config(const std::string& file) { return test::read_json(test::test_data_path("hf_configs/" + file)); }

TEST(Params, EveryCatalogModelWithinOnePercentOfItsPublishedTotal) {
    const auto& models = bundled::catalog().models;
    ASSERT_GE(models.size(), 50u);
    for (const auto& m : models) {
        SCOPED_TRACE(m.id);
        const ParamCounts p = count_params(m);
        // A stated total (encoders, Whisper, GLM-4.5-Air) is the published number itself.
        const std::optional<double> published = m.published_total_params ? m.published_total_params : m.params_override;
        ASSERT_TRUE(published.has_value()) << "catalog entry without a published total to check";
        EXPECT_NEAR(p.total / *published, 1.0, 0.01);
        EXPECT_GT(p.active, 0.0);
        EXPECT_LE(p.active, p.total);
    }
}

TEST(Params, PartsSumToTheTotal) {
    for (const auto& m : bundled::catalog().models) {
        if (m.params_override || !m.has_shape()) continue;
        SCOPED_TRACE(m.id);
        const ParamCounts p = count_params(m);
        const double parts = p.embedding + p.lm_head + p.attention + p.dense_mlp + p.routed_experts +
                             p.shared_experts + p.router + p.norms;
        EXPECT_DOUBLE_EQ(parts, p.total);
        EXPECT_DOUBLE_EQ(p.active, p.total - p.routed_experts + p.routed_active);
        if (!m.is_moe()) { EXPECT_DOUBLE_EQ(p.active, p.total); }
    }
}

TEST(Params, Llama31_8BIsExact) {
    // docs/references/models.md worked example: attention 41,943,040 and MLP 176,160,768 per layer; total 8,030,261,248
    // (the model card's 8.03 B).
    const ParamCounts p = count_params(test::model("Llama-3.1-8B"));
    EXPECT_DOUBLE_EQ(p.total, 8'030'261'248.0);
    EXPECT_DOUBLE_EQ(p.attention, 32 * 41'943'040.0);
    EXPECT_DOUBLE_EQ(p.dense_mlp, 32 * 176'160'768.0);
    EXPECT_DOUBLE_EQ(p.embedding, 128256.0 * 4096);
    EXPECT_DOUBLE_EQ(p.lm_head, p.embedding);
}

TEST(Params, TiedEmbeddingsCountOnce) {
    const ParamCounts p = count_params(test::model("Llama-3.2-1B"));
    EXPECT_DOUBLE_EQ(p.lm_head, 0.0);
    EXPECT_DOUBLE_EQ(p.total, 1'235'814'400.0);  // docs/references/models.md: 1.236B (card: 1.23B)
}

TEST(Params, DeepSeekV3TotalAndActive) {
    // docs/references/models.md: 671,026,419,200 (README: 671B main model); active 37.55B with the input embedding,
    // 36.63B without.
    const ParamCounts p = count_params(test::model("DeepSeek-V3"));
    EXPECT_DOUBLE_EQ(p.total, 671'026'419'200.0);
    EXPECT_NEAR(p.active / 1e9, 37.55, 0.005);
    EXPECT_NEAR((p.active - p.embedding) / 1e9, 36.63, 0.005);
    EXPECT_DOUBLE_EQ(p.dense_mlp, 3 * 3 * 7168.0 * 18432);  // first_k_dense_replace = 3
}

TEST(Params, GptOssLayout) {
    // OpenAI README: 21B / 117B total, 3.6B / 5.1B active (docs/references/models.md: the active figures exclude the input
    // embedding: 3.61B / 5.13B).
    const ParamCounts p20 = count_params(test::model("gpt-oss-20b"));
    EXPECT_NEAR(p20.total / 1e9, 20.91, 0.005);
    EXPECT_NEAR((p20.active - p20.embedding) / 1e9, 3.61, 0.005);
    const ParamCounts p120 = count_params(test::model("gpt-oss-120b"));
    EXPECT_NEAR(p120.total / 1e9, 116.83, 0.005);
    EXPECT_NEAR((p120.active - p120.embedding) / 1e9, 5.13, 0.005);
}

TEST(Params, StatedTotalWinsOverAnUncountableShape) {
    // GLM-4.5-Air's expert count is unverified: the catalog states 106B / 12B (GLM-4.5 README).
    const ModelArch& air = test::model("GLM-4.5-Air");
    ASSERT_TRUE(air.params_override.has_value());
    const ParamCounts p = count_params(air);
    EXPECT_DOUBLE_EQ(p.total, *air.params_override);
    EXPECT_DOUBLE_EQ(p.active, air.active_params_override.value_or(p.total));

    ModelArch size_only;
    size_only.params_override = 7e9;
    const ParamCounts q = count_params(size_only);
    EXPECT_DOUBLE_EQ(q.total, 7e9);
    EXPECT_DOUBLE_EQ(q.active, 7e9);
}

TEST(Params, GgufTensorListHoldsEveryParameter) {
    // gguf_mix.cpp builds each model tensor by tensor; its element count must equal the formula count.
    for (const auto& m : bundled::catalog().models) {
        if (m.params_override || !m.has_shape()) continue;
        SCOPED_TRACE(m.id);
        double elements = 0;
        for (const auto& t : gguf::model_tensors(m)) elements += t.elements();
        EXPECT_DOUBLE_EQ(elements, count_params(m).total);
    }
}

// Published config.json files (tests/data/hf_configs, each with its source in SOURCES.tsv) give the
// same counts as the catalog entries built from them.
struct ConfigCase {
    const char* file;
    const char* catalog_id;
    double tolerance;  // relative; 0 = exact
};

TEST(Params, ConfigJsonCountsMatchTheCatalog) {
    const ConfigCase cases[] = {
        {"Llama-3.1-8B-Instruct.json", "Llama-3.1-8B", 0},
        {"Llama-3.1-70B-Instruct.json", "Llama-3.1-70B", 0},
        {"Llama-3.2-1B-Instruct.json", "Llama-3.2-1B", 0},
        {"Qwen2.5-0.5B-Instruct.json", "Qwen2.5-0.5B", 0},
        {"Qwen2.5-7B-Instruct.json", "Qwen2.5-7B", 0},
        {"Qwen2.5-72B-Instruct.json", "Qwen2.5-72B", 0},
        {"Qwen3-8B.json", "Qwen3-8B", 0},
        {"LLMProf__Qwen3-30B-A3B.json", "Qwen3-30B-A3B", 0},
        {"Qwen3-235B-A22B.json", "Qwen3-235B-A22B", 0},
        {"DeepSeek-V3.json", "DeepSeek-V3", 0},
        {"MT__deepseek2_16b_dict.json", "DeepSeek-V2-Lite", 0},
        {"MT__gpt_oss_20b_dict.json", "gpt-oss-20b", 0},
        {"MT__gpt_oss_120b_dict.json", "gpt-oss-120b", 0},
        {"MT__mixtral_8x7b_dict.json", "Mixtral-8x7B", 0},
        {"Mistral-7B-Instruct-v0.3.json", "Mistral-7B-v0.3", 0},
        {"MLC__gemma2_27b.json", "Gemma-2-27B", 0},
        {"gemma-3-27b-it.json", "Gemma-3-27B", 0},
        {"MLC__gemma3_1b_it.json", "Gemma-3-1B", 0},
        {"glm-4-9b-chat.json", "GLM-4-9B-Chat", 0},
        {"Phi-3-mini-4k-instruct.json", "Phi-3-mini-4k", 0},
        {"phi-4.json", "Phi-4", 0},
        {"MLC__internlm2_5_7b.json", "InternLM2.5-7B", 0},
        {"Baichuan2-13B-Chat.json", "Baichuan2-13B", 0},
        {"MLC__minicpm_2b_sft_bf16.json", "MiniCPM-2B", 0},
        {"Yi-1.5-34B.json", "Yi-1.5-34B", 0},
        {"ASM__Kimi-K2.json", "Kimi-K2", 0},
        // The assembled GLM-4.5 config lacks attention_bias/use_qk_norm, which the catalog assumes true
        // (docs/references/models.md, "assumed/unverified"): biases and qk norms are < 0.01 % of the total.
        {"ASM__GLM-4.5.json", "GLM-4.5", 1e-4},
        {"bge-m3.json", "bge-m3", 0},
        {"bge-reranker-v2-m3.json", "bge-reranker-v2-m3", 0},
        {"whisper-large-v3.json", "whisper-large-v3", 0},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.file);
        const auto parsed = model_from_hf_config(read_config(c.file), c.catalog_id, "model.hf_config");
        ASSERT_TRUE(parsed.ok()) << parsed.error().to_string();
        const ParamCounts from_config = count_params(parsed.value());
        const ParamCounts from_catalog = count_params(test::model(c.catalog_id));
        if (c.tolerance == 0) {
            EXPECT_DOUBLE_EQ(from_config.total, from_catalog.total);
            EXPECT_DOUBLE_EQ(from_config.active, from_catalog.active);
        } else {
            EXPECT_NEAR(from_config.total / from_catalog.total, 1.0, c.tolerance);
        }
    }
}

}  // namespace
}  // namespace infersizer
