// model_file_state.hpp — the model's own files on the page (model_files.hpp): what was opened and its summary.
// Only the headers ever reach the page's memory: the platform reads each file in growing File.slice()s until
// the core's reader says the header is whole. Nothing is stored; nothing leaves the browser.
#pragma once

#include "error.hpp"
#include "model_file.hpp"

#include <optional>
#include <string>
#include <vector>

namespace infersizer::app {

struct ModelFileState {
    bool picker_requested = false;           // the panel's "open model file" button: the platform opens its picker
    modelfile::ModelFileSet set;             // the files of the current opening (a new opening starts over)
    std::vector<std::string> files;          // their names, in order
    std::vector<modelfile::TensorInfo> tensors;  // every tensor the headers list, in file order (tests compare)
    std::optional<modelfile::Summary> summary;  // of `set`, after the last file
    std::optional<Error> error;              // why the last file (or the summary) was refused
    bool used = false;                       // "use this model" applied this summary to the scenario
};

}  // namespace infersizer::app
