// test_glyphs.cpp — every character the page can show has a glyph in the bundled font: the i18n table
// in both languages, the catalog's strings, and the core's sentences for a spread of scenarios (the
// build cuts the font from the sources; this checks the cut against what is actually shown).
#include "ui_harness.hpp"

#include "estimate.hpp"
#include "fonts.hpp"

#include <gtest/gtest.h>
#include <set>

namespace infersizer::app::test {
namespace {

class Glyphs : public ::testing::Test {
protected:
    void SetUp() override {
        page_ = std::make_unique<Page>("zh");
        ImFontAtlas* atlas = ImGui::GetIO().Fonts;
        ASSERT_TRUE(atlas->IsBuilt());
        ASSERT_EQ(atlas->Fonts.Size, 1);
        font_ = atlas->Fonts[0];
    }

    // Records each character of `text` that the font lacks, with where it was seen.
    void check(const std::string& text, const std::string& where) {
        const char* p = text.c_str();
        const char* end = p + text.size();
        while (p < end) {
            unsigned int c = 0;
            const int n = ImTextCharFromUtf8(&c, p, end);
            if (n <= 0) break;
            p += n;
            if (c < 0x20 || c == 0x7F) continue;  // control characters are never drawn
            ++checked_;
            if (!font_->FindGlyphNoFallback(static_cast<ImWchar>(c)) && missing_.insert(c).second)
                ADD_FAILURE() << "no glyph for U+" << std::hex << c << " in " << where << ": " << text;
        }
    }

    std::unique_ptr<Page> page_;
    ImFont* font_ = nullptr;
    std::set<unsigned> missing_;
    size_t checked_ = 0;
};

TEST_F(Glyphs, BundledFontIsEmbedded) {
    EXPECT_GT(bundled_font_ttf().size(), 10000u);
    EXPECT_GT(bundled_glyph_text().size(), 95u);  // at least ASCII printable
    EXPECT_STREQ(font_->GetDebugName(), font_->ConfigData->Name);
    EXPECT_GT(font_->Glyphs.Size, 95);
}

TEST_F(Glyphs, EveryI18nStringInBothLanguages) {
    for (int i = 0; i < i18n_table_size(); ++i) {
        const I18nEntry& e = i18n_table()[i];
        check(e.zh, std::string(e.key) + " (zh)");
        check(e.en, std::string(e.key) + " (en)");
    }
    EXPECT_GT(checked_, 1000u);
}

TEST_F(Glyphs, EveryCatalogStringShown) {
    const Catalog& c = *page_->state().catalog;
    for (const ModelArch& m : c.models) {
        check(m.id, "model id");
        check(m.family, "model family " + m.id);
        check(m.notes, "model notes " + m.id);
    }
    for (const Hardware& h : c.hardware) {
        check(h.vendor + " " + h.name, "hardware " + h.id);
        check(h.notes.zh + h.notes.en, "hardware notes " + h.id);
        check(h.source, "hardware source " + h.id);
        check(h.source_label.zh + h.source_label.en, "hardware source label " + h.id);
    }
    for (const WeightFormat& f : c.weight_formats) {
        check(f.id, "weight format");
        check(f.description.zh + f.description.en, "weight format description " + f.id);
        check(f.source, "weight format source " + f.id);
        check(f.source_label.zh + f.source_label.en, "weight format source label " + f.id);
    }
    for (const KvFormat& f : c.kv_formats) {
        check(f.id, "kv format");
        check(f.description.zh + f.description.en, "kv format description " + f.id);
        check(f.source, "kv format source " + f.id);
        check(f.source_label.zh + f.source_label.en, "kv format source label " + f.id);
    }
    for (const Engine& e : c.engines) {
        check(e.name, "engine");
        check(e.notes + e.source, "engine notes " + e.id);
    }
    for (const ApiPrice& p : c.api_prices) check(p.provider + " " + p.model, "api price");
}

// The core writes the verdict, decision rows and warnings in Chinese and English: check them for the
// default scenario on every hardware and for every chat model on the default hardware.
TEST_F(Glyphs, CoreSentencesForASpreadOfScenarios) {
    const Catalog& c = *page_->state().catalog;
    std::vector<Scenario> scenarios;
    size_t n_full = 0;  // the first n_full scenarios also get the whole-catalog plan (its notes)
    for (const Hardware& h : c.hardware) {
        Scenario s;
        s.hardware_id = h.id;
        s.count.reset();
        scenarios.push_back(s);
    }
    for (const ModelArch& m : c.models) {
        if (m.role != ModelRole::chat) continue;
        Scenario s;
        s.model_id = m.id;
        scenarios.push_back(s);
    }
    scenarios.insert(scenarios.begin(), Scenario{});
    ++n_full;
    for (const Golden& g : golden_scenarios()) {
        ASSERT_EQ(app_set_scenario_json(page_->app(), g.scenario_json), "") << g.name;
        scenarios.insert(scenarios.begin(), page_->state().scenario);
        ++n_full;
    }
    int estimated = 0;
    for (size_t i = 0; i < scenarios.size(); ++i) {
        const Scenario& s = scenarios[i];
        EstimateOptions options;
        options.plan = i < n_full;  // the plan is most of an estimate's time; its notes vary little
        Expected<Result> r = estimate(c, s, options);
        if (!r) continue;  // a combination the core refuses shows its (ASCII) error instead
        ++estimated;
        const std::string where = s.model_id + " on " + s.hardware_id;
        auto both = [&](const Text& t, const char* what) { check(t.zh + t.en, where + " " + what); };
        both(r->verdict, "verdict");
        for (const DecisionRow& d : r->decision) both(d.reason, "decision"), both(d.fails_when, "decision");
        for (const DecisionRow& d : r->scenarios) both(d.reason, "scenario row"), both(d.fails_when, "scenario row");
        for (const Text& w : r->warnings) both(w, "warning");
        for (const PlanRow& p : r->plan) check(p.name + p.note, where + " plan");
        both(r->deploy.launch_command, "deploy"), both(r->deploy.load_test_command, "deploy");
        for (const auto& [key, x] : r->explain.entries) {
            both(x.title, "explanation"), both(x.formula, "explanation"), both(x.why_wide, "explanation");
            for (const ExplainInput& in : x.inputs) both(in.name, "explanation input");
        }
    }
    EXPECT_GT(estimated, static_cast<int>(scenarios.size()) / 2);
}

// A name users type: "机房旧服务器（双路至强）" has 房 and 旧, which no page
// string, core sentence or catalog entry uses, so the small cut lacks them and they drew as '?'. The page
// asks for the common-CJK cut once, merges exactly those glyphs, and then draws the name without fallback.
TEST(LazyGlyphs, TypedCustomHardwareNameRendersAfterTheCommonFontLoads) {
    const std::string name = "机房旧服务器（双路至强）";
    Page page("zh");
    AppState* app = page.app();
    const std::string scenario = R"({"schema": "infersizer.scenario/1", "model": "Llama-3.1-8B",
        "hardware": {"name": ")" + name + R"(", "kind": "gpu", "memory_gib": 48, "bandwidth_gbs": 960,
                     "fp16_tflops": 180}, "count": 1})";
    ASSERT_EQ(app_set_scenario_json(app, scenario), "");
    page.frames(1);

    // Before: the small cut lacks some of the name's characters, and the page asks for the common cut.
    const std::string missing = app_missing_glyphs(app);
    EXPECT_FALSE(missing.empty()) << "the small cut already covers " << name << ": pick rarer characters";
    EXPECT_NE(missing.find("房"), std::string::npos) << missing;  // 机 服 务 器 … are in page strings
    EXPECT_TRUE(app_take_common_font_request(app));
    EXPECT_FALSE(app_take_common_font_request(app)) << "asked twice";

    // The platform hands the file over (here: the build's copy) and rebuilds the atlas between frames.
    const std::string ttf = read_text(INFERSIZER_COMMON_FONT_TTF);
    ASSERT_GT(ttf.size(), 500000u);
    app_provide_common_font(app, ttf);
    EXPECT_TRUE(app_fonts_dirty(app));
    app_load_fonts(app, 16);
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    EXPECT_FALSE(app_fonts_dirty(app));
    page.frames(1);

    EXPECT_EQ(app_missing_glyphs(app), "");
    ImFont* font = ImGui::GetIO().Fonts->Fonts[0];
    ASSERT_EQ(ImGui::GetIO().Fonts->Fonts.Size, 1) << "merged into the one font every widget uses";
    for (const char* p = name.c_str(); *p;) {
        unsigned int c = 0;
        p += ImTextCharFromUtf8(&c, p, nullptr);
        EXPECT_NE(font->FindGlyphNoFallback(static_cast<ImWchar>(c)), nullptr) << "U+" << std::hex << c;
    }
    // Only what was needed: the atlas did not take the common cut's 7,000-odd glyphs.
    EXPECT_LT(font->Glyphs.Size, static_cast<int>(bundled_glyph_text().size()));
}

// The common cut holds GB2312's 6,763 hanzi (GB/T 2312-1980) among its characters.
TEST(LazyGlyphs, CommonCutCoversGb2312) {
    const std::string_view text = common_glyph_text();
    size_t hanzi = 0;
    for (const char* p = text.data(); p < text.data() + text.size();) {
        unsigned int c = 0;
        p += ImTextCharFromUtf8(&c, p, text.data() + text.size());
        if (c >= 0x4E00 && c <= 0x9FFF) ++hanzi;
    }
    EXPECT_GE(hanzi, 6763u);
}

}  // namespace
}  // namespace infersizer::app::test
