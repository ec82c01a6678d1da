// conv_direct.cpp - the stride-1 convolution as shifted planes (kernels/window/conv_direct.hpp).
//
// With stride 1, output (oh, ow) of a plane whose rows are Wp apart reads input element
// q + off(ci, kh, kw) where q = oh·Wp + ow and off = ci·Hp·Wp + kh·dH·Wp + kw·dW: a 1-D
// convolution along q. So the product of kernels/window/conv_tile.hpp runs over NR consecutive q at
// a time straight from the input (no im2col matrix), each tap's row being the input at its
// offset. The columns q with ow ≥ OW (the last (KW−1)·dW of each row of Wp) are computed and
// dropped. With padding the input is first copied into zero-bordered planes of
// Hp = OH + (KH−1)·dH rows of Wp = OW + (KW−1)·dW (NR zeros after them, for a plane smaller
// than one strip); without, the planes are the input's own and the last strip is moved back
// to end at the last output element, so nothing past the input is read.
#include "kernels/window/conv_direct.hpp"

#include <algorithm>
#include <memory>
#include <vector>

#include "kernels/window/conv_tile.hpp"

namespace whence {

namespace {

using namespace conv_tile;

template <class T>
void direct_impl(const ConvGeometry& g, const T* x, const T* w, const T* bias, T* out) {
  constexpr int MR = Blocking<T>::MR, NR = Blocking<T>::NR;
  const I64 cin = g.C / g.G, cout_g = g.Cout / g.G, K = cin * g.KH * g.KW, P = g.OH * g.OW;
  if (g.N == 0 || cout_g == 0 || P == 0) return;
  const I64 Hp = g.OH + (g.KH - 1) * g.dH, Wp = g.OW + (g.KW - 1) * g.dW, plane = Hp * Wp;
  const I64 qend = (g.OH - 1) * Wp + g.OW;  // one past the last q that is an output element
  const bool copy = g.pH != 0 || g.pW != 0 || Hp != g.H || Wp != g.W || qend < NR;
  // (written whole for each sample below, borders and all, so not zeroed here)
  std::unique_ptr<T[]> padded(copy ? new T[std::size_t(cin * plane + NR)] : nullptr);
  std::vector<I64> offs(static_cast<std::size_t>(K));
  for (I64 k = 0; k < K; ++k) {
    const I64 ci = k / (g.KH * g.KW), kh = k / g.KW % g.KH, kw = k % g.KW;
    offs[std::size_t(k)] = ci * plane + kh * g.dH * Wp + kw * g.dW;
  }
  // the input rows and columns that land inside the padded planes
  const I64 ih0 = std::max<I64>(0, -g.pH), ih1 = std::min(g.H, Hp - g.pH);
  const I64 iw0 = std::max<I64>(0, -g.pW), iw1 = std::min(g.W, Wp - g.pW);
  const I64 blocks = (cout_g + MR - 1) / MR;
  std::vector<T> packed, init;
  T tile[MR * NR];
  for (I64 grp = 0; grp < g.G; ++grp) {
    pack_weights<T, MR>(w + grp * cout_g * K, bias ? bias + grp * cout_g : nullptr, cout_g, K, packed, init);
    for (I64 n = 0; n < g.N; ++n) {
      const T* xg = x + (n * g.C + grp * cin) * g.H * g.W;
      T* og = out + (n * g.Cout + grp * cout_g) * P;
      const T* src = xg;
      if (copy) {
        T* d = padded.get();
        for (I64 ci = 0; ci < cin; ++ci)
          for (I64 h = 0; h < Hp; ++h, d += Wp) {
            const I64 ih = h - g.pH;
            if (ih < ih0 || ih >= ih1 || iw0 >= iw1) {
              std::fill(d, d + Wp, T(0));
              continue;
            }
            std::fill(d, d + iw0 + g.pW, T(0));
            std::copy(xg + (ci * g.H + ih) * g.W + iw0, xg + (ci * g.H + ih) * g.W + iw1, d + iw0 + g.pW);
            std::fill(d + iw1 + g.pW, d + Wp, T(0));
          }
        std::fill(d, d + NR, T(0));
        src = padded.get();
      }
      for (I64 q0 = 0; q0 < qend; q0 += NR) {
        const I64 qs = copy ? q0 : std::min(q0, qend - NR), qe = std::min(qs + NR, qend);
        for (I64 bl = 0; bl < blocks; ++bl) {
          for (I64 k0 = 0; k0 < K; k0 += KC)
            micro_tile<T, MR, NR>(packed.data() + (bl * K + k0) * MR, src + qs, offs.data() + k0, std::min(KC, K - k0),
                                  init.data() + bl * MR, k0 == 0, tile, NR, MR, NR);
          // the tile's columns that are output elements, a run of an output row at a time
          const int rows = int(std::min<I64>(MR, cout_g - bl * MR));
          I64 oh = qs / Wp, ow = qs % Wp;
          for (I64 q = qs; q < qe; ++oh, ow = 0) {
            const I64 len = std::min(Wp - ow, qe - q);
            if (ow < g.OW)
              for (int r = 0; r < rows; ++r) {
                const T* t = tile + r * NR + (q - qs);
                T* o = og + (bl * MR + r) * P + oh * g.OW + ow;
                for (I64 j = 0, e = std::min(len, g.OW - ow); j < e; ++j) o[j] = t[j];
              }
            q += len;
          }
        }
      }
    }
  }
}

}  // namespace

bool conv_direct_fits(const ConvGeometry& g) { return g.sH == 1 && g.sW == 1 && g.C / g.G > 0 && g.KH > 0 && g.KW > 0; }

void conv_direct(const ConvGeometry& g, const float* x, const float* w, const float* bias, float* out) {
  direct_impl(g, x, w, bias, out);
}
void conv_direct(const ConvGeometry& g, const double* x, const double* w, const double* bias, double* out) {
  direct_impl(g, x, w, bias, out);
}

}  // namespace whence
