// test_hf_config.cpp — published config.json files → ModelArch (tests/data/hf_configs, copied from
// tests/data/hf_configs with their SOURCES.tsv), error values, and the explicit architecture round trip.
#include "bundled_catalog.hpp"
#include "hf_config.hpp"
#include "kv.hpp"
#include "params.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace infersizer {
namespace {

using nlohmann::json;

json read_config(const std::string& file) {
    std::ifstream in(std::string(INFERSIZER_TEST_DATA_DIR) + "/hf_configs/" + file);
    if (!in) throw std::runtime_error("cannot open test config " + file);
    std::stringstream ss;
    ss << in.rdbuf();
    return json::parse(ss.str());
}

ModelArch parse_ok(const std::string& file) {
    const auto r = model_from_hf_config(read_config(file), file, "scenario.model.hf_config");
    if (!r.ok()) throw std::runtime_error(r.error().to_string());
    return r.value();
}

Error parse_error(const json& config) {
    const auto r = model_from_hf_config(config, "x", "scenario.model.hf_config");
    if (r.ok()) throw std::runtime_error("expected an error");
    return r.error();
}

TEST(HfConfig, LlamaDerivesHeadDim) {
    const ModelArch m = parse_ok("Llama-3.1-8B-Instruct.json");
    EXPECT_EQ(m.model_type, "llama");
    EXPECT_EQ(m.n_layers, 32);
    EXPECT_EQ(m.hidden, 4096);
    EXPECT_EQ(m.n_kv_heads, 8);
    EXPECT_EQ(m.head_dim, 128);  // no head_dim key: hidden / heads
    EXPECT_EQ(m.vocab, 128256);
    EXPECT_EQ(m.intermediate, 14336);
    EXPECT_FALSE(m.tie_embeddings);
    EXPECT_EQ(m.max_context, 131072);
    EXPECT_EQ(m.n_sliding_layers, 0);
    EXPECT_EQ(m.id, "Llama-3.1-8B-Instruct.json");
}

TEST(HfConfig, Qwen2HasQkvBiasWhateverTheConfigSays) {
    const ModelArch m = parse_ok("Qwen2.5-7B-Instruct.json");
    EXPECT_TRUE(m.qkv_bias);
    EXPECT_FALSE(m.qk_norm);
    // sliding_window 131072 is present but use_sliding_window is false (docs/references/models.md: inactive).
    EXPECT_EQ(m.n_sliding_layers, 0);
    EXPECT_EQ(m.sliding_window, 0);
    EXPECT_DOUBLE_EQ(kv_bytes_per_token(m, 2), 57344);
    EXPECT_TRUE(parse_ok("Qwen2.5-0.5B-Instruct.json").tie_embeddings);
}

TEST(HfConfig, Qwen3MoeExperts) {
    const ModelArch m = parse_ok("LLMProf__Qwen3-30B-A3B.json");
    EXPECT_EQ(m.n_experts, 128);
    EXPECT_EQ(m.experts_per_tok, 8);
    EXPECT_EQ(m.moe_intermediate, 768);
    EXPECT_EQ(m.first_k_dense, 0);
    EXPECT_TRUE(m.qk_norm);
}

TEST(HfConfig, GemmaSlidingPatternsAndDefaults) {
    const ModelArch g2 = parse_ok("MLC__gemma2_27b.json");
    EXPECT_EQ(g2.norms_per_layer, 4);
    EXPECT_EQ(g2.sliding_window, 4096);
    EXPECT_EQ(g2.n_sliding_layers, 23);  // even layers of 46
    EXPECT_TRUE(g2.tie_embeddings);      // Gemma2Config default, absent from the config
    EXPECT_NE(g2.notes.find("tie_word_embeddings absent"), std::string::npos);

    const ModelArch g3 = parse_ok("gemma-3-27b-it.json");  // text_config without vocab/context/tie
    EXPECT_EQ(g3.n_layers, 62);
    EXPECT_EQ(g3.vocab, 262208);
    EXPECT_EQ(g3.max_context, 131072);
    EXPECT_TRUE(g3.tie_embeddings);
    EXPECT_TRUE(g3.qk_norm);
    EXPECT_EQ(g3.sliding_window, 1024);
    EXPECT_EQ(g3.n_sliding_layers, 52);  // layer i global iff (i+1) % 6 == 0: 10 global of 62
    EXPECT_NE(g3.notes.find("vocab_size absent: class default 262208"), std::string::npos);
    EXPECT_NE(g3.notes.find("vision tower is not counted"), std::string::npos);

    const ModelArch g1 = parse_ok("MLC__gemma3_1b_it.json");
    EXPECT_EQ(g1.n_sliding_layers, 22);
    EXPECT_EQ(g1.sliding_window, 512);
    EXPECT_EQ(g1.n_kv_heads, 1);
}

TEST(HfConfig, GptOssLayerTypes) {
    const ModelArch m = parse_ok("MT__gpt_oss_20b_dict.json");
    EXPECT_TRUE(m.gpt_oss_layout);
    EXPECT_TRUE(m.router_bias);
    EXPECT_EQ(m.n_experts, 32);
    EXPECT_EQ(m.experts_per_tok, 4);
    EXPECT_EQ(m.head_dim, 64);
    EXPECT_EQ(m.sliding_window, 128);
    EXPECT_EQ(m.n_sliding_layers, 12);
    EXPECT_EQ(parse_ok("MT__gpt_oss_120b_dict.json").n_sliding_layers, 18);
}

TEST(HfConfig, DeepSeekMla) {
    const ModelArch v3 = parse_ok("DeepSeek-V3.json");
    EXPECT_TRUE(v3.is_mla());
    EXPECT_EQ(v3.kv_lora_rank, 512);
    EXPECT_EQ(v3.q_lora_rank, 1536);
    EXPECT_EQ(v3.qk_rope_head_dim, 64);
    EXPECT_EQ(v3.n_experts, 256);
    EXPECT_EQ(v3.n_shared_experts, 1);
    EXPECT_EQ(v3.first_k_dense, 3);
    EXPECT_TRUE(v3.router_bias);  // topk_method noaux_tc
    EXPECT_DOUBLE_EQ(kv_bytes_per_token(v3, 2), 70272);
    EXPECT_NE(v3.notes.find("MTP"), std::string::npos);

    const ModelArch lite = parse_ok("MT__deepseek2_16b_dict.json");
    EXPECT_EQ(lite.q_lora_rank, 0);  // null: full-rank q_proj
    EXPECT_FALSE(lite.router_bias);  // greedy
    EXPECT_EQ(lite.n_shared_experts, 2);
    EXPECT_EQ(lite.first_k_dense, 1);
}

// A checkpoint published quantized names its method in quantization_config (DeepSeek-V3's config.json: "quant_method":
// "fp8"; gpt-oss's: "mxfp4"), so a pasted config serves that format as it is (deploy's launch line). Other methods
// (AWQ, GPTQ) have weight formats of their own and leave the model 16-bit published.
TEST(HfConfig, QuantizationConfigNamesThePublishedFormat) {
    EXPECT_EQ(parse_ok("DeepSeek-V3.json").published_weights, "fp8");
    EXPECT_EQ(parse_ok("Llama-3.1-8B-Instruct.json").published_weights, "");
    json c = read_config("Llama-3.1-8B-Instruct.json");
    c["quantization_config"] = {{"quant_method", "mxfp4"}};
    EXPECT_EQ(model_from_hf_config(c, "x", "m")->published_weights, "mxfp4");
    c["quantization_config"] = {{"quant_method", "awq"}, {"bits", 4}};
    EXPECT_EQ(model_from_hf_config(c, "x", "m")->published_weights, "");
    c["quantization_config"] = "fp8";
    EXPECT_EQ(model_from_hf_config(c, "x", "m")->published_weights, "");

    // Carried by the explicit form (a scenario file, a link) and refused by name when not a published format.
    const json j = model_to_explicit(parse_ok("DeepSeek-V3.json"));
    EXPECT_EQ(j.at("published_weights"), "fp8");
    EXPECT_EQ(model_from_explicit(j, "scenario.model")->published_weights, "fp8");
    json bad = j;
    bad["published_weights"] = "bf16";
    const Error e = model_from_explicit(bad, "scenario.model").error();
    EXPECT_EQ(e.path, "scenario.model.published_weights");
    EXPECT_EQ(e.message, "must be one of fp8, int8, nvfp4, mxfp4, got \"bf16\"");
}

TEST(HfConfig, ChatGlmKeys) {
    const ModelArch m = parse_ok("glm-4-9b-chat.json");
    EXPECT_EQ(m.model_type, "chatglm");
    EXPECT_EQ(m.n_layers, 40);
    EXPECT_EQ(m.n_kv_heads, 2);  // multi_query_group_num
    EXPECT_EQ(m.head_dim, 128);  // kv_channels
    EXPECT_EQ(m.intermediate, 13696);
    EXPECT_EQ(m.vocab, 151552);  // padded_vocab_size
    EXPECT_TRUE(m.qkv_bias);
    EXPECT_EQ(m.max_context, 131072);  // seq_length
}

TEST(HfConfig, OtherFamilies) {
    const ModelArch b = parse_ok("Baichuan2-13B-Chat.json");
    EXPECT_EQ(b.n_kv_heads, 40);
    EXPECT_EQ(b.max_context, 4096);  // model_max_length
    const ModelArch p = parse_ok("Phi-3-mini-4k-instruct.json");
    EXPECT_EQ(p.n_sliding_layers, 0);  // sliding_window 2047 ignored by HF Phi-3
    EXPECT_NE(p.notes.find("sliding_window ignored"), std::string::npos);
    const ModelArch x = parse_ok("MT__mixtral_8x7b_dict.json");
    EXPECT_EQ(x.n_experts, 8);
    EXPECT_EQ(x.experts_per_tok, 2);
    EXPECT_EQ(x.moe_intermediate, 14336);
    EXPECT_EQ(parse_ok("MLC__internlm2_5_7b.json").n_kv_heads, 8);
    EXPECT_TRUE(parse_ok("MLC__minicpm_2b_sft_bf16.json").tie_embeddings);
    EXPECT_EQ(parse_ok("Yi-1.5-34B.json").n_layers, 60);
    const ModelArch glm = parse_ok("ASM__GLM-4.5.json");
    EXPECT_EQ(glm.first_k_dense, 3);
    EXPECT_TRUE(glm.router_bias);
    EXPECT_EQ(glm.max_context, 0);  // null in the assembled config: unknown, and said so
    EXPECT_NE(glm.notes.find("context length unknown"), std::string::npos);
    const ModelArch bge = parse_ok("bge-m3.json");
    EXPECT_EQ(bge.role, ModelRole::embedding);
    EXPECT_DOUBLE_EQ(count_params(bge).total, 567'754'752.0);  // docs/references/models.md, with pooler
    const ModelArch whisper = parse_ok("whisper-large-v3.json");
    EXPECT_EQ(whisper.role, ModelRole::asr);
    EXPECT_DOUBLE_EQ(count_params(whisper).total, 1'543'490'560.0);  // docs/references/models.md (README: 1550M)
}

TEST(HfConfig, MissingModelTypeFallsBackToArchitectures) {
    json c = read_config("Llama-3.1-8B-Instruct.json");
    c.erase("model_type");
    const auto r = model_from_hf_config(c, "x", "p");
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->model_type, "llama");
    EXPECT_NE(r->notes.find("taken from architectures"), std::string::npos);

    c.erase("architectures");
    const auto g = model_from_hf_config(c, "x", "p");
    ASSERT_TRUE(g.ok());
    EXPECT_NE(g->notes.find("no model_type or known architectures"), std::string::npos);
    EXPECT_DOUBLE_EQ(count_params(g.value()).total, 8'030'261'248.0);
}

TEST(HfConfig, UnknownFamilyWithStandardFieldsParsesGenerically) {
    json c = read_config("Llama-3.1-8B-Instruct.json");
    c["model_type"] = "acme_lm";
    c["architectures"] = json::array({"AcmeForCausalLM"});
    const auto r = model_from_hf_config(c, "acme", "p");
    ASSERT_TRUE(r.ok()) << r.error().to_string();
    EXPECT_NE(r->notes.find("model_type 'acme_lm' is not a known family"), std::string::npos);
    EXPECT_DOUBLE_EQ(count_params(r.value()).total, 8'030'261'248.0);
}

TEST(HfConfig, MissingRequiredFieldNamesPathAndFamily) {
    json c = read_config("Llama-3.1-8B-Instruct.json");
    c.erase("hidden_size");
    const Error e = parse_error(c);
    EXPECT_EQ(e.id, "hf_config.missing_field");
    EXPECT_EQ(e.path, "scenario.model.hf_config.hidden_size");
    EXPECT_EQ(e.message, "required for llama: hidden_size (model width)");

    json d = read_config("DeepSeek-V3.json");
    d.erase("kv_lora_rank");
    const Error e2 = parse_error(d);
    EXPECT_EQ(e2.path, "scenario.model.hf_config.kv_lora_rank");
    EXPECT_EQ(e2.message, "required for deepseek_v3: kv_lora_rank (MLA latent width)");

    json g = read_config("gemma-3-27b-it.json");
    g["text_config"].erase("num_hidden_layers");
    const Error e3 = parse_error(g);
    EXPECT_EQ(e3.path, "scenario.model.hf_config.text_config.num_hidden_layers");

    const Error e4 = parse_error(json{{"model_type", "acme_lm"}});
    EXPECT_EQ(e4.id, "hf_config.missing_field");
    EXPECT_EQ(e4.message, "required for acme_lm: hidden_size (model width)");
}

TEST(HfConfig, WrongTypesAreErrors) {
    json c = read_config("Llama-3.1-8B-Instruct.json");
    c["hidden_size"] = "4096";
    Error e = parse_error(c);
    EXPECT_EQ(e.id, "hf_config.type");
    EXPECT_EQ(e.path, "scenario.model.hf_config.hidden_size");
    EXPECT_EQ(e.message, "must be an integer, got \"4096\"");

    c = read_config("Llama-3.1-8B-Instruct.json");
    c["tie_word_embeddings"] = "no";
    EXPECT_EQ(parse_error(c).id, "hf_config.type");

    c = read_config("Llama-3.1-8B-Instruct.json");
    c["num_hidden_layers"] = -3;
    e = parse_error(c);
    EXPECT_EQ(e.id, "hf_config.range");
    EXPECT_EQ(e.message, "must be an integer from 1 to 1000, got -3");  // model_limits.hpp: layers

    c = read_config("Llama-3.1-8B-Instruct.json");
    c["num_key_value_heads"] = 7;
    EXPECT_EQ(parse_error(c).path, "scenario.model.hf_config.num_key_value_heads");

    EXPECT_EQ(parse_error(json::array({1, 2})).id, "hf_config.type");
    EXPECT_EQ(parse_error(json{{"model_type", 5}}).path, "scenario.model.hf_config.model_type");
    // A float with an integral value is an integer (some exporters write 4096.0).
    c = read_config("Llama-3.1-8B-Instruct.json");
    c["hidden_size"] = 4096.0;
    EXPECT_TRUE(model_from_hf_config(c, "x", "p").ok());
    c["hidden_size"] = 4096.5;
    EXPECT_EQ(parse_error(c).id, "hf_config.type");
}

// ---------------------------------------------------------------------------------------------------
// Explicit architecture
// ---------------------------------------------------------------------------------------------------

void expect_same(const ModelArch& a, const ModelArch& b) {
    EXPECT_EQ(a.id, b.id);
    EXPECT_EQ(a.hf_id, b.hf_id);
    EXPECT_EQ(a.family, b.family);
    EXPECT_EQ(a.model_type, b.model_type);
    EXPECT_EQ(a.role, b.role);
    EXPECT_EQ(a.n_layers, b.n_layers);
    EXPECT_EQ(a.hidden, b.hidden);
    EXPECT_EQ(a.n_heads, b.n_heads);
    EXPECT_EQ(a.n_kv_heads, b.n_kv_heads);
    EXPECT_EQ(a.head_dim, b.head_dim);
    EXPECT_EQ(a.vocab, b.vocab);
    EXPECT_EQ(a.intermediate, b.intermediate);
    EXPECT_EQ(a.tie_embeddings, b.tie_embeddings);
    EXPECT_EQ(a.qkv_bias, b.qkv_bias);
    EXPECT_EQ(a.qk_norm, b.qk_norm);
    EXPECT_EQ(a.norms_per_layer, b.norms_per_layer);
    EXPECT_EQ(a.gpt_oss_layout, b.gpt_oss_layout);
    EXPECT_EQ(a.n_experts, b.n_experts);
    EXPECT_EQ(a.experts_per_tok, b.experts_per_tok);
    EXPECT_EQ(a.n_shared_experts, b.n_shared_experts);
    EXPECT_EQ(a.moe_intermediate, b.moe_intermediate);
    EXPECT_EQ(a.first_k_dense, b.first_k_dense);
    EXPECT_EQ(a.router_bias, b.router_bias);
    EXPECT_EQ(a.published_weights, b.published_weights);
    EXPECT_EQ(a.q_lora_rank, b.q_lora_rank);
    EXPECT_EQ(a.kv_lora_rank, b.kv_lora_rank);
    EXPECT_EQ(a.qk_rope_head_dim, b.qk_rope_head_dim);
    EXPECT_EQ(a.qk_nope_head_dim, b.qk_nope_head_dim);
    EXPECT_EQ(a.v_head_dim, b.v_head_dim);
    EXPECT_EQ(a.sliding_window, b.sliding_window);
    EXPECT_EQ(a.n_sliding_layers, b.n_sliding_layers);
    EXPECT_EQ(a.max_context, b.max_context);
    EXPECT_EQ(a.params_override, b.params_override);
    EXPECT_EQ(a.active_params_override, b.active_params_override);
    EXPECT_EQ(a.published_total_params, b.published_total_params);
    EXPECT_EQ(a.params_basis, b.params_basis);
    EXPECT_EQ(a.source, b.source);
    EXPECT_EQ(a.notes, b.notes);
}

TEST(ExplicitModel, RoundTripIsLosslessForEveryCatalogModel) {
    for (const auto& m : bundled::catalog().models) {
        SCOPED_TRACE(m.id);
        const json j = model_to_explicit(m);
        // Through text, as a scenario file or URL would carry it.
        const auto back = model_from_explicit(json::parse(j.dump()), "scenario.model");
        ASSERT_TRUE(back.ok()) << back.error().to_string();
        expect_same(m, back.value());
        EXPECT_DOUBLE_EQ(count_params(back.value()).total, count_params(m).total);
        EXPECT_EQ(model_to_explicit(back.value()), j);
    }
}

TEST(ExplicitModel, RoundTripOfAParsedConfig) {
    for (const char* file : {"DeepSeek-V3.json", "gemma-3-27b-it.json", "MT__gpt_oss_20b_dict.json", "whisper-large-v3.json"}) {
        SCOPED_TRACE(file);
        const ModelArch m = parse_ok(file);
        const auto back = model_from_explicit(model_to_explicit(m), "scenario.model");
        ASSERT_TRUE(back.ok()) << back.error().to_string();
        expect_same(m, back.value());
    }
}

TEST(ExplicitModel, ContractFields) {
    const json j = json::parse(R"({"name": "my-8b", "layers": 32, "hidden": 4096, "heads": 32, "kv_heads": 8,
        "head_dim": 128, "vocab": 128256, "intermediate": 14336, "max_context": 131072, "params_b": 8.03})");
    const auto r = model_from_explicit(j, "scenario.model");
    ASSERT_TRUE(r.ok()) << r.error().to_string();
    EXPECT_EQ(r->id, "my-8b");
    EXPECT_FALSE(r->params_override.has_value());  // the shape gives the count; params_b is the published figure
    EXPECT_DOUBLE_EQ(*r->published_total_params, 8.03e9);
    EXPECT_DOUBLE_EQ(count_params(r.value()).total, 8'030'261'248.0);
    EXPECT_DOUBLE_EQ(kv_bytes_per_token(r.value(), 2), 131072);
}

TEST(ExplicitModel, OnlyParamsBIsAStatedTotal) {
    const auto r = model_from_explicit(json{{"name", "blob"}, {"params_b", 7}, {"active_params_b", 1.5}}, "m");
    ASSERT_TRUE(r.ok());
    EXPECT_DOUBLE_EQ(*r->params_override, 7e9);
    EXPECT_DOUBLE_EQ(*r->active_params_override, 1.5e9);
    EXPECT_FALSE(r->has_shape());
    EXPECT_EQ(r->params_basis.rfind("stated", 0), 0u);
    EXPECT_DOUBLE_EQ(count_params(r.value()).active, 1.5e9);
}

TEST(ExplicitModel, Errors) {
    Error e = model_from_explicit(json::object(), "scenario.model").error();
    EXPECT_EQ(e.id, "model.missing_field");
    EXPECT_EQ(e.path, "scenario.model.params_b");

    e = model_from_explicit(json{{"layers", 32}, {"hidden", 4096}}, "scenario.model").error();
    EXPECT_EQ(e.id, "model.missing_field");
    EXPECT_EQ(e.path, "scenario.model.heads");

    e = model_from_explicit(json{{"layers", "32"}}, "scenario.model").error();
    EXPECT_EQ(e.id, "model.type");
    EXPECT_EQ(e.path, "scenario.model.layers");

    e = model_from_explicit(json{{"params_b", -1}}, "scenario.model").error();
    EXPECT_EQ(e.id, "model.range");
    EXPECT_EQ(e.message, "must be a number of billions from 0.001 to 100000, got -1");

    e = model_from_explicit(json{{"layers", 32}, {"hidden", 4096}, {"heads", 32}, {"kv_heads", 5}, {"vocab", 1000},
                                 {"intermediate", 1000}},
                            "scenario.model")
            .error();
    EXPECT_EQ(e.id, "model.range");
    EXPECT_EQ(e.path, "scenario.model.kv_heads");

    e = model_from_explicit(json{{"layers", 4}, {"hidden", 64}, {"heads", 4}, {"vocab", 10}, {"intermediate", 8},
                                 {"experts", 8}, {"experts_per_tok", 9}},
                            "scenario.model")
            .error();
    EXPECT_EQ(e.path, "scenario.model.experts_per_tok");

    EXPECT_EQ(model_from_explicit(json::array(), "scenario.model").error().id, "model.type");
}

}  // namespace
}  // namespace infersizer
