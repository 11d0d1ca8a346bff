// The seed's two questions, answered by the core for the scenario (faq.hpp, issue #9): the training cards'
// answer comes from the plan's row for the chosen card, the quantization answer from the CPU row's platform
// estimated at this model, format and context, against the GPU path.
#include "support.hpp"

#include "decision.hpp"
#include "faq.hpp"
#include "format_text.hpp"

#include <gtest/gtest.h>

using namespace infersizer;

namespace {

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

const FaqEntry& entry(const Result& r, const std::string& id) {
    for (const FaqEntry& f : r.faq)
        if (f.id == id) return f;
    ADD_FAILURE() << "no faq entry " << id;
    static const FaqEntry kNone{};
    return kNone;
}

const PlanRow& row(const Result& r, const std::string& hardware) {
    for (const PlanRow& p : r.plan)
        if (p.hardware == hardware) return p;
    ADD_FAILURE() << "no plan row " << hardware;
    static const PlanRow kNone{};
    return kNone;
}

}  // namespace

TEST(Faq, BothQuestionsInBothLanguagesInOrder) {
    const Result r = test::estimate_ok(Scenario{});
    ASSERT_EQ(r.faq.size(), 2u);
    EXPECT_EQ(r.faq[0].id, "reuse_training_cards");
    EXPECT_EQ(r.faq[1].id, "quantization_vs_gpu");
    EXPECT_EQ(r.faq[0].question.zh, "我在这些卡上训练过模型——能直接拿来做推理吗？要几张？");
    EXPECT_EQ(r.faq[1].question.en, "Does quantization remove the need for a GPU?");
    for (const FaqEntry& f : r.faq) {
        EXPECT_FALSE(f.answer.zh.empty());
        EXPECT_FALSE(f.answer.en.empty());
        EXPECT_NE(f.answer.zh, f.answer.en);
    }
}

// 16 H100s a model was trained on, an 8B model in bf16 (16 GB of weights) for 20 users: far fewer suffice. The
// answer names the plan row's count and speed, and the plan's cheapest card with its price.
TEST(Faq, TrainingCardsSayHowManySufficeAndWhatTheCheapestCardCosts) {
    Scenario s = test::scenario("Llama-3.1-8B", "bf16", "vllm", "nvidia-h100-sxm-80gb", 16);
    s.concurrency = 20;
    const Result r = test::estimate_ok(s);
    const PlanRow& h100 = row(r, "nvidia-h100-sxm-80gb");
    ASSERT_TRUE(h100.meets_targets);
    ASSERT_LT(h100.cards.hi, 16);
    const FaqEntry& f = entry(r, "reuse_training_cards");
    EXPECT_EQ(f.answer.en.rfind("Yes. " + fmt::count_range(h100.cards, "en") + " × H100 SXM5 80GB serve the peak of 20 "
                                "concurrent users within the targets (TTFT p90 " +
                                    fmt::seconds(h100.ttft_s, "en") + ", ", 0),
              0u)
        << f.answer.en;
    EXPECT_TRUE(has(f.answer.en, " Your 16 are more than that; the rest can do other work.")) << f.answer.en;
    EXPECT_TRUE(has(f.answer.zh, "你的 16 张多于所需")) << f.answer.zh;
    // The plan lists the cheapest card meeting the targets first.
    const PlanRow* cheapest = nullptr;
    for (const PlanRow& p : r.plan)
        if (p.meets_targets && p.has_price) { cheapest = &p; break; }
    ASSERT_NE(cheapest, nullptr);
    if (cheapest->hardware != h100.hardware) {
        EXPECT_TRUE(has(f.answer.en, "The plan's cheapest choice is " + fmt::count_range(cheapest->cards, "en") + " × " +
                                         cheapest->name + " at about " +
                                         fmt::money(cheapest->cost_per_month, cheapest->currency) + "/month"))
            << f.answer.en;
    }
}

// Too few cards: Llama-3.1-70B in bf16 (~141 GB) does not fit two 16 GB T4s; the plan's row says how many would.
// A card that cannot run the format at all: TensorRT-LLM's FP8 on a T4 (Turing, no FP8 tensor cores).
TEST(Faq, TrainingCardsThatAreTooFewOrCannotRunItSaySo) {
    Scenario s = test::scenario("Llama-3.1-70B", "bf16", "vllm", "nvidia-t4-16gb", 2);
    Result r = test::estimate_ok(s);
    const PlanRow& t4 = row(r, "nvidia-t4-16gb");
    ASSERT_GT(t4.cards.lo, 2);
    std::string answer = entry(r, "reuse_training_cards").answer.en;
    EXPECT_TRUE(has(answer, " Your 2 are not enough.")) << answer;

    s = test::scenario("Llama-3.1-8B", "fp8", "tensorrt-llm", "nvidia-t4-16gb", 1);
    r = test::estimate_ok(s);
    answer = entry(r, "reuse_training_cards").answer.en;
    EXPECT_EQ(answer.rfind("No: T4 16GB cannot serve this setup (", 0), 0u) << answer;
    EXPECT_TRUE(has(answer, "cannot run FP8")) << answer;
}

// Enough cards laid out otherwise: 12 RTX 4090s under llama.cpp are one server of 150 slots (the user's own cards),
// which misses the targets, while the row serves the peak as servers of two-card layer splits (10 cards at the fast
// end; one card a server needed 11–13). The answer says how to lay
// them out rather than "Yes" alone beside a verdict that misses.
TEST(Faq, EnoughCardsInAnotherLayoutSayWhichLayout) {
    Scenario s = test::scenario("Qwen3-8B", "Q4_K_M", "llama.cpp", "nvidia-rtx-4090", 12);
    s.concurrency = 150;
    const Result r = test::estimate_ok(s);
    ASSERT_NE(r.status, ServingStatus::meets) << r.verdict.en;
    const PlanRow& own = row(r, "nvidia-rtx-4090");
    ASSERT_TRUE(own.meets_targets);
    ASSERT_LE(own.cards.lo, 12);
    const FaqEntry& f = entry(r, "reuse_training_cards");
    const std::string t = std::to_string(own.tp);
    if (own.cards.hi <= 12) {  // the row meets at its slow end on the user's cards, laid out otherwise
        EXPECT_TRUE(has(f.answer.en, " Run as servers of " + t + (own.tp > 1 ? " cards" : " card") +
                                     " each, that is; your 12 as one server (estimated above) miss the targets."))
            << f.answer.en;
        EXPECT_TRUE(has(f.answer.zh, "上面按一个服务估算的 12 张达不到目标")) << f.answer.zh;
    } else {  // 12 inside the row's range: enough only at the fast end, as the row lays them out
        EXPECT_TRUE(has(f.answer.en, " Your 12 are within that range: enough only in the optimistic case (as servers of " + t +
                                     (own.tp > 1 ? " cards" : " card") + " each).")) << f.answer.en;
        EXPECT_TRUE(has(f.answer.zh, "你的 12 张在这个区间内：只在乐观情况下够用（按每 " + t + " 张卡一个服务部署）。")) << f.answer.zh;
    }
    EXPECT_FALSE(r.cards_needed.has_value());
}

// The quantization answer is the CPU row's platform estimated at this model, format and context: its weights,
// whether it fits, its speeds, and the verdict that follows from the CPU's own judgement.
TEST(Faq, QuantizationAnswerComesFromTheCpuEstimateAgainstTheGpuPath) {
    for (const int users : {1, 20}) {
        SCOPED_TRACE(users);
        Scenario s = test::scenario("Qwen3-8B", "Q4_K_M", "llama.cpp", "nvidia-rtx-4090", 1);
        s.concurrency = users;
        const Result r = test::estimate_ok(s);
        const auto choice = choose_cpu_platform(test::resolve_ok(s));
        ASSERT_TRUE(choice.has_value());
        Scenario on_cpu = s;
        on_cpu.hardware_id = choice->ctx.hardware->id;
        on_cpu.engine = choice->ctx.engine->id;
        const Result cpu = test::estimate_ok(on_cpu, EstimateOptions{false, false});
        const FaqEntry& f = entry(r, "quantization_vs_gpu");
        // Weights in GiB do not depend on the hardware: the GPU estimate's figure.
        EXPECT_TRUE(has(f.answer.en, "In Q4_K_M, Qwen3-8B's weights take " + fmt::interval(r.memory.weights_gib, "GiB", "en")))
            << f.answer.en;
        EXPECT_TRUE(has(f.answer.en, "On " + cpu.hardware_name + ": ")) << f.answer.en;
        EXPECT_TRUE(has(f.answer.en, "one user alone gets " + fmt::interval(cpu.performance.single_stream_tps, "tok/s", "en")))
            << f.answer.en;
        const bool cpu_meets = cpu.status == ServingStatus::meets;
        EXPECT_EQ(has(f.answer.en, "So for this load, yes"), cpu_meets) << f.answer.en;
        EXPECT_EQ(has(f.answer.en, "this load still needs a GPU"), !cpu_meets) << f.answer.en;
        EXPECT_EQ(has(f.answer.zh, "CPU 就够"), cpu_meets) << f.answer.zh;
        // The GPU path is the user's card where it runs the load; 20 users' whole-context slots do not fit one
        // 4090 (llama.cpp reserves them at start), so there it is the plan's cheapest.
        if (r.status != ServingStatus::does_not_fit)
            EXPECT_TRUE(has(f.answer.en, "The GPU path (1 × GeForce RTX 4090 24GB): TTFT p90 " +
                                             fmt::seconds(r.performance.ttft_p90_s, "en")))
                << f.answer.en;
        else
            EXPECT_TRUE(has(f.answer.en, "The GPU path (the plan's cheapest, ")) << f.answer.en;
        EXPECT_EQ(r.status == ServingStatus::does_not_fit, users == 20);
        if (users == 20) {
            EXPECT_FALSE(cpu_meets) << "20 users of one desktop CPU at 10 tok/s each";
        }
    }
}

// The quantization answer weighs the CPU against a GPU path that runs: cards that cannot load the model (no remedy)
// are replaced by the plan's cheapest, never quoted at the speeds of a setup that does not start.
TEST(Faq, TheGpuPathIsNeverCardsThatCannotLoadTheModel) {
    Scenario s = test::scenario("Llama-3.1-70B", "Q4_K_M", "llama.cpp", "nvidia-rtx-4090", 1);
    s.concurrency = 1;
    const Result r = test::estimate_ok(s);
    ASSERT_EQ(r.status, ServingStatus::does_not_fit);
    ASSERT_EQ(r.remedy, FitRemedy::none);
    const std::string& answer = r.faq[1].answer.en;
    EXPECT_EQ(answer.find("The GPU path (1 × GeForce RTX 4090"), std::string::npos) << answer;
    EXPECT_NE(answer.find("The GPU path (the plan's cheapest, "), std::string::npos) << answer;
    EXPECT_EQ(r.faq[0].answer.en.find("1 concurrent users"), std::string::npos) << r.faq[0].answer.en;
}
