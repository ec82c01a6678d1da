// random_gradients.cpp - how the random family's ops differentiate (core/autograd.hpp's GradRule).
#include "kernels/random/random_gradients.hpp"

#include "core/error.hpp"
#include "kernels/common/composite.hpp"

namespace whence {

namespace {

// PyTorch 1.13 differentiates a draw as a constant: normal's mean and std, bernoulli's p and
// poisson's rate get zeros (NormalBackward*, BernoulliBackward0, PoissonBackward0).
void random_zero_derivatives(const Bound&, const OpResult&, int, std::int64_t, const std::vector<Source>& sources,
                             double* d) {
  for (std::size_t i = 0; i < sources.size(); ++i) d[i] = 0.0;
}

[[noreturn]] void random_no_graph() {
  fail("RuntimeError", "element 0 of tensors does not require grad and does not have a grad_fn");
}

// A draw from sizes alone (rand, randn, randint, randperm, the *_like ops, empty...): no
// grad_fn, so backward raises, unless requires_grad=True made the result a leaf.
void random_leaf_check(const Bound& b, const OpResult&) {
  if (!bool_arg(b, "requires_grad", false)) random_no_graph();
}

// normal(float, float, size) is such a draw; the overloads with a tensor mean or std are not.
void random_normal_check(const Bound& b, const OpResult& r) {
  if (!tensor_given(b, "mean") && !tensor_given(b, "std")) random_leaf_check(b, r);
}

// bernoulli(input, p) with a Python p draws without reading input's values: PyTorch's
// bernoulli.p returns no grad_fn.
void random_bernoulli_check(const Bound& b, const OpResult&) {
  if (!arg(b, "p").is<None>()) random_no_graph();
}

GradRule random_rule(void (*derivatives)(const Bound&, const OpResult&, int, std::int64_t, const std::vector<Source>&,
                                         double*),
                     void (*check)(const Bound&, const OpResult&)) {
  GradRule rule{derivatives};
  rule.check = check;
  rule.saves_values = false;
  return rule;
}

}  // namespace

void add_random_gradients(GradRules& r) {
  for (const char* name :
       {"torch.rand", "torch.randn", "torch.randint", "torch.randperm", "torch.rand_like", "torch.randn_like",
        "torch.randint_like", "torch.empty", "torch.empty_like", "torch.empty_strided", "torch.Tensor.new_empty"})
    set_rule(r, name, random_rule(unit_derivatives, random_leaf_check));  // no sources of value
  set_rule(r, "torch.normal", random_rule(random_zero_derivatives, random_normal_check));
  set_rule(r, "torch.bernoulli", random_rule(random_zero_derivatives, random_bernoulli_check));
  set_rule(r, "torch.poisson", random_rule(random_zero_derivatives, nullptr));
  set_rule(r, "torch.multinomial",
           GradRule{nullptr, "its result is integer (the sampled indices), which carries no gradient"});
  for (const char* name :
       {"torch.Tensor.uniform_", "torch.Tensor.normal_", "torch.Tensor.random_", "torch.Tensor.bernoulli_",
        "torch.Tensor.exponential_", "torch.Tensor.geometric_", "torch.Tensor.cauchy_", "torch.Tensor.log_normal_"})
    set_rule(r, name, GradRule{nullptr, "a leaf Variable that requires grad is being used in an in-place operation."});
  add_dropout_gradients(r);
  set_family_rule(r, "random", GradRule{nullptr, "Whence does not differentiate this op yet"});
}

}  // namespace whence
