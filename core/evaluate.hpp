// evaluate.hpp - running a call inside core (what api.hpp's evaluate wraps in JSON).
#pragma once
#include <optional>

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
// The result as a Python value: a tensor, or a tuple of tensors.
Value result_value(const Evaluation& e);

}  // namespace whence
