// plan.cpp — cards for the scenario on every accelerator of the catalog (estimation.md §6).
//
// For one accelerator: the smallest replica layout (TP 1, 2, 4, 8 dividing the attention heads; then
// pipeline stages of 8 cards across nodes; llama.cpp / Ollama split layers over 1…8 cards instead) whose
// usable memory × (1 − headroom) holds weights + runtime + activations + the KV of one full-context
// sequence, judged on the pessimistic memory end; then the largest batch per replica that fits the KV and
// meets the per-user tokens/s and TTFT targets, searched with estimate_speed; replicas = ⌈peak concurrency
// / batch⌉; cards = layout × replicas, lo from the optimistic ends, hi from the pessimistic ones.
//
// [SECTION] helpers: notes, kinds, targets
// [SECTION] check_serving
// [SECTION] layouts and memory fit
// [SECTION] batch per replica
// [SECTION] plan_for, plan_all, smallest_fitting_tp
#include "plan.hpp"

#include "cost.hpp"
#include "format_text.hpp"
#include "memory.hpp"
#include "speed.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

namespace infersizer {

namespace {

// ---------------------------------------------------------------------------------------------------
// [SECTION] helpers: notes, kinds, targets
// ---------------------------------------------------------------------------------------------------

struct Notes {
    std::vector<Text> items;
    void add(std::string zh, std::string en) { items.push_back({std::move(zh), std::move(en)}); }
    Text joined() const {
        Text t;
        for (const Text& n : items) {
            t.zh += (t.zh.empty() ? "" : "；") + n.zh;
            t.en += (t.en.empty() ? "" : "; ") + n.en;
        }
        return t;
    }
};

bool engine_runs_on(const Engine& e, const Hardware& hw) {
    if (e.hardware_kinds.empty()) return true;
    return std::find(e.hardware_kinds.begin(), e.hardware_kinds.end(), kind_name(hw.kind)) != e.hardware_kinds.end();
}

// Compares one end of a speed result with the targets. Optimistic: the fast ends (highest tokens/s,
// lowest TTFT); pessimistic: the slow ends.
Misses misses_of(const PerformanceResult& p, const Targets& t, bool optimistic) {
    Misses m;
    const double tps = optimistic ? p.decode_tps_per_seq.hi : p.decode_tps_per_seq.lo;
    const double ttft = optimistic ? p.ttft_s.lo : p.ttft_s.hi;
    if (!std::isfinite(tps) || !std::isfinite(ttft) || tps <= 0 || ttft <= 0) {
        m.unknown = true;
        return m;
    }
    m.tps = tps < t.tps_per_user;
    m.ttft = ttft > t.ttft_s;
    return m;
}

Context context_on(const Context& ctx, const Hardware& hw, int cards, int64_t concurrency, int64_t context_tokens) {
    Context c = with_hardware(ctx, hw, cards);
    c.scenario.concurrency = std::max<int64_t>(1, concurrency);
    c.scenario.context_tokens = context_tokens;
    return c;
}

}  // namespace

Misses target_misses(const PerformanceResult& perf, const Targets& targets, bool optimistic) {
    return misses_of(perf, targets, optimistic);
}

std::string memory_word_zh(const Hardware& hw) {
    if (hw.is_cpu()) return "内存";
    if (hw.kind == HardwareKind::unified) return "统一内存";
    return "显存";
}

Text describe_misses(const Misses& m, const Targets& t, const Hardware& hw) {
    Text out;
    auto add = [&](const std::string& zh, const std::string& en) {
        out.zh += (out.zh.empty() ? "" : "，且") + zh;
        out.en += (out.en.empty() ? "" : ", and ") + en;
    };
    if (m.memory) add(memory_word_zh(hw) + "放不下一个完整序列", "not even one full sequence fits in memory");
    if (m.unknown) add("速度无法估算（目录缺少带宽）", "speed cannot be estimated (no bandwidth in the catalog)");
    if (m.ttft) add("首字时间超过 " + fmt::number(t.ttft_s, "zh") + " 秒", "TTFT passes " + fmt::number(t.ttft_s, "en") + " s");
    if (m.tps)
        add("每人速度低于 " + fmt::number(t.tps_per_user, "zh") + " tok/s",
            "per-user speed drops below " + fmt::number(t.tps_per_user, "en") + " tok/s");
    return out;
}

// ---------------------------------------------------------------------------------------------------
// [SECTION] check_serving
// ---------------------------------------------------------------------------------------------------

MemoryBatch memory_batch(const Context& ctx, const Hardware& hw, ReplicaLayout layout, int replicas,
                         int64_t context_tokens) {
    MemoryBatch out;
    replicas = std::max(1, replicas);
    const int cards = layout.cards() * replicas;
    // At concurrency 1, estimate_fit's `fits` says whether weights + runtime + activations + one full
    // sequence fit (with the engine's own pool rules); max_concurrency does not depend on the concurrency.
    const Context c = context_on(ctx, hw, cards, 1, context_tokens);
    const FitResult fit = estimate_fit(c, cards, layout.cards());
    out.kv = replica_kv(c, cards, layout.cards());
    out.capacity_known = fit.capacity_known;
    if (!out.capacity_known) {
        out.per_replica = Interval::exact(double(limits::kConcurrencyMax));
        out.one_sequence_fits = true;  // unknown RAM: the caller states how much the machine needs
        return out;
    }
    out.one_sequence_fits = fit.fits;
    const Interval per = fit.max_concurrency / double(replicas);
    out.per_replica = {std::floor(per.lo), std::floor(per.hi)};
    return out;
}

ServingCheck check_serving_with(const Context& ctx, const Hardware& hw, ReplicaLayout layout, int replicas,
                                int64_t concurrency, int64_t context_tokens, const MemoryBatch& memory) {
    ServingCheck out;
    replicas = std::max(1, replicas);
    out.capacity_known = memory.capacity_known;
    out.max_batch = memory.per_replica;
    out.pessimistic.memory = out.max_batch.lo < 1;
    out.optimistic.memory = out.max_batch.hi < 1;
    if (out.optimistic.memory) return out;

    // Speed is computed on the cards of the tensor-parallel group (pipeline stages run one after another,
    // so a stream's step costs what one TP group reading all the weights costs).
    const int speed_cards = layout.tp * replicas;
    const Context cs = context_on(ctx, hw, speed_cards, concurrency, context_tokens);
    out.perf = estimate_speed(cs, speed_cards, layout.tp, memory.kv);
    const Misses o = misses_of(out.perf, ctx.scenario.targets, true);
    const Misses p = misses_of(out.perf, ctx.scenario.targets, false);
    out.optimistic.ttft = o.ttft, out.optimistic.tps = o.tps, out.optimistic.unknown = o.unknown;
    out.pessimistic.ttft = p.ttft, out.pessimistic.tps = p.tps, out.pessimistic.unknown = p.unknown;
    return out;
}

ServingCheck check_serving(const Context& ctx, const Hardware& hw, ReplicaLayout layout, int replicas,
                           int64_t concurrency, int64_t context_tokens) {
    return check_serving_with(ctx, hw, layout, replicas, concurrency, context_tokens,
                              memory_batch(ctx, hw, layout, replicas, context_tokens));
}

namespace {

// ---------------------------------------------------------------------------------------------------
// [SECTION] layouts and memory fit
// ---------------------------------------------------------------------------------------------------

// Replica layouts in the order the planner tries them (fewest cards first).
std::vector<ReplicaLayout> candidate_layouts(const Context& ctx, const Hardware& hw, Notes& notes) {
    std::vector<ReplicaLayout> out;
    const Engine& e = ctx.engine;
    if (hw.kind == HardwareKind::cpu || hw.kind == HardwareKind::unified) {
        // One machine per replica: a CPU box or a Mac is not split across machines here.
        out.push_back({1, 1, !e.tensor_parallel});
        return out;
    }
    if (!e.tensor_parallel) {
        // llama.cpp / Ollama split layers over any number of cards (llama.cpp --split-mode layer).
        for (int n = 1; n <= kCardsPerNode; ++n) out.push_back({n, 1, true});
        // Beyond one node only llama.cpp's RPC backend spans machines; Ollama stays on one.
        if (e.id == "llama.cpp")
            for (int nodes = 2; nodes <= kMaxNodes; ++nodes) out.push_back({nodes * kCardsPerNode, 1, true});
        return out;
    }
    // vLLM / SGLang / TensorRT-LLM: TP must divide the attention heads (vLLM refuses to start otherwise).
    const int64_t heads = ctx.model.n_heads;
    int top = 0;
    for (int tp = 1; tp <= kCardsPerNode; tp *= 2) {
        if (heads > 0 && heads % tp != 0) {
            notes.add("跳过 TP " + std::to_string(tp) + "：" + std::to_string(heads) + " 个注意力头不能被整除",
                      "TP " + std::to_string(tp) + " skipped: " + std::to_string(heads) +
                          " attention heads are not divisible by it");
            continue;
        }
        out.push_back({tp, 1, false});
        top = tp;
    }
    if (top == 0) top = 1;
    for (int pp = 2; pp <= kMaxNodes; ++pp) out.push_back({top, pp, false});
    return out;
}

// Index of the first layout that holds one full sequence, or −1. Memory per card falls as cards are added,
// so after the common case (the first layout) the list is bisected: a few estimate_fit calls, not 23.
template <class Fits>
int smallest_fitting(const std::vector<ReplicaLayout>& layouts, Fits fits) {
    const int n = static_cast<int>(layouts.size());
    if (n == 0) return -1;
    if (fits(layouts[0])) return 0;
    if (n == 1 || !fits(layouts[n - 1])) return -1;
    int bad = 0, good = n - 1;
    while (good - bad > 1) {
        const int mid = bad + (good - bad) / 2;
        (fits(layouts[mid]) ? good : bad) = mid;
    }
    return good;
}

// ---------------------------------------------------------------------------------------------------
// [SECTION] batch per replica
// ---------------------------------------------------------------------------------------------------

struct Sizing {
    Interval mem_batch;         // sequences memory holds per replica (floored, capped at the concurrency)
    int64_t batch_opt = 1;      // largest batch meeting the targets at the optimistic ends (or memory's)
    int64_t batch_pess = 1;
    bool meets_opt = false;     // targets hold at batch 1 at that end
    bool meets_pess = false;
    Misses at_one_opt, at_one_pess;
    PerformanceResult perf;     // at batch_pess
};

// Largest b in [1, hi] with ok(b), assuming ok holds at 1 and stays true up to some b (a larger batch is
// never faster per user and never has a shorter queue). Doubling first: the answer is usually far below
// the memory bound.
template <class F>
int64_t largest_ok(int64_t hi, F ok) {
    if (hi <= 1) return 1;
    int64_t good = 1, bad = hi + 1;
    for (int64_t b = 2;; b *= 2) {
        if (b >= hi) {
            if (ok(hi)) return hi;
            bad = hi;
            break;
        }
        if (!ok(b)) {
            bad = b;
            break;
        }
        good = b;
    }
    while (bad - good > 1) {
        const int64_t mid = good + (bad - good) / 2;
        (ok(mid) ? good : bad) = mid;
    }
    return good;
}

// One replica at batch b: b users, all running (b never exceeds what memory holds).
class ReplicaSpeed {
public:
    ReplicaSpeed(const Context& ctx, const Hardware& hw, ReplicaLayout layout, const ReplicaKv& kv)
        : ctx_(ctx), hw_(hw), layout_(layout), kv_(kv) {}
    const PerformanceResult& at(int64_t batch) {
        auto it = cache_.find(batch);
        if (it == cache_.end()) {
            const Context c = context_on(ctx_, hw_, layout_.tp, batch, ctx_.scenario.context_tokens);
            it = cache_.emplace(batch, estimate_speed(c, layout_.tp, layout_.tp, kv_)).first;
        }
        return it->second;
    }

private:
    const Context& ctx_;
    const Hardware& hw_;
    ReplicaLayout layout_;
    ReplicaKv kv_;
    std::map<int64_t, PerformanceResult> cache_;
};

Sizing size_replica(const Context& ctx, const Hardware& hw, ReplicaLayout layout, const MemoryBatch& memory) {
    Sizing s;
    const int64_t conc = std::max<int64_t>(1, ctx.scenario.concurrency);
    s.mem_batch = {std::clamp(memory.per_replica.lo, 1.0, double(conc)), std::clamp(memory.per_replica.hi, 1.0, double(conc))};
    const Targets& t = ctx.scenario.targets;
    ReplicaSpeed speed(ctx, hw, layout, memory.kv);

    s.at_one_opt = misses_of(speed.at(1), t, true);
    s.at_one_pess = misses_of(speed.at(1), t, false);
    s.meets_opt = !s.at_one_opt.any();
    s.meets_pess = !s.at_one_pess.any();

    const int64_t mem_opt = static_cast<int64_t>(s.mem_batch.hi);
    const int64_t mem_pess = static_cast<int64_t>(s.mem_batch.lo);
    s.batch_pess = s.meets_pess ? largest_ok(mem_pess, [&](int64_t b) { return !misses_of(speed.at(b), t, false).any(); })
                                : mem_pess;
    s.batch_opt = s.meets_opt ? largest_ok(mem_opt, [&](int64_t b) { return !misses_of(speed.at(b), t, true).any(); })
                              : mem_opt;
    s.perf = speed.at(s.batch_pess);
    return s;
}

std::string cards_of(ReplicaLayout l, const Hardware& hw) { return std::to_string(l.cards()) + " × " + hw.name; }

}  // namespace

// ---------------------------------------------------------------------------------------------------
// [SECTION] plan_for, plan_all, smallest_fitting_tp
// ---------------------------------------------------------------------------------------------------

PlanRow plan_for(const Context& ctx, const Hardware& hw) {
    PlanRow row;
    row.hardware = hw.id;
    row.name = hw.name;
    Notes notes;
    auto finish = [&]() {
        row.note_text = notes.joined();
        row.note = row.note_text.en;
        return row;
    };

    if (!engine_runs_on(ctx.engine, hw)) {
        notes.add(ctx.engine.name + " 不支持此类硬件（" + kind_name(hw.kind) + "）",
                  ctx.engine.name + " does not run on this kind of hardware (" + kind_name(hw.kind) + ")");
        return finish();
    }
    if (!hw.is_cpu() && !usable_gib_per_card(hw)) {
        notes.add("目录缺少该卡的显存容量", "the catalog has no memory size for this card");
        return finish();
    }
    if (auto why = format_unsupported_on(ctx.weights, hw)) {
        notes.add(why->zh, why->en);
        return finish();
    }

    const std::vector<ReplicaLayout> layouts = candidate_layouts(ctx, hw, notes);
    const int64_t L = ctx.scenario.context_tokens;
    std::map<int, MemoryBatch> memory_of;  // by layout cards: each estimate_fit once
    auto memory_for = [&](const ReplicaLayout& l) -> const MemoryBatch& {
        auto it = memory_of.find(l.cards());
        if (it == memory_of.end()) it = memory_of.emplace(l.cards(), memory_batch(ctx, hw, l, 1, L)).first;
        return it->second;
    };
    const int chosen = smallest_fitting(layouts, [&](const ReplicaLayout& l) { return memory_for(l).one_sequence_fits; });
    const std::string ctx_k = fmt::tokens(L);
    if (chosen < 0) {
        const ReplicaLayout biggest = layouts.back();
        const Context c = context_on(ctx, hw, biggest.cards(), 1, L);
        const MemoryResult m = estimate_memory(c, biggest.cards(), biggest.cards(), 1, L);
        notes.add("权重 + 一个 " + ctx_k + " 序列需要 " + fmt::interval(m.total_gib, "GiB", "zh") + "，" +
                      cards_of(biggest, hw) + " 只有 " + fmt::number(m.budget_gib, "zh") + " GiB 可用",
                  "weights + one " + ctx_k + " sequence need " + fmt::interval(m.total_gib, "GiB", "en") + "; " +
                      cards_of(biggest, hw) + " offer " + fmt::number(m.budget_gib, "en") + " GiB usable");
        return finish();
    }

    // Smallest layout that fits; a TP engine that misses the speed targets there moves up to a larger TP
    // group within the node (more cards per stream is the only way to a faster stream).
    ReplicaLayout layout = layouts[chosen];
    MemoryBatch memory = memory_for(layout);
    Sizing sizing = size_replica(ctx, hw, layout, memory);
    if (!sizing.meets_pess && !layout.layer_split && layout.pp == 1) {
        for (size_t i = chosen + 1; i < layouts.size() && layouts[i].pp == 1; ++i) {
            const MemoryBatch mi = memory_for(layouts[i]);
            const Sizing s = size_replica(ctx, hw, layouts[i], mi);
            if (s.meets_pess) {
                notes.add("为达到速度目标把 TP 提高到 " + std::to_string(layouts[i].tp),
                          "TP raised to " + std::to_string(layouts[i].tp) + " to meet the speed targets");
                layout = layouts[i];
                memory = mi;
                sizing = s;
                break;
            }
        }
    }

    const int64_t conc = std::max<int64_t>(1, ctx.scenario.concurrency);
    const double rep_opt = std::ceil(double(conc) / double(std::max<int64_t>(1, sizing.batch_opt)));
    const double rep_pess = std::ceil(double(conc) / double(std::max<int64_t>(1, sizing.batch_pess)));
    row.tp = layout.tp;
    row.pp = layout.pp;
    row.layer_split = layout.layer_split;
    row.fits = layout.pp == 1 && layout.tp <= kCardsPerNode;
    row.replicas = Interval::of(rep_opt, rep_pess);
    row.cards = row.replicas * double(layout.cards());
    row.batch_per_replica = sizing.batch_pess;
    row.meets_targets = sizing.meets_pess;
    row.decode_tps_per_seq = sizing.perf.decode_tps_per_seq;
    row.ttft_s = sizing.perf.ttft_s;

    if (!memory.capacity_known) {
        const Context c = context_on(ctx, hw, layout.cards(), conc, L);
        const double need = estimate_memory(c, layout.cards(), layout.cards(), conc, L).total_gib.hi;
        notes.add("目录未给出内存容量：每台机器需要 ≥ " + fmt::number(need, "zh") + " GiB",
                  "RAM size unknown: each machine needs ≥ " + fmt::number(need, "en") + " GiB");
    }
    if (layout.layer_split && layout.tp > 1)
        notes.add("按层切分到 " + std::to_string(layout.tp) + " 张卡：单路不加速",
                  "layer split over " + std::to_string(layout.tp) + " cards: no speed-up per stream");
    if (layout.layer_split && layout.tp > kCardsPerNode)
        notes.add("跨 " + std::to_string(layout.tp / kCardsPerNode) + " 个节点（llama.cpp RPC）",
                  "across " + std::to_string(layout.tp / kCardsPerNode) + " nodes (llama.cpp RPC)");
    if (layout.pp > 1)
        notes.add("需要 " + std::to_string(layout.pp) + " 个节点 × " + std::to_string(layout.tp) + " 卡（跨节点流水线并行）",
                  "needs " + std::to_string(layout.pp) + " nodes × " + std::to_string(layout.tp) +
                      " cards (pipeline parallel across nodes)");
    if (!sizing.meets_pess) {
        const Text why = describe_misses(sizing.at_one_pess, ctx.scenario.targets, hw);
        notes.add("即使每副本只有 1 个用户，" + why.zh, "even at batch 1: " + why.en);
        if (sizing.meets_opt) notes.add("仅在乐观情况下达标", "meets the targets only in the optimistic case");
    } else if (sizing.batch_pess == static_cast<int64_t>(sizing.mem_batch.lo) && sizing.batch_pess < conc) {
        notes.add("每副本的批大小受 KV 显存限制为 " + std::to_string(sizing.batch_pess),
                  "batch per replica limited by KV memory to " + std::to_string(sizing.batch_pess));
    }

    bool on_demand = true;
    if (const auto price = price_per_card_hour_usd(*ctx.catalog, hw, &on_demand)) {
        row.has_price = true;
        row.currency = "USD";
        row.cost_per_month = Interval{row.cards.lo * price->lo, row.cards.hi * price->hi} * kHoursPerMonth;
        if (!on_demand)
            notes.add("无按需价格：用的是竞价/无服务器/市场价", "no on-demand price: spot, serverless or marketplace rows");
    } else {
        notes.add("没有已知的租用价格", "no rental price known");
    }
    return finish();
}

std::vector<PlanRow> plan_all(const Context& ctx) {
    std::vector<PlanRow> rows;
    if (!ctx.catalog) return rows;
    for (const Hardware& hw : ctx.catalog->hardware) {
        if (hw.is_cpu()) continue;
        rows.push_back(plan_for(ctx, hw));
    }
    // Cheapest meeting the targets first: rows that meet the targets on one node, then across nodes, then
    // those that fit but miss, then the rest; within a group priced rows by the pessimistic monthly cost
    // (what a typical deployment pays: a wide card interval must not win on its optimistic end), then by
    // cards.
    auto group = [](const PlanRow& r) {
        if (r.meets_targets && r.fits) return 0;
        if (r.meets_targets) return 1;
        if (r.fits) return 2;
        if (r.cards.hi > 0) return 3;
        return 4;
    };
    std::stable_sort(rows.begin(), rows.end(), [&](const PlanRow& a, const PlanRow& b) {
        const int ga = group(a), gb = group(b);
        if (ga != gb) return ga < gb;
        if (a.has_price != b.has_price) return a.has_price;
        if (a.has_price && a.cost_per_month.hi != b.cost_per_month.hi) return a.cost_per_month.hi < b.cost_per_month.hi;
        if (a.has_price && a.cost_per_month.lo != b.cost_per_month.lo) return a.cost_per_month.lo < b.cost_per_month.lo;
        if (a.cards.hi != b.cards.hi) return a.cards.hi < b.cards.hi;
        if (a.cards.lo != b.cards.lo) return a.cards.lo < b.cards.lo;
        return a.name < b.name;
    });
    return rows;
}

int smallest_fitting_tp(const Context& ctx, const Hardware& hw) {
    Notes ignored;
    std::vector<ReplicaLayout> one_node;
    for (const ReplicaLayout& l : candidate_layouts(ctx, hw, ignored))
        if (l.pp == 1 && l.tp <= kCardsPerNode) one_node.push_back(l);
    const int i = smallest_fitting(one_node, [&](const ReplicaLayout& l) {
        return memory_batch(ctx, hw, l, 1, ctx.scenario.context_tokens).one_sequence_fits;
    });
    return i < 0 ? 0 : one_node[i].tp;
}

}  // namespace infersizer
