// scenario.hpp — what the user wants to run. One representation: this struct ↔ JSON ↔ URL query.
//
// JSON and URL forms are in scenario_json.hpp and scenario_url.hpp. Field names follow
// docs/contract.md ("infersizer.scenario/1"); defaults tell the seed's story: an 8B model in
// 4-bit on one consumer card for a five-person team.
#pragma once

#include "catalog.hpp"

#include <optional>
#include <string>
#include <vector>

namespace infersizer {

inline constexpr const char* kScenarioSchema = "infersizer.scenario/1";

struct ColocatedModel {
    std::string name;         // catalog id (bge-m3) or free text
    double params_b = 0;      // billions of parameters
    std::string weights = "fp16";
};

// Lengths of the requests: every one the same (load tools' random dataset at range ratio 0), or spread
// uniformly over ±50% of the given means, as `vllm bench serve --random-range-ratio 0.5` sends them ("real
// traffic"); the same spread in every run (a fixed low-discrepancy sequence, not random numbers).
enum class LengthSpread { fixed, varied };

struct Targets {
    double ttft_s = 2.0;        // time to first token the user accepts, seconds
    double tps_per_user = 10.0; // output tokens per second each user should see
    // targets.no_latency_target: the user chose "no latency target" (an offline batch). The planner and the
    // judge then size for memory and the day's requests (requests_per_day, context.hpp DailyVolume) only and no
    // latency is ever missed; the two figures above are kept (not applied), so switching the choice off restores
    // them.
    bool no_latency_target = false;
};

// What the costs are priced at (docs/contract.md "pricing"). gpu: "on_demand" (the catalog's on-demand rental rows
// across providers, as before this field), "cheapest" (the lowest rental row of any kind: marketplace, spot,
// serverless), or a provider of data/prices.json gpu_rental ("RunPod"). api: "auto" (an API of the model's size
// class, data/prices.json api_comparison) or "<provider>/<model>" of an llm_api row ("DeepSeek/deepseek-v4-pro").
struct Pricing {
    std::string gpu = "on_demand";
    std::string api = "auto";
};

struct Scenario {
    // Model: a catalog id, or a custom architecture (from a pasted config.json or explicit fields).
    std::string model_id = "Qwen3-8B";
    std::optional<ModelArch> model_custom;
    std::string weights = "Q4_K_M";
    std::string kv_cache;  // "" = the engine's default
    std::string engine = "llama.cpp";

    // Hardware: a catalog id or a custom device.
    std::string hardware_id = "nvidia-rtx-4090";
    std::optional<Hardware> hardware_custom;
    std::optional<int> count;  // nullopt (the default, as the contract says for an omitted count): the planner chooses

    int64_t context_tokens = 8192;
    int64_t prompt_tokens = 1024;
    int64_t output_tokens = 256;
    int64_t concurrency = 5;  // users in flight at the busiest minutes (closed loop)

    Targets targets;
    double requests_per_day = 1000;
    LengthSpread lengths = LengthSpread::fixed;  // traffic.lengths
    std::vector<ColocatedModel> colocated;
    double headroom = 0.10;  // fraction of memory kept free, 0..0.5
    Pricing pricing;

    std::string display_model_name() const { return model_custom ? model_custom->id : model_id; }
};

// An answer of one token (a classifier's label, a yes/no): no token follows the first, so it has no per-user rate.
inline bool one_token_answer(const Scenario& s) { return s.output_tokens <= 1; }

// The per-user speed target is a rate of the tokens after the first, so a one-token answer is judged on its first
// token's time alone. Without latency targets neither is.
inline bool per_user_speed_judged(const Scenario& s) { return !s.targets.no_latency_target && !one_token_answer(s); }

// Accepted ranges, shared by the JSON parser, the URL parser and the page's input widgets.
namespace limits {
// The shortest context is one prompt token and one output token (llama-bench's tg runs use a 1-token prompt);
// a context shorter than its prompt + output is a warning, not an error (context.cpp).
inline constexpr int64_t kContextMin = 2, kContextMax = 10'000'000;
inline constexpr int64_t kTokensMin = 1;  // prompt/output
inline constexpr int64_t kConcurrencyMin = 1, kConcurrencyMax = 100'000;
inline constexpr int kCountMin = 1, kCountMax = 4096;
inline constexpr double kHeadroomMin = 0.0, kHeadroomMax = 0.5;
inline constexpr double kTtftMin = 0.01, kTtftMax = 3600;
inline constexpr double kTpsMin = 0.01, kTpsMax = 100'000;
inline constexpr double kRequestsPerDayMax = 1e10;
inline constexpr double kParamsBMin = 0.001, kParamsBMax = 100'000;
}  // namespace limits

}  // namespace infersizer
