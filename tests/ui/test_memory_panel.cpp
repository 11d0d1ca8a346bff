// test_memory_panel.cpp — the memory panel's figures say whose they are. With several replicas the panel's parts
// and total are one replica's ("Figures above are per replica"), but the fit (fit.max_concurrency) is the whole
// setup's: its line must say that it counts every replica, or a reader takes 108–121 full-context sequences for
// what one replica holds. With one replica the line stays the plain one.
#include "ui_harness.hpp"

#include "format.hpp"
#include "i18n.hpp"

#include <gtest/gtest.h>

#include <string>

namespace infersizer::app::test {
namespace {

using MemoryPanel = PageTest;

std::string golden_json(const std::string& name) {
    for (const Golden& g : golden_scenarios())
        if (g.name == name) return g.scenario_json;
    return "";
}

TEST_F(MemoryPanel, TheMaxConcurrencyLineSaysItCountsEveryReplica) {
    int multi = 0, single = 0;
    for (const char* code : {"zh", "en"}) {
        const Lang lang = std::string(code) == "zh" ? Lang::zh : Lang::en;
        Page page(code, ImVec2(1400, 5000));
        page.frames(2);
        for (const char* name : {"chat_70b_h100_200_users.json", "personal_8b_4090.json"}) {
            SCOPED_TRACE(std::string(name) + " (" + code + ")");
            const std::string scenario = golden_json(name);
            ASSERT_FALSE(scenario.empty());
            ASSERT_EQ(app_set_scenario_json(page.app(), scenario), "");
            page.frames(2);
            ASSERT_TRUE(page.state().result.has_value());
            const Result& r = *page.state().result;
            ASSERT_TRUE(r.memory.capacity_known);
            const std::string most = fmt_count_interval(r.fit.max_concurrency, "", lang);
            const std::string ctx = fmt_tokens(static_cast<double>(page.state().scenario.context_tokens), lang);
            const std::string all = trf(S::max_concurrency_all_fmt, lang, most.c_str(), r.memory.replicas, ctx.c_str());
            const std::string plain = trf(S::max_concurrency_fmt, lang, most.c_str(), ctx.c_str());
            const std::string text = page.drawn_text();
            if (r.memory.replicas > 1) {
                ++multi;
                EXPECT_TRUE(has(text, all)) << all << "\n" << text;
                EXPECT_FALSE(has(text, plain)) << plain;
                EXPECT_TRUE(has(all, std::to_string(r.memory.replicas))) << all;
            } else {
                ++single;
                EXPECT_TRUE(has(text, plain)) << plain << "\n" << text;
            }
        }
    }
    EXPECT_EQ(multi, 2) << "the 70B chat golden is planned as several replicas";
    EXPECT_EQ(single, 2);
}

}  // namespace
}  // namespace infersizer::app::test
