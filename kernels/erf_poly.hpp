// erf_poly.hpp - erf in double by polynomials, for the loops whose result is rounded to float
// (gelu, erf on float32 and narrower): libm's erff is one call per element that no compiler
// vectorizes. Within 1e-15 for |x| < 1 and 5e-13 of erfc beyond (Chebyshev fits, made with
// mpmath's chebyfit), so the rounded float is erf(x) correctly rounded but for a value that
// close to a rounding midpoint. float64 keeps libm (std::erf).
#pragma once
#include <cmath>

#include "kernels/exp_poly.hpp"

namespace whence {

WHENCE_HD inline double erf_poly(double x) {
  const double s = x * x;
  // |x| < 1: erf(x) = x · A(x²)
  double a = 9.4285969568341643e-9;
  a = a * s - 1.5188281247335167e-7;
  a = a * s + 1.6310356513871741e-6;
  a = a * s - 1.4913300906316396e-5;
  a = a * s + 0.00012054681918310599;
  a = a * s - 0.00085483048717827406;
  a = a * s + 0.0052239771541053047;
  a = a * s - 0.026866170586496872;
  a = a * s + 0.11283791670580422;
  a = a * s - 0.376126389031744;
  a = a * s + 1.1283791670955122;
  // 1 ≤ |x|: erfc(|x|) = e^(-x²) · B(t), t = 2.5714…/|x| − 1.5714… in [-1, 1] for |x| in
  // [1, 4.5]; beyond 4.5 (erfc below 2e-10) |x| is taken as 4.5. The tests are on x² (see
  // exp_poly: no select on a widened float input alone).
  const double far = s > 20.25 ? 4.5 : std::fabs(x);
  const double near = s < 1.0 ? 1.0 : far;  // (this branch's value is dropped below 1)
  const double t = 2.5714285714285714 / near - 1.5714285714285714;
  double b = -3.4205503562278194e-8;
  b = b * t + 6.8144127347076331e-8;
  b = b * t + 5.6421217987498139e-8;
  b = b * t - 3.526943290239209e-7;
  b = b * t + 9.477618173976037e-7;
  b = b * t - 2.3365927941022179e-6;
  b = b * t + 3.8453394815519159e-6;
  b = b * t + 7.1782032755070261e-7;
  b = b * t - 3.4501552476097945e-5;
  b = b * t + 0.00015835584097510018;
  b = b * t - 0.00045139776081155644;
  b = b * t + 0.00061118943675559933;
  b = b * t + 0.002492526669376396;
  b = b * t - 0.026343575881508419;
  b = b * t + 0.15053794326795396;
  b = b * t + 0.30061012414089684;
  const double outer = std::copysign(1.0 - exp_poly(-(near * near)) * b, x);
  return s < 1.0 ? x * a : outer;
}

// erf for a result computed in C: erf_poly for float, libm for double.
template <class C>
WHENCE_HD C erf_for(C x) {
  if constexpr (std::is_same_v<C, float>) return C(erf_poly(double(x)));
  else return std::erf(x);
}

}  // namespace whence
