// test_kv.cpp — KV cache per token and per sequence (docs/references/peers-and-formulas.md §4.2, docs/references/models.md "KV cache").
#include "kv.hpp"
#include "support.hpp"

#include <gtest/gtest.h>

namespace infersizer {
namespace {

using test::model;

TEST(Kv, PublishedBytesPerTokenAt16Bit) {
    // docs/references/peers-and-formulas.md §4.2: Llama-3.1-8B 131,072 B/token (kvplan log); Llama-3.1-70B 327,680;
    // Qwen2.5-7B 57,344; DeepSeek-V3 MLA 61 · 576 · 2 = 70,272.
    EXPECT_DOUBLE_EQ(kv_bytes_per_token(model("Llama-3.1-8B"), 2), 131072);
    EXPECT_DOUBLE_EQ(kv_bytes_per_token(model("Llama-3.1-70B"), 2), 327680);
    EXPECT_DOUBLE_EQ(kv_bytes_per_token(model("Qwen2.5-7B"), 2), 57344);
    EXPECT_DOUBLE_EQ(kv_bytes_per_token(model("DeepSeek-V3"), 2), 70272);
    EXPECT_DOUBLE_EQ(kv_bytes_per_token(model("Kimi-K2"), 2), 70272);  // docs/references/models.md: 35,136 values, as V3
}

TEST(Kv, EveryChatModelHasAKvShape) {
    for (const auto& m : bundled::catalog().models) {
        if (m.role != ModelRole::chat || m.params_override) continue;
        SCOPED_TRACE(m.id);
        EXPECT_GT(kv_bytes_per_token(m, 2), 0);
        // A window never makes a sequence larger than the full cache.
        EXPECT_LE(kv_bytes_per_sequence(m, 2, 32768, 1), kv_bytes_per_token(m, 2) * 32768);
    }
}

TEST(Kv, ScalesWithTheKvFormat) {
    const ModelArch& m = model("Llama-3.1-8B");
    // ggml q8_0 34 bytes / 32 values, q4_0 18 / 32 (docs/references/peers-and-formulas.md §4.2).
    EXPECT_DOUBLE_EQ(kv_bytes_per_token(m, 34.0 / 32), 131072 / 2 * 34.0 / 32);
    EXPECT_DOUBLE_EQ(kv_bytes_per_token(m, 1), 65536);
}

TEST(Kv, SequenceIsPerTokenTimesTokensWithoutWindows) {
    const ModelArch& m = model("Llama-3.1-8B");
    EXPECT_DOUBLE_EQ(kv_bytes_per_sequence(m, 2, 8192, 1), 131072.0 * 8192);
    EXPECT_DOUBLE_EQ(kv_bytes_per_sequence(m, 2, 8192, 16), 131072.0 * 8192);
}

TEST(Kv, PagedBlocksRoundTokensUp) {
    const ModelArch& m = model("Qwen2.5-7B");
    // vLLM allocates 16-token blocks: 1000 tokens occupy 63 blocks = 1008 tokens.
    EXPECT_DOUBLE_EQ(kv_bytes_per_sequence(m, 2, 1000, 16), 57344.0 * 1008);
    EXPECT_DOUBLE_EQ(kv_bytes_per_sequence(m, 2, 1000, 1), 57344.0 * 1000);
    EXPECT_DOUBLE_EQ(kv_bytes_per_sequence(m, 2, 1, 256), 57344.0 * 256);
}

TEST(Kv, SlidingLayersAreCappedAtTheWindow) {
    // docs/references/models.md: 2·n_kv·d·(L_global·ctx + L_local·min(ctx, window)). Gemma-2-27B: 46 layers, 23 local with
    // window 4096, 16 KV heads of 128.
    const ModelArch& g = model("Gemma-2-27B");
    ASSERT_EQ(g.n_sliding_layers, 23);
    ASSERT_EQ(g.sliding_window, 4096);
    const double per_layer = 2.0 * 16 * 128 * 2;
    EXPECT_DOUBLE_EQ(kv_bytes_per_sequence(g, 2, 8192, 1), per_layer * (23.0 * 8192 + 23.0 * 4096));
    EXPECT_DOUBLE_EQ(kv_bytes_per_sequence(g, 2, 2048, 1), per_layer * 46 * 2048);  // below the window
    // Per token "as if every layer kept the full context" ignores the windows.
    EXPECT_DOUBLE_EQ(kv_bytes_per_token(g, 2), per_layer * 46);

    // gpt-oss-120b: 18 of 36 layers slide over 128 tokens; at 128k context they hold almost nothing.
    const ModelArch& o = model("gpt-oss-120b");
    const double per_layer_oss = 2.0 * 8 * 64 * 2;
    EXPECT_DOUBLE_EQ(kv_bytes_per_sequence(o, 2, 131072, 1), per_layer_oss * (18.0 * 131072 + 18.0 * 128));
    // Blocks round the window too: 128 tokens is exactly 8 blocks of 16.
    EXPECT_DOUBLE_EQ(kv_bytes_per_sequence(o, 2, 131072, 16), per_layer_oss * (18.0 * 131072 + 18.0 * 128));

    // Gemma-3-27B: 52 local layers of 62 (window 1024).
    const ModelArch& g3 = model("Gemma-3-27B");
    const double per_layer_g3 = 2.0 * 16 * 128 * 2;
    EXPECT_DOUBLE_EQ(kv_bytes_per_sequence(g3, 2, 32768, 1), per_layer_g3 * (10.0 * 32768 + 52.0 * 1024));
}

TEST(Kv, ConfigWindowWithoutSlidingLayersIsNotApplied) {
    // Phi-3-mini-4k carries sliding_window 2047 that HF ignores; the catalog gives it no sliding layers.
    const ModelArch& p = model("Phi-3-mini-4k");
    EXPECT_DOUBLE_EQ(kv_bytes_per_sequence(p, 2, 4096, 1), kv_bytes_per_token(p, 2) * 4096);
}

TEST(Kv, ReadPerStepFollowsThePosition) {
    const ModelArch& g = model("Gemma-2-27B");
    for (int64_t t : {1, 100, 4096, 5000, 131072}) {
        SCOPED_TRACE(t);
        EXPECT_DOUBLE_EQ(kv_bytes_read_per_step(g, 2, t), kv_bytes_per_sequence(g, 2, t, 1));
    }
    const ModelArch& l = model("Llama-3.1-8B");
    EXPECT_DOUBLE_EQ(kv_bytes_read_per_step(l, 1, 1000), 65536.0 * 1000);
    EXPECT_DOUBLE_EQ(kv_bytes_read_per_step(l, 1, 0), 0);
}

TEST(Kv, SizeOnlyModelHasNoKvShape) {
    ModelArch m;
    m.params_override = 7e9;
    EXPECT_DOUBLE_EQ(kv_bytes_per_token(m, 2), 0);
    EXPECT_DOUBLE_EQ(kv_bytes_per_sequence(m, 2, 4096, 16), 0);
    EXPECT_DOUBLE_EQ(kv_bytes_read_per_step(m, 2, 4096), 0);
}

}  // namespace
}  // namespace infersizer
