// header_read.hpp — what the model-file header readers (gguf_header, safetensors_header) share: one tensor
// as a header lists it, and the three outcomes of reading a prefix of a file.
//
// The readers parse only the bytes they are given. A page reads a file in growing slices (File.slice) and
// asks again with more bytes while the answer is need_more; nothing is ever allocated because the file
// claims it: every count and length is checked against the bytes actually at hand and a fixed ceiling.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace infersizer::modelfile {

struct TensorInfo {
    std::string name;
    std::string type;            // ggml type name ("Q4_K") or safetensors dtype ("BF16")
    std::vector<int64_t> shape;  // as the file lists it (GGUF: ne0 first; safetensors: row-major, last fastest)
    uint64_t offset = 0;         // data offset (GGUF: from the data section; safetensors: from the data start)
    double params = 0;           // elements it stores (packed int4 counts its real weights, see safetensors_header)
    double bytes = 0;            // exact bytes of its data
};

struct HeaderError {
    uint64_t offset = 0;  // byte offset in the file where the problem is
    std::string what;     // "tensor count 1e12 exceeds what 256 MiB of header can hold"
};

enum class ReadStatus { complete, need_more, error };

// Ceiling on the bytes a header may span: far above any real one (a 256k-vocabulary GGUF header is ~20 MB).
inline constexpr uint64_t kMaxGgufHeaderBytes = 256ull << 20;
// The safetensors format's own ceiling on its JSON header (safetensors MAX_HEADER_SIZE, 100,000,000 bytes).
inline constexpr uint64_t kMaxSafetensorsHeaderBytes = 100'000'000;

}  // namespace infersizer::modelfile
