// search_picker.cpp — the searchable picker (search_picker.hpp).
#include "search_picker.hpp"

#include <algorithm>
#include <imgui.h>
#include <imgui_stdlib.h>
#include <map>

namespace infersizer::app {

namespace {

std::map<std::string, std::string>& boxes() {
    static std::map<std::string, std::string> drawn;
    return drawn;
}

// Up/Down in the search field: ImGui hands them to the history callback (and not to keyboard navigation,
// which would move the focus out of the field) only when the field asks for that callback.
int arrow_keys(ImGuiInputTextCallbackData* data) {
    if (data->EventFlag == ImGuiInputTextFlags_CallbackHistory) {
        int& move = *static_cast<int*>(data->UserData);
        if (data->EventKey == ImGuiKey_UpArrow) --move;
        if (data->EventKey == ImGuiKey_DownArrow) ++move;
    }
    return 0;
}

}  // namespace

std::string picker_box(const std::string& combo_id) {
    const auto it = boxes().find(combo_id);
    return it == boxes().end() ? "" : it->second;
}

bool SearchPicker::begin(const char* combo_id, const char* preview) {
    // The list may be as tall as the room under the box. With room for only a few rows there, it may be as
    // tall as the room above instead, and ImGui's combo placement (below, else above) then puts it there:
    // either way it never covers its own box, as an unconstrained list taller than the room would.
    const ImGuiStyle& style = ImGui::GetStyle();
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    const float top = ImGui::GetCursorScreenPos().y;
    const float bottom = top + ImGui::GetFrameHeight();
    const float room_below = vp->WorkPos.y + vp->WorkSize.y - style.DisplaySafeAreaPadding.y - bottom;
    const float room_above = top - vp->WorkPos.y - style.DisplaySafeAreaPadding.y;
    const float few_rows = ImGui::GetTextLineHeightWithSpacing() * 8;
    const float max_h = std::max(1.0f, room_below >= few_rows ? room_below : std::max(room_below, room_above));
    const float max_w = std::max(1.0f, vp->WorkSize.x - 2 * style.DisplaySafeAreaPadding.x);
    ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(max_w, max_h));
    if (!ImGui::BeginCombo(combo_id, preview)) {
        const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
        boxes()[combo_id] = std::to_string(a.x) + " " + std::to_string(a.y) + " " + std::to_string(b.x) + " " +
                            std::to_string(b.y);
        return false;
    }

    // The highlight lives in the popup's state storage, under the combo's name (both pickers share the popup).
    storage_id_ = ImGui::GetID(combo_id);
    rows_id_ = ImGui::GetID((std::string(combo_id) + "/rows").c_str());
    ImGuiStorage* st = ImGui::GetStateStorage();
    if (ImGui::IsWindowAppearing()) st->SetInt(storage_id_, -1);
    highlight_ = st->GetInt(storage_id_, -1);
    last_rows_ = st->GetInt(rows_id_, 0);
    rows_ = 0;
    moved_ = false;
    enter_ = false;
    return true;
}

void SearchPicker::search(const char* id, const char* hint, std::string& text) {
    if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
    ImGui::SetNextItemWidth(-1);
    int move = 0;
    const std::string before = text;
    enter_ = ImGui::InputTextWithHint(id, hint, &text,
                                      ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_CallbackHistory,
                                      arrow_keys, &move);
    if (text != before) highlight_ = 0;  // a new search: its first match
    if (move != 0 && last_rows_ > 0) {
        highlight_ = std::clamp(std::max(highlight_, 0) + move, 0, last_rows_ - 1);
        moved_ = true;
    }
    // Enter leaves the field; with no match to pick the list stays open, so the field keeps the keyboard.
    if (enter_ && last_rows_ == 0) ImGui::SetKeyboardFocusHere(-1);
}

bool SearchPicker::row(const char* label, bool current) {
    const int index = rows_++;
    if (highlight_ < 0 && current) highlight_ = index;
    const bool lit = index == highlight_;
    bool picked = ImGui::Selectable(label, lit);
    if (current) ImGui::SetItemDefaultFocus();
    if (lit && moved_) ImGui::SetScrollHereY();
    if (lit && enter_ && !picked) {
        picked = true;
        ImGui::CloseCurrentPopup();
    }
    return picked;
}

void SearchPicker::end() {
    if (highlight_ < 0 || highlight_ >= rows_) highlight_ = rows_ > 0 ? std::clamp(highlight_, 0, rows_ - 1) : 0;
    ImGuiStorage* st = ImGui::GetStateStorage();
    st->SetInt(storage_id_, highlight_);
    st->SetInt(rows_id_, rows_);
    ImGui::EndCombo();
}

}  // namespace infersizer::app
