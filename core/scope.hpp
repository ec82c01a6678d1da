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

// A Python warning an op raises while it runs ("UserWarning: cov(): degrees of freedom is <= 0"):
// given to the program whose statement runs it; a single call, which shows no warnings, drops it.
void python_warning(const std::string& text);

class Scope {
 public:
  virtual ~Scope() = default;
  // The value bound to a Python name, or nullptr when unbound.
  virtual const Value* lookup(const std::string& name) = 0;
  // The module an imported alias stands for ("F" -> "torch.nn.functional"), or "".
  virtual std::string module_alias(const std::string& name) = 0;
  // Every registered op run while evaluating, nested ones included, in the order they ran.
  virtual void ran(const Evaluation& e) = 0;
  // A call that writes its result into its input: an op's inplace=True (F.relu(x, inplace=True),
  // nn.ReLU(inplace=True)) or an in-place function (F.relu_(x), torch.selu_(x)). The result is
  // the input, updated; nullopt: not such a call (single calls refuse inplace=True themselves).
  // Also a call PyTorch answers with its input itself: dropout that draws nothing (not training).
  virtual std::optional<Value> in_place_call(const Call& call) = 0;
  // A Python warning the statement raises ("UserWarning: ..."), shown with its step.
  virtual void warn(const std::string& text) = 0;
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

  // Python beyond PyTorch's calls (core/program/program_python.cpp): each answers nullopt for
  // what it does not handle, before it evaluates anything, so that the call language goes on.
  // A call of a builtin the program has (range, isinstance, super, ...) or of a name its
  // library defines (torch.nn.Linear, torch.optim.SGD, torch.nn.init.uniform_).
  virtual std::optional<Value> call_function(const std::string& qualified, const Node& call) = 0;
  // A call of a value: a function, class, bound method or object (`net(x)`, `f(1)`).
  virtual std::optional<Value> call_value(const Value& callee, const Node& call) = 0;
  // A method of a value other than a tensor, generator or grad_fn (`d.items()`, `xs.append(v)`,
  // `self.fc1(x)`); `call.items[0]` is the attribute node, whose base is `self`'s expression
  // (a list method writes the list back through it).
  virtual std::optional<Value> call_method(const Value& self, const std::string& name, const Node& call) = 0;
  // self.name of a program's object (`net.fc1`, `type(x).__name__`).
  virtual std::optional<Value> get_attribute(const Value& self, const std::string& name) = 0;
  // A qualified name the program's library defines, as a value (`nn.Linear` in isinstance).
  virtual std::optional<Value> global(const std::string& qualified) = 0;
  // The expression kinds only programs have: IfExp, Dict, Comprehension, FString.
  virtual Value python_expression(const Node& n) = 0;
  // `l op r` where an operand is a program's object, or op is in, not in, is, is not.
  virtual std::optional<Value> binary(const std::string& op, const Value& l, const Value& r) = 0;
  // base[index] of a program's object (a dict, a str, an object with __getitem__).
  virtual std::optional<Value> get_item(const Value& base, const Value& index) = 0;
  // The items iterating a program's object gives (a dict's keys, an object's __iter__).
  virtual List iterate(const Value& object) = 0;
  // The keyword arguments a `**mapping` argument gives.
  virtual std::vector<std::pair<std::string, Value>> expand_mapping(const Value& mapping) = 0;
};

// Evaluates one expression of a program's statement with `scope` lending names and
// recording ops. Throws Error.
Value evaluate_expression(const Node& expression, Scope& scope);

// A call's arguments evaluated with `scope`: `*items` spread, `**mapping` expanded.
struct Arguments {
  List args;
  std::vector<std::pair<std::string, Value>> kwargs;
};
Arguments evaluate_arguments(const Node& call, Scope& scope);

// The items a Python `for` takes from a value: a list or tuple's, a str's characters, a tensor's
// rows (unbind, recorded with `scope`), a program's object's (Scope::iterate).
List iterate_value(const Value& v, Scope& scope);

}  // namespace whence
