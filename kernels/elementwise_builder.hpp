// elementwise_builder.hpp - one line per op in the family files:
//     ew(t, "torch.exp torch.Tensor.exp torch.special.exp", "...", "exp(x) = e^x").unary<Exp>().to_float();
// names (primary first), a one-sentence summary, and the formula the equation is written
// with: x, y, z stand for the operands; "name(x) = definition" gives both forms.
#pragma once
#include <string>
#include <vector>

#include "kernels/elementwise_family.hpp"

namespace whence {

constexpr int kFloats = 1, kInts = 2, kAllKinds = 3;

class EwBuilder {
 public:
  EwBuilder(std::vector<const OpDescriptor*>& table, const char* names, const char* summary, const char* formula);
  EwBuilder(const EwBuilder&) = delete;
  ~EwBuilder();  // registers the op

  // The operands: input (and other, and a third) as PyTorch names them.
  template <class F, int Kinds = kAllKinds>
  EwBuilder& unary() { return operands<F, 1, Kinds>({"input"}); }
  template <class F, int Kinds = kAllKinds>
  EwBuilder& binary() { return operands<F, 2, Kinds>({"input", "other"}); }
  template <class F, int N, int Kinds = kAllKinds>
  EwBuilder& operands(std::vector<std::string> names) {
    operand_names_ = std::move(names);
    constexpr bool floats = Kinds & kFloats;
    using Probe = std::conditional_t<floats, float, std::int64_t>;
    constexpr bool result_bool = std::is_same_v<decltype(call<F, N, Probe>()), bool>;
    spec_.kernels = make_kernels<F, N, result_bool, floats, bool(Kinds & kInts)>();
    spec_.bool_result = result_bool;
    if (!(Kinds & kFloats)) spec_.refuse |= kFloatBits;
    if (!(Kinds & kInts)) spec_.refuse |= kIntegerBits | kBoolBit;
    return *this;
  }

  EwBuilder& to_float() { spec_.promote = EwPromote::IntToFloat; return *this; }
  EwBuilder& to_float64() { spec_.promote = EwPromote::Float64; return *this; }
  // PyTorch's kernel name, for '"NAME" not implemented for 'Bool'' on the refused dtypes.
  EwBuilder& kernel(const char* name, std::uint32_t also_refuse = 0) {
    spec_.kernel_name = name;
    spec_.refuse |= also_refuse;
    return *this;
  }
  EwBuilder& accept(std::uint32_t bits) { spec_.refuse &= ~bits; return *this; }
  // A parameter after the operands (before out=), e.g. {"alpha", ParamType::Number, true, true, Value(1)}.
  EwBuilder& param(Param p) { extra_.push_back(std::move(p)); return *this; }
  EwBuilder& params(void (*fn)(const Bound&, const EwCall&, EwParams&)) { spec_.params = fn; return *this; }
  EwBuilder& check(void (*fn)(const Bound&, const EwCall&)) { spec_.check = fn; return *this; }
  EwBuilder& example(const char* call) { example_ = call; return *this; }
  EwBuilder& equation(const char* tmpl) { equation_ = tmpl; return *this; }
  EwBuilder& no_out() { no_out_ = true; return *this; }
  EwBuilder& operand_types(std::vector<ParamType> types) { operand_types_ = std::move(types); return *this; }
  EwBuilder& select() { spec_.select = true; return *this; }
  EwBuilder& compute(DType (*fn)(const Bound&, const EwCall&)) { spec_.compute = fn; return *this; }
  // The result is `v` for operands of these dtypes, read from no element (isnan of an int).
  EwBuilder& constant_for(std::uint32_t dtype_bits, bool v) {
    spec_.constant = v ? 1 : 0;
    spec_.constant_bits = dtype_bits;
    return *this;
  }
  EwBuilder& none_operands() { spec_.none_operands = true; return *this; }
  EwBuilder& python_input_method(const char* m) { python_method_ = m; return *this; }
  EwBuilder& half_kernel() { spec_.half_kernel = true; return *this; }
  EwBuilder& reverse_broadcast() { spec_.reverse_broadcast = true; return *this; }
  EwBuilder& result(DType (*fn)(const Bound&, const EwCall&)) { spec_.result = fn; return *this; }

 private:
  template <class F, int N, class C>
  static auto call() {
    const F f{};
    const EwParams p;
    if constexpr (N == 1) return f(p, C{});
    else if constexpr (N == 2) return f(p, C{}, C{});
    else return f(p, C{}, C{}, C{});
  }

  std::vector<const OpDescriptor*>& table_;
  std::vector<std::string> names_;
  std::string summary_, formula_, example_, equation_;
  std::vector<std::string> operand_names_;
  std::vector<ParamType> operand_types_;
  std::vector<Param> extra_;
  bool no_out_ = false;
  std::string python_method_;
  ElementwiseSpec spec_;
};


// Equation template from a formula: "sigmoid(x) = 1 / (1 + e^-x)" over operands input, other.
std::string formula_equation(const std::string& formula, const std::vector<std::string>& operands);
// "torch.sum torch.Tensor.sum" -> its qualified names, the primary first.
std::vector<std::string> split_names(const char* names);
// PyTorch's documentation page for a qualified name.
std::string docs_url(const std::string& name);

// Every elementwise op, from the family files.
void add_unary_ops(std::vector<const OpDescriptor*>& t);
void add_binary_ops(std::vector<const OpDescriptor*>& t);
void add_activation_ops(std::vector<const OpDescriptor*>& t);

}  // namespace whence
