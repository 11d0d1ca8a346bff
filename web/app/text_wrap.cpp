// text_wrap.cpp — line breaking for mixed Chinese/English page text (see text_wrap.hpp).
#include "text_wrap.hpp"

namespace infersizer::app {
namespace {

// Decodes one UTF-8 character at `i`; returns its code point and advances `i`. A malformed byte is taken
// as one character of its own, so the text is never lost.
char32_t next_char(std::string_view s, std::size_t& i) {
    const auto b = static_cast<unsigned char>(s[i]);
    int n = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 1;
    if (i + static_cast<std::size_t>(n) > s.size()) n = 1;
    char32_t c = n == 1 ? b : (b & (0x7F >> n));
    for (int k = 1; k < n; ++k) {
        const auto cb = static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]);
        if ((cb & 0xC0) != 0x80) {  // malformed: take the lead byte alone
            n = 1;
            c = b;
            break;
        }
        c = (c << 6) | (cb & 0x3F);
    }
    i += static_cast<std::size_t>(n);
    return c;
}

// Characters that glue into one unbreakable run: ASCII letters, digits and punctuation (figures like
// "$5,840", "7.1–8.7", names like "llama.cpp", "Qwen2.5-72B", commands), Latin letters with accents, the
// en dash of a range and the micro sign of "µs".
bool glues(char32_t c) {
    return (c > 0x20 && c < 0x7F) || (c >= 0xC0 && c <= 0x24F) || c == 0x2013 || c == 0xB5;
}

// Closing punctuation never starts a line (Chinese line-breaking rules, and ASCII after a CJK character).
bool no_line_start(char32_t c) {
    switch (c) {
    case U'，': case U'。': case U'、': case U'；': case U'：': case U'！': case U'？': case U'）': case U'》':
    case U'」': case U'』': case U'”': case U'’': case U'〉': case U'】': case U'〕': case U'…': case U'·':
    case U'.': case U',': case U';': case U':': case U'!': case U'?': case U')': case U']': case U'}': case U'%':
        return true;
    default:
        return false;
    }
}

// Opening punctuation never ends a line.
bool no_line_end(char32_t c) {
    switch (c) {
    case U'（': case U'《': case U'「': case U'『': case U'“': case U'‘': case U'〈': case U'【': case U'〔':
    case U'(': case U'[': case U'{':
        return true;
    default:
        return false;
    }
}

// Whether a unit the page writes after a figure ("4–50 s", "12 GiB", "20 tok/s") starts at `at`: the run of letters,
// '/' and 'µ' there is one of them. A figure and its unit stay on one line.
bool unit_at(std::string_view para, std::size_t at) {
    static constexpr std::string_view kUnits[] = {"s",   "ms",  "µs",  "min",   "h",      "B",       "KB",
                                                  "MB",  "GB",  "TB",  "KiB",   "MiB",    "GiB",     "TiB",
                                                  "GB/s", "TB/s", "tok/s", "token/s", "tokens/s", "W", "TFLOPS",
                                                  "TOPS", "token", "tokens", "k", "M"};
    std::size_t end = at;
    while (end < para.size()) {
        const auto b = static_cast<unsigned char>(para[end]);
        if ((b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || b == '/') ++end;
        else if (b == 0xC2 && end + 1 < para.size() && static_cast<unsigned char>(para[end + 1]) == 0xB5) end += 2;
        else break;
    }
    if (end == at) return false;
    if (end < para.size() && para[end] >= '0' && para[end] <= '9') return false;  // "s3": not a unit
    const std::string_view word = para.substr(at, end - at);
    for (std::string_view u : kUnits)
        if (word == u) return true;
    return false;
}

// An unbreakable piece of one paragraph, with the spaces before it.
struct Segment {
    std::size_t space_begin, begin, end;
};

}  // namespace

std::vector<WrapLine> wrap_lines(std::string_view text, float width,
                                 const std::function<float(std::string_view)>& measure) {
    std::vector<WrapLine> lines;
    std::size_t para_begin = 0;
    while (true) {
        std::size_t para_end = text.find('\n', para_begin);
        if (para_end == std::string_view::npos) para_end = text.size();
        const std::string_view para = text.substr(para_begin, para_end - para_begin);
        if (width <= 0) {
            lines.push_back({para_begin, para_end});
        } else {
            // Cut the paragraph into unbreakable segments.
            std::vector<Segment> segs;
            std::size_t i = 0;
            char32_t prev = 0, before_space = 0;
            bool in_seg = false;
            std::size_t space_begin = 0;
            while (i < para.size()) {
                const std::size_t at = i;
                const char32_t c = next_char(para, i);
                if (c == U' ') {
                    if (in_seg) space_begin = at, before_space = prev;
                    in_seg = false;
                    prev = 0;
                    continue;
                }
                // After the spaces that follow a figure, its unit joins it ("4–50 s" is never "4–50" / "s").
                if (!in_seg && !segs.empty() && before_space >= U'0' && before_space <= U'9' && unit_at(para, at)) {
                    in_seg = true;
                    prev = before_space;
                }
                before_space = 0;
                const bool joined = in_seg && ((glues(prev) && glues(c)) || no_line_start(c) || no_line_end(prev));
                if (joined) {
                    segs.back().end = i;
                } else {
                    segs.push_back({in_seg ? at : space_begin, at, i});
                    in_seg = true;
                }
                prev = c;
                space_begin = i;
            }
            // Fill lines greedily; spaces at a break are dropped, leading spaces of the paragraph kept.
            bool open = false;
            WrapLine cur{para_begin, para_begin};
            float cur_w = 0;
            auto piece = [&](std::size_t a, std::size_t b) { return para.substr(a, b - a); };
            for (std::size_t k = 0; k < segs.size(); ++k) {
                const Segment& sg = segs[k];
                const std::size_t from = (!open && k == 0) ? sg.space_begin : (open ? sg.space_begin : sg.begin);
                float w = measure(piece(from, sg.end));
                if (open && cur_w + w > width) {
                    lines.push_back(cur);
                    open = false;
                    w = measure(piece(sg.begin, sg.end));
                }
                const std::size_t start = open ? cur.begin - para_begin : (k == 0 ? sg.space_begin : sg.begin);
                if (!open && w > width) {
                    // Wider than a whole line: cut between characters, as ImGui would.
                    std::size_t line_start = start, j = start;
                    float lw = 0;
                    while (j < sg.end) {
                        std::size_t nj = j;
                        next_char(para, nj);
                        const float cw = measure(piece(j, nj));
                        if (j > line_start && lw + cw > width) {
                            lines.push_back({para_begin + line_start, para_begin + j});
                            line_start = j;
                            lw = 0;
                        }
                        lw += cw;
                        j = nj;
                    }
                    cur = {para_begin + line_start, para_begin + sg.end};
                    cur_w = lw;
                    open = true;
                    continue;
                }
                cur = {para_begin + start, para_begin + sg.end};
                cur_w = (open ? cur_w : 0) + w;
                open = true;
            }
            if (!open) cur = {para_begin, para_begin};  // an empty (or all-space) paragraph is one empty line
            lines.push_back(cur);
        }
        if (para_end >= text.size()) break;
        para_begin = para_end + 1;
    }
    return lines;
}

std::vector<std::string_view> wrap_text(std::string_view text, float width,
                                        const std::function<float(std::string_view)>& measure) {
    std::vector<std::string_view> out;
    for (const WrapLine& l : wrap_lines(text, width, measure)) out.push_back(text.substr(l.begin, l.end - l.begin));
    return out;
}

}  // namespace infersizer::app
