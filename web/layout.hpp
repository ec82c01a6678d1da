// layout.hpp - where each cell of a tensor grid goes. The grid panel draws with it and the
// browser contract's cellAt() reads the same numbers back, so they cannot disagree.
//
// A tensor is drawn as 2-D slices over its last two dimensions, stacked top to bottom and
// labelled "[i, j, :, :]"; 1-D is one row, 0-d one cell. Column indices sit above each
// slice, row indices to its left.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include <imgui.h>

#include "core/tensor.hpp"

namespace whence::web {

struct GridLayout {
  Shape shape;
  std::int64_t rows = 1, cols = 1, slices = 1;
  float cell_w = 0, cell_h = 0, gap = 0;
  float row_label_w = 0;    // left margin for row indices (rank >= 2)
  float col_label_h = 0;    // band for column indices above each slice (rank >= 1)
  float slice_label_h = 0;  // band for "[0, :, :]" above each slice (rank >= 3)
  float slice_gap = 0;
  bool values_fit = true;  // cells are big enough for their text (else coloured by value)
  // Rank > 3: only one 3-D block is drawn (its leading indices are picked above the grid):
  // slices counts that block's slices, and slice_base is the first one's index overall.
  std::int64_t slice_base = 0;

  int rank() const { return int(shape.size()); }
  bool empty() const { return shape_numel(shape) == 0; }
  float slice_height() const;                     // one slice, its labels included, without the gap
  ImVec2 size() const;                            // the whole grid
  ImVec2 slice_origin(std::int64_t s) const;      // top-left of slice s (its labels included)
  ImVec2 cells_origin(std::int64_t s) const;      // top-left of slice s's first cell
  ImVec2 cell_min(std::int64_t flat) const;       // top-left of one cell
  std::string slice_label(std::int64_t s) const;  // "[1, :, :]"
  // The element whose cell contains point `p` (relative to the grid's top-left), or -1.
  std::int64_t element_at(ImVec2 p) const;
  // Whether an element's cell is drawn (rank > 3: it is in the picked block).
  bool drawn(std::int64_t flat) const;
};

// `text_w`: the widest cell text in CSS pixels. Uses the current fonts to size the labels.
// `zoom` scales the cells (Ctrl+wheel); where values no longer fit, values_fit is false and
// cells are coloured by value instead.
constexpr float kMinZoom = 0.25f, kMaxZoom = 2.5f;
// `block`: for rank > 3, which 3-D block (row-major over shape[0 .. rank-4]) is drawn.
GridLayout make_layout(const Shape& shape, float text_w, float zoom = 1, std::int64_t block = 0);
// Rank > 3: the leading indices (shape[0 .. rank-4]) of element `flat`'s block, and back.
std::vector<std::int64_t> block_index(const Shape& shape, std::int64_t flat);
std::int64_t block_number(const Shape& shape, const std::vector<std::int64_t>& index);

// A grid as drawn in the last frame, in CSS pixels of the canvas.
struct DrawnGrid {
  std::string tensor;
  GridLayout layout;
  ImVec2 origin;              // top-left of the grid
  ImVec2 clip_min, clip_max;  // the visible part
  Shape own_shape;            // broadcast: the tensor's shape, while the layout has the result's
  bool broadcast = false;
  // The cell an element of the tensor is drawn in (its own, solid cell when broadcast).
  std::int64_t cell_of(std::int64_t element) const;
};

// Font size in CSS pixels (fonts are rasterized at the device pixel ratio).
float font_px(const ImFont* font);

}  // namespace whence::web
