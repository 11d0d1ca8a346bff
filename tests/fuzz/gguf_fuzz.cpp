// gguf_fuzz.cpp — the GGUF header reader on arbitrary bytes: never a crash, a hang or an allocation the bytes
// merely claim; every answer is one of complete / need_more (asking for more than it has) / error; a complete
// header also goes through the summary (architecture, model, JSON).
#include "gguf_header.hpp"
#include "model_file.hpp"

#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace infersizer::modelfile;
    const GgufRead open = read_gguf_header(data, size);
    if (open.status == ReadStatus::need_more && open.need_bytes <= size) std::abort();
    const GgufRead sized = read_gguf_header(data, size, size);
    if (sized.status == ReadStatus::need_more) std::abort();  // with the file size known it always answers
    if (sized.status == ReadStatus::complete) {
        ModelFileSet set;
        if (set.add_gguf("fuzz.gguf", sized.header).ok()) {
            const auto s = set.summary();
            if (s.ok()) (void)summary_to_json(s.value()).dump();
        }
    }
    return 0;
}
