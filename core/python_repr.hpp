// python_repr.hpp - values as Python's print() shows them: str() and repr() of ints, floats,
// bools, str, None, lists, tuples, torch.Size, dtypes, PyTorch's named tuples, and tensors in
// PyTorch 1.13's repr (torch/_tensor_str.py: precision 4, int mode, scientific mode, a shared
// width, 80-character lines, summarization above 1000 elements, the dtype= suffix when the
// dtype is not the default one, int64 or bool).
#pragma once
#include <optional>
#include <string>

#include "value.hpp"

namespace whence {

// torch._tensor_str.PRINT_OPTS: what torch.set_printoptions sets. A program's run resets it to
// these defaults at its start and end (core/program/program_json.cpp).
struct PrintOptions {
  int precision = 4;
  double threshold = 1000;  // summarize above this many elements (inf: never)
  std::int64_t edgeitems = 3;
  int linewidth = 80;
  std::optional<bool> sci_mode;  // None: decided per tensor
};
PrintOptions& print_options();

// A note (below) that starts with this puts it before the tensor's repr, as an nn.Parameter prints.
constexpr const char* kParameterRepr = "Parameter containing:\n";
// What a program's autograd adds to a tensor's repr after its dtype ("requires_grad=True",
// "grad_fn=<MulBackward0>", or ""): set by a program run (`owner`) for the statements it runs,
// cleared by the same owner.
void set_repr_autograd(const void* owner, std::string (*note)(const void* owner, const Tensor& t));

// repr(v): what the REPL echoes and what a list or tuple shows of its items ('a' quoted).
std::string python_repr(const Value& v);
// str(v): what print(v) writes (a str as itself, anything else as its repr).
std::string python_str(const Value& v);
// repr(t) of a tensor: "tensor([[0., 1.],\n        [2., 3.]])".
std::string tensor_repr(const Tensor& t);
// repr(f) of a Python float: shortest round trip, "1e-05", "1e+16", "inf", "nan".
std::string python_float_repr(double v);

}  // namespace whence
