// The call as PyTorch code: an editable line, "Copy as PyTorch", and any error that is not
// about one argument (a syntax error, an unknown op).
#include <imgui.h>
#include <imgui_internal.h>  // ClearActiveID: drop the field's focus when the text changes outside
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
    if (a.named_by(error->arg)) return true;
  return false;
}

bool tool_button(App& app, const char* label, const char* name, const char* tooltip, bool enabled, float h) {
  ImGui::BeginDisabled(!enabled);
  const bool pressed = ImGui::Button(label, ImVec2(0, h));
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%s", tooltip);
  app.report_control(name);
  return pressed && enabled;
}

// Undo and redo, then a menu: reset, random values, the equation as LaTeX, the canvas as a PNG.
void draw_call_tools(App& app, float h) {
  if (tool_button(app, "Undo", "undo", "Undo the last edit of the call (Ctrl+Z)", app.history.can_undo(), h))
    app.undo();
  ImGui::SameLine(0, 4);
  if (tool_button(app, "Redo", "redo", "Redo (Ctrl+Shift+Z or Ctrl+Y)", app.history.can_redo(), h)) app.redo();
  ImGui::SameLine(0, 4);
  if (tool_button(app, "\xe2\x80\xa6", "tools", "Reset, random values, copy as LaTeX, export PNG", true, h))  // …
    ImGui::OpenPopup("tools");
  if (ImGui::BeginPopup("tools")) {
    if (ImGui::MenuItem("Reset to the example", nullptr, false,
                        !app.state.default_example().empty() && app.state.default_example() != app.state.text()))
      app.reset_example();
    app.report_control("reset");
    if (ImGui::MenuItem("Random values", nullptr, false, app.state.parsed())) app.random_fill();
    app.report_control("random");
    if (ImGui::MenuItem("Copy equation as LaTeX", nullptr, false, !app.last_equation.empty()))
      interop::copy_to_clipboard(app.latex());
    app.report_control("latex");
    if (ImGui::MenuItem("Export PNG")) app.export_png = true;
    app.report_control("png");
    ImGui::EndPopup();
  }
}

}  // namespace

void draw_call_editor(App& app) {
  const auto& f = theme::fonts();
  const bool copied = ImGui::GetTime() - app.copied_at < 1.5;
  const char* copy_label = copied ? "Copied" : "Copy as PyTorch";
  const float button_w = ImGui::CalcTextSize("Copy as PyTorch").x + 2 * 12;
  const float tools_w =
      ImGui::CalcTextSize("UndoRedo\xe2\x80\xa6").x + 6 * 12 + 8 + 2 * ImGui::GetStyle().ItemSpacing.x;

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
  // A narrow widget (a phone) gives the field the whole row and the buttons the next one.
  const float beside = button_w + tools_w + ImGui::GetStyle().ItemSpacing.x;
  const bool narrow = ImGui::GetContentRegionAvail().x - beside < 280;
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - (narrow ? 0 : beside));
  if (ImGui::InputText("##call", &app.call_buffer)) app.request_text(app.call_buffer);
  app.report_control("call");
  const float field_h = ImGui::GetItemRectSize().y;
  if (bad) ImGui::PopStyleColor();
  ImGui::PopStyleColor(3);
  ImGui::PopStyleVar();
  ImGui::PopFont();

  if (!narrow) ImGui::SameLine();
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(12, 8));
  draw_call_tools(app, field_h);
  ImGui::SameLine();
  if (ImGui::Button(copy_label, ImVec2(button_w, field_h))) {
    interop::copy_to_clipboard(app.state.text());
    app.copied_at = ImGui::GetTime();
  }
  app.report_control("copy");
  ImGui::PopStyleVar();

  const auto& error = app.state.error();
  if (error && !error_has_card(app.state)) {
    draw_error_text(*error, ImGui::GetContentRegionAvail().x);
    app.report_control("error");
  }
}

}  // namespace whence::web
