// conv_tile.hpp - the register-blocked product both convolution compute paths share
// (kernels/window/conv_im2col.cpp, kernels/window/conv_direct.cpp): MR output channels × NR columns in
// locals, over the rows of a right-hand side each given by its offset. im2col's rows are rows
// of its column matrix; the direct path's are the input shifted by each tap, so both sum the
// same products in the same order and round alike.
#pragma once
#include <algorithm>
#include <cstdint>
#include <type_traits>
#include <vector>

namespace whence::conv_tile {

using I64 = std::int64_t;

constexpr I64 KC = 256;  // taps per pass over a column strip (it stays in cache)
constexpr I64 KF = 32;   // float: taps summed in float before the sum joins the double one

template <class T>
struct Blocking;
template <>
struct Blocking<float> {
  static constexpr int MR = 4, NR = 64;
};
template <>
struct Blocking<double> {
  static constexpr int MR = 4, NR = 32;
};

// c[r][j] (r < rows, j < cols) = start + Σ_k a[k][r] · b[off[k] + j] over k < K, where start is
// init[r] (first) or c's own value (a later chunk). a: [K][MR].
// float sums KF taps at a time in float registers, each partial sum added to a double one
// (the error grows with KF, not with K; a float sum over all of K strays from PyTorch's by
// about as much again as PyTorch's own rounding).
template <class T, int MR, int NR>
void micro_tile(const T* a, const T* b, const I64* off, I64 K, const T* init, bool first, T* c, I64 ldc, int rows,
                int cols) {
  double sum[MR][NR];
  for (int r = 0; r < MR; ++r)
    for (int j = 0; j < NR; ++j) sum[r][j] = first ? double(init[r]) : 0.0;
  if (!first)
    for (int r = 0; r < rows; ++r)
      for (int j = 0; j < cols; ++j) sum[r][j] = double(c[r * ldc + j]);
  constexpr I64 step = std::is_same_v<T, float> ? KF : KC;
  for (I64 k0 = 0; k0 < K; k0 += step) {
    const I64 k1 = std::min(K, k0 + step);
    T acc[MR][NR] = {};
    for (I64 k = k0; k < k1; ++k) {
      const T* bk = b + off[k];
      const T* ak = a + k * MR;
      for (int r = 0; r < MR; ++r) {
        const T av = ak[r];
        for (int j = 0; j < NR; ++j) acc[r][j] += av * bk[j];
      }
    }
    for (int r = 0; r < MR; ++r)
      for (int j = 0; j < NR; ++j) sum[r][j] += double(acc[r][j]);
  }
  if (rows == MR && cols == NR) {
    for (int r = 0; r < MR; ++r)
      for (int j = 0; j < NR; ++j) c[r * ldc + j] = T(sum[r][j]);
    return;
  }
  for (int r = 0; r < rows; ++r)
    for (int j = 0; j < cols; ++j) c[r * ldc + j] = T(sum[r][j]);
}

// One group's weight [cout_g, K] (at w) packed as [blocks][K][MR], zeros past the last channel,
// and its bias (or zeros) as [blocks][MR].
template <class T, int MR>
void pack_weights(const T* w, const T* bias, I64 cout_g, I64 K, std::vector<T>& packed, std::vector<T>& init) {
  const I64 blocks = (cout_g + MR - 1) / MR;
  packed.assign(std::size_t(blocks * K * MR), T(0));
  init.assign(std::size_t(blocks * MR), T(0));
  for (I64 co = 0; co < cout_g; ++co) {
    const I64 bl = co / MR, r = co % MR;
    if (bias) init[std::size_t(co)] = bias[co];
    for (I64 k = 0; k < K; ++k) packed[std::size_t((bl * K + k) * MR + r)] = w[co * K + k];
  }
}

}  // namespace whence::conv_tile
