#include "context.hpp"

#include "cost.hpp"
#include "format_text.hpp"
#include "value_text.hpp"

#include <algorithm>
#include <cstring>
#include <deque>
#include <functional>
#include <mutex>
#include <sstream>
#include <string>

namespace infersizer {

namespace {

template <class T>
std::string accepted_ids(const std::vector<T>& items, size_t max_shown = 40) {
    std::ostringstream out;
    for (size_t i = 0; i < items.size() && i < max_shown; ++i) out << (i ? ", " : "") << items[i].id;
    if (items.size() > max_shown) out << ", … (" << items.size() << " in all; see `infersizer catalog`)";
    return out.str();
}

bool contains(const std::vector<std::string>& v, const std::string& x) {
    return std::find(v.begin(), v.end(), x) != v.end();
}

}  // namespace

namespace {
// What the model facts depend on: enough to tell apart every model and format a context can hold, custom ones
// included. Compared field by field, as the bytes they are (every memory and speed call asks, a few thousand times
// per result, so building a key string each time cost 3 % of a whole result).
struct FactsKey {
    // The numbers as their bytes (no padding: seven 8-byte fields), so -0.0 and 0.0 differ as they did in the bytes
    // of the key string this replaced.
    struct Numbers {
        int64_t n_layers, hidden, intermediate, n_experts, vocab;
        double params_override, bits_per_weight;
        static Numbers of(const ModelArch& m, const WeightFormat& f) {
            return {static_cast<int64_t>(m.n_layers), static_cast<int64_t>(m.hidden), static_cast<int64_t>(m.intermediate),
                    static_cast<int64_t>(m.n_experts), static_cast<int64_t>(m.vocab),
                    static_cast<double>(m.params_override.value_or(-1)), static_cast<double>(f.bits_per_weight)};
        }
    };
    static_assert(sizeof(Numbers) == 7 * 8, "Numbers is compared as bytes: no padding");
    std::string model_id, model_type, format_id;
    Numbers numbers{};

    static FactsKey of(const ModelArch& m, const WeightFormat& f) { return {m.id, m.model_type, f.id, Numbers::of(m, f)}; }
    bool matches(const ModelArch& m, const WeightFormat& f) const {
        const Numbers n = Numbers::of(m, f);
        return std::memcmp(&numbers, &n, sizeof n) == 0 && model_id == m.id && model_type == m.model_type &&
               format_id == f.id;
    }
};
}  // namespace

struct Context::ModelFacts {
    FactsKey key;
    WeightsEstimate weights;
    ParamCounts params;
};

namespace {
// A small memo of model facts across estimates: the page re-estimates on every keystroke, and the model
// and format rarely change between two keystrokes, while a GGUF mix costs ~85 µs to lay out (bench: BM_WeightsGgufLayout). The facts
// are a pure function of the key, so the memo cannot change any result.
std::shared_ptr<const Context::ModelFacts> memo_find(const ModelArch& m, const WeightFormat& f);
void memo_store(std::shared_ptr<const Context::ModelFacts> facts);
}  // namespace

const Context::ModelFacts& Context::facts() const {
    if (!facts_slot) facts_slot = std::make_shared<FactsSlot>();
    if (!facts_slot->facts || !facts_slot->facts->key.matches(model, weights)) {
        std::shared_ptr<const ModelFacts> f = memo_find(model, weights);
        if (!f) {
            auto fresh = std::make_shared<ModelFacts>();
            fresh->key = FactsKey::of(model, weights);
            fresh->weights = estimate_weights(model, weights);
            fresh->params = count_params(model);
            memo_store(fresh);
            f = std::move(fresh);
        }
        // A copy whose model or format was changed gets a slot of its own, leaving the others' intact.
        if (facts_slot->facts) facts_slot = std::make_shared<FactsSlot>();
        facts_slot->facts = std::move(f);
    }
    return *facts_slot->facts;
}

namespace {
std::mutex g_memo_mutex;
std::deque<std::shared_ptr<const Context::ModelFacts>> g_memo;  // most recent first
constexpr size_t kMemoEntries = 64;

std::shared_ptr<const Context::ModelFacts> memo_find(const ModelArch& m, const WeightFormat& f) {
    std::lock_guard<std::mutex> lock(g_memo_mutex);
    for (const auto& facts : g_memo)
        if (facts->key.matches(m, f)) return facts;
    return nullptr;
}

void memo_store(std::shared_ptr<const Context::ModelFacts> facts) {
    std::lock_guard<std::mutex> lock(g_memo_mutex);
    g_memo.push_front(std::move(facts));
    if (g_memo.size() > kMemoEntries) g_memo.pop_back();
}
}  // namespace

const WeightsEstimate& Context::weights_estimate() const { return facts().weights; }
const ParamCounts& Context::param_counts() const { return facts().params; }

std::string Context::hardware_class() const { return hardware_efficiency_class(hardware->kind); }

const Efficiency& Context::efficiency() const {
    // An engine without ranges for this class falls back to its GPU ranges; resolve() warns about the
    // combination, so the numbers are never presented as calibrated for it.
    auto it = engine->efficiency.find(hardware_class());
    if (it == engine->efficiency.end()) it = engine->efficiency.find("gpu");
    if (it == engine->efficiency.end()) {
        static const Efficiency kNone{};
        return kNone;
    }
    return it->second;
}

namespace {
// "A、B、C" / "A, B and C": the items in each language, `zh_last` and `en_last` before the last one.
Text listed(const std::vector<std::string>& items, const char* zh_last, const char* en_last) {
    Text t;
    for (size_t i = 0; i < items.size(); ++i) {
        const bool last = i + 1 == items.size();
        if (i > 0) t.zh += last ? zh_last : "、", t.en += last ? en_last : ", ";
        t.zh += items[i];
        t.en += items[i];
    }
    return t;
}
}  // namespace

std::optional<Text> community_support_only(const Engine& engine, const Hardware& hw) {
    if (engine.supported_architectures.empty() || hw.architecture.empty()) return std::nullopt;
    if (hw.kind != HardwareKind::gpu && hw.kind != HardwareKind::npu) return std::nullopt;
    // Another vendor's card is refused outright (engines.json vendors); this is about the engine's own vendor's cards.
    if (!engine.vendors.empty() && !contains(engine.vendors, hw.vendor)) return std::nullopt;
    for (const std::string& a : engine.supported_architectures)
        if (hw.architecture_is(a)) return std::nullopt;
    const Text list = listed(engine.supported_architectures, "、", " and ");
    return Text{fmt::joined({engine.name, " 官方支持 ", list.zh, " 架构；", hw.architecture, "（", hw.name,
                              "）只有社区支持，未经其开发团队测试：以上数字假定它能运行。"}),
                fmt::joined({engine.name, " supports ", list.en, " cards; ", hw.architecture, " (", hw.name,
                              ") has community support only, untested by its makers: the figures assume it runs."})};
}

const WeightFormat* same_named_format_for(const Catalog& catalog, const WeightFormat& f, const std::string& engine_id) {
    for (const WeightFormat& other : catalog.weight_formats)
        if (other.id != f.id && equal_ignoring_case(other.id, f.id) &&
            std::find(other.engines.begin(), other.engines.end(), engine_id) != other.engines.end())
            return &other;
    return nullptr;
}

std::optional<NotEstimatedWords> not_estimated_words(const Catalog& catalog, const WeightFormat& f, const Engine& engine) {
    const Engine::SchemeNotEstimated* n = engine.not_estimated(f.scheme);
    if (!n) return std::nullopt;
    std::vector<std::string> runners;
    for (const std::string& id : f.engines)
        if (const Engine* e = catalog.find_engine(id)) runners.push_back(e->name);
    if (runners.empty()) return std::nullopt;  // nobody to name: the plain words
    const Text list = listed(runners, " 或 ", " or ");
    NotEstimatedWords w;
    w.clause = {fmt::joined({n->why.zh, "（此处不作估算）"}), fmt::joined({n->why.en, " (not estimated here)"})};
    w.warning = {fmt::joined({n->why.zh, "，此处不作估算；", f.id, " 请用 ", list.zh, "，或换 ", engine.name, " 能运行的格式。"}),
                 fmt::joined({n->why.en, ": not estimated here; for ", f.id, " choose ", list.en, ", or a format ",
                               engine.name, " runs."})};
    return w;
}

std::optional<Text> format_unsupported_on(const WeightFormat& f, const Hardware& hw, const Engine& engine) {
    if (hw.kind != HardwareKind::gpu && hw.kind != HardwareKind::npu) return std::nullopt;
    if (f.scheme == WeightScheme::gguf) return std::nullopt;  // llama.cpp dequantizes every block type
    const std::string& engine_id = engine.id;
    for (const KernelGap& gap : f.unsupported_on)
        if (gap.applies(hw, engine_id))
            return Text{fmt::joined({engine.name, " 没有可在 ", hw.architecture, " 上运行 ", f.id, " 的内核（", hw.name,
                                     "）：请换一种权重格式或引擎。"}),
                        fmt::joined({engine.name, " has no ", f.id, " kernels for ", hw.architecture, " (", hw.name,
                                     "): choose another weight format or engine."})};
    // A format whose engine dequantizes it in its kernels runs without the dtype's tensor cores: the format's
    // weight_only_fallback in formats.json says on which cards and engines (FP8 on Ampere except TensorRT-LLM;
    // MXFP4 anywhere), with its sources.
    const bool falls_back = f.weight_only_fallback && f.weight_only_fallback->applies(hw, engine_id);
    if (f.compute_dtype == "fp4" && !hw.fp4_tflops && !falls_back)
        return Text{fmt::joined({hw.name, " 没有 FP4 张量核心：", f.id, " 需要 Blackwell 代的卡。"}),
                    fmt::joined({hw.name, " has no FP4 tensor cores: ", f.id, " needs a Blackwell-generation card."})};
    // Only a card the catalog states has no FP8 tensor cores (Ampere, Turing, Volta, RDNA 3) cannot run FP8; one
    // whose FP8 peak is unknown (Gaudi 2, the 4060 Ti, H200 NVL, custom hardware) is not judged by the gap.
    if (f.compute_dtype == "fp8" && !hw.fp8_tflops && hw.fp8_tensor_cores == false && !falls_back)
        return Text{fmt::joined({hw.name, " 不支持 FP8（", hw.architecture, "）：请选 int4/int8 或 16 位格式。"}),
                    fmt::joined({hw.name, " cannot run FP8 (", hw.architecture, "): choose an int4/int8 or 16-bit format."})};
    return std::nullopt;
}

Expected<Hardware> resolve_custom_hardware(const Catalog& catalog, const Hardware& typed) {
    Hardware hw = typed;
    if (!typed.based_on.empty()) {
        const Hardware* card = catalog.find_hardware(typed.based_on);
        if (!card)
            return Error{"scenario.unknown_id", "scenario.hardware.based_on",
                         fmt::joined({"unknown hardware '", one_line(typed.based_on, kShownChars), "'; accepted: a catalog id (",
                                      accepted_ids(catalog.hardware, 12), ")"})};
        hw = *card;
        hw.based_on = card->id;
        if (!typed.name.empty() && typed.name != "custom") hw.name = typed.name;
        if (!typed.kind_from_base) hw.kind = typed.kind;
        auto take = [](std::optional<double>& to, const std::optional<double>& from) {
            if (from) to = from;
        };
        take(hw.usable_memory_gib, typed.usable_memory_gib);
        take(hw.bandwidth_gbs, typed.bandwidth_gbs);
        take(hw.fp16_tflops, typed.fp16_tflops);
        take(hw.fp8_tflops, typed.fp8_tflops);
        take(hw.int8_tops, typed.int8_tops);
        take(hw.price_per_hour_usd, typed.price_per_hour_usd);
        take(hw.clock_ghz, typed.clock_ghz);
        take(hw.fp32_flops_per_cycle_per_core, typed.fp32_flops_per_cycle_per_core);
        take(hw.bf16_ops_per_cycle_per_core, typed.bf16_ops_per_cycle_per_core);
        take(hw.memory_channels, typed.memory_channels);
        take(hw.memory_mts, typed.memory_mts);
        if (typed.cores) hw.cores = typed.cores;
        if (typed.interconnect_gbs && typed.interconnect_gbs != card->interconnect_gbs) {
            hw.interconnect_gbs = typed.interconnect_gbs;
            hw.interconnect = "custom";
        }
        // Channels × MT/s typed over a card replace its bandwidth unless a bandwidth was typed too.
        if (!typed.bandwidth_gbs && typed.memory_channels && typed.memory_mts) hw.bandwidth_gbs.reset();
    }
    // One 64-bit DDR channel moves 8 bytes per transfer: channels × MT/s × 8 B = GB/s × 1000.
    if (!hw.bandwidth_gbs && hw.memory_channels && hw.memory_mts)
        hw.bandwidth_gbs = *hw.memory_channels * *hw.memory_mts * 8 / 1000;
    return hw;
}

std::optional<Text> format_runs_note(const WeightFormat& f, const Hardware& hw, const Engine& engine) {
    if (hw.kind != HardwareKind::gpu && hw.kind != HardwareKind::npu) return std::nullopt;
    if (f.scheme == WeightScheme::gguf) return std::nullopt;
    const bool fp8 = f.compute_dtype == "fp8", fp4 = f.compute_dtype == "fp4";
    if (!fp8 && !fp4) return std::nullopt;
    const bool native = fp8 ? (hw.fp8_tflops || hw.fp8_tensor_cores == true) : hw.fp4_tflops.has_value();
    const bool falls_back = f.weight_only_fallback && f.weight_only_fallback->applies(hw, engine.id);
    const std::string dtype = fp8 ? "FP8" : "FP4";
    // The fallback dequantizes inside the kernel: the weights are read at their own bits (memory, decode) while
    // the matmuls run at the 16-bit peak (hardware_peaks.cpp: no peak for the dtype → the fp16 one).
    if (!native && falls_back && (fp4 || hw.fp8_tensor_cores == false))
        return Text{fmt::joined({hw.name, " 没有 ", dtype, " 张量核心：", engine.name, " 以仅权重（weight-only）方式运行 ", f.id,
                                 "（权重按其位宽存储和读取、在内核中反量化，矩阵乘按 16 位峰值计算），速度按此估算。"}),
                    fmt::joined({hw.name, " has no ", dtype, " tensor cores: ", engine.name, " runs ", f.id,
                                 " weight-only (the weights are stored and read at their own width and dequantized in the "
                                 "kernels, the matmuls run at the 16-bit peak); the speeds are estimated that way."})};
    if (!fp8 || hw.fp8_tflops || !hw.fp16_tflops) return std::nullopt;
    if (hw.fp8_tensor_cores == true)
        return Text{fmt::joined({hw.name, " 支持 FP8，但目录没有其 FP8 峰值的可靠来源：预填充按 16 位峰值估算（偏保守）。"}),
                    fmt::joined({hw.name, " runs FP8, but the catalog has no sourced FP8 peak for it: prefill is estimated at "
                                          "its 16-bit peak (on the careful side)."})};
    if (!hw.fp8_tensor_cores)
        return Text{fmt::joined({"不知道 ", hw.name, " 是否有 FP8 张量核心：预填充按 16 位峰值估算；若有，请填入 fp8_tflops。"}),
                    fmt::joined({"Whether ", hw.name, " has FP8 tensor cores is not known: prefill is estimated at its 16-bit "
                                                      "peak; give fp8_tflops if it has them."})};
    return std::nullopt;
}

Expected<Context> resolve(const Catalog& catalog, const Scenario& s) {
    Context ctx;
    ctx.catalog = &catalog;
    ctx.scenario = s;
    ctx.facts_slot = std::make_shared<Context::FactsSlot>();

    if (s.model_custom) {
        ctx.model = *s.model_custom;
    } else if (const ModelArch* m = catalog.find_model(s.model_id)) {
        ctx.model = *m;
    } else {
        return Error{"scenario.unknown_id", "scenario.model",
                     fmt::joined({"unknown model '", one_line(s.model_id, kShownChars), "'; accepted: a catalog id (",
                                  accepted_ids(catalog.models, 12),
                                  "), {\"hf_config\": {...}} or an explicit architecture object"})};
    }
    // An embedding model, a reranker or a speech recognizer generates no text: no KV cache, no decode, another
    // API. Sized as a chat model it got a KV cache and tokens per second it does not have; it belongs beside one.
    if (ctx.model.role != ModelRole::chat) {
        const char* what = ctx.model.role == ModelRole::embedding ? "an embedding model"
                           : ctx.model.role == ModelRole::reranker ? "a reranker"
                                                                    : "a speech recognition model";
        return Error{"scenario.model_role", "scenario.model",
                     fmt::joined({"'", one_line(ctx.model.id.empty() ? s.model_id : ctx.model.id, kShownChars), "' is ", what,
                                  ", not a text generator: choose a chat model and list this one under colocated"})};
    }

    const WeightFormat* wf = catalog.find_weight_format(s.weights);
    if (!wf)
        return Error{"scenario.unknown_id", "scenario.weights",
                     fmt::joined({"unknown weight format '", one_line(s.weights, kShownChars), "'; accepted: ",
                                  accepted_ids(catalog.weight_formats)})};
    ctx.weights = *wf;

    const Engine* engine = catalog.find_engine(s.engine);
    if (!engine)
        return Error{"scenario.unknown_id", "scenario.engine",
                     fmt::joined({"unknown engine '", one_line(s.engine, kShownChars), "'; accepted: ", accepted_ids(catalog.engines)})};
    ctx.engine = *engine;

    // The engine's own default when the scenario names none: by weight format first (TensorRT-LLM keeps the
    // FP8 KV cache of FP8/NVFP4 checkpoints), else its default_kv (vLLM's "auto" = the model dtype).
    const auto by = engine->default_kv_by_weights.find(wf->id);
    const std::string engine_kv = by != engine->default_kv_by_weights.end() ? by->second : engine->default_kv;
    std::string kv_id = s.kv_cache.empty() ? engine_kv : s.kv_cache;
    const KvFormat* kv = catalog.find_kv_format(kv_id);
    if (!kv)
        return Error{"scenario.unknown_id", "scenario.kv_cache",
                     fmt::joined({"unknown KV cache format '", one_line(kv_id, kShownChars), "'; accepted: ",
                                  accepted_ids(catalog.kv_formats)})};
    // A format the engine cannot store its KV cache in: the engine runs its own default, so the estimate sizes that
    // (and the launch command runs it) and says so, rather than figures for a cache no server of this engine holds.
    const KvFormat* runs = kv;
    if (!kv->engines.empty() && !contains(kv->engines, engine->id))
        if (const KvFormat* d = catalog.find_kv_format(engine_kv)) runs = d;
    ctx.kv = *runs;

    if (s.hardware_custom) {
        Expected<Hardware> hw = resolve_custom_hardware(catalog, *s.hardware_custom);
        if (!hw) return hw.error();
        ctx.hardware = hw.value();
    } else if (const Hardware* hw = catalog.find_hardware(s.hardware_id)) {
        ctx.hardware = *hw;
    } else {
        return Error{"scenario.unknown_id", "scenario.hardware",
                     fmt::joined({"unknown hardware '", one_line(s.hardware_id, kShownChars), "'; accepted: a catalog id (",
                                  accepted_ids(catalog.hardware, 12), ") or a hardware object"})};
    }
    if (auto bad = check_pricing(catalog, s.pricing)) return *bad;
    ctx.count = s.count.value_or(1);
    ctx.count_from_planner = !s.count.has_value();
    if (s.targets.no_latency_target && s.requests_per_day > 0) {
        ctx.daily_volume.needed_tps = daily_output_tps(s);
        ctx.daily_volume.concurrency = std::max<int64_t>(1, s.concurrency);
        ctx.daily_volume.requests_per_day = s.requests_per_day;
        ctx.daily_volume.output_tokens = static_cast<double>(std::max<int64_t>(1, s.output_tokens));
    }

    // What the user should know, not errors: the estimate is still meaningful.
    const ModelArch& m = ctx.model;
    if (m.max_context > 0 && s.context_tokens > m.max_context) {
        ctx.warnings.push_back(
            {fmt::joined({"上下文 ", std::to_string(s.context_tokens), " 超过模型最大值 ", std::to_string(m.max_context),
                          "（max_position_embeddings）；超出部分质量无保证。"}),
             fmt::joined({"Context ", std::to_string(s.context_tokens), " exceeds the model's maximum of ",
                          std::to_string(m.max_context), " (max_position_embeddings); quality beyond it is not assured."})});
    }
    if (s.prompt_tokens + s.output_tokens > s.context_tokens) {
        // A server started with this context (vLLM --max-model-len, llama.cpp -c) refuses or cuts such requests; the
        // estimate still runs them at their length, so the figures describe a server that could not serve them.
        const std::string total = std::to_string(s.prompt_tokens + s.output_tokens), ctx_n = std::to_string(s.context_tokens);
        ctx.warnings.push_back(
            {fmt::joined({"提示 + 输出（", total, " 个 token）超过上下文长度 ", ctx_n,
                          "：按此上下文启动的服务会拒绝或截断这样的请求，而上面的数字是按完整请求算的；请把上下文调到至少 ", total,
                          "。"}),
             fmt::joined({"Prompt + output (", total, " tokens) exceed the context length of ", ctx_n,
                          ": a server started with that context refuses or cuts off such requests, while the figures above "
                          "run them whole; raise the context to at least ",
                          total, "."})});
    }
    const bool engine_refuses_format = !wf->engines.empty() && !contains(wf->engines, engine->id);
    if (engine_refuses_format) {
        if (const WeightFormat* same = same_named_format_for(catalog, *wf, engine->id))
            ctx.warnings.push_back({fmt::joined({engine->name, " 不能直接运行权重格式 ", wf->id, "：请选它能运行的同名格式 ", same->id, "，或换引擎。"}),
                                    fmt::joined({engine->name, " cannot run the weight format ", wf->id, ": choose ", same->id,
                                                 ", the format of that name it runs, or another engine."})});
        else if (auto not_estimated = not_estimated_words(catalog, *wf, *engine))
            ctx.warnings.push_back(not_estimated->warning);
        else
            ctx.warnings.push_back({fmt::joined({engine->name, " 不能直接运行权重格式 ", wf->id, "；请换引擎或格式。"}),
                                    fmt::joined({engine->name, " cannot run the weight format ", wf->id,
                                                 "; choose another engine or format."})});
    }
    // How the card runs the format only matters where the engine runs it at all: "Ollama runs mxfp4 weight-only"
    // stood beside "Ollama cannot run the weight format mxfp4".
    if (!engine_refuses_format) {
        if (auto why = format_unsupported_on(*wf, ctx.hardware, ctx.engine)) ctx.warnings.push_back(*why);
        else if (auto how = format_runs_note(*wf, ctx.hardware, ctx.engine)) ctx.warnings.push_back(*how);
    }
    if (!kv->engines.empty() && !contains(kv->engines, engine->id)) {
        if (runs != kv)
            ctx.warnings.push_back({fmt::joined({"kv_cache：", engine->name, " 不支持 KV 缓存格式 ", kv->id, "，按它的默认格式 ",
                                                 runs->id, "（启动命令实际运行的格式）估算。"}),
                                    fmt::joined({"kv_cache: ", engine->name, " does not support the KV cache format ", kv->id,
                                                 "; sized with its default, ", runs->id, ", which its launch command runs."})});
        else
            ctx.warnings.push_back({fmt::joined({engine->name, " 不支持 KV 缓存格式 ", kv->id, "。"}),
                                    fmt::joined({engine->name, " does not support the KV cache format ", kv->id, "."})});
    }
    if (auto note = community_support_only(*engine, ctx.hardware)) ctx.warnings.push_back(*note);
    const std::string kind = hardware_kind_name(ctx.hardware->kind);
    if (!engine->hardware_kinds.empty() && !contains(engine->hardware_kinds, kind)) {
        ctx.warnings.push_back(
            {fmt::joined({engine->name, " 不支持此类硬件（", kind, "）；数值仅作参考。"}),
             fmt::joined({engine->name, " does not run on this kind of hardware (", kind, "); treat the figures as indicative only."})});
    }
    return ctx;
}

namespace {

// `hw` as an entry contexts share: each of the catalog's accelerators one copy per estimate (kept in the facts
// slot, which every copy of the resolved context shares); other hardware (a custom card, the decision table's CPU
// platform) a copy of its own.
std::shared_ptr<Hardware> shared_hardware(const Context& ctx, const Hardware& hw) {
    if (ctx.catalog && !ctx.catalog->hardware.empty()) {
        const std::vector<Hardware>& all = ctx.catalog->hardware;
        const std::less<const Hardware*> before;  // a total order, also for pointers outside the catalog
        if (!before(&hw, all.data()) && before(&hw, all.data() + all.size())) {
            if (!ctx.facts_slot) ctx.facts_slot = std::make_shared<Context::FactsSlot>();
            auto& cache = ctx.facts_slot->catalog_hardware;
            cache.resize(all.size());
            std::shared_ptr<Hardware>& entry = cache[static_cast<size_t>(&hw - all.data())];
            if (!entry) entry = std::make_shared<Hardware>(hw);
            return entry;
        }
    }
    return std::make_shared<Hardware>(hw);
}

}  // namespace

Context with_hardware(const Context& ctx, const Hardware& hw, int count) {
    const bool same = &hw == &*ctx.hardware;
    SharedValue<Hardware> entry = same ? ctx.hardware : SharedValue<Hardware>(shared_hardware(ctx, hw));
    Context c = ctx;
    c.hardware = std::move(entry);
    c.count = count;
    c.count_from_planner = false;
    return c;
}

}  // namespace infersizer
