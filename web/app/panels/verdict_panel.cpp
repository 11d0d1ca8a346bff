#include "panels.hpp"

namespace infersizer::app {
void DrawVerdictPanel(AppState&) {}
}  // namespace infersizer::app
