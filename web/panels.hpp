// panels.hpp - the app's panels, one small function each, drawn top to bottom by draw_app().
#pragma once
#include <string>

#include <imgui.h>

#include "app.hpp"

namespace whence::web {

// Op name, its signature, and a link to PyTorch's docs.
void draw_header(App& app);
// The call as PyTorch code, editable, with "Copy as PyTorch"; errors not tied to one argument.
void draw_call_editor(App& app);
// The hovered or pinned cell's equation, and the role legend.
void draw_equation(App& app);
// While a cell is active and the equation bar is off screen (the page scrolled it away, or a
// phone shows only the grids), the equation drawn over the grids at the top of the visible part
// of the canvas, or at its bottom when the pointer is in the top half. Drawn after the cards, on top.
void draw_floating_equation(App& app);
// Broadcasting: the operands' shapes aligned from the right, and a warning when the
// broadcast looks like a mistake. Nothing when the call does not broadcast.
void draw_broadcast(App& app);
// A view's storage: the base's storage as a strip, the pointed-at element's storage[k], the
// view's strides and offset. Nothing when the result is not a view. Inside the cards' child.
void draw_storage(App& app, float width);
struct StorageInfo {
  const ViewInfo* view = nullptr;  // null: the result is not a view
  const TensorItem* base = nullptr;
  const TensorItem* out = nullptr;
  std::vector<std::int64_t> base_cells, view_cells;  // storage index of each element
  std::int64_t length = 0;                           // storage cells drawn: 0 .. the highest index used
  std::int64_t selected = -1;                        // the pointed-at element's storage index
  bool contiguous = false;
};
StorageInfo storage_info(App& app);
// One card per argument (tensor grid and its editors, or a scalar field) and the result.
void draw_cards(App& app);

// A tensor's grid inside a box of at most `max_size` (scrolls beyond it). Handles hover,
// click to pin, double-click to edit.
struct GridOptions {
  bool editable = false;  // argument cells can be edited
  bool stale = false;     // greyed: an earlier result
};
ImVec2 grid_box_size(const GridLayout& layout, ImVec2 max_size);
// `drawn_shape`: the result's shape, for a broadcast operand drawn with its virtual copies.
GridLayout grid_layout(const TensorItem& item, const Shape* drawn_shape = nullptr);
void draw_grid(App& app, const TensorItem& item, const GridLayout& layout, ImVec2 box, GridOptions options);

// "RuntimeError: message" in red, wrapped at `wrap_width`; returns its height.
float error_text_height(const ErrorInfo& error, float wrap_width);
void draw_error_text(const ErrorInfo& error, float wrap_width);

// Text with a tensor's name coloured wherever it appears as a word ("out[1] = input[...]").
// Code-like text with each tensor's name in its colour, wrapped at spaces to `width` (one line
// when width <= 0), at most max_lines lines (the last one ending in "…" when cut).
void draw_coloured_code(const App& app, const std::string& text, ImFont* font, float width = 0, int max_lines = 1);
// How many lines draw_coloured_code would use.
int coloured_code_lines(const std::string& text, ImFont* font, float width);

}  // namespace whence::web
