// test_window_bench.cpp - the float32 conv2d kernel's speed (hidden from the default run:
// `whence_tests "[.bench]"`). The CLI refuses tensors over 65,536 elements (the protocol's
// limit); the registry's run path has no such limit.
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdio>

#include "core/bind.hpp"
#include "core/registry.hpp"
#include "core/tensor.hpp"

TEST_CASE("conv2d float32 throughput, 1x16x64x64 input, 16 3x3 filters, padding 1", "[.bench]") {
  using namespace whence;
  Tensor x = Tensor::empty(DType::Float32, {1, 16, 64, 64}), w = Tensor::empty(DType::Float32, {16, 16, 3, 3});
  for (std::int64_t i = 0; i < x.numel(); ++i) x.data<float>()[i] = float(i % 7) * 0.25f - 0.5f;
  for (std::int64_t i = 0; i < w.numel(); ++i) w.data<float>()[i] = float(i % 5) * 0.1f - 0.2f;
  const OpDescriptor* op = find_op("torch.nn.functional.conv2d");
  REQUIRE(op);
  Call call;
  call.op = "torch.nn.functional.conv2d";
  call.args = {Value(x), Value(w)};
  call.kwargs = {{"padding", Value(std::int64_t(1))}};
  const Bound b = bind(*op, call);
  const double flops = 2.0 * 16 * 64 * 64 * 16 * 9;
  double best = 1e30;
  for (int rep = 0; rep < 20; ++rep) {
    const auto t0 = std::chrono::steady_clock::now();
    const OpResult r = op->run(b);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    best = std::min(best, s);
    CHECK(r.tensors[0].numel() == 16 * 64 * 64);
  }
  std::printf("conv2d float32 1x16x64x64 * 16x16x3x3 (padding 1): %.3f ms, %.2f GFLOP/s\n", best * 1e3, flops / best * 1e-9);
}
