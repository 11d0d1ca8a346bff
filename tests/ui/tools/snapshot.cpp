// snapshot.cpp — renders the page headless to an image with a tiny software rasterizer over ImGui's draw
// data (no GPU, no browser): a developer's look at the layout at any size, language and scenario.
//
//   infersizer_ui_snapshot OUT.ppm [--lang zh|en] [--size 1280x800] [--scenario FILE.json] [--query Q]
//                                  [--font-px 16] [--hover X,Y] [--charts 1]   (--charts: the curves section open)
#include "app.hpp"
#include "app_state.hpp"
#include "bundled_catalog.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Image {
    int w, h;
    std::vector<float> rgb;  // linear 0..1, no gamma: ImGui colours are used as given
};

struct Texture {
    int w = 0, h = 0;
    const unsigned char* rgba = nullptr;
};

void blend(Image& img, int x, int y, const float c[4]) {
    float* p = &img.rgb[(static_cast<size_t>(y) * img.w + x) * 3];
    for (int k = 0; k < 3; ++k) p[k] = p[k] * (1 - c[3]) + c[k] * c[3];
}

void raster_triangle(Image& img, const Texture& tex, const ImDrawVert* v[3], const ImVec4& clip) {
    const float x0 = std::max(clip.x, std::min({v[0]->pos.x, v[1]->pos.x, v[2]->pos.x}));
    const float x1 = std::min(clip.z, std::max({v[0]->pos.x, v[1]->pos.x, v[2]->pos.x}));
    const float y0 = std::max(clip.y, std::min({v[0]->pos.y, v[1]->pos.y, v[2]->pos.y}));
    const float y1 = std::min(clip.w, std::max({v[0]->pos.y, v[1]->pos.y, v[2]->pos.y}));
    const float area = (v[1]->pos.x - v[0]->pos.x) * (v[2]->pos.y - v[0]->pos.y) -
                       (v[2]->pos.x - v[0]->pos.x) * (v[1]->pos.y - v[0]->pos.y);
    if (std::fabs(area) < 1e-6f) return;
    for (int y = std::max(0, int(std::floor(y0))); y < std::min(img.h, int(std::ceil(y1))); ++y)
        for (int x = std::max(0, int(std::floor(x0))); x < std::min(img.w, int(std::ceil(x1))); ++x) {
            const float px = x + 0.5f, py = y + 0.5f;
            float b[3];
            for (int i = 0; i < 3; ++i) {
                const ImDrawVert* a = v[(i + 1) % 3];
                const ImDrawVert* c = v[(i + 2) % 3];
                b[i] = ((c->pos.x - a->pos.x) * (py - a->pos.y) - (c->pos.y - a->pos.y) * (px - a->pos.x)) / area;
            }
            if (b[0] < 0 || b[1] < 0 || b[2] < 0) continue;
            float u = 0, t = 0, col[4] = {0, 0, 0, 0};
            for (int i = 0; i < 3; ++i) {
                u += b[i] * v[i]->uv.x;
                t += b[i] * v[i]->uv.y;
                const ImVec4 c = ImGui::ColorConvertU32ToFloat4(v[i]->col);
                col[0] += b[i] * c.x, col[1] += b[i] * c.y, col[2] += b[i] * c.z, col[3] += b[i] * c.w;
            }
            const int tx = std::min(tex.w - 1, std::max(0, int(u * tex.w)));
            const int ty = std::min(tex.h - 1, std::max(0, int(t * tex.h)));
            const unsigned char* texel = tex.rgba + (static_cast<size_t>(ty) * tex.w + tx) * 4;
            for (int k = 0; k < 4; ++k) col[k] *= texel[k] / 255.0f;
            blend(img, x, y, col);
        }
}

void render(Image& img, const Texture& tex, const ImDrawData* dd) {
    for (int n = 0; n < dd->CmdListsCount; ++n) {
        const ImDrawList* cl = dd->CmdLists[n];
        for (const ImDrawCmd& cmd : cl->CmdBuffer) {
            if (cmd.UserCallback) continue;
            for (unsigned i = 0; i + 2 < cmd.ElemCount; i += 3) {
                const ImDrawVert* v[3];
                for (int k = 0; k < 3; ++k) v[k] = &cl->VtxBuffer[cmd.VtxOffset + cl->IdxBuffer[cmd.IdxOffset + i + k]];
                raster_triangle(img, tex, v, cmd.ClipRect);
            }
        }
    }
}

std::string read_file(const char* path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s OUT.ppm [--lang zh|en] [--size WxH] [--scenario FILE] [--query Q] [--hover X,Y]\n", argv[0]);
        return 2;
    }
    std::string lang = "zh", scenario, query;
    int w = 1280, h = 800;
    float font_px = 16, hover_x = -1, hover_y = -1;
    bool charts = false;
    for (int i = 2; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--lang")) lang = argv[i + 1];
        else if (!std::strcmp(argv[i], "--size")) std::sscanf(argv[i + 1], "%dx%d", &w, &h);
        else if (!std::strcmp(argv[i], "--scenario")) scenario = read_file(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--query")) query = argv[i + 1];
        else if (!std::strcmp(argv[i], "--font-px")) font_px = std::stof(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--hover")) std::sscanf(argv[i + 1], "%f,%f", &hover_x, &hover_y);
        else if (!std::strcmp(argv[i], "--charts")) charts = std::strcmp(argv[i + 1], "0") != 0;
    }

    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(float(w), float(h));
    io.DeltaTime = 1.0f / 60.0f;
    const infersizer::CatalogFiles f = infersizer::bundled::files();
    infersizer::app::AppState* app = infersizer::app::app_create({f.models, f.hardware, f.formats, f.engines, f.prices}, lang);
    infersizer::app::app_load_fonts(app, font_px);
    Texture tex;
    io.Fonts->GetTexDataAsRGBA32(const_cast<unsigned char**>(&tex.rgba), &tex.w, &tex.h);
    if (!query.empty()) infersizer::app::app_apply_query(app, query);
    app->charts_open = charts;
    if (!scenario.empty()) {
        const std::string err = infersizer::app::app_set_scenario_json(app, scenario);
        if (!err.empty()) std::fprintf(stderr, "%s\n", err.c_str());
    }
    for (int i = 0; i < 6; ++i) {
        if (i == 3 && hover_x >= 0) io.MousePos = ImVec2(hover_x, hover_y);
        ImGui::NewFrame();
        infersizer::app::app_frame(app);
        ImGui::Render();
    }
    Image img{w, h, std::vector<float>(size_t(w) * h * 3, 0.0f)};
    render(img, tex, ImGui::GetDrawData());

    std::FILE* out = std::fopen(argv[1], "wb");
    if (!out) return 1;
    std::fprintf(out, "P6\n%d %d\n255\n", w, h);
    for (float c : img.rgb) std::fputc(static_cast<int>(std::min(1.0f, std::max(0.0f, c)) * 255.0f + 0.5f), out);
    std::fclose(out);
    std::printf("atlas %dx%d, wrote %s\n", tex.w, tex.h, argv[1]);
    infersizer::app::app_destroy(app);
    ImGui::DestroyContext();
    return 0;
}
