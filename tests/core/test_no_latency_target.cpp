// "No latency target" (targets.no_latency_target, issue #9): an explicit choice for an offline batch, not a
// TTFT of 600 s. It travels through JSON and the URL like every field, and the planner and the judge then size
// for memory and throughput only: no TTFT or tok/s target can be missed, and the sentences say so.
#include "estimate.hpp"
#include "format_text.hpp"
#include "judge.hpp"
#include "plan.hpp"
#include "result_json.hpp"
#include "scenario_url.hpp"
#include "support.hpp"

#include <gtest/gtest.h>

using namespace infersizer;

namespace {

// 8B in bf16 under vLLM on H100s with the planner choosing the count, and a target no card reaches:
// 5000 tok/s for one user is far above an H100's 3.35 TB/s ÷ 16 GB of weights ≈ 210 steps/s.
Scenario unreachable_targets() {
    Scenario s = test::scenario("Llama-3.1-8B", "bf16", "vllm", "nvidia-h100-sxm-80gb", std::nullopt);
    s.concurrency = 64;
    s.targets = {2.0, 5000.0};
    return s;
}

}  // namespace

TEST(NoLatencyTarget, JsonReadsWritesAndKeepsOldScenarios) {
    auto s = scenario_from_json_text(R"({"targets": {"no_latency_target": true}})");
    ASSERT_TRUE(s.ok()) << s.error().to_string();
    EXPECT_TRUE(s->targets.no_latency_target);
    // The figures are kept, so switching the choice off brings them back.
    EXPECT_DOUBLE_EQ(s->targets.ttft_s, Targets{}.ttft_s);
    EXPECT_EQ(scenario_to_json(*s)["targets"]["no_latency_target"], true);
    auto back = scenario_from_json(scenario_to_json(*s));
    ASSERT_TRUE(back.ok());
    EXPECT_EQ(scenario_to_json(*back), scenario_to_json(*s));

    // A scenario written before the field existed keeps its targets.
    auto old = scenario_from_json_text(R"({"targets": {"ttft_s": 1.5, "tps_per_user": 20}})");
    ASSERT_TRUE(old.ok());
    EXPECT_FALSE(old->targets.no_latency_target);

    auto bad = scenario_from_json_text(R"({"targets": {"no_latency_target": "yes"}})");
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().path, "scenario.targets.no_latency_target");
}

TEST(NoLatencyTarget, UrlRoundTripsAndNamesABadValue) {
    Scenario a;
    a.targets.no_latency_target = true;
    const std::string q = scenario_to_query(a);
    EXPECT_EQ(q, "no_latency_target=true");
    const UrlParse p = scenario_from_query("?" + q);
    ASSERT_TRUE(p.errors.empty()) << p.errors[0].to_string();
    EXPECT_EQ(scenario_to_json(p.scenario), scenario_to_json(a));
    EXPECT_EQ(scenario_to_query(Scenario{}), "") << "the default (targets apply) says nothing";

    const UrlParse bad = scenario_from_query("?no_latency_target=maybe&concurrency=7");
    ASSERT_EQ(bad.errors.size(), 1u);
    EXPECT_EQ(bad.errors[0].cli_line(), "error: url.no_latency_target: must be true or false, got \"maybe\"");
    EXPECT_FALSE(bad.scenario.targets.no_latency_target);
    EXPECT_EQ(bad.scenario.concurrency, 7);
}

TEST(NoLatencyTarget, PlannerAndJudgeSizeForMemoryOnly) {
    const Scenario with = unreachable_targets();
    const Result missed = test::estimate_ok(with);
    ASSERT_NE(missed.status, ServingStatus::meets) << "precondition: the targets are out of reach";

    Scenario without = with;
    without.targets.no_latency_target = true;
    const Result r = test::estimate_ok(without);
    EXPECT_EQ(r.status, ServingStatus::meets);
    EXPECT_TRUE(r.targets_met.ttft && r.targets_met.tps_per_user && r.targets_met.optimistic);
    // Memory alone: vLLM pages the KV, so one H100 (80 GB) that holds the 16 GB of bf16 weights and one
    // 8192-token sequence (8192 × 128 KiB = 1 GiB) runs the batch; the users beyond what its KV holds wait.
    ASSERT_TRUE(r.planned.has_value());
    EXPECT_EQ(r.planned->cards.hi, 1);
    EXPECT_NE(r.verdict.en.find("no latency target"), std::string::npos) << r.verdict.en;
    EXPECT_NE(r.verdict.zh.find("无延迟目标"), std::string::npos) << r.verdict.zh;
    for (const PlanRow& row : r.plan) {
        if (row.fits) {
            EXPECT_TRUE(row.meets_targets) << row.hardware << ": " << row.note;
        }
    }
}

TEST(NoLatencyTarget, NothingIsMissedAgainstTheKeptFigures) {
    PerformanceResult p;
    p.decode_tps_per_seq = {1.0, 2.0};
    p.ttft_p90_s = {100.0, 200.0};
    Targets t{2.0, 10.0};
    EXPECT_TRUE(target_misses(p, t, false).any()) << "precondition: both targets are missed";
    t.no_latency_target = true;
    EXPECT_FALSE(target_misses(p, t, false).any());
    EXPECT_FALSE(target_misses(p, t, true).any());
}

// The word beside each target comes from the core (judge_target), so the page and the CLI cannot disagree: with no
// latency target it is "no target", never "met", and the result JSON says the targets do not apply.
TEST(NoLatencyTarget, TheCoreSaysNoTargetInsteadOfMet) {
    Scenario s = unreachable_targets();
    const Result with_targets = test::estimate_ok(s);
    EXPECT_TRUE(with_targets.targets_met.applicable);
    EXPECT_EQ(judge_target(with_targets, with_targets.targets_met.tps_per_user, with_targets.targets_met.tps_at_best),
              TargetJudgement::missed);
    s.targets.no_latency_target = true;
    const Result none = test::estimate_ok(s);
    EXPECT_FALSE(none.targets_met.applicable);
    EXPECT_EQ(judge_target(none, none.targets_met.ttft, none.targets_met.ttft_at_best), TargetJudgement::no_target);
    EXPECT_EQ(judge_target(none, none.targets_met.tps_per_user, none.targets_met.tps_at_best), TargetJudgement::no_target);
    EXPECT_EQ(result_to_json(none, "en")["targets_met"]["applicable"], false);
    EXPECT_EQ(result_to_json(with_targets, "en")["targets_met"]["applicable"], true);
}

// Without a latency target the day's volume is still a target: a setup that fits but, kept at its peak all day,
// finishes fewer requests than the day brings is warned about (both languages, with its figures), and one that
// keeps up is not. Qwen3-32B FP8 on one L40S, 50 requests of 3000 in / 500 out in flight: about 44–155 output tok/s
// (the KV holds a few full sequences at a time), 7,550–27k requests a day against 200k.
TEST(NoLatencyTarget, ADaysVolumeTheSetupCannotFinishIsWarnedAbout) {
    Scenario s = test::scenario("Qwen3-32B", "fp8", "vllm", "nvidia-l40s-48gb", 1);
    s.targets.no_latency_target = true;
    s.context_tokens = 8192;
    s.prompt_tokens = 3000;
    s.output_tokens = 500;
    s.concurrency = 50;
    s.requests_per_day = 200000;
    auto short_of = [](const Result& r) {
        for (const Text& w : r.warnings)
            if (w.en.find("all day, this setup finishes") != std::string::npos) return w;
        return Text{};
    };
    auto r = estimate(test::cat(), s);
    ASSERT_TRUE(r.ok()) << r.error().to_string();
    ASSERT_NE(r->status, ServingStatus::does_not_fit);
    const Text w = short_of(*r);
    EXPECT_NE(w.en.find("short of the 200k asked for"), std::string::npos) << w.en;
    EXPECT_NE(w.en.find("Kept at its peak of 50 requests in flight"), std::string::npos) << w.en;
    EXPECT_NE(w.zh.find("不够每天 20万 个"), std::string::npos) << w.zh;
    // The figures are the result's: throughput × 86,400 s ÷ 500 tokens, at each end.
    const std::string lo = fmt::count(r->performance.throughput_tps.lo * 86400.0 / 500.0, "en");
    EXPECT_NE(w.en.find("finishes " + lo), std::string::npos) << w.en << " / " << lo;

    s.requests_per_day = 1000;  // well within a day's capacity: silent
    r = estimate(test::cat(), s);
    ASSERT_TRUE(r.ok());
    EXPECT_TRUE(short_of(*r).en.empty()) << short_of(*r).en;
}
