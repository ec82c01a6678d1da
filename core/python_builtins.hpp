// python_builtins.hpp - the functions of the call language that give Python values rather than
// tensors: a tensor's metadata methods (x.size(), x.item(), x.tolist(), ...), Python's len,
// abs, min, max, round, bool, the math module, torch's constants (torch.pi, torch.nan, ...)
// and its predicates and dtype functions (torch.is_tensor, torch.equal, torch.allclose,
// torch.promote_types, torch.get_default_dtype, ...). Each follows Python and PyTorch 1.13:
// results, and errors with their exception types and words.
#pragma once
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "value.hpp"

namespace whence {

using Kwargs = std::vector<std::pair<std::string, Value>>;

// A builtin ("len"), math function ("math.sqrt") or torch function ("torch.equal") that gives
// a Python value; nullopt when `name` is none of them.
std::optional<Value> python_function(const std::string& name, const List& args, const Kwargs& kwargs);

// math.pi, math.e, math.tau, math.inf, math.nan, torch.pi, torch.e, torch.inf, torch.nan.
std::optional<Value> python_constant(const std::string& name);

// x.size(), x.dim(), x.item(), x.tolist(), x.stride(), ...: nullopt when `method` is not one.
std::optional<Value> tensor_query(const Tensor& self, const std::string& method, const List& args,
                                  const Kwargs& kwargs);

// Whether `method` is one of tensor_query's (its arguments are then evaluated for it).
bool is_tensor_query(const std::string& method);

// bool(v) as Python decides it; a tensor with other than one element is PyTorch's RuntimeError.
bool python_bool(const Value& v);

// A torch.Size of the shape.
Value size_value(const Shape& shape);

// Names that are functions here, not ops (for call_parser's routing).
bool is_python_function(const std::string& name);

// The bulk of the above (python_function, tensor_query and, through str() and repr(),
// core/python_repr.cpp), as call_parser.cpp reaches it: through pointers that a build with
// programs installs (kernels/common/catalogue.cpp: the CLI, the tests, the program page's
// module). The single-call web modules never reference it, so their pages do not carry its
// code (about 30 KB of WebAssembly); there these calls are refused as "run it in a program".
// The same holds for the random generator's functions (core/generator_calls.hpp): a single
// call draws from a fresh default generator, and seeding it is a program's business.
struct PythonCalls {
  std::optional<Value> (*function)(const std::string&, const List&, const Kwargs&) = nullptr;
  std::optional<Value> (*tensor_query)(const Tensor&, const std::string&, const List&, const Kwargs&) = nullptr;
  Value (*generator_function)(const std::string&, const List&, const Kwargs&) = nullptr;
  Value (*generator_method)(const GeneratorRef&, const std::string&, const List&, const Kwargs&) = nullptr;
};
const PythonCalls& python_calls();  // what is installed: null pointers until then
void install_python_calls();        // installs python_function, tensor_query and the generator's
struct PythonCallsInstaller {
  PythonCallsInstaller() { install_python_calls(); }
};

}  // namespace whence
