// imgui_user_config.h — ImGui build configuration for InferSizer (selected with IMGUI_USER_CONFIG).
//
// Routes IM_ASSERT through a hook so the headless UI test can record a failed ImGui assertion (a misused
// API: unbalanced Begin/End, a bad ID stack) as a test failure with its expression and place, instead of
// aborting the process. Without an installed handler it behaves like assert(): aborts in debug builds,
// does nothing when NDEBUG is defined (ImGui's own default).
#pragma once

using InfersizerImAssertHandler = void (*)(const char* expr, const char* file, int line);
void infersizer_imgui_assert_failed(const char* expr, const char* file, int line);
// Installs `handler` (nullptr restores the default) and returns the previous one.
InfersizerImAssertHandler infersizer_imgui_set_assert_handler(InfersizerImAssertHandler handler);

#define IM_ASSERT(_EXPR) ((_EXPR) ? (void)0 : infersizer_imgui_assert_failed(#_EXPR, __FILE__, __LINE__))
