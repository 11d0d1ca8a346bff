// json_lookup.hpp — one member of a JSON object by name, without making a std::string per lookup.
//
// A source of its own because it is the catalog reader's hottest call (every field of every entry is looked up by
// name): the wasm build compiles it with inlining (INFERSIZER_WASM_INLINE_SOURCES, src/CMakeLists.txt), while
// json_reader.cpp stays -fno-inline-functions, where each comparison of the map's search was three calls into
// libc++ — a tenth of the page's catalog load under a profiler (docs/performance.md).
#pragma once

#include <nlohmann/json.hpp>

#include <string_view>

namespace infersizer::json_read {

// The member named `key` of `object` (a JSON object), or nullptr when it has none.
const nlohmann::json* find_member(const nlohmann::json& object, std::string_view key);

}  // namespace infersizer::json_read
