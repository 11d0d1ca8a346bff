// model_file_fixtures.hpp — GGUF v3 and safetensors files written byte by byte for the tests (core, CLI and the
// fuzz seeds), independently of the readers: the layout is spelled out here from the formats' documents
// (ggml-org/ggml/docs/gguf.md; huggingface/safetensors README), so a reader that misreads a field fails.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace infersizer::fixtures {

// ggml type ids and block traits used by the fixtures (ggml.h / ggml.c; the reader has its own table).
struct FixtureType {
    uint32_t id;
    uint64_t block_elements;
    uint64_t block_bytes;
};
inline constexpr FixtureType kF32{0, 1, 4}, kF16{1, 1, 2}, kQ4_0{2, 32, 18}, kQ8_0{8, 32, 34}, kQ4_K{12, 256, 144},
    kQ6_K{14, 256, 210}, kBF16{30, 1, 2}, kIQ4_XS{23, 256, 136}, kMXFP4{39, 32, 17};

// Little-endian primitives, appended to a byte string.
class Bytes {
public:
    std::string out;
    Bytes& raw(const std::string& s) { out += s; return *this; }
    Bytes& u(uint64_t v, int n) {
        for (int i = 0; i < n; ++i) out += static_cast<char>((v >> (8 * i)) & 0xFF);
        return *this;
    }
    Bytes& u8(uint64_t v) { return u(v, 1); }
    Bytes& u32(uint64_t v) { return u(v, 4); }
    Bytes& u64(uint64_t v) { return u(v, 8); }
    Bytes& str(const std::string& s) { return u64(s.size()).raw(s); }  // GGUF string: u64 length + bytes
};

// GGUF value type ids (ggml-org/ggml/docs/gguf.md gguf_metadata_value_type).
enum GgufValueType : uint32_t { kU8 = 0, kI8, kU16, kI16, kU32, kI32, kF32v, kBool, kString, kArray, kU64, kI64, kF64 };

class GgufWriter {
public:
    struct Tensor {
        std::string name;
        std::vector<uint64_t> shape;  // ne0 first
        FixtureType type;
        uint64_t bytes() const {
            uint64_t n = 1;
            for (uint64_t d : shape) n *= d;
            return n / type.block_elements * type.block_bytes;
        }
    };

    uint32_t version = 3;
    uint64_t alignment = 32;

    GgufWriter& kv_string(const std::string& key, const std::string& v) {
        kv_.str(key).u32(kString).str(v);
        ++n_kv_;
        return *this;
    }
    GgufWriter& kv_u32(const std::string& key, uint32_t v) {
        kv_.str(key).u32(kU32).u32(v);
        ++n_kv_;
        return *this;
    }
    GgufWriter& kv_u64(const std::string& key, uint64_t v) {
        kv_.str(key).u32(kU64).u64(v);
        ++n_kv_;
        return *this;
    }
    GgufWriter& kv_f32(const std::string& key, uint32_t bits) {
        kv_.str(key).u32(kF32v).u32(bits);
        ++n_kv_;
        return *this;
    }
    GgufWriter& kv_bool(const std::string& key, bool v) {
        kv_.str(key).u32(kBool).u8(v ? 1 : 0);
        ++n_kv_;
        return *this;
    }
    GgufWriter& kv_strings(const std::string& key, const std::vector<std::string>& v) {
        kv_.str(key).u32(kArray).u32(kString).u64(v.size());
        for (const auto& s : v) kv_.str(s);
        ++n_kv_;
        return *this;
    }
    GgufWriter& kv_i32s(const std::string& key, const std::vector<int32_t>& v) {
        kv_.str(key).u32(kArray).u32(kI32).u64(v.size());
        for (int32_t x : v) kv_.u32(static_cast<uint32_t>(x));
        ++n_kv_;
        return *this;
    }
    GgufWriter& kv_raw(const std::string& raw_kv) {  // a hand-made key/value (corrupt cases)
        kv_.raw(raw_kv);
        ++n_kv_;
        return *this;
    }
    GgufWriter& tensor(const std::string& name, std::vector<uint64_t> shape, FixtureType type) {
        tensors_.push_back({name, std::move(shape), type});
        return *this;
    }

    const std::vector<Tensor>& tensors() const { return tensors_; }
    uint64_t data_bytes() const {
        uint64_t total = 0;
        for (const auto& t : tensors_) total += pad(t.bytes());
        return total;
    }
    // The header alone (no padding), and where each tensor's offset field sits in it (for corrupt cases).
    std::string header() const {
        Bytes b;
        b.raw("GGUF").u32(version).u64(tensors_.size()).u64(n_kv_).raw(kv_.out);
        uint64_t offset = 0;
        for (const auto& t : tensors_) {
            b.str(t.name).u32(t.shape.size());
            for (uint64_t d : t.shape) b.u64(d);
            b.u32(t.type.id).u64(offset);
            offset += pad(t.bytes());
        }
        return b.out;
    }
    // The whole file: header, padding to the alignment, tensor data (each tensor filled with one byte value).
    std::string file() const {
        std::string f = header();
        f.append(static_cast<size_t>(pad(f.size()) - f.size()), '\0');
        char fill = 1;
        for (const auto& t : tensors_) {
            f.append(static_cast<size_t>(t.bytes()), fill++);
            f.append(static_cast<size_t>(pad(t.bytes()) - t.bytes()), '\0');
        }
        return f;
    }

private:
    Bytes kv_;
    uint64_t n_kv_ = 0;
    std::vector<Tensor> tensors_;
    uint64_t pad(uint64_t n) const { return (n + alignment - 1) / alignment * alignment; }
};

// A small llama in Q4_K_M-like types: 2 blocks, hidden 256, 4 heads / 2 KV heads, FFN 512, vocab 512, with
// F32 norms, Q4_K, Q6_K, Q8_0, F16 and BF16 tensors.
inline GgufWriter tiny_llama_gguf() {
    GgufWriter w;
    w.kv_string("general.architecture", "llama")
        .kv_string("general.name", "Tiny Llama")
        .kv_u32("general.file_type", 15)
        .kv_u32("general.alignment", 32)
        .kv_u32("llama.block_count", 2)
        .kv_u32("llama.context_length", 4096)
        .kv_u32("llama.embedding_length", 256)
        .kv_u32("llama.feed_forward_length", 512)
        .kv_u32("llama.attention.head_count", 4)
        .kv_u32("llama.attention.head_count_kv", 2)
        .kv_f32("llama.attention.layer_norm_rms_epsilon", 0x3727C5ACu)  // 1e-5
        .kv_bool("tokenizer.ggml.add_bos_token", true)
        .kv_i32s("tokenizer.ggml.token_type", std::vector<int32_t>(512, 1));
    std::vector<std::string> tokens;
    for (int i = 0; i < 512; ++i) tokens.push_back("tok" + std::to_string(i));
    w.kv_strings("tokenizer.ggml.tokens", tokens);
    w.tensor("token_embd.weight", {256, 512}, kQ4_K);
    for (int b = 0; b < 2; ++b) {
        const std::string p = "blk." + std::to_string(b) + ".";
        w.tensor(p + "attn_norm.weight", {256}, kF32)
            .tensor(p + "attn_q.weight", {256, 256}, kQ4_K)
            .tensor(p + "attn_k.weight", {256, 128}, kQ4_K)
            .tensor(p + "attn_v.weight", {256, 128}, b == 0 ? kQ6_K : kQ8_0)
            .tensor(p + "attn_output.weight", {256, 256}, b == 0 ? kQ4_K : kF16)
            .tensor(p + "ffn_norm.weight", {256}, kF32)
            .tensor(p + "ffn_gate.weight", {256, 512}, kQ4_K)
            .tensor(p + "ffn_up.weight", {256, 512}, b == 0 ? kQ4_K : kBF16)
            .tensor(p + "ffn_down.weight", {512, 256}, kQ6_K);
    }
    w.tensor("output_norm.weight", {256}, kF32).tensor("output.weight", {256, 512}, kQ6_K);
    return w;
}

// A safetensors file: 8-byte length, JSON header (padded with spaces to a multiple of 8, as the Python writer
// does), data. Tensors are laid out in the order given.
class SafetensorsWriter {
public:
    struct Tensor {
        std::string name;
        std::string dtype;
        std::vector<uint64_t> shape;
        uint64_t element_bits;
        uint64_t bytes() const {
            uint64_t n = 1;
            for (uint64_t d : shape) n *= d;
            return n * element_bits / 8;
        }
    };
    std::vector<std::pair<std::string, std::string>> metadata = {{"format", "pt"}};

    SafetensorsWriter& tensor(const std::string& name, const std::string& dtype, std::vector<uint64_t> shape,
                              uint64_t element_bits) {
        tensors_.push_back({name, dtype, std::move(shape), element_bits});
        return *this;
    }
    const std::vector<Tensor>& tensors() const { return tensors_; }
    uint64_t data_bytes() const {
        uint64_t n = 0;
        for (const auto& t : tensors_) n += t.bytes();
        return n;
    }
    std::string json_header() const {
        std::string j = "{\"__metadata__\":{";
        for (size_t i = 0; i < metadata.size(); ++i)
            j += (i ? "," : "") + ("\"" + metadata[i].first + "\":\"" + metadata[i].second + "\"");
        j += "}";
        uint64_t offset = 0;
        for (const auto& t : tensors_) {
            j += ",\"" + t.name + "\":{\"dtype\":\"" + t.dtype + "\",\"shape\":[";
            for (size_t i = 0; i < t.shape.size(); ++i) j += (i ? "," : "") + std::to_string(t.shape[i]);
            j += "],\"data_offsets\":[" + std::to_string(offset) + "," + std::to_string(offset + t.bytes()) + "]}";
            offset += t.bytes();
        }
        j += "}";
        while (j.size() % 8 != 0) j += ' ';
        return j;
    }
    std::string file() const {
        const std::string j = json_header();
        Bytes b;
        b.u64(j.size()).raw(j);
        b.out.append(static_cast<size_t>(data_bytes()), '\x02');
        return b.out;
    }

private:
    std::vector<Tensor> tensors_;
};

// A tiny llama in BF16 with an F32 norm, an F8_E4M3 and an I8 tensor (several dtypes).
inline SafetensorsWriter tiny_llama_safetensors() {
    SafetensorsWriter w;
    w.tensor("model.embed_tokens.weight", "BF16", {512, 256}, 16)
        .tensor("model.layers.0.input_layernorm.weight", "F32", {256}, 32)
        .tensor("model.layers.0.self_attn.q_proj.weight", "BF16", {256, 256}, 16)
        .tensor("model.layers.0.self_attn.k_proj.weight", "F8_E4M3", {128, 256}, 8)
        .tensor("model.layers.0.self_attn.v_proj.weight", "I8", {128, 256}, 8)
        .tensor("model.layers.0.mlp.down_proj.weight", "F16", {256, 512}, 16)
        .tensor("lm_head.weight", "BF16", {512, 256}, 16);
    return w;
}

// One GPTQ 4-bit layer (group 128): qweight [in/8, out] I32, qzeros [groups, out/8] I32, scales [groups, out]
// F16, g_idx [in] I32; plus a 16-bit embedding.
inline SafetensorsWriter tiny_gptq_safetensors() {
    SafetensorsWriter w;
    w.tensor("model.embed_tokens.weight", "F16", {512, 256}, 16)
        .tensor("model.layers.0.mlp.down_proj.qweight", "I32", {512 / 8, 256}, 32)
        .tensor("model.layers.0.mlp.down_proj.qzeros", "I32", {512 / 128, 256 / 8}, 32)
        .tensor("model.layers.0.mlp.down_proj.scales", "F16", {512 / 128, 256}, 16)
        .tensor("model.layers.0.mlp.down_proj.g_idx", "I32", {512}, 32);
    return w;
}

}  // namespace infersizer::fixtures
