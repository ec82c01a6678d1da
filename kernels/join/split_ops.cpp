// split_ops.cpp - the splitting ops of kernels/join/join_family.hpp: split, chunk, tensor_split,
// hsplit, vsplit, dsplit and unbind. Every piece is a view of the input (same storage, the
// input's strides, a later storage offset), as PyTorch 1.13's ATen functions make them, with
// their checks in their order.
#include <algorithm>
#include <cstdint>
#include <utility>

#include "core/bind.hpp"
#include "core/dtype.hpp"
#include "core/error.hpp"
#include "core/shape.hpp"
#include "kernels/common/composite.hpp"
#include "kernels/join/join_family.hpp"

namespace whence {

namespace {

const Tensor& input(const Bound& b) { return tensor_arg(b, "input"); }

// a + b wrapping around as PyTorch's int64 arithmetic does in practice (split(x, 2**63 - 1) is
// one piece there), without the undefined behaviour of a signed overflow.
std::int64_t wrapping_sum(std::int64_t a, std::int64_t b) { return std::int64_t(std::uint64_t(a) + std::uint64_t(b)); }

// at::slice with step 1: start and end wrapped once if negative, then clamped into the dim.
Tensor slice(const Tensor& x, std::int64_t dim, std::int64_t start, std::int64_t end) {
  const std::int64_t size = x.shape()[std::size_t(dim)];
  if (start < 0) start += size;
  if (end < 0) end += size;
  start = std::min(std::max<std::int64_t>(start, 0), size);
  end = std::min(std::max(end, start), size);
  Shape shape = x.shape();
  shape[std::size_t(dim)] = end - start;
  return x.as_strided(shape, x.strides(), x.offset() + start * x.strides()[std::size_t(dim)]);
}

// A split into more pieces than a call may return is refused before any piece is made
// (tensor_split(x, 10**9) would build a billion views).
void check_pieces(std::int64_t pieces) { check_result_count(pieces, "split"); }

void require_dims(const Tensor& x, const char* op) {
  if (x.dim() == 0) fail("RuntimeError", std::string(op) + " expects at least a 1-dimensional tensor", "input");
}

// at::split: pieces of split_size along dim, the last one shorter.
std::vector<Tensor> split_by_size(const Tensor& x, std::int64_t split_size, std::int64_t dim) {
  require_dims(x, "split");
  if (split_size < 0)
    fail("RuntimeError", "split expects split_size be non-negative, but got split_size=" + std::to_string(split_size),
         "split_size_or_sections");
  const std::int64_t d = wrap_dim(dim, x.dim(), "dim"), size = x.shape()[std::size_t(d)];
  if (split_size == 0 && size != 0)
    fail("RuntimeError",
         "split_size can only be 0 if dimension size is 0, but got dimension size of " + std::to_string(size),
         "split_size_or_sections");
  const std::int64_t pieces =
      split_size == 0 ? 1 : std::max<std::int64_t>(wrapping_sum(size, split_size - 1) / split_size, 1);
  check_pieces(pieces);
  std::vector<Tensor> out;
  for (std::int64_t i = 0; i < pieces; ++i)
    out.push_back(slice(x, d, i * split_size, i + 1 < pieces ? (i + 1) * split_size : size));
  return out;
}

// at::split_with_sizes: consecutive pieces of the given sizes, which must add up to the dim.
std::vector<Tensor> split_with_sizes(const Tensor& x, const std::vector<std::int64_t>& sizes, std::int64_t dim,
                                     const char* arg) {
  require_dims(x, "split");
  const std::int64_t d = wrap_dim(dim, x.dim(), "dim"), size = x.shape()[std::size_t(d)];
  const std::string listed = shape_str(Shape(sizes.begin(), sizes.end()));
  check_pieces(std::int64_t(sizes.size()));
  std::vector<Tensor> out;
  std::int64_t start = 0;
  for (std::int64_t length : sizes) {
    if (length < 0)
      fail("RuntimeError",
           "split_with_sizes expects split_sizes have only non-negative entries, but got split_sizes=" + listed, arg);
    out.push_back(slice(x, d, start, wrapping_sum(start, length)));
    start = wrapping_sum(start, length);
  }
  if (start != size)
    fail("RuntimeError",
         "split_with_sizes expects split_sizes to sum exactly to " + std::to_string(size) +
             " (input tensor's size at dimension " + std::to_string(dim) + "), but got split_sizes=" + listed,
         arg);
  return out;
}

// torch.split and Tensor.split (Python): a one-element tensor size is int()'d first; an int
// goes to _VF.split, anything else to _VF.split_with_sizes, whose parsers raise the TypeErrors.
std::vector<Tensor> split_apply(const Bound& b) {
  Value size = arg(b, "split_size_or_sections");
  if (size.is<Tensor>() && size.as<Tensor>().numel() == 1)
    size = Value(std::int64_t(size.as<Tensor>().get(0).as_double()));  // int()
  const bool by_size = size.is<std::int64_t>() || size.is<bool>();
  check_native_call(by_size ? "torch._VF.split" : "torch._VF.split_with_sizes",
                    {&arg(b, "tensor"), &size, &arg(b, "dim")}, {});
  const Tensor& x = tensor_arg(b, "tensor");
  if (x.dim() == 0) fail("RuntimeError", "split expects at least a 1-dimensional tensor", "tensor");
  const std::int64_t dim = int_arg(b, "dim", 0);
  if (by_size) return split_by_size(x, size.as<std::int64_t>(), dim);
  return split_with_sizes(x, ints_of(size), dim, "split_size_or_sections");
}

std::vector<Tensor> chunk_apply(const Bound& b) {
  const Tensor& x = input(b);
  const std::int64_t chunks = int_arg(b, "chunks", 1), dim = int_arg(b, "dim", 0);
  require_dims(x, "chunk");
  if (chunks <= 0)
    fail("RuntimeError", "chunk expects `chunks` to be greater than 0, got: " + std::to_string(chunks), "chunks");
  const std::int64_t size = x.shape()[std::size_t(wrap_dim(dim, x.dim(), "dim"))];
  const std::int64_t split_size = wrapping_sum(size, chunks - 1) / chunks;
  // An empty dim keeps the number of chunks asked for (all of them empty); else chunks of
  // ceil(size / chunks), so there may be fewer than asked.
  if (size == 0) {
    check_pieces(chunks);
    return split_with_sizes(x, std::vector<std::int64_t>(std::size_t(chunks), 0), dim, "chunks");
  }
  return split_by_size(x, split_size, dim);
}

void require_dims_for_tensor_split(const Tensor& x) {
  if (x.dim() == 0)
    fail("RuntimeError", "tensor_split expected at least a 1-dimensional tensor, but got a tensor with 0 dims",
         "input");
}

// tensor_split(x, sections): sections pieces, the first size % sections of them one longer.
std::vector<Tensor> split_in_sections(const Tensor& x, std::int64_t sections, std::int64_t dim, const char* arg) {
  require_dims_for_tensor_split(x);
  const std::int64_t d = wrap_dim(dim, x.dim(), "dim");
  if (sections <= 0)
    fail("RuntimeError", "number of sections must be larger than 0, got " + std::to_string(sections), arg);
  const std::int64_t size = x.shape()[std::size_t(d)];
  check_pieces(sections);
  std::vector<Tensor> out;
  for (std::int64_t i = 0, start = 0; i < sections; ++i) {
    const std::int64_t length = size / sections + (i < size % sections ? 1 : 0);
    out.push_back(slice(x, d, start, start + length));
    start += length;
  }
  return out;
}

// tensor_split(x, indices): the pieces between consecutive indices (sliced, so clamped).
std::vector<Tensor> split_at(const Tensor& x, const std::vector<std::int64_t>& indices, std::int64_t dim) {
  require_dims_for_tensor_split(x);
  const std::int64_t d = wrap_dim(dim, x.dim(), "dim");
  std::vector<Tensor> out;
  std::int64_t start = 0;
  for (std::int64_t end : indices) {
    out.push_back(slice(x, d, start, end));
    start = end;
  }
  out.push_back(slice(x, d, start, x.shape()[std::size_t(d)]));
  return out;
}

std::vector<Tensor> tensor_split_apply(const Bound& b) {
  const Tensor& x = input(b);
  const Value& how = arg(b, "indices_or_sections");
  const std::int64_t dim = int_arg(b, "dim", 0);
  const char* name = "indices_or_sections";
  if (how.is<std::int64_t>()) return split_in_sections(x, how.as<std::int64_t>(), dim, name);
  if (!how.is<Tensor>()) return split_at(x, ints_of(how), dim);
  const Tensor& t = how.as<Tensor>();  // a 0-d tensor of sections, or a 1-D tensor of indices
  require_dims_for_tensor_split(x);
  if (t.dtype() != DType::Int64)
    fail("RuntimeError",
         std::string("tensor_split expected tensor_indices_or_sections to have dtype of long, but got ") +
             dtype_scalar_name(t.dtype()),
         name);
  if (t.dim() > 1)
    fail("RuntimeError",
         "tensor_split expected tensor_indices_or_sections to be a zero-dimensional or one-dimensional tensor, but got "
         "a tensor with " +
             std::to_string(t.dim()) + " dims",
         name);
  if (t.dim() == 0) return split_in_sections(x, t.get(0).i, dim, name);
  std::vector<std::int64_t> indices;
  for (std::int64_t i = 0; i < t.numel(); ++i) indices.push_back(t.get(i).i);
  return split_at(x, indices, dim);
}

// hsplit (dim 1), vsplit (dim 0), dsplit (dim 2): tensor_split along that dim, where a number
// of sections must divide it evenly.
std::vector<Tensor> fixed_dim_split(const Bound& b, int fixed) {
  static const char* names[] = {"vsplit", "hsplit", "dsplit"};
  static const int least_dims[] = {2, 1, 3};
  const std::string op = std::string("torch.") + names[fixed];
  const Tensor& x = input(b);
  const int least = least_dims[fixed];
  if (x.dim() < least)
    fail("RuntimeError",
         op + " requires a tensor with at least " + std::to_string(least) + " dimension, but got a tensor with " +
             std::to_string(x.dim()) + " dimensions!",
         "input");
  const std::int64_t dim = fixed == 1 && x.dim() == 1 ? 0 : fixed;  // hsplit splits a vector along dim 0
  const Value& how = arg(b, "indices_or_sections");
  if (!how.is<std::int64_t>()) return split_at(x, ints_of(how), dim);
  const std::int64_t sections = how.as<std::int64_t>(), size = x.shape()[std::size_t(dim)];
  if (sections == 0 || size % sections != 0)
    fail("RuntimeError",
         op + " attempted to split along dimension " + std::to_string(dim) + ", but the size of the dimension " +
             std::to_string(size) + " is not divisible by the split_size " + std::to_string(sections) + "!",
         "indices_or_sections");
  return split_in_sections(x, sections, dim, "indices_or_sections");
}
template <int Dim>
std::vector<Tensor> fixed_dim_split_apply(const Bound& b) {
  return fixed_dim_split(b, Dim);
}

std::vector<Tensor> unbind_apply(const Bound& b) {
  const Tensor& x = input(b);
  const std::int64_t d = wrap_dim(int_arg(b, "dim", 0), x.dim(), "dim");
  if (x.dim() == 0) fail("IndexError", "Dimension specified as 0 but tensor has no dimensions", "dim");
  Shape shape = x.shape(), strides = x.strides();
  const std::int64_t n = shape[std::size_t(d)], stride = strides[std::size_t(d)];
  shape.erase(shape.begin() + d);
  strides.erase(strides.begin() + d);
  check_result_count(n, "unbind");
  std::vector<Tensor> out;
  for (std::int64_t i = 0; i < n; ++i) out.push_back(x.as_strided(shape, strides, x.offset() + i * stride));
  return out;
}

}  // namespace

void add_split_ops(std::vector<const OpDescriptor*>& t) {
  MovementSpec pieces;  // a tuple of views, each a piece of the input
  pieces.tuple = true;
  pieces.shift_note = true;
  const char* sections = "input:Tensor indices_or_sections:IntList";
  OpDescriptor split = join_op(
      "torch.split torch.Tensor.split",
      "Cuts the input along dim into pieces of split_size (the last one shorter), or of the listed sizes, as views.",
      "torch.split(torch.tensor([1, 2, 3, 4, 5]), 2)", "tensor:Tensor split_size_or_sections:IntList dim:Int=0",
      applying(pieces, split_apply));
  split.python_input_method = "split";  // torch.split(x, ...) calls x.split(...)
  add_op(t, std::move(split));
  add_join(t, "torch.chunk torch.Tensor.chunk",
           "Cuts the input along dim into at most `chunks` equal pieces of ceil(size / chunks), as views.",
           "torch.chunk(torch.tensor([1, 2, 3, 4, 5, 6]), 4)", "input:Tensor chunks:Int dim:Int=0",
           applying(pieces, chunk_apply));
  add_join(t, "torch.tensor_split torch.Tensor.tensor_split",
           "Cuts the input along dim into n nearly equal pieces, or at the given indices, as views.",
           "torch.tensor_split(torch.tensor([1, 2, 3, 4, 5, 6, 7]), 3)",
           "input:Tensor indices_or_sections:IntList dim:Int=0", applying(pieces, tensor_split_apply));
  add_join(t, "torch.hsplit torch.Tensor.hsplit",
           "tensor_split along dim 1 (dim 0 for vectors), sections that must divide it evenly.",
           "torch.hsplit(torch.tensor([[1, 2, 3, 4], [5, 6, 7, 8]]), 2)", sections,
           applying(pieces, fixed_dim_split_apply<1>));
  add_join(t, "torch.vsplit torch.Tensor.vsplit",
           "tensor_split along dim 0 of a tensor with at least 2 dims, sections that must divide it evenly.",
           "torch.vsplit(torch.tensor([[1, 2], [3, 4], [5, 6], [7, 8]]), 2)", sections,
           applying(pieces, fixed_dim_split_apply<0>));
  add_join(t, "torch.dsplit torch.Tensor.dsplit",
           "tensor_split along dim 2 of a tensor with at least 3 dims, sections that must divide it evenly.",
           "torch.dsplit(torch.tensor([[[1, 2, 3, 4], [5, 6, 7, 8]]]), 2)", sections,
           applying(pieces, fixed_dim_split_apply<2>));
  MovementSpec slices = applying(pieces, unbind_apply);
  slices.shift_note = false;  // (the pieces lose dim)
  OpDescriptor unbind = join_op(
      "torch.unbind torch.Tensor.unbind", "Every slice along dim as its own tensor, that dim removed, as views.",
      "torch.unbind(torch.tensor([[1, 2, 3], [4, 5, 6]]))", "input:Tensor dim:Int@=0", slices);
  unbind.names_resolve = true;
  add_op(t, std::move(unbind));
}

}  // namespace whence
