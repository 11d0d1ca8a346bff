// hf_config.cpp — a published config.json → ModelArch; the scenario's explicit architecture ↔ ModelArch.
//
// Field names and class defaults follow Hugging Face transformers (and the remote-code config classes of
// ChatGLM, InternLM2, Baichuan, MiniCPM); docs/references/models.md lists how each family maps onto the
// catalog's fields. A default taken for an absent field is recorded in ModelArch::notes, never silent.
//
// [SECTION] typed field reader: json_reader.hpp with config.json's conventions
// [SECTION] local-attention layer counts
// [SECTION] families: dense decoders, MoE, MLA, gpt-oss, ChatGLM
// [SECTION] encoders and Whisper (stated totals computed from docs/references/models.md formulas)
// [SECTION] model_from_hf_config
// [SECTION] explicit architecture
#include "hf_config.hpp"

#include "json_parse.hpp"
#include "json_reader.hpp"
#include "model_limits.hpp"
#include "scenario.hpp"
#include "units.hpp"
#include "value_text.hpp"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <optional>

namespace infersizer {

using nlohmann::json;

namespace {

// ---------------------------------------------------------------------------------------------------
// [SECTION] typed field reader: json_reader.hpp with config.json's conventions
// ---------------------------------------------------------------------------------------------------
using json_read::Need;
using json_read::NumberRule;

using model_limits::kMaxDimension;  // the bound of a field model_limits.hpp does not list

// Widths, counts and vocabularies: integers up to kMaxDimension (4096.0 is accepted); a value that is not a
// number is told "must be an integer".
NumberRule dimension_rule(int64_t lo, int64_t max = kMaxDimension) {
    NumberRule r = json_read::integers_from(lo, max);
    r.type_what = "an integer";
    return r;
}
const NumberRule kDimension = dimension_rule(1);
const NumberRule kDimensionOrZero = dimension_rule(0);  // counts that may be 0 (shared experts, dense layers)
// Billions of parameters; the range is checked after every field's type (model_from_explicit).
const NumberRule kBillions = json_read::numbers_from(limits::kParamsBMin, limits::kParamsBMax, "a number of billions");
// Exact weight bytes from a model file: 1 byte to 1 PB (far above any model published).
const NumberRule kWeightBytes = json_read::numbers_from(1, 1e15, "a number of bytes");

// One config.json object (or explicit architecture) read through json_reader's Reader with the conventions of
// config.json: a JSON null counts as absent (configs write null for "not used": q_lora_rank, sliding_window); a
// needed field that is absent names the family ("required for llama: hidden_size (model width)"); an absent field
// with a class default takes it and says so in the notes, never silently. The first error is the one returned.
class Fields {
public:
    Fields(const json& obj, std::string path, const json_read::ErrorIds& ids, std::string required_for)
        : r_(obj, "", std::move(path), errors_, ids), required_for_(std::move(required_for)) {}
    Fields(const Fields&) = delete;
    Fields& operator=(const Fields&) = delete;

    std::optional<Error> error() const { return errors_.empty() ? std::nullopt : std::optional<Error>(errors_.front()); }
    bool failed() const { return !errors_.empty(); }

    bool has(const char* key) const { return r_.present(key); }
    const json* get(const char* key) const { return r_.present(key) ? r_.get(key) : nullptr; }

    void range_error(const char* key, const std::string& message) const {
        r_.fail(r_.ids().range, r_.at(key), message);
    }
    void missing(const char* key, const std::string& what) const { r_.missing(key, required_for_ + ": " + what); }

    // An integer in [lo, kMaxDimension], lo 0 or 1.
    // The bound is the field's own (model_limits.hpp), checked on the double before the conversion.
    std::optional<int64_t> opt_int(const char* key, int64_t lo = 1) const {
        const int64_t max = model_limits::max_of(key);
        const auto v = r_.number(key, max == kMaxDimension ? (lo == 0 ? kDimensionOrZero : kDimension)
                                                           : dimension_rule(lo, max),
                                 Need::optional);
        return v ? std::optional<int64_t>(static_cast<int64_t>(*v)) : std::nullopt;
    }
    int64_t req_int(const char* key, const std::string& what, int64_t lo = 1) const {
        if (!has(key)) {
            missing(key, what);
            return 0;
        }
        return opt_int(key, lo).value_or(0);
    }
    // The first present key of several spellings (ChatGLM num_layers / num_hidden_layers, ...).
    int64_t req_int_any(std::initializer_list<const char*> keys, const std::string& what) const {
        for (const char* k : keys)
            if (has(k)) return opt_int(k).value_or(0);
        missing(*keys.begin(), what);
        return 0;
    }
    // An absent field takes the class default, and the note says so.
    int64_t int_or(const char* key, int64_t fallback, std::vector<std::string>& notes, int64_t lo = 1) const {
        if (!has(key)) {
            notes.push_back(std::string(key) + " absent: class default " + std::to_string(fallback));
            return fallback;
        }
        return opt_int(key, lo).value_or(fallback);
    }
    std::optional<bool> opt_bool(const char* key) const { return r_.optional_flag(key); }
    bool bool_or(const char* key, bool fallback, std::vector<std::string>& notes) const {
        if (!has(key)) {
            notes.push_back(std::string(key) + " absent: class default " + (fallback ? "true" : "false"));
            return fallback;
        }
        return opt_bool(key).value_or(fallback);
    }
    std::optional<std::string> opt_string(const char* key) const { return r_.optional_string(key); }
    std::string choice(const char* key, const std::vector<std::string>& accepted) const {
        return r_.enumerated(key, accepted, Need::optional, json_read::ChoiceWords{"", "a string"});
    }
    std::optional<double> opt_number(const char* key, const NumberRule& rule = json_read::kAnyNumber) const {
        return r_.number(key, rule, Need::optional);
    }
    const json* opt_array(const char* key) const { return r_.array(key, Need::optional); }

private:
    Errors errors_;
    json_read::Reader r_;
    std::string required_for_;
};

std::string join_notes(const std::vector<std::string>& notes) {
    std::string s;
    for (const auto& n : notes) s += (s.empty() ? "" : "; ") + n;
    return s;
}

// ---------------------------------------------------------------------------------------------------
// [SECTION] local-attention layer counts
// ---------------------------------------------------------------------------------------------------

// How a family places its sliding-window layers when the config has no layer_types list.
enum class SlidingRule {
    none,         // no local attention (Llama, DeepSeek, ...)
    all_layers,   // Mistral-7B-v0.1 / Mixtral: the window applies to every layer when sliding_window is set
    qwen2,        // use_sliding_window: layers i >= max_window_layers slide (transformers Qwen2 layer_types)
    even_layers,  // Gemma-2 and gpt-oss: layer i slides when i is even
    pattern,      // Gemma-3: layer i is global iff (i+1) % sliding_window_pattern == 0 (default 6)
    ignored,      // Phi-3: HF's implementation ignores the config value (docs/references/models.md)
};

struct Sliding {
    int64_t window = 0;
    int64_t layers = 0;
};

Sliding sliding_layers(Fields& f, SlidingRule rule, int64_t n_layers, std::optional<int64_t> default_window,
                       std::vector<std::string>& notes) {
    if (rule == SlidingRule::ignored) {
        if (f.has("sliding_window")) notes.push_back("sliding_window ignored: the HF implementation does not apply it");
        return {};
    }
    Sliding s;
    std::optional<int64_t> window = f.opt_int("sliding_window");
    if (!window && default_window && rule != SlidingRule::none && rule != SlidingRule::all_layers &&
        rule != SlidingRule::qwen2) {
        window = default_window;
        notes.push_back("sliding_window absent: class default " + std::to_string(*default_window));
    }
    // An explicit per-layer list wins over every family rule (gpt-oss, newer Gemma/Qwen configs).
    if (const json* types = f.opt_array("layer_types")) {
        int64_t n = 0;
        for (const auto& t : *types)
            if (t.is_string() && t.get<std::string>() == "sliding_attention") ++n;
        if (n > 0 && window) return {*window, std::min(n, n_layers)};
        return {};
    }
    if (!window || *window <= 0) return {};
    s.window = *window;
    switch (rule) {
        case SlidingRule::none: return {};
        case SlidingRule::ignored: return {};
        case SlidingRule::all_layers: s.layers = n_layers; break;
        case SlidingRule::qwen2: {
            if (!f.opt_bool("use_sliding_window").value_or(false)) return {};  // Qwen2.x: false, inactive
            const int64_t first = f.int_or("max_window_layers", 28, notes, 0);  // Qwen2Config default 28
            s.layers = std::max<int64_t>(0, n_layers - first);
            break;
        }
        case SlidingRule::even_layers: s.layers = (n_layers + 1) / 2; break;
        case SlidingRule::pattern: {
            const int64_t p = f.int_or("sliding_window_pattern", 6, notes);
            s.layers = n_layers - n_layers / p;  // every p-th layer (i+1 divisible by p) is global
            break;
        }
    }
    if (s.layers == 0) s.window = 0;
    return s;
}

// ---------------------------------------------------------------------------------------------------
// [SECTION] families
// ---------------------------------------------------------------------------------------------------

// Class defaults of one transformers config class, for the fields the count depends on.
struct Family {
    bool tie = false;                    // tie_word_embeddings default
    bool qkv_bias = false;               // attention_bias default
    bool qkv_bias_always = false;        // Qwen2: q/k/v biases are hard-coded, whatever the config says
    bool qk_norm = false;
    int norms = 2;
    std::optional<int64_t> head_dim;     // default head_dim (Gemma 256, GLM 128)
    std::optional<int64_t> vocab;        // default vocab_size (Gemma-3 text 262208)
    std::optional<int64_t> max_context; // default max_position_embeddings
    std::optional<int64_t> kv_heads;     // default num_key_value_heads (Gemma-3 text 4); else = heads
    std::optional<int64_t> window;       // default sliding_window
    SlidingRule sliding = SlidingRule::none;
    const char* bias_key = "attention_bias";
};

Family family_defaults(const std::string& t) {
    Family f;
    if (t == "qwen2") { f.qkv_bias_always = true; f.sliding = SlidingRule::qwen2; }
    else if (t == "qwen3" || t == "qwen3_moe") { f.qk_norm = true; f.sliding = SlidingRule::qwen2; }
    else if (t == "mistral" || t == "mixtral") f.sliding = SlidingRule::all_layers;
    else if (t == "phi3") f.sliding = SlidingRule::ignored;
    else if (t == "gemma2") {
        f.tie = true; f.norms = 4; f.head_dim = 256; f.max_context = 8192; f.window = 4096;
        f.sliding = SlidingRule::even_layers;
    } else if (t == "gemma3_text" || t == "gemma3") {
        f.tie = true; f.norms = 4; f.qk_norm = true; f.head_dim = 256; f.vocab = 262208; f.max_context = 131072;
        f.kv_heads = 4; f.window = 4096; f.sliding = SlidingRule::pattern;
    } else if (t == "glm") { f.qkv_bias = true; f.head_dim = 128; }
    else if (t == "glm4") { f.qkv_bias = true; f.head_dim = 128; f.norms = 4; }
    else if (t == "glm4_moe") { f.head_dim = 128; }
    else if (t == "internlm2") f.bias_key = "bias";
    else if (t == "minicpm") f.tie = true;  // MiniCPM-2B configuration_minicpm.py: tie_word_embeddings=True
    else if (t == "gpt_oss") { f.qkv_bias = true; f.head_dim = 64; f.window = 128; f.sliding = SlidingRule::even_layers; }
    return f;
}

struct Parsed {
    ModelArch m;
    std::vector<std::string> notes;
};

// The fields every decoder family shares (LlamaConfig names).
void parse_decoder(Fields& f, const Family& fam, Parsed& p) {
    ModelArch& m = p.m;
    m.hidden = f.req_int("hidden_size", "hidden_size (model width)");
    m.n_layers = f.req_int("num_hidden_layers", "num_hidden_layers");
    m.n_heads = f.req_int("num_attention_heads", "num_attention_heads");
    m.intermediate = f.req_int("intermediate_size", "intermediate_size (FFN width)");
    if (fam.vocab) m.vocab = f.int_or("vocab_size", *fam.vocab, p.notes);
    else m.vocab = f.req_int("vocab_size", "vocab_size");
    if (f.failed()) return;

    if (fam.kv_heads) m.n_kv_heads = f.int_or("num_key_value_heads", *fam.kv_heads, p.notes);
    else m.n_kv_heads = f.opt_int("num_key_value_heads").value_or(m.n_heads);  // None → MHA (LlamaConfig)
    if (fam.head_dim) m.head_dim = f.int_or("head_dim", *fam.head_dim, p.notes);
    else if (f.has("head_dim")) m.head_dim = f.opt_int("head_dim").value_or(0);
    else if (m.n_heads > 0 && m.hidden % m.n_heads == 0) m.head_dim = m.hidden / m.n_heads;
    else f.missing("head_dim", "head_dim (hidden_size is not a multiple of num_attention_heads)");
    if (f.failed()) return;
    if (m.n_kv_heads > m.n_heads || m.n_heads % m.n_kv_heads != 0)
        f.range_error("num_key_value_heads", "must divide num_attention_heads (" + std::to_string(m.n_heads) +
                                                 "), got " + std::to_string(m.n_kv_heads));

    m.tie_embeddings = f.bool_or("tie_word_embeddings", fam.tie, p.notes);
    m.qkv_bias = fam.qkv_bias_always || f.opt_bool(fam.bias_key).value_or(fam.qkv_bias);
    m.qk_norm = fam.qk_norm;
    m.norms_per_layer = fam.norms;
    if (fam.max_context) m.max_context = f.int_or("max_position_embeddings", *fam.max_context, p.notes);
    else m.max_context = f.opt_int("max_position_embeddings").value_or(0);
    if (m.max_context == 0 && !f.failed()) p.notes.push_back("context length unknown: no max_position_embeddings");

    const Sliding s = sliding_layers(f, fam.sliding, m.n_layers, fam.window, p.notes);
    m.sliding_window = s.window;
    m.n_sliding_layers = s.layers;
}

// Mixtral: every layer is MoE; experts are as wide as intermediate_size (MixtralConfig defaults 8 and 2).
void parse_mixtral(Fields& f, Parsed& p) {
    p.m.n_experts = f.int_or("num_local_experts", 8, p.notes);
    p.m.experts_per_tok = f.int_or("num_experts_per_tok", 2, p.notes);
    p.m.moe_intermediate = p.m.intermediate;
}

// Qwen3-MoE: no shared experts; mlp_only_layers / decoder_sparse_step make some layers dense.
void parse_qwen3_moe(Fields& f, Parsed& p) {
    ModelArch& m = p.m;
    m.n_experts = f.req_int("num_experts", "num_experts (routed experts per layer)");
    m.experts_per_tok = f.req_int("num_experts_per_tok", "num_experts_per_tok");
    m.moe_intermediate = f.req_int("moe_intermediate_size", "moe_intermediate_size (width of one expert)");
    int64_t dense = 0;
    if (const json* only = f.opt_array("mlp_only_layers")) dense = static_cast<int64_t>(only->size());
    const int64_t step = f.opt_int("decoder_sparse_step").value_or(1);
    if (step > 1) {
        dense = m.n_layers - m.n_layers / step;  // layer i is sparse iff (i+1) % step == 0
        p.notes.push_back("decoder_sparse_step " + std::to_string(step) + ": dense layers counted as leading layers");
    } else if (dense > 0) {
        p.notes.push_back("mlp_only_layers counted as leading dense layers");
    }
    m.first_k_dense = std::min(dense, m.n_layers);
}

// DeepSeek-V2/V3/R1 and Kimi-K2: MLA attention with DeepSeekMoE (shared experts, leading dense layers).
void parse_deepseek(Fields& f, const std::string& type, Parsed& p) {
    ModelArch& m = p.m;
    const bool v3 = type != "deepseek_v2";
    m.kv_lora_rank = f.req_int("kv_lora_rank", "kv_lora_rank (MLA latent width)");
    m.qk_rope_head_dim = f.req_int("qk_rope_head_dim", "qk_rope_head_dim");
    m.qk_nope_head_dim = f.req_int("qk_nope_head_dim", "qk_nope_head_dim");
    m.v_head_dim = f.req_int("v_head_dim", "v_head_dim");
    m.q_lora_rank = f.opt_int("q_lora_rank").value_or(0);  // null: full-rank q_proj (V2-Lite)
    m.head_dim = m.qk_nope_head_dim + m.qk_rope_head_dim;  // the Q/K head width; KV uses the latent
    m.n_experts = f.req_int("n_routed_experts", "n_routed_experts");
    m.experts_per_tok = f.req_int("num_experts_per_tok", "num_experts_per_tok");
    m.moe_intermediate = f.req_int("moe_intermediate_size", "moe_intermediate_size (width of one expert)");
    // DeepseekV3Config defaults: 1 shared expert, 3 dense layers, noaux_tc; DeepseekV2Config: none, 0, greedy.
    m.n_shared_experts = f.int_or("n_shared_experts", v3 ? 1 : 0, p.notes, 0);
    m.first_k_dense = f.int_or("first_k_dense_replace", v3 ? 3 : 0, p.notes, 0);
    const std::string topk = f.opt_string("topk_method").value_or(v3 ? "noaux_tc" : "greedy");
    m.router_bias = topk == "noaux_tc";  // e_score_correction_bias
    if (f.opt_int("moe_layer_freq").value_or(1) != 1) p.notes.push_back("moe_layer_freq != 1 not modelled");
    if (f.opt_int("num_nextn_predict_layers", 0).value_or(0) > 0)
        p.notes.push_back("MTP layers (num_nextn_predict_layers) not counted: unused for plain decoding");
}

// GLM-4.5 (glm4_moe): GQA attention with DeepSeekMoE-style experts and a routing bias.
void parse_glm4_moe(Fields& f, Parsed& p) {
    ModelArch& m = p.m;
    m.n_experts = f.req_int("n_routed_experts", "n_routed_experts");
    m.experts_per_tok = f.req_int("num_experts_per_tok", "num_experts_per_tok");
    m.moe_intermediate = f.req_int("moe_intermediate_size", "moe_intermediate_size (width of one expert)");
    m.n_shared_experts = f.int_or("n_shared_experts", 1, p.notes, 0);
    m.first_k_dense = f.int_or("first_k_dense_replace", 1, p.notes, 0);
    m.qk_norm = f.opt_bool("use_qk_norm").value_or(false);
    m.router_bias = true;  // Glm4MoeTopkRouter always has e_score_correction_bias
    if (f.opt_int("num_nextn_predict_layers", 0).value_or(0) > 0)
        p.notes.push_back("MTP layers (num_nextn_predict_layers) not counted: unused for plain decoding");
}

// gpt-oss: biases everywhere, attention sinks, a router bias, experts as wide as intermediate_size.
void parse_gpt_oss(Fields& f, Parsed& p) {
    ModelArch& m = p.m;
    m.n_experts = f.req_int("num_local_experts", "num_local_experts");
    m.experts_per_tok = f.req_int_any({"num_experts_per_tok", "experts_per_token"}, "num_experts_per_tok");
    m.moe_intermediate = m.intermediate;
    m.gpt_oss_layout = true;
    m.qkv_bias = true;
    m.router_bias = true;
}

// An unknown family that names its experts in one of the usual ways.
void parse_generic_moe(Fields& f, Parsed& p) {
    ModelArch& m = p.m;
    for (const char* key : {"num_local_experts", "num_experts", "n_routed_experts"})
        if (f.has(key)) m.n_experts = f.opt_int(key, 0).value_or(0);
    if (m.n_experts <= 1) {
        m.n_experts = 0;
        return;
    }
    m.experts_per_tok = f.req_int("num_experts_per_tok", "num_experts_per_tok");
    m.moe_intermediate = f.opt_int("moe_intermediate_size").value_or(m.intermediate);
    m.n_shared_experts = f.opt_int("n_shared_experts", 0).value_or(0);
    m.first_k_dense = f.opt_int("first_k_dense_replace", 0).value_or(0);
}

// ChatGLM (GLM-4-9B, remote code): its own key names, fused QKV with bias, a separate output layer.
void parse_chatglm(Fields& f, Parsed& p) {
    ModelArch& m = p.m;
    m.n_layers = f.req_int_any({"num_layers", "num_hidden_layers"}, "num_layers");
    m.hidden = f.req_int("hidden_size", "hidden_size (model width)");
    m.n_heads = f.req_int("num_attention_heads", "num_attention_heads");
    m.intermediate = f.req_int("ffn_hidden_size", "ffn_hidden_size (FFN width)");
    m.vocab = f.req_int_any({"padded_vocab_size", "vocab_size"}, "padded_vocab_size");
    if (f.failed()) return;
    const bool mqa = f.opt_bool("multi_query_attention").value_or(false);
    m.n_kv_heads = mqa ? f.req_int("multi_query_group_num", "multi_query_group_num (KV groups)") : m.n_heads;
    m.head_dim = f.opt_int("kv_channels").value_or(m.hidden / m.n_heads);
    m.qkv_bias = f.opt_bool("add_qkv_bias").value_or(false);
    if (f.opt_bool("add_bias_linear").value_or(false)) p.notes.push_back("add_bias_linear biases not counted");
    // ChatGLMForConditionalGeneration keeps output_layer apart from the embedding.
    m.tie_embeddings = f.opt_bool("tie_word_embeddings").value_or(false);
    m.max_context = f.opt_int("seq_length").value_or(0);
    if (m.max_context == 0 && !f.failed()) p.notes.push_back("context length unknown: no seq_length");
    if (!f.failed() && (m.n_kv_heads > m.n_heads || m.n_heads % m.n_kv_heads != 0))
        f.range_error("multi_query_group_num", "must divide num_attention_heads");
}

// Baichuan: MHA, context in model_max_length.
void parse_baichuan(Fields& f, const Family& fam, Parsed& p) {
    parse_decoder(f, fam, p);
    if (p.m.max_context == 0 && f.has("model_max_length")) {
        p.m.max_context = f.opt_int("model_max_length").value_or(0);
        p.notes.erase(std::remove(p.notes.begin(), p.notes.end(),
                                  std::string("context length unknown: no max_position_embeddings")),
                      p.notes.end());
    }
}

// ---------------------------------------------------------------------------------------------------
// [SECTION] encoders and Whisper
// ---------------------------------------------------------------------------------------------------

// XLM-RoBERTa / BERT encoders (docs/references/models.md): embeddings V·H + P·H + T·H + 2H; per layer
// 4(H·H+H) + 2H + (H·I+I) + (I·H+H) + 2H; + pooler H·H+H for the bare *Model; + classifier
// H·H+H + H·labels+labels for *ForSequenceClassification. Stored as a stated total: the decoder fields of
// ModelArch cannot express it.
void parse_encoder(Fields& f, Parsed& p) {
    ModelArch& m = p.m;
    m.hidden = f.req_int("hidden_size", "hidden_size");
    m.n_layers = f.req_int("num_hidden_layers", "num_hidden_layers");
    m.n_heads = f.req_int("num_attention_heads", "num_attention_heads");
    m.intermediate = f.req_int("intermediate_size", "intermediate_size");
    m.vocab = f.req_int("vocab_size", "vocab_size");
    const int64_t positions = f.req_int("max_position_embeddings", "max_position_embeddings");
    const int64_t types = f.opt_int("type_vocab_size", 0).value_or(2);
    if (f.failed()) return;
    m.n_kv_heads = m.n_heads;
    m.head_dim = m.hidden / m.n_heads;
    m.max_context = positions;
    m.tie_embeddings = true;  // no separate head to count
    m.role = ModelRole::embedding;
    const double H = static_cast<double>(m.hidden), I = static_cast<double>(m.intermediate);
    double total = static_cast<double>(m.vocab + positions + types) * H + 2 * H;
    total += static_cast<double>(m.n_layers) * (4 * (H * H + H) + 2 * H + (H * I + I) + (I * H + H) + 2 * H);
    std::string arch;
    if (const json* a = f.get("architectures"); a && a->is_array() && !a->empty() && (*a)[0].is_string())
        arch = (*a)[0].get<std::string>();
    if (arch.find("ForSequenceClassification") != std::string::npos) {
        int64_t labels = 2;  // PretrainedConfig default num_labels
        if (const json* l = f.get("id2label"); l && l->is_object()) labels = static_cast<int64_t>(l->size());
        total += H * H + H + H * static_cast<double>(labels) + static_cast<double>(labels);
        m.role = ModelRole::reranker;
    } else if (arch.size() >= 5 && arch.compare(arch.size() - 5, 5, "Model") == 0) {
        total += H * H + H;  // pooler
    }
    m.params_override = total;
    m.params_basis = "stated: encoder total computed in hf_config from the XLM-RoBERTa formula (docs/references/models.md)";
    p.notes.push_back("encoder: no KV cache during inference; parameters from the encoder formula");
}

// Whisper (docs/references/models.md): encoder conv1 mel·H·3+H, conv2 H·H·3+H, positions S·H, layers of q(+b) k v(+b) o(+b),
// 2 LayerNorms, fc1/fc2 with bias, final LayerNorm; decoder: token embedding (shared with proj_out),
// positions, layers with self- and cross-attention and 3 LayerNorms, final LayerNorm.
void parse_whisper(Fields& f, Parsed& p) {
    ModelArch& m = p.m;
    m.hidden = f.req_int("d_model", "d_model");
    const int64_t enc_layers = f.req_int("encoder_layers", "encoder_layers");
    const int64_t enc_ffn = f.req_int("encoder_ffn_dim", "encoder_ffn_dim");
    m.n_layers = f.req_int("decoder_layers", "decoder_layers");
    m.intermediate = f.req_int("decoder_ffn_dim", "decoder_ffn_dim");
    m.n_heads = f.req_int("decoder_attention_heads", "decoder_attention_heads");
    m.vocab = f.req_int("vocab_size", "vocab_size");
    const int64_t mels = f.opt_int("num_mel_bins").value_or(80);
    const int64_t src = f.opt_int("max_source_positions").value_or(1500);
    m.max_context = f.opt_int("max_target_positions").value_or(448);
    if (f.failed()) return;
    m.n_kv_heads = m.n_heads;
    m.head_dim = m.hidden / m.n_heads;
    m.tie_embeddings = true;
    m.role = ModelRole::asr;
    const double H = static_cast<double>(m.hidden);
    const double attn = 4 * H * H + 3 * H;  // q, k, v, o weights; biases on q, v, o
    const double ln = 2 * H;
    auto mlp = [H](double I) { return (H * I + I) + (I * H + H); };
    const double encoder = (static_cast<double>(mels) * H * 3 + H) + (H * H * 3 + H) + static_cast<double>(src) * H +
                           static_cast<double>(enc_layers) * (attn + 2 * ln + mlp(static_cast<double>(enc_ffn))) + ln;
    const double decoder = static_cast<double>(m.vocab) * H + static_cast<double>(m.max_context) * H +
                           static_cast<double>(m.n_layers) * (2 * attn + 3 * ln + mlp(static_cast<double>(m.intermediate))) + ln;
    m.params_override = encoder + decoder;
    m.params_basis = "stated: encoder-decoder total computed in hf_config from the Whisper formula (docs/references/models.md)";
    p.notes.push_back("Whisper: KV shape is the decoder's self-attention; cross-attention adds a fixed 1500-frame cache per request");
}

// ---------------------------------------------------------------------------------------------------
// [SECTION] model_from_hf_config
// ---------------------------------------------------------------------------------------------------

// config.json without model_type (some copies drop it): the architecture class names the family.
std::string model_type_from_architectures(const json& config) {
    static const std::pair<const char*, const char*> kMap[] = {
        {"LlamaForCausalLM", "llama"},       {"MistralForCausalLM", "mistral"},
        {"MixtralForCausalLM", "mixtral"},   {"Qwen2ForCausalLM", "qwen2"},
        {"Qwen3ForCausalLM", "qwen3"},       {"Qwen3MoeForCausalLM", "qwen3_moe"},
        {"Gemma2ForCausalLM", "gemma2"},     {"Gemma3ForCausalLM", "gemma3_text"},
        {"Gemma3ForConditionalGeneration", "gemma3"}, {"DeepseekV2ForCausalLM", "deepseek_v2"},
        {"DeepseekV3ForCausalLM", "deepseek_v3"}, {"GptOssForCausalLM", "gpt_oss"},
        {"Phi3ForCausalLM", "phi3"},         {"ChatGLMModel", "chatglm"},
        {"Glm4MoeForCausalLM", "glm4_moe"},  {"InternLM2ForCausalLM", "internlm2"},
        {"BaichuanForCausalLM", "baichuan"}, {"MiniCPMForCausalLM", "minicpm"},
    };
    const auto it = config.find("architectures");
    if (it == config.end() || !it->is_array() || it->empty() || !(*it)[0].is_string()) return "";
    const std::string arch = (*it)[0].get<std::string>();
    for (const auto& [name, type] : kMap)
        if (arch == name) return type;
    return "";
}

bool is_known_decoder(const std::string& t) {
    static const char* const kKnown[] = {"llama", "yi", "mistral", "mixtral", "qwen2", "qwen3", "qwen3_moe",
                                         "gemma2", "gemma3", "gemma3_text", "deepseek_v2", "deepseek_v3",
                                         "kimi_k2", "gpt_oss", "phi3", "chatglm", "glm", "glm4", "glm4_moe",
                                         "internlm2", "baichuan", "minicpm"};
    for (const char* k : kKnown)
        if (t == k) return true;
    return false;
}

Expected<ModelArch> parse_config(const json& config, const std::string& name, const std::string& path) {
    Errors errors;
    if (!json_read::expect_object(config, path, errors, json_read::kConfigErrorIds, "a config.json object"))
        return errors.front();
    std::string type;
    {
        const Fields root(config, path, json_read::kConfigErrorIds, "");
        type = root.opt_string("model_type").value_or("");
        if (root.failed()) return *root.error();
    }
    // architectures, ffn_hidden_size, text_config and _name_or_path are hints: read when usable, never an error.
    Parsed p;
    if (type.empty()) {
        type = model_type_from_architectures(config);
        if (!type.empty()) p.notes.push_back("model_type absent: taken from architectures (" + type + ")");
    }
    if (type == "yi") type = "llama";  // Yi-1.5 ships model_type llama; early Yi used "yi" for the same shape
    if (type == "glm" && config.contains("ffn_hidden_size")) type = "chatglm";  // ChatGLM key names

    // Gemma-3 multimodal configs nest the language model under text_config.
    const json* body = &config;
    std::string body_path = path;
    if (const auto tc = config.find("text_config"); tc != config.end() && tc->is_object()) {
        body = &*tc;
        body_path = path + ".text_config";
        p.notes.push_back("text model only (text_config); the vision tower is not counted");
    }
    const std::string label = type.empty() ? std::string("a config without model_type") : type;
    Fields f(*body, body_path, json_read::kConfigErrorIds, "required for " + label);

    ModelArch& m = p.m;
    m.id = name;
    m.model_type = type;
    m.family = type;
    m.source = "hf_config";
    m.params_basis = "computed";
    if (const auto it = config.find("_name_or_path"); it != config.end() && it->is_string())
        m.hf_id = it->get<std::string>();
    // A checkpoint published quantized names its method (DeepSeek-V3's config.json: "quant_method": "fp8"; gpt-oss:
    // "mxfp4"); serving that format then loads it as it is (ModelArch::published_weights).
    if (const auto q = config.find("quantization_config"); q != config.end() && q->is_object())
        if (const auto it = q->find("quant_method"); it != q->end() && (*it == "fp8" || *it == "mxfp4"))
            m.published_weights = it->get<std::string>();

    const Family fam = family_defaults(type);
    if (type == "xlm-roberta" || type == "bert" || type == "roberta") parse_encoder(f, p);
    else if (type == "whisper") parse_whisper(f, p);
    else if (type == "chatglm") parse_chatglm(f, p);
    else if (type == "baichuan") parse_baichuan(f, fam, p);
    else {
        parse_decoder(f, fam, p);
        if (!f.failed()) {
            if (type == "mixtral") parse_mixtral(f, p);
            else if (type == "qwen3_moe") parse_qwen3_moe(f, p);
            else if (type == "deepseek_v2" || type == "deepseek_v3" || type == "kimi_k2") parse_deepseek(f, type, p);
            else if (type == "glm4_moe") parse_glm4_moe(f, p);
            else if (type == "gpt_oss") parse_gpt_oss(f, p);
            else if (!is_known_decoder(type)) {
                parse_generic_moe(f, p);
                const std::string what = type.empty() ? std::string("no model_type or known architectures")
                                                      : "model_type '" + type + "' is not a known family";
                p.notes.insert(p.notes.begin(), what + ": parsed as a decoder from the standard fields");
            }
        }
    }
    if (f.failed()) return *f.error();
    m.notes = join_notes(p.notes);
    return m;
}

// ---------------------------------------------------------------------------------------------------
// [SECTION] explicit architecture
// ---------------------------------------------------------------------------------------------------

// Billions ↔ parameters. A parameter count is an integer, so rounding after × 1e9 recovers the exact
// count that model_to_explicit divided (the relative error of one division is ~1e-16).
double from_billions(double b) { return std::round(b * units::kBillion); }

bool complete_shape(const ModelArch& m) {
    return m.n_layers > 0 && m.hidden > 0 && m.n_heads > 0 && m.vocab > 0 &&
           (m.intermediate > 0 || m.moe_intermediate > 0);
}

}  // namespace

Expected<ModelArch> model_from_hf_config(const json& config, const std::string& name, const std::string& path) {
    try {
        return parse_config(config, name, path);
    } catch (const std::exception& e) {  // nlohmann throws only on misuse; keep the API exception-free
        return Error{"hf_config.type", path, std::string("unreadable config: ") + e.what()};
    }
}

Expected<ModelArch> model_from_hf_config_text(const std::string& text, const std::string& path) {
    JsonProblem problem;
    const std::optional<json> config = parse_json(text, kMaxScenarioBytes, &problem);
    if (!config) {
        const std::string where = problem.where.empty() ? path : path + "." + problem.where;
        if (problem.syntax) return Error{"hf_config.parse", where, "is not valid JSON " + problem.message};
        return Error{problem.overflow ? "hf_config.range" : "hf_config.parse", where, problem.message};
    }
    std::string name = "custom";
    if (config->is_object())
        if (const auto it = config->find("_name_or_path"); it != config->end() && it->is_string() && !it->empty())
            name = one_line(it->get_ref<const std::string&>(), 256);  // the user's text: a bounded, one-line name
    return model_from_hf_config(*config, name, path);
}

Expected<ModelArch> model_from_explicit(const json& obj, const std::string& path) {
    Errors errors;
    if (!json_read::expect_object(obj, path, errors, json_read::kExplicitModelErrorIds, "an object"))
        return errors.front();
    Fields f(obj, path, json_read::kExplicitModelErrorIds, "required for an explicit architecture");
    std::vector<std::string> notes;
    ModelArch m;
    m.source = "explicit";
    m.params_basis = "computed";

    if (auto s = f.opt_string("name")) m.id = *s;
    if (auto s = f.opt_string("model_type")) m.model_type = *s;
    if (auto s = f.opt_string("hf_id")) m.hf_id = *s;
    m.published_weights = f.choice("published_weights", published_weight_formats());
    if (auto s = f.opt_string("family")) m.family = *s;
    if (auto s = f.opt_string("source")) m.source = *s;
    if (auto s = f.opt_string("notes")) m.notes = *s;
    m.role = model_role_from_name(f.choice("role", model_role_names())).value_or(ModelRole::chat);

    // The shape. Counts that may be zero (shared experts, dense layers, q_lora_rank) accept 0.
    m.n_layers = f.opt_int("layers").value_or(0);
    m.hidden = f.opt_int("hidden").value_or(0);
    m.n_heads = f.opt_int("heads").value_or(0);
    m.n_kv_heads = f.opt_int("kv_heads").value_or(0);
    m.head_dim = f.opt_int("head_dim").value_or(0);
    m.vocab = f.opt_int("vocab").value_or(0);
    m.intermediate = f.opt_int("intermediate", 0).value_or(0);
    m.n_experts = f.opt_int("experts", 0).value_or(0);
    m.experts_per_tok = f.opt_int("experts_per_tok", 0).value_or(0);
    m.n_shared_experts = f.opt_int("shared_experts", 0).value_or(0);
    m.moe_intermediate = f.opt_int("moe_intermediate", 0).value_or(0);
    m.first_k_dense = f.opt_int("first_k_dense", 0).value_or(0);
    m.kv_lora_rank = f.opt_int("kv_lora_rank", 0).value_or(0);
    m.q_lora_rank = f.opt_int("q_lora_rank", 0).value_or(0);
    m.qk_rope_head_dim = f.opt_int("qk_rope_head_dim", 0).value_or(0);
    m.qk_nope_head_dim = f.opt_int("qk_nope_head_dim", 0).value_or(0);
    m.v_head_dim = f.opt_int("v_head_dim", 0).value_or(0);
    m.sliding_window = f.opt_int("sliding_window", 0).value_or(0);
    m.n_sliding_layers = f.opt_int("sliding_layers", 0).value_or(0);
    m.max_context = f.opt_int("max_context", 0).value_or(0);
    m.norms_per_layer = static_cast<int>(f.opt_int("norms_per_layer", 0).value_or(2));
    m.tie_embeddings = f.opt_bool("tie_embeddings").value_or(false);
    m.qkv_bias = f.opt_bool("qkv_bias").value_or(false);
    m.qk_norm = f.opt_bool("qk_norm").value_or(false);
    m.gpt_oss_layout = f.opt_bool("gpt_oss_layout").value_or(false);
    m.router_bias = f.opt_bool("router_bias").value_or(false);
    const std::optional<double> params_b = f.opt_number("params_b");
    const std::optional<double> active_b = f.opt_number("active_params_b");
    const std::optional<double> published_b = f.opt_number("published_params_b");
    const std::optional<std::string> basis = f.opt_string("params_basis");
    m.weight_bytes_exact = f.opt_number("weight_bytes", kWeightBytes);
    m.active_weight_bytes_exact = f.opt_number("active_weight_bytes", kWeightBytes);
    if (f.failed()) return *f.error();
    if (m.active_weight_bytes_exact && !m.weight_bytes_exact)
        return Error{"model.missing_field", path + ".weight_bytes", "required with active_weight_bytes"};
    if (m.active_weight_bytes_exact && *m.active_weight_bytes_exact > *m.weight_bytes_exact)
        return Error{"model.range", path + ".active_weight_bytes", "must be at most weight_bytes"};

    // The billions' ranges after every field's type: a type error anywhere is the one reported first.
    for (const char* key : {"params_b", "active_params_b", "published_params_b"}) f.opt_number(key, kBillions);
    if (f.failed()) return *f.error();

    const bool any_shape = m.n_layers > 0 || m.hidden > 0 || m.n_heads > 0;
    if (!any_shape && !params_b)
        return Error{"model.missing_field", path + ".params_b",
                     "required for an explicit architecture: params_b, or layers, hidden, heads, vocab and "
                     "intermediate"};
    if (any_shape) {
        const std::pair<const char*, int64_t> required[] = {
            {"layers", m.n_layers}, {"hidden", m.hidden}, {"heads", m.n_heads}, {"vocab", m.vocab}};
        for (const auto& [key, value] : required)
            if (value <= 0 && !params_b) f.missing(key, std::string(key) + " (with the other shape fields)");
        if (m.intermediate <= 0 && m.moe_intermediate <= 0 && !params_b)
            f.missing("intermediate", "intermediate (FFN width) or moe_intermediate");
        if (f.failed()) return *f.error();
        if (m.n_kv_heads == 0 && m.n_heads > 0) {
            m.n_kv_heads = m.n_heads;
            notes.push_back("kv_heads absent: taken as heads (MHA)");
        }
        if (m.head_dim == 0 && m.n_heads > 0 && m.hidden % m.n_heads == 0) m.head_dim = m.hidden / m.n_heads;
        if (m.n_kv_heads > m.n_heads || (m.n_kv_heads > 0 && m.n_heads % m.n_kv_heads != 0))
            f.range_error("kv_heads",
                          "must divide heads (" + std::to_string(m.n_heads) + "), got " + std::to_string(m.n_kv_heads));
        if (m.n_experts > 0 && (m.experts_per_tok < 1 || m.experts_per_tok > m.n_experts))
            f.range_error("experts_per_tok", "must be from 1 to experts (" + std::to_string(m.n_experts) + ")");
        if (m.kv_lora_rank > 0 && (m.qk_rope_head_dim == 0 || m.qk_nope_head_dim == 0 || m.v_head_dim == 0))
            f.missing("qk_rope_head_dim", "qk_rope_head_dim, qk_nope_head_dim and v_head_dim (MLA)");
        if (m.n_sliding_layers > m.n_layers)
            f.range_error("sliding_layers", "must be at most layers (" + std::to_string(m.n_layers) + ")");
        if (f.failed()) return *f.error();
        if (m.n_experts > 0 && m.moe_intermediate == 0) m.moe_intermediate = m.intermediate;
    }
    if (params_b && active_b && *active_b > *params_b)
        return Error{"model.range", path + ".active_params_b", "must be at most params_b"};

    // params_b is a stated total (params_override) when the shape cannot give the count: no complete shape,
    // or params_basis says "stated". With a complete shape it is the published figure for comparison.
    const bool stated = basis ? basis->rfind("stated", 0) == 0 : !complete_shape(m);
    if (basis) m.params_basis = *basis;
    if (params_b) {
        if (stated) {
            m.params_override = from_billions(*params_b);
            if (!basis) m.params_basis = "stated: params_b of the explicit architecture";
        } else {
            m.published_total_params = from_billions(*params_b);
        }
    }
    if (published_b) m.published_total_params = from_billions(*published_b);
    if (active_b) m.active_params_override = from_billions(*active_b);
    if (!notes.empty()) m.notes += (m.notes.empty() ? "" : "; ") + join_notes(notes);
    return m;
}

json model_to_explicit(const ModelArch& m) {
    json j = json::object();
    j["name"] = m.id;
    if (!m.model_type.empty()) j["model_type"] = m.model_type;
    if (!m.hf_id.empty()) j["hf_id"] = m.hf_id;
    if (!m.published_weights.empty()) j["published_weights"] = m.published_weights;
    if (!m.family.empty()) j["family"] = m.family;
    j["role"] = model_role_name(m.role);
    // params_b is the stated total when there is one, else the published figure; params_basis tells the
    // reader which (model_from_explicit), and published_params_b keeps the published figure either way.
    const bool stated = m.params_basis.rfind("stated", 0) == 0;
    if (m.params_override) j["params_b"] = *m.params_override / units::kBillion;
    else if (m.published_total_params && !stated) j["params_b"] = *m.published_total_params / units::kBillion;
    if (m.published_total_params) j["published_params_b"] = *m.published_total_params / units::kBillion;
    if (m.active_params_override) j["active_params_b"] = *m.active_params_override / units::kBillion;
    if (!m.params_basis.empty()) j["params_basis"] = m.params_basis;
    if (m.weight_bytes_exact) j["weight_bytes"] = *m.weight_bytes_exact;
    if (m.active_weight_bytes_exact) j["active_weight_bytes"] = *m.active_weight_bytes_exact;

    auto put = [&j](const char* key, int64_t v) {
        if (v != 0) j[key] = v;
    };
    put("layers", m.n_layers);
    put("hidden", m.hidden);
    put("heads", m.n_heads);
    put("kv_heads", m.n_kv_heads);
    put("head_dim", m.head_dim);
    put("vocab", m.vocab);
    put("intermediate", m.intermediate);
    put("experts", m.n_experts);
    put("experts_per_tok", m.experts_per_tok);
    put("shared_experts", m.n_shared_experts);
    put("moe_intermediate", m.moe_intermediate);
    put("first_k_dense", m.first_k_dense);
    put("kv_lora_rank", m.kv_lora_rank);
    put("q_lora_rank", m.q_lora_rank);
    put("qk_rope_head_dim", m.qk_rope_head_dim);
    put("qk_nope_head_dim", m.qk_nope_head_dim);
    put("v_head_dim", m.v_head_dim);
    put("sliding_window", m.sliding_window);
    put("sliding_layers", m.n_sliding_layers);
    put("max_context", m.max_context);
    j["norms_per_layer"] = m.norms_per_layer;
    j["tie_embeddings"] = m.tie_embeddings;
    j["qkv_bias"] = m.qkv_bias;
    j["qk_norm"] = m.qk_norm;
    j["gpt_oss_layout"] = m.gpt_oss_layout;
    j["router_bias"] = m.router_bias;
    if (!m.source.empty()) j["source"] = m.source;
    if (!m.notes.empty()) j["notes"] = m.notes;
    return j;
}

}  // namespace infersizer
