// evaluate.hpp - running a call inside core (what api.hpp's evaluate wraps in JSON).
#pragma once
#include <optional>

#include "api.hpp"
#include "registry.hpp"

namespace whence {

struct Evaluation {
  const OpDescriptor* op = nullptr;
  Bound bound;
  OpResult result;
  std::optional<Value> python_result;  // an operator that gave a plain Python value (t == 'a')
};

// Looks the op up, checks limits, binds and runs it. Throws Error.
Evaluation run_call(const Call& call);
// The protocol's path of an argument: [0], [0, 2] (a list's item), ["weight"].
Json path_json(const ArgPath& p, int item = -1);
// Where the build computes gradients (core/autograd.cpp's set_grad_rules installs it), the
// function that answers a request's "grad" (Explainer::add_grad); without it, "grad_error".
void set_grad_response(void (*respond)(const Evaluation&, const Json& request, Json& response));
// The result as a Python value: a tensor, or a tuple of tensors.
Value result_value(const Evaluation& e);
// Element `flat` of result `position`'s equation written out in numbers, as explain gives it
// (a program step's, from the evaluation it kept); "" where there is none.
std::string element_equation(const Evaluation& e, int position, std::int64_t flat);

}  // namespace whence
