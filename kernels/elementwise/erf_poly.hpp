// erf_poly.hpp - erf in float by polynomials, for the loops whose result is rounded to float
// (gelu, erf on float32 and narrower): libm's erff is one call per element that no compiler
// vectorizes; this is straight-line float arithmetic that it does. Within 1 ulp of erf(x)
// correctly rounded (all floats at a stride of 5 against libm's double erf: 3% 1 ulp off,
// none more), as PyTorch's torch.erf. Every operation is written out (no fused multiply-add;
// see exp_poly_f), so the result is the same bits in every build. float64 keeps libm
// (std::erf).
#pragma once
#include <cmath>
#include <type_traits>

#include "kernels/common/element.hpp"

namespace whence {

WHENCE_HD inline float erf_poly(float x) {
  const float ax = std::fabs(x);
  // |x| < 0.875: erf(x) = x + x · A(x²), A a degree-6 Chebyshev fit of erf(x)/x − 1 (numpy's
  // chebinterpolate): x itself is exact, the correction is an eighth of it.
  const float s = x * x;
  float a = 8.69036885e-05f;
  a = a * s - 0.00082145707f;
  a = a * s + 0.00520704873f;
  a = a * s - 0.0268617067f;
  a = a * s + 0.112837352f;
  a = a * s - 0.376126349f;
  a = a * s + 0.128379166f;
  const float inner = x + x * a;
  // 0.875 ≤ |x|: erf(|x|) = 1 − E(u), E a degree-10 fit of erfc around 1.5 on [0.875, 2] and
  // around 3 on [2, 3.92] (u = |x| − 1.5 or |x| − 3, exact: Sterbenz), the coefficients chosen
  // per element. Beyond 3.92, erfc < 2^-25: erf rounds to 1, and |x| is taken as 3.92.
  constexpr float kNear[11] = {0.0338948555f,  -0.118930288f,   0.178395346f,    -0.138752207f,
                               0.0446015857f,  0.0148705766f,   -0.0193558652f,  0.00470411638f,
                               0.00249811076f, -0.00154787989f, -0.000144799909f};
  constexpr float kFar[11] = {2.20934071e-05f, -0.000139185868f, 0.000417558884f, -0.000790554448f,
                              0.0010465685f,   -0.00100763643f,  0.000729715743f, -0.000413148111f,
                              0.000148633088f, 1.15450848e-05f,  -2.58076125e-05f};
  const bool far = ax >= 2.0f;
  const float u = (ax > 3.92f ? 3.92f : ax) - (far ? 3.0f : 1.5f);  // NaN stays NaN
  float e = far ? kFar[10] : kNear[10];
  for (int k = 9; k >= 0; --k) e = e * u + (far ? kFar[k] : kNear[k]);
  const float outer = std::copysign(1.0f - e, x);
  return ax < 0.875f ? inner : outer;
}

// erf for a result computed in C: erf_poly for float, libm for double.
template <class C>
WHENCE_HD C erf_for(C x) {
  if constexpr (std::is_same_v<C, float>)
    return erf_poly(x);
  else
    return std::erf(x);
}

}  // namespace whence
