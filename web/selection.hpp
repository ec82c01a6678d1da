// selection.hpp - the cell the user points at (hovered) or has clicked (pinned), and what
// it highlights: an output cell its relation's sources; an input cell the outputs it reaches.
#pragma once
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "state.hpp"
#include "theme.hpp"

namespace whence::web {

struct CellRef {
  std::string tensor;  // "arg:0", "out:0", ...
  std::int64_t element = -1;
  bool valid() const { return element >= 0 && !tensor.empty(); }
  bool operator==(const CellRef& o) const { return tensor == o.tensor && element == o.element; }
  bool operator!=(const CellRef& o) const { return !(*this == o); }
};

struct Highlight {
  std::string tensor;
  std::int64_t element = 0;
  std::string role;
};

struct Selection {
  CellRef hovered;  // under the mouse in the last frame
  CellRef pinned;   // clicked; wins over hovered until unpinned

  const CellRef& active() const { return pinned.valid() ? pinned : hovered; }
  void toggle_pin(const CellRef& cell) { pinned = pinned == cell ? CellRef{} : cell; }
  // Forgets cells whose tensor or element no longer exists (after an edit).
  void validate(const State& state);
};

bool is_output(const std::string& tensor_id);

// Output cell: its relation's sources, in relation order. Input cell: every output element
// it reaches, with the role it plays there. Nothing while the output is stale.
std::vector<Highlight> highlights(const State& state, const CellRef& cell);

// The lit cells of one tensor: the role each element plays (Role::None where unlit), dense so
// that drawing thousands of cells looks each one up by index, and the lit elements in the order
// first met.
struct LitCells {
  std::vector<theme::Role> role;  // by flat element
  std::vector<std::int64_t> elements;
  theme::Role at(std::int64_t e) const {
    return e >= 0 && std::size_t(e) < role.size() ? role[std::size_t(e)] : theme::Role::None;
  }
};

// What the active cell lights, by tensor id, for drawing: highlights(state, cell) without the
// list in between. Where one element plays several roles, "value" wins, then "index", "mask",
// "compare".
using HighlightMap = std::unordered_map<std::string, LitCells>;
HighlightMap highlight_map(const State& state, const CellRef& cell);

// The cell `drow` rows and `dcol` columns away on its grid (layout.hpp), clamped to the
// tensor; moving past the last row of a slice continues in the next slice.
CellRef moved(const State& state, const CellRef& cell, int drow, int dcol);

}  // namespace whence::web
