// exp_poly.hpp - e^x by polynomials for the loops whose result is rounded to float32 or
// narrower: libm's exp is one call per element that no compiler vectorizes; these are
// straight-line arithmetic that it does. exp_poly, in double (softmax, logsumexp): within
// about 2 ulp of double, so the rounded float is e^x correctly rounded but for a value within
// 1e-15 of a rounding midpoint (glibc's expf is within 0.502 ulp). exp_poly_f, in float (the
// elementwise exp and sigmoid): within 1 ulp. float64 results keep libm.
#pragma once
#include <cmath>  // std::exp
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "kernels/common/element.hpp"

namespace whence {

WHENCE_HD inline double exp_poly(double x) {
  // e^x = 2^n · e^r, n = round(x / ln 2), |r| ≤ ln 2 / 2. x is clamped to [-707.98, 709.79]:
  // above, 2^n · e^r overflows to inf by itself; below (where e^x is below 2.6e-308, about
  // the smallest normal double) the result is multiplied by 0. NaN stays NaN.
  // No branch, so that loops of it vectorize: the range is tested on x / ln 2, computed
  // whatever the outcome (a test on x itself, widened from float, the compiler makes in float
  // and the widening then conditional, which it does not vectorize).
  const double u = x * 1.4426950408889634;
  const bool low = u<-1021.4, high = u> 1024.0;  // x < -707.98, x > 709.78
  double xc = low ? -707.98 : x;
  xc = high ? 709.79 : xc;
  const double shift = 6755399441055744.0;  // 1.5 · 2^52: adding it rounds to an integer
  const double t = xc * 1.4426950408889634 + shift;
  const double n = t - shift;
  std::uint64_t bits, shift_bits;
  std::memcpy(&bits, &t, sizeof bits);
  std::memcpy(&shift_bits, &shift, sizeof shift_bits);
  // ln 2 in two parts (fdlibm's): n · hi is exact for |n| < 2^11.
  const double r = (xc - n * 6.93147180369123816490e-01) - n * 1.90821492927058770002e-10;
  // e^r: a Chebyshev fit of degree 11 on [-ln 2 / 2, ln 2 / 2] (mpmath's chebyfit), within 4e-18.
  double p = 2.5110037605963778e-8;
  p = p * r + 2.763263963904103e-7;
  p = p * r + 2.755724091857897e-6;
  p = p * r + 2.4801485482328492e-5;
  p = p * r + 0.00019841269890047114;
  p = p * r + 0.0013888888952314775;
  p = p * r + 0.0083333333333196006;
  p = p * r + 0.041666666666488095;
  p = p * r + 0.16666666666666681;
  p = p * r + 0.50000000000000184;
  p = p * r + 1.0;
  p = p * r + 1.0;
  const std::uint64_t scale_bits = (bits - shift_bits + 1022) << 52;  // 2^(n-1), n in [-1021, 1024]
  double scale;
  std::memcpy(&scale, &scale_bits, sizeof scale);
  return p * scale * 2.0 * (low ? 0.0 : 1.0);
}

// e^x in float, for the elementwise exp and sigmoid on float32 and narrower (ew_exp): float
// arithmetic only, twice the lanes of exp_poly per vector and a shorter polynomial; within
// 1 ulp of e^x correctly rounded (all floats at a stride of 7 against libm's double exp: 0.4%
// 1 ulp off, none more), as PyTorch's own (Sleef's expf_u10). Every operation is written out
// (no fused multiply-add, which no build contracts: -ffp-contract=off where the target has
// one), so the result is the same bits in every build, vectorized or not.
WHENCE_HD inline float exp_poly_f(float x) {
  // e^x = 2^n · e^r, n = round(x / ln 2), |r| ≤ ln 2 / 2. x is clamped to [-104, 89]: below,
  // e^x < 2^-150 rounds to 0; above, 2^n · e^r overflows to inf by itself. NaN passes the
  // clamps (every comparison false) and stays NaN. No branch, so that loops of it vectorize.
  float xc = x < -104.0f ? -104.0f : x;
  xc = xc > 89.0f ? 89.0f : xc;
  const float shift = 12582912.0f;  // 1.5 · 2^23: adding it rounds to an integer
  const float t = xc * 1.44269504088896341f + shift;
  const float n = t - shift;
  std::int32_t bits, shift_bits;
  std::memcpy(&bits, &t, sizeof bits);
  std::memcpy(&shift_bits, &shift, sizeof shift_bits);
  const std::int32_t ni = bits - shift_bits;  // n, in [-150, 128]
  // ln 2 in two parts (Cephes'): n · 0.693359375 is exact (9 + 8 bits) and so is x minus it.
  float r = xc - n * 0.693359375f;
  r = r + n * 2.12194440e-4f;
  // e^r = 1 + r + r² · P(r) (Cephes' expf polynomial).
  float p = 1.9875691500e-4f;
  p = p * r + 1.3981999507e-3f;
  p = p * r + 8.3334519073e-3f;
  p = p * r + 4.1665795894e-2f;
  p = p * r + 1.6666665459e-1f;
  p = p * r + 5.0000001201e-1f;
  const float y = (p * (r * r) + r) + 1.0f;
  // · 2^n in two steps, 2^(n/2) each, both normal floats: a subnormal result is rounded once
  // (the last product), and 2^128 overflows.
  const std::int32_t n1 = ni >> 1, n2 = ni - n1;
  // Shifted as unsigned: for a NaN x, n is garbage and its bits would overflow a signed shift.
  const std::uint32_t b1 = std::uint32_t(n1 + 127) << 23, b2 = std::uint32_t(n2 + 127) << 23;
  float s1, s2;
  std::memcpy(&s1, &b1, sizeof s1);
  std::memcpy(&s2, &b2, sizeof s2);
  return y * s1 * s2;
}

// e^x for a result stored as T: libm's for float64, exp_poly's for the narrower types.
template <class T>
WHENCE_HD double exp_for(double x) {
  if constexpr (std::is_same_v<T, double>)
    return std::exp(x);
  else
    return exp_poly(x);
}

}  // namespace whence
