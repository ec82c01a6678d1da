// scatter_view_ops.cpp - select_scatter, slice_scatter and diagonal_scatter (movement family,
// kernels/movement/movement_family.hpp): a copy of the input with src written where the view
// (select, slice, diagonal) would read. Both input and src are moved tensors, so the proxies
// name each output element's one source: src where the view covers it, input elsewhere.
// Checks and messages follow PyTorch 1.13's ATen functions: the view's own checks first, then
// "expected src to have a size equal to the slice of self".
#include <limits>

#include "core/error.hpp"
#include "core/shape.hpp"
#include "core/strided_copy.hpp"
#include "kernels/common/composite.hpp"
#include "kernels/movement/movement_family.hpp"

namespace whence {

namespace {

// ATen's slice: None start is 0, None end is past the end; negative ends count from the end;
// both clamp into [0, size] and end never falls before start.
Tensor slice_view(const Tensor& x, std::int64_t given_dim, const Value& start_v, const Value& end_v,
                  std::int64_t step) {
  if (x.dim() == 0) fail("IndexError", "slice() cannot be applied to a 0-dim tensor.", "input");
  const std::int64_t d = wrap_dim(given_dim, x.dim(), "dim");
  const std::int64_t size = x.shape()[std::size_t(d)];
  std::int64_t start = start_v.is<None>() ? 0 : start_v.as<std::int64_t>();
  std::int64_t end = end_v.is<None>() ? std::numeric_limits<std::int64_t>::max() : end_v.as<std::int64_t>();
  if (step <= 0) fail("RuntimeError", "slice step must be positive", "step");
  if (start < 0) start += size;
  if (end < 0) end += size;
  start = start < 0 ? 0 : start >= size ? size : start;
  end = end < start ? start : end >= size ? size : end;
  Shape shape = x.shape(), strides = x.strides();
  const std::int64_t length = end - start;
  shape[std::size_t(d)] = length == 0 ? 0 : (length - 1) / step + 1;
  strides[std::size_t(d)] *= step;
  return x.as_strided(shape, strides, x.offset() + start * x.strides()[std::size_t(d)]);
}

// The input copied, then src (in the input's dtype) written into the view `place` makes of the copy.
template <class Place>
std::vector<Tensor> embedded(const Bound& b, const Place& place) {
  const Tensor& src = tensor_arg(b, "src");
  Tensor out = input_tensor(b).to(input_tensor(b).dtype());
  const Tensor slot = place(out);
  if (slot.shape() != src.shape())
    fail("RuntimeError",
         "expected src to have a size equal to the slice of self. src size = " + shape_str(src.shape()) +
             ", slice size = " + shape_str(slot.shape()),
         "src");
  copy_into(slot, src.dtype() == out.dtype() ? src : src.to(out.dtype()));
  return single(out);
}

std::vector<Tensor> select_scatter_apply(const Bound& b) {
  return embedded(b, [&](const Tensor& x) { return select_view(x, int_arg(b, "dim", 0), int_arg(b, "index", 0)); });
}

std::vector<Tensor> slice_scatter_apply(const Bound& b) {
  return embedded(b, [&](const Tensor& x) {
    return slice_view(x, int_arg(b, "dim", 0), arg(b, "start"), arg(b, "end"), int_arg(b, "step", 1));
  });
}

std::vector<Tensor> diagonal_scatter_apply(const Bound& b) {
  return embedded(b, [&](const Tensor& x) {
    return diagonal_view(x, int_arg(b, "offset", 0), int_arg(b, "dim1", 0), int_arg(b, "dim2", 1));
  });
}

// "from src" / "kept from input": which side of the embedding the element came from.
std::string side_note(const Bound& b, const OpResult&, int, std::int64_t, const std::vector<Source>& src) {
  if (src.empty()) return "";
  return b.op->params[std::size_t(src[0].param)].name == "src" ? "written from src" : "kept from input";
}

MovementSpec scatter_spec(std::vector<Tensor> (*apply)(const Bound&)) {
  MovementSpec s;
  s.apply = apply;
  s.note = side_note;
  return s;
}

}  // namespace

void add_scatter_view_ops(std::vector<const OpDescriptor*>& t) {
  add_movement(t, "torch.select_scatter torch.Tensor.select_scatter",
               "A copy of the input with src written over the slice at index of dim (the slice select would read).",
               "torch.select_scatter(torch.tensor([[0, 0, 0], [0, 0, 0]]), torch.tensor([1, 2, 3]), 0, 1)",
               "input:Tensor src:Tensor dim:Int index:Int", scatter_spec(select_scatter_apply));
  add_movement(
      t, "torch.slice_scatter torch.Tensor.slice_scatter",
      "A copy of the input with src written over the elements start:end:step of dim.",
      "torch.slice_scatter(torch.tensor([[0, 0, 0, 0], [0, 0, 0, 0]]), torch.tensor([[1, 2], [3, 4]]), 1, 0, 4, 2)",
      "input:Tensor src:Tensor dim:Int=0 start:Int?=None end:Int?=None step:Int=1", scatter_spec(slice_scatter_apply));
  add_movement(t, "torch.diagonal_scatter torch.Tensor.diagonal_scatter",
               "A copy of the input with src written along the diagonal of dims dim1 and dim2 (shifted by offset).",
               "torch.diagonal_scatter(torch.tensor([[0, 0, 0], [0, 0, 0], [0, 0, 0]]), torch.tensor([1, 2, 3]))",
               "input:Tensor src:Tensor offset:Int=0 dim1:Int=0 dim2:Int=1", scatter_spec(diagonal_scatter_apply));
}

}  // namespace whence
