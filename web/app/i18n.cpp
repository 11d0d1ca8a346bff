// i18n.cpp — lookups over the one table in i18n.hpp.
#include "i18n.hpp"

#include <cstdarg>
#include <cstdio>

namespace infersizer::app {

namespace {

const I18nEntry kTable[] = {
#define INFERSIZER_I18N_ENTRY(key, zh, en) {#key, zh, en},
    INFERSIZER_I18N_TABLE(INFERSIZER_I18N_ENTRY)
#undef INFERSIZER_I18N_ENTRY
};
static_assert(sizeof(kTable) / sizeof(kTable[0]) == static_cast<size_t>(S::count_),
              "the i18n enum and table come from the same X-macro");

const std::string kZh = "zh";
const std::string kEn = "en";

}  // namespace

const std::string& lang_id(Lang l) { return l == Lang::en ? kEn : kZh; }
Lang lang_from_id(const std::string& id) { return id == "en" ? Lang::en : Lang::zh; }

const I18nEntry* i18n_table() { return kTable; }
int i18n_table_size() { return static_cast<int>(S::count_); }

const char* tr(S id, Lang lang) {
    const I18nEntry& e = kTable[static_cast<int>(id)];
    return lang == Lang::en ? e.en : e.zh;
}

std::string trf(S id, Lang lang, ...) {
    const char* fmt = tr(id, lang);
    va_list ap;
    va_start(ap, lang);
    va_list ap2;
    va_copy(ap2, ap);
    const int n = std::vsnprintf(nullptr, 0, fmt, ap);
    va_end(ap);
    std::string out;
    if (n > 0) {
        out.resize(static_cast<size_t>(n) + 1);
        std::vsnprintf(out.data(), out.size(), fmt, ap2);
        out.resize(static_cast<size_t>(n));
    }
    va_end(ap2);
    return out;
}

}  // namespace infersizer::app
