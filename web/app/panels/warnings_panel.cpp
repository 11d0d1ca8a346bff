// warnings_panel.cpp — what the user should know (the core's warnings, in the page's language).
#include "panels.hpp"

#include "widgets.hpp"

#include <imgui.h>

namespace infersizer::app {

void DrawWarningsPanel(AppState& s) {
    if (!s.result || s.result->warnings.empty()) return;
    SectionTitle(tr(S::sec_warnings, s.lang));
    const ImVec4 amber = verdict_color(Verdict::conditional);
    for (const Text& w : s.result->warnings) {
        ImGui::Bullet();
        ColoredWrapped(amber, w.in(s.lang_code()));
    }
}

}  // namespace infersizer::app
