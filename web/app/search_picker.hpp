// search_picker.hpp — the searchable picker the model and hardware panels share (issue #9): a combo whose
// list opens below its box (above it only when there is no room below, never over it), a search field that
// keeps the keyboard, Up/Down that move a highlight over the matching rows, and Enter that picks it.
#pragma once

#include <string>

namespace infersizer::app {

// Where the picker `combo_id` ("##model", "##hardware") drew its closed box in the last frame, as
// "x0 y0 x1 y1" in ImGui's (CSS) pixels, or "" before it was drawn: lets browser tests click it.
std::string picker_box(const std::string& combo_id);

class SearchPicker {
public:
    // Like ImGui::BeginCombo(combo_id, preview): false while closed. When true, call search(), row() for each
    // matching entry, then end().
    bool begin(const char* combo_id, const char* preview);
    // The search field at the top of the list; it takes the keyboard when the list opens. A changed text
    // moves the highlight to the first match.
    void search(const char* id, const char* hint, std::string& text);
    // One matching entry. True when it is picked: clicked, or highlighted when Enter was pressed (the list
    // then closes). `current`: the scenario's value, highlighted when the list opens.
    bool row(const char* label, bool current);
    void end();

private:
    int highlight_ = 0;    // index among this frame's rows; -1: not placed yet (goes to `current`, else 0)
    int rows_ = 0;         // rows drawn so far this frame
    int last_rows_ = 0;    // rows the previous frame drew (Up/Down clamp to them)
    bool moved_ = false;   // the highlight moved this frame: scroll it into view
    bool enter_ = false;   // Enter pressed in the search field this frame
    unsigned storage_id_ = 0;  // the highlight's key in the popup's state storage
    unsigned rows_id_ = 0;     // last_rows_'s
};

}  // namespace infersizer::app
