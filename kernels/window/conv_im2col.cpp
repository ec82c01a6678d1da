// conv_im2col.cpp - the convolution as im2col and a blocked matrix product
// (kernels/window/conv_im2col.hpp).
//
// Per (group, sample): the output plane [Cout/G, OH·OW] = weight [Cout/G, K] · cols [K, OH·OW]
// with K = C/G·KH·KW, cols[(ci, kh, kw)][(oh, ow)] the input element that tap reads (0 in the
// padding). cols is built a tile of Jt columns at a time (about kTile elements, so its memory
// stays bounded for any input), each of its rows from runs along an output row: a copy of the
// input row (stride sW) between two runs of zeros, the columns where the tap falls inside the
// row computed once per kw (stride 1 skips the matrix: kernels/window/conv_direct.cpp). The product
// (kernels/window/conv_tile.hpp) takes MR output channels × NR columns in locals over a
// chunk of KC taps (a column strip stays in cache), each row of cols read once for MR
// channels; the weight is packed as [K][MR] per block of MR channels (zeros past the group's
// last channel). Each element is bias + its products in tap order: float32 sums KF taps at a
// time in float and those partial sums in double (a float sum over all taps strays from
// PyTorch's about as far again as PyTorch's own rounding does), float64 sums in double. A KC
// chunk after the first continues from the value the one before stored (in T).
#include "kernels/window/conv_im2col.hpp"

#include <algorithm>
#include <type_traits>
#include <vector>

#include "kernels/window/conv_tile.hpp"

namespace whence {

namespace {

using namespace conv_tile;

constexpr I64 kTile = 64 * 1024;  // elements of cols held at once

// Rows of cols for taps [k0, k1) and output columns [j0, j0 + J) of one (sample, group); row k
// at cols + (k - k0)·ld. lo[kw], hi[kw]: the output columns whose input column lies in [0, W).
template <class T>
void fill_cols(const ConvGeometry& g, const T* xg, I64 k0, I64 k1, I64 j0, I64 J, const I64* lo, const I64* hi, T* cols,
               I64 ld) {
  const I64 taps = g.KH * g.KW;
  for (I64 k = k0; k < k1; ++k) {
    const I64 ci = k / taps, kh = k % taps / g.KW, kw = k % g.KW;
    const T* xc = xg + ci * g.H * g.W;
    T* row = cols + (k - k0) * ld;
    const I64 off = kw * g.dW - g.pW;
    I64 oh = j0 / g.OW, ow = j0 % g.OW;
    for (I64 j = 0; j < J; ++oh, ow = 0) {
      const I64 len = std::min(g.OW - ow, J - j);
      T* d = row + j;  // d[t - ow] is output column t of this output row
      const I64 ih = oh * g.sH - g.pH + kh * g.dH;
      if (ih < 0 || ih >= g.H) {
        std::fill(d, d + len, T(0));
      } else {
        const I64 a = ow, b = ow + len;
        const I64 l = std::clamp(lo[kw], a, b), h = std::clamp(hi[kw], l, b);
        for (I64 t = 0; t < l - a; ++t) d[t] = T(0);
        const T* xr = xc + ih * g.W;
        if (g.sW == 1) {
          for (I64 t = l; t < h; ++t) d[t - a] = xr[t + off];
        } else {
          for (I64 t = l; t < h; ++t) d[t - a] = xr[t * g.sW + off];
        }
        for (I64 t = h - a; t < len; ++t) d[t] = T(0);
      }
      j += len;
    }
  }
}

template <class T>
void conv_impl(const ConvGeometry& g, const T* x, const T* w, const T* bias, T* out) {
  constexpr int MR = Blocking<T>::MR, NR = Blocking<T>::NR;
  const I64 cin = g.C / g.G, cout_g = g.Cout / g.G, K = cin * g.KH * g.KW, P = g.OH * g.OW;
  if (g.N == 0 || cout_g == 0 || P == 0) return;
  if (K == 0) {
    for (I64 n = 0; n < g.N; ++n)
      for (I64 co = 0; co < g.Cout; ++co)
        std::fill(out + (n * g.Cout + co) * P, out + (n * g.Cout + co + 1) * P, bias ? bias[co] : T(0));
    return;
  }
  // the columns per tile: whole strips of NR, about kTile elements in all, no more than needed
  const I64 kc = std::min(K, KC);
  I64 Jt = std::max<I64>(NR, kTile / kc / NR * NR);
  Jt = std::min(Jt, (P + NR - 1) / NR * NR);
  std::vector<T> cols(std::size_t(kc * Jt), T(0));  // (a last partial strip reads past the tile's J columns)
  std::vector<I64> offs(static_cast<std::size_t>(kc));
  for (I64 k = 0; k < kc; ++k) offs[std::size_t(k)] = k * Jt;
  const I64 blocks = (cout_g + MR - 1) / MR;
  std::vector<T> packed, init;
  std::vector<I64> lo(std::size_t(g.KW)), hi(std::size_t(g.KW));
  for (I64 kw = 0; kw < g.KW; ++kw) {
    const I64 off = kw * g.dW - g.pW;
    const I64 l = std::min(g.OW, off >= 0 ? 0 : (-off + g.sW - 1) / g.sW);
    const I64 h = std::min(g.OW, g.W - off <= 0 ? 0 : (g.W - off - 1) / g.sW + 1);
    lo[std::size_t(kw)] = l, hi[std::size_t(kw)] = std::max(l, h);
  }
  for (I64 grp = 0; grp < g.G; ++grp) {
    pack_weights<T, MR>(w + grp * cout_g * K, bias ? bias + grp * cout_g : nullptr, cout_g, K, packed, init);
    for (I64 n = 0; n < g.N; ++n) {
      const T* xg = x + (n * g.C + grp * cin) * g.H * g.W;
      T* og = out + (n * g.Cout + grp * cout_g) * P;
      for (I64 j0 = 0; j0 < P; j0 += Jt) {
        const I64 J = std::min(Jt, P - j0);
        for (I64 k0 = 0; k0 < K; k0 += kc) {
          const I64 k1 = std::min(K, k0 + kc);
          fill_cols(g, xg, k0, k1, j0, J, lo.data(), hi.data(), cols.data(), Jt);
          for (I64 p0 = 0; p0 < J; p0 += NR) {
            const int ncols = int(std::min<I64>(NR, J - p0));
            for (I64 bl = 0; bl < blocks; ++bl) {
              const int rows = int(std::min<I64>(MR, cout_g - bl * MR));
              micro_tile<T, MR, NR>(packed.data() + (bl * K + k0) * MR, cols.data() + p0, offs.data(), k1 - k0,
                                    init.data() + bl * MR, k0 == 0, og + bl * MR * P + j0 + p0, P, rows, ncols);
            }
          }
        }
      }
    }
  }
}

template <class T>
void reference_impl(const ConvGeometry& g, const T* x, const T* w, const T* bias, T* out) {
  const I64 cin = g.C / g.G, cout_g = g.Cout / g.G, K = cin * g.KH * g.KW;
  if (cout_g == 0) return;
  constexpr I64 step = std::is_same_v<T, float> ? KF : KC;
  for (I64 n = 0; n < g.N; ++n)
    for (I64 co = 0; co < g.Cout; ++co) {
      const T* xg = x + (n * g.C + co / cout_g * cin) * g.H * g.W;
      const T* wk = w + co * K;
      for (I64 oh = 0; oh < g.OH; ++oh)
        for (I64 ow = 0; ow < g.OW; ++ow) {
          auto tap = [&](I64 k) {  // the input element tap k reads, 0 in the padding
            const I64 ci = k / (g.KH * g.KW), kh = k / g.KW % g.KH, kw = k % g.KW;
            const I64 ih = oh * g.sH - g.pH + kh * g.dH, iw = ow * g.sW - g.pW + kw * g.dW;
            return ih >= 0 && ih < g.H && iw >= 0 && iw < g.W ? xg[(ci * g.H + ih) * g.W + iw] : T(0);
          };
          double sum = double(bias ? bias[co] : T(0));
          for (I64 k0 = 0; k0 < K; k0 += KC) {
            if (k0 > 0) sum = double(T(sum));  // a later chunk starts from the value stored
            const I64 k1 = std::min(K, k0 + KC);
            for (I64 s0 = k0; s0 < k1; s0 += step) {
              T acc = T(0);
              for (I64 k = s0; k < std::min(k1, s0 + step); ++k) acc += wk[k] * tap(k);
              sum += double(acc);
            }
          }
          out[((n * g.Cout + co) * g.OH + oh) * g.OW + ow] = T(sum);
        }
    }
}

}  // namespace

void conv_reference(const ConvGeometry& g, const float* x, const float* w, const float* bias, float* out) {
  reference_impl(g, x, w, bias, out);
}
void conv_reference(const ConvGeometry& g, const double* x, const double* w, const double* bias, double* out) {
  reference_impl(g, x, w, bias, out);
}

void conv_im2col(const ConvGeometry& g, const float* x, const float* w, const float* bias, float* out) {
  conv_impl(g, x, w, bias, out);
}
void conv_im2col(const ConvGeometry& g, const double* x, const double* w, const double* bias, double* out) {
  conv_impl(g, x, w, bias, out);
}

}  // namespace whence
