// index.cpp - the data-dependent selection family on the CPU: argument checks in PyTorch's
// words, then the element functions of index.hpp through the CPU launcher.
#include "kernels/index.hpp"

#include "core/error.hpp"
#include "core/shape.hpp"
#include "kernels/cpu/launch.hpp"
#include "kernels/ops.hpp"

namespace whence {

namespace {

enum GatherParam { kInput, kDim, kIndex, kSparseGrad, kOut };

std::int64_t nonempty_dim(const Tensor& t) { return t.dim() > 0 ? t.dim() : 1; }
std::int64_t nonempty_size(const Tensor& t, std::int64_t d) { return t.dim() > 0 ? t.shape()[d] : 1; }

// PyTorch's gather meta function and gather_shape_check, in the same order.
GatherArgs check_gather(const Bound& b) {
  const Tensor& input = b.tensor(kInput);
  const Tensor& index = b.tensor(kIndex);
  GatherArgs a;
  try {
    a.dim = int(wrap_dim(b.integer(kDim), input.dim()));
  } catch (Error& e) {
    e.arg = "dim";
    throw;
  }
  a.input = to_ktensor(input, kInput);
  a.index = to_ktensor(index, kIndex);
  if (index.numel() == 0) return a;  // PyTorch skips every other check for an empty index

  if (index.dtype() != DType::Int64) fail("RuntimeError", "gather(): Expected dtype int64 for index", "index");
  if (nonempty_dim(input) != nonempty_dim(index))
    fail("RuntimeError", "Index tensor must have the same number of dimensions as input tensor", "index");
  for (std::int64_t d = 0; d < nonempty_dim(input); ++d) {
    if (d != a.dim && nonempty_size(index, d) > nonempty_size(input, d))
      fail("RuntimeError", "Size does not match at dimension " + std::to_string(d) + " expected index " +
                               shape_str(index.shape()) + " to be smaller than self " +
                               shape_str(input.shape()) + " apart from dimension " + std::to_string(a.dim),
           "index");
  }
  // Index values, in the order PyTorch's CPU kernel visits them: `dim` innermost.
  const std::int64_t size = nonempty_size(input, a.dim);
  Shape order = index.shape();
  const std::int64_t n = index.numel();
  const std::int64_t inner = nonempty_size(index, a.dim);
  for (std::int64_t outer = 0; outer < n / inner; ++outer) {
    for (std::int64_t k = 0; k < inner; ++k) {
      // Rebuild the row-major flat index from (outer position over the other dims, k along dim).
      std::int64_t rest = outer, flat = 0, stride = 1;
      for (int d = index.dim() - 1; d >= 0; --d) {
        const std::int64_t c = d == a.dim ? k : rest % order[d];
        if (d != a.dim) rest /= order[d];
        flat += c * stride;
        stride *= order[d];
      }
      if (index.dim() == 0) flat = 0;
      const std::int64_t v = index.get(flat).i;
      if (v < 0 || v >= size)
        fail("RuntimeError", "index " + std::to_string(v) + " is out of bounds for dimension " +
                                 std::to_string(a.dim) + " with size " + std::to_string(size),
             "index");
    }
  }
  return a;
}

OpResult gather_run(const Bound& b) {
  const GatherArgs a = check_gather(b);
  Tensor out = Tensor::empty(b.tensor(kInput).dtype(), b.tensor(kIndex).shape());
  if (out.numel() == 0) return {{out}, false};
  dispatch_dtype(out.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    cpu_launch<T>(out, [&](std::int64_t flat, auto& access) { return gather_element<T>(a, flat, access); });
  });
  return {{out}, false};
}

std::vector<Source> gather_explain(const Bound& b, const OpResult&, int, std::int64_t flat) {
  const GatherArgs a = check_gather(b);
  return dispatch_dtype(b.tensor(kInput).dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    return cpu_explain(flat, [&](std::int64_t f, auto& access) { return gather_element<T>(a, f, access); });
  });
}

}  // namespace

const OpDescriptor& gather_op() {
  static const OpDescriptor op{
      {"torch.gather", "torch.Tensor.gather"},
      "index",
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
