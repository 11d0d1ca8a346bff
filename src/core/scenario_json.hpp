// scenario_json.hpp — Scenario ↔ JSON ("infersizer.scenario/1"). Parsing checks every field against
// its range and names it in the error; unknown top-level keys are reported, not ignored.
#pragma once

#include "error.hpp"
#include "scenario.hpp"

#include <nlohmann/json.hpp>
#include <string>

namespace infersizer {

// Fields absent from `j` keep the values of `base` (the defaults when parsing a file).
Expected<Scenario> scenario_from_json(const nlohmann::json& j, const Scenario& base = Scenario{});
Expected<Scenario> scenario_from_json_text(const std::string& text, const Scenario& base = Scenario{});
nlohmann::json scenario_to_json(const Scenario& s);

}  // namespace infersizer
