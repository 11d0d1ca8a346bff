// One-token answers (a classifier's label, a yes/no): the first token is the whole answer, so the per-user speed
// target has nothing to judge (scenario.hpp per_user_speed_judged). Judged on the first token alone, 50 clients
// sending 500-token prompts to one H100 meet a 1 s TTFT target, although the step rate they see (one long prefill
// step after another, 4–6 tok/s) is far below the 20 tok/s target that a longer answer would have to meet.
#include "judge.hpp"
#include "report.hpp"
#include "result_json.hpp"
#include "support.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace infersizer;
using namespace infersizer::test;

namespace {

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST(OneTokenAnswers, OnlyTheFirstTokenIsJudged) {
    const Scenario s = golden_scenario("classifier_8b_h100_one_token.json");
    ASSERT_EQ(s.output_tokens, 1);
    const Result r = estimate_ok(s);
    ASSERT_LT(r.performance.decode_tps_per_seq.hi, s.targets.tps_per_user) << "precondition: the step rate is below the target";
    EXPECT_EQ(r.status, ServingStatus::meets) << r.verdict.en;
    EXPECT_TRUE(r.targets_met.ttft);
    EXPECT_TRUE(r.targets_met.applicable);
    EXPECT_FALSE(r.targets_met.tps_per_user_applicable);
    EXPECT_EQ(judge_tps_target(r), TargetJudgement::not_applicable_one_token);
    EXPECT_EQ(result_to_json(r, "en")["targets_met"]["tps_per_user_applicable"], false);
    // No sentence quotes a per-user rate nobody sees: the headline, the reports' judgement line, the load test.
    EXPECT_FALSE(has(r.verdict.en, "per user")) << r.verdict.en;
    EXPECT_FALSE(has(r.verdict.zh, "每人")) << r.verdict.zh;
    EXPECT_TRUE(has(report_text(s, r, "en"), "per-user target n/a (one output token)"));
    EXPECT_TRUE(has(report_text(s, r, "zh"), "每人速度目标 不适用（只输出 1 个 token）"));
    EXPECT_TRUE(has(r.deploy.load_test_command.en, "# expected at 50 concurrent users: TTFT p90")) << r.deploy.load_test_command.en;
    EXPECT_FALSE(has(r.deploy.load_test_command.en, "per user")) << r.deploy.load_test_command.en;
    EXPECT_FALSE(has(r.deploy.load_test_command.zh, "每用户")) << r.deploy.load_test_command.zh;
}

// Two tokens out: a rate follows the first token and is judged again, so the same load misses the 20 tok/s target.
TEST(OneTokenAnswers, TwoTokensAreJudgedOnTheirRateAgain) {
    Scenario s = golden_scenario("classifier_8b_h100_one_token.json");
    s.output_tokens = 2;
    const Result r = estimate_ok(s);
    EXPECT_TRUE(r.targets_met.tps_per_user_applicable);
    EXPECT_FALSE(r.targets_met.tps_per_user);
    EXPECT_EQ(r.status, ServingStatus::misses_targets) << r.verdict.en;
    EXPECT_TRUE(has(r.verdict.en, "per user")) << r.verdict.en;
}

// The planner sizes one-token answers on their first token too: the user's H100 takes all 50 users on one card,
// and no row names a per-user speed as what binds.
TEST(OneTokenAnswers, ThePlannerBindsOnTheFirstTokenAlone) {
    Scenario s = golden_scenario("classifier_8b_h100_one_token.json");
    s.count.reset();
    const Result r = estimate_ok(s);
    ASSERT_TRUE(r.planned.has_value());
    EXPECT_EQ(r.planned->cards.hi, 1.0) << r.verdict.en;
    for (const PlanRow& row : r.plan) EXPECT_FALSE(has(row.binding.en, "tok/s per user")) << row.hardware << ": " << row.binding.en;
}
