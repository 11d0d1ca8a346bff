// safetensors_header.cpp — the safetensors header reader (format in safetensors_header.hpp).
#include "safetensors_header.hpp"

#include "byte_cursor.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

namespace infersizer::modelfile {

using detail::printable;
using json = nlohmann::json;

int safetensors_dtype_bits(const std::string& dtype) {
    // huggingface/safetensors `Dtype` (safetensors/src/tensor.rs): every dtype the format defines.
    static const std::map<std::string, int> bits = {
        {"BOOL", 8},    {"U8", 8},       {"I8", 8},       {"F8_E5M2", 8}, {"F8_E4M3", 8}, {"F8_E8M0", 8},
        {"I16", 16},    {"U16", 16},     {"F16", 16},     {"BF16", 16},   {"I32", 32},    {"U32", 32},
        {"F32", 32},    {"I64", 64},     {"U64", 64},     {"F64", 64},    {"C64", 64},    {"F4", 4},
        {"F6_E2M3", 6}, {"F6_E3M2", 6},
    };
    const auto it = bits.find(dtype);
    return it == bits.end() ? 0 : it->second;
}

std::string packed_int4_part(const std::string& name) {
    for (const char* part : {"qweight", "qzeros", "scales", "g_idx"}) {
        const std::string suffix = std::string(".") + part;
        if (name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
            return part;
    }
    return "";
}

namespace {

constexpr int kMaxJsonDepth = 16;  // the format needs 3 levels; nlohmann's parser recurses per level

// Deepest bracket nesting outside strings, or the offset where it passes the limit (checked before parsing).
std::optional<size_t> too_deep(const uint8_t* p, size_t n) {
    int depth = 0;
    bool in_string = false;
    for (size_t i = 0; i < n; ++i) {
        const uint8_t c = p[i];
        if (in_string) {
            if (c == '\\') ++i;
            else if (c == '"') in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '{' || c == '[') {
            if (++depth > kMaxJsonDepth) return i;
        } else if (c == '}' || c == ']') {
            --depth;
        }
    }
    return std::nullopt;
}

[[noreturn]] void bad(uint64_t at, const std::string& what) { throw detail::Bad{at, what}; }

uint64_t unsigned_of(const json& v, uint64_t at, const std::string& what) {
    if (!v.is_number_unsigned()) {
        if (v.is_number_integer() && v.get<int64_t>() >= 0) return static_cast<uint64_t>(v.get<int64_t>());
        bad(at, what + " is not a non-negative integer: " + printable(v.dump()));
    }
    return v.get<uint64_t>();
}

TensorInfo read_entry(const std::string& name, const json& e, uint64_t at) {
    const std::string quoted = "tensor '" + printable(name) + "'";
    if (!e.is_object()) bad(at, quoted + " is not an object");
    for (const char* key : {"dtype", "shape", "data_offsets"})
        if (!e.contains(key)) bad(at, quoted + " has no " + key);
    TensorInfo t;
    t.name = name;
    if (!e["dtype"].is_string()) bad(at, quoted + " dtype is not a string");
    t.type = e["dtype"].get<std::string>();
    const int bits = safetensors_dtype_bits(t.type);
    if (bits == 0) bad(at, quoted + " has unknown dtype '" + printable(t.type) + "'");
    const json& shape = e["shape"];
    if (!shape.is_array()) bad(at, quoted + " shape is not an array");
    if (shape.size() > 8) bad(at, quoted + " has " + std::to_string(shape.size()) + " dimensions (at most 8)");
    uint64_t elements = 1;
    for (const json& d : shape) {
        const uint64_t n = unsigned_of(d, at, quoted + " dimension");
        if (n != 0 && elements > (UINT64_MAX >> 8) / n) bad(at, quoted + " has more than 2^56 elements");
        elements *= n;
        t.shape.push_back(static_cast<int64_t>(n));
    }
    const json& offsets = e["data_offsets"];
    if (!offsets.is_array() || offsets.size() != 2) bad(at, quoted + " data_offsets is not [begin, end]");
    const uint64_t begin = unsigned_of(offsets[0], at, quoted + " data_offsets begin");
    const uint64_t end = unsigned_of(offsets[1], at, quoted + " data_offsets end");
    if (end < begin) bad(at, quoted + " data_offsets end " + std::to_string(end) + " is before begin " + std::to_string(begin));
    const uint64_t bit_count = elements * static_cast<uint64_t>(bits);
    if (bit_count % 8 != 0) bad(at, quoted + " holds " + std::to_string(elements) + " elements of " + t.type + ", not a whole number of bytes");
    if (end - begin != bit_count / 8)
        bad(at, quoted + " data_offsets span " + std::to_string(end - begin) + " bytes, but " +
                    std::to_string(elements) + " elements of " + t.type + " take " + std::to_string(bit_count / 8));
    t.offset = begin;
    t.params = static_cast<double>(elements);
    t.bytes = static_cast<double>(end - begin);
    return t;
}

SafetensorsHeader read(const uint8_t* data, size_t size, std::optional<uint64_t> file_size) {
    detail::ByteCursor c(data, size);
    SafetensorsHeader h;
    h.header_bytes = c.u64();
    if (h.header_bytes > kMaxSafetensorsHeaderBytes)
        bad(0, "header length " + std::to_string(h.header_bytes) + " exceeds the format's limit of 100000000 bytes");
    if (h.header_bytes < 2) bad(0, "header length " + std::to_string(h.header_bytes) + " is too short for a JSON object");
    h.data_offset = 8 + h.header_bytes;
    if (file_size && h.data_offset > *file_size)
        bad(0, "header length " + std::to_string(h.header_bytes) + " runs past the end of the file (" +
                   std::to_string(*file_size) + " bytes)");
    c.need(h.header_bytes);
    const uint8_t* text = data + 8;
    const auto n = static_cast<size_t>(h.header_bytes);
    if (text[0] != '{') bad(8, "header does not start with '{'");
    if (const auto deep = too_deep(text, n)) bad(8 + *deep, "JSON nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
    json doc;
    try {
        doc = json::parse(text, text + n);
    } catch (const json::parse_error& e) {
        // e.byte is 1-based within the header text.
        const uint64_t at = 8 + (e.byte > 0 ? e.byte - 1 : 0);
        std::string what = e.what();
        const auto colon = what.find("syntax error");
        bad(at, "header is not valid JSON: " + (colon == std::string::npos ? what : what.substr(colon)));
    }
    if (!doc.is_object()) bad(8, "header is not a JSON object");
    for (const auto& [key, value] : doc.items()) {
        if (key == "__metadata__") {
            if (!value.is_object()) bad(8, "__metadata__ is not an object");
            for (const auto& [mk, mv] : value.items()) {
                if (!mv.is_string()) bad(8, "__metadata__ '" + printable(mk) + "' is not a string");
                h.metadata[mk] = mv.get<std::string>();
            }
            continue;
        }
        h.tensors.push_back(read_entry(key, value, 8));
    }
    std::sort(h.tensors.begin(), h.tensors.end(),
              [](const TensorInfo& a, const TensorInfo& b) { return a.offset < b.offset || (a.offset == b.offset && a.bytes < b.bytes); });
    uint64_t expected = 0;
    for (const TensorInfo& t : h.tensors) {
        if (t.offset != expected)
            bad(8, "tensor '" + printable(t.name) + "' starts at data byte " + std::to_string(t.offset) + ", expected " +
                       std::to_string(expected) + " (tensors must tile the data without gaps or overlaps)");
        expected += static_cast<uint64_t>(t.bytes);
    }
    h.data_bytes = expected;
    if (file_size && h.data_offset + h.data_bytes != *file_size)
        bad(8, "tensor data ends at byte " + std::to_string(h.data_offset + h.data_bytes) + " but the file has " +
                   std::to_string(*file_size) + " bytes");
    return h;
}

}  // namespace

SafetensorsRead read_safetensors_header(const uint8_t* data, size_t size, std::optional<uint64_t> file_size) {
    SafetensorsRead r;
    try {
        r.header = read(data, size, file_size);
        r.status = ReadStatus::complete;
    } catch (const detail::NeedMore& more) {
        if (file_size && more.bytes > *file_size) {
            r.status = ReadStatus::error;
            r.error = {*file_size, "the file ends inside the header (" + std::to_string(*file_size) + " bytes)"};
        } else {
            r.status = ReadStatus::need_more;
            r.need_bytes = more.bytes;
        }
    } catch (const detail::Bad& b) {
        r.status = ReadStatus::error;
        r.error = {b.offset, b.what};
    } catch (const std::exception& e) {  // nlohmann misuse on a shape the checks above missed: still an answer
        r.status = ReadStatus::error;
        r.error = {8, std::string("header unreadable: ") + e.what()};
    }
    return r;
}

}  // namespace infersizer::modelfile
