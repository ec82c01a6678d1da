// elementwise.hpp - the element function of the elementwise family (one output element from
// one element of each operand, at its broadcast position) and the helpers its functors use.
// Dependency-free beyond element.hpp so that g++, em++ and nvcc all compile it.
//
// An op of the family is a functor over compute-type values:
//     struct Exp { template <class C> WHENCE_HD C operator()(const EwParams&, C x) const; };
// The compute type C is float (float16, bfloat16 and float32 operands), double (float64) or
// std::int64_t (integer and bool operands); loads convert to C, stores convert from the
// functor's result, so an op is instantiated for at most three types whatever the dtypes.
#pragma once
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "kernels/common/element.hpp"

namespace whence {

constexpr int kMaxOperands = 3;

// Scalar arguments of an op (alpha, min, max, beta, ...), in both kinds so that an integer
// compute type gets exact integers.
struct EwParams {
  double f[4] = {};
  std::int64_t i[4] = {};
  // Where PyTorch computes an op step by step in float16 or bfloat16 (its own kernel for that
  // dtype, or a Python composite), the DType code, so the functor can round each step as
  // PyTorch does (elementwise_math.hpp: ew_round); 0 otherwise.
  int reduced = 0;
  template <class C>
  WHENCE_HD C get(int k) const {
    if constexpr (std::is_integral_v<C>)
      return C(i[k]);
    else
      return C(f[k]);
  }
};

// The operands of one launch, each aligned to the output's rank: leading size-1 dims added,
// its own sizes kept (a size-1 dim is where it is broadcast).
struct ElementwiseArgs {
  KTensor out;  // shape only
  KTensor in[kMaxOperands];
  int count = 0;
};

// Operand `t` at the output's `rank`: leading size-1 dims added, stride 0 on each size-1 dim
// (where it is broadcast), so that it is read at the output's own coordinates.
inline KTensor aligned_to_rank(const KTensor& t, int rank) {
  KTensor a = t;
  a.rank = rank;
  const int lead = rank - t.rank;
  for (int d = 0; d < rank; ++d) {
    const bool own = d >= lead;
    a.shape[d] = own ? t.shape[d - lead] : 1;
    a.strides[d] = own && a.shape[d] != 1 ? t.strides[d - lead] : 0;
  }
  return a;
}

// The coordinates of operand `t` that output coordinates `coord` read: 0 where t has size 1.
WHENCE_HD inline void broadcast_coord(const KTensor& t, const std::int64_t* coord, std::int64_t* at) {
  for (int d = 0; d < t.rank; ++d) at[d] = t.shape[d] == 1 ? 0 : coord[d];
}

// The element function's reads: the value of each operand for output element `flat`, in
// compute type C, through the accessor (the Explain accessor records them as `value` sources).
template <class C, class Access>
WHENCE_HD void elementwise_reads(const ElementwiseArgs& a, std::int64_t flat, Access& access, C* values) {
  std::int64_t coord[kKernelMaxRank] = {};
  unravel(flat, a.out, coord);
  for (int k = 0; k < a.count; ++k) {
    std::int64_t at[kKernelMaxRank] = {};
    broadcast_coord(a.in[k], coord, at);
    values[k] = access.template load<C>(a.in[k], at, Role::Value);
  }
}

// where(condition, input, other): the condition is read as a mask, then only the branch it
// chooses is read.
template <class C, class Access>
WHENCE_HD C select_element(const ElementwiseArgs& a, std::int64_t flat, Access& access) {
  std::int64_t coord[kKernelMaxRank] = {};
  unravel(flat, a.out, coord);
  std::int64_t at[kKernelMaxRank] = {};
  broadcast_coord(a.in[0], coord, at);
  const bool take_input = access.template load<C>(a.in[0], at, Role::Mask) != C(0);
  const KTensor& chosen = a.in[take_input ? 1 : 2];
  broadcast_coord(chosen, coord, at);
  return access.template load<C>(chosen, at, Role::Value);
}

// Integer arithmetic that wraps like the hardware instead of overflowing (undefined in C++).
template <class C>
WHENCE_HD C wrap_add(C a, C b) {
  if constexpr (std::is_integral_v<C>)
    return C(std::uint64_t(a) + std::uint64_t(b));
  else
    return a + b;
}
template <class C>
WHENCE_HD C wrap_sub(C a, C b) {
  if constexpr (std::is_integral_v<C>)
    return C(std::uint64_t(a) - std::uint64_t(b));
  else
    return a - b;
}
template <class C>
WHENCE_HD C wrap_mul(C a, C b) {
  if constexpr (std::is_integral_v<C>)
    return C(std::uint64_t(a) * std::uint64_t(b));
  else
    return a * b;
}

}  // namespace whence
