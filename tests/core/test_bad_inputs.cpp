// test_bad_inputs.cpp — every bad-input class of tests/data/bad_inputs.json at its core entry point (a scenario's
// text, a link's query, a user catalog, a pasted config.json): each is refused with its message word for word, on
// one line of bounded length, and the good state before it is kept (the link keeps its base scenario, the catalog
// and the scenario still estimate as before). The CLI's classes run in tests/cli/test_cli.cpp.
#include "../bad_inputs.hpp"
#include "hf_config.hpp"
#include "result_json.hpp"
#include "scenario_url.hpp"
#include "support.hpp"

#include <cstdio>

namespace infersizer::test {
namespace {

std::string table_path() { return std::string(INFERSIZER_TEST_DATA_DIR) + "/bad_inputs.json"; }

// The first error's line, as the CLI and the page print it, or "(accepted)".
std::string refusal(const BadInput& b, const Scenario& base, bool* state_kept) {
    *state_kept = true;
    if (b.entry == "scenario") {
        const Expected<Scenario> r = scenario_from_json_text(b.input, base);
        return r ? "(accepted)" : r.error().cli_line_in("en");
    }
    if (b.entry == "url") {
        const UrlParse p = scenario_from_query(b.input, base);
        *state_kept = scenario_to_json(p.scenario) == scenario_to_json(base);
        return p.errors.empty() ? "(accepted)" : p.errors.front().cli_line_in("en");
    }
    if (b.entry == "catalog") {
        Errors errors;
        const Expected<Catalog> r = merge_catalog(cat(), b.input, &errors);
        return r ? "(accepted)" : r.error().cli_line_in("en");
    }
    if (b.entry == "config") {
        const Expected<ModelArch> r = model_from_hf_config_text(b.input);
        return r ? "(accepted)" : r.error().cli_line_in("en");
    }
    return "(unknown entry " + b.entry + ")";
}

TEST(BadInputs, EveryClassIsRefusedWithItsMessageAndTheGoodStateKept) {
    const std::vector<BadInput> table = bad_inputs(table_path());
    size_t core_cases = 0;
    Scenario base;
    base.model_id = "Qwen3-8B";
    base.hardware_id = "nvidia-rtx-4090";
    base.weights = "Q4_K_M";
    base.count = 1;
    const Expected<Result> before = estimate(cat(), base);
    ASSERT_TRUE(before) << before.error().cli_line_in("en");

    nlohmann::json actual = nlohmann::json::array();  // INFERSIZER_BAD_INPUTS_DUMP: what each class gets now
    for (const BadInput& b : table) {
        if (b.entry == "cli") continue;
        ++core_cases;
        SCOPED_TRACE(b.entry + ": " + b.name);
        bool kept = false;
        const std::string line = refusal(b, base, &kept);
        actual.push_back({{"class", b.name}, {"message", line}});
        EXPECT_EQ(line, b.message);
        EXPECT_TRUE(kept) << "the link did not keep its base scenario";
        EXPECT_EQ(line.find('\n'), std::string::npos);
        EXPECT_LT(line.size(), 2000u);
    }
    if (const char* dump = std::getenv("INFERSIZER_BAD_INPUTS_DUMP")) std::ofstream(dump) << actual.dump(1);
    EXPECT_GE(core_cases, 40u);

    // Nothing refused changed what was there: the same scenario on the same catalog gives the same figures.
    const Expected<Result> after = estimate(cat(), base);
    ASSERT_TRUE(after);
    EXPECT_EQ(result_to_json(*after, "en"), result_to_json(*before, "en"));
}

}  // namespace
}  // namespace infersizer::test
