// report.hpp — the readable report: the same tables the page shows, as text.
#pragma once

#include "result.hpp"
#include "scenario.hpp"

#include <string>

namespace infersizer::cli {

std::string render_report(const Scenario& s, const Result& r, const std::string& lang);

}  // namespace infersizer::cli
