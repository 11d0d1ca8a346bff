// text_wrap.hpp — where a line of page text may break. ImGui 1.86's word wrap (ImFont::CalcWordWrapPositionA)
// breaks after '.' and ',' and anywhere inside CJK-adjacent runs, which splits figures and names across
// lines ("7.1–8.\n7", "$5,\n840", "llama.\ncpp"). This breaks between CJK characters and at spaces, keeps
// runs of ASCII letters/digits/punctuation (and the en dash of a range) together, keeps closing punctuation
// off the start of a line and opening punctuation off its end. Pure: the caller supplies the measure.
#pragma once

#include <cstddef>
#include <functional>
#include <string_view>
#include <vector>

namespace infersizer::app {

// One wrapped line: bytes [begin, end) of the text, without the spaces or '\n' the line broke at.
struct WrapLine {
    std::size_t begin = 0, end = 0;
};

// Splits `text` (UTF-8) into lines no wider than `width` as `measure` (the drawn width of a piece of text)
// reports. A single unbreakable run wider than `width` is cut between characters as a last resort.
// `width` <= 0 means no wrapping: one line per '\n'-separated part.
std::vector<WrapLine> wrap_lines(std::string_view text, float width,
                                 const std::function<float(std::string_view)>& measure);

// The lines themselves, for tests and logs.
std::vector<std::string_view> wrap_text(std::string_view text, float width,
                                        const std::function<float(std::string_view)>& measure);

}  // namespace infersizer::app
