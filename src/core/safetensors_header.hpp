// safetensors_header.hpp — the header of a safetensors file: an 8-byte little-endian length N, then N bytes
// of JSON {"<tensor>": {"dtype", "shape", "data_offsets": [begin, end]}, "__metadata__": {...}}; the tensor
// data follows, offsets relative to its start (huggingface/safetensors README "Format"). The format's own
// rules are checked: N at most 100,000,000, known dtypes, end - begin = elements × dtype size, and tensors
// that tile the data without gaps or overlaps.
//
// GPTQ and AWQ checkpoints store 4-bit weights packed eight to an I32 (`qweight`), with `qzeros`, `scales`
// and (GPTQ) `g_idx` beside them. Their real weight count is qweight's elements × 32 / bits, and the
// others are the format's overhead; packed_int4_params() counts them so.
#pragma once

#include "header_read.hpp"

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace infersizer::modelfile {

struct SafetensorsHeader {
    uint64_t header_bytes = 0;  // N
    uint64_t data_offset = 0;   // 8 + N
    uint64_t data_bytes = 0;    // end of the last tensor
    std::map<std::string, std::string> metadata;  // __metadata__ (string values only, per the format)
    std::vector<TensorInfo> tensors;              // sorted by data offset
};

struct SafetensorsRead {
    ReadStatus status = ReadStatus::error;
    uint64_t need_bytes = 0;
    HeaderError error;
    SafetensorsHeader header;
};

SafetensorsRead read_safetensors_header(const uint8_t* data, size_t size,
                                        std::optional<uint64_t> file_size = std::nullopt);

// Bits of one element of a safetensors dtype (F4 = 4, F6_E2M3 = 6, BF16 = 16 …); 0 when unknown.
int safetensors_dtype_bits(const std::string& dtype);

// The role of a tensor in a GPTQ/AWQ packed layer, from its name: "qweight", "qzeros", "scales", "g_idx",
// or "" for an ordinary tensor. `scales` counts only beside a qweight of the same layer (see model_file).
std::string packed_int4_part(const std::string& name);

}  // namespace infersizer::modelfile
