// The broadcast bar: each tensor argument's shape and the result's, aligned from the right so
// that the dimensions PyTorch pairs up sit in one column, and a warning when the broadcast
// made the result bigger than every operand in the way that is usually a mistake.
#include <algorithm>

#include <imgui.h>

#include "panels.hpp"
#include "theme.hpp"

namespace whence::web {

namespace {

constexpr float kPad = 10.0f;

float text_w(ImFont* font, const std::string& s) { return font->CalcTextSizeA(font_px(font), 1e9f, 0, s.c_str()).x; }

}  // namespace

void draw_broadcast(App& app) {
  const BroadcastInfo& info = app.broadcast();
  if (!info.active) return;
  const auto& f = theme::fonts();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  std::vector<Shape> shapes;
  for (const auto& op : info.operands) shapes.push_back(op.shape);
  const std::vector<std::string> lines = aligned_shapes(shapes, info.result);

  float label_w = text_w(f.ui_bold, "out");
  for (const auto& op : info.operands) label_w = std::max(label_w, text_w(f.ui_bold, op.label));
  float shapes_w = 0;
  for (const auto& l : lines) shapes_w = std::max(shapes_w, text_w(f.mono, l));
  const float line_h = font_px(f.mono) + 5;
  const float width = ImGui::GetContentRegionAvail().x;
  const float note_x = kPad + label_w + 12 + shapes_w + 24;
  const float note_w = std::max(160.0f, width - note_x - kPad);
  std::string note = "Broadcast: ";
  bool first = true;
  for (const auto& op : info.operands)
    if (op.expanded) {
      note += std::string(first ? "" : ", ") + op.label;
      first = false;
    }
  note += " lined up from the right; size-1 and missing dimensions repeat (faded copies; solid: the real element).";
  const float note_h = f.ui->CalcTextSizeA(font_px(f.ui), 1e9f, note_w, note.c_str()).y;
  float warn_h = 0;
  const std::string warning = info.warning.empty() ? "" : "Warning: " + info.warning;
  if (!warning.empty()) warn_h = 8 + f.ui->CalcTextSizeA(font_px(f.ui), 1e9f, width - 2 * kPad, warning.c_str()).y;

  const float block_h = std::max(line_h * float(lines.size()), note_h);
  const ImVec2 a = ImGui::GetCursorScreenPos();
  const ImVec2 b(a.x + width, a.y + 2 * kPad + block_h + warn_h);
  dl->AddRectFilled(a, b, theme::palette().surface, theme::kCardRounding);
  dl->AddRect(a, b, info.warning.empty() ? theme::palette().border : theme::palette().error, theme::kCardRounding);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const bool result = i + 1 == lines.size();
    const std::string& label = result ? std::string("out") : info.operands[i].label;
    const ImU32 colour = theme::tensor_colors(result ? theme::kOutputSlot : info.operands[i].slot).strong;
    const float y = a.y + kPad + float(i) * line_h;
    dl->AddText(f.ui_bold, font_px(f.ui_bold), ImVec2(a.x + kPad, y), colour, label.c_str());
    dl->AddText(f.mono, font_px(f.mono), ImVec2(a.x + kPad + label_w + 12, y),
                result || !info.operands[i].expanded ? theme::palette().text : theme::palette().muted,
                lines[i].c_str());
  }
  ImGui::SetCursorScreenPos(ImVec2(a.x + note_x, a.y + kPad));
  ImGui::PushFont(f.ui);
  ImGui::PushStyleColor(ImGuiCol_Text, theme::palette().muted);
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + note_w);
  ImGui::TextUnformatted(note.c_str());
  ImGui::PopTextWrapPos();
  ImGui::PopStyleColor();
  if (!warning.empty()) {
    ImGui::SetCursorScreenPos(ImVec2(a.x + kPad, a.y + kPad + block_h + 8));
    ImGui::PushStyleColor(ImGuiCol_Text, theme::palette().error);
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + width - 2 * kPad);
    ImGui::TextUnformatted(warning.c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
    app.report_control("broadcast-warning");
  }
  ImGui::PopFont();
  app.report_control("broadcast", ImRect(a, b));
  ImGui::SetCursorScreenPos(ImVec2(a.x, b.y + 10));
  ImGui::Dummy(ImVec2(0, 0));
}

}  // namespace whence::web
