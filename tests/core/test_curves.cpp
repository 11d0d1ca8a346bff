// test_curves.cpp — curves.hpp: every band ordered and finite, memory growing with context and load, p90 over the
// median, the marked largest load meeting the targets where the next one does not, the cost chart's break-even the
// result's own, the curves passing through the result's figures, and the reverse answers in both languages.
#include "support.hpp"

#include "curves.hpp"
#include "curves_json.hpp"
#include "format_text.hpp"
#include "judge.hpp"

namespace infersizer::test {
namespace {

const Chart* chart(const Curves& c, const std::string& id) {
    for (const Chart& ch : c.charts)
        if (ch.id == id) return &ch;
    return nullptr;
}

const CurveSeries* series(const Chart& ch, const std::string& id) {
    for (const CurveSeries& s : ch.series)
        if (s.id == id) return &s;
    return nullptr;
}

const CurvePoint* at_x(const CurveSeries& s, double x) {
    for (const CurvePoint& p : s.points)
        if (p.x == x) return &p;
    return nullptr;
}

Curves curves_ok(const Scenario& s, const Result& r) {
    auto c = estimate_curves(cat(), s, r);
    EXPECT_TRUE(c.ok()) << (c.ok() ? "" : c.error().to_string());
    return c.ok() ? *c : Curves{};
}

// The default scenario and the golden ones: the shapes the page shows.
std::vector<std::pair<std::string, Scenario>> scenarios() {
    std::vector<std::pair<std::string, Scenario>> out = {{"default", Scenario{}}};
    for (const auto& p : golden_files()) out.push_back({p.filename().string(), golden_scenario(p.filename().string())});
    return out;
}

TEST(Curves, BandsOrderedFiniteAndXAscending) {
    for (const auto& [name, s] : scenarios()) {
        const Result r = estimate_ok(s);
        const Curves c = curves_ok(s, r);
        EXPECT_GE(c.charts.size(), 6u) << name;
        for (const Chart& ch : c.charts) {
            EXPECT_FALSE(ch.title.zh.empty() || ch.title.en.empty()) << name << " " << ch.id;
            for (const CurveSeries& se : ch.series) {
                for (size_t i = 0; i < se.points.size(); ++i) {
                    const CurvePoint& p = se.points[i];
                    const std::string what = name + " " + ch.id + "/" + se.id + " x=" + std::to_string(p.x);
                    expect_sane(p.y, what);
                    EXPECT_TRUE(std::isfinite(p.x)) << what;
                    if (ch.y.log) {
                        EXPECT_GT(p.y.lo, 0.0) << what;
                    }
                    if (ch.x.log) {
                        EXPECT_GT(p.x, 0.0) << what;
                    }
                    if (i > 0) {
                        EXPECT_GT(p.x, se.points[i - 1].x) << what;
                    }
                }
            }
        }
    }
}

TEST(Curves, MemoryGrowsWithContextAndConcurrency) {
    for (const auto& [name, s] : scenarios()) {
        const Curves c = curves_ok(s, estimate_ok(s));
        for (const char* id : {"memory_context", "memory_concurrency"}) {
            const Chart* ch = chart(c, id);
            ASSERT_NE(ch, nullptr) << name << " " << id;
            const CurveSeries* total = series(*ch, "total_gib");
            ASSERT_NE(total, nullptr);
            ASSERT_GE(total->points.size(), 8u) << name << " " << id;
            for (size_t i = 1; i < total->points.size(); ++i) {
                EXPECT_GE(total->points[i].y.lo, total->points[i - 1].y.lo) << name << " " << id << " at " << total->points[i].x;
                EXPECT_GE(total->points[i].y.hi, total->points[i - 1].y.hi) << name << " " << id << " at " << total->points[i].x;
            }
            // Not flat: the KV cache is part of the total and grows.
            const CurveSeries* kv = series(*ch, "kv_cache_gib");
            if (kv && kv->points.size() > 1 && kv->points.back().y.hi > kv->points.front().y.hi) {
                EXPECT_GT(total->points.back().y.hi, total->points.front().y.hi) << name << " " << id;
            }
        }
    }
}

TEST(Curves, TtftP90NotBelowMedian) {
    for (const auto& [name, s] : scenarios()) {
        const Curves c = curves_ok(s, estimate_ok(s));
        const Chart* ch = chart(c, "ttft");
        ASSERT_NE(ch, nullptr) << name;
        const CurveSeries *p50 = series(*ch, "ttft_p50"), *p90 = series(*ch, "ttft_p90");
        ASSERT_TRUE(p50 && p90) << name;
        for (const CurvePoint& p : p90->points) {
            const CurvePoint* m = at_x(*p50, p.x);
            if (!m) continue;
            EXPECT_GE(p.y.lo, m->y.lo * (1 - 1e-12)) << name << " at " << p.x;
            EXPECT_GE(p.y.hi, m->y.hi * (1 - 1e-12)) << name << " at " << p.x;
        }
    }
}

// The curves hold the result's cards fixed and move one input: at the scenario's own load they are the result.
TEST(Curves, PassThroughTheResultAtTheScenarioLoad) {
    for (const auto& [name, s] : scenarios()) {
        const Result r = estimate_ok(s);
        const Curves c = curves_ok(s, r);
        const double own = double(s.concurrency);
        const CurvePoint* t = at_x(*series(*chart(c, "ttft"), "ttft_p90"), own);
        if (!t) continue;  // a setup whose speed is unknown draws no point
        EXPECT_EQ(t->y, r.performance.ttft_p90_s) << name;
        const CurvePoint* u = at_x(*series(*chart(c, "tps_per_user"), "tps_per_user"), own);
        ASSERT_NE(u, nullptr) << name;
        EXPECT_EQ(u->y, r.performance.decode_tps_per_seq) << name;
        const CurvePoint* m = at_x(*series(*chart(c, "memory_concurrency"), "total_gib"), own);
        ASSERT_NE(m, nullptr) << name;
        EXPECT_EQ(m->y, r.memory.total_gib) << name;
    }
}

TEST(Curves, LargestConcurrencyMeetsAndTheNextGridPointDoesNot) {
    int checked = 0;
    for (const auto& [name, s0] : scenarios()) {
        Scenario s = s0;
        const Result r = estimate_ok(s);
        const Curves c = curves_ok(s, r);
        const ReverseAnswers& rev = c.reverse;
        const Chart* ch = chart(c, "ttft");
        ASSERT_NE(ch, nullptr);
        if (rev.max_concurrency == 0 || rev.max_concurrency_capped) {
            EXPECT_FALSE(ch->marker.has_value() && rev.max_concurrency == 0) << name;
            continue;
        }
        ASSERT_TRUE(ch->marker.has_value()) << name;
        EXPECT_EQ(ch->marker->value, double(rev.max_concurrency)) << name;
        const auto& grid = c.concurrency_grid;
        auto it = std::find(grid.begin(), grid.end(), rev.max_concurrency);
        ASSERT_NE(it, grid.end()) << name;
        ASSERT_NE(it + 1, grid.end()) << name << ": the grid goes past the largest that meets";
        // Judged independently, by the whole estimate with the same cards.
        Scenario at = s;
        at.count = r.count;
        at.concurrency = rev.max_concurrency;
        const Result yes = estimate_ok(at, EstimateOptions{false, false});
        at.concurrency = *(it + 1);
        const Result no = estimate_ok(at, EstimateOptions{false, false});
        if (yes.performance.tp != r.performance.tp || no.performance.tp != r.performance.tp) continue;  // other layout
        EXPECT_EQ(yes.status, ServingStatus::meets) << name << " at " << rev.max_concurrency;
        EXPECT_NE(no.status, ServingStatus::meets) << name << " at " << *(it + 1);
        ++checked;
    }
    EXPECT_GE(checked, 3);
}

TEST(Curves, BreakEvenIsTheResultsOwn) {
    int checked = 0;
    for (const auto& [name, s] : scenarios()) {
        const Result r = estimate_ok(s);
        const Curves c = curves_ok(s, r);
        const Chart* ch = chart(c, "cost");
        if (!r.cost.has_gpu_price || !r.cost.has_api_price || r.cost.break_even_requests_per_day.hi <= 0 ||
            !r.cost.break_even_requests_per_day.finite())
            continue;
        ASSERT_NE(ch, nullptr) << name;
        ASSERT_TRUE(ch->marker.has_value()) << name;
        EXPECT_EQ(ch->marker->span, r.cost.break_even_requests_per_day) << name;
        // And the two series cross there: the API's monthly cost at the break-even's ends meets the rent's.
        const CurveSeries *rent = series(*ch, "self_hosted"), *api = series(*ch, "api");
        ASSERT_TRUE(rent && api) << name;
        EXPECT_LT(api->points.front().y.hi, rent->points.front().y.lo) << name << ": the API is cheaper at little traffic";
        EXPECT_GT(api->points.back().y.lo, rent->points.back().y.hi) << name << ": and dearer at much";
        ++checked;
    }
    EXPECT_GE(checked, 3);
}

// Without latency targets the throughput chart carries the day's need as its target line, where the throughput at
// the scenario's load is judged against it (targets_met.daily_volume): requests/day × output ÷ 86,400 s. Scenarios
// with latency targets draw none.
TEST(Curves, TheDaysNeedIsTheThroughputsTargetWithoutLatencyTargets) {
    int with_line = 0;
    for (const auto& [name, s] : scenarios()) {
        const Result r = estimate_ok(s);
        const Curves c = curves_ok(s, r);
        const Chart* ch = chart(c, "throughput");
        ASSERT_NE(ch, nullptr) << name;
        const CurveLine* line = nullptr;
        for (const CurveLine& l : ch->lines)
            if (l.id == "target_daily_volume") line = &l;
        if (!r.targets_met.daily_volume_applicable) {
            EXPECT_EQ(line, nullptr) << name;
            continue;
        }
        ASSERT_NE(line, nullptr) << name;
        EXPECT_NEAR(line->value, s.requests_per_day * double(s.output_tokens) / 86400.0, 1e-9) << name;
        EXPECT_FALSE(line->vertical);
        EXPECT_EQ(r.targets_met.daily_volume, r.performance.throughput_tps.lo >= line->value) << name;
        EXPECT_EQ(line->label.en, "needed for the day's 200k requests");
        ++with_line;
    }
    EXPECT_GE(with_line, 1);  // the offline-batch golden
}

// Without latency targets the largest load is what memory admits, said as such: a paged engine queues whatever
// comes (no marker at the search's ceiling, which is no limit), a slot engine stops at the slots memory holds.
TEST(Curves, WithoutLatencyTargetsTheLargestLoadIsWhatMemoryAdmits) {
    const Scenario paged = golden_scenario("offline_batch_32b_l40s.json");
    const Curves c = curves_ok(paged, estimate_ok(paged));
    ASSERT_FALSE(c.reverse.sentences.empty());
    EXPECT_NE(c.reverse.sentences[0].en.find("with no latency target more requests in flight only wait longer"), std::string::npos)
        << c.reverse.sentences[0].en;
    EXPECT_NE(c.reverse.sentences[0].zh.find("同时处理的请求再多也只是排队更久"), std::string::npos) << c.reverse.sentences[0].zh;
    EXPECT_TRUE(c.reverse.max_concurrency_capped);
    EXPECT_FALSE(chart(c, "ttft")->marker.has_value());

    Scenario slots;  // Qwen3-8B Q4_K_M on one RTX 4090 under llama.cpp: 8k slots until memory is full
    slots.count = 1;
    slots.targets.no_latency_target = true;
    const Result r = estimate_ok(slots);
    const Curves s = curves_ok(slots, r);
    ASSERT_GT(s.reverse.max_concurrency, 1);
    EXPECT_FALSE(s.reverse.max_concurrency_capped);
    EXPECT_NE(s.reverse.sentences[0].en.find("up to " + fmt::count(double(s.reverse.max_concurrency), "en") +
                                             " requests in flight fit in memory"),
              std::string::npos)
        << s.reverse.sentences[0].en;
    ASSERT_TRUE(chart(s, "ttft")->marker.has_value());
    EXPECT_EQ(chart(s, "ttft")->marker->label.en, "largest that fits: " + fmt::count(double(s.reverse.max_concurrency), "en"));
    // The fit's own answer: the slots memory holds at the full context.
    EXPECT_GE(double(s.reverse.max_concurrency), r.fit.max_concurrency.lo);
    EXPECT_LE(double(s.reverse.max_concurrency), r.fit.max_concurrency.hi + 1);
}

TEST(Curves, ReverseAnswersInBothLanguages) {
    const Scenario s;  // 8B in 4-bit on one RTX 4090 for five people: meets
    const Result r = estimate_ok(s);
    ASSERT_EQ(r.status, ServingStatus::meets);
    const Curves c = curves_ok(s, r);
    const ReverseAnswers& rev = c.reverse;
    EXPECT_GE(rev.max_concurrency, s.concurrency);
    EXPECT_GT(rev.max_context.lo, 0);
    EXPECT_LE(rev.max_context.hi, double(model(s.model_id).max_context));
    EXPECT_FALSE(rev.smallest_weights.empty());
    EXPECT_LE(rev.smallest_weights_bits, format(s.weights).bits_per_weight);
    ASSERT_EQ(rev.sentences.size(), 3u);
    for (const Text& t : rev.sentences) {
        EXPECT_FALSE(t.zh.empty());
        EXPECT_FALSE(t.en.empty());
    }
    EXPECT_NE(rev.sentences[0].en.find(fmt::count(double(rev.max_concurrency), "en")), std::string::npos);
    EXPECT_NE(rev.sentences[2].en.find(rev.smallest_weights), std::string::npos);
    // The smallest format really meets the targets on these cards.
    Scenario small = s;
    small.weights = rev.smallest_weights;
    small.count = r.count;
    EXPECT_EQ(estimate_ok(small).status, ServingStatus::meets);
}

TEST(Curves, NothingMeetsWhenTheModelDoesNotFit) {
    const Scenario s = golden_scenario("too_big_405b_on_one_4090.json");
    const Result r = estimate_ok(s);
    ASSERT_NE(r.status, ServingStatus::meets);
    const Curves c = curves_ok(s, r);
    EXPECT_EQ(c.reverse.max_concurrency, 0);
    EXPECT_FALSE(chart(c, "ttft")->marker.has_value());
    EXPECT_EQ(c.reverse.sentences.size(), 3u);
}

TEST(Curves, JsonHasEveryChartAndNoNaN) {
    const Scenario s = golden_scenario("chat_70b_h100_200_users.json");
    const Curves c = curves_ok(s, estimate_ok(s));
    const nlohmann::json j = curves_to_json(c, "en");
    EXPECT_EQ(j["schema"], kCurvesSchema);
    ASSERT_EQ(j["charts"].size(), c.charts.size());
    for (const auto& ch : j["charts"]) {
        EXPECT_TRUE(ch["x"]["kind"].is_string());
        for (const auto& se : ch["series"])
            for (const auto& p : se["points"]) EXPECT_LE(p["lo"].get<double>(), p["hi"].get<double>());
    }
    EXPECT_EQ(j["reverse"]["max_concurrency"], c.reverse.max_concurrency);
}

TEST(Curves, LogGrid) {
    const auto g = log_grid(200, 14, {7, 200, 201});
    EXPECT_EQ(g.front(), 1);
    EXPECT_EQ(g.back(), 201);
    EXPECT_TRUE(std::is_sorted(g.begin(), g.end()));
    EXPECT_EQ(std::adjacent_find(g.begin(), g.end()), g.end());
    EXPECT_NE(std::find(g.begin(), g.end(), 7), g.end());
    EXPECT_GE(g.size(), 12u);
    EXPECT_EQ(log_grid(1, 14), std::vector<int64_t>{1});
}

// Where the scenario's own setup meets the targets, the smallest format that meets can be no larger than its own:
// the answer never reads "no weight format up to fp8 meets" beside a headline that fp8 meets. The 70B chat on the
// planner's 8 H100 (TP 2 × 4): estimated again with only "8 cards", the cards would be laid out by memory as one
// TP-8 group, which misses; the scenario's own format is judged by its own result instead.
TEST(Curves, TheScenariosOwnFormatMeetsWhereItsResultMeets) {
    const Scenario s = golden_scenario("chat_70b_h100_200_users.json");
    const Result r = estimate_ok(s);
    ASSERT_EQ(r.status, ServingStatus::meets);
    const Curves c = curves_ok(s, r);
    ASSERT_FALSE(c.reverse.smallest_weights.empty()) << c.reverse.sentences[2].en;
    EXPECT_LE(c.reverse.smallest_weights_bits, format(s.weights).bits_per_weight);
    EXPECT_EQ(c.reverse.sentences[2].en.find("no weight format up to"), std::string::npos) << c.reverse.sentences[2].en;
}

// A context asked beyond the model's maximum that memory holds: the longest context is capped at the one asked for
// and says so, not at the model's maximum ("memory holds 128k … (the model's maximum)" beside an estimate at 200k).
TEST(Curves, AContextAskedBeyondTheModelsMaximumIsTheCap) {
    Scenario s = test::scenario("Llama-3.1-8B", "bf16", "vllm", "nvidia-h100-sxm-80gb", 2);
    s.context_tokens = 200000, s.concurrency = 1;
    const Result r = estimate_ok(s);
    ASSERT_EQ(r.status, ServingStatus::meets) << r.verdict.en;
    const Curves c = curves_ok(s, r);
    EXPECT_EQ(c.reverse.max_context.lo, 200000.0);
    bool said = false;
    for (const Text& t : c.reverse.sentences)
        said |= t.en.find("With 1 user at once, memory holds 200k tokens of context for each (at least: capped at the "
                          "context asked for).") != std::string::npos;
    EXPECT_TRUE(said);
}

// Past what one rented setup finishes a day, the cost curve rents another copy: the careful end doubles once the
// traffic passes the slow capacity (one H100 for Llama-3.1-8B finishes about 0.7–1.4M requests a day).
TEST(Curves, RentedCardsStepUpPastWhatOneSetupFinishes) {
    Scenario s = scenario("Llama-3.1-8B", "bf16", "vllm", "nvidia-h100-sxm-80gb", 1);
    s.context_tokens = 8192, s.prompt_tokens = 1024, s.output_tokens = 256, s.concurrency = 50;
    s.requests_per_day = 2e6;
    const Result r = estimate_ok(s);
    const Interval cap = r.cost.capacity_requests_per_day;
    ASSERT_GT(cap.lo, 0.0);
    const Curves c = curves_ok(s, r);
    const Chart* ch = chart(c, "cost");
    ASSERT_NE(ch, nullptr);
    const CurveSeries* rent = series(*ch, "self_hosted");
    ASSERT_NE(rent, nullptr);
    int below = 0, beyond = 0;
    for (const CurvePoint& p : rent->points) {
        const double copies_hi = std::max(1.0, std::ceil(p.x / cap.lo));
        EXPECT_NEAR(p.y.hi, r.cost.self_hosted_per_month_usd.hi * copies_hi, 1e-6 * p.y.hi) << p.x;
        (p.x <= cap.lo ? below : beyond) += 1;
    }
    EXPECT_GT(below, 0);
    EXPECT_GT(beyond, 0);
    bool line = false;
    for (const CurveLine& l : ch->lines) line = line || (l.id == "capacity_requests_per_day" && l.span == cap);
    EXPECT_TRUE(line);
}

}  // namespace
}  // namespace infersizer::test
