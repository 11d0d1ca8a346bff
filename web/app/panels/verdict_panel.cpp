// verdict_panel.cpp — the answer where the eye lands first: the core's one-sentence verdict, coloured by the
// core's judgement of the setup (Result::status), with the word beside the colour. Nothing is judged here.
#include "panels.hpp"

#include "judge.hpp"
#include "widgets.hpp"

#include <imgui.h>

namespace infersizer::app {

void DrawVerdictPanel(AppState& s) {
    SectionTitle(tr(S::sec_verdict, s.lang));
    if (!s.result) return;
    const Verdict v = status_verdict(*s.result);
    VerdictBadge(v, verdict_word(v, s.lang), "##badge_verdict");
    ImGui::SameLine();
    ColoredWrapped(verdict_color(v), s.result->verdict.in(s.lang_code()));
}

}  // namespace infersizer::app
