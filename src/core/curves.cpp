// curves.cpp — curves.hpp: the result's figures against one moving input, and the reverse questions.
//
// [SECTION] layout and one point   [SECTION] grids   [SECTION] charts   [SECTION] reverse questions
//
// Nothing here is a formula: every figure is a call to the module that computes it for the estimate (speed.hpp,
// memory.hpp, judge.hpp, cost.hpp), on a copy of the resolved context with one scenario field changed.
#include "curves.hpp"

#include "assessment.hpp"
#include "context.hpp"
#include "cost.hpp"
#include "estimate.hpp"
#include "format_text.hpp"
#include "judge.hpp"
#include "memory.hpp"
#include "plan.hpp"
#include "speed.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <map>
#include <string>

namespace infersizer {

namespace {

// ---------------------------------------------------------------------------------------------------
// [SECTION] layout and one point
// ---------------------------------------------------------------------------------------------------

// The cards as the estimate laid them out (estimate.cpp's assess): `replicas` copies of the model, each on
// `replica_cards` cards (TP × pipeline stages, estimate.cpp's layout), of which `tp` split
// each layer's matrices. The curves keep this fixed: "these cards" in every reverse question.
struct CardLayout {
    int cards = 1;
    int tp = 1;
    int replica_cards = 1;
    int replicas = 1;
};

CardLayout layout_of(const Result& r) {
    CardLayout l;
    l.cards = std::max(1, r.count);
    l.tp = std::max(1, r.performance.tp);
    l.replicas = std::max(1, r.memory.replicas);
    l.replica_cards = l.tp * std::max(1, r.performance.pp);
    return l;
}

int64_t users_per_replica(int64_t in_flight, const CardLayout& l) {
    return (std::max<int64_t>(1, in_flight) + l.replicas - 1) / l.replicas;
}

// The setup at `n` requests in flight, judged as the estimate judges it.
struct AtLoad {
    PerformanceResult perf;
    FitResult fit;
    ServingStatus status = ServingStatus::does_not_fit;
};

class LoadProbe {
public:
    // The day's volume aside: it is not a limit on the load (more requests in flight only finish more a day), so
    // without latency targets the largest load is what memory admits, as the reverse sentence says.
    LoadProbe(const Context& ctx, const CardLayout& l) : ctx_(ctx), l_(l) { ctx_.daily_volume = {}; }

    const AtLoad& at(int64_t n) {
        auto it = seen_.find(n);
        if (it != seen_.end()) return it->second;
        Context c = ctx_;
        c.scenario.concurrency = n;
        AtLoad a;
        a.fit = estimate_fit(c, c.count, l_.replica_cards);
        a.perf = estimate_speed(c, l_.tp * l_.replicas, l_.tp,
                                replica_kv(c, l_.replica_cards * l_.replicas, l_.replica_cards), false);
        a.status = judge_setup(c, a.fit, a.perf).status;
        return seen_.emplace(n, std::move(a)).first->second;
    }
    bool meets(int64_t n) { return at(n).status == ServingStatus::meets; }

private:
    Context ctx_;
    CardLayout l_;
    std::map<int64_t, AtLoad> seen_;  // the search and the grid ask for many of the same loads
};

// ---------------------------------------------------------------------------------------------------
// [SECTION] grids
// ---------------------------------------------------------------------------------------------------

std::vector<double> log_values(double lo, double hi, int n) {
    std::vector<double> out;
    if (!(lo > 0) || !(hi > lo) || n < 2) return {lo};
    const double step = std::log(hi / lo) / (n - 1);
    for (int i = 0; i < n; ++i) out.push_back(lo * std::exp(step * i));
    out.back() = hi;  // exactly the top, whatever the rounding
    return out;
}

std::vector<int64_t> whole_grid(double lo, double hi, int n, const std::vector<int64_t>& must) {
    std::vector<int64_t> out;
    for (double v : log_values(lo, hi, n)) out.push_back(std::max<int64_t>(1, std::llround(v)));
    for (int64_t v : must)
        if (v >= 1) out.push_back(v);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

// ---------------------------------------------------------------------------------------------------
// [SECTION] charts
// ---------------------------------------------------------------------------------------------------

// Points are kept only when their band is finite and, on a log axis, positive: an unknown bandwidth or price
// leaves a gap, never a NaN or a zero on a log scale.
void add_point(CurveSeries& s, bool log_y, double x, Interval y) {
    if (!y.finite() || y.lo < 0 || (log_y && y.lo <= 0)) return;
    s.points.push_back({x, Interval::of(y.lo, y.hi)});
}

Interval tps_of_step(Interval step_s) {
    if (!(step_s.lo > 0)) return {NAN, NAN};
    return map_decreasing(step_s, [](double s) { return 1.0 / s; });
}

// The latency targets as the reverse sentences name them (max_concurrency_no_targets_text speaks without them).
Text targets_text(const Scenario& s) {
    const std::string ttft = fmt::number(s.targets.ttft_s, "en"), tps = fmt::number(s.targets.tps_per_user, "en");
    if (!per_user_speed_judged(s)) return {"（首字 p90 ≤ " + ttft + " s）", " (p90 time to first token ≤ " + ttft + " s)"};
    return {"（首字 p90 ≤ " + ttft + " s，每人 ≥ " + tps + " tok/s）",
            " (p90 time to first token ≤ " + ttft + " s, ≥ " + tps + " tok/s per user)"};
}

std::string cards_name(const Context& ctx, const CardLayout& l) {
    return std::to_string(l.cards) + " × " + ctx.hardware->name;
}

Chart make_chart(std::string id, std::string group, Text title, CurveAxis x, CurveAxis y) {
    Chart c;
    c.id = std::move(id);
    c.group = std::move(group);
    c.title = std::move(title);
    c.x = std::move(x);
    c.y = std::move(y);
    return c;
}

const CurveAxis kInFlight{{"同时在处理的请求", "requests in flight"}, AxisKind::count, true};

void add_load_charts(const Context& ctx, LoadProbe& probe, const std::vector<int64_t>& grid, const ReverseAnswers& rev, Curves& out) {
    const Scenario& s = ctx.scenario;
    Chart ttft = make_chart("ttft", "latency", {"首字延迟", "Time to first token"}, kInFlight, {{"首字延迟", "time to first token"}, AxisKind::seconds, true});
    Chart tps = make_chart("tps_per_user", "latency", {"每人速度", "Speed per user"}, kInFlight, {{"每人速度", "tokens/s per user"}, AxisKind::tps, true});
    Chart total = make_chart("throughput", "latency", {"总吞吐", "Total throughput"}, kInFlight, {{"总输出速度", "output tokens/s, all users"}, AxisKind::tps, true});
    CurveSeries p50{"ttft_p50", {"中位数 p50", "median p50"}, {}}, p90{"ttft_p90", {"p90", "p90"}, {}};
    CurveSeries per_user{"tps_per_user", {"每人", "per user"}, {}}, all{"throughput", {"全部用户", "all users"}, {}};
    for (int64_t n : grid) {
        const PerformanceResult& p = probe.at(n).perf;
        const double x = static_cast<double>(n);
        add_point(p50, true, x, p.ttft_s);
        add_point(p90, true, x, p.ttft_p90_s);
        add_point(per_user, true, x, p.decode_tps_per_seq);
        add_point(all, true, x, p.throughput_tps);
    }
    ttft.series = {p50, p90};
    tps.series = {per_user};
    total.series = {all};
    const double own = static_cast<double>(s.concurrency);
    for (Chart* c : {&ttft, &tps, &total}) {
        c->lines.push_back({"scenario_concurrency", true, own, Interval::exact(own), {"当前并发", "your concurrency"}});
        // Without latency targets the largest load is what memory admits; where nothing stops it below the search's
        // ceiling there is no marker (the ceiling is not a limit).
        const bool no_targets = s.targets.no_latency_target;
        if (rev.max_concurrency > 0 && !(no_targets && rev.max_concurrency_capped)) {
            const double m = static_cast<double>(rev.max_concurrency);
            c->marker = CurveLine{"max_concurrency", true, m, Interval::exact(m),
                                  no_targets ? Text{"放得下的最大并发 " + fmt::count(m, "zh"), "largest that fits: " + fmt::count(m, "en")}
                                             : Text{"达标的最大并发 " + fmt::count(m, "zh"), "largest meeting the targets: " + fmt::count(m, "en")}};
        }
    }
    if (!s.targets.no_latency_target) {
        ttft.lines.push_back({"target_ttft", false, s.targets.ttft_s, Interval::exact(s.targets.ttft_s), {"目标（p90）", "target (p90)"}});
        if (per_user_speed_judged(s))
            tps.lines.push_back({"target_tps", false, s.targets.tps_per_user, Interval::exact(s.targets.tps_per_user), {"目标", "target"}});
    }
    if (ctx.daily_volume.applies()) {
        // Without latency targets the day's requests are the target, on the throughput (docs/estimation.md §6.1).
        const double need = ctx.daily_volume.needed_tps;
        total.lines.push_back({"target_daily_volume", false, need, Interval::exact(need),
                               {"每天 " + fmt::count(ctx.daily_volume.requests_per_day, "zh") + " 个请求所需",
                                "needed for the day's " + fmt::count(ctx.daily_volume.requests_per_day, "en") + " requests"}});
    }
    out.charts.push_back(std::move(ttft));
    out.charts.push_back(std::move(tps));
    out.charts.push_back(std::move(total));
}

// Memory of one replica (what its cards must hold), against the budget of those cards.
void add_memory_charts(const Context& ctx, const CardLayout& l, const std::vector<int64_t>& load_grid,
                       const std::vector<int64_t>& context_grid, Curves& out) {
    const Scenario& s = ctx.scenario;
    const CurveAxis gib{{"一个副本的内存", "memory of one replica"}, AxisKind::gib, false};
    Chart by_context = make_chart("memory_context", "memory", {"内存 与 上下文长度", "Memory against context length"},
                     {{"每个请求的上下文", "context per request"}, AxisKind::tokens, true}, gib);
    Chart by_load = make_chart("memory_concurrency", "memory", {"内存 与 并发", "Memory against concurrency"}, kInFlight, gib);
    CurveSeries total_c{"total_gib", {"合计", "total"}, {}}, kv_c{"kv_cache_gib", {"KV 缓存", "KV cache"}, {}};
    CurveSeries total_n = total_c, kv_n = kv_c;
    const int64_t users = users_per_replica(s.concurrency, l);
    MemoryResult any;
    for (int64_t c : context_grid) {
        Context at = ctx;
        at.scenario.context_tokens = c;
        const MemoryResult m = estimate_memory(at, l.replica_cards, l.replica_cards, users, c);
        add_point(total_c, false, double(c), m.total_gib);
        add_point(kv_c, false, double(c), m.kv_cache_gib);
        any = m;
    }
    for (int64_t n : load_grid) {
        Context at = ctx;
        at.scenario.concurrency = n;
        const MemoryResult m = estimate_memory(at, l.replica_cards, l.replica_cards, users_per_replica(n, l), s.context_tokens);
        add_point(total_n, false, double(n), m.total_gib);
        add_point(kv_n, false, double(n), m.kv_cache_gib);
    }
    by_context.series = {total_c, kv_c};
    by_load.series = {total_n, kv_n};
    for (Chart* c : {&by_context, &by_load}) {
        if (!any.capacity_known) continue;
        c->lines.push_back({"capacity_gib", false, any.capacity_gib, Interval::exact(any.capacity_gib), {"卡的可用内存", "the cards' usable memory"}});
        c->lines.push_back({"budget_gib", false, any.budget_gib, Interval::exact(any.budget_gib), {"扣除冗余后的预算", "budget after headroom"}});
    }
    const double own_c = double(s.context_tokens), own_n = double(s.concurrency);
    by_context.lines.push_back({"scenario_context", true, own_c, Interval::exact(own_c), {"当前上下文", "your context"}});
    by_load.lines.push_back({"scenario_concurrency", true, own_n, Interval::exact(own_n), {"当前并发", "your concurrency"}});
    if (ctx.model.max_context > 0) {
        const double mc = double(ctx.model.max_context);
        by_context.lines.push_back({"model_max_context", true, mc, Interval::exact(mc), {"模型最长上下文", "the model's maximum"}});
    }
    out.charts.push_back(std::move(by_context));
    out.charts.push_back(std::move(by_load));
}

// Decode speed of one step at a growing position: one user alone, and the running batch of the estimate.
void add_decode_chart(const Context& ctx, const Result& r, const CardLayout& l, const std::vector<int64_t>& context_grid,
                      Curves& out) {
    Chart c = make_chart("decode_context", "decode", {"解码速度 与 上下文长度", "Decode speed against context length"},
            {{"已生成到的位置", "position in the sequence"}, AxisKind::tokens, true},
            {{"每人速度", "tokens/s per user"}, AxisKind::tps, true});
    CurveSeries alone{"single_stream", {"单个用户", "one user alone"}, {}};
    const int64_t batch = std::max<int64_t>(1, r.performance.running_batch);
    CurveSeries batched{"running_batch", {"当前批量 " + std::to_string(batch) + " 个", "batch of " + std::to_string(batch)}, {}};
    for (int64_t n : context_grid) {
        Context at = ctx;
        at.scenario.context_tokens = n;
        add_point(alone, true, double(n), tps_of_step(decode_step_s(at, l.tp, 1, n)));
        if (batch > 1) add_point(batched, true, double(n), tps_of_step(decode_step_s(at, l.tp, batch, n)));
    }
    c.series.push_back(std::move(alone));
    if (batch > 1) c.series.push_back(std::move(batched));
    const double own = double(ctx.scenario.context_tokens);
    c.lines.push_back({"scenario_context", true, own, Interval::exact(own), {"当前上下文", "your context"}});
    if (per_user_speed_judged(ctx.scenario)) {
        const double t = ctx.scenario.targets.tps_per_user;
        c.lines.push_back({"target_tps", false, t, Interval::exact(t), {"目标", "target"}});
    }
    out.charts.push_back(std::move(c));
}

Assessment assessment_of(const Result& r) {
    Assessment a;
    a.count = r.count;
    a.planned = r.planned;
    a.memory = r.memory;
    a.fit = r.fit;
    a.performance = r.performance;
    a.offload = r.offload;
    a.status = r.status;
    a.targets_met = r.targets_met;
    a.remedy = r.remedy;
    a.plan = r.plan;
    a.cards_needed = r.cards_needed;
    return a;
}

// Monthly cost of the rented cards (a fixed cost) and of the API (per request) against the traffic, from
// estimate_cost at each traffic; the break-even is the result's own.
void add_cost_chart(const Context& ctx, const Result& r, Curves& out) {
    const Scenario& s = ctx.scenario;
    const Interval be = r.cost.break_even_requests_per_day;
    const bool has_be = r.cost.has_gpu_price && r.cost.has_api_price && be.hi > 0 && be.finite();
    // From a tenth of the smaller of the traffic and the break-even to ten times the larger, at least 1 … 1,000.
    double top = std::max(1000.0, s.requests_per_day * 10), low = s.requests_per_day > 0 ? s.requests_per_day : top;
    if (has_be) top = std::max(top, be.hi * 10), low = std::min(low, be.lo);
    const double bottom = std::max(1.0, std::min(low / 10, top / 1000));
    const Assessment a = assessment_of(r);
    Chart c = make_chart("cost", "cost", {"每月成本 与 日请求量", "Monthly cost against daily requests"},
            {{"每天的请求", "requests per day"}, AxisKind::count, true},
            {{"每月成本", "cost per month"}, AxisKind::usd, true});
    CurveSeries rent{"self_hosted", {"租卡", "rented cards"}, {}}, api{"api", {"云端 API", "cloud API"}, {}};
    for (double rpd : log_values(bottom, top, 14)) {
        Context at = ctx;
        at.scenario.requests_per_day = rpd;
        const CostResult cost = estimate_cost(at, a);
        // Beyond what one setup finishes a day, each further copy is rented too (the lo end with the fast capacity).
        const Interval copies = setups_for_traffic(r.cost.capacity_requests_per_day, rpd);
        const Interval rented{cost.self_hosted_per_month_usd.lo * copies.lo, cost.self_hosted_per_month_usd.hi * copies.hi};
        if (cost.has_gpu_price) add_point(rent, true, rpd, rented);
        if (cost.has_api_price) add_point(api, true, rpd, cost.api_per_month_usd);
        out.requests_per_day_grid.push_back(rpd);
    }
    if (!rent.points.empty()) c.series.push_back(std::move(rent));
    if (!api.points.empty()) c.series.push_back(std::move(api));
    if (c.series.empty()) return;  // nothing priced: no chart rather than an empty frame
    if (s.requests_per_day > 0)
        c.lines.push_back({"scenario_requests_per_day", true, s.requests_per_day, Interval::exact(s.requests_per_day),
                           {"当前日请求量", "your traffic"}});
    if (const Interval cap = r.cost.capacity_requests_per_day; r.cost.has_gpu_price && cap.hi > 0 && cap.lo <= top)
        c.lines.push_back({"capacity_requests_per_day", true, cap.lo, cap,
                           {"一套配置每天最多完成 " + fmt::count_range(cap, "zh"), "one setup finishes " + fmt::count_range(cap, "en") + " a day"}});
    if (has_be)
        c.marker = CurveLine{"break_even_requests_per_day", true, be.mid(), be,
                             {"盈亏平衡 " + fmt::count_range(be, "zh") + " 次/天", "break-even " + fmt::count_range(be, "en") + " a day"}};
    out.charts.push_back(std::move(c));
}

// ---------------------------------------------------------------------------------------------------
// [SECTION] reverse questions
// ---------------------------------------------------------------------------------------------------

// The largest load that meets, by doubling then halving the gap (the judgement falls once with the load: more
// users share the same steps and the same memory). Stops at `cap`.
void search_max_concurrency(LoadProbe& probe, int64_t cap, ReverseAnswers& rev) {
    if (!probe.meets(1)) return;
    int64_t good = 1, bad = 2;
    while (bad <= cap && probe.meets(bad)) good = bad, bad *= 2;
    if (bad > cap) {
        if (probe.meets(cap)) {
            rev.max_concurrency = cap;
            rev.max_concurrency_capped = true;
            return;
        }
        bad = cap;
    }
    while (bad - good > 1) {
        const int64_t mid = good + (bad - good) / 2;
        (probe.meets(mid) ? good : bad) = mid;
    }
    rev.max_concurrency = good;
}

// Without latency targets the load is limited by memory alone (the day's volume is judged on the throughput, not on
// the load: more requests in flight finish more a day).
Text max_concurrency_no_targets_text(const std::string& cards, const ReverseAnswers& rev) {
    if (rev.max_concurrency == 0)
        return {"在 " + cards + " 上，连 1 个请求也放不下。", "On " + cards + ", not even one request in flight fits in memory."};
    const std::string zh = fmt::count(double(rev.max_concurrency), "zh"), en = fmt::count(double(rev.max_concurrency), "en");
    if (rev.max_concurrency_capped)
        return {"在 " + cards + " 上，不设延迟目标时同时处理的请求再多也只是排队更久：直到搜索上限 " + zh + " 个都能运行。",
                "On " + cards + ", with no latency target more requests in flight only wait longer: up to the search's "
                "ceiling of " + en + " they all run."};
    return {"在 " + cards + " 上，不设延迟目标时最多 " + zh + " 个请求同时放得下（每个占一个完整上下文的槽位）。",
            "On " + cards + ", with no latency target up to " + en + " requests in flight fit in memory (each takes a "
            "slot of the full context)."};
}

Text max_concurrency_text(const Context& ctx, const CardLayout& l, const ReverseAnswers& rev) {
    const std::string cards = cards_name(ctx, l);
    if (ctx.scenario.targets.no_latency_target) return max_concurrency_no_targets_text(cards, rev);
    const Text t = targets_text(ctx.scenario);
    if (rev.max_concurrency == 0)
        return {"在 " + cards + " 上，即使只有 1 个请求在处理也达不到目标" + t.zh + "。",
                "On " + cards + ", not even one request in flight meets the targets" + t.en + "."};
    const std::string zh = fmt::count(double(rev.max_concurrency), "zh"), en = fmt::count(double(rev.max_concurrency), "en");
    if (rev.max_concurrency_capped)
        return {"在 " + cards + " 上，直到搜索上限 " + zh + " 个请求同时在处理仍达到目标" + t.zh + "。",
                "On " + cards + ", " + en + " requests in flight (the search's ceiling) still meet the targets" + t.en + "."};
    return {"在 " + cards + " 上，最多 " + zh + " 个请求同时在处理仍达到目标" + t.zh + "。",
            "On " + cards + ", up to " + en + " requests in flight still meet the targets" + t.en + "."};
}

// Longest context: when the setup meets the targets, what memory holds for every user at once (the fit's
// max_context) within the model's maximum; when it does not, the longest power-of-two context below the
// scenario's at which it would (slot engines reserve a whole context per user, so a shorter one can fit).
void answer_max_context(const Context& ctx, const Result& r, const CardLayout& l, ReverseAnswers& rev) {
    const Scenario& s = ctx.scenario;
    // The model's maximum, or the scenario's context where it asks for more (warned; memory.cpp caps the same way).
    const double model_max =
        ctx.model.max_context > 0 ? double(std::max(ctx.model.max_context, s.context_tokens)) : INFINITY;
    const std::string users_zh = fmt::count(double(s.concurrency), "zh"), users_en = fmt::count(double(s.concurrency), "en");
    if (r.status == ServingStatus::meets && r.fit.capacity_known) {
        rev.max_context = {std::min(r.fit.max_context.lo, model_max), std::min(r.fit.max_context.hi, model_max)};
        const bool capped = r.fit.max_context.lo >= model_max;
        // Capped at the model's maximum, or (a context asked beyond it) at the context asked for: memory holds more.
        const bool asked_beyond = ctx.model.max_context > 0 && s.context_tokens > ctx.model.max_context;
        const Text cap = !capped ? Text{} : asked_beyond ? Text{"（至少；按所设上下文封顶）", " (at least: capped at the context asked for)"}
                                                         : Text{"（模型上限）", " (the model's maximum)"};
        const std::string span_zh = fmt::tokens(int64_t(rev.max_context.lo)) +
                                    (rev.max_context.is_exact() ? "" : "–" + fmt::tokens(int64_t(rev.max_context.hi)));
        rev.sentences.push_back(
            {users_zh + " 个用户同时在线时，" + memory_word_zh(ctx.hardware) + "能让每人用到 " + span_zh + " tokens 的上下文" + cap.zh + "。",
             "With " + users_en + (s.concurrency == 1 ? " user" : " users") + " at once, memory holds " + span_zh +
                 " tokens of context for each" + cap.en + "."});
        return;
    }
    if (r.status == ServingStatus::meets) {  // no memory size known: nothing to say about the longest context
        rev.sentences.push_back({"目录没有这台机器的内存大小，无法回答最长上下文。",
                                 "The catalog has no memory size for this machine: the longest context is unknown."});
        return;
    }
    for (int64_t c = int64_t(1) << 30; c >= 512; c /= 2) {
        if (c >= s.context_tokens) continue;
        Context at = ctx;
        at.scenario.context_tokens = c;
        const FitResult fit = estimate_fit(at, at.count, l.replica_cards);
        const PerformanceResult p = estimate_speed(at, l.tp * l.replicas, l.tp,
                                                   replica_kv(at, l.replica_cards * l.replicas, l.replica_cards), false);
        if (judge_setup(at, fit, p).status != ServingStatus::meets) continue;
        rev.max_context = Interval::exact(double(c));
        rev.sentences.push_back({"把上下文缩短到 " + fmt::tokens(c) + " tokens，" + users_zh + " 个用户同时在线即可达到目标。",
                                 "Shortening the context to " + fmt::tokens(c) + " tokens lets " + users_en +
                                     " users at once meet the targets."});
        return;
    }
    rev.sentences.push_back({users_zh + " 个用户同时在线时，缩短上下文也达不到目标：瓶颈是速度或权重，不是 KV 缓存。",
                             "With " + users_en + " users at once no shorter context meets the targets: speed or the "
                             "weights are the limit, not the KV cache."});
}

// The fewest-bits format the engine runs on this hardware that still meets the targets on the same cards: the
// whole estimate (memory, fit, speed, judgement) for each candidate no larger than the scenario's format, from
// the smallest up, stopping at the first that meets. The scenario's own format is judged by its own result (`own`,
// the estimate these curves are drawn for, on its own layout): re-estimated with only the card count, the cards
// would be laid out by memory and could miss where the result meets, and the answer would contradict the headline.
void answer_smallest_weights(const Catalog& catalog, const Context& ctx, const CardLayout& l, const Result& own,
                             ReverseAnswers& rev) {
    std::vector<const WeightFormat*> formats;
    for (const WeightFormat& f : catalog.weight_formats) {
        if (f.bits_per_weight > ctx.weights->bits_per_weight) continue;
        if (std::find(f.engines.begin(), f.engines.end(), ctx.engine->id) == f.engines.end()) continue;
        if (format_unsupported_on(f, ctx.hardware, ctx.engine)) continue;
        formats.push_back(&f);
    }
    std::stable_sort(formats.begin(), formats.end(),
                     [](const WeightFormat* a, const WeightFormat* b) { return a->bits_per_weight < b->bits_per_weight; });
    const std::string cards = cards_name(ctx, l);
    for (const WeightFormat* f : formats) {
        if (f->id == ctx.weights->id) {
            if (own.status != ServingStatus::meets) continue;
        } else {
            Scenario s = ctx.scenario;
            s.weights = f->id;
            s.count = l.cards;
            const Expected<Result> r = estimate(catalog, s, EstimateOptions{false, false, false});
            if (!r || r->status != ServingStatus::meets) continue;
        }
        rev.smallest_weights = f->id;
        rev.smallest_weights_bits = f->bits_per_weight;
        const std::string bits = fmt::number(f->bits_per_weight, "en");
        rev.sentences.push_back({"在 " + cards + " 上仍达到目标的最小权重格式：" + f->id + "（每个权重约 " + bits + " 位；位数越少质量越差，请对照模型的评测）。",
                                 "The smallest weight format that still meets the targets on " + cards + ": " + f->id +
                                     " (about " + bits + " bits per weight; fewer bits cost quality, check the model's evaluations)."});
        return;
    }
    rev.sentences.push_back({"在 " + cards + " 上，不大于 " + ctx.weights->id + " 的权重格式都达不到目标。",
                             "On " + cards + ", no weight format up to " + ctx.weights->id + " meets the targets."});
}

Expected<Curves> curves_unchecked(const Catalog& catalog, const Scenario& scenario, const Result& r) {
    auto resolved = resolve(catalog, scenario);
    if (!resolved) return resolved.error();
    Context ctx = *resolved;
    const CardLayout l = layout_of(r);
    ctx.count = l.cards;
    const Scenario& s = ctx.scenario;

    Curves out;
    LoadProbe probe(ctx, l);
    // The search's ceiling: far beyond the scenario, within the accepted range.
    const int64_t cap = std::min<int64_t>(limits::kConcurrencyMax, std::max<int64_t>(4096, 64 * s.concurrency));
    search_max_concurrency(probe, cap, out.reverse);
    out.reverse.sentences.push_back(max_concurrency_text(ctx, l, out.reverse));
    answer_max_context(ctx, r, l, out.reverse);
    answer_smallest_weights(catalog, ctx, l, r, out.reverse);

    // Requests in flight: from 1 to well past both the scenario's load and the largest that meets, with the
    // largest that meets and the next load drawn exactly.
    const int64_t m = out.reverse.max_concurrency;
    const double top = double(std::min<int64_t>(limits::kConcurrencyMax, std::max<int64_t>({16, 4 * s.concurrency, 2 * m})));
    std::vector<int64_t> must = {s.concurrency};
    if (m > 0 && !out.reverse.max_concurrency_capped) must.insert(must.end(), {m, m + 1});
    out.concurrency_grid = whole_grid(1, top, 14, must);
    // Context: from a short chat to the model's maximum (or 4 × the scenario's when the model's is unknown).
    const double ctx_top = double(std::max<int64_t>(s.context_tokens, ctx.model.max_context > 0 ? ctx.model.max_context
                                                                                                   : 4 * s.context_tokens));
    out.context_grid = whole_grid(std::min<double>(512, double(s.context_tokens)), ctx_top, 14, {s.context_tokens});

    add_load_charts(ctx, probe, out.concurrency_grid, out.reverse, out);
    add_memory_charts(ctx, l, out.concurrency_grid, out.context_grid, out);
    add_cost_chart(ctx, r, out);
    add_decode_chart(ctx, r, l, out.context_grid, out);
    return out;
}

}  // namespace

std::vector<int64_t> log_grid(int64_t top, int n, const std::vector<int64_t>& must) {
    return whole_grid(1, double(std::max<int64_t>(1, top)), n, must);
}

Expected<Curves> estimate_curves(const Catalog& catalog, const Scenario& scenario, const Result& result) {
    try {
        return curves_unchecked(catalog, scenario, result);
    } catch (const std::exception& e) {
        return Error{"internal", "curves", std::string("internal error: ") + e.what()};
    }
}

Expected<Curves> estimate_curves(const Catalog& catalog, const Scenario& scenario) {
    Expected<Result> r = estimate(catalog, scenario);
    if (!r) return r.error();
    return estimate_curves(catalog, scenario, *r);
}

}  // namespace infersizer
