// trapezoid.hpp - torch.trapezoid (trapz) and torch.cumulative_trapezoid's prepared call
// (kernels/contraction/trapezoid_ops.cpp), shared with their gradients (contraction_gradients.cpp).
//
// With samples x (or a constant spacing dx), the trapezoid between samples k and k + 1 along
// dim is (y[k] + y[k+1])·(x[k+1] − x[k]) / 2: trapezoid sums them, cumulative_trapezoid keeps
// the running sums. Like PyTorch, the y pairs and the x differences broadcast together (x's
// shape padded with leading 1s, a 1-D x laid along dim), and the sum runs over that broadcast
// shape's dim.
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "core/registry.hpp"

namespace whence {

struct TrapezoidState {
  DType dtype = DType::Float32;
  Shape shape;       // the result's
  Shape full;        // the broadcast shape of the terms (the y pairs with the x differences)
  Shape ys, ds, xv;  // the y pairs', the x differences', x viewed with y's rank
  int dim = 0;       // along full (and y, and xv)
  bool cumulative = false;
  bool has_x = false;  // x given (else dx)
  bool zeros = false;  // trapezoid over no samples: zeros of y's dtype, nothing read
  double dx = 1;
  std::vector<double> y, x;  // row-major values
};

const TrapezoidState& trapezoid_state(const Bound& b, const OpResult& r);
// Term t of output element k: the terms' element (in full), then y's two and x's two elements.
struct TrapezoidTerm {
  std::int64_t y0, y1, x0, x1;  // y[k], y[k+1], x[k], x[k+1] (x: -1 without x)
};
// The terms output element k sums, in order.
std::vector<TrapezoidTerm> trapezoid_terms(const TrapezoidState& s, std::int64_t k);
// The x elements the terms read, each once, with how often it is added (+1, as x[k+1]) or
// taken away (−1, as x[k]) next to each y pair. When y broadcasts along the summed dim (x has
// more dims than y) the inner samples cancel: x[1] − x[0] + x[2] − x[1] reads x[1] with a
// net count 0 for that pair, and an x element with no nonzero count is not read.
struct TrapezoidX {
  std::int64_t flat;
  std::vector<std::pair<std::pair<std::int64_t, std::int64_t>, int>> pairs;  // (y[k], y[k+1]) -> count
};
std::vector<TrapezoidX> trapezoid_x_reads(const std::vector<TrapezoidTerm>& terms);

}  // namespace whence
