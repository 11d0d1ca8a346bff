// catalog_json.cpp — the catalog's JSON files (data/*.json) → typed structs, every field validated.
//
// Errors are values: Error{id, "<file>: <json path>", message naming what is accepted}, e.g.
//   [catalog.type] hardware.json: accelerators[3].memory_gb: must be a positive number or null, got "lots"
// ids: catalog.parse (not JSON), catalog.type (wrong JSON type), catalog.range (right type, value not
// accepted), catalog.missing_field, catalog.duplicate_id, catalog.reference (an id that names nothing),
// catalog.too_many_errors (a user catalog's errors past kMaxUserCatalogErrors, counted).
// Every error is collected; the first one is returned. Keys the loader does not read are ignored: the
// data files carry more sourced fields (memory_type, verification, ...) for people and for the page.
// nlohmann runs without exceptions on the normal path (parse(text, nullptr, false)); whatever it could
// still throw is caught in load_catalog / merge_catalog, so nothing escapes the core's API.
//
// Index
// [SECTION] Field reader: json_reader.hpp
// [SECTION] Models
// [SECTION] Hardware
// [SECTION] Formats
// [SECTION] Engines
// [SECTION] Prices
// [SECTION] Documents: one file → entries, with each entry's origin for later messages
// [SECTION] Cross-references and unique ids
// [SECTION] load_catalog, merge_catalog
#include "catalog_json.hpp"

#include "json_reader.hpp"
#include "model_limits.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <optional>
#include <unordered_map>
#include <unordered_set>
#include <string>
#include <utility>
#include <vector>

namespace infersizer {

namespace {

using json = nlohmann::json;

constexpr const char* kParse = json_read::kCatalogErrorIds.parse;
constexpr const char* kType = json_read::kCatalogErrorIds.type;
constexpr const char* kRange = json_read::kCatalogErrorIds.range;
constexpr const char* kMissing = json_read::kCatalogErrorIds.missing;
constexpr const char* kDuplicate = "catalog.duplicate_id";
constexpr const char* kReference = "catalog.reference";

// ---------------------------------------------------------------------------------------------------
// [SECTION] Field reader: json_reader.hpp (typed reads that record an error and return "nothing")
// ---------------------------------------------------------------------------------------------------
using json_read::contains;
using json_read::IntervalRule;
using json_read::joined;
using json_read::Need;
using json_read::number_text;
using json_read::NumberRule;
using json_read::parse_document;
using json_read::Reader;
using json_read::shown;
using json_read::kAmountRange;
using json_read::kBitsPerWeight;
using json_read::kBytesPerElement;
using json_read::kFraction;
using json_read::kFractionRange;
using json_read::kNonNegative;
using json_read::kNonNegativeInt;
using json_read::kPositive;
using json_read::kPositiveInt;
using json_read::kPositiveRange;

// Where an entry came from, for messages about it made later (duplicates, references).
struct Origin {
    std::string file;  // "models.json", "user catalog"
    std::string path;  // "models[3]"
    std::string at(const std::string& sub) const { return file + ": " + path + sub; }
};

// A model dimension: `base` (positive, or >= 0) up to the field's bound in model_limits.hpp, checked on the JSON
// number before it becomes an integer.
NumberRule dim(const NumberRule& base, const char* key) {
    return json_read::up_to(base, static_cast<double>(model_limits::max_of(key)));
}
// Parameter counts: 1e15 is a thousand times the largest model published.
// (Built on first use: kPositive lives in another file, whose statics may not be constructed yet.)
const NumberRule& param_count() {
    static const NumberRule rule = json_read::up_to(json_read::kPositive, 1e15);
    return rule;
}

// ---------------------------------------------------------------------------------------------------
// [SECTION] Models
// ---------------------------------------------------------------------------------------------------
const std::vector<std::string> kRoles = model_role_names();  // the table in catalog.hpp
const std::vector<std::string> kPublishedWeights = published_weight_formats();

// The attention shape. HF conventions fill what a config may omit: no num_key_value_heads means MHA,
// no head_dim means hidden_size / num_attention_heads.
void read_attention_shape(const Reader& r, ModelArch& m, Need shape) {
    m.n_heads = r.count("num_attention_heads", dim(kPositiveInt, "num_attention_heads"), shape);
    m.n_kv_heads = r.count("num_key_value_heads", dim(kPositiveInt, "num_key_value_heads"), Need::optional);
    if (!r.present("num_key_value_heads")) m.n_kv_heads = m.n_heads;
    if (m.n_heads > 0 && m.n_kv_heads > 0 && (m.n_kv_heads > m.n_heads || m.n_heads % m.n_kv_heads != 0))
        r.fail(kRange, r.at("num_key_value_heads"),
               "must divide num_attention_heads (" + std::to_string(m.n_heads) + "), got " +
                   std::to_string(m.n_kv_heads));

    m.head_dim = r.count("head_dim", dim(kPositiveInt, "head_dim"), Need::optional);
    if (!r.present("head_dim")) {
        if (m.n_heads > 0 && m.hidden > 0 && m.hidden % m.n_heads == 0)
            m.head_dim = m.hidden / m.n_heads;
        else if (shape == Need::required && m.n_heads > 0 && m.hidden > 0)
            r.fail(kMissing, r.at("head_dim"),
                   "missing; must be a positive integer (hidden_size is not a multiple of num_attention_heads)");
    }
}

void read_moe(const Reader& r, ModelArch& m) {
    m.n_experts = r.count("n_routed_experts", dim(kNonNegativeInt, "n_routed_experts"), Need::optional);
    m.experts_per_tok = r.count("num_experts_per_tok", dim(kPositiveInt, "num_experts_per_tok"), Need::optional);
    m.n_shared_experts = r.count("n_shared_experts", dim(kNonNegativeInt, "n_shared_experts"), Need::optional);
    m.moe_intermediate = r.count("moe_intermediate_size", dim(kPositiveInt, "moe_intermediate_size"), Need::optional);
    m.first_k_dense = r.count("first_k_dense_replace", dim(kNonNegativeInt, "first_k_dense_replace"), Need::optional);
    m.router_bias = r.flag("router_bias", Need::optional);
    if (m.n_experts == 0) return;
    const std::string experts = " (n_routed_experts is " + std::to_string(m.n_experts) + ")";
    if (!r.present("num_experts_per_tok"))
        r.fail(kMissing, r.at("num_experts_per_tok"), "missing; must be a positive integer" + experts);
    else if (m.experts_per_tok > m.n_experts)
        r.fail(kRange, r.at("num_experts_per_tok"),
               "must be an integer from 1 to n_routed_experts (" + std::to_string(m.n_experts) + "), got " +
                   std::to_string(m.experts_per_tok));
    // catalog.hpp: the expert width equals intermediate_size when a config has no separate field (Mixtral).
    if (!r.present("moe_intermediate_size")) m.moe_intermediate = m.intermediate;
    if (m.moe_intermediate == 0 && !r.present("moe_intermediate_size"))
        r.fail(kMissing, r.at("moe_intermediate_size"), "missing; must be a positive integer" + experts);
    if (m.n_layers > 0 && m.first_k_dense > m.n_layers)
        r.fail(kRange, r.at("first_k_dense_replace"),
               "must be an integer from 0 to num_hidden_layers (" + std::to_string(m.n_layers) + "), got " +
                   std::to_string(m.first_k_dense));
}

void read_mla(const Reader& r, ModelArch& m) {
    m.kv_lora_rank = r.count("kv_lora_rank", dim(kNonNegativeInt, "kv_lora_rank"), Need::optional);
    const Need need = m.kv_lora_rank > 0 ? Need::required : Need::optional;
    m.q_lora_rank = r.count("q_lora_rank", dim(kNonNegativeInt, "q_lora_rank"), Need::optional);
    m.qk_rope_head_dim = r.count("qk_rope_head_dim", dim(kPositiveInt, "qk_rope_head_dim"), need);
    m.qk_nope_head_dim = r.count("qk_nope_head_dim", dim(kPositiveInt, "qk_nope_head_dim"), need);
    m.v_head_dim = r.count("v_head_dim", dim(kPositiveInt, "v_head_dim"), need);
}

void read_sliding_window(const Reader& r, ModelArch& m) {
    m.sliding_window = r.count("sliding_window", dim(kNonNegativeInt, "sliding_window"), Need::optional);
    m.n_sliding_layers = r.count("n_sliding_layers", dim(kNonNegativeInt, "n_sliding_layers"), Need::optional);
    if (m.n_layers > 0 && m.n_sliding_layers > m.n_layers)
        r.fail(kRange, r.at("n_sliding_layers"),
               "must be an integer from 0 to num_hidden_layers (" + std::to_string(m.n_layers) + "), got " +
                   std::to_string(m.n_sliding_layers));
    if (m.n_sliding_layers == 0 || m.sliding_window > 0) return;
    if (!r.present("sliding_window"))
        r.fail(kMissing, r.at("sliding_window"), "missing; must be a positive integer when n_sliding_layers > 0");
    else if (*r.get("sliding_window") == json(0))
        r.fail(kRange, r.at("sliding_window"), "must be a positive integer when n_sliding_layers > 0, got 0");
}

ModelArch parse_model(const Reader& r) {
    ModelArch m;
    m.id = r.string("id", Need::required);
    m.hf_id = r.string("hf_id", Need::optional);
    m.family = r.string("family", Need::optional);
    m.model_type = r.string("model_type", Need::optional);
    m.role = model_role_from_name(r.enumerated("role", kRoles, Need::required)).value_or(ModelRole::chat);
    m.trust_remote_code = r.flag("trust_remote_code", Need::optional);
    m.published_weights = r.enumerated("published_weights", kPublishedWeights, Need::optional);

    // Entries the formulas cannot count carry their published totals; their shape fields are optional.
    m.params_override = r.number("params_override", param_count(), Need::optional);
    m.active_params_override = r.number("active_params_override", param_count(), Need::optional);
    if (m.params_override && m.active_params_override && *m.active_params_override > *m.params_override)
        r.fail(kRange, r.at("active_params_override"),
               "must be a positive number <= params_override (" + number_text(*m.params_override) + "), got " +
                   number_text(*m.active_params_override));
    const Need shape = m.params_override ? Need::optional : Need::required;

    m.n_layers = r.count("num_hidden_layers", dim(kPositiveInt, "num_hidden_layers"), shape);
    m.hidden = r.count("hidden_size", dim(kPositiveInt, "hidden_size"), shape);
    read_attention_shape(r, m, shape);
    m.vocab = r.count("vocab_size", dim(kPositiveInt, "vocab_size"), shape);
    m.tie_embeddings = r.flag("tie_word_embeddings", Need::optional);
    m.qkv_bias = r.flag("attention_bias", Need::optional);
    m.qk_norm = r.flag("qk_norm", Need::optional);
    m.gpt_oss_layout = r.flag("gpt_oss_layout", Need::optional);
    if (r.present("norms_per_layer"))
        m.norms_per_layer = static_cast<int>(r.count("norms_per_layer", dim(kPositiveInt, "norms_per_layer"), Need::optional));

    m.intermediate = r.count("intermediate_size", dim(kPositiveInt, "intermediate_size"), Need::optional);
    read_moe(r, m);
    // A dense FFN exists unless every layer is MoE (qwen3_moe lists an unused intermediate_size anyway).
    const bool dense_ffn = m.n_experts == 0 || m.first_k_dense > 0;
    if (dense_ffn && shape == Need::required && !r.present("intermediate_size"))
        r.fail(kMissing, r.at("intermediate_size"), "missing; must be a positive integer");
    read_mla(r, m);
    read_sliding_window(r, m);

    m.max_context = r.count("max_position_embeddings", dim(kPositiveInt, "max_position_embeddings"), Need::optional);
    m.published_total_params = r.number("published_total_params", param_count(), Need::optional);
    m.params_basis = r.string("params_basis", Need::optional);
    if (m.params_basis.empty()) m.params_basis = m.params_override ? "stated" : "computed";
    m.source = r.source("source");
    m.notes = r.notes("notes");
    return m;
}

// ---------------------------------------------------------------------------------------------------
// [SECTION] Hardware
// ---------------------------------------------------------------------------------------------------
// A card's or platform's notes, shown in the page's language (issue #9: no English in the zh page). The
// bundled catalog gives {"zh", "en"} (build_catalog.py rejects anything else); a user catalog's plain string is
// the user's own words and is shown as written in both languages. Absent or null: no notes.
Text hardware_notes(const Reader& r, const char* key) {
    const json* v = r.get(key);
    if (!v || v->is_null()) return {};
    if (v->is_string()) return {v->get<std::string>(), v->get<std::string>()};
    if (v->is_object()) return r.text(key);
    r.fail(kType, r.at(key), "must be {\"zh\": text, \"en\": text}, a string or null, got " + shown(*v));
    return {};
}

// A card's or platform's figures (GB, GB/s, TFLOPS, W, ops per cycle): no product comes near 1e6 of any of them,
// and the bound keeps every product of them far inside a double and an int64.
const NumberRule& hardware_number() {
    static const NumberRule rule = json_read::up_to(kPositive, 1e6);
    return rule;
}
const NumberRule& core_count() {
    static const NumberRule rule = json_read::up_to(kPositiveInt, 1e5);
    return rule;
}
// Cards one server holds: from one (a single superchip) to the 72 of an NVL72 rack's NVLink domain.
const NumberRule& cards_per_node_count() {
    static const NumberRule rule = json_read::up_to(kPositiveInt, 72);
    return rule;
}
// An engine's token and sequence counts: 1e7 is far above any engine's setting (the scenario's context ends there).
const NumberRule& engine_count() {
    static const NumberRule rule = json_read::up_to(kPositiveInt, 1e7);
    return rule;
}

// Kind names come from the one table in catalog.hpp.
const std::vector<std::string> kAcceleratorKinds = hardware_kind_names(true);
const std::vector<std::string> kHardwareKinds = hardware_kind_names();
const std::vector<std::string> kMarkets{"datacenter",   "workstation",    "consumer",  "cloud-only",
                                        "china-export", "china-domestic", "apple-soc", "cpu"};
const std::vector<std::string> kConfidence{"vendor", "vendor-reproduced", "third-party", "low", "conflicting"};

Hardware parse_accelerator(const Reader& r) {
    Hardware h;
    h.id = r.string("id", Need::required);
    h.vendor = r.string("vendor", Need::required);
    h.name = r.string("name", Need::required);
    h.architecture = r.string("architecture", Need::optional);
    h.market = r.enumerated("market", kMarkets, Need::required);
    h.kind = hardware_kind_from_name(r.enumerated("kind", kAcceleratorKinds, Need::required))
                 .value_or(HardwareKind::gpu);
    h.memory_gb = r.number("memory_gb", hardware_number(), Need::optional);
    // Measured in an engine's log: what CUDA shows; the estimator uses it instead of the label's share.
    h.usable_memory_gib = r.number("visible_memory_gib", hardware_number(), Need::optional);
    h.bandwidth_gbs = r.number("memory_bandwidth_gbs", hardware_number(), Need::optional);
    h.fp16_tflops = r.number("fp16_bf16_dense_tflops", hardware_number(), Need::optional);
    h.fp16acc_tflops = r.number("fp16_fp16acc_dense_tflops", hardware_number(), Need::optional);
    h.fp8_tflops = r.number("fp8_dense_tflops", hardware_number(), Need::optional);
    h.int8_tops = r.number("int8_dense_tops", hardware_number(), Need::optional);
    h.fp4_tflops = r.number("fp4_dense_tflops", hardware_number(), Need::optional);
    h.fp8_tensor_cores = r.optional_flag("fp8_tensor_cores");
    if (h.fp8_tflops) h.fp8_tensor_cores = true;  // a stated FP8 peak is FP8 tensor cores
    h.tdp_w = r.number("tdp_w", hardware_number(), Need::optional);
    h.interconnect = r.string("interconnect", Need::optional);
    h.interconnect_gbs = r.number("interconnect_gbs", hardware_number(), Need::optional);
    if (auto n = r.number("cards_per_node", cards_per_node_count(), Need::optional))
        h.cards_per_node = static_cast<int>(*n);
    h.confidence = r.enumerated("confidence", kConfidence, Need::optional);
    h.source = r.source("source");
    if (r.present("source_label")) h.source_label = r.text("source_label");
    h.notes = hardware_notes(r, "notes");
    return h;
}

// cores × base clock over a product line's SKUs lies inside the product of its two ranges (1e-6 slack for
// the rounding build_catalog.py applies).
void check_core_ghz_range(const Reader& r, const Hardware& h) {
    if (!h.core_ghz_range || !h.cores_range || !h.clock_ghz_range) return;
    const double lo = h.cores_range->lo * h.clock_ghz_range->lo, hi = h.cores_range->hi * h.clock_ghz_range->hi;
    if (h.core_ghz_range->lo < lo * (1 - 1e-6) || h.core_ghz_range->hi > hi * (1 + 1e-6))
        r.fail(kRange, r.at("core_ghz_range"),
               "must lie within cores_range x clock_ghz_range = [" + number_text(lo) + ", " + number_text(hi) +
                   "], got " + shown(*r.get("core_ghz_range")));
}

// A CPU platform is a memory system plus per-core peak work per clock. Cores and sustained clock are
// the user's machine (docs/references/hardware.md: no sourced per-SKU clocks), so they are usually null; the
// product line's ranges (cores_range, clock_ghz_range, core_ghz_range) stand in for them.
Hardware parse_cpu_platform(const Reader& r) {
    Hardware h;
    h.kind = HardwareKind::cpu;
    h.id = r.string("id", Need::required);
    h.vendor = r.string("vendor", Need::optional);
    h.name = r.string("name", Need::required);
    h.architecture = r.string("architecture", Need::optional);
    r.enumerated("kind", {hardware_kind_name(HardwareKind::cpu)}, Need::optional);
    h.market = r.enumerated("market", kMarkets, Need::optional);
    if (h.market.empty()) h.market = "cpu";
    h.memory_gb = r.number("max_memory_gb", hardware_number(), Need::optional);
    h.bandwidth_gbs = r.number("memory_bandwidth_gbs", hardware_number(), Need::required);
    h.fp32_flops_per_cycle_per_core = r.number("fp32_flops_per_cycle_per_core", hardware_number(), Need::optional);
    h.bf16_ops_per_cycle_per_core = r.number("bf16_ops_per_cycle_per_core", hardware_number(), Need::optional);
    if (auto cores = r.number("cores", core_count(), Need::optional)) h.cores = static_cast<int>(*cores);
    h.clock_ghz = r.number("clock_ghz", hardware_number(), Need::optional);
    h.cores_range = r.optional_interval("cores_range", kPositiveRange);
    h.clock_ghz_range = r.optional_interval("clock_ghz_range", kPositiveRange);
    h.core_ghz_range = r.optional_interval("core_ghz_range", kPositiveRange);
    check_core_ghz_range(r, h);
    h.product_line = r.string("product_line", Need::optional);
    h.tdp_w = r.number("tdp_w", hardware_number(), Need::optional);
    h.interconnect = "none";
    h.confidence = r.enumerated("confidence", kConfidence, Need::optional);
    h.source = r.source("source");
    if (r.present("source_label")) h.source_label = r.text("source_label");
    h.notes = hardware_notes(r, "notes");
    return h;
}

// server and desktop must name cpu platforms (check_references).
HostDefaults parse_host_defaults(const Reader& r) {
    HostDefaults h;
    h.server_markets = r.strings("server_markets", &kMarkets);
    h.server = r.string("server", Need::required);
    h.desktop = r.string("desktop", Need::required);
    h.source = r.source("source");
    return h;
}

// ---------------------------------------------------------------------------------------------------
// [SECTION] Formats
// ---------------------------------------------------------------------------------------------------
const std::vector<std::string> kSchemes{"dense", "group", "gguf"};
const std::vector<std::string> kComputeDtypes{"fp16", "fp8", "int8", "fp4"};

WeightScheme scheme_from(const std::string& s) {
    if (s == "group") return WeightScheme::group;
    if (s == "gguf") return WeightScheme::gguf;
    return WeightScheme::dense;
}

// Absent vendor / architecture / except_engines: no condition of that kind.
WeightOnlyFallback parse_fallback(const Reader& r) {
    WeightOnlyFallback fb;
    fb.vendor = r.string("vendor", Need::optional);
    fb.architecture = r.string("architecture", Need::optional);
    if (r.present("except_engines")) fb.except_engines = r.strings("except_engines");
    fb.source = r.source("source");
    return fb;
}

// The architecture families a rule names (kernel gaps, an engine's supported architectures): an empty one matches no
// card (Hardware::architecture_is), so the rule would silently say nothing there.
std::vector<std::string> architecture_families(const Reader& r, const char* key) {
    std::vector<std::string> families = r.strings(key);
    for (size_t i = 0; i < families.size(); ++i)
        if (families[i].empty())
            r.fail(r.ids().range, r.at(key) + "[" + std::to_string(i) + "]", "must be a non-empty string, got \"\"");
    return families;
}

// Both lists required and non-empty: a gap without an engine or an architecture would refuse nothing, or everything.
KernelGap parse_kernel_gap(const Reader& r) {
    KernelGap gap;
    gap.engines = r.strings("engines");
    gap.architectures = architecture_families(r, "architectures");
    gap.source = r.source("source");
    return gap;
}

WeightFormat parse_weight_format(const Reader& r) {
    WeightFormat f;
    f.id = r.string("id", Need::required);
    f.scheme = scheme_from(r.enumerated("scheme", kSchemes, Need::required));
    f.bits_per_weight = r.number("bits_per_weight", kBitsPerWeight, Need::required).value_or(0);
    const bool grouped = f.scheme == WeightScheme::group;
    f.group_size = static_cast<int>(r.count("group_size", json_read::up_to(grouped ? kPositiveInt : kNonNegativeInt, 65536),
                                            grouped ? Need::required : Need::optional));
    f.embeddings_16bit = r.flag("embeddings_16bit", Need::optional);
    f.compute_dtype = r.enumerated("compute_dtype", kComputeDtypes, Need::required);
    f.engines = r.strings("engines");
    f.description = r.text("description");
    f.source = r.source("source");
    if (r.present("source_label")) f.source_label = r.text("source_label");
    if (auto fb = r.child("weight_only_fallback", Need::optional)) f.weight_only_fallback = parse_fallback(*fb);
    r.each_object("unsupported_on", Need::optional, [&](const Reader& gap) { f.unsupported_on.push_back(parse_kernel_gap(gap)); });
    return f;
}

KvFormat parse_kv_format(const Reader& r) {
    KvFormat f;
    f.id = r.string("id", Need::required);
    f.bytes_per_element = r.number("bytes_per_element", kBytesPerElement, Need::required).value_or(0);
    f.engines = r.strings("engines");
    f.description = r.text("description");
    f.source = r.source("source");
    if (r.present("source_label")) f.source_label = r.text("source_label");
    return f;
}

// ---------------------------------------------------------------------------------------------------
// [SECTION] Engines
// ---------------------------------------------------------------------------------------------------
// The keys of an engine's efficiency ranges, and which one each hardware kind uses: the table in catalog.hpp.
const std::vector<std::string> kEfficiencyClasses = efficiency_class_names();

Efficiency parse_efficiency(const Reader& r) {
    Efficiency e;
    e.eta_mem = r.interval("eta_mem", kFractionRange);
    e.t0_ms = r.interval("t0_ms", kAmountRange);
    e.mfu_short = r.interval("mfu_short", kFractionRange);
    e.mfu_long = r.interval("mfu_long", kFractionRange);
    e.batch_eff = r.interval("batch_eff", kFractionRange);
    // Optional (additive field): absent states no per-sequence step cost, as before the field existed.
    if (r.present("t_seq_ms")) e.t_seq_ms = r.interval("t_seq_ms", kAmountRange);
    if (r.present("eta_mem_moe")) e.eta_mem_moe = r.interval("eta_mem_moe", kFractionRange);
    if (r.present("t_moe_layer_ms")) e.t_moe_layer_ms = r.interval("t_moe_layer_ms", kAmountRange);
    return e;
}

// Every trait is optional (absent: the engine does not have it); the object's source is required.
EngineTraits parse_traits(const Reader& r) {
    EngineTraits t;
    t.launcher = r.enumerated("launcher", launcher_names(), Need::optional);
    t.ggml_kernels = r.flag("ggml_kernels", Need::optional);
    t.expert_offload = r.flag("expert_offload", Need::optional);
    t.spills_layers_to_cpu = r.flag("spills_layers_to_cpu", Need::optional);
    if (r.present("expert_offload_caveat")) t.expert_offload_caveat = r.text("expert_offload_caveat");
    t.default_for_cpu = r.flag("default_for_cpu", Need::optional);
    t.source = r.source("source");
    return t;
}

Engine parse_engine(const Reader& r) {
    Engine e;
    e.id = r.string("id", Need::required);
    e.name = r.string("name", Need::required);
    e.memory_utilization = r.number("memory_utilization", kFraction, Need::required).value_or(1.0);
    e.runtime_gib = r.interval("runtime_gib", kAmountRange);
    e.activation_gib = r.interval("activation_gib", kAmountRange);
    // null: the engine does not bound the tokens of one forward (0 in the struct).
    e.max_batched_tokens = r.count("max_batched_tokens", engine_count(), Need::optional);
    e.kv_block_tokens = r.count("kv_block_tokens", engine_count(), Need::required);
    e.max_num_seqs = r.count("max_num_seqs", engine_count(), Need::required);
    e.default_kv = r.string("default_kv", Need::required);
    e.paged_kv = r.flag("paged_kv", Need::required);
    e.tensor_parallel = r.flag("tensor_parallel", Need::required);
    e.continuous_batching = r.flag("continuous_batching", Need::required);
    e.hardware_kinds = r.strings("hardware_kinds", &kHardwareKinds);
    if (r.present("vendors")) e.vendors = r.strings("vendors");
    if (auto supported = r.child("supported_architectures", Need::optional)) {
        e.supported_architectures = architecture_families(*supported, "architectures");
        e.supported_architectures_source = supported->source("source");
    }
    r.each_object("formats_not_estimated", Need::optional, [&](const Reader& n) {
        Engine::SchemeNotEstimated item;
        item.scheme = scheme_from(n.enumerated("scheme", kSchemes, Need::required));
        item.why = n.text("why");
        item.source = n.source("source");
        e.formats_not_estimated.push_back(std::move(item));
    });
    if (auto eff = r.child("efficiency", Need::required)) {
        for (const auto& item : eff->object().items()) {
            const std::string item_path = eff->at(item.key());
            if (!contains(kEfficiencyClasses, item.key())) {
                r.fail(kRange, item_path,
                       "unknown hardware class; the keys must be " + joined(kEfficiencyClasses) + ", got \"" +
                           item.key() + "\"");
                continue;
            }
            if (!item.value().is_object()) {
                r.fail(kType, item_path, "must be an object, got " + shown(item.value()));
                continue;
            }
            e.efficiency[item.key()] = parse_efficiency(r.nested(item.value(), item_path));
        }
        for (const std::string& kind : e.hardware_kinds) {
            // strings() accepted only the table's names.
            const char* cls = hardware_efficiency_class(*hardware_kind_from_name(kind));
            if (!eff->present(cls))
                r.fail(kMissing, eff->at(cls),
                       "missing; hardware_kinds lists " + kind + ", which needs efficiency ranges for " + cls);
        }
    }
    const std::string pool = r.enumerated("kv_pool", {"exact", "share_of_total", "share_of_free"}, Need::optional);
    e.kv_pool = pool == "share_of_total" ? KvPoolRule::share_of_total
                : pool == "share_of_free" ? KvPoolRule::share_of_free
                                          : KvPoolRule::exact;
    if (pool.empty() && e.memory_utilization < 1.0) e.kv_pool = KvPoolRule::share_of_total;
    e.reserves_layer_per_card = r.flag("reserves_layer_per_card", Need::optional);
    e.layer_split_spans_nodes = r.flag("layer_split_spans_nodes", Need::optional);
    if (r.present("activation_bytes_per_token_width"))
        e.activation_bytes_per_token_width = r.interval("activation_bytes_per_token_width", kAmountRange);
    if (r.present("sampler_bytes_per_logit")) e.sampler_bytes_per_logit = r.interval("sampler_bytes_per_logit", kAmountRange);
    if (auto small = r.child("small_gpu_defaults", Need::optional)) {
        SmallGpuDefaults d;
        d.below_gib = small->number("below_gib", kPositive, Need::required).value_or(0);
        if (small->present("also")) d.also = small->strings("also");
        d.max_batched_tokens = small->count("max_batched_tokens", engine_count(), Need::required);
        d.max_num_seqs = small->count("max_num_seqs", engine_count(), Need::optional);
        e.small_gpu_defaults = d;
    }
    // Optional (additive field): an engine without it schedules like vLLM V1 (chunked, mixed steps, its prefill
    // budget per step).
    if (auto sch = r.child("scheduler", Need::optional)) {
        e.scheduler.step_tokens = sch->count("step_tokens", engine_count(), Need::optional);
        e.scheduler.chunked_prefill = sch->flag("chunked_prefill", Need::required);
        e.scheduler.mixed_steps = sch->flag("mixed_steps", Need::required);
        e.scheduler.reserve_full_sequence = sch->flag("reserve_full_sequence", Need::optional);
        e.scheduler.source = sch->source("source");
    }
    if (auto by = r.child("default_kv_by_weights", Need::optional)) {
        for (const auto& item : by->object().items()) {
            if (!item.value().is_string() || item.value().get_ref<const std::string&>().empty()) {
                r.fail(kType, by->at(item.key()), "must be a KV format id, got " + shown(item.value()));
                continue;
            }
            e.default_kv_by_weights[item.key()] = item.value().get<std::string>();
        }
    }
    if (auto traits = r.child("traits", Need::optional)) e.traits = parse_traits(*traits);
    // Optional (a user catalog's engine may have none); when given, both languages.
    if (auto d = r.child("description", Need::optional)) e.description = {d->string("zh", Need::required), d->string("en", Need::required)};
    e.source = r.source("source");
    if (r.present("source_label")) e.source_label = r.text("source_label");
    e.notes = r.notes("notes");
    return e;
}

// ---------------------------------------------------------------------------------------------------
// [SECTION] Prices
// ---------------------------------------------------------------------------------------------------
const std::vector<std::string> kCurrencies{"USD", "CNY"};

GpuPrice parse_gpu_price(const Reader& r) {
    GpuPrice p;
    p.provider = r.string("provider", Need::required);
    p.gpu = r.string("gpu", Need::required);
    p.hardware_id = r.string("hardware_id", Need::optional);
    p.currency = r.enumerated("currency", kCurrencies, Need::required);
    // A single list price, or a range; a "from" price (low only) is kept as that one figure and the
    // row's notes say so.
    auto price = r.number("price_per_gpu_hour", kNonNegative, Need::optional);
    auto low = r.number("price_per_gpu_hour_low", kNonNegative, Need::optional);
    auto high = r.number("price_per_gpu_hour_high", kNonNegative, Need::optional);
    if (price) {
        p.per_gpu_hour = Interval::exact(*price);
    } else if (low) {
        p.per_gpu_hour = {*low, high.value_or(*low)};
        if (high && *high < *low)
            r.fail(kRange, r.at("price_per_gpu_hour_high"),
                   "must be a number >= price_per_gpu_hour_low (" + number_text(*low) + "), got " +
                       number_text(*high));
    } else if (!r.present("price_per_gpu_hour") && !r.present("price_per_gpu_hour_low")) {
        r.fail(kMissing, r.at("price_per_gpu_hour"),
               "missing; must be a number >= 0, or give price_per_gpu_hour_low (and _high)");
    }
    p.pricing_model = r.string("pricing_model", Need::required);
    p.as_of = r.string("as_of", Need::optional);
    p.source = r.source("source");
    p.confidence = r.enumerated("confidence", kConfidence, Need::optional);
    p.notes = r.notes("notes");
    return p;
}

ApiPrice parse_api_price(const Reader& r) {
    ApiPrice p;
    p.provider = r.string("provider", Need::required);
    p.model = r.string("model", Need::required);
    p.currency = r.enumerated("currency", kCurrencies, Need::required);
    p.input_per_mtok = r.number("input", kNonNegative, Need::required).value_or(0);
    p.cached_input_per_mtok = r.number("cached_input", kNonNegative, Need::optional);
    p.output_per_mtok = r.number("output", kNonNegative, Need::required).value_or(0);
    p.status = r.string("status", Need::optional);
    p.conditions = r.notes("conditions");
    p.as_of = r.string("as_of", Need::optional);
    p.source = r.source("source");
    p.notes = r.notes("notes");
    if (r.present("hosts")) p.hosts = r.strings("hosts");
    return p;
}

ApiTier parse_api_tier(const Reader& r) {
    ApiTier t;
    t.rule = r.text("rule");
    t.models = r.strings("models");
    return t;
}

ApiComparison parse_api_comparison(const Reader& r) {
    ApiComparison c;
    c.small_model_max_params = r.number("small_model_max_params", kPositive, Need::required).value_or(0);
    if (auto small = r.child("small", Need::required)) c.small = parse_api_tier(*small);
    if (auto large = r.child("large", Need::required)) c.large = parse_api_tier(*large);
    c.source = r.source("source");
    return c;
}

ExchangeRate parse_exchange_rate(const Reader& r) {
    ExchangeRate x;
    // null: no sourced rate; cost code then shows no conversion (ExchangeRate::known()).
    x.cny_per_usd = r.number("cny_per_usd", kPositive, Need::optional).value_or(0);
    x.as_of = r.string("as_of", Need::optional);
    x.source = r.string("source", Need::optional);
    if (x.known() && x.source.empty())
        r.fail(kMissing, r.at("source"), "missing; a rate needs its source (a non-empty string)");
    return x;
}

// ---------------------------------------------------------------------------------------------------
// [SECTION] Documents
// ---------------------------------------------------------------------------------------------------

// Origins of every entry, parallel to the catalog's vectors.
struct Origins {
    std::vector<Origin> models, hardware, weight_formats, kv_formats, engines, gpu_prices, api_prices;
};

void check_schema(const Reader& root, const std::string& expected) {
    const json* v = root.get("schema");
    if (!v) {
        root.fail(kMissing, "schema", "missing; must be \"" + expected + "\"");
    } else if (!v->is_string() || v->get<std::string>() != expected) {
        root.fail(v->is_string() ? kRange : kType, "schema", "must be \"" + expected + "\", got " + shown(*v));
    }
}

// A collection's size: the bundled catalog has under 100 of each; more than this is no catalog a person wrote.
constexpr size_t kMaxCatalogEntries = 5000;

// Reads root[key] (an array of objects) with `parse`, appending entries and their origins. A user catalog's
// collections are Need::if_given: absent is fine, null is not an array.
template <class T, class Parse>
void read_entries(const Reader& root, const char* key, Need need, std::vector<T>& out, std::vector<Origin>& origins,
                  Parse parse) {
    if (const json* items = root.get(key); items && items->is_array() && items->size() > kMaxCatalogEntries) {
        root.fail(kRange, root.at(key), "must have at most " + std::to_string(kMaxCatalogEntries) + " entries, got " +
                                            std::to_string(items->size()));
        return;
    }
    root.each_object(key, need, [&](const Reader& entry) {
        out.push_back(parse(entry));
        origins.push_back(Origin{root.file(), entry.path()});
    });
}

// ---------------------------------------------------------------------------------------------------
// [SECTION] Cross-references and unique ids
// ---------------------------------------------------------------------------------------------------
template <class T>
void check_unique_ids(const std::vector<T>& items, const std::vector<Origin>& origins, Errors& errors) {
    std::unordered_map<std::string, size_t> seen;  // id → first index (a hash: user catalogs may be long)
    for (size_t i = 0; i < items.size(); ++i) {
        if (items[i].id.empty()) continue;  // already reported as missing
        auto it = seen.find(items[i].id);
        if (it != seen.end()) {
            errors.push_back(Error{kDuplicate, origins[i].at(".id"),
                                   "duplicate id \"" + items[i].id + "\"; first defined at " +
                                       origins[it->second].file + ": " + origins[it->second].path});
        } else {
            seen.emplace(items[i].id, i);
        }
    }
}

template <class T>
std::vector<std::string> ids_of(const std::vector<T>& items) {
    std::vector<std::string> ids;
    for (const T& item : items) ids.push_back(item.id);
    return ids;
}

// Which collections were read, so that a file that failed to parse does not produce a flood of
// "unknown id" errors in the files that refer to it.
struct Present {
    bool models = true, hardware = true, formats = true, engines = true, prices = true;
};

// At most one engine is the CPU default: the planner would otherwise pick one by file order.
void check_single_cpu_default(const Catalog& c, const Origins& o, Errors& errors) {
    const Engine* first = nullptr;
    size_t first_index = 0;
    for (size_t i = 0; i < c.engines.size(); ++i) {
        if (!c.engines[i].traits.default_for_cpu) continue;
        if (!first) {
            first = &c.engines[i];
            first_index = i;
            continue;
        }
        errors.push_back(Error{kRange, o.engines[i].at(".traits.default_for_cpu"),
                               "only one engine may be the CPU default; \"" + first->id + "\" already is (" +
                                   o.engines[first_index].at("") + ")"});
    }
}

// host_defaults.server and .desktop name cpu platforms.
void check_host_defaults(const Catalog& c, Errors& errors) {
    std::vector<std::string> cpu_ids;
    for (const Hardware& h : c.hardware)
        if (h.is_cpu()) cpu_ids.push_back(h.id);
    auto check = [&](const std::string& id, const char* key) {
        if (id.empty() || contains(cpu_ids, id)) return;  // empty: already reported as missing
        errors.push_back(Error{kReference, std::string("hardware.json: host_defaults.") + key,
                               "unknown cpu platform \"" + id + "\"; known: " + joined(cpu_ids)});
    };
    check(c.host_defaults.server, "server");
    check(c.host_defaults.desktop, "desktop");
}

void check_references(const Catalog& c, const Origins& o, Present present, Errors& errors) {
    const std::vector<std::string> engine_ids = ids_of(c.engines);
    const std::vector<std::string> kv_ids = ids_of(c.kv_formats);
    // Looked up through hashes: a user catalog may hold thousands of entries, each naming several others.
    const std::unordered_set<std::string> engine_set(engine_ids.begin(), engine_ids.end());
    const std::unordered_set<std::string> kv_set(kv_ids.begin(), kv_ids.end());
    const std::vector<std::string> model_ids = ids_of(c.models), hardware_ids = ids_of(c.hardware);
    const std::unordered_set<std::string> model_set(model_ids.begin(), model_ids.end());
    const std::unordered_set<std::string> hardware_set(hardware_ids.begin(), hardware_ids.end());
    auto check_engines = [&](const std::vector<std::string>& engines, const Origin& origin) {
        for (size_t j = 0; j < engines.size(); ++j)
            if (!engine_set.count(engines[j]))
                errors.push_back(Error{kReference, origin.at(".engines[" + std::to_string(j) + "]"),
                                       "unknown engine \"" + engines[j] + "\"; known: " + joined(engine_ids)});
    };
    if (present.formats && present.engines) {
        for (size_t i = 0; i < c.weight_formats.size(); ++i)
            check_engines(c.weight_formats[i].engines, o.weight_formats[i]);
        for (size_t i = 0; i < c.kv_formats.size(); ++i) check_engines(c.kv_formats[i].engines, o.kv_formats[i]);
        for (size_t i = 0; i < c.engines.size(); ++i)
            for (const auto& [weights, kv] : c.engines[i].default_kv_by_weights)
                if (!kv_set.count(kv))
                    errors.push_back(Error{kReference, o.engines[i].at(".default_kv_by_weights." + weights),
                                           "unknown KV format \"" + kv + "\"; known: " + joined(kv_ids)});
        for (size_t i = 0; i < c.weight_formats.size(); ++i)
            if (const auto& fb = c.weight_formats[i].weight_only_fallback)
                for (size_t j = 0; j < fb->except_engines.size(); ++j)
                    if (!engine_set.count(fb->except_engines[j]))
                        errors.push_back(Error{kReference,
                                               o.weight_formats[i].at(".weight_only_fallback.except_engines[" +
                                                                      std::to_string(j) + "]"),
                                               "unknown engine \"" + fb->except_engines[j] +
                                                   "\"; known: " + joined(engine_ids)});
        for (size_t i = 0; i < c.weight_formats.size(); ++i)
            for (size_t g = 0; g < c.weight_formats[i].unsupported_on.size(); ++g)
                check_engines(c.weight_formats[i].unsupported_on[g].engines,
                              Origin{o.weight_formats[i].file,
                                     o.weight_formats[i].path + ".unsupported_on[" + std::to_string(g) + "]"});
        for (size_t i = 0; i < c.engines.size(); ++i)
            if (!c.engines[i].default_kv.empty() && !kv_set.count(c.engines[i].default_kv))
                errors.push_back(Error{kReference, o.engines[i].at(".default_kv"),
                                       "unknown KV format \"" + c.engines[i].default_kv +
                                           "\"; known: " + joined(kv_ids)});
    }
    if (present.engines) check_single_cpu_default(c, o, errors);
    if (present.hardware) check_host_defaults(c, errors);
    if (present.prices && present.models)
        for (size_t i = 0; i < c.api_prices.size(); ++i)
            for (size_t j = 0; j < c.api_prices[i].hosts.size(); ++j)
                if (!model_set.count(c.api_prices[i].hosts[j]))
                    errors.push_back(Error{kReference, o.api_prices[i].at(".hosts[" + std::to_string(j) + "]"),
                                           "unknown model \"" + c.api_prices[i].hosts[j] +
                                               "\"; must be a model id from models.json"});
    if (present.prices && present.hardware) {
        for (size_t i = 0; i < c.gpu_prices.size(); ++i) {
            const std::string& hw = c.gpu_prices[i].hardware_id;
            if (!hw.empty() && !hardware_set.count(hw))
                errors.push_back(Error{kReference, o.gpu_prices[i].at(".hardware_id"),
                                       "unknown hardware \"" + hw + "\"; must be \"\" or an id from "
                                                                   "hardware.json (accelerators, cpu_platforms)"});
        }
    }
}

void check_all_unique(const Catalog& c, const Origins& o, Errors& errors) {
    check_unique_ids(c.models, o.models, errors);
    check_unique_ids(c.hardware, o.hardware, errors);
    check_unique_ids(c.weight_formats, o.weight_formats, errors);
    check_unique_ids(c.kv_formats, o.kv_formats, errors);
    check_unique_ids(c.engines, o.engines, errors);
}

// ---------------------------------------------------------------------------------------------------
// [SECTION] load_catalog, merge_catalog
// ---------------------------------------------------------------------------------------------------

// Each reads one bundled file into the catalog; false when the file is not a JSON object.
bool read_models(const std::string& text, Catalog& c, Origins& o, Errors& errors) {
    auto doc = parse_document(text, "models.json", errors);
    if (!doc) return false;
    Reader root(*doc, "models.json", "", errors);
    check_schema(root, "infersizer.models/1");
    read_entries(root, "models", Need::required, c.models, o.models, parse_model);
    return true;
}

bool read_hardware(const std::string& text, Catalog& c, Origins& o, Errors& errors) {
    auto doc = parse_document(text, "hardware.json", errors);
    if (!doc) return false;
    Reader root(*doc, "hardware.json", "", errors);
    check_schema(root, "infersizer.hardware/1");
    c.version = root.string("version", Need::required);
    read_entries(root, "accelerators", Need::required, c.hardware, o.hardware, parse_accelerator);
    read_entries(root, "cpu_platforms", Need::required, c.hardware, o.hardware, parse_cpu_platform);
    if (auto hosts = root.child("host_defaults", Need::required)) c.host_defaults = parse_host_defaults(*hosts);
    return true;
}

bool read_formats(const std::string& text, Catalog& c, Origins& o, Errors& errors) {
    auto doc = parse_document(text, "formats.json", errors);
    if (!doc) return false;
    Reader root(*doc, "formats.json", "", errors);
    check_schema(root, "infersizer.formats/1");
    read_entries(root, "weight_formats", Need::required, c.weight_formats, o.weight_formats,
                 parse_weight_format);
    read_entries(root, "kv_formats", Need::required, c.kv_formats, o.kv_formats, parse_kv_format);
    return true;
}

bool read_engines(const std::string& text, Catalog& c, Origins& o, Errors& errors) {
    auto doc = parse_document(text, "engines.json", errors);
    if (!doc) return false;
    Reader root(*doc, "engines.json", "", errors);
    check_schema(root, "infersizer.engines/1");
    read_entries(root, "engines", Need::required, c.engines, o.engines, parse_engine);
    return true;
}

bool read_prices(const std::string& text, Catalog& c, Origins& o, Errors& errors) {
    auto doc = parse_document(text, "prices.json", errors);
    if (!doc) return false;
    Reader root(*doc, "prices.json", "", errors);
    check_schema(root, "infersizer.prices/1");
    read_entries(root, "gpu_rental", Need::required, c.gpu_prices, o.gpu_prices, parse_gpu_price);
    read_entries(root, "llm_api", Need::required, c.api_prices, o.api_prices, parse_api_price);
    if (auto rate = root.child("usd_cny", Need::required)) c.usd_cny = parse_exchange_rate(*rate);
    if (auto comp = root.child("api_comparison", Need::required)) c.api_comparison = parse_api_comparison(*comp);
    return true;
}

// Replaces the entry with the same key or appends; `origins` follows the entries. Each entry is reported in
// `changes` under the collection `collection_of` names for it.
template <class T, class Key, class Collection>
void merge_into(std::vector<T>& items, std::vector<Origin>& origins, const std::vector<T>& incoming,
                const std::vector<Origin>& incoming_origins, Key key, Collection collection_of,
                std::vector<CatalogChange>& changes) {
    std::unordered_map<std::string, size_t> index;  // key → position in items: one pass, not one per entry
    for (size_t i = 0; i < items.size(); ++i) index.emplace(key(items[i]), i);
    for (size_t i = 0; i < incoming.size(); ++i) {
        const std::string k = key(incoming[i]);
        auto it = index.find(k);
        changes.push_back(CatalogChange{collection_of(incoming[i]), k, it != index.end()});
        if (it != index.end()) {
            items[it->second] = incoming[i];
            origins[it->second] = incoming_origins[i];
        } else {
            index.emplace(k, items.size());
            items.push_back(incoming[i]);
            origins.push_back(incoming_origins[i]);
        }
    }
}

// A collection's name for merge_into's report when all its entries share it.
struct Named {
    const char* name;
    template <class T>
    std::string operator()(const T&) const { return name; }
};

template <class T>
std::vector<Origin> base_origins(const std::vector<T>& items, const std::string& collection) {
    std::vector<Origin> out;
    for (size_t i = 0; i < items.size(); ++i)
        out.push_back(Origin{"catalog", collection + "[" + std::to_string(i) + "]"});
    return out;
}

const std::vector<std::string> kUserKeys{"schema",     "models",     "accelerators", "cpu_platforms", "weight_formats",
                                         "kv_formats", "engines",    "gpu_rental",   "llm_api"};

void merge_user_document(const json& doc, Catalog& merged, Errors& errors, std::vector<CatalogChange>& changes) {
    const std::string file = "user catalog";
    Reader root(doc, file, "", errors);
    root.only_keys(kUserKeys);
    root.string("schema", Need::optional);

    Catalog user;
    Origins uo;
    read_entries(root, "models", Need::if_given, user.models, uo.models, parse_model);
    read_entries(root, "accelerators", Need::if_given, user.hardware, uo.hardware, parse_accelerator);
    read_entries(root, "cpu_platforms", Need::if_given, user.hardware, uo.hardware, parse_cpu_platform);
    read_entries(root, "weight_formats", Need::if_given, user.weight_formats, uo.weight_formats,
                 parse_weight_format);
    read_entries(root, "kv_formats", Need::if_given, user.kv_formats, uo.kv_formats, parse_kv_format);
    read_entries(root, "engines", Need::if_given, user.engines, uo.engines, parse_engine);
    read_entries(root, "gpu_rental", Need::if_given, user.gpu_prices, uo.gpu_prices, parse_gpu_price);
    read_entries(root, "llm_api", Need::if_given, user.api_prices, uo.api_prices, parse_api_price);
    check_all_unique(user, uo, errors);

    Origins mo{base_origins(merged.models, "models"),
               base_origins(merged.hardware, "hardware"),
               base_origins(merged.weight_formats, "weight_formats"),
               base_origins(merged.kv_formats, "kv_formats"),
               base_origins(merged.engines, "engines"),
               base_origins(merged.gpu_prices, "gpu_rental"),
               base_origins(merged.api_prices, "llm_api")};
    auto by_id = [](const auto& x) { return x.id; };
    auto hardware_key = [](const Hardware& h) { return std::string(h.is_cpu() ? "cpu_platforms" : "accelerators"); };
    merge_into(merged.models, mo.models, user.models, uo.models, by_id, Named{"models"}, changes);
    merge_into(merged.hardware, mo.hardware, user.hardware, uo.hardware, by_id, hardware_key, changes);
    merge_into(merged.weight_formats, mo.weight_formats, user.weight_formats, uo.weight_formats, by_id,
               Named{"weight_formats"}, changes);
    merge_into(merged.kv_formats, mo.kv_formats, user.kv_formats, uo.kv_formats, by_id, Named{"kv_formats"}, changes);
    merge_into(merged.engines, mo.engines, user.engines, uo.engines, by_id, Named{"engines"}, changes);
    // Price rows have no id: their key, shown as "provider · gpu · pricing_model", is what replaces.
    merge_into(merged.gpu_prices, mo.gpu_prices, user.gpu_prices, uo.gpu_prices,
               [](const GpuPrice& p) { return p.provider + " · " + p.gpu + " · " + p.pricing_model; },
               Named{"gpu_rental"}, changes);
    merge_into(merged.api_prices, mo.api_prices, user.api_prices, uo.api_prices,
               [](const ApiPrice& p) { return p.provider + " · " + p.model + " · " + p.currency; },
               Named{"llm_api"}, changes);
    check_references(merged, mo, Present{}, errors);
}

// Keeps the first kMaxUserCatalogErrors errors and counts the rest in one more.
void cap_errors(Errors& errors) {
    if (errors.size() <= kMaxUserCatalogErrors) return;
    const size_t more = errors.size() - kMaxUserCatalogErrors;
    errors.resize(kMaxUserCatalogErrors);
    errors.push_back(Error{"catalog.too_many_errors", "user catalog",
                           "and " + std::to_string(more) + " more errors not listed"});
}

}  // namespace

Expected<Catalog> load_catalog(const CatalogFiles& files, Errors* all_errors) {
    Errors errors;
    Catalog catalog;
    try {
        Origins origins;
        Present present;
        present.models = read_models(files.models, catalog, origins, errors);
        present.hardware = read_hardware(files.hardware, catalog, origins, errors);
        present.formats = read_formats(files.formats, catalog, origins, errors);
        present.engines = read_engines(files.engines, catalog, origins, errors);
        present.prices = read_prices(files.prices, catalog, origins, errors);
        check_all_unique(catalog, origins, errors);
        check_references(catalog, origins, present, errors);
    } catch (const std::exception& e) {
        errors.push_back(Error{kParse, "catalog", std::string("could not be read: ") + e.what()});
    }
    if (all_errors) *all_errors = errors;
    if (!errors.empty()) return errors.front();
    return catalog;
}

Expected<Catalog> merge_catalog(const Catalog& base, const std::string& user_json, Errors* all_errors,
                                std::vector<CatalogChange>* changes) {
    Errors errors;
    Catalog merged = base;
    std::vector<CatalogChange> changed;
    try {
        if (auto doc = parse_document(user_json, "user catalog", errors))
            merge_user_document(*doc, merged, errors, changed);
    } catch (const std::exception& e) {
        errors.push_back(Error{kParse, "user catalog", std::string("could not be read: ") + e.what()});
    }
    cap_errors(errors);
    if (all_errors) *all_errors = errors;
    if (!errors.empty()) return errors.front();
    if (changes) *changes = std::move(changed);
    return merged;
}

}  // namespace infersizer
