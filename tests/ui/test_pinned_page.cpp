// The page's colours, read from what it draws: the headline badge, the sentence beside it, the memory badge and
// the speed panel's target words are green for "holds", amber for "near the limit" and red for "does not hold",
// agreeing with the word each shows. The words themselves are checked against the core's judgement in
// test_judge.cpp; here a badge or sentence forced to one colour, or a palette that draws "holds" in red, fails
// (scripts/mutate.sh's headline-colour mutations, docs/testing.md).
//
// Both themes are checked (zh dark, en light). A colour is read from the last frame's draw data: the opaque vertices inside the probe item's rectangle (a
// badge's filled rectangle; a judged word's glyphs), white text excluded.
#include "ui_harness.hpp"

#include "i18n.hpp"
#include "judge.hpp"
#include "widgets.hpp"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <utility>

using namespace infersizer;
using namespace infersizer::app;
using namespace infersizer::app::test;

namespace {

using PinnedPage = PageTest;

const std::pair<const char*, const char*> kPageThemes[] = {{"zh", "dark"}, {"en", "light"}};

enum class Hue { green, amber, red, none, other };

const char* name(Hue h) {
    switch (h) {
        case Hue::green: return "green";
        case Hue::amber: return "amber";
        case Hue::red: return "red";
        case Hue::none: return "nothing drawn";
        case Hue::other: return "another colour";
    }
    return "";
}

// Green: green well above red and blue. Red: red well above green and blue. Amber: red and green both well above
// blue, red ahead of green. Wide margins, so a retuned shade of the same colour still passes.
Hue hue_of(ImU32 c) {
    const int r = static_cast<int>(c >> IM_COL32_R_SHIFT & 0xFF);
    const int g = static_cast<int>(c >> IM_COL32_G_SHIFT & 0xFF);
    const int b = static_cast<int>(c >> IM_COL32_B_SHIFT & 0xFF);
    if (g > r + 40 && g > b + 40) return Hue::green;
    if (r > g + 80 && r > b + 80) return Hue::red;
    if (r > b + 100 && g > b + 60 && r >= g) return Hue::amber;
    return Hue::other;
}

// The most frequent opaque, non-white vertex colour the last frame drew inside `box`.
Hue drawn_hue(const ImRect& box) {
    const ImDrawData* dd = ImGui::GetDrawData();
    if (!dd || !dd->Valid) return Hue::none;
    std::map<ImU32, int> count;
    for (int i = 0; i < dd->CmdListsCount; ++i) {
        const ImDrawList* dl = dd->CmdLists[i];
        for (const ImDrawVert& v : dl->VtxBuffer) {
            if ((v.col >> IM_COL32_A_SHIFT & 0xFF) != 0xFF) continue;  // anti-aliasing fringes, window backgrounds
            if ((v.col | IM_COL32_A_MASK) == IM_COL32_WHITE) continue;  // a badge's word
            if (box.Contains(v.pos)) ++count[v.col];
        }
    }
    if (count.empty()) return Hue::none;
    auto best = count.begin();
    for (auto it = count.begin(); it != count.end(); ++it)
        if (it->second > best->second) best = it;
    return hue_of(best->first);
}

std::string word_of(const ProbedItem& it, const std::string& probe_id) {
    return it.label.substr(0, it.label.size() - probe_id.size());
}

Hue hue_of_verdict(Verdict v) {
    switch (v) {
        case Verdict::yes: return Hue::green;
        case Verdict::conditional: return Hue::amber;
        case Verdict::no: return Hue::red;
    }
    return Hue::other;
}

}  // namespace

TEST_F(PinnedPage, HeadlineBadgeAndSentenceAreColouredByTheVerdict) {
    const std::vector<Golden> goldens = golden_scenarios();
    ASSERT_GE(goldens.size(), 6u);
    std::map<Hue, int> seen;
    // zh in the dark theme, en in the light one: the colour language holds in both palettes (theme.hpp).
    for (const auto& [code, theme] : kPageThemes) {
        const Lang lang = std::string(code) == "zh" ? Lang::zh : Lang::en;
        // The words of the three verdicts, as the page's strings give them.
        const std::map<std::string, Hue> badge_hue = {{tr(S::verdict_yes, lang), Hue::green},
                                                       {tr(S::verdict_conditional, lang), Hue::amber},
                                                       {tr(S::verdict_no, lang), Hue::red}};
        Page page(code, ImVec2(1400, 5000));
        ASSERT_TRUE(app_set_theme(page.app(), theme));
        page.frames(2);
        for (const Golden& g : goldens) {
            SCOPED_TRACE(g.name + " (" + code + ", " + theme + ")");
            ASSERT_EQ(app_set_scenario_json(page.app(), g.scenario_json), "");
            page.frames(2);
            ASSERT_TRUE(page.state().result.has_value());
            const Result& r = *page.state().result;

            const ProbedItem* badge = probed(page, "##badge_verdict");
            ASSERT_NE(badge, nullptr);
            const std::string word = word_of(*badge, "##badge_verdict");
            ASSERT_EQ(badge_hue.count(word), 1u) << word;
            const Hue want = badge_hue.at(word);
            // The word is the core's (test_judge.cpp checks it word by word); its colour is the same judgement.
            EXPECT_EQ(want, hue_of_verdict(status_verdict(r))) << word;
            const Hue got = drawn_hue(badge->rect);
            EXPECT_EQ(got, want) << "badge '" << word << "' drawn " << name(got) << ", expected " << name(want);
            ++seen[got];

            // The sentence beside the badge, on the badge's line: its glyphs take the same colour.
            const ImRect sentence(ImVec2(badge->rect.Max.x + 1, badge->rect.Min.y), ImVec2(page.size().x, badge->rect.Max.y));
            const Hue text = drawn_hue(sentence);
            EXPECT_EQ(text, want) << "sentence beside '" << word << "' drawn " << name(text) << ", expected " << name(want);
        }
    }
    // The golden set shows all three colours, so a badge forced to any one of them fails.
    EXPECT_GT(seen[Hue::green], 0);
    EXPECT_GT(seen[Hue::amber], 0);
    EXPECT_GT(seen[Hue::red], 0);
}

TEST_F(PinnedPage, MemoryBadgeAndTargetWordsAreColouredByWhatTheySay) {
    const std::vector<Golden> goldens = golden_scenarios();
    ASSERT_GE(goldens.size(), 6u);
    std::map<Hue, int> memory_seen, target_seen;
    // zh in the dark theme, en in the light one: the colour language holds in both palettes (theme.hpp).
    for (const auto& [code, theme] : kPageThemes) {
        const Lang lang = std::string(code) == "zh" ? Lang::zh : Lang::en;
        const std::map<std::string, Hue> memory_hue = {{tr(S::fits, lang), Hue::green},
                                                        {tr(S::fits_load, lang), Hue::amber},
                                                        {tr(S::not_fits, lang), Hue::red}};
        // A target word: met (green), met only at best (the conditional verdict's word, amber), missed or not
        // judged because the setup does not fit or the engine cannot run it (red).
        const std::map<std::string, Hue> target_hue = {{tr(S::meets_target, lang), Hue::green},
                                                        {tr(S::verdict_conditional, lang), Hue::amber},
                                                        {tr(S::misses_target, lang), Hue::red},
                                                        {tr(S::not_judged_not_fit, lang), Hue::red},
                                                        {tr(S::not_judged_cannot_run, lang), Hue::red},
                                                        {tr(S::no_target_word, lang), Hue::other},   // the disabled grey
                                                        {tr(S::one_token_word, lang), Hue::other}};  // grey: nothing judged
        Page page(code, ImVec2(1400, 5000));
        ASSERT_TRUE(app_set_theme(page.app(), theme));
        page.frames(2);
        for (const Golden& g : goldens) {
            SCOPED_TRACE(g.name + " (" + code + ", " + theme + ")");
            ASSERT_EQ(app_set_scenario_json(page.app(), g.scenario_json), "");
            page.frames(2);
            ASSERT_TRUE(page.state().result.has_value());

            if (const ProbedItem* memory = probed(page, "##badge_memory")) {
                const std::string word = word_of(*memory, "##badge_memory");
                ASSERT_EQ(memory_hue.count(word), 1u) << word;
                const Hue want = memory_hue.at(word);
                EXPECT_EQ(want, hue_of_verdict(memory_verdict(*page.state().result))) << word;
                const Hue got = drawn_hue(memory->rect);
                EXPECT_EQ(got, want) << "memory badge '" << word << "' drawn " << name(got);
                ++memory_seen[got];
            }
            for (const char* id : {"##target_ttft", "##target_tps", "##target_volume"}) {
                const ProbedItem* target = probed(page, id);
                // The day's requests are a target only without latency targets.
                const bool volume = std::string(id) == "##target_volume";
                if (volume && !page.state().result->targets_met.daily_volume_applicable) {
                    EXPECT_EQ(target, nullptr);
                    continue;
                }
                ASSERT_NE(target, nullptr) << id;
                if (volume) {  // the core's word for the day's requests (judge_daily_volume), as the reports print it
                    const std::map<TargetJudgement, std::string> word_for = {
                        {TargetJudgement::met, tr(S::meets_target, lang)},
                        {TargetJudgement::met_optimistic, verdict_word(Verdict::conditional, lang)},
                        {TargetJudgement::missed, tr(S::misses_target, lang)},
                        {TargetJudgement::not_judged_does_not_fit, tr(S::not_judged_not_fit, lang)},
                        {TargetJudgement::not_judged_cannot_run, tr(S::not_judged_cannot_run, lang)}};
                    const auto want = word_for.find(judge_daily_volume(*page.state().result));
                    ASSERT_NE(want, word_for.end());
                    EXPECT_EQ(word_of(*target, id), want->second);
                }
                const std::string word = word_of(*target, id);
                ASSERT_EQ(target_hue.count(word), 1u) << id << ": " << word;
                const Hue got = drawn_hue(target->rect);
                EXPECT_EQ(got, target_hue.at(word)) << id << " '" << word << "' drawn " << name(got);
                ++target_seen[got];
            }
        }
    }
    EXPECT_GT(memory_seen[Hue::green], 0);
    EXPECT_GT(memory_seen[Hue::red], 0);
    EXPECT_GT(target_seen[Hue::green], 0);
    EXPECT_GT(target_seen[Hue::red], 0);
    EXPECT_GT(target_seen[Hue::other], 0);  // "no target"
}
