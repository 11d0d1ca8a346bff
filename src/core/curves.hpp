// curves.hpp — the result as curves: how speed, memory and cost move when one input moves, and the reverse
// questions ("how far can I go on these cards?"). A separate call from estimate(): a curve costs a few dozen
// memory and speed estimates, which the whole result's per-keystroke budget cannot carry for every caller.
//
// Every point comes from the same functions the estimate uses (estimate_speed, estimate_memory, estimate_fit,
// judge_setup, decode_step_s, estimate_cost) on the result's own layout: the cards, the tensor parallelism and the
// replicas the estimate chose stay fixed, and one input moves. So each curve passes through the result's own
// figure at the scenario's value. JSON form: curves_json.hpp; docs/contract.md "Curves".
#pragma once

#include "catalog.hpp"
#include "error.hpp"
#include "interval.hpp"
#include "result.hpp"
#include "scenario.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace infersizer {

// How an axis's figures print (the page's ticks and the read-out use the core's fmt:: figure style for each).
enum class AxisKind { count, tokens, seconds, gib, tps, usd };

struct CurveAxis {
    Text label;      // "同时在处理的请求" / "requests in flight"
    AxisKind kind = AxisKind::count;
    bool log = false;  // log scale (every value on a log axis is > 0)
};

struct CurvePoint {
    double x = 0;
    Interval y;  // the band: lo ≤ hi, finite
};

struct CurveSeries {
    std::string id;  // "ttft_p50", "self_hosted"
    Text name;       // legend entry
    std::vector<CurvePoint> points;  // x ascending
};

// A reference line: a target (horizontal), the card's budget, the scenario's own value, the break-even.
struct CurveLine {
    std::string id;
    bool vertical = false;  // a vertical line stands at x = value, a horizontal one at y = value
    double value = 0;
    Interval span;          // what the line stands for when it is a range (the break-even): lo ≤ value ≤ hi
    Text label;
};

struct Chart {
    std::string id;  // ttft, tps_per_user, throughput, memory_context, memory_concurrency, cost, decode_context
    std::string group;  // latency, memory, cost, decode: the page draws a group's charts together
    Text title;
    CurveAxis x, y;
    std::vector<CurveSeries> series;
    std::vector<CurveLine> lines;
    std::optional<CurveLine> marker;  // the one point the chart is about (largest concurrency, break-even)
};

// The reverse questions for the chosen cards. Each answer has its sentence in both languages.
struct ReverseAnswers {
    // Largest requests in flight that still meet the targets on these cards (judge_setup says "meets"); 0 when
    // not even one does. `capped`: the search stopped at its ceiling while still meeting (no latency target).
    int64_t max_concurrency = 0;
    bool max_concurrency_capped = false;
    // Longest context each of the scenario's users can hold at once on these cards (the fit's max_context,
    // capped at the model's maximum), when the setup meets the targets; {0, 0} otherwise.
    Interval max_context;
    // The smallest weight format (fewest bits) the engine runs on this hardware that still meets the targets on
    // these cards; "" when none does.
    std::string smallest_weights;
    double smallest_weights_bits = 0;
    std::vector<Text> sentences;  // one per question, in the order above
};

struct Curves {
    std::vector<Chart> charts;
    ReverseAnswers reverse;
    // The grids (what the charts' x values are drawn from).
    std::vector<int64_t> concurrency_grid;
    std::vector<int64_t> context_grid;
    std::vector<double> requests_per_day_grid;
};

// Curves of `result`, which estimate(catalog, scenario) returned (with the plan when the cost is to use the
// planner's pick, as the full estimate does). Errors: the scenario's own (resolve()).
Expected<Curves> estimate_curves(const Catalog& catalog, const Scenario& scenario, const Result& result);
// The same after estimating the scenario itself (the CLI; the page passes the result it already has).
Expected<Curves> estimate_curves(const Catalog& catalog, const Scenario& scenario);

// Requests in flight drawn: about `n` values spaced evenly on a log scale from 1 to `top`, whole, ascending,
// without repeats, with `must` values added (the scenario's own, the largest that meets and the next one).
std::vector<int64_t> log_grid(int64_t top, int n, const std::vector<int64_t>& must = {});

}  // namespace infersizer
