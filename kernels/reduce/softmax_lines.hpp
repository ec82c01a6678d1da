// softmax_lines.hpp - the compute path of softmax, log_softmax and softmin: every line along
// dim at once, from the typed elements, in loops the compiler vectorizes (order_ops.cpp
// keeps the explain path, which lists the line).
#pragma once
#include "core/tensor.hpp"

namespace whence {

struct SoftmaxMath {
  double sign = 1;        // -1: softmin, the softmax of -x
  bool log = false;       // log_softmax
  bool bf16_sum = false;  // bfloat16's log_softmax rounds the sum to bfloat16 before its log
};

// out (contiguous, x's shape and floating dtype) = softmax of x along dim (-1 for a 0-d x):
// out_j = e^(s·x_j − m) / Σ e^(s·x_i − m), m the largest s·x_i, in double. (NaN anywhere in
// the line, or an infinite maximum, makes the line NaN, as in PyTorch.) float64 sums in line
// order with libm's exp; the narrower dtypes round the result, and take exp_poly.hpp's exp,
// along the last dim a sum in 32 lanes, and multiply by the sum's reciprocal. float32 along
// the last dim is PyTorch's arithmetic instead: m, e^(s·x − m) rounded to float, their float
// sum in cascade_sum's order (line_math.hpp), times the float reciprocal.
void softmax_lines(const Tensor& x, int dim, const SoftmaxMath& math, Tensor& out);

}  // namespace whence
