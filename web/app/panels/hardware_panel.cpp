// hardware_panel.cpp — ③ where it runs: hardware from the catalog (filtered by vendor, memory and market;
// Apple and CPU platforms included), how many or "let the planner choose", the engine, and colocated
// services as rows.
//
// [SECTION] hardware picker   [SECTION] count and engine   [SECTION] colocated services   [SECTION] panel
#include "panels.hpp"

#include "format.hpp"
#include "params.hpp"
#include "widgets.hpp"

#include <algorithm>
#include <cctype>
#include <imgui.h>
#include <imgui_stdlib.h>

namespace infersizer::app {

namespace {

S market_label(const std::string& market) {
    if (market == "datacenter") return S::market_datacenter;
    if (market == "workstation") return S::market_workstation;
    if (market == "consumer") return S::market_consumer;
    if (market == "cloud-only") return S::market_cloud_only;
    if (market == "china-export") return S::market_china_export;
    if (market == "china-domestic") return S::market_china_domestic;
    if (market == "apple-soc") return S::market_apple_soc;
    return S::market_cpu;
}

S kind_label(HardwareKind k) {
    switch (k) {
        case HardwareKind::gpu: return S::kind_gpu;
        case HardwareKind::npu: return S::kind_npu;
        case HardwareKind::unified: return S::kind_unified;
        case HardwareKind::cpu: return S::kind_cpu;
    }
    return S::kind_gpu;
}

bool contains_ci(const std::string& hay, const std::string& needle) {
    if (needle.empty()) return true;
    auto it = std::search(hay.begin(), hay.end(), needle.begin(), needle.end(), [](char a, char b) {
        return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
    });
    return it != hay.end();
}

// "80 GB · 3,350 GB/s · GPU" from the catalog entry; an unknown value says so, never a guess.
std::string hardware_summary(const Hardware& h, Lang lang) {
    std::string out = h.memory_gb ? fmt_sig(*h.memory_gb, 4) + " " + tr(S::unit_gb, lang)
                                  : std::string(h.is_cpu() ? "" : tr(S::hw_memory_unknown, lang));
    const std::string bw = h.bandwidth_gbs ? fmt_sig(*h.bandwidth_gbs, 4) + " " + tr(S::unit_gbs, lang)
                                           : std::string(tr(S::hw_bandwidth_unknown, lang));
    out += (out.empty() ? "" : " · ") + bw;
    out += " · " + std::string(tr(kind_label(h.kind), lang));
    return out;
}

void hardware_tooltip(const Hardware& h, Lang lang) {
    if (!ImGui::IsItemHovered()) return;
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32);
    ImGui::Text("%s %s", h.vendor.c_str(), h.name.c_str());
    MutedText(hardware_summary(h, lang) + " · " + tr(market_label(h.market), lang));
    if (!h.is_cpu())
        MutedText(h.fp16_tflops ? trf(S::hw_fp16_fmt, lang, fmt_sig(*h.fp16_tflops, 4).c_str())
                                : std::string(tr(S::hw_fp16_unknown, lang)));
    if (!h.notes.empty()) ImGui::TextUnformatted(h.notes.c_str());
    if (!h.source.empty()) MutedText(trf(S::source_fmt, lang, h.source.c_str()));
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
}

bool passes_filter(const Hardware& h, const HardwareFilter& f) {
    if (!f.vendor.empty() && h.vendor != f.vendor) return false;
    if (!f.market.empty() && h.market != f.market) return false;
    if (f.min_memory_gb > 0 && (!h.memory_gb || *h.memory_gb < f.min_memory_gb)) return false;
    return contains_ci(h.name, f.search) || contains_ci(h.id, f.search) || contains_ci(h.vendor, f.search);
}

// ---------------------------------------------------------------------------------------------------
// [SECTION] hardware picker
// ---------------------------------------------------------------------------------------------------
void string_filter_combo(const char* id, const char* label, std::string& value, const std::vector<std::string>& options,
                         const std::vector<std::string>& shown, Lang lang) {
    const float em = ImGui::GetFontSize();
    ImGui::SetNextItemWidth(em * 8);
    std::string preview = std::string(label) + ": " + tr(S::any, lang);
    for (size_t i = 0; i < options.size(); ++i)
        if (options[i] == value) preview = std::string(label) + ": " + shown[i];
    if (ImGui::BeginCombo(id, preview.c_str())) {
        if (ImGui::Selectable(tr(S::any, lang), value.empty())) value.clear();
        for (size_t i = 0; i < options.size(); ++i)
            if (ImGui::Selectable(shown[i].c_str(), value == options[i])) value = options[i];
        ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", label);
}

void draw_filters(AppState& s) {
    const Catalog& c = *s.catalog;
    std::vector<std::string> vendors, markets, market_names;
    for (const Hardware& h : c.hardware) {
        if (std::find(vendors.begin(), vendors.end(), h.vendor) == vendors.end()) vendors.push_back(h.vendor);
        if (std::find(markets.begin(), markets.end(), h.market) == markets.end()) {
            markets.push_back(h.market);
            market_names.push_back(tr(market_label(h.market), s.lang));
        }
    }
    string_filter_combo("##vendor", tr(S::vendor, s.lang), s.hw_filter.vendor, vendors, vendors, s.lang);
    ImGui::SameLine();
    string_filter_combo("##market", tr(S::market, s.lang), s.hw_filter.market, markets, market_names, s.lang);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-1);
    const double mem_min = 0, mem_max = 1024;
    ImGui::SliderScalar("##min_memory", ImGuiDataType_Double, &s.hw_filter.min_memory_gb, &mem_min, &mem_max,
                        (std::string("≥ %.0f ") + tr(S::unit_gb, s.lang)).c_str(), ImGuiSliderFlags_AlwaysClamp);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr(S::min_memory, s.lang));
}

void draw_hardware_picker(AppState& s) {
    const Catalog& c = *s.catalog;
    ImGui::TextUnformatted(tr(S::hardware, s.lang));
    draw_filters(s);
    const Hardware* current = s.scenario.hardware_custom ? &*s.scenario.hardware_custom : c.find_hardware(s.scenario.hardware_id);
    const std::string preview = current ? current->vendor + " " + current->name : s.scenario.hardware_id;
    ImGui::SetNextItemWidth(-1);
    if (ImGui::BeginCombo("##hardware", preview.c_str(), ImGuiComboFlags_HeightLargest)) {
        if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
        ImGui::SetNextItemWidth(-1);
        ImGui::InputTextWithHint("##hw_search", tr(S::search, s.lang), &s.hw_filter.search);
        const float em = ImGui::GetFontSize();
        for (const Hardware& h : c.hardware) {
            if (!passes_filter(h, s.hw_filter)) continue;
            const bool selected = !s.scenario.hardware_custom && s.scenario.hardware_id == h.id;
            ImGui::PushID(h.id.c_str());
            if (ImGui::Selectable((h.vendor + " " + h.name).c_str(), selected)) {
                Scenario next = s.scenario;
                next.hardware_id = h.id;
                next.hardware_custom.reset();
                edit_scenario(s, next);
            }
            if (selected) ImGui::SetItemDefaultFocus();
            hardware_tooltip(h, s.lang);
            ImGui::SameLine(em * 16);
            MutedText(hardware_summary(h, s.lang));
            ImGui::PopID();
        }
        ImGui::EndCombo();
    }
    // Looked up again: a pick above replaced the scenario `current` pointed into.
    current = s.scenario.hardware_custom ? &*s.scenario.hardware_custom : c.find_hardware(s.scenario.hardware_id);
    if (current) {
        hardware_tooltip(*current, s.lang);
        MutedText(hardware_summary(*current, s.lang));
    }
}

// ---------------------------------------------------------------------------------------------------
// [SECTION] count and engine
// ---------------------------------------------------------------------------------------------------
void draw_count(AppState& s) {
    bool planner = !s.scenario.count.has_value();
    if (ImGui::Checkbox(tr(S::planner_choose, s.lang), &planner)) {
        Scenario next = s.scenario;
        if (planner) next.count.reset();
        else next.count = s.result ? std::max(1, s.result->count) : 1;
        edit_scenario(s, next);
    }
    if (!s.scenario.count) {
        if (s.result && s.result->count_from_planner) MutedText(trf(S::planner_chose_fmt, s.lang, s.result->count));
        return;
    }
    double n = *s.scenario.count;
    if (NumberInput(s, {"count", tr(S::count, s.lang), tr(S::unit_cards, s.lang), double(limits::kCountMin),
                        double(limits::kCountMax), 1, 64, true, true},
                    n)) {
        Scenario next = s.scenario;
        next.count = static_cast<int>(n);
        edit_scenario(s, next);
    }
}

void draw_engine(AppState& s) {
    const Catalog& c = *s.catalog;
    ImGui::TextUnformatted(tr(S::engine, s.lang));
    const Engine* current = c.find_engine(s.scenario.engine);
    ImGui::SetNextItemWidth(-1);
    if (ImGui::BeginCombo("##engine", current ? current->name.c_str() : s.scenario.engine.c_str())) {
        for (const Engine& e : c.engines) {
            const bool selected = s.scenario.engine == e.id;
            if (ImGui::Selectable(e.name.c_str(), selected)) {
                Scenario next = s.scenario;
                next.engine = e.id;
                edit_scenario(s, next);
            }
            if (selected) ImGui::SetItemDefaultFocus();
            if (ImGui::IsItemHovered() && (!e.notes.empty() || !e.source.empty())) {
                ImGui::BeginTooltip();
                ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30);
                if (!e.notes.empty()) ImGui::TextUnformatted(e.notes.c_str());
                if (!e.source.empty()) MutedText(trf(S::source_fmt, s.lang, e.source.c_str()));
                ImGui::PopTextWrapPos();
                ImGui::EndTooltip();
            }
        }
        ImGui::EndCombo();
    }
}

// ---------------------------------------------------------------------------------------------------
// [SECTION] colocated services
// ---------------------------------------------------------------------------------------------------
double params_b_of(const ModelArch& m) { return count_params(m).total / 1e9; }

void draw_colocated(AppState& s) {
    const Catalog& c = *s.catalog;
    const float em = ImGui::GetFontSize();
    ImGui::TextUnformatted(tr(S::colocated, s.lang));
    ImGui::SameLine();
    HelpMarker(tr(S::colocated_hint, s.lang));

    // Current rows: name, size, format, remove.
    for (size_t i = 0; i < s.scenario.colocated.size(); ++i) {
        const ColocatedModel& m = s.scenario.colocated[i];
        ImGui::PushID(static_cast<int>(i));
        ImGui::BulletText("%s · %s · %s", m.name.c_str(), trf(S::params_b_fmt, s.lang, fmt_sig(m.params_b, 3).c_str()).c_str(),
                          m.weights.c_str());
        ImGui::SameLine();
        if (ImGui::SmallButton(tr(S::remove, s.lang))) {
            Scenario next = s.scenario;
            next.colocated.erase(next.colocated.begin() + static_cast<long>(i));
            edit_scenario(s, next);
            ImGui::PopID();
            break;
        }
        ImGui::PopID();
    }
    if (s.scenario.colocated.empty()) MutedText(tr(S::none, s.lang));

    // Add row: a catalog embedding / reranker / ASR model and its weight format.
    std::vector<const ModelArch*> services;
    for (const ModelArch& m : c.models)
        if (m.role != ModelRole::chat) services.push_back(&m);
    if (services.empty()) return;
    if (s.colocated_draft.model_id.empty()) s.colocated_draft.model_id = services.front()->id;
    ImGui::SetNextItemWidth(em * 11);
    if (ImGui::BeginCombo("##colocated_model", s.colocated_draft.model_id.c_str())) {
        for (const ModelArch* m : services) {
            const std::string label = m->id + "  " + trf(S::params_b_fmt, s.lang, fmt_sig(params_b_of(*m), 3).c_str());
            if (ImGui::Selectable(label.c_str(), s.colocated_draft.model_id == m->id)) s.colocated_draft.model_id = m->id;
        }
        ImGui::EndCombo();
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(em * 5);
    if (ImGui::BeginCombo("##colocated_weights", s.colocated_draft.weights.c_str())) {
        for (const WeightFormat& f : c.weight_formats)
            if (f.scheme == WeightScheme::dense && ImGui::Selectable(f.id.c_str(), s.colocated_draft.weights == f.id))
                s.colocated_draft.weights = f.id;
        ImGui::EndCombo();
    }
    ImGui::SameLine();
    if (ImGui::Button(tr(S::add, s.lang))) {
        if (const ModelArch* m = c.find_model(s.colocated_draft.model_id)) {
            Scenario next = s.scenario;
            next.colocated.push_back({m->id, params_b_of(*m), s.colocated_draft.weights});
            edit_scenario(s, next);
        }
    }
}

}  // namespace

// ---------------------------------------------------------------------------------------------------
// [SECTION] panel
// ---------------------------------------------------------------------------------------------------
void DrawHardwarePanel(AppState& s) {
    SectionTitle(tr(S::sec_hardware, s.lang));
    ImGui::PushID("hardware_panel");
    draw_hardware_picker(s);
    draw_count(s);
    draw_engine(s);
    draw_colocated(s);
    ImGui::PopID();
    ImGui::Spacing();
}

}  // namespace infersizer::app
