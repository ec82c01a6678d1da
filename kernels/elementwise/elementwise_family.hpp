// elementwise_family.hpp - how an elementwise op is described and run. An op is a functor
// (kernels/elementwise/elementwise.hpp) plus an ElementwiseSpec: which parameters are its operands, how
// PyTorch types its result, which dtypes PyTorch refuses and in what words. One shared run
// function promotes and broadcasts the operands (core/promotion.hpp, core/shape.hpp) and
// launches the functor; one shared explain function runs the element function for one output
// element with the Explain accessor.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/registry.hpp"
#include "kernels/elementwise/elementwise_launch.hpp"

namespace whence {

// How the compute dtype follows from the operands' common dtype (torch.result_type).
enum class EwPromote {
  Common,      // add, mul, neg: the common dtype
  IntToFloat,  // exp, div, atan2: integer and bool common dtypes become float32
  Float64,     // float_power: always float64
};

// The operands of one call, after binding: tensors (numbers wrapped as 0-d tensors), their
// common dtype, the dtype the functor computes in and the result's dtype and shape.
struct EwCall {
  std::vector<Tensor> operands;
  std::vector<int> params;  // parameter index of each operand; -1 for a Python number
  DType common = DType::Float32;
  DType compute = DType::Float32;
  DType result = DType::Float32;
  Shape shape;
};

// The functor for each compute kind, type-erased ApplyBlock<C, R> pointers (R = C, or bool
// for predicates). Null: the op has no kernel for that kind.
struct EwKernels {
  void (*f32)() = nullptr;
  void (*f64)() = nullptr;
  void (*i64)() = nullptr;
};

struct ElementwiseSpec {
  std::vector<int> operands;  // parameter indices, in the functor's argument order
  EwPromote promote = EwPromote::Common;
  bool bool_result = false;  // comparisons and predicates
  EwKernels kernels;
  std::string kernel_name;   // PyTorch's dispatch name, in '"abs_cpu" not implemented for 'Bool''
  std::uint32_t refuse = 0;  // bit DType: common dtypes PyTorch refuses with kernel_name
  void (*check)(const Bound&, const EwCall&) = nullptr;              // op-specific refusals
  void (*params)(const Bound&, const EwCall&, EwParams&) = nullptr;  // scalar arguments
  DType (*compute)(const Bound&, const EwCall&) = nullptr;           // overrides `promote` (div's rounding_mode)
  bool select = false;                                               // where(condition, input, other)
  int constant = -1;                // 0 or 1: for the dtypes in constant_bits the result is this bool,
  std::uint32_t constant_bits = 0;  // whatever the values: nothing is read (isreal, isnan of ints)
  bool none_operands = false;       // clamp: a None bound is no operand
  bool reverse_broadcast = false;
  bool half_kernel =
      false;  // PyTorch 1.13 has its own float16 kernel (p.reduced is set for it)  // rsub: PyTorch broadcasts (other, input)
  DType (*result)(const Bound&, const EwCall&) = nullptr;  // overrides the result dtype
};

constexpr std::uint32_t dtype_bit(DType d) { return 1u << unsigned(d); }
constexpr std::uint32_t kBoolBit = 1u << unsigned(DType::Bool);
constexpr std::uint32_t kIntegerBits = 0x3Eu;  // uint8 .. int64
constexpr std::uint32_t kFloatBits = 0x3C0u;   // float16 .. float64
constexpr std::uint32_t kReducedFloatBits = 0xC0u;

template <class F, class C>
constexpr bool returns_bool() {
  if constexpr (std::is_same_v<decltype(F{}(EwParams{}, C{})), bool>)
    return true;
  else
    return false;
}

// The kernels of functor F with N operands for the compute kinds it supports.
template <class F, int N, class C, class R>
void (*erase())() {
  return reinterpret_cast<void (*)()>(&apply_functor<C, R, F, N>);
}
template <class F, int N, bool Result, bool Floats, bool Ints>
EwKernels make_kernels() {
  EwKernels k;
  if constexpr (Floats) {
    k.f32 = erase<F, N, float, std::conditional_t<Result, bool, float>>();
    k.f64 = erase<F, N, double, std::conditional_t<Result, bool, double>>();
  }
  if constexpr (Ints) k.i64 = erase<F, N, std::int64_t, std::conditional_t<Result, bool, std::int64_t>>();
  return k;
}

// The shared run and explain of every elementwise op (OpDescriptor::run / ::explain).
OpResult elementwise_run(const Bound& b);
std::vector<Source> elementwise_explain(const Bound& b, const OpResult& r, int position, std::int64_t flat);

// The operands of a bound call, promoted and broadcast, with PyTorch's errors. With `cast`
// they are converted to the compute dtype, as the kernel reads them; explain needs only
// their shapes and the condition of where, so it skips the copies.
EwCall elementwise_call(const Bound& b, const ElementwiseSpec& spec, bool cast = true);

// The launcher and the explain run over operands that an op prepared itself (glu's halves).
void elementwise_compute(const ElementwiseSpec& spec, const EwCall& c, const EwParams& p, Tensor& out);
std::vector<Source> elementwise_sources(const ElementwiseSpec& spec, const EwCall& c, std::int64_t flat);

// t in dtype d, contiguous, converted by the launcher's loads and stores with PyTorch's casts.
Tensor cast_tensor(const Tensor& t, DType d);

// A number argument (Python number or 0-d tensor) as a Scalar.
Scalar number_arg(const Bound& b, int param);

// Keeps `spec` alive for the program's life and returns a descriptor that points to it.
const OpDescriptor& register_elementwise(OpDescriptor op, ElementwiseSpec spec);

}  // namespace whence
