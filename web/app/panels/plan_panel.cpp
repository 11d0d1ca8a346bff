#include "panels.hpp"

namespace infersizer::app {
void DrawPlanPanel(AppState&) {}
}  // namespace infersizer::app
