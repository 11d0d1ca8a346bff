// memory.cpp — resident memory per engine rules (docs/estimation.md §4, docs/references/peers-and-formulas.md §4.3).
//
// Sections:
//   [SECTION] Constants and small helpers
//   [SECTION] Usable memory of a card
//   [SECTION] Engine rules: token budget, sequence cap, activations, runtime, KV replication
//   [SECTION] Explanations: how each figure was computed, from the values estimate_memory used
//   [SECTION] estimate_memory
//   [SECTION] estimate_fit
//
// Every figure is for the whole set of `cards` (cards / tp replicas). The total is the visible sum
// weights + kv_cache + activations + runtime + colocated; what the engine itself reserves at start
// (vLLM's utilization × capacity, TensorRT-LLM's 0.9 of the free memory) is reported next to it.
#include "memory.hpp"

#include "format_text.hpp"
#include "kv.hpp"
#include "params.hpp"
#include "units.hpp"
#include "value_text.hpp"
#include "weights.hpp"

#include <algorithm>
#include <functional>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <string>

namespace infersizer {

// [SECTION] Constants and small helpers ----------------------------------------------------------------

namespace {

using units::kGiB;

// llm-d empirical md: an "80 GB" H100 shows 79.18 GiB to CUDA. Accelerator labels are binary sizes less a
// driver/ECC reserve; calibration M003 shows the same share on an "40 GB" A100 (39.50 GiB, 0.9875).
constexpr double kVisibleShareOfLabel = 79.18 / 80.0;

// macOS lets the GPU wire ≈ 75% of unified memory by default (metakraftlabs; llama.cpp PR #4406 comment);
// raising iogpu.wired_limit_mb is possible but not the default.
constexpr double kUnifiedGpuShare = 0.75;

// The engines' activation figures were measured on Llama-3.1-8B (vocab 128256): llm-d's H100 runs hold
// 4.8–4.95 bytes per (token × vocab entry) across Qwen3-0.6B…Llama-3.3-70B (hidden 1024…8192), so the
// figure scales with the vocabulary, not with hidden or the parameter count.
constexpr double kActivationReferenceVocab = 128256.0;

// TensorRT-LLM gives the KV cache kv_cache_free_gpu_mem_fraction (0.9) of the memory free after loading
// (TRT-LLM kvcacheconfig docs); vLLM and SGLang reserve a fraction of the card's TOTAL memory at start and hand
// the KV cache the rest (engines.json "kv_pool", the fraction in memory_utilization).
bool kv_from_free_memory(const Engine& e) { return e.kv_pool == KvPoolRule::share_of_free; }
bool reserves_share_of_total(const Engine& e) { return e.kv_pool == KvPoolRule::share_of_total; }

Interval clamp_nonnegative(Interval v) { return {std::max(0.0, v.lo), std::max(0.0, v.hi)}; }

// Replicas of a model on `cards` cards at tensor parallelism (or layer-split group size) `tp`.
struct Layout {
    int cards = 1;
    int tp = 1;
    int replicas = 1;
};

Layout layout_of(int cards, int tp) {
    Layout l;
    l.cards = std::max(1, cards);
    l.tp = std::clamp(tp, 1, l.cards);
    l.replicas = std::max(1, l.cards / l.tp);
    return l;
}

// A colocated model's weight format: the catalog's entry when it has one, otherwise a plain dtype by name.
// Unknown names fall back to 16 bits with a warning (never silently).
WeightFormat colocated_format(const Context& ctx, const std::string& id, std::vector<Text>& warnings) {
    if (ctx.catalog) {
        if (const WeightFormat* f = ctx.catalog->find_weight_format(id)) return *f;
    }
    WeightFormat f;
    f.id = id;
    f.scheme = WeightScheme::dense;
    if (id == "fp32") f.bits_per_weight = 32;
    else if (id == "fp16" || id == "bf16") f.bits_per_weight = 16;
    else if (id == "fp8" || id == "int8") f.bits_per_weight = 8;
    else {
        f.bits_per_weight = 16;
        const std::string shown = one_line(id, kShownChars);  // the user's text: cut, on one line
        warnings.push_back({"伴随模型的权重格式 '" + shown + "' 未知，按 16 位计算。",
                            "Colocated model weight format '" + shown + "' is unknown; counted at 16 bits."});
    }
    return f;
}

}  // namespace

// [SECTION] Usable memory of a card ---------------------------------------------------------------------

std::optional<double> usable_gib_per_card(const Hardware& hw) {
    // Custom hardware states what the runtime can use; a catalog card may carry what CUDA showed in a log.
    if (hw.usable_memory_gib && *hw.usable_memory_gib > 0) {
        if (hw.kind == HardwareKind::unified) return *hw.usable_memory_gib * kUnifiedGpuShare;
        return *hw.usable_memory_gib;
    }
    if (!hw.memory_gb || !(*hw.memory_gb > 0)) return std::nullopt;
    const double label = *hw.memory_gb;
    switch (hw.kind) {
        case HardwareKind::gpu:
        case HardwareKind::npu: return label * kVisibleShareOfLabel;
        case HardwareKind::unified: return label * kUnifiedGpuShare;
        // A CPU platform's RAM is all addressable; the OS's own share is what the scenario's headroom is for.
        case HardwareKind::cpu: return label;
    }
    return std::nullopt;
}

// [SECTION] Engine rules ----------------------------------------------------------------------------------

namespace {

// The engine's smaller defaults apply to this card (engines.json "small_gpu_defaults"): its usable memory is
// below the threshold, or unknown, or its name is one the engine singles out (vLLM: A100).
const SmallGpuDefaults* small_gpu_defaults(const Context& ctx) {
    const auto& d = ctx.engine->small_gpu_defaults;
    if (!d) return nullptr;
    const auto usable = usable_gib_per_card(ctx.hardware);
    if (!usable || *usable < d->below_gib) return &*d;
    const std::string name = ctx.hardware->id + " " + ctx.hardware->name;
    for (const std::string& a : d->also) {
        std::string lower = a;
        for (char& ch : lower) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        if (name.find(a) != std::string::npos || name.find(lower) != std::string::npos) return &*d;
    }
    return nullptr;
}

// Tokens the activation figure of the engine entry was measured at.
double activation_reference_tokens(const Engine& e) {
    return e.max_batched_tokens > 0 ? static_cast<double>(e.max_batched_tokens) : 1.0;
}

}  // namespace

int64_t batched_tokens_budget(const Context& ctx) {
    const Engine& e = ctx.engine;
    if (const SmallGpuDefaults* d = small_gpu_defaults(ctx)) return std::min<int64_t>(e.max_batched_tokens, d->max_batched_tokens);
    // Transformers has no chunking: generate() runs the whole prompt of its (single) request in one forward.
    if (!e.continuous_batching && e.max_num_seqs <= 1)
        return std::max<int64_t>(1, std::min<int64_t>(ctx.scenario.prompt_tokens, ctx.scenario.context_tokens));
    return std::max<int64_t>(1, e.max_batched_tokens);
}

int64_t max_running_seqs(const Context& ctx) {
    const Engine& e = ctx.engine;
    if (const SmallGpuDefaults* d = small_gpu_defaults(ctx); d && d->max_num_seqs > 0)
        return std::min<int64_t>(e.max_num_seqs, d->max_num_seqs);
    return std::max<int64_t>(1, e.max_num_seqs);
}

Interval activation_gib_per_card(const Context& ctx) {
    const Engine& e = ctx.engine;
    const double vocab = ctx.model.vocab > 0 ? static_cast<double>(ctx.model.vocab) : kActivationReferenceVocab;
    if (e.activation_bytes_per_token_width && e.sampler_bytes_per_logit) {
        // The profile run's forward over the token budget (its widest tensors: hidden and the FFN of the
        // experts a token uses) plus the sampler's rows of logits, one per sequence it may hold.
        const ModelArch& m = ctx.model;
        const double ffn = m.is_moe() ? static_cast<double>(m.experts_per_tok * m.moe_intermediate +
                                                            m.n_shared_experts * m.moe_intermediate)
                                      : static_cast<double>(m.intermediate);
        const double width = static_cast<double>(m.hidden) + ffn;
        const double tokens = static_cast<double>(batched_tokens_budget(ctx));
        const double seqs = static_cast<double>(max_running_seqs(ctx));
        return clamp_nonnegative((*e.activation_bytes_per_token_width * (tokens * width) +
                                  *e.sampler_bytes_per_logit * (seqs * vocab)) / kGiB);
    }
    const double tokens_scale = static_cast<double>(batched_tokens_budget(ctx)) / activation_reference_tokens(e);
    return clamp_nonnegative(e.activation_gib * (vocab / kActivationReferenceVocab * tokens_scale));
}

int kv_tensor_parallel_width(const Context& ctx, int cards) {
    // A replica wider than a node runs TP = the node's cards × pipeline stages (estimate.cpp choose_layout, the
    // planner): each stage keeps only its own layers' KV, so copies are counted within one stage's TP group.
    return std::max(1, std::min(cards, node_cards(ctx.hardware)));
}

double kv_replication(const Context& ctx, int cards) {
    const int tp = kv_tensor_parallel_width(ctx, cards);
    if (tp <= 1 || !ctx.engine->tensor_parallel) return 1.0;  // layer split: every card holds its own layers
    // vLLM-derived: "MLA cache is always replicated" on every rank.
    if (ctx.model.is_mla()) return static_cast<double>(tp);
    // llm-cal ("matches vLLM"): per-GPU KV = total / min(tp, n_kv).
    const int64_t kv_heads = std::max<int64_t>(1, ctx.model.n_kv_heads);
    return static_cast<double>(tp) / static_cast<double>(std::min<int64_t>(tp, kv_heads));
}

namespace {

// Runtime of one card: the engine's range, plus Ollama's one-layer reserve (ollama llm/memory.go).
Interval runtime_gib_per_card(const Context& ctx, const WeightsEstimate& w) {
    Interval r = ctx.engine->runtime_gib;
    if (ctx.engine->reserves_layer_per_card && ctx.model.n_layers > 0)
        r += w.bytes / (static_cast<double>(ctx.model.n_layers) * kGiB);
    return clamp_nonnegative(r);
}

// Bytes of KV one sequence of `tokens` holds, with the engine's allocation block.
double kv_sequence_bytes(const Context& ctx, int64_t tokens) {
    const int64_t block = std::max<int64_t>(1, ctx.engine->kv_block_tokens);
    return kv_bytes_per_sequence(ctx.model, ctx.kv.bytes_per_element, tokens, block);
}

}  // namespace

// [SECTION] Explanations ------------------------------------------------------------------------------------

namespace {

// The values estimate_memory computed its figures from, as it used them.
struct MemoryParts {
    const Layout& layout;
    int64_t concurrency;
    int64_t context_tokens;
    const WeightsEstimate& weights;
    double kv_replication;
    double kv_sequence_bytes;
    Interval activation_per_card_gib;
    Interval runtime_per_card_gib;
    std::vector<std::pair<std::string, Interval>> colocated;  // name, weights + runtime (GiB)
    std::optional<double> usable_per_card_gib;
};

Source catalog_source(const std::string& table, const std::string& id) { return {SourceKind::catalog, table + "/" + id}; }
Source engine_source(const Context& ctx, const std::string& field) {
    return {SourceKind::engine, "engines/" + ctx.engine->id + "." + field};
}
Source computed(const char* path) { return {SourceKind::computed, path}; }
Source scenario_field(const char* field) { return {SourceKind::scenario, std::string("scenario.") + field}; }

Text exact_because(const char* zh, const char* en) { return {std::string("精确值：") + zh, std::string("exact: ") + en}; }

void explain_memory(const Context& ctx, const MemoryParts& p, const MemoryResult& r, Explain& out) {
    using namespace explain;
    const ModelArch& m = ctx.model;
    const Engine& e = ctx.engine;
    const int cards = p.layout.cards;
    const double cards_d = static_cast<double>(cards);

    {  // Weights: every tensor at its format's width, one copy per replica.
        Explanation x;
        x.title = {"权重", "Weights"};
        x.formula = {"参数量 × 平均每个权重的位数 ÷ 8 位/字节 × 副本数（每个张量按格式的位宽逐一计算）",
                     "parameters × average bits per weight ÷ 8 bits per byte × replicas (each tensor at its format's width)"};
        const double params = p.weights.params;
        const Interval bits = params > 0 ? p.weights.bytes * (8.0 / params) : Interval::exact(0.0);
        x.inputs = {factor({"参数量", "parameters"}, params, "", catalog_source("models", m.id)),
                    factor({"平均每个权重的位数（" + ctx.weights->id + "）", "average bits per weight (" + ctx.weights->id + ")"},
                           bits, "bits/weight", catalog_source("weight_formats", ctx.weights->id)),
                    divisor({"每字节的位数", "bits per byte"}, 8.0, "bits/B", {SourceKind::constant, "1 B = 8 bits"}),
                    factor({"模型副本数", "replicas of the model"}, static_cast<double>(p.layout.replicas), "",
                           computed("memory.replicas"))};
        x.value = r.weights_gib;
        x.unit = "GiB";
        x.combine = Combine::product;
        x.why_wide = r.weights_gib.is_exact()
                         ? exact_because("格式确定了每个张量的位宽", "the format fixes every tensor's width")
                         : Text{"格式没有确定全部张量的位宽（嵌入层与输出层是否保留 16 位、GGUF 配方是否用 imatrix）：两端是两种布局",
                                "the format does not fix every tensor's width (embeddings and head kept at 16 bits or not, a "
                                "GGUF mix with or without an importance matrix): the ends are the two layouts"};
        out.set("memory.weights_gib", std::move(x));
    }
    const double per_token_bytes = kv_bytes_per_token(m, ctx.kv.bytes_per_element);
    {  // KV per token: every layer's cached values for one token.
        Explanation x;
        x.title = {"每个 token 的 KV", "KV per token"};
        const bool mla = m.is_mla();
        const double values = mla ? static_cast<double>(m.kv_lora_rank + m.qk_rope_head_dim)
                                  : 2.0 * static_cast<double>(m.n_kv_heads) * static_cast<double>(m.head_dim);
        x.formula = mla ? Text{"层数 × 每层缓存的数值个数（MLA 潜在向量 kv_lora_rank + RoPE 键 qk_rope_head_dim）× 每个数值的字节数",
                               "layers × values cached per layer (MLA latent kv_lora_rank + RoPE key qk_rope_head_dim) × bytes per value"}
                        : Text{"层数 × 每层缓存的数值个数（K 和 V：2 × kv_heads × head_dim）× 每个数值的字节数",
                               "layers × values cached per layer (K and V: 2 × kv_heads × head_dim) × bytes per value"};
        x.inputs = {factor({"层数", "layers"}, m.has_shape() ? static_cast<double>(m.n_layers) : 0.0, "",
                           catalog_source("models", m.id)),
                    factor({"每层每 token 的数值个数", "values per layer and token"}, m.has_shape() ? values : 0.0, "",
                           catalog_source("models", m.id)),
                    factor({"每个数值的字节数（" + ctx.kv.id + "）", "bytes per value (" + ctx.kv.id + ")"},
                           ctx.kv.bytes_per_element, "B", catalog_source("kv_formats", ctx.kv.id))};
        x.value = r.kv_per_token_kib;
        x.unit = "KiB";
        x.combine = Combine::product;
        x.why_wide = exact_because("模型形状和 KV 格式确定了字节数", "the model's shape and the KV format fix the bytes");
        out.set("memory.kv_per_token_kib", std::move(x));
    }
    {  // KV cache: every sequence at the full context, with the copies tensor parallelism keeps.
        Explanation x;
        x.title = {"KV 缓存", "KV cache"};
        x.formula = {"每个 token 的 KV × 每个序列存的 token 数 × 序列数 × 每份 KV 在卡上的份数",
                     "KV per token × tokens each sequence holds × sequences × copies of the KV on the cards"};
        const int64_t block = std::max<int64_t>(1, e.kv_block_tokens);
        const double tokens = per_token_bytes > 0 ? p.kv_sequence_bytes / per_token_bytes : static_cast<double>(p.context_tokens);
        const std::string block_s = std::to_string(block);
        const bool sliding = m.sliding_window > 0 && m.n_sliding_layers > 0;
        Text tokens_name{"每个序列存的 token 数（上下文按 " + block_s + " token 的块取整" + (sliding ? "；滑动窗口层只存窗口，按层平均" : "") + "）",
                         "tokens each sequence holds (the context in whole blocks of " + block_s + " tokens" +
                             (sliding ? "; sliding-window layers keep only the window, averaged over the layers" : "") + ")"};
        Text copies_name;
        const int tp = kv_tensor_parallel_width(ctx, p.layout.tp);  // one pipeline stage's TP group
        if (m.is_mla() && p.kv_replication > 1)
            copies_name = {"每份 KV 的份数：MLA 潜在缓存在 TP " + std::to_string(tp) + " 的每张卡上各存一份",
                           "copies: the MLA latent cache is kept whole on each of the TP " + std::to_string(tp) + " cards"};
        else if (p.kv_replication > 1)
            copies_name = {"每份 KV 的份数：TP " + std::to_string(tp) + " 超过 " + std::to_string(m.n_kv_heads) + " 个 KV 头，头被复制",
                           "copies: TP " + std::to_string(tp) + " exceeds the " + std::to_string(m.n_kv_heads) +
                               " KV heads, which are replicated"};
        else
            copies_name = {"每份 KV 的份数（各卡分担不同的头或层，不复制）", "copies (the cards split heads or layers, none repeated)"};
        x.inputs = {factor({"每个 token 的 KV", "KV per token"}, r.kv_per_token_kib, "KiB", computed("memory.kv_per_token_kib")),
                    factor(tokens_name, tokens, "tokens", scenario_field("context_tokens")),
                    factor({"序列数（每个用户一个完整上下文）", "sequences (one full context per user)"},
                           static_cast<double>(p.concurrency), "", scenario_field("concurrency")),
                    factor(copies_name, p.kv_replication, "", engine_source(ctx, "tensor_parallel"))};
        x.value = r.kv_cache_gib;
        x.unit = "GiB";
        x.combine = Combine::product;
        x.why_wide = exact_because("每个用户都按完整上下文计", "every user counted at the full context");
        out.set("memory.kv_cache_gib", std::move(x));
    }
    {
        Explanation x;
        x.title = {"激活", "Activations"};
        x.formula = {"每张卡的峰值计算缓冲（引擎的测量值按词表和每步 token 预算缩放）× 卡数",
                     "peak compute buffers per card (the engine's measured figure scaled by the vocabulary and the "
                     "token budget per step) × cards"};
        x.inputs = {factor({"每张卡的激活", "activations per card"}, p.activation_per_card_gib, "GiB",
                           engine_source(ctx, "activation_gib")),
                    factor({"卡数", "cards"}, cards_d, "", computed("count")),
                    given({"每步 token 预算", "token budget per step"}, static_cast<double>(batched_tokens_budget(ctx)), "tokens",
                          engine_source(ctx, "max_batched_tokens")),
                    given({"词表大小", "vocabulary"}, static_cast<double>(m.vocab), "", catalog_source("models", m.id))};
        x.value = r.activations_gib;
        x.unit = "GiB";
        x.combine = Combine::product;
        x.why_wide = {"引擎条目给出的测量区间", "the measured range of the engine's entry"};
        out.set("memory.activations_gib", std::move(x));
    }
    {
        Explanation x;
        x.title = {"运行时", "Runtime"};
        x.formula = {"每张卡的运行时开销（CUDA 上下文、框架、计算图、分配器余量" + std::string(e.reserves_layer_per_card ? "，外加一层权重" : "") +
                         "）× 卡数",
                     "runtime per card (CUDA context, framework, graphs, allocator slack" +
                         std::string(e.reserves_layer_per_card ? ", plus one layer's weights" : "") + ") × cards"};
        x.inputs = {factor({"每张卡的运行时", "runtime per card"}, p.runtime_per_card_gib, "GiB", engine_source(ctx, "runtime_gib")),
                    factor({"卡数", "cards"}, cards_d, "", computed("count"))};
        x.value = r.runtime_gib;
        x.unit = "GiB";
        x.combine = Combine::product;
        x.why_wide = {"引擎条目给出的测量区间", "the measured range of the engine's entry"};
        out.set("memory.runtime_gib", std::move(x));
    }
    {
        Explanation x;
        x.title = {"同机其他模型", "Colocated models"};
        x.formula = {"每个同机模型的权重 + 它自己的运行时之和", "the sum of each colocated model's weights + its own runtime"};
        for (const auto& [name, gib] : p.colocated)
            x.inputs.push_back(term({name + " 的权重 + 运行时", name + ": weights + runtime"}, gib, "GiB", scenario_field("colocated")));
        if (p.colocated.empty())
            x.inputs.push_back(given({"同机模型数", "colocated models"}, 0.0, "", scenario_field("colocated")));
        x.value = r.colocated_gib;
        x.unit = "GiB";
        x.combine = Combine::sum;
        x.why_wide = p.colocated.empty()
                         ? exact_because("没有同机模型", "no colocated models")
                         : Text{"只知道参数量：位宽从格式最低位到参考布局的平均位，运行时取引擎的区间",
                                "only the size is known: from the format's lowest width to its average on a reference layout, "
                                "with the engine's runtime range"};
        out.set("memory.colocated_gib", std::move(x));
    }
    {
        Explanation x;
        x.title = {"合计", "Total"};
        x.formula = {"权重 + KV 缓存 + 激活 + 运行时 + 同机其他模型", "weights + KV cache + activations + runtime + colocated models"};
        x.inputs = {term({"权重", "weights"}, r.weights_gib, "GiB", computed("memory.weights_gib")),
                    term({"KV 缓存", "KV cache"}, r.kv_cache_gib, "GiB", computed("memory.kv_cache_gib")),
                    term({"激活", "activations"}, r.activations_gib, "GiB", computed("memory.activations_gib")),
                    term({"运行时", "runtime"}, r.runtime_gib, "GiB", computed("memory.runtime_gib")),
                    term({"同机其他模型", "colocated models"}, r.colocated_gib, "GiB", computed("memory.colocated_gib"))};
        x.value = r.total_gib;
        x.unit = "GiB";
        x.combine = Combine::sum;
        x.why_wide = {"各部分区间的两端分别相加", "the parts' low ends added, and their high ends"};
        out.set("memory.total_gib", std::move(x));
    }
    {
        Explanation x;
        x.title = {"可用内存", "Usable memory"};
        x.formula = {"每张卡可用的内存 × 卡数 × (1 − 冗余比例)", "usable memory per card × cards × (1 − headroom)"};
        x.inputs = {factor({"每张卡可用的内存", "usable memory per card"}, p.usable_per_card_gib.value_or(0.0), "GiB",
                           catalog_source("hardware", ctx.hardware->id)),
                    factor({"卡数", "cards"}, cards_d, "", computed("count")),
                    factor({"1 − 冗余比例", "1 − headroom"}, 1.0 - std::clamp(ctx.scenario.headroom, 0.0, 1.0), "",
                           scenario_field("headroom"))};
        x.value = Interval::exact(r.budget_gib);
        x.unit = "GiB";
        x.combine = Combine::product;
        x.why_wide = exact_because("标称容量扣除驱动保留（或 macOS 的 GPU 上限）后的值", "the label less the driver's reserve (or macOS's GPU cap)");
        out.set("memory.budget_gib", std::move(x));
    }
}

}  // namespace

double engine_memory_share(const Context& ctx, double card_gib, double colocated_card_gib) {
    const double headroom = std::clamp(ctx.scenario.headroom, 0.0, 1.0);
    const double share = std::min(ctx.engine->memory_utilization, 1.0 - headroom);
    const double colocated_share = card_gib > 0 ? std::max(0.0, colocated_card_gib) / card_gib : 0.0;
    // Down to the hundredth the launch line prints: 0.716 rounded to 0.72 would take the colocated models' room.
    return std::clamp(std::floor((share - colocated_share) * 100.0 + 1e-9) / 100.0, 0.0, 1.0);
}

double colocated_card_budget_gib(const Hardware& hw, const MemoryResult& m) {
    const auto card = usable_gib_per_card(hw);
    if (!card || !(*card > 0) || !(m.capacity_gib > 0)) return 0.0;
    return m.budget_gib / std::round(m.capacity_gib / *card);
}

// [SECTION] estimate_memory ---------------------------------------------------------------------------------

MemoryResult estimate_memory(const Context& ctx, int cards, int tp, int64_t concurrency, int64_t context_tokens,
                             Explain* explain) {
    MemoryResult r;
    const Layout l = layout_of(cards, tp);
    const Engine& e = ctx.engine;
    concurrency = std::max<int64_t>(0, concurrency);
    context_tokens = std::max<int64_t>(0, context_tokens);

    // Weights: one copy per replica; under TP or a layer split the cards of a replica share it.
    const WeightsEstimate& w = ctx.weights_estimate();
    r.weights_gib = clamp_nonnegative(w.bytes / kGiB * static_cast<double>(l.replicas));

    // KV: every sequence at the full context (paged engines reach it at the end of a long conversation;
    // llama.cpp and Ollama allocate it up front for every slot).
    const double repl = kv_replication(ctx, l.tp);
    r.kv_per_token_kib = Interval::exact(kv_bytes_per_token(ctx.model, ctx.kv.bytes_per_element) / units::kKiB);
    const double seq_bytes = kv_sequence_bytes(ctx, context_tokens);
    const double kv_bytes = static_cast<double>(concurrency) * seq_bytes * repl;
    r.kv_cache_gib = Interval::exact(kv_bytes / kGiB);

    const Interval activation_per_card = activation_gib_per_card(ctx);
    const Interval runtime_per_card = runtime_gib_per_card(ctx, w);
    r.activations_gib = activation_per_card * static_cast<double>(l.cards);
    r.runtime_gib = runtime_per_card * static_cast<double>(l.cards);

    // Colocated models: their weights plus a serving process of their own (CUDA context and allocator,
    // taken as this engine's runtime range).
    Interval colocated{0, 0};
    std::vector<double> colocated_hi_gib;                            // each model's high end, for its placement
    std::vector<std::pair<std::string, Interval>> colocated_parts;  // for the explanation only
    if (!ctx.scenario.colocated.empty() && !ctx.facts_slot) ctx.facts_slot = std::make_shared<Context::FactsSlot>();
    for (const ColocatedModel& c : ctx.scenario.colocated) {
        const WeightFormat f = colocated_format(ctx, c.weights, r.warnings);
        const double params = std::max(0.0, c.params_b) * units::kBillion;
        // Memoized for this estimate (the catalog, hence the format behind an id, does not change within it).
        std::string key = f.id + "|";
        key.append(reinterpret_cast<const char*>(&params), sizeof params);
        auto& memo = ctx.facts_slot->colocated_bytes;
        auto it = memo.find(key);
        if (it == memo.end()) it = memo.emplace(key, colocated_weights_bytes(params, f)).first;
        colocated += it->second / kGiB + e.runtime_gib;
        colocated_hi_gib.push_back((it->second / kGiB + e.runtime_gib).hi);
        if (explain) colocated_parts.emplace_back(c.name.empty() ? c.weights : c.name, it->second / kGiB + e.runtime_gib);
    }
    // Each replica serves its own pipeline: its colocated models sit beside it, as the per-replica table shows.
    r.colocated_gib = clamp_nonnegative(colocated) * static_cast<double>(l.replicas);
    // Largest first, each on the replica's least-loaded card: two small models on a TP 8 group take two cards, not
    // the sum of both out of every card's share.
    std::sort(colocated_hi_gib.begin(), colocated_hi_gib.end(), std::greater<>());
    std::vector<double> card_load(static_cast<size_t>(std::max(1, l.tp)), 0.0);
    for (double gib : colocated_hi_gib) *std::min_element(card_load.begin(), card_load.end()) += std::max(0.0, gib);
    r.colocated_card_gib = *std::max_element(card_load.begin(), card_load.end());

    r.total_gib = r.weights_gib + r.kv_cache_gib + r.activations_gib + r.runtime_gib + r.colocated_gib;

    // Say so when a part could not be sized from the architecture (never a silent zero or default).
    if (!ctx.model.has_shape()) {
        r.warnings.push_back({"模型只给出参数量、没有层结构：KV 缓存无法计算，按 0 计。",
                              "The model gives only its parameter count, no layer shape: the KV cache cannot be "
                              "sized and counts as 0."});
    }
    if (ctx.model.vocab <= 0) {
        r.warnings.push_back({"模型词表大小未知：激活内存按参考词表（128256）估算。",
                              "The model's vocabulary size is unknown: activations are sized at the reference "
                              "vocabulary (128256)."});
    }

    // Capacity and budget.
    const auto usable = usable_gib_per_card(ctx.hardware);
    r.capacity_known = usable.has_value();
    r.capacity_gib = usable ? *usable * static_cast<double>(l.cards) : 0.0;
    r.budget_gib = r.capacity_gib * (1.0 - std::clamp(ctx.scenario.headroom, 0.0, 1.0));
    if (!usable) {
        const double need = r.total_gib.hi;
        // One copy spread over several machines (llama.cpp's RPC layer split): what they need between them, and the
        // even share of it each holds.
        const std::string n = std::to_string(l.cards);
        const Text where =
            l.cards > 1
                ? Text{"这 " + n + " 台机器合计至少有 " + fmt::number(need, "zh") + " GiB 内存（每台约 " +
                           fmt::number(need / l.cards, "zh") + " GiB）",
                       "the " + n + " machines have at least " + fmt::number(need, "en") + " GiB between them (about " +
                           fmt::number(need / l.cards, "en") + " GiB each)"}
                : Text{"机器至少有 " + fmt::number(need, "zh") + " GiB 内存", "the machine has at least " + fmt::number(need, "en") + " GiB"};
        r.warnings.push_back({ctx.hardware->name + " 的内存容量未知：无法判断是否放得下，请确认" + where.zh + "，或填写内存大小。",
                              "The memory size of " + ctx.hardware->name +
                                  " is unknown: whether the model fits cannot be judged; make sure " + where.en +
                                  ", or give the RAM size."});
    }

    // What the engine itself takes at start, and the KV pool it ends up with.
    const Interval engine_fixed = r.weights_gib + r.activations_gib + r.runtime_gib;
    if (reserves_share_of_total(e) && usable) {
        r.engine_reserved_gib = Interval::exact(r.capacity_gib * engine_memory_share(ctx, *usable, r.colocated_card_gib));
        r.kv_pool_gib = clamp_nonnegative(r.engine_reserved_gib - engine_fixed);
    } else if (kv_from_free_memory(e) && usable) {
        const Interval free = clamp_nonnegative(Interval::exact(r.capacity_gib) - engine_fixed - r.colocated_gib);
        r.kv_pool_gib = free * e.memory_utilization;
        r.engine_reserved_gib = engine_fixed + r.kv_pool_gib;
    } else {
        r.engine_reserved_gib = engine_fixed + r.kv_cache_gib;
        r.kv_pool_gib = r.kv_cache_gib;
    }

    if (explain) {
        const MemoryParts parts{l, concurrency, context_tokens, w, repl, seq_bytes, activation_per_card,
                                runtime_per_card, std::move(colocated_parts), usable};
        explain_memory(ctx, parts, r, *explain);
    }
    return r;
}

// [SECTION] estimate_fit -------------------------------------------------------------------------------------

namespace {

// Largest tokens per sequence in [0, cap] whose KV for `concurrency` sequences stays within `avail_gib`.
int64_t max_context_within(const Context& ctx, int64_t concurrency, double repl, double avail_gib, int64_t cap) {
    auto need_gib = [&](int64_t t) {
        return static_cast<double>(concurrency) * kv_sequence_bytes(ctx, t) * repl / kGiB;
    };
    if (avail_gib <= 0 || need_gib(1) > avail_gib) return 0;
    if (need_gib(cap) <= avail_gib) return cap;
    int64_t lo = 1, hi = cap;  // need(lo) fits, need(hi) does not
    while (hi - lo > 1) {
        const int64_t mid = lo + (hi - lo) / 2;
        (need_gib(mid) <= avail_gib ? lo : hi) = mid;
    }
    return lo;
}

}  // namespace

FitResult estimate_fit(const Context& ctx, int cards, int tp, Explain* explain) {
    FitResult f;
    const Layout l = layout_of(cards, tp);
    const Scenario& s = ctx.scenario;
    const MemoryResult m = estimate_memory(ctx, l.cards, l.tp, s.concurrency, s.context_tokens);
    f.capacity_known = m.capacity_known;
    if (!m.capacity_known) {
        f.fits = false;
        f.max_concurrency = {0, 0};
        f.max_context = {0, 0};
        if (explain) {
            Explanation x;
            x.title = {"最大并发", "Largest concurrency"};
            x.formula = {"内存容量未知：放得下多少无从判断", "the memory size is unknown: what fits cannot be judged"};
            x.inputs = {infersizer::explain::given({"每张卡可用的内存", "usable memory per card"}, 0.0, "GiB",
                                       {SourceKind::catalog, "hardware/" + ctx.hardware->id})};
            x.why_wide = exact_because("没有容量就记为 0", "0 without a capacity");
            explain->set("fit.max_concurrency", x);
            x.title = {"最长上下文", "Longest context"};
            x.unit = "tokens";
            explain->set("fit.max_context", std::move(x));
        }
        return f;
    }

    // Memory left for the KV cache: the budget after everything else, and, for engines that size their own
    // pool (vLLM, SGLang, TensorRT-LLM), no more than that pool.
    const Interval fixed = m.weights_gib + m.activations_gib + m.runtime_gib + m.colocated_gib;
    Interval avail = clamp_nonnegative(Interval::exact(m.budget_gib) - fixed);
    const bool sized_pool = reserves_share_of_total(ctx.engine) || kv_from_free_memory(ctx.engine);
    if (sized_pool) avail = min(avail, m.kv_pool_gib);
    f.kv_budget_gib = avail;

    // "fits" uses the high end of the estimate: a typical deployment must fit, not only a careful one.
    bool fits = m.total_gib.hi <= m.budget_gib;
    if (sized_pool) fits = fits && m.kv_cache_gib.hi <= m.kv_pool_gib.lo;
    // A replica's colocated models run on the cards of its group, beside the engine's share of each (vLLM and SGLang
    // start with a share lowered to leave them room, engine_memory_share): the card holding the most must hold them.
    const double card_budget = m.budget_gib / static_cast<double>(l.cards);
    fits = fits && m.colocated_card_gib <= card_budget;
    // One full-context sequence per replica (the engine starts with this max_model_len): the same rules at
    // concurrency 1 with every replica's share of the budget.
    {
        const double per_replica_budget = m.budget_gib / static_cast<double>(l.replicas);
        const MemoryResult one = estimate_memory(ctx, l.tp, l.tp, 1, s.context_tokens);
        bool one_fits = one.total_gib.hi <= per_replica_budget;
        if (sized_pool) one_fits = one_fits && one.kv_cache_gib.hi <= one.kv_pool_gib.lo;
        one_fits = one_fits && one.colocated_card_gib <= card_budget;
        f.one_sequence_fits = one_fits;
    }

    const double repl = kv_replication(ctx, l.tp);
    const double seq_gib = kv_sequence_bytes(ctx, s.context_tokens) * repl / kGiB;
    // Each replica holds whole sequences in its own share: three replicas of 3.6 sequences each hold 9, not 10.
    const double replicas = static_cast<double>(std::max(1, l.replicas));
    const Interval per_replica_avail = avail / replicas;
    Interval per_replica_seqs{0, 0};
    if (seq_gib > 0) per_replica_seqs = {std::floor(per_replica_avail.lo / seq_gib), std::floor(per_replica_avail.hi / seq_gib)};
    f.max_concurrency = per_replica_seqs * replicas;
    // Every user at the full context, replica by replica: the replica that takes ⌈concurrency ÷ replicas⌉ of them
    // must hold them in its own share, which the pooled total above does not see.
    if (l.replicas > 1)
        fits = fits && per_replica_seqs.lo >= std::ceil(static_cast<double>(std::max<int64_t>(1, s.concurrency)) / replicas);
    f.fits = fits;

    // The model's maximum, or the scenario's context where it asks for more (warned in context.cpp): "fits" at a
    // 1M context beside "max context 262,144" read as a contradiction.
    const int64_t cap = ctx.model.max_context > 0 ? std::max(ctx.model.max_context, s.context_tokens) : limits::kContextMax;
    const int64_t conc = std::max<int64_t>(1, s.concurrency);
    f.max_context = {static_cast<double>(max_context_within(ctx, conc, repl, avail.lo, cap)),
                     static_cast<double>(max_context_within(ctx, conc, repl, avail.hi, cap))};
    if (explain) {
        using namespace infersizer::explain;
        const Text budget_name = sized_pool ? Text{"留给 KV 的内存（预算减去其他部分，且不超过引擎自己分配的 KV 池）",
                                                   "memory left for the KV (the budget less the other parts, within the "
                                                   "KV pool the engine allocates)"}
                                            : Text{"留给 KV 的内存（预算减去权重、激活、运行时和同机模型）",
                                                   "memory left for the KV (the budget less weights, activations, runtime "
                                                   "and colocated models)"};
        const Text why{"下限用其他部分的上限（较大的激活与运行时），上限用其下限",
                       "the low end leaves the other parts at their high ends (larger activations and runtime), the high "
                       "end at their low ends"};
        Explanation x;
        x.title = {"最大并发", "Largest concurrency"};
        x.formula = {"⌊留给 KV 的内存 ÷ 一个完整上下文序列的 KV（含每张卡上的份数）⌋",
                     "⌊memory left for the KV ÷ KV of one full-context sequence (its copies on the cards included)⌋"};
        const Text seq_name{"一个 " + fmt::tokens(s.context_tokens) + " 序列的 KV", "KV of one " + fmt::tokens(s.context_tokens) + " sequence"};
        if (l.replicas <= 1) {
            x.inputs = {factor(budget_name, avail, "GiB", {SourceKind::computed, "memory.budget_gib"}),
                        divisor(seq_name, seq_gib, "GiB", {SourceKind::computed, "memory.kv_cache_gib"})};
            x.rounding = Rounding::down;
        } else {
            // Whole sequences per replica, then the replicas: the floor comes first, so the product is exact.
            x.formula = {"⌊每个副本留给 KV 的内存 ÷ 一个完整上下文序列的 KV（含每张卡上的份数）⌋ × 副本数",
                         "⌊memory left for the KV of one replica ÷ KV of one full-context sequence (its copies on the cards "
                         "included)⌋ × replicas"};
            x.inputs = {given(budget_name, avail, "GiB", {SourceKind::computed, "memory.budget_gib"}),
                        given({"每个副本留给 KV 的内存", "memory left for the KV of one replica"}, per_replica_avail, "GiB",
                              {SourceKind::computed, "memory.budget_gib"}),
                        given(seq_name, seq_gib, "GiB", {SourceKind::computed, "memory.kv_cache_gib"}),
                        factor({"一个副本放得下的完整序列", "full sequences one replica holds"}, per_replica_seqs, "",
                               {SourceKind::computed, "fit.max_concurrency"}),
                        factor({"副本数", "replicas"}, replicas, "", {SourceKind::computed, "memory.replicas"})};
        }
        x.value = f.max_concurrency;
        x.unit = "";
        x.combine = Combine::product;
        x.why_wide = why;
        explain->set("fit.max_concurrency", x);

        Explanation c;
        c.title = {"最长上下文", "Longest context"};
        c.formula = {"给定并发下，KV 仍放得进留给 KV 的内存的最长序列（按块取整后逐个试出）",
                     "the longest sequence whose KV, at the given concurrency, still fits the memory left for the KV "
                     "(found by search, blocks rounded)"};
        c.inputs = {given(budget_name, avail, "GiB", {SourceKind::computed, "memory.budget_gib"}),
                    given({"并发", "concurrency"}, static_cast<double>(conc), "", {SourceKind::scenario, "scenario.concurrency"}),
                    given({"模型的最长上下文", "the model's longest context"}, static_cast<double>(cap), "tokens",
                          {SourceKind::catalog, "models/" + ctx.model.id})};
        c.value = f.max_context;
        c.unit = "tokens";
        c.why_wide = why;
        explain->set("fit.max_context", c);
    }
    return f;
}

ReplicaKv replica_kv(const Context& ctx, int cards, int tp) {
    const Layout l = layout_of(cards, tp);
    return replica_kv(ctx, cards, tp, estimate_fit(ctx, l.cards, l.tp));
}

ReplicaKv replica_kv(const Context& ctx, int cards, int tp, const FitResult& fit) {
    ReplicaKv out;
    const Layout l = layout_of(cards, tp);
    out.limits_batch = fit.capacity_known;
    if (!fit.capacity_known) return out;
    const double replicas = static_cast<double>(l.replicas);
    out.full_sequences = {std::floor(fit.max_concurrency.lo / replicas), std::floor(fit.max_concurrency.hi / replicas)};
    // Tokens per sequence at the typical request's length (prompt + output, within the context), so a
    // sliding-window model's capped layers count at their real share.
    const Scenario& s = ctx.scenario;
    const int64_t typical = std::max<int64_t>(1, std::min(s.context_tokens, s.prompt_tokens + s.output_tokens));
    const double per_token = kv_bytes_per_sequence(ctx.model, ctx.kv.bytes_per_element, typical, 1) *
                             kv_replication(ctx, l.tp) / static_cast<double>(typical);
    if (per_token <= 0) {
        out.limits_batch = false;  // a size-only model has no KV shape (memory.cpp warns): nothing limits the batch
        return out;
    }
    out.pool_tokens = {std::floor(fit.kv_budget_gib.lo * kGiB / replicas / per_token),
                       std::floor(fit.kv_budget_gib.hi * kGiB / replicas / per_token)};
    return out;
}

Hardware with_wired_limit(const Hardware& hw, long long mib) {
    Hardware raised = hw;
    // usable_gib_per_card takes the GPU share of a unified machine's usable memory: state it so that the share
    // is the cap.
    raised.usable_memory_gib = static_cast<double>(mib) / units::kMiBPerGiB / kUnifiedGpuShare;
    return raised;
}

std::optional<long long> raised_wired_limit_mib(const Context& ctx, const MemoryResult& m, int cards) {
    const Hardware& hw = ctx.hardware;
    if (hw.kind != HardwareKind::unified || !hw.memory_gb || !m.capacity_known) return std::nullopt;
    const double headroom = ctx.scenario.headroom;
    // `m` is one replica's: the machines that hold one copy (all of them under llama.cpp's RPC, one each under Ollama).
    cards = std::max(1, cards / std::max(1, m.replicas));
    const double whole_budget_gib = *hw.memory_gb * cards * (1 - headroom);
    if (m.total_gib.hi <= m.budget_gib || m.total_gib.hi > whole_budget_gib) return std::nullopt;
    // Per machine, with the headroom kept: the wired limit covers the estimate's high end.
    return static_cast<long long>(std::ceil(m.total_gib.hi / cards / (1 - headroom) * units::kMiBPerGiB));
}

}  // namespace infersizer
