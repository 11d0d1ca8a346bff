// speed.cpp — a roofline per step (design/estimation.md §5, reference/peers-and-formulas.md §4.4–4.6).
//
// Sections:
//   [SECTION] Constants
//   [SECTION] What the hardware offers: bandwidth and compute peak (known, inferred or unknown)
//   [SECTION] What the model asks: bytes read and FLOPs per step / per prompt
//   [SECTION] Decode step
//   [SECTION] Prefill
//   [SECTION] estimate_speed: batch, throughput, TTFT with queueing
//
// Conventions: times in seconds; an interval's lo is the fast case. A time that divides by an efficiency
// uses the efficiency's opposite bound (Interval's operator/). Nothing here returns NaN or a negative.
#include "speed.hpp"

#include "kv.hpp"
#include "memory.hpp"
#include "params.hpp"
#include "weights.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

namespace infersizer {

// [SECTION] Constants -----------------------------------------------------------------------------------------

namespace {

// llm-analysis: an all-reduce costs at least ≈ 8 µs per message on H100 SXM NVLink; 2 per layer per step.
constexpr double kAllReduceLatencyS = 8e-6;
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
// RTX 3090 (936 GB/s) reaches 0.83 (llmfit PR #682). Modelled as a ceiling on the bytes a GGUF decode step
// streams per second on a discrete accelerator: 842 GB/s (0.47 × 1792) to 1293 GB/s (1222 GB/s before the
// Q8_0 dequantization factor below), itself lowered by that factor for lower-bit formats. A fixed t0 comes
// on top (the ceiling is applied to the streaming rate, not to the whole step).
constexpr double kGgufStreamCeilingLoGBs = 842.0;
constexpr double kGgufStreamCeilingHiGBs = 1293.0;

// When the catalog is not at hand and a card's bandwidth is unknown: the slowest and fastest memory of the
// reference hardware list (desktop DDR4-3200 dual channel 51.2 GB/s; B200 7700 GB/s).
constexpr double kSlowestReferenceGBs = 51.2;
constexpr double kFastestReferenceGBs = 7700.0;

// llm-cal's defaults (peers §4.4/4.5): η 0.40–0.65, MFU 0.30–0.50 — used only when an engine has no
// efficiency ranges at all, with a warning.
// Peers model no per-sequence host cost (t_seq 0).
const Efficiency kPeerDefaultEfficiency{{0.40, 0.65}, {0.0, 0.0}, {0.30, 0.50}, {0.30, 0.50}, {0.30, 0.50}, {0.0, 0.0}};

// No device completes a step faster than this; keeps 1 / step finite for degenerate inputs.
constexpr double kMinStepS = 1e-6;

bool is_fp16_dtype(const std::string& d) { return d.empty() || d == "fp16" || d == "bf16"; }

std::optional<double> stated_peak_tflops(const Hardware& hw, const std::string& dtype) {
    if (dtype == "fp4") return hw.fp4_tflops;
    if (dtype == "fp8") return hw.fp8_tflops;
    if (dtype == "int8") return hw.int8_tops;
    return hw.fp16_tflops;
}

// The dtype the model's matmuls run in. llama.cpp's block formats dequantize to fp16 (or use MMQ) and their
// measured prompt rates track the fp16 tensor peak, so GGUF formats count at fp16 whatever the block type.
std::string matmul_dtype(const WeightFormat& f) {
    if (f.scheme == WeightScheme::gguf) return "fp16";
    return f.compute_dtype.empty() ? std::string("fp16") : f.compute_dtype;
}

// llama.cpp's CUDA GEMMs accumulate in fp16, so on GeForce cards the fp16-accumulate rate is its ceiling:
// calibration D007's row (RTX 4080, Llama-3-8B F16, pp512 7247 t/s ≈ 109 TFLOPS) exceeds the card's 97.5
// TFLOPS fp32-accumulate peak. Elsewhere (no separate figure) the fp16 peak stands.
std::optional<double> gguf_peak_tflops(const Hardware& hw) {
    if (hw.fp16acc_tflops && *hw.fp16acc_tflops > 0) return hw.fp16acc_tflops;
    return hw.fp16_tflops;
}

Interval positive(Interval v, double floor_value) {
    if (!std::isfinite(v.lo) || v.lo < floor_value) v.lo = floor_value;
    if (!std::isfinite(v.hi) || v.hi < v.lo) v.hi = std::max(v.lo, std::isfinite(v.hi) ? v.hi : v.lo);
    return v;
}

std::string num(double v, const char* fmt = "%.3g") {
    char buf[48];
    std::snprintf(buf, sizeof buf, fmt, v);
    return buf;
}

std::string range_text(Interval v, const char* unit) {
    return "[" + num(v.lo) + ", " + num(v.hi) + "] " + unit;
}

}  // namespace

// [SECTION] What the hardware offers ----------------------------------------------------------------------------

namespace {

// FLOPs per byte of bandwidth among the catalog's parts of the same kind (and vendor, when it has two or more)
// that state both: the range a part with an unknown peak is assumed to lie in.
std::optional<Interval> catalog_flops_per_byte(const Context& ctx) {
    if (!ctx.catalog) return std::nullopt;
    auto collect = [&](bool same_vendor) {
        std::optional<Interval> r;
        for (const Hardware& h : ctx.catalog->hardware) {
            if (h.kind != ctx.hardware.kind || !h.fp16_tflops || !h.bandwidth_gbs) continue;
            if (*h.fp16_tflops <= 0 || *h.bandwidth_gbs <= 0) continue;
            if (same_vendor && h.vendor != ctx.hardware.vendor) continue;
            const double ratio = *h.fp16_tflops * 1e12 / (*h.bandwidth_gbs * 1e9);
            r = r ? Interval{std::min(r->lo, ratio), std::max(r->hi, ratio)} : Interval::exact(ratio);
        }
        return r;
    };
    auto vendor = collect(true);
    if (vendor && vendor->lo < vendor->hi) return vendor;
    return collect(false);
}

std::optional<Interval> catalog_bandwidth_range(const Context& ctx) {
    if (!ctx.catalog) return std::nullopt;
    std::optional<Interval> r;
    for (const Hardware& h : ctx.catalog->hardware) {
        if (h.kind != ctx.hardware.kind || !h.bandwidth_gbs || *h.bandwidth_gbs <= 0) continue;
        const double b = *h.bandwidth_gbs;
        r = r ? Interval{std::min(r->lo, b), std::max(r->hi, b)} : Interval::exact(b);
    }
    return r;
}

void warn(std::vector<Text>* w, std::string zh, std::string en) {
    if (w) w->push_back({std::move(zh), std::move(en)});
}

// Per-card memory bandwidth, GB/s: stated, or inferred (with a warning).
Interval bandwidth_gbs(const Context& ctx, std::vector<Text>* warnings) {
    const Hardware& hw = ctx.hardware;
    if (hw.bandwidth_gbs && *hw.bandwidth_gbs > 0) return Interval::exact(*hw.bandwidth_gbs);
    if (hw.fp16_tflops && *hw.fp16_tflops > 0) {
        if (auto ratio = catalog_flops_per_byte(ctx)) {
            warn(warnings, hw.name + " 的内存带宽未知：按同类硬件的算力/带宽比推算，区间较宽。",
                 "The memory bandwidth of " + hw.name +
                     " is unknown: inferred from its compute peak with the FLOPs-per-byte range of similar parts "
                     "(wide interval).");
            return Interval::exact(*hw.fp16_tflops * 1e3) / *ratio;
        }
    }
    if (auto range = catalog_bandwidth_range(ctx)) {
        warn(warnings, hw.name + " 的内存带宽未知：使用目录中同类硬件的带宽范围，结果仅供参考。",
             "The memory bandwidth of " + hw.name +
                 " is unknown: the catalog's range for this kind of hardware is used; treat speeds as indicative.");
        return *range;
    }
    warn(warnings, hw.name + " 的内存带宽未知：使用参考硬件的最慢到最快范围，结果仅供参考。",
         "The memory bandwidth of " + hw.name +
             " is unknown: the slowest to fastest memory of the reference list is used; treat speeds as indicative.");
    return {kSlowestReferenceGBs, kFastestReferenceGBs};
}

}  // namespace

namespace {

// A CPU's peak = cores × clock × work per clock per core (reference/hardware.md). Work per clock:
//  - llama.cpp / Ollama (any weights they load, GGUF or 16-bit): the fp32 FMA rate. Their CPU kernels
//    quantize activations to 8 bits and take int8 dot products that end in fp32 (github:ggml-org/llama.cpp
//    @04e1dd75 ggml/src/ggml-cpu/arch/x86/
//    quants.c mul_sum_us8_pairs_float: maddubs + madd + cvtepi32_ps, then an fmadd with the block scale;
//    dpbusd + cvtepi32_ps with VNNI); four to six vector operations per 32 products on the two FMA ports
//    is of the order of the fp32 FMA rate (derived), so that rate is the reference, as for F16/BF16 files.
//    Builds with ggml's AMX kernels (amx/common.h: Q4_0, Q4_1, Q8_0, Q4_K, Q5_K, Q6_K, IQ4_XS on int8 tiles)
//    can be faster on Sapphire Rapids; no measurement sizes that, so they are not modelled.
//  - 16-bit matmuls of other engines (PyTorch / oneDNN) on a platform with AMX: its bf16 rate; else fp32.
bool runs_ggml(const Context& ctx) {
    return ctx.weights.scheme == WeightScheme::gguf || ctx.engine.id == "llama.cpp" || ctx.engine.id == "ollama";
}

std::optional<double> cpu_ops_per_cycle(const Context& ctx) {
    const Hardware& hw = ctx.hardware;
    const bool amx_bf16 = !runs_ggml(ctx) && is_fp16_dtype(matmul_dtype(ctx.weights)) &&
                          hw.bf16_ops_per_cycle_per_core && *hw.bf16_ops_per_cycle_per_core > 0;
    const std::optional<double> per_cycle =
        amx_bf16 ? hw.bf16_ops_per_cycle_per_core : hw.fp32_flops_per_cycle_per_core;
    if (per_cycle && *per_cycle > 0) return per_cycle;
    return std::nullopt;
}

std::string count_range_text(Interval v, const char* fmt = "%.3g") {
    return v.lo == v.hi ? num(v.lo, fmt) : num(v.lo, fmt) + "–" + num(v.hi, fmt);
}

// Cores × clock in GHz: the machine's when the user gave both (custom hardware); otherwise the product
// line's cores × base clock over its SKUs, or failing that the product of its cores and clock ranges, with a
// warning that names the assumption and how to replace it.
std::optional<Interval> cpu_core_ghz(const Hardware& hw, std::vector<Text>* warnings) {
    if (hw.cores && hw.clock_ghz && *hw.cores > 0 && *hw.clock_ghz > 0)
        return Interval::exact(*hw.cores * *hw.clock_ghz);
    std::optional<Interval> line = hw.core_ghz_range;
    if (!line && hw.cores_range && hw.clock_ghz_range) line = *hw.cores_range * *hw.clock_ghz_range;
    if (!line || !(line->lo > 0)) return std::nullopt;
    if (!warnings) return line;  // searches call this hundreds of times: build the sentence only when asked
    std::string cores_zh, cores_en;
    if (hw.cores_range && hw.clock_ghz_range) {
        const std::string c = count_range_text(*hw.cores_range), g = count_range_text(*hw.clock_ghz_range);
        cores_zh = "（" + c + " 核，基础频率 " + g + " GHz）";
        cores_en = " (" + c + " cores, " + g + " GHz base clock)";
    }
    warn(warnings,
         hw.name + " 的算力按其产品线的核数与基础频率估算" + cores_zh +
             "，不是你的机器，预填充与首字时间区间因此较宽。可用自定义硬件填入实际值以收窄："
             "{\"kind\":\"cpu\",\"cores\":…,\"clock_ghz\":…,\"fp32_flops_per_cycle_per_core\":…}。",
         "The compute peak of " + hw.name + " assumes its product line's cores and base clocks" + cores_en +
             ", not your machine, so prefill and TTFT are wide intervals. Set your machine's cores and sustained "
             "all-core clock as custom hardware to narrow them: "
             "{\"kind\":\"cpu\",\"cores\":…,\"clock_ghz\":…,\"fp32_flops_per_cycle_per_core\":…}.");
    return line;
}

std::optional<Interval> cpu_peak_tflops(const Context& ctx, std::vector<Text>* warnings) {
    const Hardware& hw = ctx.hardware;
    const std::optional<double> per_cycle = cpu_ops_per_cycle(ctx);
    std::optional<Interval> core_ghz;
    if (per_cycle) core_ghz = cpu_core_ghz(hw, warnings);
    if (per_cycle && core_ghz) return *core_ghz * (*per_cycle / 1e3);  // GHz × ops per cycle → TFLOPS
    warn(warnings,
         hw.name + " 的核数、主频或每周期运算量未知：解码按带宽估算（算力视为不受限），预填充区间很宽（介于一次权重读取与逐 "
                   "token 处理之间）。可在自定义硬件中填入 cores、clock_ghz 与 fp32_flops_per_cycle_per_core。",
         "The cores, clock or work per clock of " + hw.name +
             " are unknown: decode is estimated from bandwidth alone (compute taken as not limiting) and prefill is "
             "a wide interval (between one read of the weights and token-by-token). Custom hardware can give cores, "
             "clock_ghz and fp32_flops_per_cycle_per_core.");
    return std::nullopt;
}

}  // namespace

std::optional<Interval> compute_peak_tflops(const Context& ctx, std::vector<Text>* warnings) {
    const Hardware& hw = ctx.hardware;
    const std::string dtype = matmul_dtype(ctx.weights);

    if (hw.kind == HardwareKind::cpu) return cpu_peak_tflops(ctx, warnings);

    std::optional<double> peak = ctx.weights.scheme == WeightScheme::gguf ? gguf_peak_tflops(hw)
                                                                          : stated_peak_tflops(hw, dtype);
    if (!peak && !is_fp16_dtype(dtype)) peak = hw.fp16_tflops;  // no native path for the dtype: runs at fp16
    if (peak && *peak > 0) return Interval::exact(*peak);

    if (hw.bandwidth_gbs && *hw.bandwidth_gbs > 0) {
        if (auto ratio = catalog_flops_per_byte(ctx)) {
            warn(warnings,
                 hw.name + " 的 FP16 算力未知：按同类硬件的算力/带宽比推算，预填充区间较宽。",
                 "The FP16 peak of " + hw.name +
                     " is unknown: inferred from its bandwidth with the FLOPs-per-byte range of similar parts; "
                     "prefill is a wide interval.");
            return Interval::exact(*hw.bandwidth_gbs * 1e9) * *ratio / 1e12;
        }
    }
    warn(warnings,
         hw.name + " 的算力未知：解码按带宽估算，预填充区间很宽（介于一次权重读取与逐 token 处理之间）。",
         "The compute peak of " + hw.name +
             " is unknown: decode is estimated from bandwidth alone and prefill is a wide interval (between one read "
             "of the weights and token-by-token).");
    return std::nullopt;
}

// [SECTION] What the model asks --------------------------------------------------------------------------------

namespace {

// Everything a roofline needs about one context, computed once per call.
struct Roofline {
    const WeightsEstimate* weights = nullptr;  // owned by the context's cache
    ParamCounts params;
    Efficiency eff;
    Interval bandwidth_gbs;
    std::optional<Interval> peak_tflops;
    std::optional<Interval> attention_peak_tflops;  // QKᵀ and AV: activations × activations
    Interval dequant{1.0, 1.0};  // multiplier on η for dequantizing formats
    std::optional<Interval> stream_ceiling_gbs;  // GGUF kernels on a discrete accelerator
    double link_gbs = kPcie4x16GBs;
    double matmul_params = 0;    // active parameters that take part in matmuls per token
};

// Attention multiplies activations by activations, so a low-bit weight format does not speed it up: it runs
// at the 16-bit tensor peak, or at the fp8 peak when the KV cache is fp8 (TensorRT-LLM's and vLLM's fp8
// attention kernels), never faster than the weights' matmuls. GGUF engines and CPUs already count everything
// at their one peak.
std::optional<Interval> attention_peak_tflops(const Context& ctx, const std::optional<Interval>& matmul_peak) {
    if (!matmul_peak) return std::nullopt;
    const Hardware& hw = ctx.hardware;
    const bool discrete = hw.kind == HardwareKind::gpu || hw.kind == HardwareKind::npu;
    if (!discrete || ctx.weights.scheme == WeightScheme::gguf) return matmul_peak;
    std::optional<double> p = ctx.kv.id == "fp8" ? hw.fp8_tflops : std::nullopt;
    if (!p || !(*p > 0)) p = hw.fp16_tflops;
    if (!p || !(*p > 0)) return matmul_peak;
    return min(*matmul_peak, *p);
}

Roofline make_roofline(const Context& ctx, std::vector<Text>* warnings) {
    Roofline r;
    r.weights = &ctx.weights_estimate();
    r.params = ctx.param_counts();
    r.eff = ctx.efficiency();
    if (!(r.eff.eta_mem.lo > 0)) {
        r.eff = kPeerDefaultEfficiency;
        warn(warnings, ctx.engine.name + " 没有此类硬件的效率区间：使用同行工具的默认值（η 0.40–0.65）。",
             ctx.engine.name + " has no efficiency ranges for this hardware class: peers' defaults are used "
                               "(η 0.40–0.65).");
    }
    r.bandwidth_gbs = bandwidth_gbs(ctx, warnings);
    r.peak_tflops = compute_peak_tflops(ctx, warnings);
    r.attention_peak_tflops = attention_peak_tflops(ctx, r.peak_tflops);

    if (ctx.weights.scheme == WeightScheme::gguf) {
        const double bpw = r.weights->bits_per_weight > 0 ? r.weights->bits_per_weight : ctx.weights.bits_per_weight;
        const double halvings = std::max(0.0, std::log2(16.0 / std::max(1.0, bpw)));
        r.dequant = {std::max(0.1, 1.0 - kDequantPerHalvingHi * halvings),
                     std::max(0.1, 1.0 - kDequantPerHalvingLo * halvings)};
    }
    const bool discrete = ctx.hardware.kind == HardwareKind::gpu || ctx.hardware.kind == HardwareKind::npu;
    if (ctx.weights.scheme == WeightScheme::gguf && discrete)
        r.stream_ceiling_gbs = Interval{kGgufStreamCeilingLoGBs, kGgufStreamCeilingHiGBs} * r.dequant;
    if (ctx.hardware.interconnect_gbs && *ctx.hardware.interconnect_gbs > 0)
        r.link_gbs = *ctx.hardware.interconnect_gbs / 2.0;  // catalog figure is bidirectional

    const ParamCounts& p = r.params;
    // Matmuls: everything active except the embedding lookup; a tied head multiplies by the embedding matrix.
    r.matmul_params = std::max(0.0, p.active - p.embedding + (p.lm_head > 0 ? 0.0 : p.embedding));
    if (r.matmul_params <= 0) r.matmul_params = std::max(0.0, p.active);
    return r;
}

// Bytes per second a step streams from memory: bandwidth × η (× the dequantization factor), no more than the
// GGUF kernels' ceiling where it applies.
Interval stream_rate_bps(const Roofline& r) {
    Interval rate = r.bandwidth_gbs * 1e9 * (r.eff.eta_mem * r.dequant);
    if (r.stream_ceiling_gbs) rate = min(rate, *r.stream_ceiling_gbs * 1e9);
    return rate;
}

// Weight bytes one forward over `tokens` tokens reads. MoE: each token routes to k of E experts, so a batch
// touches 1 − (1 − k/E)^tokens of them; a dense model reads its active bytes whatever the batch.
Interval weight_bytes_read(const Context& ctx, const Roofline& r, double tokens) {
    const ModelArch& m = ctx.model;
    const Interval active = r.weights->active_bytes;
    if (m.n_experts <= 0 || m.experts_per_tok <= 0 || m.experts_per_tok >= m.n_experts) return active;
    const double share = static_cast<double>(m.experts_per_tok) / static_cast<double>(m.n_experts);
    const double touched = 1.0 - std::pow(1.0 - share, std::max(1.0, tokens));
    const double g = std::clamp((touched - share) / (1.0 - share), 0.0, 1.0);  // 0 at one token, 1 when all
    return {active.lo + (r.weights->bytes.lo - active.lo) * g, active.hi + (r.weights->bytes.hi - active.hi) * g};
}

// Key and value widths per head (MLA: the up-projected head dims).
void attention_dims(const ModelArch& m, double& heads, double& dk, double& dv) {
    heads = static_cast<double>(m.n_heads);
    if (m.is_mla()) {
        dk = static_cast<double>(m.qk_nope_head_dim + m.qk_rope_head_dim);
        dv = static_cast<double>(m.v_head_dim);
    } else {
        dk = dv = static_cast<double>(m.head_dim);
    }
}

// Attention FLOPs of one token at position `pos` (QKᵀ and AV, 2 FLOPs per multiply-add).
double attention_flops_per_token(const ModelArch& m, double pos) {
    double heads, dk, dv;
    attention_dims(m, heads, dk, dv);
    const double sliding = static_cast<double>(std::min(m.n_sliding_layers, m.n_layers));
    const double full = static_cast<double>(m.n_layers) - sliding;
    const double window_pos = m.sliding_window > 0 ? std::min(pos, static_cast<double>(m.sliding_window)) : pos;
    return 2.0 * heads * (dk + dv) * (full * pos + sliding * window_pos);
}

// Attention FLOPs of a whole causal prompt of P tokens: Σ over positions (≈ 2·L·P²·d_attn for dk = dv).
double attention_flops_prompt(const ModelArch& m, double P) {
    double heads, dk, dv;
    attention_dims(m, heads, dk, dv);
    const double sliding = static_cast<double>(std::min(m.n_sliding_layers, m.n_layers));
    const double full = static_cast<double>(m.n_layers) - sliding;
    const double W = static_cast<double>(m.sliding_window);
    const double sliding_sum = (W > 0 && P > W) ? W * W / 2.0 + (P - W) * W : P * P / 2.0;
    return 2.0 * heads * (dk + dv) * (full * P * P / 2.0 + sliding * sliding_sum);
}

}  // namespace

// [SECTION] Decode step -------------------------------------------------------------------------------------------

namespace {

struct StepParts {
    Interval t0_s;
    Interval per_seq_s;  // t_seq × (batch − 1): the host's work for every sequence beyond the first
    Interval memory_s;
    std::optional<Interval> compute_s;
    double comm_s = 0;
    Interval total_s;
};

bool tensor_split(const Context& ctx, int tp) { return ctx.engine.tensor_parallel && tp > 1; }

// Link time of one step: two all-reduces per layer under TP; a hand-off between cards under a layer split.
double link_time_s(const Context& ctx, const Roofline& r, int tp, double tokens) {
    if (tp <= 1) return 0.0;
    const double hidden = static_cast<double>(std::max<int64_t>(1, ctx.model.hidden));
    const double link = r.link_gbs * 1e9;
    if (tensor_split(ctx, tp)) {
        // Ring all-reduce moves 2·(tp−1)/tp of the activations (llm-analysis).
        const double bytes = tokens * hidden * kActivationBytes * 2.0 * (tp - 1) / tp;
        return 2.0 * static_cast<double>(ctx.model.n_layers) * (kAllReduceLatencyS + bytes / link);
    }
    return (tp - 1) * (kAllReduceLatencyS + tokens * hidden * kActivationBytes / link);
}

StepParts decode_parts(const Context& ctx, const Roofline& r, int tp, int64_t batch, int64_t context_tokens) {
    StepParts s;
    tp = std::max(1, tp);
    const double B = static_cast<double>(std::max<int64_t>(1, batch));
    const double pos = static_cast<double>(std::max<int64_t>(0, context_tokens));
    const bool tensor = tensor_split(ctx, tp);
    const ModelArch& m = ctx.model;

    // Under TP every card reads its share of the weights and of the KV heads at once; under a layer split the
    // cards run one after another, so the step reads everything at one card's bandwidth.
    const double weight_split = tensor ? tp : 1.0;
    const double kv_split = tensor && !m.is_mla() ? std::min<double>(tp, std::max<int64_t>(1, m.n_kv_heads)) : 1.0;
    const Interval weights = weight_bytes_read(ctx, r, B) / weight_split;
    const double kv = B * kv_bytes_read_per_step(m, ctx.kv.bytes_per_element, context_tokens) / kv_split;
    const Interval rate = stream_rate_bps(r);
    const Interval weights_s = weights / rate;
    const Interval kv_s = Interval::exact(kv) / rate;
    s.memory_s = weights_s + kv_s;

    // The step's kernels run one after another on a card: the matmuls (bounded by reading the weights or by
    // their FLOPs) and attention (bounded by reading the KV cache or by its FLOPs). Each kernel meets its own
    // roofline and their times add; a max over the whole step would let a large batch's compute-bound matmuls
    // hide the memory-bound attention, which no single stream does. At batch 1 both are memory-bound and the
    // sum equals bytes / rate as before.
    Interval busy = s.memory_s;
    if (r.peak_tflops) {
        const Interval matmul_s =
            Interval::exact(2.0 * r.matmul_params * B / weight_split) / (*r.peak_tflops * 1e12 * r.eff.batch_eff);
        const Interval attention_s = Interval::exact(attention_flops_per_token(m, pos) * B / weight_split) /
                                     (*r.attention_peak_tflops * 1e12 * r.eff.batch_eff);
        s.compute_s = matmul_s + attention_s;
        busy = max(weights_s, matmul_s) + max(kv_s, attention_s);
    }
    s.comm_s = link_time_s(ctx, r, tp, B);
    s.t0_s = r.eff.t0_ms / 1e3;
    // The host prepares, samples and post-processes every sequence of the step, in series with the GPU work
    // (vLLM V0: "only 38% of the time was spent on the actual GPU execution" for Llama 3 8B on one H100 —
    // vLLM blog 2024-09-05). t0 was fitted on single-stream runs, so it already holds the first sequence's
    // share; under TP the host work is not split across cards.
    s.per_seq_s = r.eff.t_seq_ms / 1e3 * (B - 1.0);

    s.total_s = positive(s.t0_s + s.per_seq_s + busy + s.comm_s, kMinStepS);
    return s;
}

}  // namespace

Interval decode_step_s(const Context& ctx, int tp, int64_t batch, int64_t context_tokens) {
    const Roofline r = make_roofline(ctx, nullptr);
    return decode_parts(ctx, r, tp, batch, context_tokens).total_s;
}

// [SECTION] Prefill -------------------------------------------------------------------------------------------------

namespace {

Interval mfu_at(const Efficiency& e, double tokens) {
    const double t = std::clamp(std::log(std::max(1.0, tokens) / kMfuShortTokens) /
                                    std::log(kMfuLongTokens / kMfuShortTokens),
                                0.0, 1.0);
    return {e.mfu_short.lo + (e.mfu_long.lo - e.mfu_short.lo) * t,
            e.mfu_short.hi + (e.mfu_long.hi - e.mfu_short.hi) * t};
}

// Seconds to prefill `n_prompts` prompts of `prompt_tokens` each, processed together in the engine's chunks.
Interval prefill_time_s(const Context& ctx, const Roofline& r, int tp, int64_t prompt_tokens, int64_t n_prompts) {
    tp = std::max(1, tp);
    const double P = static_cast<double>(std::max<int64_t>(1, prompt_tokens));
    const double n = static_cast<double>(std::max<int64_t>(1, n_prompts));
    const double total = P * n;
    const double chunk = static_cast<double>(std::max<int64_t>(1, batched_tokens_budget(ctx)));
    const double tokens_per_forward = std::min(total, chunk);
    // Chunks counted fractionally: a partly filled last chunk is shared with other requests' tokens (continuous
    // batching), and a whole-number count would make time per token jump up and down with the prompt length.
    const double forwards = std::max(1.0, total / chunk);
    const bool tensor = tensor_split(ctx, tp);
    const double split = tensor ? tp : 1.0;

    // Floor: every forward reads the (touched) weights once.
    const Interval read_s = weight_bytes_read(ctx, r, tokens_per_forward) / split * forwards / stream_rate_bps(r);

    Interval compute_s;
    if (r.peak_tflops) {
        const double matmul_flops = 2.0 * r.matmul_params * total;
        const double attention_flops = n * attention_flops_prompt(ctx.model, P);
        // Block formats pay for dequantization in prefill too (Apple table of the calibration notes: Q4_0
        // prompt rates 0.88 of F16's), taken as decode's factor.
        const Interval mfu = mfu_at(r.eff, tokens_per_forward) * r.dequant;
        compute_s = Interval::exact(matmul_flops / split) / (*r.peak_tflops * 1e12 * mfu) +
                    Interval::exact(attention_flops / split) / (*r.attention_peak_tflops * 1e12 * mfu);
        // A layer split can pipeline successive chunks across its cards (llama.cpp n_batch > n_ubatch): at best
        // min(cards, chunks) run at once; at worst none overlap.
        if (!tensor && tp > 1) compute_s.lo /= std::min<double>(tp, forwards);
    } else {
        // Unknown compute: between one read of the weights and token-by-token decode steps.
        const Interval one_by_one = decode_parts(ctx, r, tp, 1, static_cast<int64_t>(P)).total_s * total;
        compute_s = {read_s.lo, std::max(read_s.hi, one_by_one.hi)};
    }
    const double comm = forwards * link_time_s(ctx, r, tp, tokens_per_forward);
    return positive(max(compute_s, read_s) + comm, kMinStepS);
}

}  // namespace

Interval prefill_s(const Context& ctx, int tp, int64_t prompt_tokens) {
    const Roofline r = make_roofline(ctx, nullptr);
    return prefill_time_s(ctx, r, tp, prompt_tokens, 1);
}

// [SECTION] estimate_speed ---------------------------------------------------------------------------------------------

namespace {

// One request cycle of a slot in a closed loop with `batch` slots busy: the batch's prompts are prefilled
// (sharing the cards with decode) and then `output` decode steps run.
Interval cycle_s(const Interval& prefill_batch_s, const Interval& step_s, int64_t output_tokens) {
    return prefill_batch_s + step_s * static_cast<double>(std::max<int64_t>(1, output_tokens));
}

}  // namespace

Interval saturated_throughput_tps(const Context& ctx, int tp, int64_t batch, int64_t prompt_tokens,
                                  int64_t output_tokens) {
    const Roofline r = make_roofline(ctx, nullptr);
    batch = std::max<int64_t>(1, batch);
    output_tokens = std::max<int64_t>(1, output_tokens);
    const int64_t mid_position = prompt_tokens + output_tokens / 2;
    const Interval step = decode_parts(ctx, r, tp, batch, mid_position).total_s;
    const Interval cycle = cycle_s(prefill_time_s(ctx, r, tp, prompt_tokens, batch), step, output_tokens);
    const double out = static_cast<double>(batch * output_tokens);
    return {out / cycle.hi, out / cycle.lo};
}

PerformanceResult estimate_speed(const Context& ctx, int cards, int tp, Interval max_batch) {
    PerformanceResult res;
    const Scenario& s = ctx.scenario;
    cards = std::max(1, cards);
    tp = std::clamp(tp, 1, cards);
    const int replicas = std::max(1, cards / tp);
    res.tp = tp;

    const Roofline r = make_roofline(ctx, &res.warnings);

    // Users per replica and the batch they decode in: no more than the users, what memory surely holds
    // (max_batch.lo), and the engine's cap on sequences. The launch command (deploy.cpp) raises the cap of
    // continuously batching engines to the users per replica (--max-num-seqs, --parallel,
    // OLLAMA_NUM_PARALLEL), so their default binds only above that; Transformers' one-at-a-time generate()
    // always binds.
    const int64_t users = (std::max<int64_t>(1, s.concurrency) + replicas - 1) / replicas;
    const int64_t memory_batch = std::max<int64_t>(1, static_cast<int64_t>(std::floor(std::max(0.0, max_batch.lo))));
    const int64_t cap = ctx.engine.continuous_batching ? std::max(users, max_running_seqs(ctx)) : max_running_seqs(ctx);
    const int64_t batch = std::max<int64_t>(1, std::min({users, memory_batch, cap}));
    res.running_batch = batch;
    if (max_batch.hi < 1) {
        res.warnings.push_back({"内存连一个完整上下文的序列都放不下：速度按单序列假设计算。",
                                "Memory does not hold even one full-context sequence: speeds assume one sequence."});
    }

    // Decode: the step at the middle of the answer (fast end) and at its end (slow end), capped by the context.
    const int64_t P = std::max<int64_t>(1, s.prompt_tokens);
    const int64_t O = std::max<int64_t>(1, s.output_tokens);
    const int64_t ctx_cap = std::max<int64_t>(1, s.context_tokens);
    const StepParts early = decode_parts(ctx, r, tp, batch, std::min(ctx_cap, P + O / 2));
    const StepParts late = decode_parts(ctx, r, tp, batch, std::min(ctx_cap, P + O));
    const Interval step{early.total_s.lo, std::max(early.total_s.hi, late.total_s.hi)};
    res.decode_step_s = step;
    res.decode_tps_per_seq = {1.0 / step.hi, 1.0 / step.lo};
    res.bound = (late.compute_s && late.compute_s->mid() > late.memory_s.mid()) ? "compute" : "memory";

    // Prefill alone, and the batch's prompts together (the burst at the busiest minute).
    const Interval prefill_one = prefill_time_s(ctx, r, tp, P, 1);
    const Interval prefill_batch = prefill_time_s(ctx, r, tp, P, batch);
    res.prefill_tps = {static_cast<double>(P) / prefill_one.hi, static_cast<double>(P) / prefill_one.lo};

    // Closed loop: each slot completes one request per cycle; output throughput of the busy replicas.
    const Interval cycle = cycle_s(prefill_batch, step, O);
    const double busy_seqs = static_cast<double>(std::min<int64_t>(std::max<int64_t>(1, s.concurrency),
                                                                   batch * replicas));
    res.throughput_tps = {busy_seqs * O / cycle.hi, busy_seqs * O / cycle.lo};

    // TTFT: users beyond the batch wait for a slot, ≈ (users − batch) / batch request cycles; then the prompt
    // is prefilled — alone at best, together with the batch's other prompts at worst — and the first token
    // costs one step's fixed overhead. Never falls as concurrency, prompt or context rise.
    // Why the slow end is the burst and not a steady-state queue (M/D/1 at ρ = batch × prefill / cycle, which
    // was tried): load tools run the closed loop with fixed lengths, so the batch starts, finishes and
    // restarts together and every prompt meets the others' prefills — calibration T002 (10 requests at
    // once, 127 ms) falls outside a steady-state bound. Real users desynchronise, so the truth is nearer lo.
    Interval wait{0, 0};
    if (users > batch) wait = cycle * (static_cast<double>(users - batch) / static_cast<double>(batch));
    res.queue_wait_s = wait;
    res.ttft_s = {wait.lo + prefill_one.lo + early.t0_s.lo, wait.hi + prefill_batch.hi + early.t0_s.hi};
    res.ttft_s = positive(res.ttft_s, kMinStepS);

    // Trace.
    res.trace.push_back({"performance.decode_tps_per_seq",
                         "1 / (t0 + t_seq × (batch − 1) + Σ over matmuls and attention of max(bytes / (bandwidth × η), "
                         "FLOPs / (peak × batch_eff)) + link)",
                         "batch " + std::to_string(batch) + ", memory " + range_text(late.memory_s * 1e3, "ms") +
                             (late.compute_s ? ", compute " + range_text(*late.compute_s * 1e3, "ms") : "") +
                             ", link " + num(late.comm_s * 1e3) + " ms, t0 " + range_text(early.t0_s * 1e3, "ms") +
                             ", per-sequence host work " + range_text(early.per_seq_s * 1e3, "ms")});
    res.trace.push_back({"performance.prefill_tps", "prompt / max(FLOPs / (peak × MFU), weight reads)",
                         std::to_string(P) + " tokens in " + range_text(prefill_one * 1e3, "ms")});
    res.trace.push_back({"performance.throughput_tps",
                         "busy sequences × output / (batch prefill + output × step)",
                         num(busy_seqs) + " × " + std::to_string(O) + " / " + range_text(cycle, "s")});
    res.trace.push_back({"performance.ttft_s", "slot wait + prefill (alone … with the batch) + t0",
                         range_text(wait, "s") + " + " + range_text({prefill_one.lo, prefill_batch.hi}, "s")});
    return res;
}

}  // namespace infersizer
