// inspect.hpp — `infersizer inspect FILE... [--json]` and `estimate --model-file FILE...`: read only the
// header of each model file (GGUF, safetensors, model.safetensors.index.json, config.json) and summarise it
// with the core's model_file.hpp.
#pragma once

#include "catalog.hpp"
#include "error.hpp"
#include "model_file.hpp"
#include "scenario.hpp"

#include <string>
#include <vector>

namespace infersizer::cli {

// The files' summary; each file is read in growing slices until its header is whole (never the tensor data).
Expected<modelfile::Summary> inspect_files(const std::vector<std::string>& paths);

int cmd_inspect(const std::vector<std::string>& args);

// The scenario with the files' model (exact weight bytes) and, unless `weights_given`, the weight format the
// files name when the catalog has it.
Expected<Scenario> with_model_files(Scenario s, const std::vector<std::string>& paths, bool weights_given,
                                    const Catalog& catalog);

}  // namespace infersizer::cli
