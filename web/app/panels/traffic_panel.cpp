// traffic_panel.cpp — ② context & traffic: context, prompt and output tokens, peak concurrency, requests
// per day and the latency targets (or the explicit choice of none), each a slider with typed entry over
// scenario.hpp's accepted ranges; presets that set all of these, and RAG's colocated embedder and reranker.
#include "panels.hpp"

#include "format.hpp"
#include "params.hpp"
#include "units.hpp"
#include "widgets.hpp"

#include <algorithm>
#include <imgui.h>

namespace infersizer::app {

namespace {

// Example workload shapes for the preset menu. They are starting points the user edits, not estimation
// constants or measured facts; each sets every field it names, so the last preset's values never linger:
// - Chat is the scenario's own default (scenario.hpp): 1024-token prompts, 256-token answers, the
//   five-person team's 5 users at once, TTFT ≤ 2 s and 10 tok/s each.
// - RAG is that team asking over its documents: eight retrieved 512-token chunks (4096 tokens) in the
//   prompt of an 8192-token context, the same 5 users and targets, and the retrieval side served next to
//   the chat model: an embedding model and a reranker from the catalog (bge-m3, bge-reranker-v2-m3), fp16
//   as the colocated default (scenario.hpp).
// - A long document fills a 128k context (120k prompt, 1k answer). Reading 120k tokens takes seconds, so
//   the TTFT target is 30 s; 2 users at once, since each such request holds a whole context of KV.
// - An offline batch keeps 64 requests in flight (4096-token context, 1024 in, 512 out) and has no latency
//   target at all (targets.no_latency_target): memory and throughput decide, not a stand-in TTFT.
struct Preset {
    S label;
    int64_t context_tokens, prompt_tokens, output_tokens;
    int64_t concurrency;
    Targets targets;
    std::vector<const char*> colocated;  // catalog ids added as colocated services (skipped if absent)
};

std::vector<Preset> presets() {
    const Scenario d;
    Targets none = d.targets;
    none.no_latency_target = true;
    return {
        {S::preset_chat, d.context_tokens, d.prompt_tokens, d.output_tokens, d.concurrency, d.targets, {}},
        {S::preset_rag, 8192, 8 * 512, 256, d.concurrency, d.targets, {"bge-m3", "bge-reranker-v2-m3"}},
        {S::preset_long_doc, 131072, 120000, 1024, 2, Targets{30.0, d.targets.tps_per_user}, {}},
        {S::preset_batch, 4096, 1024, 512, 64, none, {}},
    };
}

// The preset applied to the scenario. Colocated rows an earlier preset added go (the user's own rows stay),
// then this preset's services are added unless the user already runs one of that name; `added` lists them.
Scenario with_preset(const AppState& s, const Preset& p, std::vector<std::string>& added) {
    Scenario next = s.scenario;
    next.context_tokens = p.context_tokens;
    next.prompt_tokens = p.prompt_tokens;
    next.output_tokens = p.output_tokens;
    next.concurrency = p.concurrency;
    next.targets = p.targets;
    for (const std::string& name : s.preset_colocated) {
        auto it = std::find_if(next.colocated.begin(), next.colocated.end(),
                               [&](const ColocatedModel& m) { return m.name == name; });
        if (it != next.colocated.end()) next.colocated.erase(it);
    }
    added.clear();
    for (const char* id : p.colocated) {
        const ModelArch* m = s.catalog->find_model(id);
        const bool present = std::any_of(next.colocated.begin(), next.colocated.end(),
                                         [&](const ColocatedModel& c) { return c.name == id; });
        if (!m || present) continue;
        next.colocated.push_back({m->id, count_params(*m).total / units::kBillion, ColocatedModel{}.weights});
        added.push_back(m->id);
    }
    return next;
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
            std::vector<std::string> added;
            const Scenario next = with_preset(s, p, added);
            if (edit_scenario(s, next)) s.preset_colocated = added;
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
    // No latency target is a choice of its own (an offline batch), not a very large TTFT; the two figures stay
    // as they were, greyed out, and come back when the box is cleared.
    bool none = s.scenario.targets.no_latency_target;
    if (ImGui::Checkbox(tr(S::no_latency_target, s.lang), &none)) {
        Scenario next = s.scenario;
        next.targets.no_latency_target = none;
        edit_scenario(s, next);
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr(S::no_latency_target_hint, s.lang));
    ImGui::BeginDisabled(s.scenario.targets.no_latency_target);
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
    ImGui::EndDisabled();
    ImGui::PopID();
    ImGui::Spacing();
}

}  // namespace infersizer::app
