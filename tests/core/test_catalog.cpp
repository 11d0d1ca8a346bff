// test_catalog.cpp — the bundled catalog (data/*.json) loads clean and holds the sourced facts; bad
// catalogs fail with the exact error id, path and message; user catalogs merge by id.
//
// Sections: [bundled] [lookups] [bad catalogs] [merge]
#include "bundled_catalog.hpp"
#include "catalog_json.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <functional>
#include <string>

namespace infersizer {
namespace {

using json = nlohmann::json;

const Catalog& bundled_catalog() { return bundled::catalog(); }

const ModelArch& model(const std::string& id) {
    const ModelArch* m = bundled_catalog().find_model(id);
    EXPECT_NE(m, nullptr) << id;
    static const ModelArch kNone{};
    return m ? *m : kNone;
}

const Hardware& hardware(const std::string& id) {
    const Hardware* h = bundled_catalog().find_hardware(id);
    EXPECT_NE(h, nullptr) << id;
    static const Hardware kNone{};
    return h ? *h : kNone;
}

// ---------------------------------------------------------------------------------------------------
// [bundled]
// ---------------------------------------------------------------------------------------------------
TEST(CatalogBundled, LoadsWithZeroErrors) {
    Errors errors;
    auto loaded = load_catalog(bundled::files(), &errors);
    for (const Error& e : errors) ADD_FAILURE() << e.to_string();
    EXPECT_TRUE(loaded.ok());
    EXPECT_FALSE(loaded.ok() ? loaded->version.empty() : true);
}

TEST(CatalogBundled, HoldsEveryReferenceEntry) {
    const Catalog& c = bundled_catalog();
    EXPECT_EQ(c.models.size(), 61u);  // docs/references/models.md: 61 models
    const auto cpus = std::count_if(c.hardware.begin(), c.hardware.end(), [](const Hardware& h) { return h.is_cpu(); });
    EXPECT_EQ(c.hardware.size() - static_cast<size_t>(cpus), 51u);  // reference/hardware.json accelerators
    EXPECT_EQ(cpus, 5);                                             // and its cpu_platforms
    EXPECT_EQ(c.engines.size(), 6u);
    EXPECT_EQ(c.gpu_prices.size(), 65u);
    EXPECT_EQ(c.api_prices.size(), 51u);
}

TEST(CatalogBundled, HasEveryListedFormat) {
    const Catalog& c = bundled_catalog();
    const std::vector<std::string> weights{
        "fp32",   "bf16",   "fp16",   "fp8",    "int8",   "awq-int4", "gptq-int4", "nf4",     "nvfp4",  "mxfp4",
        "F16",    "BF16",   "Q8_0",   "Q6_K",   "Q5_K_M", "Q5_K_S",   "Q5_0",      "Q4_K_M",  "Q4_K_S", "Q4_0",
        "IQ4_XS", "IQ4_NL", "Q3_K_L", "Q3_K_M", "Q3_K_S", "Q2_K",     "IQ3_M",     "IQ3_XXS", "IQ2_M",  "IQ2_XS",
        "IQ2_XXS", "IQ1_M", "IQ1_S",  "MXFP4"};
    for (const std::string& id : weights) {
        const WeightFormat* f = c.find_weight_format(id);
        ASSERT_NE(f, nullptr) << id;
        EXPECT_EQ(f->id, id);
    }
    EXPECT_EQ(c.weight_formats.size(), weights.size());
    for (const char* id : {"fp16", "bf16", "fp8", "q8_0", "q4_0"}) EXPECT_NE(c.find_kv_format(id), nullptr) << id;
    EXPECT_EQ(c.kv_formats.size(), 5u);
    for (const char* id : {"vllm", "sglang", "tensorrt-llm", "llama.cpp", "ollama", "transformers"})
        EXPECT_NE(c.find_engine(id), nullptr) << id;
}

TEST(CatalogBundled, HardwareSpotFacts) {
    // docs/references/hardware.md summary table.
    const Hardware& h100 = hardware("nvidia-h100-sxm-80gb");
    EXPECT_EQ(h100.kind, HardwareKind::gpu);
    EXPECT_EQ(h100.memory_gb, 80.0);
    EXPECT_EQ(h100.bandwidth_gbs, 3350.0);
    EXPECT_EQ(h100.fp16_tflops, 989.0);
    EXPECT_EQ(h100.fp8_tflops, 1979.0);
    EXPECT_EQ(h100.interconnect_gbs, 900.0);
    EXPECT_EQ(h100.source.rfind("https://archive-lib.hpctech.co.jp/gpuproduct/nvidia-h100.html", 0), 0u);

    // Ascend 910B: only 64 GB is consistent; the rest stays unknown, never a guess.
    const Hardware& ascend = hardware("huawei-ascend-910b");
    EXPECT_EQ(ascend.kind, HardwareKind::npu);
    EXPECT_EQ(ascend.memory_gb, 64.0);
    EXPECT_FALSE(ascend.bandwidth_gbs.has_value());
    EXPECT_FALSE(ascend.fp16_tflops.has_value());
    EXPECT_EQ(ascend.confidence, "conflicting");

    // H200 NVL: NVIDIA's product page prints its tensor figures with sparsity (BF16 1,671, FP8 3,341), below
    // the SXM part's; the catalog holds half of each (dense). GH200: the datasheet's dense figures, H100 SXM's.
    const Hardware& h200_nvl = hardware("nvidia-h200-nvl-141gb");
    EXPECT_EQ(h200_nvl.fp16_tflops, 835.5);
    EXPECT_EQ(h200_nvl.fp8_tflops, 1670.5);
    EXPECT_NE(h200_nvl.source.find("https://www.nvidia.com/en-us/data-center/h200/"), std::string::npos) << h200_nvl.source;
    const Hardware& gh200 = hardware("nvidia-gh200-96gb");
    EXPECT_EQ(gh200.fp16_tflops, 990.0);
    EXPECT_EQ(gh200.fp8_tflops, 1979.0);
    EXPECT_EQ(gh200.bandwidth_gbs, 4000.0);
    // A GH200 server holds four (CSCS Alps); cards without the field sit on the planner's 8-card boards.
    EXPECT_EQ(gh200.cards_per_node, 4);
    EXPECT_EQ(node_cards(gh200), 4);
    EXPECT_FALSE(h100.cards_per_node.has_value());
    EXPECT_EQ(node_cards(h100), 8);

    // GeForce: FP16-accumulate rate kept apart from the FP32-accumulate one.
    const Hardware& rtx4090 = hardware("nvidia-rtx-4090");
    EXPECT_EQ(rtx4090.fp16_tflops, 165.2);
    EXPECT_EQ(rtx4090.fp16acc_tflops, 330.3);

    EXPECT_EQ(hardware("apple-m2-ultra").kind, HardwareKind::unified);
    EXPECT_FALSE(hardware("apple-m3-max-14c").memory_gb.has_value());

    // CPU platforms: bandwidth and per-clock work are sourced, cores and clock are the user's.
    const Hardware& spr = hardware("xeon-spr-8ch-ddr5-4800");
    EXPECT_TRUE(spr.is_cpu());
    EXPECT_EQ(spr.bandwidth_gbs, 307.2);
    EXPECT_EQ(spr.fp32_flops_per_cycle_per_core, 64.0);
    EXPECT_EQ(spr.bf16_ops_per_cycle_per_core, 1024.0);
    EXPECT_FALSE(spr.cores.has_value());
    EXPECT_FALSE(spr.clock_ghz.has_value());
    EXPECT_FALSE(hardware("desktop-ddr4-3200-2ch").bf16_ops_per_cycle_per_core.has_value());
}

// The hardware picker shows a card's notes in the page's language (issue #9): every bundled note has a
// Chinese side (with Chinese in it, not a copy of the English) and an English side.
bool has_cjk(const std::string& text) {
    for (unsigned char c : text)
        if (c >= 0xE3 && c <= 0xE9) return true;  // UTF-8 lead bytes of U+3000..U+9FFF
    return false;
}

TEST(CatalogBundled, EveryHardwareNoteHasBothLanguages) {
    size_t with_notes = 0;
    for (const Hardware& h : bundled_catalog().hardware) {
        EXPECT_EQ(h.notes.zh.empty(), h.notes.en.empty()) << h.id;
        if (h.notes.en.empty()) continue;
        ++with_notes;
        EXPECT_TRUE(has_cjk(h.notes.zh)) << h.id << ": " << h.notes.zh;
        EXPECT_NE(h.notes.zh, h.notes.en) << h.id;
    }
    EXPECT_GE(with_notes, 50u);  // 46 of 51 cards and all 5 CPU platforms carry notes
    EXPECT_EQ(hardware("nvidia-h200-sxm-141gb").notes.zh, "算力与 H100 SXM 相同（同为 GH100），只有显存不同。");
    EXPECT_EQ(hardware("nvidia-h200-sxm-141gb").notes.en, "Same GH100 compute as H100 SXM; only memory differs.");
}

// A format whose source cites this repository's docs carries a label naming them by title (build_catalog.py
// [source labels]), in both languages, so the page never shows the path.
TEST(CatalogBundled, FormatsCitingDocsNameThemByTitle) {
    const auto cites_doc = [](const std::string& source) {
        return source.rfind("docs/", 0) == 0 || source.find(" docs/") != std::string::npos ||
               source.find("(docs/") != std::string::npos;
    };
    size_t labelled = 0;
    const auto check = [&](const std::string& id, const std::string& source, const Text& label) {
        if (!cites_doc(source)) return;
        ++labelled;
        EXPECT_FALSE(label.zh.empty() || label.en.empty()) << id;
        EXPECT_TRUE(has_cjk(label.zh)) << id;
        for (const char* path : {"docs/references/", "docs/estimation.md"})
            EXPECT_EQ((label.zh + label.en).find(path), std::string::npos) << id << ": " << label.en;
    };
    for (const WeightFormat& f : bundled_catalog().weight_formats) check(f.id, f.source, f.source_label);
    for (const KvFormat& f : bundled_catalog().kv_formats) check(f.id, f.source, f.source_label);
    EXPECT_GE(labelled, 30u);
    const WeightFormat* fp8 = bundled_catalog().find_weight_format("fp8");
    ASSERT_NE(fp8, nullptr);
    EXPECT_EQ(fp8->source_label.zh.rfind("InferSizer 参考资料：同类工具与公式 §4.1 权重字节 · https://docs.vllm.ai/", 0), 0u)
        << fp8->source_label.zh;
}

// The picker's "来源" line names each card's sources by address (URL, GitHub repository), not by the refs'
// English prose ("NVIDIA A100 … whitepaper (2020): third-generation Tensor Cores run …") or a path.
TEST(CatalogBundled, EveryHardwareSourceHasALabelOfAddresses) {
    for (const Hardware& h : bundled_catalog().hardware) {
        EXPECT_FALSE(h.source_label.zh.empty() || h.source_label.en.empty()) << h.id;
        EXPECT_EQ(h.source_label.en.find("docs/references/"), std::string::npos) << h.id;
        EXPECT_EQ(h.source_label.en.find("whitepaper"), std::string::npos) << h.id << ": " << h.source_label.en;
    }
    EXPECT_EQ(hardware("nvidia-a100-sxm-40gb").source_label.en,
              "https://glennklockwood.com/garden/processors/A100 · github:astroC86/gpu-datasheet");
}

TEST(CatalogBundled, ModelSpotFacts) {
    // Llama-3.1-8B config.json: 32 layers, 8 KV heads, 8,030,261,248 parameters (docs/references/models.md).
    const ModelArch& llama = model("Llama-3.1-8B");
    EXPECT_EQ(llama.n_layers, 32);
    EXPECT_EQ(llama.hidden, 4096);
    EXPECT_EQ(llama.n_heads, 32);
    EXPECT_EQ(llama.n_kv_heads, 8);
    EXPECT_EQ(llama.head_dim, 128);
    EXPECT_EQ(llama.vocab, 128256);
    EXPECT_EQ(llama.intermediate, 14336);
    EXPECT_FALSE(llama.tie_embeddings);
    EXPECT_EQ(llama.max_context, 131072);
    EXPECT_EQ(llama.published_total_params, 8030261248.0);
    EXPECT_EQ(llama.params_basis, "computed");
    EXPECT_FALSE(llama.is_moe());
    EXPECT_EQ(llama.role, ModelRole::chat);

    // Qwen2: Q/K/V biases; the config's sliding_window is not in effect.
    const ModelArch& qwen = model("Qwen2.5-7B");
    EXPECT_TRUE(qwen.qkv_bias);
    EXPECT_EQ(qwen.n_sliding_layers, 0);

    // Local attention, from the layer rules in docs/references/models.md.
    EXPECT_EQ(model("Gemma-2-9B").n_sliding_layers, 21);  // even layers of 42
    EXPECT_EQ(model("Gemma-2-9B").sliding_window, 4096);
    EXPECT_EQ(model("Gemma-2-9B").norms_per_layer, 4);
    EXPECT_EQ(model("Gemma-3-27B").n_sliding_layers, 52);  // 62 layers, global iff (i+1) % 6 == 0
    EXPECT_EQ(model("Gemma-3-1B").sliding_window, 512);
    EXPECT_EQ(model("gpt-oss-120b").n_sliding_layers, 18);  // alternate, sliding first, of 36
    EXPECT_EQ(model("gpt-oss-120b").sliding_window, 128);
    EXPECT_TRUE(model("gpt-oss-120b").gpt_oss_layout);
    EXPECT_EQ(model("Phi-3-mini-4k").n_sliding_layers, 0);  // HF ignores its 2047 window

    // MLA + DeepSeekMoE.
    const ModelArch& ds = model("DeepSeek-V3");
    EXPECT_TRUE(ds.is_mla());
    EXPECT_TRUE(ds.is_moe());
    EXPECT_EQ(ds.kv_lora_rank, 512);
    EXPECT_EQ(ds.qk_rope_head_dim, 64);
    EXPECT_EQ(ds.q_lora_rank, 1536);
    EXPECT_EQ(ds.n_experts, 256);
    EXPECT_EQ(ds.experts_per_tok, 8);
    EXPECT_EQ(ds.n_shared_experts, 1);
    EXPECT_EQ(ds.first_k_dense, 3);
    EXPECT_TRUE(ds.router_bias);
    EXPECT_EQ(model("DeepSeek-V2-Lite").q_lora_rank, 0);  // full-rank q_proj
    EXPECT_FALSE(model("DeepSeek-V2-Lite").router_bias);

    // Entries the formulas cannot count carry the published totals.
    const ModelArch& air = model("GLM-4.5-Air");
    EXPECT_EQ(air.params_override, 106e9);
    EXPECT_EQ(air.active_params_override, 12e9);
    EXPECT_EQ(air.params_basis.rfind("stated: ", 0), 0u);
    EXPECT_EQ(model("bge-m3").params_override, 567754752.0);
    EXPECT_EQ(model("bge-m3").role, ModelRole::embedding);
    EXPECT_EQ(model("bge-reranker-v2-m3").role, ModelRole::reranker);
    EXPECT_EQ(model("whisper-large-v3").role, ModelRole::asr);
    EXPECT_EQ(model("whisper-large-v3").n_kv_heads, 20);  // MHA: absent num_key_value_heads
    EXPECT_EQ(model("Qwen3-Embedding-8B").params_override, 7567295488.0);  // served without lm_head
}

TEST(CatalogBundled, FormatAndPriceFacts) {
    const Catalog& c = bundled_catalog();
    // GPTQ/AWQ at g = 128: 4 + 20/128 bits (docs/references/peers-and-formulas.md §4.1).
    EXPECT_DOUBLE_EQ(c.find_weight_format("awq-int4")->bits_per_weight, 4.0 + 20.0 / 128.0);
    EXPECT_TRUE(c.find_weight_format("gptq-int4")->embeddings_16bit);
    // A GGUF ftype carries its base type: Q4_K_M → Q4_K, 144 bytes per 256 (docs/references/gguf-quant-mixes.md §3).
    EXPECT_EQ(c.find_weight_format("Q4_K_M")->scheme, WeightScheme::gguf);
    EXPECT_DOUBLE_EQ(c.find_weight_format("Q4_K_M")->bits_per_weight, 144.0 * 8 / 256);
    EXPECT_DOUBLE_EQ(c.find_weight_format("IQ3_M")->bits_per_weight, 110.0 * 8 / 256);  // base IQ3_S
    EXPECT_DOUBLE_EQ(c.find_kv_format("q8_0")->bytes_per_element, 34.0 / 32);
    EXPECT_DOUBLE_EQ(c.find_kv_format("q4_0")->bytes_per_element, 18.0 / 32);
    // Every engine's default KV format exists (the loader checks it; the test pins llama.cpp's).
    EXPECT_EQ(c.find_engine("llama.cpp")->default_kv, "fp16");

    EXPECT_TRUE(c.usd_cny.known());
    EXPECT_FALSE(c.usd_cny.source.empty());
    EXPECT_FALSE(c.usd_cny.as_of.empty());
}

// ---------------------------------------------------------------------------------------------------
// [lookups]
// ---------------------------------------------------------------------------------------------------
TEST(CatalogLookup, WeightFormatIdsAreCaseInsensitiveButExactFirst) {
    const Catalog& c = bundled_catalog();
    EXPECT_EQ(c.find_weight_format("q4_k_m")->id, "Q4_K_M");
    EXPECT_EQ(c.find_weight_format("Iq2_Xxs")->id, "IQ2_XXS");
    EXPECT_EQ(c.find_weight_format("bf16")->scheme, WeightScheme::dense);
    EXPECT_EQ(c.find_weight_format("BF16")->scheme, WeightScheme::gguf);
    EXPECT_EQ(c.find_weight_format("mxfp4")->scheme, WeightScheme::group);
    EXPECT_EQ(c.find_weight_format("MXFP4")->scheme, WeightScheme::gguf);
    EXPECT_EQ(c.find_weight_format("Q9_K"), nullptr);
    EXPECT_EQ(c.find_model("llama-3.1-8b"), nullptr);  // model ids are exact
}

TEST(CatalogLookup, PricesForListsOnDemandRowsCheapestFirst) {
    const Catalog& c = bundled_catalog();
    auto rows = c.prices_for("nvidia-h100-sxm-80gb");
    ASSERT_GE(rows.size(), 3u);
    for (size_t i = 0; i < rows.size(); ++i) {
        EXPECT_EQ(rows[i]->hardware_id, "nvidia-h100-sxm-80gb");
        EXPECT_NE(rows[i]->pricing_model.find("on-demand"), std::string::npos) << rows[i]->pricing_model;
        if (i) {
            EXPECT_LE(rows[i - 1]->per_gpu_hour.lo, rows[i]->per_gpu_hour.lo);
        }
    }
    // Lambda lists H100 SXM at $3.78 on demand (reference/prices.json); Capacity Blocks are not on demand.
    EXPECT_TRUE(std::any_of(rows.begin(), rows.end(), [](const GpuPrice* p) {
        return p->provider == "Lambda" && p->per_gpu_hour == Interval::exact(3.78);
    }));
    EXPECT_TRUE(std::none_of(rows.begin(), rows.end(), [](const GpuPrice* p) {
        return p->pricing_model.find("Capacity Block") != std::string::npos;
    }));
    EXPECT_TRUE(c.prices_for("apple-m4").empty());
    EXPECT_TRUE(c.prices_for("").empty());
}

// ---------------------------------------------------------------------------------------------------
// [bad catalogs]
// ---------------------------------------------------------------------------------------------------

// Small formats and engines documents, so that the messages that list ids stay fixed.
const char* kSmallFormats = R"({"schema": "infersizer.formats/1",
  "weight_formats": [{"id": "bf16", "scheme": "dense", "bits_per_weight": 16, "compute_dtype": "fp16",
                      "engines": ["vllm", "llama.cpp"], "description": {"zh": "BF16", "en": "BF16"}, "source": "test"}],
  "kv_formats": [{"id": "fp16", "bytes_per_element": 2, "engines": ["vllm", "llama.cpp"],
                  "description": {"zh": "FP16", "en": "FP16"}, "source": "test"}]})";

json small_engine(const std::string& id) {
    json eff = {{"eta_mem", {0.5, 0.8}}, {"t0_ms", {1, 3}}, {"mfu_short", {0.3, 0.4}}, {"mfu_long", {0.5, 0.7}},
                {"batch_eff", {0.3, 0.6}}};
    return {{"id", id},           {"name", id},          {"memory_utilization", 0.9},   {"runtime_gib", {0.5, 1.5}},
            {"activation_gib", {1, 4}}, {"max_batched_tokens", 8192}, {"kv_block_tokens", 16}, {"max_num_seqs", 256},
            {"default_kv", "fp16"}, {"paged_kv", true},     {"tensor_parallel", true},   {"continuous_batching", true},
            {"hardware_kinds", {"gpu"}}, {"efficiency", {{"gpu", eff}}}, {"source", "test"}};
}

json small_engines() {
    return {{"schema", "infersizer.engines/1"}, {"engines", {small_engine("vllm"), small_engine("llama.cpp")}}};
}

CatalogFiles small_files() {
    CatalogFiles f = bundled::files();
    f.formats = kSmallFormats;
    f.engines = small_engines().dump();
    return f;
}

// Loads after `edit` changed one parsed file; returns all errors.
Errors errors_after(std::string CatalogFiles::*file, const std::function<void(json&)>& edit) {
    CatalogFiles f = small_files();
    json doc = json::parse(f.*file);
    edit(doc);
    f.*file = doc.dump();
    Errors errors;
    auto loaded = load_catalog(f, &errors);
    EXPECT_FALSE(loaded.ok());
    if (!loaded.ok() && !errors.empty()) {
        EXPECT_EQ(loaded.error().id, errors.front().id);
        EXPECT_EQ(loaded.error().path, errors.front().path);
    }
    return errors;
}

void expect_single(const Errors& errors, const std::string& id, const std::string& path, const std::string& message) {
    ASSERT_EQ(errors.size(), 1u) << (errors.empty() ? "" : errors.back().to_string());
    EXPECT_EQ(errors[0].id, id);
    EXPECT_EQ(errors[0].path, path);
    EXPECT_EQ(errors[0].message, message);
}

TEST(CatalogErrors, SmallFormatsAndEnginesLoad) {
    Errors errors;
    EXPECT_TRUE(load_catalog(small_files(), &errors).ok());
    EXPECT_TRUE(errors.empty());
}

TEST(CatalogErrors, ParseErrorNamesLineAndColumn) {
    CatalogFiles f = small_files();
    f.models = "{\"schema\": ";
    Errors errors;
    auto loaded = load_catalog(f, &errors);
    ASSERT_FALSE(loaded.ok());
    expect_single(errors, "catalog.parse", "models.json",
                  "invalid JSON at line 1, column 12: syntax error while parsing value - unexpected end of input; "
                  "expected '[', '{', or a literal");
    EXPECT_EQ(loaded.error().to_string(),
              "[catalog.parse] models.json: invalid JSON at line 1, column 12: syntax error while parsing value - "
              "unexpected end of input; expected '[', '{', or a literal");
}

TEST(CatalogErrors, UnreadableEnginesFileGivesOneErrorNotAFloodOfReferences) {
    CatalogFiles f = small_files();
    f.engines = "";
    Errors errors;
    EXPECT_FALSE(load_catalog(f, &errors).ok());
    expect_single(errors, "catalog.parse", "engines.json",
                  "invalid JSON at line 1, column 1: syntax error while parsing value - unexpected end of input; "
                  "expected '[', '{', or a literal");
}

TEST(CatalogErrors, WrongTypeIsReportedWithItsPath) {
    auto errors = errors_after(&CatalogFiles::hardware, [](json& d) { d["accelerators"][3]["memory_gb"] = "lots"; });
    expect_single(errors, "catalog.type", "hardware.json: accelerators[3].memory_gb",
                  "must be a positive number or null, got \"lots\"");
    EXPECT_EQ(errors[0].to_string(),
              "[catalog.type] hardware.json: accelerators[3].memory_gb: must be a positive number or null, got "
              "\"lots\"");
}

// Notes are {"zh", "en"} with both sides; a user catalog's plain string is its own words, shown as written.
TEST(CatalogErrors, HardwareNotesNeedBothLanguages) {
    auto errors = errors_after(&CatalogFiles::hardware,
                               [](json& d) { d["accelerators"][0]["notes"] = json{{"en", "English only"}}; });
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors[0].id, "catalog.missing_field");
    EXPECT_EQ(errors[0].path, "hardware.json: accelerators[0].notes.zh");
    errors = errors_after(&CatalogFiles::hardware, [](json& d) { d["cpu_platforms"][0]["notes"] = 3; });
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors[0].id, "catalog.type");
    EXPECT_EQ(errors[0].path, "hardware.json: cpu_platforms[0].notes");

    CatalogFiles f = small_files();
    json doc = json::parse(f.hardware);
    doc["accelerators"][0]["notes"] = "my own card";
    f.hardware = doc.dump();
    Errors none;
    auto loaded = load_catalog(f, &none);
    ASSERT_TRUE(loaded.ok());
    EXPECT_EQ(loaded->hardware[0].notes.zh, "my own card");
    EXPECT_EQ(loaded->hardware[0].notes.en, "my own card");
}

TEST(CatalogErrors, NegativeMemoryIsOutOfRange) {
    auto errors = errors_after(&CatalogFiles::hardware, [](json& d) { d["accelerators"][0]["memory_gb"] = -80; });
    expect_single(errors, "catalog.range", "hardware.json: accelerators[0].memory_gb",
                  "must be a positive number or null, got -80");
}

TEST(CatalogErrors, UnknownKindNamesTheAcceptedValues) {
    auto errors = errors_after(&CatalogFiles::hardware, [](json& d) { d["accelerators"][1]["kind"] = "tpu"; });
    expect_single(errors, "catalog.range", "hardware.json: accelerators[1].kind",
                  "must be one of gpu, npu, unified; got \"tpu\"");
}

TEST(CatalogErrors, DuplicateIdPointsAtTheFirst) {
    auto errors = errors_after(&CatalogFiles::models, [](json& d) { d["models"][2]["id"] = d["models"][0]["id"]; });
    expect_single(errors, "catalog.duplicate_id", "models.json: models[2].id",
                  "duplicate id \"Llama-3.1-8B\"; first defined at models.json: models[0]");
}

TEST(CatalogErrors, DuplicateIdAcrossAcceleratorsAndCpuPlatforms) {
    auto errors = errors_after(&CatalogFiles::hardware,
                               [](json& d) { d["cpu_platforms"][0]["id"] = "nvidia-h100-sxm-80gb"; });
    expect_single(errors, "catalog.duplicate_id", "hardware.json: cpu_platforms[0].id",
                  "duplicate id \"nvidia-h100-sxm-80gb\"; first defined at hardware.json: accelerators[0]");
}

TEST(CatalogErrors, UnknownEngineReference) {
    auto errors = errors_after(&CatalogFiles::formats, [](json& d) { d["weight_formats"][0]["engines"][1] = "vlm"; });
    expect_single(errors, "catalog.reference", "formats.json: weight_formats[0].engines[1]",
                  "unknown engine \"vlm\"; known: vllm, llama.cpp");
}

TEST(CatalogErrors, UnknownDefaultKvReference) {
    auto errors = errors_after(&CatalogFiles::engines, [](json& d) { d["engines"][1]["default_kv"] = "fp4"; });
    expect_single(errors, "catalog.reference", "engines.json: engines[1].default_kv",
                  "unknown KV format \"fp4\"; known: fp16");
}

TEST(CatalogErrors, UnknownPriceHardwareReference) {
    auto errors = errors_after(&CatalogFiles::prices, [](json& d) { d["gpu_rental"][0]["hardware_id"] = "h100"; });
    expect_single(errors, "catalog.reference", "prices.json: gpu_rental[0].hardware_id",
                  "unknown hardware \"h100\"; must be \"\" or an id from hardware.json (accelerators, cpu_platforms)");
}

TEST(CatalogErrors, MissingRequiredField) {
    auto errors = errors_after(&CatalogFiles::engines, [](json& d) { d["engines"][0].erase("kv_block_tokens"); });
    expect_single(errors, "catalog.missing_field", "engines.json: engines[0].kv_block_tokens",
                  "missing; must be a positive integer");
}

TEST(CatalogErrors, IntervalBoundsOutOfOrder) {
    auto errors = errors_after(&CatalogFiles::engines, [](json& d) { d["engines"][0]["runtime_gib"] = {2, 1}; });
    expect_single(errors, "catalog.range", "engines.json: engines[0].runtime_gib",
                  "must be [lo, hi] with 0 <= lo <= hi, got [2,1]");
}

TEST(CatalogErrors, EfficiencyAboveOne) {
    auto errors = errors_after(&CatalogFiles::engines,
                               [](json& d) { d["engines"][0]["efficiency"]["gpu"]["eta_mem"] = {0.5, 1.2}; });
    expect_single(errors, "catalog.range", "engines.json: engines[0].efficiency.gpu.eta_mem",
                  "must be [lo, hi] with 0 < lo <= hi <= 1, got [0.5,1.2]");
}

TEST(CatalogErrors, MoeLayerFixedCostIsAnOrderedPairOfMilliseconds) {
    auto errors = errors_after(&CatalogFiles::engines,
                               [](json& d) { d["engines"][0]["efficiency"]["gpu"]["t_moe_layer_ms"] = {0.3, 0.1}; });
    expect_single(errors, "catalog.range", "engines.json: engines[0].efficiency.gpu.t_moe_layer_ms",
                  "must be [lo, hi] with 0 <= lo <= hi, got [0.3,0.1]");
}

TEST(CatalogErrors, EngineKindWithoutEfficiencyRanges) {
    auto errors = errors_after(&CatalogFiles::engines,
                               [](json& d) { d["engines"][0]["hardware_kinds"] = {"gpu", "cpu"}; });
    expect_single(errors, "catalog.missing_field", "engines.json: engines[0].efficiency.cpu",
                  "missing; hardware_kinds lists cpu, which needs efficiency ranges for cpu");
}

TEST(CatalogErrors, KvHeadsMustDivideHeads) {
    auto errors = errors_after(&CatalogFiles::models, [](json& d) { d["models"][0]["num_key_value_heads"] = 5; });
    expect_single(errors, "catalog.range", "models.json: models[0].num_key_value_heads",
                  "must divide num_attention_heads (32), got 5");
}

TEST(CatalogErrors, TrustRemoteCodeIsAFlag) {
    auto errors = errors_after(&CatalogFiles::models, [](json& d) { d["models"][0]["trust_remote_code"] = "yes"; });
    expect_single(errors, "catalog.type", "models.json: models[0].trust_remote_code",
                  "must be true, false or null, got \"yes\"");
}

// published_weights is one of the formats a model's own repository may publish: a typo would silently keep
// `--quantization fp8` on a model whose repository already is the FP8 checkpoint.
TEST(CatalogErrors, PublishedWeightsNamesAWeightFormat) {
    auto errors = errors_after(&CatalogFiles::models, [](json& d) { d["models"][0]["published_weights"] = "fp9"; });
    expect_single(errors, "catalog.range", "models.json: models[0].published_weights",
                  "must be one of fp8, int8, nvfp4, mxfp4 or null; got \"fp9\"");
    errors = errors_after(&CatalogFiles::models, [](json& d) { d["models"][0]["published_weights"] = 8; });
    expect_single(errors, "catalog.type", "models.json: models[0].published_weights",
                  "must be one of fp8, int8, nvfp4, mxfp4 or null; got 8");
}

TEST(CatalogErrors, ShapeIsRequiredWithoutAParamsOverride) {
    auto errors = errors_after(&CatalogFiles::models, [](json& d) { d["models"][0]["hidden_size"] = nullptr; });
    expect_single(errors, "catalog.type", "models.json: models[0].hidden_size",
                  "must be a positive integer, got null");
}

TEST(CatalogErrors, IntegerFieldRejectsAFraction) {
    auto errors = errors_after(&CatalogFiles::models, [](json& d) { d["models"][0]["num_hidden_layers"] = 32.5; });
    expect_single(errors, "catalog.type", "models.json: models[0].num_hidden_layers",
                  "must be a positive integer, got 32.5");
}

TEST(CatalogErrors, CardsPerNodeIsAWholeNumberUpTo72) {
    auto fraction = errors_after(&CatalogFiles::hardware, [](json& d) { d["accelerators"][0]["cards_per_node"] = 4.5; });
    expect_single(fraction, "catalog.type", "hardware.json: accelerators[0].cards_per_node",
                  "must be a positive integer or null, got 4.5");
    auto zero = errors_after(&CatalogFiles::hardware, [](json& d) { d["accelerators"][0]["cards_per_node"] = 0; });
    expect_single(zero, "catalog.range", "hardware.json: accelerators[0].cards_per_node",
                  "must be a positive integer or null, got 0");
    auto huge = errors_after(&CatalogFiles::hardware, [](json& d) { d["accelerators"][0]["cards_per_node"] = 1000; });
    ASSERT_EQ(huge.size(), 1u);
    EXPECT_EQ(huge[0].path, "hardware.json: accelerators[0].cards_per_node");
    EXPECT_NE(huge[0].message.find("72"), std::string::npos) << huge[0].message;
}

TEST(CatalogErrors, WrongSchema) {
    auto errors = errors_after(&CatalogFiles::prices, [](json& d) { d["schema"] = "infersizer.prices/2"; });
    expect_single(errors, "catalog.range", "prices.json: schema",
                  "must be \"infersizer.prices/1\", got \"infersizer.prices/2\"");
}

TEST(CatalogErrors, NullExchangeRateIsAcceptedAsUnknown) {
    CatalogFiles f = small_files();
    json prices = json::parse(f.prices);
    prices["usd_cny"]["cny_per_usd"] = nullptr;
    f.prices = prices.dump();
    auto loaded = load_catalog(f);
    ASSERT_TRUE(loaded.ok()) << loaded.error().to_string();
    EXPECT_FALSE(loaded->usd_cny.known());
}

TEST(CatalogErrors, AllErrorsAreCollectedInFileOrder) {
    CatalogFiles f = small_files();
    json models = json::parse(f.models);
    models["models"][0]["vocab_size"] = 0;
    models["models"][4]["role"] = "llm";
    f.models = models.dump();
    json hardware = json::parse(f.hardware);
    hardware["accelerators"][2]["tdp_w"] = true;
    f.hardware = hardware.dump();
    Errors errors;
    auto loaded = load_catalog(f, &errors);
    ASSERT_FALSE(loaded.ok());
    ASSERT_EQ(errors.size(), 3u);
    EXPECT_EQ(errors[0].to_string(),
              "[catalog.range] models.json: models[0].vocab_size: must be a positive integer, got 0");
    EXPECT_EQ(errors[1].to_string(),
              "[catalog.range] models.json: models[4].role: must be one of chat, embedding, reranker, asr; got "
              "\"llm\"");
    EXPECT_EQ(errors[2].to_string(),
              "[catalog.type] hardware.json: accelerators[2].tdp_w: must be a positive number or null, got true");
    EXPECT_EQ(loaded.error().to_string(), errors[0].to_string());
}

// ---------------------------------------------------------------------------------------------------
// [merge]
// ---------------------------------------------------------------------------------------------------
json user_model() {
    return {{"id", "My-Llama-8B"},   {"role", "chat"},          {"num_hidden_layers", 32},  {"hidden_size", 4096},
            {"intermediate_size", 14336}, {"num_attention_heads", 32}, {"num_key_value_heads", 8},
            {"vocab_size", 128256}, {"max_position_embeddings", 8192}, {"source", "my fine-tune's config.json"}};
}

json user_gpu() {
    return {{"id", "my-lab-gpu"}, {"vendor", "NVIDIA"}, {"name", "Lab card"}, {"market", "datacenter"},
            {"kind", "gpu"},      {"memory_gb", 48},    {"memory_bandwidth_gbs", 864},
            {"fp16_bf16_dense_tflops", 362}, {"source", "our spec sheet"}};
}

TEST(CatalogMerge, SameIdReplacesAndNewIdAppends) {
    const Catalog& base = bundled_catalog();
    json replaced = user_model();
    replaced["id"] = "Llama-3.1-8B";
    replaced["max_position_embeddings"] = 8192;
    json user = {{"models", {replaced, user_model()}},
                 {"accelerators", {user_gpu()}},
                 {"gpu_rental", {{{"provider", "Our cloud"}, {"gpu", "Lab card"}, {"hardware_id", "my-lab-gpu"},
                                  {"currency", "USD"}, {"price_per_gpu_hour", 1.25}, {"pricing_model", "on-demand"},
                                  {"source", "our invoice"}}}}};
    Errors errors;
    auto merged = merge_catalog(base, user.dump(), &errors);
    ASSERT_TRUE(merged.ok()) << merged.error().to_string();
    EXPECT_TRUE(errors.empty());
    EXPECT_EQ(merged->models.size(), base.models.size() + 1);
    EXPECT_EQ(merged->find_model("Llama-3.1-8B")->max_context, 8192);
    EXPECT_EQ(merged->find_model("Llama-3.1-8B")->source, "my fine-tune's config.json");
    EXPECT_EQ(merged->models.front().id, "Llama-3.1-8B");  // replaced in place
    EXPECT_EQ(merged->find_model("My-Llama-8B")->head_dim, 128);  // hidden / heads when absent
    EXPECT_EQ(merged->hardware.size(), base.hardware.size() + 1);
    EXPECT_EQ(merged->find_hardware("my-lab-gpu")->bandwidth_gbs, 864.0);
    ASSERT_EQ(merged->prices_for("my-lab-gpu").size(), 1u);
    EXPECT_EQ(merged->prices_for("my-lab-gpu")[0]->per_gpu_hour, Interval::exact(1.25));
    // The base is untouched.
    EXPECT_EQ(base.find_model("Llama-3.1-8B")->max_context, 131072);
    EXPECT_EQ(base.find_hardware("my-lab-gpu"), nullptr);
}

TEST(CatalogMerge, EmptyUserDocumentChangesNothing) {
    auto merged = merge_catalog(bundled_catalog(), "{}");
    ASSERT_TRUE(merged.ok());
    EXPECT_EQ(merged->models.size(), bundled_catalog().models.size());
}

TEST(CatalogMerge, BadFieldIsAnErrorWithTheUserPath) {
    json bad = user_model();
    bad["hidden_size"] = "big";
    auto merged = merge_catalog(bundled_catalog(), json({{"models", {bad}}}).dump());
    ASSERT_FALSE(merged.ok());
    EXPECT_EQ(merged.error().to_string(),
              "[catalog.type] user catalog: models[0].hidden_size: must be a positive integer, got \"big\"");
}

TEST(CatalogMerge, UnknownKeyIsAnError) {
    auto merged = merge_catalog(bundled_catalog(), R"({"modles": []})");
    ASSERT_FALSE(merged.ok());
    EXPECT_EQ(merged.error().id, "catalog.range");
    EXPECT_EQ(merged.error().path, "user catalog: modles");
    EXPECT_EQ(merged.error().message,
              "unknown key \"modles\"; accepted: schema, models, accelerators, cpu_platforms, weight_formats, "
              "kv_formats, engines, gpu_rental, llm_api");
}

TEST(CatalogMerge, ReferencesAreCheckedAgainstTheMergedCatalog) {
    json format = {{"id", "my-int4"},     {"scheme", "group"},         {"bits_per_weight", 4.25},
                   {"group_size", 64},    {"compute_dtype", "fp16"},   {"engines", {"vllm", "exllama"}},
                   {"description", {{"zh", "自定义"}, {"en", "custom"}}}, {"source", "ours"}};
    Errors errors;
    auto merged = merge_catalog(bundled_catalog(), json({{"weight_formats", {format}}}).dump(), &errors);
    ASSERT_FALSE(merged.ok());
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors[0].id, "catalog.reference");
    EXPECT_EQ(errors[0].path, "user catalog: weight_formats[0].engines[1]");
    EXPECT_EQ(errors[0].message.rfind("unknown engine \"exllama\"; known: vllm, ", 0), 0u) << errors[0].message;
}

TEST(CatalogMerge, DuplicateIdsInsideTheUserDocument) {
    auto merged = merge_catalog(bundled_catalog(), json({{"models", {user_model(), user_model()}}}).dump());
    ASSERT_FALSE(merged.ok());
    EXPECT_EQ(merged.error().to_string(),
              "[catalog.duplicate_id] user catalog: models[1].id: duplicate id \"My-Llama-8B\"; first defined at "
              "user catalog: models[0]");
}

TEST(CatalogMerge, NotJsonIsAParseError) {
    auto merged = merge_catalog(bundled_catalog(), "{models: []}");
    ASSERT_FALSE(merged.ok());
    EXPECT_EQ(merged.error().id, "catalog.parse");
    EXPECT_EQ(merged.error().path, "user catalog");
    EXPECT_EQ(merged.error().message.rfind("invalid JSON at line 1, column 2: ", 0), 0u) << merged.error().message;
}

// The page's own-catalog loader shows what a file did: each entry under its collection, added or replaced.
TEST(CatalogMerge, ChangesListWhatWasAddedAndWhatReplaced) {
    json replaced = user_model();
    replaced["id"] = "Llama-3.1-8B";
    json user = {{"models", {replaced, user_model()}},
                 {"accelerators", {user_gpu()}},
                 {"gpu_rental", {{{"provider", "Our cloud"}, {"gpu", "Lab card"}, {"hardware_id", "my-lab-gpu"},
                                  {"currency", "CNY"}, {"price_per_gpu_hour", 9.5}, {"pricing_model", "on-demand"},
                                  {"source", "our invoice"}}}}};
    std::vector<CatalogChange> changes;
    auto merged = merge_catalog(bundled_catalog(), user.dump(), nullptr, &changes);
    ASSERT_TRUE(merged.ok()) << merged.error().to_string();
    ASSERT_EQ(changes.size(), 4u);
    EXPECT_EQ(changes[0].collection, "models");
    EXPECT_EQ(changes[0].id, "Llama-3.1-8B");
    EXPECT_TRUE(changes[0].replaced);
    EXPECT_EQ(changes[1].id, "My-Llama-8B");
    EXPECT_FALSE(changes[1].replaced);
    EXPECT_EQ(changes[2].collection, "accelerators");
    EXPECT_EQ(changes[2].id, "my-lab-gpu");
    EXPECT_FALSE(changes[2].replaced);
    EXPECT_EQ(changes[3].collection, "gpu_rental");
    EXPECT_EQ(changes[3].id, "Our cloud · Lab card · on-demand");
    EXPECT_FALSE(changes[3].replaced);
    // The same file again replaces all four.
    changes.clear();
    auto again = merge_catalog(*merged, user.dump(), nullptr, &changes);
    ASSERT_TRUE(again.ok());
    ASSERT_EQ(changes.size(), 4u);
    for (const CatalogChange& c : changes) EXPECT_TRUE(c.replaced) << c.collection << " " << c.id;
    EXPECT_EQ(again->hardware.size(), merged->hardware.size());
}

// A user catalog reports every error, each with its own path, not only the first.
TEST(CatalogMerge, EveryErrorIsListedWithItsPath) {
    json gpu = user_gpu();
    gpu["memory_gb"] = -48;
    json model = user_model();
    model["hidden_size"] = "big";
    json cpu_gpu = user_gpu();
    cpu_gpu["id"] = "second";
    cpu_gpu.erase("vendor");
    Errors errors;
    auto merged = merge_catalog(bundled_catalog(), json({{"models", {model}}, {"accelerators", {gpu, cpu_gpu}}}).dump(),
                                &errors);
    ASSERT_FALSE(merged.ok());
    ASSERT_EQ(errors.size(), 3u);
    EXPECT_EQ(errors[0].path, "user catalog: models[0].hidden_size");
    EXPECT_EQ(errors[1].path, "user catalog: accelerators[0].memory_gb");
    EXPECT_EQ(errors[2].path, "user catalog: accelerators[1].vendor");
    EXPECT_EQ(errors[2].id, "catalog.missing_field");
}

// A file broken everywhere lists kMaxUserCatalogErrors errors and counts the rest, in both languages.
TEST(CatalogMerge, ErrorsPastTheCapAreCounted) {
    json gpus = json::array();
    for (int i = 0; i < 70; ++i) {
        json gpu = user_gpu();
        gpu["id"] = "gpu-" + std::to_string(i);
        gpu["memory_gb"] = "lots";
        gpus.push_back(gpu);
    }
    Errors errors;
    auto merged = merge_catalog(bundled_catalog(), json({{"accelerators", gpus}}).dump(), &errors);
    ASSERT_FALSE(merged.ok());
    ASSERT_EQ(errors.size(), kMaxUserCatalogErrors + 1);
    EXPECT_EQ(errors[kMaxUserCatalogErrors - 1].path,
              "user catalog: accelerators[" + std::to_string(kMaxUserCatalogErrors - 1) + "].memory_gb");
    EXPECT_EQ(errors.back().to_string(),
              "[catalog.too_many_errors] user catalog: and " + std::to_string(70 - kMaxUserCatalogErrors) +
                  " more errors not listed");
    EXPECT_EQ(errors.back().message_in("zh"), "另有 " + std::to_string(70 - kMaxUserCatalogErrors) + " 个错误未列出");
}

}  // namespace
}  // namespace infersizer
