// gguf_header.cpp — GGUF v2/v3 header reader (layout in gguf_header.hpp). The checks follow what llama.cpp's
// own loader (ggml/src/gguf.cpp) refuses: unknown value or tensor types, more than 4 dimensions, a row length
// that is not a whole number of blocks, unaligned or non-consecutive tensor offsets, duplicate keys or names.
#include "gguf_header.hpp"

#include "byte_cursor.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <set>

namespace infersizer::modelfile {

using detail::Bad;
using detail::ByteCursor;
using detail::NeedMore;
using detail::printable;

const std::vector<GgmlTypeInfo>& ggml_types() {
    // ggml/include/ggml.h enum ggml_type (ids) and ggml/src/ggml.c type_traits (elements, bytes per block);
    // NVFP4 (40), Q1_0 (41) and Q2_0 (42) are in the 2026 tree (docs/references/gguf-quant-mixes.md §3).
    static const std::vector<GgmlTypeInfo> types = {
        {0, "F32", 1, 4},          {1, "F16", 1, 2},         {2, "Q4_0", 32, 18},     {3, "Q4_1", 32, 20},
        {6, "Q5_0", 32, 22},       {7, "Q5_1", 32, 24},      {8, "Q8_0", 32, 34},     {9, "Q8_1", 32, 36},
        {10, "Q2_K", 256, 84},     {11, "Q3_K", 256, 110},   {12, "Q4_K", 256, 144},  {13, "Q5_K", 256, 176},
        {14, "Q6_K", 256, 210},    {15, "Q8_K", 256, 292},   {16, "IQ2_XXS", 256, 66}, {17, "IQ2_XS", 256, 74},
        {18, "IQ3_XXS", 256, 98},  {19, "IQ1_S", 256, 50},   {20, "IQ4_NL", 32, 18},  {21, "IQ3_S", 256, 110},
        {22, "IQ2_S", 256, 82},    {23, "IQ4_XS", 256, 136}, {24, "I8", 1, 1},        {25, "I16", 1, 2},
        {26, "I32", 1, 4},         {27, "I64", 1, 8},        {28, "F64", 1, 8},       {29, "IQ1_M", 256, 56},
        {30, "BF16", 1, 2},        {34, "TQ1_0", 256, 54},   {35, "TQ2_0", 256, 66},  {39, "MXFP4", 32, 17},
        {40, "NVFP4", 64, 36},     {41, "Q1_0", 128, 18},    {42, "Q2_0", 64, 18},
    };
    return types;
}

const GgmlTypeInfo* ggml_type_by_id(uint32_t id) {
    for (const auto& t : ggml_types())
        if (t.id == id) return &t;
    return nullptr;
}

namespace {

enum : uint32_t { kU8, kI8, kU16, kI16, kU32, kI32, kF32, kBool, kString, kArray, kU64, kI64, kF64, kTypeCount };

// Bytes of one fixed-size value; 0 for strings and arrays.
uint64_t fixed_size(uint32_t type) {
    switch (type) {
        case kU8: case kI8: case kBool: return 1;
        case kU16: case kI16: return 2;
        case kU32: case kI32: case kF32: return 4;
        case kU64: case kI64: case kF64: return 8;
        default: return 0;
    }
}

constexpr uint64_t kMaxKeyBytes = 65535;  // ggml-org/ggml/docs/gguf.md: keys are at most 2^16 - 1 bytes
constexpr int kMaxArrayDepth = 3;         // the spec allows nested arrays; none are used this deep

class Reader {
public:
    Reader(const uint8_t* data, size_t size) : c_(data, size) {}

    GgufHeader read(std::optional<uint64_t> file_size) {
        GgufHeader h;
        const std::string magic = c_.bytes(4);
        if (magic != "GGUF") throw Bad{0, "not a GGUF file: magic is '" + printable(magic) + "', expected 'GGUF'"};
        h.version = c_.u32();
        if (h.version == 0x03000000u || h.version == 0x02000000u)
            throw Bad{4, "big-endian GGUF is not supported"};
        if (h.version != 2 && h.version != 3)
            throw Bad{4, "GGUF version " + std::to_string(h.version) + " is not supported (only 2 and 3)"};
        const uint64_t n_tensors = read_count(24, "tensor count");  // a tensor record is at least 24 bytes
        const uint64_t n_kv = read_count(13, "key/value count");     // a key/value is at least 13 bytes

        for (uint64_t i = 0; i < n_kv; ++i) read_kv(h);

        std::set<std::string> names;
        uint64_t expected_offset = 0;
        for (uint64_t i = 0; i < n_tensors; ++i) {
            const uint64_t at = c_.pos();
            TensorInfo t = read_tensor(h.alignment, expected_offset);
            if (!names.insert(t.name).second) throw Bad{at, "duplicate tensor name '" + printable(t.name) + "'"};
            h.tensors.push_back(std::move(t));
        }
        const uint64_t end = c_.pos();
        h.data_offset = end + (h.alignment - end % h.alignment) % h.alignment;
        if (file_size && expected_offset > 0 && h.data_offset + expected_offset > *file_size)
            throw Bad{end, "tensor data ends at byte " + std::to_string(h.data_offset + expected_offset) +
                               " but the file has " + std::to_string(*file_size) + " bytes"};
        return h;
    }

private:
    ByteCursor c_;

    [[noreturn]] void bad(uint64_t at, const std::string& what) const { throw Bad{at, what}; }

    // The bytes left before the header ceiling: what any claimed length is checked against.
    uint64_t room() const { return kMaxGgufHeaderBytes > c_.pos() ? kMaxGgufHeaderBytes - c_.pos() : 0; }

    uint64_t read_count(uint64_t min_record_bytes, const char* what) {
        const uint64_t at = c_.pos();
        const uint64_t n = c_.u64();
        if (n > room() / min_record_bytes)
            bad(at, std::string(what) + " " + std::to_string(n) + " exceeds what a 256 MiB header can hold");
        return n;
    }

    // A string: u64 length + bytes. Long strings (chat templates) are skipped past kMaxStoredString.
    std::string read_string(const char* what, uint64_t max_len, bool keep = true) {
        const uint64_t at = c_.pos();
        const uint64_t len = c_.u64();
        if (len > max_len)
            bad(at, std::string(what) + " length " + std::to_string(len) + " is over " + std::to_string(max_len) +
                        " bytes");
        if (len > room())
            bad(at, std::string(what) + " length " + std::to_string(len) + " exceeds the 256 MiB header limit");
        if (!keep) {
            c_.skip(len);
            return {};
        }
        return c_.bytes(len);
    }

    void read_kv(GgufHeader& h) {
        const uint64_t at = c_.pos();
        const std::string key = read_string("key", kMaxKeyBytes);
        if (key.empty()) bad(at, "empty key");
        if (!detail::valid_utf8(key)) bad(at, "key '" + printable(key) + "' is not valid UTF-8");
        if (h.metadata.count(key)) bad(at, "duplicate key '" + printable(key) + "'");
        const uint64_t type_at = c_.pos();
        const uint32_t type = c_.u32();
        if (type >= kTypeCount)
            bad(type_at, "unknown value type " + std::to_string(type) + " for key '" + printable(key) + "'");
        GgufValue v;
        v.type = type;
        read_value(v, key, 0);
        if (key == "general.alignment") {
            if (fixed_size(type) == 0 || type == kF32 || type == kF64 || type == kBool)
                bad(type_at, "general.alignment must be an integer");
            if (v.integer <= 0 || (v.integer & (v.integer - 1)) != 0)
                bad(type_at, "general.alignment " + std::to_string(v.integer) + " is not a power of two");
            h.alignment = static_cast<uint64_t>(v.integer);
        }
        h.metadata.emplace(key, std::move(v));
    }

    void read_scalar(GgufValue& v, uint32_t type, const std::string& key) {
        const uint64_t at = c_.pos();
        const uint64_t raw = c_.u(static_cast<int>(fixed_size(type)));
        switch (type) {
            case kU8: case kU16: case kU32: case kU64:
                v.integer = raw > static_cast<uint64_t>(INT64_MAX) ? INT64_MAX : static_cast<int64_t>(raw);
                v.real = static_cast<double>(raw);
                break;
            case kI8: v.integer = static_cast<int8_t>(raw); v.real = static_cast<double>(v.integer); break;
            case kI16: v.integer = static_cast<int16_t>(raw); v.real = static_cast<double>(v.integer); break;
            case kI32: v.integer = static_cast<int32_t>(raw); v.real = static_cast<double>(v.integer); break;
            case kI64: v.integer = static_cast<int64_t>(raw); v.real = static_cast<double>(v.integer); break;
            case kBool:
                if (raw > 1) bad(at, "boolean " + std::to_string(raw) + " for key '" + printable(key) + "' is not 0 or 1");
                v.integer = static_cast<int64_t>(raw);
                v.real = static_cast<double>(raw);
                break;
            case kF32: {
                float f;
                const auto bits = static_cast<uint32_t>(raw);
                static_assert(sizeof f == sizeof bits, "IEEE binary32");
                std::memcpy(&f, &bits, sizeof f);
                v.real = static_cast<double>(f);
                break;
            }
            case kF64: {
                double d;
                static_assert(sizeof d == sizeof raw, "IEEE binary64");
                std::memcpy(&d, &raw, sizeof d);
                v.real = d;
                break;
            }
            default: break;
        }
    }

    void read_value(GgufValue& v, const std::string& key, int depth) {
        if (v.type == kString) {
            v.text = read_string("string", UINT64_MAX, true);
            if (v.text.size() > kMaxStoredString) v.text.resize(kMaxStoredString);
            v.text = detail::utf8_or_escaped(v.text);  // the spec says UTF-8; a file may not keep to it
            return;
        }
        if (v.type != kArray) {
            read_scalar(v, v.type, key);
            return;
        }
        if (depth >= kMaxArrayDepth)
            bad(c_.pos(), "arrays nested deeper than " + std::to_string(kMaxArrayDepth) + " in key '" + printable(key) + "'");
        const uint64_t type_at = c_.pos();
        v.array_type = c_.u32();
        if (v.array_type >= kTypeCount)
            bad(type_at, "unknown array element type " + std::to_string(v.array_type) + " for key '" + printable(key) + "'");
        const uint64_t count_at = c_.pos();
        v.array_count = c_.u64();
        const uint64_t elem = fixed_size(v.array_type);
        const uint64_t min_elem = elem > 0 ? elem : (v.array_type == kString ? 8 : 12);
        if (v.array_count > room() / min_elem)
            bad(count_at, "array of " + std::to_string(v.array_count) + " elements for key '" + printable(key) +
                              "' exceeds the 256 MiB header limit");
        if (elem > 0) {
            const bool keep = v.array_count <= kMaxStoredArray && v.array_type != kBool;
            if (!keep) {
                c_.skip(v.array_count * elem);
                return;
            }
            for (uint64_t i = 0; i < v.array_count; ++i) {
                GgufValue e;
                read_scalar(e, v.array_type, key);
                v.array_numbers.push_back(e.real);
            }
            return;
        }
        for (uint64_t i = 0; i < v.array_count; ++i) {
            if (v.array_type == kString) {
                read_string("string", UINT64_MAX, false);
            } else {
                GgufValue inner;
                inner.type = kArray;
                read_value(inner, key, depth + 1);
            }
        }
    }

    TensorInfo read_tensor(uint64_t alignment, uint64_t& expected_offset) {
        TensorInfo t;
        const uint64_t at = c_.pos();
        t.name = read_string("tensor name", kMaxKeyBytes);
        if (t.name.empty()) bad(at, "empty tensor name");
        if (!detail::valid_utf8(t.name)) bad(at, "tensor name '" + printable(t.name) + "' is not valid UTF-8");
        const std::string quoted = "tensor '" + printable(t.name) + "'";
        const uint64_t dims_at = c_.pos();
        const uint32_t n_dims = c_.u32();
        if (n_dims > 4) bad(dims_at, quoted + " has " + std::to_string(n_dims) + " dimensions (at most 4)");
        uint64_t elements = 1;
        for (uint32_t d = 0; d < n_dims; ++d) {
            const uint64_t dim_at = c_.pos();
            const uint64_t ne = c_.u64();
            if (ne > static_cast<uint64_t>(INT64_MAX))
                bad(dim_at, quoted + " dimension " + std::to_string(d) + " is negative");
            if (ne != 0 && elements > static_cast<uint64_t>(INT64_MAX) / ne)
                bad(dim_at, quoted + " has more than 2^63 elements");
            elements *= ne;
            t.shape.push_back(static_cast<int64_t>(ne));
        }
        const uint64_t type_at = c_.pos();
        const uint32_t type_id = c_.u32();
        const GgmlTypeInfo* type = ggml_type_by_id(type_id);
        if (!type) bad(type_at, quoted + " has unknown ggml type " + std::to_string(type_id));
        t.type = type->name;
        const uint64_t ne0 = t.shape.empty() ? 1 : static_cast<uint64_t>(t.shape[0]);
        const auto block = static_cast<uint64_t>(type->block_elements);
        if (ne0 % block != 0)
            bad(type_at, quoted + " row length " + std::to_string(ne0) + " is not a multiple of " + type->name +
                             "'s block of " + std::to_string(block));
        const uint64_t blocks = elements / block;
        const auto block_bytes = static_cast<uint64_t>(type->block_bytes);
        if (blocks > UINT64_MAX / 2 / block_bytes) bad(type_at, quoted + " is larger than 2^63 bytes");
        const uint64_t bytes = blocks * block_bytes;
        const uint64_t offset_at = c_.pos();
        t.offset = c_.u64();
        if (t.offset % alignment != 0)
            bad(offset_at, quoted + " offset " + std::to_string(t.offset) + " is not a multiple of the alignment " +
                               std::to_string(alignment));
        if (t.offset != expected_offset)
            bad(offset_at, quoted + " offset " + std::to_string(t.offset) + ", expected " +
                               std::to_string(expected_offset) + " (tensors follow each other)");
        const uint64_t padded = bytes + (alignment - bytes % alignment) % alignment;
        if (padded > UINT64_MAX / 2 - expected_offset) bad(offset_at, quoted + " ends past 2^63 bytes");
        expected_offset += padded;
        t.params = static_cast<double>(elements);
        t.bytes = static_cast<double>(bytes);
        return t;
    }
};

}  // namespace

GgufRead read_gguf_header(const uint8_t* data, size_t size, std::optional<uint64_t> file_size) {
    GgufRead r;
    try {
        Reader reader(data, size);
        r.header = reader.read(file_size);
        r.status = ReadStatus::complete;
    } catch (const NeedMore& more) {
        if (file_size && more.bytes > *file_size) {
            r.status = ReadStatus::error;
            r.error = {std::min<uint64_t>(*file_size, size),
                       "the file ends inside the header (" + std::to_string(*file_size) + " bytes)"};
        } else {
            r.status = ReadStatus::need_more;
            r.need_bytes = more.bytes;
        }
    } catch (const Bad& bad) {
        r.status = ReadStatus::error;
        r.error = {bad.offset, bad.what};
    }
    return r;
}

std::optional<double> gguf_number(const GgufHeader& h, const std::string& key) {
    const auto it = h.metadata.find(key);
    if (it == h.metadata.end()) return std::nullopt;
    const GgufValue& v = it->second;
    if (v.type == kString) return std::nullopt;
    if (v.type == kArray) {
        if (v.array_numbers.empty()) return std::nullopt;
        return v.array_numbers.front();
    }
    return v.real;
}

std::optional<double> gguf_array_max(const GgufHeader& h, const std::string& key) {
    const auto it = h.metadata.find(key);
    if (it == h.metadata.end() || it->second.type != kArray || it->second.array_numbers.empty())
        return gguf_number(h, key);
    double m = it->second.array_numbers.front();
    for (double x : it->second.array_numbers) m = std::max(m, x);
    return m;
}

std::optional<std::string> gguf_string(const GgufHeader& h, const std::string& key) {
    const auto it = h.metadata.find(key);
    if (it == h.metadata.end() || it->second.type != kString) return std::nullopt;
    return it->second.text;
}

}  // namespace infersizer::modelfile
