// model_panel.cpp — ① model & format: a searchable model picker grouped by family, a custom
// architecture form, a pasted config.json, and the weight and KV formats with their descriptions.
//
// [SECTION] model picker   [SECTION] custom architecture   [SECTION] pasted config.json
// [SECTION] formats   [SECTION] panel
#include "panels.hpp"

#include "format.hpp"
#include "hf_config.hpp"
#include "params.hpp"
#include "search_picker.hpp"
#include "widgets.hpp"

#include <algorithm>
#include <cctype>
#include <imgui.h>
#include <imgui_stdlib.h>
#include <nlohmann/json.hpp>

namespace infersizer::app {

namespace {

bool contains_ci(const std::string& hay, const std::string& needle) {
    if (needle.empty()) return true;
    auto it = std::search(hay.begin(), hay.end(), needle.begin(), needle.end(), [](char a, char b) {
        return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
    });
    return it != hay.end();
}

// Parameters as the core counts them (published totals for entries without a computable shape).
ParamCounts params_of(const ModelArch& m) { return count_params(m); }

// "8.03B 参数 · 激活 … · 最长上下文 128k" for the picker rows and the line under it.
std::string model_summary(const ModelArch& m, Lang lang) {
    const ParamCounts p = params_of(m);
    const char* b = tr(S::unit_params_b, lang);
    std::string out = trf(S::params_fmt, lang, (fmt_sig(p.total / 1e9, 3) + b).c_str());
    if (m.is_moe() && p.active > 0 && p.active < p.total)
        out += " · " + trf(S::active_fmt, lang, (fmt_sig(p.active / 1e9, 3) + b).c_str());
    if (m.max_context > 0) out += " · " + trf(S::max_context_fmt, lang, fmt_tokens(static_cast<double>(m.max_context), lang).c_str());
    return out;
}

// ---------------------------------------------------------------------------------------------------
// [SECTION] model picker
// ---------------------------------------------------------------------------------------------------
void select_catalog_model(AppState& s, const ModelArch& m) {
    Scenario next = s.scenario;
    next.model_id = m.id;
    next.model_custom.reset();
    edit_scenario(s, next);
}

void draw_model_picker(AppState& s) {
    const Catalog& c = *s.catalog;
    const float em = ImGui::GetFontSize();
    const std::string preview = s.scenario.model_custom
                                    ? std::string(tr(S::custom, s.lang)) + ": " + s.scenario.model_custom->id
                                    : s.scenario.model_id;
    ImGui::SetNextItemWidth(-1);
    SearchPicker picker;
    if (!picker.begin("##model", preview.c_str())) return;
    picker.search("##model_search", tr(S::search, s.lang), s.model_search);

    // Families in catalog order; only chat models (embedding, reranker and ASR models are colocated).
    std::vector<std::string> families;
    for (const ModelArch& m : c.models)
        if (m.role == ModelRole::chat && std::find(families.begin(), families.end(), m.family) == families.end())
            families.push_back(m.family);
    for (const std::string& family : families) {
        bool header_drawn = false;
        for (const ModelArch& m : c.models) {
            if (m.role != ModelRole::chat || m.family != family) continue;
            if (!contains_ci(m.id, s.model_search) && !contains_ci(m.family, s.model_search) &&
                !contains_ci(m.hf_id, s.model_search))
                continue;
            if (!header_drawn) {
                ImGui::TextDisabled("%s", family.c_str());
                header_drawn = true;
            }
            const bool selected = !s.scenario.model_custom && s.scenario.model_id == m.id;
            ImGui::PushID(m.id.c_str());
            ImGui::Indent(em * 0.5f);
            if (picker.row(m.id.c_str(), selected)) select_catalog_model(s, m);
            ImGui::SameLine(em * 13);
            MutedText(model_summary(m, s.lang));
            ImGui::Unindent(em * 0.5f);
            ImGui::PopID();
        }
    }
    picker.end();
}

// ---------------------------------------------------------------------------------------------------
// [SECTION] custom architecture
// ---------------------------------------------------------------------------------------------------
void draw_custom_form(AppState& s) {
    CustomModelForm& f = s.custom_form;
    const float em = ImGui::GetFontSize();
    auto int_row = [&](S label, int& v) {
        ImGui::SetNextItemWidth(em * 8);
        ImGui::InputInt(tr(label, s.lang), &v, 0, 0);
    };
    ImGui::SetNextItemWidth(em * 8);
    ImGui::InputDouble(tr(S::custom_params_b, s.lang), &f.params_b, 0, 0, "%.3f");
    ImGui::SetNextItemWidth(em * 8);
    ImGui::InputDouble(tr(S::custom_active_b, s.lang), &f.active_params_b, 0, 0, "%.3f");
    int_row(S::custom_layers, f.layers);
    int_row(S::custom_hidden, f.hidden);
    int_row(S::custom_heads, f.heads);
    int_row(S::custom_kv_heads, f.kv_heads);
    int_row(S::custom_head_dim, f.head_dim);
    int_row(S::custom_vocab, f.vocab);
    int_row(S::custom_intermediate, f.intermediate);
    int_row(S::custom_max_context, f.max_context);

    if (ImGui::Button(tr(S::use_custom, s.lang))) {
        // The contract's explicit form; the core validates it and names a bad field.
        nlohmann::json j = {{"name", tr(S::custom_model, Lang::en)},
                            {"params_b", f.params_b},
                            {"layers", f.layers},
                            {"hidden", f.hidden},
                            {"heads", f.heads},
                            {"kv_heads", f.kv_heads},
                            {"head_dim", f.head_dim},
                            {"vocab", f.vocab},
                            {"intermediate", f.intermediate},
                            {"max_context", f.max_context}};
        if (f.active_params_b > 0) j["active_params_b"] = f.active_params_b;
        Expected<ModelArch> arch = model_from_explicit(j, "model");
        if (!arch) {
            f.error = UiMessage::of(arch.error());
        } else {
            Scenario next = s.scenario;
            next.model_custom = arch.value();
            f.error = edit_scenario(s, next) ? UiMessage{} : s.edit_error;
        }
    }
    if (!f.error.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, verdict_color(Verdict::no));
        ImGui::PushTextWrapPos(0);
        WrappedText(f.error.in(s.lang));
        ImGui::PopTextWrapPos();
        ImGui::PopStyleColor();
    }
}

// ---------------------------------------------------------------------------------------------------
// [SECTION] pasted config.json
// ---------------------------------------------------------------------------------------------------
std::string understood_summary(const ModelArch& m, Lang lang) {
    auto i = [](int64_t v) { return static_cast<int>(v); };
    std::string out = trf(S::config_shape_fmt, lang, m.model_type.c_str(), i(m.n_layers), i(m.hidden), i(m.n_heads),
                          i(m.n_kv_heads));
    if (m.is_moe()) out += trf(S::config_moe_fmt, lang, i(m.n_experts), i(m.experts_per_tok));
    if (m.is_mla()) out += trf(S::config_mla_fmt, lang, i(m.kv_lora_rank));
    if (m.sliding_window > 0) out += trf(S::config_window_fmt, lang, i(m.sliding_window));
    return out + " — " + model_summary(m, lang);
}

void draw_config_paste(AppState& s) {
    const float em = ImGui::GetFontSize();
    ImGui::InputTextMultiline("##config", &s.config_paste, ImVec2(-1, em * 6));
    if (ImGui::Button(tr(S::read_config, s.lang))) {
        // The core reads the text with the limits every user document gets (json_parse.hpp: depth, duplicate
        // keys, size). Only a syntax error is worded here: nlohmann's reason quotes the pasted text ("last read:
        // '{\"mo'") in English, so the page names the line and column instead, in the page's language.
        Expected<ModelArch> arch = model_from_hf_config_text(s.config_paste, "config.json");
        if (!arch && arch.error().id == "hf_config.parse" && arch.error().path == "config.json" &&
            arch.error().message.rfind("is not valid JSON", 0) == 0) {
            int line = 1, column = 1;
            try {
                const nlohmann::json probe = nlohmann::json::parse(s.config_paste);  // throws: it is not JSON
                (void)probe;
            } catch (const nlohmann::json::parse_error& e) {
                for (size_t i = 0; i + 1 < e.byte && i < s.config_paste.size(); ++i) {
                    if (s.config_paste[i] == '\n') ++line, column = 1;
                    else ++column;
                }
            } catch (const nlohmann::json::exception&) {
            }
            s.config_ok = false;
            s.config_message = UiMessage::worded([&](Lang l) { return trf(S::config_bad_json_at_fmt, l, line, column); });
        } else if (!arch) {
            s.config_ok = false;
            s.config_message = UiMessage::worded([&](Lang l) {
                return trf(S::config_error_fmt, l, arch.error().located_in(lang_id(l)).c_str());
            });
        } else {
            Scenario next = s.scenario;
            next.model_custom = arch.value();
            s.config_ok = edit_scenario(s, next);
            s.config_message = UiMessage::worded([&](Lang l) {
                return s.config_ok ? trf(S::config_understood_fmt, l, understood_summary(arch.value(), l).c_str())
                                   : trf(S::config_error_fmt, l, s.edit_error.in(l).c_str());
            });
        }
    }
    if (!s.config_message.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, verdict_color(s.config_ok ? Verdict::yes : Verdict::no));
        ImGui::PushTextWrapPos(0);
        WrappedText(s.config_message.in(s.lang));
        ImGui::PopTextWrapPos();
        ImGui::PopStyleColor();
    }
}

// ---------------------------------------------------------------------------------------------------
// [SECTION] formats
// ---------------------------------------------------------------------------------------------------
std::string joined(const std::vector<std::string>& v) {
    std::string out;
    for (const std::string& x : v) out += (out.empty() ? "" : ", ") + x;
    return out;
}

bool runs_on(const std::vector<std::string>& engines, const std::string& engine) {
    return engines.empty() || std::find(engines.begin(), engines.end(), engine) != engines.end();
}

void format_tooltip(const Text& description, const std::vector<std::string>& engines, const std::string& source,
                    const Text& source_label, Lang lang) {
    if (!ImGui::IsItemHovered()) return;
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30);
    WrappedText(description.in(lang_id(lang)));
    if (!engines.empty()) MutedText(trf(S::runs_on_fmt, lang, joined(engines).c_str()));
    SourceLine(source, source_label, lang);
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
}

void draw_weight_format(AppState& s) {
    const Catalog& c = *s.catalog;
    ImGui::TextUnformatted(tr(S::weights, s.lang));
    ImGui::SetNextItemWidth(-1);
    if (ImGui::BeginCombo("##weights", s.scenario.weights.c_str(), ImGuiComboFlags_HeightLarge)) {
        for (const WeightFormat& f : c.weight_formats) {
            const bool selected = s.scenario.weights == f.id;
            // Formats the engine cannot run stay selectable (the core then says why) but look muted.
            const bool ok = runs_on(f.engines, s.scenario.engine);
            if (!ok) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
            const std::string label = f.id + "  (" + fmt_sig(f.bits_per_weight, 3) + " " + tr(S::unit_bit, s.lang) + ")";
            if (ImGui::Selectable(label.c_str(), selected)) {
                Scenario next = s.scenario;
                next.weights = f.id;
                edit_scenario(s, next);
            }
            if (!ok) ImGui::PopStyleColor();
            if (selected) ImGui::SetItemDefaultFocus();
            format_tooltip(f.description, f.engines, f.source, f.source_label, s.lang);
        }
        ImGui::EndCombo();
    }
    if (const WeightFormat* f = c.find_weight_format(s.scenario.weights))
        format_tooltip(f->description, f->engines, f->source, f->source_label, s.lang);
}

void draw_kv_format(AppState& s) {
    const Catalog& c = *s.catalog;
    const Engine* engine = c.find_engine(s.scenario.engine);
    const std::string engine_default = engine ? engine->default_kv : std::string("?");
    const std::string default_label = trf(S::engine_default_fmt, s.lang, engine_default.c_str());
    ImGui::TextUnformatted(tr(S::kv_cache, s.lang));
    ImGui::SetNextItemWidth(-1);
    const std::string preview = s.scenario.kv_cache.empty() ? default_label : s.scenario.kv_cache;
    if (ImGui::BeginCombo("##kv", preview.c_str())) {
        if (ImGui::Selectable(default_label.c_str(), s.scenario.kv_cache.empty())) {
            Scenario next = s.scenario;
            next.kv_cache.clear();
            edit_scenario(s, next);
        }
        for (const KvFormat& f : c.kv_formats) {
            const bool selected = s.scenario.kv_cache == f.id;
            const bool ok = runs_on(f.engines, s.scenario.engine);
            if (!ok) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
            const std::string label = f.id + "  (" + fmt_sig(f.bytes_per_element, 3) + " " + tr(S::unit_bytes, s.lang) + ")";
            if (ImGui::Selectable(label.c_str(), selected)) {
                Scenario next = s.scenario;
                next.kv_cache = f.id;
                edit_scenario(s, next);
            }
            if (!ok) ImGui::PopStyleColor();
            if (selected) ImGui::SetItemDefaultFocus();
            format_tooltip(f.description, f.engines, f.source, f.source_label, s.lang);
        }
        ImGui::EndCombo();
    }
    const std::string kv_id = s.scenario.kv_cache.empty() ? engine_default : s.scenario.kv_cache;
    if (const KvFormat* f = c.find_kv_format(kv_id))
        format_tooltip(f->description, f->engines, f->source, f->source_label, s.lang);
}

}  // namespace

// ---------------------------------------------------------------------------------------------------
// [SECTION] panel
// ---------------------------------------------------------------------------------------------------
void DrawModelPanel(AppState& s) {
    SectionTitle(tr(S::sec_model, s.lang));
    ImGui::PushID("model_panel");

    draw_model_picker(s);
    if (s.scenario.model_custom) MutedText(model_summary(*s.scenario.model_custom, s.lang));
    else if (const ModelArch* m = s.catalog->find_model(s.scenario.model_id)) MutedText(model_summary(*m, s.lang));

    if (ImGui::TreeNode(tr(S::custom_model, s.lang))) {
        draw_custom_form(s);
        ImGui::TreePop();
    }
    // The model's own files share the config.json fold (① keeps its height); an opened file's summary opens it.
    if (s.model_file.summary || s.model_file.error) ImGui::SetNextItemOpen(true, ImGuiCond_Always);
    if (ImGui::TreeNode(tr(S::paste_config, s.lang))) {
        DrawModelFileSection(s);
        draw_config_paste(s);
        ImGui::TreePop();
    }
    draw_weight_format(s);
    draw_kv_format(s);
    ImGui::PopID();
    ImGui::Spacing();
}

}  // namespace infersizer::app
