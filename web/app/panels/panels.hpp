// panels.hpp — one draw function per panel, one file per panel (web/app/panels/<name>.cpp).
//
// Inputs (the side panel, in the seed's order) edit the scenario through edit_scenario(); results draw
// s.result and compute nothing. app.cpp lays them out; panels never call back into it.
#pragma once

#include "app_state.hpp"

namespace infersizer::app {

// Header: title, language toggle, copy link, URL and edit messages.
void DrawHeader(AppState& s);
void DrawMessages(AppState& s);
// Export beside "copy link": copy / download the markdown report, download CSV / JSON, save a PNG
// (export_menu.cpp). ExportButtonWidth is what the header keeps for it on its right-aligned row.
void DrawExportMenu(AppState& s);
float ExportButtonWidth(const AppState& s);
std::string export_box(const std::string& id);  // tests: "x0 y0 x1 y1" of an export item, "" before drawn
void DrawUserCatalogMessages(AppState& s);  // what loading your own catalog did (user_catalog_panel.cpp)

// Inputs ①–④.
void DrawModelPanel(AppState& s);      // ① model & format
void DrawModelFileSection(AppState& s);  // ① the model's own files (model_file_panel.cpp)
void DrawTrafficPanel(AppState& s);    // ② context & traffic
void DrawHardwarePanel(AppState& s);   // ③ where it runs
void DrawHeadroomPanel(AppState& s);   // ④ headroom and verification
void DrawHeadroomJump(AppState& s);    // a button that scrolls the inputs to ④ (headroom_panel.cpp)

// Results.
void DrawVerdictPanel(AppState& s);
void DrawMemoryPanel(AppState& s);
void DrawSpeedPanel(AppState& s);
void DrawDecisionPanel(AppState& s);
void DrawFaqPanel(AppState& s);        // the seed's two questions, answered by the core (result.faq)
void DrawPlanPanel(AppState& s);
void DrawCostPanel(AppState& s);
void DrawWarningsPanel(AppState& s);
void DrawChartsPanel(AppState& s);     // the curves and the reverse questions (charts_panel.cpp)

}  // namespace infersizer::app
