// test_catalog_rules.cpp — the rules the core once kept as engine ids, platform ids and API names are read
// from the catalog's data (docs/catalog.md): each test edits one field of the bundled data/*.json, loads it,
// and shows the behaviour follow the data; a missing required field or an unknown id is an error that names it.
//
// Sections: [helpers] [weight-only fallback] [ggml kernels] [expert offload] [host defaults]
//           [api comparison] [cpu default engine] [launcher] [json reader]
#include "bundled_catalog.hpp"
#include "catalog_json.hpp"
#include "context.hpp"
#include "cost.hpp"
#include "estimate.hpp"
#include "hardware_peaks.hpp"
#include "json_reader.hpp"
#include "offload.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <functional>
#include <memory>
#include <string>

namespace infersizer {
namespace {

using json = nlohmann::json;

// ---------------------------------------------------------------------------------------------------
// [helpers]
// ---------------------------------------------------------------------------------------------------

// The bundled catalog after `edit` changed one of its files; a Context points into its catalog, so the
// catalog lives on the heap for as long as the test holds it.
std::unique_ptr<Catalog> catalog_after(std::string CatalogFiles::*file, const std::function<void(json&)>& edit) {
    CatalogFiles files = bundled::files();
    json doc = json::parse(files.*file);
    edit(doc);
    files.*file = doc.dump();
    auto loaded = load_catalog(files);
    EXPECT_TRUE(loaded.ok()) << (loaded.ok() ? "" : loaded.error().to_string());
    return std::make_unique<Catalog>(loaded.ok() ? loaded.value() : bundled::catalog());
}

// Every error of loading the bundled catalog after `edit`.
Errors errors_after(std::string CatalogFiles::*file, const std::function<void(json&)>& edit) {
    CatalogFiles files = bundled::files();
    json doc = json::parse(files.*file);
    edit(doc);
    files.*file = doc.dump();
    Errors errors;
    EXPECT_FALSE(load_catalog(files, &errors).ok());
    return errors;
}

void expect_single(const Errors& errors, const std::string& text) {
    ASSERT_EQ(errors.size(), 1u) << (errors.empty() ? "no error" : errors.back().to_string());
    EXPECT_EQ(errors[0].to_string(), text);
}

json& entry(json& doc, const char* collection, const std::string& id) {
    for (json& e : doc[collection])
        if (e["id"] == id) return e;
    ADD_FAILURE() << collection << " has no id " << id;
    static json none;
    return none;
}

Scenario scenario(const std::string& model, const std::string& weights, const std::string& engine,
                  const std::string& hardware) {
    Scenario s;
    s.model_id = model;
    s.weights = weights;
    s.engine = engine;
    s.hardware_id = hardware;
    s.count = 1;
    s.context_tokens = 8192;
    s.prompt_tokens = 1024;
    s.output_tokens = 256;
    s.concurrency = 1;
    return s;
}

Context context(const Catalog& catalog, const Scenario& s) {
    auto r = resolve(catalog, s);
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().to_string());
    return r.ok() ? r.value() : Context{};
}

const Hardware& card(const Catalog& catalog, const std::string& id) {
    const Hardware* h = catalog.find_hardware(id);
    EXPECT_NE(h, nullptr) << id;
    static const Hardware kNone{};
    return h ? *h : kNone;
}

// The bundled engine of that id (its name is in the reasons).
const Engine& eng(const std::string& id) {
    const Engine* e = bundled::catalog().find_engine(id);
    EXPECT_NE(e, nullptr) << id;
    static const Engine kNone{};
    return e ? *e : kNone;
}

const WeightFormat& format(const Catalog& catalog, const std::string& id) {
    const WeightFormat* f = catalog.find_weight_format(id);
    EXPECT_NE(f, nullptr) << id;
    static const WeightFormat kNone{};
    return f ? *f : kNone;
}

// ---------------------------------------------------------------------------------------------------
// [weight-only fallback] formats.json weight_only_fallback (was: engine_id == "tensorrt-llm", id != "mxfp4")
// ---------------------------------------------------------------------------------------------------
TEST(CatalogRules, Fp8OnAmpereFollowsTheFormatsFallback) {
    const Catalog& c = bundled::catalog();
    const Hardware& a100 = card(c, "nvidia-a100-sxm-80gb");  // Ampere: a 16-bit peak, no FP8 peak
    EXPECT_FALSE(format_unsupported_on(format(c, "fp8"), a100, eng("vllm")).has_value());
    EXPECT_TRUE(format_unsupported_on(format(c, "fp8"), a100, eng("tensorrt-llm")).has_value());  // except_engines
    // A card with FP8 tensor cores needs no fallback, whatever the engine.
    EXPECT_FALSE(format_unsupported_on(format(c, "fp8"), card(c, "nvidia-h100-sxm-80gb"), eng("tensorrt-llm")).has_value());

    auto without = catalog_after(&CatalogFiles::formats,
                                 [](json& d) { entry(d, "weight_formats", "fp8").erase("weight_only_fallback"); });
    const auto why = format_unsupported_on(format(*without, "fp8"), a100, eng("vllm"));
    ASSERT_TRUE(why.has_value());
    EXPECT_EQ(why->en, "A100 SXM4 80GB cannot run FP8 (Ampere): choose an int4/int8 or 16-bit format.");

    auto no_exception = catalog_after(&CatalogFiles::formats, [](json& d) {
        entry(d, "weight_formats", "fp8")["weight_only_fallback"].erase("except_engines");
    });
    EXPECT_FALSE(format_unsupported_on(format(*no_exception, "fp8"), a100, eng("tensorrt-llm")).has_value());

    auto other_arch = catalog_after(&CatalogFiles::formats, [](json& d) {
        entry(d, "weight_formats", "fp8")["weight_only_fallback"]["architecture"] = "Hopper";
    });
    EXPECT_TRUE(format_unsupported_on(format(*other_arch, "fp8"), a100, eng("vllm")).has_value());
}

// Issue #9: "cannot run FP8" only where the catalog says the card has no FP8 tensor cores (hardware.json
// fp8_tensor_cores, sourced). Gaudi 2 (FP8 peak conflicting, left null) and the 4060 Ti (no sourced tensor
// figures) run FP8; so do H200 NVL and GH200, whose FP8 peaks are sourced (a stated peak is FP8 tensor cores).
TEST(CatalogRules, Fp8IsRefusedOnlyWhereTheCatalogSaysTheCardHasNoFp8) {
    const Catalog& c = bundled::catalog();
    for (const char* id : {"intel-gaudi2-96gb", "nvidia-rtx-4060ti-16gb", "nvidia-h200-nvl-141gb", "nvidia-gh200-96gb"}) {
        EXPECT_EQ(card(c, id).fp8_tensor_cores, std::optional<bool>(true)) << id;
        for (const char* engine : {"vllm", "tensorrt-llm", "sglang"})
            EXPECT_FALSE(format_unsupported_on(format(c, "fp8"), card(c, id), eng(engine)).has_value()) << id << " " << engine;
    }
    // Gaudi 2 states a 16-bit peak (432) and no FP8 one: the result says FP8 runs, at the 16-bit peak.
    const Context gaudi = context(c, scenario("Llama-3.1-8B", "fp8", "vllm", "intel-gaudi2-96gb"));
    ASSERT_EQ(gaudi.warnings.size(), 1u);
    EXPECT_EQ(gaudi.warnings[0].en, "Gaudi 2 96GB runs FP8, but the catalog has no sourced FP8 peak for it: prefill "
                                    "is estimated at its 16-bit peak (on the careful side).");
    EXPECT_EQ(gaudi.warnings[0].zh.find("支持 FP8"), std::string("Gaudi 2 96GB ").size());
    // Ampere, Turing, Volta: stated as having none.
    for (const char* id : {"nvidia-t4-16gb", "nvidia-v100-sxm2-32gb", "nvidia-rtx-3090"})
        EXPECT_TRUE(format_unsupported_on(format(c, "fp8"), card(c, id), eng("tensorrt-llm")).has_value()) << id;

    // Without the catalog's statement the A100 is "not known", never "cannot".
    auto unknown = catalog_after(&CatalogFiles::hardware, [](json& d) {
        entry(d, "accelerators", "nvidia-a100-sxm-80gb").erase("fp8_tensor_cores");
    });
    const Hardware& a100 = card(*unknown, "nvidia-a100-sxm-80gb");
    EXPECT_FALSE(format_unsupported_on(format(*unknown, "fp8"), a100, eng("tensorrt-llm")).has_value());
    const auto note = format_runs_note(format(*unknown, "fp8"), a100, *unknown->find_engine("tensorrt-llm"));
    ASSERT_TRUE(note.has_value());
    EXPECT_EQ(note->en, "Whether A100 SXM4 80GB has FP8 tensor cores is not known: prefill is estimated at its 16-bit "
                        "peak; give fp8_tflops if it has them.");
}

// Issue #9: vLLM runs FP8 on Ampere weight-only (Marlin); the result says so and the speed is modelled that way:
// 8-bit weights (8.03 B params → ~8 GB, not 16) and the matmuls at the A100's 312 TFLOPS 16-bit peak.
TEST(CatalogRules, Fp8OnAmpereWithVllmSaysWeightOnlyAndRunsAtThe16BitPeak) {
    const Catalog& c = bundled::catalog();
    const Context ctx = context(c, scenario("Llama-3.1-8B", "fp8", "vllm", "nvidia-a100-sxm-80gb"));
    ASSERT_EQ(ctx.warnings.size(), 1u);
    EXPECT_EQ(ctx.warnings[0].en,
              "A100 SXM4 80GB has no FP8 tensor cores: vLLM runs fp8 weight-only (the weights are stored and read at "
              "their own width and dequantized in the kernels, the matmuls run at the 16-bit peak); the speeds are "
              "estimated that way.");
    EXPECT_NE(ctx.warnings[0].zh.find("仅权重"), std::string::npos);
    const auto peak = compute_peak_tflops(ctx, nullptr);
    ASSERT_TRUE(peak.has_value());
    EXPECT_DOUBLE_EQ(peak->lo, 312.0);
    EXPECT_DOUBLE_EQ(peak->hi, 312.0);
    auto r = estimate(c, ctx.scenario, EstimateOptions{false, false});
    ASSERT_TRUE(r.ok());
    EXPECT_LT(r->memory.weights_gib.hi, 9.0);  // 8-bit weights, not the 16-bit 15 GiB
    bool said = false;
    for (const Text& w : r->warnings) said |= w.en.find("weight-only") != std::string::npos;
    EXPECT_TRUE(said) << "the result's warnings carry the weight-only note";
    // An H100 has FP8 tensor cores: no such note.
    EXPECT_TRUE(context(c, scenario("Llama-3.1-8B", "fp8", "vllm", "nvidia-h100-sxm-80gb")).warnings.empty());
}

TEST(CatalogRules, Mxfp4WithoutFp4TensorCoresFollowsTheFormatsFallback) {
    const Catalog& c = bundled::catalog();
    const Hardware& h100 = card(c, "nvidia-h100-sxm-80gb");  // no FP4 peak
    EXPECT_FALSE(format_unsupported_on(format(c, "mxfp4"), h100, eng("vllm")).has_value());
    EXPECT_TRUE(format_unsupported_on(format(c, "nvfp4"), h100, eng("vllm")).has_value());  // nvfp4 has no fallback

    auto without = catalog_after(&CatalogFiles::formats,
                                 [](json& d) { entry(d, "weight_formats", "mxfp4").erase("weight_only_fallback"); });
    const auto why = format_unsupported_on(format(*without, "mxfp4"), h100, eng("vllm"));
    ASSERT_TRUE(why.has_value());
    EXPECT_EQ(why->en, "H100 SXM5 80GB has no FP4 tensor cores: mxfp4 needs a Blackwell-generation card.");
}

TEST(CatalogRules, FallbackNeedsASourceAndKnownEngines) {
    expect_single(errors_after(&CatalogFiles::formats,
                               [](json& d) {
                                   entry(d, "weight_formats", "fp8")["weight_only_fallback"].erase("source");
                               }),
                  "[catalog.missing_field] formats.json: weight_formats[3].weight_only_fallback.source: missing; must "
                  "be a non-empty string or a non-empty array of {\"ref\", \"covers\"} objects");
    const Errors errors = errors_after(&CatalogFiles::formats, [](json& d) {
        entry(d, "weight_formats", "fp8")["weight_only_fallback"]["except_engines"] = {"trt"};
    });
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors[0].id, "catalog.reference");
    EXPECT_EQ(errors[0].path, "formats.json: weight_formats[3].weight_only_fallback.except_engines[0]");
    EXPECT_EQ(errors[0].message.rfind("unknown engine \"trt\"; known: vllm, ", 0), 0u) << errors[0].message;
}

// ---------------------------------------------------------------------------------------------------
// [kernel gaps] formats.json unsupported_on: an engine without kernels for a format on an architecture
// ---------------------------------------------------------------------------------------------------
// vLLM's AWQ kernels need Turing or newer (its quantization table: AWQ ❌ on Volta, GPTQ ✅): a V100 was judged
// as serving an AWQ checkpoint under vLLM, and the 72B RAG plan listed V100s among the cards that meet it.
TEST(CatalogRules, VllmHasNoAwqKernelsOnVolta) {
    const Catalog& c = bundled::catalog();
    const Hardware& v100 = card(c, "nvidia-v100-sxm2-32gb");
    const auto why = format_unsupported_on(format(c, "awq-int4"), v100, eng("vllm"));
    ASSERT_TRUE(why.has_value());
    EXPECT_EQ(why->en, "vLLM has no awq-int4 kernels for Volta (V100 SXM2 32GB): choose another weight format or engine.");
    EXPECT_EQ(why->zh, "vLLM 没有可在 Volta 上运行 awq-int4 的内核（V100 SXM2 32GB）：请换一种权重格式或引擎。");
    // The gap is vLLM's AWQ on Volta only: GPTQ there, AWQ on Turing, and the other engines' AWQ still run.
    EXPECT_FALSE(format_unsupported_on(format(c, "gptq-int4"), v100, eng("vllm")).has_value());
    EXPECT_FALSE(format_unsupported_on(format(c, "awq-int4"), card(c, "nvidia-t4-16gb"), eng("vllm")).has_value());
    EXPECT_FALSE(format_unsupported_on(format(c, "awq-int4"), card(c, "nvidia-a100-sxm-80gb"), eng("vllm")).has_value());
    for (const char* other : {"sglang", "tensorrt-llm", "transformers"})
        EXPECT_FALSE(format_unsupported_on(format(c, "awq-int4"), v100, eng(other)).has_value()) << other;
    // The rule is the catalog's: without it the V100 runs AWQ again.
    auto without = catalog_after(&CatalogFiles::formats,
                                 [](json& d) { entry(d, "weight_formats", "awq-int4").erase("unsupported_on"); });
    EXPECT_FALSE(format_unsupported_on(format(*without, "awq-int4"), v100, eng("vllm")).has_value());

    // The judge and the planner read it: the estimate cannot run, and the plan leaves the V100s out.
    Scenario s = scenario("Qwen2.5-72B", "awq-int4", "vllm", "nvidia-v100-sxm2-32gb");
    s.count = 4;
    auto r = estimate(c, s);
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_EQ(r->status, ServingStatus::does_not_fit);
    ASSERT_TRUE(r->cannot_run.has_value());
    EXPECT_EQ(r->cannot_run->en, "vLLM has no awq-int4 kernels for Volta (V100 SXM2 32GB): choose another weight format or engine");
    s.hardware_id = "nvidia-a100-sxm-80gb";
    auto a100 = estimate(c, s);
    ASSERT_TRUE(a100.ok());
    int v100_rows = 0;
    for (const PlanRow& row : a100->plan) {
        if (row.hardware.find("v100") == std::string::npos) continue;
        ++v100_rows;
        EXPECT_FALSE(row.meets_targets) << row.hardware;
        EXPECT_NE(row.note.find("vLLM has no awq-int4 kernels for Volta"), std::string::npos) << row.note;
    }
    EXPECT_EQ(v100_rows, 2);  // V100 SXM2 and PCIe
}

// gpt-oss's mxfp4 checkpoint under Ollama: the warnings said both "Ollama cannot run the weight format mxfp4" and
// "Ollama runs mxfp4 weight-only", and neither named MXFP4, the GGUF of that name Ollama does run.
TEST(CatalogRules, AnEngineThatRefusesAFormatNamesTheOneOfThatNameItRuns) {
    const Catalog& c = bundled::catalog();
    const Context ctx = context(c, scenario("gpt-oss-120b", "mxfp4", "ollama", "nvidia-h100-sxm-80gb"));
    ASSERT_EQ(ctx.warnings.size(), 1u) << ctx.warnings.back().en;
    EXPECT_EQ(ctx.warnings[0].en, "Ollama cannot run the weight format mxfp4: choose MXFP4, the format of that name it "
                                  "runs, or another engine.");
    EXPECT_EQ(ctx.warnings[0].zh, "Ollama 不能直接运行权重格式 mxfp4：请选它能运行的同名格式 MXFP4，或换引擎。");
    auto r = estimate(c, ctx.scenario);
    ASSERT_TRUE(r.ok());
    ASSERT_TRUE(r->cannot_run.has_value());
    EXPECT_EQ(r->cannot_run->en, "Ollama cannot run the weight format mxfp4 (it runs MXFP4)");
    EXPECT_EQ(r->cannot_run->zh, "Ollama 不能直接运行权重格式 mxfp4（它能运行同名格式 MXFP4）");
    // That format runs; one without a namesake keeps the plain words; vLLM, which runs mxfp4, gets the card's note.
    EXPECT_FALSE(estimate(c, scenario("gpt-oss-120b", "MXFP4", "ollama", "nvidia-h100-sxm-80gb"))->cannot_run.has_value());
    EXPECT_EQ(same_named_format_for(c, format(c, "awq-int4"), "ollama"), nullptr);
    EXPECT_EQ(same_named_format_for(c, format(c, "bf16"), "llama.cpp"), &format(c, "BF16"));
    EXPECT_EQ(same_named_format_for(c, format(c, "MXFP4"), "vllm"), &format(c, "mxfp4"));
    const Context awq = context(c, scenario("Qwen2.5-7B", "awq-int4", "ollama", "nvidia-rtx-4090"));
    ASSERT_FALSE(awq.warnings.empty());
    EXPECT_EQ(awq.warnings[0].en, "Ollama cannot run the weight format awq-int4; choose another engine or format.");
    const Context vllm = context(c, scenario("gpt-oss-120b", "mxfp4", "vllm", "nvidia-h100-sxm-80gb"));
    ASSERT_EQ(vllm.warnings.size(), 1u);
    EXPECT_NE(vllm.warnings[0].en.find("vLLM runs mxfp4 weight-only"), std::string::npos) << vllm.warnings[0].en;
}

// vLLM does load GGUF files (through its experimental vllm-gguf-plugin) and Transformers dequantizes them at load:
// "vLLM cannot run the weight format Q4_K_M" was untrue, and named no way out. The engine's catalog entry says why it
// is not estimated, and the warning names the engines that run the format.
TEST(CatalogRules, AFormatAnEngineLoadsOnlyInAWayNotEstimatedSaysWhyAndWhoRunsIt) {
    const Catalog& c = bundled::catalog();
    const Context vllm = context(c, scenario("Llama-3.1-8B", "Q4_K_M", "vllm", "nvidia-rtx-4090"));
    ASSERT_FALSE(vllm.warnings.empty());
    EXPECT_EQ(vllm.warnings[0].en, "vLLM loads GGUF only through its separate vllm-gguf-plugin, which its docs call highly "
                                   "experimental and under-optimized: not estimated here; for Q4_K_M choose llama.cpp or "
                                   "Ollama, or a format vLLM runs.");
    EXPECT_EQ(vllm.warnings[0].zh, "vLLM 只能通过单独的 vllm-gguf-plugin 插件加载 GGUF，其文档称这一支持仍是高度实验性、未经优化的，"
                                   "此处不作估算；Q4_K_M 请用 llama.cpp 或 Ollama，或换 vLLM 能运行的格式。");
    auto r = estimate(c, vllm.scenario);
    ASSERT_TRUE(r.ok());
    ASSERT_TRUE(r->cannot_run.has_value());  // still not judged as running
    EXPECT_EQ(r->cannot_run->en, "vLLM loads GGUF only through its separate vllm-gguf-plugin, which its docs call highly "
                                 "experimental and under-optimized (not estimated here)");
    EXPECT_EQ(r->cannot_run->zh, "vLLM 只能通过单独的 vllm-gguf-plugin 插件加载 GGUF，其文档称这一支持仍是高度实验性、未经优化的（此处不作估算）");
    const Context hf = context(c, scenario("Qwen2.5-7B", "Q8_0", "transformers", "nvidia-rtx-4090"));
    ASSERT_FALSE(hf.warnings.empty());
    EXPECT_EQ(hf.warnings[0].en, "Hugging Face Transformers dequantizes a GGUF file to full precision (fp32 by default) as "
                                 "it loads it, so it holds the unquantized model: not estimated here; for Q8_0 choose "
                                 "llama.cpp or Ollama, or a format Hugging Face Transformers runs.");
    // A GGUF format with a namesake the engine runs keeps that remedy (BF16 → bf16); SGLang, which states no such
    // reason, keeps the plain words; a format outside the scheme is not touched (Ollama and awq-int4, above).
    EXPECT_EQ(context(c, scenario("Llama-3.1-8B", "BF16", "vllm", "nvidia-h100-sxm-80gb")).warnings[0].en,
              "vLLM cannot run the weight format BF16: choose bf16, the format of that name it runs, or another engine.");
    EXPECT_EQ(context(c, scenario("Llama-3.1-8B", "Q4_K_M", "sglang", "nvidia-h100-sxm-80gb")).warnings[0].en,
              "SGLang cannot run the weight format Q4_K_M; choose another engine or format.");
    EXPECT_FALSE(not_estimated_words(c, format(c, "awq-int4"), *c.find_engine("vllm")).has_value());
    // The reason is the catalog's: without it vLLM's words are the plain ones again.
    auto without = catalog_after(&CatalogFiles::engines,
                                 [](json& d) { entry(d, "engines", "vllm").erase("formats_not_estimated"); });
    const Context plain = context(*without, scenario("Llama-3.1-8B", "Q4_K_M", "vllm", "nvidia-rtx-4090"));
    ASSERT_FALSE(plain.warnings.empty());
    EXPECT_EQ(plain.warnings[0].en, "vLLM cannot run the weight format Q4_K_M; choose another engine or format.");
    // Its scheme must be one the formats use, its reason in both languages, with a source.
    const Errors bad_scheme = errors_after(&CatalogFiles::engines, [](json& d) {
        entry(d, "engines", "vllm")["formats_not_estimated"][0]["scheme"] = "ggml";
    });
    ASSERT_EQ(bad_scheme.size(), 1u);
    EXPECT_EQ(bad_scheme[0].path, "engines.json: engines[0].formats_not_estimated[0].scheme");
    const Errors no_source = errors_after(&CatalogFiles::engines, [](json& d) {
        entry(d, "engines", "transformers")["formats_not_estimated"][0].erase("source");
    });
    ASSERT_EQ(no_source.size(), 1u);
    EXPECT_EQ(no_source[0].path, "engines.json: engines[5].formats_not_estimated[0].source");
}

namespace {
std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }
std::string last_line(const std::string& s) { return s.substr(s.rfind('\n') + 1); }
Text faq_answer(const Result& r, const std::string& id) {
    for (const FaqEntry& f : r.faq)
        if (f.id == id) return f.answer;
    ADD_FAILURE() << "no FAQ answer " << id;
    return {};
}
}  // namespace

// A server that loads the format only in a way not estimated may well start (vLLM with its GGUF plugin): the launch
// comment, the load test and the decision table say it is not estimated, never "would not start", and the FAQ's
// answer does not nest the reason's own parenthesis in a second pair. A plain cannot-run keeps its words.
TEST(CatalogRules, WhatIsNotEstimatedIsNotCalledAServerThatDoesNotStart) {
    const Catalog& c = bundled::catalog();
    auto r = estimate(c, scenario("Llama-3.1-8B", "Q4_K_M", "vllm", "nvidia-rtx-4090"));
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(first_line(r->deploy.launch_command.en),
              "# not estimated: vLLM loads GGUF only through its separate vllm-gguf-plugin, which its docs call highly "
              "experimental and under-optimized: not estimated here; for Q4_K_M choose llama.cpp or Ollama, or a format vLLM "
              "runs. These lines load it only that way, and no figure here applies to them.");
    EXPECT_EQ(first_line(r->deploy.launch_command.zh),
              "# 未估算：vLLM 只能通过单独的 vllm-gguf-plugin 插件加载 GGUF，其文档称这一支持仍是高度实验性、未经优化的，"
              "此处不作估算；Q4_K_M 请用 llama.cpp 或 Ollama，或换 vLLM 能运行的格式。以下命令只会以这种方式加载它，这里的数字都不适用。");
    EXPECT_EQ(last_line(r->deploy.load_test_command.en),
              "# no expected figures: the engine loads this format only in a way this estimate does not cover.");
    const DecisionRow* gpu = nullptr;
    for (const DecisionRow& row : r->decision)
        if (row.option == DecisionOption::gpu) gpu = &row;
    ASSERT_NE(gpu, nullptr);
    EXPECT_EQ(gpu->fails_when.en, "not estimated at any load: the engine loads this format only in a way not estimated");
    EXPECT_EQ(gpu->fails_when.zh, "任何负载都不作估算：该引擎只能以未估算的方式加载这个格式");
    const Text answer = faq_answer(*r, "reuse_training_cards");
    EXPECT_EQ(answer.en, "No: GeForce RTX 4090 24GB cannot serve this setup: vLLM loads GGUF only through its separate "
                         "vllm-gguf-plugin, which its docs call highly experimental and under-optimized (not estimated here).");
    EXPECT_EQ(answer.zh, "不能：GeForce RTX 4090 24GB 跑不了这个配置，因为 vLLM 只能通过单独的 vllm-gguf-plugin 插件加载 "
                         "GGUF，其文档称这一支持仍是高度实验性、未经优化的（此处不作估算）。");
    // A format the engine does not load at all (SGLang and GGUF): the server does not start, as before.
    auto plain = estimate(c, scenario("Llama-3.1-8B", "Q4_K_M", "sglang", "nvidia-rtx-4090"));
    ASSERT_TRUE(plain.ok());
    EXPECT_EQ(first_line(plain->deploy.launch_command.en),
              "# cannot run: SGLang cannot run the weight format Q4_K_M; these lines would not start: change the setup "
              "first, as the verdict says.");
    EXPECT_EQ(last_line(plain->deploy.load_test_command.en),
              "# no expected figures: the engine cannot run this setup, so the server does not start.");
    EXPECT_EQ(faq_answer(*plain, "reuse_training_cards").en,
              "No: GeForce RTX 4090 24GB cannot serve this setup (SGLang cannot run the weight format Q4_K_M).");
}

// TensorRT-LLM's makers support Blackwell, Hopper, Ada and Ampere; on a T4 or a V100 it is community support only,
// which nothing said (the estimate ran as on an A100).
TEST(CatalogRules, TensorRtLlmOutsideItsSupportedArchitecturesIsCommunitySupportOnly) {
    const Catalog& c = bundled::catalog();
    const Context t4 = context(c, scenario("Llama-3.1-8B", "int8", "tensorrt-llm", "nvidia-t4-16gb"));
    ASSERT_FALSE(t4.warnings.empty());
    EXPECT_EQ(t4.warnings[0].en, "TensorRT-LLM supports Blackwell, Hopper, Ada and Ampere cards; Turing (T4 16GB) has "
                                 "community support only, untested by its makers: the figures assume it runs.");
    EXPECT_EQ(t4.warnings[0].zh, "TensorRT-LLM 官方支持 Blackwell、Hopper、Ada、Ampere 架构；Turing（T4 16GB）只有社区支持，"
                                 "未经其开发团队测试：以上数字假定它能运行。");
    EXPECT_TRUE(community_support_only(*c.find_engine("tensorrt-llm"), card(c, "nvidia-v100-sxm2-32gb")).has_value());
    // A warning, not a refusal: the estimate still judges it.
    EXPECT_FALSE(estimate(c, t4.scenario)->cannot_run.has_value());
    // The listed architectures, by substring of the catalog's names ("Ada Lovelace", "Hopper + Grace", "Blackwell
    // (GB202)"), and other engines, say nothing.
    for (const char* id : {"nvidia-a100-sxm-80gb", "nvidia-a10-24gb", "nvidia-l40s-48gb", "nvidia-h100-sxm-80gb",
                           "nvidia-gh200-96gb", "nvidia-b200-180gb", "nvidia-rtx-5090"})
        EXPECT_FALSE(community_support_only(*c.find_engine("tensorrt-llm"), card(c, id)).has_value()) << id;
    EXPECT_FALSE(community_support_only(*c.find_engine("vllm"), card(c, "nvidia-t4-16gb")).has_value());
    // The rule is the catalog's: without it the T4 gets no such warning.
    auto without = catalog_after(&CatalogFiles::engines,
                                 [](json& d) { entry(d, "engines", "tensorrt-llm").erase("supported_architectures"); });
    EXPECT_FALSE(community_support_only(*without->find_engine("tensorrt-llm"), card(*without, "nvidia-t4-16gb")).has_value());
    const Errors no_source = errors_after(&CatalogFiles::engines, [](json& d) {
        entry(d, "engines", "tensorrt-llm")["supported_architectures"].erase("source");
    });
    ASSERT_EQ(no_source.size(), 1u);
    EXPECT_EQ(no_source[0].path, "engines.json: engines[2].supported_architectures.source");
}


// The catalog's rules (weight-only fallbacks, kernel gaps, an engine's supported architectures) name architecture
// families; one reading serves all three: the family is part of the card's architecture, and an empty family names
// none (an empty entry in supported_architectures silenced the warning on every card).
TEST(CatalogRules, AnArchitectureFamilyIsPartOfTheCardsArchitecture) {
    const Catalog& c = bundled::catalog();
    EXPECT_TRUE(card(c, "nvidia-l40s-48gb").architecture_is("Ada"));
    EXPECT_TRUE(card(c, "nvidia-gh200-96gb").architecture_is("Hopper"));
    EXPECT_FALSE(card(c, "nvidia-a100-sxm-80gb").architecture_is("Hopper"));
    EXPECT_FALSE(card(c, "nvidia-a100-sxm-80gb").architecture_is(""));
    // So the catalog refuses an empty family, naming where it stands.
    const Errors empty_family = errors_after(&CatalogFiles::engines, [](json& d) {
        entry(d, "engines", "tensorrt-llm")["supported_architectures"]["architectures"].push_back("");
    });
    ASSERT_EQ(empty_family.size(), 1u);
    EXPECT_EQ(empty_family[0].path, "engines.json: engines[2].supported_architectures.architectures[4]");
    EXPECT_EQ(empty_family[0].message, "must be a non-empty string, got \"\"");
    const Errors empty_gap = errors_after(&CatalogFiles::formats, [](json& d) {
        entry(d, "weight_formats", "awq-int4")["unsupported_on"][0]["architectures"].push_back("");
    });
    ASSERT_EQ(empty_gap.size(), 1u);
    EXPECT_NE(empty_gap[0].path.find(".unsupported_on[0].architectures[1]"), std::string::npos) << empty_gap[0].path;
    // Formats of one name in another case: the GGUF MXFP4 that Ollama runs for the mxfp4 it does not.
    EXPECT_TRUE(equal_ignoring_case("q4_k_m", "Q4_K_M"));
    EXPECT_FALSE(equal_ignoring_case("Q4_K_M", "Q4_K_S"));
    EXPECT_FALSE(equal_ignoring_case("Q4_K", "Q4_K_M"));
}
TEST(CatalogRules, KernelGapsNeedEnginesArchitecturesAndASource) {
    const Errors unknown = errors_after(&CatalogFiles::formats, [](json& d) {
        entry(d, "weight_formats", "awq-int4")["unsupported_on"][0]["engines"] = {"vllm", "trt"};
    });
    ASSERT_EQ(unknown.size(), 1u);
    EXPECT_EQ(unknown[0].id, "catalog.reference");
    EXPECT_EQ(unknown[0].path, "formats.json: weight_formats[5].unsupported_on[0].engines[1]");
    EXPECT_EQ(unknown[0].message.rfind("unknown engine \"trt\"; known: vllm, ", 0), 0u) << unknown[0].message;
    const Errors no_arch = errors_after(&CatalogFiles::formats, [](json& d) {
        entry(d, "weight_formats", "awq-int4")["unsupported_on"][0].erase("architectures");
    });
    ASSERT_EQ(no_arch.size(), 1u);
    EXPECT_EQ(no_arch[0].path, "formats.json: weight_formats[5].unsupported_on[0].architectures");
    const Errors no_source = errors_after(&CatalogFiles::formats, [](json& d) {
        entry(d, "weight_formats", "awq-int4")["unsupported_on"][0].erase("source");
    });
    ASSERT_EQ(no_source.size(), 1u);
    EXPECT_EQ(no_source[0].path, "formats.json: weight_formats[5].unsupported_on[0].source");
}

// ---------------------------------------------------------------------------------------------------
// [ggml kernels] engines.json traits.ggml_kernels (was: engine id llama.cpp / ollama)
// ---------------------------------------------------------------------------------------------------
TEST(CatalogRules, GgmlKernelsAreAnEngineTrait) {
    const Catalog& c = bundled::catalog();
    const Scenario s = scenario("Llama-3.1-8B", "bf16", "llama.cpp", "nvidia-rtx-4090");
    EXPECT_TRUE(c.find_engine("llama.cpp")->traits.ggml_kernels);
    EXPECT_TRUE(c.find_engine("ollama")->traits.ggml_kernels);
    EXPECT_FALSE(c.find_engine("vllm")->traits.ggml_kernels);
    EXPECT_TRUE(runs_ggml(context(c, s)));

    auto without = catalog_after(&CatalogFiles::engines,
                                 [](json& d) { entry(d, "engines", "llama.cpp")["traits"].erase("ggml_kernels"); });
    EXPECT_FALSE(runs_ggml(context(*without, s)));
    // GGUF weights run on ggml's kernels whatever the engine says.
    EXPECT_TRUE(runs_ggml(context(*without, scenario("Llama-3.1-8B", "Q4_K_M", "llama.cpp", "nvidia-rtx-4090"))));
}

// ---------------------------------------------------------------------------------------------------
// [expert offload] engines.json traits.expert_offload, expert_offload_caveat (was: llama.cpp / ollama ids)
// ---------------------------------------------------------------------------------------------------
Scenario overflowing_moe(const std::string& engine) {
    return scenario("Qwen3-30B-A3B", "Q4_K_M", engine, "nvidia-rtx-4060ti-16gb");  // ≈ 17 GiB on a 16 GB card
}

TEST(CatalogRules, ExpertOffloadIsAnEngineTrait) {
    const Catalog& c = bundled::catalog();
    ASSERT_TRUE(estimate_offload(context(c, overflowing_moe("llama.cpp")), 1, 1).has_value());

    auto without = catalog_after(&CatalogFiles::engines,
                                 [](json& d) { entry(d, "engines", "llama.cpp")["traits"].erase("expert_offload"); });
    EXPECT_FALSE(estimate_offload(context(*without, overflowing_moe("llama.cpp")), 1, 1).has_value());
}

TEST(CatalogRules, OffloadCaveatComesFromTheEngine) {
    const Catalog& c = bundled::catalog();
    const Text& caveat = *c.find_engine("ollama")->traits.expert_offload_caveat;
    auto has_caveat = [&](const std::optional<OffloadResult>& o) {
        if (!o) return false;
        for (const Text& w : o->warnings)
            if (w.en == caveat.en) return true;
        return false;
    };
    EXPECT_TRUE(has_caveat(estimate_offload(context(c, overflowing_moe("ollama")), 1, 1)));
    EXPECT_FALSE(has_caveat(estimate_offload(context(c, overflowing_moe("llama.cpp")), 1, 1)));

    auto without = catalog_after(&CatalogFiles::engines, [](json& d) {
        entry(d, "engines", "ollama")["traits"].erase("expert_offload_caveat");
    });
    const auto o = estimate_offload(context(*without, overflowing_moe("ollama")), 1, 1);
    ASSERT_TRUE(o.has_value());
    EXPECT_FALSE(has_caveat(o));
}

// ---------------------------------------------------------------------------------------------------
// [host defaults] hardware.json host_defaults (was: two platform ids and a market list in offload.cpp)
// ---------------------------------------------------------------------------------------------------
TEST(CatalogRules, HostPlatformComesFromHostDefaults) {
    const Catalog& c = bundled::catalog();
    EXPECT_EQ(c.default_host_for(card(c, "nvidia-h100-sxm-80gb"))->id, "epyc-genoa-12ch-ddr5-4800");
    EXPECT_EQ(c.default_host_for(card(c, "nvidia-rtx-4090"))->id, "desktop-ddr5-5600-2ch");
    const auto bundled_offload = estimate_offload(context(c, overflowing_moe("llama.cpp")), 1, 1);
    ASSERT_TRUE(bundled_offload.has_value());
    EXPECT_EQ(bundled_offload->host_platform, "desktop-ddr5-5600-2ch");

    auto ddr4 = catalog_after(&CatalogFiles::hardware,
                              [](json& d) { d["host_defaults"]["desktop"] = "desktop-ddr4-3200-2ch"; });
    const auto slower = estimate_offload(context(*ddr4, overflowing_moe("llama.cpp")), 1, 1);
    ASSERT_TRUE(slower.has_value());
    EXPECT_EQ(slower->host_platform, "desktop-ddr4-3200-2ch");
    EXPECT_LT(slower->decode_tps_per_seq.hi, bundled_offload->decode_tps_per_seq.hi);

    auto consumer_in_servers = catalog_after(&CatalogFiles::hardware,
                                             [](json& d) { d["host_defaults"]["server_markets"].push_back("consumer"); });
    EXPECT_EQ(consumer_in_servers->default_host_for(card(c, "nvidia-rtx-4090"))->id, "epyc-genoa-12ch-ddr5-4800");
}

TEST(CatalogRules, HostDefaultsAreRequiredAndNameCpuPlatforms) {
    expect_single(errors_after(&CatalogFiles::hardware, [](json& d) { d.erase("host_defaults"); }),
                  "[catalog.missing_field] hardware.json: host_defaults: missing; must be an object");
    expect_single(errors_after(&CatalogFiles::hardware, [](json& d) { d["host_defaults"].erase("server"); }),
                  "[catalog.missing_field] hardware.json: host_defaults.server: missing; must be a non-empty string");
    const Errors errors =
        errors_after(&CatalogFiles::hardware, [](json& d) { d["host_defaults"]["desktop"] = "nvidia-rtx-4090"; });
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors[0].id, "catalog.reference");
    EXPECT_EQ(errors[0].path, "hardware.json: host_defaults.desktop");
    EXPECT_EQ(errors[0].message.rfind("unknown cpu platform \"nvidia-rtx-4090\"; known: desktop-ddr4-3200-2ch, ", 0), 0u)
        << errors[0].message;
}

// ---------------------------------------------------------------------------------------------------
// [api comparison] prices.json api_comparison (was: a threshold and two name lists in cost.cpp)
// ---------------------------------------------------------------------------------------------------
TEST(CatalogRules, ApiComparisonComesFromPrices) {
    const Catalog& c = bundled::catalog();
    const ModelArch& small_model = *c.find_model("Llama-3.1-8B");
    const auto bundled_choice = representative_api(c, small_model);
    ASSERT_TRUE(bundled_choice.has_value());
    EXPECT_EQ(bundled_choice->model.rfind("deepseek-flash", 0), 0u) << bundled_choice->model;
    EXPECT_EQ(bundled_choice->rule.en,
              "≤ 14B parameters: compared with a cheap current API (DeepSeek flash tier); the same model's off-peak "
              "and peak prices form the interval");
    EXPECT_EQ(bundled_choice->rule.zh, "≤ 14B 参数的模型对比一个便宜的当前 API（DeepSeek flash 档）；同一模型的峰谷价构成区间");

    // A lower threshold puts the 8B model in the large tier.
    auto lower = catalog_after(&CatalogFiles::prices,
                               [](json& d) { d["api_comparison"]["small_model_max_params"] = 5e9; });
    const auto large = representative_api(*lower, small_model);
    ASSERT_TRUE(large.has_value());
    EXPECT_EQ(large->model.rfind("deepseek-v4-pro", 0), 0u) << large->model;
    EXPECT_EQ(large->rule.en.rfind("> 5B parameters: compared with a flagship-class open-model API", 0), 0u)
        << large->rule.en;

    // Another first name in the tier is the rule.
    auto other = catalog_after(&CatalogFiles::prices, [](json& d) {
        d["api_comparison"]["small"]["models"] = {"qwen-turbo"};
    });
    const auto qwen = representative_api(*other, small_model);
    ASSERT_TRUE(qwen.has_value());
    EXPECT_EQ(qwen->model.rfind("qwen-turbo", 0), 0u) << qwen->model;
}

TEST(CatalogRules, ApiComparisonIsRequired) {
    expect_single(errors_after(&CatalogFiles::prices, [](json& d) { d.erase("api_comparison"); }),
                  "[catalog.missing_field] prices.json: api_comparison: missing; must be an object");
    expect_single(errors_after(&CatalogFiles::prices,
                               [](json& d) { d["api_comparison"]["large"].erase("models"); }),
                  "[catalog.missing_field] prices.json: api_comparison.large.models: missing; must be a non-empty "
                  "array of strings");
}

// ---------------------------------------------------------------------------------------------------
// [cpu default engine] engines.json traits.default_for_cpu (was: find_engine("llama.cpp") in decision.cpp)
// ---------------------------------------------------------------------------------------------------
TEST(CatalogRules, CpuDefaultEngineIsATrait) {
    ASSERT_NE(bundled::catalog().default_cpu_engine(), nullptr);
    EXPECT_EQ(bundled::catalog().default_cpu_engine()->id, "llama.cpp");

    auto moved = catalog_after(&CatalogFiles::engines, [](json& d) {
        entry(d, "engines", "llama.cpp")["traits"].erase("default_for_cpu");
        entry(d, "engines", "ollama")["traits"]["default_for_cpu"] = true;
    });
    ASSERT_NE(moved->default_cpu_engine(), nullptr);
    EXPECT_EQ(moved->default_cpu_engine()->id, "ollama");

    auto none = catalog_after(&CatalogFiles::engines,
                              [](json& d) { entry(d, "engines", "llama.cpp")["traits"].erase("default_for_cpu"); });
    EXPECT_EQ(none->default_cpu_engine(), nullptr);
}

TEST(CatalogRules, OnlyOneCpuDefaultEngine) {
    expect_single(errors_after(&CatalogFiles::engines,
                               [](json& d) { entry(d, "engines", "ollama")["traits"]["default_for_cpu"] = true; }),
                  "[catalog.range] engines.json: engines[4].traits.default_for_cpu: only one engine may be the CPU "
                  "default; \"llama.cpp\" already is (engines.json: engines[3])");
}

// ---------------------------------------------------------------------------------------------------
// [launcher] engines.json traits.launcher keys deploy.cpp's command builders (was: a chain of id compares)
// ---------------------------------------------------------------------------------------------------
DeployHints hints(const Catalog& catalog, const Scenario& s) {
    auto r = estimate(catalog, s);
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().to_string());
    return r.ok() ? r->deploy : DeployHints{};
}

TEST(CatalogRules, LaunchCommandFollowsTheLauncher) {
    const Scenario s = scenario("Llama-3.1-8B", "bf16", "vllm", "nvidia-h100-sxm-80gb");
    EXPECT_EQ(hints(bundled::catalog(), s).launch_command.en.rfind("vllm serve ", 0), 0u);

    auto sglang_launcher = catalog_after(&CatalogFiles::engines, [](json& d) {
        entry(d, "engines", "vllm")["traits"]["launcher"] = "sglang-launch-server";
    });
    EXPECT_EQ(hints(*sglang_launcher, s).launch_command.en.rfind("python -m sglang.launch_server ", 0), 0u);

    auto no_launcher = catalog_after(&CatalogFiles::engines,
                                     [](json& d) { entry(d, "engines", "vllm")["traits"].erase("launcher"); });
    EXPECT_EQ(hints(*no_launcher, s).launch_command.en, "# no launch template for engine 'vllm'");
    EXPECT_EQ(hints(*no_launcher, s).launch_command.zh, "# 引擎 'vllm' 没有启动命令模板");  // zh asks in zh too
}

TEST(CatalogRules, EveryLauncherNameHasACommandBuilder) {
    const Scenario s = scenario("Llama-3.1-8B", "bf16", "vllm", "nvidia-h100-sxm-80gb");
    for (const std::string& name : launcher_names()) {
        auto edited = catalog_after(&CatalogFiles::engines,
                                    [&](json& d) { entry(d, "engines", "vllm")["traits"]["launcher"] = name; });
        EXPECT_EQ(hints(*edited, s).launch_command.en.rfind("# no launch template", 0), std::string::npos) << name;
    }
}

TEST(CatalogRules, UserEngineReusesALauncher) {
    json fork = json::parse(bundled::files().engines)["engines"][0];  // vLLM's entry under another id
    fork["id"] = "my-vllm-fork";
    auto merged = merge_catalog(bundled::catalog(), json({{"engines", {fork}}}).dump());
    ASSERT_TRUE(merged.ok()) << merged.error().to_string();
    Scenario s = scenario("Llama-3.1-8B", "bf16", "my-vllm-fork", "nvidia-h100-sxm-80gb");
    EXPECT_EQ(hints(merged.value(), s).launch_command.en.rfind("vllm serve ", 0), 0u);
}

TEST(CatalogRules, TraitsAreValidated) {
    expect_single(errors_after(&CatalogFiles::engines,
                               [](json& d) { entry(d, "engines", "vllm")["traits"]["launcher"] = "vllm"; }),
                  "[catalog.range] engines.json: engines[0].traits.launcher: must be one of vllm-serve, "
                  "sglang-launch-server, trtllm-serve, llama-server, ollama-serve, transformers-serve or null; got "
                  "\"vllm\"");
    expect_single(errors_after(&CatalogFiles::engines,
                               [](json& d) { entry(d, "engines", "vllm")["traits"].erase("source"); }),
                  "[catalog.missing_field] engines.json: engines[0].traits.source: missing; must be a non-empty string "
                  "or a non-empty array of {\"ref\", \"covers\"} objects");
    expect_single(errors_after(&CatalogFiles::engines,
                               [](json& d) { entry(d, "engines", "ollama")["traits"]["expert_offload_caveat"] = "x"; }),
                  "[catalog.type] engines.json: engines[4].traits.expert_offload_caveat: must be an object, got \"x\"");
}

// An engine without traits loads (user catalogs) and has none of them.
TEST(CatalogRules, EngineWithoutTraitsHasNone) {
    auto bare = catalog_after(&CatalogFiles::engines, [](json& d) { entry(d, "engines", "llama.cpp").erase("traits"); });
    const Engine& e = *bare->find_engine("llama.cpp");
    EXPECT_TRUE(e.traits.launcher.empty());
    EXPECT_FALSE(e.traits.ggml_kernels || e.traits.expert_offload || e.traits.default_for_cpu);
    EXPECT_FALSE(e.traits.expert_offload_caveat.has_value());
}

// ---------------------------------------------------------------------------------------------------
// [json reader] json_reader.hpp on its own, with another error-id family
// ---------------------------------------------------------------------------------------------------
TEST(JsonReader, ReportsEveryBadFieldWithItsPathAndItsIdFamily) {
    const json_read::ErrorIds ids{"scenario.type", "scenario.range", "scenario.missing_field", "scenario.parse"};
    Errors errors;
    const auto doc = json_read::parse_document(R"({"count": 2.5, "name": "", "nested": {"share": 1.5}})", "scenario",
                                               errors, ids);
    ASSERT_TRUE(doc.has_value());
    const json_read::Reader r(*doc, "scenario", "", errors, ids);
    EXPECT_EQ(r.count("count", json_read::kPositiveInt, json_read::Need::required), 0);
    EXPECT_EQ(r.string("name", json_read::Need::required), "");
    EXPECT_FALSE(r.flag("missing", json_read::Need::optional));
    if (auto nested = r.child("nested", json_read::Need::required)) {
        EXPECT_FALSE(nested->number("share", json_read::kFraction, json_read::Need::required).has_value());
    }
    ASSERT_EQ(errors.size(), 3u);
    EXPECT_EQ(errors[0].to_string(), "[scenario.type] scenario: count: must be a positive integer, got 2.5");
    EXPECT_EQ(errors[1].to_string(), "[scenario.range] scenario: name: must be a non-empty string, got \"\"");
    EXPECT_EQ(errors[2].to_string(), "[scenario.range] scenario: nested.share: must be a number in (0, 1], got 1.5");

    Errors parse_errors;
    EXPECT_FALSE(json_read::parse_document("[1]", "scenario", parse_errors, ids).has_value());
    ASSERT_EQ(parse_errors.size(), 1u);
    EXPECT_EQ(parse_errors[0].to_string(), "[scenario.type] scenario: must be a JSON object, got [1]");
}

// Issue #9: the page's engine tooltip showed engines.json's English calibration notes on the zh page; each
// bundled engine now has a user-facing description in both languages, and a catalog without one still loads.
TEST(CatalogRules, EnginesDescribeThemselvesInBothLanguages) {
    for (const Engine& e : bundled::catalog().engines) {
        SCOPED_TRACE(e.id);
        EXPECT_EQ(e.description.en.rfind(e.name + ":", 0), 0u) << e.description.en;
        EXPECT_EQ(e.description.zh.rfind(e.name + "：", 0), 0u) << e.description.zh;
        EXPECT_NE(e.description.zh, e.description.en);
    }
    auto without = catalog_after(&CatalogFiles::engines, [](json& d) { entry(d, "engines", "vllm").erase("description"); });
    EXPECT_TRUE(without->find_engine("vllm")->description.zh.empty());
    expect_single(errors_after(&CatalogFiles::engines,
                               [](json& d) { entry(d, "engines", "vllm")["description"].erase("zh"); }),
                  "[catalog.missing_field] engines.json: engines[0].description.zh: missing; must be a non-empty string");
}

}  // namespace
}  // namespace infersizer
