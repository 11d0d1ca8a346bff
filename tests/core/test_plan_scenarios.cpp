// The planner on three deployments an engineer would size by hand. Each range below is worked out from first
// principles in the comment (the catalog's bandwidth and peaks, the engine's efficiency ranges) and the plan
// must land inside it; on the user's datacenter card the card interval spans at most 2×, and the row says in
// numbers what binds.
#include "plan.hpp"
#include "report.hpp"
#include "support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

using namespace infersizer;

namespace {

using test::cat;

PlanRow plan_on(const Scenario& s, const std::string& hw) {
    return plan_for(test::resolve_ok(s), test::hardware(hw), Precision::simulate);
}

// Every datacenter card of the catalog with its simulated row, where the row meets the targets.
std::vector<std::pair<const Hardware*, PlanRow>> datacenter_rows_meeting(const Scenario& s) {
    const Context ctx = test::resolve_ok(s);
    std::vector<std::pair<const Hardware*, PlanRow>> out;
    for (const Hardware& h : cat().hardware) {
        if (h.market != "datacenter") continue;
        PlanRow r = plan_for(ctx, h, Precision::simulate);
        if (r.meets_targets) out.emplace_back(&h, std::move(r));
    }
    return out;
}

// Those rows printed for review (the spans are the efficiency ranges' width; GDDR cards' spans are wider where a
// target sits near what their bandwidth gives one user).
void print_datacenter_rows(const Scenario& s, const char* name) {
    for (const auto& [h, r] : datacenter_rows_meeting(s))
        std::printf("[plan %s] %-28s %4.0f–%-4.0f cards TP %d (span %.2f) %s\n", name, h->name.c_str(), r.cards.lo,
                    r.cards.hi, r.tp, r.cards.hi / r.cards.lo, r.binding.en.c_str());
}

Scenario chat_70b() {
    Scenario s;
    s.model_id = "Llama-3.1-70B";
    s.weights = "fp8";
    s.engine = "vllm";
    s.hardware_id = "nvidia-h100-sxm-80gb";
    s.count.reset();
    s.context_tokens = 8192;
    s.prompt_tokens = 1500;
    s.output_tokens = 300;
    s.concurrency = 200;
    s.targets = {1.0, 20.0};
    return s;
}

Scenario rag_72b() {
    Scenario s;
    s.model_id = "Qwen2.5-72B";
    s.weights = "awq-int4";
    s.kv_cache = "fp8";
    s.engine = "vllm";
    s.hardware_id = "nvidia-a100-sxm-80gb";
    s.count.reset();
    s.context_tokens = 16384;
    s.prompt_tokens = 6000;
    s.output_tokens = 400;
    s.concurrency = 32;
    s.targets = {3.0, 12.0};
    s.colocated = {{"bge-m3", 0.568, "fp16"}, {"bge-reranker-v2-m3", 0.568, "fp16"}};
    s.headroom = 0.15;
    return s;
}

Scenario chatbot_8b_trt() {
    Scenario s;
    s.model_id = "Llama-3.1-8B";
    s.weights = "fp8";
    s.engine = "tensorrt-llm";
    s.hardware_id = "nvidia-h100-sxm-80gb";
    s.count.reset();
    s.context_tokens = 8192;
    s.prompt_tokens = 2000;
    s.output_tokens = 500;
    s.concurrency = 1000;
    s.targets = {2.0, 25.0};
    return s;
}

}  // namespace

// Llama-3.1-70B in FP8 (≈ 67 GiB) for 200 chat users, 1500 in / 300 out, TTFT ≤ 1 s, 20 tok/s each, on H100.
// TP 2 holds the weights with room for KV (one 80 GB card would leave ~5 GiB). 20 tok/s is 50 ms per token.
// A decode step on TP 2 reads 67 GB at 2 × 3.35 TB/s × η 0.65–0.85: 12–15 ms, plus 0.54 GB of KV per user
// (1650 positions × 320 KiB) at 0.10–0.12 ms each. The prompts: a 15 s request cycle makes 200 users send
// 13 req/s, 20k prompt tokens/s, 2.8 PFLOP/s; a TP 2 replica's FP8 peak (3.96 PFLOP/s) at MFU 0.5–0.75 gives
// 2.0–3.0, and the decoders stall for that share. With n users per replica the time per token is
// (W + n·K) / (1 − share): ≤ 50 ms for n ≈ 50 at the slow end and ≈ 100 at the fast end: 2–4 replicas of
// TP 2, 4–8 cards; the range below allows one replica either way.
TEST(PlanScenarios, SeventyBillionChatOnH100) {
    const PlanRow r = plan_on(chat_70b(), "nvidia-h100-sxm-80gb");
    print_datacenter_rows(chat_70b(), "70B chat");
    ASSERT_TRUE(r.meets_targets) << r.note;
    EXPECT_EQ(r.tp, 2);
    EXPECT_GE(r.cards.lo, 4);
    EXPECT_LE(r.cards.hi, 10);
    EXPECT_LE(r.cards.hi, 2 * r.cards.lo);
    EXPECT_NE(r.binding.en.find("tok/s per user needs ≤"), std::string::npos) << r.binding.en;
    EXPECT_NE(r.binding.zh.find("每副本不超过"), std::string::npos) << r.binding.zh;
    EXPECT_TRUE(r.simulated);
}

// Qwen2.5-72B AWQ (38.6 GiB) for 32 RAG users with 6000-token prompts, TTFT ≤ 3 s, 12 tok/s each, on A100 80GB.
// One prompt is 2 × 72e9 × 6000 = 8.6e14 FLOPs: one A100 (312 TFLOPS at MFU 0.5–0.75) needs 3.7–5.5 s, over
// the target, so TP 2 (1.8–2.8 s). The prompts' demand: a cycle of ~3 s + 400 / 12 s ≈ 36 s makes 32 users send
// 0.9 req/s, 5.3k prompt tokens/s, against 2.2–3.2k per TP 2 replica: 1.7–2.5 replicas of prefill alone, and a
// p90 TTFT within 3 s with prompts of 1.8–2.8 s leaves them little queue: 3–4 replicas, 6–8 cards; one replica
// either way allowed.
TEST(PlanScenarios, SeventyTwoBillionRagOnA100) {
    const PlanRow r = plan_on(rag_72b(), "nvidia-a100-sxm-80gb");
    print_datacenter_rows(rag_72b(), "72B RAG");
    ASSERT_TRUE(r.meets_targets) << r.note;
    EXPECT_EQ(r.tp, 2);
    EXPECT_GE(r.cards.lo, 4);
    EXPECT_LE(r.cards.hi, 10);
    EXPECT_LE(r.cards.hi, 2 * r.cards.lo);
    EXPECT_GE(r.users_per_replica.lo, 2);  // never the "one user per replica" answer
    EXPECT_FALSE(r.binding.en.empty());
}

// Llama-3.1-8B FP8 on TensorRT-LLM for 1000 chat users, 2000 in / 500 out, TTFT ≤ 2 s, 25 tok/s each, H100.
// 25 tok/s is 40 ms per token. A step reads 8 GB at 3.35 TB/s × η 0.45–0.85 (2.8–5.3 ms, t0 0.5–2 ms) and an
// FP8 KV of 64 KiB × 2250 positions = 147 MB per user (0.05–0.10 ms each). The prompts: a 20 s cycle makes 1000
// users send 50 req/s, 100k tokens/s, 1.6 PFLOP/s against one H100's FP8 1.98 PFLOP/s at MFU 0.55–0.75. Per
// replica of n users (W + n·K) / (1 − n·share) reaches 40 ms at n ≈ 200–220 (slow) and ≈ 380 (fast): 3–5 cards.
TEST(PlanScenarios, EightBillionChatbotAtScaleOnTensorRtLlm) {
    const PlanRow r = plan_on(chatbot_8b_trt(), "nvidia-h100-sxm-80gb");
    print_datacenter_rows(chatbot_8b_trt(), "8B chatbot");
    ASSERT_TRUE(r.meets_targets) << r.note;
    EXPECT_EQ(r.tp, 1);
    EXPECT_GE(r.cards.lo, 3);
    EXPECT_LE(r.cards.hi, 6);
    EXPECT_LE(r.cards.hi, 2 * r.cards.lo);
}

// Issue #7: datacenter cards' card intervals span at most 2×, on every datacenter card of the catalog that meets
// the three deployments' targets, not only on the user's card. The span is the engines' efficiency ranges (η
// 0.65–0.85, MFU, the fixed cost per step) carried through users per replica; a card without a sourced peak
// widened it (H200 NVL 4–9 and GH200 4–10 for the 70B chat, when their prefill's slow end was token by token).
// L40S is the one card above 2×: 864 GB/s of GDDR6, where the weights and the prompts take most of each token's
// time budget, so the ends of η, MFU and the fixed cost compound in users per replica (what is left of the
// budget ÷ one user's KV): 2.09× and 2.10× today, held at ≤ 2.2× so it cannot grow unnoticed.
TEST(PlanScenarios, DatacenterCardsSpanAtMostTwice) {
    for (const auto& [name, s] : {std::pair{"70B chat", chat_70b()}, std::pair{"72B RAG", rag_72b()},
                                  std::pair{"8B chatbot", chatbot_8b_trt()}}) {
        const auto rows = datacenter_rows_meeting(s);
        for (const auto& [h, r] : rows) {
            const double limit = h->id == "nvidia-l40s-48gb" ? 2.2 : 2.0;
            EXPECT_LE(r.cards.hi, limit * r.cards.lo) << name << ": " << h->id << " " << r.cards.lo << "–" << r.cards.hi;
        }
        // The check ran over the catalog, not over an empty list (TensorRT-LLM's 8B chatbot: NVIDIA cards only).
        EXPECT_GE(rows.size(), 8u) << name;
    }
}

// The headline for the planner's choice names the count as a range with its layout, and memory is per replica.
TEST(PlanScenarios, HeadlineNamesTheCountRangeAndLayout) {
    auto r = estimate(cat(), chat_70b());
    ASSERT_TRUE(r.ok());
    ASSERT_TRUE(r->planned.has_value());
    EXPECT_TRUE(r->count_from_planner);
    const PlannedCount& p = *r->planned;
    const std::string range = std::to_string(int(p.cards.lo)) + "–" + std::to_string(int(p.cards.hi)) + " × H100";
    EXPECT_EQ(r->verdict.en.rfind(range, 0), 0u) << r->verdict.en;
    EXPECT_NE(r->verdict.en.find("(TP 2 × "), std::string::npos) << r->verdict.en;
    EXPECT_NE(r->verdict.zh.find("（TP 2 × "), std::string::npos) << r->verdict.zh;
    // One copy of the weights per replica: ≈ 67 GiB, not the sum over replicas.
    EXPECT_LT(r->memory.weights_gib.hi, 70.0);
    EXPECT_GT(r->memory.weights_gib.lo, 60.0);
    EXPECT_EQ(r->memory.replicas, r->count / 2);
    EXPECT_NEAR(r->memory.all_cards_total_gib.hi, r->memory.total_gib.hi * r->memory.replicas, 1e-6);
    // The cost prices the same range: the user's row of the cards table, both ends (it priced the slow end's cards at
    // both ends of the rental price, "$10,500–$71,800" beside "4–8 cards $5,260–$71,800"); the reports' title too.
    const PlanRow* own = test::plan_row(*r, "nvidia-h100-sxm-80gb");
    ASSERT_NE(own, nullptr);
    ASSERT_TRUE(own->has_price);
    EXPECT_NEAR(r->cost.self_hosted_per_month_usd.lo, own->cost_per_month.lo, 1e-6 * own->cost_per_month.lo);
    EXPECT_NEAR(r->cost.self_hosted_per_month_usd.hi, own->cost_per_month.hi, 1e-6 * own->cost_per_month.hi);
    EXPECT_EQ(r->cost.self_hosted_config, range + " SXM5 80GB");
    EXPECT_EQ(report_text(chat_70b(), *r, "en").rfind("InferSizer — Llama-3.1-70B · fp8 · H100 SXM5 80GB × " +
                                                          std::to_string(int(p.cards.lo)) + "–" + std::to_string(int(p.cards.hi)) +
                                                          " (planner's choice) · vllm\n", 0),
              0u);
}

// A training cluster reused for serving: 64 H100 offered, the planner says how many suffice.
TEST(PlanScenarios, MoreCardsThanNeededSaysHowManySuffice) {
    Scenario s = chat_70b();
    s.count = 64;
    auto r = estimate(cat(), s);
    ASSERT_TRUE(r.ok());
    ASSERT_EQ(r->status, ServingStatus::meets) << r->verdict.en;
    ASSERT_TRUE(r->cards_needed.has_value());
    EXPECT_LE(r->cards_needed->hi, 16);
    EXPECT_GE(r->cards_needed->lo, 4);
    EXPECT_NE(r->verdict.en.find("of them suffice"), std::string::npos) << r->verdict.en;
    EXPECT_NE(r->verdict.zh.find("张就够"), std::string::npos) << r->verdict.zh;
}

// Each kind of limit is named with its numbers: per-user speed (above), prompts' prefill demand against what a
// replica computes (long prompts, a tight first token, a loose per-user speed), and the KV pool (long contexts
// on a card whose memory is mostly weights).
TEST(PlanScenarios, BindingNamesPrefillDemandOrKvInNumbers) {
    Scenario prefill = rag_72b();
    prefill.colocated.clear();
    prefill.targets = {4.0, 1.0};
    prefill.concurrency = 64;
    prefill.output_tokens = 16;  // classification-like answers: the cycle is the prompt
    const PlanRow p = plan_on(prefill, "nvidia-a100-sxm-80gb");
    ASSERT_TRUE(p.meets_targets) << p.note;
    EXPECT_NE(p.binding.en.find("prefill demand"), std::string::npos) << p.binding.en << " / " << p.cards.lo << "-" << p.cards.hi << " tp " << p.tp;
    EXPECT_NE(p.binding.en.find("tok/s per replica"), std::string::npos) << p.binding.en;
    EXPECT_NE(p.binding.zh.find("预填充需求"), std::string::npos) << p.binding.zh;

    Scenario kv = chat_70b();
    kv.context_tokens = 32768;
    kv.prompt_tokens = 24000;
    kv.output_tokens = 200;
    kv.concurrency = 64;
    kv.targets = {30.0, 5.0};
    const PlanRow k = plan_on(kv, "nvidia-h100-sxm-80gb");
    std::printf("[binding] %s\n[binding] %s\n", p.binding.en.c_str(), k.binding.en.c_str());
    ASSERT_TRUE(k.meets_targets) << k.note;
    EXPECT_NE(k.binding.en.find("the KV cache holds about"), std::string::npos) << k.binding.en;
    // The rows beyond the ones shown are screened with the steady-state formula: it says when the pool is what
    // stops the next admission, so their binding names the KV too, not a prefill demand far below capacity (a
    // DeepSeek-R1 row on A100 40GB once read "prefill demand 606 tok/s vs about 14k tok/s per replica").
    const PlanRow ks = plan_for(test::resolve_ok(kv), test::hardware("nvidia-h100-sxm-80gb"), Precision::screen);
    ASSERT_TRUE(ks.meets_targets) << ks.note;
    EXPECT_FALSE(ks.simulated);
    EXPECT_NE(ks.binding.en.find("the KV cache holds about"), std::string::npos) << ks.binding.en;
    EXPECT_NE(ks.binding.zh.find("KV 缓存只容纳约"), std::string::npos) << ks.binding.zh;

    // One user: said as one, not "all 1 users".
    Scenario alone = chat_70b();
    alone.concurrency = 1;
    const PlanRow a = plan_on(alone, "nvidia-h100-sxm-80gb");
    EXPECT_EQ(a.binding.en, "one replica serves the one user");
    EXPECT_EQ(a.binding.zh, "一个副本即可服务这 1 个用户");
}

// A larger TP group wins when it serves everyone on fewer cards. The 70B chat on A100 PCIe 80GB: TP 2 reads
// 33.5 GB per card per step at 1.94 TB/s × η 0.65 (27 ms of the 50 ms a 20 tok/s user allows) and leaves the
// decoders so little time that a replica holds 6 users: 34 replicas, 68 cards at the slow end. TP 4 halves the
// weights' read per card (13 ms plus its all-reduces over PCIe), 15 users per replica: 14 replicas, 56 cards.
TEST(PlanScenarios, LargerTpGroupWinsWhenItNeedsFewerCards) {
    const PlanRow r = plan_on(chat_70b(), "nvidia-a100-pcie-80gb");
    ASSERT_TRUE(r.meets_targets) << r.note;
    EXPECT_EQ(r.tp, 4);
    EXPECT_LE(r.cards.hi, 56);
    EXPECT_LE(r.cards.hi, 2 * r.cards.lo);
    const std::string hi = std::to_string(int(r.cards.hi));
    EXPECT_NE(r.note_text.en.find("TP 4 serves everyone on fewer cards (" + hi + " at the slow end; TP 2 needs 68)"),
              std::string::npos) << r.note_text.en;
    EXPECT_NE(r.note_text.zh.find("TP 4 用更少的卡服务全部用户（慢端 " + hi + " 张，TP 2 需要 68 张）"), std::string::npos)
        << r.note_text.zh;

    // A MoE whose bf16 weights (61 GB) leave one H100 room for ~26 sequences: TP 2 has 2 × 80 − 61 GB of KV for
    // every pair of cards, so two replicas of TP 2 hold all 500 users where TP 1 needed 19 cards.
    Scenario moe;
    moe.model_id = "Qwen3-30B-A3B", moe.weights = "bf16", moe.engine = "sglang", moe.hardware_id = "nvidia-h100-sxm-80gb";
    moe.count.reset();
    moe.prompt_tokens = 2000, moe.output_tokens = 1000, moe.concurrency = 500;
    const PlanRow m = plan_on(moe, "nvidia-h100-sxm-80gb");
    ASSERT_TRUE(m.meets_targets) << m.note;
    EXPECT_EQ(m.tp, 2);
    EXPECT_LE(m.cards.hi, 6);
    EXPECT_NE(m.note_text.en.find("; TP 1 needs 19)"), std::string::npos) << m.note_text.en;

    // Where the larger group does not help, the smallest that holds the model stays: 70B chat on H100 SXM (TP 4
    // also needs 8 cards at the slow end; a tie keeps TP 2).
    const PlanRow h = plan_on(chat_70b(), "nvidia-h100-sxm-80gb");
    EXPECT_EQ(h.tp, 2);
    EXPECT_EQ(h.note_text.en.find("serves everyone on fewer cards"), std::string::npos) << h.note_text.en;
}

// The planner's choice is judged as the setup its row describes. For a layer-split engine (llama.cpp, Ollama) the
// row's replicas are separate servers, each with its share of the users; judging the chosen cards as one server
// over all of them (what a user's own count of cards means) said "misses the targets" beside a row that meets.
// Over a spread of loads on two cards and both engines: the status meets exactly when the row does, and memory is
// per server.
TEST(PlanScenarios, ThePlannersLayerSplitServersAreJudgedAsTheRowLaysThemOut) {
    int several = 0;
    for (const char* engine : {"llama.cpp", "ollama"}) {
        for (const char* hw : {"nvidia-rtx-4090", "nvidia-rtx-3090"}) {
            for (int64_t users : {5, 20, 50, 120}) {
                Scenario s;
                s.engine = engine;
                s.hardware_id = hw;
                s.count.reset();
                s.concurrency = users;
                const Result r = test::estimate_ok(s);
                ASSERT_TRUE(r.planned.has_value()) << engine << " " << hw << " " << users;
                const PlanRow* own = nullptr;
                for (const PlanRow& row : r.plan)
                    if (row.hardware == hw) own = &row;
                ASSERT_NE(own, nullptr);
                EXPECT_EQ(r.status == ServingStatus::meets, own->meets_targets)
                    << engine << " " << hw << " " << users << ": " << r.verdict.en << " / row: " << own->note;
                EXPECT_EQ(r.memory.replicas, int(r.planned->replicas.hi)) << engine << " " << hw << " " << users;
                if (r.memory.replicas > 1) ++several;
            }
        }
    }
    EXPECT_GE(several, 4);  // the loads above one card's share were among them
}

// The per-user speed one more user per replica would get misses the target, and reads so: three significant
// figures rounded L40S's 19.96 tok/s against 20 to "(10 get 20 tok/s)", which read as meeting it.
TEST(PlanScenarios, TheSpeedBeyondTheLimitReadsBelowTheTarget) {
    int seen = 0;
    const Result result = test::estimate_ok(chat_70b());
    for (const PlanRow& r : result.plan) {
        const size_t get = r.binding.en.find(" get ");
        if (get == std::string::npos) continue;
        const size_t end = r.binding.en.find(" tok/s)", get);
        ASSERT_NE(end, std::string::npos) << r.binding.en;
        std::string figure = r.binding.en.substr(get + 5, end - get - 5);
        figure.erase(std::remove(figure.begin(), figure.end(), ','), figure.end());
        EXPECT_LT(std::stod(figure), 20.0) << r.hardware << ": " << r.binding.en;
        ++seen;
    }
    EXPECT_GE(seen, 5);
}

// Likewise a first token that misses its target reads above it: "TTFT p90 1 s against 1 s" (1.04 s rounded) and
// "5 s against 5 s" read as met. Every plan row of every golden scenario that names a TTFT against its target.
TEST(PlanScenarios, TheFirstTokenBeyondTheLimitReadsAboveTheTarget) {
    int seen = 0;
    for (const auto& file : test::golden_files()) {
        const Result result = test::estimate_ok(test::golden_scenario(file.filename().string()));
        for (const PlanRow& r : result.plan) {
            const std::string key = "TTFT p90 ";
            const size_t at = r.note_text.en.find(key);
            const size_t against = r.note_text.en.find(" s against ", at);
            if (at == std::string::npos || against == std::string::npos) continue;
            const double ttft = std::stod(r.note_text.en.substr(at + key.size(), against - at - key.size()));
            const double target = std::stod(r.note_text.en.substr(against + 11));
            EXPECT_GT(ttft, target) << file << " " << r.hardware << ": " << r.note_text.en;
            ++seen;
        }
    }
    EXPECT_GE(seen, 20);
}
