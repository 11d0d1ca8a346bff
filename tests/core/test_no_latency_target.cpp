// "No latency target" (targets.no_latency_target, issue #9): an explicit choice for an offline batch, not a
// TTFT of 600 s. It travels through JSON and the URL like every field, and the planner and the judge then size
// for memory and the day's requests only: no TTFT or tok/s target can be missed, and the sentences say so.
#include "estimate.hpp"
#include "format_text.hpp"
#include "judge.hpp"
#include "plan.hpp"
#include "result_json.hpp"
#include "scenario_url.hpp"
#include "sizing.hpp"
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

// An offline batch of Qwen3-32B FP8 under vLLM, the planner choosing L40S cards: 200k requests a day of 1,000 in /
// 500 out, `in_flight` at a time (tests/golden/offline_batch_32b_l40s.json at 50).
Scenario offline_batch_32b(int64_t in_flight) {
    Scenario s = test::scenario("Qwen3-32B", "fp8", "vllm", "nvidia-l40s-48gb", std::nullopt);
    s.targets.no_latency_target = true;
    s.context_tokens = 8192;
    s.prompt_tokens = 1000;
    s.output_tokens = 500;
    s.concurrency = in_flight;
    s.requests_per_day = 200000;
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

TEST(NoLatencyTarget, PlannerAndJudgeSizeForMemoryWhenTheDayIsLight) {
    const Scenario with = unreachable_targets();
    const Result missed = test::estimate_ok(with);
    ASSERT_NE(missed.status, ServingStatus::meets) << "precondition: the targets are out of reach";

    Scenario without = with;
    without.targets.no_latency_target = true;
    const Result r = test::estimate_ok(without);
    EXPECT_EQ(r.status, ServingStatus::meets);
    EXPECT_TRUE(r.targets_met.ttft && r.targets_met.tps_per_user && r.targets_met.optimistic);
    // Memory decides: vLLM pages the KV, so one H100 (80 GB) that holds the 16 GB of bf16 weights and one
    // 8192-token sequence (8192 × 128 KiB = 1 GiB) runs the batch; the users beyond what its KV holds wait. The
    // default 1,000 requests a day of 256 tokens need 3 output tok/s on average, far below what it gives.
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
    p.throughput_tps = {10.0, 20.0};
    Scenario s;
    s.targets = {2.0, 10.0};
    const DailyVolume none;  // a scenario with latency targets has no day's volume to meet
    EXPECT_TRUE(target_misses(p, s, none, 16, false).any()) << "precondition: both targets are missed";
    s.targets.no_latency_target = true;
    EXPECT_FALSE(target_misses(p, s, none, 16, false).any());
    EXPECT_FALSE(target_misses(p, s, none, 16, true).any());
}

// The day's volume is the one target left without latency targets: 10–20 output tok/s finish 1,728–3,456 requests
// of 500 tokens a day, so 3,000 a day are missed at the slow end and met at the fast.
TEST(NoLatencyTarget, TheDaysVolumeIsMissedBelowWhatTheSetupFinishes) {
    PerformanceResult p;
    p.throughput_tps = {10.0, 20.0};
    Scenario s;
    s.targets = {2.0, 10.0};
    s.targets.no_latency_target = true;
    const Targets& t = s.targets;
    DailyVolume v;
    v.requests_per_day = 3000;
    v.output_tokens = 500;
    v.needed_tps = 3000.0 * 500 / 86400;
    v.concurrency = 16;
    const Misses slow = target_misses(p, s, v, 16, false);
    EXPECT_TRUE(slow.volume);
    EXPECT_NEAR(slow.per_day, 1728, 1e-9);
    EXPECT_NEAR(slow.needed_per_day, 3000, 1e-9);
    EXPECT_FALSE(target_misses(p, s, v, 16, true).volume);
    // 8 of the 16 users owe half of it, 1,500 a day, which even the slow end finishes; 12 owe 2,250, which it does not.
    EXPECT_FALSE(target_misses(p, s, v, 8, false).volume);
    const Misses twelve = target_misses(p, s, v, 12, false);
    EXPECT_TRUE(twelve.volume);
    EXPECT_EQ(describe_misses(twelve, t, test::hardware("nvidia-l40s-48gb")).en,
              "it finishes about 1,728 requests a day, short of their share of 2,250 a day");
    EXPECT_EQ(describe_misses(slow, t, test::hardware("nvidia-l40s-48gb")).en,
              "it finishes about 1,728 requests a day, short of the 3,000 a day asked for");
    EXPECT_EQ(describe_misses(slow, t, test::hardware("nvidia-l40s-48gb")).zh, "每天只完成约 1,728 个请求，不够每天 3,000 个");
    // A replica serving 8 of the 16 users owes half of the day, which even the slow end finishes (sizing.hpp).
    SimOutcome o;
    o.throughput_tps = 10.0;
    EXPECT_TRUE(volume_within(o, v, 8));
    EXPECT_FALSE(volume_within(o, v, 16));
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

// A setup that does not fit: a target the scenario did not set is still "no target" (not "not judged"); the day's
// requests, when asked, are a target the setup cannot be judged on.
TEST(NoLatencyTarget, ASetupThatDoesNotFitStillSaysNoTargetWhereNoneWasSet) {
    Scenario s = test::scenario("Llama-3.1-70B", "bf16", "vllm", "nvidia-rtx-4090", 1);
    s.targets.no_latency_target = true;
    s.requests_per_day = 1000;
    const Result asked = test::estimate_ok(s);
    ASSERT_EQ(asked.status, ServingStatus::does_not_fit) << asked.verdict.en;
    EXPECT_EQ(judge_target(asked, asked.targets_met.ttft, asked.targets_met.ttft_at_best), TargetJudgement::no_target);
    EXPECT_EQ(judge_daily_volume(asked), TargetJudgement::not_judged_does_not_fit);
    s.requests_per_day = 0;
    const Result unasked = test::estimate_ok(s);
    EXPECT_EQ(judge_daily_volume(unasked), TargetJudgement::no_target);
    s.targets.no_latency_target = false;  // with latency targets, the fit comes first
    const Result targets = test::estimate_ok(s);
    EXPECT_EQ(judge_target(targets, targets.targets_met.ttft, targets.targets_met.ttft_at_best),
              TargetJudgement::not_judged_does_not_fit);
}

// Without a latency target the day's volume is still a target: a setup that fits but, kept at its peak all day,
// finishes fewer requests than the day brings is warned about (both languages, with its figures), and one that
// keeps up is not. Qwen3-32B FP8 on one L40S, 50 requests of 3000 in / 500 out in flight: about 44–155 output tok/s
// (the KV holds a few full sequences at a time), 7,550–27k requests a day against 200k.
TEST(NoLatencyTarget, ADaysVolumeTheSetupCannotFinishIsWarnedAbout) {
    Scenario s = offline_batch_32b(50);
    s.count = 1;
    s.prompt_tokens = 3000;
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

// An offline batch of Qwen3-32B FP8 (tests/golden/offline_batch_32b_l40s.json): 200k requests a day of 1,000 in / 500
// out at 50 in flight need 200,000 × 500 ÷ 86,400 ≈ 1,160 output tok/s on average. One L40S holds the 32 GB of
// weights with room for a few sequences only (1–4 at 8k), so its batch stays small; a TP 2 pair reads 16 GB per card
// per step at 864 GB/s (≈ 19 ms at η = 1, 22–29 ms at η 0.65–0.85) and holds about 20–25 sequences, so it gives
// roughly 25 ÷ 35–45 ms ≈ 550–700 tok/s: two to three pairs, 4–6 cards. The planner sizes on the day's volume, the
// headline says so, and the judge on one given card says it misses with its figures.
TEST(NoLatencyTarget, TheDaysRequestsSizeTheReplicas) {
    const Scenario s = offline_batch_32b(50);
    const Result r = test::estimate_ok(s);
    ASSERT_TRUE(r.planned.has_value());
    EXPECT_EQ(r.status, ServingStatus::meets) << r.verdict.en;
    EXPECT_GE(r.planned->cards.lo, 4);
    EXPECT_LE(r.planned->cards.hi, 8);
    EXPECT_GE(r.planned->replicas.hi, 2);
    EXPECT_NE(r.verdict.en.find("no latency target: sized for memory and the day's 200k requests"), std::string::npos)
        << r.verdict.en;
    EXPECT_NE(r.verdict.zh.find("无延迟目标：按显存和每天 20万 个请求估算"), std::string::npos) << r.verdict.zh;
    // What the planned setup finishes covers the day at the slow end.
    EXPECT_GE(r.performance.throughput_tps.lo * 86400.0 / 500.0, 200000.0);
    for (const PlanRow& row : r.plan) {
        if (row.hardware != "nvidia-l40s-48gb") continue;
        EXPECT_NE(row.note.find("the day's 200k requests need ≤ "), std::string::npos) << row.note;
    }
    // A day a fifth as heavy needs no more cards, and the full day on one card misses with its figures.
    Scenario light = s;
    light.requests_per_day = 40000;
    const Result l = test::estimate_ok(light);
    ASSERT_TRUE(l.planned.has_value());
    EXPECT_LE(l.planned->cards.hi, r.planned->cards.hi);
    EXPECT_LT(l.planned->cards.lo, r.planned->cards.hi);

    Scenario one = s;
    one.count = 1;
    const Result o = test::estimate_ok(one);
    EXPECT_EQ(o.status, ServingStatus::misses_targets) << o.verdict.en;
    EXPECT_FALSE(o.targets_met.daily_volume);
    EXPECT_FALSE(o.targets_met.daily_volume_at_best);
    EXPECT_TRUE(o.targets_met.ttft && o.targets_met.tps_per_user) << "no latency target is missed";
    EXPECT_EQ(result_to_json(o, "en")["targets_met"]["daily_volume"], false);
    const std::string done = fmt::count(o.performance.throughput_tps.lo * 86400.0 / 500.0, "en");
    EXPECT_NE(o.verdict.en.find("it finishes about " + done + " requests a day, short of the 200k a day asked for"),
              std::string::npos)
        << o.verdict.en << " / " << done;
    // The GPU row breaks at the day's volume, not at a concurrency no one asked about.
    for (const DecisionRow& d : o.decision) {
        if (d.option != DecisionOption::gpu) continue;
        EXPECT_EQ(d.verdict, Verdict::no);
        EXPECT_NE(d.fails_when.en.find("requests/day the day's work no longer finishes"), std::string::npos) << d.fails_when.en;
        // It falls short at the scenario's own context already: no context limit after it.
        EXPECT_EQ(d.fails_when.en.find("; at 50 users"), std::string::npos) << d.fails_when.en;
    }
}

// With no requests a day to finish and no latency target, nothing breaks with the load: the rows say so, never
// "holds more than 100k concurrent users" (the search's ceiling, which read as a capacity).
TEST(NoLatencyTarget, WithoutADaysVolumeMoreRequestsOnlyWaitLonger) {
    Scenario s = offline_batch_32b(50);
    s.requests_per_day = 0;
    const Result r = test::estimate_ok(s);
    EXPECT_FALSE(r.targets_met.daily_volume_applicable);
    EXPECT_NE(r.verdict.en.find("no latency target: sized for memory only"), std::string::npos) << r.verdict.en;
    int rows = 0;
    for (const auto* list : {&r.decision, &r.scenarios}) {
        for (const DecisionRow& d : *list) {
            if (d.option != DecisionOption::cpu && d.option != DecisionOption::gpu && d.option != DecisionOption::online_service)
                continue;
            ++rows;
            EXPECT_EQ(d.fails_when.en.find("concurrent users"), std::string::npos) << d.fails_when.en;
            EXPECT_EQ(d.fails_when.en.rfind("no latency target: more requests in flight only wait longer", 0), 0u) << d.fails_when.en;
            EXPECT_EQ(d.fails_when.zh.rfind("无延迟目标：同时处理的请求再多也只是排队更久", 0), 0u) << d.fails_when.zh;
        }
    }
    EXPECT_EQ(rows, 3);
}

// Where the day asks more of each user than one user alone finishes (Little's law: 50 users owe 200k requests of 500
// tokens a day, one every 21.6 s, 23 tok/s each; here 5 users owe one every 2.2 s, 231 tok/s each, beyond what a
// replica of L40S gives one stream), no number of replicas helps: the row says to raise the requests in flight.
TEST(NoLatencyTarget, ADayNoReplicaCountFinishesSaysRaiseTheRequestsInFlight) {
    const Result r = test::estimate_ok(offline_batch_32b(5));
    bool seen = false;
    for (const PlanRow& row : r.plan) {
        if (row.hardware != "nvidia-l40s-48gb") continue;
        seen = true;
        EXPECT_FALSE(row.meets_targets);
        EXPECT_NE(row.note.find("no number of replicas finishes the day; raise the requests in flight"), std::string::npos)
            << row.note;
        EXPECT_NE(row.note_text.zh.find("副本再多也不够，需提高同时处理的请求数"), std::string::npos) << row.note_text.zh;
    }
    EXPECT_TRUE(seen);
}

// The CPU row's platform, without latency targets, is the lowest-bandwidth one that finishes the day's requests at
// the scenario's requests in flight (one user alone would owe all of them). Qwen3-8B Q4_K_M, 4 in flight of 500 in
// / 300 out: a dual-channel DDR4 desktop (51 GB/s) finishes under a thousand a day, a 12-channel DDR5 EPYC (461
// GB/s) a few thousand, so 2,000 a day picks a platform that finishes them and 20,000 a day none.
TEST(NoLatencyTarget, TheCpuRowPicksAPlatformThatFinishesTheDay) {
    Scenario s = test::scenario("Qwen3-8B", "Q4_K_M", "llama.cpp", "apple-m4-max-16c", 1);
    s.targets.no_latency_target = true;
    s.prompt_tokens = 500;
    s.output_tokens = 300;
    s.concurrency = 4;
    auto cpu_row = [](const Result& r) {
        for (const DecisionRow& d : r.decision)
            if (d.option == DecisionOption::cpu) return d;
        return DecisionRow{};
    };
    // 500 a day: the desktop itself finishes them, and being the lowest-bandwidth platform it is the one picked.
    s.requests_per_day = 500;
    const DecisionRow lightest = cpu_row(test::estimate_ok(s));
    EXPECT_EQ(lightest.reason.en.rfind("Desktop, dual-channel DDR4-3200 (the lowest-bandwidth catalog platform that finishes the day's requests", 0), 0u)
        << lightest.reason.en;
    s.requests_per_day = 2000;
    const DecisionRow light = cpu_row(test::estimate_ok(s));
    EXPECT_EQ(light.verdict, Verdict::yes) << light.reason.en;
    EXPECT_NE(light.reason.en.find("the lowest-bandwidth catalog platform that finishes the day's requests"), std::string::npos)
        << light.reason.en;
    EXPECT_EQ(light.reason.en.find("Desktop, dual-channel DDR4"), std::string::npos) << light.reason.en;
    s.requests_per_day = 20000;
    const DecisionRow heavy = cpu_row(test::estimate_ok(s));
    EXPECT_NE(heavy.verdict, Verdict::yes) << heavy.reason.en;
    EXPECT_NE(heavy.reason.en.find("no catalog platform finishes the day's requests"), std::string::npos) << heavy.reason.en;
    EXPECT_NE(heavy.reason.zh.find("没有平台能完成每天的请求量"), std::string::npos) << heavy.reason.zh;
    EXPECT_NE(heavy.fails_when.en.find("requests/day the day's work no longer finishes"), std::string::npos) << heavy.fails_when.en;
}

// One full 10.5k sequence of Qwen3-32B FP8 fits one L40S only at the careful end of the memory ranges: without latency
// targets the GPU row breaks there (then at the context one user can have), not at "100k concurrent users" from a
// search that had nothing else to stop it.
TEST(NoLatencyTarget, AMemoryLimitOnlyTheCarefulEndHoldsIsWhereTheRowBreaks) {
    Scenario s = offline_batch_32b(50);
    s.count = 1;
    s.context_tokens = 10500;
    const Result r = test::estimate_ok(s);
    bool seen = false;
    for (const DecisionRow& d : r.decision) {
        if (d.option != DecisionOption::gpu) continue;
        seen = true;
        EXPECT_EQ(d.fails_when.en.rfind("in the typical case not even one full 10.5k sequence fits in memory (only at the careful end)", 0), 0u)
            << d.fails_when.en;
        EXPECT_NE(d.fails_when.en.find("; one user works only up to "), std::string::npos) << d.fails_when.en;
        EXPECT_EQ(d.fails_when.en.find("concurrent users"), std::string::npos) << d.fails_when.en;
        EXPECT_EQ(d.fails_when.zh.rfind("典型情况下连 1 个完整的 10.5k 序列也放不下（仅在精心调优时放得下）", 0), 0u) << d.fails_when.zh;
    }
    EXPECT_TRUE(seen);
}

// A user's own cards estimated in another layout than the planner's row (here TP 1, where the row needs a larger TP
// group for each user's share of 2M requests a day) miss the day: no "N of them suffice" beside that verdict, and
// the FAQ says the row's count holds laid out as its TP.
TEST(NoLatencyTarget, CardsThatSufficeOnlyInAnotherLayoutAreNotCalledEnough) {
    Scenario s = offline_batch_32b(200);
    s.count = 1000;
    s.requests_per_day = 2000000;
    const Result r = test::estimate_ok(s);
    ASSERT_EQ(r.status, ServingStatus::misses_targets) << r.verdict.en;
    EXPECT_FALSE(r.cards_needed.has_value());
    EXPECT_EQ(r.verdict.en.find("suffice"), std::string::npos) << r.verdict.en;
    bool seen = false;
    for (const FaqEntry& f : r.faq) {
        if (f.id != "reuse_training_cards") continue;
        seen = true;
        EXPECT_NE(f.answer.en.find("Laid out as TP "), std::string::npos) << f.answer.en;
        EXPECT_NE(f.answer.en.find("your 1000 as estimated above (TP " + std::to_string(r.performance.tp) + ") miss the targets"),
                  std::string::npos)
            << f.answer.en;
        EXPECT_EQ(f.answer.en.find("are more than that"), std::string::npos) << f.answer.en;
    }
    EXPECT_TRUE(seen);
}
