// elementwise_derivatives.hpp - the local derivatives of the elementwise ops, as PyTorch 1.13's
// backward formulas give them (tools/autograd/derivatives.yaml and the backward kernels), in
// double. elementwise_gradients.cpp turns them into GradRules (core/autograd.hpp).
#pragma once
#include <string>
#include <vector>

#include "core/autograd.hpp"
#include "core/registry.hpp"

namespace whence {

// One output element of an elementwise call, as its derivative needs it.
struct EwPoint {
  const Bound& b;
  double x[3];    // the operands in the functor's order (elementwise_ops.hpp); NaN for where's unread branch
  bool given[3];  // false: an operand bound to None (clamp's missing bound)
  double out;     // the result element
  DType dtype;    // the result's dtype
};

// d[k] = ∂out/∂operand k, for every operand (only tensor operands' values are read back).
using EwDerivative = void (*)(const EwPoint& p, double* d);

struct EwGradEntry {
  const char* name;  // any of the op's names
  EwDerivative derivative;
};
struct EwNoGradEntry {
  const char* name;
  const char* why;  // PyTorch's words where it refuses; a short reason where it has no gradient
};

const std::vector<EwGradEntry>& ew_derivative_table();
const std::vector<EwNoGradEntry>& ew_no_grad_table();

// The GradRules of ops run by the elementwise launcher (the elementwise family's, and the
// special family's own tables): a formula each, or the reason there is none; the rest of
// `family` "Whence does not differentiate this op yet" (elementwise_gradients.cpp).
void add_elementwise_rules(GradRules& r, const std::vector<EwGradEntry>& formulas,
                           const std::vector<EwNoGradEntry>& none, const std::string& family);

// glu(input) = a · sigmoid(b) over input's two halves: d[0] = ∂/∂a, d[1] = ∂/∂b.
void ew_glu_derivatives(double a, double b, double* d);

}  // namespace whence
