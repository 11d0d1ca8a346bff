// hardware_peaks.cpp — what the hardware offers a roofline: memory bandwidth and the dense compute peak of
// the dtype the model's matmuls run in, stated by the catalog, inferred from similar parts (with a warning),
// or unknown. docs/estimation.md §5 explains the inference rules.
#include "hardware_peaks.hpp"

#include "format_text.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace infersizer {

namespace {

// When the catalog is not at hand and a card's bandwidth is unknown: the slowest and fastest memory of the
// reference hardware list (desktop DDR4-3200 dual channel 51.2 GB/s; B200 7700 GB/s).
constexpr double kSlowestReferenceGBs = 51.2;
constexpr double kFastestReferenceGBs = 7700.0;
// Same-architecture parts whose peaks agree within this factor are taken as one die at different clocks
// (Hopper's H100 PCIe to H200 SXM: 756–989 TFLOPS, 1.31×).
constexpr double kSameDieSpread = 1.5;

bool is_fp16_dtype(const std::string& d) { return d.empty() || d == "fp16" || d == "bf16"; }

std::optional<double> stated_peak_tflops(const Hardware& hw, const std::string& dtype) {
    if (dtype == "fp4") return hw.fp4_tflops;
    if (dtype == "fp8") return hw.fp8_tflops;
    if (dtype == "int8") return hw.int8_tops;
    return hw.fp16_tflops;
}

// llama.cpp's CUDA GEMMs accumulate in fp16, so on GeForce cards the fp16-accumulate rate is its ceiling:
// calibration D007's row (RTX 4080, Llama-3-8B F16, pp512 7247 t/s ≈ 109 TFLOPS) exceeds the card's 97.5
// TFLOPS fp32-accumulate peak. Elsewhere (no separate figure) the fp16 peak stands.
std::optional<double> gguf_peak_tflops(const Hardware& hw) {
    if (hw.fp16acc_tflops && *hw.fp16acc_tflops > 0) return hw.fp16acc_tflops;
    return hw.fp16_tflops;
}

}  // namespace

std::string matmul_dtype(const WeightFormat& f) {
    if (f.scheme == WeightScheme::gguf) return "fp16";
    return f.compute_dtype.empty() ? std::string("fp16") : f.compute_dtype;
}

bool runs_ggml(const Context& ctx) {
    return ctx.weights->scheme == WeightScheme::gguf || ctx.engine->traits.ggml_kernels;
}

namespace {

// FLOPs per byte of bandwidth among the catalog's parts of the same kind (and vendor, when it has two or more)
// that state both: the range a part with an unknown peak is assumed to lie in.
std::optional<Interval> catalog_flops_per_byte(const Context& ctx) {
    if (!ctx.catalog) return std::nullopt;
    auto collect = [&](bool same_vendor) {
        std::optional<Interval> r;
        for (const Hardware& h : ctx.catalog->hardware) {
            if (h.kind != ctx.hardware->kind || !h.fp16_tflops || !h.bandwidth_gbs) continue;
            if (*h.fp16_tflops <= 0 || *h.bandwidth_gbs <= 0) continue;
            if (same_vendor && h.vendor != ctx.hardware->vendor) continue;
            const double ratio = *h.fp16_tflops * 1e12 / (*h.bandwidth_gbs * 1e9);
            r = r ? Interval{std::min(r->lo, ratio), std::max(r->hi, ratio)} : Interval::exact(ratio);
        }
        return r;
    };
    auto vendor = collect(true);
    if (vendor && vendor->lo < vendor->hi) return vendor;
    return collect(false);
}

// "Hopper + Grace" → "Hopper": the GPU architecture a module is built on.
std::string gpu_architecture(const Hardware& h) {
    const size_t plus = h.architecture.find(" + ");
    return plus == std::string::npos ? h.architecture : h.architecture.substr(0, plus);
}

// The stated peaks for `dtype` of the catalog's parts of the same vendor, kind and GPU architecture (the same
// market when it has any: export-limited parts clock far lower): the range a part whose peaks the catalog leaves
// unknown (a lower-clocked NVL board, a superchip on the same die) lies in. Only where those parts agree within
// kSameDieSpread: an architecture spanning several dies (Apple's M3 to M3 Ultra, Ada's 4060 Ti to L40S) says
// nothing about one more part.
std::optional<Interval> same_architecture_peak(const Context& ctx, const std::string& dtype) {
    if (!ctx.catalog || ctx.hardware->architecture.empty()) return std::nullopt;
    const Hardware& hw = ctx.hardware;
    auto collect = [&](bool same_market) {
        std::optional<Interval> r;
        for (const Hardware& h : ctx.catalog->hardware) {
            if (&h == &hw || h.id == hw.id || h.kind != hw.kind || h.vendor != hw.vendor) continue;
            if (gpu_architecture(h) != gpu_architecture(hw) || (same_market && h.market != hw.market)) continue;
            std::optional<double> p = stated_peak_tflops(h, dtype);
            if (!p && !is_fp16_dtype(dtype)) p = h.fp16_tflops;
            if (!p || *p <= 0) continue;
            r = r ? Interval{std::min(r->lo, *p), std::max(r->hi, *p)} : Interval::exact(*p);
        }
        return r;
    };
    std::optional<Interval> r = collect(true);
    if (!r) r = collect(false);
    if (r && r->hi <= kSameDieSpread * r->lo) return r;
    return std::nullopt;
}

std::optional<Interval> catalog_bandwidth_range(const Context& ctx) {
    if (!ctx.catalog) return std::nullopt;
    std::optional<Interval> r;
    for (const Hardware& h : ctx.catalog->hardware) {
        if (h.kind != ctx.hardware->kind || !h.bandwidth_gbs || *h.bandwidth_gbs <= 0) continue;
        const double b = *h.bandwidth_gbs;
        r = r ? Interval{std::min(r->lo, b), std::max(r->hi, b)} : Interval::exact(b);
    }
    return r;
}

void warn(std::vector<Text>* w, std::string zh, std::string en) {
    if (w) w->push_back({std::move(zh), std::move(en)});
}

}  // namespace

Interval memory_bandwidth_gbs(const Context& ctx, std::vector<Text>* warnings) {
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

namespace {

// A CPU's peak = cores × clock × work per clock per core (docs/references/hardware.md). Work per clock:
//  - llama.cpp / Ollama (any weights they load, GGUF or 16-bit): the fp32 FMA rate. Their CPU kernels
//    quantize activations to 8 bits and take int8 dot products that end in fp32 (github:ggml-org/llama.cpp
//    @04e1dd75 ggml/src/ggml-cpu/arch/x86/
//    quants.c mul_sum_us8_pairs_float: maddubs + madd + cvtepi32_ps, then an fmadd with the block scale;
//    dpbusd + cvtepi32_ps with VNNI); four to six vector operations per 32 products on the two FMA ports
//    is of the order of the fp32 FMA rate (derived), so that rate is the reference, as for F16/BF16 files.
//    Builds with ggml's AMX kernels (amx/common.h: Q4_0, Q4_1, Q8_0, Q4_K, Q5_K, Q6_K, IQ4_XS on int8 tiles)
//    can be faster on Sapphire Rapids; no measurement sizes that, so they are not modelled.
//  - 16-bit matmuls of other engines (PyTorch / oneDNN) on a platform with AMX: its bf16 rate; else fp32.

std::optional<double> cpu_ops_per_cycle(const Context& ctx) {
    const Hardware& hw = ctx.hardware;
    const bool amx_bf16 = !runs_ggml(ctx) && is_fp16_dtype(matmul_dtype(ctx.weights)) &&
                          hw.bf16_ops_per_cycle_per_core && *hw.bf16_ops_per_cycle_per_core > 0;
    const std::optional<double> per_cycle =
        amx_bf16 ? hw.bf16_ops_per_cycle_per_core : hw.fp32_flops_per_cycle_per_core;
    if (per_cycle && *per_cycle > 0) return per_cycle;
    return std::nullopt;
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
        const std::string c = fmt::sig_interval(*hw.cores_range), g = fmt::sig_interval(*hw.clock_ghz_range);
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

    std::optional<double> peak = ctx.weights->scheme == WeightScheme::gguf ? gguf_peak_tflops(hw)
                                                                          : stated_peak_tflops(hw, dtype);
    if (!peak && !is_fp16_dtype(dtype)) peak = hw.fp16_tflops;  // no native path for the dtype: runs at fp16
    if (peak && *peak > 0) return Interval::exact(*peak);

    if (auto same = same_architecture_peak(ctx, dtype)) {
        warn(warnings,
             hw.name + " 的算力未知：取目录中同架构（" + gpu_architecture(hw) + "）同类卡的标称峰值范围。",
             "The compute peak of " + hw.name + " is unknown: the range of the catalog's " + gpu_architecture(hw) +
                 " parts of its kind is used.");
        return same;
    }

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

}  // namespace infersizer
