#include "selection.hpp"

#include <algorithm>

namespace whence::web {

namespace {

bool exists(const State& state, const CellRef& cell) {
  const TensorItem* t = state.find_tensor(cell.tensor);
  return t && cell.element >= 0 && cell.element < t->tensor.numel();
}

int role_rank(theme::Role r) {
  switch (r) {
    case theme::Role::Value: return 4;
    case theme::Role::Index: return 3;
    case theme::Role::Mask: return 2;
    case theme::Role::Compare: return 1;
    case theme::Role::Random: return 0;
    case theme::Role::None: break;
  }
  return 0;
}

}  // namespace

void Selection::validate(const State& state) {
  if (hovered.valid() && !exists(state, hovered)) hovered = {};
  if (pinned.valid() && !exists(state, pinned)) pinned = {};
}

bool is_output(const std::string& tensor_id) { return tensor_id.rfind("out:", 0) == 0; }

namespace {

// Calls `use` with what `cell` lights: an output's relation sources, or an input's reach (each
// item has .tensor, .element and .role); not at all for an invalid cell or a missing relation.
template <class Use>
void with_lit(const State& state, const CellRef& cell, Use&& use) {
  if (!cell.valid()) return;
  if (!is_output(cell.tensor)) return use(state.reaches(cell.tensor, cell.element));
  if (const Relation* rel = state.relation(cell.tensor, cell.element)) use(rel->src);
}

// Lights a relation's sources or an input's reach (each item has .tensor, .element, .role). A
// relation lists its sources tensor by tensor, mostly in one role: the tensor and the role are
// looked up again only when they change.
template <class Items>
void light(const State& state, const Items& items, HighlightMap& map) {
  LitCells* cells = nullptr;
  const std::string* cells_of = nullptr;
  const std::string* role_of = nullptr;
  theme::Role role = theme::Role::None;
  for (const auto& item : items) {
    if (!cells_of || item.tensor != *cells_of) {
      cells = &map[item.tensor];
      if (cells->role.empty())
        if (const TensorItem* t = state.find_tensor(item.tensor))
          cells->role.assign(std::size_t(t->tensor.numel()), theme::Role::None);
      cells_of = &item.tensor;
    }
    if (!role_of || item.role != *role_of) {
      role = theme::role_from_name(item.role);
      role_of = &item.role;
    }
    if (item.element < 0 || std::size_t(item.element) >= cells->role.size()) continue;
    theme::Role& slot = cells->role[std::size_t(item.element)];
    if (slot == theme::Role::None) cells->elements.push_back(item.element);
    if (role_rank(role) > role_rank(slot)) slot = role;
  }
}

}  // namespace

std::vector<Highlight> highlights(const State& state, const CellRef& cell) {
  std::vector<Highlight> out;
  with_lit(state, cell, [&](const auto& items) {
    for (const auto& item : items) out.push_back({item.tensor, item.element, item.role});
  });
  return out;
}

HighlightMap highlight_map(const State& state, const CellRef& cell) {
  HighlightMap map;
  with_lit(state, cell, [&](const auto& items) { light(state, items, map); });
  return map;
}

CellRef moved(const State& state, const CellRef& cell, int drow, int dcol) {
  const TensorItem* t = state.find_tensor(cell.tensor);
  if (!t || !cell.valid()) return cell;
  const Shape& shape = t->tensor.shape();
  const int rank = int(shape.size());
  const std::int64_t n = t->tensor.numel();
  if (rank == 0 || n == 0) return cell;
  const std::int64_t cols = shape[rank - 1];
  const std::int64_t col = cell.element % cols;
  const std::int64_t new_col = std::clamp<std::int64_t>(col + dcol, 0, cols - 1);
  // Rows run on through the stacked slices, as they are drawn.
  const std::int64_t row = cell.element / cols;
  const std::int64_t new_row = std::clamp<std::int64_t>(row + drow, 0, n / cols - 1);
  return CellRef{cell.tensor, new_row * cols + new_col};
}

}  // namespace whence::web
