// model_file.cpp — the inspect summary from model-file headers, index.json and config.json (model_file.hpp).
//
// [SECTION] kinds   [SECTION] GGUF architecture   [SECTION] the set   [SECTION] summary   [SECTION] JSON
#include "model_file.hpp"

#include "byte_cursor.hpp"
#include "hf_config.hpp"
#include "params.hpp"

#include <algorithm>
#include <cmath>
#include <set>

namespace infersizer::modelfile {

using json = nlohmann::json;

// ---------------------------------------------------------------------------------------------------
// [SECTION] kinds
// ---------------------------------------------------------------------------------------------------

FileKind detect_kind(const uint8_t* data, size_t size) {
    if (size >= 4 && data[0] == 'G' && data[1] == 'G' && data[2] == 'U' && data[3] == 'F') return FileKind::gguf;
    // safetensors: a length below 100 MB has four zero high bytes (never in JSON text), then '{'.
    if (size >= 9 && data[4] == 0 && data[5] == 0 && data[6] == 0 && data[7] == 0 && data[8] == '{')
        return FileKind::safetensors;
    size_t i = 0;
    if (size >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF) i = 3;  // a UTF-8 byte order mark
    while (i < size && (data[i] == ' ' || data[i] == '\n' || data[i] == '\r' || data[i] == '\t')) ++i;
    if (i < size && data[i] == '{') return FileKind::config_json;  // index or config: add_json tells them apart
    return FileKind::unknown;
}

const char* file_kind_name(FileKind k) {
    switch (k) {
        case FileKind::gguf: return "gguf";
        case FileKind::safetensors: return "safetensors";
        case FileKind::index_json: return "model.safetensors.index.json";
        case FileKind::config_json: return "config.json";
        case FileKind::unknown: break;
    }
    return "unknown";
}

Error header_error(const std::string& file, const HeaderError& e) {
    return Error{"model_file.header", file, "offset " + std::to_string(e.offset) + ": " + e.what};
}

namespace {

// ---------------------------------------------------------------------------------------------------
// [SECTION] GGUF architecture
// ---------------------------------------------------------------------------------------------------

// llama.cpp's LLAMA_FTYPE_* ids (include/llama.h) → the mix name; the catalog's GGUF format ids use these.
const char* ftype_name_of(int64_t id) {
    static const std::map<int64_t, const char*> names = {
        {0, "F32"},      {1, "F16"},      {2, "Q4_0"},     {3, "Q4_1"},    {7, "Q8_0"},     {8, "Q5_0"},
        {9, "Q5_1"},     {10, "Q2_K"},    {11, "Q3_K_S"},  {12, "Q3_K_M"}, {13, "Q3_K_L"},  {14, "Q4_K_S"},
        {15, "Q4_K_M"},  {16, "Q5_K_S"},  {17, "Q5_K_M"},  {18, "Q6_K"},   {19, "IQ2_XXS"}, {20, "IQ2_XS"},
        {21, "Q2_K_S"},  {22, "IQ3_XS"},  {23, "IQ3_XXS"}, {24, "IQ1_S"},  {25, "IQ4_NL"},  {26, "IQ3_S"},
        {27, "IQ3_M"},   {28, "IQ2_S"},   {29, "IQ2_M"},   {30, "IQ4_XS"}, {31, "IQ1_M"},   {32, "BF16"},
        {36, "TQ1_0"},   {37, "TQ2_0"},   {38, "MXFP4"},
    };
    const auto it = names.find(id);
    return it == names.end() ? "" : it->second;
}

// GGUF architecture names → config.json model_type (what gguf_mix and params read).
std::string model_type_of(const std::string& arch, bool moe) {
    static const std::map<std::string, std::string> types = {
        {"qwen3moe", "qwen3_moe"}, {"qwen2moe", "qwen2_moe"}, {"deepseek2", "deepseek_v3"},
        {"gpt-oss", "gpt_oss"},     {"glm4moe", "glm4_moe"},   {"chatglm", "chatglm"},
    };
    const auto it = types.find(arch);
    if (it != types.end()) return it->second;
    if (arch == "llama" && moe) return "mixtral";
    return arch;
}

bool has_tensor(const std::set<std::string>& names, const std::string& n) { return names.count(n) > 0; }

int64_t to_int(std::optional<double> v) {
    if (!v || !std::isfinite(*v) || *v < 0 || *v > 1e12) return 0;
    return static_cast<int64_t>(*v);
}

// The architecture a GGUF header states, in ModelArch form (unvalidated: build_model checks it).
ModelArch arch_from_gguf(const GgufHeader& h, const std::set<std::string>& names, const std::vector<TensorInfo>& all) {
    ModelArch m;
    const std::string a = gguf_string(h, "general.architecture").value_or("");
    auto num = [&](const std::string& suffix) { return to_int(gguf_number(h, a + "." + suffix)); };
    auto max_of = [&](const std::string& suffix) { return to_int(gguf_array_max(h, a + "." + suffix)); };
    m.n_layers = num("block_count");
    m.hidden = num("embedding_length");
    m.n_heads = max_of("attention.head_count");
    m.n_kv_heads = max_of("attention.head_count_kv");
    m.intermediate = max_of("feed_forward_length");
    m.max_context = num("context_length");
    m.n_experts = num("expert_count");
    m.experts_per_tok = num("expert_used_count");
    m.n_shared_experts = num("expert_shared_count");
    m.moe_intermediate = num("expert_feed_forward_length");
    m.first_k_dense = num("leading_dense_block_count");
    m.kv_lora_rank = num("attention.kv_lora_rank");
    m.q_lora_rank = num("attention.q_lora_rank");
    m.sliding_window = num("attention.sliding_window");
    const int64_t key_length = num("attention.key_length");
    if (m.kv_lora_rank > 0) {
        const int64_t key = num("attention.key_length_mla") > 0 ? num("attention.key_length_mla") : key_length;
        const int64_t value = num("attention.value_length_mla") > 0 ? num("attention.value_length_mla")
                                                                     : num("attention.value_length");
        m.qk_rope_head_dim = num("rope.dimension_count");
        m.qk_nope_head_dim = key > m.qk_rope_head_dim ? key - m.qk_rope_head_dim : 0;
        m.v_head_dim = value;
    } else if (key_length > 0) {
        m.head_dim = key_length;
    }
    m.vocab = num("vocab_size");
    if (m.vocab == 0) {
        const auto it = h.metadata.find("tokenizer.ggml.tokens");
        if (it != h.metadata.end()) m.vocab = static_cast<int64_t>(std::min<uint64_t>(it->second.array_count, 1u << 30));
    }
    for (const TensorInfo& t : all)
        if (m.vocab == 0 && t.name == "token_embd.weight" && t.shape.size() >= 2) m.vocab = t.shape[1];
    m.tie_embeddings = !has_tensor(names, "output.weight");
    m.qkv_bias = has_tensor(names, "blk.0.attn_q.bias") || has_tensor(names, "blk.0.attn_qkv.bias");
    m.qk_norm = has_tensor(names, "blk.0.attn_q_norm.weight");
    if (has_tensor(names, "blk.0.post_attention_norm.weight") && has_tensor(names, "blk.0.post_ffw_norm.weight"))
        m.norms_per_layer = 4;
    m.gpt_oss_layout = a == "gpt-oss";
    m.router_bias = has_tensor(names, "blk." + std::to_string(m.first_k_dense) + ".exp_probs_b.bias");
    m.model_type = model_type_of(a, m.n_experts > 0);
    return m;
}

// ---------------------------------------------------------------------------------------------------
// [SECTION] the set
// ---------------------------------------------------------------------------------------------------

// A routed expert's tensor: read for k of n experts per token. GGUF stacks them ("ffn_down_exps");
// safetensors names each ("mlp.experts.7.down_proj"), shared experts excluded.
bool routed_expert(const std::string& name) {
    if (name.find("_exps") != std::string::npos) return true;
    return name.find(".experts.") != std::string::npos && name.find("shared_expert") == std::string::npos;
}

double quant_bits(const std::optional<json>& config) {
    if (!config) return 4;
    const json* q = nullptr;
    if (config->contains("quantization_config") && (*config)["quantization_config"].is_object())
        q = &(*config)["quantization_config"];
    if (q && q->contains("bits") && (*q)["bits"].is_number()) {
        const double b = (*q)["bits"].get<double>();
        if (b == 2 || b == 3 || b == 4 || b == 8) return b;
    }
    return 4;
}

std::string quant_method(const std::optional<json>& config) {
    if (!config || !config->contains("quantization_config") || !(*config)["quantization_config"].is_object()) return "";
    const json& q = (*config)["quantization_config"];
    if (q.contains("quant_method") && q["quant_method"].is_string()) return q["quant_method"].get<std::string>();
    return "";
}

// A file's name without its folders, as UTF-8 (a path on disk may be any bytes).
std::string base_name(const std::string& file) {
    const auto slash = file.find_last_of("/\\");
    return detail::utf8_or_escaped(slash == std::string::npos ? file : file.substr(slash + 1));
}

}  // namespace

Expected<FileKind> ModelFileSet::add_gguf(const std::string& file, const GgufHeader& h) {
    if (!safetensors_.empty())
        return Error{"model_file.mixed", file, "a GGUF file cannot be summed with safetensors files"};
    gguf_.push_back(h);
    if (gguf_.size() == 1 && config_file_.empty()) config_file_ = base_name(file);
    return FileKind::gguf;
}

Expected<FileKind> ModelFileSet::add_safetensors(const std::string& file, const SafetensorsHeader& h) {
    if (!gguf_.empty()) return Error{"model_file.mixed", file, "a safetensors file cannot be summed with GGUF files"};
    safetensors_.push_back(h);
    if (config_file_.empty()) config_file_ = base_name(file);
    return FileKind::safetensors;
}

Expected<FileKind> ModelFileSet::add_json(const std::string& file, const std::string& text) {
    json doc = json::parse(text, nullptr, false);
    if (doc.is_discarded() || !doc.is_object())
        return Error{"model_file.json", file, "not a JSON object (expected config.json or model.safetensors.index.json)"};
    if (doc.contains("weight_map")) {
        if (!doc["weight_map"].is_object())
            return Error{"model_file.json", file + ".weight_map", "must be an object of tensor name → shard file"};
        const json* total = nullptr;
        if (doc.contains("metadata") && doc["metadata"].is_object() && doc["metadata"].contains("total_size"))
            total = &doc["metadata"]["total_size"];
        if (total && !(total->is_number() && total->get<double>() >= 0 && total->get<double>() < 1e16))
            return Error{"model_file.json", file + ".metadata.total_size", "must be a number of bytes"};
        index_ = std::move(doc);
        return FileKind::index_json;
    }
    if (doc.contains("model_type") || doc.contains("architectures") || doc.contains("text_config")) {
        config_ = std::move(doc);
        config_file_ = base_name(file);
        return FileKind::config_json;
    }
    return Error{"model_file.json", file, "neither a config.json (no model_type) nor a model.safetensors.index.json "
                                          "(no weight_map)"};
}

// ---------------------------------------------------------------------------------------------------
// [SECTION] summary
// ---------------------------------------------------------------------------------------------------

namespace {

// Checks an architecture as a scenario would (the explicit form's rules), or falls back to a size-only
// model carrying the file's own parameter count.
ModelArch build_model(ModelArch m, const Summary& s, std::vector<std::string>& notes) {
    if (m.id.empty()) m.id = s.name.empty() ? "model file" : s.name;
    json form = model_to_explicit(m);
    auto checked = model_from_explicit(form, "model");
    if (!checked.ok() || !checked.value().has_shape()) {
        if (!checked.ok() && (m.n_layers > 0 || m.hidden > 0))
            notes.push_back("architecture incomplete: " + checked.error().message);
        ModelArch sized;
        sized.id = m.id;
        sized.model_type = m.model_type;
        sized.max_context = m.max_context;
        sized.params_override = s.params;
        sized.params_basis = "stated: counted in the model file";
        sized.source = "model file";
        m = sized;
    } else {
        m = checked.value();
        const double counted = count_params(m).total;
        if (s.params > 0 && std::fabs(counted - s.params) > 0.02 * s.params)
            notes.push_back("the architecture gives " + std::to_string(static_cast<int64_t>(counted)) +
                            " parameters, the file holds " + std::to_string(static_cast<int64_t>(s.params)));
        m.source = "model file";
    }
    if (s.tensor_bytes > 0) {
        m.weight_bytes_exact = s.tensor_bytes;
        m.active_weight_bytes_exact = s.active_bytes;
    }
    return m;
}

void add_to(Summary& s, const std::string& type, double params, double bytes, bool expert, double active_share) {
    TypeTotals& t = s.by_type[type];
    t.tensors += 1;
    t.params += params;
    t.bytes += bytes;
    s.tensor_count += 1;
    s.params += params;
    s.tensor_bytes += bytes;
    s.active_bytes += expert ? bytes * active_share : bytes;
}

}  // namespace

Expected<Summary> ModelFileSet::summary() const {
    Summary s;
    std::vector<std::string> notes;
    std::set<std::string> names;
    if (!gguf_.empty()) {
        s.format = "gguf";
        const GgufHeader* main = &gguf_.front();
        for (const GgufHeader& h : gguf_)
            if (gguf_string(h, "general.architecture")) { main = &h; break; }
        std::vector<TensorInfo> all;
        for (const GgufHeader& h : gguf_)
            for (const TensorInfo& t : h.tensors) {
                if (!names.insert(t.name).second)
                    return Error{"model_file.duplicate", t.name, "this tensor is in two of the files given"};
                all.push_back(t);
            }
        s.architecture = gguf_string(*main, "general.architecture").value_or("");
        s.name = gguf_string(*main, "general.name").value_or(config_file_);
        ModelArch m = arch_from_gguf(*main, names, all);
        const double share = m.n_experts > 0 && m.experts_per_tok > 0
                                 ? static_cast<double>(m.experts_per_tok) / static_cast<double>(m.n_experts)
                                 : 1.0;
        for (const TensorInfo& t : all) add_to(s, t.type, t.params, t.bytes, routed_expert(t.name), share);
        if (const auto ft = gguf_number(*main, "general.file_type")) s.weights_hint = ftype_name_of(to_int(ft));
        const auto split = gguf_number(*main, "split.count");
        if (split && to_int(split) > static_cast<int64_t>(gguf_.size()))
            notes.push_back("split into " + std::to_string(to_int(split)) + " files, " + std::to_string(gguf_.size()) +
                            " given: the sums cover the given files only");
        m.id = s.name;
        s.model = build_model(m, s, notes);
        s.notes = notes;
        return s;
    }

    // safetensors shards, index.json, config.json.
    std::optional<ModelArch> from_config;
    if (config_) {
        auto m = model_from_hf_config(*config_, config_file_, "config.json");
        if (!m.ok()) return m.error();
        from_config = m.value();
        s.architecture = from_config->model_type;
    }
    const double share = from_config && from_config->n_experts > 0 && from_config->experts_per_tok > 0
                             ? static_cast<double>(from_config->experts_per_tok) / static_cast<double>(from_config->n_experts)
                             : 1.0;
    const double bits = quant_bits(config_);
    const std::string packed_type = "int" + std::to_string(static_cast<int>(bits)) + " (GPTQ/AWQ)";
    bool has_g_idx = false;
    if (!safetensors_.empty()) {
        s.format = "safetensors";
        std::set<std::string> packed_layers;  // layers with a qweight: their zeros, scales and g_idx are overhead
        for (const SafetensorsHeader& h : safetensors_)
            for (const TensorInfo& t : h.tensors) {
                if (!names.insert(t.name).second)
                    return Error{"model_file.duplicate", t.name, "this tensor is in two of the files given"};
                if (packed_int4_part(t.name) == "qweight" && t.type == "I32")
                    packed_layers.insert(t.name.substr(0, t.name.size() - 8));
            }
        for (const SafetensorsHeader& h : safetensors_)
            for (const TensorInfo& t : h.tensors) {
                const std::string part = packed_int4_part(t.name);
                const std::string layer = part.empty() ? "" : t.name.substr(0, t.name.size() - part.size() - 1);
                if (!part.empty() && packed_layers.count(layer)) {
                    if (part == "g_idx") has_g_idx = true;
                    const double params = part == "qweight" ? t.params * 32.0 / bits : 0.0;
                    add_to(s, packed_type, params, t.bytes, routed_expert(t.name), share);
                } else {
                    add_to(s, t.type, t.params, t.bytes, routed_expert(t.name), share);
                }
            }
        if (index_) {
            const auto listed = static_cast<int64_t>((*index_)["weight_map"].size());
            if (listed > s.tensor_count)
                notes.push_back("the index lists " + std::to_string(listed) + " tensors, the files given hold " +
                                std::to_string(s.tensor_count) + ": the sums cover the given files only");
        }
    } else if (index_) {
        // The index alone: its total size is exact; types and counts need the shards (or the config).
        s.format = "safetensors";
        const json& meta = index_->contains("metadata") ? (*index_)["metadata"] : json::object();
        if (meta.is_object() && meta.contains("total_size")) s.tensor_bytes = std::round(meta["total_size"].get<double>());
        s.active_bytes = s.tensor_bytes;
        s.tensor_count = static_cast<int64_t>((*index_)["weight_map"].size());
        if (from_config) {
            s.params = count_params(*from_config).total;
            s.active_bytes = s.tensor_bytes * count_params(*from_config).active / std::max(1.0, s.params);
        }
        notes.push_back("bytes from the index's total_size; per-type bytes need the shard files");
    } else if (from_config) {
        s.format = "config";
        s.params = count_params(*from_config).total;
        notes.push_back("a config.json alone gives the architecture, not the bytes: add the weight files");
    } else {
        return Error{"model_file.empty", "files", "no model file given"};
    }
    if (s.name.empty()) s.name = from_config ? from_config->id : config_file_;

    // The catalog's name for the dominant storage.
    std::string top;
    double top_bytes = -1;
    for (const auto& [type, t] : s.by_type)
        if (t.bytes > top_bytes) { top = type; top_bytes = t.bytes; }
    const std::string method = quant_method(config_);
    static const std::map<std::string, std::string> hints = {
        {"BF16", "bf16"}, {"F16", "fp16"}, {"F32", "fp32"}, {"F8_E4M3", "fp8"}, {"F8_E5M2", "fp8"}, {"I8", "int8"}};
    // Packed GPTQ/AWQ layers name the format even where a 16-bit embedding outweighs them (small models).
    if (s.by_type.count(packed_type)) s.weights_hint = method == "awq" || (method.empty() && !has_g_idx) ? "awq-int4" : "gptq-int4";
    else if (hints.count(top)) s.weights_hint = hints.at(top);
    else if (method == "fp8") s.weights_hint = "fp8";

    ModelArch m = from_config ? *from_config : ModelArch{};
    if (!from_config) notes.push_back("no config.json: the architecture is not known, only the size");
    m.id = s.name;
    s.model = build_model(m, s, notes);
    s.notes = notes;
    return s;
}

// ---------------------------------------------------------------------------------------------------
// [SECTION] JSON
// ---------------------------------------------------------------------------------------------------

json summary_to_json(const Summary& s) {
    auto whole = [](double v) { return static_cast<int64_t>(std::llround(v)); };
    json j;
    j["format"] = s.format;
    j["architecture"] = s.architecture;
    j["name"] = s.name;
    j["tensor_count"] = s.tensor_count;
    j["params"] = whole(s.params);
    j["tensor_bytes"] = whole(s.tensor_bytes);
    j["active_bytes"] = whole(s.active_bytes);
    j["bits_per_weight"] = std::round(s.bits_per_weight() * 1e4) / 1e4;
    json by_type = json::object();
    for (const auto& [type, t] : s.by_type)
        by_type[type] = {{"tensors", t.tensors}, {"params", whole(t.params)}, {"bytes", whole(t.bytes)}};
    j["by_type"] = by_type;
    j["weights_hint"] = s.weights_hint;
    j["model"] = s.model ? model_to_explicit(*s.model) : json(nullptr);
    j["notes"] = s.notes;
    return j;
}

}  // namespace infersizer::modelfile
