// json_lookup.cpp — find_member() (json_lookup.hpp).
#include "json_lookup.hpp"

namespace infersizer::json_read {

const nlohmann::json* find_member(const nlohmann::json& object, std::string_view key) {
    if (!object.is_object()) return nullptr;  // as nlohmann's find() on an array or a scalar
    const auto& members = object.get_ref<const nlohmann::json::object_t&>();
    const auto it = members.find(key);  // nlohmann's std::less<>: compares the string_view, makes no std::string
    return it == members.end() ? nullptr : &it->second;
}

}  // namespace infersizer::json_read
