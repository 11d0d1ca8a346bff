#include "panels.hpp"

namespace infersizer::app {
void DrawCostPanel(AppState&) {}
}  // namespace infersizer::app
