// app_state.cpp — the state transitions panels may call: apply a scenario (estimate in the same frame),
// queue a clipboard request.
#include "app_state.hpp"

#include "estimate.hpp"
#include "scenario_url.hpp"

#include <utility>

namespace infersizer::app {

std::optional<Error> apply_scenario(AppState& s, const Scenario& next) {
    if (!s.catalog) return Error{"app.no_catalog", "catalog", s.catalog_error.en};
    Expected<Result> r = estimate(*s.catalog, next);
    if (!r) return r.error();
    s.scenario = next;
    s.result = std::move(r.value());
    s.result_error.clear();
    ++s.result_generation;
    s.frames_wanted = 3;  // the new numbers change widths; let the layout settle
    return std::nullopt;
}

bool edit_scenario(AppState& s, const Scenario& next) {
    if (std::optional<Error> e = apply_scenario(s, next)) {
        s.edit_error = UiMessage::of(*e);
        return false;
    }
    s.edit_error.clear();
    return true;
}

std::string current_query(const AppState& s) {
    std::string q = scenario_to_query(s.scenario);
    if (!q.empty() && (q[0] == '?' || q[0] == '#')) q.erase(0, 1);
    // The link carries the language it was shared in, and the theme when the visitor chose one.
    q += (q.empty() ? "lang=" : "&lang=") + s.lang_code();
    if (s.theme_override) q += std::string("&theme=") + theme_id(*s.theme_override);
    return q;
}

void request_clipboard(AppState& s, std::string text) {
    s.clipboard_request = std::move(text);
    s.toast = tr(S::copied, s.lang);
    s.toast_until_s = now_s() + 1.5;
}

double now_s() { return ImGui::GetCurrentContext() ? ImGui::GetTime() : 0.0; }

}  // namespace infersizer::app
