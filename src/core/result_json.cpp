// result_json.cpp — Result → "infersizer.result/1". Numbers are rounded to 4 significant digits so the
// JSON carries no false precision and reads the same in the native and the wasm build.
#include "result_json.hpp"

#include "json_number.hpp"

#include "version.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace infersizer {

using nlohmann::json;

double json_number(double v) {
    if (!std::isfinite(v)) return 0;  // never reached for valid results; NaN must never reach JSON
    if (v == std::floor(v) && std::fabs(v) < 1e6) return v;
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", v);
    return std::strtod(buf, nullptr);
}

namespace {

double tidy(double v) { return json_number(v); }

json iv(Interval i) { return {{"lo", tidy(i.lo)}, {"hi", tidy(i.hi)}}; }

json text(const Text& t, const std::string& lang) { return t.in(lang); }

json both(const Text& t) { return {{"zh", t.zh}, {"en", t.en}}; }

// Whether renting beats the API at some traffic (cost.hpp break_even_requests_per_day): at both ends, only at the fast
// end, never (fully loaded, the setup costs more per request than the API), or unknown (a price is missing).
std::string break_even_reach(const CostResult& c) {
    if (!c.has_gpu_price || !c.has_api_price || std::isnan(c.break_even_requests_per_day.lo)) return "unknown";
    if (c.break_even_requests_per_day.finite()) return "both_ends";
    if (std::isinf(c.break_even_requests_per_day.lo)) return "never";
    return "fast_end_only";
}

}  // namespace

json explain_to_json(const Explain& e) {
    json out = json::object();
    for (const auto& [key, x] : e.entries) {
        json inputs = json::array();
        for (const ExplainInput& in : x.inputs)
            inputs.push_back({{"name", both(in.name)},
                              {"value", iv(in.value)},
                              {"unit", in.unit},
                              {"source", {{"kind", to_string(in.source.kind)}, {"ref", in.source.ref}}},
                              {"role", to_string(in.role)}});
        out[key] = {{"title", both(x.title)},       {"formula", both(x.formula)},     {"inputs", std::move(inputs)},
                    {"value", iv(x.value)},         {"unit", x.unit},                 {"combine", to_string(x.combine)},
                    {"round", to_string(x.rounding)}, {"why_wide", both(x.why_wide)}};
    }
    return out;
}

const char* to_string(DecisionOption o) {
    switch (o) {
        case DecisionOption::cpu: return "cpu";
        case DecisionOption::gpu: return "gpu";
        case DecisionOption::api: return "api";
        case DecisionOption::personal: return "personal";
        case DecisionOption::offline_batch: return "offline_batch";
        case DecisionOption::cloud_api: return "cloud_api";
        case DecisionOption::online_service: return "online_service";
    }
    return "gpu";
}

const char* to_string(ServingStatus s) {
    switch (s) {
        case ServingStatus::meets: return "meets";
        case ServingStatus::misses_targets: return "misses_targets";
        case ServingStatus::does_not_fit: return "does_not_fit";
    }
    return "does_not_fit";
}

const char* to_string(FitRemedy r) {
    switch (r) {
        case FitRemedy::none: return "none";
        case FitRemedy::careful_end: return "careful_end";
        case FitRemedy::raise_wired_limit: return "raise_wired_limit";
        case FitRemedy::expert_offload: return "expert_offload";
    }
    return "none";
}

const char* to_string(DecodeBound b) { return b == DecodeBound::compute ? "compute" : "memory"; }

const char* to_string(Verdict v) {
    switch (v) {
        case Verdict::yes: return "yes";
        case Verdict::conditional: return "conditional";
        case Verdict::no: return "no";
    }
    return "no";
}

json result_to_json(const Result& r, const std::string& lang) {
    json j;
    j["schema"] = kResultSchema;
    j["version"] = kVersion;
    j["lang"] = lang;
    j["model"] = r.model_name;
    j["hardware"] = r.hardware_name;
    j["count"] = r.count;
    j["count_from_planner"] = r.count_from_planner;
    j["verdict"] = text(r.verdict, lang);
    // The one judgement of the setup (judge.hpp): what the badge, the sentence and the tables read.
    j["status"] = to_string(r.status);
    j["remedy"] = to_string(r.remedy);
    j["cannot_run"] = r.cannot_run ? nlohmann::json(text(*r.cannot_run, lang)) : nlohmann::json(nullptr);
    j["targets_met"] = {{"ttft", r.targets_met.ttft},
                        {"tps_per_user", r.targets_met.tps_per_user},
                        {"ttft_at_best", r.targets_met.ttft_at_best},
                        {"tps_per_user_at_best", r.targets_met.tps_at_best},
                        {"daily_volume", r.targets_met.daily_volume},
                        {"daily_volume_at_best", r.targets_met.daily_volume_at_best},
                        {"daily_volume_applicable", r.targets_met.daily_volume_applicable},
                        {"optimistic", r.targets_met.optimistic},
                        {"applicable", r.targets_met.applicable},
                        {"tps_per_user_applicable", r.targets_met.tps_per_user_applicable}};
    j["planned"] = r.planned ? json{{"cards", iv(r.planned->cards)}, {"replicas", iv(r.planned->replicas)}, {"tp", r.planned->tp}}
                             : json(nullptr);
    j["cards_needed"] = r.cards_needed ? iv(*r.cards_needed) : json(nullptr);

    const MemoryResult& m = r.memory;
    j["memory"] = {{"weights_gib", iv(m.weights_gib)},
                   {"kv_per_token_kib", iv(m.kv_per_token_kib)},
                   {"kv_cache_gib", iv(m.kv_cache_gib)},
                   {"activations_gib", iv(m.activations_gib)},
                   {"runtime_gib", iv(m.runtime_gib)},
                   {"colocated_gib", iv(m.colocated_gib)},
                   {"total_gib", iv(m.total_gib)},
                   {"capacity_gib", tidy(m.capacity_gib)},
                   {"budget_gib", tidy(m.budget_gib)},
                   {"engine_reserved_gib", iv(m.engine_reserved_gib)},
                   {"kv_pool_gib", iv(m.kv_pool_gib)},
                   {"capacity_known", m.capacity_known},
                   {"replicas", m.replicas},
                   {"all_cards_total_gib", iv(m.all_cards_total_gib)}};

    const PerformanceResult& p = r.performance;
    j["performance"] = {{"prefill_tps", iv(p.prefill_tps)},
                        {"ttft_s", iv(p.ttft_s)},
                        {"ttft_p90_s", iv(p.ttft_p90_s)},
                        {"burst_ttft_s", iv(p.burst_ttft_s)},
                        {"queue_wait_s", iv(p.queue_wait_s)},
                        {"decode_tps_per_seq", iv(p.decode_tps_per_seq)},
                        {"single_stream_tps", iv(p.single_stream_tps)},
                        {"decode_step_s", iv(p.decode_step_s)},
                        {"throughput_tps", iv(p.throughput_tps)},
                        {"requests_in_flight", iv(p.requests_in_flight)},
                        {"kv_in_use_gib", iv(p.kv_in_use_gib)},
                        {"bound", to_string(p.bound)},
                        {"running_batch", p.running_batch},
                        {"tp", p.tp},
                        {"layer_split", p.layer_split},
                        {"pp", p.pp},
                        {"replicas", p.replicas}};

    j["fit"] = {{"fits", r.fit.fits},
                {"one_sequence_fits", r.fit.one_sequence_fits},
                {"max_concurrency", iv(r.fit.max_concurrency)},
                {"max_context", iv(r.fit.max_context)},
                {"kv_budget_gib", iv(r.fit.kv_budget_gib)}};

    j["plan"] = json::array();
    for (const PlanRow& row : r.plan) {
        json pr = {{"hardware", row.hardware},
                   {"name", row.name},
                   {"cards", iv(row.cards)},
                   {"tp", row.tp},
                   {"replicas", iv(row.replicas)},
                   {"cost_per_month", row.has_price ? iv(row.cost_per_month) : json(nullptr)},
                   {"currency", row.currency},
                   {"meets_targets", row.meets_targets},
                   {"fits", row.fits},
                   {"batch_per_replica", row.batch_per_replica},
                   {"users_per_replica", iv(row.users_per_replica)},
                   {"decode_tps_per_seq", iv(row.decode_tps_per_seq)},
                   {"ttft_s", iv(row.ttft_s)},
                   {"binding", text(row.binding, lang)},
                   {"simulated", row.simulated},
                   {"pp", row.pp},
                   {"layer_split", row.layer_split},
                   {"note", row.note}};
        j["plan"].push_back(pr);
    }

    auto rows = [&](const std::vector<DecisionRow>& v) {
        json a = json::array();
        for (const DecisionRow& d : v)
            a.push_back({{"option", to_string(d.option)},
                         {"verdict", to_string(d.verdict)},
                         {"reason", text(d.reason, lang)},
                         {"fails_when", text(d.fails_when, lang)},
                         {"reason_zh", d.reason.zh},
                         {"reason_en", d.reason.en},
                         {"fails_when_zh", d.fails_when.zh},
                         {"fails_when_en", d.fails_when.en}});
        return a;
    };
    j["decision"] = rows(r.decision);
    j["scenarios"] = rows(r.scenarios);

    const CostResult& c = r.cost;
    j["cost"] = {{"self_hosted_per_month_usd", c.has_gpu_price ? iv(c.self_hosted_per_month_usd) : json(nullptr)},
                 {"self_hosted_per_mtok_usd", c.has_gpu_price ? iv(c.self_hosted_per_mtok_usd) : json(nullptr)},
                 {"api_per_month_usd", iv(c.api_per_month_usd)},
                 {"api_model", c.api_model},
                 {"api_rule", text(c.api_rule, lang)},
                 {"price_basis", text(c.price_basis, lang)},
                 {"api_model_text", text(c.api_model_text, lang)},
                 {"break_even_requests_per_day",
                  c.has_gpu_price && c.break_even_requests_per_day.finite() ? iv(c.break_even_requests_per_day) : json(nullptr)},
                 {"break_even_reach", break_even_reach(c)},
                 {"break_even_at_best_requests_per_day",
                  c.has_gpu_price && std::isfinite(c.break_even_requests_per_day.lo) ? json(tidy(c.break_even_requests_per_day.lo))
                                                                                     : json(nullptr)},
                 {"capacity_requests_per_day", c.capacity_requests_per_day.hi > 0 ? iv(c.capacity_requests_per_day) : json(nullptr)},
                 {"cny_per_usd", tidy(c.cny_per_usd)}};

    json faq = json::array();
    for (const FaqEntry& f : r.faq)
        faq.push_back({{"id", f.id}, {"question", text(f.question, lang)}, {"answer", text(f.answer, lang)}});
    j["faq"] = std::move(faq);

    if (r.offload) {
        const OffloadResult& o = *r.offload;
        j["offload"] = {{"applicable", o.applicable},
                        {"n_cpu_moe_layers", o.n_cpu_moe_layers},
                        {"moe_layers_offloaded", o.moe_layers_offloaded},
                        {"moe_layers", o.moe_layers},
                        {"gpu_gib", iv(o.gpu_gib)},
                        {"budget_gib", tidy(o.budget_gib)},
                        {"host_ram_gib", iv(o.host_ram_gib)},
                        {"decode_tps_per_seq", iv(o.decode_tps_per_seq)},
                        {"ttft_s", iv(o.ttft_s)},
                        {"throughput_tps", iv(o.throughput_tps)},
                        {"gpu_only_tps", iv(o.gpu_only_tps)},
                        {"cpu_only_tps", iv(o.cpu_only_tps)},
                        {"host_platform", o.host_platform},
                        {"host_bandwidth_gbs", tidy(o.host_bandwidth_gbs)},
                        {"note", text(o.note, lang)}};
    }

    j["deploy"] = {{"launch_command", text(r.deploy.launch_command, lang)},
                   {"load_test_command", text(r.deploy.load_test_command, lang)}};

    j["warnings"] = json::array();
    for (const Text& w : r.warnings) j["warnings"].push_back(w.in(lang));

    j["explain"] = explain_to_json(r.explain);
    return j;
}

}  // namespace infersizer
