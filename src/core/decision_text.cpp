// decision_text.cpp — the decision table's and the verdict's sentences (decision_text.hpp). Chinese text runs on
// after a Chinese subject and keeps a space after a Latin one; numbers go through format_text.hpp.
#include "decision_text.hpp"

#include "format_text.hpp"
#include "plan.hpp"

#include <algorithm>
#include <cmath>

namespace infersizer {

namespace {

std::string join(const std::string& a, const std::string& sep, const std::string& b) {
    if (a.empty()) return b;
    if (b.empty()) return a;
    return a + sep + b;
}

// "(memory holds 12 sequences; the rest wait)" when the check beyond the limit had users waiting.
Text queue_text(const ServingCheck& c, int64_t concurrency, int replicas) {
    // A slot engine's users beyond its slots do not wait: they do not start (the slots miss says so).
    if (!c.capacity_known || c.max_batch.lo < 1 || c.pessimistic.slots) return {};
    const double held = c.max_batch.lo * replicas;
    if (held >= static_cast<double>(concurrency)) return {};
    return {"（内存只容纳 " + fmt::count(held, "zh") + " 个序列，其余排队）",
            " (memory holds " + fmt::count(held, "en") + (held == 1 ? " sequence" : " sequences") + "; the rest wait)"};
}

// "5 concurrent users", "1 concurrent user".
std::string users_en(int64_t n, const char* what = "concurrent user") {
    return fmt::count(static_cast<double>(n), "en") + " " + what + (n == 1 ? "" : "s");
}

std::string range_of(int64_t lo, int64_t hi, const std::string& lang) {
    const double l = static_cast<double>(lo), h = static_cast<double>(hi);
    return lo == hi ? fmt::count(l, lang) : fmt::count(l, lang) + "–" + fmt::count(h, lang);
}

// "该配置在" runs on; "CPU 在" keeps its space.
std::string zh_subject(const std::string& who) {
    const bool latin_end = !who.empty() && static_cast<unsigned char>(who.back()) < 0x80;
    return latin_end ? who + " " : who;
}

// "，<speed>" / "; <speed>" when memory holds a sequence at the fast end, else nothing.
Text speed_suffix(const ServingCheck& at, int64_t concurrency) {
    if (at.optimistic.memory) return {};
    const Text sp = speed_clause(at.perf, concurrency);
    return {"，" + sp.zh, "; " + sp.en};
}

}  // namespace

// ---------------------------------------------------------------------------------------------------
// Shared phrases
// ---------------------------------------------------------------------------------------------------

Text cards_label(const Hardware& hw, int cards) {
    const std::string s = std::to_string(cards) + " × " + hw.name;
    return {s, s};
}

Text planned_label(const Hardware& hw, const PlannedCount& p) {
    const std::string cards_zh = fmt::count_range(p.cards, "zh"), cards_en = fmt::count_range(p.cards, "en");
    const std::string reps_zh = fmt::count_range(p.replicas, "zh"), reps_en = fmt::count_range(p.replicas, "en");
    std::string layout_zh, layout_en;
    if (p.layer_split && p.replicas.hi > 1) {
        // Several llama.cpp / Ollama servers, each over its own cards.
        const std::string n = std::to_string(p.tp);
        layout_zh = (p.tp > 1 ? "每副本 " + n + " 张卡按层切分" : "每副本 1 张卡") + " × " + reps_zh + " 个副本";
        layout_en = (p.tp > 1 ? "layer split over " + n + " cards" : "one card each") + " × " + reps_en + " replicas";
    } else if (p.layer_split) {
        layout_zh = "按层切分";
        layout_en = "layer split";
    } else {
        const std::string tp = std::to_string(p.tp) + (p.pp > 1 ? " × PP " + std::to_string(p.pp) : "");
        layout_zh = "TP " + tp + " × " + reps_zh + " 个副本";
        layout_en = "TP " + tp + " × " + reps_en + (p.replicas.hi > 1 ? " replicas" : " replica");
    }
    return {cards_zh + " × " + hw.name + "（" + layout_zh + "）", cards_en + " × " + hw.name + " (" + layout_en + ")"};
}

Text concurrency_sentence(const Text& who, const SearchLimit& lim, int64_t context_tokens, int replicas,
                          const Targets& t, const Hardware& hw, const ServingCheck& at_one) {
    const std::string L = fmt::tokens(context_tokens);
    if (lim.optimistic == 0) {
        const Text why = describe_misses(at_one.pessimistic, t, hw);
        return {zh_subject(who.zh) + "即使只有 1 个用户、" + L + " 上下文也不行：" + why.zh,
                who.en + ": even one user at " + L + " context fails: " + why.en};
    }
    if (lim.pessimistic == 0) {
        const Text why = describe_misses(at_one.pessimistic, t, hw);
        return {zh_subject(who.zh) + "在 " + L + " 上下文下：典型情况下 1 个用户也达不到目标（" + why.zh + "），乐观情况下最多 " +
                    fmt::count(static_cast<double>(lim.optimistic), "zh") + " 个并发用户",
                who.en + " at " + L + " context: in the typical case even one user misses the targets (" + why.en +
                    "); at best " + users_en(lim.optimistic)};
    }
    if (lim.pessimistic_capped) {
        return {zh_subject(who.zh) + "在 " + L + " 上下文下可支撑 " + fmt::count(static_cast<double>(lim.upper), "zh") +
                    " 个以上并发用户",
                who.en + " holds more than " + users_en(lim.upper) + " at " + L + " context"};
    }
    const Text why = describe_misses(lim.beyond, t, hw);
    const Text queue = queue_text(lim.beyond_check, lim.pessimistic + 1, replicas);
    return {zh_subject(who.zh) + "在 " + L + " 上下文下最多支撑 " + range_of(lim.pessimistic, lim.optimistic, "zh") +
                " 个并发用户；超过后" + why.zh + queue.zh,
            who.en + " holds up to " + range_of(lim.pessimistic, lim.optimistic, "en") + " concurrent users at " + L +
                " context; beyond, " + why.en + queue.en};
}

Text context_clause(const SearchLimit& lim, int64_t concurrency, const Targets& t, const Hardware& hw) {
    if (lim.pessimistic_capped || lim.upper == 0 || lim.pessimistic == 0) return {};
    const Text why = describe_misses(lim.beyond, t, hw);
    return {"；" + fmt::count(static_cast<double>(concurrency), "zh") + " 个并发时上下文超过 " + fmt::tokens(lim.pessimistic) +
                " 后" + why.zh,
            "; at " + users_en(concurrency, "user") + ", beyond " + fmt::tokens(lim.pessimistic) + " context " + why.en};
}

Text one_user_context_clause(int64_t context_tokens) {
    return {"；上下文缩到 " + fmt::tokens(context_tokens) + " 以内才能支撑 1 个用户",
            "; one user works only up to " + fmt::tokens(context_tokens) + " context"};
}

Text speed_clause(const PerformanceResult& p, int64_t concurrency) {
    if (p.one_token_answers)  // the first token is the whole answer
        return {fmt::count(static_cast<double>(concurrency), "zh") + " 并发下首字（p90）" + fmt::seconds(p.ttft_p90_s, "zh"),
                "at " + users_en(concurrency) + " TTFT (p90) " + fmt::seconds(p.ttft_p90_s, "en")};
    return {fmt::count(static_cast<double>(concurrency), "zh") + " 并发下首字（p90）" + fmt::seconds(p.ttft_p90_s, "zh") +
                "，每人 " + fmt::interval(p.decode_tps_per_seq, "tok/s", "zh"),
            "at " + users_en(concurrency) + " TTFT (p90) " + fmt::seconds(p.ttft_p90_s, "en") + ", " +
                fmt::interval(p.decode_tps_per_seq, "tok/s", "en") + " per user"};
}

Text no_latency_target_clause(const Hardware& hw, double requests_per_day) {
    if (!(requests_per_day > 0))
        return {"；无延迟目标：只按" + memory_word_zh(hw) + "估算", "; no latency target: sized for memory only"};
    return {"；无延迟目标：按" + memory_word_zh(hw) + "和每天 " + fmt::count(requests_per_day, "zh") + " 个请求估算",
            "; no latency target: sized for memory and the day's " + fmt::count(requests_per_day, "en") + " requests"};
}

Text memory_clause(const Hardware& hw, const MemoryResult& m, int cards_per_copy) {
    const std::string w = memory_word_zh(hw);
    // One copy over several machines (a layer split): their sum and each one's even share, as the warning says it.
    if (!m.capacity_known && cards_per_copy > 1) {
        const std::string n = std::to_string(cards_per_copy);
        const double each = m.total_gib.hi / cards_per_copy;
        return {"这 " + n + " 台合计需 ≥ " + fmt::number(m.total_gib.hi, "zh") + " GiB " + w + "（每台约 " + fmt::number(each, "zh") + " GiB）",
                "needs ≥ " + fmt::number(m.total_gib.hi, "en") + " GiB of RAM between the " + n + " machines (about " +
                    fmt::number(each, "en") + " GiB each)"};
    }
    if (!m.capacity_known)
        return {"需 ≥ " + fmt::number(m.total_gib.hi, "zh") + " GiB " + w,
                "needs ≥ " + fmt::number(m.total_gib.hi, "en") + " GiB of RAM"};
    const bool per_replica = m.replicas > 1;
    return {(per_replica ? "每副本" : "") + w + " " + fmt::interval(m.total_gib, "", "zh") + " / " +
                fmt::number(m.capacity_gib, "zh") + " GiB",
            std::string(per_replica ? "memory per replica " : "memory ") + fmt::interval(m.total_gib, "", "en") + " / " +
                fmt::number(m.capacity_gib, "en") + " GiB"};
}

Text typical_memory_clause(const MemoryResult& m, const PerformanceResult& p, int64_t context_tokens) {
    const double replicas = static_cast<double>(std::max(1, p.replicas));
    const Interval in_use{m.total_gib.lo - m.kv_cache_gib.lo + p.kv_in_use_gib.lo / replicas,
                          m.total_gib.hi - m.kv_cache_gib.hi + p.kv_in_use_gib.hi / replicas};
    const bool per_replica = m.replicas > 1;
    return {(per_replica ? "每副本按典型请求长度占用 " : "按典型请求长度占用 ") + fmt::interval(in_use, "", "zh") + " / " +
                fmt::number(m.capacity_gib, "zh") + " GiB（所有用户同时用满 " + fmt::tokens(context_tokens) + " 上下文需 " +
                fmt::interval(m.total_gib, "GiB", "zh") + "，放不下）",
            std::string(per_replica ? "memory per replica " : "memory ") + fmt::interval(in_use, "", "en") + " / " +
                fmt::number(m.capacity_gib, "en") + " GiB at the typical request length (every user at the full " +
                fmt::tokens(context_tokens) + " context at once would need " + fmt::interval(m.total_gib, "GiB", "en") +
                " and not fit)"};
}

Text product_line_clause(const Hardware& hw) {
    if (!hw.is_cpu() || (hw.cores && hw.clock_ghz) || !hw.cores_range) return {};
    const std::string zh = fmt::count_range(*hw.cores_range, "zh"), en = fmt::count_range(*hw.cores_range, "en");
    return {"；预填充按产品线的 " + zh + " 核估算，不是你的机器",
            "; prefill assumes the product line's " + en + " cores, not your machine"};
}

Text planner_suggestion(const std::vector<PlanRow>& plan) {
    for (const PlanRow& r : plan) {
        if (!r.meets_targets) continue;
        const std::string cards = fmt::count_range(r.cards, "en");
        std::string cost_zh, cost_en;
        if (r.has_price) {
            cost_zh = "，约 " + fmt::money(r.cost_per_month, r.currency) + "/月";
            cost_en = ", about " + fmt::money(r.cost_per_month, r.currency) + "/month";
        }
        return {"；规划建议 " + cards + " × " + r.name + cost_zh, "; the planner suggests " + cards + " × " + r.name + cost_en};
    }
    return {};
}

Text cannot_be_judged() { return {"无法评估", "cannot be judged"}; }

// ---------------------------------------------------------------------------------------------------
// Path rows
// ---------------------------------------------------------------------------------------------------

Text cpu_platform_why(CpuPlatformPick pick, const std::string& engine) {
    switch (pick) {
        case CpuPlatformPick::users_own: return {"你选择的平台，" + engine, "your platform, " + engine};
        case CpuPlatformPick::lowest_meeting:
            return {"能让 1 个用户达标的最低带宽平台，" + engine,
                    "the lowest-bandwidth catalog platform on which one user meets the targets, " + engine};
        case CpuPlatformPick::lowest_finishing_day:
            return {"能完成每天请求量的最低带宽平台，" + engine,
                    "the lowest-bandwidth catalog platform that finishes the day's requests, " + engine};
        case CpuPlatformPick::highest_fallback_day:
            return {"没有平台能完成每天的请求量，取带宽最高的，" + engine,
                    "no catalog platform finishes the day's requests; the highest-bandwidth one, " + engine};
        case CpuPlatformPick::highest_fallback: break;
    }
    return {"没有平台能让 1 个用户达标，取带宽最高的，" + engine,
            "no catalog platform meets the targets for one user; the highest-bandwidth one, " + engine};
}

Text no_cpu_platform_reason() { return {"目录中没有 CPU 平台", "the catalog has no CPU platform"}; }

Text cpu_reason(const Text& label, const Hardware& hw, const Text& why, const ServingCheck& at, int64_t concurrency,
                const Text& memory) {
    const double bandwidth = hw.bandwidth_gbs.value_or(0);
    const Text speed = speed_suffix(at, concurrency);
    const Text line = product_line_clause(hw);
    return {label.zh + "（" + why.zh + "）：解码受内存带宽 " + fmt::number(bandwidth, "zh") + " GB/s 限制" + speed.zh + "；" +
                memory.zh + line.zh,
            label.en + " (" + why.en + "): decode is bound by " + fmt::number(bandwidth, "en") +
                " GB/s of memory bandwidth" + speed.en + "; " + memory.en + line.en};
}

Text planner_pick_origin() { return {"（规划器的选择）", " (the planner's pick)"}; }
Text no_accelerator_holds_reason() { return {"目录中没有一种加速器放得下这个模型", "no accelerator of the catalog holds this model"}; }
Text no_card_count_holds() { return {"任何卡数都放不下", "no card count holds it"}; }

Text gpu_reason(const Text& label, const Text& origin, const ReplicaLayout& layout, const Text& memory,
                const ServingCheck& at, int64_t concurrency) {
    std::string layout_zh, layout_en;
    if (layout.layer_split && layout.tp > 1) {
        layout_zh = "（按层切分）", layout_en = " (layer split)";
    } else if (layout.tp > 1 || layout.pp > 1) {
        const std::string tp = std::to_string(layout.tp) + (layout.pp > 1 ? " × PP " + std::to_string(layout.pp) : "");
        layout_zh = "（TP " + tp + "）", layout_en = " (TP " + tp + ")";
    }
    const Text speed = speed_suffix(at, concurrency);
    return {label.zh + origin.zh + layout_zh + "：" + memory.zh + speed.zh,
            label.en + origin.en + layout_en + ": " + memory.en + speed.en};
}

Text offload_clause(const OffloadResult& offload, const Text& misses) {
    if (misses.en.empty()) return {"；" + offload.note.zh, "; " + offload.note.en};
    return {"；即使" + offload.note.zh + "，" + misses.zh, "; even with " + offload.note.en + ", " + misses.en};
}

Text with_expert_offload(const Text& label) {
    return {label.zh + "（MoE 专家卸载）", label.en + " with MoE expert offload"};
}

Text wired_limit_clause(long long mib) {
    return {"；提高 GPU 内存上限后放得下：sudo sysctl iogpu.wired_limit_mb=" + std::to_string(mib),
            "; fits once the GPU wiring cap is raised: sudo sysctl iogpu.wired_limit_mb=" + std::to_string(mib)};
}

Text wired_limit_search_clause(long long mib) {
    return {"（按 GPU 内存上限提高到 iogpu.wired_limit_mb=" + std::to_string(mib) + " 计）",
            " (with the GPU wiring cap raised to iogpu.wired_limit_mb=" + std::to_string(mib) + ")"};
}

Text no_api_price_reason() { return {"目录中没有可比的 API 价格", "the catalog has no comparable API price"}; }

Text residency_caveat(bool in_house) {
    return {"数据必须留在内网时不能用",
            in_house ? "ruled out when data must stay in-house" : "ruled out when data must stay on premises"};
}

Text api_reason(const CostResult& c, double requests_per_day) {
    std::string native_zh, native_en;
    if (c.api_currency != "USD") {
        native_zh = "（" + fmt::money(c.api_per_month_native, c.api_currency) + "）";
        native_en = " (" + fmt::money(c.api_per_month_native, c.api_currency) + ")";
    }
    const std::string api_zh = fmt::money(c.api_per_month_usd, "USD") + native_zh;
    const std::string api_en = fmt::money(c.api_per_month_usd, "USD") + native_en;
    // Without a price: none known, or (the user's cards cannot run the model) no priced setup that meets the targets.
    std::string self_zh = c.own_cards_cannot_run ? "没有带价格的达标租卡方案可比" : "租卡价格未知";
    std::string self_en = c.own_cards_cannot_run ? "no priced rental that meets the targets to compare with" : "rental price unknown";
    if (c.has_gpu_price) {
        const std::string from_zh = c.self_hosted_from_planner ? "，规划器的选择" : "";
        const std::string from_en = c.self_hosted_from_planner ? ", the planner's pick" : "";
        self_zh = "租卡（" + c.self_hosted_config + from_zh + "）每月 " + fmt::money(c.self_hosted_per_month_usd, "USD");
        self_en = "rented cards (" + c.self_hosted_config + from_en + ") " +
                  fmt::money(c.self_hosted_per_month_usd, "USD") + "/month";
    }
    return {c.api_model_text.zh + "：按 " + fmt::count(requests_per_day, "zh") + " 次/天每月约 " + api_zh + "；" + self_zh,
            c.api_model_text.en + ": about " + api_en + "/month at " + fmt::count(requests_per_day, "en") + " requests/day; " +
                self_en};
}

Text break_even_clause(const CostResult& c, double requests_per_day, const Text& what) {
    if (!c.has_gpu_price || !c.has_api_price) return {};
    const Interval be = c.break_even_requests_per_day;
    const Interval cap = c.capacity_requests_per_day;
    if (std::isinf(be.lo) && cap.hi > 0)  // fully loaded, the setup still costs more per request than the API
        return {what.zh + "不会更便宜：这套配置满载每天最多完成 " + fmt::count_range(cap, "zh") + " 个请求，每个请求仍比 API 贵",
                what.en + " is never cheaper: fully loaded, the setup finishes at most " + fmt::count_range(cap, "en") +
                    " requests/day and still costs more per request than the API"};
    if (std::isinf(be.hi) && std::isfinite(be.lo) && cap.hi > 0) {
        const Text careful{"（谨慎端不会：满载每天 " + fmt::count_range(cap, "zh") + " 个请求时每个请求仍比 API 贵）",
                           " (at the slow end never: fully loaded at " + fmt::count_range(cap, "en") +
                               " requests/day it still costs more per request than the API)"};
        if (requests_per_day > be.lo)
            return {"当前 " + fmt::count(requests_per_day, "zh") + " 次/天已超过乐观端的盈亏平衡点 " + fmt::count(be.lo, "zh") +
                        " 次/天：" + what.zh + "可能更便宜" + careful.zh,
                    "today's " + fmt::count(requests_per_day, "en") + " requests/day are past the fast end's break-even of " +
                        fmt::count(be.lo, "en") + " requests/day: " + what.en + " can be cheaper" + careful.en};
        return {"日请求超过 " + fmt::count(be.lo, "zh") + " 次后" + what.zh + "可能更便宜" + careful.zh,
                "above " + fmt::count(be.lo, "en") + " requests/day " + what.en + " can be cheaper" + careful.en};
    }
    if (!be.finite()) return {};
    const std::string be_zh = fmt::interval(be, "", "zh"), be_en = fmt::interval(be, "", "en");
    if (requests_per_day > be.hi)
        return {"当前 " + fmt::count(requests_per_day, "zh") + " 次/天已超过盈亏平衡点 " + be_zh + " 次/天：" + what.zh + "更便宜",
                "today's " + fmt::count(requests_per_day, "en") + " requests/day are past the break-even of " + be_en +
                    " requests/day: " + what.en + " is cheaper"};
    return {"日请求超过 " + be_zh + " 次后" + what.zh + "更便宜", "above " + be_en + " requests/day " + what.en + " is cheaper"};
}

Text break_even_figure(const CostResult& c) {
    const Interval be = c.break_even_requests_per_day;
    if (std::isinf(be.lo)) return {"永不（满载时每个请求仍比 API 贵）", "never (fully loaded, dearer per request than the API)"};
    if (std::isinf(be.hi))
        return {"≥ " + fmt::count(be.lo, "zh") + "（谨慎端永不）", "≥ " + fmt::count(be.lo, "en") + " (at the slow end never)"};
    return {fmt::figure_count_range(be, "", "zh"), fmt::figure_count_range(be, "", "en")};
}

Text setups_clause(Interval setups, Interval rent_month_usd, double requests_per_day) {
    if (!(setups.hi > 1)) return {};
    const Interval total{rent_month_usd.lo * setups.lo, rent_month_usd.hi * setups.hi};
    return {"；每天 " + fmt::count(requests_per_day, "zh") + " 个请求需要 " + fmt::count_range(setups, "zh") + " 套这样的配置，每月 " +
                fmt::money(total, "USD"),
            "; at " + fmt::count(requests_per_day, "en") + " requests/day it takes " + fmt::count_range(setups, "en") +
                " such setups, " + fmt::money(total, "USD") + "/month"};
}

Text renting_cards_word() { return {"租卡自托管", "renting cards"}; }

Text with_api_caveats(const Text& break_even) {
    return {join(break_even.zh, "；", "数据必须留在内网时不能用；高峰并发受服务商速率限制"),
            join(break_even.en, "; ", "ruled out when data must stay on premises; peak concurrency is subject to the "
                                      "provider's rate limits")};
}

// ---------------------------------------------------------------------------------------------------
// The seed's scenario rows
// ---------------------------------------------------------------------------------------------------

Text personal_reason(const Text& label, int64_t context_tokens, const ServingCheck& one, const Targets& t,
                     const Hardware& hw) {
    const std::string L = fmt::tokens(context_tokens);
    if (one.optimistic.memory) {
        const Text why = describe_misses(one.pessimistic, t, hw);
        return {"个人验证（1 个用户，" + L + " 上下文）在 " + label.zh + " 上：" + why.zh,
                "Personal validation (one user, " + L + " context) on " + label.en + ": " + why.en};
    }
    if (one.perf.one_token_answers)
        return {"个人验证（1 个用户，" + L + " 上下文）在 " + label.zh + " 上：首字 " + fmt::seconds(one.perf.ttft_s, "zh"),
                "Personal validation (one user, " + L + " context) on " + label.en + ": TTFT " + fmt::seconds(one.perf.ttft_s, "en")};
    return {"个人验证（1 个用户，" + L + " 上下文）在 " + label.zh + " 上：首字 " + fmt::seconds(one.perf.ttft_s, "zh") +
                "，每人 " + fmt::interval(one.perf.decode_tps_per_seq, "tok/s", "zh"),
            "Personal validation (one user, " + L + " context) on " + label.en + ": TTFT " +
                fmt::seconds(one.perf.ttft_s, "en") + ", " + fmt::interval(one.perf.decode_tps_per_seq, "tok/s", "en")};
}

Text personal_fails_when(const SearchLimit& lim, const ServingCheck& one, const Targets& t, const Hardware& hw) {
    if (lim.upper == 0 || lim.optimistic == 0) {
        const Text why = describe_misses(one.pessimistic, t, hw);
        return {"即使最短的上下文也不行：" + why.zh, "even the shortest context fails: " + why.en};
    }
    if (lim.pessimistic_capped)
        return {"直到 " + fmt::tokens(lim.upper) + " 上下文都能满足目标", "holds up to " + fmt::tokens(lim.upper) + " context"};
    const Text why = describe_misses(lim.beyond, t, hw);
    if (lim.pessimistic == 0)
        return {"典型情况下即使最短的上下文也不行（" + why.zh + "）；乐观情况下上下文可到 " + fmt::tokens(lim.optimistic),
                "in the typical case even the shortest context fails (" + why.en + "); at best up to " +
                    fmt::tokens(lim.optimistic) + " context"};
    return {"上下文超过 " + fmt::tokens(lim.pessimistic) + " 后" + why.zh,
            "beyond " + fmt::tokens(lim.pessimistic) + " context, " + why.en};
}

Text personal_split_reason(const Text& label, int64_t context_tokens, const OffloadResult& split, const Text& misses) {
    const std::string L = fmt::tokens(context_tokens);
    const Text clause = offload_clause(split, misses);
    return {"个人验证（1 个用户，" + L + " 上下文）在 " + label.zh + " 上：原样连一个完整序列也放不下" + clause.zh,
            "Personal validation (one user, " + L + " context) on " + label.en +
                ": not even one full sequence fits as given" + clause.en};
}

Text split_named() { return {"（MoE 专家卸载时）", " (with MoE expert offload)"}; }

Text offline_split_reason(const Text& label, int64_t batch, Interval throughput_tps, Interval requests_per_day,
                          double needed_requests_per_day, const OffloadResult& split) {
    const double n = static_cast<double>(batch);
    return {"离线批处理（不看延迟目标）：" + label.zh + " 经 MoE 专家卸载，批量 " + fmt::count(n, "zh") + " 个序列，总吞吐 " +
                fmt::interval(throughput_tps, "tok/s", "zh") + "，每天可处理 " +
                fmt::interval(requests_per_day, "个请求", "zh") + "（需要 " + fmt::count(needed_requests_per_day, "zh") +
                "）；" + split.note.zh,
            "Offline batch (latency targets aside): " + label.en + " with MoE expert offload at a batch of " +
                fmt::count(n, "en") + (batch == 1 ? " sequence, " : " sequences, ") +
                fmt::interval(throughput_tps, "tok/s", "en") + " in all, " +
                fmt::interval(requests_per_day, "requests/day", "en") + " (needed: " +
                fmt::count(needed_requests_per_day, "en") + "); " + split.note.en};
}

Text offline_no_sequence_reason(const Text& label) {
    return {"离线批处理：" + label.zh + " 放不下一个完整序列", "Offline batch: " + label.en + " cannot hold one full sequence"};
}

Text fails_at_any_traffic() { return {"任何流量都不行", "fails at any traffic"}; }

Text offline_speed_unknown_reason() { return {"离线批处理：速度无法估算", "Offline batch: speed cannot be estimated"}; }

Text offline_reason(const Text& label, int64_t full_batch_pess, int64_t full_batch_opt, Interval throughput_tps,
                    Interval requests_per_day, double needed_requests_per_day) {
    return {"离线批处理（不看延迟目标）：" + label.zh + " 满批 " + range_of(full_batch_pess, full_batch_opt, "zh") +
                " 个序列，总吞吐 " + fmt::interval(throughput_tps, "tok/s", "zh") + "，每天可处理 " +
                fmt::interval(requests_per_day, "个请求", "zh") + "（需要 " + fmt::count(needed_requests_per_day, "zh") + "）",
            "Offline batch (latency targets aside): " + label.en + " at a full batch of " +
                range_of(full_batch_pess, full_batch_opt, "en") + (std::max(full_batch_pess, full_batch_opt) == 1 ? " sequence, " : " sequences, ") +
                fmt::interval(throughput_tps, "tok/s", "en") + " in all, " +
                fmt::interval(requests_per_day, "requests/day", "en") + " (needed: " +
                fmt::count(needed_requests_per_day, "en") + ")"};
}

Text careful_end_memory_fails_when(int64_t context_tokens) {
    const std::string L = fmt::tokens(context_tokens);
    return {"典型情况下连 1 个完整的 " + L + " 序列也放不下（仅在精心调优时放得下）",
            "in the typical case not even one full " + L + " sequence fits in memory (only at the careful end)"};
}

Text only_waits_longer() {
    return {"无延迟目标：同时处理的请求再多也只是排队更久", "no latency target: more requests in flight only wait longer"};
}

Text offline_fails_when(Interval requests_per_day) {
    return {"日请求超过 " + fmt::count(requests_per_day.lo, "zh") + " 次后一天处理不完，积压增长",
            "above " + fmt::count(requests_per_day.lo, "en") + " requests/day the day's work no longer finishes; the "
                                                              "backlog grows"};
}

Text offline_careful_end_clause() {
    return {"；典型情况下一个完整序列也放不下（只在内存区间的谨慎端放得下）",
            "; in the typical case not even one full sequence fits (only at the careful end of the memory ranges)"};
}

Text cloud_api_reason(const CostResult& c, double requests_per_day) {
    return {"云 API（" + c.api_model_text.zh + "）：按 " + fmt::count(requests_per_day, "zh") + " 次/天每月约 " +
                fmt::money(c.api_per_month_usd, "USD"),
            "Cloud API (" + c.api_model_text.en + "): about " + fmt::money(c.api_per_month_usd, "USD") + "/month at " +
                fmt::count(requests_per_day, "en") + " requests/day"};
}

Text no_priced_rental_clause() {
    return {"；没有带价格的达标租卡方案可比", "; no priced rental that meets the targets to compare with"};
}

Text cloud_caveats_in_house() {
    return {"数据必须留在内网时不能用；高峰并发受服务商速率限制",
            "ruled out when data must stay in-house; peak concurrency is subject to the provider's rate limits"};
}

Text rental_clause(const PlanRow& rent) {
    const std::string cards = fmt::count_range(rent.cards, "en") + " × " + rent.name;
    return {"；租用最便宜的达标方案 " + cards + " 每月 " + fmt::money(rent.cost_per_month, "USD"),
            "; renting the cheapest setup that meets the targets, " + cards + ", costs " +
                fmt::money(rent.cost_per_month, "USD") + "/month"};
}

Text online_goal(const Scenario& sc) {
    if (sc.targets.no_latency_target)
        return {fmt::count(static_cast<double>(sc.concurrency), "zh") + " 并发，无延迟目标",
                users_en(sc.concurrency) + ", no latency target"};
    if (!per_user_speed_judged(sc))
        return {fmt::count(static_cast<double>(sc.concurrency), "zh") + " 并发，首字 ≤ " + fmt::number(sc.targets.ttft_s, "zh") + " s",
                users_en(sc.concurrency) + ", TTFT ≤ " + fmt::number(sc.targets.ttft_s, "en") + " s"};
    return {fmt::count(static_cast<double>(sc.concurrency), "zh") + " 并发，首字 ≤ " + fmt::number(sc.targets.ttft_s, "zh") +
                " s，每人 ≥ " + fmt::number(sc.targets.tps_per_user, "zh") + " tok/s",
            users_en(sc.concurrency) + ", TTFT ≤ " + fmt::number(sc.targets.ttft_s, "en") + " s, ≥ " +
                fmt::number(sc.targets.tps_per_user, "en") + " tok/s each"};
}

Text online_none_meets_reason(const Text& goal) {
    return {"在线服务（" + goal.zh + "）：目录中没有一种加速器能满足",
            "Online service (" + goal.en + "): no accelerator of the catalog meets it"};
}

Text online_none_fails_when(const PlanRow* pick) {
    if (pick) return {pick->name + "：" + pick->note_text.zh, pick->name + ": " + pick->note_text.en};
    return {"任何卡都放不下这个模型", "no card holds this model"};
}

Text online_reason(const Text& goal, const Text& label, const PlanRow& pick, int replicas, const ServingCheck& at,
                   int64_t concurrency) {
    std::string cost_zh, cost_en;
    if (pick.has_price) {
        cost_zh = "，约 " + fmt::money(pick.cost_per_month, pick.currency) + "/月";
        cost_en = ", about " + fmt::money(pick.cost_per_month, pick.currency) + "/month";
    }
    std::string layout_zh, layout_en;
    const std::string tp = std::to_string(pick.tp);
    if (!pick.layer_split) {
        layout_zh = "TP " + tp + "，";
        layout_en = "TP " + tp + ", ";
    } else if (pick.tp > 1) {
        layout_zh = "按层切分到 " + tp + " 张卡，";
        layout_en = "layer split over " + tp + " cards, ";
    }
    if (pick.pp > 1) {
        layout_zh += std::to_string(pick.pp) + " 级流水线，";
        layout_en += std::to_string(pick.pp) + " pipeline stages, ";
    }
    const Text sp = speed_clause(at.perf, concurrency);
    // The cards and replicas as the plan's range (its cost pairs the fewest cards with the lowest price); the speed
    // is checked at the slow end's count (the most cards), `label` and `replicas`.
    const bool range = pick.cards.lo != pick.cards.hi;
    const std::string cards_zh = range ? fmt::count_range(pick.cards, "zh") + " × " + pick.name : label.zh;
    const std::string cards_en = range ? fmt::count_range(pick.cards, "en") + " × " + pick.name : label.en;
    const std::string reps_zh = range ? fmt::count_range(pick.replicas, "zh") : std::to_string(replicas);
    const std::string reps_en = range ? fmt::count_range(pick.replicas, "en") : std::to_string(replicas);
    const bool one = !range && replicas == 1;
    return {"在线服务（" + goal.zh + "）：" + cards_zh + "（" + layout_zh + reps_zh + " 个副本）" + cost_zh + "；" + sp.zh +
                (range ? "（按 " + label.zh + " 计）" : ""),
            "Online service (" + goal.en + "): " + cards_en + " (" + layout_en + reps_en +
                (one ? " replica)" : " replicas)") + cost_en + "; " + sp.en + (range ? " (on " + label.en + ")" : "")};
}

Text add_replicas_clause() { return {"，需要加副本", "; add replicas"}; }

// ---------------------------------------------------------------------------------------------------
// The verdict sentence
// ---------------------------------------------------------------------------------------------------

Text verdict_needs_wired_limit(const Text& label, const Hardware& hw, const MemoryResult& m, const Text& speed,
                               long long mib, const Text* still_missing) {
    const std::string w = memory_word_zh(hw);
    Text out{label.zh + " 需提高 GPU 内存上限才放得下：" + w + "需要 " + fmt::interval(m.total_gib, "GiB", "zh") +
                 "，macOS 默认给 GPU 的内存扣除冗余后只有 " + fmt::number(m.budget_gib, "zh") +
                 " GiB；执行 sudo sysctl iogpu.wired_limit_mb=" + std::to_string(mib) + " 后，" + speed.zh,
             label.en + " fits only with a raised GPU wiring cap: needs " + fmt::interval(m.total_gib, "GiB", "en") +
                 ", while macOS's default GPU share leaves " + fmt::number(m.budget_gib, "en") +
                 " GiB after headroom; after sudo sysctl iogpu.wired_limit_mb=" + std::to_string(mib) + ", " + speed.en};
    if (still_missing) {
        out.zh += "，仍达不到目标（" + still_missing->zh + "）";
        out.en += ", which still misses the targets (" + still_missing->en + ")";
    }
    return out;
}

Text memory_need(const Context& ctx, const MemoryResult& m) {
    const Hardware& hw = ctx.hardware;
    // The colocated models sit on the replica's cards, beside the engine: where the card holding the most of them
    // cannot, the total (which may be well under the budget of all the cards) is not the reason.
    const double card = colocated_card_budget_gib(hw, m);
    if (m.capacity_known && card > 0 && m.colocated_card_gib > card)
        return {"同机模型在一张卡上最多要 " + fmt::number(m.colocated_card_gib, "zh") + " GiB，而一张卡扣除冗余后只有 " +
                    fmt::number(card, "zh") + " GiB",
                "the colocated models need up to " + fmt::number(m.colocated_card_gib, "en") + " GiB on one card, which has " +
                    fmt::number(card, "en") + " GiB usable after headroom"};
    // The total is within the budget, but the engine's own pool is not: vLLM and SGLang start with one share of every
    // card (lowered to leave colocated models room), TensorRT-LLM gives the KV a share of what loading left.
    const bool pool = ctx.engine->kv_pool == KvPoolRule::share_of_total || ctx.engine->kv_pool == KvPoolRule::share_of_free;
    if (m.capacity_known && pool && m.total_gib.hi <= m.budget_gib && m.kv_cache_gib.hi > m.kv_pool_gib.lo) {
        const bool share = ctx.engine->kv_pool == KvPoolRule::share_of_total;
        const std::string fraction = fmt::decimals(share ? m.engine_reserved_gib.hi / m.capacity_gib : ctx.engine->memory_utilization, 2);
        return {ctx.engine->name + " 的 KV 池只有 " + fmt::interval(m.kv_pool_gib, "GiB", "zh") + "（" +
                    (share ? "它启动时占每张卡内存的 " + fraction + "，减去权重、激活和运行时"
                           : "加载后剩余内存的 " + fraction) +
                    "），满上下文的 KV 需要 " + fmt::interval(m.kv_cache_gib, "GiB", "zh"),
                ctx.engine->name + "'s KV pool holds " + fmt::interval(m.kv_pool_gib, "GiB", "en") + " (" +
                    (share ? "it starts with " + fraction + " of each card's memory, less the weights, activations and runtime"
                           : fraction + " of the memory left after loading") +
                    "), while the KV cache at the full context needs " + fmt::interval(m.kv_cache_gib, "GiB", "en")};
    }
    return {memory_word_zh(hw) + "需要 " + fmt::interval(m.total_gib, "GiB", "zh") + "，可用 " +
                fmt::number(m.budget_gib, "zh") + " GiB（已扣除冗余）",
            "needs " + fmt::interval(m.total_gib, "GiB", "en") + " of memory, " + fmt::number(m.budget_gib, "en") +
                " GiB usable after headroom"};
}

Text verdict_runs_with_offload(const Text& label, const Text& need, const OffloadResult& offload, const Text& suggestion) {
    return {label.zh + " 原样不够（" + need.zh + "），可改用 " + offload.note.zh + suggestion.zh,
            label.en + " is not enough as given (" + need.en + "); it runs with " + offload.note.en + suggestion.en};
}

Text verdict_borderline_memory(const Text& label, const Hardware& hw, int64_t context_tokens, Interval held,
                               const Text& speed, const Text& suggestion, int64_t slots) {
    if (slots > 1)
        return {label.zh + " 勉强：" + memory_word_zh(hw) + "只在精心调优时放得下 " + fmt::count(double(slots), "zh") + " 个用户各自 " +
                    fmt::tokens(context_tokens) + " 的槽位（可容纳 " + fmt::count_range(held, "zh") + " 个），" + speed.zh + suggestion.zh,
                label.en + " is borderline: memory holds the " + fmt::count(double(slots), "en") + " users' " +
                    fmt::tokens(context_tokens) + " slots only at the careful end (" + fmt::count_range(held, "en") +
                    " fit); " + speed.en + suggestion.en};
    return {label.zh + " 勉强：" + memory_word_zh(hw) + "只在精心调优时放得下一个 " + fmt::tokens(context_tokens) +
                " 序列（可容纳 " + fmt::count_range(held, "zh") + " 个），" + speed.zh + suggestion.zh,
            label.en + " is borderline: memory holds one " + fmt::tokens(context_tokens) +
                " sequence only at the careful end (" + fmt::count_range(held, "en") + " fit); " + speed.en + suggestion.en};
}

Text verdict_not_enough(const Text& label, const Text& need, const Text& suggestion) {
    return {label.zh + " 不够：" + need.zh + suggestion.zh, label.en + " is not enough: " + need.en + suggestion.en};
}

Text verdict_cannot_run(const Text& label, const Text& why, const Text& suggestion) {
    return {label.zh + " 跑不了这个配置：" + why.zh + suggestion.zh, label.en + " cannot run this setup: " + why.en + suggestion.en};
}

Text verdict_enough(const Text& label, const Text& memory, const Text& speed, const std::optional<Interval>& cards_needed) {
    Text out{label.zh + " 够用：" + memory.zh + "，" + speed.zh, label.en + " is enough: " + memory.en + "; " + speed.en};
    if (cards_needed) {
        out.zh += "；其实 " + fmt::count_range(*cards_needed, "zh") + " 张就够";
        out.en += "; " + fmt::count_range(*cards_needed, "en") + " of them suffice";
    }
    return out;
}

Text verdict_borderline_targets(const Text& label, const Text& memory, const Text& speed, const Text& why) {
    const bool named = !why.en.empty();
    return {label.zh + " 勉强够用：" + memory.zh + "，" + speed.zh + "（仅乐观情况下达标" + (named ? "；典型情况下" + why.zh : "") + "）",
            label.en + " is borderline: " + memory.en + "; " + speed.en + " (meets the targets only in the optimistic case" +
                (named ? "; in the typical case " + why.en : "") + ")"};
}

Text meets_in_another_layout_clause(const PlanRow& row) {
    const std::string t = std::to_string(row.tp);
    const std::string zh_n = fmt::count_range(row.replicas, "zh"), en_n = fmt::count_range(row.replicas, "en");
    if (row.layer_split)
        return {"；按每 " + t + " 张卡一个服务（" + zh_n + " 个服务）部署，这些卡能达到目标",
                "; run as servers of " + t + (row.tp > 1 ? " cards" : " card") + " each (" + en_n +
                    " of them), these cards meet the targets"};
    return {"；按 TP " + t + " × " + zh_n + " 个副本部署，这些卡能达到目标",
            "; laid out as TP " + t + " × " + en_n + (row.replicas.hi > 1 ? " replicas" : " replica") +
                ", these cards meet the targets"};
}

Text verdict_misses_targets(const Text& label, const Text& speed, const Text& why, const Text& suggestion,
                            const Text* unknown_memory) {
    // Where the catalog has no RAM size nothing says the model is held: what it needs stands in its place.
    if (unknown_memory)
        return {label.zh + " 达不到目标：" + speed.zh + "（" + why.zh + "）；" + unknown_memory->zh + suggestion.zh,
                label.en + " misses the targets: " + speed.en + " (" + why.en + "); " + unknown_memory->en + suggestion.en};
    return {label.zh + " 放得下但达不到目标：" + speed.zh + "（" + why.zh + "）" + suggestion.zh,
            label.en + " holds the model but misses the targets: " + speed.en + " (" + why.en + ")" + suggestion.en};
}

}  // namespace infersizer
