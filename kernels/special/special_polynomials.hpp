// special_polynomials.hpp - the orthogonal polynomials of torch.special as PyTorch 1.13
// evaluates them, in the compute type C: the three-term recurrence from P_0 and P_1, with its
// values at the interval's ends given directly, and for Chebyshev's kinds and a larger n inside
// (-1, 1) the trigonometric form (cos(n·θ), sin((n+1)θ)/sin θ, ... with θ = acos x). n is the
// degree, truncated towards zero from the compute type (NaN and ±inf read as the most negative
// integer, as the x86 conversion gives): a negative n gives 0. The shifted Chebyshev
// polynomials are the same at 2x - 1.
#pragma once
#include <cmath>
#include <cstdint>

namespace whence::special {

// The degree as PyTorch's static_cast<int64_t> gives it on x86 (cvttsd2si): out-of-range and
// NaN values become INT64_MIN.
template <class C>
std::int64_t degree(C n) {
  if (!(n > C(-9.2233720368547758e18) && n < C(9.2233720368547758e18))) return INT64_MIN;
  return std::int64_t(n);
}

// The recurrence r = a(k)·q - b(k)·p from p = P_0 = 1, q = P_1, as PyTorch's CPU kernels compute
// it: compiled for AVX2 and AVX512, the compiler fuses a(k)·q and the subtraction into one
// fused multiply-add (std::fma here), which float32 results show. A NaN stays NaN: the loop
// stops there; and it stops after 2^26 steps, where PyTorch would run on (n up to 2^63).
template <class C, class Step>
C recur(C q, std::int64_t n, Step step) {
  C p = 1;
  const std::int64_t steps = n < (std::int64_t(1) << 26) ? n : (std::int64_t(1) << 26);
  for (std::int64_t k = 1; k < steps; ++k) {
    const C r = step(k, p, q);
    p = q;
    q = r;
    if (std::isnan(q)) break;
  }
  return q;
}

// acos as glibc's, which PyTorch's kernels call: at 0 the value nearest pi/2. WebAssembly's libc
// (musl) returns the float one ulp below there (its acosf(0) is pio2_hi), and the trigonometric
// forms multiply that ulp by the degree: V_300(0) came out 1.0000347, PyTorch's 0.9999737.
template <class C>
C acos_of(C v) {
  return v == C(0) ? C(1.57079632679489661923) : std::acos(v);
}

// Chebyshev T, U, V, W at y (kind 0..3), with `big` the degree above which PyTorch switches to
// the trigonometric form inside (-1, 1), and the values at y = ±1.
template <class C>
C chebyshev(int kind, C y, std::int64_t n, std::int64_t big) {
  if (n < 0) return C(0);
  const C odd_sign = n % 2 == 0 ? C(1) : C(-1);
  if (std::fabs(y) == C(1)) {
    switch (kind) {
      case 0: return y > C(0) ? C(1) : odd_sign;
      case 1: return (y > C(0) ? C(1) : odd_sign) * C(double(n + 1));
      case 2: return y > C(0) ? C(1) : odd_sign * C(double(n + n + 1));
      default: return y > C(0) ? C(double(n + n + 1)) : odd_sign;
    }
  }
  if (n > big && std::fabs(y) < C(1)) {
    const C t = acos_of(y);
    switch (kind) {
      case 0: return std::cos(C(double(n)) * t);
      case 1:
        if (std::sin(t) != C(0)) return std::sin(C(double(n + 1)) * t) / std::sin(t);
        return C(double(n + 1)) * std::cos(C(double(n + 1)) * t) / y;
      case 2:
        if (std::sin(t / C(2)) != C(1)) return std::cos((C(double(n)) + C(0.5)) * t) / std::cos(t / C(2));
        return odd_sign * C(double(n + n + 1));
      default:
        if (std::cos(t / C(2)) != C(1)) return std::sin((C(double(n)) + C(0.5)) * t) / std::sin(t / C(2));
        return y > C(0) ? C(double(n + n + 1)) : odd_sign;
    }
  }
  if (n == 0) return C(1);
  const C first = kind == 0 ? y : kind == 1 ? y + y : kind == 2 ? y + y - C(1) : y + y + C(1);
  return recur<C>(first, n, [y](std::int64_t, C p, C q) { return std::fma(y + y, q, -p); });
}

template <class C>
C hermite_h(C x, std::int64_t n) {
  if (n < 0) return C(0);
  if (n == 0) return C(1);
  return recur<C>(x + x, n, [x](std::int64_t k, C p, C q) { return std::fma(x + x, q, -(C(double(k + k)) * p)); });
}

template <class C>
C hermite_he(C x, std::int64_t n) {
  if (n < 0) return C(0);
  if (n == 0) return C(1);
  return recur<C>(x, n, [x](std::int64_t k, C p, C q) { return std::fma(x, q, -(C(double(k)) * p)); });
}

template <class C>
C laguerre_l(C x, std::int64_t n) {
  if (n < 0) return C(0);
  if (std::fabs(x) == C(0) || n == 0) return C(1);
  return recur<C>(C(1) - x, n, [x](std::int64_t k, C p, C q) {
    return std::fma(C(double(k + k)) + (C(1) - x), q, -(C(double(k)) * p)) / C(double(k + 1));
  });
}

template <class C>
C legendre_p(C x, std::int64_t n) {
  if (n < 0) return C(0);
  if (std::fabs(x) == C(1)) return x > C(0) || n % 2 == 0 ? C(1) : C(-1);
  if (n == 0) return C(1);
  return recur<C>(x, n, [x](std::int64_t k, C p, C q) {
    return std::fma(C(double(k + k + 1)) * x, q, -(C(double(k)) * p)) / C(double(k + 1));
  });
}

}  // namespace whence::special
