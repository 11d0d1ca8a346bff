// A share link with one bad parameter keeps every valid one (issue #9): the parameter the catalog refuses is
// dropped and named under url.<key>; the others apply as given.
#include "bundled_catalog.hpp"
#include "scenario_link.hpp"

#include <gtest/gtest.h>

using namespace infersizer;

TEST(ScenarioLink, AnUnknownHardwareKeepsTheLinksModelWeightsAndEngine) {
    const Scenario base;  // the page's defaults
    const LinkApply p = apply_link(bundled::catalog(),
                                   "?model=Llama-3.1-70B&weights=fp8&engine=vllm&hardware=no-such-card&concurrency=64",
                                   base);
    ASSERT_TRUE(p.ok);
    EXPECT_EQ(p.scenario.model_id, "Llama-3.1-70B");
    EXPECT_EQ(p.scenario.weights, "fp8");
    EXPECT_EQ(p.scenario.engine, "vllm");
    EXPECT_EQ(p.scenario.concurrency, 64);
    EXPECT_EQ(p.scenario.hardware_id, base.hardware_id);  // the refused one falls back to what was there
    ASSERT_EQ(p.errors.size(), 1u);
    EXPECT_EQ(p.errors[0].path, "url.hardware");
    EXPECT_EQ(p.errors[0].id, "scenario.unknown_id");
}

TEST(ScenarioLink, AValidLinkAppliesWhole) {
    const LinkApply p = apply_link(bundled::catalog(), "model=Llama-3.1-8B&engine=vllm&weights=fp8&concurrency=12",
                                   Scenario{});
    ASSERT_TRUE(p.ok);
    EXPECT_TRUE(p.errors.empty());
    EXPECT_EQ(p.scenario.model_id, "Llama-3.1-8B");
    EXPECT_EQ(p.scenario.concurrency, 12);
}

TEST(ScenarioLink, ParseErrorsAndCatalogErrorsAreBothReported) {
    const LinkApply p = apply_link(bundled::catalog(), "concurrency=-3&engine=no-such-engine&model=Llama-3.1-8B",
                                   Scenario{});
    ASSERT_TRUE(p.ok);
    EXPECT_EQ(p.scenario.model_id, "Llama-3.1-8B");
    ASSERT_EQ(p.errors.size(), 2u);
    EXPECT_EQ(p.errors[0].path, "url.concurrency");
    EXPECT_EQ(p.errors[1].path, "url.engine");
}
