// join_ops.cpp - the joining ops of kernels/join/join_family.hpp: cat and the ops PyTorch builds on
// it (stack, hstack, vstack, dstack, column_stack), block_diag, cartesian_prod, and the view
// makers meshgrid, broadcast_tensors and atleast_1d/2d/3d. Checks, their order and messages
// follow PyTorch 1.13's ATen functions of the same names.
#include <utility>

#include "core/aten_print.hpp"
#include "core/error.hpp"
#include "core/promotion.hpp"
#include "core/shape.hpp"
#include "core/strided_copy.hpp"
#include "core/views.hpp"
#include "kernels/common/composite.hpp"
#include "kernels/common/fast_paths.hpp"
#include "kernels/join/join_family.hpp"

namespace whence {

std::vector<Tensor> tensor_list(const Bound& b) {
  const Value& v = arg(b, "tensors");
  if (v.is<Tensor>()) return {v.as<Tensor>()};
  std::vector<Tensor> out;
  for (const Value& item : v.as<List>()) out.push_back(item.as<Tensor>());
  return out;
}

namespace {

// Copies src (any strides) into out, src's element at coordinates c landing at c + at: by
// copy_into where the dtypes are equal (FastPath::JoinCopy), else (and with the fast paths
// off) converted one at a time, an odometer over src's coordinates keeping the output
// position without a division per element.
void place(Tensor& out, const Tensor& src, const Shape& at) {
  const Shape out_strides = contiguous_strides(out.shape());
  const Shape& shape = src.shape();
  std::int64_t o = 0;
  for (std::size_t d = 0; d < at.size(); ++d) o += at[d] * out_strides[d];
  if (src.dtype() == out.dtype() && take_fast_path(FastPath::JoinCopy)) {
    if (src.numel() > 0) copy_into(out.as_strided(shape, out_strides, o), src);
    return;
  }
  std::vector<std::int64_t> c(shape.size(), 0);
  for (std::int64_t f = 0; f < src.numel(); ++f) {
    out.set(o, src.get(f));
    for (std::size_t d = shape.size(); d-- > 0;) {
      if (++c[d] < shape[d]) {
        o += out_strides[d];
        break;
      }
      o -= (shape[d] - 1) * out_strides[d];
      c[d] = 0;
    }
  }
}

// at::cat. A 1-D empty tensor is skipped, whatever the others' rank (PyTorch keeps this for
// old code); dim is wrapped against the first tensor not skipped.
Tensor cat(const std::vector<Tensor>& ts, std::int64_t dim) {
  auto skipped = [](const Tensor& t) { return t.dim() == 1 && t.numel() == 0; };
  for (std::size_t i = 0; i < ts.size(); ++i)
    if (ts[i].dim() == 0)
      fail("RuntimeError", "zero-dimensional tensor (at position " + std::to_string(i) + ") cannot be concatenated",
           "tensors");
  const Tensor* valid = nullptr;
  for (const Tensor& t : ts)
    if (!skipped(t) && !valid) valid = &t;
  if (valid) dim = wrap_dim(dim, valid->dim(), "dim");
  if (ts.empty()) fail("RuntimeError", "torch.cat(): expected a non-empty list of Tensors", "tensors");
  DType dtype = ts[0].dtype();
  for (const Tensor& t : ts) dtype = promote_types(dtype, t.dtype());
  if (!valid) return Tensor::empty(dtype, {0});
  Shape shape = valid->shape();
  shape[std::size_t(dim)] = 0;
  for (std::size_t i = 0; i < ts.size(); ++i) {
    if (skipped(ts[i])) continue;
    if (ts[i].dim() != valid->dim())
      fail("RuntimeError",
           "Tensors must have same number of dimensions: got " + std::to_string(valid->dim()) + " and " +
               std::to_string(ts[i].dim()),
           "tensors");
    for (int d = 0; d < valid->dim(); ++d)
      if (d != dim && ts[i].shape()[std::size_t(d)] != valid->shape()[std::size_t(d)])
        fail("RuntimeError",
             "Sizes of tensors must match except in dimension " + std::to_string(dim) + ". Expected size " +
                 std::to_string(valid->shape()[std::size_t(d)]) + " but got size " +
                 std::to_string(ts[i].shape()[std::size_t(d)]) + " for tensor number " + std::to_string(i) +
                 " in the list.",
             "tensors");
    shape[std::size_t(dim)] += ts[i].shape()[std::size_t(dim)];
  }
  check_limits(shape);
  Tensor out = Tensor::empty(dtype, shape);
  Shape at(shape.size(), 0);
  for (const Tensor& t : ts)
    if (!skipped(t)) {
      place(out, t, at);
      at[std::size_t(dim)] += t.shape()[std::size_t(dim)];
    }
  return out;
}

void require_some(const std::vector<Tensor>& ts, const char* op) {
  if (ts.empty()) fail("RuntimeError", std::string(op) + " expects a non-empty TensorList", "tensors");
}

Tensor stack(const std::vector<Tensor>& ts, std::int64_t dim) {
  require_some(ts, "stack");
  const std::int64_t d = wrap_dim(dim, ts[0].dim() + 1, "dim");
  std::vector<Tensor> unsqueezed;
  for (std::size_t i = 0; i < ts.size(); ++i) {
    if (ts[i].shape() != ts[0].shape())
      fail("RuntimeError",
           "stack expects each tensor to be equal size, but got " + shape_str(ts[0].shape()) + " at entry 0 and " +
               shape_str(ts[i].shape()) + " at entry " + std::to_string(i),
           "tensors");
    unsqueezed.push_back(unsqueeze(ts[i], d));
  }
  return cat(unsqueezed, d);
}

// at::atleast_1d/2d/3d of one tensor: itself when it has `rank` dims or more, else a view.
Tensor atleast(const Tensor& t, int rank) {
  if (t.dim() >= rank) return t;
  if (t.dim() == 0) return view(t, std::vector<std::int64_t>(std::size_t(rank), 1));
  if (rank == 3 && t.dim() == 2) return unsqueeze(t, 2);
  const Tensor row = unsqueeze(t, 0);  // a 1-D tensor is a row (atleast_3d: a row in a new last dim)
  return rank == 3 ? unsqueeze(row, 2) : row;
}
std::vector<Tensor> atleast_all(const std::vector<Tensor>& ts, int rank) {
  std::vector<Tensor> out;
  for (const Tensor& t : ts) out.push_back(atleast(t, rank));
  return out;
}

std::vector<Tensor> meshgrid(const std::vector<Tensor>& tensors, const std::string& indexing) {
  require_some(tensors, "meshgrid");
  for (std::size_t i = 0; i + 1 < tensors.size(); ++i)
    if (tensors[i].dtype() != tensors[i + 1].dtype())
      fail("RuntimeError", "meshgrid expects all tensors to have the same dtype", "tensors");
  std::vector<Tensor> ts = tensors;
  // 'xy' is 'ij' with the first two inputs swapped, and their grids swapped back.
  const bool swap = indexing == "xy" && ts.size() >= 2;
  if (swap) std::swap(ts[0], ts[1]);
  if (indexing != "xy" && indexing != "ij")
    fail("RuntimeError", "torch.meshgrid: indexing must be one of \"xy\" or \"ij\", but received: " + indexing,
         "indexing");
  std::vector<std::int64_t> shape;
  for (const Tensor& t : ts) {
    if (t.dim() > 1)
      fail("RuntimeError", "torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got: " + aten_print(t),
           "tensors");
    shape.push_back(t.numel());
  }
  std::vector<Tensor> grids;
  std::vector<std::int64_t> along(ts.size(), 1);
  for (std::size_t i = 0; i < ts.size(); ++i) {
    along[i] = -1;
    grids.push_back(expand(view(ts[i], along), shape));
    along[i] = 1;
  }
  if (swap) std::swap(grids[0], grids[1]);
  return grids;
}

// --- the ops -------------------------------------------------------------------------------------

std::vector<Tensor> cat_apply(const Bound& b) { return {cat(tensor_list(b), int_arg(b, "dim", 0))}; }
std::vector<Tensor> stack_apply(const Bound& b) { return {stack(tensor_list(b), int_arg(b, "dim", 0))}; }

std::vector<Tensor> hstack(const std::vector<Tensor>& ts) {
  require_some(ts, "hstack");
  const std::vector<Tensor> rows = atleast_all(ts, 1);
  return {cat(rows, rows[0].dim() == 1 ? 0 : 1)};
}
std::vector<Tensor> hstack_apply(const Bound& b) { return hstack(tensor_list(b)); }
std::vector<Tensor> vstack_apply(const Bound& b) {
  const std::vector<Tensor> ts = tensor_list(b);
  require_some(ts, "vstack");  // (row_stack's message too)
  return {cat(atleast_all(ts, 2), 0)};
}
std::vector<Tensor> dstack_apply(const Bound& b) {
  const std::vector<Tensor> ts = tensor_list(b);
  require_some(ts, "dstack");
  return {cat(atleast_all(ts, 3), 2)};
}
std::vector<Tensor> column_stack_apply(const Bound& b) {
  std::vector<Tensor> ts = tensor_list(b);
  require_some(ts, "column_stack");
  for (Tensor& t : ts)  // 0-d and 1-D tensors become columns
    if (t.dim() <= 1) t = reshape(t, {t.numel(), 1});
  return hstack(ts);
}

std::vector<Tensor> block_diag_apply(const Bound& b) {
  const std::vector<Tensor> ts = tensor_list(b);
  if (ts.empty()) return {Tensor::empty(DType::Float32, {1, 0})};
  std::vector<PromotionOperand> operands;
  std::int64_t rows = 0, cols = 0;
  std::vector<Tensor> blocks;  // each as a matrix: a vector is one row, a scalar one cell
  for (std::size_t i = 0; i < ts.size(); ++i) {
    const Tensor& t = ts[i];
    if (t.dim() > 2)
      fail("RuntimeError",
           "torch.block_diag: Input tensors must have 2 or fewer dimensions. Input " + std::to_string(i) + " has " +
               std::to_string(t.dim()) + " dimensions",
           "tensors");
    operands.push_back({t.dtype(), t.dim() == 0 ? OperandRank::ZeroDim : OperandRank::Dimensioned});
    blocks.push_back(t.dim() == 2 ? t : atleast(t, 2));
    rows += blocks.back().shape()[0];
    cols += blocks.back().shape()[1];
  }
  check_limits({rows, cols});
  Tensor out = Tensor::empty(result_type(operands), {rows, cols});
  Shape at = {0, 0};
  for (const Tensor& block : blocks) {
    place(out, block, at);
    at[0] += block.shape()[0];
    at[1] += block.shape()[1];
  }
  return {out};
}

std::vector<Tensor> cartesian_prod_apply(const Bound& b) {
  const std::vector<Tensor> ts = tensor_list(b);
  for (const Tensor& t : ts)
    if (t.dim() != 1) fail("RuntimeError", "Expect a 1D vector, but got shape " + shape_str(t.shape()), "tensors");
  if (ts.size() == 1) return {ts[0]};
  std::vector<Tensor> columns;
  for (const Tensor& grid : meshgrid(ts, "ij")) columns.push_back(reshape(grid, {-1}));
  return {stack(columns, 1)};
}

std::vector<Tensor> meshgrid_apply(const Bound& b) {
  const Value& indexing = arg(b, "indexing");
  return meshgrid(tensor_list(b), indexing.is<std::string>() ? indexing.as<std::string>() : "ij");
}

std::vector<Tensor> broadcast_tensors_apply(const Bound& b) {
  std::vector<Tensor> ts = tensor_list(b);
  if (ts.empty()) return ts;
  Shape shape = ts[0].shape();
  for (const Tensor& t : ts) shape = broadcast_shapes(shape, t.shape());
  check_limits(shape);
  for (Tensor& t : ts)
    if (t.shape() != shape) t = expand(t, std::vector<std::int64_t>(shape.begin(), shape.end()));
  return ts;
}

template <int Rank>
std::vector<Tensor> atleast_apply(const Bound& b) {
  return atleast_all(tensor_list(b), Rank);
}

}  // namespace

void add_join_ops(std::vector<const OpDescriptor*>& t) {
  MovementSpec joined;  // one result, each element from one place in one of the tensors
  joined.shift_note = true;
  MovementSpec plain, grids, at_least;
  grids.tuple = true;             // meshgrid, broadcast_tensors: one view per tensor
  at_least.tuple_if_list = true;  // atleast_1d(x) is one tensor, atleast_1d(x, y) a tuple
  const char* list_only = "tensors:TensorList * out:Out";
  const char* varargs = "*tensors:TensorList";
  OpDescriptor cat_op = join_op("torch.cat torch.concat torch.concatenate",
                                "Joins tensors end to end along an existing dim; the other dims must match.",
                                "torch.cat([torch.tensor([[1, 2], [3, 4]]), torch.tensor([[5, 6]])])",
                                "tensors:TensorList dim:Int@=0 * out:Out", applying(joined, cat_apply));
  cat_op.names_resolve = true;  // cat(x, 'a') looks the name up in the first tensor
  add_op(t, std::move(cat_op));
  add_join(t, "torch.stack", "Joins same-shaped tensors along a new dim: out[i] is tensors[i] for dim 0.",
           "torch.stack([torch.tensor([1, 2, 3]), torch.tensor([4, 5, 6])])", "tensors:TensorList dim:Int=0 * out:Out",
           applying(plain, stack_apply));
  add_join(t, "torch.hstack", "Joins tensors column-wise: along dim 1, or along dim 0 for vectors.",
           "torch.hstack([torch.tensor([[1], [2]]), torch.tensor([[3, 4], [5, 6]])])", list_only,
           applying(joined, hstack_apply));
  add_join(t, "torch.vstack", "Joins tensors row-wise along dim 0, vectors becoming rows first.",
           "torch.vstack([torch.tensor([1, 2, 3]), torch.tensor([4, 5, 6])])", list_only,
           applying(joined, vstack_apply));
  add_join(t, "torch.row_stack", "Another name for vstack: vectors become rows, then everything joins along dim 0.",
           "torch.row_stack([torch.tensor([1, 2]), torch.tensor([[3, 4], [5, 6]])])", list_only,
           applying(joined, vstack_apply));
  add_join(t, "torch.dstack", "Joins tensors depth-wise along dim 2, after making each at least 3-D.",
           "torch.dstack([torch.tensor([[1, 2], [3, 4]]), torch.tensor([[5, 6], [7, 8]])])", list_only,
           applying(joined, dstack_apply));
  add_join(t, "torch.column_stack", "Joins tensors column-wise, vectors standing up as columns first.",
           "torch.column_stack([torch.tensor([1, 2, 3]), torch.tensor([4, 5, 6])])", list_only,
           applying(joined, column_stack_apply));
  MovementSpec blocks = applying(joined, block_diag_apply);
  blocks.fill = "outside the blocks, zero";
  add_join(t, "torch.block_diag", "Puts matrices corner to corner along the diagonal of a larger matrix of zeros.",
           "torch.block_diag(torch.tensor([[1, 2], [3, 4]]), torch.tensor([[5, 6, 7]]))", varargs, blocks);
  add_join(t, "torch.cartesian_prod", "Every combination of one element from each vector, one combination per row.",
           "torch.cartesian_prod(torch.tensor([1, 2, 3]), torch.tensor([4, 5]))", varargs,
           applying(plain, cartesian_prod_apply));
  add_join(t, "torch.meshgrid",
           "Coordinate grids: grid k repeats vector k along its own dim, as views (indexing 'ij' or 'xy').",
           "torch.meshgrid(torch.tensor([1, 2, 3]), torch.tensor([4, 5]), indexing='ij')",
           "*tensors:TensorList indexing:String?=None", applying(grids, meshgrid_apply));
  add_join(t, "torch.broadcast_tensors", "Each tensor expanded to the shape they all broadcast to, as views.",
           "torch.broadcast_tensors(torch.tensor([[1], [2]]), torch.tensor([3, 4, 5]))", varargs,
           applying(grids, broadcast_tensors_apply));
  add_join(t, "torch.atleast_1d", "A 0-d tensor as a vector of one element; tensors with dims unchanged.",
           "torch.atleast_1d(torch.tensor(5))", varargs, applying(at_least, atleast_apply<1>));
  add_join(t, "torch.atleast_2d", "Tensors with fewer than 2 dims as 1-row matrices (a view); others unchanged.",
           "torch.atleast_2d(torch.tensor([1, 2, 3]))", varargs, applying(at_least, atleast_apply<2>));
  add_join(t, "torch.atleast_3d",
           "Tensors with fewer than 3 dims given size-1 dims to reach 3 (a view); others unchanged.",
           "torch.atleast_3d(torch.tensor([[1, 2], [3, 4]]))", varargs, applying(at_least, atleast_apply<3>));
}

}  // namespace whence
