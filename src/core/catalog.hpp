// catalog.hpp — typed catalog entries: models, hardware, formats, engines, prices.
//
// The catalog lives as JSON in data/ and is parsed by catalog_json.cpp into these structs. Unknown values
// stay unknown (std::optional without a value): never fill a gap with a guess. Every entry keeps its
// source so the page can show where a number came from.
#pragma once

#include "interval.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace infersizer {

// Short text in both UI languages. Core-generated sentences are always produced in both.
struct Text {
    std::string zh;
    std::string en;
    const std::string& in(const std::string& lang) const { return lang == "zh" ? zh : en; }
};

// ---------------------------------------------------------------------------------------------------
// Models: the architecture as config.json fields (names follow Hugging Face), plus identity and source.
// ---------------------------------------------------------------------------------------------------
enum class ModelRole { chat, embedding, reranker, asr };

// How the catalog and the scenario spell a role: "chat", "embedding", "reranker", "asr".
inline constexpr std::pair<ModelRole, const char*> kModelRoleTable[] = {
    {ModelRole::chat, "chat"}, {ModelRole::embedding, "embedding"}, {ModelRole::reranker, "reranker"},
    {ModelRole::asr, "asr"}};
inline const char* model_role_name(ModelRole r) {
    for (const auto& [role, name] : kModelRoleTable)
        if (role == r) return name;
    return "chat";
}
inline std::optional<ModelRole> model_role_from_name(const std::string& name) {
    for (const auto& [role, spelled] : kModelRoleTable)
        if (name == spelled) return role;
    return std::nullopt;
}
// The names in table order.
std::vector<std::string> model_role_names();
// The formats a model's own repository may publish besides 16 bits (weight format ids of formats.json): the ones
// the engines read from a checkpoint's quantization_config (ModelArch::published_weights).
std::vector<std::string> published_weight_formats();

struct ModelArch {
    std::string id;          // catalog key, e.g. "Llama-3.1-8B"
    std::string hf_id;       // e.g. "meta-llama/Llama-3.1-8B-Instruct"
    std::string family;      // e.g. "Llama 3.1" (the picker groups by it)
    std::string model_type;  // config.json model_type: llama, qwen2, qwen3_moe, deepseek_v3, gpt_oss, ...
    ModelRole role = ModelRole::chat;
    // Its repository's own code (a custom tokenizer or config) must run to load it: the engines and vLLM's benchmark
    // client refuse without --trust-remote-code (models.json trust_remote_code, with the source in the entry's notes).
    bool trust_remote_code = false;
    // The weight format its hf_id repository publishes, where not 16-bit (models.json published_weights, sourced
    // in the entry's notes): DeepSeek-V3/R1 and Kimi-K2 "fp8", gpt-oss "mxfp4". Serving that format loads the
    // checkpoint as it is; a 16-bit serving needs a converted copy. Empty: a 16-bit checkpoint.
    std::string published_weights;

    // Dense transformer shape.
    int64_t n_layers = 0;         // num_hidden_layers
    int64_t hidden = 0;           // hidden_size
    int64_t n_heads = 0;          // num_attention_heads
    int64_t n_kv_heads = 0;       // num_key_value_heads (== n_heads for MHA)
    int64_t head_dim = 0;         // explicit head_dim or hidden / n_heads
    int64_t vocab = 0;            // vocab_size
    int64_t intermediate = 0;     // dense FFN width (per-expert width for Mixtral / gpt-oss)
    bool tie_embeddings = false;  // lm_head shares the embedding matrix
    bool qkv_bias = false;        // Q/K/V projection biases (Qwen2, GLM)
    bool qk_norm = false;         // per-head RMSNorm on q and k (Qwen3, Gemma-3, GLM-4.5)
    int norms_per_layer = 2;      // Gemma-2/3: 4
    bool gpt_oss_layout = false;  // gpt-oss: biases on attention and experts, sinks, router bias

    // Mixture of experts (n_experts == 0: dense).
    int64_t n_experts = 0;          // routed experts per MoE layer
    int64_t experts_per_tok = 0;    // k
    int64_t n_shared_experts = 0;   // always-on experts of width moe_intermediate
    int64_t moe_intermediate = 0;   // width of one routed expert (== intermediate when config has none)
    int64_t first_k_dense = 0;      // leading layers with a dense MLP
    bool router_bias = false;       // e_score_correction_bias (DeepSeek-V3, GLM-4.5 noaux_tc)

    // Multi-head latent attention (kv_lora_rank > 0: MLA).
    int64_t q_lora_rank = 0;  // 0: full-rank q_proj
    int64_t kv_lora_rank = 0;
    int64_t qk_rope_head_dim = 0;
    int64_t qk_nope_head_dim = 0;
    int64_t v_head_dim = 0;

    // Local attention: n_sliding_layers layers keep at most sliding_window tokens.
    int64_t sliding_window = 0;
    int64_t n_sliding_layers = 0;

    int64_t max_context = 0;  // max_position_embeddings; 0 = unknown

    // When the shape cannot be computed (encoders, Whisper, an entry with unverified expert counts, or an
    // explicit architecture that gives only sizes), these carry the published totals in parameters.
    std::optional<double> params_override;         // total parameters
    std::optional<double> active_params_override;  // active per token (MoE)

    // Exact tensor bytes read from the model's own files (GGUF or safetensors headers, model_file.hpp): the
    // weights are then these (lo = hi) instead of a layout of the chosen format. Active: what a decode step
    // reads (all but the unrouted experts); absent → the laid-out estimate's active share of the exact bytes.
    std::optional<double> weight_bytes_exact;
    std::optional<double> active_weight_bytes_exact;

    std::optional<double> published_total_params;  // e.g. 8.03e9 from the model card, for the 1% check
    std::string params_basis;  // "computed" or "stated: <why>"
    std::string source;        // where the fields were read
    std::string notes;

    bool is_moe() const { return n_experts > 0; }
    bool is_mla() const { return kv_lora_rank > 0; }
    bool has_shape() const { return n_layers > 0 && hidden > 0; }
};

// ---------------------------------------------------------------------------------------------------
// Hardware: accelerators (gpu/npu), Apple unified memory, and CPU memory platforms.
// ---------------------------------------------------------------------------------------------------
enum class HardwareKind { gpu, npu, unified, cpu };

// The one table of hardware kinds: how the catalog, the scenario, the URL and the page spell each kind, whether
// it is an accelerator (hardware.json "accelerators"; CPU platforms are a list of their own), and which of an
// engine's efficiency ranges (engines.json "efficiency") it uses: an NPU runs like a discrete GPU. The order is
// the order messages list the names in ("must be one of gpu, npu, cpu, unified").
struct HardwareKindInfo {
    HardwareKind kind;
    const char* name;
    bool accelerator;
    const char* efficiency_class;
};
inline constexpr HardwareKindInfo kHardwareKindTable[] = {
    {HardwareKind::gpu, "gpu", true, "gpu"},
    {HardwareKind::npu, "npu", true, "gpu"},
    {HardwareKind::cpu, "cpu", false, "cpu"},
    {HardwareKind::unified, "unified", true, "unified"},
};

inline const HardwareKindInfo& hardware_kind_info(HardwareKind k) {
    for (const HardwareKindInfo& info : kHardwareKindTable)
        if (info.kind == k) return info;
    return kHardwareKindTable[0];
}
// "gpu", "npu", "unified", "cpu".
inline const char* hardware_kind_name(HardwareKind k) { return hardware_kind_info(k).name; }
// The kind a name spells; nullopt for any other text.
inline std::optional<HardwareKind> hardware_kind_from_name(const std::string& name) {
    for (const HardwareKindInfo& info : kHardwareKindTable)
        if (name == info.name) return info.kind;
    return std::nullopt;
}
// The key of the engine's efficiency ranges the kind uses: "gpu", "unified" or "cpu".
inline const char* hardware_efficiency_class(HardwareKind k) { return hardware_kind_info(k).efficiency_class; }
// The names in table order; accelerators_only leaves out the CPU.
std::vector<std::string> hardware_kind_names(bool accelerators_only = false);
// The efficiency classes in table order, each once: gpu, cpu, unified.
std::vector<std::string> efficiency_class_names();

// Two ids that differ only in ASCII case ("q4_k_m" and "Q4_K_M", "mxfp4" and "MXFP4").
bool equal_ignoring_case(const std::string& a, const std::string& b);

// GPU servers hold 8 cards (HGX/DGX boards) unless the catalog says otherwise for a card: tensor parallelism stops
// at one server and pipeline stages go across servers.
inline constexpr int kDefaultCardsPerNode = 8;


struct Hardware {
    std::string id;      // "nvidia-h100-sxm-80gb"
    std::string vendor;  // "NVIDIA"
    std::string name;    // "H100 SXM5 80GB"
    std::string architecture;
    std::string market;  // datacenter, workstation, consumer, cloud-only, china-export, china-domestic, apple-soc, cpu
    HardwareKind kind = HardwareKind::gpu;

    std::optional<double> memory_gb;       // vendor label ("80 GB"); for CPU platforms the RAM, when known
    std::optional<double> bandwidth_gbs;   // theoretical peak, 1e9 B/s
    std::optional<double> fp16_tflops;     // dense FP16/BF16 with FP32 accumulate
    std::optional<double> fp16acc_tflops;  // GeForce FP16-accumulate rate (optimistic bound)
    std::optional<double> fp8_tflops;
    std::optional<double> int8_tops;
    std::optional<double> fp4_tflops;
    // Whether the card has FP8 tensor cores, as sourced in hardware.json ("fp8_tensor_cores"): known even when
    // its FP8 peak is not (Gaudi 2, the 4060 Ti, H200 NVL). nullopt: not known, never read as "no".
    std::optional<bool> fp8_tensor_cores;
    std::optional<double> tdp_w;
    std::string interconnect;                // "NVLink 4", "none"
    std::optional<double> interconnect_gbs;  // aggregate bidirectional GB/s; none for PCIe-only cards
    // The most of these cards one server holds, where a source says it differs from the 8-card boards the planner
    // assumes otherwise (hardware.json "cards_per_node"; GH200: 4). node_cards() reads it with that default.
    std::optional<int> cards_per_node;

    // CPU platforms: peak work per clock per core, and the machine's cores and sustained clock. The
    // socket's peak is cores × clock × ops per cycle; cores and clock describe the user's machine.
    std::optional<double> fp32_flops_per_cycle_per_core;
    std::optional<double> bf16_ops_per_cycle_per_core;
    std::optional<int> cores;
    std::optional<double> clock_ghz;
    // What the platform's product line offers when the machine's cores and clock are not given (catalog
    // cpu platforms; data/hardware.json "product_line"): core counts, base clocks (GHz), and cores × base
    // clock over its SKUs (GHz; narrower than the product of the two ranges). Not the user's machine.
    std::optional<Interval> cores_range;
    std::optional<Interval> clock_ghz_range;
    std::optional<Interval> core_ghz_range;
    std::string product_line;

    // Custom hardware typed by the user (scenario "hardware" object): the memory the runtime can use, in
    // GiB, taken as given (no label conversion), and the user's own price per card-hour in USD.
    std::optional<double> usable_memory_gib;
    std::optional<double> price_per_hour_usd;
    // Custom hardware only: the catalog card it copies ("based_on"; resolve_custom_hardware in context.hpp
    // starts from that card and replaces the figures the user gave), whether the kind was left to that card,
    // and DRAM channels × MT/s, from which the bandwidth follows when it is not given.
    std::string based_on;
    bool kind_from_base = false;
    std::optional<double> memory_channels;
    std::optional<double> memory_mts;

    std::string confidence;  // vendor, vendor-reproduced, third-party, low, conflicting
    std::string source;      // refs joined, first one first
    Text source_label;       // the refs as the page names them (addresses and titles, no prose, no paths)
    Text notes;              // shown in the hardware picker's tooltip in the page's language (both or neither)

    bool is_cpu() const { return kind == HardwareKind::cpu; }
    // Whether the card belongs to an architecture family as the catalog's rules name it: the family is part of the
    // card's architecture ("Ada" of "Ada Lovelace", "Hopper" of "Hopper + Grace"). An empty family names none.
    bool architecture_is(const std::string& family) const {
        return !family.empty() && architecture.find(family) != std::string::npos;
    }
};

// Cards per server for this card (cards_per_node, else kDefaultCardsPerNode).
inline int node_cards(const Hardware& h) { return h.cards_per_node.value_or(kDefaultCardsPerNode); }

// ---------------------------------------------------------------------------------------------------
// Formats.
// ---------------------------------------------------------------------------------------------------
enum class WeightScheme {
    dense,  // every weight at bits_per_weight (fp32, bf16, fp16, fp8, int8)
    group,  // linear weights at bits_per_weight + per-group overhead; embeddings/lm_head may stay 16-bit
    gguf,   // llama.cpp ftype: per-tensor ggml types chosen by llama-quantize's rules
};

// How a weight format runs on a GPU/NPU that lacks the tensor cores of its compute dtype (formats.json
// "weight_only_fallback"): the engine dequantizes the weights inside its kernels (vLLM's Marlin kernels for FP8 on
// Ampere, for MXFP4 without FP4 tensor cores). Without a fallback such a card cannot run the format
// (format_unsupported_on in context.hpp warns and the planner leaves the pair out).
struct WeightOnlyFallback {
    std::string vendor;                       // the card's vendor must equal it ("" = any vendor)
    std::string architecture;                 // the card's architecture must contain it ("" = any)
    std::vector<std::string> except_engines;  // engines that never fall back (TensorRT-LLM for FP8)
    std::string source;

    bool applies(const Hardware& hw, const std::string& engine_id) const;
};

// Cards on which an engine has no kernels for a format at all, whatever the tensor cores (formats.json
// "unsupported_on"): vLLM's AWQ kernels need Turing or newer, so a V100 cannot serve an AWQ checkpoint there
// while it serves GPTQ. format_unsupported_on (context.hpp) refuses the pair and names the gap.
struct KernelGap {
    std::vector<std::string> engines;        // the engines without the kernels (never empty)
    std::vector<std::string> architectures;  // the card's architecture contains one of them (never empty)
    std::string source;

    bool applies(const Hardware& hw, const std::string& engine_id) const;
};

struct WeightFormat {
    std::string id;  // "bf16", "awq-int4", "Q4_K_M"
    WeightScheme scheme = WeightScheme::dense;
    double bits_per_weight = 16;  // quantized linear weights, overhead included (group: 4 + 20/g)
    int group_size = 0;
    bool embeddings_16bit = false;  // GPTQ/AWQ keep embed + lm_head at 16 bit
    std::string compute_dtype;      // the tensor-core peak used for prefill: fp16, fp8, int8, fp4
    std::vector<std::string> engines;  // engine ids that run it
    Text description;                  // shown on hover
    std::string source;
    Text source_label;  // the source as the page names it (a cited reference's title, not its path); may be empty
    std::optional<WeightOnlyFallback> weight_only_fallback;  // absent: the compute dtype's tensor cores are needed
    std::vector<KernelGap> unsupported_on;                   // engine × architecture pairs without kernels
};

struct KvFormat {
    std::string id;  // fp16, bf16, fp8, q8_0, q4_0
    double bytes_per_element = 2;
    std::vector<std::string> engines;
    Text description;
    std::string source;
    Text source_label;  // as WeightFormat::source_label
};

// ---------------------------------------------------------------------------------------------------
// Engines: memory rules and efficiency ranges.
// ---------------------------------------------------------------------------------------------------
struct Efficiency {
    Interval eta_mem;     // fraction of peak bandwidth reached in decode (weights streaming)
    Interval t0_ms;       // fixed per-token (per step) cost: kernel launches, sampling, sync
    Interval mfu_short;   // model FLOPs utilisation in prefill at ~128 tokens
    Interval mfu_long;    // at >= 2048 tokens
    Interval batch_eff;   // fraction of compute peak reached by large decode batches
    // Host cost a decode step adds per sequence beyond the first (scheduling, input preparation, sampling,
    // detokenization, output processing), ms: step = t0 + t_seq × (batch − 1) + roofline. Optional in
    // engines.json ("t_seq_ms"); absent means the engine's step does not grow per sequence ([0, 0]).
    Interval t_seq_ms{0.0, 0.0};
    // η for mixture-of-experts models, whose grouped expert GEMMs stream weights less efficiently than dense
    // layers (optional "eta_mem_moe"; absent: eta_mem).
    std::optional<Interval> eta_mem_moe;
    // The fixed cost of one mixture-of-experts layer's expert block per forward, on top of the expert bytes it reads,
    // ms (optional "t_moe_layer_ms"; absent: none). Router, top-k, token alignment, the grouped GEMMs and the combine
    // are a chain of small kernels each with a minimum duration: at a few tokens per step that chain, more than the
    // bytes of the k experts, sets the layer's time (docs/estimation.md §5.2, calibration V031–V033, V053–V055).
    std::optional<Interval> t_moe_layer_ms;
};

// How the engine schedules a step (serving_sim.hpp): what the simulation of continuous batching needs
// beyond the memory rules.
struct SchedulerTraits {
    int64_t step_tokens = 0;      // tokens one step may carry; 0: the prefill budget (max_batched_tokens, with
                                  // the engine's GPU-size rule) — llama.cpp's n_batch is larger than its n_ubatch
    bool chunked_prefill = true;  // a prompt is split across steps (vLLM V1, SGLang, llama.cpp)
    bool mixed_steps = true;      // decodes ride in steps that carry prompt chunks (else prefill steps stall them)
    bool reserve_full_sequence = false;  // admission reserves a request's whole KV (else it grows and may be preempted)
    std::string source;
};

// Defaults an engine lowers on small GPUs (vLLM's EngineArgs.get_batch_defaults, SGLang's server_args).
struct SmallGpuDefaults {
    double below_gib = 0;                    // usable memory per card under which they apply
    std::vector<std::string> also;           // names that get them whatever their memory ("A100")
    int64_t max_batched_tokens = 0;          // the smaller prefill budget
    int64_t max_num_seqs = 0;                // the smaller sequence cap (0: unchanged)
};

// How the engine sizes its KV pool at start.
enum class KvPoolRule {
    exact,           // allocates what the sequences need (llama.cpp, Ollama, Transformers)
    share_of_total,  // reserves memory_utilization × total and gives the KV what is left (vLLM, SGLang)
    share_of_free,   // gives the KV memory_utilization of what is free after loading (TensorRT-LLM)
};

// The command builders deploy.cpp has, by the name engines.json's traits.launcher uses. An engine whose
// launcher is "" (or a catalog engine without traits) gets "no launch template" instead of a guessed command.
inline const std::vector<std::string>& launcher_names() {
    static const std::vector<std::string> kNames{"vllm-serve",   "sglang-launch-server", "trtllm-serve",
                                                 "llama-server", "ollama-serve",         "transformers-serve"};
    return kNames;
}

// What the core asks of an engine by trait rather than by its id (engines.json "traits"; all optional, absent
// means "no").
struct EngineTraits {
    std::string launcher;        // one of launcher_names(), "" = none
    bool ggml_kernels = false;   // its matmuls are ggml's kernels whatever the weight format (llama.cpp, Ollama)
    bool expert_offload = false; // MoE experts can live in host RAM (llama-server --n-cpu-moe); offload.cpp estimates it
    bool spills_layers_to_cpu = false;  // a model that does not fit loads anyway, its remaining layers in system memory (Ollama)
    std::optional<Text> expert_offload_caveat;  // shown with an offload estimate (Ollama: it is llama.cpp's option)
    bool default_for_cpu = false;  // the engine CPU rows use when the scenario's engine does not run on CPUs
    std::string source;
};

struct Engine {
    std::string id;    // vllm, sglang, tensorrt-llm, llama.cpp, ollama, transformers
    std::string name;  // "vLLM"
    double memory_utilization = 1.0;  // vLLM gpu_memory_utilization 0.9; 1.0 = allocates exact buffers
    Interval runtime_gib;             // per card: CUDA context, framework, graphs, allocator slack
    Interval activation_gib;          // per card: peak compute buffers at the default batch size
    // Peak compute buffers, when the engine's profile run is modelled by its two parts (vLLM, SGLang): the
    // forward over max_batched_tokens (bytes per token per unit of hidden + FFN width) and the sampler over
    // max_num_seqs rows of the vocabulary (bytes per logit). Unset: activation_gib scaled by vocabulary and budget.
    std::optional<Interval> activation_bytes_per_token_width;
    std::optional<Interval> sampler_bytes_per_logit;
    KvPoolRule kv_pool = KvPoolRule::exact;
    bool reserves_layer_per_card = false;    // Ollama keeps one layer's weights free per GPU
    bool layer_split_spans_nodes = false;    // a layer split may span machines (llama.cpp's RPC backend)
    std::optional<SmallGpuDefaults> small_gpu_defaults;
    int64_t max_batched_tokens = 0;   // vLLM max_num_batched_tokens / llama.cpp n_ubatch
    int64_t kv_block_tokens = 1;      // allocation granularity of the KV cache
    int64_t max_num_seqs = 1;         // default cap on sequences in flight
    std::string default_kv;           // KV format id when the scenario gives none
    bool paged_kv = false;            // allocates KV per sequence on demand (vs. whole context per slot)
    bool tensor_parallel = false;     // splits layers' matrices across cards (speed-up); false: layer split
    bool continuous_batching = false;
    std::vector<std::string> hardware_kinds;    // gpu, npu, unified, cpu
    std::vector<std::string> vendors;           // GPU/NPU vendors it runs on (hardware.json "vendor"); empty: any
    // The architectures the engine's makers support (engines.json "supported_architectures"); a card of its vendors
    // outside them runs on community support only, which a warning says. Empty: not stated.
    std::vector<std::string> supported_architectures;
    std::string supported_architectures_source;
    // Formats of a scheme the engine loads only in a way the estimate does not model (engines.json
    // "formats_not_estimated"): vLLM's GGUF through an experimental plugin, Transformers' GGUF dequantized at load.
    // They are still formats it cannot run here (judge.hpp cannot_run_on), with this reason instead of a bare "cannot".
    struct SchemeNotEstimated {
        WeightScheme scheme = WeightScheme::gguf;
        Text why;  // a clause: "vLLM loads GGUF only through …"
        std::string source;
    };
    std::vector<SchemeNotEstimated> formats_not_estimated;
    const SchemeNotEstimated* not_estimated(WeightScheme scheme) const {
        for (const SchemeNotEstimated& n : formats_not_estimated)
            if (n.scheme == scheme) return &n;
        return nullptr;
    }
    std::map<std::string, Efficiency> efficiency;  // key: hardware class ("gpu", "unified", "cpu")
    SchedulerTraits scheduler;
    // KV format the engine picks by default for a weight format (TensorRT-LLM: the FP8 KV cache that NVIDIA's
    // FP8/NVFP4 checkpoints carry); formats not listed use default_kv.
    std::map<std::string, std::string> default_kv_by_weights;
    EngineTraits traits;
    Text description;  // what the engine is, for the user in both languages (empty when the catalog has none)
    std::string source;
    Text source_label;  // the source as the page names it, in both languages (empty: the page shows no source)
    std::string notes;  // the calibration's provenance (English, for the catalog's readers)
};

// ---------------------------------------------------------------------------------------------------
// Prices.
// ---------------------------------------------------------------------------------------------------
struct GpuPrice {
    std::string provider;
    std::string gpu;          // as the provider names it
    std::string hardware_id;  // the catalog accelerator it maps to ("" when none)
    std::string currency = "USD";
    Interval per_gpu_hour;    // lo == hi for a single list price
    std::string pricing_model;  // on-demand, spot, ...
    std::string as_of;
    std::string source;
    std::string confidence;
    std::string notes;  // e.g. "'from' price" when only a lower bound was published (then lo == hi)
};

struct ApiPrice {
    std::string provider;
    std::string model;
    std::string currency;  // USD or CNY
    double input_per_mtok = 0;
    std::optional<double> cached_input_per_mtok;
    double output_per_mtok = 0;
    std::string status;  // current, legacy, promo, ...
    std::string conditions;  // context-length tiers, peak/off-peak rules ("" when none)
    std::string as_of;
    std::string source;
    std::string notes;
    // Catalog model ids this row serves as they are (the same weights): the API compared first for those
    // models ("the same model hosted"). Empty for an API of the provider's own model.
    std::vector<std::string> hosts;
};

struct ExchangeRate {
    double cny_per_usd = 0;  // 0: no sourced rate (the catalog's value is null); show no conversion
    std::string as_of;
    std::string source;
    bool known() const { return cny_per_usd > 0; }
};

// Which API the self-hosted cost is compared with (prices.json "api_comparison"): models with at most
// small_model_max_params total parameters use the small tier, larger ones the large tier. In each tier the
// first model name is the rule; the others stand in, in order, when the catalog has no row for it.
struct ApiTier {
    Text rule;                        // what the tier is: "a cheap current API (DeepSeek flash tier)"
    std::vector<std::string> models;  // llm_api model names, as prices.json spells them ("deepseek-flash")
};

struct ApiComparison {
    double small_model_max_params = 0;  // total parameters, e.g. 1.4e10
    ApiTier small, large;
    std::string source;
};

// The host platform a GPU is assumed to sit in when MoE experts are offloaded to its RAM (hardware.json
// "host_defaults"): cards of a server market in the server platform, others in the desktop one.
struct HostDefaults {
    std::vector<std::string> server_markets;  // Hardware::market values: datacenter, cloud-only, ...
    std::string server;                       // cpu platform ids
    std::string desktop;
    std::string source;

    bool is_server_market(const std::string& market) const;
};

struct Catalog {
    std::string version;  // data version string
    std::vector<ModelArch> models;
    std::vector<Hardware> hardware;
    std::vector<WeightFormat> weight_formats;
    std::vector<KvFormat> kv_formats;
    std::vector<Engine> engines;
    std::vector<GpuPrice> gpu_prices;
    std::vector<ApiPrice> api_prices;
    ExchangeRate usd_cny;
    ApiComparison api_comparison;
    HostDefaults host_defaults;

    const ModelArch* find_model(const std::string& id) const;
    const Hardware* find_hardware(const std::string& id) const;
    // Exact id first ("bf16" vs GGUF "BF16", "mxfp4" vs GGUF "MXFP4"), then case-insensitive ("q4_k_m").
    const WeightFormat* find_weight_format(const std::string& id) const;
    const KvFormat* find_kv_format(const std::string& id) const;
    const Engine* find_engine(const std::string& id) const;
    // The engine whose traits say default_for_cpu (llama.cpp in the bundled catalog); nullptr when none does.
    const Engine* default_cpu_engine() const;
    // The cpu platform host_defaults assigns to a card ("server" for its server markets, else "desktop");
    // nullptr when the catalog has no such platform.
    const Hardware* default_host_for(const Hardware& card) const;
    // On-demand rental prices for one accelerator, lowest first; empty when none is known.
    std::vector<const GpuPrice*> prices_for(const std::string& hardware_id) const;
    // Every rental row for one accelerator whatever its pricing model (spot, serverless, marketplace,
    // reserved), lowest first: the fallback when no on-demand price is known.
    std::vector<const GpuPrice*> all_prices_for(const std::string& hardware_id) const;
};

}  // namespace infersizer
