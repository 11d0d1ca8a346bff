// ui_harness.hpp — drives the page headless with ImGui's null-backend pattern: a context with a display
// size and a built font atlas, then NewFrame / app_frame / Render with no window and no GPU. Failed
// IM_ASSERTs are recorded (imgui_user_config.h hook), and every widget's label and rectangle are probed
// (ImGui's test-engine item hooks) so tests can click "复制链接" or type into a field by its label.
#pragma once

#include "app.hpp"
#include "app_state.hpp"
#include "bundled_catalog.hpp"

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace infersizer::app::test {

// --- IM_ASSERT failures ------------------------------------------------------------------------------
inline std::vector<std::string>& assert_failures() {
    static std::vector<std::string> failures;
    return failures;
}
inline void record_assert(const char* expr, const char* file, int line) {
    assert_failures().push_back(std::string(file) + ":" + std::to_string(line) + ": IM_ASSERT(" + expr + ")");
}

// A test whose page's failed IM_ASSERTs fail it.
class PageTest : public ::testing::Test {
protected:
    void SetUp() override { assert_failures().clear(); }
    void TearDown() override {
        for (const std::string& f : assert_failures()) ADD_FAILURE() << f;
    }
};

inline bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The 70B chat case (tests/golden/chat_70b_h100_200_users.json without its traffic): the planner's large plan, with
// long sentences and three- and four-digit card counts, that the layout tests draw.
inline constexpr const char* kChat70bScenarioJson =
    R"({"model": "Llama-3.1-70B", "weights": "fp8", "engine": "vllm", "hardware": "nvidia-h100-sxm-80gb", "count": null,
        "context_tokens": 8192, "prompt_tokens": 1500, "output_tokens": 300, "concurrency": 200,
        "targets": {"ttft_s": 1, "tps_per_user": 20}})";

// --- Catalog files and golden scenarios --------------------------------------------------------------
inline CatalogTexts bundled_texts() {
    const CatalogFiles f = bundled::files();
    return {f.models, f.hardware, f.formats, f.engines, f.prices};
}

inline std::string read_text(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

struct Golden {
    std::string name;
    std::string scenario_json;  // the scenario document (the file itself, or its "scenario" member)
};
std::vector<Golden> golden_scenarios();  // ui_harness.cpp

// --- The page, headless --------------------------------------------------------------------------------
struct ProbedItem {
    ImGuiID id = 0;
    std::string label;
    ImRect rect;
    ImRect clip;  // the visible part of its window: an item scrolled out of view is not clickable
};

class Page {
public:
    explicit Page(const std::string& lang = "zh", ImVec2 size = ImVec2(1280, 800), float font_px = 16);
    ~Page();
    Page(const Page&) = delete;
    Page& operator=(const Page&) = delete;

    // Runs `n` frames; returns what the last app_frame returned (animating).
    bool frames(int n = 1);
    // What the platform does when the window changes size (web/platform/main.cpp load_fonts): the new display
    // size, and the fonts reloaded at the size chosen for it.
    void resize(ImVec2 size, float font_px);
    // Runs one frame with ImGui's log capturing every text it draws, and returns that text (a table row is
    // one line, "| a | b |"). ImGui 1.86 ends a log at the End() of any top-level window, so the log goes to
    // the clipboard (LogToClipboard), whose handler here collects it: the whole page in a plain frame, the
    // page up to the tooltip and the tooltip when one opens.
    std::string drawn_text();
    // Moves the mouse to the centre of the item labelled `label` (exact ImGui label, "##" part included),
    // presses and releases it over two frames. Returns false when no visible item has that label.
    bool click(const std::string& label);
    bool click_at(ImVec2 p);
    void hover(ImVec2 p);
    // Turns the mouse wheel over `p`: dx notches sideways (ImGui's MouseWheelH), dy up and down; over three frames.
    void wheel(ImVec2 p, float dx, float dy);
    // Types into the item with `label`: clicks it, selects all, types `text`, presses Enter.
    bool type_into(const std::string& label, const std::string& text);
    void press_key(ImGuiKey key, bool ctrl = false);

    const ProbedItem* find(const std::string& label) const;
    // Widgets ImGui 1.86 reports without a label (combos): found by their ID path instead, from the
    // window whose name contains `window_part` ("/inputs_" is the side panel), through PushID strings.
    bool click_path(const std::string& window_part, const std::vector<std::string>& path);
    // The last frame's rectangle of the item click_path would click, or nullptr.
    const ImRect* path_rect(const std::string& window_part, const std::vector<std::string>& path) const;
    // The last text the page asked the platform to put on the clipboard (app_take_clipboard_request).
    const std::string& clipboard() const { return clipboard_; }
    const std::vector<ProbedItem>& items() const { return items_; }
    AppState& state() { return *app_; }
    AppState* app() { return app_; }
    ImVec2 size() const { return size_; }

private:
    static void on_item_add(void* user, unsigned id, float x0, float y0, float x1, float y1);
    static void on_item_info(void* user, unsigned id, const char* label);
    void key_event(ImGuiKey key, bool down, bool ctrl);

    std::string clipboard_;
    ImGuiContext* ctx_ = nullptr;
    AppState* app_ = nullptr;
    ImVec2 size_;
    std::map<ImGuiID, ImRect> rects_;        // this frame's item rectangles
    std::map<ImGuiID, ImRect> clips_;        // and their windows' visible rectangles
    std::vector<ProbedItem> items_;          // this frame's labelled items
    std::vector<ProbedItem> building_;       // being collected during the current frame
};

// --- Judged words ----------------------------------------------------------------------------------
// JudgedWord and VerdictBadge (widgets.hpp) register a probe item labelled "word##probe_id". The item whose
// label ends with `probe_id`, or nullptr when the page drew none; and the word it shows, or "".
inline const ProbedItem* probed(const Page& page, const std::string& probe_id) {
    for (const ProbedItem& it : page.items())
        if (it.label.size() >= probe_id.size() &&
            it.label.compare(it.label.size() - probe_id.size(), probe_id.size(), probe_id) == 0)
            return &it;
    return nullptr;
}

inline std::string shown(const Page& page, const std::string& probe_id) {
    const ProbedItem* it = probed(page, probe_id);
    return it ? it->label.substr(0, it->label.size() - probe_id.size()) : "";
}

}  // namespace infersizer::app::test
