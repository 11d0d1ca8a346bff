// faq.cpp — the seed's two questions answered from the plan, the judgement and a CPU estimate (faq.hpp).
#include "faq.hpp"

#include "decision.hpp"
#include "estimate.hpp"
#include "format_text.hpp"
#include "offload.hpp"

#include <string>

namespace infersizer {

namespace {

std::string users(int64_t n, const std::string& lang) { return fmt::count(static_cast<double>(n), lang); }

// "TTFT p90 0.31 s, 35–60 tok/s per user" from the figures of a plan row or an estimate; the first token's time
// alone for one-token answers, where no user sees a rate.
Text speed_words(const Scenario& s, const Interval& ttft_p90_s, const Interval& tps_per_user) {
    if (one_token_answer(s)) return {"首字 p90 " + fmt::seconds(ttft_p90_s, "zh"), "TTFT p90 " + fmt::seconds(ttft_p90_s, "en")};
    return {"首字 p90 " + fmt::seconds(ttft_p90_s, "zh") + "，每用户 " + fmt::interval(tps_per_user, "tok/s", "zh"),
            "TTFT p90 " + fmt::seconds(ttft_p90_s, "en") + ", " + fmt::interval(tps_per_user, "tok/s", "en") +
                " per user"};
}

const PlanRow* row_of(const std::vector<PlanRow>& plan, const std::string& hardware_id) {
    for (const PlanRow& r : plan)
        if (r.hardware == hardware_id) return &r;
    return nullptr;
}

// The plan lists the cheapest card meeting the targets first: the first priced row that meets them.
const PlanRow* cheapest_meeting(const std::vector<PlanRow>& plan) {
    for (const PlanRow& r : plan)
        if (r.meets_targets && r.has_price) return &r;
    return nullptr;
}

// ---------------------------------------------------------------------------------------------------
// "I trained on these cards: can I serve on them, and how many suffice?"
// ---------------------------------------------------------------------------------------------------
FaqEntry reuse_training_cards(const Context& ctx, const Assessment& a) {
    FaqEntry f;
    f.id = kFaqReuseTrainingCards;
    f.question = {"我在这些卡上训练过模型——能直接拿来做推理吗？要几张？",
                  "I trained on these cards — can I reuse them for serving, and how many suffice?"};
    const Hardware& hw = ctx.hardware;
    const int64_t peak = ctx.scenario.concurrency;
    const PlanRow* own = row_of(a.plan, hw.id);
    Text& out = f.answer;
    if (own && own->meets_targets) {
        const Text speed = speed_words(ctx.scenario, own->ttft_s, own->decode_tps_per_seq);
        out = {"能。" + fmt::count_range(own->cards, "zh") + " 张 " + hw.name + " 就能在目标内服务高峰 " + users(peak, "zh") +
                   " 个并发用户（" + speed.zh + "）。",
               "Yes. " + fmt::count_range(own->cards, "en") + " × " + hw.name + " serve the peak of " + users(peak, "en") +
                   (peak == 1 ? " concurrent user" : " concurrent users") + " within the targets (" + speed.en + ")."};
        const bool other_layout = own_cards_meet_in_another_layout(ctx, a) == own;
        const std::string n = std::to_string(ctx.count), t = std::to_string(own->tp);
        if (other_layout && own->layer_split)
            // A layer-split engine's own cards are one server; the row runs several.
            out.zh += "但要按每 " + t + " 张卡一个服务、多个服务并行部署；上面按一个服务估算的 " + n + " 张达不到目标。",
            out.en += " Run as servers of " + t + (own->tp > 1 ? " cards" : " card") + " each, that is; your " + n +
                      " as one server (estimated above) miss the targets.";
        else if (other_layout)
            // The user's cards as estimated above miss, laid out otherwise: the row's layout is the way to meet.
            out.zh += "但要按 TP " + t + " 部署；上面按 TP " + std::to_string(a.performance.tp) + " 估算的 " + n + " 张达不到目标。",
            out.en += " Laid out as TP " + t + ", that is; your " + n + " as estimated above (TP " +
                      std::to_string(a.performance.tp) + ") miss the targets.";
        else if (!ctx.count_from_planner && own->cards.lo <= ctx.count && ctx.count < own->cards.hi) {
            // The row meets at its slow end on cards.hi: the user's count, inside its range, only at the fast end.
            const bool layer_servers = own->layer_split && own->replicas.hi > 1;
            const bool retp = !own->layer_split && own->tp != a.performance.tp;
            out.zh += "你的 " + n + " 张在这个区间内：只在乐观情况下够用" +
                      (layer_servers ? "（按每 " + t + " 张卡一个服务部署）" : retp ? "（按 TP " + t + " 部署）" : "") + "。";
            out.en += " Your " + n + " are within that range: enough only in the optimistic case" +
                      (layer_servers ? " (as servers of " + t + (own->tp > 1 ? " cards" : " card") + " each)"
                       : retp        ? " (laid out as TP " + t + ")"
                                     : "") +
                      ".";
        } else if (!ctx.count_from_planner && own->cards.hi < ctx.count)
            out.zh += "你的 " + std::to_string(ctx.count) + " 张多于所需，其余可另作他用。",
            out.en += " Your " + std::to_string(ctx.count) + " are more than that; the rest can do other work.";
        else if (!ctx.count_from_planner && own->cards.lo > ctx.count)
            out.zh += "你的 " + std::to_string(ctx.count) + " 张不够。",
            out.en += " Your " + std::to_string(ctx.count) + " are not enough.";
    } else if (own && own->fits) {
        out = {"只能部分做到：" + hw.name + " 装得下模型，但卡数再多也达不到目标（" + own->note_text.zh + "）。",
               "Only partly: " + hw.name + " holds the model, but no number of them meets the targets (" +
                   own->note_text.en + ")."};
    } else if (own) {
        // A note that ends in a parenthesis of its own ("… (not estimated here)") follows a colon, not a second pair.
        const bool zh_paren = own->note_text.zh.size() >= 3 && own->note_text.zh.compare(own->note_text.zh.size() - 3, 3, "）") == 0;
        const bool en_paren = !own->note_text.en.empty() && own->note_text.en.back() == ')';
        const bool latin_first = !own->note_text.zh.empty() && static_cast<unsigned char>(own->note_text.zh[0]) < 0x80;
        out = {fmt::joined({"不能：", hw.name, " 跑不了这个配置", zh_paren ? (latin_first ? "，因为 " : "，因为") : "（",
                            own->note_text.zh, zh_paren ? "。" : "）。"}),
               fmt::joined({"No: ", hw.name, " cannot serve this setup", en_paren ? ": " : " (", own->note_text.en,
                            en_paren ? "." : ")."})};
    } else if (a.status == ServingStatus::meets) {
        out = {"能：" + std::to_string(a.count) + " 张 " + hw.name + " 在目标内服务高峰 " + users(peak, "zh") + " 个并发用户。",
               "Yes: " + std::to_string(a.count) + " × " + hw.name + " serve the peak of " + users(peak, "en") +
                   (peak == 1 ? " concurrent user" : " concurrent users") + " within the targets."};
    } else {
        out = {"按现在的配置不行：" + std::to_string(a.count) + " 张 " + hw.name + " 达不到目标，见上方结论。",
               "Not as set: " + std::to_string(a.count) + " × " + hw.name + " do not meet the targets; see the verdict above."};
    }
    // What a card from the plan would cost instead, when it is another one.
    const PlanRow* cheap = cheapest_meeting(a.plan);
    if (cheap && cheap->hardware != hw.id) {
        const std::string cz = fmt::money(cheap->cost_per_month, cheap->currency),
                          ce = fmt::money(cheap->cost_per_month, cheap->currency);
        out.zh += "计划里最省钱的选择是 " + fmt::count_range(cheap->cards, "zh") + " 张 " + cheap->name + "，约 " + cz + "/月";
        out.en += " The plan's cheapest choice is " + fmt::count_range(cheap->cards, "en") + " × " + cheap->name +
                  " at about " + ce + "/month";
        if (own && own->meets_targets && own->has_price && own->currency == cheap->currency) {
            out.zh += "（" + hw.name + " 约 " + fmt::money(own->cost_per_month, own->currency) + "/月）";
            out.en += " (" + hw.name + ": about " + fmt::money(own->cost_per_month, own->currency) + "/month)";
        }
        out.zh += "。", out.en += ".";
    } else if (cheap) {
        out.zh += "它也是计划里满足目标的最省钱选择。";
        out.en += " It is also the plan's cheapest choice that meets the targets.";
    }
    return f;
}

// ---------------------------------------------------------------------------------------------------
// "Does quantization remove the need for a GPU?"
// ---------------------------------------------------------------------------------------------------

// The scenario on the CPU platform the decision table's CPU row uses (decision.hpp choose_cpu_platform), as a
// whole estimate without plan or decisions; the user's own result when the user picked a CPU.
std::optional<Result> cpu_estimate(const Context& ctx, const Assessment& a) {
    if (ctx.hardware->is_cpu()) {
        Result r;
        r.hardware_name = ctx.hardware->name;
        r.memory = a.memory, r.fit = a.fit, r.performance = a.performance, r.status = a.status;
        return r;
    }
    if (!ctx.catalog) return std::nullopt;
    const auto choice = choose_cpu_platform(ctx);
    if (!choice) return std::nullopt;
    Scenario s = ctx.scenario;
    s.hardware_id = choice->ctx.hardware->id;
    s.hardware_custom.reset();
    s.engine = choice->ctx.engine->id;
    s.kv_cache = choice->ctx.kv.id;
    s.count = 1;
    auto r = estimate(*ctx.catalog, s, EstimateOptions{false, false, false});
    if (!r.ok()) return std::nullopt;
    return r.value();
}

FaqEntry quantization_vs_gpu(const Context& ctx, const Assessment& a) {
    FaqEntry f;
    f.id = kFaqQuantizationVsGpu;
    f.question = {"量化以后是不是就不需要 GPU 了？", "Does quantization remove the need for a GPU?"};
    const Scenario& sc = ctx.scenario;
    const std::optional<Result> cpu = cpu_estimate(ctx, a);
    if (!cpu) {
        f.answer = {"目录里没有 CPU 平台，无法回答。", "The catalog has no CPU platform to answer with."};
        return f;
    }
    const MemoryResult& m = cpu->memory;
    const std::string fmt_id = ctx.weights->id, name = cpu->hardware_name;
    Text& out = f.answer;
    out = {ctx.model.id + " 在 " + fmt_id + " 下权重约 " + fmt::interval(m.weights_gib, "GiB", "zh") + "，" +
               users(sc.concurrency, "zh") + " 个用户在 " + fmt::tokens(sc.context_tokens) + " 上下文下共需 " +
               fmt::interval(m.total_gib, "GiB", "zh") + "。在 " + name + " 上：",
           "In " + fmt_id + ", " + ctx.model.id + "'s weights take " + fmt::interval(m.weights_gib, "GiB", "en") + " and " +
               users(sc.concurrency, "en") + (sc.concurrency == 1 ? " user at " : " users at ") + fmt::tokens(sc.context_tokens) + " context need " +
               fmt::interval(m.total_gib, "GiB", "en") + ". On " + name + ": "};
    if (!m.capacity_known)
        out.zh += "内存放不放得下取决于你的机器（需 ≥ " + fmt::number(m.total_gib.hi, "zh") + " GiB）；",
        out.en += "whether it fits depends on your machine's RAM (≥ " + fmt::number(m.total_gib.hi, "en") + " GiB); ";
    else if (cpu->fit.fits)
        out.zh += "内存放得下；", out.en += "it fits in memory; ";
    else
        out.zh += "内存放不下，只容得下 " + fmt::count_range(cpu->fit.max_concurrency, "zh") + " 个这样长的序列；",
        out.en += "it does not fit, holding " + fmt::count_range(cpu->fit.max_concurrency, "en") +
                  " sequences of that length; ";
    const PerformanceResult& p = cpu->performance;
    out.zh += "单用户 " + fmt::interval(p.single_stream_tps, "tok/s", "zh") + "，" + users(sc.concurrency, "zh") +
              " 个并发时" + speed_words(ctx.scenario, p.ttft_p90_s, p.decode_tps_per_seq).zh + "。";
    out.en += "one user alone gets " + fmt::interval(p.single_stream_tps, "tok/s", "en") + "; at " +
              users(sc.concurrency, "en") + (sc.concurrency == 1 ? " concurrent user " : " concurrent users ") + speed_words(ctx.scenario, p.ttft_p90_s, p.decode_tps_per_seq).en + ".";
    if (cpu->status == ServingStatus::meets)
        out.zh += "所以对这个负载，量化后 CPU 就够，不必用 GPU。",
        out.en += " So for this load, yes: quantized, it runs on the CPU within the targets without a GPU.";
    else
        out.zh += "量化减少了内存，但 CPU 达不到目标：这个负载仍需要 GPU。",
        out.en += " Quantization shrinks the memory, but the CPU misses the targets: this load still needs a GPU.";
    // The GPU path it is weighed against: the user's cards where they run the model (as given, or with a remedy),
    // or the plan's cheapest choice — never the speeds of cards that cannot load it.
    // A model that loads only with its experts split into host RAM runs at the split's speeds (its launch starts).
    const bool split = a.status == ServingStatus::does_not_fit && a.offload && a.offload->applicable;
    const bool own_cards_run = a.own_cards_run() || split;
    if (!ctx.hardware->is_cpu() && own_cards_run) {
        const PerformanceResult p_gpu = split ? offload_performance(*a.offload) : a.performance;
        const Text speed = speed_words(ctx.scenario, p_gpu.ttft_p90_s, p_gpu.decode_tps_per_seq);
        const std::string moe = split ? ", --n-cpu-moe " + std::to_string(a.offload->n_cpu_moe_layers) : "";
        out.zh += "GPU 路径（" + std::to_string(a.count) + " 张 " + ctx.hardware->name + moe + "）：" + speed.zh + "。";
        out.en += " The GPU path (" + std::to_string(a.count) + " × " + ctx.hardware->name + moe + "): " + speed.en + ".";
    } else if (const PlanRow* cheap = cheapest_meeting(a.plan)) {
        const Text speed = speed_words(ctx.scenario, cheap->ttft_s, cheap->decode_tps_per_seq);
        out.zh += "GPU 路径（计划里最省钱的 " + fmt::count_range(cheap->cards, "zh") + " 张 " + cheap->name + "）：" + speed.zh + "。";
        out.en += " The GPU path (the plan's cheapest, " + fmt::count_range(cheap->cards, "en") + " × " + cheap->name +
                  "): " + speed.en + ".";
    }
    return f;
}

}  // namespace

std::vector<FaqEntry> faq_answers(const Context& ctx, const Assessment& a) {
    return {reuse_training_cards(ctx, a), quantization_vs_gpu(ctx, a)};
}

}  // namespace infersizer
