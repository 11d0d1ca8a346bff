// gguf_header.hpp — the header of a GGUF file (versions 2 and 3): metadata key/values and the tensor table.
//
// Layout (ggml-org/ggml/docs/gguf.md): magic "GGUF", u32 version, u64 tensor count, u64 key/value count;
// each key/value: u64 length + key bytes, u32 value type, value (strings: u64 length + bytes; arrays: u32
// element type, u64 count, elements); each tensor: name (as a string), u32 n_dims (≤ 4), u64 per dim (ne0
// first), u32 ggml type, u64 offset into the data section; the data section starts at the next multiple of
// general.alignment (default 32). All little-endian. Version 1 (32-bit counts) is long obsolete and refused.
#pragma once

#include "header_read.hpp"

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace infersizer::modelfile {

// One ggml tensor type: ggml/include/ggml.h `enum ggml_type` (ids) and ggml/src/ggml.c `type_traits[]`
// (blck_size, type_size = sizeof the block struct in ggml/src/ggml-common.h), as summarised in
// docs/references/gguf-quant-mixes.md §3. Removed ids (4, 5, 31–33, 36–38) are unknown.
struct GgmlTypeInfo {
    uint32_t id;
    const char* name;
    int64_t block_elements;
    int64_t block_bytes;
};
const GgmlTypeInfo* ggml_type_by_id(uint32_t id);  // nullptr: not a type ggml defines
const std::vector<GgmlTypeInfo>& ggml_types();

// A metadata value. Scalars keep their number (integer and real) or text; arrays keep their element type and
// count, and their numbers when short and numeric (per-layer head counts); long arrays (the tokenizer's
// tokens and merges) are skipped over, never stored.
struct GgufValue {
    uint32_t type = 0;   // GGUF value type (0 u8 … 12 f64; 8 string, 9 array)
    int64_t integer = 0; // integer and bool values (u64 above INT64_MAX clamps)
    double real = 0;     // every numeric value as a double
    std::string text;    // strings (cut at kMaxStoredString bytes)
    uint32_t array_type = 0;
    uint64_t array_count = 0;
    std::vector<double> array_numbers;  // numeric arrays of at most kMaxStoredArray elements
};
inline constexpr size_t kMaxStoredString = 4096;
inline constexpr uint64_t kMaxStoredArray = 4096;

struct GgufHeader {
    uint32_t version = 0;
    uint64_t alignment = 32;
    uint64_t data_offset = 0;  // where tensor data starts (header end rounded up to the alignment)
    std::map<std::string, GgufValue> metadata;
    std::vector<TensorInfo> tensors;  // in file order
};

struct GgufRead {
    ReadStatus status = ReadStatus::error;
    uint64_t need_bytes = 0;  // need_more: the file prefix must be at least this long to get further
    HeaderError error;
    GgufHeader header;
};

// Reads the header from the first `size` bytes of a file. `file_size` (when known) lets it check that the
// tensor data the header promises fits in the file.
GgufRead read_gguf_header(const uint8_t* data, size_t size, std::optional<uint64_t> file_size = std::nullopt);

// Metadata helpers: a number (scalar, or the first/maximum of a numeric array) and a string.
std::optional<double> gguf_number(const GgufHeader& h, const std::string& key);
std::optional<double> gguf_array_max(const GgufHeader& h, const std::string& key);
std::optional<std::string> gguf_string(const GgufHeader& h, const std::string& key);

}  // namespace infersizer::modelfile
