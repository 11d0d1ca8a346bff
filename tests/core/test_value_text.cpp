// test_value_text.cpp — the one printer of user text in messages (value_text.hpp), the one JSON parser with its
// limits (json_parse.hpp), and the Chinese of the limits' messages.
#include "error.hpp"
#include "json_parse.hpp"
#include "value_text.hpp"

#include <gtest/gtest.h>

namespace infersizer {
namespace {

TEST(ValueText, OneLineEscapesControlCharactersAndBadBytesAndCuts) {
    EXPECT_EQ(one_line("ab\ncd\t\x01"), "ab\\ncd\\t\\u0001");
    EXPECT_EQ(one_line("a\xFF" "b"), "a\xEF\xBF\xBD" "b");  // U+FFFD
    EXPECT_EQ(one_line("say \"hi\" \\ there"), "say \"hi\" \\ there");
    EXPECT_EQ(one_line("abcdefghij", 6), "abc...");
    EXPECT_EQ(one_line("abcdef", 6), "abcdef");  // at the limit: kept whole (the plain-ASCII shortcut)
    EXPECT_EQ(one_line("abcdefg", 6), "abc...");
    EXPECT_EQ(one_line("tab\there", 60), "tab\\there");  // short, but a control character: still escaped
    EXPECT_EQ(one_line("del\x7f", 60), "del\\u007f");   // DEL too: the shortcut takes 0x20-0x7E only
    EXPECT_EQ(one_line("汉字汉字汉字", 5), "汉字...");  // characters, not bytes: never half a character
    EXPECT_EQ(one_line(std::string(50'000'000, 'x'), 8), "xxxxx...");
}

TEST(ValueText, QuotedValueCountsItsQuotes) {
    EXPECT_EQ(quoted_value("lots"), "\"lots\"");
    EXPECT_EQ(quoted_value("a\"b\n"), "\"a\\\"b\\n\"");
    EXPECT_EQ(quoted_value(std::string(100, 'y'), 10), "\"yyyyyy...");
}

TEST(ValueText, Utf8AndDecimalNumbers) {
    EXPECT_TRUE(is_utf8("plain, 汉字, 😀"));
    EXPECT_FALSE(is_utf8("\xFF"));
    EXPECT_FALSE(is_utf8("\xC0\xAF"));      // overlong '/'
    EXPECT_FALSE(is_utf8("\xED\xA0\x80"));  // a surrogate
    double v = 0;
    EXPECT_TRUE(parse_decimal("16", &v));
    EXPECT_EQ(v, 16);
    EXPECT_TRUE(parse_decimal("-0.5e3", &v));
    EXPECT_EQ(v, -500);
    for (const char* bad : {"0x10", "inf", "nan", "+5", " 5", "5 ", "", "1e999", ".5", "5.", "1e"})
        EXPECT_FALSE(parse_decimal(bad, &v)) << bad;
}

TEST(JsonParse, RefusesDepthDuplicatesOverflowAndSizeNamingWhere) {
    JsonProblem p;
    EXPECT_TRUE(parse_json(std::string(64, '[') + std::string(64, ']'), 1000, &p));
    EXPECT_FALSE(parse_json(std::string(65, '[') + std::string(65, ']'), 1000, &p));
    EXPECT_EQ(p.message, "is nested deeper than 64 levels");

    EXPECT_FALSE(parse_json(R"({"a": {"b": 1, "b": 2}})", 1000, &p));
    EXPECT_EQ(p.where, "a.b");
    EXPECT_EQ(p.message, "is given twice in one object; each key may appear once");
    EXPECT_TRUE(parse_json(R"([{"b": 1}, {"b": 2}])", 1000, &p));  // the same key in two objects is fine

    EXPECT_FALSE(parse_json("{\"xs\": [1,\n 2, 1e999]}", 1000, &p));
    EXPECT_TRUE(p.overflow);
    EXPECT_EQ(p.where, "xs[2]");
    EXPECT_EQ(p.message, "is not a finite number: 1e999 (line 2, column 9)");

    EXPECT_FALSE(parse_json("{\n\n  \"a\": tru }", 1000, &p));
    EXPECT_TRUE(p.syntax);
    EXPECT_EQ(p.message.rfind("at line 3, column ", 0), 0u) << p.message;

    EXPECT_FALSE(parse_json(std::string(1001, ' '), 1000, &p));
    EXPECT_EQ(p.message, "is 1001 bytes long; at most 1000 bytes are accepted");
}

TEST(ErrorLines, StayOneLineInBothLanguages) {
    const Error e{"scenario.range", "scenario.a\nb", "must be at most 256 characters, got 300"};
    EXPECT_EQ(e.cli_line_in("en"), "error: scenario.a\\nb: must be at most 256 characters, got 300");
    EXPECT_EQ(e.cli_line_in("zh"), "错误：scenario.a\\nb：最多 256 个字符，实际为 300");
    EXPECT_EQ(Error({"x", "p", "is nested deeper than 64 levels"}).message_in("zh"), "嵌套超过 64 层");
    EXPECT_EQ(Error({"x", "p", "must be a positive integer up to 1000, got 1000000"}).message_in("zh"),
              "必须是不超过 1000 的正整数，实际为 1000000");
    EXPECT_EQ(Error({"x", "p", "must have at most 64 parameters, got 65"}).message_in("zh"), "最多 64 个参数，实际为 65");
    const Error huge{"x", std::string(10000, 'p'), std::string(10000, 'm')};
    EXPECT_LT(huge.cli_line_in("en").size(), 2 * 4000u + 20);  // path and message cut at 4,000 characters each
}

}  // namespace
}  // namespace infersizer
