// The serving simulation against answers known without it: one client is the single stream; with prompts
// free every step carries the whole batch, so throughput is batch / step; faster memory never slows
// anything; more clients never shorten the first token nor speed up each user; a full KV pool caps the
// requests in flight; a slot engine never runs more than its slots.
#include "memory.hpp"
#include "serving_sim.hpp"
#include "speed.hpp"
#include "support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

using namespace infersizer;

namespace {

// A step costs `fixed_s` + `per_seq_s` for each sequence in it (decoding or prefilling) + `per_prompt_token_s`
// for each prompt token it computes.
class LinearCost final : public StepCost {
public:
    LinearCost(double fixed_s, double per_seq_s, double per_prompt_token_s)
        : fixed_s_(fixed_s), per_seq_s_(per_seq_s), per_prompt_token_s_(per_prompt_token_s) {}
    double step_s(const StepMix& m) const override {
        return fixed_s_ + per_seq_s_ * (m.decode_seqs + m.prefill_seqs) + per_prompt_token_s_ * m.prefill_tokens;
    }

private:
    double fixed_s_, per_seq_s_, per_prompt_token_s_;
};

// vLLM's scheduler shape: mixed steps, chunked prefill, paged KV without a limit, a cap of `seqs`.
SchedulerConfig continuous(int64_t seqs, int64_t step_tokens = 1 << 20) {
    SchedulerConfig sc;
    sc.max_seqs = seqs;
    sc.default_max_seqs = seqs;
    sc.step_tokens = step_tokens;
    sc.kv_capacity_tokens = 0;
    return sc;
}

Workload closed_loop(int64_t clients, int64_t prompt, int64_t output) {
    Workload w;
    w.clients = clients;
    w.prompt_tokens = prompt;
    w.output_tokens = output;
    return w;
}

// The rest of the scenario at Scenario's defaults.
Context make(const std::string& model, const std::string& weights, const std::string& engine, const std::string& hw,
             int count = 1) {
    return test::resolve_ok(test::scenario(model, weights, engine, hw, count));
}

double rel(double a, double b) { return std::fabs(a - b) / std::max(std::fabs(b), 1e-12); }

}  // namespace

// One client alone: its first token is its prompt prefilled alone (in the engine's chunks) plus the serving path,
// each later token one decode step at its position, and the engine's request cycle is the two engine parts together.
TEST(ServingSim, OneClientReproducesTheSingleStream) {
    struct Case {
        const char *model, *weights, *engine, *hw;
        int tp;
        int64_t prompt, output;
    };
    for (const Case& c : {Case{"Llama-3.1-8B", "bf16", "vllm", "nvidia-h100-sxm-80gb", 1, 3000, 200},
                          Case{"Llama-3.1-70B", "fp8", "vllm", "nvidia-h100-sxm-80gb", 2, 20000, 500},
                          Case{"Qwen3-8B", "Q4_K_M", "llama.cpp", "nvidia-rtx-4090", 1, 1000, 300},
                          Case{"Qwen3-30B-A3B", "bf16", "sglang", "nvidia-a100-sxm-80gb", 1, 2000, 100}}) {
        const Context ctx = make(c.model, c.weights, c.engine, c.hw, c.tp);
        const StepModel model(ctx, c.tp);
        const ReplicaKv kv = replica_kv(ctx, c.tp, c.tp);
        for (End end : {End::fast, End::slow}) {
            const SchedulerConfig sc = scheduler_for(ctx, 1, kv, end);
            const SimOutcome o = simulate_serving(StepModelCost(model, end), sc, closed_loop(1, c.prompt, c.output));
            const double ttft = model.prefill_alone_s(c.prompt, sc.step_tokens, end);
            const double decode = model.decode_run_s(1, static_cast<double>(c.prompt + 1), c.output - 1, end);
            const std::string where = std::string(c.model) + " " + c.engine + (end == End::fast ? " fast" : " slow");
            EXPECT_EQ(sc.serving_path_s, end == End::fast ? kServingPathS.lo : kServingPathS.hi) << where;
            EXPECT_LT(rel(o.ttft_p50_s, ttft + sc.serving_path_s), 1e-9) << where << ": " << o.ttft_p50_s << " vs " << ttft;
            EXPECT_LT(rel(o.ttft_p90_s, ttft + sc.serving_path_s), 1e-9) << where;
            EXPECT_LT(rel(o.tpot_p50_s, decode / static_cast<double>(c.output - 1)), 1e-9) << where;
            EXPECT_LT(rel(o.throughput_tps, static_cast<double>(c.output) / (ttft + decode)), 1e-9) << where;
            EXPECT_NEAR(o.mean_running, 1.0, 1e-9) << where;
            EXPECT_EQ(o.queue_wait_s, 0.0) << where;
        }
    }
}

// A run of decode steps costs its steps summed: decode_run_s works out once per count and end what does not move with
// the positions (the fixed cost, the weights or matmuls, the links) and each step's KV read and attention from
// there, so every short run must equal its steps through step_s to the last bit, and a long run (trapezoids) be
// within half a percent (0.3 % where the mean position crosses Gemma 3's window mid-run, a kink). The counts and ends alternate, so a figure kept from another count or the other
// end shows. The cases: TP (links), MoE with the expert blocks' fixed cost, sliding windows (Gemma 3, gpt-oss) past their
// window, llama.cpp's layer split with more sequences than one forward (several forwards, pipelined at the fast end),
// DeepSeek's latent attention on a split over eight cards.
TEST(ServingSim, ARunOfDecodeStepsIsItsStepsSummed) {
    struct Case {
        const char *model, *weights, *engine, *hw;
        int tp;
    };
    for (const Case& c : {Case{"Llama-3.1-70B", "fp8", "vllm", "nvidia-h100-sxm-80gb", 2},
                          Case{"Qwen3-30B-A3B", "bf16", "sglang", "nvidia-a100-sxm-80gb", 1},
                          Case{"Gemma-3-27B", "bf16", "vllm", "nvidia-h100-sxm-80gb", 2},
                          Case{"gpt-oss-20b", "mxfp4", "vllm", "nvidia-h100-sxm-80gb", 1},
                          Case{"Qwen3-8B", "Q4_K_M", "llama.cpp", "nvidia-rtx-4090", 2},
                          Case{"DeepSeek-V3", "Q4_K_M", "llama.cpp", "nvidia-h100-sxm-80gb", 8}}) {
        const Context ctx = make(c.model, c.weights, c.engine, c.hw, c.tp);
        const StepModel model(ctx, c.tp);
        for (double seqs : {1.0, 7.0, 1500.0, 7.0, 0.0}) {
            for (End end : {End::fast, End::slow, End::fast}) {
                for (double mean_position : {100.0, 5000.0}) {
                    const double positions0 = seqs * mean_position;
                    const std::string where = std::string(c.model) + (end == End::fast ? " fast, " : " slow, ") +
                                              std::to_string(int(seqs)) + " seqs at " + std::to_string(int(mean_position));
                    auto summed = [&](int64_t steps) {
                        double sum = 0;
                        for (int64_t i = 0; i < steps; ++i) {
                            StepMix mix;
                            mix.decode_seqs = seqs;
                            mix.decode_positions = positions0 + seqs * static_cast<double>(i);
                            sum += model.step_s(mix, end);
                        }
                        return sum;
                    };
                    for (int64_t steps = 1; steps <= 4; ++steps)
                        EXPECT_EQ(model.decode_run_s(seqs, positions0, steps, end), summed(steps)) << where << ", " << steps;
                    const double run = model.decode_run_s(seqs, positions0, 3000, end), sum = summed(3000);
                    if (seqs == 0) EXPECT_EQ(run, 0.0) << where;
                    else EXPECT_LT(rel(run, sum), 5e-3) << where << ": " << run << " vs " << sum;
                }
            }
        }
    }
}

// The serving path (what a client's request passes outside the engine: HTTP, tokenizer, the first chunk streamed) is
// added to every first token the client sees — median, p90, mean and the burst, in the simulation and in the screen's
// steady-state formula alike — and to nothing else: the engine's steps, its time per output token and its throughput
// are those of the same load without it.
TEST(ServingSim, TheServingPathIsAddedToEveryFirstTokenAndToNothingElse) {
    const Context ctx = make("Qwen3-8B", "bf16", "vllm", "nvidia-h100-sxm-80gb");
    const StepModel model(ctx, 1);
    const ReplicaKv kv = replica_kv(ctx, 1, 1);
    const StepModelCost cost(model, End::slow);
    SchedulerConfig without = scheduler_for(ctx, 16, kv, End::slow);
    ASSERT_EQ(without.serving_path_s, 0.05);  // speed.hpp kServingPathS: 50 ms at the slow end
    without.serving_path_s = 0;
    SchedulerConfig with = without;
    with.serving_path_s = 0.05;
    const Workload w = closed_loop(16, 233, 221);
    int which = 0;
    for (auto run : {simulate_serving, steady_state_estimate}) {
        SCOPED_TRACE(which++ == 0 ? "simulation" : "steady-state formula");
        const SimOutcome a = run(cost, without, w), b = run(cost, with, w);
        EXPECT_NEAR(b.ttft_p50_s - a.ttft_p50_s, 0.05, 1e-12);
        EXPECT_NEAR(b.ttft_p90_s - a.ttft_p90_s, 0.05, 1e-12);
        EXPECT_NEAR(b.ttft_mean_s - a.ttft_mean_s, 0.05, 1e-12);
        EXPECT_EQ(b.tpot_p50_s, a.tpot_p50_s);
        EXPECT_EQ(b.throughput_tps, a.throughput_tps);
        EXPECT_EQ(b.queue_wait_s, a.queue_wait_s);
        EXPECT_EQ(b.mean_running, a.mean_running);
    }
    EXPECT_NEAR(simulate_burst_ttft_s(cost, with, w) - simulate_burst_ttft_s(cost, without, w), 0.05, 1e-12);
}

// With prompts free, a step carries every client (the one whose prompt arrived is prefilled in a step with
// the others' decodes and samples its first token there), so each step makes one token per client.
TEST(ServingSim, WithPrefillFreeThroughputIsTheBatchOverTheStep) {
    const double fixed_s = 0.012, per_seq_s = 0.0004;
    for (int64_t n : {1, 2, 7, 32, 100, 257}) {
        const LinearCost cost(fixed_s, per_seq_s, 0.0);
        const SimOutcome o = simulate_serving(cost, continuous(n), closed_loop(n, 500, 64));
        const double step = fixed_s + per_seq_s * static_cast<double>(n);
        EXPECT_LT(rel(o.throughput_tps, static_cast<double>(n) / step), 1e-9) << n << " clients";
        EXPECT_LT(rel(o.tpot_p50_s, step), 1e-9) << n << " clients";
        EXPECT_LT(rel(o.ttft_p50_s, step), 1e-9) << n << " clients";  // one step: its own prefill
        EXPECT_LT(rel(o.mean_running, static_cast<double>(n)), 1e-9) << n << " clients";
    }
}

// Twice the memory bandwidth on the same card: no figure of the steady state gets worse.
TEST(ServingSim, DoublingBandwidthNeverSlowsAnything) {
    struct Case {
        const char *model, *weights, *engine, *hw;
        int tp;
        int64_t prompt, output;
    };
    constexpr double kTol = 1e-6;
    for (const Case& c : {Case{"Llama-3.1-8B", "bf16", "vllm", "nvidia-l4-24gb", 1, 1000, 200},
                          Case{"Llama-3.1-70B", "fp8", "vllm", "nvidia-h100-sxm-80gb", 2, 1500, 300},
                          Case{"Qwen3-8B", "Q4_K_M", "llama.cpp", "nvidia-rtx-4090", 1, 1000, 300},
                          Case{"Llama-3.1-8B", "fp8", "tensorrt-llm", "nvidia-h100-sxm-80gb", 1, 2000, 500},
                          Case{"Qwen3-30B-A3B", "bf16", "sglang", "nvidia-h100-sxm-80gb", 1, 2000, 300}}) {
        const Context slow_ctx = make(c.model, c.weights, c.engine, c.hw, c.tp);
        Context fast_ctx = slow_ctx;
        ASSERT_TRUE(fast_ctx.hardware->bandwidth_gbs.has_value());
        *fast_ctx.hardware.edit().bandwidth_gbs *= 2;
        const StepModel slow_model(slow_ctx, c.tp), fast_model(fast_ctx, c.tp);
        const ReplicaKv kv = replica_kv(slow_ctx, c.tp, c.tp);  // the same memory: only the bandwidth moves
        for (int64_t users : {1, 4, 16, 64, 200}) {
            for (End end : {End::fast, End::slow}) {
                const SchedulerConfig sc = scheduler_for(slow_ctx, users, kv, end);
                const Workload w = closed_loop(users, c.prompt, c.output);
                const SimOutcome a = simulate_serving(StepModelCost(slow_model, end), sc, w);
                const SimOutcome b = simulate_serving(StepModelCost(fast_model, end), sc, w);
                const std::string where = std::string(c.model) + " " + c.engine + " " + std::to_string(users) + " users";
                EXPECT_LE(b.ttft_p50_s, a.ttft_p50_s * (1 + kTol)) << where;
                EXPECT_LE(b.ttft_p90_s, a.ttft_p90_s * (1 + kTol)) << where;
                EXPECT_LE(b.tpot_p50_s, a.tpot_p50_s * (1 + kTol)) << where;
                EXPECT_GE(b.throughput_tps, a.throughput_tps * (1 - kTol)) << where;
            }
        }
    }
}

// More clients on the same replica: the first token never comes sooner (median) and no user decodes faster.
// A queueing regime moves by whole steps, so within a sliver; where the batch holds everyone, exactly.
TEST(ServingSim, MoreClientsNeverLowerTtftNorRaisePerUserSpeed) {
    constexpr double kTol = 0.01;
    auto sweep = [&](const StepCost& cost, const SchedulerConfig& base, int64_t prompt, int64_t output,
                     const std::string& what) {
        SimOutcome prev;
        int64_t prev_n = 0;
        for (int64_t n = 1; n <= 384; n = n < 8 ? n + 1 : n + n / 3) {
            const SimOutcome o = simulate_serving(cost, with_users(base, n), closed_loop(n, prompt, output));
            if (prev_n > 0) {
                EXPECT_GE(o.ttft_p50_s, prev.ttft_p50_s * (1 - kTol)) << what << ": " << prev_n << " → " << n;
                EXPECT_GE(o.tpot_p50_s, prev.tpot_p50_s * (1 - kTol)) << what << ": " << prev_n << " → " << n;
            }
            prev = o;
            prev_n = n;
        }
    };
    sweep(LinearCost(0.010, 0.0003, 0.00002), continuous(1 << 20, 2048), 3000, 200, "linear cost, 2k budget");
    SchedulerConfig slots = continuous(1, 2048);
    slots.raise_to_users = false;
    slots.default_max_seqs = 4;
    slots.chunked_prefill = false;
    slots.paged_kv = false;
    sweep(LinearCost(0.010, 0.0003, 0.00002), slots, 1000, 100, "four slots, whole prompts");

    const Context ctx = make("Llama-3.1-70B", "fp8", "vllm", "nvidia-h100-sxm-80gb", 2);
    const StepModel model(ctx, 2);
    const ReplicaKv kv = replica_kv(ctx, 2, 2);
    for (End end : {End::fast, End::slow})
        sweep(StepModelCost(model, end), scheduler_base(ctx, kv, end), 1500, 300, "70B fp8 on 2 × H100, vLLM");
}

// A KV pool of 20 requests' tokens: however many clients send, the sequences running never hold more than the
// pool, the rest wait, and reserving engines admit only whole sequences.
TEST(ServingSim, KvExhaustionCapsTheRequestsInFlight) {
    const int64_t prompt = 1000, output = 200;
    const int64_t pool = 20 * (prompt + output);
    const LinearCost cost(0.010, 0.0003, 0.00002);

    SchedulerConfig growing = continuous(1 << 20, 4096);
    growing.kv_capacity_tokens = pool;
    const SimOutcome g = simulate_serving(cost, with_users(growing, 100), closed_loop(100, prompt, output));
    EXPECT_LE(g.kv_tokens_peak, static_cast<double>(pool));
    EXPECT_LE(g.mean_running, static_cast<double>(pool) / static_cast<double>(prompt));  // each holds ≥ its prompt
    EXPECT_GE(g.mean_running, 20.0 * 0.8);       // and the pool is used: about 20 mean-length sequences, or more
    EXPECT_GT(g.mean_waiting, 100.0 - 25.0);     // the rest queue
    EXPECT_GT(g.queue_wait_s, 0.0);

    SchedulerConfig reserving = growing;
    reserving.reserve_full_sequence = true;
    const SimOutcome r = simulate_serving(cost, with_users(reserving, 100), closed_loop(100, prompt, output));
    EXPECT_LE(r.mean_running, 20.0 + 1e-9);  // whole sequences reserved: at most 20 at once (19 with the
    EXPECT_GE(r.mean_running, 19.0 - 1e-9);  // half block of slack each)
    EXPECT_EQ(r.preemptions, 0);             // a reserving engine never needs to preempt
    EXPECT_LE(r.kv_tokens_peak, static_cast<double>(pool));

    // The same pool for 10 clients: nobody waits.
    const SimOutcome few = simulate_serving(cost, with_users(growing, 10), closed_loop(10, prompt, output));
    EXPECT_NEAR(few.mean_running, 10.0, 1e-9);
    EXPECT_EQ(few.queue_wait_s, 0.0);

    // A prompt longer than the pool can never run, and the outcome says so instead of a number.
    const SimOutcome never = simulate_serving(cost, with_users(growing, 4), closed_loop(4, pool + 1, output));
    EXPECT_TRUE(never.kv_too_small);
}

// llama.cpp's slots: never more sequences at once than slots, whatever the clients.
TEST(ServingSim, SlotsCapTheBatch) {
    const LinearCost cost(0.010, 0.0003, 0.00002);
    SchedulerConfig slots = continuous(1, 2048);
    slots.raise_to_users = false;
    slots.default_max_seqs = 4;
    slots.chunked_prefill = false;
    slots.paged_kv = false;
    const SimOutcome o = simulate_serving(cost, with_users(slots, 12), closed_loop(12, 500, 100));
    EXPECT_LE(o.mean_running, 4.0 + 1e-9);
    EXPECT_GT(o.mean_running, 3.5);
    EXPECT_NEAR(o.mean_waiting, 8.0, 0.5);
    // Each waiting client waits its turn: Little's law over the cycle.
    EXPECT_NEAR(o.queue_wait_s, o.mean_waiting / o.requests_per_s, 0.05 * o.queue_wait_s);
}

// Everyone at once is a stress bound where the replica holds every client: never below the steady state's
// median first token. (Past what it holds, the steady state has a standing queue that the first round has not
// built yet, so there the burst can be the smaller figure.)
TEST(ServingSim, TheBurstIsNeverFasterThanTheSteadyState) {
    const Context ctx = make("Llama-3.1-70B", "fp8", "vllm", "nvidia-h100-sxm-80gb", 2);
    const StepModel model(ctx, 2);
    const ReplicaKv kv = replica_kv(ctx, 2, 2);
    for (int64_t n : {1, 8, 32, 64})
        for (End end : {End::fast, End::slow}) {
            const SchedulerConfig sc = scheduler_for(ctx, n, kv, end);
            const Workload w = closed_loop(n, 1500, 300);
            const SimOutcome steady = simulate_serving(StepModelCost(model, end), sc, w);
            ASSERT_EQ(steady.queue_wait_s, 0.0) << n << " clients";
            const double burst = simulate_burst_ttft_s(StepModelCost(model, end), sc, w);
            EXPECT_GE(burst, steady.ttft_p50_s * (1 - 1e-9)) << n << " clients";
            if (n >= 64) { EXPECT_GT(burst, 2 * steady.ttft_p50_s) << n << " clients"; }  // a queue of prompts
        }
}

// Real traffic's spread of lengths spreads the first tokens: the 90th percentile above the median, the means
// near the fixed-length run's.
TEST(ServingSim, SpreadLengthsSpreadTheFirstTokens) {
    const LinearCost cost(0.010, 0.0003, 0.00002);
    Workload fixed = closed_loop(40, 2000, 200);
    Workload varied = fixed;
    varied.spread = LengthSpread::varied;
    const SimOutcome f = simulate_serving(cost, continuous(40, 2048), fixed);
    const SimOutcome v = simulate_serving(cost, continuous(40, 2048), varied);
    EXPECT_GT(v.ttft_p90_s, 1.2 * v.ttft_p50_s);
    EXPECT_NEAR(v.throughput_tps, f.throughput_tps, 0.1 * f.throughput_tps);
}

// The wasm build compiles serving_sim.cpp with -fignore-exceptions (src/CMakeLists.txt: no landing pads, so its calls
// stay in the wasm). An exception raised below it must still reach the caller that catches it — in the page,
// estimate()'s boundary — rather than abort: a step cost that throws on the 50th step, caught here. This test runs
// natively and as wasm under node (ctest core_tests_wasm), where it is the one that means something.
TEST(ServingSim, AnExceptionFromBelowTravelsUpThroughTheSimulation) {
    class ThrowingCost final : public StepCost {
    public:
        double step_s(const StepMix&) const override {
            if (++calls_ == 50) throw std::runtime_error("step 50");
            return 0.01;
        }
        mutable int calls_ = 0;
    };
    SchedulerConfig sc;
    sc.max_seqs = 8;
    Workload w;
    w.clients = 8, w.prompt_tokens = 100, w.output_tokens = 20;
    ThrowingCost cost;
    try {
        simulate_serving(cost, sc, w);
        FAIL() << "the simulation finished without the step cost's exception";
    } catch (const std::runtime_error& e) {
        EXPECT_STREQ(e.what(), "step 50");
    }
    EXPECT_EQ(cost.calls_, 50);
}

// One-token answers (a classifier's label): every step carries the clients' prompts and nothing decodes, so the
// budget's load is near 1 — but in a closed loop a prompt can only queue behind the other n − 1 clients' prompts.
// 4 clients of 500-token prompts under a 2,048-token budget share one step (2,000 tokens): the simulation's clients
// send in step and each first token takes that one step. The screen the planner ranks cards by adds half a step in
// flight (its convention for clients out of step) and no queue, ≤ 1.75 steps and within 1.6× of the simulation,
// where the open-stream queue at load 0.95 alone waited 9.5 steps more. Prefill steps that run alone (SGLang's
// default) are screened within 1.5×.
TEST(ServingSim, OneTokenAnswersQueueOnlyBehindTheOtherClients) {
    const LinearCost cost(0.004, 0.0002, 0.00005);
    for (bool mixed : {true, false}) {
        SchedulerConfig sc = continuous(4, 2048);
        sc.mixed_steps = mixed;
        const Workload w = closed_loop(4, 500, 1);
        const SimOutcome sim = simulate_serving(cost, sc, w);
        const SimOutcome screen = steady_state_estimate(cost, sc, w);
        StepMix all;
        all.prefill_tokens = 2000;
        all.prefill_seqs = 4;
        const double step = cost.step_s(all);
        const char* kind = mixed ? "mixed" : "alone";
        EXPECT_NEAR(sim.ttft_p90_s, step, 0.05 * step) << kind;
        EXPECT_LE(screen.ttft_p90_s, 1.75 * step) << kind;
        EXPECT_LE(screen.ttft_p90_s, (mixed ? 1.6 : 1.5) * sim.ttft_p90_s) << kind << ": sim " << sim.ttft_p90_s;
        EXPECT_GE(screen.ttft_p90_s, sim.ttft_p90_s) << kind << ": the screen never promises more than the simulation";
    }
}

// One client alone decodes at the decode step: its own prompt ran before its first token, so no prompt step stalls
// the tokens after it. The screen counted the client's own prompt among the stalls, so one user of a 12.8 s prompt
// on an M2 "got" 6.9 tok/s per user (the request's average over prompt and answer) where it decodes at 9.8; the
// card table quoted that against the target. Both step shapes, chunked (mixed) and prompts run alone.
TEST(ServingSim, TheScreensOneClientDecodesAtTheDecodeStep) {
    const LinearCost cost(0.004, 0.0002, 0.00005);
    for (bool mixed : {true, false}) {
        SchedulerConfig sc = continuous(8, 512);
        sc.mixed_steps = mixed;
        const Workload w = closed_loop(1, 4000, 200);
        const SimOutcome sim = simulate_serving(cost, sc, w);
        const SimOutcome screen = steady_state_estimate(cost, sc, w);
        StepMix one;
        one.decode_seqs = 1;
        const double decode = cost.step_s(one);
        const char* kind = mixed ? "mixed" : "alone";
        EXPECT_NEAR(sim.tpot_p50_s, decode, 1e-9) << kind;
        EXPECT_NEAR(screen.tpot_p50_s, decode, 1e-9) << kind;
    }
}
