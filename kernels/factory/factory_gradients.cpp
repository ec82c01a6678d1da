// factory_gradients.cpp - how the factory family's ops differentiate (core/autograd.hpp's GradRule).
#include "core/error.hpp"
#include "kernels/common/composite.hpp"
#include "kernels/common/derivatives.hpp"

namespace whence {

namespace {

// No output element reads an input value (factory ops have no sources), so nothing flows back.
// PyTorch gives the result no grad_fn: backward through it raises, unless requires_grad=True
// made it a leaf (then the backward runs and *_like's input keeps no .grad: zeros here).
void factory_check(const Bound& b, const OpResult&) {
  if (!bool_arg(b, "requires_grad", false))
    fail("RuntimeError", "element 0 of tensors does not require grad and does not have a grad_fn");
}

}  // namespace

void add_factory_gradients(GradRules& r) {
  GradRule rule{unit_derivatives};
  rule.check = factory_check;
  set_family_rule(r, "factory", rule);
}

}  // namespace whence
