// signatures.hpp - how PyTorch 1.13 binds the arguments of each qualified name: its overloads
// in the parser's order, with types, defaults and hidden (deprecated) ones, and the name its
// argument errors use. The table is generated from PyTorch by scripts/gen_signatures.py
// (core/torch_signatures.inc); bind.cpp follows PyTorch's PythonArgParser over it.
#pragma once
#include <string>
#include <vector>

#include "value.hpp"

namespace whence {

enum class BindingKind {
  Native,    // C++ PythonArgParser: torch.X, torch.special.X, Tensor methods with arguments
  NoArgs,    // a Tensor method that takes no arguments ("Tensor.abs() takes no arguments (1 given)")
  Python,    // a Python function (torch.nn.functional.relu): Python's own argument errors
  Dispatch,  // torch._jit_internal.boolean_dispatch: a flag argument picks the row that binds
};

struct SignatureParam {
  std::string name;
  std::string type;  // as PyTorch prints it: "Tensor", "Number", "int", "tuple of ints", ...
  bool keyword_only = false;
  bool optional = false;        // has a default
  bool allow_none = false;      // "Tensor?"
  bool unsized = false;         // "tuple of ints[]": an int list without a size takes no bare int
  bool var_positional = false;  // Python's "*tensors": the rest of the positional arguments, as a tuple
  std::string default_text;     // Python literal
};

struct Signature {
  std::vector<SignatureParam> params;
  bool hidden = false;
  std::size_t min_args = 0, max_args = 0, max_pos_args = 0;
  std::string printed() const;  // "(Tensor input, Tensor other, *, Number alpha, Tensor out)"
};

// What a Python function with *tensors passes to its native function when it gets exactly
// one positional argument (scripts/gen_signatures.py probes it): the tuple holding it
// (block_diag(x) passes (x,)), the argument itself (atleast_1d(x) passes x), or the argument
// itself when it is a list or tuple (meshgrid([a, b]) passes [a, b], meshgrid(a) passes (a,)).
enum class SingleVararg { Tuple, Itself, Sequence };

struct Binding {
  std::string name;          // "torch.add"
  std::string message_name;  // "add", "special_exp2", "Tensor.abs"
  BindingKind kind = BindingKind::Native;
  std::string calls;  // Python kind: the torch function it forwards to, or ""
                      // Dispatch kind: "FLAG@INDEX:IF_TRUE:IF_FALSE" (scripts/gen_signatures.py)
                      // Python kind with *tensors: the native function it passes them to,
                      // "torch._VF.meshgrid|sequence" in the table (the suffix: single_vararg)
  SingleVararg single_vararg = SingleVararg::Tuple;
  bool operator_method = false;  // a dunder (torch.Tensor.__add__): a TypeError means NotImplemented
  std::vector<Signature> overloads;
};

// The binding of a qualified name, or nullptr when the table does not have it.
const Binding* find_binding(const std::string& qualified_name);

// "(Tensor input, Number other=1, *, Tensor? out=None)" -> Signature; Python kind: "(input, inplace=False)".
Signature parse_signature(const std::string& text, bool python);

}  // namespace whence
