// offload.cpp — MoE expert offload, llama.cpp's --n-cpu-moe (docs/estimation.md §5: "the resident part is
// read at GPU bandwidth, the routed experts kept in RAM at DDR bandwidth"; docs/references/peers-and-formulas.md §3
// item 5 and §4.4, llmfit PR #464).
//
// Sections:
//   [SECTION] Constants
//   [SECTION] Where the experts are: expert bytes per MoE layer
//   [SECTION] How many layers move: the smallest N that fits the cards
//   [SECTION] Decode: the resident part at the card's rate, the offloaded experts at the host's
//   [SECTION] Prefill: offloaded experts cross PCIe once per ubatch
//   [SECTION] estimate_offload
//
// The speed module's own decode step (speed.hpp) is reused for both ends: the step of the whole model on the
// cards and the step of the whole model on the host platform. At the small batches where offload is used a
// step is memory-bound, so each splits by bytes: the card reads the resident share of the bytes, the host the
// offloaded share. Fixed costs (t0, per-sequence host work) are paid once, on the card's side.
#include "offload.hpp"

#include "format_text.hpp"
#include "kv.hpp"
#include "memory.hpp"
#include "speed.hpp"
#include "units.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace infersizer {

// [SECTION] Constants -----------------------------------------------------------------------------------------

namespace {

using units::kGiB;

// PCIe 4.0 ×16: 16 GT/s × 16 lanes × 128/130 ≈ 31.5 GB/s per direction (PCI-SIG base spec; the catalog's
// "PCIe Gen4 x16 (64 GB/s)" host_interface is the bidirectional figure). The link offloaded experts cross
// in prefill.
constexpr double kPcie4x16GBs = 31.5;

// ggml's CUDA backend runs an op whose weights live in host memory on the GPU — copying the weights over
// PCIe — only when the op's batch reaches 32 tokens (ggml-cuda.cu ggml_backend_cuda_device_offload_op:
// min_batch_size = 32; for MUL_MAT_ID the batch is ne[2]). Smaller batches compute on the CPU.
constexpr int64_t kOpOffloadMinBatch = 32;

// Which engines offload experts (traits.expert_offload) and which host a card sits in (host_defaults) are
// catalog data: data/engines.json and data/hardware.json, documented in docs/catalog.md.
bool server_host(const Context& ctx) {
    return ctx.catalog && ctx.catalog->host_defaults.is_server_market(ctx.hardware->market);
}

Interval nonnegative(Interval v) { return {std::max(0.0, v.lo), std::max(0.0, std::max(v.lo, v.hi))}; }

Interval rate_of(Interval step_s) { return {1.0 / step_s.hi, 1.0 / step_s.lo}; }

}  // namespace

const Hardware* default_host_platform(const Context& ctx) {
    return ctx.catalog ? ctx.catalog->default_host_for(ctx.hardware) : nullptr;
}

// [SECTION] Where the experts are ------------------------------------------------------------------------------

namespace {

struct ExpertLayout {
    int first_dense = 0;      // leading layers without experts
    int moe_layers = 0;
    Interval bytes_per_layer; // routed experts of one MoE layer (the model's average over its layers)
    Interval all_bytes;       // every routed expert
};

// Routed experts are the tensor classes named *_exps (ffn_gate_exps, ffn_up_exps, ffn_down_exps and their
// biases); their share of the class bytes is applied to the weights' interval. A GGUF mix gives some layers'
// ffn_down_exps more bits: the per-layer figure is the average.
std::optional<ExpertLayout> expert_layout(const Context& ctx) {
    const ModelArch& m = ctx.model;
    if (!m.is_moe() || !m.has_shape() || m.experts_per_tok <= 0) return std::nullopt;
    const WeightsEstimate& w = ctx.weights_estimate();
    double experts = 0, all = 0;
    for (const TensorClassBytes& c : w.classes) {
        all += c.bytes;
        if (c.name.find("_exps") != std::string::npos) experts += c.bytes;
    }
    ExpertLayout l;
    l.first_dense = static_cast<int>(std::clamp<int64_t>(m.first_k_dense, 0, m.n_layers));
    l.moe_layers = static_cast<int>(m.n_layers) - l.first_dense;
    if (experts <= 0 || all <= 0 || l.moe_layers <= 0) return std::nullopt;
    l.all_bytes = w.bytes * (experts / all);
    l.bytes_per_layer = l.all_bytes / static_cast<double>(l.moe_layers);
    return l;
}

// [SECTION] How many layers move --------------------------------------------------------------------------------

struct Split {
    int moe_layers_offloaded = 0;
    Interval offloaded_bytes;
    Interval gpu_gib;
};

Split split_of(const MemoryResult& mem, const ExpertLayout& l, int moe_layers_offloaded) {
    Split s;
    s.moe_layers_offloaded = moe_layers_offloaded;
    s.offloaded_bytes = l.bytes_per_layer * static_cast<double>(moe_layers_offloaded);
    // The bytes leave the weights' own lo and hi ends: subtract end by end (not the widening interval minus).
    s.gpu_gib = nonnegative({mem.total_gib.lo - s.offloaded_bytes.lo / kGiB, mem.total_gib.hi - s.offloaded_bytes.hi / kGiB});
    return s;
}

// The smallest number of MoE layers whose experts, moved to RAM, bring the high end within the budget
// (fit uses the high end, as memory.cpp does); nullopt when all of them are not enough.
std::optional<Split> smallest_fitting_split(const MemoryResult& mem, const ExpertLayout& l) {
    for (int k = 1; k <= l.moe_layers; ++k) {
        const Split s = split_of(mem, l, k);
        if (s.gpu_gib.hi <= mem.budget_gib) return s;
    }
    return std::nullopt;
}

// [SECTION] Decode ------------------------------------------------------------------------------------------------

// Share of the routed experts one step touches: each of `batch` tokens picks k of E (as speed.cpp counts
// the weights a batch reads).
double experts_touched(const ModelArch& m, double batch) {
    if (m.n_experts <= 0 || m.experts_per_tok >= m.n_experts) return 1.0;
    const double share = static_cast<double>(m.experts_per_tok) / static_cast<double>(m.n_experts);
    return 1.0 - std::pow(1.0 - share, std::max(1.0, batch));
}

// Costs of a step that do not scale with bytes: the per-token overhead and the per-sequence host work.
Interval fixed_step_s(const Context& ctx, double batch) {
    const Efficiency& e = ctx.efficiency();
    if (!(e.eta_mem.lo > 0)) return {0, 0};  // speed.cpp then uses peers' defaults, which have no t0
    return e.t0_ms / units::kMsPerS + e.t_seq_ms / units::kMsPerS * std::max(0.0, batch - 1.0);
}

struct DecodeSplit {
    Interval step_s;      // the offloaded step
    Interval gpu_only_s;  // the whole model on the cards
    Interval cpu_only_s;  // the whole model on the host
};

// One decode step of `batch` sequences at position `pos` with `offloaded` expert bytes in host RAM.
DecodeSplit decode_split(const Context& ctx, const Context& host_ctx, const ExpertLayout& l, int tp,
                         int64_t batch, int64_t pos, Interval offloaded) {
    DecodeSplit d;
    const ModelArch& m = ctx.model;
    const double B = static_cast<double>(std::max<int64_t>(1, batch));
    d.gpu_only_s = decode_step_s(ctx, tp, batch, pos);
    d.cpu_only_s = decode_step_s(host_ctx, 1, batch, pos);
    const Interval gpu_fixed = fixed_step_s(ctx, B);
    const Interval cpu_fixed = fixed_step_s(host_ctx, B);

    // Bytes the step reads, per end: the non-expert weights, the touched experts, and the KV of the batch.
    const WeightsEstimate& w = ctx.weights_estimate();
    const double touched = experts_touched(m, B);
    const double kv = B * kv_bytes_read_per_step(m, ctx.kv.bytes_per_element, pos);
    const bool copy_over_pcie = batch >= kOpOffloadMinBatch;
    double ends[2];
    for (int i = 0; i < 2; ++i) {
        const bool lo = i == 0;
        const double weights_all = lo ? w.bytes.lo : w.bytes.hi;
        const double experts_all = lo ? l.all_bytes.lo : l.all_bytes.hi;
        const double read = weights_all - experts_all + experts_all * touched + kv;
        const double off_read = (lo ? offloaded.lo : offloaded.hi) * touched;
        const double resident_share = read > 0 ? std::clamp((read - off_read) / read, 0.0, 1.0) : 1.0;
        const double gpu_fixed_s = lo ? gpu_fixed.lo : gpu_fixed.hi;
        const double gpu_s = gpu_fixed_s + std::max(0.0, (lo ? d.gpu_only_s.lo : d.gpu_only_s.hi) - gpu_fixed_s) *
                                               resident_share;
        double host_s;
        if (copy_over_pcie) {
            // A batch of ≥ 32 tokens makes ggml copy the offloaded experts' tensors to the card each step.
            host_s = (lo ? offloaded.lo : offloaded.hi) / (kPcie4x16GBs * units::kGB);
        } else {
            const double cpu_s = lo ? d.cpu_only_s.lo : d.cpu_only_s.hi;
            const double cpu_fixed_s = lo ? cpu_fixed.lo : cpu_fixed.hi;
            host_s = std::max(0.0, cpu_s - cpu_fixed_s) * (read > 0 ? off_read / read : 0.0);
        }
        ends[i] = gpu_s + host_s;
    }
    d.step_s = Interval::of(ends[0], ends[1]);
    return d;
}

// [SECTION] Prefill ------------------------------------------------------------------------------------------------

// Seconds the offloaded experts take to cross PCIe for a prefill of `tokens`: once per ubatch of n_ubatch
// tokens (every chunk of ≥ 32 tokens runs its expert matmuls on the card, ggml op offload).
Interval pcie_copy_s(const Context& ctx, int64_t tokens, Interval offloaded) {
    if (tokens < kOpOffloadMinBatch) return {0, 0};
    const int64_t ubatch = std::max<int64_t>(1, batched_tokens_budget(ctx));
    const double ubatches = std::ceil(static_cast<double>(tokens) / static_cast<double>(ubatch));
    return offloaded * (ubatches / (kPcie4x16GBs * units::kGB));
}

// A prompt of fewer than 32 tokens: the host computes the offloaded experts token by token.
Interval short_prompt_host_s(const DecodeSplit& one_token, int64_t tokens) {
    if (tokens >= kOpOffloadMinBatch) return {0, 0};
    // End by end: the offloaded step's extra time over the card alone.
    const Interval extra = Interval::of(std::max(0.0, one_token.step_s.lo - one_token.gpu_only_s.lo),
                                        std::max(0.0, one_token.step_s.hi - one_token.gpu_only_s.hi));
    return extra * static_cast<double>(std::max<int64_t>(1, tokens));
}

Text note_text(const OffloadResult& r) {
    const std::string n = std::to_string(r.n_cpu_moe_layers);
    if (!r.applicable)
        return {"即使把全部 " + std::to_string(r.moe_layers) + " 个 MoE 层的专家放到内存，显卡仍需 " +
                    fmt::interval(r.gpu_gib, "GiB", "zh") + "，超过可用的 " + fmt::number(r.budget_gib, "zh") + " GiB",
                "Even with the experts of all " + std::to_string(r.moe_layers) + " MoE layers in RAM the cards need " +
                    fmt::interval(r.gpu_gib, "GiB", "en") + ", over the " + fmt::number(r.budget_gib, "en") +
                    " GiB budget"};
    return {"MoE 专家卸载：llama.cpp --n-cpu-moe " + n + "（前 " + n + " 层的专家约 " +
                fmt::interval(r.host_ram_gib, "GiB", "zh") + " 放在内存，按 " + r.host_name + " 的带宽估算），显卡 " +
                fmt::interval(r.gpu_gib, "GiB", "zh") + "，每人 " + fmt::interval(r.decode_tps_per_seq, "tok/s", "zh") +
                "，首字 " + fmt::seconds(r.ttft_s, "zh"),
            "MoE expert offload: llama.cpp --n-cpu-moe " + n + " (the first " + n + " layers' experts, " +
                fmt::interval(r.host_ram_gib, "GiB", "en") + ", in host RAM, at the bandwidth of " + r.host_name +
                "): cards " + fmt::interval(r.gpu_gib, "GiB", "en") + ", " +
                fmt::interval(r.decode_tps_per_seq, "tok/s", "en") + " per user, TTFT " +
                fmt::seconds(r.ttft_s, "en")};
}

}  // namespace

// [SECTION] estimate_offload ------------------------------------------------------------------------------------------

std::optional<OffloadResult> estimate_offload(const Context& ctx, int cards, int tp, Explain* explain) {
    const Hardware* host = default_host_platform(ctx);
    if (!host) return std::nullopt;
    return estimate_offload(ctx, cards, tp, *host, explain);
}

std::optional<OffloadResult> estimate_offload(const Context& ctx, int cards, int tp, const Hardware& host, Explain* explain) {
    const Hardware& hw = ctx.hardware;
    if (hw.kind != HardwareKind::gpu && hw.kind != HardwareKind::npu) return std::nullopt;
    if (!ctx.engine->traits.expert_offload) return std::nullopt;
    if (!host.bandwidth_gbs || !(*host.bandwidth_gbs > 0)) return std::nullopt;
    const std::optional<ExpertLayout> layout = expert_layout(ctx);
    if (!layout) return std::nullopt;

    cards = std::max(1, cards);
    tp = std::clamp(tp, 1, cards);
    const Scenario& s = ctx.scenario;
    const FitResult fit = estimate_fit(ctx, cards, tp);
    if (!fit.capacity_known || fit.fits) return std::nullopt;
    const MemoryResult mem = estimate_memory(ctx, cards, tp, s.concurrency, s.context_tokens);

    OffloadResult r;
    r.moe_layers = layout->moe_layers;
    r.budget_gib = mem.budget_gib;
    r.host_platform = host.id;
    r.host_name = host.name;
    r.host_bandwidth_gbs = *host.bandwidth_gbs;
    const std::optional<Split> split = smallest_fitting_split(mem, *layout);
    if (!split) {
        const Split all = split_of(mem, *layout, layout->moe_layers);
        r.applicable = false;
        r.moe_layers_offloaded = layout->moe_layers;
        r.n_cpu_moe_layers = layout->first_dense + layout->moe_layers;
        r.gpu_gib = all.gpu_gib;
        r.host_ram_gib = all.offloaded_bytes / kGiB;
        r.note = note_text(r);
        return r;
    }
    r.applicable = true;
    r.moe_layers_offloaded = split->moe_layers_offloaded;
    // --n-cpu-moe N keeps the expert tensors of layers 0 … N−1 in host memory (ggml-org/llama.cpp#15077);
    // leading dense layers have none, so N counts them too.
    r.n_cpu_moe_layers = layout->first_dense + split->moe_layers_offloaded;
    r.gpu_gib = split->gpu_gib;
    r.host_ram_gib = split->offloaded_bytes / kGiB;

    // The running batch: llama.cpp and Ollama give every user a slot (deploy.cpp sets --parallel /
    // OLLAMA_NUM_PARALLEL to the concurrency) and decode the slots together; KV for all of them is on the cards.
    const int64_t users = std::max<int64_t>(1, s.concurrency);
    const int64_t batch = ctx.engine->continuous_batching ? users : std::min(users, max_running_seqs(ctx));
    const Context host_ctx = with_hardware(ctx, host, 1);

    // Decode at the middle (fast end) and the end (slow end) of the answer, as speed.cpp does.
    const int64_t P = std::max<int64_t>(1, s.prompt_tokens), O = std::max<int64_t>(1, s.output_tokens);
    const int64_t cap = std::max<int64_t>(1, s.context_tokens);
    const DecodeSplit early = decode_split(ctx, host_ctx, *layout, tp, batch, std::min(cap, P + O / 2), split->offloaded_bytes);
    const DecodeSplit late = decode_split(ctx, host_ctx, *layout, tp, batch, std::min(cap, P + O), split->offloaded_bytes);
    const Interval step{early.step_s.lo, std::max(early.step_s.hi, late.step_s.hi)};
    r.decode_tps_per_seq = rate_of(step);
    r.gpu_only_tps = rate_of({early.gpu_only_s.lo, std::max(early.gpu_only_s.hi, late.gpu_only_s.hi)});
    r.cpu_only_tps = rate_of({early.cpu_only_s.lo, std::max(early.cpu_only_s.hi, late.cpu_only_s.hi)});

    // TTFT: the prompt alone (fast end) or with the batch's other prompts (slow end), each bounded below by the
    // experts' copies over PCIe; then one step's fixed cost and the serving path (speed.hpp kServingPathS).
    const DecodeSplit first = decode_split(ctx, host_ctx, *layout, tp, 1, P, split->offloaded_bytes);
    const Interval prefill_one = max(prefill_s(ctx, tp, P) + short_prompt_host_s(first, P),
                                     pcie_copy_s(ctx, P, split->offloaded_bytes));
    const Interval prefill_all = max(prefill_s(ctx, tp, P * batch) + short_prompt_host_s(first, P * batch),
                                     pcie_copy_s(ctx, P * batch, split->offloaded_bytes));
    const Interval t0 = fixed_step_s(ctx, 1.0);
    r.ttft_s = Interval{prefill_one.lo + t0.lo, std::max(prefill_one.hi, prefill_all.hi) + t0.hi} + kServingPathS;
    // The batch's output together, a request's cycle its TTFT and then its output at the per-user decode: the
    // slow end takes the slow TTFT and decode, the fast end the fast ones.
    const double out_tokens = static_cast<double>(O), running = static_cast<double>(batch);
    auto batch_tps = [&](double ttft, double tps) { return tps > 0 ? running * out_tokens / (ttft + out_tokens / tps) : 0.0; };
    r.throughput_tps = Interval::of(batch_tps(r.ttft_s.hi, r.decode_tps_per_seq.lo), batch_tps(r.ttft_s.lo, r.decode_tps_per_seq.hi));

    r.note = note_text(r);
    r.warnings.push_back(
        {"主机内存带宽按 " + host.name + "（" + fmt::figure(*host.bandwidth_gbs) + " GB/s，" +
             (server_host(ctx) ? "数据中心卡的服务器平台" : "消费级卡的台式机平台") +
             "）估算；预填充按 PCIe 4.0 x16（31.5 GB/s）每个 ubatch 传一次专家估算。",
         "Host memory bandwidth assumed: " + host.name + " (" + fmt::figure(*host.bandwidth_gbs) + " GB/s, " +
             (server_host(ctx) ? "a server platform for a datacenter card" : "a desktop platform for a consumer card") +
             "); prefill copies the offloaded experts over PCIe 4.0 x16 (31.5 GB/s) once per ubatch."});
    // An engine that reaches the offload only through another's option says so (Ollama: data/engines.json).
    if (ctx.engine->traits.expert_offload_caveat) r.warnings.push_back(*ctx.engine->traits.expert_offload_caveat);

    if (explain) {
        using namespace infersizer::explain;
        const Source host_source{SourceKind::catalog, "hardware/" + host.id};
        Explanation n;
        n.title = {"卸载到内存的层数（--n-cpu-moe）", "Layers offloaded to RAM (--n-cpu-moe)"};
        n.formula = {"最小的 N：合计 − 前 N 层专家的字节 ≤ 显卡预算（前面的稠密层没有专家，也计入 N）",
                     "the smallest N with total − the experts of the first N layers ≤ the cards' budget (leading dense "
                     "layers have no experts and count in N)"};
        n.inputs = {given({"合计（上限）", "total (high end)"}, mem.total_gib.hi, "GiB", {SourceKind::computed, "memory.total_gib"}),
                    given({"每层专家", "experts per layer"}, layout->bytes_per_layer / kGiB, "GiB", {SourceKind::catalog, "models/" + ctx.model.id}),
                    given({"显卡预算", "the cards' budget"}, mem.budget_gib, "GiB", {SourceKind::computed, "memory.budget_gib"}),
                    given({"前面的稠密层", "leading dense layers"}, static_cast<double>(layout->first_dense), "",
                          {SourceKind::catalog, "models/" + ctx.model.id})};
        n.value = Interval::exact(static_cast<double>(r.n_cpu_moe_layers));
        n.why_wide = {"精确值：取上限仍放得下的最小层数", "exact: the fewest layers with which the high end fits"};
        explain->set("offload.n_cpu_moe_layers", std::move(n));

        Explanation h;
        h.title = {"放在内存里的专家", "Experts held in RAM"};
        h.formula = {"卸载的 MoE 层数 × 每层专家的字节", "MoE layers offloaded × the experts' bytes per layer"};
        h.inputs = {factor({"卸载的 MoE 层数", "MoE layers offloaded"}, static_cast<double>(r.moe_layers_offloaded), "",
                           {SourceKind::computed, "offload.n_cpu_moe_layers"}),
                    factor({"每层专家", "experts per layer"}, layout->bytes_per_layer / kGiB, "GiB", {SourceKind::catalog, "models/" + ctx.model.id})};
        h.value = r.host_ram_gib;
        h.unit = "GiB";
        h.combine = Combine::product;
        h.why_wide = {"随权重的区间", "follows the weights' interval"};
        explain->set("offload.host_ram_gib", std::move(h));

        Explanation d;
        d.title = {"卸载后每个用户的速度", "Tokens/s per user with the offload"};
        d.formula = {"1 ÷ (显卡一步 × 留在显卡上的读取份额 + 主机一步 × 卸载专家的读取份额)",
                     "1 ÷ (the card's step × the share of bytes read on the card + the host's step × the offloaded "
                     "experts' share)"};
        d.inputs = {given({"批次", "batch"}, static_cast<double>(batch), "", {SourceKind::scenario, "scenario.concurrency"}),
                    given({"全部在显卡上的速度", "speed with everything on the cards"}, r.gpu_only_tps, "tok/s", {SourceKind::computed, "step_model"}),
                    given({"只用主机的速度（" + host.name + "）", "speed on the host alone (" + host.name + ")"}, r.cpu_only_tps, "tok/s",
                          host_source),
                    given({"主机内存带宽", "host memory bandwidth"}, *host.bandwidth_gbs, "GB/s", host_source)};
        d.value = r.decode_tps_per_seq;
        d.unit = "tok/s";
        d.why_wide = {"下限在回答末尾、慢端效率，上限在回答中段、快端效率",
                      "the low end at the answer's end with the slow efficiencies, the high end at its middle with the fast ones"};
        explain->set("offload.decode_tps_per_seq", std::move(d));

        Explanation t;
        t.title = {"卸载后的首字延迟", "Time to first token with the offload"};
        t.formula = {"max(显卡上的预填充, ubatch 数 × 卸载的字节 ÷ PCIe 4.0 x16 的 31.5 GB/s) + t0 + 服务路径",
                     "max(prefill on the card, ubatches × offloaded bytes ÷ PCIe 4.0 x16's 31.5 GB/s) + t0 + the serving path"};
        t.inputs = {given({"卸载的专家", "offloaded experts"}, r.host_ram_gib, "GiB", {SourceKind::computed, "offload.host_ram_gib"}),
                    given({"每个 ubatch 的 token", "tokens per ubatch"}, static_cast<double>(batched_tokens_budget(ctx)), "tokens",
                          {SourceKind::engine, "engines/" + ctx.engine->id + ".max_batched_tokens"}),
                    given({"PCIe 带宽", "PCIe bandwidth"}, kPcie4x16GBs, "GB/s", {SourceKind::constant, "PCIe 4.0 x16"}),
                    serving_path_input()};
        t.value = r.ttft_s;
        t.unit = "s";
        t.why_wide = {"下限是单独一个提示，上限是批次中所有提示一起预填充",
                      "the low end is one prompt alone, the high end every prompt of the batch prefilled together"};
        explain->set("offload.ttft_s", std::move(t));

        Explanation b;
        b.title = {"卸载后批次的总吞吐", "The batch's throughput with the offload"};
        b.formula = {"批次 × 输出 token ÷ (首字延迟 + 输出 token ÷ 每人速度)",
                     "batch × output tokens ÷ (TTFT + output tokens ÷ tokens/s per user)"};
        b.inputs = {given({"批次", "batch"}, static_cast<double>(batch), "", {SourceKind::scenario, "scenario.concurrency"}),
                    given({"输出 token", "output tokens"}, out_tokens, "tokens", {SourceKind::scenario, "scenario.output_tokens"}),
                    given({"首字延迟", "TTFT"}, r.ttft_s, "s", {SourceKind::computed, "offload.ttft_s"}),
                    given({"每人速度", "tokens/s per user"}, r.decode_tps_per_seq, "tok/s",
                          {SourceKind::computed, "offload.decode_tps_per_seq"})};
        b.value = r.throughput_tps;
        b.unit = "tok/s";
        b.why_wide = {"下限取慢端的首字延迟和速度，上限取快端的", "the low end with the slow TTFT and speed, the high end with the fast ones"};
        explain->set("offload.throughput_tps", std::move(b));
    }
    return r;
}

PerformanceResult offload_performance(const OffloadResult& o) {
    PerformanceResult p;
    p.ttft_s = o.ttft_s;
    p.ttft_p90_s = o.ttft_s;
    p.decode_tps_per_seq = o.decode_tps_per_seq;
    p.throughput_tps = o.throughput_tps;
    return p;
}

}  // namespace infersizer
