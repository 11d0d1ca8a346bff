// curves_json.hpp — Curves → JSON ("infersizer.curves/1", docs/contract.md "Curves"). Texts in `lang`, numbers to 4
// significant digits as the result's JSON writes them.
#pragma once

#include "curves.hpp"

#include <nlohmann/json.hpp>
#include <string>

namespace infersizer {

inline constexpr const char* kCurvesSchema = "infersizer.curves/1";

nlohmann::json curves_to_json(const Curves& c, const std::string& lang);

// The JSON spelling of an axis kind: "count", "tokens", "seconds", "gib", "tps", "usd".
const char* to_string(AxisKind k);

}  // namespace infersizer
