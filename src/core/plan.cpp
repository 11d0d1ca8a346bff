// plan.cpp — cards for the scenario on every accelerator of the catalog (docs/estimation.md §6).
//
// For one accelerator: the smallest replica layout (TP 1, 2, 4, 8 dividing the attention heads; then pipeline
// stages of 8 cards across nodes; llama.cpp / Ollama split layers over 1…8 cards instead) whose usable memory
// × (1 − headroom) holds weights + runtime + activations + the KV of one full-context sequence, judged on the
// pessimistic memory end; then the users one replica serves within the targets at the slow and at the fast
// ends of the efficiency ranges (sizing.hpp: screened, settled by the serving simulation); replicas =
// ⌈peak concurrency / users per replica⌉; cards = layout × replicas, lo from the fast end, hi from the slow.
//
// [SECTION] helpers: notes, targets, contexts
// [SECTION] check_serving
// [SECTION] layouts and memory fit
// [SECTION] users per replica and what binds them
// [SECTION] plan_for, plan_all, smallest_fitting_layout
#include "plan.hpp"

#include "cost.hpp"
#include "format_text.hpp"
#include "judge.hpp"
#include "memory.hpp"
#include "search.hpp"
#include "sizing.hpp"
#include "speed.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace infersizer {

namespace {

// ---------------------------------------------------------------------------------------------------
// [SECTION] helpers: notes, targets, contexts
// ---------------------------------------------------------------------------------------------------

struct Notes {
    std::vector<Text> items;
    void add(std::string zh, std::string en) { items.push_back({std::move(zh), std::move(en)}); }
    void add(const Text& t) { items.push_back(t); }
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
    return std::find(e.hardware_kinds.begin(), e.hardware_kinds.end(), hardware_kind_name(hw.kind)) != e.hardware_kinds.end();
}

}  // namespace

Context context_on(const Context& ctx, const Hardware& hw, int cards, int64_t concurrency, int64_t context_tokens) {
    Context c = with_hardware(ctx, hw, cards);
    c.scenario.concurrency = std::max<int64_t>(1, concurrency);
    c.scenario.context_tokens = context_tokens;
    return c;
}

Misses target_misses(const PerformanceResult& p, const Scenario& s, const DailyVolume& volume, int64_t concurrency,
                     bool optimistic) {
    const Targets& t = s.targets;
    Misses m;
    if (t.no_latency_target) {  // no latency to miss: memory and the day's volume decide (check_serving, judge_setup)
        if (!volume.applies()) return m;
        const double tps = optimistic ? p.throughput_tps.hi : p.throughput_tps.lo;
        if (!std::isfinite(tps) || tps <= 0) {
            m.unknown = true;
            return m;
        }
        m.per_day = volume.requests_a_day(tps);
        const int64_t users = std::clamp<int64_t>(concurrency, 1, volume.concurrency);
        m.needed_per_day = volume.requests_per_day * static_cast<double>(users) / static_cast<double>(volume.concurrency);
        m.volume = tps < volume.needed_tps_for(users);
        m.share = users < volume.concurrency;
        return m;
    }
    const double tps = optimistic ? p.decode_tps_per_seq.hi : p.decode_tps_per_seq.lo;
    const double ttft = optimistic ? p.ttft_p90_s.lo : p.ttft_p90_s.hi;
    if (!std::isfinite(tps) || !std::isfinite(ttft) || tps <= 0 || ttft <= 0) {
        m.unknown = true;
        return m;
    }
    m.tps = per_user_speed_judged(s) && tps < t.tps_per_user;
    m.ttft = ttft > t.ttft_s;
    return m;
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
    if (m.slots)
        add(memory_word_zh(hw) + "只容纳 " + fmt::count(m.slots_held, "zh") + " 个完整上下文的槽位（每个用户一个）",
            "memory holds only " + fmt::count(m.slots_held, "en") + (m.slots_held == 1 ? " slot" : " slots") +
                " of the full context (one per user)");
    if (m.split_overflows)
        add("即使把所有 MoE 层的专家都放到内存，" + memory_word_zh(hw) + "也放不下",
            "even with every MoE layer's experts in host RAM, the cards do not hold it");
    if (m.unknown) add("速度无法估算（目录缺少带宽）", "speed cannot be estimated (no bandwidth in the catalog)");
    if (m.ttft)
        add("首字时间（p90）超过 " + fmt::number(t.ttft_s, "zh") + " 秒", "TTFT (p90) exceeds " + fmt::number(t.ttft_s, "en") + " s");
    if (m.tps)
        add("每人速度低于 " + fmt::number(t.tps_per_user, "zh") + " tok/s",
            "per-user speed drops below " + fmt::number(t.tps_per_user, "en") + " tok/s");
    if (m.volume) {
        // Fewer users than the scenario's owe their share of the day (a replica's, one user's).
        const bool share = m.share;
        add("每天只完成约 " + fmt::count(m.per_day, "zh") + " 个请求，不够" + (share ? "其份额每天 " : "每天 ") +
                fmt::count(m.needed_per_day, "zh") + " 个",
            "it finishes about " + fmt::count(m.per_day, "en") + " requests a day, short of " +
                (share ? "their share of " : "the ") + fmt::count(m.needed_per_day, "en") +
                (share ? " a day" : " a day asked for"));
    }
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
    out.kv = replica_kv(c, cards, layout.cards(), fit);
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
    out.perf = estimate_speed(cs, speed_cards, layout.tp, memory.kv, false);
    const bool memory_o = out.optimistic.memory, memory_p = out.pessimistic.memory;
    out.optimistic = target_misses(out.perf, ctx.scenario, ctx.daily_volume, concurrency, true);
    out.pessimistic = target_misses(out.perf, ctx.scenario, ctx.daily_volume, concurrency, false);
    out.optimistic.memory = memory_o;
    out.pessimistic.memory = memory_p;
    // Slot engines (llama.cpp, Ollama) give every user a slot of the whole context at start (--parallel is the users,
    // as the judge and the launch command count them): users beyond the slots memory holds do not start.
    if (!ctx.engine->paged_kv && memory.capacity_known) {
        const double users = std::ceil(static_cast<double>(std::max<int64_t>(1, concurrency)) / replicas);
        auto short_of_slots = [&](Misses& m, double slots) {
            if (slots >= 1 && slots < users) m.slots = true, m.slots_held = std::floor(slots) * replicas;
        };
        short_of_slots(out.pessimistic, out.max_batch.lo);
        short_of_slots(out.optimistic, out.max_batch.hi);
    }
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
    const int node = node_cards(hw);
    if (!e.tensor_parallel) {
        // llama.cpp / Ollama split layers over any number of cards (llama.cpp --split-mode layer).
        for (int n = 1; n <= node; ++n) out.push_back({n, 1, true});
        // Beyond one node only llama.cpp's RPC backend spans machines; Ollama stays on one.
        if (e.layer_split_spans_nodes)
            for (int nodes = 2; nodes <= kMaxNodes; ++nodes) out.push_back({nodes * node, 1, true});
        return out;
    }
    // vLLM / SGLang / TensorRT-LLM: TP must divide the attention heads (vLLM refuses to start otherwise).
    const int64_t heads = ctx.model.n_heads;
    int top = 0;
    for (int tp = 1; tp <= node; tp *= 2) {
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
    const int64_t n = static_cast<int64_t>(layouts.size());
    const int64_t i = smallest_true(0, n - 1, [&](int64_t k) { return fits(layouts[static_cast<size_t>(k)]); });
    return i < n ? static_cast<int>(i) : -1;
}

std::string cards_of(ReplicaLayout l, const Hardware& hw) { return std::to_string(l.cards()) + " × " + hw.name; }

// ---------------------------------------------------------------------------------------------------
// [SECTION] users per replica and what binds them
// ---------------------------------------------------------------------------------------------------

// One layout's replica: its context, memory and sizer (the sizer refers to the first two).
struct Replica {
    ReplicaLayout layout;
    MemoryBatch memory;
    Context ctx;
    std::unique_ptr<ReplicaSizer> sizer;
    int64_t replicas_slow = 0;  // fewest replicas within the targets at the slow end; 0: one user each misses
    int64_t replicas_fast = 0;
    bool slots_bind = false;    // a slot engine's memory, not the targets, set replicas_slow (size())
};

// A layout's replica, not yet sized.
std::unique_ptr<Replica> replica_of(const Context& base, const Hardware& hw, ReplicaLayout layout, const MemoryBatch& memory) {
    auto r = std::make_unique<Replica>();
    r->layout = layout;
    r->memory = memory;
    const int64_t conc = std::max<int64_t>(1, base.scenario.concurrency);
    r->ctx = context_on(base, hw, layout.tp, conc, base.scenario.context_tokens);
    r->sizer = std::make_unique<ReplicaSizer>(r->ctx, layout.tp, r->memory.kv);
    return r;
}

// Its fewest replicas at each end. The simulation admits requests against the KV they really hold (paged
// engines: the typical request's tokens; slot engines: a whole context per slot), so memory limits the users
// through it: requests beyond what the KV holds wait, and their TTFT shows it.
void size(Replica& r, Precision precision) {
    const int64_t conc = std::max<int64_t>(1, r.ctx.scenario.concurrency);
    const bool confirm = precision == Precision::simulate;
    r.replicas_slow = r.sizer->min_replicas(End::slow, conc, confirm);
    r.replicas_fast = r.sizer->min_replicas(End::fast, conc, confirm);
    // Slot engines (llama.cpp, Ollama) give every user of a server a slot of the whole context (--parallel is the
    // users it serves, as the judge and the launch command count them): a replica serves no more users than its
    // memory holds slots, whatever the targets would allow with the rest queued.
    if (!r.ctx.engine->paged_kv && r.memory.capacity_known) {
        auto by_slots = [conc](double slots) { return slots >= 1 ? (conc + int64_t(slots) - 1) / int64_t(slots) : int64_t{0}; };
        const int64_t slow_min = by_slots(r.memory.per_replica.lo), fast_min = by_slots(r.memory.per_replica.hi);
        r.slots_bind = r.replicas_slow > 0 && slow_min > r.replicas_slow;
        if (r.slots_bind) r.replicas_slow = slow_min;
        if (r.replicas_fast > 0 && fast_min > r.replicas_fast) r.replicas_fast = fast_min;
    }
    if (r.replicas_slow > 0 && (r.replicas_fast == 0 || r.replicas_fast > r.replicas_slow)) r.replicas_fast = r.replicas_slow;
}

std::unique_ptr<Replica> size_replica(const Context& base, const Hardware& hw, ReplicaLayout layout,
                                      const MemoryBatch& memory, Precision precision) {
    auto r = replica_of(base, hw, layout, memory);
    size(*r, precision);
    return r;
}

// Cards of a sized replica's layout at the slow end; the largest count when even one user per replica misses.
int64_t slow_cards(const Replica& r) {
    return r.replicas_slow > 0 ? r.replicas_slow * r.layout.cards() : std::numeric_limits<int64_t>::max();
}

const ReplicaPoint& point_at(Replica& r, int64_t users, End end, Precision precision, ReplicaPoint& scratch) {
    if (precision == Precision::simulate) return r.sizer->simulate(users, end);
    scratch = r.sizer->screen(users, end);
    return scratch;
}

// Each layout's memory for one sequence of the full context, computed once per card count (estimate_fit is the
// costly part of trying a layout).
struct LayoutMemory {
    const Context& ctx;
    const Hardware& hw;
    int64_t context_tokens;
    std::map<int, MemoryBatch> by_cards;

    const MemoryBatch& operator()(const ReplicaLayout& l) {
        auto it = by_cards.find(l.cards());
        if (it == by_cards.end()) it = by_cards.emplace(l.cards(), memory_batch(ctx, hw, l, 1, context_tokens)).first;
        return it->second;
    }
};

// What the searches over larger TP groups share: the row's layouts (fewest cards first), the one that first
// holds the model, and where the notes go.
struct LayoutSearch {
    const Context& ctx;
    const Hardware& hw;
    const std::vector<ReplicaLayout>& layouts;
    size_t chosen;
    LayoutMemory& memory;
    Precision precision;
    Notes& notes;
};

// A TP engine whose one user per replica misses the targets on the smallest layout that holds the model moves up
// to the first larger TP group within the node where one user meets them: more cards per stream is the only way
// to a faster stream.
void raise_tp_to_meet_targets(LayoutSearch& s, std::unique_ptr<Replica>& replica) {
    if (replica->replicas_slow != 0 || replica->layout.layer_split || replica->layout.pp != 1) return;
    for (size_t i = s.chosen + 1; i < s.layouts.size() && s.layouts[i].pp == 1; ++i) {
        auto bigger = size_replica(s.ctx, s.hw, s.layouts[i], s.memory(s.layouts[i]), s.precision);
        if (bigger->replicas_slow > 0) {
            const std::string tp = std::to_string(s.layouts[i].tp);
            if (s.ctx.scenario.targets.no_latency_target)
                s.notes.add("为完成每天的请求量把 TP 提高到 " + tp, "TP raised to " + tp + " to finish the day's requests");
            else
                s.notes.add("为达到速度目标把 TP 提高到 " + tp, "TP raised to " + tp + " to meet the speed targets");
            replica = std::move(bigger);
            return;
        }
    }
}

// A larger TP group (or layer split) that serves everyone on fewer cards at the slow end wins: where the per-user speed
// target sits near what one group gives a stream, each card of a larger group reads a smaller share of the
// weights per step, and its KV room grows by more than its share, so the group serves more than its share
// of users (unless its all-reduces over PCIe cost more). To win, a group of g cards must meet the targets
// with R = ⌊(cards so far − 1) / g⌋ replicas: that one point is checked first, at the row's precision, and only
// a group that passes is sized. Ties keep the smaller group.
void prefer_fewer_cards(LayoutSearch& s, std::unique_ptr<Replica>& replica) {
    if (replica->replicas_slow <= 1 || replica->layout.pp != 1) return;
    const int64_t before = slow_cards(*replica);
    const int was = replica->layout.tp;
    const int64_t conc = std::max<int64_t>(1, s.ctx.scenario.concurrency);
    for (size_t i = s.chosen + 1; i < s.layouts.size() && s.layouts[i].pp == 1; ++i) {
        if (s.layouts[i].tp <= replica->layout.tp) continue;
        const int64_t R = (slow_cards(*replica) - 1) / s.layouts[i].cards();
        if (R < 1) break;  // larger groups only get fewer replicas
        auto bigger = replica_of(s.ctx, s.hw, s.layouts[i], s.memory(s.layouts[i]));
        const int64_t users = (conc + R - 1) / R;
        ReplicaPoint scratch;
        if (!point_at(*bigger, users, End::slow, s.precision, scratch).meets()) continue;
        size(*bigger, s.precision);
        if (slow_cards(*bigger) < slow_cards(*replica)) replica = std::move(bigger);
    }
    if (replica->layout.tp == was) return;
    const std::string cards = std::to_string(slow_cards(*replica)), n = std::to_string(before);
    if (replica->layout.layer_split) {
        // A wider layer split is no faster per stream, but its memory holds more users' slots beside one copy of the
        // weights (llama.cpp, Ollama: 4 users at 32k on two RTX 4090 instead of one user on each of four).
        const std::string g = std::to_string(replica->layout.tp);
        s.notes.add("按层切分到 " + g + " 张卡用更少的卡服务全部用户（慢端 " + cards + " 张，每个服务 " + std::to_string(was) +
                        " 张卡需要 " + n + " 张）",
                    "a layer split over " + g + " cards serves everyone on fewer cards (" + cards + " at the slow end; " +
                        std::to_string(was) + (was > 1 ? " cards" : " card") + " per server needs " + n + ")");
        return;
    }
    const std::string tp = std::to_string(replica->layout.tp);
    s.notes.add("TP " + tp + " 用更少的卡服务全部用户（慢端 " + cards + " 张，TP " + std::to_string(was) + " 需要 " + n + " 张）",
                "TP " + tp + " serves everyone on fewer cards (" + cards + " at the slow end; TP " + std::to_string(was) +
                    " needs " + n + ")");
}

// A figure that misses its target, printed so that it reads as missing it: 19.96 tok/s against 20 is "19.96", not
// the "20" that three significant figures round it to; a TTFT of 5.02 s against 5 s is "5.02".
std::string apart_from(double v, double target, const std::string& lang) {
    if (v == target || !std::isfinite(v)) return fmt::number(v, lang);
    if (fmt::number(v, lang) != fmt::number(target, lang)) return fmt::number(v, lang);
    for (int digits = 3; digits <= 6; ++digits)
        if (fmt::figure(v, digits) != fmt::figure(target, digits)) return fmt::figure(v, digits);
    return fmt::figure(v, 6);
}

// What stops one more user per replica at the slow end, in numbers: the KV (or the engine's sequence cap) makes
// requests wait, the prompts' prefill work outgrows what a replica computes, or the batch slows each user's
// tokens below the target.
Text binding_text(Replica& r, Precision precision) {
    const Scenario& s = r.ctx.scenario;
    const int64_t conc = std::max<int64_t>(1, s.concurrency);
    if (r.replicas_slow == 1 && conc == 1) return {"一个副本即可服务这 1 个用户", "one replica serves the one user"};
    if (r.replicas_slow == 1)
        return {"一个副本即可服务全部 " + fmt::count(double(conc), "zh") + " 个用户",
                "one replica serves all " + fmt::count(double(conc), "en") + " users"};
    if (r.slots_bind) {
        const std::string slots_zh = fmt::count(r.memory.per_replica.lo, "zh"), slots_en = fmt::count(r.memory.per_replica.lo, "en");
        const std::string ctx_k = fmt::tokens(s.context_tokens);
        return {r.ctx.engine->name + " 给每个用户一个完整 " + ctx_k + " 上下文的槽位：一个副本的" + memory_word_zh(r.ctx.hardware) +
                    "只容纳 " + slots_zh + " 个槽位，每副本不超过 " + slots_zh + " 个用户",
                r.ctx.engine->name + " gives each user a slot of the full " + ctx_k + " context: one replica's memory holds " +
                    slots_en + " slots, so ≤ " + slots_en + " users per replica"};
    }
    // The planned users per replica, and what one replica fewer (more users each) runs into.
    const int64_t u = r.replicas_slow > 0 ? (conc + r.replicas_slow - 1) / r.replicas_slow : 0;
    const int64_t more = r.replicas_slow > 1 ? (conc + r.replicas_slow - 2) / (r.replicas_slow - 1) : 1;
    ReplicaPoint scratch;
    const ReplicaPoint& beyond = point_at(r, more, End::slow, precision, scratch);
    const SimOutcome& o = beyond.outcome;
    const std::string n_zh = fmt::count(double(std::max<int64_t>(1, u)), "zh"), n_en = fmt::count(double(std::max<int64_t>(1, u)), "en");
    const std::string m_zh = fmt::count(double(more), "zh"), m_en = fmt::count(double(more), "en");
    if (r.replicas_slow == 0) {
        // What one user alone sees at the slow end, against the target it misses.
        Text t{"即使每副本只有 1 个用户也不达标", "even at batch 1 (one user per replica) the targets are missed"};
        if (!beyond.tps_ok) {
            const double tps = o.tpot_p50_s > 0 ? 1.0 / o.tpot_p50_s : 0.0;
            t.zh += "：每人 " + apart_from(tps, s.targets.tps_per_user, "zh") + " tok/s，目标 " + fmt::number(s.targets.tps_per_user, "zh") + " tok/s";
            t.en += ": " + apart_from(tps, s.targets.tps_per_user, "en") + " tok/s per user against " + fmt::number(s.targets.tps_per_user, "en") + " tok/s";
        }
        if (!beyond.ttft_ok) {
            t.zh += "：首字 p90 " + apart_from(o.ttft_p90_s, s.targets.ttft_s, "zh") + " 秒，目标 " + fmt::number(s.targets.ttft_s, "zh") + " 秒";
            t.en += ": TTFT p90 " + apart_from(o.ttft_p90_s, s.targets.ttft_s, "en") + " s against " + fmt::number(s.targets.ttft_s, "en") + " s";
        }
        if (!beyond.volume_ok) {
            // Little's law: one user finishes a request per (TTFT + output × TPOT); more replicas cannot shorten it.
            const DailyVolume& v = r.ctx.daily_volume;
            const double done = v.requests_a_day(o.throughput_tps), share = v.share_a_day(more);
            t = {"即使每副本只有 1 个用户，每天也只完成约 " + fmt::count(done, "zh") + " 个请求，不够每个用户的份额 " +
                     fmt::count(share, "zh") + " 个：副本再多也不够，需提高同时处理的请求数",
                 "even one user per replica finishes only about " + fmt::count(done, "en") +
                     " requests a day, short of each user's share of " + fmt::count(share, "en") +
                     ": no number of replicas finishes the day; raise the requests in flight"};
        }
        return t;
    }
    if (!beyond.volume_ok) {
        // Without latency targets what one replica fewer misses is its users' share of the day's requests.
        const DailyVolume& v = r.ctx.daily_volume;
        const double done = v.requests_a_day(o.throughput_tps), share = v.share_a_day(more);
        const std::string day_zh = fmt::count(v.requests_per_day, "zh"), day_en = fmt::count(v.requests_per_day, "en");
        const std::string head_zh = "每天 " + day_zh + " 个请求要求每副本不超过 " + n_zh + " 个用户（" + m_zh + " 个时每天",
                          head_en = "the day's " + day_en + " requests need ≤ " + n_en + " users per replica (" + m_en;
        // Three significant figures can round the two to one figure ("30k" and "30k"): then say how it falls short.
        if (fmt::count(done, "en") == fmt::count(share, "en"))
            return {head_zh + "完成量略低于其份额 " + fmt::count(share, "zh") + " 个）",
                    head_en + " finish just short of their share of " + fmt::count(share, "en") + " a day)"};
        return {head_zh + "约完成 " + fmt::count(done, "zh") + " 个，不够其份额 " + fmt::count(share, "zh") + " 个）",
                head_en + " finish about " + fmt::count(done, "en") + " a day, short of their share of " +
                    fmt::count(share, "en") + ")"};
    }
    // Requests wait for KV only where the pool is (nearly) full; else they wait for the prefill budget.
    const SchedulerConfig sc = scheduler_for(r.ctx, more, r.memory.kv, End::slow);
    const bool kv_full = r.memory.kv.limits_batch &&
                         (!sc.paged_kv || (sc.kv_capacity_tokens > 0 && o.kv_tokens_peak >= 0.9 * static_cast<double>(sc.kv_capacity_tokens)));
    if (!beyond.ttft_ok && o.mean_waiting >= 0.5 && kv_full) {
        const std::string held = fmt::count(std::floor(o.mean_running), "zh"), held_en = fmt::count(std::floor(o.mean_running), "en");
        return {"每副本 " + m_zh + " 个用户时 KV 缓存只容纳约 " + held + " 个序列，其余排队（首字 p90 超标）",
                "at " + m_en + " users per replica the KV cache holds about " + held_en +
                    (held_en == "1" ? " sequence" : " sequences") + " and the rest wait (TTFT p90 exceeds the target)"};
    }
    if (!beyond.ttft_ok) {
        // Prefill demand against what a replica computes when every step carries a full prompt chunk.
        StepMix chunk;
        const double budget = static_cast<double>(sc.step_tokens);
        const double P = static_cast<double>(std::max<int64_t>(1, s.prompt_tokens));
        chunk.prefill_tokens = budget;
        chunk.prefill_seqs = std::max(1.0, budget / std::min(P, budget));
        chunk.prefill_positions = budget * (std::min(P, budget) - 1.0) / 2.0;
        const double capacity = budget / r.sizer->model().step_s(chunk, End::slow);
        const double demand = o.requests_per_s * P;
        return {"每副本 " + m_zh + " 个用户时首字 p90 超标：预填充需求 " + fmt::number(demand, "zh") +
                    " tok/s，每副本算力约 " + fmt::number(capacity, "zh") + " tok/s",
                "TTFT p90 exceeds the target at " + m_en + " users per replica: prefill demand " +
                    fmt::number(demand, "en") + " tok/s vs about " + fmt::number(capacity, "en") + " tok/s per replica"};
    }
    const double tps = o.tpot_p50_s > 0 ? 1.0 / o.tpot_p50_s : 0.0;
    return {"每人 " + fmt::number(s.targets.tps_per_user, "zh") + " tok/s 要求每副本不超过 " + n_zh + " 个用户（" + m_zh +
                " 个时只有 " + apart_from(tps, s.targets.tps_per_user, "zh") + " tok/s）",
            fmt::number(s.targets.tps_per_user, "en") + " tok/s per user needs ≤ " + n_en + " users per replica (" + m_en +
                " get " + apart_from(tps, s.targets.tps_per_user, "en") + " tok/s)"};
}

}  // namespace

// ---------------------------------------------------------------------------------------------------
// [SECTION] plan_for, plan_all, smallest_fitting_layout
// ---------------------------------------------------------------------------------------------------

PlanRow plan_for(const Context& ctx, const Hardware& hw, Precision precision) {
    PlanRow row;
    row.hardware = hw.id;
    row.name = hw.name;
    row.simulated = precision == Precision::simulate;
    Notes notes;
    auto finish = [&]() {
        row.note_text = notes.joined();
        row.note = row.note_text.en;
        return row;
    };

    if (!engine_runs_on(ctx.engine, hw)) {
        notes.add(ctx.engine->name + " 不支持此类硬件（" + hardware_kind_name(hw.kind) + "）",
                  ctx.engine->name + " does not run on this kind of hardware (" + hardware_kind_name(hw.kind) + ")");
        return finish();
    }
    if (!hw.is_cpu() && !usable_gib_per_card(hw)) {
        notes.add("目录缺少该卡的显存容量", "the catalog has no memory size for this card");
        return finish();
    }
    if (auto why = cannot_run_on(ctx, hw)) {
        notes.add(why->zh, why->en);
        return finish();
    }

    const std::vector<ReplicaLayout> layouts = candidate_layouts(ctx, hw, notes);
    const int64_t L = ctx.scenario.context_tokens;
    LayoutMemory memory_for{ctx, hw, L, {}};
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

    // Smallest layout that fits, then the larger TP groups that do better there.
    LayoutSearch search{ctx, hw, layouts, static_cast<size_t>(chosen), memory_for, precision, notes};
    std::unique_ptr<Replica> replica = size_replica(ctx, hw, layouts[chosen], memory_for(layouts[chosen]), precision);
    raise_tp_to_meet_targets(search, replica);
    prefer_fewer_cards(search, replica);
    Replica& r = *replica;
    const ReplicaLayout layout = r.layout;

    // Replicas: the peak concurrency over the users one replica serves. When even one user misses at an end,
    // that end's replicas are what memory needs for everyone (the row then misses the targets).
    const int64_t conc = std::max<int64_t>(1, ctx.scenario.concurrency);
    const double memory_users = std::max(1.0, r.memory.per_replica.lo);
    auto replicas_or_memory = [&](int64_t replicas) {
        return replicas > 0 ? double(replicas) : std::ceil(double(conc) / std::min(double(conc), memory_users));
    };
    auto users_of = [&](double replicas) { return std::ceil(double(conc) / std::max(1.0, replicas)); };
    row.tp = layout.tp;
    row.pp = layout.pp;
    row.layer_split = layout.layer_split;
    row.fits = true;  // a layout holds the weights and one full sequence: on one node, or across nodes as stages
    row.one_node = layout.pp == 1 && layout.tp <= node_cards(hw);
    row.replicas = Interval::of(replicas_or_memory(r.replicas_fast), replicas_or_memory(r.replicas_slow));
    row.cards = row.replicas * double(layout.cards());
    row.users_per_replica = {users_of(row.replicas.hi), users_of(row.replicas.lo)};
    row.batch_per_replica = static_cast<int64_t>(row.users_per_replica.lo);
    row.meets_targets = r.replicas_slow > 0;

    // The speed users see at the planned (pessimistic) replica count.
    const int64_t users = (conc + int64_t(row.replicas.hi) - 1) / std::max<int64_t>(1, int64_t(row.replicas.hi));
    ReplicaPoint fast_scratch, slow_scratch;
    const SimOutcome fast = point_at(r, users, End::fast, precision, fast_scratch).outcome;
    const SimOutcome slow = point_at(r, users, End::slow, precision, slow_scratch).outcome;
    row.decode_tps_per_seq = Interval::of(1.0 / std::max(fast.tpot_p50_s, 1e-9), 1.0 / std::max(slow.tpot_p50_s, 1e-9));
    row.ttft_s = Interval::of(fast.ttft_p90_s, slow.ttft_p90_s);

    row.binding = binding_text(r, precision);
    notes.add(row.binding);
    if (!r.memory.capacity_known) {
        const Context c = context_on(ctx, hw, layout.cards(), conc, L);
        const double need = estimate_memory(c, layout.cards(), layout.cards(), conc, L).total_gib.hi;
        notes.add("目录未给出内存容量：每台机器需要 ≥ " + fmt::number(need, "zh") + " GiB",
                  "RAM size unknown: each machine needs ≥ " + fmt::number(need, "en") + " GiB");
    }
    if (layout.layer_split && layout.tp > 1)
        notes.add("按层切分到 " + std::to_string(layout.tp) + " 张卡：单路不加速",
                  "layer split over " + std::to_string(layout.tp) + " cards: no speed-up per stream");
    if (layout.layer_split && layout.tp > node_cards(hw))
        notes.add("跨 " + std::to_string(layout.tp / node_cards(hw)) + " 个节点（llama.cpp RPC）",
                  "across " + std::to_string(layout.tp / node_cards(hw)) + " nodes (llama.cpp RPC)");
    if (layout.pp > 1)
        notes.add("需要 " + std::to_string(layout.pp) + " 个节点 × " + std::to_string(layout.tp) + " 卡（跨节点流水线并行）",
                  "needs " + std::to_string(layout.pp) + " nodes × " + std::to_string(layout.tp) +
                      " cards (pipeline parallel across nodes)");
    if (!row.meets_targets && r.replicas_fast > 0) notes.add("仅在乐观情况下达标", "meets the targets only in the optimistic case");
    if (!row.simulated) notes.add("按稳态公式筛选（未逐步模拟）", "screened with the steady-state formula (not simulated)");

    bool on_demand = true;
    if (const auto price = price_per_card_hour_usd(*ctx.catalog, hw, &on_demand, ctx.scenario.pricing.gpu)) {
        row.has_price = true;
        row.currency = "USD";
        row.price_per_card_hour_usd = *price;
        row.cost_per_month = Interval{row.cards.lo * price->lo, row.cards.hi * price->hi} * kHoursPerMonth;
        if (!on_demand && ctx.scenario.pricing.gpu == "cheapest")
            notes.add("最便宜的一行是竞价/无服务器/市场价", "the cheapest row is a spot, serverless or marketplace price");
        else if (!on_demand)
            notes.add("无按需价格：用的是竞价/无服务器/市场价", "no on-demand price: spot, serverless or marketplace rows");
    } else if (ctx.scenario.pricing.gpu != "on_demand" && ctx.scenario.pricing.gpu != "cheapest") {
        notes.add(ctx.scenario.pricing.gpu + " 不出租这种卡", ctx.scenario.pricing.gpu + " does not rent this card");
    } else {
        notes.add("没有已知的租用价格", "no rental price known");
    }
    return finish();
}

namespace {

// Cheapest meeting the targets first: rows that meet the targets on one node, then across nodes, then those
// that fit but miss (one node, then across nodes), then the rest; within a group priced rows by the pessimistic
// monthly cost (what a typical deployment pays: a wide card interval must not win on its optimistic end), then by
// cards.
void sort_plan(std::vector<PlanRow>& rows) {
    auto group = [](const PlanRow& r) {
        const bool one_node = r.one_node;
        if (r.meets_targets && one_node) return 0;
        if (r.meets_targets) return 1;
        if (r.fits && one_node) return 2;
        if (r.fits) return 3;
        if (r.cards.hi > 0) return 4;
        return 5;
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
}

}  // namespace

std::vector<PlanRow> plan_all(const Context& ctx) {
    std::vector<PlanRow> rows;
    if (!ctx.catalog) return rows;
    for (const Hardware& hw : ctx.catalog->hardware) {
        if (hw.is_cpu()) continue;
        rows.push_back(plan_for(ctx, hw, Precision::screen));
    }
    sort_plan(rows);
    // The rows a reader sees first, and the scenario's own hardware, settled by the simulation.
    int settled = 0;
    for (PlanRow& row : rows) {
        const bool own = row.hardware == ctx.hardware->id;
        if (!own && (settled >= kSimulatedPlanRows || row.cards.hi <= 0)) continue;
        if (const Hardware* hw = ctx.catalog->find_hardware(row.hardware)) {
            row = plan_for(ctx, *hw, Precision::simulate);
            if (!own) ++settled;
        }
    }
    sort_plan(rows);
    return rows;
}

// How a row's cards and monthly cost follow from the replicas the sizer found and the rental price: from the
// row's own figures, which plan_for computed them from; built only for the rows a result shows (plan_for runs
// for every card many times over, the explanation once per row).
void explain_plan_row(const Context& ctx, const PlanRow& row, const std::string& prefix, Explain& out) {
    using namespace explain;
    if (row.cards.hi <= 0) return;
    const int conc = static_cast<int>(std::max<int64_t>(1, ctx.scenario.concurrency));
    const Text words = fmt::layout_words(row.tp, row.pp, row.layer_split);
    const std::string& layout = words.en;
    const std::string& layout_zh = words.zh;
    Explanation x;
    x.title = {row.name + " 的卡数", "Cards of " + row.name};
    x.formula = {"副本数 × 每个副本的卡数；副本数 = ⌈并发 ÷ 一个副本在目标内能服务的用户数⌉",
                 "replicas × cards per replica; replicas = ⌈concurrency ÷ the users one replica serves within the targets⌉"};
    x.inputs = {factor({"副本数", "replicas"}, row.replicas, "", {SourceKind::simulation, "docs/serving.md"}),
                factor({"每个副本的卡数（" + layout_zh + "）", "cards per replica (" + layout + ")"}, double(row.tp * row.pp), "",
                       {SourceKind::computed, "plan"}),
                given({"并发", "concurrency"}, double(conc), "", {SourceKind::scenario, "scenario.concurrency"}),
                given({"每个副本的用户数", "users per replica"}, row.users_per_replica, "", {SourceKind::simulation, "docs/serving.md"})};
    x.value = row.cards;
    x.combine = Combine::product;
    x.why_wide = row.cards.is_exact()
                     ? Text{"精确值：效率区间的两端需要同样多的副本", "exact: both ends of the efficiency ranges need the same replicas"}
                     : Text{"下限来自各效率区间的快端（每副本 " + fmt::count(row.users_per_replica.hi, "zh") + " 个用户），上限来自慢端（" +
                                fmt::count(row.users_per_replica.lo, "zh") + " 个）",
                            "the low end from the fast end of every efficiency range (" + fmt::count(row.users_per_replica.hi, "en") +
                                " users per replica), the high end from the slow end (" + fmt::count(row.users_per_replica.lo, "en") + ")"};
    out.set(prefix + "cards", std::move(x));
    if (!row.has_price) return;
    Explanation c;
    c.title = {row.name + " 每月成本", "Monthly cost of " + row.name};
    c.formula = {"卡数 × 每张卡每小时的租用价 × 每月 730 小时", "cards × rental price per card-hour × 730 hours per month"};
    c.inputs = {factor({"卡数", "cards"}, row.cards, "", {SourceKind::computed, prefix + "cards"}),
                factor({"每张卡每小时的租用价", "rental price per card-hour"}, row.price_per_card_hour_usd, "USD/h",
                       {SourceKind::catalog, "prices/" + row.hardware + " (" + ctx.scenario.pricing.gpu + ")"}),
                factor({"每月小时数", "hours per month"}, kHoursPerMonth, "h", {SourceKind::constant, "docs/estimation.md §7"})};
    c.value = row.cost_per_month;
    c.unit = "USD";
    c.combine = Combine::product;
    c.why_wide = {"下限是较少的卡配最便宜的租用价，上限是较多的卡配最贵的",
                  "the low end pairs the fewer cards with the cheapest rental price, the high end the more cards with the dearest"};
    out.set(prefix + "cost_per_month", std::move(c));
}

std::optional<ReplicaLayout> smallest_fitting_layout(const Context& ctx, const Hardware& hw, int max_cards) {
    Notes ignored;
    std::vector<ReplicaLayout> within;
    for (const ReplicaLayout& l : candidate_layouts(ctx, hw, ignored))
        if (l.cards() <= max_cards) within.push_back(l);
    const int i = smallest_fitting(within, [&](const ReplicaLayout& l) {
        return memory_batch(ctx, hw, l, 1, ctx.scenario.context_tokens).one_sequence_fits;
    });
    if (i < 0) return std::nullopt;
    return within[static_cast<size_t>(i)];
}

}  // namespace infersizer
