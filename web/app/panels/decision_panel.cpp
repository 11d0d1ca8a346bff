#include "panels.hpp"

namespace infersizer::app {
void DrawDecisionPanel(AppState&) {}
}  // namespace infersizer::app
