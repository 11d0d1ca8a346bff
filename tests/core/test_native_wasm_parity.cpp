// The native build writes the results of every golden scenario into its own build folder; the wasm build
// (run after it by scripts/test.sh) recomputes them and must agree, so the page computes the numbers the
// CLI prints. A scenario that fails to parse or estimate is kept as its error, so both builds must also
// agree on what they refuse; a missing native file is a failure, not a skip.
#include "result_json.hpp"
#include "support.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>

using nlohmann::json;
using namespace infersizer;

namespace {

json golden_results() {
    json all = json::object();
    for (const auto& f : test::golden_files()) {
        const std::string name = f.filename().string();
        auto s = scenario_from_json_text(test::read_text(f.string()));
        if (!s) {
            all[name] = json{{"error", s.error().to_string()}};
            continue;
        }
        auto r = estimate(test::cat(), *s);
        all[name] = r ? result_to_json(*r, "en") : json{{"error", r.error().to_string()}};
    }
    return all;
}

// Numbers are rounded to 4 significant digits in the JSON; a last-digit flip is tolerated.
void expect_close(const json& a, const json& b, const std::string& path) {
    if (a.is_number() && b.is_number()) {
        const double x = a.get<double>(), y = b.get<double>();
        EXPECT_LE(std::fabs(x - y), 2e-4 * std::max(std::fabs(x), std::fabs(y)) + 1e-12) << path;
        return;
    }
    ASSERT_EQ(a.type(), b.type()) << path;
    if (a.is_object()) {
        ASSERT_EQ(a.size(), b.size()) << path;
        for (auto it = a.begin(); it != a.end(); ++it) {
            ASSERT_TRUE(b.contains(it.key())) << path << "." << it.key();
            expect_close(*it, b[it.key()], path + "." + it.key());
        }
    } else if (a.is_array()) {
        ASSERT_EQ(a.size(), b.size()) << path;
        for (size_t i = 0; i < a.size(); ++i) expect_close(a[i], b[i], path + "[" + std::to_string(i) + "]");
    } else {
        EXPECT_EQ(a, b) << path;
    }
}

}  // namespace

TEST(NativeWasmParity, GoldenResultsAgreeAcrossBuilds) {
    const json mine = golden_results();
    ASSERT_GE(mine.size(), 6u);
    const std::string path = INFERSIZER_PARITY_FILE;
#ifdef __EMSCRIPTEN__
    std::ifstream in(path);
    ASSERT_TRUE(in) << "no native results at " << path << ": build and run the native tests first (scripts/test.sh does)";
    const json native = json::parse(in, nullptr, false);
    ASSERT_FALSE(native.is_discarded());
    expect_close(native, mine, "results");
#else
    std::filesystem::create_directories(std::filesystem::path(path).parent_path());
    // Natively: the estimate must be deterministic (the page recomputes it every frame it changes).
    expect_close(mine, golden_results(), "rerun");
    std::ofstream(path) << mine.dump(1);
#endif
}
