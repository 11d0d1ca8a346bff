// scenario_link.cpp — drop the parameter a resolve error names, keep the rest (scenario_link.hpp).
#include "scenario_link.hpp"

#include "context.hpp"

#include <vector>

namespace infersizer {

namespace {

// The query's parameters, in order, without a leading '?' or '#'.
std::vector<std::string> parameters(std::string q) {
    if (!q.empty() && (q[0] == '?' || q[0] == '#')) q.erase(0, 1);
    std::vector<std::string> out;
    size_t pos = 0;
    while (pos <= q.size()) {
        size_t amp = q.find('&', pos);
        if (amp == std::string::npos) amp = q.size();
        if (amp > pos) out.push_back(q.substr(pos, amp - pos));
        pos = amp + 1;
    }
    return out;
}

std::string key_of(const std::string& param) { return param.substr(0, param.find('=')); }

// "scenario.hardware.memory_gib" → "hardware", "scenario.pricing.gpu" → "gpu"; "" when the path names no scenario field.
std::string blamed_key(const std::string& path) {
    const std::string prefix = "scenario.";
    if (path.compare(0, prefix.size(), prefix) != 0) return "";
    const std::string rest = path.substr(prefix.size());
    // The link's pricing keys are flat: "scenario.pricing.gpu" is the parameter "gpu".
    const std::string pricing = "pricing.";
    if (rest.compare(0, pricing.size(), pricing) == 0) return rest.substr(pricing.size());
    return rest.substr(0, rest.find_first_of(".["));
}

std::string joined(const std::vector<std::string>& params) {
    std::string q;
    for (const std::string& p : params) q += (q.empty() ? "" : "&") + p;
    return q;
}

}  // namespace

LinkApply apply_link(const Catalog& catalog, const std::string& query, const Scenario& base) {
    std::vector<std::string> params = parameters(query);
    Errors dropped;
    // Each round drops one parameter, so the loop ends within the link's length.
    for (size_t round = 0; round <= params.size(); ++round) {
        LinkApply out;
        static_cast<UrlParse&>(out) = scenario_from_query(joined(params), base);
        out.errors.insert(out.errors.end(), dropped.begin(), dropped.end());
        const Expected<Context> resolved = resolve(catalog, out.scenario);
        if (resolved) return out;
        const Error& e = resolved.error();
        const std::string key = blamed_key(e.path);
        size_t i = 0;
        while (i < params.size() && key_of(params[i]) != key) ++i;
        if (key.empty() || i == params.size()) {
            out.ok = false;
            out.scenario = base;
            out.errors.push_back(e);
            return out;
        }
        dropped.push_back(Error{e.id, "url." + key, e.message});
        params.erase(params.begin() + static_cast<long>(i));
    }
    LinkApply out;
    out.ok = false;
    out.scenario = base;
    out.errors = dropped;
    return out;
}

}  // namespace infersizer
