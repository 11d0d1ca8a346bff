// weights.cpp — bytes of the weights per tensor class for a format (docs/estimation.md §2,
// docs/references/peers-and-formulas.md §4.1, docs/references/gguf-quant-mixes.md).
//
// Every format is applied to the same tensor list (gguf_mix.cpp: the model's tensors by class and block):
// - gguf: llama-quantize's per-tensor types; ftypes whose mix depends on an importance matrix give the
//   interval [without, with] (or the reverse), since a file's recipe does not show in its name.
// - dense: every weight at bits_per_weight; norms, biases and routers stay in the checkpoint's 16-bit dtype.
//   Below 16 bits (fp8, int8) checkpoints usually keep the embedding and the head in 16 bits, but not
//   always: unless the format says so, that is the interval.
// - group (GPTQ/AWQ, NF4, NVFP4, MXFP4): linear weights at bits_per_weight (overhead included), embeddings
//   and head at 16 bits when the format says so. NF4 is [double quantization, plain]; "mxfp4" on a gpt-oss
//   layout quantizes only the routed experts, as OpenAI ships them (docs/references/models.md, gpt-oss notes).
#include "weights.hpp"

#include "gguf_mix.hpp"
#include "params.hpp"

#include <algorithm>
#include <cstring>
#include <utility>

namespace infersizer {

namespace {

// bitsandbytes NF4 with blocksize g: 4-bit codes + an fp32 absmax per block = 4 + 32/g (4.5 at g = 64);
// double quantization stores the absmax in 8 bits with one fp32 constant per 256 blocks:
// 4 + 8/g + 32/(g·256) ≈ 4.127 (QLoRA, arXiv 2305.14314; docs/references/peers-and-formulas.md §4.1).
double nf4_double_quant_bits(int group) {
    const double g = group > 0 ? group : 64;
    return 4.0 + 8.0 / g + 32.0 / (g * 256.0);
}

// Bits of one tensor, as an interval where the layout is not fixed by the format, and the type labels of
// the two ends (the labels point at literals or at the format's id, alive for the whole estimate).
struct TensorBits {
    Interval bits;
    const char* type_lo;
    const char* type_hi;
};

TensorBits non_gguf_bits(const gguf::Tensor& t, const ModelArch& m, const WeightFormat& f) {
    const double b = f.bits_per_weight;
    // Norms, biases, routers and sinks are stored in the checkpoint dtype: 16-bit, or 32 in an fp32 file.
    const double small_bits = b > 16 ? b : 16.0;
    const char* small_type = small_bits > 16 ? "fp32" : "bf16";
    const char* fid = f.id.c_str();
    if (!t.quantizable) return {Interval::exact(small_bits), small_type, small_type};
    if (f.scheme == WeightScheme::dense && b >= 16) return {Interval::exact(b), fid, fid};

    if (equal_ignoring_case(f.id, "mxfp4") && m.gpt_oss_layout) {
        if (t.routed_expert) return {Interval::exact(b), fid, fid};
        return {Interval::exact(16.0), "bf16", "bf16"};
    }
    const bool embedding_or_head = t.role == "token_embd" || t.role == "output";
    if (embedding_or_head) {
        if (f.embeddings_16bit) return {Interval::exact(16.0), "bf16", "bf16"};
        return {Interval::of(b, 16.0), fid, "bf16"};  // quantized or kept: the checkpoint decides
    }
    if (equal_ignoring_case(f.id, "nf4")) return {Interval::of(nf4_double_quant_bits(f.group_size), b), fid, fid};
    return {Interval::exact(b), fid, fid};
}

// Per-tensor bytes of one concrete layout (lo or hi end), and its type labels.
struct Layout {
    std::vector<double> bytes;
    std::vector<const char*> types;
    double total = 0;
};

double read_fraction(const gguf::Tensor& t, const ModelArch& m) {
    if (t.input_embedding) return 0.0;  // decode looks up one row of the input embedding
    if (t.routed_expert && m.n_experts > 0)
        return static_cast<double>(std::min(m.experts_per_tok, m.n_experts)) / static_cast<double>(m.n_experts);
    return 1.0;
}

double active_bytes_of(const std::vector<gguf::Tensor>& tensors, const Layout& l, const ModelArch& m) {
    double a = 0;
    for (size_t i = 0; i < tensors.size(); ++i) a += l.bytes[i] * read_fraction(tensors[i], m);
    return a;
}

Layout gguf_layout(const std::vector<gguf::Tensor>& tensors, const std::vector<gguf::GgmlType>& types) {
    Layout l;
    for (size_t i = 0; i < tensors.size(); ++i) {
        l.bytes.push_back(gguf::tensor_bytes(tensors[i], types[i]));
        l.types.push_back(gguf::type_traits(types[i]).name);
        l.total += l.bytes.back();
    }
    return l;
}

// A GGUF id llama.cpp does not know: the format's own bits for every quantizable tensor, F32 otherwise.
Layout unknown_gguf_layout(const std::vector<gguf::Tensor>& tensors, const WeightFormat& f) {
    Layout l;
    for (const auto& t : tensors) {
        const double bits = t.quantizable ? f.bits_per_weight : 32.0;
        l.bytes.push_back(t.elements() * bits / 8.0);
        l.types.push_back(t.quantizable ? f.id.c_str() : "F32");
        l.total += l.bytes.back();
    }
    return l;
}

std::pair<Layout, Layout> non_gguf_layouts(const std::vector<gguf::Tensor>& tensors, const ModelArch& m,
                                           const WeightFormat& f) {
    Layout lo, hi;
    for (const auto& t : tensors) {
        const TensorBits tb = non_gguf_bits(t, m, f);
        lo.bytes.push_back(t.elements() * tb.bits.lo / 8.0);
        hi.bytes.push_back(t.elements() * tb.bits.hi / 8.0);
        lo.types.push_back(tb.type_lo);
        hi.types.push_back(tb.type_hi);
        lo.total += lo.bytes.back();
        hi.total += hi.bytes.back();
    }
    return {lo, hi};
}

// Tensor classes (role × type) of one layout, in first-seen order. A model has a few dozen classes, so a
// linear search beats a map keyed by strings.
std::vector<TensorClassBytes> classes_of(const std::vector<gguf::Tensor>& tensors, const Layout& l) {
    std::vector<TensorClassBytes> out;
    for (size_t i = 0; i < tensors.size(); ++i) {
        const std::string& role = tensors[i].role;
        const char* type = l.types[i];
        auto it = std::find_if(out.begin(), out.end(), [&](const TensorClassBytes& c) {
            return c.name == role && std::strcmp(c.type.c_str(), type) == 0;
        });
        if (it == out.end()) it = out.insert(out.end(), TensorClassBytes{role, 0, type, 0});
        it->params += tensors[i].elements();
        it->bytes += l.bytes[i];
    }
    return out;
}

// The Llama-3.1-8B shape (config.json, tests/data/hf_configs/Llama-3.1-8B-Instruct.json): the model of
// tools/quantize/README.md's measured table, used as the typical layout for a model known only by size.
ModelArch reference_8b_shape() {
    ModelArch m;
    m.model_type = "llama";
    m.n_layers = 32;
    m.hidden = 4096;
    m.n_heads = 32;
    m.n_kv_heads = 8;
    m.head_dim = 128;
    m.vocab = 128256;
    m.intermediate = 14336;
    return m;
}

// Lowest bits a quantized weight of this format can take (NF4: with double quantization).
double lowest_linear_bits(const WeightFormat& f) {
    if (f.scheme == WeightScheme::gguf) {
        if (const auto ft = gguf::ftype_from_name(f.id))
            return gguf::type_bits_per_weight(gguf::ftype_default_type(*ft));
        return f.bits_per_weight;
    }
    if (equal_ignoring_case(f.id, "nf4")) return nf4_double_quant_bits(f.group_size);
    return f.bits_per_weight;
}

WeightsEstimate size_only_estimate(const ModelArch& m, const WeightFormat& f) {
    const ParamCounts p = count_params(m);
    WeightsEstimate e;
    e.bytes = colocated_weights_bytes(p.total, f);
    e.active_bytes = p.total > 0 ? e.bytes * (p.active / p.total) : Interval::exact(0.0);
    e.bits_per_weight = p.total > 0 ? e.bytes.hi * 8.0 / p.total : 0.0;
    e.params = p.total;
    e.classes.push_back(TensorClassBytes{"all", p.total, f.id, e.bytes.hi});
    return e;
}

WeightsEstimate laid_out_weights(const ModelArch& m, const WeightFormat& f) {
    const std::vector<gguf::Tensor> tensors = gguf::model_tensors(m);
    // A stated total (params_override) means the shape is not trusted for a count; so neither for bytes.
    if (m.params_override || tensors.empty()) return size_only_estimate(m, f);

    Layout lo, hi;
    if (f.scheme == WeightScheme::gguf) {
        const auto ftype = gguf::ftype_from_name(f.id);
        if (!ftype) {
            lo = hi = unknown_gguf_layout(tensors, f);
        } else {
            lo = gguf_layout(tensors, gguf::choose_types(tensors, m, *ftype, {false}));
            hi = gguf::ftype_depends_on_imatrix(*ftype)
                     ? gguf_layout(tensors, gguf::choose_types(tensors, m, *ftype, {true}))
                     : lo;
            if (hi.total < lo.total) std::swap(lo, hi);
        }
    } else {
        std::tie(lo, hi) = non_gguf_layouts(tensors, m, f);
    }

    double elements = 0;
    for (const auto& t : tensors) elements += t.elements();

    WeightsEstimate e;
    e.bytes = Interval::of(lo.total, hi.total);
    e.active_bytes = Interval::of(active_bytes_of(tensors, lo, m), active_bytes_of(tensors, hi, m));
    e.bits_per_weight = elements > 0 ? hi.total * 8.0 / elements : 0.0;
    e.params = elements;
    e.classes = classes_of(tensors, hi);  // the classes describe the layout that gives bytes.hi
    return e;
}

}  // namespace

WeightsEstimate estimate_weights(const ModelArch& m, const WeightFormat& f) {
    WeightsEstimate e = laid_out_weights(m, f);
    if (!m.weight_bytes_exact) return e;
    // Bytes read from the model's own file header: exact. What a decode step reads is the file's own figure
    // when it gave one, else the laid-out estimate's active share of the exact total.
    const double exact = *m.weight_bytes_exact;
    const double share = e.bytes.hi > 0 ? e.active_bytes.hi / e.bytes.hi : 1.0;
    e.bytes = Interval::exact(exact);
    e.active_bytes = Interval::exact(m.active_weight_bytes_exact.value_or(exact * share));
    if (e.params > 0) e.bits_per_weight = exact * 8.0 / e.params;
    return e;
}

Interval colocated_weights_bytes(double params, const WeightFormat& f) {
    if (!(params > 0)) return Interval::exact(0.0);
    // Without a shape the share of embeddings, norms and raised tensors is unknown. The bounds: every
    // weight at the format's lowest quantized width, and the whole-file average the format reaches on the
    // Llama-3.1-8B layout (for GGUF exactly the README's measured bits per weight; 13 % of that model is
    // embedding and head, more than in larger models, less than in small ones).
    const ModelArch ref = reference_8b_shape();
    const WeightsEstimate on_ref = estimate_weights(ref, f);
    const double ref_params = count_params(ref).total;
    const double ref_hi_bits = on_ref.bytes.hi * 8.0 / ref_params;
    const double ref_lo_bits = on_ref.bytes.lo * 8.0 / ref_params;
    const double lo_bits = std::min(lowest_linear_bits(f), ref_lo_bits);
    return Interval::of(params * lo_bits / 8.0, params * ref_hi_bits / 8.0);
}

}  // namespace infersizer
