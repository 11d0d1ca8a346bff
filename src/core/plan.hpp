// plan.hpp — from memory and speed to cards (docs/estimation.md §6): the smallest replica layout that holds the
// model, then the users one replica serves within the targets at each end of the efficiency ranges (the serving
// simulation, sizing.hpp), replicas for the peak concurrency, cards and their cost.
#pragma once

#include "context.hpp"
#include "memory.hpp"
#include "result.hpp"

#include <optional>
#include <vector>

namespace infersizer {

// How a plan row's users per replica are found: the steady-state estimate alone (a screen), or settled by the
// serving simulation.
enum class Precision { screen, simulate };

// Plan for one accelerator (ctx.hardware is replaced by `hw`).
PlanRow plan_for(const Context& ctx, const Hardware& hw, Precision precision = Precision::simulate);

// Plan for every non-CPU accelerator of the catalog, cheapest meeting the targets first. Every row is screened;
// the first kSimulatedPlanRows and the scenario's own hardware are settled by the simulation.
std::vector<PlanRow> plan_all(const Context& ctx);
inline constexpr int kSimulatedPlanRows = 6;

// Records how `row` came to its cards and monthly cost (explain.hpp), keyed prefix + "cards" and
// prefix + "cost_per_month" ("plan[2]."): from the row's own figures, for a row the result shows.
void explain_plan_row(const Context& ctx, const PlanRow& row, const std::string& prefix, Explain& out);

// One replica's cards: `tp` cards split each layer's matrices (TP engines) or the layers (layer_split:
// llama.cpp, Ollama — what `tp` means to memory.cpp and speed.cpp for them); `pp` pipeline stages of `tp`
// cards each, one per node, when a TP engine needs more than one node.
struct ReplicaLayout {
    int tp = 1;
    int pp = 1;
    bool layer_split = false;
    int cards() const { return tp * pp; }
};

// The planner's smallest layout of at most `max_cards` cards on `hw` (TP 1, 2, 4 … up to one node, then the
// node's TP × pipeline stages across nodes) whose memory holds weights + runtime + activations + one
// full-context sequence; nullopt when none does.
std::optional<ReplicaLayout> smallest_fitting_layout(const Context& ctx, const Hardware& hw, int max_cards);

// What a configuration misses. `memory`: not even one sequence fits; `unknown`: speed cannot be computed
// (the catalog lacks the bandwidth).
struct Misses {
    bool memory = false;
    bool ttft = false;
    bool tps = false;
    bool unknown = false;
    // Without latency targets: the day's requests do not finish (context.hpp DailyVolume), with the figures the
    // sentence names: what this end finishes a day and what the day asks.
    bool volume = false;
    double per_day = 0;
    double needed_per_day = 0;
    bool share = false;  // needed_per_day is the share of fewer users than the scenario's (a replica's, one user's)
    // A slot engine (llama.cpp, Ollama: a whole-context slot per user, reserved at start) whose memory holds fewer
    // slots than the users it serves: `slots_held` in all, the rest do not start (check_serving).
    bool slots = false;
    double slots_held = 0;
    // A MoE model split with --n-cpu-moe (decision_search.cpp): even every MoE layer's experts in host RAM leave the
    // cards overflowing.
    bool split_overflows = false;
    bool any() const { return memory || ttft || tps || unknown || volume || slots || split_overflows; }
};

// One end of a speed result against the targets, the core's one rule (sizing.hpp): p90 TTFT within the TTFT
// target, tokens/s per user (1 / median time per output token) at or above the target. Optimistic compares the
// fast ends, pessimistic the slow ends. `unknown` when a figure is not a finite positive number.
// Without latency targets, the day's volume instead: the setup, at the `concurrency` of the scenario's users that
// `perf` was computed for, finishes their share of the day's requests (all of them at the scenario's concurrency,
// as the sizer counts a replica's users, sizing.hpp volume_within).
// The per-user speed is judged only where per_user_speed_judged (scenario.hpp): not for one-token answers.
Misses target_misses(const PerformanceResult& perf, const Scenario& scenario, const DailyVolume& volume,
                     int64_t concurrency, bool optimistic);

// What a miss means, in both languages ("TTFT exceeds 2 s, and per-user speed drops below 10 tok/s");
// "显存" / "统一内存" / "内存" by the kind of hardware.
Text describe_misses(const Misses& m, const Targets& targets, const Hardware& hw);
std::string memory_word_zh(const Hardware& hw);

struct ServingCheck {
    PerformanceResult perf;  // at the given concurrency (all replicas together)
    Interval max_batch;      // sequences of context_tokens that memory holds per replica
    bool capacity_known = true;
    Misses optimistic;       // the fast / small-memory ends against the targets
    Misses pessimistic;      // the slow / large-memory ends
};

// What memory holds on one layout: sequences of `context_tokens` per replica (floored; from estimate_fit,
// independent of the concurrency), whether one full sequence fits, and the KV the simulation admits against.
// Without a known capacity (a CPU platform without a RAM size) nothing limits the batch.
struct MemoryBatch {
    Interval per_replica;
    ReplicaKv kv;
    bool capacity_known = true;
    bool one_sequence_fits = false;
};
MemoryBatch memory_batch(const Context& ctx, const Hardware& hw, ReplicaLayout layout, int replicas,
                         int64_t context_tokens);

// `concurrency` users with sequences of `context_tokens` on `replicas` replicas of `layout` on `hw`, against
// ctx's targets, simulated (without the burst figure).
ServingCheck check_serving(const Context& ctx, const Hardware& hw, ReplicaLayout layout, int replicas,
                           int64_t concurrency, int64_t context_tokens);
// The same with the memory side computed once.
ServingCheck check_serving_with(const Context& ctx, const Hardware& hw, ReplicaLayout layout, int replicas,
                                int64_t concurrency, int64_t context_tokens, const MemoryBatch& memory);

// The scenario on `cards` of `hw` at `concurrency` and `context_tokens` (what the searches vary).
Context context_on(const Context& ctx, const Hardware& hw, int cards, int64_t concurrency, int64_t context_tokens);

// A server holds node_cards(hw) cards (catalog.hpp: 8, HGX/DGX boards, unless the catalog says otherwise); TP
// stops there and pipeline stages go across nodes. The planner searches up to kMaxNodes nodes per replica: a
// search bound, not a physical limit.
inline constexpr int kMaxNodes = 16;

}  // namespace infersizer
