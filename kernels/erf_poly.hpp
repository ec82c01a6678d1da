// erf_poly.hpp - erf in double by polynomials, for the loops whose result is rounded to float
// (gelu, erf on float32 and narrower): libm's erff is one call per element that no compiler
// vectorizes. Within 4e-16 for |x| < 1 and 3e-16 up to 4.5 (Chebyshev fits, made with mpmath's
// chebyfit), so the rounded float is erf(x) correctly rounded but for a value that close to a
// rounding midpoint. float64 keeps libm (std::erf).
#pragma once
#include <cmath>
#include <type_traits>

#include "kernels/element.hpp"

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
  // 1 ≤ |x|: erf(|x|) = B(t), t = (2|x| − 5.5) / 3.5 in [-1, 1] for |x| in [1, 4.5]; beyond
  // 4.5 (erf within 2e-10 of 1) |x| is taken as 4.5. The test is on x² (see exp_poly: no
  // select on a widened float input alone).
  const double ax = s > 20.25 ? 4.5 : std::fabs(x);
  const double t = ax * 0.57142857142857143 - 1.5714285714285714;
  double b = -2.0603694588604835e-7;
  b = b * t + 2.9003179581922476e-7;
  b = b * t + 1.8320313503302254e-6;
  b = b * t - 3.9720465785910172e-6;
  b = b * t - 5.2917073617101453e-6;
  b = b * t + 2.4044145925405997e-5;
  b = b * t - 1.1866165825777316e-5;
  b = b * t - 6.9494975270915347e-5;
  b = b * t + 0.0001500362491267862;
  b = b * t - 1.1163357312324111e-5;
  b = b * t - 0.00046828538185997622;
  b = b * t + 0.00081813680949527161;
  b = b * t + 1.1851798891949985e-5;
  b = b * t - 0.0023105427405972371;
  b = b * t + 0.0038800796465421885;
  b = b * t - 0.00088374498636936523;
  b = b * t - 0.0074692481040030394;
  b = b * t + 0.014815616082255959;
  b = b * t - 0.010963860385444526;
  b = b * t - 0.0078298045603542683;
  b = b * t + 0.03247329776322636;
  b = b * t - 0.047603249845241109;
  b = b * t + 0.045231320320398543;
  b = b * t - 0.030557542568760691;
  b = b * t + 0.01479395821632518;
  b = b * t - 0.0049375536903188047;
  b = b * t + 0.0010259851824138589;
  b = b * t + 0.99989937807788024;
  const double outer = std::copysign(b, x);
  return s < 1.0 ? x * a : outer;
}

// erf for a result computed in C: erf_poly for float, libm for double.
template <class C>
WHENCE_HD C erf_for(C x) {
  if constexpr (std::is_same_v<C, float>) return C(erf_poly(double(x)));
  else return std::erf(x);
}

}  // namespace whence
