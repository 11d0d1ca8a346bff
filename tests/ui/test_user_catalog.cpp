// Your own catalog on the page (web/app/user_catalog.hpp): a file with a new card, its price in yuan and a
// private model is merged by the core's merge_catalog, becomes selectable and is used (the plan's cards table,
// the headline); a broken file is refused with every error and its JSON path, in the page's language, and the
// catalog, scenario and result stay as they were.
#include "ui_harness.hpp"

#include "user_catalog.hpp"
#include "../zh_text_classifier.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <sstream>
#include <string>

using namespace infersizer;
using namespace infersizer::app;
using namespace infersizer::app::test;
using json = nlohmann::json;

namespace {

using UserCatalog = PageTest;

// README's example ("Your own catalog"): a card with its rental price in CNY and a private model.
const char* kGoodCatalog = R"({
  "accelerators": [{"id": "lab-card-64", "vendor": "Lab", "name": "Lab Card 64GB", "kind": "gpu",
                    "market": "datacenter", "memory_gb": 64, "memory_bandwidth_gbs": 2000,
                    "fp16_bf16_dense_tflops": 400, "source": [{"ref": "our lab's spec sheet", "covers": ["all"]}]}],
  "gpu_rental": [{"provider": "Our cloud", "gpu": "Lab Card 64GB", "hardware_id": "lab-card-64", "currency": "CNY",
                  "price_per_gpu_hour": 9.5, "pricing_model": "on-demand", "source": "our invoice"}],
  "models": [{"id": "Acme-Private-8B", "role": "chat", "num_hidden_layers": 32, "hidden_size": 4096,
              "intermediate_size": 14336, "num_attention_heads": 32, "num_key_value_heads": 8,
              "vocab_size": 128256, "max_position_embeddings": 32768, "source": "our config.json"}]
})";

// Two broken fields in two entries.
const char* kBadCatalog = R"({
  "accelerators": [{"id": "x", "vendor": "Lab", "name": "X", "kind": "gpu", "market": "datacenter",
                    "memory_gb": -8, "memory_bandwidth_gbs": 1000, "fp16_bf16_dense_tflops": 100,
                    "source": "ours"}],
  "models": [{"id": "M", "role": "chat", "num_hidden_layers": 32, "hidden_size": "big", "intermediate_size": 14336,
              "num_attention_heads": 32, "num_key_value_heads": 8, "vocab_size": 128256,
              "max_position_embeddings": 32768, "source": "ours"}]
})";

}  // namespace

TEST_F(UserCatalog, ANewCardAndAPrivateModelBecomeSelectableAndUsed) {
    Page page("en", ImVec2(1400, 3000));
    page.frames(2);
    const size_t hardware_before = page.state().catalog->hardware.size();
    // Not in the bundled catalog: refused before the file is loaded.
    EXPECT_NE(app_set_scenario_json(page.app(), R"({"model": "Acme-Private-8B", "hardware": "lab-card-64"})"), "");

    const json report = json::parse(app_load_catalog_json(page.app(), kGoodCatalog, "my_catalog.json"));
    ASSERT_TRUE(report["ok"].get<bool>()) << report.dump();
    EXPECT_EQ(report["added"]["accelerators"], json::array({"lab-card-64"}));
    EXPECT_EQ(report["added"]["models"], json::array({"Acme-Private-8B"}));
    EXPECT_EQ(report["added"]["gpu_rental"], json::array({"Our cloud · Lab Card 64GB · on-demand"}));
    EXPECT_TRUE(report["replaced"].empty());
    EXPECT_EQ(page.state().catalog->hardware.size(), hardware_before + 1);

    ASSERT_EQ(app_set_scenario_json(page.app(), R"({"model": "Acme-Private-8B", "hardware": "lab-card-64",
                                                    "weights": "fp16", "engine": "vllm"})"),
              "");
    page.frames(2);
    const json result = json::parse(app_get_result_json(page.app()));
    EXPECT_EQ(result["hardware"], "Lab Card 64GB") << result.dump().substr(0, 400);
    // The plan's cards table has the new card, at the file's price in yuan (the table compares in USD: ¥9.5 an hour
    // at the catalog's rate, 730 hours a month).
    bool in_plan = false;
    const double usd_per_card_month = 9.5 / page.state().catalog->usd_cny.cny_per_usd * 730;
    for (const PlanRow& row : page.state().result->plan) {
        if (row.hardware != "lab-card-64") continue;
        in_plan = true;
        ASSERT_TRUE(row.has_price);
        EXPECT_NEAR(row.cost_per_month.lo, row.cards.lo * usd_per_card_month, 1e-6 * row.cost_per_month.lo);
    }
    EXPECT_TRUE(in_plan);
    const std::string text = page.drawn_text();
    EXPECT_TRUE(has(text, "Loaded your catalog my_catalog.json: 3 added, 0 replaced")) << text.substr(0, 2000);
    EXPECT_TRUE(has(text, "| Lab Card 64GB")) << "the cards table lists the new card";
    EXPECT_TRUE(has(text, "1 of your files merged in"));
}

TEST_F(UserCatalog, ABrokenFileListsEveryErrorWithItsPathAndChangesNothing) {
    for (const char* lang : {"en", "zh"}) {
        SCOPED_TRACE(lang);
        Page page(lang, ImVec2(1400, 3000));
        ASSERT_EQ(app_set_scenario_json(page.app(), R"({"model": "Qwen3-8B", "concurrency": 12})"), "");
        page.frames(2);
        const unsigned generation = app_result_generation(page.app());
        const std::string result_before = app_get_result_json(page.app());
        const size_t models_before = page.state().catalog->models.size();

        const json report = json::parse(app_load_catalog_json(page.app(), kBadCatalog, "bad.json"));
        ASSERT_FALSE(report["ok"].get<bool>());
        ASSERT_EQ(report["errors"].size(), 2u) << report.dump();
        EXPECT_EQ(report["errors"][0]["path"], "models[0].hidden_size");
        EXPECT_EQ(report["errors"][1]["path"], "accelerators[0].memory_gb");
        EXPECT_EQ(report["errors"][1]["message"], "must be a positive number or null, got -8");

        // Nothing changed: the catalog, the scenario and its result.
        EXPECT_EQ(app_result_generation(page.app()), generation);
        EXPECT_EQ(app_get_result_json(page.app()), result_before);
        EXPECT_EQ(page.state().catalog->models.size(), models_before);

        // The page lists both, each with its path, in the page's language.
        page.frames(1);
        const std::string text = page.drawn_text();
        for (const json& e : report["errors"]) {
            const std::string line = e["text"].get<std::string>();
            EXPECT_TRUE(has(text, line)) << line;
            EXPECT_EQ(line.rfind(e["path"].get<std::string>(), 0), 0u) << line;
        }
        if (std::string(lang) == "zh") {
            EXPECT_TRUE(has(text, "未加载你的目录 bad.json（2 个错误）"));
            std::istringstream lines(text);
            for (std::string l; std::getline(lines, l);) {
                if (has(l, "bad.json") || has(l, "[0]")) {
                    EXPECT_LT(zh_text::english_run(l), 3) << l;
                }
            }
        } else {
            EXPECT_TRUE(has(text, "Your catalog bad.json was not loaded (2 errors)"));
        }
        // A good file afterwards is loaded, and the message becomes its summary.
        ASSERT_TRUE(json::parse(app_load_catalog_json(page.app(), kGoodCatalog, "good.json"))["ok"].get<bool>());
        EXPECT_TRUE(page.state().user_catalog.errors.empty());
    }
}

// A file that replaces the card the current scenario runs on re-estimates it at once: the result changes, the
// host hears of it (the generation moves), and the summary says it replaced.
TEST_F(UserCatalog, ReplacingTheCurrentCardReestimatesTheResult) {
    Page page("en");
    page.frames(1);
    const std::string id = page.state().scenario.hardware_id;
    const unsigned generation = app_result_generation(page.app());
    const double capacity_before = page.state().result->memory.capacity_gib;
    const json hardware = json::parse(bundled::files().hardware);
    json card;
    for (const json& h : hardware["accelerators"])
        if (h["id"] == id) card = h;
    ASSERT_TRUE(card.is_object()) << id;
    card["memory_gb"] = card["memory_gb"].get<double>() * 2;
    const json report = json::parse(app_load_catalog_json(page.app(), json({{"accelerators", {card}}}).dump(), "big.json"));
    ASSERT_TRUE(report["ok"].get<bool>()) << report.dump().substr(0, 600);
    EXPECT_EQ(report["replaced"]["accelerators"], json::array({id}));
    EXPECT_GT(app_result_generation(page.app()), generation);
    EXPECT_GT(page.state().result->memory.capacity_gib, capacity_before * 1.8);  // less the card's own reserve
}
