// scope.hpp - what a program lends the call language while one of its statements runs: the
// names bound so far, module aliases (F), and a record of every op run and literal tensor
// built, from which the program's provenance is composed (core/program/program_run.cpp). A single
// call has no scope: names are undefined and nothing is recorded.
#pragma once
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "call_syntax.hpp"
#include "evaluate.hpp"

namespace whence {

class Scope {
 public:
  virtual ~Scope() = default;
  // The value bound to a Python name, or nullptr when unbound.
  virtual const Value* lookup(const std::string& name) = 0;
  // The module an imported alias stands for ("F" -> "torch.nn.functional"), or "".
  virtual std::string module_alias(const std::string& name) = 0;
  // Every registered op run while evaluating, nested ones included, in the order they ran.
  virtual void ran(const Evaluation& e) = 0;
  // A tensor built from Python data (torch.tensor([...])): a leaf of provenance.
  virtual void literal(const Tensor& t) = 0;
  // A tensor converted element by element to another dtype (x.float(), x.to(torch.int64)):
  // element i of `to` reads element i of `from`.
  virtual void converted(const Tensor& from, const Tensor& to, const std::string& op) = 0;
  // A method the call language does not have (in-place ones: x.add_(1)); nullopt: not handled.
  virtual std::optional<Value> method(const Tensor& self, const std::string& name, const List& args,
                                      const std::vector<std::pair<std::string, Value>>& kwargs) = 0;

  // Autograd (core/program/program_autograd.cpp). A tensor built with requires_grad=True.
  virtual void requires_grad(const Tensor& t) = 0;
  // A tensor's autograd attribute (x.grad, x.requires_grad, x.is_leaf, x.grad_fn,
  // x.retains_grad), or a grad_fn's (next_functions; `call`: its method, name()); nullopt: none.
  virtual std::optional<Value> attribute(const Value& self, const std::string& name, bool call) = 0;
  // torch's autograd functions (torch.no_grad(), torch.set_grad_enabled(b), torch.is_grad_enabled(),
  // torch.autograd.grad(...), torch.autograd.backward(...)); nullopt: not one of them.
  virtual std::optional<Value> function(const std::string& name, const List& args,
                                        const std::vector<std::pair<std::string, Value>>& kwargs) = 0;
};

// Evaluates one expression of a program's statement with `scope` lending names and
// recording ops. Throws Error.
Value evaluate_expression(const Node& expression, Scope& scope);

}  // namespace whence
