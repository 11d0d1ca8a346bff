// explain_text.hpp — `infersizer estimate --explain`: every entry of the result's explain (explain.hpp) as text in
// one language, the same entries the page shows on hover.
#pragma once

#include "result.hpp"

#include <string>

namespace infersizer::cli {

std::string render_explain(const Result& r, const std::string& lang);

}  // namespace infersizer::cli
