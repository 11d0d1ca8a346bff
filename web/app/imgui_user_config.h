// imgui_user_config.h — ImGui build configuration for InferSizer (selected with IMGUI_USER_CONFIG).
//
// Two hooks for the headless UI test (tests/ui), both inert unless a test installs a handler:
//  * IM_ASSERT goes through infersizer_imgui_assert_failed, so a failed ImGui assertion (unbalanced
//    Begin/End, a bad ID stack) is recorded as a test failure with its expression and place instead of
//    aborting. Without a handler it behaves like assert(): aborts in debug builds, nothing under NDEBUG.
//  * IMGUI_ENABLE_TEST_ENGINE turns on ImGui's item hooks (label and rectangle of every widget), which
//    lets the test find "复制链接" or a plan row and click it. ImGui calls them only while
//    ImGuiContext::TestEngineHookItems is set, which only the test does.
#pragma once

using InfersizerImAssertHandler = void (*)(const char* expr, const char* file, int line);
void infersizer_imgui_assert_failed(const char* expr, const char* file, int line);
// Installs `handler` (nullptr restores the default) and returns the previous one.
InfersizerImAssertHandler infersizer_imgui_set_assert_handler(InfersizerImAssertHandler handler);

#define IM_ASSERT(_EXPR) ((_EXPR) ? (void)0 : infersizer_imgui_assert_failed(#_EXPR, __FILE__, __LINE__))

// Item probe: called for each widget with its id, label (may be null) and rectangle (x0, y0, x1, y1).
struct InfersizerItemProbe {
    void (*item_add)(void* user, unsigned id, float x0, float y0, float x1, float y1);
    void (*item_info)(void* user, unsigned id, const char* label);
    void* user;
};
void infersizer_imgui_set_item_probe(const InfersizerItemProbe* probe);  // nullptr removes it
#define IMGUI_ENABLE_TEST_ENGINE

// Nothing on the page calls ImGui's pre-1.86 names or its debug windows, and it reads no file (fonts come from memory,
// there is no imgui.ini, the URL carries the state): 2.4 KB gzip of the start-up files, most of it the C library's
// file functions (docs/size.md).
#define IMGUI_DISABLE_OBSOLETE_FUNCTIONS
#define IMGUI_DISABLE_METRICS_WINDOW
#define IMGUI_DISABLE_FILE_FUNCTIONS
