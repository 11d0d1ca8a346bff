#include "panels.hpp"

namespace infersizer::app {
void DrawSpeedPanel(AppState&) {}
}  // namespace infersizer::app
