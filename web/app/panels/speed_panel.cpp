// speed_panel.cpp — time to first token, tokens/s per user and total throughput as intervals, what
// bounds decode, and each latency against the user's target (word and colour).
#include "panels.hpp"

#include "format.hpp"
#include "widgets.hpp"

#include <imgui.h>

namespace infersizer::app {

namespace {

// Where an interval stands against a target: the whole interval on the good side → meets; straddling →
// near (amber); wholly on the bad side → misses. `higher_is_better` for speeds.
Verdict against_target(Interval v, double target, bool higher_is_better) {
    const double worst = higher_is_better ? v.lo : v.hi;
    const double best = higher_is_better ? v.hi : v.lo;
    const bool worst_ok = higher_is_better ? worst >= target : worst <= target;
    const bool best_ok = higher_is_better ? best >= target : best <= target;
    if (worst_ok) return Verdict::yes;
    return best_ok ? Verdict::conditional : Verdict::no;
}

void target_word(const AppState& s, Verdict v) {
    ImGui::SameLine();
    const S word = v == Verdict::no ? S::misses_target : S::meets_target;
    ImGui::TextColored(verdict_color(v), "%s", v == Verdict::conditional ? verdict_word(v, s.lang) : tr(word, s.lang));
}

}  // namespace

void DrawSpeedPanel(AppState& s) {
    const Result& r = *s.result;
    const PerformanceResult& p = r.performance;
    SectionTitle(tr(S::sec_speed, s.lang));
    const float em = ImGui::GetFontSize();
    const float value_x = em * 9;

    ImGui::TextUnformatted(tr(S::ttft, s.lang));
    ImGui::SameLine(value_x);
    FigureText(s, "performance.ttft_s", fmt_seconds(p.ttft_s, s.lang, 2));
    target_word(s, against_target(p.ttft_s, s.scenario.targets.ttft_s, false));

    ImGui::TextUnformatted(tr(S::tps_per_user, s.lang));
    ImGui::SameLine(value_x);
    FigureText(s, "performance.decode_tps_per_seq", fmt_interval(p.decode_tps_per_seq, tr(S::unit_tps, s.lang), 2));
    target_word(s, against_target(p.decode_tps_per_seq, s.scenario.targets.tps_per_user, true));

    ImGui::TextUnformatted(tr(S::throughput, s.lang));
    ImGui::SameLine(value_x);
    FigureText(s, "performance.throughput_tps", fmt_interval(p.throughput_tps, tr(S::unit_tps, s.lang), 2));

    ImGui::TextUnformatted(tr(S::prefill, s.lang));
    ImGui::SameLine(value_x);
    FigureText(s, "performance.prefill_tps", fmt_interval(p.prefill_tps, tr(S::unit_tps, s.lang), 2));

    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("%s · %s", tr(p.bound == DecodeBound::compute ? S::bound_compute : S::bound_memory, s.lang),
                       trf(S::running_batch_fmt, s.lang, static_cast<int>(p.running_batch), p.tp).c_str());
    ImGui::PopStyleColor();
}

}  // namespace infersizer::app
