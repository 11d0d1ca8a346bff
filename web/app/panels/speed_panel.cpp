// speed_panel.cpp — time to first token, tokens/s per user and total throughput as intervals, what
// bounds decode, and each latency against the user's target (word and colour).
#include "panels.hpp"

#include "format.hpp"
#include "judge.hpp"
#include "widgets.hpp"

#include <imgui.h>

namespace infersizer::app {

namespace {

// The core's judgement of one target (judge.hpp): its colour and word; a setup that does not fit is not
// judged on speed.
void target_word(const AppState& s, Verdict v, const char* probe_id) {
    ImGui::SameLine();
    const Result& r = *s.result;
    if (r.status == ServingStatus::does_not_fit) {
        JudgedWord(verdict_color(Verdict::no), tr(S::not_judged_not_fit, s.lang), probe_id);
        return;
    }
    const S word = v == Verdict::no ? S::misses_target : S::meets_target;
    JudgedWord(verdict_color(v), v == Verdict::conditional ? verdict_word(v, s.lang) : tr(word, s.lang), probe_id);
}

}  // namespace

void DrawSpeedPanel(AppState& s) {
    const Result& r = *s.result;
    const PerformanceResult& p = r.performance;
    SectionTitle(tr(S::sec_speed, s.lang));
    const float em = ImGui::GetFontSize();
    const float value_x = em * 9;

    const TargetsMet& met = r.targets_met;
    ImGui::TextUnformatted(tr(S::ttft, s.lang));
    ImGui::SameLine(value_x);
    FigureText(s, "performance.ttft_s", fmt_seconds(p.ttft_s, s.lang, 2));
    ImGui::TextUnformatted(tr(S::ttft_p90, s.lang));
    ImGui::SameLine(value_x);
    FigureText(s, "performance.ttft_p90_s", fmt_seconds(p.ttft_p90_s, s.lang, 2));
    target_word(s, target_verdict(r.status, met.ttft, met.ttft_at_best), "##target_ttft");

    ImGui::TextUnformatted(tr(S::tps_per_user, s.lang));
    ImGui::SameLine(value_x);
    FigureText(s, "performance.decode_tps_per_seq", fmt_interval(p.decode_tps_per_seq, tr(S::unit_tps, s.lang), 2));
    target_word(s, target_verdict(r.status, met.tps_per_user, met.tps_at_best), "##target_tps");

    ImGui::TextUnformatted(tr(S::throughput, s.lang));
    ImGui::SameLine(value_x);
    FigureText(s, "performance.throughput_tps", fmt_interval(p.throughput_tps, tr(S::unit_tps, s.lang), 2));

    ImGui::TextUnformatted(tr(S::single_stream, s.lang));
    ImGui::SameLine(value_x);
    FigureText(s, "performance.single_stream_tps", fmt_interval(p.single_stream_tps, tr(S::unit_tps, s.lang), 2));

    // The simulation's steady state: sequences in the engines' batches and the KV they hold, all replicas.
    ImGui::TextUnformatted(tr(S::in_flight, s.lang));
    ImGui::SameLine(value_x);
    FigureText(s, "performance.requests_in_flight",
               fmt_interval(p.requests_in_flight, "", 2) + " / " + fmt_interval(p.kv_in_use_gib, "GiB", 2));

    ImGui::TextUnformatted(tr(S::prefill, s.lang));
    ImGui::SameLine(value_x);
    FigureText(s, "performance.prefill_tps", fmt_interval(p.prefill_tps, tr(S::unit_tps, s.lang), 2));

    // The stress figure, labelled as such: never what the sizing uses.
    ImGui::TextUnformatted(tr(S::burst_ttft, s.lang));
    ImGui::SameLine(value_x);
    FigureText(s, "performance.burst_ttft_s", fmt_seconds(p.burst_ttft_s, s.lang, 2));

    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    TextWrappedCjk(std::string(tr(p.bound == DecodeBound::compute ? S::bound_compute : S::bound_memory, s.lang)) +
                   " · " + trf(S::running_batch_fmt, s.lang, static_cast<int>(p.running_batch), p.tp));
    ImGui::PopStyleColor();
}

}  // namespace infersizer::app
