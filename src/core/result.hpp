// result.hpp — what it takes: the typed result ("infersizer.result/1"). JSON form in result_json.hpp.
#pragma once

#include "catalog.hpp"
#include "explain.hpp"
#include "interval.hpp"

#include <optional>
#include <string>
#include <vector>

namespace infersizer {

inline constexpr const char* kResultSchema = "infersizer.result/1";

struct MemoryResult {
    Interval weights_gib;
    Interval kv_per_token_kib;
    Interval kv_cache_gib;
    Interval activations_gib;
    Interval runtime_gib;
    Interval colocated_gib;
    // The most any one card of a replica holds of its colocated models (high end, GiB): each placed, largest first,
    // on the card of the replica that holds the least so far (one card without tensor parallelism).
    double colocated_card_gib = 0;
    Interval total_gib;
    double capacity_gib = 0;         // usable memory of hardware × count after the card's own reserve
    double budget_gib = 0;           // capacity × (1 − headroom): what the estimate must fit into
    Interval engine_reserved_gib;    // what the engine grabs at start (vLLM: utilization × capacity)
    bool capacity_known = true;      // false: a CPU platform without a RAM size
    // The KV cache the engine itself will allocate (vLLM/SGLang: reserved − weights − activations − runtime;
    // TensorRT-LLM: 0.9 of what is free; exact-buffer engines: the workload's need).
    Interval kv_pool_gib;
    // Figures above are for one replica (one copy of the model on its TP group or layer split); `replicas`
    // copies run, and all_cards_total_gib is their sum.
    int replicas = 1;
    Interval all_cards_total_gib;
    std::vector<Text> warnings;      // unknown sizes, fallbacks (both languages)
};

// What limits a decode step at the running batch: reading weights and KV, or the FLOPs.
enum class DecodeBound { memory, compute };

// Speed at the scenario's concurrency, from the serving simulation (serving_sim.hpp) run at both ends of
// the efficiency ranges: steady state of a closed loop of `concurrency` clients, warm-up excluded.
struct PerformanceResult {
    Interval prefill_tps;          // one prompt alone, tokens/s
    Interval ttft_s;               // time to first token, median, queueing for admission included
    Interval ttft_p90_s;           // its 90th percentile
    Interval decode_tps_per_seq;   // tokens/s each user sees: 1 / median time per output token, prefill stalls included
    Interval throughput_tps;       // output tokens/s of all replicas together
    Interval burst_ttft_s;         // stress figure: mean TTFT when every user's prompt arrives at the same instant
                                   // (the first round of a fixed-length load test); never used for sizing
    Interval single_stream_tps;    // one user alone on one replica: the pure decode speed
    Interval requests_in_flight;   // sequences in the engines' batches, time-averaged, all replicas
    Interval kv_in_use_gib;        // KV held by those sequences, time-averaged, all replicas
    DecodeBound bound = DecodeBound::memory;  // at the running batch
    bool one_token_answers = false;  // output ≤ 1 token: no token follows the first, so decode_tps_per_seq is the
                                     // step rate, which no user sees; sentences give the first token's time alone
    int64_t running_batch = 1;     // sequences one replica may run at once: its users, or fewer where the
                                   // scheduler's cap or (slot engines) memory binds
    int tp = 1;                    // tensor-parallel degree (layer-split engines: cards in the split)
    bool layer_split = false;      // llama.cpp / Ollama: the `tp` cards hold a layer range each and run one after
                                   // another (no tensor-parallel speed-up); JSON performance.layer_split
    int pp = 1;                    // pipeline stages of one replica, one node each (a model no node's TP group holds)
    int replicas = 1;
    Interval decode_step_s;        // one decode-only step at the mean running batch
    Interval queue_wait_s;         // mean wait from sending a request to its admission into the batch
    std::vector<Text> warnings;    // unknown compute peak, unknown bandwidth, ... (both languages)
};

struct FitResult {
    bool fits = false;
    Interval max_concurrency;  // sequences of context_tokens that fit
    Interval max_context;      // tokens per sequence that fit at the given concurrency
    bool capacity_known = true; // false: the hardware's memory size is unknown (fits is then false)
    Interval kv_budget_gib;    // memory left for the KV cache on all the cards (the engine's pool where it sizes one)
    bool one_sequence_fits = false;  // weights + buffers + one full-context sequence fit each replica (the engine
                                     // starts); `fits` asks every user at the full context at once
};

struct PlanRow {
    std::string hardware;  // catalog id
    std::string name;      // display name
    Interval cards;
    int tp = 1;
    Interval replicas;
    Interval cost_per_month;   // in `currency`; lo == hi == 0 with has_price false when unknown
    std::string currency = "USD";
    bool has_price = false;
    bool meets_targets = false;
    bool fits = false;         // weights + one full sequence fit the row's layout (one node, or stages across nodes)
    int64_t batch_per_replica = 0;  // users per replica at the pessimistic end (users_per_replica.lo)
    Interval users_per_replica;     // users one replica serves within the targets (slow end … fast end)
    Interval decode_tps_per_seq;    // at the planned users per replica (the pessimistic replica count)
    Interval ttft_s;                // p90, likewise
    Text binding;                   // what limits the users per replica, in numbers
    bool simulated = false;         // false: screened with the steady-state estimate only
    std::string note;          // why it fails or what limits it (English; note_text has both languages)
    // Added by the planner: the layout behind `tp`, and the note in both languages.
    int pp = 1;                // pipeline stages across nodes (TP beyond one node's cards: catalog.hpp node_cards)
    bool layer_split = false;  // llama.cpp / Ollama: `tp` counts cards in a layer split (no TP speed-up)
    bool one_node = true;      // a replica within one node's cards (the plan lists these first); not in the JSON
    Text note_text;
    Interval price_per_card_hour_usd;  // the rental price behind cost_per_month (has_price; explain_plan_row)
};

enum class Verdict { yes, conditional, no };

// The rows of the decision table: the three paths, then the seed's scenarios. JSON: the lower-case names.
enum class DecisionOption { cpu, gpu, api, personal, offline_batch, cloud_api, online_service };

struct DecisionRow {
    DecisionOption option = DecisionOption::gpu;
    Verdict verdict = Verdict::no;
    Text reason;         // the key judgement in one sentence
    Text fails_when;     // the concrete failure point found by searching the input space
};

struct CostResult {
    Interval self_hosted_per_month_usd;
    Interval self_hosted_per_mtok_usd;  // per 1M output tokens at the given traffic
    Interval api_per_month_usd;
    std::string api_model;              // the API row used for comparison (English)
    Text api_model_text;                // the same in both languages (the rows' "off-peak"/"peak" as 谷时/峰时)
    Interval break_even_requests_per_day;  // traffic above which self-hosting is cheaper; +∞ at an end where it never is
                                           // (fully loaded, the setup costs more per request than the API)
    Interval capacity_requests_per_day;    // what the priced setup finishes a day at its peak load; {0, 0} unknown
    double cny_per_usd = 0;
    bool has_gpu_price = false;
    // Added by cost.cpp: what the self-hosted figure prices ("1 × RTX 4090", or the planner's pick when the
    // user's hardware has no price), the API row in its own currency, and which figures are known.
    std::string self_hosted_config;
    bool self_hosted_from_planner = false;
    bool own_cards_cannot_run = false;     // the user's cards have a price but cannot run the model (not in the JSON)
    bool has_per_mtok = false;             // false when the traffic is 0 requests/day
    bool has_api_price = false;            // false when the catalog has no comparable API row
    std::string api_currency = "USD";      // currency of the API row
    Interval api_per_month_native;         // api_per_month in api_currency
    Text api_rule;                         // why this API row was chosen
    Text price_basis;                      // which rental prices the self-hosted cost uses (scenario pricing.gpu)
};

// The commands with their "#" comments in each language (deploy.cpp); the command lines are the same in both.
struct DeployHints {
    Text launch_command;
    Text load_test_command;
};

// MoE expert offload (llama.cpp --n-cpu-moe, offload.hpp): the model does not fit the cards, but its
// non-expert weights, KV and buffers do, with the routed experts of the first layers kept in host RAM.
struct OffloadResult {
    bool applicable = false;       // false: even with every MoE layer's experts in RAM the cards overflow
    int n_cpu_moe_layers = 0;      // the --n-cpu-moe N value (counts layers from the first, dense ones too)
    int moe_layers_offloaded = 0;  // MoE layers among those N whose experts move to host RAM
    int moe_layers = 0;            // MoE layers of the model
    Interval gpu_gib;              // what stays on the cards (weights left + KV + activations + runtime)
    double budget_gib = 0;         // the cards' budget it must fit (capacity × (1 − headroom))
    Interval host_ram_gib;         // the offloaded experts' bytes, held in host RAM
    Interval decode_tps_per_seq;   // per user at the running batch
    Interval ttft_s;
    Interval throughput_tps;       // output tokens/s of the running batch together, each request its TTFT then its
                                   // output (what the day's requests are judged against without latency targets)
    Interval gpu_only_tps;         // the same decode if the whole model were on the cards (does not fit)
    Interval cpu_only_tps;         // the same decode on the host platform alone
    std::string host_platform;     // catalog CPU platform id assumed for the host's memory bandwidth
    std::string host_name;
    double host_bandwidth_gbs = 0;
    Text note;                     // one sentence: the flag, the split, the speed
    std::vector<Text> warnings;
};

// The one judgement of the scenario's setup that every surface shows (core's judge.hpp): the headline badge,
// the sentence, the speed and memory panels and the CLI report read it and never judge on their own.
enum class ServingStatus {
    meets,           // memory holds the load and both targets hold at the pessimistic end
    misses_targets,  // it runs, but a target is missed at the pessimistic end
    does_not_fit,    // it cannot run: not even one full-context sequence fits a replica (or, for engines that
                     // reserve a whole context per slot, not every slot)
};

// How a setup that does not fit as given can still run; the judge reads it into the badge (conditional) and the
// sentence says what it takes. JSON: "none", "careful_end", "raise_wired_limit", "expert_offload".
enum class FitRemedy {
    none,
    careful_end,        // one full-context sequence fits only at the careful end of the memory ranges
    raise_wired_limit,  // Apple: fits the unified memory once macOS's GPU wiring cap is raised
    expert_offload,     // MoE: runs with the first layers' experts in host RAM (llama.cpp --n-cpu-moe)
};

struct TargetsMet {
    bool ttft = false;          // p90 TTFT within the target at the slow end
    bool tps_per_user = false;  // per-user tokens/s at or above the target at the slow end
    bool ttft_at_best = false;  // the same at the fast end
    bool tps_at_best = false;
    // Without latency targets (an offline batch): the setup finishes the day's requests (scenario.traffic.
    // requests_per_day) at the slow end / at the fast end. Always true where latency targets apply (they size the
    // setup; the day's volume is then a warning) or the setup does not fit.
    bool daily_volume = true;
    bool daily_volume_at_best = true;
    bool daily_volume_applicable = false;  // no latency target and requests a day to finish
    bool optimistic = false;    // every target holds at the fast end (a "borderline" setup when status misses)
    bool applicable = true;     // false: the scenario sets no latency target (targets.no_latency_target); the
                                // flags above then hold trivially and surfaces say "no target", not "met"
    // false where the per-user speed is not judged (scenario.hpp per_user_speed_judged): no latency target, or a
    // one-token answer, whose only latency is its first token; tps_per_user then holds trivially.
    bool tps_per_user_applicable = true;
};

// The card count the planner chose when the scenario left `count` open: an interval over the efficiency ends,
// with the layout behind it ("8–12 × H100 (TP 2 × 4–6)").
struct PlannedCount {
    Interval cards;
    Interval replicas;
    int tp = 1;
    int pp = 1;
    bool layer_split = false;
};

// One of the seed's frequently asked questions, answered for this scenario (faq.hpp).
struct FaqEntry {
    std::string id;  // "reuse_training_cards", "quantization_vs_gpu"
    Text question;
    Text answer;
};

struct Result {
    std::string model_name;
    std::string hardware_name;
    int count = 1;           // cards used for the estimate (the planner's pick when the scenario left it open)
    bool count_from_planner = false;
    MemoryResult memory;
    PerformanceResult performance;
    FitResult fit;
    std::vector<PlanRow> plan;
    std::vector<DecisionRow> decision;   // cpu, gpu, api
    std::vector<DecisionRow> scenarios;  // the seed's scenarios
    CostResult cost;
    DeployHints deploy;
    std::optional<OffloadResult> offload;  // present when the model is MoE, does not fit, and offload was judged
    ServingStatus status = ServingStatus::does_not_fit;
    TargetsMet targets_met;
    FitRemedy remedy = FitRemedy::none;  // does_not_fit only: what still makes it run and meet the targets
    // does_not_fit because the engine cannot serve the weight format on this hardware at all (context.hpp
    // cannot_run_on), whatever memory says: the reason. JSON "cannot_run": the reason in the language, or null.
    std::optional<Text> cannot_run;
    std::optional<PlannedCount> planned;    // count chosen by the planner
    std::optional<Interval> cards_needed;   // the user gave more cards than the planner needs: this many suffice
    Text verdict;                        // one sentence at the top of the page
    std::vector<FaqEntry> faq;           // the seed's two questions answered here (with the plan and decisions)
    std::vector<Text> warnings;
    // How each figure above was computed, by its path ("memory.kv_cache_gib", "plan[0].cards"): recorded by
    // the module that computes the figure (explain.hpp).
    Explain explain;
};

}  // namespace infersizer
