// bench_movement.cpp - moving elements on the CPU, natively and in WebAssembly (the same source,
// run under node): x.t().contiguous(), index_select and x[idx] on a 256×256 float32 tensor.
// Checks every element against the index arithmetic first, then prints nanoseconds per output
// element, best of several repetitions.
//
//     build/native/whence_bench_movement          node build/wasm/whence_bench_movement.js
#include <chrono>
#include <cstdio>
#include <string>

#include "core/api.hpp"
#include "core/evaluate.hpp"

using namespace whence;

namespace {

const char* const kX = "torch.arange(65536, dtype=torch.float32).reshape(256, 256)";
const char* const kReversed = "torch.arange(255, -1, -1)";

// source(i, j): the flat element of x (which holds its own flat index) out[i][j] must hold.
template <class Source>
void bench(const char* label, const std::string& code, Source source) {
  const Evaluation e = run_call(parse_call(code));
  const Tensor& out = e.result.tensors.at(0);
  for (std::int64_t f = 0; f < out.numel(); ++f)
    if (out.get(f).as_double() != double(source(f / 256, f % 256))) {
      std::printf("%s: MISMATCH at %lld\n", label, (long long)f);
      return;
    }
  const int reps = 20;
  double best = 1e30;
  for (int trial = 0; trial < 5; ++trial) {
    const auto t0 = std::chrono::steady_clock::now();
    for (int r = 0; r < reps; ++r)
      if (e.op->run(e.bound).tensors.empty()) std::printf("?");
    const auto t1 = std::chrono::steady_clock::now();
    best = std::min(best, std::chrono::duration<double, std::nano>(t1 - t0).count() / reps);
  }
  std::printf("%-40s %8lld elements  %7.2f ns/element  (%.0f us per call)\n", label, (long long)out.numel(),
              best / double(out.numel()), best / 1000);
}

}  // namespace

int main() {
  const std::string x = kX, rev = kReversed;
  bench("x.t().contiguous()", x + ".t().contiguous()", [](std::int64_t i, std::int64_t j) { return j * 256 + i; });
  bench("torch.index_select(x, 0, reversed)", "torch.index_select(" + x + ", 0, " + rev + ")",
        [](std::int64_t i, std::int64_t j) { return (255 - i) * 256 + j; });
  bench("torch.index_select(x, 1, reversed)", "torch.index_select(" + x + ", 1, " + rev + ")",
        [](std::int64_t i, std::int64_t j) { return i * 256 + (255 - j); });
  bench("x[reversed] (advanced indexing)", x + "[" + rev + "]", [](std::int64_t i, std::int64_t j) { return (255 - i) * 256 + j; });
  bench("x.flip(0)", x + ".flip(0)", [](std::int64_t i, std::int64_t j) { return (255 - i) * 256 + j; });
  return 0;
}
