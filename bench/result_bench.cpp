// result_bench.cpp — the whole result's speed, built twice from this one file: natively and as WebAssembly with the
// page's own build flags (-Oz -flto, JS-based exceptions), run under node. Google Benchmark is native only, so this
// times with a steady clock and reports medians of whole runs; the two builds' medians divide into the price of
// the page's build. Run: build/native/bench/infersizer_result_bench [runs]
//                        node --no-experimental-fetch build/web/bench/infersizer_result_bench.js [runs]
// Budget (bench_core.cpp): the whole result within one frame, ≤ 10 ms natively and ≤ 30 ms in wasm.
#include "bench_scenarios.hpp"
#include "bundled_catalog.hpp"
#include "catalog_json.hpp"
#include "estimate.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <vector>

using namespace infersizer;

namespace {

volatile double g_sink = 0;  // keeps each result observable, so nothing is optimised away

struct Timing {
    double median_ms, fastest_ms, first_ms;
};

double ms_of(const std::function<void()>& body) {
    const auto t0 = std::chrono::steady_clock::now();
    body();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

// The median, and the fastest run: on a shared machine the fastest is the least disturbed figure. The first run is
// apart: it fills the catalog's memos, as the page's first result does, and in wasm it is the one that pays for
// compiling the code it reaches first (V8 compiles each function on its first call): the page's start-up pays it.
Timing time_runs(int runs, const std::function<void()>& body) {
    const double first = ms_of(body);
    std::vector<double> ms;
    for (int i = 0; i < runs; ++i) ms.push_back(ms_of(body));
    std::sort(ms.begin(), ms.end());
    return {ms[ms.size() / 2], ms.front(), first};
}

void report(const char* name, int runs, const Scenario& s, const EstimateOptions& options) {
    const Catalog& c = bundled::catalog();
    const Timing t = time_runs(runs, [&] {
        auto r = estimate(c, s, options);
        g_sink = g_sink + (r ? r->memory.total_gib.hi : -1.0);
    });
    std::printf("%-34s %9.3f %9.3f %9.3f\n", name, t.median_ms, t.fastest_ms, t.first_ms);
}

}  // namespace

int main(int argc, char** argv) {
    const int runs = argc > 1 ? std::max(1, std::atoi(argv[1])) : 15;
#ifdef __EMSCRIPTEN__
    const char* build = "wasm under node";
#else
    const char* build = "native";
#endif
    std::printf("%d runs, %s; ms: %-15s %9s %9s %9s\n", runs, build, "", "median", "fastest", "first");
    // The page's start-up parses the catalog (data/*.json) before its first result: the same load, from the bundled copy.
    const CatalogFiles files = bundled::files();
    const Timing load = time_runs(runs, [&] {
        auto c = load_catalog(files);
        g_sink = g_sink + (c ? static_cast<double>(c->models.size()) : -1.0);
    });
    std::printf("%-34s %9.3f %9.3f %9.3f\n", "load_catalog (bundled data/)", load.median_ms, load.fastest_ms,
                load.first_ms);
    report("estimate_one (seed, no plan)", runs, bench::seed(), EstimateOptions{false, false});
    report("estimate_one, no explanations", runs, bench::seed(), EstimateOptions{false, false, false});
    report("whole_result/seed", runs, bench::seed(), EstimateOptions{});
    report("whole_result/chat_70b_200_users", runs, bench::serving_scenario(0), EstimateOptions{});
    report("whole_result/rag_72b_32_users", runs, bench::serving_scenario(1), EstimateOptions{});
    report("whole_result/moe_30b_500_users", runs, bench::serving_scenario(2), EstimateOptions{});
    report("whole_result/offline_32b_200k_a_day", runs, bench::serving_scenario(3), EstimateOptions{});
    return g_sink == 12345.678 ? 1 : 0;
}
