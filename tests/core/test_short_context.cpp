// A context as short as llama-bench's tg32 run (a 1-token prompt and 32 generated tokens: 33 tokens) is a valid
// scenario (issue #9): the JSON parser accepts it, the estimate is finite, and the KV cache is what the engine
// really allocates for it.
#include "scenario_json.hpp"
#include "support.hpp"

#include <gtest/gtest.h>

using namespace infersizer;

TEST(ShortContext, ATg32ContextParsesAndOneTokenLessThanTwoIsRefused) {
    const auto ok = scenario_from_json_text(R"({"context_tokens": 33, "prompt_tokens": 1, "output_tokens": 32})");
    ASSERT_TRUE(ok) << ok.error().to_string();
    EXPECT_EQ(ok->context_tokens, 33);
    const auto bad = scenario_from_json_text(R"({"context_tokens": 1})");
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().path, "scenario.context_tokens");
    EXPECT_NE(bad.error().message.find("from 2 to"), std::string::npos) << bad.error().message;
}

TEST(ShortContext, KvIsTheEnginesAllocationForA33TokenSequence) {
    // Llama-3.1-8B: 32 layers × 8 KV heads × 128 dims × 2 (K and V) × 2 bytes = 131,072 B per token.
    constexpr double kBytesPerToken = 32.0 * 8 * 128 * 2 * 2;
    for (const char* engine : {"llama.cpp", "vllm"}) {
        Scenario s = test::scenario("Llama-3.1-8B", "Q4_K_M", engine, "nvidia-rtx-4090");
        s.context_tokens = 33, s.prompt_tokens = 1, s.output_tokens = 32, s.concurrency = 1;
        if (std::string(engine) == "vllm") s.weights = "awq-int4";
        const Result r = test::estimate_ok(s);
        // llama.cpp pads the context to 256 tokens with flash attention; vLLM allocates 16-token blocks: 48.
        const double tokens = std::string(engine) == "llama.cpp" ? 256 : 48;
        EXPECT_DOUBLE_EQ(r.memory.kv_cache_gib.hi, tokens * kBytesPerToken / (1024.0 * 1024 * 1024)) << engine;
        test::expect_positive(r.performance.decode_tps_per_seq, engine);
        test::expect_positive(r.performance.ttft_s, engine);
        EXPECT_EQ(r.status, ServingStatus::meets) << engine;
    }
}
