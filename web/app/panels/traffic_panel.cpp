#include "panels.hpp"

namespace infersizer::app {
void DrawTrafficPanel(AppState&) {}
}  // namespace infersizer::app
