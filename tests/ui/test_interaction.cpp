// test_interaction.cpp — the page used as a person would: clicks and keys through ImGui's input, found by
// the widgets' labels (item probe), never by pixel positions.
#include "ui_harness.hpp"

#include "estimate.hpp"
#include "format.hpp"
#include "result_json.hpp"

#include <algorithm>

#include <gtest/gtest.h>

namespace infersizer::app::test {
namespace {

using Interaction = PageTest;

TEST_F(Interaction, CopyLinkPutsTheQueryOnTheClipboard) {
    Page page("zh");
    page.frames(3);
    ASSERT_TRUE(page.click(tr(S::copy_link, Lang::zh)));
    // '?' + query: the platform prepends the page's own address.
    EXPECT_EQ(page.clipboard(), "?" + app_query(page.app()));
    EXPECT_TRUE(page.frames(1)) << "the 'copied' confirmation animates until it fades";
}

TEST_F(Interaction, LanguageToggleSwitchesWithoutReload) {
    Page page("zh");
    page.frames(3);
    const unsigned generation = app_result_generation(page.app());
    ASSERT_TRUE(page.click(tr(S::lang_en, Lang::zh)));
    EXPECT_EQ(app_lang(page.app()), "en");
    page.frames(2);
    EXPECT_NE(page.find(tr(S::copy_link, Lang::en)), nullptr);
    ASSERT_TRUE(page.click(tr(S::lang_zh, Lang::en)));
    EXPECT_EQ(app_lang(page.app()), "zh");
    EXPECT_EQ(app_result_generation(page.app()), generation) << "a language switch recomputes nothing";
}

TEST_F(Interaction, TypedOutOfRangeValueIsRefusedWithTheRange) {
    Page page("en");
    page.frames(3);
    const int64_t before = page.state().scenario.concurrency;
    ASSERT_TRUE(page.type_into("##typed_concurrency", "-3"));
    EXPECT_EQ(page.state().scenario.concurrency, before) << "the last good value stays";
    const std::string& error = page.state().fields["concurrency"].error.en;
    EXPECT_NE(error.find("1 – 100,000"), std::string::npos) << error;
    EXPECT_NE(error.find(std::to_string(before)), std::string::npos) << error;

    ASSERT_TRUE(page.type_into("##typed_concurrency", "12"));
    EXPECT_EQ(page.state().scenario.concurrency, 12);
    EXPECT_TRUE(page.state().fields["concurrency"].error.empty());

    const int64_t context = page.state().scenario.context_tokens;
    ASSERT_TRUE(page.type_into("##typed_context_tokens", "1"));  // below one prompt token and one output token
    EXPECT_EQ(page.state().scenario.context_tokens, context);
    const std::string& context_error = page.state().fields["context_tokens"].error.en;
    EXPECT_NE(context_error.find("2 – 10,000,000"), std::string::npos) << context_error;
    ASSERT_TRUE(page.type_into("##typed_context_tokens", "abc"));
    EXPECT_EQ(page.state().scenario.context_tokens, context);
    // A context as short as llama-bench's tg32 run is valid (issue #9).
    ASSERT_TRUE(page.type_into("##typed_context_tokens", "99"));
    EXPECT_EQ(page.state().scenario.context_tokens, 99);
    EXPECT_TRUE(page.state().fields["context_tokens"].error.empty());
}

TEST_F(Interaction, EditsUpdateTheResultInTheSameFrame) {
    Page page("en");
    page.frames(3);
    const unsigned generation = app_result_generation(page.app());
    ASSERT_TRUE(page.type_into("##typed_concurrency", "7"));
    EXPECT_GT(app_result_generation(page.app()), generation);
    Expected<Result> direct = estimate(*page.state().catalog, page.state().scenario);
    ASSERT_TRUE(direct.ok());
    EXPECT_EQ(result_to_json(direct.value(), "en"), result_to_json(*page.state().result, "en"));
}

TEST_F(Interaction, PresetChangesContextAndTraffic) {
    Page page("en");
    page.frames(3);
    const std::string model = page.state().scenario.model_id;
    ASSERT_TRUE(page.click(tr(S::preset_long_doc, Lang::en)));
    EXPECT_EQ(page.state().scenario.context_tokens, 131072);
    EXPECT_EQ(page.state().scenario.model_id, model);
}

TEST_F(Interaction, PlannerCheckboxChoosesOrFixesTheCount) {
    Page page("en", ImVec2(1280, 1400));
    page.frames(3);
    // The seed leaves the count to the planner (the contract's default); unticking fixes the count it chose.
    ASSERT_FALSE(page.state().scenario.count.has_value());
    ASSERT_TRUE(page.state().result.has_value());
    EXPECT_TRUE(page.state().result->count_from_planner);
    const int chosen = page.state().result->count;
    ASSERT_TRUE(page.click(tr(S::planner_choose, Lang::en)));
    ASSERT_TRUE(page.state().scenario.count.has_value());
    EXPECT_EQ(*page.state().scenario.count, chosen);
    EXPECT_FALSE(page.state().result->count_from_planner);
    ASSERT_TRUE(page.click(tr(S::planner_choose, Lang::en)));
    EXPECT_FALSE(page.state().scenario.count.has_value());
    page.frames(2);
}

TEST_F(Interaction, ClickingAPlanRowMakesItTheHardware) {
    Page page("en", ImVec2(1600, 2400));
    page.frames(4);
    const std::string current = page.state().scenario.hardware_id;
    std::string target_id, target_name;
    for (const PlanRow& row : page.state().result->plan)
        if (row.hardware != current && page.find(row.name)) {
            target_id = row.hardware;
            target_name = row.name;
            break;
        }
    ASSERT_FALSE(target_id.empty()) << "no visible plan row to click";
    // On the row's name, not its centre: the centre of a row as wide as the table can fall on a column's
    // resize border (the table is resizable), which takes the click instead of the row.
    const ProbedItem* row = page.find(target_name);
    ASSERT_TRUE(page.click_at(ImVec2(row->rect.Min.x + ImGui::GetFontSize(), row->rect.GetCenter().y)));
    EXPECT_EQ(page.state().scenario.hardware_id, target_id);
    page.frames(2);
}

TEST_F(Interaction, CopyButtonsCopyTheDeployCommands) {
    Page page("en", ImVec2(1280, 1600));
    page.frames(3);
    ASSERT_TRUE(page.state().result.has_value());
    ASSERT_TRUE(page.click(tr(S::copy, Lang::en)));  // the first: the launch command
    EXPECT_EQ(page.clipboard(), page.state().result->deploy.launch_command.en);
}

TEST_F(Interaction, KeyboardReachesTheWidgets) {
    Page page("en");
    page.frames(3);
    for (int i = 0; i < 6; ++i) page.press_key(ImGuiKey_Tab);
    EXPECT_NE(GImGui->NavId, 0u) << "Tab moves keyboard focus onto a widget";
    for (int i = 0; i < 20; ++i) page.press_key(ImGuiKey_DownArrow);
    page.press_key(ImGuiKey_Space);
    page.press_key(ImGuiKey_Escape);
    page.frames(3);
    ASSERT_TRUE(page.state().result.has_value());
}

// Clicks and hovers over a grid covering the whole page: every reachable widget gets pressed in some
// order. Nothing may assert, and the page's result must always be the core's result for its scenario.
TEST_F(Interaction, MonkeyClicksKeepScenarioAndResultTogether) {
    for (ImVec2 size : {ImVec2(1280, 800), ImVec2(420, 900)}) {
        Page page("zh", size);
        page.frames(3);
        const float step_x = size.x / 16, step_y = size.y / 20;
        for (float y = step_y / 2; y < size.y; y += step_y)
            for (float x = step_x / 2; x < size.x; x += step_x) {
                page.hover(ImVec2(x, y));
                page.click_at(ImVec2(x, y));
                page.press_key(ImGuiKey_Escape);  // close any popup the click opened
            }
        page.frames(3);
        AppState& s = page.state();
        ASSERT_TRUE(s.result.has_value());
        Expected<Result> direct = estimate(*s.catalog, s.scenario);
        ASSERT_TRUE(direct.ok()) << direct.error().to_string();
        EXPECT_EQ(result_to_json(direct.value(), "en"), result_to_json(*s.result, "en"));
    }
}

}  // namespace
}  // namespace infersizer::app::test

namespace infersizer::app::test {
namespace {

TEST_F(Interaction, ModelPickerAndFormatCombos) {
    Page page("en");
    page.frames(3);
    const Catalog& c = *page.state().catalog;
    const ModelArch* pick = nullptr;
    for (const ModelArch& m : c.models)
        if (m.role == ModelRole::chat && m.id != page.state().scenario.model_id) {
            pick = &m;
            break;
        }
    ASSERT_NE(pick, nullptr);
    ASSERT_TRUE(page.click_path("/inputs_", {"model_panel", "##model"}));
    page.frames(1);
    ASSERT_TRUE(page.click(pick->id)) << "the picker lists " << pick->id;
    EXPECT_EQ(page.state().scenario.model_id, pick->id);

    // A weight format the current engine runs, other than the current one, visible in the open list.
    ASSERT_TRUE(page.click_path("/inputs_", {"model_panel", "##weights"}));
    page.frames(1);
    const WeightFormat* wf = nullptr;
    std::string label;
    for (const WeightFormat& f : c.weight_formats) {
        label = f.id + "  (" + fmt_sig(f.bits_per_weight, 3) + " bit)";
        if (f.id != page.state().scenario.weights && page.find(label) &&
            std::find(f.engines.begin(), f.engines.end(), page.state().scenario.engine) != f.engines.end()) {
            wf = &f;
            break;
        }
    }
    ASSERT_NE(wf, nullptr) << "no runnable format visible in the list";
    ASSERT_TRUE(page.click(label)) << label;
    EXPECT_EQ(page.state().scenario.weights, wf->id) << page.state().edit_error;
}

// A config.json as Meta publishes it for Llama-3.1-8B-Instruct (the fields the reader needs).
const char* kLlamaConfig = R"({
  "_name_or_path": "meta-llama/Llama-3.1-8B-Instruct", "architectures": ["LlamaForCausalLM"],
  "model_type": "llama", "hidden_size": 4096, "intermediate_size": 14336, "num_attention_heads": 32,
  "num_hidden_layers": 32, "num_key_value_heads": 8, "vocab_size": 128256, "max_position_embeddings": 131072,
  "rms_norm_eps": 1e-05, "rope_theta": 500000.0, "tie_word_embeddings": false, "torch_dtype": "bfloat16",
  "attention_bias": false, "mlp_bias": false, "head_dim": 128})";

TEST_F(Interaction, PastedConfigIsUnderstoodOrExplained) {
    Page page("en", ImVec2(1280, 1400));
    page.frames(3);
    ASSERT_TRUE(page.click(tr(S::paste_config, Lang::en)));
    page.state().config_paste = "{ not json";
    page.frames(1);
    ASSERT_TRUE(page.click(tr(S::read_config, Lang::en)));
    EXPECT_FALSE(page.state().config_ok);
    EXPECT_FALSE(page.state().scenario.model_custom.has_value());
    EXPECT_NE(page.state().config_message.en.find("JSON"), std::string::npos) << page.state().config_message;

    page.state().config_paste = kLlamaConfig;
    page.frames(1);
    ASSERT_TRUE(page.click(tr(S::read_config, Lang::en)));
    EXPECT_TRUE(page.state().config_ok) << page.state().config_message;
    ASSERT_TRUE(page.state().scenario.model_custom.has_value());
    EXPECT_EQ(page.state().scenario.model_custom->n_layers, 32);
    EXPECT_NE(page.state().config_message.en.find("llama"), std::string::npos) << page.state().config_message;
    EXPECT_NE(page.state().config_message.en.find("32 layers"), std::string::npos) << page.state().config_message;
    page.frames(2);
}

TEST_F(Interaction, CustomArchitectureFormBecomesTheModel) {
    Page page("en", ImVec2(1280, 1600));
    page.frames(3);
    ASSERT_TRUE(page.click(tr(S::custom_model, Lang::en)));
    page.frames(1);
    ASSERT_TRUE(page.click(tr(S::use_custom, Lang::en)));
    ASSERT_TRUE(page.state().scenario.model_custom.has_value()) << page.state().custom_form.error;
    EXPECT_EQ(page.state().scenario.model_custom->n_layers, page.state().custom_form.layers);

    // A shape the core refuses (kv heads not dividing heads, say zero layers) is explained, not applied.
    const std::string before = app_get_scenario_json(page.app());
    page.state().custom_form.layers = 0;
    page.frames(1);
    ASSERT_TRUE(page.click(tr(S::use_custom, Lang::en)));
    EXPECT_FALSE(page.state().custom_form.error.empty());
    EXPECT_EQ(app_get_scenario_json(page.app()), before);
}

TEST_F(Interaction, ColocatedServicesAreAddedAndRemoved) {
    Page page("en", ImVec2(1280, 1600));
    page.frames(3);
    ASSERT_TRUE(page.state().scenario.colocated.empty());
    const Interval before = page.state().result->memory.colocated_gib;
    ASSERT_TRUE(page.click(tr(S::add, Lang::en)));
    ASSERT_EQ(page.state().scenario.colocated.size(), 1u);
    const ColocatedModel& added = page.state().scenario.colocated[0];
    const ModelArch* m = page.state().catalog->find_model(added.name);
    ASSERT_NE(m, nullptr);
    EXPECT_NE(m->role, ModelRole::chat);
    EXPECT_GT(added.params_b, 0);
    EXPECT_GT(page.state().result->memory.colocated_gib.lo, before.lo);
    page.frames(1);
    ASSERT_TRUE(page.click(tr(S::remove, Lang::en)));
    EXPECT_TRUE(page.state().scenario.colocated.empty());
}

TEST_F(Interaction, HardwareFiltersNarrowThePicker) {
    Page page("en", ImVec2(1280, 1400));
    page.frames(3);
    page.state().hw_filter.vendor = "Apple";
    page.frames(1);
    ASSERT_TRUE(page.click_path("/inputs_", {"hardware_panel", "##hardware"}));
    page.frames(1);
    const Catalog& c = *page.state().catalog;
    int apple_listed = 0, others_listed = 0;
    for (const Hardware& h : c.hardware) {
        const bool listed = page.find(h.vendor + " " + h.name) != nullptr;
        (h.vendor == "Apple" ? apple_listed : others_listed) += listed ? 1 : 0;
    }
    EXPECT_GT(apple_listed, 0);
    EXPECT_EQ(others_listed, 0);
    page.press_key(ImGuiKey_Escape);
}

}  // namespace
}  // namespace infersizer::app::test
