// Scenario ↔ URL: a link restores the whole scenario; a broken parameter is named and the rest apply.
#include "scenario_json.hpp"
#include "scenario_url.hpp"

#include <gtest/gtest.h>

using namespace infersizer;

TEST(ScenarioUrl, DefaultScenarioHasAnEmptyQuery) { EXPECT_EQ(scenario_to_query(Scenario{}), ""); }

TEST(ScenarioUrl, FullScenarioRoundTrips) {
    Scenario a;
    a.model_id = "Llama-3.1-70B";
    a.weights = "fp8";
    a.kv_cache = "fp8";
    a.engine = "vllm";
    a.hardware_id = "nvidia-h100-sxm-80gb";
    a.count.reset();
    a.context_tokens = 32768;
    a.prompt_tokens = 3000;
    a.output_tokens = 500;
    a.concurrency = 128;
    a.targets = {1.5, 25};
    a.requests_per_day = 123456;
    a.lengths = LengthSpread::varied;
    a.colocated = {{"bge-m3", 0.568, "fp16"}};
    a.headroom = 0.2;
    const std::string q = scenario_to_query(a);
    EXPECT_EQ(q.find("count="), std::string::npos) << q;
    EXPECT_NE(q.find("lengths=varied"), std::string::npos) << q;  // the planner choosing is the default: nothing to say
    const UrlParse p = scenario_from_query("?" + q);
    EXPECT_TRUE(p.errors.empty()) << p.errors[0].to_string();
    EXPECT_EQ(scenario_to_json(p.scenario), scenario_to_json(a));

    a.count = 3;
    const std::string q3 = scenario_to_query(a);
    EXPECT_NE(q3.find("count=3"), std::string::npos) << q3;
    EXPECT_EQ(scenario_to_json(scenario_from_query("?" + q3).scenario), scenario_to_json(a));
    EXPECT_FALSE(scenario_from_query("?count=auto").scenario.count.has_value());
}

TEST(ScenarioUrl, CustomModelTravelsAsJson) {
    auto s = scenario_from_json_text(R"({"model": {"name": "m", "params_b": 3.5}})");
    ASSERT_TRUE(s.ok()) << s.error().to_string();
    const UrlParse p = scenario_from_query(scenario_to_query(*s));
    ASSERT_TRUE(p.errors.empty()) << p.errors[0].to_string();
    EXPECT_EQ(scenario_to_json(p.scenario), scenario_to_json(*s));
}

TEST(ScenarioUrl, BrokenParameterIsNamedAndTheRestStillApply) {
    const UrlParse p = scenario_from_query("?model=Qwen2.5-7B&concurrency=-4&context_tokens=abc&headroom=0.3&lang=en");
    ASSERT_EQ(p.errors.size(), 2u);
    EXPECT_EQ(p.errors[0].cli_line(), "error: url.concurrency: must be an integer from 1 to 100000, got -4");
    EXPECT_EQ(p.errors[1].cli_line(), "error: url.context_tokens: must be a number, got \"abc\"");
    EXPECT_EQ(p.scenario.model_id, "Qwen2.5-7B");
    EXPECT_DOUBLE_EQ(p.scenario.headroom, 0.3);
    EXPECT_EQ(p.scenario.concurrency, Scenario{}.concurrency);  // the broken one kept the previous value
    EXPECT_EQ(p.lang, "en");
}

TEST(ScenarioUrl, UnknownParameterAndBadLangAreReported) {
    const UrlParse p = scenario_from_query("foo=1&lang=fr&weights=Q8_0");
    ASSERT_EQ(p.errors.size(), 2u);
    EXPECT_EQ(p.errors[0].path, "url.foo");
    EXPECT_EQ(p.errors[1].cli_line(), "error: url.lang: must be zh or en, got \"fr\"");
    EXPECT_EQ(p.scenario.weights, "Q8_0");
}

// theme= is a page setting like lang=: read, never part of the scenario, and a bad value is named.
TEST(ScenarioUrl, ThemeIsAPageSettingAndABadOneIsNamed) {
    const UrlParse p = scenario_from_query("?theme=light&concurrency=9");
    ASSERT_TRUE(p.errors.empty()) << p.errors[0].to_string();
    EXPECT_EQ(p.theme, "light");
    EXPECT_EQ(p.scenario.concurrency, 9);
    EXPECT_EQ(scenario_from_query("theme=dark").theme, "dark");
    EXPECT_EQ(scenario_from_query("concurrency=9").theme, "");
    const UrlParse bad = scenario_from_query("theme=sepia");
    ASSERT_EQ(bad.errors.size(), 1u);
    EXPECT_EQ(bad.errors[0].cli_line(), "error: url.theme: must be light or dark, got \"sepia\"");
    EXPECT_EQ(bad.errors[0].message_in("zh"), "必须是 light 或 dark，实际为 \"sepia\"");
    EXPECT_EQ(bad.theme, "");
    EXPECT_EQ(scenario_to_query(p.scenario).find("theme"), std::string::npos);  // the scenario never writes it
}

TEST(ScenarioUrl, PercentEncodingIsDecoded) {
    const UrlParse p = scenario_from_query("colocated=%5B%7B%22name%22%3A%22bge-m3%22%2C%22params_b%22%3A0.568%7D%5D");
    ASSERT_TRUE(p.errors.empty()) << p.errors[0].to_string();
    ASSERT_EQ(p.scenario.colocated.size(), 1u);
    EXPECT_EQ(p.scenario.colocated[0].name, "bge-m3");
}
