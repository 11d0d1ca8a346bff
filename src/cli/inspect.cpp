// inspect.cpp — model files from disk into the core's header readers (inspect.hpp). The only I/O here: the
// first bytes of each file, in slices that grow to what the reader asks for.
#include "inspect.hpp"

#include "format_text.hpp"

#include <algorithm>
#include <fstream>
#include <iostream>

namespace infersizer::cli {

namespace {

constexpr uint64_t kFirstSlice = 1u << 20;  // 1 MiB holds most headers but a big tokenizer's

// Reads up to `n` bytes from the start of the file.
bool read_prefix(std::ifstream& in, uint64_t n, std::string* out) {
    out->resize(static_cast<size_t>(n));
    in.clear();
    in.seekg(0);
    in.read(&(*out)[0], static_cast<std::streamsize>(n));
    out->resize(static_cast<size_t>(in.gcount()));
    return true;
}

template <class Read>
auto read_header(std::ifstream& in, uint64_t file_size, Read read) {
    std::string buf;
    uint64_t want = std::min(kFirstSlice, file_size);
    while (true) {
        read_prefix(in, want, &buf);
        auto r = read(reinterpret_cast<const uint8_t*>(buf.data()), buf.size(), file_size);
        if (r.status != modelfile::ReadStatus::need_more) return r;
        want = std::min(file_size, std::max(r.need_bytes, want * 2));
    }
}

Expected<modelfile::FileKind> add_file(modelfile::ModelFileSet& set, const std::string& path) {
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    if (!in) return Error{"cli.io", path, "cannot read file"};
    const auto file_size = static_cast<uint64_t>(in.tellg());
    std::string head;
    read_prefix(in, std::min<uint64_t>(16, file_size), &head);
    const auto kind = modelfile::detect_kind(reinterpret_cast<const uint8_t*>(head.data()), head.size());
    switch (kind) {
        case modelfile::FileKind::gguf: {
            const auto r = read_header(in, file_size, [](const uint8_t* d, size_t n, uint64_t size) {
                return modelfile::read_gguf_header(d, n, size);
            });
            if (r.status == modelfile::ReadStatus::error) return modelfile::header_error(path, r.error);
            return set.add_gguf(path, r.header);
        }
        case modelfile::FileKind::safetensors: {
            const auto r = read_header(in, file_size, [](const uint8_t* d, size_t n, uint64_t size) {
                return modelfile::read_safetensors_header(d, n, size);
            });
            if (r.status == modelfile::ReadStatus::error) return modelfile::header_error(path, r.error);
            return set.add_safetensors(path, r.header);
        }
        case modelfile::FileKind::config_json:
        case modelfile::FileKind::index_json: {
            if (file_size > 64u << 20) return Error{"model_file.json", path, "a JSON file over 64 MiB is not a config"};
            std::string text;
            read_prefix(in, file_size, &text);
            return set.add_json(path, text);
        }
        case modelfile::FileKind::unknown: break;
    }
    return modelfile::header_error(path, {0, "not a GGUF, safetensors or JSON file"});
}

std::string bytes_text(double b) { return fmt::sig(b / (1024.0 * 1024 * 1024)) + " GiB (" + fmt::column(b) + " bytes)"; }

void print_summary(const modelfile::Summary& s) {
    std::cout << "model file: " << (s.name.empty() ? "(unnamed)" : s.name) << " (" << s.format
              << (s.architecture.empty() ? "" : ", " + s.architecture) << ")\n";
    std::cout << "tensors: " << s.tensor_count << "\nparameters: " << fmt::column(s.params) << "\ntensor bytes: "
              << bytes_text(s.tensor_bytes) << "\nbits per weight: " << fmt::decimals(s.bits_per_weight(), 4) << "\n";
    if (!s.by_type.empty()) {
        std::cout << "by type:\n";
        for (const auto& [type, t] : s.by_type)
            std::cout << "  " << type << ": " << t.tensors << " tensors, " << fmt::column(t.params) << " parameters, "
                      << bytes_text(t.bytes) << "\n";
    }
    if (s.model && s.model->has_shape()) {
        const ModelArch& m = *s.model;
        std::cout << "architecture: " << m.n_layers << " layers, hidden " << m.hidden << ", " << m.n_heads << " heads ("
                  << m.n_kv_heads << " KV), vocab " << m.vocab;
        if (m.n_experts > 0) std::cout << ", " << m.n_experts << " experts (" << m.experts_per_tok << " per token)";
        if (m.max_context > 0) std::cout << ", context " << m.max_context;
        std::cout << "\n";
    }
    if (!s.weights_hint.empty()) std::cout << "weight format: " << s.weights_hint << "\n";
    for (const std::string& n : s.notes) std::cout << "note: " << n << "\n";
}

}  // namespace

Expected<modelfile::Summary> inspect_files(const std::vector<std::string>& paths) {
    modelfile::ModelFileSet set;
    for (const std::string& p : paths) {
        auto added = add_file(set, p);
        if (!added) return added.error();
    }
    return set.summary();
}

int cmd_inspect(const std::vector<std::string>& args) {
    bool as_json = false;
    std::vector<std::string> files;
    for (const std::string& a : args) {
        if (a == "--json") as_json = true;
        else if (a.rfind("--", 0) == 0) {
            std::cerr << "error: inspect: unknown option '" << a << "'; accepted: --json\n";
            return 2;
        } else files.push_back(a);
    }
    if (files.empty()) {
        std::cerr << "error: inspect: give at least one model file (GGUF, safetensors, index.json, config.json)\n";
        return 2;
    }
    const auto s = inspect_files(files);
    if (!s) {
        std::cerr << s.error().cli_line() << "\n";
        return 2;
    }
    if (as_json) std::cout << modelfile::summary_to_json(*s).dump(1) << "\n";
    else print_summary(*s);
    return 0;
}

Expected<Scenario> with_model_files(Scenario s, const std::vector<std::string>& paths, bool weights_given,
                                    const Catalog& catalog) {
    const auto summary = inspect_files(paths);
    if (!summary) return summary.error();
    if (!summary->model) return Error{"model_file.empty", "--model-file", "the files give no model"};
    s.model_custom = *summary->model;
    s.model_id = s.model_custom->id;
    const WeightFormat* f = weights_given || summary->weights_hint.empty()
                                ? nullptr
                                : catalog.find_weight_format(summary->weights_hint);
    if (f) {
        s.weights = f->id;
        // The engine stays when it runs the format, else the format's first (a GGUF file: llama.cpp).
        if (!f->engines.empty() && std::find(f->engines.begin(), f->engines.end(), s.engine) == f->engines.end())
            s.engine = f->engines.front();
    }
    return s;
}

}  // namespace infersizer::cli
