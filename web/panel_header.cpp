// The op header: "torch.gather" and its signature, with a link to PyTorch's docs.
#include <emscripten.h>

#include "panels.hpp"
#include "theme.hpp"

namespace whence::web {

namespace {

// clang-format off
EM_JS(void, js_open_url, (const char* url), { window.open(UTF8ToString(url), '_blank', 'noopener'); });
// clang-format on

}  // namespace

void draw_header(App& app) {
  const State& state = app.state;
  const OpInfo& op = state.op();
  const std::string name = state.parsed() ? state.call().op : (op.names.empty() ? "" : op.names[0]);
  const auto& f = theme::fonts();

  ImGui::PushFont(f.title);
  ImGui::TextUnformatted(name.c_str());
  ImGui::PopFont();

  if (!op.signature.empty()) {
    ImGui::SameLine(0, 14);
    // Sit the signature on the title's baseline.
    ImGui::SetCursorPosY(ImGui::GetCursorPosY() + (font_px(f.title) - font_px(f.mono)) * 0.6f);
    ImGui::PushFont(f.mono);
    ImGui::PushStyleColor(ImGuiCol_Text, theme::palette().muted);
    ImGui::TextUnformatted(op.signature.c_str());
    ImGui::PopStyleColor();
    ImGui::PopFont();
  }

  if (!op.docs.empty()) {
    const char* label = "PyTorch docs \xe2\x86\x97";  // ↗
    const float w = ImGui::CalcTextSize(label).x;
    const float right = ImGui::GetWindowContentRegionMax().x;
    const float used = ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x;
    if (used + 24 > right - w) return;  // no room beside a long signature
    ImGui::SameLine(right - w);
    ImGui::PushStyleColor(ImGuiCol_Text, theme::palette().muted);
    ImGui::TextUnformatted(label);
    ImGui::PopStyleColor();
    if (ImGui::IsItemHovered()) {
      ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
      const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
      ImGui::GetWindowDrawList()->AddLine(ImVec2(a.x, b.y), b, theme::palette().muted);
    }
    if (ImGui::IsItemClicked()) js_open_url(op.docs.c_str());
  }
}

}  // namespace whence::web
