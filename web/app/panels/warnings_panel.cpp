#include "panels.hpp"

namespace infersizer::app {
void DrawWarningsPanel(AppState&) {}
}  // namespace infersizer::app
