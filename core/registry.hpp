// registry.hpp - the op table: one descriptor per op is the single source of truth for its
// names, signature, docs, teaching example, equation template and kernels. The CLI's `ops`,
// the site's pages, the UI and the test sweep all read it.
#pragma once
#include <string>
#include <vector>

#include "role.hpp"
#include "value.hpp"

namespace whence {

// What a parameter accepts, as PyTorch's signatures name it: Tensor, int, bool, float,
// torch.dtype, tuple of ints, Tensor (out=), Number (a Python bool/int/float, or a 0-d
// tensor), Tensor or Number (the operand of a binary op: PyTorch wraps a number as a 0-d
// tensor), str, tuple of Tensors (index_put's indices), an index (x[...]'s: any value, as
// Python passes it to __getitem__).
enum class ParamType {
  Tensor,
  Int,
  Bool,
  Float,
  DType,
  IntList,
  OutTensor,
  Number,
  TensorOrNumber,
  String,
  TensorList,
  Index,
  Generator  // torch.Generator (generator=)
};

struct Param {
  std::string name;
  ParamType type;
  bool keyword_only = false;
  bool has_default = false;
  Value default_value;
  bool accepts_dimname = false;  // PyTorch also has a `name dim` overload (named tensors)
  bool optional = false;         // also accepts None ("Number? min")
  bool var_positional = false;   // Python's *tensors: the positional arguments, as one list
};

// Parameters many signatures share, as PyTorch spells them.
inline Param tensor_param(const char* name) { return Param{name, ParamType::Tensor}; }
inline Param out_param() { return Param{"out", ParamType::OutTensor, true, true, Value(None{})}; }
inline Param dtype_param() { return Param{"dtype", ParamType::DType, true, true, Value(None{}), false, true}; }
inline Param keepdim_param() { return Param{"keepdim", ParamType::Bool, false, true, Value(false)}; }
// `int dim` with its `Dimname dim` overload (gather, index_select, scatter).
inline Param dim_param() { return Param{"dim", ParamType::Int, false, false, {}, true}; }

// Where the caller put an argument: positional index or keyword name (protocol "path").
struct ArgPath {
  int position = -1;
  std::string keyword;
  bool spread = false;  // a *tensors list: its item j is the positional argument position + j
  bool given() const { return position >= 0 || !keyword.empty(); }
};

// Role lives in role.hpp so that kernels built by nvcc can use it.
const char* role_name(Role r);

struct OpDescriptor;

// A call matched against an op's parameters: one value per parameter, in declaration order.
struct Bound {
  const OpDescriptor* op = nullptr;
  std::string name;  // the qualified name the call used (torch.kl_div and F.kl_div differ in defaults)
  std::string
      dispatched;  // the function a boolean dispatch picked (torch.functional._consecutive_return_output), or ""
  std::vector<Value> values;
  std::vector<ArgPath> paths;

  const Value& operator[](std::size_t param) const { return values[param]; }
  const Tensor& tensor(std::size_t param) const { return values[param].as<Tensor>(); }
  std::int64_t integer(std::size_t param) const;
  bool given(std::size_t param) const { return paths[param].given(); }
};

// One input element read while producing an output element.
struct Source {
  int param;          // index into OpDescriptor::params
  std::int64_t flat;  // row-major element of that argument
  Role role;
  int item = -1;  // a list argument (cat's tensors): which tensor of it
};

struct OpResult {
  std::vector<Tensor> tensors;
  bool is_tuple = false;  // (values, indices) results
};

struct OpDescriptor {
  std::vector<std::string> names;  // qualified; "torch.Tensor.*" names take self as args[0]
  std::string family;              // its folder kernels/<family>/: "gather", "elementwise", "reduce", ...
  std::string summary;             // one sentence, our own words
  std::string docs;                // PyTorch docs URL
  std::string equation;            // template, see core/equation.hpp
  std::string example;             // default call text, chosen to teach
  std::vector<Param> params;
  OpResult (*run)(const Bound&);
  // The sources of output element `flat` of result `position`, from the same element
  // function that computed it (DESIGN.md "one kernel, three uses"). Called only after `run`
  // succeeded on the same Bound, so it need not check the arguments again.
  std::vector<Source> (*explain)(const Bound&, const OpResult&, int position, std::int64_t flat);
  // The family's own description of the op (kernels/elementwise/elementwise.hpp: ElementwiseSpec), read
  // by the family's shared run and explain functions.
  const void* family_data = nullptr;
  // Writes the equation itself where a template cannot (a reduction's terms); else nullptr
  // and `equation` is used.
  std::string (*equation_fn)(const Bound&, const OpResult&, int position, std::int64_t flat,
                             const std::vector<Source>& sources) = nullptr;
  // A torch.nn.functional op written in Python that first calls this method of its input
  // (softsign: input.abs()): a non-tensor input gets Python's AttributeError.
  std::string python_input_method;
  // Said with every result of the op ("note" in the response): what Whence shows that PyTorch
  // does not determine (torch.empty's uninitialised memory is shown as zeros).
  std::string note;
  // Its named-tensor overload looks dim names up (sum(x, dim='a'): "Name 'a' not found in
  // Tensor[None, None]."), rather than refusing names outright as gather's does.
  bool names_resolve = false;

  int param_index(const std::string& name) const;
  std::string signature() const;  // "torch.gather(input, dim, index, *, sparse_grad=False)"
};

using OpList = std::vector<const OpDescriptor*>;
// Every op of this program, in the order `whence ops` lists them: built on first use by the
// catalogue the program links (kernels/common/catalogue.cpp, or a web module's generated one),
// which installs itself with set_catalogue when the program starts. So core links without any
// kernel; a program that links no catalogue has an empty table.
const OpList& op_table();
void set_catalogue(void (*add_catalogue)(OpList& table));
// The op with this qualified name, or nullptr.
const OpDescriptor* find_op(const std::string& name);
// The refusal of a call to `qualified` (shown as `shown`) that find_op does not have: an op
// of a family this program does not link (PyTorch has it, and another page of the site holds
// it), a function PyTorch removed (its RuntimeError), one outside Whence's scope (its reason,
// core/out_of_scope.hpp), or one Whence does not support yet.
[[noreturn]] void fail_missing_op(const std::string& qualified, const std::string& shown);
// fail_missing_op's first two refusals; returns when `qualified` is neither.
void fail_if_out_of_scope(const std::string& qualified, const std::string& shown);
bool is_method_name(const std::string& name);  // "torch.Tensor.gather"

}  // namespace whence
