// gather.cpp - the data-dependent selection family on the CPU: argument checks in PyTorch's
// words, then the element functions of gather.hpp through the CPU launcher.
#include "kernels/gather/gather.hpp"

#include "core/error.hpp"
#include "core/shape.hpp"
#include "kernels/common/fast_paths.hpp"
#include "kernels/common/index_walk.hpp"
#include "kernels/cpu/launch.hpp"
#include "kernels/gather/gather_op.hpp"

namespace whence {

namespace {

enum GatherParam { kInput, kDim, kIndex, kSparseGrad, kOut };

std::int64_t nonempty_dim(const Tensor& t) { return t.dim() > 0 ? t.dim() : 1; }
std::int64_t nonempty_size(const Tensor& t, std::int64_t d) { return t.dim() > 0 ? t.shape()[d] : 1; }

// The order in which PyTorch's CPU gather kernel checks index values, so that with several
// bad values Whence names the same one. Its TensorIterator runs over the index shape with `dim`
// squashed to size 1, coalescing dims from the innermost outwards while the strides of the
// output, the input and the index allow (size-1 dims always do). The kernel loops `dim`
// innermost when it is the last dim; otherwise it loops `dim` outside the innermost
// coalesced group and inside all other dims.
std::vector<std::int64_t> index_visit_order(const Tensor& index, const Tensor& input, int dim) {
  const int rank = index.dim();
  const Shape& shape = index.shape();
  const Shape out_strides = contiguous_strides(shape);
  auto iter_size = [&](int d) { return d == dim ? std::int64_t(1) : shape[d]; };

  std::vector<bool> in_group(std::size_t(rank), false);
  if (rank > 0 && dim != rank - 1) {
    std::int64_t group_size = 1;
    int inner = -1;  // innermost dim of the group whose iteration size is above 1
    for (int d = rank - 1; d >= 0; --d) {
      if (iter_size(d) != 1 && inner >= 0) {
        bool fits = true;
        for (const Shape* st : {&out_strides, &index.strides(), &input.strides()})
          fits = fits && (*st)[d] == group_size * (*st)[inner];
        if (!fits) break;
      }
      if (iter_size(d) != 1 && inner < 0) inner = d;
      group_size *= iter_size(d);
      in_group[std::size_t(d)] = true;
    }
  }
  // Loop nest, outermost first: the dims outside the group, then `dim`, then the group.
  std::vector<int> nest;
  for (int d = 0; d < rank; ++d)
    if (d != dim && !in_group[std::size_t(d)]) nest.push_back(d);
  if (rank > 0) nest.push_back(dim);
  for (int d = 0; d < rank; ++d)
    if (d != dim && in_group[std::size_t(d)]) nest.push_back(d);

  std::vector<std::int64_t> order;
  order.reserve(std::size_t(index.numel()));
  std::vector<std::int64_t> counter(nest.size(), 0);
  for (std::int64_t n = 0; n < index.numel(); ++n) {
    std::int64_t flat = 0;
    for (std::size_t k = 0; k < nest.size(); ++k) flat += counter[k] * out_strides[nest[k]];
    order.push_back(flat);
    for (int k = int(nest.size()) - 1; k >= 0; --k) {  // odometer over the nest
      if (++counter[k] < shape[nest[k]]) break;
      counter[k] = 0;
    }
  }
  return order;
}

// The kernel's view of a bound call. Cheap; explain uses it after run has checked the call.
GatherArgs gather_args(const Bound& b) {
  GatherArgs a;
  a.dim = int(wrap_dim(b.integer(kDim), b.tensor(kInput).dim(), "dim"));
  a.input = to_ktensor(b.tensor(kInput), kInput);
  a.index = to_ktensor(b.tensor(kIndex), kIndex);
  return a;
}

// PyTorch's gather meta function and gather_shape_check, in the same order, then the index
// values as its CPU kernel checks them.
GatherArgs check_gather(const Bound& b) {
  const Tensor& input = b.tensor(kInput);
  const Tensor& index = b.tensor(kIndex);
  const GatherArgs a = gather_args(b);
  if (index.numel() == 0) return a;  // PyTorch skips every other check for an empty index

  if (index.dtype() != DType::Int64) fail("RuntimeError", "gather(): Expected dtype int64 for index", "index");
  if (nonempty_dim(input) != nonempty_dim(index))
    fail("RuntimeError", "Index tensor must have the same number of dimensions as input tensor", "index");
  for (std::int64_t d = 0; d < nonempty_dim(input); ++d) {
    if (d != a.dim && nonempty_size(index, d) > nonempty_size(input, d))
      fail("RuntimeError",
           "Size does not match at dimension " + std::to_string(d) + " expected index " + shape_str(index.shape()) +
               " to be smaller than self " + shape_str(input.shape()) + " apart from dimension " +
               std::to_string(a.dim),
           "index");
  }
  const std::int64_t size = nonempty_size(input, a.dim);
  // (the walk below is there to name a bad value; it also passes an index with none)
  if (index.is_contiguous() && take_fast_path(FastPath::GatherIndexCheck) && indices_in_range(index, size)) return a;
  for (const std::int64_t flat : index_visit_order(index, input, a.dim)) {
    const std::int64_t v = index.get(flat).i;
    if (v < 0 || v >= size)
      fail("RuntimeError",
           "index " + std::to_string(v) + " is out of bounds for dimension " + std::to_string(a.dim) + " with size " +
               std::to_string(size),
           "index");
  }
  return a;
}

// gather_element for every output element, a row (along the last dim) at a time, without
// the coordinates of each element.
template <class T>
void gather_rows(const GatherArgs& a, const Shape& shape, T* out) {
  const KTensor& in = a.input;
  const KTensor& ix = a.index;
  const int last = ix.rank - 1;
  const std::int64_t cols = ix.shape[last], is = ix.strides[last], ds = in.strides[a.dim];
  const std::int64_t ls = a.dim == last ? 0 : in.strides[last];
  const T* src = static_cast<const T*>(in.data);
  const std::int64_t* idx = static_cast<const std::int64_t*>(ix.data);
  // along a contiguous last dim: a plain gather of each row
  const bool dense = is == 1 && ds == 1 && ls == 0 && take_fast_path(FastPath::GatherRowsDense);
  for_each_row(shape, [&](const std::int64_t* c, std::int64_t row) {
    std::int64_t ib = 0, xb = 0;
    for (int d = 0; d < last; ++d) {
      xb += c[d] * ix.strides[d];
      if (d != a.dim) ib += c[d] * in.strides[d];
    }
    T* o = out + row * cols;
    if (dense) {
      const T* in_row = src + ib;
      const std::int64_t* idx_row = idx + xb;
      for (std::int64_t k = 0; k < cols; ++k) o[k] = in_row[idx_row[k]];
    } else {
      for (std::int64_t k = 0; k < cols; ++k) o[k] = src[ib + idx[xb + k * is] * ds + k * ls];
    }
  });
}

OpResult gather_run(const Bound& b) {
  const GatherArgs a = check_gather(b);
  Tensor out = Tensor::empty(b.tensor(kInput).dtype(), b.tensor(kIndex).shape());
  if (out.numel() == 0) return {{out}, false};
  dispatch_dtype(out.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if (a.index.rank > 0 && a.input.rank == a.index.rank && take_fast_path(FastPath::GatherRows))
      return gather_rows<T>(a, out.shape(), out.data<T>());
    cpu_launch<T>(out, [&](std::int64_t flat, auto& access) { return gather_element<T>(a, flat, access); });
  });
  return {{out}, false};
}

std::vector<Source> gather_explain(const Bound& b, const OpResult&, int, std::int64_t flat) {
  const GatherArgs a = gather_args(b);
  return dispatch_dtype(b.tensor(kInput).dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    return cpu_explain(flat, [&](std::int64_t f, auto& access) { return gather_element<T>(a, f, access); });
  });
}

}  // namespace

const OpDescriptor& gather_op() {
  static const OpDescriptor op{
      {"torch.gather", "torch.Tensor.gather"},
      "gather",
      "Picks, along one dimension, the input element whose position the index tensor names; "
      "the output has the index tensor's shape.",
      "https://pytorch.org/docs/stable/generated/torch.gather.html",
      "out{out} = input{out|dim:index{out}} = input{input} = {value}",
      "torch.gather(torch.tensor([[1, 2, 3], [4, 5, 6]]), 1, torch.tensor([[0, 2], [2, 1]]))",
      {
          {"input", ParamType::Tensor},
          {"dim", ParamType::Int, false, false, {}, true},
          {"index", ParamType::Tensor},
          {"sparse_grad", ParamType::Bool, true, true, Value(false)},
          {"out", ParamType::OutTensor, true, true, Value(None{})},
      },
      gather_run,
      gather_explain,
  };
  return op;
}

}  // namespace whence
