// elementwise_ops.hpp - the functors of the elementwise ops (kernels/elementwise/elementwise.hpp says what
// a functor is), in a header so that the CPU launcher (elementwise_unary.cpp, _binary.cpp,
// _activation.cpp, which register them) and the CUDA launcher (kernels/cuda/elementwise_cuda.cu)
// compile the same ones. Dependency-free beyond elementwise_math.hpp and erf_poly.hpp, so that
// g++, em++ and nvcc all compile it.
#pragma once
#include <cmath>
#include <cstdint>
#include <limits>

#include "kernels/elementwise/elementwise_math.hpp"
#include "kernels/elementwise/erf_poly.hpp"

namespace whence {
namespace ew {

constexpr int kFunctorFirst = __COUNTER__;  // kFunctorCount below counts the functors between

// --- unary (elementwise_unary.cpp) ---------------------------------------------------------

constexpr double kPi = 3.14159265358979323846;

WHENCE_EW1(Abs, ew_abs(x))
WHENCE_EW1(Neg, wrap_sub(C(0), x))
WHENCE_EW1(Positive, x)
WHENCE_EW1(Sign, ew_sign(x))
WHENCE_EW1(SignBit, [&] {
  if constexpr (is_int_v<C>)
    return x < 0;
  else
    return bool(std::signbit(x));
}())
WHENCE_EW1(Ceil, [&] {
  if constexpr (is_int_v<C>)
    return x;
  else
    return std::ceil(x);
}())
WHENCE_EW1(Floor, [&] {
  if constexpr (is_int_v<C>)
    return x;
  else
    return std::floor(x);
}())
WHENCE_EW1(Trunc, [&] {
  if constexpr (is_int_v<C>)
    return x;
  else
    return std::trunc(x);
}())
WHENCE_EW1(Frac, x - std::trunc(x))
WHENCE_EW1(Round, [&] {
  if constexpr (is_int_v<C>)
    return x;
  else {
    const auto decimals = p.i[0];
    if (decimals == 0) return std::nearbyint(x);
    const C scale = C(std::pow(10.0, double(decimals > 0 ? decimals : -decimals)));
    return decimals > 0 ? std::nearbyint(x * scale) / scale : std::nearbyint(x / scale) * scale;
  }
}())
WHENCE_EW1(Exp, ew_exp(x))
WHENCE_EW1(Exp2, std::exp2(x))
WHENCE_EW1(Expm1, std::expm1(x))
WHENCE_EW1(Log, std::log(x))
WHENCE_EW1(Log2, std::log2(x))
WHENCE_EW1(Log10, std::log10(x))
WHENCE_EW1(Log1p, std::log1p(x))
WHENCE_EW1(Sqrt, std::sqrt(x))
WHENCE_EW1(Rsqrt, C(1) / std::sqrt(x))
WHENCE_EW1(Square, wrap_mul(x, x))
WHENCE_EW1(Reciprocal, C(1) / x)
WHENCE_EW1(Sin, std::sin(x))
WHENCE_EW1(Cos, std::cos(x))
WHENCE_EW1(Tan, std::tan(x))
WHENCE_EW1(Asin, std::asin(x))
WHENCE_EW1(Acos, std::acos(x))
WHENCE_EW1(Atan, std::atan(x))
WHENCE_EW1(Sinh, std::sinh(x))
WHENCE_EW1(Cosh, std::cosh(x))
WHENCE_EW1(Tanh, std::tanh(x))
WHENCE_EW1(Asinh, std::asinh(x))
WHENCE_EW1(Acosh, x < C(1) ? std::numeric_limits<C>::quiet_NaN() : std::acosh(x))  // musl's acoshf gives -inf below -1
WHENCE_EW1(Atanh, std::atanh(x))
WHENCE_EW1(Sigmoid, ew_sigmoid(x))
WHENCE_EW1(Logit, [&] {
  const C eps = C(p.f[0]);
  const C z = p.i[0] ? (x < eps ? eps : x > C(1) - eps ? C(1) - eps : x) : x;  // i[0]: eps given
  return std::log(ew_round(z / ew_round(C(1) - z, p), p));
}())
WHENCE_EW1(Erf, erf_for(x))
WHENCE_EW1(Erfc, std::erfc(x))
WHENCE_EW1(Erfinv, ew_erfinv(x))
// x * (π / 180) as a tensor times a Python float: the constant is rounded to x's dtype first.
WHENCE_EW1(Deg2Rad, x* ew_round(C(kPi / 180.0), p))
WHENCE_EW1(Rad2Deg, x* ew_round(C(180.0 / kPi), p))
WHENCE_EW1(NanToNum, [&] {
  if constexpr (is_int_v<C>)
    return x;
  else
    return std::isnan(x) ? C(p.f[0]) : x == INFINITY ? C(p.f[1]) : x == -INFINITY ? C(p.f[2]) : x;
}())
WHENCE_EW1(IsNan, [&] {
  if constexpr (is_int_v<C>)
    return false;
  else
    return bool(std::isnan(x));
}())
WHENCE_EW1(IsInf, [&] {
  if constexpr (is_int_v<C>)
    return false;
  else
    return bool(std::isinf(x));
}())
WHENCE_EW1(IsFinite, [&] {
  if constexpr (is_int_v<C>)
    return true;
  else
    return bool(std::isfinite(x));
}())
WHENCE_EW1(IsPosInf, [&] {
  if constexpr (is_int_v<C>)
    return false;
  else
    return x == C(INFINITY);
}())
WHENCE_EW1(IsNegInf, [&] {
  if constexpr (is_int_v<C>)
    return false;
  else
    return x == -C(INFINITY);
}())
WHENCE_EW1(IsReal, ((void)x, true))
WHENCE_EW1(LogicalNot, !(x != C(0)))
WHENCE_EW1(BitwiseNot, p.i[0] ? C(x == 0) : C(~std::uint64_t(x)))  // p.i[0]: bool, logical not
WHENCE_EW1(I0, ew_i0(x))
WHENCE_EW1(Lgamma, std::lgamma(x))
WHENCE_EW1(Digamma, ew_digamma(x))
// c10's sinc computes π·x and sin in the tensor's own type: bfloat16 rounds each step.
WHENCE_EW1(Sinc, [&] {
  if (x == C(0)) return C(1);
  const C product = ew_round(C(ew_round(C(kPi), p) * x), p);
  return ew_round(C(std::sin(product)), p) / product;
}())
WHENCE_EW1(Entr, [&] {
  if (std::isnan(x)) return x;
  if (x > C(0)) return -x * std::log(x);
  if (x == C(0)) return C(0);
  return -C(INFINITY);
}())
WHENCE_EW1(Ndtr, p.reduced
                     ? C(0.5) * ew_round(C(1) + ew_round(std::erf(ew_round(x * C(0.70710678118654752440), p)), p), p)
                     : C(0.5) * std::erfc(-x * C(0.70710678118654752440)))
WHENCE_EW1(LogNdtr, [&] {
  const double xd = double(x), t = xd * 0.70710678118654752440;
  if (xd < -1) return C(std::log(ew_erfcx(-t) / 2) - t * t);  // ln(erfc(-t) / 2) without underflow
  return C(std::log1p(-std::erfc(t) / 2));
}())
// For x < 0 PyTorch's float kernel evaluates 2·e^(x²) in the tensor's precision.
WHENCE_EW1(Erfcx,
           x < C(0) && !std::isinf(x) ? C(C(2) * std::exp(x * x) - C(ew_erfcx(-double(x)))) : C(ew_erfcx(double(x))))

// --- binary and ternary (elementwise_binary.cpp) -------------------------------------------

WHENCE_EW2(Add, wrap_add(x, wrap_mul(p.get<C>(0), y)))
WHENCE_EW2(Sub, wrap_sub(x, wrap_mul(p.get<C>(0), y)))
WHENCE_EW2(RSub, wrap_sub(y, wrap_mul(p.get<C>(0), x)))
WHENCE_EW2(Mul, wrap_mul(x, y))
WHENCE_EW2(Div, [&] {
  if constexpr (is_int_v<C>)
    return p.i[0] == 2 ? ew_floor_div(x, y) : ew_trunc_div(x, y);
  else
    return p.i[0] == 0 ? x / y : p.i[0] == 1 ? std::trunc(x / y) : ew_floor_div(x, y);
}())
WHENCE_EW2(TrueDiv, x / y)
WHENCE_EW2(RTrueDiv, ew_round(C(1) / x, p) * y)  // PyTorch's __rtruediv__: self.reciprocal() * other
WHENCE_EW2(FloorDiv, ew_floor_div(x, y))
WHENCE_EW2(RFloorDiv, ew_floor_div(y, x))
WHENCE_EW2(Remainder, ew_remainder(x, y))
WHENCE_EW2(RRemainder, ew_remainder(y, x))
WHENCE_EW2(Fmod, ew_fmod(x, y))
WHENCE_EW2(Pow, ew_pow(x, y))
WHENCE_EW2(RPow, ew_pow(y, x))
WHENCE_EW2(Atan2, std::atan2(x, y))
WHENCE_EW2(Hypot, std::hypot(x, y))
WHENCE_EW2(LogAddExp, [&] {
  const C m = x > y ? x : y;
  if (std::isinf(m) && x == y) return x;  // both +inf or both -inf
  return m + std::log1p(std::exp(-std::fabs(x - y)));
}())
WHENCE_EW2(LogAddExp2, [&] {
  const C m = x > y ? x : y;
  if (std::isinf(m) && x == y) return x;
  return m + std::log1p(std::exp2(-std::fabs(x - y))) / C(0.69314718055994530942);
}())
WHENCE_EW2(Eq, x == y)
WHENCE_EW2(Ne, x != y)
WHENCE_EW2(Lt, x < y)
WHENCE_EW2(Le, x <= y)
WHENCE_EW2(Gt, x > y)
WHENCE_EW2(Ge, x >= y)
WHENCE_EW2(Maximum, ew_maximum(x, y))
WHENCE_EW2(Minimum, ew_minimum(x, y))
WHENCE_EW2(Fmax, [&] {
  if constexpr (!is_int_v<C>) {
    if (std::isnan(x)) return y;
    if (std::isnan(y)) return x;
  }
  return x > y ? x : y;
}())
WHENCE_EW2(Fmin, [&] {
  if constexpr (!is_int_v<C>) {
    if (std::isnan(x)) return y;
    if (std::isnan(y)) return x;
  }
  return x < y ? x : y;
}())
WHENCE_EW2(CopySign, std::copysign(x, y))
WHENCE_EW2(Xlogy, std::isnan(y) ? y : x == C(0) ? C(0) : x * std::log(y))
WHENCE_EW2(Xlog1py, std::isnan(y) ? y : x == C(0) ? C(0) : x * std::log1p(y))
WHENCE_EW2(Heaviside, x == C(0) ? y : C(x > C(0)))
WHENCE_EW2(NextAfter, std::nextafter(x, y))
WHENCE_EW2(Ldexp, x* std::exp2(y))
WHENCE_EW2(LogicalAnd, (x != C(0)) && (y != C(0)))
WHENCE_EW2(LogicalOr, (x != C(0)) || (y != C(0)))
WHENCE_EW2(LogicalXor, (x != C(0)) != (y != C(0)))
WHENCE_EW2(BitAnd, C(std::uint64_t(x) & std::uint64_t(y)))
WHENCE_EW2(BitOr, C(std::uint64_t(x) | std::uint64_t(y)))
WHENCE_EW2(BitXor, C(std::uint64_t(x) ^ std::uint64_t(y)))
// Shifts past the width: << gives 0, >> fills with the sign (p.i[1]: bits of the dtype).
// PyTorch 1.13 shifts in C++ on the CPU: the count is masked to the width of the promoted
// operand (int for 8- to 32-bit types, as x86 does), p.i[1] = that width.
WHENCE_EW2(LShift, C(std::uint64_t(x) << (y & (p.i[1] - 1))))
WHENCE_EW2(RShift, C(x >> (y & (p.i[1] - 1))))
WHENCE_EW2(RLShift, C(std::uint64_t(y) << (x & (p.i[1] - 1))))
WHENCE_EW2(RRShift, C(y >> (x & (p.i[1] - 1))))
WHENCE_EW2(Gcd, ew_gcd(x, y))
WHENCE_EW2(Lcm, [&] {
  const C g = ew_gcd(x, y);
  return g == 0 ? C(0) : ew_abs(wrap_mul(C(x / g), y));
}())
WHENCE_EW2(IsClose, [&] {
  const double a = double(x), b = double(y);
  if (a == b) return true;
  if (p.i[0] && std::isnan(a) && std::isnan(b)) return true;
  const double err = std::fabs(a - b);
  return std::isfinite(err) && err <= p.f[1] + std::fabs(p.f[0] * b);
}())
WHENCE_EW3(Where, x != C(0) ? y : z)
WHENCE_EW3(Lerp, [&] {
  const C diff = y - x;
  return z < C(0.5) ? x + z * diff : y - diff * (C(1) - z);
}())
WHENCE_EW3(AddCMul, wrap_add(x, wrap_mul(p.get<C>(0), wrap_mul(y, z))))
WHENCE_EW3(AddCDiv, x + p.get<C>(0) * (y / z))
WHENCE_EW2(ClampMin, ew_maximum(x, y))
WHENCE_EW2(ClampMax, ew_minimum(x, y))
WHENCE_EW3(Clamp, [&] {
  C r = x;
  if (p.i[2]) r = ew_maximum(r, y);
  if (p.i[3]) r = ew_minimum(r, z);
  return r;
}())

// --- activations (elementwise_activation.cpp) ----------------------------------------------

constexpr double kSeluAlpha = 1.6732632423543772848170429916717;
constexpr double kSeluScale = 1.0507009873554804934193349852946;

template <class C>
WHENCE_HD C nan_or(C x, C v) {
  if constexpr (!is_int_v<C>)
    if (std::isnan(x)) return x;
  return v;
}
template <class C>
WHENCE_HD C softplus(C x, C beta, C threshold) {
  return x * beta > threshold ? x : std::log1p(std::exp(x * beta)) / beta;
}

WHENCE_EW1(Relu, nan_or(x, x > C(0) ? x : C(0)))
WHENCE_EW1(Relu6, nan_or(x, x<C(0) ? C(0) : x> C(6) ? C(6) : x))
// gelu's two forms (approximate='tanh' or 'none'), chosen once per block on the CPU (kForms).
struct Gelu {
  static constexpr bool kForms = true;
  static WHENCE_HD bool form(const EwParams& p) { return p.i[0] != 0; }
  // As GeluKernelImpl writes them: for bfloat16 in scalar_t, so every step and constant is
  // rounded to it (ew_round; identity for float32 and float64).
  template <bool Tanh, class C>
  WHENCE_HD auto as(const EwParams& p, C x) const {
    if constexpr (Tanh) {
      const C beta = ew_round(C(0.7978845608028654), p), kappa = ew_round(C(0.044715), p);
      const C cube = ew_round(ew_round(x * x, p) * x, p);
      const C inner = ew_round(beta * ew_round(x + ew_round(kappa * cube, p), p), p);
      return ew_round(ew_round(C(0.5) * x, p) * ew_round(C(1) + ew_round(std::tanh(inner), p), p), p);
    } else {
      const C alpha = ew_round(C(0.70710678118654752440), p);
      const C phi = ew_round(C(1) + ew_round(erf_for(ew_round(x * alpha, p)), p), p);
      return ew_round(ew_round(x * C(0.5), p) * phi, p);
    }
  }
  template <class C>
  WHENCE_HD auto operator()(const EwParams& p, C x) const {
    return form(p) ? as<true>(p, x) : as<false>(p, x);
  }
};
WHENCE_EW_COUNTED
WHENCE_EW1(Silu, x / (C(1) + std::exp(-x)))
WHENCE_EW1(Softplus, softplus(x, C(p.f[0]), C(p.f[1])))
WHENCE_EW1(Elu, x > C(0) ? x : C(p.f[0]) * std::expm1(x))
WHENCE_EW1(Selu, C(kSeluScale) * (x > C(0) ? x : C(kSeluAlpha) * std::expm1(x)))
WHENCE_EW1(Celu, x > C(0) ? x : C(p.f[0]) * std::expm1(x / C(p.f[0])))
WHENCE_EW1(LeakyRelu, x > C(0) ? x : x * C(p.f[0]))
WHENCE_EW1(Hardtanh, nan_or(x, x<p.get<C>(0) ? p.get<C>(0) : x> p.get<C>(1) ? p.get<C>(1) : x))
WHENCE_EW1(Hardsigmoid, nan_or(x, (x + C(3) < C(0) ? C(0) : x + C(3) > C(6) ? C(6) : x + C(3)) / C(6)))
WHENCE_EW1(Hardswish, x*(x + C(3) < C(0) ? C(0) : x + C(3) > C(6) ? C(6) : x + C(3)) / C(6))
WHENCE_EW1(Mish, x* std::tanh(std::log1p(std::exp(x))))
WHENCE_EW1(LogSigmoid, (x < C(0) ? x : C(0)) - std::log1p(std::exp(-std::fabs(x))))
WHENCE_EW1(Tanhshrink, x - ew_round(C(std::tanh(x)), p))
// softsign is x / (1 + |x|) in Python: for an integer input |x| and 1 + |x| are computed in
// its own type and wrap (p.i[1]: its bits) before the division in float32.
WHENCE_EW1(Softsign, [&] {
  if (!p.i[1]) return x / (C(1) + std::fabs(x));
  const C lowest = -C(std::ldexp(1.0, int(p.i[1]) - 1));
  C d = C(1) + (x == lowest ? x : std::fabs(x));
  if (d >= -lowest) d -= C(2) * -lowest;  // past the type's largest value
  return x / d;
}())
WHENCE_EW1(Hardshrink, (x >= -C(p.f[0]) && x <= C(p.f[0])) ? C(0) : x)
WHENCE_EW1(Softshrink, x > C(p.f[0]) ? x - C(p.f[0]) : x < -C(p.f[0]) ? x + C(p.f[0]) : C(0))
WHENCE_EW2(Glu, x*(C(1) / (C(1) + std::exp(-y))))
WHENCE_EW1(Threshold, x <= p.get<C>(0) ? p.get<C>(1) : x)  // NaN is kept

// How many functors this file defines (each WHENCE_EW* and Gelu counts one __COUNTER__ step).
constexpr int kFunctorCount = __COUNTER__ - kFunctorFirst - 1;

}  // namespace ew
}  // namespace whence
