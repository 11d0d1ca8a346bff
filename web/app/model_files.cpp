// model_files.cpp — the model's own files on the page (model_files.hpp).
#include "model_files.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace infersizer::app {

namespace {

std::string error_json(const AppState& s, const Error& e) {
    return nlohmann::json{{"status", "error"}, {"error", e.located_in(s.lang_code())}}.dump();
}

// Records a refusal; the set and the summary stay as they were.
std::string refuse(AppState& s, const Error& e) {
    s.model_file.error = e;
    return error_json(s, e);
}

template <class ReadResult>
std::optional<std::string> not_whole(AppState& s, const std::string& name, const ReadResult& r) {
    if (r.status == modelfile::ReadStatus::need_more)
        return nlohmann::json{{"status", "need_more"}, {"need_bytes", r.need_bytes}}.dump();
    if (r.status == modelfile::ReadStatus::error) return refuse(s, modelfile::header_error(name, r.error));
    return std::nullopt;
}

}  // namespace

void model_files_begin(AppState& s) {
    s.model_file.set = modelfile::ModelFileSet{};
    s.model_file.files.clear();
    s.model_file.tensors.clear();
    s.model_file.summary.reset();
    s.model_file.error.reset();
    s.model_file.used = false;
}

std::string model_files_offer(AppState& s, const std::string& name, const uint8_t* data, size_t size,
                              double file_size) {
    ModelFileState& m = s.model_file;
    if (!(file_size >= 0) || file_size > 1e16) return refuse(s, Error{"model_file.size", name, "unreadable file size"});
    const auto total = static_cast<uint64_t>(file_size);
    const modelfile::FileKind kind = modelfile::detect_kind(data, size);
    // The new file goes into a copy: a refused one leaves the set as it was.
    modelfile::ModelFileSet next = m.set;
    Expected<modelfile::FileKind> added = kind;
    std::vector<modelfile::TensorInfo> tensors;
    if (kind == modelfile::FileKind::gguf) {
        const auto r = modelfile::read_gguf_header(data, size, total);
        if (auto stop = not_whole(s, name, r)) return *stop;
        added = next.add_gguf(name, r.header);
        tensors = r.header.tensors;
    } else if (kind == modelfile::FileKind::safetensors) {
        const auto r = modelfile::read_safetensors_header(data, size, total);
        if (auto stop = not_whole(s, name, r)) return *stop;
        added = next.add_safetensors(name, r.header);
        tensors = r.header.tensors;
    } else if (kind == modelfile::FileKind::config_json) {
        if (size < total) return nlohmann::json{{"status", "need_more"}, {"need_bytes", total}}.dump();
        added = next.add_json(name, std::string(reinterpret_cast<const char*>(data), size));
    } else {
        if (size < 16 && size < total) return nlohmann::json{{"status", "need_more"}, {"need_bytes", 16}}.dump();
        return refuse(s, modelfile::header_error(name, {0, "not a GGUF, safetensors or JSON file"}));
    }
    if (!added) return refuse(s, added.error());
    Expected<modelfile::Summary> summary = next.summary();
    if (!summary) return refuse(s, summary.error());
    m.set = std::move(next);
    m.files.push_back(name);
    m.tensors.insert(m.tensors.end(), tensors.begin(), tensors.end());
    m.summary = summary.value();
    m.error.reset();
    m.used = false;
    return nlohmann::json{{"status", "added"}, {"kind", modelfile::file_kind_name(added.value())}}.dump();
}

std::string model_files_summary_json(const AppState& s) {
    const ModelFileState& m = s.model_file;
    nlohmann::json j = nlohmann::json::object();
    if (m.summary) {
        j = modelfile::summary_to_json(*m.summary);
        j["files"] = m.files;
        j["used"] = m.used;
    }
    if (m.error) j["error"] = m.error->located_in(s.lang_code());
    return j.dump();
}

std::string model_files_tensors_json(const AppState& s) {
    nlohmann::json out = nlohmann::json::array();
    for (const modelfile::TensorInfo& t : s.model_file.tensors)
        out.push_back({{"name", t.name}, {"type", t.type}, {"shape", t.shape}, {"offset", t.offset}});
    return out.dump();
}

bool use_model_files(AppState& s) {
    ModelFileState& m = s.model_file;
    if (!m.summary || !m.summary->model) {
        m.error = Error{"model_file.empty", "model file", "no model file opened"};
        return false;
    }
    Scenario next = s.scenario;
    next.model_custom = *m.summary->model;
    next.model_id = next.model_custom->id;
    if (const WeightFormat* f = s.catalog && !m.summary->weights_hint.empty()
                                    ? s.catalog->find_weight_format(m.summary->weights_hint)
                                    : nullptr) {
        next.weights = f->id;
        // A GGUF file runs on llama.cpp-style engines: keep the engine when it runs the format, else its first.
        if (!f->engines.empty() && std::find(f->engines.begin(), f->engines.end(), next.engine) == f->engines.end())
            next.engine = f->engines.front();
    }
    if (std::optional<Error> e = apply_scenario(s, next)) {
        m.error = *e;
        return false;
    }
    m.used = true;
    m.error.reset();
    return true;
}

}  // namespace infersizer::app
