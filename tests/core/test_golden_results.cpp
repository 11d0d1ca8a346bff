// Golden scenarios against their checked-in results (tests/golden/expected/*.result.json, written by
// scripts/update-golden.sh). Any change of a number beyond 0.1 %, of a word, of a table row fails here and names
// the field; a change made on purpose is committed with the regenerated files, so the review shows its diff.
// Numbers inside sentences are masked (the fields themselves carry them), so the comparison holds in the native
// and the wasm build alike.
#include "result_json.hpp"
#include "support.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <string>

using namespace infersizer;
using nlohmann::json;

namespace {

constexpr double kRelTol = 1e-3;

// Runs of digits (with their separators: 1,234.5 or 1.2万) become '#'.
std::string mask_numbers(const std::string& s) {
    std::string out;
    for (size_t i = 0; i < s.size();) {
        if (std::isdigit(static_cast<unsigned char>(s[i]))) {
            while (i < s.size() && (std::isdigit(static_cast<unsigned char>(s[i])) ||
                                    ((s[i] == '.' || s[i] == ',') && i + 1 < s.size() &&
                                     std::isdigit(static_cast<unsigned char>(s[i + 1])))))
                ++i;
            out += '#';
        } else {
            out += s[i++];
        }
    }
    return out;
}

// The first difference between `got` and `want` under `path`, or "" when they agree.
std::string first_difference(const json& got, const json& want, const std::string& path) {
    if (got.is_number() && want.is_number()) {
        const double a = got.get<double>(), b = want.get<double>();
        if (std::fabs(a - b) <= kRelTol * std::max(std::fabs(a), std::fabs(b)) + 1e-9) return "";
        return path + ": " + got.dump() + ", expected " + want.dump();
    }
    if (got.type() != want.type()) return path + ": " + got.dump() + ", expected " + want.dump();
    if (got.is_string()) {
        if (mask_numbers(got.get<std::string>()) == mask_numbers(want.get<std::string>())) return "";
        return path + ":\n  got      " + got.get<std::string>() + "\n  expected " + want.get<std::string>();
    }
    if (got.is_array()) {
        if (got.size() != want.size())
            return path + ": " + std::to_string(got.size()) + " entries, expected " + std::to_string(want.size());
        for (size_t i = 0; i < got.size(); ++i) {
            const std::string d = first_difference(got[i], want[i], path + "[" + std::to_string(i) + "]");
            if (!d.empty()) return d;
        }
        return "";
    }
    if (got.is_object()) {
        for (auto it = want.begin(); it != want.end(); ++it)
            if (!got.contains(it.key())) return path + "." + it.key() + ": missing";
        for (auto it = got.begin(); it != got.end(); ++it) {
            if (!want.contains(it.key())) return path + "." + it.key() + ": not in the expected result";
            const std::string d = first_difference(*it, want[it.key()], path + "." + it.key());
            if (!d.empty()) return d;
        }
        return "";
    }
    return got == want ? "" : path + ": " + got.dump() + ", expected " + want.dump();
}

}  // namespace

TEST(GoldenResults, EveryGoldenScenarioMatchesItsCheckedInResult) {
    const std::filesystem::path dir = INFERSIZER_GOLDEN_DIR;
    int compared = 0;
    for (const auto& path : test::golden_files()) {
        const std::string name = path.stem().string();
        SCOPED_TRACE(name);
        const std::filesystem::path expected_path = dir / "expected" / (name + ".result.json");
        ASSERT_TRUE(std::filesystem::exists(expected_path))
            << expected_path << " is missing: run scripts/update-golden.sh and commit it";
        auto scenario = scenario_from_json_text(test::read_text(path.string()));
        ASSERT_TRUE(scenario.ok()) << scenario.error().to_string();
        auto result = estimate(test::cat(), *scenario);
        ASSERT_TRUE(result.ok()) << result.error().to_string();
        json got = result_to_json(*result, "en");
        got.erase("version");
        const json want = json::parse(test::read_text(expected_path.string()));
        const std::string diff = first_difference(got, want, "result");
        EXPECT_TRUE(diff.empty()) << diff
                                  << "\nIf the change is intended, run scripts/update-golden.sh and commit the diff of "
                                     "tests/golden/expected.";
        ++compared;
    }
    EXPECT_GE(compared, 10);
}

// The comparison itself: a moved number, a flipped word and a missing row are each caught.
TEST(GoldenResults, TheComparisonCatchesNumbersWordsAndRows) {
    const json want = json::parse(R"({"a": {"lo": 10.0, "hi": 20.0}, "s": "8 × H100 is enough: 0.12 s", "rows": [1, 2]})");
    EXPECT_EQ(first_difference(want, want, "r"), "");
    json moved = want;
    moved["a"]["hi"] = 20.1;
    EXPECT_NE(first_difference(moved, want, "r"), "");
    json reworded = want;
    reworded["s"] = "8 × H100 is not enough: 0.12 s";
    EXPECT_NE(first_difference(reworded, want, "r"), "");
    json renumbered = want;
    renumbered["s"] = "9 × H100 is enough: 0.13 s";  // numbers in text: the fields carry them
    EXPECT_EQ(first_difference(renumbered, want, "r"), "");
    json fewer = want;
    fewer["rows"] = json::array({1});
    EXPECT_NE(first_difference(fewer, want, "r"), "");
}
