// byte_cursor.hpp — little-endian reads over a file prefix for the header readers, with the two ways out:
// "need more bytes" (the prefix ends here) and "bad header at offset N". Internal to the readers, which turn
// both into a GgufRead / SafetensorsRead at their API boundary.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace infersizer::modelfile::detail {

struct NeedMore {
    uint64_t bytes;  // the prefix must be at least this long
};
struct Bad {
    uint64_t offset;
    std::string what;
};

class ByteCursor {
public:
    ByteCursor(const uint8_t* data, size_t size) : data_(data), size_(size) {}

    uint64_t pos() const { return pos_; }
    // Ensures n more bytes are at hand; if not, stops the read with the length it needs.
    void need(uint64_t n) const {
        if (n > size_ - pos_) throw NeedMore{pos_ + n};
    }
    uint64_t u(int bytes) {
        need(static_cast<uint64_t>(bytes));
        uint64_t v = 0;
        for (int i = bytes - 1; i >= 0; --i) v = (v << 8) | data_[pos_ + static_cast<uint64_t>(i)];
        pos_ += static_cast<uint64_t>(bytes);
        return v;
    }
    uint32_t u32() { return static_cast<uint32_t>(u(4)); }
    uint64_t u64() { return u(8); }
    std::string bytes(uint64_t n) {
        need(n);
        std::string s(reinterpret_cast<const char*>(data_ + pos_), static_cast<size_t>(n));
        pos_ += n;
        return s;
    }
    void skip(uint64_t n) {
        need(n);
        pos_ += n;
    }

private:
    const uint8_t* data_;
    uint64_t size_;
    uint64_t pos_ = 0;
};

// Strict UTF-8 (no overlongs, no surrogates, at most U+10FFFF): keys and tensor names must be text.
inline bool valid_utf8(const std::string& s) {
    size_t i = 0;
    const size_t n = s.size();
    while (i < n) {
        const auto c = static_cast<unsigned char>(s[i]);
        size_t len = 0;
        uint32_t cp = 0;
        if (c < 0x80) { ++i; continue; }
        if ((c & 0xE0) == 0xC0) { len = 2; cp = c & 0x1Fu; }
        else if ((c & 0xF0) == 0xE0) { len = 3; cp = c & 0x0Fu; }
        else if ((c & 0xF8) == 0xF0) { len = 4; cp = c & 0x07u; }
        else return false;
        if (i + len > n) return false;
        for (size_t k = 1; k < len; ++k) {
            const auto cc = static_cast<unsigned char>(s[i + k]);
            if ((cc & 0xC0) != 0x80) return false;
            cp = (cp << 6) | (cc & 0x3Fu);
        }
        if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000)) return false;
        if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
        i += len;
    }
    return true;
}

// Text as the file gave it when it is UTF-8, else every byte above 0x7F as \xNN: summaries are JSON, which
// holds only UTF-8 (nlohmann's dump() throws on anything else).
inline std::string utf8_or_escaped(const std::string& s) {
    if (valid_utf8(s)) return s;
    static const char* hex = "0123456789abcdef";
    std::string out;
    for (const char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if (c < 0x80) {
            out += ch;
        } else {
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    return out;
}

// A name for messages: printable ASCII kept, anything else as \xNN, cut at 64 characters.
inline std::string printable(const std::string& s) {
    static const char* hex = "0123456789abcdef";
    std::string out;
    for (size_t i = 0; i < s.size() && out.size() < 64; ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0x20 && c < 0x7F && c != '\'') {
            out += static_cast<char>(c);
        } else {
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    if (out.size() >= 64) out += "...";
    return out;
}

}  // namespace infersizer::modelfile::detail
