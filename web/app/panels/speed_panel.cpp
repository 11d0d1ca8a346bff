// speed_panel.cpp — time to first token, tokens/s per user and total throughput as intervals, what
// bounds decode, and each latency against the user's target (word and colour).
#include "panels.hpp"

#include "format.hpp"
#include "judge.hpp"
#include "format_text.hpp"
#include "widgets.hpp"

#include <algorithm>
#include <imgui.h>

namespace infersizer::app {

namespace {

// The core's word for one target (judge_target, judge.hpp): met, met only at the fast end, missed, not judged
// (the setup does not fit), no target (the user chose none) or, for the per-user speed of a one-token answer,
// not applicable. After the figure when it fits on the line, else
// under the figure (at `value_x`), never cut off.
void target_word(const AppState& s, TargetJudgement judged, const char* probe_id, float value_x) {
    const char* text = "";
    Verdict colour = Verdict::no;
    switch (judged) {
        case TargetJudgement::not_judged_does_not_fit: text = tr(S::not_judged_not_fit, s.lang); break;
        case TargetJudgement::not_judged_cannot_run: text = tr(S::not_judged_cannot_run, s.lang); break;
        case TargetJudgement::no_target: text = tr(S::no_target_word, s.lang); break;
        case TargetJudgement::met: text = tr(S::meets_target, s.lang), colour = Verdict::yes; break;
        case TargetJudgement::met_optimistic:
            colour = Verdict::conditional, text = verdict_word(colour, s.lang);
            break;
        case TargetJudgement::missed: text = tr(S::misses_target, s.lang); break;
        case TargetJudgement::not_applicable_one_token: text = tr(S::one_token_word, s.lang); break;
    }
    ImGui::SameLine();
    if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize(text).x) {
        ImGui::NewLine();
        ImGui::SetCursorPosX(ImGui::GetCursorPosX() + value_x);
    }
    const bool unjudged = judged == TargetJudgement::no_target || judged == TargetJudgement::not_applicable_one_token;
    JudgedWord(unjudged ? ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled) : verdict_color(colour),
               text, probe_id);
}

// A row's label, wrapped before `value_x` when it is longer, then the cursor at `value_x` on its first line.
void row_label(const char* label, float value_x) {
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + value_x - ImGui::GetFontSize() * 0.5f);
    ImGui::TextUnformatted(label);
    ImGui::PopTextWrapPos();
    ImGui::SameLine(value_x);
}

// The rows' labels, top to bottom.
constexpr S kSpeedLabels[] = {S::ttft, S::ttft_p90, S::tps_per_user, S::throughput,
                              S::single_stream, S::in_flight, S::prefill, S::burst_ttft};

}  // namespace

void DrawSpeedPanel(AppState& s) {
    const Result& r = *s.result;
    const PerformanceResult& p = r.performance;
    SectionTitle(tr(S::sec_speed, s.lang));
    const float em = ImGui::GetFontSize();
    // Figures start after the widest label in this language ("同时到达时首字（压力）", "TTFT if all arrive
    // at once (stress)"), so no label runs under its figure at any font size; but at most at 45 % of the
    // column, so the figures keep their room; a longer label wraps.
    float value_x = em * 9;
    for (S label : kSpeedLabels) value_x = std::max(value_x, ImGui::CalcTextSize(tr(label, s.lang)).x + em);
    value_x = std::min(value_x, std::max(em * 9, ImGui::GetContentRegionAvail().x * 0.45f));

    const TargetsMet& met = r.targets_met;
    row_label(tr(S::ttft, s.lang), value_x);
    FigureText(s, "performance.ttft_s", fmt_seconds(p.ttft_s, s.lang));
    row_label(tr(S::ttft_p90, s.lang), value_x);
    FigureText(s, "performance.ttft_p90_s", fmt_seconds(p.ttft_p90_s, s.lang));
    target_word(s, judge_target(r, met.ttft, met.ttft_at_best), "##target_ttft", value_x);

    row_label(tr(S::tps_per_user, s.lang), value_x);
    FigureText(s, "performance.decode_tps_per_seq", fmt_rate(p.decode_tps_per_seq, s.lang));
    target_word(s, judge_tps_target(r), "##target_tps", value_x);

    row_label(tr(S::throughput, s.lang), value_x);
    FigureText(s, "performance.throughput_tps", fmt_rate(p.throughput_tps, s.lang));
    // Without latency targets the day's requests are what the throughput is judged on.
    if (met.daily_volume_applicable) {
        target_word(s, judge_daily_volume(r), "##target_volume", value_x);
        RecordItemBox(s, "target_volume");
    } else {
        s.item_boxes.erase("target_volume");
    }

    row_label(tr(S::single_stream, s.lang), value_x);
    FigureText(s, "performance.single_stream_tps", fmt_rate(p.single_stream_tps, s.lang));

    // The simulation's steady state: sequences in the engines' batches and the KV they hold, all replicas.
    row_label(tr(S::in_flight, s.lang), value_x);
    FigureText(s, "performance.requests_in_flight",
               fmt_interval(p.requests_in_flight, "", 2) + " / " + fmt_interval(p.kv_in_use_gib, "GiB", 2));

    row_label(tr(S::prefill, s.lang), value_x);
    FigureText(s, "performance.prefill_tps", fmt_rate(p.prefill_tps, s.lang));

    // The stress figure, labelled as such: never what the sizing uses.
    row_label(tr(S::burst_ttft, s.lang), value_x);
    FigureText(s, "performance.burst_ttft_s", fmt_seconds(p.burst_ttft_s, s.lang));

    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    TextWrappedCjk(std::string(tr(p.bound == DecodeBound::compute ? S::bound_compute : S::bound_memory, s.lang)) +
                   " · " + trf(S::running_batch_fmt, s.lang, static_cast<int>(p.running_batch),
                               fmt::layout_words(p.tp, p.pp, p.layer_split).in(s.lang_code()).c_str()));
    ImGui::PopStyleColor();
}

}  // namespace infersizer::app
