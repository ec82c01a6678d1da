#include "broadcast.hpp"

#include <algorithm>

#include "format.hpp"
#include "state.hpp"

namespace whence::web {

bool broadcasts_to(const Shape& operand, const Shape& result) {
  if (operand.size() > result.size()) return false;
  const std::size_t lead = result.size() - operand.size();
  for (std::size_t d = 0; d < operand.size(); ++d)
    if (operand[d] != result[lead + d] && operand[d] != 1) return false;
  return shape_numel(operand) < shape_numel(result);
}

namespace {

bool lines_up(const Shape& operand, const Shape& result) {
  return operand == result || broadcasts_to(operand, result) ||
         (operand.size() <= result.size() && shape_numel(operand) == shape_numel(result) &&
          std::equal(operand.begin(), operand.end(), result.end() - std::ptrdiff_t(operand.size())));
}

std::int64_t ravel(const Shape& shape, const std::vector<std::int64_t>& index) {
  std::int64_t flat = 0;
  for (std::size_t d = 0; d < shape.size(); ++d) flat = flat * shape[d] + index[d];
  return flat;
}

}  // namespace

std::int64_t broadcast_source(const Shape& operand, const Shape& result, std::int64_t cell) {
  const auto r = unravel(result, cell);
  const std::size_t lead = result.size() - operand.size();
  std::vector<std::int64_t> index(operand.size());
  for (std::size_t d = 0; d < operand.size(); ++d) index[d] = operand[d] == 1 ? 0 : r[lead + d];
  return ravel(operand, index);
}

std::int64_t broadcast_home(const Shape& operand, const Shape& result, std::int64_t element) {
  const auto o = unravel(operand, element);
  const std::size_t lead = result.size() - operand.size();
  std::vector<std::int64_t> index(result.size(), 0);
  for (std::size_t d = 0; d < operand.size(); ++d) index[lead + d] = o[d];
  return ravel(result, index);
}

std::string broadcast_warning(const std::string& a_label, const Shape& a, const std::string& b_label, const Shape& b,
                              const Shape& result) {
  if (a.size() == b.size()) return "";
  const std::int64_t n = shape_numel(result);
  if (n <= shape_numel(a) || n <= shape_numel(b)) return "";
  const bool a_high = a.size() > b.size();
  const Shape& high = a_high ? a : b;
  const Shape& low = a_high ? b : a;
  if (high.size() != low.size() + 1) return "";
  for (std::size_t skip = 0; skip < high.size(); ++skip) {
    if (high[skip] != 1) continue;
    Shape without = high;
    without.erase(without.begin() + std::ptrdiff_t(skip));
    if (without != low) continue;
    const std::string& hl = a_high ? a_label : b_label;
    const std::string& ll = a_high ? b_label : a_label;
    const std::string d = std::to_string(skip);
    return "Broadcasting made " + format_shape(result) + " from " + hl + " " + format_shape(high) + " and " + ll + " " +
           format_shape(low) + ", bigger than both: " + ll +
           " lines up from the right, along the last dimension. "
           "For one value per row, give both one shape (" +
           ll + ".unsqueeze(" + d + ") or " + hl + ".squeeze(" + d + ")).";
  }
  return "";
}

std::vector<std::string> aligned_shapes(const std::vector<Shape>& shapes, const Shape& result) {
  std::vector<const Shape*> all;
  for (const auto& s : shapes) all.push_back(&s);
  all.push_back(&result);
  std::size_t rank = 0;
  for (const Shape* s : all) rank = std::max(rank, s->size());
  // Column c (left to right) holds dimension c - (rank - size) of each shape: "(2," " 1)".
  std::vector<std::size_t> width(rank, 1);
  for (const Shape* s : all)
    for (std::size_t d = 0; d < s->size(); ++d)
      width[rank - s->size() + d] = std::max(width[rank - s->size() + d], std::to_string((*s)[d]).size());
  std::vector<std::string> lines;
  for (std::size_t i = 0; i < all.size(); ++i) {
    const Shape& s = *all[i];
    std::string line = i + 1 == all.size() ? "\xe2\x86\x92 " : "  ";
    for (std::size_t c = 0; c < rank; ++c) {
      if (c < rank - s.size()) {
        line += std::string(width[c] + 2, ' ');
        continue;
      }
      const std::size_t d = c - (rank - s.size());
      const std::string n = std::to_string(s[d]);
      line += (d == 0 ? "(" : " ") + std::string(width[c] - n.size(), ' ') + n;
      line += d + 1 < s.size() ? "," : s.size() == 1 ? ",)" : ")";
    }
    if (s.empty()) line += "()";
    lines.push_back(line);
  }
  return lines;
}

BroadcastInfo analyse_broadcast(const State& state) {
  BroadcastInfo info;
  if (state.stale() || state.outputs().size() != 1 || state.inputs().empty()) return info;
  info.result = state.outputs()[0].tensor.shape();
  bool any = false;
  for (const TensorItem& in : state.inputs()) {
    if (!lines_up(in.tensor.shape(), info.result)) return BroadcastInfo{};
    BroadcastOperand op{in.id, in.label, in.tensor.shape(), in.slot, broadcasts_to(in.tensor.shape(), info.result)};
    any |= op.expanded;
    info.operands.push_back(std::move(op));
  }
  if (!any) return BroadcastInfo{};
  // Shapes can line up without a broadcast (cat of two (1, 3) gives (2, 3)): each copied
  // operand must be read where broadcasting says, checked on every output element when all
  // are explained, else on the first and the last.
  const std::string& out_id = state.outputs()[0].id;
  const std::int64_t n = shape_numel(info.result);
  std::vector<std::int64_t> checked;
  if (state.explained_all())
    for (std::int64_t e = 0; e < n; ++e) checked.push_back(e);
  else
    checked = {0, n - 1};
  for (const std::int64_t e : checked) {
    const Relation* rel = state.relation(out_id, e);
    if (!rel) continue;
    for (const BroadcastOperand& op : info.operands) {
      if (!op.expanded) continue;
      const std::int64_t want = broadcast_source(op.shape, info.result, e);
      bool found = false;
      for (const Source& src : rel->src) found |= src.tensor == op.id && src.element == want;
      if (!found) return BroadcastInfo{};
    }
  }
  info.active = true;
  for (std::size_t i = 0; i < info.operands.size() && info.warning.empty(); ++i)
    for (std::size_t j = i + 1; j < info.operands.size() && info.warning.empty(); ++j)
      info.warning = broadcast_warning(info.operands[i].label, info.operands[i].shape, info.operands[j].label,
                                       info.operands[j].shape, info.result);
  return info;
}

}  // namespace whence::web
