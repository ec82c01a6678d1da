// bench_elementwise.cpp - the elementwise launcher and the reduction loop on the CPU, natively and in WebAssembly
// (the same source, run under node). Checks before it times: every result is compared with a
// plain loop first. Prints nanoseconds per output element, best of several repetitions.
//
//     build/native/whence_bench_elementwise          build/wasm/whence_bench_elementwise.js
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>

#include "core/api.hpp"
#include "core/bind.hpp"
#include "core/evaluate.hpp"

using namespace whence;

namespace {

// Runs `code` once to bind it, checks the result against `reference`, then times op->run.
void bench(const char* label, const std::string& code, double (*reference)(double, double)) {
  const Evaluation e = run_call(parse_call(code));
  const Tensor& out = e.result.tensors.at(0);
  const Tensor& a = e.bound.tensor(0);
  const Value& other = e.bound[1];
  for (std::int64_t i = 0; i < out.numel(); ++i) {
    const double b = other.is<Tensor>() ? other.as<Tensor>().get(i % other.as<Tensor>().numel()).as_double() : 2.0;
    const double want = reference(a.get(i).as_double(), b);
    const double got = out.get(i).as_double();
    if (std::fabs(got - want) > 1e-5 * std::fabs(want) + 1e-6) {
      std::printf("%s: MISMATCH at %lld: got %g, want %g\n", label, (long long)i, got, want);
      return;
    }
  }
  const int reps = 200;
  double best = 1e30;
  for (int trial = 0; trial < 5; ++trial) {
    const auto t0 = std::chrono::steady_clock::now();
    for (int r = 0; r < reps; ++r) {
      const OpResult res = e.op->run(e.bound);
      if (res.tensors.empty()) std::printf("?");
    }
    const auto t1 = std::chrono::steady_clock::now();
    best = std::min(best, std::chrono::duration<double, std::nano>(t1 - t0).count() / reps);
  }
  std::printf("%-44s %8lld elements  %7.3f ns/element  (%.1f us per call)\n", label, (long long)out.numel(),
              best / double(out.numel()), best / 1000);
}

// A reduction: checks every output against a plain loop over its slice, then times op->run.
void bench_sum(const char* label, int dim) {
  const std::string code = "torch.sum(torch.arange(65536, dtype=torch.float32).reshape(256, 256) / 65536, dim=" + std::to_string(dim) + ")";
  const Evaluation e = run_call(parse_call(code));
  const Tensor& out = e.result.tensors.at(0);
  const Tensor& a = e.bound.tensor(0);
  for (std::int64_t i = 0; i < 256; ++i) {
    double want = 0;
    for (std::int64_t j = 0; j < 256; ++j) want += a.get(dim == 1 ? i * 256 + j : j * 256 + i).as_double();
    if (std::fabs(out.get(i).as_double() - want) > 1e-4 * std::fabs(want)) {
      std::printf("%s: MISMATCH at %lld\n", label, (long long)i);
      return;
    }
  }
  double best = 1e30;
  for (int trial = 0; trial < 5; ++trial) {
    const auto t0 = std::chrono::steady_clock::now();
    for (int r = 0; r < 50; ++r) e.op->run(e.bound);
    best = std::min(best, std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() / 50);
  }
  std::printf("%-44s %8d elements  %7.3f ns/element  (%.1f us per call)\n", label, 65536, best / 65536, best / 1000);
}

}  // namespace

int main() {
  bench_sum("sum float32 over the last dim [256,256]", 1);
  bench_sum("sum float32 over dim 0 [256,256]", 0);
  const std::string a32 = "torch.arange(65536, dtype=torch.float32).reshape(256, 256)";
  const std::string b32 = "torch.arange(65536, dtype=torch.float32).reshape(256, 256)";
  bench("add float32 contiguous [256,256]", "torch.add(" + a32 + ", " + b32 + ")", [](double x, double y) { return x + y; });
  bench("add float32 + row [256] (broadcast)", "torch.add(" + a32 + ", torch.arange(256, dtype=torch.float32))",
        [](double x, double y) { return x + y; });
  bench("add float32 transposed", "torch.add(" + a32 + ".t(), " + b32 + ")", [](double x, double y) { return x + y; });
  bench("add int32 + float32 (converting loads)", "torch.add(torch.arange(65536, dtype=torch.int32).reshape(256, 256), " + b32 + ")",
        [](double x, double y) { return x + y; });
  bench("mul float16 (computed in float32)", "torch.mul(torch.ones(256, 256, dtype=torch.float16), 2)",
        [](double x, double y) { return x * y; });
  bench("exp float32", "torch.exp(torch.arange(65536, dtype=torch.float32).reshape(256, 256) / 65536)",
        [](double x, double) { return std::exp(x); });
  return 0;
}
