// bench_core.cpp — how fast the core answers. Run: build/native/bench/infersizer_bench
//   --benchmark_repetitions=5 --benchmark_report_aggregates_only=true   (report the medians)
// Budgets: one estimate (memory, fit, speed) ≤ 50 µs natively; the whole result (the plan over the whole
// catalog and the decision table included) within one frame: ≤ 10 ms natively and ≤ 30 ms in wasm (the page's
// figure: bench/page_bench.mjs times the same scenarios in Chromium); the curves of a result ≤ 10 ms natively.
#include "bench_scenarios.hpp"
#include "bundled_catalog.hpp"
#include "curves.hpp"
#include "estimate.hpp"
#include "plan.hpp"
#include "weights.hpp"

#include <benchmark/benchmark.h>

using namespace infersizer;

namespace {

using bench::seed;
using bench::serving_scenario;

void BM_EstimateOne(benchmark::State& state) {
    const Catalog& c = bundled::catalog();
    const Scenario s = seed();
    for (auto _ : state) {
        auto r = estimate(c, s, EstimateOptions{false, false});
        benchmark::DoNotOptimize(r);
    }
}
BENCHMARK(BM_EstimateOne)->Unit(benchmark::kMicrosecond);

// The uncached cost the memo above saves: laying out a GGUF mix tensor by tensor.
void BM_WeightsGgufLayout(benchmark::State& state) {
    const Catalog& c = bundled::catalog();
    const ModelArch& m = *c.find_model("Qwen3-8B");
    const WeightFormat& f = *c.find_weight_format("Q4_K_M");
    for (auto _ : state) {
        auto w = estimate_weights(m, f);
        benchmark::DoNotOptimize(w);
    }
}
BENCHMARK(BM_WeightsGgufLayout)->Unit(benchmark::kMicrosecond);

void BM_PlanWholeCatalog(benchmark::State& state) {
    const Catalog& c = bundled::catalog();
    auto ctx = resolve(c, seed());
    for (auto _ : state) {
        auto rows = plan_all(*ctx);
        benchmark::DoNotOptimize(rows);
    }
}
BENCHMARK(BM_PlanWholeCatalog)->Unit(benchmark::kMicrosecond);

void BM_EstimateFull(benchmark::State& state) {
    const Catalog& c = bundled::catalog();
    Scenario s = seed();
    s.model_id = state.range(0) ? "Llama-3.1-70B" : "Qwen3-8B";
    for (auto _ : state) {
        auto r = estimate(c, s);
        benchmark::DoNotOptimize(r);
    }
}
BENCHMARK(BM_EstimateFull)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

// The serving scenarios (bench_scenarios.hpp), each from a fresh context (nothing memoized across runs).
void BM_EstimateServing(benchmark::State& state) {
    const Catalog& c = bundled::catalog();
    const Scenario s = serving_scenario(state.range(0));
    for (auto _ : state) {
        auto r = estimate(c, s);
        benchmark::DoNotOptimize(r);
    }
}
BENCHMARK(BM_EstimateServing)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

// The curves (curves.hpp) of a result already computed, as the page asks when the scenario changes: the default
// scenario and the three serving ones (Arg 1..3 = serving_scenario 0..2). Budget: ≤ 10 ms natively.
void BM_Curves(benchmark::State& state) {
    const Catalog& c = bundled::catalog();
    const Scenario s = state.range(0) == 0 ? seed() : serving_scenario(state.range(0) - 1);
    const Result r = *estimate(c, s);
    for (auto _ : state) {
        auto curves = estimate_curves(c, s, r);
        benchmark::DoNotOptimize(curves);
    }
}
BENCHMARK(BM_Curves)->Arg(0)->Arg(1)->Arg(2)->Arg(3)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
