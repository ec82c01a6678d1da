#include "layout.hpp"

#include <algorithm>

#include "broadcast.hpp"
#include "theme.hpp"

namespace whence::web {

float font_px(const ImFont* font) { return font->FontSize * ImGui::GetIO().FontGlobalScale; }

GridLayout make_layout(const Shape& shape, float text_w) {
  GridLayout g;
  g.shape = shape;
  const int rank = int(shape.size());
  if (rank >= 1) g.cols = shape[rank - 1];
  if (rank >= 2) g.rows = shape[rank - 2];
  g.slices = 1;
  for (int d = 0; d + 2 < rank; ++d) g.slices *= shape[d];
  g.cell_w = std::max(theme::kCellMinWidth, text_w + 2 * theme::kCellPadX);
  g.cell_h = theme::kCellHeight;
  g.gap = theme::kCellGap;
  const ImFont* small = theme::fonts().small;
  const float small_h = font_px(small);
  if (rank >= 1) g.col_label_h = small_h + 4;
  if (rank >= 2) {
    const std::string widest = std::to_string(std::max<std::int64_t>(g.rows - 1, 0));
    g.row_label_w = small->CalcTextSizeA(small_h, 1e9f, 0, widest.c_str()).x + 8;
  }
  if (rank >= 3) {
    g.slice_label_h = small_h + 6;
    g.slice_gap = 12;
  }
  return g;
}

float GridLayout::slice_height() const {
  const float cells = rows > 0 ? float(rows) * (cell_h + gap) - gap : 0;
  return slice_label_h + col_label_h + cells;
}

ImVec2 GridLayout::size() const {
  if (empty()) return ImVec2(std::max(140.0f, row_label_w + cell_w * 2), cell_h + col_label_h);
  const float w = row_label_w + float(cols) * (cell_w + gap) - gap;
  const float h = float(slices) * (slice_height() + slice_gap) - slice_gap;
  return ImVec2(w, h);
}

ImVec2 GridLayout::slice_origin(std::int64_t s) const {
  return ImVec2(0, float(s) * (slice_height() + slice_gap));
}

ImVec2 GridLayout::cells_origin(std::int64_t s) const {
  const ImVec2 o = slice_origin(s);
  return ImVec2(o.x + row_label_w, o.y + slice_label_h + col_label_h);
}

ImVec2 GridLayout::cell_min(std::int64_t flat) const {
  const std::int64_t per_slice = rows * cols;
  const std::int64_t s = per_slice > 0 ? flat / per_slice : 0;
  const std::int64_t in = per_slice > 0 ? flat % per_slice : 0;
  const std::int64_t r = cols > 0 ? in / cols : 0, c = cols > 0 ? in % cols : 0;
  const ImVec2 o = cells_origin(s);
  return ImVec2(o.x + float(c) * (cell_w + gap), o.y + float(r) * (cell_h + gap));
}

std::int64_t GridLayout::element_at(ImVec2 p) const {
  if (empty()) return -1;
  const float stride = slice_height() + slice_gap;
  if (p.y < 0 || stride <= 0) return -1;
  const auto s = std::int64_t(p.y / stride);
  if (s >= slices) return -1;
  const float x = p.x - row_label_w;
  const float y = p.y - float(s) * stride - slice_label_h - col_label_h;
  if (x < 0 || y < 0) return -1;
  const auto c = std::int64_t(x / (cell_w + gap));
  const auto r = std::int64_t(y / (cell_h + gap));
  if (c >= cols || r >= rows) return -1;
  if (x - float(c) * (cell_w + gap) > cell_w || y - float(r) * (cell_h + gap) > cell_h) return -1;  // a gap
  return (s * rows + r) * cols + c;
}

std::string GridLayout::slice_label(std::int64_t s) const {
  // Leading indices of slice s, row-major over shape[0 .. rank-3].
  const int lead = rank() - 2;
  std::int64_t index[kMaxRank] = {};
  for (int d = lead - 1; d >= 0; --d) {
    index[d] = shape[d] > 0 ? s % shape[d] : 0;
    s = shape[d] > 0 ? s / shape[d] : 0;
  }
  std::string label = "[";
  for (int d = 0; d < lead; ++d) label += std::to_string(index[d]) + ", ";
  return label + ":, :]";
}

std::int64_t DrawnGrid::cell_of(std::int64_t element) const {
  return broadcast ? broadcast_home(own_shape, layout.shape, element) : element;
}

}  // namespace whence::web
