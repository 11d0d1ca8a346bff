// imgui_assert_hook.cpp — the IM_ASSERT hook declared in imgui_user_config.h (part of infersizer_imgui).
#include "imgui_user_config.h"

#include <cstdio>
#include <cstdlib>

namespace {
InfersizerImAssertHandler g_handler = nullptr;
}

InfersizerImAssertHandler infersizer_imgui_set_assert_handler(InfersizerImAssertHandler handler) {
    InfersizerImAssertHandler previous = g_handler;
    g_handler = handler;
    return previous;
}

void infersizer_imgui_assert_failed(const char* expr, const char* file, int line) {
    if (g_handler) {
        g_handler(expr, file, line);
        return;
    }
#ifndef NDEBUG
    std::fprintf(stderr, "%s:%d: IM_ASSERT(%s) failed\n", file, line, expr);
    std::abort();
#endif
}
