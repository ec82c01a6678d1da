// conv_direct.hpp - the stride-1 convolution's compute path without im2col
// (kernels/window/conv_direct.cpp): each tap's row of the product is the input plane itself, shifted
// by the tap's offset. Explain and the equation keep walking the window (kernels/window/window_ops.cpp).
#pragma once
#include "kernels/window/conv_im2col.hpp"

namespace whence {

// Whether conv_direct computes g: stride 1 and at least one tap (any padding, dilation, groups).
bool conv_direct_fits(const ConvGeometry& g);

// As conv_im2col, bit for bit (the same products summed in the same order), for a g that fits.
void conv_direct(const ConvGeometry& g, const float* x, const float* w, const float* bias, float* out);
void conv_direct(const ConvGeometry& g, const double* x, const double* w, const double* bias, double* out);

}  // namespace whence
