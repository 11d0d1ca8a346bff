// json_fast.cpp — json_fast::parse() (json_fast.hpp): recursive descent over the text, building nlohmann's DOM in
// place. Each `take_*` returns false to give up; nothing here reports an error (the full path does).
#include "json_fast.hpp"

#include "value_text.hpp"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <utility>

namespace infersizer::json_fast {
namespace {

using json = nlohmann::json;

// Clinger's fast path ("How to read floating point numbers accurately", PLDI 1990): when the token's significant
// digits make an integer m ≤ 2^53 and its decimal exponent e lies in [−22, 22], both m and 10^|e| are doubles
// exactly, so one IEEE multiplication or division rounds m·10^e correctly — the double strtod returns, bit for bit.
// Nearly every number in the catalog ("0.85", "3.35e12") takes it; musl's strtod reads each character through a
// FILE-like buffer, which cost about 10 % of the page's catalog load. Anything else returns nullopt for strtod.
// The token is a JSON number with a fraction or an exponent, already checked against the grammar.
std::optional<double> exact_decimal(const char* p, const char* last) {
    static constexpr double kPow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    constexpr std::uint64_t kExactMantissa = std::uint64_t{1} << 53;
    const bool negative = *p == '-';
    if (negative) ++p;
    std::uint64_t m = 0;
    int exponent = 0;
    bool fraction = false;
    for (; p < last; ++p) {
        if (*p == '.') {
            fraction = true;
            continue;
        }
        if (*p < '0' || *p > '9') break;
        if (fraction) --exponent;
        m = m * 10 + static_cast<std::uint64_t>(*p - '0');
        if (m > kExactMantissa) return std::nullopt;  // checked per digit: m cannot wrap before it
    }
    if (p < last) {  // the exponent: 'e' or 'E', an optional sign, digits
        ++p;
        const bool down = *p == '-';
        if (*p == '-' || *p == '+') ++p;
        int e = 0;
        for (; p < last; ++p) {
            e = e * 10 + (*p - '0');
            if (e > 1000) return std::nullopt;
        }
        exponent += down ? -e : e;
    }
    double v = static_cast<double>(m);
    if (m != 0) {
        if (exponent < -22 || exponent > 22) return std::nullopt;
        v = exponent < 0 ? v / kPow10[-exponent] : v * kPow10[exponent];
    }
    return negative ? -v : v;
}

class Reader {
public:
    Reader(std::string_view text, size_t max_depth) : s_(text), max_depth_(max_depth) {}

    bool document(json& out) {
        // nlohmann skips a UTF-8 byte-order mark; leave that to it.
        if (s_.size() >= 3 && s_.compare(0, 3, "\xEF\xBB\xBF") == 0) return false;
        skip_space();
        if (!value(out, 0)) return false;
        skip_space();
        return i_ == s_.size();
    }

private:
    bool at_end() const { return i_ >= s_.size(); }
    char peek() const { return s_[i_]; }

    void skip_space() {
        while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\n' || s_[i_] == '\r' || s_[i_] == '\t')) ++i_;
    }

    bool literal(std::string_view word) {
        if (s_.compare(i_, word.size(), word) != 0) return false;
        i_ += word.size();
        return true;
    }

    bool value(json& out, size_t depth) {
        if (at_end()) return false;
        switch (peek()) {
            case '{': return object(out, depth + 1);
            case '[': return array(out, depth + 1);
            case '"': {
                std::string text;
                if (!string(text)) return false;
                out = std::move(text);
                return true;
            }
            case 't': out = true; return literal("true");
            case 'f': out = false; return literal("false");
            case 'n': out = nullptr; return literal("null");
            default: return number(out);
        }
    }

    bool object(json& out, size_t depth) {
        if (depth >= max_depth_) return false;
        out = json::object();
        auto& members = out.get_ref<json::object_t&>();
        if (opens_empty('}')) return true;
        std::string key;
        for (bool closed = false; !closed;) {
            skip_space();
            if (at_end() || peek() != '"' || !string(key)) return false;
            skip_space();
            if (at_end() || peek() != ':') return false;
            ++i_;
            skip_space();
            auto slot = members.emplace(std::move(key), nullptr);
            if (!slot.second) return false;  // a key given twice: the full path names it
            if (!value(slot.first->second, depth) || !next_or_close('}', closed)) return false;
        }
        return true;
    }

    bool array(json& out, size_t depth) {
        if (depth >= max_depth_) return false;
        out = json::array();
        auto& items = out.get_ref<json::array_t&>();
        if (opens_empty(']')) return true;
        for (bool closed = false; !closed;) {
            skip_space();
            items.emplace_back();
            if (!value(items.back(), depth) || !next_or_close(']', closed)) return false;
        }
        return true;
    }

    // Past the opening bracket; true (and past the closing one too) when the container is empty.
    bool opens_empty(char close) {
        ++i_;
        skip_space();
        if (at_end() || peek() != close) return false;
        ++i_;
        return true;
    }

    // After a member or an item: past a comma (another follows) or the closing bracket (`closed`); false otherwise.
    bool next_or_close(char close, bool& closed) {
        skip_space();
        if (at_end()) return false;
        closed = peek() == close;
        if (!closed && peek() != ',') return false;
        ++i_;
        return true;
    }

    // A string without \u escapes, its UTF-8 checked as nlohmann checks it (no overlong forms, no surrogates,
    // nothing above U+10FFFF). Plain runs are appended whole.
    bool string(std::string& out) {
        out.clear();
        ++i_;  // '"'
        size_t run = i_;
        while (i_ < s_.size()) {
            const auto c = static_cast<unsigned char>(s_[i_]);
            if (c == '"') {
                out.append(s_, run, i_ - run);
                ++i_;
                return true;
            }
            if (c < 0x20) return false;
            if (c == '\\') {
                out.append(s_, run, i_ - run);
                if (i_ + 1 >= s_.size()) return false;
                const char escaped = escape(s_[i_ + 1]);
                if (escaped == 0) return false;  // \u and anything unknown: the full path
                out += escaped;
                i_ += 2;
                run = i_;
                continue;
            }
            if (c < 0x80) {
                ++i_;
                continue;
            }
            const size_t n = utf8_sequence_length(s_, i_);
            if (n == 0) return false;
            i_ += n;
        }
        return false;  // no closing quote
    }

    static char escape(char c) {
        switch (c) {
            case '"': return '"';
            case '\\': return '\\';
            case '/': return '/';
            case 'b': return '\b';
            case 'f': return '\f';
            case 'n': return '\n';
            case 'r': return '\r';
            case 't': return '\t';
            default: return 0;
        }
    }

    bool digits() {
        const size_t start = i_;
        while (i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9') ++i_;
        return i_ > start;
    }

    // JSON's number grammar; typed as nlohmann types it: an integer is unsigned unless it has a minus sign, a
    // fraction or an exponent makes a double. Out of range (an integer beyond 64 bits, which nlohmann turns into a
    // double; a double that overflows, which it refuses) is left to the full path.
    bool number(json& out) {
        const size_t start = i_;
        const bool negative = !at_end() && peek() == '-';
        if (negative) ++i_;
        if (at_end()) return false;
        if (peek() == '0') {
            ++i_;
        } else if (peek() >= '1' && peek() <= '9') {
            digits();
        } else {
            return false;
        }
        bool integer = true;
        if (!at_end() && peek() == '.') {
            ++i_;
            if (!digits()) return false;
            integer = false;
        }
        if (!at_end() && (peek() == 'e' || peek() == 'E')) {
            ++i_;
            if (!at_end() && (peek() == '+' || peek() == '-')) ++i_;
            if (!digits()) return false;
            integer = false;
        }
        const char* first = s_.data() + start;
        const char* last = s_.data() + i_;
        if (integer) {
            if (negative) {
                std::int64_t v = 0;
                const auto r = std::from_chars(first, last, v);
                if (r.ec != std::errc() || r.ptr != last) return false;
                out = static_cast<json::number_integer_t>(v);
            } else {
                std::uint64_t v = 0;
                const auto r = std::from_chars(first, last, v);
                if (r.ec != std::errc() || r.ptr != last) return false;
                out = static_cast<json::number_unsigned_t>(v);
            }
            return true;
        }
        if (const std::optional<double> exact = exact_decimal(first, last)) {
            out = *exact;
            return true;
        }
        // strtod as nlohmann calls it, on a terminated copy of the token (the text goes on after it).
        const std::string token(first, last);
        char* end = nullptr;
        const double v = std::strtod(token.c_str(), &end);
        if (end != token.c_str() + token.size() || !std::isfinite(v)) return false;
        out = v;
        return true;
    }

    std::string_view s_;
    size_t i_ = 0;
    size_t max_depth_;
};

}  // namespace

std::optional<nlohmann::json> parse(std::string_view text, size_t max_depth) {
    json out;
    Reader reader(text, max_depth);
    if (!reader.document(out)) return std::nullopt;
    return out;
}

}  // namespace infersizer::json_fast
