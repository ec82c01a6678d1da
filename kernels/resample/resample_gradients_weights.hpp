// resample_gradients_weights.hpp - the weight each tap of a sampling op's output element has, for
// the family's derivatives (resample_gradients.cpp). The sampling ops' values are weighted sums
// of input elements, linear in the input: the derivative of a source is its tap weight, computed
// here as resample_sample.cpp computes it for the value (PyTorch 1.13's coordinates, in float for
// float inputs, in double for float64), since PyTorch's backward kernels use the same weights.
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "core/registry.hpp"

namespace whence {

// (sampled element, weight) of every tap of output element `flat`, duplicates not merged.
using TapWeights = std::vector<std::pair<std::int64_t, double>>;

// interpolate and the upsample names, linear (1-3 dims) and bicubic modes.
TapWeights interpolate_weights(const Bound& b, const OpResult& r, std::int64_t flat);
// grid_sample's input taps, bilinear and bicubic.
TapWeights grid_sample_weights(const Bound& b, const OpResult& r, std::int64_t flat);
// ∂ output element `flat` / ∂ its grid coordinate k (0 = x), bilinear and bicubic, with
// PyTorch's conventions (no slope on and past a clipped border); NaN for a coordinate that is not finite.
double grid_sample_slope(const Bound& b, const OpResult& r, std::int64_t flat, int k);

// affine_grid: theta's element and the base grid coordinate (1 for the translation) it multiplies.
TapWeights affine_grid_weights(const Bound& b, const OpResult& r, std::int64_t flat);

}  // namespace whence
