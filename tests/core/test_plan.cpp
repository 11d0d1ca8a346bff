// The planner: smallest TP that fits, batch per replica that meets the targets (checked against the speed
// functions), replicas for the peak concurrency, cards and cost per month.
#include "cost.hpp"
#include "memory.hpp"
#include "plan.hpp"
#include "report.hpp"
#include "speed.hpp"
#include "support.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

using namespace infersizer;

namespace {

using test::cat;

// The planner's choice of cards: 8 users, 8k context, TTFT ≤ 2 s and 10 tokens/s each.
Scenario gpu_scenario(const std::string& model, const std::string& weights, const std::string& hw,
                      const std::string& engine = "vllm") {
    Scenario s = test::scenario(model, weights, engine, hw, std::nullopt);
    s.context_tokens = 8192;
    s.prompt_tokens = 1024;
    s.output_tokens = 256;
    s.concurrency = 8;
    s.targets = {2.0, 10.0};
    return s;
}

// One replica of `tp` cards at `batch` users, all running: the speed the planner's batch search reads.
PerformanceResult replica_speed(const Context& ctx, const Hardware& h, int tp, int64_t batch) {
    Context c = with_hardware(ctx, h, tp);
    c.scenario.concurrency = batch;
    ReplicaKv unlimited;
    unlimited.limits_batch = false;
    return estimate_speed(c, tp, tp, unlimited);
}

bool meets_pessimistic(const PerformanceResult& p, const Targets& t) {
    return p.decode_tps_per_seq.lo >= t.tps_per_user && p.ttft_s.hi <= t.ttft_s;
}

}  // namespace

TEST(Plan, SeventyBillionInBf16NeedsTensorParallelOnEightyGigabyteCards) {
    const Context ctx = test::resolve_ok(gpu_scenario("Llama-3.1-70B", "bf16", "nvidia-h100-sxm-80gb"));
    const Hardware& h100 = test::hardware("nvidia-h100-sxm-80gb");
    // 70.6B × 2 bytes ≈ 131 GiB of weights: no single 79 GiB card holds them.
    const auto smallest = smallest_fitting_layout(ctx, h100, 8);
    ASSERT_TRUE(smallest.has_value());
    EXPECT_GE(smallest->tp, 2);
    EXPECT_EQ(smallest->pp, 1);
    const int tp = smallest->tp;
    const PlanRow row = plan_for(ctx, h100);
    EXPECT_TRUE(row.fits);
    EXPECT_GE(row.tp, 2);
    EXPECT_EQ(row.pp, 1);
    EXPECT_FALSE(row.layer_split);
    // The chosen TP really holds weights + one full sequence, and the next smaller one does not.
    Context c = with_hardware(ctx, h100, tp);
    c.scenario.concurrency = 1;
    EXPECT_TRUE(estimate_fit(c, tp, tp).fits);
    Context smaller = with_hardware(ctx, h100, tp / 2);
    smaller.scenario.concurrency = 1;
    EXPECT_FALSE(estimate_fit(smaller, tp / 2, tp / 2).fits);
}

TEST(Plan, EightBillionFitsOnOneCard) {
    const Context ctx = test::resolve_ok(gpu_scenario("Llama-3.1-8B", "bf16", "nvidia-h100-sxm-80gb"));
    const auto smallest = smallest_fitting_layout(ctx, test::hardware("nvidia-h100-sxm-80gb"), 8);
    ASSERT_TRUE(smallest.has_value());
    EXPECT_EQ(smallest->tp, 1);
    const PlanRow row = plan_for(ctx, test::hardware("nvidia-h100-sxm-80gb"));
    EXPECT_TRUE(row.fits);
    EXPECT_EQ(row.tp, 1);
    EXPECT_TRUE(row.meets_targets) << row.note;
}

TEST(Plan, CardsGrowWithConcurrency) {
    Scenario s = gpu_scenario("Llama-3.1-8B", "bf16", "nvidia-l4-24gb");
    double previous_hi = 0;
    PlanRow first, last;
    for (int64_t conc : {1, 8, 64, 512}) {
        s.concurrency = conc;
        const PlanRow row = plan_for(test::resolve_ok(s), test::hardware("nvidia-l4-24gb"));
        ASSERT_TRUE(row.fits) << row.note;
        EXPECT_GE(row.cards.hi, previous_hi) << "concurrency " << conc;
        EXPECT_LE(row.cards.lo, row.cards.hi);
        previous_hi = row.cards.hi;
        if (conc == 1) first = row;
        last = row;
    }
    EXPECT_GT(last.cards.lo, first.cards.hi);
}

TEST(Plan, BatchPerReplicaIsTheLargestThatMeetsTheTargets) {
    Scenario s = gpu_scenario("Qwen3-8B", "bf16", "nvidia-a100-sxm-80gb");
    s.concurrency = 400;
    s.targets = {2.0, 20.0};
    const Context ctx = test::resolve_ok(s);
    const Hardware& a100 = test::hardware("nvidia-a100-sxm-80gb");
    const PlanRow row = plan_for(ctx, a100);
    ASSERT_TRUE(row.fits);
    ASSERT_TRUE(row.meets_targets) << row.note;
    const int64_t b = row.batch_per_replica;
    ASSERT_GE(b, 1);
    EXPECT_TRUE(meets_pessimistic(replica_speed(ctx, a100, row.tp, b), s.targets));
    // One more user per replica breaks a target, unless memory or the peak concurrency stopped the search.
    Context c = with_hardware(ctx, a100, row.tp);
    c.scenario.concurrency = 1;
    const double memory_cap = std::floor(estimate_fit(c, row.tp, row.tp).max_concurrency.lo);
    if (b < s.concurrency && static_cast<double>(b) < memory_cap) {
        EXPECT_FALSE(meets_pessimistic(replica_speed(ctx, a100, row.tp, b + 1), s.targets));
    }
    // Replicas cover the peak: ⌈400 / b⌉ at the pessimistic end.
    EXPECT_DOUBLE_EQ(row.replicas.hi, std::ceil(400.0 / double(b)));
    EXPECT_DOUBLE_EQ(row.cards.hi, row.replicas.hi * row.tp);
}

TEST(Plan, CardTooSmallForAnyTpUpToEightDoesNotFit) {
    // DeepSeek-V3 in bf16 is ≈ 1.3 TB: eight 16 GB cards hold a tenth of it.
    const Context ctx = test::resolve_ok(gpu_scenario("DeepSeek-V3", "bf16", "nvidia-t4-16gb"));
    EXPECT_FALSE(smallest_fitting_layout(ctx, test::hardware("nvidia-t4-16gb"), 8).has_value());
    const PlanRow row = plan_for(ctx, test::hardware("nvidia-t4-16gb"));
    EXPECT_FALSE(row.fits);
    EXPECT_FALSE(row.note.empty());
    EXPECT_FALSE(row.note_text.zh.empty());
}

TEST(Plan, TensorParallelDividesTheAttentionHeads) {
    // Qwen2.5-7B has 28 heads: TP 8 is impossible for vLLM, so the planner never picks it.
    Scenario s = gpu_scenario("Qwen2.5-7B", "bf16", "nvidia-t4-16gb");
    const Context ctx = test::resolve_ok(s);
    for (const PlanRow& row : plan_all(ctx)) {
        if (!row.fits) continue;
        EXPECT_EQ(28 % row.tp, 0) << row.hardware << " tp " << row.tp;
    }
    const PlanRow t4 = plan_for(ctx, test::hardware("nvidia-t4-16gb"));
    EXPECT_NE(t4.note.find("TP 8 skipped"), std::string::npos) << t4.note;
}

TEST(Plan, LayerSplitEnginesPlanWithTheirOwnRules) {
    // llama.cpp splits layers over any number of cards (no power-of-two rule, no TP speed-up).
    Scenario s = gpu_scenario("Llama-3.1-70B", "Q4_K_M", "nvidia-rtx-4090", "llama.cpp");
    s.concurrency = 1;
    const Context ctx = test::resolve_ok(s);
    const PlanRow row = plan_for(ctx, test::hardware("nvidia-rtx-4090"));
    ASSERT_TRUE(row.fits) << row.note;
    EXPECT_TRUE(row.layer_split);
    EXPECT_GE(row.tp, 2);  // ≈ 40 GiB of weights on 24 GB cards
    EXPECT_NE(row.note.find("no speed-up"), std::string::npos) << row.note;
    // The split gives a single stream no speed-up over the same model on one larger card: a 4090 split is
    // no faster than the bandwidth of one 4090 allows for the whole model.
    const PerformanceResult split = replica_speed(ctx, test::hardware("nvidia-rtx-4090"), row.tp, 1);
    const double weights_gb = estimate_memory(ctx, row.tp, row.tp, 1, 8192).weights_gib.lo * 1.073741824;
    EXPECT_LE(split.decode_tps_per_seq.hi, *test::hardware("nvidia-rtx-4090").bandwidth_gbs / weights_gb * 1.01);
}

TEST(Plan, UnreachableTargetsAreReportedWithTheFailingTarget) {
    Scenario s = gpu_scenario("Llama-3.1-8B", "bf16", "nvidia-l4-24gb");
    s.targets = {2.0, 5000.0};  // no card decodes 5000 tok/s for one user
    const PlanRow row = plan_for(test::resolve_ok(s), test::hardware("nvidia-l4-24gb"));
    EXPECT_TRUE(row.fits);
    EXPECT_FALSE(row.meets_targets);
    EXPECT_NE(row.note.find("tok/s"), std::string::npos) << row.note;
    EXPECT_NE(row.note.find("batch 1"), std::string::npos) << row.note;
}

TEST(Plan, CostIsCardsTimesPriceTimes730HoursAndUnknownPricesStayUnknown) {
    const Context ctx = test::resolve_ok(gpu_scenario("Qwen3-8B", "bf16", "nvidia-h100-sxm-80gb"));
    int priced = 0, unpriced = 0;
    for (const PlanRow& row : plan_all(ctx)) {
        const Hardware& h = test::hardware(row.hardware);
        const auto price = price_per_card_hour_usd(cat(), h);
        EXPECT_EQ(row.has_price, price.has_value() && row.cards.hi > 0) << row.hardware;
        if (row.has_price) {
            ++priced;
            EXPECT_NEAR(row.cost_per_month.lo, row.cards.lo * price->lo * 730, 1e-6 * row.cost_per_month.lo);
            EXPECT_NEAR(row.cost_per_month.hi, row.cards.hi * price->hi * 730, 1e-6 * row.cost_per_month.hi);
        } else {
            ++unpriced;
            EXPECT_EQ(row.cost_per_month.lo, 0);  // never a made-up price
            EXPECT_EQ(row.cost_per_month.hi, 0);
        }
    }
    EXPECT_GT(priced, 0);
    EXPECT_GT(unpriced, 0);
}

TEST(Plan, EveryAcceleratorGetsARowAndTheCheapestMeetingTheTargetsComesFirst) {
    const Context ctx = test::resolve_ok(gpu_scenario("Qwen3-8B", "bf16", "nvidia-h100-sxm-80gb"));
    const auto rows = plan_all(ctx);
    size_t accelerators = 0;
    for (const Hardware& h : cat().hardware) accelerators += h.is_cpu() ? 0 : 1;
    EXPECT_EQ(rows.size(), accelerators);
    ASSERT_FALSE(rows.empty());
    EXPECT_TRUE(rows.front().meets_targets && rows.front().fits && rows.front().has_price);
    for (size_t i = 1; i < rows.size(); ++i) {
        const PlanRow& a = rows[i - 1];
        const PlanRow& b = rows[i];
        if (a.meets_targets && a.fits && a.has_price && b.meets_targets && b.fits && b.has_price) {
            EXPECT_LE(a.cost_per_month.hi, b.cost_per_month.hi) << a.hardware << " before " << b.hardware;
        }
        // No row that misses comes before one that meets.
        if (b.meets_targets && b.fits) { EXPECT_TRUE(a.meets_targets && a.fits) << a.hardware << " before " << b.hardware; }
    }
}

TEST(Plan, EngineThatCannotRunOnTheHardwareGetsANoteNotAPlan) {
    // vLLM does not run on Apple unified memory (engines.json hardware_kinds).
    const Context ctx = test::resolve_ok(gpu_scenario("Qwen3-8B", "bf16", "nvidia-h100-sxm-80gb"));
    const PlanRow row = plan_for(ctx, test::hardware("apple-m2-ultra"));
    EXPECT_FALSE(row.fits);
    EXPECT_FALSE(row.meets_targets);
    EXPECT_NE(row.note.find("does not run"), std::string::npos) << row.note;
}

// A row whose layout holds the model only across nodes (pipeline stages, or a llama.cpp layer split wider than a
// node) still holds it: `fits` is true, so no table calls it "does not fit" and no row reads "meets the targets"
// beside "does not fit" (a row that meets always fits). The plan lists rows on one node first.
TEST(Plan, RowsAcrossNodesFitAndFollowTheOnesOnOneNode) {
    const Result r = test::estimate_ok(test::golden_scenario("too_big_405b_on_one_4090.json"));
    int across = 0;
    bool seen_across = false;
    for (const PlanRow& row : r.plan) {
        SCOPED_TRACE(row.hardware);
        if (row.meets_targets) {
            EXPECT_TRUE(row.fits);
        }
        if (row.pp > 1) {
            ++across;
            EXPECT_TRUE(row.fits);
            EXPECT_FALSE(row.one_node);
        }
        // Within each of "meets" and "fits but misses", one-node rows come before rows across nodes.
        if (!row.one_node && row.fits) {
            seen_across = true;
        } else if (seen_across && row.fits && row.one_node && !row.meets_targets) {
            for (const PlanRow& before : r.plan) {
                if (&before == &row) break;
                EXPECT_FALSE(!before.one_node && !before.meets_targets) << "a row across nodes before " << row.hardware;
            }
        }
    }
    EXPECT_GE(across, 1);
    const std::string md = render_report(ReportKind::markdown, test::golden_scenario("too_big_405b_on_one_4090.json"), r, "en");
    int lines = 0;
    for (const PlanRow& row : r.plan) {
        if (row.pp <= 1) continue;
        std::istringstream in(md);
        for (std::string line; std::getline(in, line);)
            if (line.rfind("| " + row.name + " |", 0) == 0) {
                ++lines;
                EXPECT_EQ(line.find("does not fit"), std::string::npos) << line;
            }
    }
    EXPECT_GE(lines, 1) << md;
}

// One sequence is "1 sequence": Qwen3-235B Q4_K_M at 32k for two users; the cards table's seven-card layer splits of
// 24 GB cards hold one user's KV ("the KV cache holds about 1 sequences").
TEST(Plan, OneSequenceHeldIsSingular) {
    Scenario s = test::scenario("Qwen3-235B-A22B", "Q4_K_M", "llama.cpp", "apple-m3-ultra", 1);
    s.context_tokens = 32768, s.prompt_tokens = 4000, s.output_tokens = 1000, s.concurrency = 2;
    s.targets = {20.0, 10.0};
    s.requests_per_day = 200;
    s.headroom = 0.05;
    const Result r = test::estimate_ok(s);
    int singular = 0;
    for (const PlanRow& row : r.plan) {
        EXPECT_EQ(row.note_text.en.find("holds about 1 sequences"), std::string::npos) << row.name;
        singular += row.note_text.en.find("holds about 1 sequence and the rest wait") != std::string::npos;
    }
    EXPECT_GT(singular, 0);
}
