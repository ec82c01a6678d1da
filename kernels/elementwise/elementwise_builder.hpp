// elementwise_builder.hpp - one constant per op in the family files' tables:
//     Ew("torch.exp torch.Tensor.exp torch.special.exp", "...", "exp(x) = e^x").unary<Exp>().to_float(),
// names (primary first), a one-sentence summary, and the formula the equation is written
// with: x, y, z stand for the operands; "name(x) = definition" gives both forms.
#pragma once
#include <cstddef>
#include <string>
#include <type_traits>
#include <vector>

#include "kernels/elementwise/elementwise_family.hpp"

namespace whence {

constexpr int kFloats = 1, kInts = 2, kAllKinds = 3;

// One elementwise op as a constant. The family files list their ops in constexpr tables,
// so that registering 160 ops is one loop over data: a builder object per op cost its own
// block of code, plus an unwinding path per call in WebAssembly (about 50 KB of the page).
class EwOp {
 public:
  constexpr EwOp(const char* names, const char* summary, const char* formula)
      : names_(names), summary_(summary), formula_(formula) {}

  // The operands, as composite.hpp's param_list text: input (and other, and a third).
  template <class F, int Kinds = kAllKinds>
  constexpr EwOp& unary() {
    return operands<F, 1, Kinds>("input:Tensor");
  }
  template <class F, int Kinds = kAllKinds>
  constexpr EwOp& binary() {
    return operands<F, 2, Kinds>("input:Tensor other:TensorOrNumber");
  }
  template <class F, int N, int Kinds = kAllKinds>
  constexpr EwOp& operands(const char* params) {
    operands_ = params;
    constexpr bool floats = Kinds & kFloats;
    using Probe = std::conditional_t<floats, float, std::int64_t>;
    constexpr bool result_bool = std::is_same_v<decltype(call<F, N, Probe>()), bool>;
    kernels_ = &make_kernels<F, N, result_bool, floats, bool(Kinds & kInts)>;
    bool_result_ = result_bool;
    if (!(Kinds & kFloats)) refuse_ |= kFloatBits;
    if (!(Kinds & kInts)) refuse_ |= kIntegerBits | kBoolBit;
    return *this;
  }
  // Other types for the same operands ("input:Tensor other:Tensor": no Python numbers).
  constexpr EwOp& operand_types(const char* params) {
    operands_ = params;
    return *this;
  }

  constexpr EwOp& to_float() {
    promote_ = EwPromote::IntToFloat;
    return *this;
  }
  constexpr EwOp& to_float64() {
    promote_ = EwPromote::Float64;
    return *this;
  }
  // PyTorch's kernel name, for '"NAME" not implemented for 'Bool'' on the refused dtypes.
  constexpr EwOp& kernel(const char* name, std::uint32_t also_refuse = 0) {
    kernel_name_ = name;
    refuse_ |= also_refuse;
    return *this;
  }
  constexpr EwOp& accept(std::uint32_t bits) {
    refuse_ &= ~bits;
    return *this;
  }
  // Parameters after the operands (before out=), as param_list text: "* alpha:Number=1".
  constexpr EwOp& param(const char* p) {
    extra_[extra_count_++] = p;
    return *this;
  }
  constexpr EwOp& params(void (*fn)(const Bound&, const EwCall&, EwParams&)) {
    params_ = fn;
    return *this;
  }
  constexpr EwOp& check(void (*fn)(const Bound&, const EwCall&)) {
    check_ = fn;
    return *this;
  }
  constexpr EwOp& example(const char* call) {
    example_ = call;
    return *this;
  }
  constexpr EwOp& equation(const char* tmpl) {
    equation_ = tmpl;
    return *this;
  }
  constexpr EwOp& no_out() {
    no_out_ = true;
    return *this;
  }
  constexpr EwOp& select() {
    select_ = true;
    return *this;
  }
  constexpr EwOp& compute(DType (*fn)(const Bound&, const EwCall&)) {
    compute_ = fn;
    return *this;
  }
  // The result is `v` for operands of these dtypes, read from no element (isnan of an int).
  constexpr EwOp& constant_for(std::uint32_t dtype_bits, bool v) {
    constant_ = v ? 1 : 0;
    constant_bits_ = dtype_bits;
    return *this;
  }
  constexpr EwOp& none_operands() {
    none_operands_ = true;
    return *this;
  }
  constexpr EwOp& python_input_method(const char* m) {
    python_method_ = m;
    return *this;
  }
  constexpr EwOp& half_kernel() {
    half_kernel_ = true;
    return *this;
  }
  constexpr EwOp& reverse_broadcast() {
    reverse_broadcast_ = true;
    return *this;
  }
  constexpr EwOp& result(DType (*fn)(const Bound&, const EwCall&)) {
    result_ = fn;
    return *this;
  }
  // The registry's family string, where another family lists its ops as EwOp rows (special).
  constexpr EwOp& family(const char* f) {
    family_ = f;
    return *this;
  }

  // The op's descriptor, registered with the family (kernels/elementwise/elementwise_family.hpp).
  const OpDescriptor& add() const;

 private:
  template <class F, int N, class C>
  static auto call() {
    const F f{};
    const EwParams p;
    if constexpr (N == 1)
      return f(p, C{});
    else if constexpr (N == 2)
      return f(p, C{}, C{});
    else
      return f(p, C{}, C{}, C{});
  }

  const char* names_;
  const char* summary_;
  const char* formula_;
  const char* operands_ = "input:Tensor";
  const char* extra_[4] = {};
  int extra_count_ = 0;
  EwKernels (*kernels_)() = nullptr;
  bool bool_result_ = false;
  EwPromote promote_ = EwPromote::Common;
  const char* kernel_name_ = "";
  std::uint32_t refuse_ = 0;
  void (*check_)(const Bound&, const EwCall&) = nullptr;
  void (*params_)(const Bound&, const EwCall&, EwParams&) = nullptr;
  DType (*compute_)(const Bound&, const EwCall&) = nullptr;
  DType (*result_)(const Bound&, const EwCall&) = nullptr;
  bool select_ = false;
  int constant_ = -1;
  std::uint32_t constant_bits_ = 0;
  bool none_operands_ = false;
  bool reverse_broadcast_ = false;
  bool half_kernel_ = false;
  bool no_out_ = false;
  const char* example_ = "";
  const char* equation_ = "";
  const char* python_method_ = "";
  const char* family_ = "elementwise";
};

// Registers a family file's table of ops, in order.
template <std::size_t N>
void add_elementwise(std::vector<const OpDescriptor*>& t, const EwOp (&ops)[N]) {
  for (const EwOp& op : ops) t.push_back(&op.add());
}

// Equation template from a formula: "sigmoid(x) = 1 / (1 + e^-x)" over operands input, other.
std::string formula_equation(const std::string& formula, const std::vector<std::string>& operands);

// Every elementwise op, from the family files.
void add_unary_ops(std::vector<const OpDescriptor*>& t);
void add_binary_ops(std::vector<const OpDescriptor*>& t);
void add_activation_ops(std::vector<const OpDescriptor*>& t);

}  // namespace whence
