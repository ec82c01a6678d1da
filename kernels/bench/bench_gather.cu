// bench_gather - torch.gather on the GPU, llm.c style: check the CUDA launcher against the CPU
// launcher (the path the tests hold to PyTorch) element for element, and only then time it
// (warm-up, L2 flushed before each run, CUDA events), printing effective GB/s and the fraction
// of the device-to-device copy bandwidth measured on the same bytes.
//   build/native/kernels/cuda/whence_bench_gather [rows cols]
#include <cuda_runtime.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include "core/bind.hpp"
#include "kernels/cpu/launch.hpp"
#include "kernels/cuda/gather_cuda.hpp"
#include "kernels/ops.hpp"

using namespace whence;

#define CUDA_CHECK(call)                                                                  \
  do {                                                                                    \
    cudaError_t err_ = (call);                                                            \
    if (err_ != cudaSuccess) {                                                            \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_)); \
      std::exit(1);                                                                       \
    }                                                                                     \
  } while (0)

namespace {

struct Case {
  std::int64_t rows, cols, index_cols;
  int dim;
};

// Bytes a perfect kernel moves: read index, read the gathered input elements, write out.
double bytes_moved(std::int64_t numel) { return double(numel) * (8 + 4 + 4); }

float time_ms(cudaEvent_t a, cudaEvent_t b) {
  float ms = 0;
  CUDA_CHECK(cudaEventElapsedTime(&ms, a, b));
  return ms;
}

bool run_case(const Case& c, void* flush, std::size_t flush_bytes) {
  std::mt19937_64 rng(42);
  Tensor input = Tensor::empty(DType::Float32, {c.rows, c.cols});
  Tensor index = Tensor::empty(DType::Int64, {c.rows, c.index_cols});
  const std::int64_t extent = c.dim == 0 ? c.rows : c.cols;
  std::uniform_real_distribution<float> value(-1, 1);
  std::uniform_int_distribution<std::int64_t> pick(0, extent - 1);
  for (std::int64_t i = 0; i < input.numel(); ++i) input.data<float>()[i] = value(rng);
  for (std::int64_t i = 0; i < index.numel(); ++i) index.data<std::int64_t>()[i] = pick(rng);

  // CPU reference through the op descriptor, exactly as evaluate() runs it.
  const OpDescriptor& op = gather_op();
  const Bound bound = bind(op, Call{"torch.gather", {Value(input), Value(std::int64_t(c.dim)), Value(index)}, {}});
  const auto cpu_start = std::chrono::steady_clock::now();
  const Tensor expected = op.run(bound).tensors[0];
  const double cpu_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - cpu_start).count();

  const std::int64_t n = index.numel();
  float *d_input = nullptr, *d_out = nullptr;
  std::int64_t* d_index = nullptr;
  CUDA_CHECK(cudaMalloc(&d_input, std::size_t(input.numel()) * 4));
  CUDA_CHECK(cudaMalloc(&d_index, std::size_t(n) * 8));
  CUDA_CHECK(cudaMalloc(&d_out, std::size_t(n) * 4));
  CUDA_CHECK(cudaMemcpy(d_input, input.data_ptr(), std::size_t(input.numel()) * 4, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_index, index.data_ptr(), std::size_t(n) * 8, cudaMemcpyHostToDevice));

  GatherArgs args;
  args.input = to_ktensor(input, 0);
  args.index = to_ktensor(index, 2);
  args.input.data = d_input;
  args.index.data = d_index;
  args.dim = c.dim;

  CUDA_CHECK(cudaError_t(gather_cuda<float>(args, d_out, n, nullptr)));
  CUDA_CHECK(cudaDeviceSynchronize());
  std::vector<float> got(static_cast<std::size_t>(n));
  CUDA_CHECK(cudaMemcpy(got.data(), d_out, std::size_t(n) * 4, cudaMemcpyDeviceToHost));
  std::int64_t mismatches = 0;
  for (std::int64_t i = 0; i < n; ++i) {
    if (std::memcmp(&got[std::size_t(i)], expected.data<float>() + i, 4) != 0 && mismatches++ < 5)
      std::printf("  mismatch at %lld: gpu %g cpu %g\n", (long long)i, got[std::size_t(i)], expected.data<float>()[i]);
  }
  std::printf("gather float32 input [%lld, %lld] index [%lld, %lld] dim %d: %s (%lld mismatches of %lld)\n",
              (long long)c.rows, (long long)c.cols, (long long)c.rows, (long long)c.index_cols, c.dim,
              mismatches ? "FAIL" : "matches CPU", (long long)mismatches, (long long)n);
  if (mismatches) return false;

  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  const int warmup = 3, runs = 20;
  float total = 0, copy_total = 0;
  for (int r = 0; r < warmup + runs; ++r) {
    CUDA_CHECK(cudaMemset(flush, r, flush_bytes));  // evict the inputs from L2
    CUDA_CHECK(cudaEventRecord(start));
    CUDA_CHECK(cudaError_t(gather_cuda<float>(args, d_out, n, nullptr)));
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaEventSynchronize(stop));
    if (r >= warmup) total += time_ms(start, stop);

    CUDA_CHECK(cudaMemset(flush, r, flush_bytes));
    CUDA_CHECK(cudaEventRecord(start));  // the same bytes by a plain copy, for scale
    CUDA_CHECK(cudaMemcpy(d_out, d_input, std::size_t(n) * 4, cudaMemcpyDeviceToDevice));
    CUDA_CHECK(cudaMemcpy(d_out, d_index, std::size_t(n) * 4, cudaMemcpyDeviceToDevice));
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaEventSynchronize(stop));
    if (r >= warmup) copy_total += time_ms(start, stop);
  }
  const double ms = total / runs, gbps = bytes_moved(n) / (ms * 1e6);
  const double copy_gbps = bytes_moved(n) / (copy_total / runs * 1e6);
  std::printf("  cuda %.4f ms  %.1f GB/s  (%.0f%% of copy bandwidth %.1f GB/s)  cpu launcher %.2f ms\n", ms,
              gbps, 100 * gbps / copy_gbps, copy_gbps, cpu_ms);
  CUDA_CHECK(cudaFree(d_input));
  CUDA_CHECK(cudaFree(d_index));
  CUDA_CHECK(cudaFree(d_out));
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  int devices = 0;
  const cudaError_t err = cudaGetDeviceCount(&devices);
  if (err != cudaSuccess || devices == 0) {
    std::printf("no CUDA device (%s): nothing to benchmark\n", err != cudaSuccess ? cudaGetErrorString(err) : "0 devices");
    return 0;
  }
  const std::int64_t rows = argc > 2 ? std::atoll(argv[1]) : 4096, cols = argc > 2 ? std::atoll(argv[2]) : 4096;
  const std::size_t flush_bytes = std::size_t(256) << 20;
  void* flush = nullptr;
  CUDA_CHECK(cudaMalloc(&flush, flush_bytes));
  bool ok = true;
  for (const Case& c : {Case{rows, cols, cols, 1}, Case{rows, cols, cols, 0}, Case{rows, cols, cols / 4, 1}})
    ok = run_case(c, flush, flush_bytes) && ok;
  CUDA_CHECK(cudaFree(flush));
  return ok ? 0 : 1;
}
