// safetensors_fuzz.cpp — the safetensors header reader and the JSON side files (index, config) on arbitrary
// bytes: never a crash, a hang or an allocation the bytes merely claim; a complete header goes through the
// summary.
#include "model_file.hpp"
#include "safetensors_header.hpp"

#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace infersizer::modelfile;
    const SafetensorsRead open = read_safetensors_header(data, size);
    if (open.status == ReadStatus::need_more && open.need_bytes <= size) std::abort();
    const SafetensorsRead sized = read_safetensors_header(data, size, size);
    if (sized.status == ReadStatus::need_more) std::abort();
    ModelFileSet set;
    if (sized.status == ReadStatus::complete) (void)set.add_safetensors("fuzz.safetensors", sized.header);
    if (detect_kind(data, size) == FileKind::config_json)
        (void)set.add_json("fuzz.json", std::string(reinterpret_cast<const char*>(data), size));
    if (!set.empty()) {
        const auto s = set.summary();
        if (s.ok()) (void)summary_to_json(s.value()).dump();
    }
    return 0;
}
