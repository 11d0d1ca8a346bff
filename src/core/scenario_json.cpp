// scenario_json.cpp — Scenario ↔ JSON with range checks that name the field.
//
// [SECTION] value checks   [SECTION] model and hardware objects   [SECTION] from_json   [SECTION] to_json
#include "scenario_json.hpp"

#include "hf_config.hpp"

#include <cmath>
#include <set>
#include <sstream>

namespace infersizer {

using nlohmann::json;

namespace {

// ---------------------------------------------------------------------------------------------------
// [SECTION] value checks
// ---------------------------------------------------------------------------------------------------
std::string got(const json& v) {
    std::string s = v.dump();
    if (s.size() > 60) s = s.substr(0, 57) + "...";
    return s;
}

std::string num(double v) {
    std::ostringstream o;
    o << v;
    return o.str();
}

Error range_error(const std::string& path, const std::string& what, const json& v) {
    return Error{"scenario.range", path, what + ", got " + got(v)};
}

// An integer in [lo, hi]; JSON numbers with an integral value (8192.0) are accepted.
Expected<int64_t> get_int(const json& v, const std::string& path, int64_t lo, int64_t hi) {
    const std::string what = "must be an integer from " + std::to_string(lo) + " to " + std::to_string(hi);
    if (!v.is_number()) return range_error(path, what, v);
    const double d = v.get<double>();
    if (!std::isfinite(d) || d != std::floor(d) || d < double(lo) || d > double(hi)) return range_error(path, what, v);
    return static_cast<int64_t>(d);
}

Expected<double> get_num(const json& v, const std::string& path, double lo, double hi) {
    const std::string what = "must be a number from " + num(lo) + " to " + num(hi);
    if (!v.is_number()) return range_error(path, what, v);
    const double d = v.get<double>();
    if (!std::isfinite(d) || d < lo || d > hi) return range_error(path, what, v);
    return d;
}

Expected<std::string> get_str(const json& v, const std::string& path) {
    if (!v.is_string() || v.get<std::string>().empty())
        return Error{"scenario.type", path, "must be a non-empty string, got " + got(v)};
    return v.get<std::string>();
}

// ---------------------------------------------------------------------------------------------------
// [SECTION] model and hardware objects
// ---------------------------------------------------------------------------------------------------
Expected<ModelArch> parse_model_object(const json& v, const std::string& path) {
    if (v.contains("hf_config")) {
        const json& cfg = v["hf_config"];
        if (!cfg.is_object())
            return Error{"scenario.type", path + ".hf_config", "must be a config.json object, got " + got(cfg)};
        std::string name = "custom";
        if (v.contains("name")) {
            auto n = get_str(v["name"], path + ".name");
            if (!n) return n.error();
            name = *n;
        }
        return model_from_hf_config(cfg, name, path + ".hf_config");
    }
    return model_from_explicit(v, path);
}

const std::set<std::string> kHardwareKeys = {"name", "kind", "memory_gib", "bandwidth_gbs", "fp16_tflops",
                                             "fp8_tflops", "int8_tops", "interconnect_gbs", "price_per_hour",
                                             "cores", "clock_ghz", "fp32_flops_per_cycle_per_core"};

Expected<Hardware> parse_hardware_object(const json& v, const std::string& path) {
    for (auto it = v.begin(); it != v.end(); ++it)
        if (!kHardwareKeys.count(it.key()))
            return Error{"scenario.unknown_field", path + "." + it.key(),
                         "unknown field; accepted: name, kind, memory_gib, bandwidth_gbs, fp16_tflops, fp8_tflops, "
                         "int8_tops, interconnect_gbs, price_per_hour, cores, clock_ghz, "
                         "fp32_flops_per_cycle_per_core"};
    Hardware hw;
    hw.id = "custom";
    hw.name = "custom";
    hw.vendor = "custom";
    hw.market = "custom";
    hw.confidence = "user";
    hw.source = "typed by the user";
    if (v.contains("name")) {
        auto n = get_str(v["name"], path + ".name");
        if (!n) return n.error();
        hw.name = *n;
    }
    if (!v.contains("kind")) return Error{"scenario.missing_field", path + ".kind", "required: gpu, cpu or unified"};
    const json& k = v["kind"];
    const std::string kind = k.is_string() ? k.get<std::string>() : "";
    if (kind == "gpu") hw.kind = HardwareKind::gpu;
    else if (kind == "npu") hw.kind = HardwareKind::npu;
    else if (kind == "unified") hw.kind = HardwareKind::unified;
    else if (kind == "cpu") hw.kind = HardwareKind::cpu;
    else return Error{"scenario.range", path + ".kind", "must be one of gpu, npu, cpu, unified, got " + got(k)};

    struct Field {
        const char* key;
        std::optional<double>* out;
        double lo, hi;
        bool required;
    };
    std::optional<double> memory_gib, price;
    std::optional<double> cores_d;
    const Field fields[] = {
        {"memory_gib", &memory_gib, 0.01, 1e6, true},
        {"bandwidth_gbs", &hw.bandwidth_gbs, 0.01, 1e6, true},
        {"fp16_tflops", &hw.fp16_tflops, 0.001, 1e6, hw.kind != HardwareKind::cpu},
        {"fp8_tflops", &hw.fp8_tflops, 0.001, 1e6, false},
        {"int8_tops", &hw.int8_tops, 0.001, 1e6, false},
        {"interconnect_gbs", &hw.interconnect_gbs, 0.001, 1e6, false},
        {"price_per_hour", &price, 0, 1e6, false},
        {"cores", &cores_d, 1, 4096, false},
        {"clock_ghz", &hw.clock_ghz, 0.1, 10, false},
        {"fp32_flops_per_cycle_per_core", &hw.fp32_flops_per_cycle_per_core, 1, 1e4, false},
    };
    for (const Field& f : fields) {
        if (!v.contains(f.key) || v[f.key].is_null()) {
            if (f.required)
                return Error{"scenario.missing_field", path + "." + f.key,
                             "required for custom hardware: a number from " + num(f.lo) + " to " + num(f.hi)};
            continue;
        }
        auto d = get_num(v[f.key], path + "." + f.key, f.lo, f.hi);
        if (!d) return d.error();
        *f.out = *d;
    }
    hw.usable_memory_gib = memory_gib;
    hw.memory_gb = memory_gib;  // label for display; usable_memory_gib is what the estimator uses
    hw.price_per_hour_usd = price;
    if (cores_d) hw.cores = static_cast<int>(*cores_d);
    hw.interconnect = hw.interconnect_gbs ? "custom" : "none";
    return hw;
}

json hardware_to_json(const Hardware& hw) {
    json j;
    j["name"] = hw.name;
    j["kind"] = kind_name(hw.kind);
    auto put = [&](const char* key, const std::optional<double>& v) {
        if (v) j[key] = *v;
    };
    put("memory_gib", hw.usable_memory_gib ? hw.usable_memory_gib : hw.memory_gb);
    put("bandwidth_gbs", hw.bandwidth_gbs);
    put("fp16_tflops", hw.fp16_tflops);
    put("fp8_tflops", hw.fp8_tflops);
    put("int8_tops", hw.int8_tops);
    put("interconnect_gbs", hw.interconnect_gbs);
    put("price_per_hour", hw.price_per_hour_usd);
    if (hw.cores) j["cores"] = *hw.cores;
    put("clock_ghz", hw.clock_ghz);
    put("fp32_flops_per_cycle_per_core", hw.fp32_flops_per_cycle_per_core);
    return j;
}

const char* const kTopKeys[] = {"schema", "model", "weights", "kv_cache", "engine", "hardware", "count",
                                "context_tokens", "prompt_tokens", "output_tokens", "concurrency", "targets",
                                "traffic", "colocated", "headroom"};

std::string top_keys_list() {
    std::string s;
    for (const char* k : kTopKeys) s += (s.empty() ? "" : ", ") + std::string(k);
    return s;
}

}  // namespace

// ---------------------------------------------------------------------------------------------------
// [SECTION] from_json
// ---------------------------------------------------------------------------------------------------
Expected<Scenario> scenario_from_json(const json& j, const Scenario& base) {
    if (!j.is_object()) return Error{"scenario.type", "scenario", "must be a JSON object, got " + got(j)};
    const std::set<std::string> known(std::begin(kTopKeys), std::end(kTopKeys));
    for (auto it = j.begin(); it != j.end(); ++it)
        if (!known.count(it.key()))
            return Error{"scenario.unknown_field", "scenario." + it.key(), "unknown field; accepted: " + top_keys_list()};

    Scenario s = base;
    if (j.contains("schema")) {
        const json& v = j["schema"];
        if (!v.is_string() || v.get<std::string>() != kScenarioSchema)
            return Error{"scenario.schema", "scenario.schema",
                         std::string("must be \"") + kScenarioSchema + "\", got " + got(v)};
    }
    if (j.contains("model")) {
        const json& v = j["model"];
        if (v.is_string()) {
            auto id = get_str(v, "scenario.model");
            if (!id) return id.error();
            s.model_id = *id;
            s.model_custom.reset();
        } else if (v.is_object()) {
            auto m = parse_model_object(v, "scenario.model");
            if (!m) return m.error();
            s.model_custom = *m;
            s.model_id = m->id;
        } else {
            return Error{"scenario.type", "scenario.model",
                         "must be a catalog id, {\"hf_config\": {...}} or an architecture object, got " + got(v)};
        }
    }
    for (auto [key, out] : {std::pair<const char*, std::string*>{"weights", &s.weights}, {"engine", &s.engine}}) {
        if (!j.contains(key)) continue;
        auto v = get_str(j[key], std::string("scenario.") + key);
        if (!v) return v.error();
        *out = *v;
    }
    if (j.contains("kv_cache")) {
        const json& v = j["kv_cache"];
        if (v.is_null()) s.kv_cache.clear();
        else {
            auto k = get_str(v, "scenario.kv_cache");
            if (!k) return k.error();
            s.kv_cache = *k;
        }
    }
    if (j.contains("hardware")) {
        const json& v = j["hardware"];
        if (v.is_string()) {
            auto id = get_str(v, "scenario.hardware");
            if (!id) return id.error();
            s.hardware_id = *id;
            s.hardware_custom.reset();
        } else if (v.is_object()) {
            auto hw = parse_hardware_object(v, "scenario.hardware");
            if (!hw) return hw.error();
            s.hardware_custom = *hw;
            s.hardware_id = "custom";
        } else {
            return Error{"scenario.type", "scenario.hardware", "must be a catalog id or a hardware object, got " + got(v)};
        }
    }
    if (j.contains("count")) {
        const json& v = j["count"];
        if (v.is_null() || (v.is_string() && v.get<std::string>() == "auto")) {
            s.count.reset();
        } else {
            auto c = get_int(v, "scenario.count", limits::kCountMin, limits::kCountMax);
            if (!c)
                return range_error("scenario.count",
                                   "must be an integer from " + std::to_string(limits::kCountMin) + " to " +
                                       std::to_string(limits::kCountMax) + ", or null / \"auto\" to let the planner choose",
                                   v);
            s.count = static_cast<int>(*c);
        }
    }
    struct IntField {
        const char* key;
        int64_t* out;
        int64_t lo, hi;
    };
    const IntField ints[] = {
        {"context_tokens", &s.context_tokens, limits::kContextMin, limits::kContextMax},
        {"prompt_tokens", &s.prompt_tokens, limits::kTokensMin, limits::kContextMax},
        {"output_tokens", &s.output_tokens, limits::kTokensMin, limits::kContextMax},
        {"concurrency", &s.concurrency, limits::kConcurrencyMin, limits::kConcurrencyMax},
    };
    for (const IntField& f : ints) {
        if (!j.contains(f.key)) continue;
        auto v = get_int(j[f.key], std::string("scenario.") + f.key, f.lo, f.hi);
        if (!v) return v.error();
        *f.out = *v;
    }
    if (j.contains("targets")) {
        const json& t = j["targets"];
        if (!t.is_object()) return Error{"scenario.type", "scenario.targets", "must be an object {\"ttft_s\", \"tps_per_user\"}, got " + got(t)};
        for (auto it = t.begin(); it != t.end(); ++it) {
            if (it.key() == "ttft_s") {
                auto v = get_num(*it, "scenario.targets.ttft_s", limits::kTtftMin, limits::kTtftMax);
                if (!v) return v.error();
                s.targets.ttft_s = *v;
            } else if (it.key() == "tps_per_user") {
                auto v = get_num(*it, "scenario.targets.tps_per_user", limits::kTpsMin, limits::kTpsMax);
                if (!v) return v.error();
                s.targets.tps_per_user = *v;
            } else {
                return Error{"scenario.unknown_field", "scenario.targets." + it.key(), "unknown field; accepted: ttft_s, tps_per_user"};
            }
        }
    }
    if (j.contains("traffic")) {
        const json& t = j["traffic"];
        if (!t.is_object())
            return Error{"scenario.type", "scenario.traffic", "must be an object {\"requests_per_day\", \"lengths\"}, got " + got(t)};
        for (auto it = t.begin(); it != t.end(); ++it) {
            if (it.key() == "lengths") {
                // "fixed": every request has the prompt and output lengths (a load tool's random dataset);
                // "varied": real traffic, spread evenly over 0.5–1.5 × those lengths.
                const json& v = *it;
                if (v == "fixed") s.lengths = LengthSpread::fixed;
                else if (v == "varied") s.lengths = LengthSpread::varied;
                else return Error{"scenario.range", "scenario.traffic.lengths", "must be \"fixed\" or \"varied\", got " + got(v)};
                continue;
            }
            if (it.key() != "requests_per_day")
                return Error{"scenario.unknown_field", "scenario.traffic." + it.key(), "unknown field; accepted: requests_per_day, lengths"};
            auto v = get_num(*it, "scenario.traffic.requests_per_day", 0, limits::kRequestsPerDayMax);
            if (!v) return v.error();
            s.requests_per_day = *v;
        }
    }
    if (j.contains("colocated")) {
        const json& c = j["colocated"];
        if (!c.is_array()) return Error{"scenario.type", "scenario.colocated", "must be an array of {\"name\", \"params_b\", \"weights\"}, got " + got(c)};
        if (c.size() > 16) return Error{"scenario.range", "scenario.colocated", "at most 16 colocated models, got " + std::to_string(c.size())};
        s.colocated.clear();
        for (size_t i = 0; i < c.size(); ++i) {
            const std::string p = "scenario.colocated[" + std::to_string(i) + "]";
            const json& e = c[i];
            if (!e.is_object()) return Error{"scenario.type", p, "must be an object {\"name\", \"params_b\", \"weights\"}, got " + got(e)};
            ColocatedModel cm;
            for (auto it = e.begin(); it != e.end(); ++it) {
                if (it.key() == "name") {
                    auto v = get_str(*it, p + ".name");
                    if (!v) return v.error();
                    cm.name = *v;
                } else if (it.key() == "params_b") {
                    auto v = get_num(*it, p + ".params_b", limits::kParamsBMin, limits::kParamsBMax);
                    if (!v) return v.error();
                    cm.params_b = *v;
                } else if (it.key() == "weights") {
                    auto v = get_str(*it, p + ".weights");
                    if (!v) return v.error();
                    cm.weights = *v;
                } else {
                    return Error{"scenario.unknown_field", p + "." + it.key(), "unknown field; accepted: name, params_b, weights"};
                }
            }
            if (cm.name.empty()) return Error{"scenario.missing_field", p + ".name", "required: the model's name"};
            if (cm.params_b <= 0)
                return Error{"scenario.missing_field", p + ".params_b",
                             "required: billions of parameters, a number from " + num(limits::kParamsBMin) + " to " + num(limits::kParamsBMax)};
            s.colocated.push_back(cm);
        }
    }
    if (j.contains("headroom")) {
        auto v = get_num(j["headroom"], "scenario.headroom", limits::kHeadroomMin, limits::kHeadroomMax);
        if (!v) return v.error();
        s.headroom = *v;
    }
    return s;
}

Expected<Scenario> scenario_from_json_text(const std::string& text, const Scenario& base) {
    const json j = json::parse(text, nullptr, false);
    if (j.is_discarded()) return Error{"scenario.parse", "scenario", "is not valid JSON"};
    try {
        return scenario_from_json(j, base);
    } catch (const std::exception& e) {
        // nlohmann reports type mismatches by throwing; they must not escape the core.
        return Error{"scenario.parse", "scenario", std::string("could not be read: ") + e.what()};
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
    j["targets"] = {{"ttft_s", s.targets.ttft_s}, {"tps_per_user", s.targets.tps_per_user}};
    j["traffic"] = {{"requests_per_day", s.requests_per_day},
                    {"lengths", s.lengths == LengthSpread::varied ? "varied" : "fixed"}};
    j["colocated"] = json::array();
    for (const ColocatedModel& c : s.colocated)
        j["colocated"].push_back({{"name", c.name}, {"params_b", c.params_b}, {"weights", c.weights}});
    j["headroom"] = s.headroom;
    return j;
}

}  // namespace infersizer
