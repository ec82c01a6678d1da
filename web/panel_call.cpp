// The call as PyTorch code: an editable line, "Copy as PyTorch", and any error that is not
// about one argument (a syntax error, an unknown op).
#include <imgui_internal.h>  // ClearActiveID: drop the field's focus when the text changes outside
#include <imgui.h>
#include <imgui_stdlib.h>

#include "interop.hpp"
#include "panels.hpp"
#include "theme.hpp"

namespace whence::web {

namespace {

bool error_has_card(const State& state) {
  const auto& error = state.error();
  if (!error || error->arg.empty() || !state.parsed()) return false;
  for (const ArgItem& a : state.args())
    if (a.label == error->arg) return true;
  return false;
}

}  // namespace

void draw_call_editor(App& app) {
  const auto& f = theme::fonts();
  const bool copied = ImGui::GetTime() - app.copied_at < 1.5;
  const char* copy_label = copied ? "Copied" : "Copy as PyTorch";
  const float button_w = ImGui::CalcTextSize("Copy as PyTorch").x + 2 * 12;

  if (app.call_field_reset) {
    ImGuiID field = ImGui::GetID("##call");
    if (ImGui::GetActiveID() == field) ImGui::ClearActiveID();
    app.call_field_reset = false;
  }

  const bool bad = !app.state.parsed();
  ImGui::PushFont(f.mono);
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(10, 8));
  ImGui::PushStyleColor(ImGuiCol_FrameBg, theme::palette().surface);
  ImGui::PushStyleColor(ImGuiCol_FrameBgHovered, theme::palette().surface);
  ImGui::PushStyleColor(ImGuiCol_FrameBgActive, theme::palette().background);
  if (bad) ImGui::PushStyleColor(ImGuiCol_Border, theme::palette().error);
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - button_w - ImGui::GetStyle().ItemSpacing.x);
  if (ImGui::InputText("##call", &app.call_buffer)) app.request_text(app.call_buffer);
  app.report_control("call");
  const float field_h = ImGui::GetItemRectSize().y;
  if (bad) ImGui::PopStyleColor();
  ImGui::PopStyleColor(3);
  ImGui::PopStyleVar();
  ImGui::PopFont();

  ImGui::SameLine();
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(12, 8));
  if (ImGui::Button(copy_label, ImVec2(button_w, field_h))) {
    interop::copy_to_clipboard(app.state.text());
    app.copied_at = ImGui::GetTime();
  }
  app.report_control("copy");
  ImGui::PopStyleVar();

  const auto& error = app.state.error();
  if (error && !error_has_card(app.state)) draw_error_text(*error, ImGui::GetContentRegionAvail().x);
}

}  // namespace whence::web
