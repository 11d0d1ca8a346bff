// ui_harness.cpp — the headless page (see ui_harness.hpp).
#include "ui_harness.hpp"

#include <algorithm>
#include <cstdlib>
#include <nlohmann/json.hpp>

namespace infersizer::app::test {

std::vector<Golden> golden_scenarios() {
    std::vector<Golden> out;
    // INFERSIZER_GOLDEN_DIR in the environment points the test at other scenarios (a developer's own).
    const char* env = std::getenv("INFERSIZER_GOLDEN_DIR");
    const std::filesystem::path dir = env && *env ? env : INFERSIZER_GOLDEN_DIR;
    if (!std::filesystem::is_directory(dir)) return out;
    std::vector<std::filesystem::path> files;
    for (const auto& e : std::filesystem::directory_iterator(dir))
        if (e.path().extension() == ".json") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const auto& p : files) {
        // A golden file is a scenario document, possibly wrapped with its expected result
        // ({"scenario": {...}, ...}); result files (schema infersizer.result/1) are not scenarios.
        const std::string text = read_text(p);
        nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
        if (j.is_discarded() || !j.is_object()) continue;
        if (j.contains("scenario") && j["scenario"].is_object()) {
            out.push_back({p.filename().string(), j["scenario"].dump()});
        } else if (j.value("schema", std::string()) != "infersizer.result/1") {
            out.push_back({p.filename().string(), text});
        }
    }
    return out;
}

Page::Page(const std::string& lang, ImVec2 size, float font_px) : size_(size) {
    infersizer_imgui_set_assert_handler(&record_assert);
    ctx_ = ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;  // tables would otherwise save their widths to imgui.ini in the cwd
    io.DisplaySize = size;
    io.DeltaTime = 1.0f / 60.0f;
    for (int k = 0; k < ImGuiKey_COUNT; ++k) io.KeyMap[k] = k;  // 1.86: KeysDown[] indexed by our own codes
    app_ = app_create(bundled_texts(), lang);
    app_load_fonts(app_, font_px);
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);  // what a renderer backend does: builds the atlas

    const InfersizerItemProbe probe = {&Page::on_item_add, &Page::on_item_info, this};
    infersizer_imgui_set_item_probe(&probe);
}

void Page::resize(ImVec2 size, float font_px) {
    size_ = size;
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = size;
    io.Fonts->Clear();
    app_load_fonts(app_, font_px);
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
}

Page::~Page() {
    infersizer_imgui_set_item_probe(nullptr);
    app_destroy(app_);
    ImGui::DestroyContext(ctx_);
    infersizer_imgui_set_assert_handler(nullptr);
}

void Page::on_item_add(void* user, unsigned id, float x0, float y0, float x1, float y1) {
    auto* self = static_cast<Page*>(user);
    self->rects_[id] = ImRect(x0, y0, x1, y1);
    self->clips_[id] = GImGui->CurrentWindow ? GImGui->CurrentWindow->ClipRect : ImRect();
}

void Page::on_item_info(void* user, unsigned id, const char* label) {
    auto* self = static_cast<Page*>(user);
    if (!label) return;
    auto it = self->rects_.find(id);
    auto clip = self->clips_.find(id);
    self->building_.push_back({id, label, it != self->rects_.end() ? it->second : ImRect(),
                               clip != self->clips_.end() ? clip->second : ImRect()});
}

bool Page::frames(int n) {
    bool animating = false;
    for (int i = 0; i < n; ++i) {
        rects_.clear();
        clips_.clear();
        building_.clear();
        ImGui::NewFrame();
        animating = app_frame(app_);
        ImGui::Render();
        items_ = building_;
        // The platform takes the request every frame; keep the last one for the test to read.
        std::string request = app_take_clipboard_request(app_);
        if (!request.empty()) clipboard_ = request;
    }
    return animating;
}

std::string Page::drawn_text() {
    static std::string* sink = nullptr;
    std::string text;
    sink = &text;
    ImGuiIO& io = ImGui::GetIO();
    const auto saved = io.SetClipboardTextFn;
    io.SetClipboardTextFn = [](void*, const char* t) { *sink += t, *sink += '\n'; };
    rects_.clear();
    clips_.clear();
    building_.clear();
    ImGui::NewFrame();
    ImGui::LogToClipboard();
    app_frame(app_);
    ImGui::LogFinish();
    ImGui::Render();
    items_ = building_;
    io.SetClipboardTextFn = saved;
    sink = nullptr;
    return text;
}

const ProbedItem* Page::find(const std::string& label) const {
    for (const ProbedItem& it : items_) {
        if (it.label != label) continue;
        // Visible on the display: a click there reaches this item (items scrolled out are still probed).
        const ImRect& r = it.rect;
        if (r.Min.x >= 0 && r.Min.y >= 0 && r.Max.x <= size_.x && r.Max.y <= size_.y && r.GetWidth() > 0 &&
            it.clip.Contains(r.GetCenter()))
            return &it;
    }
    return nullptr;
}

bool Page::click_path(const std::string& window_part, const std::vector<std::string>& path) {
    for (ImGuiWindow* w : GImGui->Windows) {
        if (std::string(w->Name).find(window_part) == std::string::npos) continue;
        ImGuiID id = w->ID;
        for (const std::string& part : path) id = ImHashStr(part.c_str(), 0, id);
        auto it = rects_.find(id);
        if (it == rects_.end()) continue;
        return click_at(it->second.GetCenter());
    }
    return false;
}

const ImRect* Page::path_rect(const std::string& window_part, const std::vector<std::string>& path) const {
    for (ImGuiWindow* w : GImGui->Windows) {
        if (std::string(w->Name).find(window_part) == std::string::npos) continue;
        ImGuiID id = w->ID;
        for (const std::string& part : path) id = ImHashStr(part.c_str(), 0, id);
        auto it = rects_.find(id);
        if (it != rects_.end()) return &it->second;
    }
    return nullptr;
}

void Page::hover(ImVec2 p) {
    ImGui::GetIO().MousePos = p;
    frames(1);
}

void Page::wheel(ImVec2 p, float dx, float dy) {
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = p;
    frames(1);
    io.MouseWheelH = dx;
    io.MouseWheel = dy;
    frames(1);
    io.MouseWheelH = io.MouseWheel = 0;
    frames(1);
}

bool Page::click_at(ImVec2 p) {
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = p;
    frames(1);
    io.MouseDown[0] = true;
    frames(1);
    io.MouseDown[0] = false;
    frames(1);
    return true;
}

bool Page::click(const std::string& label) {
    const ProbedItem* it = find(label);
    if (!it) return false;
    return click_at(it->rect.GetCenter());
}

void Page::key_event(ImGuiKey key, bool down, bool ctrl) {
    ImGuiIO& io = ImGui::GetIO();
    io.KeyCtrl = down && ctrl;
    io.KeysDown[key] = down;
}

void Page::press_key(ImGuiKey key, bool ctrl) {
    key_event(key, true, ctrl);
    frames(1);
    key_event(key, false, false);
    frames(1);
}

bool Page::type_into(const std::string& label, const std::string& text) {
    if (!click(label)) return false;
    press_key(ImGuiKey_A, /*ctrl=*/true);  // select all
    ImGuiIO& io = ImGui::GetIO();
    io.AddInputCharactersUTF8(text.c_str());
    frames(1);
    press_key(ImGuiKey_Enter);
    frames(1);
    return true;
}

}  // namespace infersizer::app::test
