// One judge: for every golden scenario, in both languages, what the page shows (the headline badge, the
// sentence beside it, the memory badge, the speed panel's target words, the GPU row of the decision table) says
// the same thing as the core's Result::status and Result::targets_met. The words are read from the drawn
// page (each judged word is a probe item labelled "word##probe_id"), and checked against fixed words, so a
// flipped word, a panel that judges on its own or a sentence that contradicts the badge fails here.
#include "ui_harness.hpp"

#include "i18n.hpp"
#include "result_json.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace infersizer;
using namespace infersizer::app;
using namespace infersizer::app::test;

namespace {

using Judge = PageTest;


}  // namespace

TEST_F(Judge, BadgeSentenceAndPanelsAgreeWithTheCoreOnEveryGoldenScenario) {
    const std::vector<Golden> goldens = golden_scenarios();
    ASSERT_GE(goldens.size(), 6u);
    int seen[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    for (const char* code : {"zh", "en"}) {
        const Lang lang = std::string(code) == "zh" ? Lang::zh : Lang::en;
        const bool zh = lang == Lang::zh;
        Page page(code, ImVec2(1400, 5000));
        page.frames(2);
        for (const Golden& g : goldens) {
            SCOPED_TRACE(g.name + " (" + code + ")");
            ASSERT_EQ(app_set_scenario_json(page.app(), g.scenario_json), "");
            page.frames(2);
            ASSERT_TRUE(page.state().result.has_value());
            const Result& r = *page.state().result;
            const std::string sentence = r.verdict.in(code);
            const std::string badge = shown(page, "##badge_verdict");
            const std::string memory = shown(page, "##badge_memory");
            const std::string ttft = shown(page, "##target_ttft");
            const std::string tps = shown(page, "##target_tps");
            ASSERT_FALSE(badge.empty());
            ASSERT_FALSE(ttft.empty());
            ASSERT_FALSE(tps.empty());
            const std::string gpu = shown(page, "##badge_gpu");
            const bool own_accelerator = r.decision.size() > 1 && !has(r.decision[1].reason.en, "the planner's pick");

            switch (r.status) {
                case ServingStatus::meets:
                    ++seen[0];
                    EXPECT_TRUE(r.targets_met.ttft && r.targets_met.tps_per_user);
                    EXPECT_EQ(badge, zh ? "可行" : "Holds");
                    EXPECT_TRUE(has(sentence, zh ? "够用" : "is enough")) << sentence;
                    EXPECT_FALSE(has(sentence, zh ? "不够" : "not enough")) << sentence;
                    // Met, or (no latency target, an offline batch) none set and the day's requests finished.
                    if (r.targets_met.applicable && !r.targets_met.tps_per_user_applicable) {
                        // A one-token answer (a classifier): its first token is the answer, no rate follows it.
                        ++seen[6];
                        EXPECT_EQ(ttft, zh ? "达到目标" : "meets target");
                        EXPECT_EQ(tps, zh ? "不适用（只输出 1 个 token）" : "n/a (one output token)");
                        EXPECT_FALSE(has(sentence, zh ? "每人" : "per user")) << sentence;
                    } else if (r.targets_met.applicable) {
                        EXPECT_EQ(ttft, zh ? "达到目标" : "meets target");
                        EXPECT_EQ(tps, zh ? "达到目标" : "meets target");
                    } else {
                        ++seen[5];
                        EXPECT_EQ(ttft, zh ? "无目标" : "no target");
                        EXPECT_EQ(tps, zh ? "无目标" : "no target");
                        EXPECT_TRUE(r.targets_met.daily_volume);
                        EXPECT_EQ(shown(page, "##target_volume"), zh ? "达到目标" : "meets target");
                    }
                    EXPECT_NE(memory, zh ? "放不下" : "Does not fit");
                    if (own_accelerator) {
                        EXPECT_EQ(gpu, zh ? "可以" : "Yes");
                    }
                    break;
                case ServingStatus::misses_targets:
                    ++seen[1];
                    EXPECT_FALSE(r.targets_met.ttft && r.targets_met.tps_per_user && r.targets_met.daily_volume);
                    EXPECT_TRUE(badge == (zh ? "不可行" : "Does not hold") || badge == (zh ? "接近上限" : "Near the limit"))
                        << badge;
                    EXPECT_TRUE(has(sentence, zh ? "达不到目标" : "misses the targets") ||
                                has(sentence, zh ? "勉强够用" : "borderline"))
                        << sentence;
                    EXPECT_FALSE(has(sentence, zh ? " 够用：" : " is enough")) << sentence;
                    // The target that is missed is not shown as met.
                    if (!r.targets_met.ttft) {
                        EXPECT_NE(ttft, zh ? "达到目标" : "meets target");
                    }
                    if (!r.targets_met.tps_per_user) {
                        EXPECT_NE(tps, zh ? "达到目标" : "meets target");
                    }
                    if (!r.targets_met.daily_volume) {
                        ++seen[4];
                        const std::string volume = shown(page, "##target_volume");
                        EXPECT_FALSE(volume.empty());
                        EXPECT_NE(volume, zh ? "达到目标" : "meets target");
                    }
                    if (own_accelerator) {
                        EXPECT_NE(gpu, zh ? "可以" : "Yes");
                    }
                    break;
                case ServingStatus::does_not_fit:
                    // A setup the engine cannot run meets no target, whatever its memory: the memory badge judges
                    // memory alone, every other word says it cannot run.
                    if (r.cannot_run) {
                        ++seen[7];
                        EXPECT_FALSE(r.targets_met.ttft || r.targets_met.tps_per_user);
                        EXPECT_EQ(badge, zh ? "不可行" : "Does not hold");
                        EXPECT_TRUE(has(sentence, zh ? "跑不了" : "cannot run this setup")) << sentence;
                        EXPECT_TRUE(has(sentence, r.cannot_run->in(code))) << sentence;
                        EXPECT_FALSE(has(sentence, zh ? "够用" : "is enough")) << sentence;
                        EXPECT_EQ(ttft, zh ? "跑不了，不评速度" : "cannot run: speed not judged");
                        EXPECT_EQ(tps, zh ? "跑不了，不评速度" : "cannot run: speed not judged");
                        if (r.fit.fits) {
                            EXPECT_NE(memory, zh ? "放不下" : "Does not fit");
                        }
                        if (own_accelerator) {
                            EXPECT_EQ(gpu, zh ? "不建议" : "No");
                        }
                        break;
                    }
                    ++seen[2];
                    // A setup that does not fit meets no target, and no panel says otherwise.
                    EXPECT_FALSE(r.targets_met.ttft || r.targets_met.tps_per_user);
                    EXPECT_EQ(memory, zh ? "放不下" : "Does not fit");
                    EXPECT_EQ(ttft, zh ? "放不下，不评速度" : "does not fit: speed not judged");
                    EXPECT_EQ(tps, zh ? "放不下，不评速度" : "does not fit: speed not judged");
                    if (r.remedy == FitRemedy::none) {
                        EXPECT_EQ(badge, zh ? "不可行" : "Does not hold");
                        EXPECT_TRUE(has(sentence, zh ? "不够" : "is not enough")) << sentence;
                        if (own_accelerator) {
                            EXPECT_EQ(gpu, zh ? "不建议" : "No");
                        }
                        break;
                    }
                    // It runs only with what the sentence names: amber everywhere, never green.
                    ++seen[3];
                    EXPECT_EQ(badge, zh ? "接近上限" : "Near the limit");
                    if (own_accelerator) {
                        EXPECT_EQ(gpu, zh ? "有条件" : "Conditional");
                    }
                    if (r.remedy == FitRemedy::raise_wired_limit) {
                        EXPECT_TRUE(has(sentence, "sudo sysctl iogpu.wired_limit_mb=")) << sentence;
                    } else if (r.remedy == FitRemedy::expert_offload) {
                        EXPECT_TRUE(has(sentence, "--n-cpu-moe")) << sentence;
                    } else {
                        EXPECT_TRUE(has(sentence, zh ? "只在精心调优时" : "only at the careful end")) << sentence;
                    }
                    break;
            }
        }
    }
    // The golden set covers a setup that holds, one that does not fit, one that runs only with a remedy, and
    // offline batches without latency targets that finish the day's requests and that do not, one-token answers,
    // and a setup the engine cannot run.
    EXPECT_GT(seen[0], 0);
    EXPECT_GT(seen[2], 0);
    EXPECT_GT(seen[3], 0);
    EXPECT_GT(seen[4], 0);
    EXPECT_GT(seen[5], 0);
    EXPECT_GT(seen[6], 0);
    EXPECT_GT(seen[7], 0);  // a setup the engine cannot run (TensorRT-LLM's FP8 on an A100)
}
