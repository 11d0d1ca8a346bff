// json_fast_fuzz.cpp — the quick JSON reader against nlohmann (json_fast.hpp): whatever it takes, nlohmann must take
// as the same document (values and JSON types); a difference aborts, and libFuzzer keeps the input.
#include "json_fast.hpp"
#include "json_parse.hpp"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

namespace {

bool same_tree(const nlohmann::json& a, const nlohmann::json& b) {
    if (a.type() != b.type()) return false;
    if (a.is_object()) {
        if (a.size() != b.size()) return false;
        for (auto it = a.begin(); it != a.end(); ++it)
            if (!b.contains(it.key()) || !same_tree(it.value(), b.at(it.key()))) return false;
        return true;
    }
    if (a.is_array()) {
        if (a.size() != b.size()) return false;
        for (size_t i = 0; i < a.size(); ++i)
            if (!same_tree(a[i], b[i])) return false;
        return true;
    }
    return a == b;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto quick = infersizer::json_fast::parse(text, infersizer::kMaxJsonDepth);
    if (!quick) return 0;
    const auto full = nlohmann::json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
    if (full.is_discarded() || !same_tree(*quick, full)) std::abort();
    return 0;
}
