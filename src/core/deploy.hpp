// deploy.hpp — the launch command for the chosen engine and a load test that checks the estimate.
#pragma once

#include "context.hpp"
#include "assessment.hpp"
#include "result.hpp"

namespace infersizer {

DeployHints deploy_hints(const Context& ctx, const Assessment& a);

}  // namespace infersizer
