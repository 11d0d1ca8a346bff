#include "panels.hpp"

namespace infersizer::app {
void DrawHeadroomPanel(AppState&) {}
}  // namespace infersizer::app
