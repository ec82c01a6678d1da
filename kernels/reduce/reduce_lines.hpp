// reduce_lines.hpp - the compute path of sum, mean and logsumexp over dims that lie next to
// each other, and of cumsum and cumprod: each output element's slice is a block of a
// contiguous input, so the loops run over the typed elements without the accumulator's
// switch per element. Explain keeps reduce.hpp's element function.
#pragma once
#include "core/tensor.hpp"
#include "kernels/reduce/reduce_accumulate.hpp"

namespace whence {

// Each takes x in any layout (a contiguous copy where it is not) and, with the fast paths off
// (kernels/common/fast_paths.hpp), returns false (reduce_lines: reduces slice by slice).

// out (contiguous, the input's floating dtype) = `kind` of x over its dims
// first .. first + count - 1. The same arithmetic as Accumulator: in double, each slice in
// order; for results narrower than float64, sums along the last dim go in lanes and
// logsumexp takes two passes (max, then Σ e^(x − max) by exp_poly.hpp) instead of its online
// rescaling. float32 along the last dim (inner == 1) is PyTorch's arithmetic instead: the sum
// in float in its cascade_sum order (line_math.hpp), the mean that sum / len in float,
// logsumexp m + log Σ float(e^(x − m)). Returns false, doing nothing, for any other kind or
// dtype (and for float64 logsumexp). Fast paths off: each slice on its own, read through x's
// strides, with the same arithmetic (no copy, no slices side by side).
bool reduce_lines(ReduceKind kind, const Tensor& x, int first, int count, Tensor& out);

// max(x, dim) and min(x, dim): values (x's floating dtype) and int64 indices (the position in
// the slice) over x's dims first .. first + count - 1, both contiguous: the first NaN, else the
// first of the largest (smallest), as Accumulator's Max (Min). false, doing nothing, for any
// other kind or dtype.
bool arg_lines(ReduceKind kind, const Tensor& x, int first, int count, Tensor& values, Tensor& indices);

// out (contiguous, x's shape and floating dtype) = the running Sum (cumsum) or Prod (cumprod)
// of x along dim, in double and in line order, as Accumulator. false, doing
// nothing, for any other kind or dtype.
bool scan_lines(ReduceKind kind, const Tensor& x, int dim, Tensor& out);

}  // namespace whence
