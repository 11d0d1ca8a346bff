// result_json.hpp — Result → JSON ("infersizer.result/1"). Texts are written in `lang` under the
// contract's names (reason, fails_when) and in both languages under reason_zh / reason_en etc.
#pragma once

#include "result.hpp"

#include <nlohmann/json.hpp>
#include <string>

namespace infersizer {

nlohmann::json result_to_json(const Result& r, const std::string& lang);
const char* to_string(Verdict v);

}  // namespace infersizer
