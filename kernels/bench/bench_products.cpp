// bench_products.cpp - the compute paths of the contractions and windows on the CPU, natively and
// in WebAssembly (the same source, run under node): float32 mm 256×256×256 and conv2d of a
// 1×16×64×64 input with 16 3×3 kernels (padding 1), the shapes issue 8 reports. Checks sampled
// outputs against plain double loops first, then prints GFLOP/s, best of several repetitions.
//
//     build/native/whence_bench_products          node build/wasm/whence_bench_products.js
#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>
#include <string>

#include "core/api.hpp"
#include "core/bind.hpp"
#include "core/error.hpp"
#include "core/evaluate.hpp"

using namespace whence;

namespace {

// Binds `code` once, checks outputs 0, 17, 4099 ... against `reference`, then times op->run.
void bench(const char* label, const std::string& code, double flop, const std::function<double(const Evaluation&, std::int64_t)>& reference) {
  Evaluation e;
  try {
    e = run_call(parse_call(code));
  } catch (const Error& err) {
    std::printf("%s: refused: %s\n", label, err.what());
    return;
  }
  const Tensor& out = e.result.tensors.at(0);
  for (std::int64_t i = 0; i < out.numel(); i += 4099) {
    const double want = reference(e, i), got = out.get(i).as_double();
    if (std::fabs(got - want) > 1e-4 * std::fabs(want) + 1e-4) {
      std::printf("%s: MISMATCH at %lld: got %g, want %g\n", label, (long long)i, got, want);
      return;
    }
  }
  double best = 1e30;
  for (int trial = 0; trial < 5; ++trial) {
    const int reps = 3;
    const auto t0 = std::chrono::steady_clock::now();
    for (int r = 0; r < reps; ++r)
      if (e.op->run(e.bound).tensors.empty()) std::printf("?");
    const auto t1 = std::chrono::steady_clock::now();
    best = std::min(best, std::chrono::duration<double>(t1 - t0).count() / reps);
  }
  std::printf("%-52s %8.2f ms  %6.2f GFLOP/s\n", label, best * 1e3, flop / best / 1e9);
}

}  // namespace

int main() {
  const std::string ramp = "(torch.arange(65536, dtype=torch.float32).reshape(256, 256) / 65536)";
  bench("mm float32 256x256x256", "torch.mm(" + ramp + ", " + ramp + ".t())", 2.0 * 256 * 256 * 256,
        [](const Evaluation& e, std::int64_t i) {
          const Tensor &a = e.bound.tensor(0), &b = e.bound.tensor(1);
          double s = 0;
          for (std::int64_t k = 0; k < 256; ++k) s += a.get(i / 256 * 256 + k).as_double() * b.get(k * 256 + i % 256).as_double();
          return s;
        });
  const std::string input = "torch.arange(65536, dtype=torch.float32).reshape(1, 16, 64, 64) / 65536";
  const std::string weight = "torch.arange(2304, dtype=torch.float32).reshape(16, 16, 3, 3) / 2304";
  bench("conv2d float32 1x16x64x64, 16 3x3 kernels, padding 1", "torch.nn.functional.conv2d(" + input + ", " + weight + ", padding=1)",
        2.0 * 16 * 16 * 9 * 64 * 64, [](const Evaluation& e, std::int64_t i) {
          const Tensor &x = e.bound.tensor(0), &w = e.bound.tensor(1);
          const std::int64_t co = i / 4096, oy = i / 64 % 64, ox = i % 64;
          double s = 0;
          for (std::int64_t ci = 0; ci < 16; ++ci)
            for (std::int64_t ky = 0; ky < 3; ++ky)
              for (std::int64_t kx = 0; kx < 3; ++kx) {
                const std::int64_t y = oy + ky - 1, xx = ox + kx - 1;
                if (y < 0 || y >= 64 || xx < 0 || xx >= 64) continue;
                s += x.get(ci * 4096 + y * 64 + xx).as_double() * w.get(((co * 16 + ci) * 3 + ky) * 3 + kx).as_double();
              }
          return s;
        });
}
