// The convolution's two compute paths (kernels/window/conv_im2col.hpp, kernels/window/conv_direct.hpp): on
// random geometries (padding, dilation, groups, bias, batches, planes smaller than one strip
// or than the kernel, more taps than one pass holds), the direct path equals im2col bit for
// bit, and both are within rounding of a plain double sum over each window.
#include <catch2/catch.hpp>

#include <cmath>
#include <random>
#include <vector>

#include "kernels/window/conv_direct.hpp"
#include "kernels/window/conv_im2col.hpp"

using namespace whence;
using I64 = std::int64_t;

namespace {

// bias + Σ weight · input over each output element's window, in double, padding reading 0.
template <class T>
std::vector<double> reference(const ConvGeometry& g, const std::vector<T>& x, const std::vector<T>& w, const T* bias) {
  const I64 cin = g.C / g.G, cout_g = g.Cout / g.G;
  std::vector<double> out(std::size_t(g.N * g.Cout * g.OH * g.OW));
  for (I64 n = 0; n < g.N; ++n)
    for (I64 co = 0; co < g.Cout; ++co)
      for (I64 oh = 0; oh < g.OH; ++oh)
        for (I64 ow = 0; ow < g.OW; ++ow) {
          double s = bias ? double(bias[co]) : 0.0;
          const I64 grp = co / cout_g;
          for (I64 ci = 0; ci < cin; ++ci)
            for (I64 kh = 0; kh < g.KH; ++kh)
              for (I64 kw = 0; kw < g.KW; ++kw) {
                const I64 ih = oh * g.sH - g.pH + kh * g.dH, iw = ow * g.sW - g.pW + kw * g.dW;
                if (ih < 0 || ih >= g.H || iw < 0 || iw >= g.W) continue;
                s += double(w[std::size_t(((co * cin + ci) * g.KH + kh) * g.KW + kw)]) *
                     double(x[std::size_t(((n * g.C + grp * cin + ci) * g.H + ih) * g.W + iw)]);
              }
          out[std::size_t(((n * g.Cout + co) * g.OH + oh) * g.OW + ow)] = s;
        }
  return out;
}

template <class T>
void check(std::mt19937& rng, const ConvGeometry& g, bool with_bias) {
  std::uniform_real_distribution<double> u(-1, 1);
  std::vector<T> x(std::size_t(g.N * g.C * g.H * g.W)), w(std::size_t(g.Cout * (g.C / g.G) * g.KH * g.KW)),
      bias(std::size_t(g.Cout));
  for (T& v : x) v = T(u(rng));
  for (T& v : w) v = T(u(rng));
  for (T& v : bias) v = T(u(rng));
  const T* b = with_bias ? bias.data() : nullptr;
  const std::size_t n = std::size_t(g.N * g.Cout * g.OH * g.OW);
  std::vector<T> direct(n, T(-7)), im2col(n, T(-7));
  conv_direct(g, x.data(), w.data(), b, direct.data());
  conv_im2col(g, x.data(), w.data(), b, im2col.data());
  const std::vector<double> ref = reference(g, x, w, b);
  const double taps = double(g.C / g.G * g.KH * g.KW), eps = std::is_same_v<T, float> ? 1e-6 : 1e-15;
  for (std::size_t i = 0; i < n; ++i) {
    INFO("element " << i << " of " << n);
    REQUIRE(direct[i] == im2col[i]);
    REQUIRE(std::abs(double(direct[i]) - ref[i]) <= eps * (taps + 1) * 4);
  }
}

ConvGeometry geometry(I64 N, I64 C, I64 Cout, I64 G, I64 H, I64 W, I64 KH, I64 KW, I64 pH, I64 pW, I64 dH, I64 dW) {
  ConvGeometry g;
  g.N = N, g.C = C, g.Cout = Cout, g.G = G, g.H = H, g.W = W, g.KH = KH, g.KW = KW, g.pH = pH, g.pW = pW, g.dH = dH,
  g.dW = dW;
  g.OH = H + 2 * pH - dH * (KH - 1), g.OW = W + 2 * pW - dW * (KW - 1);
  return g;
}

}  // namespace

TEST_CASE("conv: the direct path equals im2col and a double sum", "[conv]") {
  std::mt19937 rng(12345);
  const std::vector<ConvGeometry> cases = {
      geometry(1, 16, 16, 1, 64, 64, 3, 3, 0, 0, 1, 1),  // the benchmark's
      geometry(1, 16, 16, 1, 64, 64, 3, 3, 1, 1, 1, 1),  // and with padding
      geometry(2, 3, 5, 1, 9, 13, 3, 2, 2, 1, 1, 1),     // batch, channels not a multiple of MR, padding both sides
      geometry(1, 4, 6, 2, 11, 10, 3, 3, 1, 2, 2, 3),    // groups, dilation
      geometry(1, 2, 3, 1, 2, 2, 3, 3, 1, 1, 1, 1),      // a plane smaller than the kernel
      geometry(1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 1, 1),      // one element
      geometry(1, 2, 2, 1, 1, 5, 1, 3, 0, 0, 1, 1),      // a 1-D convolution, shorter than a strip
      geometry(1, 32, 4, 1, 12, 12, 3, 3, 1, 1, 1, 1),   // 288 taps: more than one pass of KC
      geometry(3, 6, 9, 3, 20, 70, 2, 4, 0, 3, 2, 1),    // a row wider than a strip
  };
  for (const ConvGeometry& g : cases)
    for (const bool with_bias : {false, true}) {
      INFO("N " << g.N << " C " << g.C << " Cout " << g.Cout << " G " << g.G << " H " << g.H << " W " << g.W << " K "
                << g.KH << "x" << g.KW << " pad " << g.pH << "," << g.pW << " dil " << g.dH << "," << g.dW << " bias "
                << with_bias);
      REQUIRE(conv_direct_fits(g));
      check<float>(rng, g, with_bias);
      check<double>(rng, g, with_bias);
    }
}
