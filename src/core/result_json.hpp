// result_json.hpp — Result → JSON ("infersizer.result/1"). Texts are written in `lang` under the
// contract's names (reason, fails_when) and in both languages under reason_zh / reason_en etc.
#pragma once

#include "result.hpp"

#include <nlohmann/json.hpp>
#include <string>

namespace infersizer {

nlohmann::json result_to_json(const Result& r, const std::string& lang);

// The result's "explain" object: every entry by its figure's path, texts in both languages ({"zh", "en"}).
nlohmann::json explain_to_json(const Explain& e);

// The JSON spelling of the result's enums (the contract's strings).
const char* to_string(Verdict v);
const char* to_string(DecisionOption o);
const char* to_string(ServingStatus s);
const char* to_string(DecodeBound b);
const char* to_string(FitRemedy r);

}  // namespace infersizer
