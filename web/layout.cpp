#include "layout.hpp"

#include <algorithm>
#include <cmath>

#include "broadcast.hpp"
#include "theme.hpp"

namespace whence::web {

float font_px(const ImFont* font) { return font->FontSize * ImGui::GetIO().FontGlobalScale; }

std::vector<std::int64_t> block_index(const Shape& shape, std::int64_t flat) {
  const int rank = int(shape.size());
  std::vector<std::int64_t> index;
  if (rank <= 3) return index;
  std::int64_t per_block = 1;
  for (int d = rank - 3; d < rank; ++d) per_block *= shape[std::size_t(d)];
  std::int64_t b = per_block > 0 ? flat / per_block : 0;
  index.assign(std::size_t(rank - 3), 0);
  for (int d = rank - 4; d >= 0; --d) {
    const std::int64_t n = shape[std::size_t(d)];
    index[std::size_t(d)] = n > 0 ? b % n : 0;
    b = n > 0 ? b / n : 0;
  }
  return index;
}

std::int64_t block_number(const Shape& shape, const std::vector<std::int64_t>& index) {
  std::int64_t b = 0;
  for (std::size_t d = 0; d + 3 < shape.size(); ++d)
    b = b * shape[d] +
        (d < index.size() ? std::clamp<std::int64_t>(index[d], 0, std::max<std::int64_t>(shape[d] - 1, 0)) : 0);
  return b;
}

GridLayout make_layout(const Shape& shape, float text_w, float zoom, std::int64_t block) {
  GridLayout g;
  g.shape = shape;
  const int rank = int(shape.size());
  if (rank >= 1) g.cols = shape[rank - 1];
  if (rank >= 2) g.rows = shape[rank - 2];
  g.slices = 1;
  for (int d = 0; d + 2 < rank; ++d) g.slices *= shape[d];
  if (rank > 3) {
    g.slices = shape[rank - 3];
    g.slice_base = block * g.slices;
  }
  g.cell_w = std::floor(std::max(theme::kCellMinWidth, text_w + 2 * theme::kCellPadX) * zoom);
  g.cell_h = std::floor(theme::kCellHeight * zoom);
  g.gap = std::max(1.0f, std::floor(theme::kCellGap * std::min(zoom, 1.0f)));
  g.values_fit = g.cell_w >= text_w + 4 && g.cell_h >= font_px(theme::fonts().mono) + 2;
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

ImVec2 GridLayout::slice_origin(std::int64_t s) const { return ImVec2(0, float(s) * (slice_height() + slice_gap)); }

ImVec2 GridLayout::cells_origin(std::int64_t s) const {
  const ImVec2 o = slice_origin(s);
  return ImVec2(o.x + row_label_w, o.y + slice_label_h + col_label_h);
}

bool GridLayout::drawn(std::int64_t flat) const {
  const std::int64_t first = slice_base * rows * cols;
  return flat >= first && flat < first + slices * rows * cols;
}

ImVec2 GridLayout::cell_min(std::int64_t flat) const {
  const std::int64_t per_slice = rows * cols;
  flat -= slice_base * per_slice;
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
  return ((s + slice_base) * rows + r) * cols + c;
}

std::string GridLayout::slice_label(std::int64_t s) const {
  s += slice_base;
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
