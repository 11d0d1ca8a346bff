#include "panels.hpp"

namespace infersizer::app {
void DrawHardwarePanel(AppState&) {}
}  // namespace infersizer::app
