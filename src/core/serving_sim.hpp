// serving_sim.hpp — iteration-level continuous batching, simulated step by step.
//
// What a load tool measures at N requests in flight (`vllm bench serve --max-concurrency N`, `sglang
// bench_serving`): a closed loop of N clients, each sending its next request as soon as the last one
// finished, against an engine that schedules one step at a time. Each step carries the running decodes and,
// up to the engine's token budget, chunks of waiting prompts (vLLM max_num_batched_tokens, SGLang
// chunked_prefill_size, TensorRT-LLM max_num_tokens, llama.cpp n_batch). Admission is limited by the
// engine's sequence cap and by free KV; a paged engine preempts the newest request when KV runs out and
// recomputes it later. The step's time comes from a StepCost (the roofline of step_model.hpp in the
// estimate; anything in the tests). docs/serving.md describes the scheduler each engine runs.
//
// The result is the steady state: the first round of requests (the synchronised start of a fixed-length
// closed loop) is excluded, then a few rounds are measured. Runs of identical decode steps between events
// (a request finishing, a prompt arriving, KV running out) are advanced at once, so a simulation costs in
// proportion to the events, not to the tokens.
#pragma once

#include "step_model.hpp"

#include <cstdint>

namespace infersizer {

// How the engine schedules.
struct SchedulerConfig {
    int64_t max_seqs = 1;            // sequences running at once (vLLM max_num_seqs, llama.cpp --parallel slots)
    // How max_seqs follows the users (speed.hpp's scheduler_base / with_users): the engine's default cap, raised
    // to the users for continuously batching engines, then bounded by the slots memory holds (0: no bound).
    int64_t default_max_seqs = 1;
    bool raise_to_users = false;
    int64_t slot_limit = 0;
    int64_t step_tokens = 8192;      // tokens one step may carry (decodes count one each in a mixed step)
    bool chunked_prefill = true;     // a prompt may be split across steps; else it waits for room for all of it
    bool mixed_steps = true;         // decodes ride in the steps that carry prompt chunks; else prefill steps
                                     // run alone and stall the decodes (SGLang's default)
    bool paged_kv = true;            // KV grows as tokens are computed; else a slot holds its context from the start
    int64_t kv_capacity_tokens = 0;  // paged: tokens the KV pool holds on this replica (0: unlimited)
    int64_t kv_block_tokens = 16;    // allocation granularity (half a block per sequence is counted as slack)
    int64_t decode_block_steps = 1;  // decode steps run between two scheduling points (vLLM 0.6
                                     // --num-scheduler-steps); new prompts wait for the block to end
    bool reserve_full_sequence = false;  // paged: admission reserves prompt + output (TensorRT-LLM's
                                         // GUARANTEED_NO_EVICT); else KV grows per token and the newest request
                                         // is preempted when it runs out (vLLM)
    double serving_path_s = 0;       // added to every first token: the client's request outside the engine (HTTP,
                                     // tokenizer, streaming; speed.hpp kServingPathS). The engine's load is the
                                     // requests in flight: the path's few ms of a cycle are not taken off it
};

struct Workload {
    int64_t clients = 1;             // closed loop: requests in flight
    double arrival_rate_per_s = 0;   // > 0: an open loop instead, Poisson arrivals at this rate (clients unused)
    int64_t prompt_tokens = 1;
    int64_t output_tokens = 1;
    LengthSpread spread = LengthSpread::fixed;
    int64_t total_requests = 0;      // > 0: a finite closed-loop run as a load tool makes it (num_prompts): every
                                     // client sends at once, no more than this many requests are sent, and all of
                                     // them are measured, the synchronised first rounds and the drain included
};

// The step time the simulation charges. decode_run_s sums `steps` decode-only steps whose positions grow by
// one per sequence per step; the default adds them one by one.
class StepCost {
public:
    virtual ~StepCost() = default;
    virtual double step_s(const StepMix& mix) const = 0;
    virtual double decode_run_s(double seqs, double positions0, int64_t steps) const;
};

// A StepModel at one end of its efficiency ranges.
class StepModelCost final : public StepCost {
public:
    StepModelCost(const StepModel& model, End end) : model_(model), end_(end) {}
    double step_s(const StepMix& mix) const override { return model_.step_s(mix, end_); }
    double decode_run_s(double seqs, double positions0, int64_t steps) const override {
        return model_.decode_run_s(seqs, positions0, steps, end_);
    }

private:
    const StepModel& model_;
    End end_;
};

// Steady-state figures. Times in seconds; every field finite.
struct SimOutcome {
    double ttft_p50_s = 0;
    double ttft_p90_s = 0;
    double ttft_mean_s = 0;
    double tpot_p50_s = 0;          // time per output token after the first, per request (its median)
    double tpot_mean_s = 0;
    double throughput_tps = 0;      // output tokens per second of the whole replica
    double requests_per_s = 0;
    double mean_running = 0;        // sequences in the engine's batch (decoding or prefilling), time-averaged
    double mean_waiting = 0;        // requests sent but not yet admitted (the server's queue)
    double kv_tokens_mean = 0;      // KV tokens in use, time-averaged (paged engines)
    double kv_tokens_peak = 0;
    double queue_wait_s = 0;        // mean wait from sending to admission, clients beyond what the server holds included
    double burst_ttft_s = 0;        // simulate_burst_ttft_s only
    double mean_step_s = 0;         // average step time in the window
    int64_t preemptions = 0;        // in the measured window
    int64_t measured_requests = 0;
    int64_t simulated_clients = 0;  // clients simulated (≤ clients; the rest are the queue_wait_s)
    bool kv_too_small = false;      // a request can never be admitted: its prompt alone exceeds the KV pool
    bool overloaded = false;        // open loop: arrivals outpace the replica and the queue kept growing
};

SimOutcome simulate_serving(const StepCost& cost, const SchedulerConfig& scheduler, const Workload& workload);

// A steady-state estimate without stepping: a fixed point of the mean step (decodes and prefill tokens per step
// from the request cycle, the cycle from the step), then the queue by Little's law. Fills the same fields as
// simulate_serving (the percentiles are the mean); a few microseconds instead of tens to hundreds, so searches
// screen with it and confirm their answer with the simulation.
SimOutcome steady_state_estimate(const StepCost& cost, const SchedulerConfig& scheduler, const Workload& workload);

// KV tokens a typical request holds in a paged pool: prompt + half the output (the mean length in flight), or the
// whole sequence where admission reserves it, plus half a block. The screen's batch and performance.running_batch.
double typical_kv_tokens(const SchedulerConfig& scheduler, const Workload& workload);

// The stress case: every client sends at the same instant (a load test's first round, or one whose
// num_prompts equals its concurrency); the mean TTFT of those requests. Never the steady state.
double simulate_burst_ttft_s(const StepCost& cost, const SchedulerConfig& scheduler, const Workload& workload);

}  // namespace infersizer
