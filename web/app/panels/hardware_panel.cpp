// hardware_panel.cpp — ③ where it runs: hardware from the catalog (filtered by vendor, memory and market;
// Apple and CPU platforms included), how many or "let the planner choose", the engine, and colocated
// services as rows; or custom hardware typed into a form and applied through the core's scenario parser.
//
// [SECTION] hardware picker   [SECTION] custom hardware   [SECTION] count and engine
// [SECTION] colocated services   [SECTION] panel
#include "panels.hpp"

#include "context.hpp"
#include "format.hpp"
#include "memory.hpp"
#include "params.hpp"
#include "scenario_json.hpp"
#include "search_picker.hpp"
#include "units.hpp"
#include "widgets.hpp"

#include <algorithm>
#include <cctype>
#include <imgui.h>
#include <imgui_stdlib.h>
#include <nlohmann/json.hpp>

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
    const std::string& notes = h.notes.in(lang_id(lang));  // the catalog carries both languages
    if (!notes.empty()) WrappedText(notes);
    SourceLine(h.source, h.source_label, lang);  // the catalog's addresses, not its refs' prose
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

void draw_catalog_picker(AppState& s) {
    const Catalog& c = *s.catalog;
    draw_filters(s);
    const Hardware* current = s.scenario.hardware_custom ? &*s.scenario.hardware_custom : c.find_hardware(s.scenario.hardware_id);
    const std::string preview = current ? current->vendor + " " + current->name : s.scenario.hardware_id;
    ImGui::SetNextItemWidth(-1);
    SearchPicker picker;
    if (picker.begin("##hardware", preview.c_str())) {
        picker.search("##hw_search", tr(S::search, s.lang), s.hw_filter.search);
        const float em = ImGui::GetFontSize();
        for (const Hardware& h : c.hardware) {
            if (!passes_filter(h, s.hw_filter)) continue;
            const bool selected = !s.scenario.hardware_custom && s.scenario.hardware_id == h.id;
            ImGui::PushID(h.id.c_str());
            if (picker.row((h.vendor + " " + h.name).c_str(), selected)) {
                Scenario next = s.scenario;
                next.hardware_id = h.id;
                next.hardware_custom.reset();
                edit_scenario(s, next);
            }
            hardware_tooltip(h, s.lang);
            ImGui::SameLine(em * 16);
            MutedText(hardware_summary(h, s.lang));
            ImGui::PopID();
        }
        picker.end();
    }
}

// ---------------------------------------------------------------------------------------------------
// [SECTION] custom hardware
// ---------------------------------------------------------------------------------------------------
// The device the scenario's custom hardware describes (a copy of a catalog card resolved over it).
std::optional<Hardware> shown_custom_hardware(const AppState& s) {
    if (!s.scenario.hardware_custom) return std::nullopt;
    Expected<Hardware> hw = resolve_custom_hardware(*s.catalog, *s.scenario.hardware_custom);
    return hw ? std::optional<Hardware>(hw.value()) : s.scenario.hardware_custom;
}

// The memory to type for the runtime to get what it gets from the card: the core's usable GiB of a card (its
// label less what the driver keeps), and the label of unified memory (the core applies the GPU's share to both).
std::optional<double> typed_memory_gib(const Hardware& h) {
    if (h.usable_memory_gib) return h.usable_memory_gib;
    if (h.kind == HardwareKind::unified) return h.memory_gb;
    return usable_gib_per_card(h);
}

// The form takes a device's own figures (the catalog pick, or the custom hardware a link brought).
void fill_custom_form(CustomHardwareForm& f, const Hardware& h) {
    f.kind = h.kind;
    f.name = h.name;
    f.memory_gib = typed_memory_gib(h);
    f.bandwidth_gbs = h.bandwidth_gbs;
    f.fp16_tflops = h.fp16_tflops;
    f.fp8_tflops = h.fp8_tflops;
    f.int8_tops = h.int8_tops;
    f.interconnect_gbs = h.interconnect_gbs;
    f.price_per_hour = h.price_per_hour_usd;
    f.cores = h.cores ? std::optional<double>(*h.cores) : std::nullopt;
    f.clock_ghz = h.clock_ghz;
    f.fp32_per_cycle = h.fp32_flops_per_cycle_per_core;
    f.bf16_per_cycle = h.bf16_ops_per_cycle_per_core;
    f.memory_channels = h.memory_channels;
    f.memory_mts = h.memory_mts;
}

nlohmann::json custom_hardware_json(const CustomHardwareForm& f);

// Seeds the form from the catalog card `h` (or the custom hardware `typed`, which may be a copy of a card): the
// card is kept as the form's base, so only what the user changes replaces its figures.
void seed_custom_form(CustomHardwareForm& f, const Hardware& h, const Catalog& catalog,
                      const Hardware* typed = nullptr) {
    f.base_id.clear();
    f.seed_json.clear();
    const Hardware* card = typed ? catalog.find_hardware(typed->based_on) : &h;
    if (card) {
        fill_custom_form(f, *card);
        f.seed_json = custom_hardware_json(f).dump();
        f.base_id = card->id;
    }
    if (typed) {
        Expected<Hardware> resolved = resolve_custom_hardware(catalog, *typed);
        fill_custom_form(f, resolved ? resolved.value() : *typed);
    }
    f.error.clear();
}

// The contract's hardware object (docs/contract.md; fields as parse_hardware_object accepts them): everything the
// form holds, or, for a copy of a card, `based_on` and what differs from the card.
nlohmann::json custom_hardware_json(const CustomHardwareForm& f) {
    nlohmann::json j = {{"kind", hardware_kind_name(f.kind)}};
    if (!f.name.empty()) j["name"] = f.name;
    auto put = [&](const char* key, const std::optional<double>& v) {
        if (v) j[key] = *v;
    };
    put("memory_gib", f.memory_gib);
    put("bandwidth_gbs", f.bandwidth_gbs);
    put("fp16_tflops", f.fp16_tflops);
    if (f.kind != HardwareKind::cpu) {
        put("fp8_tflops", f.fp8_tflops);
        put("int8_tops", f.int8_tops);
    }
    put("interconnect_gbs", f.interconnect_gbs);
    put("price_per_hour", f.price_per_hour);
    if (f.kind == HardwareKind::cpu) {
        put("cores", f.cores);
        put("clock_ghz", f.clock_ghz);
        put("fp32_flops_per_cycle_per_core", f.fp32_per_cycle);
        put("bf16_ops_per_cycle_per_core", f.bf16_per_cycle);
        put("memory_channels", f.memory_channels);
        put("memory_mts", f.memory_mts);
    }
    if (f.base_id.empty() || f.seed_json.empty()) return j;
    const nlohmann::json seed = nlohmann::json::parse(f.seed_json, nullptr, false);
    nlohmann::json changed = {{"based_on", f.base_id}};
    for (auto it = j.begin(); it != j.end(); ++it)
        if (!seed.is_object() || !seed.contains(it.key()) || seed[it.key()] != it.value()) changed[it.key()] = it.value();
    return changed;
}

// Builds the scenario's hardware through the core's own parser, which checks every field and names a bad
// one; the estimate then runs in the same frame. On either refusal the previous scenario stays.
void apply_custom_form(AppState& s) {
    CustomHardwareForm& f = s.custom_hw;
    const nlohmann::json doc = {{"hardware", custom_hardware_json(f)}};
    Expected<Scenario> next = scenario_from_json_text(doc.dump(), s.scenario);
    if (!next) {
        f.error = UiMessage::of(next.error());
        return;
    }
    if (edit_scenario(s, next.value())) {
        f.error.clear();
        f.applied = true;
    } else {
        f.error = s.edit_error;
    }
}

const char* const kCustomHardwareKeys[] = {"hw_memory_gib",  "hw_bandwidth_gbs",   "hw_fp16_tflops",
                                           "hw_interconnect_gbs", "hw_price_per_hour", "hw_cores",
                                           "hw_clock_ghz",   "hw_fp32_per_cycle", "hw_bf16_per_cycle",
                                           "hw_memory_channels", "hw_memory_mts", "hw_fp8_tflops",
                                           "hw_int8_tops"};

void clear_custom_field_state(AppState& s) {
    for (const char* key : kCustomHardwareKeys) s.fields.erase(key);
}

std::string fallback_hardware_id(const AppState& s) {
    const Catalog& c = *s.catalog;
    const CustomHardwareForm& f = s.custom_hw;
    if (c.find_hardware(f.previous_hardware_id)) return f.previous_hardware_id;
    const std::string default_id = Scenario{}.hardware_id;
    if (c.find_hardware(default_id) || c.hardware.empty()) return default_id;
    return c.hardware.front().id;
}

void open_custom_form(AppState& s) {
    CustomHardwareForm& f = s.custom_hw;
    f.open = true;
    f.applied = false;
    if (!s.scenario.hardware_custom) f.previous_hardware_id = s.scenario.hardware_id;
    const Hardware* current =
        s.scenario.hardware_custom ? &*s.scenario.hardware_custom : s.catalog->find_hardware(s.scenario.hardware_id);
    if (current) seed_custom_form(f, *current, *s.catalog, s.scenario.hardware_custom ? current : nullptr);
    clear_custom_field_state(s);
    apply_custom_form(s);
}

// Unchecking returns to the catalog card picked before the box was checked.
void close_custom_form(AppState& s) {
    CustomHardwareForm& f = s.custom_hw;
    Scenario next = s.scenario;
    next.hardware_custom.reset();
    next.hardware_id = fallback_hardware_id(s);
    if (edit_scenario(s, next)) {
        f.open = false;
        f.applied = false;
        f.error.clear();
        clear_custom_field_state(s);
    } else {
        f.error = s.edit_error;
    }
}

// Keeps the box in step with the scenario when something else set the hardware: a link or a loaded scenario
// bringing custom hardware opens the form with its figures; a catalog card picked elsewhere (a plan row)
// closes it.
void sync_custom_form(AppState& s) {
    CustomHardwareForm& f = s.custom_hw;
    if (s.scenario.hardware_custom && !f.open) {
        seed_custom_form(f, *s.scenario.hardware_custom, *s.catalog, &*s.scenario.hardware_custom);
        f.open = true;
        f.applied = true;
        clear_custom_field_state(s);
    } else if (!s.scenario.hardware_custom && f.open && f.applied) {
        f.open = false;
        f.applied = false;
        f.error.clear();
        f.previous_hardware_id = s.scenario.hardware_id;
        clear_custom_field_state(s);
    }
}

void draw_kind_combo(AppState& s, bool& changed) {
    CustomHardwareForm& f = s.custom_hw;
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
    if (ImGui::BeginCombo("##custom_hw_kind", tr(kind_label(f.kind), s.lang))) {
        for (HardwareKind k : {HardwareKind::gpu, HardwareKind::npu, HardwareKind::unified, HardwareKind::cpu})
            if (ImGui::Selectable(tr(kind_label(k), s.lang), f.kind == k) && f.kind != k) {
                f.kind = k;
                changed = true;
            }
        ImGui::EndCombo();
    }
    ImGui::SameLine();
    ImGui::TextUnformatted(tr(S::custom_hw_kind, s.lang));
}

void draw_custom_hardware_form(AppState& s) {
    CustomHardwareForm& f = s.custom_hw;
    const bool cpu = f.kind == HardwareKind::cpu;
    bool changed = false;
    MutedTextFlow(tr(S::custom_hw_hint, s.lang));
    if (const Hardware* card = s.catalog->find_hardware(f.base_id))
        MutedTextFlow(trf(S::custom_hw_copy_fmt, s.lang, (card->vendor + " " + card->name).c_str()));
    draw_kind_combo(s, changed);
    // A card's name is the form's longest value ("GeForce RTX 4090 24GB"): the field takes the line's width
    // less its label, so the name is not cut off.
    const float name_label_w = ImGui::CalcTextSize(tr(S::custom_hw_name, s.lang)).x + ImGui::GetStyle().ItemSpacing.x;
    ImGui::SetNextItemWidth(std::max(ImGui::GetFontSize() * 8, ImGui::GetContentRegionAvail().x - name_label_w));
    ImGui::InputText("##custom_hw_name", &f.name);
    changed |= ImGui::IsItemDeactivatedAfterEdit();
    ImGui::SameLine();
    ImGui::TextUnformatted(tr(S::custom_hw_name, s.lang));

    // Accepted ranges: parse_hardware_object (src/core/scenario_json.cpp), which checks them again when the
    // form is applied; here they refuse a typed value on the spot.
    auto field = [&](const char* key, S label, const char* unit, double lo, double hi, bool integer,
                     std::optional<double>& value, bool optional) {
        const FieldSpec spec{key, tr(label, s.lang), unit, lo, hi, lo, hi, integer, false};
        changed |= TypedNumberInput(s, spec, value, optional);
    };
    field("hw_memory_gib", S::custom_hw_memory, tr(S::unit_gib, s.lang), 0.01, 1e6, false, f.memory_gib, false);
    field("hw_bandwidth_gbs", S::custom_hw_bandwidth, tr(S::unit_gbs, s.lang), 0.01, 1e6, false, f.bandwidth_gbs, cpu);
    field("hw_fp16_tflops", S::custom_hw_fp16, tr(S::unit_tflops, s.lang), 0.001, 1e6, false, f.fp16_tflops, cpu);
    if (!cpu) {
        field("hw_fp8_tflops", S::custom_hw_fp8, tr(S::unit_tflops, s.lang), 0.001, 1e6, false, f.fp8_tflops, true);
        field("hw_int8_tops", S::custom_hw_int8, tr(S::unit_tops, s.lang), 0.001, 1e6, false, f.int8_tops, true);
    }
    if (cpu) {
        field("hw_cores", S::custom_hw_cores, "", 1, 4096, true, f.cores, true);
        field("hw_clock_ghz", S::custom_hw_clock, tr(S::unit_ghz, s.lang), 0.1, 10, false, f.clock_ghz, true);
        field("hw_fp32_per_cycle", S::custom_hw_fp32_per_cycle, "", 1, 1e4, false, f.fp32_per_cycle, true);
        field("hw_bf16_per_cycle", S::custom_hw_bf16_per_cycle, "", 1, 1e4, false, f.bf16_per_cycle, true);
        field("hw_memory_channels", S::custom_hw_channels, "", 1, 64, true, f.memory_channels, true);
        field("hw_memory_mts", S::custom_hw_mts, tr(S::unit_mts, s.lang), 100, 20000, false, f.memory_mts, true);
    }
    field("hw_interconnect_gbs", S::custom_hw_interconnect, tr(S::unit_gbs, s.lang), 0.001, 1e6, false,
          f.interconnect_gbs, true);
    field("hw_price_per_hour", S::custom_hw_price, tr(S::unit_usd_per_card_hour, s.lang), 0, 1e6, false,
          f.price_per_hour, true);
    if (changed) apply_custom_form(s);
    if (!f.error.empty()) ColoredWrapped(verdict_color(Verdict::no), trf(S::custom_hw_error_fmt, s.lang, f.error.in(s.lang).c_str()));
}

void draw_hardware_picker(AppState& s) {
    ImGui::TextUnformatted(tr(S::hardware, s.lang));
    sync_custom_form(s);
    bool custom = s.custom_hw.open;
    if (ImGui::Checkbox(tr(S::custom_hardware, s.lang), &custom)) {
        if (custom) open_custom_form(s);
        else close_custom_form(s);
    }
    if (s.custom_hw.open) draw_custom_hardware_form(s);
    else draw_catalog_picker(s);
    // Looked up after the edits above: they may have replaced the scenario.
    const std::optional<Hardware> shown = shown_custom_hardware(s);
    const Hardware* current = shown ? &*shown : s.catalog->find_hardware(s.scenario.hardware_id);
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
            // The engine's description in the page's language; its notes are English calibration provenance.
            const std::string& about = e.description.in(s.lang_code());
            if (ImGui::IsItemHovered() && (!about.empty() || !e.source.empty())) {
                ImGui::BeginTooltip();
                ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30);
                if (!about.empty()) WrappedText(about);
                SourceLine(e.source, e.source_label, s.lang);
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
double params_b_of(const ModelArch& m) { return count_params(m).total / units::kBillion; }

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
