// support.hpp — what the core tests share (header-only, for tests/core/*.cpp): the bundled catalog and its
// entries by id, scenarios built, resolved and estimated with the error shown when they fail, the test data
// read from disk, and the checks many tests make of an interval. A helper one file alone uses stays in it.
#pragma once

#include "bundled_catalog.hpp"
#include "context.hpp"
#include "estimate.hpp"
#include "scenario_json.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace infersizer::test {

// [SECTION] The bundled catalog ----------------------------------------------------------------------------------

inline const Catalog& cat() { return bundled::catalog(); }

// Entries by id; a missing one throws, and the test fails naming it.
inline const ModelArch& model(const std::string& id) {
    const ModelArch* m = cat().find_model(id);
    if (!m) throw std::runtime_error("catalog model missing: " + id);
    return *m;
}

inline const WeightFormat& format(const std::string& id) {
    const WeightFormat* f = cat().find_weight_format(id);
    if (!f) throw std::runtime_error("catalog format missing: " + id);
    return *f;
}

inline const Hardware& hardware(const std::string& id) {
    const Hardware* h = cat().find_hardware(id);
    if (!h) throw std::runtime_error("catalog hardware missing: " + id);
    return *h;
}

// [SECTION] Scenarios ---------------------------------------------------------------------------------------------

// The four ids and the card count; every other field keeps Scenario's default.
inline Scenario scenario(const std::string& model_id, const std::string& weights, const std::string& engine,
                         const std::string& hardware_id, std::optional<int> count = 1) {
    Scenario s;
    s.model_id = model_id;
    s.weights = weights;
    s.engine = engine;
    s.hardware_id = hardware_id;
    s.count = count;
    return s;
}

// The scenario resolved against the bundled catalog. A failure is a test failure naming `label` (by default
// model/weights/engine/hardware) and the error; the returned value then throws.
inline Context resolve_ok(const Scenario& s, const std::string& label = "") {
    auto r = resolve(cat(), s);
    EXPECT_TRUE(r.ok()) << (label.empty() ? s.model_id + "/" + s.weights + "/" + s.engine + "/" + s.hardware_id : label)
                        << ": " << (r.ok() ? "" : r.error().to_string());
    return r.value();
}

// The whole estimate, likewise.
inline Result estimate_ok(const Scenario& s, const EstimateOptions& options = {}) {
    auto r = estimate(cat(), s, options);
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().to_string());
    return r.value();
}

// The plan's row for a hardware id, or nullptr.
inline const PlanRow* plan_row(const Result& r, const std::string& hardware_id) {
    for (const PlanRow& row : r.plan)
        if (row.hardware == hardware_id) return &row;
    return nullptr;
}

// The decision table's row of one option (cpu, gpu, api), or nullptr.
inline const DecisionRow* decision_row(const Result& r, DecisionOption option) {
    for (const DecisionRow& row : r.decision)
        if (row.option == option) return &row;
    return nullptr;
}

// The typical-scenario row of one option (personal, offline batch, ...), or nullptr.
inline const DecisionRow* scenario_row(const Result& r, DecisionOption option) {
    for (const DecisionRow& row : r.scenarios)
        if (row.option == option) return &row;
    return nullptr;
}

// A resolved setup at a fixed load: `concurrency` users, `context` tokens of context of which `prompt` are the
// prompt, `output` generated.
inline Context make(const std::string& model_id, const std::string& weights, const std::string& engine,
                    const std::string& hardware_id, int count = 1, int64_t concurrency = 1, int64_t context = 8192,
                    int64_t prompt = 1024, int64_t output = 256) {
    Scenario s = scenario(model_id, weights, engine, hardware_id, count);
    s.concurrency = concurrency;
    s.context_tokens = context;
    s.prompt_tokens = prompt;
    s.output_tokens = output;
    return resolve_ok(s);
}

// [SECTION] Test data -----------------------------------------------------------------------------------------------

// A whole file as text; "" when it cannot be read.
inline std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// A JSON file; a missing one throws, naming it.
inline nlohmann::json read_json(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot open " + path);
    std::stringstream ss;
    ss << in.rdbuf();
    return nlohmann::json::parse(ss.str());
}

// tests/data/<relative> and tests/golden/<name>.
inline std::string test_data_path(const std::string& relative) {
    return std::string(INFERSIZER_TEST_DATA_DIR) + "/" + relative;
}
inline std::string golden_path(const std::string& name) { return std::string(INFERSIZER_GOLDEN_DIR) + "/" + name; }

// The golden scenarios (tests/golden/*.json), sorted.
inline std::vector<std::filesystem::path> golden_files() {
    std::vector<std::filesystem::path> out;
    for (const auto& e : std::filesystem::directory_iterator(INFERSIZER_GOLDEN_DIR))
        if (e.path().extension() == ".json") out.push_back(e.path());
    std::sort(out.begin(), out.end());
    return out;
}

// One golden scenario by file name; a parse error is a test failure and gives the default scenario.
inline Scenario golden_scenario(const std::string& name) {
    auto s = scenario_from_json_text(read_text(golden_path(name)));
    EXPECT_TRUE(s.ok()) << name << ": " << (s.ok() ? "" : s.error().to_string());
    return s.ok() ? *s : Scenario{};
}

// A calibration file's measurements (tests/data/calibration/<file>): record id → value.
inline std::map<std::string, double> measured_values(const std::string& file) {
    std::ifstream in(test_data_path("calibration/" + file));
    EXPECT_TRUE(in.good()) << "tests/data/calibration/" << file << " is missing";
    std::map<std::string, double> out;
    if (!in.good()) return out;
    const nlohmann::json j = nlohmann::json::parse(in);
    for (const auto& r : j.at("measurements")) out[r.at("id").get<std::string>()] = r.at("value").get<double>();
    return out;
}

// [SECTION] Checks and small tools ------------------------------------------------------------------------------

// Finite, non-negative and ordered.
inline void expect_sane(Interval v, const std::string& what) {
    EXPECT_TRUE(std::isfinite(v.lo) && std::isfinite(v.hi)) << what << " not finite: " << v.lo << " " << v.hi;
    EXPECT_GE(v.lo, 0.0) << what;
    EXPECT_LE(v.lo, v.hi) << what;
}

// Finite, positive and ordered (a speed or a time).
inline void expect_positive(Interval v, const std::string& what) {
    EXPECT_TRUE(std::isfinite(v.lo) && std::isfinite(v.hi)) << what << " not finite: " << v.lo << " " << v.hi;
    EXPECT_GT(v.lo, 0.0) << what;
    EXPECT_LE(v.lo, v.hi) << what;
}

// A warning whose English text contains `en_part` (and whose Chinese text is not empty).
inline bool mentions(const std::vector<Text>& warnings, const std::string& en_part) {
    for (const Text& w : warnings)
        if (w.en.find(en_part) != std::string::npos && !w.zh.empty()) return true;
    return false;
}

inline bool has(const std::vector<std::string>& items, const std::string& x) {
    return std::find(items.begin(), items.end(), x) != items.end();
}

inline double median(std::vector<double> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// Uniform in log space between lo and hi: as many draws in 1–10 as in 100–1000.
inline double log_uniform(std::mt19937& rng, double lo, double hi) {
    return std::exp(std::uniform_real_distribution<double>(std::log(lo), std::log(hi))(rng));
}

}  // namespace infersizer::test
