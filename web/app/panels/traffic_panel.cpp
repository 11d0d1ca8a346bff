// traffic_panel.cpp — ② context & traffic: context, prompt and output tokens, peak concurrency, requests
// per day and the latency targets, each a slider with typed entry over scenario.hpp's accepted ranges;
// presets that change only these fields.
#include "panels.hpp"

#include "format.hpp"
#include "widgets.hpp"

#include <imgui.h>

namespace infersizer::app {

namespace {

// Example workload shapes for the preset menu. They are starting points the user edits, not estimation
// constants; each changes only context and traffic. Chat is the scenario's own default (scenario.hpp);
// RAG puts eight retrieved 512-token chunks in the prompt; a long document fills a 128k context; an
// offline batch keeps many requests in flight and accepts slow first tokens.
struct Preset {
    S label;
    int64_t context_tokens, prompt_tokens, output_tokens;
    std::optional<int64_t> concurrency;  // nullopt: keep the user's
    std::optional<Targets> targets;      // nullopt: keep the user's
};

std::vector<Preset> presets() {
    const Scenario d;
    return {
        {S::preset_chat, d.context_tokens, d.prompt_tokens, d.output_tokens, std::nullopt, d.targets},
        {S::preset_rag, 8192, 8 * 512, 256, std::nullopt, d.targets},
        {S::preset_long_doc, 131072, 120000, 1024, std::nullopt, Targets{30.0, d.targets.tps_per_user}},
        {S::preset_batch, 4096, 1024, 512, 64, Targets{60.0, 1.0}},
    };
}

// One small button per preset, wrapping to the panel's width: one click, and reachable by keyboard.
void draw_presets(AppState& s) {
    MutedText(tr(S::preset, s.lang));
    const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
    for (const Preset& p : presets()) {
        const char* label = tr(p.label, s.lang);
        ImGui::SameLine();
        const float w = ImGui::CalcTextSize(label).x + ImGui::GetStyle().FramePadding.x * 2;
        if (ImGui::GetCursorScreenPos().x + w > right) ImGui::NewLine();
        if (ImGui::SmallButton(label)) {
            Scenario next = s.scenario;
            next.context_tokens = p.context_tokens;
            next.prompt_tokens = p.prompt_tokens;
            next.output_tokens = p.output_tokens;
            if (p.concurrency) next.concurrency = *p.concurrency;
            if (p.targets) next.targets = *p.targets;
            edit_scenario(s, next);
        }
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr(S::preset_hint, s.lang));
    }
}

// One integer field of the scenario through NumberInput.
void int_field(AppState& s, FieldSpec spec, int64_t Scenario::*member) {
    double v = static_cast<double>(s.scenario.*member);
    if (NumberInput(s, spec, v)) {
        Scenario next = s.scenario;
        next.*member = static_cast<int64_t>(v);
        edit_scenario(s, next);
    }
}

}  // namespace

void DrawTrafficPanel(AppState& s) {
    using namespace limits;
    SectionTitle(tr(S::sec_traffic, s.lang));
    ImGui::PushID("traffic_panel");
    draw_presets(s);

    const char* tok = tr(S::unit_tokens, s.lang);
    // Slider spans cover the common cases; typed entry accepts the whole range scenario.hpp allows.
    int_field(s, {"context_tokens", tr(S::context_tokens, s.lang), tok, double(kContextMin), double(kContextMax),
                  512, 1048576, true, true, nullptr, 1.0, tr(S::context_hint, s.lang)},
              &Scenario::context_tokens);
    int_field(s, {"prompt_tokens", tr(S::prompt_tokens, s.lang), tok, double(kTokensMin), double(kContextMax), 16,
                  262144, true, true},
              &Scenario::prompt_tokens);
    int_field(s, {"output_tokens", tr(S::output_tokens, s.lang), tok, double(kTokensMin), double(kContextMax), 16,
                  32768, true, true},
              &Scenario::output_tokens);
    int_field(s, {"concurrency", tr(S::concurrency, s.lang), tr(S::unit_users, s.lang), double(kConcurrencyMin),
                  double(kConcurrencyMax), 1, 4096, true, true, tr(S::concurrency_hint, s.lang)},
              &Scenario::concurrency);

    double rpd = s.scenario.requests_per_day;
    if (NumberInput(s, {"requests_per_day", tr(S::requests_per_day, s.lang), tr(S::unit_per_day, s.lang), 0,
                        kRequestsPerDayMax, 10, 1e7, true, true},
                    rpd)) {
        Scenario next = s.scenario;
        next.requests_per_day = rpd;
        edit_scenario(s, next);
    }
    double ttft = s.scenario.targets.ttft_s;
    if (NumberInput(s, {"ttft_s", tr(S::target_ttft, s.lang), tr(S::unit_s, s.lang), kTtftMin, kTtftMax, 0.1, 120,
                        false, true},
                    ttft)) {
        Scenario next = s.scenario;
        next.targets.ttft_s = ttft;
        edit_scenario(s, next);
    }
    double tps = s.scenario.targets.tps_per_user;
    if (NumberInput(s, {"tps_per_user", tr(S::target_tps, s.lang), tr(S::unit_tps, s.lang), kTpsMin, kTpsMax, 1,
                        200, false, true},
                    tps)) {
        Scenario next = s.scenario;
        next.targets.tps_per_user = tps;
        edit_scenario(s, next);
    }
    ImGui::PopID();
    ImGui::Spacing();
}

}  // namespace infersizer::app
