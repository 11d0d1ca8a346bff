// speed.cpp — speed at the scenario's concurrency (docs/estimation.md §5, docs/serving.md).
//
// The serving simulation runs twice, once at the fast end of every efficiency range with the large end of
// what memory holds, once at the slow ends with the small one; the two runs are the interval. Nothing here
// returns NaN or a negative: the simulation's figures are finite, and the fallbacks below say why they are
// taken.
#include "speed.hpp"

#include "format_text.hpp"
#include "kv.hpp"
#include "step_model.hpp"
#include "units.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace infersizer {

namespace {

using units::kGiB;

// Tokens one step may carry: the engine's n_batch where it differs from its forward size (llama.cpp), else the
// prefill budget with the engine's GPU-size rule (memory.hpp).
int64_t step_tokens(const Context& ctx) {
    return ctx.engine->scheduler.step_tokens > 0 ? ctx.engine->scheduler.step_tokens : batched_tokens_budget(ctx);
}

Interval rate_of(double fast_s, double slow_s, double amount) {
    return Interval::of(amount / std::max(slow_s, 1e-12), amount / std::max(fast_s, 1e-12));
}

// What every figure of the serving simulation starts from, as the simulation used it (given, not multiplied).
struct SimulationFacts {
    int64_t users;
    int replicas;
    int tp;
    const Workload& workload;
    const SchedulerConfig& fast;
    const SchedulerConfig& slow;
    const StepModel& model;
};

// The MoE layer's fixed cost and the layers it applies to, where the engine has one (step_model.hpp): inputs of every
// figure the step time sets.
void add_moe_layer_inputs(const Context& ctx, const StepModel& model, std::vector<ExplainInput>& in) {
    using namespace explain;
    if (model.moe_layers() <= 0 || model.t_moe_layer_ms().hi <= 0) return;
    in.push_back(given({"MoE 层数", "MoE layers"}, model.moe_layers(), "", {SourceKind::catalog, "models/" + ctx.model.id}));
    in.push_back(given({"每个 MoE 层专家部分的固定开销（每次前向）", "fixed cost of one MoE layer's expert block per forward"},
                       model.t_moe_layer_ms(), "ms",
                       {SourceKind::calibration,
                        fmt::joined({"engines/", ctx.engine->id, ".efficiency.", ctx.hardware_class(), ".t_moe_layer_ms"})}));
}

// The streaming rate and what it is made of, so that it multiplies out: the bandwidth, the engine's η (its MoE
// figure for a mixture of experts), llama.cpp's dequantization factor for block formats, and, for GGUF on a discrete
// card, the ceiling its kernels reach (step_model.cpp).
void add_stream_rate_inputs(const Context& ctx, const StepModel& model, std::vector<ExplainInput>& in) {
    using namespace explain;
    const StepModel::StreamRateParts& p = model.stream_rate_parts();
    const bool from_catalog = ctx.hardware->bandwidth_gbs && *ctx.hardware->bandwidth_gbs > 0;
    in.push_back(given({"内存带宽", "memory bandwidth"}, p.bandwidth_gbs, "GB/s",
                       {from_catalog ? SourceKind::catalog : SourceKind::computed,
                        fmt::joined({"hardware/", ctx.hardware->id, from_catalog ? "" : " (bandwidth inferred, see warnings)"})}));
    const std::string eff = fmt::joined({"engines/", ctx.engine->id, ".efficiency.", ctx.hardware_class()});
    in.push_back(given({p.moe_eta ? "带宽利用率 η_mem（MoE）" : "带宽利用率 η_mem", p.moe_eta ? "bandwidth efficiency η_mem (MoE)" : "bandwidth efficiency η_mem"},
                       p.eta, "", {SourceKind::calibration, eff + (p.moe_eta ? ".eta_mem_moe" : ".eta_mem")}));
    const bool dequantized = p.dequant.lo != 1.0 || p.dequant.hi != 1.0;
    if (dequantized)
        in.push_back(given({"块格式反量化系数 1 − k·log2(16 ÷ 每权重位数)（也乘在预填充 MFU 上）",
                            "block-format dequantization factor 1 − k·log2(16 ÷ bits/weight) (also on prefill MFU)"},
                           p.dequant, "", {SourceKind::constant, "llama.cpp #4167, k = 0.06–0.115 (docs/estimation.md §5.2)"}));
    if (p.gguf_ceiling_gbs)
        in.push_back(given({"llama.cpp 在独立显卡上的读取上限 × 反量化系数", "llama.cpp's streaming ceiling on a discrete card × dequantization"},
                           *p.gguf_ceiling_gbs, "GB/s",
                           {SourceKind::constant, "842–1,293 GB/s: llmfit PR #682, hf.co/posts/csabakecskemeti (docs/estimation.md)"}));
    const Text rate_name = p.gguf_ceiling_gbs
                               ? Text{"实际读取速率（带宽 × η_mem × 反量化系数，不超过读取上限）",
                                      "streaming rate reached (bandwidth × η_mem × dequantization, at most the ceiling)"}
                           : dequantized ? Text{"实际读取速率（带宽 × η_mem × 反量化系数）", "streaming rate reached (bandwidth × η_mem × dequantization)"}
                                         : Text{"实际读取速率（带宽 × η_mem）", "streaming rate reached (bandwidth × η_mem)"};
    in.push_back(given(rate_name, model.stream_gbs(), "GB/s", {SourceKind::computed, "step_model"}));
}

std::vector<ExplainInput> simulation_inputs(const Context& ctx, const SimulationFacts& f) {
    using namespace explain;
    const Source scenario_concurrency{SourceKind::scenario, "scenario.concurrency"};
    const std::string eff = fmt::joined({"engines/", ctx.engine->id, ".efficiency.", ctx.hardware_class()});
    std::vector<ExplainInput> in = {
        given({"每个副本的用户数（并发 ÷ 副本数）", "users per replica (concurrency ÷ replicas)"}, static_cast<double>(f.users), "",
              scenario_concurrency),
        given({"副本数", "replicas"}, static_cast<double>(f.replicas), "", {SourceKind::computed, "performance.replicas"}),
        given({"张量并行度", "tensor parallelism"}, static_cast<double>(f.tp), "", {SourceKind::computed, "performance.tp"}),
        given({"提示长度", "prompt"}, static_cast<double>(f.workload.prompt_tokens), "tokens", {SourceKind::scenario, "scenario.prompt_tokens"}),
        given({"输出长度", "output"}, static_cast<double>(f.workload.output_tokens), "tokens", {SourceKind::scenario, "scenario.output_tokens"}),
        given({"每步最多 token 数", "tokens per step at most"}, static_cast<double>(f.slow.step_tokens), "tokens",
              {SourceKind::engine, "engines/" + ctx.engine->id +
                                       (ctx.engine->scheduler.step_tokens > 0 ? ".scheduler.step_tokens" : ".max_batched_tokens")}),
        given({"同时运行的序列上限", "sequences running at once at most"}, Interval::of(double(f.slow.max_seqs), double(f.fast.max_seqs)), "",
              {SourceKind::engine, "engines/" + ctx.engine->id + ".max_num_seqs"})};
    if (f.slow.kv_capacity_tokens > 0)
        in.push_back(given({"KV 池容纳的 token", "tokens the KV pool holds"},
                           Interval::of(double(f.slow.kv_capacity_tokens), double(f.fast.kv_capacity_tokens)), "tokens",
                           {SourceKind::computed, "fit.kv_budget_gib"}));
    add_stream_rate_inputs(ctx, f.model, in);
    if (f.model.compute_known())
        in.push_back(given({"矩阵算力峰值", "matmul peak"}, f.model.peak_tflops(), "TFLOPS", {SourceKind::catalog, "hardware/" + ctx.hardware->id}));
    in.push_back(given({"预填充 MFU（≥ 2k token）", "prefill MFU (≥ 2k tokens)"}, f.model.mfu_long(), "", {SourceKind::calibration, eff + ".mfu_long"}));
    in.push_back(given({"每步固定开销 t0", "fixed cost per step t0"}, f.model.t0_ms(), "ms", {SourceKind::calibration, eff + ".t0_ms"}));
    in.push_back(given({"每多一个序列的开销 t_seq", "cost per further sequence t_seq"}, f.model.t_seq_ms(), "ms",
                       {SourceKind::calibration, eff + ".t_seq_ms"}));
    add_moe_layer_inputs(ctx, f.model, in);
    return in;
}

// Why a figure of the two simulations is an interval: which end gave which bound.
Text simulation_ends(const StepModel& m, bool higher_is_faster) {
    const Interval rate = m.stream_gbs(), t0 = m.t0_ms(), mfu = m.mfu_long();
    const std::string slow = fmt::joined({fmt::figure(rate.lo), " GB/s, MFU ", fmt::figure(mfu.lo), ", t0 ", fmt::figure(t0.hi), " ms"});
    const std::string fast = fmt::joined({fmt::figure(rate.hi), " GB/s, MFU ", fmt::figure(mfu.hi), ", t0 ", fmt::figure(t0.lo), " ms"});
    const std::string& lo = higher_is_faster ? slow : fast;
    const std::string& hi = higher_is_faster ? fast : slow;
    const char* lo_zh = higher_is_faster ? "慢端" : "快端";
    const char* hi_zh = higher_is_faster ? "快端" : "慢端";
    const char* lo_en = higher_is_faster ? "slow" : "fast";
    const char* hi_en = higher_is_faster ? "fast" : "slow";
    return {fmt::joined({"两次模拟：下限来自各效率区间的", lo_zh, "（", lo, "）与对应的 KV 池，上限来自", hi_zh, "（", hi, "）"}),
            fmt::joined({"two simulations: the low end from the ", lo_en, " end of every efficiency range (", lo,
                         ") with its KV pool, the high end from the ", hi_en, " end (", hi, ")"})};
}

void explain_speed(const Context& ctx, const SimulationFacts& f, const PerformanceResult& res, const SimOutcome& fast,
                   const SimOutcome& slow, Interval single_step_s, Interval prefill_alone_s, double share, bool burst,
                   Explain& out) {
    using namespace explain;
    const std::vector<ExplainInput> sim = simulation_inputs(ctx, f);
    const Source simulated{SourceKind::simulation, "docs/serving.md"};
    // First tokens also carry the serving path, 0 at the low end and 50 ms at the high end (kServingPathS): for a short
    // prompt most of the width.
    Text times_wide = simulation_ends(f.model, false);
    const Text rates_wide = simulation_ends(f.model, true);
    times_wide.zh += fmt::joined({"；服务路径下限加 ", fmt::seconds(Interval::exact(kServingPathS.lo), "zh"), "、上限加 ",
                                  fmt::seconds(Interval::exact(kServingPathS.hi), "zh")});
    times_wide.en += fmt::joined({"; the serving path adds ", fmt::seconds(Interval::exact(kServingPathS.lo), "en"),
                                  " to the low end and ", fmt::seconds(Interval::exact(kServingPathS.hi), "en"), " to the high end"});
    auto entry = [&](Text title, Text formula, Interval value, const char* unit, const Text& why) {
        Explanation x;
        x.title = std::move(title);
        x.formula = std::move(formula);
        x.value = value;
        x.unit = unit;
        x.why_wide = why;
        return x;
    };
    auto with_sim = [&](Explanation x, std::vector<ExplainInput> first) {
        x.inputs = std::move(first);
        x.inputs.insert(x.inputs.end(), sim.begin(), sim.end());
        return x;
    };

    Explanation ttft = entry({"首字延迟（中位数）", "Time to first token, median"},
                             {"服务模拟的稳态中，从发出请求到第一个 token 的中位数：等待进入批次 + 提示分块与解码共享的各步 + 一步 + 服务路径",
                              "median, in the serving simulation's steady state, from sending a request to its first token: "
                              "the wait for admission + the prompt's chunks in steps shared with the decodes + one step + "
                              "the serving path"},
                             res.ttft_s, "s", times_wide);
    out.set("performance.ttft_s",
            with_sim(std::move(ttft), {given({"平均排队等待", "mean wait for admission"}, res.queue_wait_s, "s", simulated),
                                       serving_path_input()}));

    Explanation p90 = entry({"首字延迟（p90）", "Time to first token, p90"},
                            {"同一模拟中首字延迟的第 90 百分位 + 服务路径；首字目标按它判断",
                             "the 90th percentile of the same simulation's times to first token + the serving path; the TTFT "
                             "target is judged on it"},
                            res.ttft_p90_s, "s", times_wide);
    out.set("performance.ttft_p90_s",
            with_sim(std::move(p90), {given({"首字延迟中位数", "median time to first token"}, res.ttft_s, "s",
                                            {SourceKind::computed, "performance.ttft_s"}),
                                      given({"平均排队等待", "mean wait for admission"}, res.queue_wait_s, "s", simulated),
                                      serving_path_input()}));

    Explanation tpot = entry({"每个用户的生成速度", "Tokens/s per user"},
                             {"1 ÷ 每个输出 token 的中位时间（解码各步，含被预填充拖慢的步）",
                              "1 ÷ the median time per output token (the decode steps, those slowed by prefill included)"},
                             res.decode_tps_per_seq, "tok/s", rates_wide);
    tpot.combine = Combine::product;
    out.set("performance.decode_tps_per_seq",
            with_sim(std::move(tpot), {divisor({"每个输出 token 的中位时间", "median time per output token"},
                                               Interval::of(fast.tpot_p50_s, slow.tpot_p50_s), "s", simulated),
                                       given({"平均批次的一步解码", "one decode step at the mean batch"}, res.decode_step_s, "s",
                                             {SourceKind::computed, "performance.decode_step_s"})}));

    Explanation thr = entry({"总吞吐", "Total throughput"},
                            {"每个副本稳态下每秒输出的 token × 副本承担的用户份额（并发 ÷ 每副本用户数）",
                             "output tokens per second of one replica in the steady state × the replicas' share of the users "
                             "(concurrency ÷ users per replica)"},
                            res.throughput_tps, "tok/s", rates_wide);
    thr.combine = Combine::product;
    out.set("performance.throughput_tps",
            with_sim(std::move(thr), {factor({"每个副本的吞吐", "throughput of one replica"},
                                             Interval::of(slow.throughput_tps, fast.throughput_tps), "tok/s", simulated),
                                      factor({"副本份额", "replicas' share"}, share, "", {SourceKind::scenario, "scenario.concurrency"})}));

    Explanation flight = entry({"处理中的请求", "Requests in flight"},
                               {"每个副本批次中序列数的时间平均 × 副本份额", "sequences in one replica's batch, time-averaged × the replicas' share"},
                               res.requests_in_flight, "", rates_wide);
    flight.combine = Combine::product;
    out.set("performance.requests_in_flight",
            with_sim(std::move(flight), {factor({"每个副本的平均批次", "mean batch of one replica"},
                                                Interval::of(fast.mean_running, slow.mean_running), "", simulated),
                                         factor({"副本份额", "replicas' share"}, share, "", {SourceKind::scenario, "scenario.concurrency"})}));

    Explanation one = entry({"单用户速度", "One user alone"},
                            {"1 ÷ 单个序列在提示 + 一半输出位置的一步解码", "1 ÷ one decode step of a single sequence at position prompt + output / 2"},
                            res.single_stream_tps, "tok/s", rates_wide);
    one.combine = Combine::product;
    one.inputs = {divisor({"单序列的一步解码", "one decode step of one sequence"}, single_step_s, "s", {SourceKind::computed, "step_model"})};
    add_stream_rate_inputs(ctx, f.model, one.inputs);
    // A mixture of experts at one user: the expert blocks' fixed cost, more than their bytes, usually sets the step.
    add_moe_layer_inputs(ctx, f.model, one.inputs);
    out.set("performance.single_stream_tps", std::move(one));

    Explanation prefill = entry({"预填充速度", "Prefill speed"},
                                {"提示长度 ÷ 单独处理它的各块所需时间（每块的 FLOPs 按峰值 × MFU，至少读一遍权重）",
                                 "prompt ÷ the time its chunks take alone (each chunk's FLOPs at peak × MFU, at least one read of "
                                 "the weights)"},
                                res.prefill_tps, "tok/s", rates_wide);
    prefill.combine = Combine::product;
    prefill.inputs = {factor({"提示长度", "prompt"}, static_cast<double>(f.workload.prompt_tokens), "tokens",
                             {SourceKind::scenario, "scenario.prompt_tokens"}),
                      divisor({"单独预填充的时间", "time to prefill it alone"}, prefill_alone_s, "s", {SourceKind::computed, "step_model"}),
                      given({"预填充 MFU（≥ 2k token）", "prefill MFU (≥ 2k tokens)"}, f.model.mfu_long(), "",
                            {SourceKind::calibration, fmt::joined({"engines/", ctx.engine->id, ".efficiency.", ctx.hardware_class(), ".mfu_long"})})};
    if (f.model.compute_known())
        prefill.inputs.push_back(given({"矩阵算力峰值", "matmul peak"}, f.model.peak_tflops(), "TFLOPS",
                                       {SourceKind::catalog, "hardware/" + ctx.hardware->id}));
    out.set("performance.prefill_tps", std::move(prefill));

    if (burst) {
        Explanation b = entry({"突发首字延迟", "Burst time to first token"},
                              {"所有用户的提示在同一时刻到达时首字延迟的平均（定长压测的第一轮）：压力指标，不用于规划",
                               "the mean time to first token when every user's prompt arrives at the same instant (a fixed-"
                               "length load test's first round): a stress figure, never used for sizing"},
                              res.burst_ttft_s, "s", times_wide);
        out.set("performance.burst_ttft_s", with_sim(std::move(b), {}));
    }
}

}  // namespace

// What a client's first token passes outside the engine (kServingPathS), in every TTFT of the estimate.
ExplainInput serving_path_input() {
    return explain::term({"服务路径（HTTP、分词、首段推送）", "serving path (HTTP, tokenizer, first chunk streamed)"}, kServingPathS,
                         "s", {SourceKind::calibration, "docs/estimation.md §5.4 (calibration V059–V065)"});
}

Interval decode_step_s(const Context& ctx, int tp, int64_t batch, int64_t context_tokens) {
    const StepModel model(ctx, tp);
    StepMix mix;
    mix.decode_seqs = static_cast<double>(std::max<int64_t>(1, batch));
    mix.decode_positions = mix.decode_seqs * static_cast<double>(std::max<int64_t>(0, context_tokens));
    return Interval::of(model.step_s(mix, End::fast), model.step_s(mix, End::slow));
}

Interval prefill_s(const Context& ctx, int tp, int64_t prompt_tokens) {
    const StepModel model(ctx, tp);
    const int64_t chunk = step_tokens(ctx);
    return Interval::of(model.prefill_alone_s(prompt_tokens, chunk, End::fast),
                        model.prefill_alone_s(prompt_tokens, chunk, End::slow));
}

SchedulerConfig scheduler_base(const Context& ctx, const ReplicaKv& kv, End end) {
    SchedulerConfig sc;
    const Engine& e = ctx.engine;
    // The launch command (deploy.cpp) raises a continuously batching engine's cap to the users per replica
    // (--max-num-seqs, --parallel, OLLAMA_NUM_PARALLEL), so its default binds only above that; Transformers'
    // one-at-a-time generate() always binds.
    sc.default_max_seqs = max_running_seqs(ctx);
    sc.raise_to_users = e.continuous_batching;
    sc.step_tokens = step_tokens(ctx);
    sc.chunked_prefill = e.scheduler.chunked_prefill;
    sc.mixed_steps = e.scheduler.mixed_steps;
    sc.paged_kv = e.paged_kv;
    sc.reserve_full_sequence = e.scheduler.reserve_full_sequence;
    sc.kv_block_tokens = std::max<int64_t>(1, e.kv_block_tokens);
    sc.serving_path_s = end == End::fast ? kServingPathS.lo : kServingPathS.hi;
    if (kv.limits_batch) {
        const bool fast = end == End::fast;
        const double sequences = fast ? kv.full_sequences.hi : kv.full_sequences.lo;
        if (sequences < 1) {
            // Memory does not hold one full-context sequence at this end: the speed of one sequence, unbounded
            // (the fit and the plan report the memory miss; estimate_speed warns).
            sc.slot_limit = 1;
        } else if (e.paged_kv) {
            sc.kv_capacity_tokens = static_cast<int64_t>(std::max(1.0, fast ? kv.pool_tokens.hi : kv.pool_tokens.lo));
        } else {
            // Slot engines reserve a whole context per slot: the slots are what memory holds.
            sc.slot_limit = static_cast<int64_t>(sequences);
        }
    }
    return with_users(sc, 1);
}

SchedulerConfig with_users(SchedulerConfig sc, int64_t users) {
    sc.max_seqs = sc.raise_to_users ? std::max(users, sc.default_max_seqs) : sc.default_max_seqs;
    if (sc.slot_limit > 0) sc.max_seqs = std::min(sc.max_seqs, sc.slot_limit);
    sc.max_seqs = std::max<int64_t>(1, sc.max_seqs);
    return sc;
}

SimOutcome simulate_memo(const Context& ctx, const StepModel& model, End end, const SchedulerConfig& sc, const Workload& w) {
    // The memo key: the model's fingerprint, then the scheduler's and the workload's fields as bytes.
    std::string key = model.fingerprint();
    auto add = [&key](auto v) { key.append(reinterpret_cast<const char*>(&v), sizeof v); };
    add(end == End::fast ? 0 : 1);
    for (int64_t v : {sc.max_seqs, sc.step_tokens, sc.kv_capacity_tokens, sc.kv_block_tokens, sc.decode_block_steps,
                      w.clients, w.prompt_tokens, w.output_tokens, w.total_requests, static_cast<int64_t>(w.spread)})
        add(v);
    for (bool v : {sc.chunked_prefill, sc.mixed_steps, sc.paged_kv, sc.reserve_full_sequence}) add(v);
    add(w.arrival_rate_per_s);
    add(sc.serving_path_s);
    if (!ctx.facts_slot) ctx.facts_slot = std::make_shared<Context::FactsSlot>();
    auto& memo = ctx.facts_slot->simulations;
    auto it = memo.find(key);
    if (it != memo.end()) return *std::static_pointer_cast<const SimOutcome>(it->second);
    auto outcome = std::make_shared<const SimOutcome>(simulate_serving(StepModelCost(model, end), sc, w));
    memo.emplace(key, outcome);
    return *outcome;
}

PerformanceResult estimate_speed(const Context& ctx, int cards, int tp, const ReplicaKv& kv, bool burst, Explain* explain) {
    PerformanceResult res;
    const Scenario& s = ctx.scenario;
    cards = std::max(1, cards);
    tp = std::clamp(tp, 1, cards);
    const int replicas = std::max(1, cards / tp);
    res.tp = tp;
    res.layer_split = !ctx.engine->tensor_parallel;
    res.replicas = replicas;

    const StepModel model(ctx, tp, &res.warnings);
    const int64_t concurrency = std::max<int64_t>(1, s.concurrency);
    const int64_t users = (concurrency + replicas - 1) / replicas;
    // No room for any KV at all means the model itself does not load: its speeds are hypothetical, not one sequence's.
    // Ollama on discrete cards loads it anyway, the layers that do not fit in system memory (deploy.cpp says so too).
    const bool spills = spills_layers_to_cpu(ctx);
    if (kv.limits_batch && kv.pool_tokens.hi <= 0 && spills)
        res.warnings.push_back({fmt::joined({"按当前配置，权重和引擎自身占用已占满显卡内存：", ctx.engine->name,
                                             " 会把放不下的层放到系统内存由 CPU 计算，远比这里慢；速度是全部放得下之后这套硬件的数字（见结论）。"}),
                                fmt::joined({"As set up, the weights and the engine's own memory leave no room on the cards: ",
                                             ctx.engine->name, " would put the layers that do not fit in system memory, on the "
                                             "CPU, far slower; the speeds are what this hardware does once it all fits (see the verdict)."})});
    else if (kv.limits_batch && kv.pool_tokens.hi <= 0)
        res.warnings.push_back({"按当前配置，权重和引擎自身占用已占满可用内存，模型加载不上；速度是放得下之后这套硬件的数字（见结论）。",
                                "As set up, the weights and the engine's own memory leave no room in the memory "
                                "available: the model does not load, and the speeds are what this hardware does once "
                                "it does (see the verdict)."});
    else if (kv.limits_batch && kv.full_sequences.hi < 1)
        res.warnings.push_back({"内存连一个完整上下文的序列都放不下：速度按单序列假设计算。",
                                "Memory does not hold even one full-context sequence: speeds assume one sequence."});

    Workload w;
    w.clients = users;
    w.prompt_tokens = std::max<int64_t>(1, s.prompt_tokens);
    w.output_tokens = std::max<int64_t>(1, s.output_tokens);
    w.spread = s.lengths;
    const SchedulerConfig fast_sc = scheduler_for(ctx, users, kv, End::fast);
    const SchedulerConfig slow_sc = scheduler_for(ctx, users, kv, End::slow);
    const SimOutcome fast = simulate_memo(ctx, model, End::fast, fast_sc, w);
    const SimOutcome slow = simulate_memo(ctx, model, End::slow, slow_sc, w);

    // Requests beyond the last replica's share: the replicas together serve `concurrency`, not users × replicas.
    const double share = static_cast<double>(concurrency) / static_cast<double>(users);
    res.ttft_s = Interval::of(fast.ttft_p50_s, slow.ttft_p50_s);
    res.ttft_p90_s = Interval::of(fast.ttft_p90_s, slow.ttft_p90_s);
    if (burst)
        res.burst_ttft_s = Interval::of(simulate_burst_ttft_s(StepModelCost(model, End::fast), fast_sc, w),
                                        simulate_burst_ttft_s(StepModelCost(model, End::slow), slow_sc, w));
    res.decode_tps_per_seq = rate_of(fast.tpot_p50_s, slow.tpot_p50_s, 1.0);
    res.one_token_answers = one_token_answer(s);
    res.throughput_tps = Interval::of(fast.throughput_tps * share, slow.throughput_tps * share);
    res.requests_in_flight = Interval::of(fast.mean_running * share, slow.mean_running * share);
    res.queue_wait_s = Interval::of(fast.queue_wait_s, slow.queue_wait_s);
    // At the slow end: the users, the scheduler's cap, and (paged engines) the typical sequences its KV pool holds,
    // counted as the screen counts them (typical_kv_tokens) — 256 users of a pool that holds 50 run 50 at once.
    res.running_batch = std::min(users, slow_sc.max_seqs);
    if (slow_sc.paged_kv && slow_sc.kv_capacity_tokens > 0) {
        const double per_seq = typical_kv_tokens(slow_sc, w);
        const auto held = static_cast<int64_t>(std::floor(static_cast<double>(slow_sc.kv_capacity_tokens) / per_seq));
        res.running_batch = std::max<int64_t>(1, std::min(res.running_batch, held));
    }

    // KV held: paged engines' tokens in use; slot engines fill their slots as the sequences grow.
    const int64_t typical = std::max<int64_t>(1, std::min(s.context_tokens, w.prompt_tokens + w.output_tokens));
    const double kv_token_bytes = kv_bytes_per_sequence(ctx.model, ctx.kv.bytes_per_element, typical, 1) *
                                  kv_replication(ctx, tp) / static_cast<double>(typical);
    auto kv_gib = [&](const SimOutcome& o) {
        const double tokens = ctx.engine->paged_kv ? o.kv_tokens_mean
                                                  : o.mean_running * (static_cast<double>(w.prompt_tokens) +
                                                                      static_cast<double>(w.output_tokens) / 2.0);
        return tokens * kv_token_bytes * share / kGiB;
    };
    res.kv_in_use_gib = Interval::of(kv_gib(fast), kv_gib(slow));

    // One user alone, and the decode step at the mean running batch (what bounds it).
    const double mid = static_cast<double>(w.prompt_tokens) + static_cast<double>(w.output_tokens) / 2.0;
    StepMix one;
    one.decode_seqs = 1;
    one.decode_positions = mid;
    const Interval single_step_s = Interval::of(model.step_s(one, End::fast), model.step_s(one, End::slow));
    res.single_stream_tps = rate_of(single_step_s.lo, single_step_s.hi, 1.0);
    StepMix batch;
    batch.decode_seqs = std::max(1.0, std::round(slow.mean_running));
    batch.decode_positions = batch.decode_seqs * mid;
    const StepParts slow_parts = model.parts(batch, End::slow);
    res.decode_step_s = Interval::of(model.step_s(batch, End::fast), slow_parts.total_s);
    res.bound = slow_parts.compute_bound() ? DecodeBound::compute : DecodeBound::memory;

    const int64_t chunk = slow_sc.step_tokens;
    const double P = static_cast<double>(w.prompt_tokens);
    const Interval prefill_alone = Interval::of(model.prefill_alone_s(w.prompt_tokens, chunk, End::fast),
                                                model.prefill_alone_s(w.prompt_tokens, chunk, End::slow));
    res.prefill_tps = rate_of(prefill_alone.lo, prefill_alone.hi, P);

    if (explain) {
        const SimulationFacts facts{users, replicas, tp, w, fast_sc, slow_sc, model};
        explain_speed(ctx, facts, res, fast, slow, single_step_s, prefill_alone, share, burst, *explain);
    }
    return res;
}

Interval saturated_throughput_tps(const Context& ctx, int tp, int64_t clients, int64_t prompt_tokens,
                                  int64_t output_tokens) {
    const StepModel model(ctx, tp);
    Workload w;
    w.clients = std::max<int64_t>(1, clients);
    w.prompt_tokens = std::max<int64_t>(1, prompt_tokens);
    w.output_tokens = std::max<int64_t>(1, output_tokens);
    ReplicaKv unlimited;
    unlimited.limits_batch = false;
    const SchedulerConfig sc = scheduler_for(ctx, w.clients, unlimited, End::fast);
    const SimOutcome fast = simulate_serving(StepModelCost(model, End::fast), sc, w);
    const SimOutcome slow = simulate_serving(StepModelCost(model, End::slow), sc, w);
    return Interval::of(fast.throughput_tps, slow.throughput_tps);
}

}  // namespace infersizer
