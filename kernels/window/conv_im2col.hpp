// conv_im2col.hpp - the convolution's compute path (kernels/window/conv_im2col.cpp): per sample and
// group, the padded input unfolded into a [C/G·KH·KW, OH·OW] matrix (im2col), a tile of
// columns at a time, multiplied by the weight [Cout/G, C/G·KH·KW] in a register-blocked
// matrix product, the bias its starting value. Explain and the equation keep walking the
// window (kernels/window/window_ops.cpp); this only computes the values.
#pragma once
#include <cstdint>

namespace whence {

// The geometry of a convolution seen as 2-D (a 1-D one has H = OH = KH = 1): input [N, C, H, W],
// weight [Cout, C/G, KH, KW], output [N, Cout, OH, OW], all contiguous.
struct ConvGeometry {
  std::int64_t N = 1, C = 1, Cout = 1, G = 1;
  std::int64_t H = 1, W = 1, OH = 1, OW = 1, KH = 1, KW = 1;
  std::int64_t sH = 1, sW = 1, pH = 0, pW = 0, dH = 1, dW = 1;
};

// out = bias + Σ weight · input over each output element's window (padding reads 0). float32
// sums runs of taps in float and their sums in double; float64 sums in double. bias may be null.
void conv_im2col(const ConvGeometry& g, const float* x, const float* w, const float* bias, float* out);
void conv_im2col(const ConvGeometry& g, const double* x, const double* w, const double* bias, double* out);

// The plain reference of conv_im2col and conv_direct (kernels/common/fast_paths.hpp): each output
// element on its own, its taps in order (input channel, kh, kw) summed as their shared product
// (kernels/window/conv_tile.hpp) sums them: from the bias, runs of KF taps (float) or KC taps
// (double) in T, each run's sum added in double, the value stored in T after every KC taps.
void conv_reference(const ConvGeometry& g, const float* x, const float* w, const float* bias, float* out);
void conv_reference(const ConvGeometry& g, const double* x, const double* w, const double* bias, double* out);

}  // namespace whence
