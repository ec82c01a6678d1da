// composite.hpp - the shared pieces of the many-to-one ops that are a formula over groups of
// elements rather than one fold (losses, normalization layers, matrix norms, quantiles, diff):
// they compute in double on the row-major values of their tensor arguments, name each output
// element's sources as (parameter, flat element, role), and write their equations with the
// same shortened term lists as the reductions. An op is a descriptor with its own run,
// explain and equation_fn, added with add_op.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/registry.hpp"
#include "core/tensor.hpp"

namespace whence {

// Parameters written as one line of text, which costs a string literal per op instead of the
// code that builds each Param: "input:Tensor dim:Int?@=None * keepdim:Bool=False". A type is
// Tensor Int Bool Float DType IntList Out Number TensorOrNumber String TensorList Index; "?" accepts
// None, "@" also a dim name, "=" gives the default (None, True, False, an int, a float, a
// 'string' without spaces, or a tuple of ints without spaces such as (0,1)); "*" makes the
// rest keyword-only, and so does "*name:TensorList", Python's var-positional parameter
// (block_diag(*tensors)).
std::vector<Param> param_list(const char* spec);

// "torch.sum torch.Tensor.sum" -> its qualified names, the primary first.
std::vector<std::string> split_names(const char* names);
// PyTorch's documentation page for a qualified name.
std::string docs_url(const std::string& name);

// A descriptor's description: its names (primary first, space-separated), family, summary,
// docs URL, teaching example and parameters; the family adds its functions.
OpDescriptor described_op(const char* names, const char* family, const char* summary, const char* example,
                          std::vector<Param> params);

// Keeps the descriptor alive for the program's life and appends it to the table.
const OpDescriptor& add_op(std::vector<const OpDescriptor*>& t, OpDescriptor op);

using RunFn = OpResult (*)(const Bound&);
using ExplainFn = std::vector<Source> (*)(const Bound&, const OpResult&, int position, std::int64_t flat);
using EquationFn = std::string (*)(const Bound&, const OpResult&, int position, std::int64_t flat,
                                   const std::vector<Source>&);
// A descriptor: names (primary first, space-separated), family, summary, teaching example,
// parameters, its functions and the family's description of it (OpDescriptor::family_data).
OpDescriptor composite_op(const char* names, const char* family, const char* summary, const char* example,
                          std::vector<Param> params, RunFn run, ExplainFn explain, EquationFn equation,
                          const void* family_data = nullptr);

// What an op prepared for one call (checked arguments, values, geometry, a loss's terms),
// kept while explain and the equation visit the elements of the same result, so that
// explaining every element does not prepare the whole call once per element. The result's
// storage pins the entry: a new call has new storage, and the pin keeps the old one from
// being reused meanwhile. One entry per State type and thread.
template <class State>
struct PreparedEntry {
  const OpDescriptor* op = nullptr;
  Tensor pin;
  State state;
  static PreparedEntry& get() {
    thread_local PreparedEntry e;
    return e;
  }
  bool holds(const Bound& b, const OpResult& r) const {
    return op == b.op && pin.defined() && r.tensors.front().defined() && pin.shares_storage(r.tensors.front());
  }
};
// The state of result `r`, from prepare(b) when it is not kept yet.
template <class Prepare>
const auto& prepared_for(const Bound& b, const OpResult& r, Prepare prepare) {
  auto& e = PreparedEntry<decltype(prepare(b))>::get();
  if (!e.holds(b, r)) {
    e.state = prepare(b);
    e.op = b.op;
    e.pin = r.tensors.front();
  }
  return e.state;
}
// Keeps the state `run` already made for its result (the first explain then finds it).
template <class State>
void keep_prepared(const Bound& b, const OpResult& r, State state) {
  auto& e = PreparedEntry<State>::get();
  e.op = b.op;
  e.pin = r.tensors.front();
  e.state = std::move(state);
}

// An argument by parameter name; None when the op has no such parameter.
const Value& arg(const Bound& b, const char* name);
bool tensor_given(const Bound& b, const char* name);  // a Tensor, not None
const Tensor& tensor_arg(const Bound& b, const char* name);
double double_arg(const Bound& b, const char* name, double dflt);  // Python number or 0-d tensor
std::int64_t int_arg(const Bound& b, const char* name, std::int64_t dflt);
bool bool_arg(const Bound& b, const char* name, bool dflt);
std::string string_arg(const Bound& b, const char* name, const std::string& dflt);
// dtype=, or dflt when None.
DType dtype_or(const Bound& b, DType dflt);
// A factory's memory and autograd options (names, device, pin_memory, requires_grad), which
// Whence does not model: their defaults pass, anything else is refused in Whence's words.
void check_factory_options(const Bound& b);
// size=, which the binder has made a list of ints (zeros(2, 3), zeros((2, 3)), size=[2, 3]).
Shape size_arg(const Bound& b);

// A source read from parameter `name`.
Source source(const Bound& b, const char* name, std::int64_t flat, Role role = Role::Value);

// The element of an operand of shape `operand` read at row-major element `flat` of the shape
// `full` it is broadcast to.
std::int64_t broadcast_flat(const Shape& operand, const Shape& full, std::int64_t flat);
// "torch.Size([2, 3])", as Python prints a shape in PyTorch's messages.
std::string torch_size(const Shape& s);
// PyTorch's vector p-norm of the values (p = 0 counts nonzeros, ±inf are the largest and
// smallest |x|; NaN anywhere gives NaN; no values give 0).
double pnorm(const std::vector<double>& v, double p);

// The row-major values of a tensor (any strides) as double.
std::vector<double> values_of(const Tensor& t);
// A contiguous tensor of dtype d holding v (each value stored as d stores it).
Tensor tensor_of(DType d, const Shape& shape, const std::vector<double>& v);

// "[1][2]": the coordinates of row-major element `flat` of `shape` ("" for a 0-d shape).
std::string coords(const Shape& shape, std::int64_t flat);
// "input[1][2]" and "3.5": how a source is referred to in an equation, and its value.
std::string source_ref(const Bound& b, const Source& s);
std::string source_value(const Bound& b, const Source& s);
// "out[1][2]" ("out[0][1][2]" for result `position` of a tuple).
std::string out_ref(const OpResult& r, int position, std::int64_t flat);

// Joins term(0) .. term(n-1) with `sep`; past 8 terms only the first three and the last two
// stay, around "… (n terms) …". (A template, not std::function: each caller's lambda would
// otherwise carry type-erasure code into the WebAssembly module.)
template <class Term>
std::string join_terms(std::size_t n, const Term& term, const std::string& sep) {
  std::string s;
  for (std::size_t i = 0; i < n; ++i) {
    if (n > 8 && i == 3) {
      s += sep + "… (" + std::to_string(n) + " terms) …";
      i = n - 3;
      continue;
    }
    if (i) s += sep;
    s += term(i);
  }
  return s;
}

// A loss's `reduction`: 'none' keeps the per-element losses, 'mean' and 'sum' fold them.
enum class LossReduction { None, Mean, Sum };
// With PyTorch's refusal: "avg is not a valid value for reduction".
LossReduction loss_reduction(const Bound& b);

}  // namespace whence
