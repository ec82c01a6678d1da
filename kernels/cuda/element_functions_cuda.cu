// element_functions_cuda.cu - every element function of the families that have them, compiled
// as device code, so that the normal build checks that nvcc takes them all, not only the ops
// the CUDA launchers run: each functor of elementwise_ops.hpp for the compute types the CPU
// launcher instantiates it for (float and double, and int64 but for the float-only ones; the
// bitwise ones int64 only); reduce_element and scan_element with every accumulator kind the
// reduce family uses (Accumulator<double> for floating inputs, Accumulator<int64_t> for integer
// and bool ones), with the Compute and a recording accessor; gather, index_select and
// scatter_add's writes for every storage type. Tiny kernels that nothing calls.
#include <cstdint>

#include "kernels/elementwise/elementwise_ops.hpp"
#include "kernels/gather/gather.hpp"
#include "kernels/reduce/reduce.hpp"
#include "kernels/reduce/reduce_accumulate.hpp"

using namespace whence;

namespace whence::device_check {

// A recording accessor for this check only: relations are computed on the CPU
// (kernels/cpu/convert.hpp's CpuExplainAccess, which keeps every read); this one counts the
// reads, so that each element function's kRecords branches compile as device code too.
struct CountingAccess {
  static constexpr bool kRecords = true;
  int count = 0;
  template <class T>
  __device__ T read(const KTensor& t, const std::int64_t* coord, Role) {
    ++count;
    return static_cast<const T*>(t.data)[storage_offset(t, coord)];
  }
};

template <class F, class C>
__global__ void unary_check(const C* x, C* y, EwParams p) {
  y[threadIdx.x] = C(F{}(p, x[threadIdx.x]));
}
template <class F, class C>
__global__ void binary_check(const C* x, C* y, EwParams p) {
  y[threadIdx.x] = C(F{}(p, x[threadIdx.x], y[threadIdx.x]));
}
template <class F, class C>
__global__ void ternary_check(const C* x, C* y, EwParams p) {
  y[threadIdx.x] = C(F{}(p, x[threadIdx.x], y[threadIdx.x], x[threadIdx.x + 1]));
}

// The lists below are tables, one functor per entry: clang-format leaves them as written.
// clang-format off
// Kinds: A = float, double, int64; F = float, double; I = int64.
#define WHENCE_CHECK_A(K, Name) \
  template __global__ void K<ew::Name, float>(const float*, float*, EwParams); \
  template __global__ void K<ew::Name, double>(const double*, double*, EwParams); \
  template __global__ void K<ew::Name, std::int64_t>(const std::int64_t*, std::int64_t*, EwParams);
#define WHENCE_CHECK_F(K, Name) \
  template __global__ void K<ew::Name, float>(const float*, float*, EwParams); \
  template __global__ void K<ew::Name, double>(const double*, double*, EwParams);
#define WHENCE_CHECK_I(K, Name) \
  template __global__ void K<ew::Name, std::int64_t>(const std::int64_t*, std::int64_t*, EwParams);

// Each X counts itself: the static_assert after the lists checks that every functor of
// elementwise_ops.hpp (ew::kFunctorCount) is listed here.
constexpr int kCheckedFirst = __COUNTER__;
#define X(Name, Kind) WHENCE_CHECK_##Kind(unary_check, Name) static_assert(__COUNTER__ >= 0, "");
  X(Abs, A) X(Neg, A) X(Positive, A) X(Sign, A) X(SignBit, A) X(Ceil, A) X(Floor, A) X(Trunc, A) X(Frac, A) \
  X(Round, A) X(Exp, A) X(Exp2, A) X(Expm1, A) X(Log, A) X(Log2, A) X(Log10, A) X(Log1p, A) X(Sqrt, A) \
  X(Rsqrt, A) X(Square, A) X(Reciprocal, A) X(Sin, A) X(Cos, A) X(Tan, A) X(Asin, A) X(Acos, A) X(Atan, A) \
  X(Sinh, A) X(Cosh, A) X(Tanh, A) X(Asinh, A) X(Acosh, A) X(Atanh, A) X(Sigmoid, A) X(Logit, A) X(Erf, A) \
  X(Erfc, A) X(Erfinv, A) X(Deg2Rad, A) X(Rad2Deg, A) X(NanToNum, A) X(IsNan, A) X(IsInf, A) X(IsFinite, A) \
  X(IsPosInf, A) X(IsNegInf, A) X(IsReal, A) X(LogicalNot, A) X(BitwiseNot, A) X(I0, A) X(Lgamma, A) \
  X(Digamma, A) X(Sinc, A) X(Entr, F) X(Ndtr, A) X(LogNdtr, A) X(Erfcx, A) X(Relu, A) X(Relu6, A) X(Silu, A) \
  X(Softplus, A) X(Elu, A) X(Selu, A) X(Celu, A) X(LeakyRelu, A) X(Hardtanh, A) X(Hardsigmoid, A) \
  X(Hardswish, A) X(Mish, A) X(LogSigmoid, A) X(Tanhshrink, A) X(Softsign, F) X(Hardshrink, A) \
  X(Softshrink, A) X(Threshold, A) X(Gelu, A)
#undef X
#define X(Name, Kind) WHENCE_CHECK_##Kind(binary_check, Name) static_assert(__COUNTER__ >= 0, "");
  X(Add, A) X(Sub, A) X(RSub, A) X(Mul, A) X(Div, A) X(TrueDiv, A) X(RTrueDiv, A) X(FloorDiv, A) \
  X(RFloorDiv, A) X(Remainder, A) X(RRemainder, A) X(Fmod, A) X(Pow, A) X(RPow, A) X(Atan2, A) X(Hypot, A) \
  X(LogAddExp, F) X(LogAddExp2, F) X(Eq, A) X(Ne, A) X(Lt, A) X(Le, A) X(Gt, A) X(Ge, A) X(Maximum, A) \
  X(Minimum, A) X(Fmax, A) X(Fmin, A) X(CopySign, A) X(Xlogy, A) X(Xlog1py, A) X(Heaviside, A) \
  X(NextAfter, A) X(Ldexp, A) X(LogicalAnd, A) X(LogicalOr, A) X(LogicalXor, A) X(BitAnd, I) X(BitOr, I) \
  X(BitXor, I) X(LShift, I) X(RShift, I) X(RLShift, I) X(RRShift, I) X(Gcd, I) X(Lcm, I) X(IsClose, A) \
  X(ClampMin, A) X(ClampMax, A) X(Glu, A)
#undef X
#define X(Name, Kind) WHENCE_CHECK_##Kind(ternary_check, Name) static_assert(__COUNTER__ >= 0, "");
  X(Where, A) X(Lerp, A) X(AddCMul, A) X(AddCDiv, A) X(Clamp, A)
#undef X
static_assert(__COUNTER__ - kCheckedFirst - 1 == ew::kFunctorCount,
              "every functor of kernels/elementwise/elementwise_ops.hpp is listed above, once");
// clang-format on

// The many-to-one family: one output element (reduce) or one scan element, folded and read out.
template <class T, class Access>
__global__ void reduce_check(ReduceArgs a, ReduceKind kind, ReduceParams params, double* out, std::int64_t* winner) {
  Access access;
  Accumulator<T> acc(kind, params);
  if (threadIdx.x == 0)
    reduce_element<T>(a, blockIdx.x, access, acc);
  else
    scan_element<T>(a, blockIdx.x, access, acc);
  out[blockIdx.x] = acc.value(0) + double(acc.integer(1)) + double(acc.decided(0, T(0), 0));
  winner[blockIdx.x] = acc.winner;
}
template __global__ void reduce_check<double, ComputeAccess>(ReduceArgs, ReduceKind, ReduceParams, double*,
                                                             std::int64_t*);
template __global__ void reduce_check<double, CountingAccess>(ReduceArgs, ReduceKind, ReduceParams, double*,
                                                              std::int64_t*);
template __global__ void reduce_check<std::int64_t, ComputeAccess>(ReduceArgs, ReduceKind, ReduceParams, double*,
                                                                   std::int64_t*);
template __global__ void reduce_check<std::int64_t, CountingAccess>(ReduceArgs, ReduceKind, ReduceParams, double*,
                                                                    std::int64_t*);

// The selection family, per storage type.
template <class T, class Access>
__global__ void index_check(GatherArgs g, IndexSelectArgs s, ScatterArgs w, T* out, std::int64_t* dest) {
  Access access;
  out[0] = gather_element<T>(g, blockIdx.x, access);
  out[1] = index_select_element<T>(s, blockIdx.x, access);
  out[2] = scatter_source<T>(w, blockIdx.x, access, dest);
}
#define WHENCE_INDEX_CHECK(T)                                                                                          \
  template __global__ void index_check<T, ComputeAccess>(GatherArgs, IndexSelectArgs, ScatterArgs, T*, std::int64_t*); \
  template __global__ void index_check<T, CountingAccess>(GatherArgs, IndexSelectArgs, ScatterArgs, T*, std::int64_t*);
WHENCE_INDEX_CHECK(bool)
WHENCE_INDEX_CHECK(std::uint8_t)
WHENCE_INDEX_CHECK(std::int8_t)
WHENCE_INDEX_CHECK(std::int16_t)
WHENCE_INDEX_CHECK(std::int32_t)
WHENCE_INDEX_CHECK(std::int64_t)
WHENCE_INDEX_CHECK(float)
WHENCE_INDEX_CHECK(double)
#undef WHENCE_INDEX_CHECK

}  // namespace whence::device_check
