// test_json_fast.cpp — the quick reader (json_fast.hpp) may give up on anything, but what it returns must be what
// nlohmann returns, value for value and type for type; and it must take the bundled catalog, or the start-up gains
// nothing from it.
#include "bundled_catalog.hpp"
#include "json_fast.hpp"
#include "json_parse.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace {

using infersizer::kMaxJsonDepth;
using nlohmann::json;
namespace json_fast = infersizer::json_fast;

// Equal as values and as JSON types at every level (json's == says 1 == 1.0 and 1u == 1).
::testing::AssertionResult same_tree(const json& a, const json& b, const std::string& path = "$") {
    if (a.type() != b.type())
        return ::testing::AssertionFailure() << path << ": " << a.type_name() << " " << a.dump() << " vs "
                                             << b.type_name() << " " << b.dump();
    if (a.is_object()) {
        if (a.size() != b.size()) return ::testing::AssertionFailure() << path << ": object sizes differ";
        for (auto it = a.begin(); it != a.end(); ++it) {
            if (!b.contains(it.key())) return ::testing::AssertionFailure() << path << ": no key " << it.key();
            auto r = same_tree(it.value(), b.at(it.key()), path + "." + it.key());
            if (!r) return r;
        }
        return ::testing::AssertionSuccess();
    }
    if (a.is_array()) {
        if (a.size() != b.size()) return ::testing::AssertionFailure() << path << ": array sizes differ";
        for (size_t i = 0; i < a.size(); ++i) {
            auto r = same_tree(a[i], b[i], path + "[" + std::to_string(i) + "]");
            if (!r) return r;
        }
        return ::testing::AssertionSuccess();
    }
    if (a != b) return ::testing::AssertionFailure() << path << ": " << a.dump() << " vs " << b.dump();
    return ::testing::AssertionSuccess();
}

// What the property asks of one text: taken ⇒ nlohmann takes it too, with the same tree.
::testing::AssertionResult agrees_with_nlohmann(const std::string& text) {
    const auto quick = json_fast::parse(text, kMaxJsonDepth);
    if (!quick) return ::testing::AssertionSuccess();
    const json full = json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (full.is_discarded()) return ::testing::AssertionFailure() << "taken, but nlohmann refuses: " << text;
    return same_tree(*quick, full);
}

TEST(JsonFast, TakesTheBundledCatalogWithNlohmannsTree) {
    const auto files = infersizer::bundled::files();
    for (const std::string* text : {&files.models, &files.hardware, &files.formats, &files.engines, &files.prices}) {
        const auto quick = json_fast::parse(*text, kMaxJsonDepth);
        ASSERT_TRUE(quick.has_value()) << text->substr(0, 80);  // else the start-up gains nothing
        EXPECT_TRUE(same_tree(*quick, json::parse(*text)));
    }
}

TEST(JsonFast, TypesNumbersAsNlohmannDoes) {
    for (const char* text : {"0", "-0", "7", "-7", "18446744073709551615", "-9223372036854775808", "1.5", "-0.0",
                             "1e3", "1E+3", "2.5e-3", "[0.1, 10, -3, 4e0]", "123456789012345678"}) {
        const auto quick = json_fast::parse(text, kMaxJsonDepth);
        ASSERT_TRUE(quick.has_value()) << text;
        EXPECT_TRUE(same_tree(*quick, json::parse(text))) << text;
    }
    EXPECT_TRUE(json_fast::parse("7", kMaxJsonDepth)->is_number_unsigned());
    EXPECT_TRUE(json_fast::parse("-7", kMaxJsonDepth)->is_number_integer());
    EXPECT_TRUE(json_fast::parse("7.0", kMaxJsonDepth)->is_number_float());
}

TEST(JsonFast, StringsAndEscapesAsNlohmannReadsThem) {
    for (const char* text : {R"("")", R"("a\"b\\c\/d\b\f\n\r\t")", "\"汉字 and ünïcode 😀\"", R"({"k": "v", "":1})",
                             " \n\t\r[ true , false , null ] \n", "\"\x7f\""}) {
        const auto quick = json_fast::parse(text, kMaxJsonDepth);
        ASSERT_TRUE(quick.has_value()) << text;
        EXPECT_TRUE(same_tree(*quick, json::parse(text))) << text;
    }
}

// Each of these is either not JSON or a case the full path words itself: the quick reader leaves them all to it.
TEST(JsonFast, LeavesEveryErrorAndEveryCaseWithAMessageToTheFullPath) {
    const std::vector<std::string> left{
        "", "   ", "nul", "tru", "True", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "{a:1}", "[1 2]", "01", "-", "1.",
        ".5", "1e", "1e+", "+1", "0x10", "NaN", "Infinity", "1e999", "-1e999", "18446744073709551616",
        "-9223372036854775809", "\"unterminated", "\"tab\there\"", "\"\\u0041\"", "\"\\x\"", "\"\xC0\xAF\"",
        "\"\xED\xA0\x80\"", "\"\xF4\x90\x80\x80\"", "\"\xE2\x82\"", "\xEF\xBB\xBF{}", "{\"a\":1,\"a\":2}",
        "[1] [2]", "[1]x", "{\"a\":{\"b\":1,\"b\":1}}", std::string(100, '[') + std::string(100, ']'),
        std::string(kMaxJsonDepth, '[') + std::string(kMaxJsonDepth, ']')};
    for (const std::string& text : left) EXPECT_FALSE(json_fast::parse(text, kMaxJsonDepth).has_value()) << text;
    // One level less than the limit is taken.
    const std::string deep = std::string(kMaxJsonDepth - 1, '[') + std::string(kMaxJsonDepth - 1, ']');
    EXPECT_TRUE(json_fast::parse(deep, kMaxJsonDepth).has_value());
}

// parse_json's messages are the full path's: a duplicate key and a syntax error still say where.
TEST(JsonFast, ParseJsonStillExplainsWhatTheQuickReaderLeaves) {
    infersizer::JsonProblem p;
    EXPECT_FALSE(infersizer::parse_json(R"({"models": [{"id": "a", "id": "b"}]})", 1 << 20, &p));
    EXPECT_EQ(p.where, "models[0].id");
    EXPECT_EQ(p.message, "is given twice in one object; each key may appear once");
    EXPECT_FALSE(infersizer::parse_json("[1,\n 2,, 3]", 1 << 20, &p));
    EXPECT_TRUE(p.syntax);
    EXPECT_EQ(p.message.rfind("at line 2, column 4: syntax error", 0), 0u) << p.message;
    const auto v = infersizer::parse_json(R"({"a": "\u00e9", "b": [1, 2.5]})", 1 << 20, &p);  // \u: the full path
    ASSERT_TRUE(v.has_value());
    EXPECT_EQ((*v)["a"], "\xC3\xA9");
}

// The quick reader reads most decimals without strtod (Clinger's fast path, json_fast.cpp); each must still be the
// double strtod reads, bit for bit (a sign of zero included), whether the token takes the fast path or not.
TEST(JsonFast, DecimalsAreTheDoublesStrtodReadsBitForBit) {
    const auto bits = [](double v) {
        std::uint64_t b = 0;
        std::memcpy(&b, &v, sizeof b);
        return b;
    };
    std::vector<std::string> tokens{"0.1", "0.85", "-0.0", "0.0e999", "1e22", "1e23", "-1e-22", "1e-23",
                                    "9007199254740992.0", "9007199254740993.0", "90071992547409930e-1",
                                    "123456789012345.678", "3.35e12", "0.000000000000000000000000001", "1E+0",
                                    "4.9e-324", "1.7976931348623157e308", "2.2250738585072014e-308"};
    std::mt19937 rng(20261205);
    for (int i = 0; i < 20000; ++i) {
        std::string t = (rng() % 4 == 0) ? "-" : "";
        const int digits = 1 + static_cast<int>(rng() % 20);
        const int point = static_cast<int>(rng() % static_cast<unsigned>(digits + 1));
        for (int d = 0; d < digits; ++d) {
            if (d == point && d > 0) t += '.';
            t += static_cast<char>('0' + (d == 0 && digits > 1 && point != 1 ? 1 + rng() % 9 : rng() % 10));
        }
        if (point == 0 || point == digits || rng() % 2) t += "e" + std::to_string(static_cast<int>(rng() % 61) - 30);
        tokens.push_back(t);
    }
    for (const std::string& t : tokens) {
        const auto quick = json_fast::parse(t, kMaxJsonDepth);
        ASSERT_TRUE(quick.has_value()) << t;
        ASSERT_TRUE(quick->is_number_float()) << t;
        EXPECT_EQ(bits(quick->get<double>()), bits(std::strtod(t.c_str(), nullptr))) << t;
    }
}

// Random mutations of valid documents (a byte dropped, duplicated, replaced or inserted): whatever the quick
// reader takes, nlohmann takes as the same tree.
TEST(JsonFast, MutatedDocumentsNeverTakenDifferently) {
    const std::vector<std::string> seeds{
        R"({"id": "Llama-3.1-8B", "layers": 32, "ratio": 0.5, "tags": ["a", "b"], "x": null, "ok": true})",
        R"([{"a": -1}, {"b": 1e5}, {"c": "\n\"q\""}, [], {}, 12345678901234567890])",
        "{\"名\": \"汉字\", \"n\": -0.0, \"deep\": [[[[1]]]]}"};
    const std::string bytes = "{}[]\":,.-+eE0123456789 \\ntfalsu\x80\xC3\xA9\x01";
    std::mt19937 rng(20261204);
    int taken = 0;
    for (int round = 0; round < 20000; ++round) {
        std::string text = seeds[static_cast<size_t>(round) % seeds.size()];
        const int edits = 1 + static_cast<int>(rng() % 3);
        for (int e = 0; e < edits && !text.empty(); ++e) {
            const size_t at = rng() % text.size();
            const char b = bytes[rng() % bytes.size()];
            switch (rng() % 4) {
                case 0: text.erase(at, 1); break;
                case 1: text.insert(at, 1, text[at]); break;
                case 2: text[at] = b; break;
                default: text.insert(at, 1, b); break;
            }
        }
        ASSERT_TRUE(agrees_with_nlohmann(text)) << text;
        taken += json_fast::parse(text, kMaxJsonDepth).has_value();
    }
    EXPECT_GT(taken, 1000);  // the mutations do leave valid documents behind: the property is tested, not vacuous
}

}  // namespace
