// elementwise_math.hpp - scalar math the functors share, where the C++ library has no
// function or PyTorch defines the result its own way (NaN handling, integer corners).
#pragma once
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "kernels/common/exp_poly.hpp"
#include "kernels/elementwise/elementwise.hpp"

namespace whence {

// One-line functors: WHENCE_EW1(Exp, std::exp(x)) defines struct Exp with
// template <class C> auto operator()(const EwParams& p, C x) const.
// Each functor of elementwise_ops.hpp counts itself (WHENCE_EW_COUNTED: one __COUNTER__ step), so
// that ew::kFunctorCount is their number and the CUDA check (kernels/cuda/element_functions_cuda.cu)
// can static_assert that it compiles every one.
#define WHENCE_EW_COUNTED static_assert(__COUNTER__ >= 0, "a functor of elementwise_ops.hpp");
#define WHENCE_EW1(Name, ...)                                 \
  struct Name {                                               \
    template <class C>                                        \
    WHENCE_HD auto operator()(const EwParams& p, C x) const { \
      (void)p;                                                \
      return __VA_ARGS__;                                     \
    }                                                         \
  };                                                          \
  WHENCE_EW_COUNTED
#define WHENCE_EW2(Name, ...)                                      \
  struct Name {                                                    \
    template <class C>                                             \
    WHENCE_HD auto operator()(const EwParams& p, C x, C y) const { \
      (void)p;                                                     \
      return __VA_ARGS__;                                          \
    }                                                              \
  };                                                               \
  WHENCE_EW_COUNTED
#define WHENCE_EW3(Name, ...)                                           \
  struct Name {                                                         \
    template <class C>                                                  \
    WHENCE_HD auto operator()(const EwParams& p, C x, C y, C z) const { \
      (void)p;                                                          \
      return __VA_ARGS__;                                               \
    }                                                                   \
  };                                                                    \
  WHENCE_EW_COUNTED

template <class C>
constexpr bool is_int_v = std::is_integral_v<C>;

// v rounded to the float16/bfloat16 that PyTorch keeps between the steps of an op (p.reduced).
float ew_round_reduced(float v, int dtype);  // kernels/elementwise/elementwise_family.cpp (uses core's Half)
template <class C>
WHENCE_HD C ew_round(C v, const EwParams& p) {
#if defined(__CUDA_ARCH__)
  (void)p;  // device code: the CUDA launchers refuse float16 and bfloat16, so p.reduced is 0
  return v;
#else
  if constexpr (std::is_same_v<C, float>)
    return p.reduced ? ew_round_reduced(v, p.reduced) : v;
  else
    return v;
#endif
}

template <class C>
WHENCE_HD C ew_abs(C x) {
  if constexpr (is_int_v<C>)
    return x < 0 ? wrap_sub(C(0), x) : x;
  else
    return std::fabs(x);
}
template <class C>
WHENCE_HD C ew_sign(C x) {
  if constexpr (is_int_v<C>)
    return C((0 < x) - (x < 0));
  else
    return std::isnan(x) ? C(0) : C((C(0) < x) - (x < C(0)));
}
// Python's floor division and modulo (PyTorch's floor_divide and remainder).
template <class C>
WHENCE_HD C ew_floor_div(C a, C b) {
  if constexpr (is_int_v<C>) {
    if (b == 0) return 0;  // refused before the launch; never trap
    if (b == -1) return wrap_sub(C(0), a);
    const C q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
  } else {
    if (b == 0) return a / b;
    const C mod = std::fmod(a, b);
    C div = (a - mod) / b;
    if (mod != 0 && ((b < 0) != (mod < 0))) div -= C(1);
    if (div == 0) return std::copysign(C(0), a / b);
    const C floored = std::floor(div);
    return div - floored > C(0.5) ? floored + C(1) : floored;
  }
}
template <class C>
WHENCE_HD C ew_remainder(C a, C b) {
  if constexpr (is_int_v<C>) {
    if (b == 0 || b == -1) return 0;
    const C r = a % b;
    return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
  } else {
    const C r = std::fmod(a, b);
    return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
  }
}
template <class C>
WHENCE_HD C ew_trunc_div(C a, C b) {
  if constexpr (is_int_v<C>)
    return b == 0 ? 0 : b == -1 ? wrap_sub(C(0), a) : a / b;
  else
    return std::trunc(a / b);
}
template <class C>
WHENCE_HD C ew_fmod(C a, C b) {
  if constexpr (is_int_v<C>)
    return b == 0 || b == -1 ? 0 : a % b;
  else
    return std::fmod(a, b);
}
// Integer power by squaring, wrapping; negative exponents as PyTorch: 1 for base 1, +-1 for
// base -1, 0 otherwise.
template <class C>
WHENCE_HD C ew_pow(C a, C b) {
  if constexpr (is_int_v<C>) {
    if (b < 0) {
      if (a == 1) return 1;
      if (a == -1) return (b & 1) ? -1 : 1;
      return 0;
    }
    C result = 1;
    while (b) {
      if (b & 1) result = wrap_mul(result, a);
      b >>= 1;
      a = wrap_mul(a, a);
    }
    return result;
  } else {
    return std::pow(a, b);
  }
}
// max/min that propagate NaN (maximum, minimum, clamp).
template <class C>
WHENCE_HD C ew_maximum(C a, C b) {
  if constexpr (!is_int_v<C>)
    if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<C>::quiet_NaN();
  return a > b ? a : b;
}
template <class C>
WHENCE_HD C ew_minimum(C a, C b) {
  if constexpr (!is_int_v<C>)
    if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<C>::quiet_NaN();
  return a < b ? a : b;
}
template <class C>
WHENCE_HD C ew_gcd(C a, C b) {
  a = ew_abs(a);
  b = ew_abs(b);
  while (b != 0) {
    const C t = a % b;
    a = b;
    b = t;
  }
  return a;
}
// e^x: in float (float32, and float16/bfloat16, which compute in float) through exp_poly_f
// (exp_poly.hpp), within 1 ulp, in a loop the compiler vectorizes, which libm's expf is not.
// double: libm.
template <class C>
WHENCE_HD C ew_exp(C x) {
  if constexpr (std::is_same_v<C, float>)
    return exp_poly_f(x);
  else
    return std::exp(x);
}
template <class C>
WHENCE_HD C ew_sigmoid(C x) {
  return C(1) / (C(1) + ew_exp(-x));
}

// erfinv: Giles' single-precision approximation refined by two Newton steps, as accurate as
// the double (PyTorch's calc_erfinv uses a rational approximation plus Newton steps too).
template <class C>
WHENCE_HD C ew_erfinv(C y) {
  if (y < C(-1) || y > C(1)) return std::numeric_limits<C>::quiet_NaN();
  if (y == C(1)) return std::numeric_limits<C>::infinity();
  if (y == C(-1)) return -std::numeric_limits<C>::infinity();
  const double yd = double(y);
  double w = -std::log((1.0 - yd) * (1.0 + yd)), x;
  if (w < 5.0) {
    w -= 2.5;
    double p = 2.81022636e-08;
    p = 3.43273939e-07 + p * w;
    p = -3.5233877e-06 + p * w;
    p = -4.39150654e-06 + p * w;
    p = 0.00021858087 + p * w;
    p = -0.00125372503 + p * w;
    p = -0.00417768164 + p * w;
    p = 0.246640727 + p * w;
    p = 1.50140941 + p * w;
    x = p * yd;
  } else {
    w = std::sqrt(w) - 3.0;
    double p = -0.000200214257;
    p = 0.000100950558 + p * w;
    p = 0.00134934322 + p * w;
    p = -0.00367342844 + p * w;
    p = 0.00573950773 + p * w;
    p = -0.0076224613 + p * w;
    p = 0.00943887047 + p * w;
    p = 1.00167406 + p * w;
    p = 2.83297682 + p * w;
    x = p * yd;
  }
  const double two_over_sqrt_pi = 1.1283791670955126;
  for (int i = 0; i < 2; ++i) x -= (std::erf(x) - yd) / (two_over_sqrt_pi * std::exp(-x * x));
  return C(x);
}

// digamma: reflection below 0, recurrence up to 6, then the asymptotic series (Cephes, as
// PyTorch's calc_digamma).
template <class C>
WHENCE_HD C ew_digamma(C xc) {
  double x = double(xc);
  const double pi = 3.14159265358979323846;
  if (x == 0) return C(std::copysign(INFINITY, -x));
  if (x < 0) {
    if (x == std::trunc(x)) return std::numeric_limits<C>::quiet_NaN();
    const double r = std::fmod(x, 1.0);  // reflection: psi(1 - x) - pi / tan(pi x)
    return C(ew_digamma<double>(1 - x) - pi / std::tan(pi * r));
  }
  double result = 0;
  while (x < 10) {
    result -= 1 / x;
    x += 1;
  }
  const double z = 1 / (x * x);
  const double poly = z * (8.33333333333333333333E-2 +
                           z * (-8.33333333333333333333E-3 +
                                z * (3.96825396825396825397E-3 +
                                     z * (-4.16666666666666666667E-3 +
                                          z * (7.57575757575757575758E-3 +
                                               z * (-2.10927960927960927961E-2 + z * 8.33333333333333333333E-2))))));
  return C(result + std::log(x) - 0.5 / x - poly);
}

// e^(x²)·erfc(x) in double without overflow: directly up to 10, then its asymptotic series
// (terms below 1e-10 there); for x < 0 through erfc(-x) = 2 - erfc(x).
WHENCE_HD inline double ew_erfcx(double x) {
  if (std::isnan(x)) return x;
  if (x < 0) {
    if (x < -26.7) return INFINITY;
    return 2 * std::exp(x * x) - ew_erfcx(-x);
  }
  if (x < 10) return std::exp(x * x) * std::erfc(x);
  const double z = 1 / (2 * x * x);
  double term = 1, sum = 1;
  for (int k = 1; k < 8; ++k) {
    term *= -(2 * k - 1) * z;
    sum += term;
  }
  return sum / (x * 1.7724538509055160273);
}

// Modified Bessel function of the first kind, order 0 (power series; converges for all x).
template <class C>
WHENCE_HD C ew_i0(C xc) {
  const double x = std::fabs(double(xc));
  if (std::isinf(x)) return std::numeric_limits<C>::quiet_NaN();  // as PyTorch's Chebyshev series gives
  // PyTorch's Cephes form is e^x times a series, so it overflows where e^x does in the compute
  // type: past ln(FLT_MAX) in float (float16 and bfloat16 compute in float), ln(DBL_MAX) in double.
  if (x > (sizeof(C) < sizeof(double) ? 88.7228391116729996 : 709.782712893383996843))
    return std::numeric_limits<C>::infinity();
  double term = 1, sum = 1;
  const double q = x * x / 4;
  for (int k = 1; k < 500; ++k) {
    term *= q / (double(k) * double(k));
    sum += term;
    if (term < sum * 1e-17) break;
  }
  return C(sum);
}

}  // namespace whence
