// headroom_panel.cpp — ④ headroom and verification: the memory kept free, and the engine's launch command
// and a load test that checks the estimate (Result.deploy), each with a copy button.
#include "panels.hpp"

#include "widgets.hpp"

#include <imgui.h>

namespace infersizer::app {

namespace {

void draw_command(AppState& s, const char* id, S label, const std::string& command) {
    ImGui::PushID(id);
    ImGui::TextUnformatted(tr(label, s.lang));
    ImGui::SameLine();
    if (ImGui::SmallButton(tr(S::copy, s.lang))) request_clipboard(s, command);
    // Read-only and selectable: a long command wraps instead of running off the panel.
    ImGui::PushStyleColor(ImGuiCol_Text, palette().accent);
    ImGui::PushTextWrapPos(0.0f);
    WrappedText(command.empty() ? "—" : command);
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
    ImGui::PopID();
}

}  // namespace

void DrawHeadroomJump(AppState& s) {
    // ④ is the last input section, below the fold on most screens, yet its commands are what a new user
    // came for: one button at the top of the inputs scrolls to it (Tab reaches it too).
    if (ImGui::SmallButton(tr(S::jump_headroom, s.lang))) {
        s.scroll_to_headroom = true;
        s.frames_wanted = 3;  // the scroll lands next frame
    }
}

void DrawHeadroomPanel(AppState& s) {
    if (s.scroll_to_headroom) {
        // Puts ④'s title at the top of the inputs panel (SetScrollFromPosY takes window-local y).
        ImGui::SetScrollFromPosY(ImGui::GetCursorPosY() - ImGui::GetScrollY(), 0.0f);
        s.scroll_to_headroom = false;
    }
    SectionTitle(tr(S::sec_headroom, s.lang));
    ImGui::PushID("headroom_panel");
    double headroom = s.scenario.headroom;
    FieldSpec spec{"headroom", tr(S::headroom, s.lang), tr(S::unit_percent, s.lang), limits::kHeadroomMin,
                   limits::kHeadroomMax, limits::kHeadroomMin, limits::kHeadroomMax, false, false,
                   nullptr, 100.0, tr(S::headroom_hint, s.lang)};
    if (NumberInput(s, spec, headroom)) {
        Scenario next = s.scenario;
        next.headroom = headroom;
        edit_scenario(s, next);
    }
    if (s.result) {
        // The comments in the page's language; the command lines are the same in both (deploy.cpp).
        draw_command(s, "launch", S::launch_command, s.result->deploy.launch_command.in(s.lang_code()));
        draw_command(s, "load_test", S::load_test_command, s.result->deploy.load_test_command.in(s.lang_code()));
    }
    ImGui::PopID();
}

}  // namespace infersizer::app
