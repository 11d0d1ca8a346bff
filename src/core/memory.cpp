// memory.cpp — resident memory per engine rules (docs/estimation.md §4, docs/references/peers-and-formulas.md §4.3).
//
// Sections:
//   [SECTION] Constants and small helpers
//   [SECTION] Usable memory of a card
//   [SECTION] Engine rules: token budget, sequence cap, activations, runtime, KV replication
//   [SECTION] estimate_memory
//   [SECTION] estimate_fit
//
// Every figure is for the whole set of `cards` (cards / tp replicas). The total is the visible sum
// weights + kv_cache + activations + runtime + colocated; what the engine itself reserves at start
// (vLLM's utilization × capacity, TensorRT-LLM's 0.9 of the free memory) is reported next to it.
#include "memory.hpp"

#include "kv.hpp"
#include "params.hpp"
#include "units.hpp"
#include "weights.hpp"

#include <algorithm>
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
        warnings.push_back({"伴随模型的权重格式 '" + id + "' 未知，按 16 位计算。",
                            "Colocated model weight format '" + id + "' is unknown; counted at 16 bits."});
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
    const auto& d = ctx.engine.small_gpu_defaults;
    if (!d) return nullptr;
    const auto usable = usable_gib_per_card(ctx.hardware);
    if (!usable || *usable < d->below_gib) return &*d;
    const std::string name = ctx.hardware.id + " " + ctx.hardware.name;
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

double kv_replication(const Context& ctx, int tp) {
    if (tp <= 1 || !ctx.engine.tensor_parallel) return 1.0;  // layer split: every card holds its own layers
    // vLLM-derived: "MLA cache is always replicated" on every rank.
    if (ctx.model.is_mla()) return static_cast<double>(tp);
    // llm-cal ("matches vLLM"): per-GPU KV = total / min(tp, n_kv).
    const int64_t kv_heads = std::max<int64_t>(1, ctx.model.n_kv_heads);
    return static_cast<double>(tp) / static_cast<double>(std::min<int64_t>(tp, kv_heads));
}

namespace {

// Runtime of one card: the engine's range, plus Ollama's one-layer reserve (ollama llm/memory.go).
Interval runtime_gib_per_card(const Context& ctx, const WeightsEstimate& w) {
    Interval r = ctx.engine.runtime_gib;
    if (ctx.engine.reserves_layer_per_card && ctx.model.n_layers > 0)
        r += w.bytes / (static_cast<double>(ctx.model.n_layers) * kGiB);
    return clamp_nonnegative(r);
}

// Bytes of KV one sequence of `tokens` holds, with the engine's allocation block.
double kv_sequence_bytes(const Context& ctx, int64_t tokens) {
    const int64_t block = std::max<int64_t>(1, ctx.engine.kv_block_tokens);
    return kv_bytes_per_sequence(ctx.model, ctx.kv.bytes_per_element, tokens, block);
}

}  // namespace

// [SECTION] estimate_memory ---------------------------------------------------------------------------------

MemoryResult estimate_memory(const Context& ctx, int cards, int tp, int64_t concurrency, int64_t context_tokens) {
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
    const double kv_bytes = static_cast<double>(concurrency) * kv_sequence_bytes(ctx, context_tokens) * repl;
    r.kv_cache_gib = Interval::exact(kv_bytes / kGiB);

    r.activations_gib = activation_gib_per_card(ctx) * static_cast<double>(l.cards);
    r.runtime_gib = runtime_gib_per_card(ctx, w) * static_cast<double>(l.cards);

    // Colocated models: their weights plus a serving process of their own (CUDA context and allocator,
    // taken as this engine's runtime range).
    Interval colocated{0, 0};
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
    }
    r.colocated_gib = clamp_nonnegative(colocated);

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
        r.warnings.push_back({ctx.hardware.name + " 的内存容量未知：无法判断是否放得下，请填写内存大小。",
                              "The memory size of " + ctx.hardware.name +
                                  " is unknown: whether the model fits cannot be judged; give the RAM size."});
    }

    // What the engine itself takes at start, and the KV pool it ends up with.
    const Interval engine_fixed = r.weights_gib + r.activations_gib + r.runtime_gib;
    if (reserves_share_of_total(e) && usable) {
        r.engine_reserved_gib = Interval::exact(r.capacity_gib * e.memory_utilization);
        r.kv_pool_gib = clamp_nonnegative(r.engine_reserved_gib - engine_fixed);
    } else if (kv_from_free_memory(e) && usable) {
        const Interval free = clamp_nonnegative(Interval::exact(r.capacity_gib) - engine_fixed - r.colocated_gib);
        r.kv_pool_gib = free * e.memory_utilization;
        r.engine_reserved_gib = engine_fixed + r.kv_pool_gib;
    } else {
        r.engine_reserved_gib = engine_fixed + r.kv_cache_gib;
        r.kv_pool_gib = r.kv_cache_gib;
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

FitResult estimate_fit(const Context& ctx, int cards, int tp) {
    FitResult f;
    const Layout l = layout_of(cards, tp);
    const Scenario& s = ctx.scenario;
    const MemoryResult m = estimate_memory(ctx, l.cards, l.tp, s.concurrency, s.context_tokens);
    f.capacity_known = m.capacity_known;
    if (!m.capacity_known) {
        f.fits = false;
        f.max_concurrency = {0, 0};
        f.max_context = {0, 0};
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
    // vLLM/SGLang refuse to start unless utilization × total is free: colocated models must fit beside it.
    if (reserves_share_of_total(ctx.engine)) fits = fits && m.engine_reserved_gib.hi + m.colocated_gib.hi <= m.capacity_gib;
    f.fits = fits;
    // One full-context sequence per replica (the engine starts with this max_model_len): the same rules at
    // concurrency 1 with every replica's share of the budget.
    {
        const double per_replica_budget = m.budget_gib / static_cast<double>(l.replicas);
        const MemoryResult one = estimate_memory(ctx, l.tp, l.tp, 1, s.context_tokens);
        bool one_fits = one.total_gib.hi <= per_replica_budget;
        if (sized_pool) one_fits = one_fits && one.kv_cache_gib.hi <= one.kv_pool_gib.lo;
        if (reserves_share_of_total(ctx.engine))
            one_fits = one_fits && one.engine_reserved_gib.hi + one.colocated_gib.hi <= one.capacity_gib;
        f.one_sequence_fits = one_fits;
    }

    const double repl = kv_replication(ctx, l.tp);
    const double seq_gib = kv_sequence_bytes(ctx, s.context_tokens) * repl / kGiB;
    if (seq_gib > 0) {
        f.max_concurrency = {std::floor(avail.lo / seq_gib), std::floor(avail.hi / seq_gib)};
    } else {
        f.max_concurrency = {0, 0};
    }

    const int64_t cap = ctx.model.max_context > 0 ? ctx.model.max_context : limits::kContextMax;
    const int64_t conc = std::max<int64_t>(1, s.concurrency);
    f.max_context = {static_cast<double>(max_context_within(ctx, conc, repl, avail.lo, cap)),
                     static_cast<double>(max_context_within(ctx, conc, repl, avail.hi, cap))};
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

std::optional<long long> raised_wired_limit_mib(const Context& ctx, const MemoryResult& m, int cards) {
    const Hardware& hw = ctx.hardware;
    if (hw.kind != HardwareKind::unified || !hw.memory_gb || !m.capacity_known) return std::nullopt;
    const double headroom = ctx.scenario.headroom;
    const double whole_budget_gib = *hw.memory_gb * cards * (1 - headroom);
    if (m.total_gib.hi <= m.budget_gib || m.total_gib.hi > whole_budget_gib) return std::nullopt;
    // Per machine, with the headroom kept: the wired limit covers the estimate's high end.
    return static_cast<long long>(std::ceil(m.total_gib.hi / cards / (1 - headroom) * units::kMiBPerGiB));
}

}  // namespace infersizer
