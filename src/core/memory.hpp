// memory.hpp — resident memory: weights + KV + activations + runtime + colocated, per engine rules,
// against the usable memory of the cards.
#pragma once

#include "context.hpp"
#include "result.hpp"

namespace infersizer {

// Memory of one card the runtime can use, GiB (an "80 GB" H100 shows 79.18 GiB; macOS wires ≈ 75% of
// unified memory to the GPU by default). nullopt when the catalog does not know the size.
std::optional<double> usable_gib_per_card(const Hardware& hw);

// Unified memory (Apple): macOS wires ≈ 75% of it to the GPU by default, and `sudo sysctl
// iogpu.wired_limit_mb=N` raises that. When the estimate misses the default budget but fits the whole
// memory (after headroom), returns the N in MiB to set on each machine; nullopt otherwise. `cards`: all the machines,
// `m`: one replica's memory (m.replicas copies share them).
std::optional<long long> raised_wired_limit_mib(const Context& ctx, const MemoryResult& m, int cards);

// The same unified-memory machine with its GPU wiring cap raised to `mib` (what the sysctl above sets): its usable
// memory is then that cap, not the default share. The typical-scenario rows judge an Apple machine this way when
// the raised cap is the remedy, so they agree with the headline that names it.
Hardware with_wired_limit(const Hardware& hw, long long mib);

// The share of each card's memory a vLLM- or SGLang-style engine starts with (--gpu-memory-utilization,
// --mem-fraction-static): engines.json `memory_utilization`, lowered when the scenario keeps more free, and lowered
// again by what the replica's colocated models take on the card that holds the most of them (`colocated_card_gib`,
// MemoryResult): both engines use one share for every card of the group and refuse to start unless it is free on each.
// Rounded down to the hundredth the launch line prints. 0 when the colocated models leave the engine nothing.
double engine_memory_share(const Context& ctx, double card_gib, double colocated_card_gib);

// One card's budget (its usable memory × (1 − headroom), from a MemoryResult `m`), where a replica's colocated
// models sit; 0 when the size is unknown.
double colocated_card_budget_gib(const Hardware& hw, const MemoryResult& m);

// Memory for `concurrency` sequences of `context_tokens` on `cards` cards with tensor parallelism `tp`
// (cards / tp replicas; figures are for the whole set of cards, each replica with its own colocated models).
// With `explain`, records how each figure was computed (memory.* entries, explain.hpp); the planner's many
// calls leave it null and pay nothing for it.
MemoryResult estimate_memory(const Context& ctx, int cards, int tp, int64_t concurrency,
                             int64_t context_tokens, Explain* explain = nullptr);

// What fits: the memory result against the budget, the largest concurrency of context_tokens sequences,
// and the longest context at the given concurrency. With `explain`, records fit.max_concurrency and
// fit.max_context.
FitResult estimate_fit(const Context& ctx, int cards, int tp, Explain* explain = nullptr);

// What one replica's memory holds, for the serving simulation: the KV pool in tokens (paged engines allocate
// from it as sequences grow) and the sequences of context_tokens it holds (slot engines reserve a whole
// context per slot). lo is the pessimistic memory end. limits_batch false: memory does not bound the batch
// (a CPU platform without a RAM size, or a model without a KV shape).
struct ReplicaKv {
    Interval pool_tokens;
    Interval full_sequences;
    bool limits_batch = true;
};
ReplicaKv replica_kv(const Context& ctx, int cards, int tp);
// The same from a fit already computed for those cards (estimate_fit(ctx, cards, tp)).
ReplicaKv replica_kv(const Context& ctx, int cards, int tp, const FitResult& fit);

// Tokens one forward may process at most: the engine's prefill chunk (vLLM max_num_batched_tokens, with
// vLLM's smaller default on GPUs under 70 GiB and on A100; llama.cpp n_ubatch). Activations scale with it.
int64_t batched_tokens_budget(const Context& ctx);

// Sequences the engine decodes together at most by default (vLLM: 1024 on large GPUs, 256 otherwise).
int64_t max_running_seqs(const Context& ctx);

// Peak activation memory of one card, GiB: the engine's figure scaled by the model's vocabulary and by the
// token budget.
Interval activation_gib_per_card(const Context& ctx);

// How many copies of each sequence's KV the `cards` of one replica hold together: 1 for a layer split,
// tp / min(tp, kv_heads) under tensor parallelism (KV heads replicate once tp exceeds them), tp for an MLA latent
// cache — where tp is one pipeline stage's TP group: a replica wider than a node is TP (the node's cards) ×
// pipeline stages, and each stage holds only its own layers (DeepSeek-V3 on 16 H100, TP 8 × PP 2: 8 copies, not 16).
double kv_replication(const Context& ctx, int cards);
// The TP group of one pipeline stage on a replica of `cards`: the cards, up to one node's.
int kv_tensor_parallel_width(const Context& ctx, int cards);

}  // namespace infersizer
