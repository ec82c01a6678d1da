// The tensor grid: cells with values, axis indices, slice labels; highlights by role; hover,
// click to pin, double-click to edit. Only visible cells are drawn, so big tensors stay cheap.
#include <algorithm>
#include <cmath>
#include <string>
#include <unordered_map>
#include <vector>

#include <imgui.h>
#include <imgui_internal.h>  // ScrollToRect
#include <imgui_stdlib.h>

#include "broadcast.hpp"
#include "cell_stamp.hpp"
#include "format.hpp"
#include "panels.hpp"
#include "tensor_edit.hpp"
#include "theme.hpp"
#include "timings.hpp"

namespace whence::web {

namespace {

struct CellStyle {
  ImU32 fill, text, border;
  float border_w;
};

CellStyle cell_style(const theme::TensorColors& c, theme::Role role, bool dimmed, bool stale) {
  using theme::Role;
  if (stale) return {theme::palette().surface, theme::palette().faint, theme::palette().border, 1};
  switch (role) {
    case Role::Value: return {c.strong, theme::palette().on_strong, c.strong, 0};
    case Role::Index: return {c.soft, theme::palette().text, c.strong, 2.5f};
    case Role::Mask: return {c.soft, theme::palette().text, c.strong, 1.5f};
    case Role::Compare: return {c.tint, theme::palette().muted, c.strong, 1};
    case Role::Random: return {c.tint, theme::palette().text, c.strong, 1};
    case Role::None: break;
  }
  if (dimmed) return {theme::with_alpha(c.tint, 0.7f), theme::palette().faint, theme::with_alpha(c.ring, 0.6f), 1};
  return {c.tint, theme::palette().text, c.ring, 1};
}

// Visible index range [first, last) of a run of `count` cells of pitch `pitch` starting at
// `start`, inside [lo, hi].
void visible_range(float start, float pitch, std::int64_t count, float lo, float hi, std::int64_t* first,
                   std::int64_t* last) {
  *first = std::clamp<std::int64_t>(std::int64_t(std::floor((lo - start) / pitch)), 0, count);
  *last = std::clamp<std::int64_t>(std::int64_t(std::ceil((hi - start) / pitch)), 0, count);
}

void draw_centered(ImDrawList* dl, ImFont* font, ImVec2 a, ImVec2 b, ImU32 colour, const std::string& text) {
  const float size = font_px(font);
  const ImVec2 t = font->CalcTextSizeA(size, 1e9f, 0, text.c_str());
  const ImVec2 p(std::floor(a.x + (b.x - a.x - t.x) * 0.5f), std::floor(a.y + (b.y - a.y - size) * 0.5f));
  dl->AddText(font, size, p, colour, text.c_str());
}

void commit_edit(App& app, const TensorItem& item) {
  CellEdit& edit = app.edit;
  const auto value = parse_cell(edit.buffer, item.tensor.dtype());
  if (!value) {
    edit.invalid = true;
    edit.focus = true;  // Enter took the focus away; give it back
    edit.field_active = false;
    edit.frames_waited = 0;
    return;
  }
  app.request_call(with_arg(app.state.call(), item.id, with_element(item.tensor, edit.cell.element, *value)));
  edit = {};
}

// The edit field over the cell being edited. Submitted before the grid's hit area, so it
// takes the mouse where they overlap.
void draw_edit_field(App& app, const TensorItem& item, const GridLayout& g, ImVec2 origin) {
  CellEdit& edit = app.edit;
  const auto& c = theme::tensor_colors(item.slot);
  ImFont* mono = theme::fonts().mono;
  const ImVec2 cell =
      g.cell_min(g.shape == item.tensor.shape() ? edit.cell.element
                                                : broadcast_home(item.tensor.shape(), g.shape, edit.cell.element));
  const float text_w = mono->CalcTextSizeA(font_px(mono), 1e9f, 0, edit.buffer.c_str()).x;
  ImGui::SetCursorScreenPos(ImVec2(origin.x + cell.x, origin.y + cell.y));
  ImGui::PushFont(mono);
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(6, std::floor((g.cell_h - font_px(mono)) * 0.5f)));
  ImGui::PushStyleVar(ImGuiStyleVar_FrameBorderSize, 2);
  ImGui::PushStyleVar(ImGuiStyleVar_FrameRounding, theme::kCellRounding);
  ImGui::PushStyleColor(ImGuiCol_Border, edit.invalid ? theme::palette().error : c.strong);
  ImGui::PushStyleColor(ImGuiCol_FrameBg, theme::palette().background);
  ImGui::PushStyleColor(ImGuiCol_FrameBgActive, theme::palette().background);
  ImGui::PushStyleColor(ImGuiCol_FrameBgHovered, theme::palette().background);
  ImGui::SetNextItemWidth(std::max(g.cell_w, text_w + 24));
  if (edit.focus) {
    ImGui::SetKeyboardFocusHere();
    edit.focus = false;
  }
  const bool enter = ImGui::InputText("##edit", &edit.buffer,
                                      ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll);
  if (ImGui::IsItemEdited()) edit.invalid = false;
  if (ImGui::IsItemActive()) edit.field_active = true;
  if (enter) {
    commit_edit(app, item);
  } else if (ImGui::IsItemDeactivated()) {
    // Esc cancels; clicking away keeps a valid value and drops an invalid one.
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)) || !parse_cell(edit.buffer, item.tensor.dtype()))
      edit = {};
    else
      commit_edit(app, item);
  }
  ImGui::PopStyleColor(4);
  ImGui::PopStyleVar(3);
  ImGui::PopFont();
}

// Cell fills by value (low: the tensor's tint, high: its strong colour; NaN: tint), one per
// element. They depend only on the values, the tensor's colour slot and the palette, so they
// are kept until one of those changes: scanning and colouring every element each frame was
// most of a zoomed-out frame's own work.
std::vector<ImU32> compute_value_colours(const TensorItem& item) {
  const Tensor& t = item.tensor;
  std::vector<double> values(std::size_t(t.numel()));
  for (std::int64_t e = 0; e < t.numel(); ++e) values[std::size_t(e)] = t.get(e).as_double();
  double lo = 0, hi = 0;
  bool first = true;
  for (double v : values) {
    if (v != v) continue;
    lo = first ? v : std::min(lo, v);
    hi = first ? v : std::max(hi, v);
    first = false;
  }
  const auto& c = theme::tensor_colors(item.slot);
  const ImVec4 a = ImGui::ColorConvertU32ToFloat4(c.tint), b = ImGui::ColorConvertU32ToFloat4(c.strong);
  std::vector<ImU32> colours;
  colours.reserve(values.size());
  for (double v : values) {
    const float f = v != v ? 0.0f : hi > lo ? float((std::clamp(v, lo, hi) - lo) / (hi - lo)) : 0.5f;
    colours.push_back(
        ImGui::ColorConvertFloat4ToU32(ImVec4(a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f, a.z + (b.z - a.z) * f, 1)));
  }
  return colours;
}

const std::vector<ImU32>& value_colours(std::uint64_t version, const TensorItem& item) {
  struct Kept {
    std::uint64_t version;
    const theme::Palette* palette;
    int slot;
    std::vector<ImU32> colours;
  };
  static std::unordered_map<std::string, Kept> kept;  // by tensor id
  Kept& k = kept[item.id];
  if (k.colours.size() != std::size_t(item.tensor.numel()) || k.version != version || k.palette != &theme::palette() ||
      k.slot != item.slot)
    k = Kept{version, &theme::palette(), item.slot, compute_value_colours(item)};
  return k.colours;
}

// Diagonal stripes over a grid's cells when they are not the current call's result (stale),
// inside the clip (the axis labels stay clear).
void hatch(ImDrawList* dl, ImRect r, ImVec2 clip_min, ImVec2 clip_max) {
  r.ClipWith(ImRect(clip_min, clip_max));
  if (r.GetWidth() <= 0 || r.GetHeight() <= 0) return;
  dl->PushClipRect(r.Min, r.Max, true);
  const ImU32 c = theme::with_alpha(theme::palette().stale, 0.45f);
  const float h = r.GetHeight();
  for (float x = r.Min.x - h; x < r.Max.x; x += 9) dl->AddLine(ImVec2(x, r.Max.y), ImVec2(x + h, r.Min.y), c, 1.5f);
  dl->PopClipRect();
}

// A cell the keyboard moved to, scrolled into the grid's window (with room for its focus ring).
void scroll_to_cell(const GridLayout& g, ImVec2 origin, std::int64_t cell) {
  const ImVec2 c = g.cell_min(cell);
  const ImVec2 a(origin.x + c.x - 4, origin.y + c.y - 4),
      b(origin.x + c.x + g.cell_w + 4, origin.y + c.y + g.cell_h + 4);
  ImGui::ScrollToRect(ImGui::GetCurrentWindow(), ImRect(a, b));
}

}  // namespace

GridLayout grid_layout(const TensorItem& item, const Shape* drawn_shape) {
  const ImFont* mono = theme::fonts().mono;
  const float advance = mono->GetCharAdvance('0') * ImGui::GetIO().FontGlobalScale;
  const Shape& shape = drawn_shape ? *drawn_shape : item.tensor.shape();
  return make_layout(shape, advance * float(item.max_chars), app().zoom, block_number(shape, app().block_of(item.id)));
}

ImVec2 grid_box_size(const GridLayout& layout, ImVec2 max_size) {
  const ImVec2 s = layout.size();
  const float bar = ImGui::GetStyle().ScrollbarSize;
  bool scroll_x = false, scroll_y = false;
  for (int pass = 0; pass < 2; ++pass) {  // a scrollbar on one axis can make the other overflow
    scroll_x = s.x + (scroll_y ? bar : 0) > max_size.x;
    scroll_y = s.y + (scroll_x ? bar : 0) > max_size.y;
  }
  return ImVec2(std::min(s.x + (scroll_y ? bar : 0), max_size.x), std::min(s.y + (scroll_x ? bar : 0), max_size.y));
}

void draw_grid(App& app, const TensorItem& item, const GridLayout& g, ImVec2 box, GridOptions options) {
  const ImVec2 size = g.size();
  const bool scrolls = box.x + 0.5f < size.x || box.y + 0.5f < size.y;
  if (scrolls) {
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    ImGui::BeginChild(item.id.c_str(), box, false, ImGuiWindowFlags_HorizontalScrollbar);
  }
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 clip_min = dl->GetClipRectMin(), clip_max = dl->GetClipRectMax();
  const auto& colors = theme::tensor_colors(item.slot);
  const auto& f = theme::fonts();
  const float small_px = font_px(f.small);
  // Broadcast: the grid has the result's shape; each cell shows the element it copies, and
  // only the element's own cell (index 0 along broadcast dimensions) is drawn solid.
  const Shape& own = item.tensor.shape();
  const bool ghosts = g.shape != own;
  auto source_of = [&](std::int64_t cell) { return ghosts ? broadcast_source(own, g.shape, cell) : cell; };
  auto is_home = [&](std::int64_t cell) { return !ghosts || broadcast_home(own, g.shape, source_of(cell)) == cell; };

  // What is lit in this tensor, and where the active cell is.
  const CellRef& active = app.selection.active();
  // The result cell the pointer is on, when it is one: its copy here gets a ring.
  std::int64_t copy_ring = -1;
  if (ghosts && active.valid() && is_output(active.tensor)) copy_ring = active.element;
  // Zoomed out past the values: cells are coloured by value (low: tint, high: strong).
  const std::vector<ImU32>* by_value = g.values_fit ? nullptr : &value_colours(app.state.version(), item);
  // Zoomed out past the values (cells coloured by value) the cells are square: a rounded cell
  // is about 60 vertices with its border, a square one 16, and thousands of them are drawn.
  const float rounding = g.values_fit ? theme::kCellRounding : 0.0f;
  // Dim the rest only when something is lit: the highlights then stand out.
  const bool anything_lit = active.valid() && !app.lit().empty();
  // The element an error names (a zero divisor), when it is in this argument.
  std::int64_t error_element = -1;
  if (const auto& err = app.state.error(); err && err->element >= 0)
    for (const ArgItem& arg : app.state.args())
      for (int t : arg.tensors)
        if (arg.named_by(err->arg) && app.state.inputs()[std::size_t(t)].id == item.id) error_element = err->element;
  const auto lit_it = app.lit().find(item.id);
  const auto* lit = lit_it != app.lit().end() ? &lit_it->second : nullptr;
  const bool active_here = active.valid() && active.tensor == item.id;
  std::int64_t active_row = -1, active_col = -1;
  const std::int64_t active_cell =
      active_here ? (ghosts ? broadcast_home(own, g.shape, active.element) : active.element) : -1;
  if (active_here && g.cols > 0) {
    active_col = active_cell % g.cols;
    active_row = (active_cell / g.cols) % std::max<std::int64_t>(g.rows, 1);
  }

  if (app.reveal.valid() && app.reveal.tensor == item.id) {
    const std::int64_t cell = ghosts ? broadcast_home(own, g.shape, app.reveal.element) : app.reveal.element;
    if (scrolls && g.drawn(cell)) scroll_to_cell(g, origin, cell);
    app.reveal = {};
  }

  if (g.empty()) {
    const ImVec2 a(origin.x, origin.y + g.col_label_h), b(origin.x + size.x, origin.y + size.y);
    dl->AddRect(a, b, colors.ring, theme::kCellRounding, 0, 1);
    draw_centered(dl, f.ui, a, b, theme::palette().muted, "empty");
  }

  const float pitch_x = g.cell_w + g.gap, pitch_y = g.cell_h + g.gap;
  for (std::int64_t s = 0; s < g.slices && !g.empty(); ++s) {
    const ImVec2 so = g.slice_origin(s);
    const float top = origin.y + so.y;
    if (top > clip_max.y) break;
    if (top + g.slice_height() < clip_min.y) continue;
    const ImVec2 co = g.cells_origin(s);
    const ImVec2 cells(origin.x + co.x, origin.y + co.y);
    if (g.rank() >= 3)
      dl->AddText(f.small, small_px, ImVec2(origin.x, top), theme::palette().muted, g.slice_label(s).c_str());

    std::int64_t c0, c1, r0, r1;
    visible_range(cells.x, pitch_x, g.cols, clip_min.x, clip_max.x, &c0, &c1);
    visible_range(cells.y, pitch_y, g.rows, clip_min.y, clip_max.y, &r0, &r1);
    app.cells_drawn += long((r1 - r0) * (c1 - c0));
    const bool active_slice = active_here && g.rows * g.cols > 0 && active_cell / (g.rows * g.cols) == s + g.slice_base;

    // Axis indices: columns above, rows to the left; the active cell's own in dark text.
    if (g.rank() >= 1)
      for (std::int64_t c = c0; c < c1; ++c) {
        const float x = cells.x + float(c) * pitch_x;
        const ImU32 col = active_slice && c == active_col ? theme::palette().text : theme::palette().faint;
        draw_centered(dl, f.small, ImVec2(x, cells.y - g.col_label_h), ImVec2(x + g.cell_w, cells.y - 2), col,
                      std::to_string(c));
      }
    if (g.rank() >= 2)
      for (std::int64_t r = r0; r < r1; ++r) {
        const std::string label = std::to_string(r);
        const float w = f.small->CalcTextSizeA(small_px, 1e9f, 0, label.c_str()).x;
        const float y = cells.y + float(r) * pitch_y + (g.cell_h - small_px) * 0.5f;
        const ImU32 col = active_slice && r == active_row ? theme::palette().text : theme::palette().faint;
        dl->AddText(f.small, small_px, ImVec2(std::floor(cells.x - 8 - w), std::floor(y)), col, label.c_str());
      }

    for (std::int64_t r = r0; r < r1; ++r)
      for (std::int64_t c = c0; c < c1; ++c) {
        const std::int64_t cell = ((s + g.slice_base) * g.rows + r) * g.cols + c;
        const std::int64_t e = source_of(cell);
        const bool home = is_home(cell);
        if (home && app.edit.active() && app.edit.cell.tensor == item.id && app.edit.cell.element == e) continue;
        const ImVec2 a(cells.x + float(c) * pitch_x, cells.y + float(r) * pitch_y);
        const ImVec2 b(a.x + g.cell_w, a.y + g.cell_h);
        theme::Role role = theme::Role::None;
        if (lit && home) role = lit->at(e);
        const bool is_active = active_here && active.element == e && home;
        CellStyle st = cell_style(colors, role, anything_lit && !is_active, options.stale);
        if (by_value && role == theme::Role::None && !options.stale) st.fill = (*by_value)[std::size_t(e)];
        if (!home) {  // a virtual copy: faded, dashed-looking thin border
          st.fill = theme::with_alpha(st.fill, 0.35f);
          st.text = theme::with_alpha(st.text, 0.45f);
          st.border = theme::with_alpha(colors.ring, 0.5f);
          st.border_w = 1;
        }
        if (rounding > 0) {
          draw_rounded_cell(dl, a, ImVec2(g.cell_w, g.cell_h), rounding, st.fill, st.border, st.border_w);
        } else {
          // The card under the grid is opaque: its colour blended in here gives the same pixels
          // with opaque colours, which draw_square_cell draws as two rectangles.
          const ImU32 fill = theme::over(st.fill, theme::palette().surface);
          draw_square_cell(dl, a, b, fill, theme::over(st.border, fill), st.border_w);
        }
        if (is_active) {
          const bool pinned = app.selection.pinned == active;
          dl->AddRect(ImVec2(a.x - 2.5f, a.y - 2.5f), ImVec2(b.x + 2.5f, b.y + 2.5f), theme::palette().focus,
                      rounding > 0 ? rounding + 2 : 0, 0, pinned ? 2.5f : 1.5f);
        }
        if (cell == copy_ring)  // the copy that the pointed-at result element reads
          dl->AddRect(ImVec2(a.x - 1.5f, a.y - 1.5f), ImVec2(b.x + 1.5f, b.y + 1.5f),
                      theme::with_alpha(colors.strong, 0.8f), rounding > 0 ? rounding + 1 : 0, 0, 1.5f);
        if (e == error_element && home)
          dl->AddRect(a, b, theme::palette().error, rounding, 0, 2.0f);  // the element PyTorch refused
        if (g.values_fit) draw_centered(dl, f.mono, a, b, st.text, item.text[std::size_t(e)]);
      }
  }

  for (std::int64_t s = 0; options.stale && s < g.slices && !g.empty(); ++s) {
    const ImVec2 co = g.cells_origin(s);
    const ImVec2 a(origin.x + co.x, origin.y + co.y);
    hatch(dl, ImRect(a, ImVec2(a.x + float(g.cols) * pitch_x - g.gap, a.y + float(g.rows) * pitch_y - g.gap)), clip_min,
          clip_max);
  }

  if (options.editable && app.edit.active() && app.edit.cell.tensor == item.id) draw_edit_field(app, item, g, origin);

  // One hit area for the whole grid; the cell comes from the mouse position.
  ImGui::SetCursorScreenPos(origin);
  ImGui::InvisibleButton("##grid", size);
  if (ImGui::IsItemHovered()) {
    const double t0 = timings::now_ms();
    const ImVec2 m = ImGui::GetIO().MousePos;
    const std::int64_t at = g.element_at(ImVec2(m.x - origin.x, m.y - origin.y));
    if (at >= 0) {
      const std::int64_t e = source_of(at);
      const CellRef cell{item.id, e};
      app.report_hover(cell);
      if (app.double_click || ImGui::IsMouseDoubleClicked(0)) {
        app.double_click = false;
        app.selection.pinned = cell;
        if (options.editable) app.start_edit(cell);
      } else if (ImGui::IsItemClicked(0)) {
        app.selection.toggle_pin(cell);
      }
    }
    app.hit_ms += timings::now_ms() - t0;
  }
  app.report_grid(DrawnGrid{item.id, g, origin, clip_min, clip_max, ghosts ? own : Shape{}, ghosts});

  if (scrolls) {
    ImGui::EndChild();
    ImGui::PopStyleVar();
  }
}

}  // namespace whence::web
