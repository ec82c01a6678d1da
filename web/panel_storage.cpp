// The storage strip: when the result is a view of a tensor argument (it shares its storage),
// the base's storage as one row of cells, storage[k] lit for the pointed-at element of the
// view or of the base (k = offset + Σ index·stride), and the view's strides, offset and
// whether it is contiguous. Pointing at a storage cell points at the base element stored there.
#include <algorithm>

#include <imgui.h>

#include "format.hpp"
#include "panels.hpp"
#include "theme.hpp"

namespace whence::web {

namespace {

constexpr std::int64_t kMaxStrip = 1024;    // longer storages: a window of the strip,
constexpr std::int64_t kStripWindow = 128;  // this many cells around the lit one

std::int64_t storage_index(const Shape& shape, const Shape& strides, std::int64_t offset, std::int64_t flat) {
  const auto index = unravel(shape, flat);
  std::int64_t k = offset;
  for (std::size_t d = 0; d < index.size() && d < strides.size(); ++d) k += index[d] * strides[d];
  return k;
}

Shape contiguous_strides(const Shape& shape) {
  Shape s(shape.size(), 1);
  for (int d = int(shape.size()) - 2; d >= 0; --d)
    s[std::size_t(d)] = s[std::size_t(d) + 1] * std::max<std::int64_t>(shape[std::size_t(d) + 1], 1);
  return s;
}

// Contiguous as PyTorch judges it: strides of dimensions of size 1 do not matter.
bool is_contiguous(const Shape& shape, const Shape& strides) {
  const Shape want = contiguous_strides(shape);
  for (std::size_t d = 0; d < shape.size(); ++d)
    if (shape[d] != 1 && strides[d] != want[d]) return false;
  return true;
}

}  // namespace

StorageInfo storage_info(App& app) {
  StorageInfo info;
  const State& state = app.state;
  if (state.stale() || state.views().empty()) return info;
  const ViewInfo& view = state.views()[0];
  const TensorItem* base = state.find_tensor(view.of);
  if (view.result < 0 || std::size_t(view.result) >= state.outputs().size() || !base) return info;
  const TensorItem& out = state.outputs()[std::size_t(view.result)];
  info.view = &view;
  info.base = base;
  info.out = &out;
  info.contiguous = is_contiguous(out.tensor.shape(), view.strides);
  std::int64_t length = 0;
  info.base_cells.resize(std::size_t(base->tensor.numel()));
  for (std::int64_t e = 0; e < base->tensor.numel(); ++e) {
    const std::int64_t k = storage_index(base->tensor.shape(), base->tensor.strides(), base->tensor.offset(), e);
    info.base_cells[std::size_t(e)] = k;
    length = std::max(length, k + 1);
  }
  info.view_cells.resize(std::size_t(out.tensor.numel()));
  for (std::int64_t e = 0; e < out.tensor.numel(); ++e) {
    const std::int64_t k = storage_index(out.tensor.shape(), view.strides, view.offset, e);
    info.view_cells[std::size_t(e)] = k;
    length = std::max(length, k + 1);
  }
  info.length = length;
  const CellRef& active = app.selection.active();
  if (active.tensor == out.id && active.element >= 0 && std::size_t(active.element) < info.view_cells.size())
    info.selected = info.view_cells[std::size_t(active.element)];
  if (active.tensor == base->id && active.element >= 0 && std::size_t(active.element) < info.base_cells.size())
    info.selected = info.base_cells[std::size_t(active.element)];
  return info;
}

void draw_storage(App& app, float width) {
  const StorageInfo info = storage_info(app);
  if (!info.view) return;
  const auto& f = theme::fonts();
  const ViewInfo& view = *info.view;
  const TensorItem& base = *info.base;
  const TensorItem& out = *info.out;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float pad = theme::kCardPad;
  const ImVec2 a = ImGui::GetCursorScreenPos();

  // The cells drawn: all of a short storage; of a long one, a window that follows the lit cell.
  static std::int64_t first = 0;
  const std::int64_t shown = info.length <= kMaxStrip ? info.length : kStripWindow;
  if (info.length <= kMaxStrip)
    first = 0;
  else if (info.selected >= 0 && (info.selected < first || info.selected >= first + shown))
    first = info.selected - shown / 2;
  first = std::clamp<std::int64_t>(first, 0, info.length - shown);
  // What storage cell first + i holds: the base element stored there ("·" for storage the base skips).
  std::vector<std::int64_t> element_at(std::size_t(shown), -1);
  for (std::size_t e = 0; e < info.base_cells.size(); ++e)
    if (info.base_cells[e] >= first && info.base_cells[e] < first + shown)
      element_at[std::size_t(info.base_cells[e] - first)] = std::int64_t(e);

  std::string head =
      out.label + " is a view of " + base.label + ": the same storage, strides " + format_shape(view.strides) +
      " and storage offset " + std::to_string(view.offset) + " \xc2\xb7 " +
      (info.contiguous ? "contiguous"
                       : "not contiguous (a contiguous " + format_shape(out.tensor.shape()) + " would have strides " +
                             format_shape(contiguous_strides(out.tensor.shape())) + ")");
  std::string detail = "element [i, j, \xe2\x80\xa6] is storage[offset + \xce\xa3 index \xc2\xb7 stride]";
  const CellRef& active = app.selection.active();
  if (info.selected >= 0) {
    const bool in_view = active.tensor == out.id;
    const Shape& shape = in_view ? out.tensor.shape() : base.tensor.shape();
    const Shape& strides = in_view ? view.strides : base.tensor.strides();
    const std::int64_t offset = in_view ? view.offset : base.tensor.offset();
    detail = cell_name(in_view ? out.label : base.label, shape, active.element) + " \xe2\x86\x92 storage[" +
             std::to_string(offset);
    const auto index = unravel(shape, active.element);
    for (std::size_t d = 0; d < index.size(); ++d)
      detail += " + " + std::to_string(index[d]) + "\xc2\xb7" + std::to_string(strides[d]);
    detail += "] = storage[" + std::to_string(info.selected) + "]";
    const std::int64_t e =
        info.selected >= first && info.selected < first + shown ? element_at[std::size_t(info.selected - first)] : -1;
    if (e >= 0) detail += " = " + base.text[std::size_t(e)];
  }
  app.storage_text = detail;
  if (shown < info.length)
    head += " \xc2\xb7 showing storage[" + std::to_string(first) + " .. " + std::to_string(first + shown - 1) +
            "] of " + std::to_string(info.length) + ", around the lit element";

  const float text_wrap = width - 2 * pad;
  const float head_h = f.ui->CalcTextSizeA(font_px(f.ui), 1e9f, text_wrap, head.c_str()).y;
  const float detail_h = font_px(f.mono) + 4;
  const auto& colors = theme::tensor_colors(base.slot);
  float cell_w = theme::kCellMinWidth;
  for (const auto& t : base.text)
    cell_w = std::max(cell_w, f.mono->CalcTextSizeA(font_px(f.mono), 1e9f, 0, t.c_str()).x + 2 * theme::kCellPadX);
  const float pitch = cell_w + theme::kCellGap;
  const float strip_label_h = font_px(f.small) + 4;
  const bool draw_strip = shown > 0;
  const float strip_h = draw_strip ? strip_label_h + theme::kCellHeight : 0;
  const float height = 2 * pad + font_px(f.ui_bold) + 6 + head_h + 8 + detail_h + 8 + strip_h;
  const ImVec2 b(a.x + width, a.y + height);
  dl->AddRectFilled(a, b, theme::palette().surface, theme::kCardRounding);
  dl->AddRect(a, b, theme::palette().border, theme::kCardRounding);
  float y = a.y + pad;
  dl->AddText(f.ui_bold, font_px(f.ui_bold), ImVec2(a.x + pad, y), theme::palette().text,
              ("storage of " + base.label).c_str());
  y += font_px(f.ui_bold) + 6;
  ImGui::SetCursorScreenPos(ImVec2(a.x + pad, y));
  ImGui::PushFont(f.ui);
  ImGui::PushStyleColor(ImGuiCol_Text, theme::palette().muted);
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + text_wrap);
  ImGui::TextUnformatted(head.c_str());
  ImGui::PopTextWrapPos();
  ImGui::PopStyleColor();
  ImGui::PopFont();
  y += head_h + 8;
  ImGui::SetCursorScreenPos(ImVec2(a.x + pad, y));
  draw_coloured_code(app, detail, f.mono, text_wrap, 1);
  y += detail_h + 8;

  if (draw_strip) {
    // Scrolls sideways when the storage is longer than the card is wide.
    const float strip_w = float(shown) * pitch;
    const bool scroll = strip_w > text_wrap;
    ImGui::SetCursorScreenPos(ImVec2(a.x + pad, y));
    if (scroll) {
      ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
      ImGui::BeginChild("storage-strip", ImVec2(text_wrap, strip_h + ImGui::GetStyle().ScrollbarSize), false,
                        ImGuiWindowFlags_HorizontalScrollbar);
    }
    ImDrawList* sdl = ImGui::GetWindowDrawList();
    const ImVec2 o = ImGui::GetCursorScreenPos();
    const ImVec2 m = ImGui::GetIO().MousePos;
    // The lit cell scrolled into view when it is not (so never while the pointer is on the strip).
    if (scroll && info.selected >= first && info.selected < first + shown) {
      const float x = float(info.selected - first) * pitch;
      if (x < ImGui::GetScrollX() || x + cell_w > ImGui::GetScrollX() + text_wrap)
        ImGui::SetScrollX(x + cell_w * 0.5f - text_wrap * 0.5f);
    }
    for (std::int64_t k = first; k < first + shown; ++k) {
      const ImVec2 ca(o.x + float(k - first) * pitch, o.y + strip_label_h),
          cb(ca.x + cell_w, ca.y + theme::kCellHeight);
      const std::string idx = std::to_string(k);
      const float iw = f.small->CalcTextSizeA(font_px(f.small), 1e9f, 0, idx.c_str()).x;
      sdl->AddText(f.small, font_px(f.small), ImVec2(std::floor(ca.x + (cell_w - iw) * 0.5f), o.y),
                   k == info.selected ? theme::palette().text : theme::palette().faint, idx.c_str());
      const std::int64_t e = element_at[std::size_t(k - first)];
      const bool lit = k == info.selected;
      sdl->AddRectFilled(ca, cb,
                         lit      ? colors.strong
                         : e >= 0 ? colors.tint
                                  : theme::palette().background,
                         theme::kCellRounding);
      sdl->AddRect(ca, cb, lit ? colors.strong : colors.ring, theme::kCellRounding, 0, 1);
      const std::string text = e >= 0 ? base.text[std::size_t(e)] : "\xc2\xb7";
      const ImVec2 ts = f.mono->CalcTextSizeA(font_px(f.mono), 1e9f, 0, text.c_str());
      sdl->AddText(
          f.mono, font_px(f.mono),
          ImVec2(std::floor(ca.x + (cell_w - ts.x) * 0.5f), std::floor(ca.y + (theme::kCellHeight - ts.y) * 0.5f)),
          lit ? theme::palette().on_strong : theme::palette().text, text.c_str());
      ImGui::SetCursorScreenPos(ca);
      ImGui::PushID(int(k));
      ImGui::InvisibleButton("##storage", ImVec2(cell_w, theme::kCellHeight));
      ImGui::PopID();
      app.report_control("storage:" + idx);
      if (ImGui::IsItemHovered() && e >= 0 && m.x >= ca.x) app.report_hover(CellRef{base.id, e});
      if (ImGui::IsItemClicked(0) && e >= 0) app.selection.toggle_pin(CellRef{base.id, e});
    }
    ImGui::SetCursorScreenPos(ImVec2(o.x, o.y + strip_h));
    ImGui::Dummy(ImVec2(strip_w, 0));
    if (scroll) {
      ImGui::EndChild();
      ImGui::PopStyleVar();
    }
  }
  ImGui::SetCursorScreenPos(ImVec2(a.x, b.y));
}

}  // namespace whence::web
