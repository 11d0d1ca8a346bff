// faq_panel.cpp — the seed's two questions ("can the training cards serve it, how many?", "does quantization
// remove the need for a GPU?") with the answers the core computed for this scenario (result.faq, faq.hpp).
// Nothing is judged here: the page draws the core's sentences as they are.
#include "panels.hpp"

#include "widgets.hpp"

#include <imgui.h>
#include <imgui_internal.h>
#include <string>

namespace infersizer::app {

namespace {

// Wrapped text registered as a probe item labelled "text##probe_id", as JudgedWord does for words, so the
// headless UI tests read the sentence the page shows (tests/ui/test_faq.cpp). Broken by the page's own rules
// (TextWrappedCjk), which keep a figure whole: ImGui's wrap split an answer's "$71,800/month" after the comma.
void ProbedWrapped(const std::string& text, const std::string& probe_id) {
    TextWrappedCjk(text);
    ImGuiContext& g = *GImGui;  // IMGUI_TEST_ENGINE_ITEM_INFO reads it
    const ImGuiID id = ImGui::GetID(probe_id.c_str());
    const std::string label = text + probe_id;
    IMGUI_TEST_ENGINE_ITEM_ADD(g.LastItemData.Rect, id);
    IMGUI_TEST_ENGINE_ITEM_INFO(id, label.c_str(), 0);
    (void)g, (void)id;
}

}  // namespace

void DrawFaqPanel(AppState& s) {
    const Result& r = *s.result;
    if (r.faq.empty()) return;
    SectionTitle(tr(S::sec_faq, s.lang));
    const std::string lang = s.lang_code();
    for (const FaqEntry& f : r.faq) {
        ProbedWrapped(f.question.in(lang), "##faq_q_" + f.id);
        ImGui::Indent();
        ProbedWrapped(f.answer.in(lang), "##faq_a_" + f.id);
        ImGui::Unindent();
        ImGui::Spacing();
    }
}

}  // namespace infersizer::app
