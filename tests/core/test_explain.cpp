// test_explain.cpp — the result's explanations (explain.hpp, docs/contract.md "explain"): every figure the page or
// the CLI shows has one, each in both languages, and the simple ones (weights, KV, cost, sums, counts) multiply out:
// the test redoes the arithmetic from the inputs alone and compares it with the figure.
#include "support.hpp"

#include "../zh_text_classifier.hpp"
#include "result_json.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <string>
#include <vector>

using namespace infersizer;
using namespace infersizer::test;
using nlohmann::json;

namespace {

// Bytes in a unit of size; 1 for every other unit (USD, tokens, h, bits/weight: the product carries them).
double bytes_in(const std::string& unit) {
    if (unit == "KiB") return 1024.0;
    if (unit == "MiB") return 1024.0 * 1024.0;
    if (unit == "GiB") return 1024.0 * 1024.0 * 1024.0;
    return 1.0;
}

struct Recomputed {
    Interval value;
    bool ok = false;
};

// The figure from its inputs alone: factors over divisors end by end (all positive), or the terms added; in the
// entry's own unit, taken down or up when the entry says so.
Recomputed recompute(const std::string& combine, const std::string& unit, const std::string& rounding,
                     const std::vector<std::tuple<std::string, Interval, std::string>>& inputs) {
    Recomputed r;
    if (combine == "product") {
        double lo = 1, hi = 1;
        for (const auto& [role, v, u] : inputs) {
            const double k = bytes_in(u);
            if (role == "factor") lo *= v.lo * k, hi *= v.hi * k;
            if (role == "divisor") lo /= v.hi * k, hi /= v.lo * k;
        }
        lo /= bytes_in(unit), hi /= bytes_in(unit);
        if (rounding == "down") lo = std::floor(lo + 1e-9), hi = std::floor(hi + 1e-9);
        if (rounding == "up") lo = std::ceil(lo - 1e-9), hi = std::ceil(hi - 1e-9);
        r.value = {lo, hi};
        r.ok = true;
    } else if (combine == "sum") {
        double lo = 0, hi = 0;
        for (const auto& [role, v, u] : inputs)
            if (role == "term") lo += v.lo * bytes_in(u) / bytes_in(unit), hi += v.hi * bytes_in(u) / bytes_in(unit);
        r.value = {lo, hi};
        r.ok = true;
    }
    return r;
}

Recomputed recompute(const Explanation& x) {
    std::vector<std::tuple<std::string, Interval, std::string>> in;
    for (const ExplainInput& i : x.inputs) in.emplace_back(to_string(i.role), i.value, i.unit);
    return recompute(to_string(x.combine), x.unit, to_string(x.rounding), in);
}

bool close(double a, double b, double rel) { return std::fabs(a - b) <= rel * std::max(std::fabs(a), std::fabs(b)) + 1e-9; }

// The figures of `j` (a result's JSON) that the page or the CLI shows, by path: always the memory, fit and speed
// figures; the cost figures the result has; each plan row's cards (and cost, when priced); the offload's figures.
std::vector<std::string> shown_figures(const Result& r, const json& j) {
    std::vector<std::string> out = {
        "memory.weights_gib",       "memory.kv_per_token_kib",       "memory.kv_cache_gib",
        "memory.activations_gib",   "memory.runtime_gib",            "memory.colocated_gib",
        "memory.total_gib",         "memory.budget_gib",             "memory.all_cards_total_gib",
        "performance.ttft_s",
        "performance.ttft_p90_s",   "performance.decode_tps_per_seq", "performance.throughput_tps",
        "performance.single_stream_tps", "performance.prefill_tps",  "performance.burst_ttft_s",
        "performance.requests_in_flight"};
    // What fits is judged (and shown) only against a known capacity.
    if (r.fit.capacity_known) out.insert(out.end(), {"fit.max_concurrency", "fit.max_context"});
    const CostResult& c = r.cost;
    if (c.has_gpu_price) out.push_back("cost.self_hosted_per_month_usd");
    if (c.has_per_mtok) out.push_back("cost.self_hosted_per_mtok_usd");
    if (c.has_api_price) out.push_back("cost.api_per_month_usd");
    if (c.has_gpu_price && c.has_api_price && c.break_even_requests_per_day.finite() && c.break_even_requests_per_day.hi > 0)
        out.push_back("cost.break_even_requests_per_day");
    for (size_t i = 0; i < j["plan"].size(); ++i) {
        const json& row = j["plan"][i];
        if (row["cards"]["hi"].get<double>() <= 0) continue;
        out.push_back("plan[" + std::to_string(i) + "].cards");
        if (!row["cost_per_month"].is_null()) out.push_back("plan[" + std::to_string(i) + "].cost_per_month");
    }
    if (j.contains("offload") && j["offload"]["applicable"].get<bool>())
        for (const char* k : {"offload.n_cpu_moe_layers", "offload.host_ram_gib", "offload.decode_tps_per_seq", "offload.ttft_s",
                              "offload.throughput_tps"})
            out.push_back(k);
    if (!j["planned"].is_null()) out.push_back("planned.cards");
    return out;
}

// "plan[3].cards" → /plan/3/cards; "memory.kv_cache_gib" → /memory/kv_cache_gib.
json::json_pointer pointer_of(std::string key) {
    std::string p = "/";
    for (char ch : key) {
        if (ch == '.' || ch == '[') p += '/';
        else if (ch != ']') p += ch;
    }
    return json::json_pointer(p);
}

Scenario deepseek_on_eight_h200() {
    Scenario s = scenario("DeepSeek-R1", "fp8", "vllm", "nvidia-h200-sxm-141gb", 8);
    s.context_tokens = 32768;
    s.prompt_tokens = 2000;
    s.output_tokens = 500;
    s.concurrency = 8;
    return s;
}

}  // namespace

TEST(Explain, EveryShownFigureOfEveryGoldenResultHasOneEntryInBothLanguages) {
    const auto files = golden_files();
    ASSERT_GE(files.size(), 6u);
    for (const auto& f : files) {
        SCOPED_TRACE(f.filename().string());
        const Result r = estimate_ok(golden_scenario(f.filename().string()));
        const json j = result_to_json(r, "en");
        for (const std::string& key : shown_figures(r, j)) {
            SCOPED_TRACE(key);
            const Explanation* x = r.explain.find(key);
            ASSERT_NE(x, nullptr) << "no explanation";
            EXPECT_TRUE(j["explain"].contains(key));
            // The entry's value is the figure the result reports.
            const json figure = j.at(pointer_of(key));
            if (figure.is_object()) {
                EXPECT_TRUE(close(figure["lo"].get<double>(), x->value.lo, 1e-3)) << figure.dump();
                EXPECT_TRUE(close(figure["hi"].get<double>(), x->value.hi, 1e-3)) << figure.dump();
            }
        }
        for (const auto& [key, x] : r.explain.entries) {
            SCOPED_TRACE(key);
            EXPECT_TRUE(key == "memory.budget_gib" || key.rfind("planned.", 0) == 0 || j.contains(pointer_of(key)))
                << "explains a figure the result does not have";
            for (const Text* t : {&x.title, &x.formula, &x.why_wide}) {
                EXPECT_FALSE(t->en.empty());
                EXPECT_TRUE(zh_text::has_cjk(t->zh)) << t->zh;
                EXPECT_FALSE(zh_text::has_cjk(t->en)) << t->en;
            }
            EXPECT_FALSE(x.inputs.empty());
            for (const ExplainInput& in : x.inputs) {
                EXPECT_TRUE(zh_text::has_cjk(in.name.zh)) << in.name.en;
                EXPECT_FALSE(in.name.en.empty());
                EXPECT_TRUE(std::isfinite(in.value.lo) && std::isfinite(in.value.hi)) << in.name.en;
            }
        }
    }
}

TEST(Explain, WeightsKvCostAndSumsRecomputeFromTheirInputs) {
    std::vector<Scenario> scenarios;
    for (const auto& f : golden_files()) scenarios.push_back(golden_scenario(f.filename().string()));
    scenarios.push_back(deepseek_on_eight_h200());
    int products = 0;
    for (const Scenario& s : scenarios) {
        SCOPED_TRACE(s.model_id + " on " + s.hardware_id);
        const Result r = estimate_ok(s);
        // The simple figures are products of their inputs, never a model run.
        for (const char* key : {"memory.weights_gib", "memory.kv_per_token_kib", "memory.kv_cache_gib", "cost.api_per_month_usd"}) {
            const Explanation* x = r.explain.find(key);
            ASSERT_NE(x, nullptr) << key;
            EXPECT_EQ(x->combine, Combine::product) << key;
        }
        if (r.cost.has_gpu_price) {
            ASSERT_NE(r.explain.find("cost.self_hosted_per_month_usd"), nullptr);
            EXPECT_EQ(r.explain.find("cost.self_hosted_per_month_usd")->combine, Combine::product);
        }
        EXPECT_EQ(r.explain.find("memory.total_gib")->combine, Combine::sum);
        for (const auto& [key, x] : r.explain.entries) {
            const Recomputed again = recompute(x);
            if (!again.ok) continue;
            ++products;
            EXPECT_TRUE(close(again.value.lo, x.value.lo, 1e-9) && close(again.value.hi, x.value.hi, 1e-9))
                << key << ": inputs give " << again.value.lo << "–" << again.value.hi << ", the figure is " << x.value.lo
                << "–" << x.value.hi;
        }
        // The same from the JSON, whose numbers keep 4 significant digits.
        const json j = result_to_json(r, "en");
        for (const auto& [key, e] : j["explain"].items()) {
            std::vector<std::tuple<std::string, Interval, std::string>> in;
            for (const json& i : e["inputs"])
                in.emplace_back(i["role"].get<std::string>(), Interval{i["value"]["lo"].get<double>(), i["value"]["hi"].get<double>()},
                                i["unit"].get<std::string>());
            const Recomputed again = recompute(e["combine"], e["unit"], e["round"], in);
            if (!again.ok) continue;
            const double lo = e["value"]["lo"].get<double>(), hi = e["value"]["hi"].get<double>();
            const double tol = e["round"] == "none" ? 5e-3 : 0.0;
            EXPECT_TRUE((close(again.value.lo, lo, tol) || std::fabs(again.value.lo - lo) <= 1.0) &&
                        (close(again.value.hi, hi, tol) || std::fabs(again.value.hi - hi) <= 1.0))
                << key << " (JSON): inputs give " << again.value.lo << "–" << again.value.hi << ", the figure is " << lo << "–" << hi;
        }
    }
    EXPECT_GT(products, 100);
}

TEST(Explain, DeepSeekKvOnEightCardsShowsTheLatentCacheCopiedOnEveryCard) {
    // DeepSeek-R1: 61 layers × (512 + 64) values × 2 B = 70,272 B = 68.6 KiB per token. vLLM keeps the MLA latent
    // cache whole on every card of the TP group, so 8 users of 32k on TP 8 hold 68.6 KiB × 32768 × 8 × 8 =
    // 137 GiB, not 17.2 GiB: the entry must show the × 8 of the copies.
    const Result r = estimate_ok(deepseek_on_eight_h200());
    ASSERT_EQ(r.performance.tp, 8);
    const Explanation* kv = r.explain.find("memory.kv_cache_gib");
    ASSERT_NE(kv, nullptr);
    EXPECT_NEAR(kv->value.lo, 70272.0 * 32768 * 8 * 8 / (1024.0 * 1024 * 1024), 0.01);
    const ExplainInput* copies = nullptr;
    for (const ExplainInput& in : kv->inputs)
        if (in.name.en.find("MLA") != std::string::npos) copies = &in;
    ASSERT_NE(copies, nullptr) << "no input names the MLA latent copies";
    EXPECT_EQ(copies->value.lo, 8.0);
    EXPECT_EQ(copies->role, InputRole::factor);
    EXPECT_NE(copies->name.zh.find("每张卡"), std::string::npos) << copies->name.zh;
    const Recomputed again = recompute(*kv);
    EXPECT_NEAR(again.value.lo, kv->value.lo, 1e-6);
}

TEST(Explain, SpeedEntriesNameTheirSourcesAndSayWhichEndGaveWhichBound) {
    const Result r = estimate_ok(golden_scenario("chat_70b_h100_200_users.json"));
    const Explanation* ttft = r.explain.find("performance.ttft_s");
    ASSERT_NE(ttft, nullptr);
    EXPECT_EQ(ttft->combine, Combine::model);
    bool calibration = false, scenario = false, catalog = false;
    for (const ExplainInput& in : ttft->inputs) {
        calibration |= in.source.kind == SourceKind::calibration && in.source.ref.find("engines/vllm.efficiency.gpu") == 0;
        scenario |= in.source.kind == SourceKind::scenario && in.source.ref == "scenario.prompt_tokens";
        catalog |= in.source.kind == SourceKind::catalog && in.source.ref == "hardware/nvidia-h100-sxm-80gb";
    }
    EXPECT_TRUE(calibration && scenario && catalog);
    EXPECT_NE(ttft->why_wide.en.find("fast end"), std::string::npos) << ttft->why_wide.en;
    EXPECT_NE(ttft->why_wide.zh.find("快端"), std::string::npos) << ttft->why_wide.zh;
    // A time's low end is the fast end; a rate's low end is the slow end.
    EXPECT_LT(ttft->why_wide.en.find("fast"), ttft->why_wide.en.find("slow"));
    const Explanation* tps = r.explain.find("performance.decode_tps_per_seq");
    ASSERT_NE(tps, nullptr);
    EXPECT_LT(tps->why_wide.en.find("slow"), tps->why_wide.en.find("fast"));
}

// One user of a mixture of experts: the step is the expert blocks' fixed cost more than their bytes, so the
// single-stream figure names that cost and the MoE layers among its inputs, with their sources; a dense model's does not.
TEST(Explain, OneUserOfAMixtureOfExpertsNamesTheMoeLayerFixedCost) {
    const Result moe = estimate_ok(golden_scenario("moe_qwen3_30b_ollama.json"));
    const Explanation* one = moe.explain.find("performance.single_stream_tps");
    ASSERT_NE(one, nullptr);
    bool floor = false, layers = false;
    for (const ExplainInput& in : one->inputs) {
        floor |= in.source.kind == SourceKind::calibration && in.source.ref == "engines/ollama.efficiency.gpu.t_moe_layer_ms" &&
                 in.value.lo == 0.035 && in.value.hi == 0.055;
        layers |= in.source.ref == "models/Qwen3-30B-A3B" && in.value.lo == 48;
    }
    EXPECT_TRUE(floor && layers);
    const Result dense = estimate_ok(golden_scenario("personal_8b_4090.json"));
    const Explanation* dense_one = dense.explain.find("performance.single_stream_tps");
    ASSERT_NE(dense_one, nullptr);
    for (const ExplainInput& in : dense_one->inputs) EXPECT_EQ(in.source.ref.find("t_moe_layer_ms"), std::string::npos);
}

// The streaming rate every speed figure rests on multiplies out from the inputs listed beside it: bandwidth × η ×
// dequantization, within llama.cpp's ceiling on a discrete card. A GGUF model on an RTX 5090 is held by the ceiling
// (1,792 GB/s × η 0.75 would be 1,079 GB/s at the slow end; the ceiling 842 × 0.80 allows 677); vLLM's bf16 on an
// H100 is bandwidth × η alone; a mixture of experts on TensorRT-LLM names its own η (eta_mem_moe).
TEST(Explain, TheStreamingRateMultipliesOutFromItsParts) {
    struct Case {
        Scenario s;
        bool ceiling, dequantized;
        std::string eta_ref;
    };
    const std::vector<Case> cases = {
        {scenario("Llama-3.1-8B", "Q4_K_M", "llama.cpp", "nvidia-rtx-5090"), true, true, "engines/llama.cpp.efficiency.gpu.eta_mem"},
        {scenario("Llama-3.1-8B", "bf16", "vllm", "nvidia-h100-sxm-80gb"), false, false, "engines/vllm.efficiency.gpu.eta_mem"},
        {scenario("Qwen3-30B-A3B", "fp8", "tensorrt-llm", "nvidia-h100-sxm-80gb"), false, false,
         "engines/tensorrt-llm.efficiency.gpu.eta_mem_moe"}};
    for (const Case& c : cases) {
        const Result r = estimate_ok(c.s);
        for (const char* key : {"performance.decode_tps_per_seq", "performance.single_stream_tps"}) {
            const Explanation* x = r.explain.find(key);
            ASSERT_NE(x, nullptr) << key;
            const ExplainInput *bandwidth = nullptr, *eta = nullptr, *dequant = nullptr, *ceiling = nullptr, *rate = nullptr;
            for (const ExplainInput& in : x->inputs) {
                if (in.name.en == "memory bandwidth") bandwidth = &in;
                if (in.name.en.rfind("bandwidth efficiency η_mem", 0) == 0) eta = &in;
                if (in.name.en.rfind("block-format dequantization factor", 0) == 0) dequant = &in;
                if (in.name.en.rfind("llama.cpp's streaming ceiling", 0) == 0) ceiling = &in;
                if (in.name.en.rfind("streaming rate reached", 0) == 0) rate = &in;
            }
            const std::string where = c.s.model_id + " " + c.s.weights + " " + key;
            ASSERT_TRUE(bandwidth && eta && rate) << where;
            EXPECT_EQ(eta->source.kind, SourceKind::calibration) << where;
            EXPECT_EQ(eta->source.ref, c.eta_ref) << where;
            EXPECT_EQ(dequant != nullptr, c.dequantized) << where;
            EXPECT_EQ(ceiling != nullptr, c.ceiling) << where;
            const Interval dq = dequant ? dequant->value : Interval{1.0, 1.0};
            double lo = bandwidth->value.lo * eta->value.lo * dq.lo, hi = bandwidth->value.hi * eta->value.hi * dq.hi;
            if (ceiling) lo = std::min(lo, ceiling->value.lo), hi = std::min(hi, ceiling->value.hi);
            EXPECT_TRUE(close(rate->value.lo, lo, 1e-9) && close(rate->value.hi, hi, 1e-9))
                << where << ": " << rate->value.lo << "–" << rate->value.hi << " vs " << lo << "–" << hi;
            if (ceiling) {
                EXPECT_NEAR(ceiling->value.lo, 842.0 * dq.lo, 1e-6) << where;
                EXPECT_LT(rate->value.lo, bandwidth->value.lo * eta->value.lo * dq.lo) << where << ": the ceiling binds";
            }
            // The interval's ends are named as a sentence prints figures: "1,160 GB/s", not "1.16e+03".
            EXPECT_EQ(x->why_wide.en.find("e+0"), std::string::npos) << x->why_wide.en;
        }
    }
}

TEST(Explain, ValuesPrintInTheLanguagesOwnStyle) {
    EXPECT_EQ(explain_value_text({0.0863, 0.746}, "s", "en"), "86 – 746 ms");
    EXPECT_EQ(explain_value_text(Interval::exact(7.06e10), "", "zh"), "706亿");
    EXPECT_EQ(explain_value_text(Interval::exact(7.06e10), "", "en"), "70.6B");
    EXPECT_EQ(explain_value_text({1200, 1900}, "USD", "en"), "$1,200 – $1,900");
    EXPECT_EQ(explain_value_text(Interval::exact(68.62), "KiB", "zh"), "68.6 KiB");
    EXPECT_EQ(explain_source_text({SourceKind::calibration, "engines/vllm.efficiency.gpu.eta_mem"}, "zh"),
              "校准拟合：engines/vllm.efficiency.gpu.eta_mem");
}
