// ui_message.hpp — a message the page keeps on screen until it is cleared (a refused edit, a typed value out of
// range, a pasted config.json's outcome).
//
// It is worded in both languages when it is made, so switching the language rewords what is on screen instead of
// leaving a Chinese refusal on an English page (the text was once stored already formatted in one language).
#pragma once

#include "error.hpp"
#include "i18n.hpp"

#include <ostream>
#include <string>
#include <utility>

namespace infersizer::app {

struct UiMessage {
    std::string zh, en;

    // The core's error as the page words it ("字段 …：…" / "field …: …").
    static UiMessage of(const Error& e) { return {e.located_in(lang_id(Lang::zh)), e.located_in(lang_id(Lang::en))}; }
    // `make(lang)` words the message in one language; it is asked for both.
    template <class Make>
    static UiMessage worded(Make&& make) {
        std::string zh_text = make(Lang::zh);
        return {std::move(zh_text), make(Lang::en)};
    }

    const std::string& in(Lang lang) const { return lang == Lang::zh ? zh : en; }
    bool empty() const { return zh.empty() && en.empty(); }
    void clear() {
        zh.clear();
        en.clear();
    }
};

// Test failure messages print both wordings.
inline std::ostream& operator<<(std::ostream& os, const UiMessage& m) { return os << m.zh << " / " << m.en; }

}  // namespace infersizer::app
