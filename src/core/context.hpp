// context.hpp — a scenario resolved against the catalog: the one input every estimator takes.
#pragma once

#include "catalog.hpp"
#include "error.hpp"
#include "params.hpp"
#include "scenario.hpp"
#include "shared_value.hpp"
#include "units.hpp"
#include "weights.hpp"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace infersizer {

// What a scenario without latency targets (an offline batch) still asks of its setup: finish the day's requests.
// The output tokens per second they need on average, and the requests in flight they are spread over, so a
// replica serving u of those users owes u / concurrency of it. Applies only with targets.no_latency_target;
// with latency targets the day's volume is a warning (estimate.cpp), the targets size the setup.
// The output tokens per second a scenario's requests a day need on average: requests/day × output ÷ 86,400.
inline double daily_output_tps(const Scenario& s) {
    return s.requests_per_day * static_cast<double>(std::max<int64_t>(1, s.output_tokens)) / units::kSecondsPerDay;
}

struct DailyVolume {
    double needed_tps = 0;     // requests_per_day × output_tokens ÷ seconds per day
    int64_t concurrency = 1;   // the scenario's peak in flight
    double requests_per_day = 0;
    double output_tokens = 1;  // a request's output, on average
    bool applies() const { return needed_tps > 0; }
    // Output tokens per second `users` of the `concurrency` must finish together.
    double needed_tps_for(int64_t users) const {
        return needed_tps * static_cast<double>(users) / static_cast<double>(std::max<int64_t>(1, concurrency));
    }
    // Requests a day `output_tps` finishes, and `users`' share of the day's requests.
    double requests_a_day(double output_tps) const { return units::requests_a_day(output_tps, output_tokens); }
    double share_a_day(int64_t users) const { return requests_a_day(needed_tps_for(users)); }
};

struct Context {
    const Catalog* catalog = nullptr;
    Scenario scenario;
    ModelArch model;          // the catalog entry or the custom architecture
    SharedValue<WeightFormat> weights;  // shared likewise: change it through weights.edit()
    KvFormat kv;
    SharedValue<Engine> engine;  // shared by the context's copies: change it through engine.edit()
    SharedValue<Hardware> hardware;  // likewise (with_hardware shares the catalog's cards): hardware.edit()
    int count = 1;            // cards of `hardware` (the planner's choice when the scenario left it open)
    bool count_from_planner = false;
    DailyVolume daily_volume;  // from the scenario as given (searches that move its concurrency keep it)
    std::vector<Text> warnings;  // resolution warnings (context above the model's maximum, ...)

    // Efficiency ranges of this engine on this hardware's class ("gpu", "unified", "cpu").
    const Efficiency& efficiency() const;
    std::string hardware_class() const;

    // The weights and parameter counts depend only on the model and the format, yet every memory and
    // speed call needs them and a GGUF mix costs ~0.5 ms to lay out: computed once and shared by copies
    // (the planner copies the context per accelerator). Recomputed if model or format were changed.
    const WeightsEstimate& weights_estimate() const;
    const ParamCounts& param_counts() const;

    struct ModelFacts;  // the cache's contents (context.cpp)
    // One slot shared by every copy of the context (resolve() creates it), so what one copy computes the
    // others reuse; a hand-built context gets its slot on first use.
    struct FactsSlot {
        std::shared_ptr<const ModelFacts> facts;
        // Serving simulations already run for this estimate, by everything that determines them (speed.hpp's
        // simulate_memo): the plan, the decision rows and the estimate ask for many of the same ones.
        std::unordered_map<std::string, std::shared_ptr<const void>> simulations;
        // Colocated models' weight bytes by format and size (memory.cpp): each needs the format laid out on a
        // reference shape, and every memory estimate of the plan asks again.
        std::unordered_map<std::string, Interval> colocated_bytes;
        // The catalog's accelerators as with_hardware() hands them to contexts: one copy of each per estimate, shared
        // by every context moved onto it, instead of one per context (by index in catalog->hardware).
        std::vector<std::shared_ptr<Hardware>> catalog_hardware;
    };
    mutable std::shared_ptr<FactsSlot> facts_slot;

private:
    const ModelFacts& facts() const;
};

// Why `hw` (a GPU or NPU) cannot run weights in format `f` with `engine`, or nullopt when it can. The engine may
// have no kernels for the format on the card's architecture (formats.json unsupported_on: vLLM's AWQ on Volta). An
// fp4 or fp8 compute format needs the card's tensor cores of that dtype unless the format's weight_only_fallback
// (formats.json) applies to the card and engine: in the bundled catalog FP8 on NVIDIA Ampere except with
// TensorRT-LLM, and MXFP4 on any card; NVFP4 has none (Blackwell only). GGUF formats always run. A card
// lacks FP8 only when the catalog says so (fp8_tensor_cores false): an unknown FP8 peak is not a "no".
std::optional<Text> format_unsupported_on(const WeightFormat& f, const Hardware& hw, const Engine& engine);

// A card of the engine's vendor outside the architectures its makers support (engines.json supported_architectures:
// TensorRT-LLM on Volta and Turing): a warning that it runs on community support only; nullopt elsewhere.
std::optional<Text> community_support_only(const Engine& engine, const Hardware& hw);

// A format named as `f` but for its case that `engine` runs, where the engine does not run `f`: mxfp4 (the
// safetensors checkpoint vLLM loads) → MXFP4 (the GGUF llama.cpp and Ollama load), bf16 → BF16. nullptr when none.
const WeightFormat* same_named_format_for(const Catalog& catalog, const WeightFormat& f, const std::string& engine_id);

// Why `engine` does not run `f` where it loads the format's scheme only in a way the estimate does not model
// (engines.json formats_not_estimated): the verdict's clause ("vLLM loads GGUF only through … (not estimated here)")
// and the warning, which names the engines that run `f` ("for Q4_K_M choose llama.cpp or Ollama, …").
struct NotEstimatedWords {
    Text clause;
    Text warning;
};
std::optional<NotEstimatedWords> not_estimated_words(const Catalog& catalog, const WeightFormat& f, const Engine& engine);


// The device a custom hardware object describes. Without `based_on` it is the object as typed. With it, a copy of
// that catalog card (its peaks per dtype, architecture, interconnect, efficiency class, id and so its rental
// prices) whose figures the object gives are replaced; a copy with nothing replaced estimates exactly as the card.
// Without a bandwidth, DRAM channels × MT/s × 8 bytes gives it. Error: an unknown `based_on` id.
Expected<Hardware> resolve_custom_hardware(const Catalog& catalog, const Hardware& typed);

// How `engine` runs format `f` on `hw` when it runs it other than on the dtype's own tensor cores, as the
// speeds model it: weight-only through the format's fallback (FP8 on Ampere with vLLM), or an FP8 card whose
// FP8 peak is unknown, or a card of which it is not known whether it has FP8 tensor cores. nullopt otherwise.
std::optional<Text> format_runs_note(const WeightFormat& f, const Hardware& hw, const Engine& engine);

// Resolves ids and custom objects; errors name the scenario field ("scenario.weights: unknown format
// 'Q9'; accepted: ..."). Does not check that the model fits: that is an estimate, not an error.
Expected<Context> resolve(const Catalog& catalog, const Scenario& scenario);

// The same context on other hardware (the planner and the decision table try alternatives).
Context with_hardware(const Context& ctx, const Hardware& hw, int count);

// The engine loads a model that does not fit the cards anyway, the layers that do not fit in the host's system memory
// (engines.json traits.spills_layers_to_cpu: Ollama): discrete cards only, a unified-memory machine has one memory.
inline bool spills_layers_to_cpu(const Context& ctx) {
    return ctx.engine->traits.spills_layers_to_cpu &&
           (ctx.hardware->kind == HardwareKind::gpu || ctx.hardware->kind == HardwareKind::npu);
}

}  // namespace infersizer
