// test_text_wrap.cpp — the page's line breaking (web/app/text_wrap.hpp) never splits a figure, a unit or a
// name: the three examples ("7.1–8.\n7", "$5,\n840", "llama.\ncpp") broke under ImGui 1.86's own
// wrap, which breaks after '.' and ','. Measured with a fixed-advance font (ASCII 1, other characters 2),
// so the widths are worked out by hand; then once in a real frame with the bundled font.
#include "text_wrap.hpp"
#include "ui_harness.hpp"
#include "widgets.hpp"

#include <gtest/gtest.h>

namespace infersizer::app::test {
namespace {

// ASCII advances 1, anything else (a CJK character, '–') 2.
float fixed_measure(std::string_view s) {
    float w = 0;
    for (size_t i = 0; i < s.size();) {
        const auto b = static_cast<unsigned char>(s[i]);
        const size_t n = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
        w += b < 0x80 ? 1.0f : 2.0f;
        i += n;
    }
    return w;
}

std::vector<std::string> wrap(std::string_view text, float width) {
    std::vector<std::string> out;
    for (std::string_view l : wrap_text(text, width, fixed_measure)) out.emplace_back(l);
    return out;
}

using Lines = std::vector<std::string>;

TEST(TextWrap, RangeOfFiguresStaysWhole) {
    // "首字延迟约" is 10 wide; "7.1–8.7" is 3+2+3 = 8: together 18 > 16, so the range moves down whole.
    // ImGui 1.86 broke this as "…7.1–8." / "7".
    EXPECT_EQ(wrap("首字延迟约7.1–8.7 ms", 16), (Lines{"首字延迟约", "7.1–8.7 ms"}));
}

TEST(TextWrap, MoneyStaysWhole) {
    // "每月约" 6 + "$5,840/" 7 = 13 > 12: the amount moves down whole ("$5,840/月。" is 7 + 2 + 2 = 11),
    // and the closing "。" stays after "月" (never a line start). ImGui 1.86 broke it as "$5," / "840".
    EXPECT_EQ(wrap("每月约$5,840/月。", 12), (Lines{"每月约", "$5,840/月。"}));
}

TEST(TextWrap, IdentifierStaysWhole) {
    // "用" 2 + "llama.cpp" 9 = 11 > 10: the name moves down whole, not "llama." / "cpp"; "部署" (4) then
    // no longer fits after it (13 > 10).
    EXPECT_EQ(wrap("用llama.cpp部署", 10), (Lines{"用", "llama.cpp", "部署"}));
    EXPECT_EQ(wrap("用llama.cpp部署", 14), (Lines{"用llama.cpp部", "署"}));
}

TEST(TextWrap, AFigureKeepsItsUnit) {
    // "首字（p90）" is 2+2+3+2 = 9 wide, "4–50" 5, " s，" 1+1+2 = 4: at 16 the break fell between "4–50" and "s，"
    // (seen in the CPU row of a 360 px page). The unit goes down with its figure.
    EXPECT_EQ(wrap("首字（p90）4–50 s，每人", 16), (Lines{"首字（p90）", "4–50 s，每人"}));
    EXPECT_EQ(wrap("needs 12 GiB of RAM", 10), (Lines{"needs", "12 GiB of", "RAM"}));
    EXPECT_EQ(wrap("at 20 tok/s each", 10), (Lines{"at", "20 tok/s", "each"}));
    // Only units: a figure and the next word still break at the space ("200" / "users"), and a word that merely
    // starts like a unit ("seconds", "s3") is not one.
    EXPECT_EQ(wrap("for 200 users", 8), (Lines{"for 200", "users"}));
    EXPECT_EQ(wrap("in 3 seconds", 7), (Lines{"in 3", "seconds"}));
}

TEST(TextWrap, BreaksBetweenCjkCharactersAndAtSpaces) {
    EXPECT_EQ(wrap("显存足够放下模型", 6), (Lines{"显存足", "够放下", "模型"}));
    EXPECT_EQ(wrap("fits on one card", 8), (Lines{"fits on", "one card"}));
    EXPECT_EQ(wrap("fits on one card", 0), (Lines{"fits on one card"}));  // no width: no wrap
}

TEST(TextWrap, ClosingPunctuationNeverStartsALine) {
    // "可行" fills 4; "。" must not start the next line, so it takes "行" down with it.
    EXPECT_EQ(wrap("可行。不可", 4), (Lines{"可", "行。", "不可"}));
    // An opening bracket never ends a line: "（" goes down with "双".
    EXPECT_EQ(wrap("旧服务器（双路）", 10), (Lines{"旧服务器", "（双路）"}));
}

TEST(TextWrap, NewlinesAndOverlongRuns) {
    EXPECT_EQ(wrap("一\n二", 20), (Lines{"一", "二"}));
    EXPECT_EQ(wrap("", 20), (Lines{""}));
    // A single run wider than the line is cut between characters as a last resort.
    EXPECT_EQ(wrap("abcdefghij", 4), (Lines{"abcd", "efgh", "ij"}));
}

// In a frame: a narrow tooltip-like wrap with the bundled font keeps "$5,840" and "llama.cpp" whole.
TEST(TextWrap, WrappedTextInAFrameKeepsFiguresWhole) {
    Page page("zh");
    ImGui::NewFrame();
    ImGui::Begin("wrap test");
    const float width = ImGui::CalcTextSize("每月约$5,84").x;  // narrower than "每月约$5,840", wider than "llama.cpp"
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + width);
    ImGui::LogToBuffer();
    WrappedText("每月约$5,840，用llama.cpp部署");
    std::string logged = GImGui->LogBuffer.c_str();
    ImGui::LogFinish();
    ImGui::PopTextWrapPos();
    ImGui::End();
    ImGui::EndFrame();
    EXPECT_NE(logged.find("$5,840"), std::string::npos) << logged;
    EXPECT_NE(logged.find("llama.cpp"), std::string::npos) << logged;
    EXPECT_NE(logged.find('\n'), std::string::npos) << "expected the text to wrap: " << logged;
}

}  // namespace
}  // namespace infersizer::app::test
