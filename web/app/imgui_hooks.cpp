// imgui_hooks.cpp — the assertion and item hooks declared in imgui_user_config.h (part of infersizer_imgui).
#include <imgui.h>
#include <imgui_internal.h>

#include <cstdio>
#include <cstdlib>

namespace {
InfersizerImAssertHandler g_assert_handler = nullptr;
InfersizerItemProbe g_probe = {nullptr, nullptr, nullptr};
}  // namespace

InfersizerImAssertHandler infersizer_imgui_set_assert_handler(InfersizerImAssertHandler handler) {
    InfersizerImAssertHandler previous = g_assert_handler;
    g_assert_handler = handler;
    return previous;
}

void infersizer_imgui_assert_failed(const char* expr, const char* file, int line) {
    if (g_assert_handler) {
        g_assert_handler(expr, file, line);
        return;
    }
#ifndef NDEBUG
    std::fprintf(stderr, "%s:%d: IM_ASSERT(%s) failed\n", file, line, expr);
    std::abort();
#endif
}

void infersizer_imgui_set_item_probe(const InfersizerItemProbe* probe) {
    g_probe = probe ? *probe : InfersizerItemProbe{nullptr, nullptr, nullptr};
    if (ImGuiContext* ctx = ImGui::GetCurrentContext()) ctx->TestEngineHookItems = probe != nullptr;
}

// ImGui's test-engine hooks (imgui_internal.h, IMGUI_ENABLE_TEST_ENGINE).
void ImGuiTestEngineHook_ItemAdd(ImGuiContext*, const ImRect& bb, ImGuiID id) {
    if (g_probe.item_add) g_probe.item_add(g_probe.user, id, bb.Min.x, bb.Min.y, bb.Max.x, bb.Max.y);
}
void ImGuiTestEngineHook_ItemInfo(ImGuiContext*, ImGuiID id, const char* label, ImGuiItemStatusFlags) {
    if (g_probe.item_info) g_probe.item_info(g_probe.user, id, label);
}
void ImGuiTestEngineHook_Log(ImGuiContext*, const char*, ...) {}
const char* ImGuiTestEngine_FindItemDebugLabel(ImGuiContext*, ImGuiID) { return nullptr; }
