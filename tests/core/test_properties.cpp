// test_properties.cpp — properties of the estimate over 500 random valid scenarios (a fixed seed: the same
// scenarios every run, natively and in wasm up to the standard library's distributions): every figure finite with
// lo <= hi; more users never lower the KV cache; a card more never turns "fits" into "does not fit"; a faster card
// never lowers decode speed at the same count; a catalog clone of a card gives the same figures.
//
// The estimates run without the planner and the decision (EstimateOptions): those call the same memory, fit and
// speed modules many times over and would make the test minutes long; every 25th scenario runs whole for the
// finiteness check.
#include "result_json.hpp"
#include "support.hpp"

#include <random>

namespace infersizer::test {
namespace {

constexpr int kScenarios = 500;
constexpr EstimateOptions kCore{false, false};

// Every number finite and every {"lo", "hi"} ordered, anywhere in the result's JSON. Iterative: no recursion.
void expect_finite_and_ordered(const nlohmann::json& root, const std::string& what) {
    std::vector<std::pair<const nlohmann::json*, std::string>> todo{{&root, ""}};
    while (!todo.empty()) {
        const auto [v, path] = todo.back();
        todo.pop_back();
        if (v->is_number_float()) {
            EXPECT_TRUE(std::isfinite(v->get<double>())) << what << " at " << path;
        } else if (v->is_object()) {
            if (v->contains("lo") && v->contains("hi") && (*v)["lo"].is_number() && (*v)["hi"].is_number()) {
                EXPECT_LE((*v)["lo"].get<double>(), (*v)["hi"].get<double>() * (1 + 1e-12) + 1e-12)
                    << what << " at " << path;
            }
            for (const auto& item : v->items()) todo.emplace_back(&item.value(), path + "." + item.key());
        } else if (v->is_array()) {
            for (size_t i = 0; i < v->size(); ++i) todo.emplace_back(&(*v)[i], path + "[" + std::to_string(i) + "]");
        }
    }
}

// The bundled catalog with two copies of every card: "<id>~clone" (the same numbers) and "<id>~fast" (twice the
// bandwidth and every peak).
Catalog with_clones() {
    Catalog c = cat();
    const std::vector<Hardware> cards = c.hardware;
    for (const Hardware& hw : cards) {
        Hardware clone = hw;
        clone.id = hw.id + "~clone";
        c.hardware.push_back(clone);
        Hardware fast = hw;
        fast.id = hw.id + "~fast";
        for (std::optional<double>* peak : {&fast.bandwidth_gbs, &fast.fp16_tflops, &fast.fp16acc_tflops,
                                            &fast.fp8_tflops, &fast.int8_tops, &fast.fp4_tflops})
            if (*peak) **peak *= 2;
        for (std::optional<double>* rate : {&fast.fp32_flops_per_cycle_per_core, &fast.bf16_ops_per_cycle_per_core})
            if (*rate) **rate *= 2;
        c.hardware.push_back(fast);
    }
    return c;
}

struct Draw {
    Scenario s;
    std::string label;
};

// A random scenario the catalog accepts: a chat model, an engine and a weight format it runs, a card, a count,
// lengths and users.
Draw random_scenario(std::mt19937& rng, const Catalog& c) {
    auto pick = [&](size_t n) { return std::uniform_int_distribution<size_t>(0, n - 1)(rng); };
    auto between = [&](int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(rng); };
    std::vector<const ModelArch*> models;
    for (const ModelArch& m : c.models)
        if (m.role == ModelRole::chat) models.push_back(&m);
    std::vector<const Hardware*> cards;
    for (const Hardware& h : c.hardware)
        if (h.id.find('~') == std::string::npos) cards.push_back(&h);
    Draw d;
    Scenario& s = d.s;
    s.model_id = models[pick(models.size())]->id;
    const Engine& engine = c.engines[pick(c.engines.size())];
    s.engine = engine.id;
    std::vector<std::string> formats;
    for (const WeightFormat& f : c.weight_formats)
        if (std::find(f.engines.begin(), f.engines.end(), engine.id) != f.engines.end()) formats.push_back(f.id);
    s.weights = formats.empty() ? "bf16" : formats[pick(formats.size())];
    s.hardware_id = cards[pick(cards.size())]->id;
    s.count = static_cast<int>(between(1, 8));
    s.context_tokens = between(1024, 32768);
    s.prompt_tokens = between(16, s.context_tokens / 2);
    s.output_tokens = between(16, s.context_tokens / 4);
    s.concurrency = between(1, 64);
    d.label = s.model_id + " " + s.weights + " " + s.engine + " on " + std::to_string(*s.count) + " x " +
              s.hardware_id + ", " + std::to_string(s.concurrency) + " users, context " + std::to_string(s.context_tokens);
    return d;
}

TEST(Properties, HoldOverFiveHundredRandomValidScenarios) {
    const Catalog c = with_clones();
    std::mt19937 rng(13);
    int valid = 0, fitting = 0;
    for (int attempt = 0; valid < kScenarios && attempt < 20 * kScenarios; ++attempt) {
        const Draw d = random_scenario(rng, c);
        const Expected<Result> r = estimate(c, d.s, kCore);
        if (!r) continue;  // a combination the catalog refuses (a format the card cannot run): not a valid scenario
        ++valid;
        SCOPED_TRACE(d.label);

        if (valid % 25 == 0) {
            const Expected<Result> whole = estimate(c, d.s);
            ASSERT_TRUE(whole) << whole.error().cli_line();
            expect_finite_and_ordered(result_to_json(*whole, "en"), "whole result");
        } else {
            expect_finite_and_ordered(result_to_json(*r, "en"), "result");
        }

        // More users never lower the KV cache all the replicas hold.
        Scenario more_users = d.s;
        more_users.concurrency = d.s.concurrency * 2;
        const Expected<Result> r2 = estimate(c, more_users, kCore);
        ASSERT_TRUE(r2) << r2.error().cli_line();
        EXPECT_GE(r2->memory.kv_cache_gib.hi * r2->memory.replicas,
                  r->memory.kv_cache_gib.hi * r->memory.replicas * (1 - 1e-9));

        // A card more never un-fits.
        if (r->fit.fits) {
            ++fitting;
            Scenario more_cards = d.s;
            more_cards.count = *d.s.count + 1;
            const Expected<Result> r3 = estimate(c, more_cards, kCore);
            ASSERT_TRUE(r3) << r3.error().cli_line();
            EXPECT_TRUE(r3->fit.fits) << "fits on " << *d.s.count << " cards but not on " << *more_cards.count;
        }

        // A faster card at the same count never decodes slower.
        Scenario faster = d.s;
        faster.hardware_id = d.s.hardware_id + "~fast";
        const Expected<Result> r4 = estimate(c, faster, kCore);
        ASSERT_TRUE(r4) << r4.error().cli_line();
        EXPECT_GE(r4->performance.decode_tps_per_seq.lo, r->performance.decode_tps_per_seq.lo * (1 - 1e-9));
        EXPECT_GE(r4->performance.decode_tps_per_seq.hi, r->performance.decode_tps_per_seq.hi * (1 - 1e-9));

        // A clone of the card gives the same figures.
        Scenario clone = d.s;
        clone.hardware_id = d.s.hardware_id + "~clone";
        const Expected<Result> r5 = estimate(c, clone, kCore);
        ASSERT_TRUE(r5) << r5.error().cli_line();
        const nlohmann::json a = result_to_json(*r, "en"), b = result_to_json(*r5, "en");
        for (const char* part : {"memory", "fit", "performance"}) EXPECT_EQ(a[part], b[part]) << part;
    }
    EXPECT_EQ(valid, kScenarios);
    EXPECT_GT(fitting, kScenarios / 4);  // enough of them fit for the card property to mean something
}

}  // namespace
}  // namespace infersizer::test
