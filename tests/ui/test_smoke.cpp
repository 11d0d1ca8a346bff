#include "app.hpp"
#include "bundled_catalog.hpp"
#include <gtest/gtest.h>
#include <imgui.h>
TEST(UiSmoke, Skeleton) {
    ImGui::CreateContext();
    auto f = infersizer::bundled::files();
    auto* s = infersizer::app::app_create({f.models, f.hardware, f.formats, f.engines, f.prices}, "zh");
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(1280, 800);
    infersizer::app::app_load_fonts(s, 16);
    unsigned char* px; int w, h; io.Fonts->GetTexDataAsRGBA32(&px, &w, &h);
    for (int i = 0; i < 3; ++i) { ImGui::NewFrame(); infersizer::app::app_frame(s); ImGui::Render(); }
    printf("%s\n", infersizer::app::app_catalog_summary(s).c_str());
    infersizer::app::app_destroy(s);
    ImGui::DestroyContext();
}
