// resample_coordinates.hpp - PyTorch 1.13's coordinate arithmetic of the sampling ops, shared by
// their values (resample_sample.cpp) and their gradients' tap weights
// (resample_gradients_weights.cpp), so that both pick the same taps with the same weights.
#pragma once
#include <cmath>
#include <cstdint>
#include <optional>

#include "core/dtype.hpp"

namespace whence {
namespace resample_coordinates {

// PyTorch's arithmetic for coordinates: float or double, each operation rounded.
struct Real {
  bool single = true;
  double operator()(double v) const { return single ? double(float(v)) : v; }
};

// Cubic convolution weights of PyTorch (A = -0.75) at fractional offset t, in R's arithmetic.
inline void cubic_weights(const Real& R, double t, double* w) {
  const double A = -0.75;
  auto c1 = [&](double x) { return R(R(R(R(R(A + 2) * x) - R(A + 3)) * x) * x) + 1; };
  auto c2 = [&](double x) { return R(R(R(R(R(A * x) - 5 * A) * x) + 8 * A) * x) - 4 * A; };
  w[0] = R(c2(R(t + 1)));
  w[1] = R(c1(t));
  w[2] = R(c1(R(1 - t)));
  w[3] = R(c2(R(2 - t)));
}

// area_pixel_compute_scale: the step between output coordinates, in input coordinates.
inline double pixel_scale(const Real& R, std::int64_t in, std::int64_t out, bool align, std::optional<double> scale) {
  if (align) return out > 1 ? R(double(in - 1) / double(out - 1)) : 0.0;
  if (scale && *scale > 0) return R(1.0 / *scale);
  return R(double(in) / double(out));
}

// One coordinate of grid_sample: unnormalized from [-1, 1] to pixels, then clipped or
// reflected by the padding mode (GridSampler.h), in the input's float type.
struct GridAxis {
  std::int64_t size;
  bool align;
  int padding;  // 0 zeros, 1 border, 2 reflection
  Real R;
  double unnormalize(double g) const {
    return align ? R(R(R(g + 1) / 2) * double(size - 1)) : R(R(R(R(g + 1) * double(size)) - 1) / 2);
  }
  // As PyTorch's vectorized clip (maxps, minps): a NaN coordinate becomes 0.
  double clip(double x) const {
    const double low = x > 0 ? x : 0.0;
    return low < double(size - 1) ? low : double(size - 1);
  }
  double reflect(double x) const {  // reflect_coordinates(x, twice_low, twice_high)
    const double lo2 = align ? 0 : -1, hi2 = align ? double(2 * (size - 1)) : double(2 * size - 1);
    if (lo2 == hi2) return 0;
    const double mn = lo2 / 2, span = (hi2 - lo2) / 2;
    x = std::fabs(R(x - mn));
    const double extra = R(std::fmod(x, span));
    // PyTorch's int(floor(...)): a value past int's range converts to INT_MIN on x86, an even count.
    const double flips = std::floor(R(x / span));
    const bool even = float_to_int32(flips) % 2 == 0;
    return even ? R(extra + mn) : R(R(span - extra) + mn);
  }
  double source(double g) const {  // grid_sampler_compute_source_index
    double x = unnormalize(g);
    if (padding == 1) x = clip(x);
    if (padding == 2) x = clip(reflect(x));
    return x;
  }
  // A tap coordinate (a whole number, or not finite) as bicubic reads it: clipped or
  // reflected while still floating point, as PyTorch's get_value_bounded; -1 outside (zeros).
  std::int64_t bounded(double x) const {
    if (padding == 1) x = clip(x);
    if (padding == 2) x = clip(reflect(x));
    const std::int64_t j = float_to_int64(x);
    return j >= 0 && j < size ? j : -1;
  }
};

}  // namespace resample_coordinates
}  // namespace whence
