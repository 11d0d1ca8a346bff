// test_frames.cpp — the page draws the default scenario and every golden scenario, wide and narrow, in
// both languages, without a failed IM_ASSERT, and the host API keeps scenario and result together.
#include "ui_harness.hpp"

#include "estimate.hpp"
#include "result_json.hpp"
#include "scenario_json.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace infersizer::app::test {
namespace {

using Frames = PageTest;

// The result the page shows is the core's result for the page's scenario (no UI-side numbers).
void expect_result_matches_scenario(Page& page) {
    AppState& s = page.state();
    ASSERT_TRUE(s.catalog.has_value());
    ASSERT_TRUE(s.result.has_value()) << s.result_error;
    Expected<Result> direct = estimate(*s.catalog, s.scenario);
    ASSERT_TRUE(direct.ok()) << direct.error().to_string();
    EXPECT_EQ(result_to_json(direct.value(), "en"), result_to_json(*s.result, "en"));
    EXPECT_EQ(nlohmann::json::parse(app_get_result_json(page.app())), result_to_json(*s.result, s.lang_code()));
}

TEST_F(Frames, DefaultScenarioWideAndNarrowInBothLanguages) {
    for (const char* lang : {"zh", "en"})
        for (ImVec2 size : {ImVec2(1280, 800), ImVec2(1920, 1080), ImVec2(400, 800), ImVec2(800, 600)}) {
            SCOPED_TRACE(std::string(lang) + " " + std::to_string(int(size.x)) + "x" + std::to_string(int(size.y)));
            Page page(lang, size);
            ASSERT_TRUE(page.state().catalog.has_value()) << page.state().catalog_error;
            page.frames(5);
            expect_result_matches_scenario(page);
            EXPECT_EQ(app_lang(page.app()), lang);
            // Header: the title and the catalog's counts are drawn.
            EXPECT_NE(page.find(tr(S::copy_link, lang_from_id(lang))), nullptr);
        }
}

TEST_F(Frames, CatalogSummaryCountsTheCatalog) {
    Page page("en");
    const Catalog& c = *page.state().catalog;
    EXPECT_EQ(app_catalog_summary(page.app()), std::to_string(c.models.size()) + " " + std::to_string(c.hardware.size()) +
                                                   " " + std::to_string(c.weight_formats.size()) + " " +
                                                   std::to_string(c.engines.size()));
    EXPECT_GT(c.models.size(), 0u);
}

TEST_F(Frames, EveryGoldenScenarioDraws) {
    const std::vector<Golden> goldens = golden_scenarios();
    if (goldens.empty()) GTEST_SKIP() << "no golden scenarios in " << INFERSIZER_GOLDEN_DIR;
    for (const Golden& g : goldens) {
        for (const char* lang : {"zh", "en"}) {
            SCOPED_TRACE(g.name + " " + lang);
            Page page(lang);
            page.frames(2);
            const std::string err = app_set_scenario_json(page.app(), g.scenario_json);
            ASSERT_EQ(err, "") << g.scenario_json;
            page.frames(5);
            expect_result_matches_scenario(page);
            Page narrow(lang, ImVec2(420, 900));
            ASSERT_EQ(app_set_scenario_json(narrow.app(), g.scenario_json), "");
            narrow.frames(5);
        }
    }
}

// Every accelerator, Apple machine and CPU platform, and every model, drawn on the page: the panels must
// cope with unknown capacities, CPU paths, MoE and MLA models, and the planner's choice.
TEST_F(Frames, EveryCatalogEntryDraws) {
    Page page("zh");
    const Catalog c = *page.state().catalog;
    int drawn = 0;
    for (const Hardware& h : c.hardware) {
        SCOPED_TRACE(h.id);
        nlohmann::json j = {{"hardware", h.id}};
        if (drawn % 2) j["count"] = 2;
        if (app_set_scenario_json(page.app(), j.dump()).empty()) ++drawn;
        page.frames(2);
    }
    for (const ModelArch& m : c.models) {
        if (m.role != ModelRole::chat) continue;
        SCOPED_TRACE(m.id);
        nlohmann::json j = {{"model", m.id}};
        if (app_set_scenario_json(page.app(), j.dump()).empty()) ++drawn;
        page.frames(2);
    }
    EXPECT_GT(drawn, static_cast<int>(c.hardware.size()));
}

TEST_F(Frames, SetScenarioErrorKeepsThePreviousState) {
    Page page("en");
    page.frames(2);
    const std::string before_scenario = app_get_scenario_json(page.app());
    const std::string before_result = app_get_result_json(page.app());
    const unsigned generation = app_result_generation(page.app());

    const std::string err = app_set_scenario_json(page.app(), R"({"concurrency": -3})");
    EXPECT_NE(err.find("concurrency"), std::string::npos) << err;
    EXPECT_EQ(err.rfind("error: ", 0), 0u) << err;
    const std::string bad_json = app_set_scenario_json(page.app(), "{not json");
    EXPECT_FALSE(bad_json.empty());
    const std::string unknown = app_set_scenario_json(page.app(), R"({"model": "no-such-model"})");
    EXPECT_NE(unknown.find("model"), std::string::npos) << unknown;

    page.frames(2);
    EXPECT_EQ(app_get_scenario_json(page.app()), before_scenario);
    EXPECT_EQ(app_get_result_json(page.app()), before_result);
    EXPECT_EQ(app_result_generation(page.app()), generation);
}

TEST_F(Frames, SetScenarioMovesTheGeneration) {
    Page page("zh");
    const unsigned g0 = app_result_generation(page.app());
    ASSERT_EQ(app_set_scenario_json(page.app(), R"({"concurrency": 9})"), "");
    EXPECT_GT(app_result_generation(page.app()), g0);
    EXPECT_EQ(page.state().scenario.concurrency, 9);
    // A scenario document stands alone: fields it leaves out take the defaults, as in the CLI.
    ASSERT_EQ(app_set_scenario_json(page.app(), R"({"prompt_tokens": 500})"), "");
    EXPECT_EQ(page.state().scenario.concurrency, Scenario{}.concurrency);
    page.frames(3);
}

TEST_F(Frames, QueryRoundTripsTheScenarioAndLanguage) {
    Page a("en");
    ASSERT_EQ(app_set_scenario_json(a.app(), R"({"concurrency": 12, "context_tokens": 16384, "headroom": 0.2})"), "");
    const std::string q = app_query(a.app());
    EXPECT_NE(q.find("lang=en"), std::string::npos) << q;
    EXPECT_NE(q[0], '?');

    Page b("zh");
    app_apply_query(b.app(), q);
    EXPECT_TRUE(b.state().url_errors.empty());
    EXPECT_EQ(app_get_scenario_json(b.app()), app_get_scenario_json(a.app()));
    EXPECT_EQ(app_lang(b.app()), "en");
    b.frames(3);
}

TEST_F(Frames, InvalidUrlParametersAreListedByName) {
    Page page("en");
    app_apply_query(page.app(), "?concurrency=-3&context_tokens=abc&prompt_tokens=700");
    const std::vector<Error>& errs = page.state().url_errors;
    ASSERT_EQ(errs.size(), 2u);
    std::string paths = errs[0].path + " " + errs[1].path;
    EXPECT_NE(paths.find("concurrency"), std::string::npos) << paths;
    EXPECT_NE(paths.find("context_tokens"), std::string::npos) << paths;
    EXPECT_EQ(page.state().scenario.prompt_tokens, 700);  // the valid one applied
    const std::string lines = app_url_errors(page.app());
    EXPECT_EQ(lines, errs[0].cli_line() + "\n" + errs[1].cli_line());
    EXPECT_EQ(lines.rfind("error: url.", 0), 0u) << lines;
    page.frames(3);
    // Each message has its own dismiss button; dismissing removes it.
    ASSERT_TRUE(page.click(tr(S::dismiss, Lang::en)));
    page.frames(2);
    EXPECT_EQ(page.state().url_errors.size(), 1u);
    EXPECT_EQ(app_url_errors(page.app()).find('\n'), std::string::npos);
}

TEST_F(Frames, BadCatalogShowsTheErrorAndNeverCrashes) {
    assert_failures().clear();
    ImGuiContext* ctx = ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(1280, 800);
    io.DeltaTime = 1.0f / 60.0f;
    CatalogTexts bad = bundled_texts();
    bad.models = "{ this is not json";
    AppState* s = app_create(bad, "en");
    app_load_fonts(s, 16);
    unsigned char* px;
    int w, h;
    io.Fonts->GetTexDataAsRGBA32(&px, &w, &h);
    EXPECT_FALSE(s->catalog.has_value());
    EXPECT_FALSE(s->catalog_error.empty());
    for (int i = 0; i < 3; ++i) {
        ImGui::NewFrame();
        app_frame(s);
        ImGui::Render();
    }
    EXPECT_NE(app_get_result_json(s).find("error"), std::string::npos);
    EXPECT_NE(app_set_scenario_json(s, "{}"), "");
    app_destroy(s);
    ImGui::DestroyContext(ctx);
}

TEST_F(Frames, IdleFramesDoNotAskForMore) {
    Page page("zh");
    page.frames(10);
    EXPECT_FALSE(page.frames(1)) << "nothing animates on an idle page";
}

}  // namespace
}  // namespace infersizer::app::test
