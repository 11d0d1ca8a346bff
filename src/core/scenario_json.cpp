// scenario_json.cpp — Scenario ↔ JSON with range checks that name the field.
//
// The fields are read by json_reader.hpp with the scenario's error ids and wording (kScenarioErrorIds); the first
// error recorded is the one returned, so the reads below run in the order whose first problem is reported:
// unknown keys before values, then the fields in the order of this file (inside targets, traffic and a colocated
// model: alphabetical).
//
// [SECTION] rules   [SECTION] model and hardware objects   [SECTION] from_json   [SECTION] to_json
#include "scenario_json.hpp"

#include "hf_config.hpp"
#include "json_parse.hpp"
#include "json_reader.hpp"

namespace infersizer {

using nlohmann::json;

namespace {

using json_read::ChoiceWords;
using json_read::integers_from;
using json_read::Need;
using json_read::NumberRule;
using json_read::numbers_from;
using json_read::Reader;

constexpr const json_read::ErrorIds& kIds = json_read::kScenarioErrorIds;

// ---------------------------------------------------------------------------------------------------
// [SECTION] rules: the accepted ranges of scenario.hpp's limits, as the messages state them
// ---------------------------------------------------------------------------------------------------
NumberRule count_rule() {
    NumberRule r = integers_from(limits::kCountMin, limits::kCountMax);
    r.what += ", or null / \"auto\" to let the planner choose";
    return r;
}

const NumberRule kCount = count_rule();
const NumberRule kContextTokens = integers_from(limits::kContextMin, limits::kContextMax);
const NumberRule kRequestTokens = integers_from(limits::kTokensMin, limits::kContextMax);  // prompt, output
const NumberRule kConcurrency = integers_from(limits::kConcurrencyMin, limits::kConcurrencyMax);
const NumberRule kTtft = numbers_from(limits::kTtftMin, limits::kTtftMax);
const NumberRule kTpsPerUser = numbers_from(limits::kTpsMin, limits::kTpsMax);
const NumberRule kRequestsPerDay = numbers_from(0, limits::kRequestsPerDayMax);
const NumberRule kHeadroom = numbers_from(limits::kHeadroomMin, limits::kHeadroomMax);
const NumberRule kParamsB = numbers_from(limits::kParamsBMin, limits::kParamsBMax);

// Custom hardware: memory and bandwidth as typed (GiB, GB/s), peaks in TFLOPS / TOPS, USD per card-hour.
const NumberRule kHardwareAmount = numbers_from(0.01, 1e6);  // memory_gib, bandwidth_gbs
const NumberRule kHardwarePeak = numbers_from(0.001, 1e6);   // fp16/fp8 TFLOPS, int8 TOPS, interconnect GB/s
const NumberRule kPricePerHour = numbers_from(0, 1e6);
const NumberRule kCores = numbers_from(1, 4096);
const NumberRule kClockGhz = numbers_from(0.1, 10);
const NumberRule kFlopsPerCycle = numbers_from(1, 1e4);
const NumberRule kMemoryChannels = integers_from(1, 64);  // DDR channels of one machine
const NumberRule kMemoryMts = numbers_from(100, 20000);   // DDR transfer rate, MT/s

// ---------------------------------------------------------------------------------------------------
// [SECTION] model and hardware objects
// ---------------------------------------------------------------------------------------------------
std::optional<ModelArch> parse_model_object(const Reader& r, Errors& errors) {
    const size_t errors_before = errors.size();
    if (r.get("hf_config")) {
        const auto config = r.child("hf_config", Need::if_given, "a config.json object");
        const std::string name = r.get("name") ? r.string("name", Need::if_given) : "custom";
        if (!config || errors.size() != errors_before) return std::nullopt;
        auto m = model_from_hf_config(config->object(), name, config->path());
        if (!m) errors.push_back(m.error());
        return m ? std::optional<ModelArch>(*m) : std::nullopt;
    }
    auto m = model_from_explicit(r.object(), r.path());
    if (!m) errors.push_back(m.error());
    return m ? std::optional<ModelArch>(*m) : std::nullopt;
}

const std::vector<std::string> kHardwareKeys = {
    "name",           "kind",  "memory_gib", "bandwidth_gbs", "fp16_tflops", "fp8_tflops", "int8_tops", "interconnect_gbs",
    "price_per_hour", "cores", "clock_ghz",  "fp32_flops_per_cycle_per_core",
    // added for issue #9: a copy of a catalog card, AMX's bf16 rate, and the bandwidth as DRAM channels × MT/s
    "based_on", "bf16_ops_per_cycle_per_core", "memory_channels", "memory_mts"};

Hardware parse_hardware_object(const Reader& r) {
    r.only_keys(kHardwareKeys);
    Hardware hw;
    hw.id = "custom";
    hw.name = "custom";
    hw.vendor = "custom";
    hw.market = "custom";
    hw.confidence = "user";
    hw.source = "typed by the user";
    if (r.get("name")) hw.name = r.string("name", Need::if_given);
    // With based_on the object changes a catalog card: every other field is optional (context.cpp resolves it).
    if (r.get("based_on")) hw.based_on = r.string("based_on", Need::if_given);
    const bool based = !hw.based_on.empty();
    if (!r.get("kind") && based) {
        hw.kind_from_base = true;
    } else if (!r.get("kind")) {
        r.missing("kind", "required: gpu, cpu or unified");
    } else {
        const std::string kind = r.enumerated("kind", hardware_kind_names(), Need::if_given);
        hw.kind = hardware_kind_from_name(kind).value_or(HardwareKind::gpu);
    }

    // Each number: absent or null is "not given"; the required ones must be given.
    struct Field {
        const char* key;
        std::optional<double>* out;
        const NumberRule& rule;
        bool required;
    };
    std::optional<double> memory_gib, price, cores;
    const bool channels_given = r.present("memory_channels") && r.present("memory_mts");
    const Field fields[] = {
        {"memory_gib", &memory_gib, kHardwareAmount, !based},
        {"bandwidth_gbs", &hw.bandwidth_gbs, kHardwareAmount, !based && !channels_given},
        {"fp16_tflops", &hw.fp16_tflops, kHardwarePeak, !based && hw.kind != HardwareKind::cpu},
        {"fp8_tflops", &hw.fp8_tflops, kHardwarePeak, false},
        {"int8_tops", &hw.int8_tops, kHardwarePeak, false},
        {"interconnect_gbs", &hw.interconnect_gbs, kHardwarePeak, false},
        {"price_per_hour", &price, kPricePerHour, false},
        {"cores", &cores, kCores, false},
        {"clock_ghz", &hw.clock_ghz, kClockGhz, false},
        {"fp32_flops_per_cycle_per_core", &hw.fp32_flops_per_cycle_per_core, kFlopsPerCycle, false},
        {"bf16_ops_per_cycle_per_core", &hw.bf16_ops_per_cycle_per_core, kFlopsPerCycle, false},
        {"memory_channels", &hw.memory_channels, kMemoryChannels, false},
        {"memory_mts", &hw.memory_mts, kMemoryMts, false},
    };
    for (const Field& f : fields) {
        if (f.required && !r.present(f.key)) r.missing(f.key, "required for custom hardware: " + f.rule.what);
        else *f.out = r.number(f.key, f.rule, Need::optional);
    }
    hw.usable_memory_gib = memory_gib;
    if (!based) hw.memory_gb = memory_gib;  // label for display; usable_memory_gib is what the estimator uses
    hw.price_per_hour_usd = price;
    if (cores) hw.cores = static_cast<int>(*cores);
    hw.interconnect = hw.interconnect_gbs ? "custom" : "none";
    return hw;
}

json hardware_to_json(const Hardware& hw) {
    json j;
    if (!hw.based_on.empty()) j["based_on"] = hw.based_on;
    // A copy left unnamed (the parser's "custom") keeps the card's name: nothing to write.
    if (hw.based_on.empty() || hw.name != "custom") j["name"] = hw.name;
    if (!hw.kind_from_base) j["kind"] = hardware_kind_name(hw.kind);
    auto put = [&](const char* key, const std::optional<double>& v) {
        if (v) j[key] = *v;
    };
    put("memory_gib", hw.usable_memory_gib || !hw.based_on.empty() ? hw.usable_memory_gib : hw.memory_gb);
    put("bandwidth_gbs", hw.bandwidth_gbs);
    put("fp16_tflops", hw.fp16_tflops);
    put("fp8_tflops", hw.fp8_tflops);
    put("int8_tops", hw.int8_tops);
    put("interconnect_gbs", hw.interconnect_gbs);
    put("price_per_hour", hw.price_per_hour_usd);
    if (hw.cores) j["cores"] = *hw.cores;
    put("clock_ghz", hw.clock_ghz);
    put("fp32_flops_per_cycle_per_core", hw.fp32_flops_per_cycle_per_core);
    put("bf16_ops_per_cycle_per_core", hw.bf16_ops_per_cycle_per_core);
    put("memory_channels", hw.memory_channels);
    put("memory_mts", hw.memory_mts);
    return j;
}

const std::vector<std::string> kTopKeys = {"schema",        "model",         "weights",        "kv_cache",
                                           "engine",        "hardware",      "count",          "context_tokens",
                                           "prompt_tokens", "output_tokens", "concurrency",    "targets",
                                           "traffic",       "colocated",     "headroom",
                                           "pricing"};

void read_scenario(const Reader& r, Scenario& s, Errors& errors) {
    r.only_keys(kTopKeys);
    if (const json* v = r.get("schema"); v && *v != kScenarioSchema)
        r.fail("scenario.schema", r.at("schema"),
               std::string("must be \"") + kScenarioSchema + "\", got " + r.shown(*v));

    // model and hardware: a catalog id (a non-empty string) or an object.
    if (const json* v = r.get("model")) {
        if (v->is_string()) {
            s.model_id = r.string("model", Need::if_given);
            s.model_custom.reset();
        } else if (v->is_object()) {
            s.model_custom = parse_model_object(r.nested(*v, r.at("model")), errors);
            if (s.model_custom) s.model_id = s.model_custom->id;
        } else {
            r.fail(kIds.type, r.at("model"),
                   "must be a catalog id, {\"hf_config\": {...}} or an architecture object, got " + r.shown(*v));
        }
    }
    if (r.get("weights")) s.weights = r.string("weights", Need::if_given);
    if (r.get("engine")) s.engine = r.string("engine", Need::if_given);
    if (const json* v = r.get("kv_cache")) s.kv_cache = v->is_null() ? "" : r.string("kv_cache", Need::if_given);
    if (const json* v = r.get("hardware")) {
        if (v->is_string()) {
            s.hardware_id = r.string("hardware", Need::if_given);
            s.hardware_custom.reset();
        } else if (v->is_object()) {
            s.hardware_custom = parse_hardware_object(r.nested(*v, r.at("hardware")));
            s.hardware_id = "custom";
        } else {
            r.fail(kIds.type, r.at("hardware"), "must be a catalog id or a hardware object, got " + r.shown(*v));
        }
    }

    if (const json* v = r.get("count")) {
        if (v->is_null() || *v == "auto") s.count.reset();
        else if (auto c = r.number("count", kCount, Need::if_given)) s.count = static_cast<int>(*c);
    }
    struct IntField {
        const char* key;
        int64_t* out;
        const NumberRule& rule;
    };
    const IntField ints[] = {
        {"context_tokens", &s.context_tokens, kContextTokens},
        {"prompt_tokens", &s.prompt_tokens, kRequestTokens},
        {"output_tokens", &s.output_tokens, kRequestTokens},
        {"concurrency", &s.concurrency, kConcurrency},
    };
    for (const IntField& f : ints)
        if (auto v = r.number(f.key, f.rule, Need::if_given)) *f.out = static_cast<int64_t>(*v);

    if (auto t = r.child("targets", Need::if_given, "an object {\"ttft_s\", \"tps_per_user\", \"no_latency_target\"}")) {
        t->only_keys({"ttft_s", "tps_per_user", "no_latency_target"});
        if (auto v = t->number("tps_per_user", kTpsPerUser, Need::if_given)) s.targets.tps_per_user = *v;
        if (auto v = t->number("ttft_s", kTtft, Need::if_given)) s.targets.ttft_s = *v;
        if (auto v = t->optional_flag("no_latency_target")) s.targets.no_latency_target = *v;
    }
    if (auto t = r.child("traffic", Need::if_given, "an object {\"requests_per_day\", \"lengths\"}")) {
        t->only_keys({"requests_per_day", "lengths"});
        // "fixed": every request has the prompt and output lengths (a load tool's random dataset);
        // "varied": real traffic, spread evenly over 0.5–1.5 × those lengths.
        const std::string lengths =
            t->enumerated("lengths", {"fixed", "varied"}, Need::if_given, ChoiceWords{"\"fixed\" or \"varied\""});
        if (!lengths.empty()) s.lengths = lengths == "varied" ? LengthSpread::varied : LengthSpread::fixed;
        if (auto v = t->number("requests_per_day", kRequestsPerDay, Need::if_given)) s.requests_per_day = *v;
    }
    if (const json* c = r.get("colocated"); c && c->is_array() && c->size() > 16)
        r.fail(kIds.range, r.at("colocated"), "at most 16 colocated models, got " + std::to_string(c->size()));
    if (r.get("colocated")) {
        s.colocated.clear();
        r.each_object(
            "colocated", Need::if_given,
            [&](const Reader& e) {
                e.only_keys({"name", "params_b", "weights"});
                ColocatedModel cm;
                cm.name = e.string("name", Need::if_given);
                if (auto v = e.number("params_b", kParamsB, Need::if_given)) cm.params_b = *v;
                if (e.get("weights")) cm.weights = e.string("weights", Need::if_given);
                if (!e.get("name")) e.missing("name", "required: the model's name");
                if (!e.get("params_b")) e.missing("params_b", "required: billions of parameters, " + kParamsB.what);
                s.colocated.push_back(cm);
            },
            "an array of {\"name\", \"params_b\", \"weights\"}", "an object {\"name\", \"params_b\", \"weights\"}");
    }
    if (auto v = r.number("headroom", kHeadroom, Need::if_given)) s.headroom = *v;
    // Which prices: checked against the catalog's price rows when the scenario is resolved (context.cpp).
    if (auto t = r.child("pricing", Need::if_given, "an object {\"gpu\", \"api\"}")) {
        t->only_keys({"gpu", "api"});
        if (t->get("api")) s.pricing.api = t->string("api", Need::if_given);
        if (t->get("gpu")) s.pricing.gpu = t->string("gpu", Need::if_given);
    }
}

}  // namespace

// ---------------------------------------------------------------------------------------------------
// [SECTION] from_json
// ---------------------------------------------------------------------------------------------------
Expected<Scenario> scenario_from_json(const json& j, const Scenario& base) {
    Errors errors;
    if (!json_read::expect_object(j, "scenario", errors, kIds)) return errors.front();
    Scenario s = base;
    read_scenario(Reader(j, "", "scenario", errors, kIds), s, errors);
    if (!errors.empty()) return errors.front();
    return s;
}

Expected<Scenario> scenario_from_json_text(const std::string& text, const Scenario& base) {
    JsonProblem problem;
    const std::optional<json> j = parse_json(text, kMaxScenarioBytes, &problem);
    if (!j) {
        const std::string where = problem.where.empty() ? "scenario" : "scenario." + problem.where;
        if (problem.syntax) return Error{kIds.parse, where, "is not valid JSON " + problem.message};
        return Error{problem.overflow ? kIds.range : kIds.parse, where, problem.message};
    }
    try {
        return scenario_from_json(*j, base);
    } catch (const std::exception& e) {
        // The reader does not throw on any value; this keeps whatever nlohmann might still throw inside the core.
        return Error{kIds.parse, "scenario", std::string("could not be read: ") + e.what()};
    }
}

// ---------------------------------------------------------------------------------------------------
// [SECTION] to_json
// ---------------------------------------------------------------------------------------------------
json scenario_to_json(const Scenario& s) {
    json j;
    j["schema"] = kScenarioSchema;
    if (s.model_custom) j["model"] = model_to_explicit(*s.model_custom);
    else j["model"] = s.model_id;
    j["weights"] = s.weights;
    if (!s.kv_cache.empty()) j["kv_cache"] = s.kv_cache;
    j["engine"] = s.engine;
    if (s.hardware_custom) j["hardware"] = hardware_to_json(*s.hardware_custom);
    else j["hardware"] = s.hardware_id;
    j["count"] = s.count ? json(*s.count) : json(nullptr);
    j["context_tokens"] = s.context_tokens;
    j["prompt_tokens"] = s.prompt_tokens;
    j["output_tokens"] = s.output_tokens;
    j["concurrency"] = s.concurrency;
    j["targets"] = {{"ttft_s", s.targets.ttft_s},
                    {"tps_per_user", s.targets.tps_per_user},
                    {"no_latency_target", s.targets.no_latency_target}};
    j["traffic"] = {{"requests_per_day", s.requests_per_day},
                    {"lengths", s.lengths == LengthSpread::varied ? "varied" : "fixed"}};
    j["colocated"] = json::array();
    for (const ColocatedModel& c : s.colocated)
        j["colocated"].push_back({{"name", c.name}, {"params_b", c.params_b}, {"weights", c.weights}});
    j["headroom"] = s.headroom;
    // Written only when not the default, so a scenario without it reads as before in older builds.
    const Pricing default_pricing;
    if (s.pricing.gpu != default_pricing.gpu || s.pricing.api != default_pricing.api)
        j["pricing"] = {{"gpu", s.pricing.gpu}, {"api", s.pricing.api}};
    return j;
}

}  // namespace infersizer
