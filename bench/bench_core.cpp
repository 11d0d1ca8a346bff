// bench_core.cpp — how fast the core answers. Run: build/native/bench/infersizer_bench
//   --benchmark_repetitions=5 --benchmark_report_aggregates_only=true   (report the medians)
// Budgets (issue "estimation core"): one estimate ≤ 50 µs natively; the full plan fast enough to redo on
// every keystroke (well under one 16 ms frame).
#include "bundled_catalog.hpp"
#include "estimate.hpp"
#include "plan.hpp"
#include "weights.hpp"

#include <benchmark/benchmark.h>

using namespace infersizer;

namespace {

Scenario seed() {
    Scenario s;  // the seed's default: 8B in 4-bit on one consumer card for five people
    return s;
}

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

}  // namespace

BENCHMARK_MAIN();
