#include "panels.hpp"

namespace infersizer::app {
void DrawMemoryPanel(AppState&) {}
}  // namespace infersizer::app
