// verdict_panel.cpp — the answer where the eye lands first: the core's one-sentence verdict, coloured by
// the verdict of the path the scenario runs on (CPU or GPU), with the word beside the colour.
#include "panels.hpp"

#include "widgets.hpp"

#include <imgui.h>

namespace infersizer::app {

namespace {

// The decision row for the path of the scenario's own hardware: "cpu" for CPU platforms, "gpu" otherwise
// (accelerators and unified memory). Without one, the fit decides: fits → yes, otherwise no.
Verdict own_path_verdict(const AppState& s) {
    const Result& r = *s.result;
    const Hardware* hw = s.scenario.hardware_custom ? &*s.scenario.hardware_custom
                                                     : s.catalog->find_hardware(s.scenario.hardware_id);
    const std::string path = hw && hw->is_cpu() ? "cpu" : "gpu";
    for (const DecisionRow& d : r.decision)
        if (d.option == path) return d.verdict;
    return r.fit.fits ? Verdict::yes : Verdict::no;
}

}  // namespace

void DrawVerdictPanel(AppState& s) {
    SectionTitle(tr(S::sec_verdict, s.lang));
    if (!s.result) return;
    const Verdict v = own_path_verdict(s);
    VerdictBadge(v, verdict_word(v, s.lang));
    ImGui::SameLine();
    ColoredWrapped(verdict_color(v), s.result->verdict.in(s.lang_code()));
}

}  // namespace infersizer::app
