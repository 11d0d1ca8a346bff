// step_model.cpp — a roofline per engine step (docs/estimation.md §5).
//
// [SECTION] Constants
// [SECTION] Building the two ends
// [SECTION] One step
// [SECTION] Runs of decode steps, a prompt alone
#include "step_model.hpp"

#include "hardware_peaks.hpp"
#include "kv.hpp"
#include "memory.hpp"
#include "params.hpp"
#include "units.hpp"
#include "weights.hpp"

#include <algorithm>
#include <cmath>

namespace infersizer {

// [SECTION] Constants ------------------------------------------------------------------------------------------

namespace {

// llm-analysis: an all-reduce costs at least ≈ 8 µs per message on H100 SXM NVLink; 2 per layer per step.
constexpr double kAllReduceLatencyS = 8e-6;
// Over PCIe (cards without NVLink) NCCL's small all-reduce is far slower: 42.14 µs on 8 × RTX 4090
// (NVIDIA/nccl#1530) and 54.18 µs on 8 × RTX 3090 (NVIDIA/nccl#1439), the 8-byte rows of all_reduce_perf. A ring
// takes 2(n − 1) steps, so n cards pay (n − 1)/7 of the 8-card figure.
constexpr double kPcieAllReduce8CardsLoS = 42.14e-6;
constexpr double kPcieAllReduce8CardsHiS = 54.18e-6;
// PCIe 4.0 ×16: 16 GT/s × 16 lanes ≈ 31.5 GB/s per direction (PCI-SIG base spec): the link of cards the
// catalog lists without an interconnect bandwidth.
constexpr double kPcie4x16GBs = 31.5;
// Activations cross the link as bf16.
constexpr double kActivationBytes = 2.0;

// MFU anchors (LLM-Viewer#4, TensorRT-LLM LLaMA-7B on A100, derived): ≈0.33 at 128 tokens, ≈0.73 at 2048.
// Engines give mfu_short/mfu_long at these points; between them MFU is interpolated in log(tokens).
constexpr double kMfuShortTokens = 128.0;
constexpr double kMfuLongTokens = 2048.0;

// llama.cpp's block formats pay for dequantization in decode. gist andrewginns (llama.cpp #4167): η for
// F16 / Q8_0 / Q4_0 = 0.86 / 0.79 / 0.68 on M1 Pro and 0.89 / 0.84 / 0.78 on M3 Pro, i.e. η falls by a
// factor (1 − k) per halving of the bits with k = 0.06…0.115 (derived). Applied as 1 − k·log2(16 / bpw).
constexpr double kDequantPerHalvingLo = 0.06;
constexpr double kDequantPerHalvingHi = 0.115;

// llama.cpp's single-stream kernels do not saturate the fastest memories: on an RTX 5090 (1792 GB/s) runs
// reach 0.47 (llmfit PR #682) to 0.68 (hf.co/posts/csabakecskemeti: Q8_0 at 1222 GB/s) of peak while an
// RTX 3090 (936 GB/s) reaches 0.83 (llmfit PR #682). Modelled as a ceiling on the bytes a GGUF step streams
// per second on a discrete accelerator: 842 GB/s (0.47 × 1792) to 1293 GB/s (1222 GB/s before the Q8_0
// dequantization factor), itself lowered by that factor for lower-bit formats.
constexpr double kGgufStreamCeilingLoGBs = 842.0;
constexpr double kGgufStreamCeilingHiGBs = 1293.0;

// llm-cal's defaults (peers' formulas): η 0.40–0.65, MFU 0.30–0.50 — used only when an engine has no
// efficiency ranges for the hardware class at all, with a warning. Peers model no per-sequence host cost.
const Efficiency kPeerDefaultEfficiency{{0.40, 0.65}, {0.0, 0.0}, {0.30, 0.50}, {0.30, 0.50}, {0.30, 0.50}, {0.0, 0.0}, std::nullopt,
                                          std::nullopt};

// No device completes a step faster than this; keeps 1 / step finite for degenerate inputs.
constexpr double kMinStepS = 1e-6;

// Attention multiplies activations by activations, so a low-bit weight format does not speed it up: it runs
// at the 16-bit tensor peak, or at the fp8 peak when the KV cache is fp8 (TensorRT-LLM's and vLLM's fp8
// attention kernels), never faster than the weights' matmuls. GGUF engines and CPUs count everything at
// their one peak.
std::optional<Interval> attention_peak_tflops(const Context& ctx, const std::optional<Interval>& matmul_peak) {
    if (!matmul_peak) return std::nullopt;
    const Hardware& hw = ctx.hardware;
    const bool discrete = hw.kind == HardwareKind::gpu || hw.kind == HardwareKind::npu;
    if (!discrete || ctx.weights->scheme == WeightScheme::gguf) return matmul_peak;
    std::optional<double> p = ctx.kv.id == "fp8" ? hw.fp8_tflops : std::nullopt;
    if (!p || !(*p > 0)) p = hw.fp16_tflops;
    if (!p || !(*p > 0)) return matmul_peak;
    return min(*matmul_peak, *p);
}

// Attention FLOPs per token per position of history (QK^T and AV, 2 FLOPs per multiply-add), per layer.
double attention_flops_per_pos_per_layer(const ModelArch& m) {
    double dk = static_cast<double>(m.head_dim), dv = dk;
    if (m.is_mla()) {
        dk = static_cast<double>(m.qk_nope_head_dim + m.qk_rope_head_dim);
        dv = static_cast<double>(m.v_head_dim);
    }
    return 2.0 * static_cast<double>(m.n_heads) * (dk + dv);
}

}  // namespace

// [SECTION] Building the two ends ------------------------------------------------------------------------------

StepModel::StepModel(const Context& ctx, int tp, std::vector<Text>* warnings) {
    tp_ = std::max(1, tp);
    tensor_ = ctx.engine->tensor_parallel && tp_ > 1;
    const ModelArch& m = ctx.model;

    Efficiency eff = ctx.efficiency();
    if (!(eff.eta_mem.lo > 0)) {
        eff = kPeerDefaultEfficiency;
        if (warnings)
            warnings->push_back({ctx.engine->name + " 没有此类硬件的效率区间：使用同行工具的默认值（η 0.40–0.65）。",
                                 ctx.engine->name + " has no efficiency ranges for this hardware class: peers' defaults "
                                                   "are used (η 0.40–0.65)."});
    }
    const Interval bandwidth = memory_bandwidth_gbs(ctx, warnings);
    const std::optional<Interval> peak = compute_peak_tflops(ctx, warnings);
    const std::optional<Interval> attention = attention_peak_tflops(ctx, peak);
    compute_known_ = peak.has_value();

    const WeightsEstimate& w = ctx.weights_estimate();
    Interval dequant{1.0, 1.0};
    if (ctx.weights->scheme == WeightScheme::gguf) {
        const double bpw = w.bits_per_weight > 0 ? w.bits_per_weight : ctx.weights->bits_per_weight;
        const double halvings = std::max(0.0, std::log2(16.0 / std::max(1.0, bpw)));
        dequant = {std::max(0.1, 1.0 - kDequantPerHalvingHi * halvings), std::max(0.1, 1.0 - kDequantPerHalvingLo * halvings)};
    }
    const bool moe = m.n_experts > 0 && m.experts_per_tok > 0 && m.experts_per_tok < m.n_experts;
    const Interval eta = moe && eff.eta_mem_moe ? *eff.eta_mem_moe : eff.eta_mem;
    Interval rate = bandwidth * units::kGB * (eta * dequant);
    const bool discrete = ctx.hardware->kind == HardwareKind::gpu || ctx.hardware->kind == HardwareKind::npu;
    stream_parts_ = {bandwidth, eta, moe && eff.eta_mem_moe.has_value(), dequant, std::nullopt};
    if (ctx.weights->scheme == WeightScheme::gguf && discrete) {
        stream_parts_.gguf_ceiling_gbs = Interval{kGgufStreamCeilingLoGBs, kGgufStreamCeilingHiGBs} * dequant;
        rate = min(rate, *stream_parts_.gguf_ceiling_gbs * units::kGB);
    }

    link_bps_ = kPcie4x16GBs * units::kGB;
    const bool nvlink = ctx.hardware->interconnect_gbs && *ctx.hardware->interconnect_gbs > 0;
    if (nvlink) link_bps_ = *ctx.hardware->interconnect_gbs / 2.0 * units::kGB;  // the catalog's figure is bidirectional

    const ParamCounts& p = ctx.param_counts();
    // Matmuls: everything active except the embedding lookup; a tied head multiplies by the embedding matrix.
    matmul_params_ = std::max(0.0, p.active - p.embedding + (p.lm_head > 0 ? 0.0 : p.embedding));
    if (matmul_params_ <= 0) matmul_params_ = std::max(0.0, p.active);
    // Engines compute logits only where a token is sampled — one row per sequence in the step, the last of its
    // chunk (vLLM's logits_indices = query_start_loc[1:] − 1; llama.cpp's batch.logits; TensorRT-LLM without
    // gather_context_logits; SGLang's LogitsProcessor): the head's matmul runs per sequence, not per prompt token.
    head_params_ = std::clamp(p.lm_head > 0 ? p.lm_head : p.embedding, 0.0, matmul_params_);
    if (m.n_experts > 0 && m.experts_per_tok > 0 && m.experts_per_tok < m.n_experts) {
        expert_share_ = static_cast<double>(m.experts_per_tok) / static_cast<double>(m.n_experts);
        log_expert_missed_ = std::log1p(-expert_share_);
    }

    // Under TP every card reads its share of the weights and of the KV heads at once; under a layer split the
    // cards run one after another, so the step reads everything at one card's bandwidth.
    weight_split_ = tensor_ ? tp_ : 1.0;
    kv_split_ = tensor_ && !m.is_mla() ? std::min<double>(tp_, static_cast<double>(std::max<int64_t>(1, m.n_kv_heads))) : 1.0;

    // KV per token by layer kind (kv.hpp's rule: sliding layers keep at most the window).
    const double kv_all = kv_bytes_per_token(m, ctx.kv.bytes_per_element);
    const int64_t sliding = m.sliding_window > 0 ? std::clamp<int64_t>(m.n_sliding_layers, 0, m.n_layers) : 0;
    const double layers = static_cast<double>(std::max<int64_t>(1, m.n_layers));
    kv_sliding_per_token_ = kv_all * static_cast<double>(sliding) / layers;
    kv_global_per_token_ = kv_all - kv_sliding_per_token_;
    window_ = static_cast<double>(m.sliding_window);
    const double per_layer = m.has_shape() ? attention_flops_per_pos_per_layer(m) : 0.0;
    attention_sliding_per_pos_ = per_layer * static_cast<double>(sliding);
    attention_global_per_pos_ = per_layer * static_cast<double>(m.n_layers - sliding);

    forward_tokens_ = static_cast<double>(std::max<int64_t>(1, batched_tokens_budget(ctx)));
    hidden_ = static_cast<double>(std::max<int64_t>(1, m.hidden));
    n_layers_ = static_cast<double>(std::max<int64_t>(0, m.n_layers));
    if (expert_share_ > 0) moe_layers_ = static_cast<double>(std::max<int64_t>(0, m.n_layers - m.first_k_dense));
    const Interval moe_fixed_ms = moe_layers_ > 0 && eff.t_moe_layer_ms ? *eff.t_moe_layer_ms : Interval{0.0, 0.0};

    auto build = [&](bool fast) {
        Coefficients c;
        auto pick = [fast](Interval v) { return fast ? v.hi : v.lo; };       // larger is faster
        auto pick_time = [fast](Interval v) { return fast ? v.lo : v.hi; };  // smaller is faster
        c.rate_bps = std::max(1.0, pick(rate));
        c.t0_s = pick_time(eff.t0_ms) / units::kMsPerS;
        c.t_seq_s = pick_time(eff.t_seq_ms) / units::kMsPerS;
        c.peak_flops = peak ? pick(*peak) * units::kTera : 0.0;
        c.attention_flops = attention ? pick(*attention) * units::kTera : 0.0;
        c.batch_eff = std::max(1e-3, pick(eff.batch_eff));
        c.mfu_short = std::max(1e-3, pick(eff.mfu_short));
        c.mfu_long = std::max(1e-3, pick(eff.mfu_long));
        c.dequant = pick(dequant);
        c.all_reduce_s = nvlink ? kAllReduceLatencyS
                                : (fast ? kPcieAllReduce8CardsLoS : kPcieAllReduce8CardsHiS) * (tp_ - 1) / 7.0;
        c.weight_bytes = pick_time(w.bytes);
        c.active_bytes = pick_time(w.active_bytes);
        c.moe_layer_fixed_s = pick_time(moe_fixed_ms) / units::kMsPerS;
        // Unknown compute: the fast end takes compute as not limiting (one read of the weights per forward),
        // the slow end processes a prompt token by token (a weight read each).
        if (!peak && !fast) c.token_by_token_s = c.active_bytes / weight_split_ / c.rate_bps + c.t0_s;
        c.s_per_weight_byte = 1.0 / (weight_split_ * c.rate_bps);
        c.s_per_kv_byte = 1.0 / (kv_split_ * c.rate_bps);
        c.matmul_s_per_token = c.peak_flops > 0 ? 2.0 * matmul_params_ / (weight_split_ * c.peak_flops) : 0.0;
        c.head_s_per_row = c.peak_flops > 0 ? 2.0 * head_params_ / (weight_split_ * c.peak_flops) : 0.0;
        c.attention_s_per_flop = c.attention_flops > 0 ? 1.0 / (weight_split_ * c.attention_flops) : 0.0;
        return c;
    };
    fast_ = build(true);
    slow_ = build(false);
    fingerprint_ = make_fingerprint();
}

// [SECTION] One step -------------------------------------------------------------------------------------------

double StepModel::mfu_at(const Coefficients& c, double tokens) const {
    if (tokens != mfu_tokens_) {
        mfu_tokens_ = tokens;
        mfu_position_ = std::clamp(std::log(std::max(1.0, tokens) / kMfuShortTokens) / std::log(kMfuLongTokens / kMfuShortTokens),
                                   0.0, 1.0);
    }
    const double t = mfu_position_;
    return (c.mfu_short + (c.mfu_long - c.mfu_short) * t) * c.dequant;
}

// MoE: each token routes to k of E experts, so a forward over `tokens` touches 1 − (1 − k/E)^tokens of them;
// a dense model reads its active bytes whatever the batch.
double StepModel::weight_bytes_read(const Coefficients& c, double tokens) const {
    if (expert_share_ <= 0) return c.active_bytes;
    if (tokens != touched_tokens_) {
        touched_tokens_ = tokens;
        touched_ = 1.0 - std::exp(log_expert_missed_ * std::max(1.0, tokens));  // (1 − k/E)^tokens
    }
    const double touched = touched_;
    const double g = std::clamp((touched - expert_share_) / (1.0 - expert_share_), 0.0, 1.0);
    return c.active_bytes + (c.weight_bytes - c.active_bytes) * g;
}

// Sliding-window layers read at most the window per sequence: seqs × min(mean position, window), which is the
// positions themselves when the mean is within the window (or there is no window).
double StepModel::kv_bytes(double seqs, double positions) const {
    if (seqs <= 0) return 0.0;
    if (kv_sliding_per_token_ <= 0) return kv_global_per_token_ * positions;
    const double mean = positions / seqs;
    return kv_global_per_token_ * positions + kv_sliding_per_token_ * seqs * std::min(mean, window_ > 0 ? window_ : mean);
}

double StepModel::attention_flops(double seqs, double positions) const {
    if (seqs <= 0) return 0.0;
    if (attention_sliding_per_pos_ <= 0) return attention_global_per_pos_ * positions;
    const double mean = positions / seqs;
    return attention_global_per_pos_ * positions +
           attention_sliding_per_pos_ * seqs * std::min(mean, window_ > 0 ? window_ : mean);
}

// Link time of one forward over `tokens`: two all-reduces per layer under TP (a ring moves 2·(tp−1)/tp of the
// activations, llm-analysis); a hand-off between consecutive cards under a layer split.
double StepModel::link_s(const Coefficients& c, double tokens) const {
    if (tp_ <= 1) return 0.0;
    if (tensor_) {
        const double bytes = tokens * hidden_ * kActivationBytes * 2.0 * (tp_ - 1) / tp_;
        return 2.0 * n_layers_ * (c.all_reduce_s + bytes / link_bps_);
    }
    return (tp_ - 1) * (kAllReduceLatencyS + tokens * hidden_ * kActivationBytes / link_bps_);
}

// What a step costs apart from its KV reads and attention: the fixed cost, the weights, the matmuls and the links
// depend on its token and sequence counts alone, so a run of decode steps (one count) works them out once.
StepModel::StepShape StepModel::shape_of(const StepMix& mix, End end) const {
    const Coefficients& c = at(end);
    StepShape s;
    const double tokens = std::max(0.0, mix.decode_seqs) + std::max(0.0, mix.prefill_tokens);
    s.empty = tokens <= 0;
    if (s.empty) return s;
    // Engines that run a step in several forwards (llama.cpp: n_batch tokens in n_ubatch pieces) read the
    // weights and pay t0 once per forward.
    const double forwards = tokens <= forward_tokens_ ? 1.0 : std::ceil(tokens / forward_tokens_);
    const double per_forward = forwards == 1.0 ? tokens : tokens / forwards;
    const double seqs = std::max(0.0, mix.decode_seqs) + std::max(0.0, mix.prefill_seqs);

    s.fixed_s = forwards * c.t0_s + c.t_seq_s * std::max(0.0, seqs - 1.0);
    s.weights_s = forwards * weight_bytes_read(c, per_forward) * c.s_per_weight_byte;
    // Each forward's expert blocks cost their kernels' chain on top of the expert bytes: the router, top-k and token
    // alignment run before the grouped GEMMs stream anything (calibration V031–V033: from 1 to 8 and 32 streams the
    // step grows by about the extra experts' bytes, which a chain hidden under the bytes would not show).
    if (c.moe_layer_fixed_s > 0) s.weights_s += forwards * moe_layers_ * c.moe_layer_fixed_s;
    // One efficiency for the step's kernels: large decode batches reach batch_eff; a step with prefill tokens
    // runs matmuls of `per_forward` rows at the MFU of that size.
    const double eff = mix.prefill_tokens > 0 ? mfu_at(c, per_forward) : c.batch_eff;
    if (c.peak_flops > 0) {
        s.per_eff = 1.0 / eff;
        // Every token runs the body's matmuls; the head runs once per sequence (decodes and prompt chunks).
        const double head_rows = std::min(tokens, seqs);
        s.matmul_s = ((c.matmul_s_per_token - c.head_s_per_row) * tokens + c.head_s_per_row * head_rows) * s.per_eff;
        // A layer split can pipeline successive forwards across its S cards (llama.cpp n_batch > n_ubatch): at
        // best F forwards take (F + S − 1) stage times of 1/S forward each instead of F whole forwards; at
        // worst none overlap.
        if (!tensor_ && tp_ > 1 && forwards > 1 && &c == &fast_) {
            const double stages = static_cast<double>(tp_);
            s.pipelined = (forwards + stages - 1.0) / (stages * forwards);
            s.matmul_s *= s.pipelined;
        }
    }
    s.link_s = forwards * link_s(c, per_forward);
    s.prefill_s = std::max(0.0, mix.prefill_tokens) * c.token_by_token_s;
    return s;
}

// The step's KV reads and attention at its positions, on top of its shape.
// Inlined in its two callers (parts() and each step of a decode run): as a call, the page's wasm ran the chat and RAG
// whole results 5–10 % slower than with parts() in one piece.
[[gnu::always_inline]] inline StepParts StepModel::parts_at(const StepShape& shape, const StepMix& mix, End end) const {
    StepParts s;
    if (shape.empty) return s;
    const Coefficients& c = at(end);
    s.fixed_s = shape.fixed_s;
    s.weights_s = shape.weights_s;
    s.matmul_s = shape.matmul_s;
    s.link_s = shape.link_s;
    s.kv_s = kv_bytes(mix.decode_seqs, mix.decode_positions) * c.s_per_kv_byte;
    if (c.peak_flops > 0) {
        const double flops = attention_flops(mix.decode_seqs, mix.decode_positions) +
                             attention_flops(mix.prefill_tokens, mix.prefill_positions);
        s.attention_s = flops * c.attention_s_per_flop * shape.per_eff * shape.pipelined;
    }
    double busy = std::max(s.weights_s, s.matmul_s) + std::max(s.kv_s, s.attention_s);
    busy += shape.prefill_s;
    s.total_s = std::max(kMinStepS, s.fixed_s + busy + s.link_s);
    return s;
}

StepParts StepModel::parts(const StepMix& mix, End end) const { return parts_at(shape_of(mix, end), mix, end); }

double StepModel::step_s(const StepMix& mix, End end) const { return parts(mix, end).total_s; }

// The coefficients' bytes: exact, and built once per model (the simulations' memo keys start with it).
std::string StepModel::make_fingerprint() const {
    std::string out;
    out.reserve(64 * sizeof(double));  // 45 numbers: one allocation instead of a doubling series
    auto add = [&](double v) { out.append(reinterpret_cast<const char*>(&v), sizeof v); };
    for (const Coefficients* c : {&fast_, &slow_})
        for (double v : {c->rate_bps, c->t0_s, c->t_seq_s, c->peak_flops, c->attention_flops, c->batch_eff, c->mfu_short,
                         c->mfu_long, c->dequant, c->weight_bytes, c->active_bytes, c->token_by_token_s, c->all_reduce_s,
                         c->moe_layer_fixed_s})
            add(v);
    for (double v : {double(tp_), tensor_ ? 1.0 : 0.0, weight_split_, kv_split_, matmul_params_, head_params_, expert_share_,
                     kv_global_per_token_, kv_sliding_per_token_, window_, attention_global_per_pos_,
                     attention_sliding_per_pos_, forward_tokens_, link_bps_, hidden_, n_layers_, moe_layers_})
        add(v);
    return out;
}

// [SECTION] Runs of decode steps, a prompt alone ------------------------------------------------------------------

// A decode run's shape: the last count and end asked, kept (a run between two events has one count).
const StepModel::StepShape& StepModel::decode_shape(double seqs, End end) const {
    if (decode_memo_.seqs != seqs || decode_memo_.end != end) {
        StepMix mix;
        mix.decode_seqs = seqs;
        decode_memo_ = {seqs, end, shape_of(mix, end)};
    }
    return decode_memo_.shape;
}

double StepModel::decode_run_s(double seqs, double positions0, int64_t steps, End end) const {
    if (steps <= 0) return 0.0;
    const StepShape& shape = decode_shape(seqs, end);
    auto at_step = [&](double i) {
        StepMix mix;
        mix.decode_seqs = seqs;
        mix.decode_positions = positions0 + seqs * i;
        return parts_at(shape, mix, end).total_s;
    };
    if (steps <= 4) {
        double sum = 0;
        for (int64_t i = 0; i < steps; ++i) sum += at_step(static_cast<double>(i));
        return sum;
    }
    // The step time is piecewise linear in the step index (a max of the KV read and the attention FLOPs, a
    // window cap): trapezoids, split where the midpoint leaves the chord (at most three times), are exact on
    // linear pieces and within a fraction of a percent around a kink.
    auto piece = [&](auto&& self, double a, double b, double fa, double fb, int depth) -> double {
        const double n = b - a + 1;
        if (depth >= 3 || n <= 8) return n * 0.5 * (fa + fb);
        const double m = std::floor(0.5 * (a + b));
        const double fm = at_step(m);
        const double chord = fa + (fb - fa) * (m - a) / (b - a);
        if (std::fabs(fm - chord) <= 1e-6 * std::max(fm, 1e-12)) return n * 0.5 * (fa + fb);
        return self(self, a, m, fa, fm, depth + 1) + self(self, m + 1, b, at_step(m + 1), fb, depth + 1);
    };
    const double last = static_cast<double>(steps - 1);
    return piece(piece, 0.0, last, at_step(0.0), at_step(last), 0);
}

double StepModel::prefill_alone_s(int64_t prompt_tokens, int64_t chunk_tokens, End end) const {
    const double P = static_cast<double>(std::max<int64_t>(1, prompt_tokens));
    const double chunk = static_cast<double>(std::max<int64_t>(1, chunk_tokens));
    auto chunk_s = [&](double start, double tokens) {
        StepMix mix;
        mix.prefill_tokens = tokens;
        mix.prefill_positions = tokens * start + tokens * (tokens - 1.0) / 2.0;
        mix.prefill_seqs = 1;
        return step_s(mix, end);
    };
    // Whole chunks, then the remainder; past 256 chunks (a multi-million-token prompt) by trapezoids.
    const double whole = std::floor(P / chunk);
    const double rest = P - whole * chunk;
    double sum = 0;
    if (whole <= 256) {
        for (double k = 0; k < whole; ++k) sum += chunk_s(k * chunk, chunk);
    } else {
        constexpr int kPieces = 16;
        for (int k = 0; k < kPieces; ++k) {
            const double a = std::floor(whole * k / kPieces), b = std::floor(whole * (k + 1) / kPieces) - 1;
            if (b < a) continue;
            sum += (b - a + 1) * 0.5 * (chunk_s(a * chunk, chunk) + chunk_s(b * chunk, chunk));
        }
    }
    if (rest > 0) sum += chunk_s(whole * chunk, rest);
    return sum;
}

}  // namespace infersizer
