// autograd.hpp - the gradient of one op's call, through its relations. An op's relations are
// the nonzero pattern of its Jacobian: each output element's `value` sources are the inputs it
// depends on, and the op's `derivatives` (OpDescriptor) gives each one's local derivative, as
// PyTorch 1.13's backward formula has it. The vector-Jacobian product is then one walk over the
// output elements: input.grad[i] = Σ over the output elements j reading i of
// upstream[j] · ∂out[j]/∂input[i]. Index, mask, compare and random sources carry no gradient.
// The same walk lists the terms of one gradient element, which sum to it.
#pragma once
#include <string>
#include <unordered_map>
#include <vector>

#include "evaluate.hpp"

namespace whence {

// How an op differentiates.
struct GradRule {
  // d[i] = ∂ result[position][flat] / ∂ sources[i], for the sources the op's explain gave for
  // that element, as PyTorch 1.13's backward formula gives it (its conventions at kinks and
  // ties included). Only `value` sources are read back: index, mask, compare and random
  // sources carry no gradient whatever d says. nullptr: the op has no gradient; `no_grad` says why.
  void (*derivatives)(const Bound&, const OpResult&, int position, std::int64_t flat,
                      const std::vector<Source>& sources, double* d) = nullptr;
  std::string no_grad;  // why there is no gradient (shown as the RuntimeError)
  // Floating tensor parameters PyTorch does not differentiate, comma-separated ("weight" of
  // nll_loss: PyTorch raises "the derivative for 'weight' is not implemented.").
  std::string no_grad_params;
  // Whether the derivatives read values (PyTorch saves tensors for backward): false for copies,
  // whose graph a second backward may walk again and whose inputs may be written in place.
  bool saves_values = true;
  // PyTorch's refusals that depend on the call, not on any element (a dtype its backward kernel
  // lacks, a Python number where it has no derivative): raised before any element, so an empty
  // result refuses too. nullptr: none.
  void (*check)(const Bound&, const OpResult&) = nullptr;
};
using GradRules = std::unordered_map<const OpDescriptor*, GradRule>;

// The rule of every op, built on first use by the function `set_grad_rules` installed (the
// families' add_<family>_gradients, kernels/common/catalogue.cpp). A build without it (the
// single-call web modules) has none: every op then answers "not differentiated in this build".
const GradRules& grad_rules();
void set_grad_rules(void (*add_rules)(GradRules& rules));
const GradRule* grad_rule(const OpDescriptor* op);  // nullptr: none

// A tensor argument of a call that gets a gradient: a floating tensor the caller gave (a list
// argument's item), not out=, not a parameter PyTorch leaves undifferentiated.
struct GradArgument {
  int param = -1;
  int item = -1;
  const Tensor* tensor = nullptr;
};
std::vector<GradArgument> grad_arguments(const Evaluation& e);

// Whether result `position` carries a gradient (a floating result; indices do not).
bool grad_result(const Evaluation& e, int position);

// The op's refusal to differentiate: PyTorch's "the derivative for 'NAME' is not implemented."
// or Whence's reason, as a RuntimeError; nothing when it differentiates.
void check_differentiable(const Evaluation& e);

// Each grad_arguments' gradient (row-major over its logical shape, in double) for `upstream`,
// one vector per result position (empty: no gradient flows from that result). Throws Error.
std::vector<std::vector<double>> op_backward(const Evaluation& e, const std::vector<std::vector<double>>& upstream,
                                             const std::vector<GradArgument>& arguments);

// One term of a gradient element: output element `out` of result `position` read it with
// local derivative `local`, and `upstream` is that output element's gradient.
struct GradTerm {
  int position = 0;
  std::int64_t out = 0;
  double upstream = 0;
  double local = 0;
};
// The terms of argument `arg`'s gradient element `flat`, in output order.
std::vector<GradTerm> grad_terms(const Evaluation& e, const std::vector<std::vector<double>>& upstream,
                                 const GradArgument& arg, std::int64_t flat);

// "[1][0]": the coordinates of element `flat` of `shape`.
std::string element_brackets(const Shape& shape, std::int64_t flat);
// The chain rule's sum for one gradient element, `of` the element ("x[1]"), each term's output
// element labelled ("y[0]"): {"∂L/∂y[0]·∂y[0]/∂x[1] + ...", "0.5·2.0 + 0.5·(-1.0)"}.
struct ChainRule {
  std::string symbolic, numeric;
};
ChainRule chain_rule(const std::string& of, const std::vector<std::string>& outs, const std::vector<GradTerm>& terms);
// A gradient (double, row-major) as a tensor of `like`'s dtype and shape.
Tensor grad_tensor(const Tensor& like, const std::vector<double>& g);

// "input.grad[1] = out.grad[0]·∂out[0]/∂input[1] + out.grad[2]·∂out[2]/∂input[1]
//  = 0.5·2.0 + 0.5·(-1.0) = 0.5": the terms written out; `name` is the argument's name.
std::string grad_equation(const Evaluation& e, const std::string& name, const Tensor& argument, std::int64_t flat,
                          const std::vector<GradTerm>& terms, double total);

}  // namespace whence

#include "api.hpp"

namespace whence {

// A single call's gradient in the protocol: request "grad" (true: ones for every floating
// result; or one upstream gradient per result, a tensor or null) and "grad_explain"
// ([{"arg": PATH, "element": FLAT}, ...]); adds "grad_fn", "grads" ([{"arg", "param", "grad"}])
// and "grad_relations" ([{"arg", "element", "terms": [[[RESULT, OUT], upstream, local], ...],
// "eq"}]) to `response`.
void add_grad_response(const Evaluation& e, const Json& request, Json& response);

}  // namespace whence
