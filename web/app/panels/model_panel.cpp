#include "panels.hpp"

namespace infersizer::app {
void DrawModelPanel(AppState&) {}
}  // namespace infersizer::app
