// model_files.hpp — opening the model's own files on the page: GGUF / safetensors headers, a
// model.safetensors.index.json, a config.json (the core's model_file.hpp), and "use this model".
#pragma once

#include "app_state.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

namespace infersizer::app {

// A new opening: forgets the files of the last one.
void model_files_begin(AppState& s);

// Offers the first `size` bytes of file `name` (`file_size` bytes in all). Returns the JSON the platform acts on:
//   {"status": "need_more", "need_bytes": N}  read at least N bytes from the start and offer them again
//   {"status": "added", "kind": "gguf"}       the header was whole; the summary is updated
//   {"status": "error", "error": "FILE: offset N: …"}  (in the page's language; the summary is unchanged)
std::string model_files_offer(AppState& s, const std::string& name, const uint8_t* data, size_t size,
                              double file_size);

// The summary as `infersizer inspect --json` prints it, plus {"files", "used"}; or {"error": …}; "{}" before any.
std::string model_files_summary_json(const AppState& s);

// Every tensor read so far: [{"name", "type", "shape", "offset"}] (tests compare it with another reader).
std::string model_files_tensors_json(const AppState& s);

// Puts the summary's model (exact weight bytes) into the scenario, with the weight format the files name
// when the catalog has it. False (and s.model_file.error says why) when there is none or the estimate refuses.
bool use_model_files(AppState& s);

}  // namespace infersizer::app
