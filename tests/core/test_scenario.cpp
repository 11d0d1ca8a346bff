// Scenario JSON: defaults, round trip, and error messages asserted word for word (they are part of the
// contract: outside checks and users read them).
#include "scenario_json.hpp"

#include <gtest/gtest.h>

using namespace infersizer;
using nlohmann::json;

namespace {

std::string error_of(const std::string& text) {
    auto s = scenario_from_json_text(text);
    return s ? std::string("(no error)") : s.error().cli_line();
}

}  // namespace

TEST(Scenario, EmptyObjectGivesTheSeedDefaults) {
    auto s = scenario_from_json_text("{}");
    ASSERT_TRUE(s.ok());
    EXPECT_EQ(s->model_id, "Qwen3-8B");
    EXPECT_EQ(s->weights, "Q4_K_M");
    EXPECT_FALSE(s->count.has_value());  // the contract: an omitted count lets the planner choose
    EXPECT_EQ(s->concurrency, 5);
}

TEST(Scenario, ReadsEveryContractField) {
    auto s = scenario_from_json_text(R"({
      "schema": "infersizer.scenario/1", "model": "Llama-3.1-70B", "weights": "fp8", "kv_cache": "fp8",
      "engine": "vllm", "hardware": "nvidia-h100-sxm-80gb", "count": null, "context_tokens": 16384,
      "prompt_tokens": 2000, "output_tokens": 300, "concurrency": 64,
      "targets": {"ttft_s": 1.5, "tps_per_user": 20}, "traffic": {"requests_per_day": 50000, "lengths": "varied"},
      "colocated": [{"name": "bge-m3", "params_b": 0.568, "weights": "fp16"}], "headroom": 0.2})");
    ASSERT_TRUE(s.ok()) << s.error().to_string();
    EXPECT_EQ(s->model_id, "Llama-3.1-70B");
    EXPECT_EQ(s->kv_cache, "fp8");
    EXPECT_FALSE(s->count.has_value());
    EXPECT_EQ(s->context_tokens, 16384);
    EXPECT_DOUBLE_EQ(s->targets.ttft_s, 1.5);
    EXPECT_DOUBLE_EQ(s->requests_per_day, 50000);
    EXPECT_EQ(s->lengths, LengthSpread::varied);
    ASSERT_EQ(s->colocated.size(), 1u);
    EXPECT_DOUBLE_EQ(s->colocated[0].params_b, 0.568);
    EXPECT_DOUBLE_EQ(s->headroom, 0.2);
}

TEST(Scenario, RoundTripsThroughJson) {
    Scenario a;
    a.model_id = "Qwen2.5-72B";
    a.weights = "awq-int4";
    a.count.reset();
    a.concurrency = 40;
    a.lengths = LengthSpread::varied;
    a.colocated.push_back({"bge-reranker-v2-m3", 0.568, "fp16"});
    auto b = scenario_from_json(scenario_to_json(a));
    ASSERT_TRUE(b.ok());
    EXPECT_EQ(scenario_to_json(*b), scenario_to_json(a));
}

TEST(Scenario, CustomHardwareRoundTrips) {
    auto s = scenario_from_json_text(
        R"({"hardware": {"name": "box", "kind": "gpu", "memory_gib": 48, "bandwidth_gbs": 960, "fp16_tflops": 180,
            "price_per_hour": 0.9}})");
    ASSERT_TRUE(s.ok()) << s.error().to_string();
    ASSERT_TRUE(s->hardware_custom.has_value());
    EXPECT_DOUBLE_EQ(*s->hardware_custom->usable_memory_gib, 48);
    EXPECT_DOUBLE_EQ(*s->hardware_custom->price_per_hour_usd, 0.9);
    auto again = scenario_from_json(scenario_to_json(*s));
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(scenario_to_json(*again), scenario_to_json(*s));
}

TEST(Scenario, ErrorsNameTheFieldAndTheRange) {
    EXPECT_EQ(error_of(R"({"concurrency": -3})"),
              "error: scenario.concurrency: must be an integer from 1 to 100000, got -3");
    EXPECT_EQ(error_of(R"({"concurrency": 2.5})"),
              "error: scenario.concurrency: must be an integer from 1 to 100000, got 2.5");
    EXPECT_EQ(error_of(R"({"context_tokens": "8k"})"),
              "error: scenario.context_tokens: must be an integer from 2 to 10000000, got \"8k\"");
    EXPECT_EQ(error_of(R"({"traffic": {"lengths": "random"}})"),
              "error: scenario.traffic.lengths: must be \"fixed\" or \"varied\", got \"random\"");
    EXPECT_EQ(error_of(R"({"headroom": 0.9})"), "error: scenario.headroom: must be a number from 0 to 0.5, got 0.9");
    EXPECT_EQ(error_of(R"({"targets": {"ttft_s": 0}})"),
              "error: scenario.targets.ttft_s: must be a number from 0.01 to 3600, got 0");
    EXPECT_EQ(error_of(R"({"count": 0})"),
              "error: scenario.count: must be an integer from 1 to 4096, or null / \"auto\" to let the planner choose, got 0");
    EXPECT_EQ(error_of(R"({"weights": ""})"), "error: scenario.weights: must be a non-empty string, got \"\"");
    EXPECT_EQ(error_of(R"({"colocated": [{"name": "x", "params_b": -1}]})"),
              "error: scenario.colocated[0].params_b: must be a number from 0.001 to 100000, got -1");
    EXPECT_EQ(error_of(R"({"hardware": {"kind": "tpu"}})"),
              "error: scenario.hardware.kind: must be one of gpu, npu, cpu, unified, got \"tpu\"");
    EXPECT_EQ(error_of(R"({"hardware": {"kind": "gpu", "bandwidth_gbs": 900, "fp16_tflops": 100}})"),
              "error: scenario.hardware.memory_gib: required for custom hardware: a number from 0.01 to 1e+06");
}

TEST(Scenario, RejectsUnknownFieldsAndBadDocuments) {
    EXPECT_EQ(error_of(R"({"concurrancy": 3})").rfind("error: scenario.concurrancy: unknown field; accepted: schema, model", 0), 0u);
    EXPECT_EQ(error_of("[1,2]"), "error: scenario: must be a JSON object, got [1,2]");
    EXPECT_EQ(error_of("{not json"), "error: scenario: is not valid JSON at line 1, column 3: syntax error while parsing "
                                     "object key - invalid literal; last read: '{no'; expected string literal");
    EXPECT_EQ(error_of(R"({"schema": "infersizer.scenario/9"})"),
              "error: scenario.schema: must be \"infersizer.scenario/1\", got \"infersizer.scenario/9\"");
}

TEST(Scenario, AFailedParseLeavesTheBaseUntouched) {
    Scenario base;
    base.concurrency = 7;
    auto s = scenario_from_json_text(R"({"prompt_tokens": 100, "concurrency": 0})", base);
    EXPECT_FALSE(s.ok());
    EXPECT_EQ(base.concurrency, 7);
    EXPECT_EQ(base.prompt_tokens, Scenario{}.prompt_tokens);
}
