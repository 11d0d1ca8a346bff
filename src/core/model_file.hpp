// model_file.hpp — what the model's own files say: GGUF and safetensors headers (several shards summed), a
// model.safetensors.index.json and a config.json, turned into the inspect summary (docs/contract.md
// "infersizer inspect") and a model that carries its exact weight bytes into an estimate.
//
// A ModelFileSet gathers the pieces one file at a time (the page opens them one by one; the CLI takes them
// from its arguments), identifying each by content, never by name: GGUF by its magic, safetensors by its
// length + '{', JSON by what it holds (weight_map → index, model_type/architectures → config).
#pragma once

#include "catalog.hpp"
#include "error.hpp"
#include "gguf_header.hpp"
#include "safetensors_header.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace infersizer::modelfile {

enum class FileKind { gguf, safetensors, index_json, config_json, unknown };
// From the first bytes of a file (8 are enough to tell; JSON is looked at as a whole when it is JSON).
FileKind detect_kind(const uint8_t* data, size_t size);
const char* file_kind_name(FileKind k);

struct TypeTotals {
    int64_t tensors = 0;
    double params = 0;
    double bytes = 0;
};

struct Summary {
    std::string format;        // "gguf", "safetensors", or "config" (a config.json alone: no bytes)
    std::string architecture;  // GGUF general.architecture, else config.json model_type
    std::string name;          // general.name, or the config's name given by the caller
    int64_t tensor_count = 0;
    double params = 0;          // real weights (packed int4 counted as weights, not as I32 elements)
    double tensor_bytes = 0;    // exact bytes of tensor data
    double active_bytes = 0;    // a decode step's bytes: all but the unrouted share of routed experts
    std::map<std::string, TypeTotals> by_type;
    std::string weights_hint;   // a catalog weight format id when the file names one ("Q4_K_M", "bf16", "awq-int4")
    std::optional<ModelArch> model;  // the architecture found, with weight_bytes_exact set when bytes are known
    std::vector<std::string> notes;  // what could not be read (e.g. "architecture llama: no embedding_length")
    double bits_per_weight() const { return params > 0 ? tensor_bytes * 8.0 / params : 0.0; }
};

class ModelFileSet {
public:
    // Each returns an error naming `file` with the offset and the problem; the set is unchanged then.
    Expected<FileKind> add_gguf(const std::string& file, const GgufHeader& h);
    Expected<FileKind> add_safetensors(const std::string& file, const SafetensorsHeader& h);
    Expected<FileKind> add_json(const std::string& file, const std::string& text);  // index or config

    bool empty() const { return gguf_.empty() && safetensors_.empty() && !index_ && !config_; }
    Expected<Summary> summary() const;

private:
    std::vector<GgufHeader> gguf_;
    std::vector<SafetensorsHeader> safetensors_;
    std::optional<nlohmann::json> index_;
    std::optional<nlohmann::json> config_;
    std::string config_file_;
};

// The contract's inspect object ({format, architecture, tensor_count, params, tensor_bytes, bits_per_weight,
// by_type, model}).
nlohmann::json summary_to_json(const Summary& s);

// An error as the CLI prints it: "FILE: offset N: what is wrong" in the path/message of an Error.
Error header_error(const std::string& file, const HeaderError& e);

}  // namespace infersizer::modelfile
