// max_pool2d's compute path (kernels/window/window_ops.cpp: max_pool_kernel, max_tap) on random
// geometries and on values full of ties, signed zeros, infinities and NaNs of two payloads:
// values bit for bit and indices as PyTorch's rule gives them (the first tap of the window
// starts it; a later one replaces it when larger or NaN, so the first largest wins and the
// last NaN stays).
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "core/api.hpp"
#include "core/bind.hpp"
#include "core/registry.hpp"

using namespace whence;
using I64 = std::int64_t;

namespace {

struct Geometry {
  I64 C, H, W, kH, kW, sH, sW, pH, pW, dH, dW;
  bool ceil;
};

std::string pair(I64 a, I64 b) { return "[" + std::to_string(a) + ", " + std::to_string(b) + "]"; }

// PyTorch's pooling output size (as kernels/window/window_ops.cpp's pool_out, for valid arguments).
I64 out_size(I64 in, I64 k, I64 p, I64 s, I64 d, bool ceil) {
  const I64 span = in + 2 * p - d * (k - 1) - 1;
  I64 o = (ceil ? (span + s - 1) / s : span / s) + 1;
  if (ceil && (o - 1) * s >= in + p) --o;
  return o;
}

template <class T>
void check(std::mt19937& rng, const Geometry& g) {
  const T inf = std::numeric_limits<T>::infinity();
  const T nan_a = std::numeric_limits<T>::quiet_NaN(), nan_b = -nan_a;
  const T pool[] = {nan_a, nan_b, T(0), -T(0), T(1), T(-1), T(2), inf, -inf, T(0.5)};
  std::uniform_int_distribution<int> pick(0, 9), rare(0, 15);
  Tensor x = Tensor::empty(std::is_same_v<T, float> ? DType::Float32 : DType::Float64, {g.C, g.H, g.W});
  T* xv = x.data<T>();
  for (I64 i = 0; i < x.numel(); ++i) {
    const int k = pick(rng);
    xv[i] = k < 2 && rare(rng) != 0 ? pool[4 + k] : pool[k];  // NaNs rarer than the rest
  }
  Call call =
      parse_call("torch.nn.functional.max_pool2d(torch.zeros(1, 1, 1), " + pair(g.kH, g.kW) + ", " + pair(g.sH, g.sW) +
                 ", " + pair(g.pH, g.pW) + ", " + pair(g.dH, g.dW) + ", " + (g.ceil ? "True" : "False") + ", True)");
  call.args[0] = Value(x);
  const OpDescriptor* op = find_op(call.op);
  REQUIRE(op);
  const std::vector<Tensor> got = op->run(bind(*op, call)).tensors;
  REQUIRE(got.size() == 2);
  call.args.back() = Value(false);  // without indices: the values-only loop, the same values
  const std::vector<Tensor> alone = op->run(bind(*op, call)).tensors;
  REQUIRE(alone.size() == 1);
  REQUIRE(alone[0].numel() == got[0].numel());
  REQUIRE(std::memcmp(alone[0].data<T>(), got[0].data<T>(), sizeof(T) * std::size_t(got[0].numel())) == 0);
  const I64 OH = out_size(g.H, g.kH, g.pH, g.sH, g.dH, g.ceil), OW = out_size(g.W, g.kW, g.pW, g.sW, g.dW, g.ceil);
  REQUIRE(got[0].numel() == g.C * OH * OW);
  const T* values = got[0].data<T>();
  const I64* index = got[1].data<I64>();
  for (I64 c = 0; c < g.C; ++c)
    for (I64 oh = 0; oh < OH; ++oh)
      for (I64 ow = 0; ow < OW; ++ow) {
        I64 win = -1;
        for (I64 kh = 0; kh < g.kH; ++kh)
          for (I64 kw = 0; kw < g.kW; ++kw) {
            const I64 ih = oh * g.sH - g.pH + kh * g.dH, iw = ow * g.sW - g.pW + kw * g.dW;
            if (ih < 0 || ih >= g.H || iw < 0 || iw >= g.W) continue;
            const I64 f = ih * g.W + iw;
            const T v = xv[c * g.H * g.W + f];
            if (win < 0 || v > xv[c * g.H * g.W + win] || std::isnan(v)) win = f;
          }
        const I64 k = (c * OH + oh) * OW + ow;
        INFO("channel " << c << ", output (" << oh << ", " << ow << ")");
        if (win < 0) {  // a window wholly in the padding (dilated): -inf, index 0
          REQUIRE(values[k] == -inf);
          REQUIRE(index[k] == 0);
          continue;
        }
        REQUIRE(index[k] == win);
        REQUIRE(std::memcmp(&values[k], &xv[c * g.H * g.W + win], sizeof(T)) == 0);
      }
}

}  // namespace

TEST_CASE("max_pool2d keeps PyTorch's winner, bit for bit, on ties, signed zeros and NaNs") {
  std::mt19937 rng(7);
  auto in = [&](I64 lo, I64 hi) { return std::uniform_int_distribution<I64>(lo, hi)(rng); };
  int ran = 0;
  while (ran < 300) {
    Geometry g;
    g.C = in(1, 3), g.H = in(1, 12), g.W = in(1, 40), g.kH = in(1, 3), g.kW = in(1, 3);
    g.sH = in(1, 3), g.sW = in(1, 3), g.pH = in(0, g.kH / 2), g.pW = in(0, g.kW / 2), g.dH = in(1, 2), g.dW = in(1, 2);
    g.ceil = in(0, 1) == 1;
    if (g.H + 2 * g.pH < g.dH * (g.kH - 1) + 1 || g.W + 2 * g.pW < g.dW * (g.kW - 1) + 1) continue;
    INFO("[" << g.C << ", " << g.H << ", " << g.W << "] kernel " << g.kH << "x" << g.kW << " stride " << g.sH << "x"
             << g.sW << " padding " << g.pH << "x" << g.pW << " dilation " << g.dH << "x" << g.dW
             << (g.ceil ? " ceil" : ""));
    if (ran % 2)
      check<float>(rng, g);
    else
      check<double>(rng, g);
    ++ran;
  }
}
