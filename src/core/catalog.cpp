// catalog.cpp — look-ups on a loaded catalog (ids are unique: catalog_json.cpp checks them on load), and the
// small rules the catalog's data carries (engine traits, host defaults, weight-only fallbacks).
#include "catalog.hpp"

#include <algorithm>
#include <cctype>

namespace infersizer {

namespace {

template <class T>
const T* find_by_id(const std::vector<T>& items, const std::string& id) {
    for (const T& item : items)
        if (item.id == id) return &item;
    return nullptr;
}

// Rental rows whose pricing model is some form of on-demand ("on-demand", "on-demand range",
// "marketplace on-demand", ...): the only rows comparable across providers (docs/references/hardware.md).
bool is_on_demand(const GpuPrice& p) { return p.pricing_model.find("on-demand") != std::string::npos; }

}  // namespace

bool equal_ignoring_case(const std::string& a, const std::string& b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

std::vector<std::string> model_role_names() {
    std::vector<std::string> names;
    for (const auto& entry : kModelRoleTable) names.emplace_back(entry.second);
    return names;
}

std::vector<std::string> published_weight_formats() { return {"fp8", "int8", "nvfp4", "mxfp4"}; }

std::vector<std::string> hardware_kind_names(bool accelerators_only) {
    std::vector<std::string> names;
    for (const HardwareKindInfo& info : kHardwareKindTable)
        if (info.accelerator || !accelerators_only) names.emplace_back(info.name);
    return names;
}

std::vector<std::string> efficiency_class_names() {
    std::vector<std::string> names;
    for (const HardwareKindInfo& info : kHardwareKindTable)
        if (std::find(names.begin(), names.end(), info.efficiency_class) == names.end())
            names.emplace_back(info.efficiency_class);
    return names;
}

const ModelArch* Catalog::find_model(const std::string& id) const { return find_by_id(models, id); }

const Hardware* Catalog::find_hardware(const std::string& id) const { return find_by_id(hardware, id); }

const WeightFormat* Catalog::find_weight_format(const std::string& id) const {
    // Exact match first: "bf16" (safetensors) and "BF16" (GGUF), "mxfp4" and "MXFP4" (GGUF MXFP4_MOE)
    // are different formats that differ only in case. Then any case, so "q4_k_m" finds Q4_K_M.
    if (const WeightFormat* exact = find_by_id(weight_formats, id)) return exact;
    for (const WeightFormat& f : weight_formats)
        if (equal_ignoring_case(f.id, id)) return &f;
    return nullptr;
}

const KvFormat* Catalog::find_kv_format(const std::string& id) const { return find_by_id(kv_formats, id); }

const Engine* Catalog::find_engine(const std::string& id) const { return find_by_id(engines, id); }

const Engine* Catalog::default_cpu_engine() const {
    for (const Engine& e : engines)
        if (e.traits.default_for_cpu) return &e;
    return nullptr;
}

bool HostDefaults::is_server_market(const std::string& market) const {
    return std::find(server_markets.begin(), server_markets.end(), market) != server_markets.end();
}

const Hardware* Catalog::default_host_for(const Hardware& card) const {
    const std::string& id = host_defaults.is_server_market(card.market) ? host_defaults.server : host_defaults.desktop;
    return id.empty() ? nullptr : find_hardware(id);
}

bool WeightOnlyFallback::applies(const Hardware& hw, const std::string& engine_id) const {
    if (!vendor.empty() && hw.vendor != vendor) return false;
    if (!architecture.empty() && !hw.architecture_is(architecture)) return false;
    return std::find(except_engines.begin(), except_engines.end(), engine_id) == except_engines.end();
}

bool KernelGap::applies(const Hardware& hw, const std::string& engine_id) const {
    if (std::find(engines.begin(), engines.end(), engine_id) == engines.end()) return false;
    return std::any_of(architectures.begin(), architectures.end(), [&](const std::string& a) { return hw.architecture_is(a); });
}

namespace {
std::vector<const GpuPrice*> sorted_prices(const std::vector<GpuPrice>& prices, const std::string& hardware_id,
                                           bool on_demand_only) {
    std::vector<const GpuPrice*> out;
    if (hardware_id.empty()) return out;
    for (const GpuPrice& p : prices)
        if (p.hardware_id == hardware_id && (!on_demand_only || is_on_demand(p))) out.push_back(&p);
    std::stable_sort(out.begin(), out.end(), [](const GpuPrice* a, const GpuPrice* b) {
        if (a->per_gpu_hour.lo != b->per_gpu_hour.lo) return a->per_gpu_hour.lo < b->per_gpu_hour.lo;
        return a->per_gpu_hour.hi < b->per_gpu_hour.hi;
    });
    return out;
}
}  // namespace

std::vector<const GpuPrice*> Catalog::prices_for(const std::string& hardware_id) const {
    return sorted_prices(gpu_prices, hardware_id, true);
}

std::vector<const GpuPrice*> Catalog::all_prices_for(const std::string& hardware_id) const {
    return sorted_prices(gpu_prices, hardware_id, false);
}

}  // namespace infersizer
