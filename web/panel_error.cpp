// The error line: Python's exception name and PyTorch's message, in red.
#include "panels.hpp"
#include "theme.hpp"

namespace whence::web {

namespace {

std::string error_line(const ErrorInfo& error) {
  return error.type + ": " + error.message + (error.explanation.empty() ? "" : "\n\n" + error.explanation);
}

}  // namespace

float error_text_height(const ErrorInfo& error, float wrap_width) {
  const std::string line = error_line(error);
  ImFont* font = theme::fonts().ui;
  return font->CalcTextSizeA(font_px(font), 1e9f, wrap_width, line.c_str()).y;
}

void draw_error_text(const ErrorInfo& error, float wrap_width) {
  const std::string line = error_line(error);
  ImGui::PushFont(theme::fonts().ui);
  ImGui::PushStyleColor(ImGuiCol_Text, theme::palette().error);
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + wrap_width);
  ImGui::TextUnformatted(line.c_str());
  ImGui::PopTextWrapPos();
  ImGui::PopStyleColor();
  ImGui::PopFont();
}

}  // namespace whence::web
