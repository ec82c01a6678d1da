// cuda_grid.hpp - the launch shape of every CUDA launcher: blocks of kCudaThreads threads, a
// grid of cuda_blocks(n) (capped: the grid-stride loop does the rest), and each thread's share
// of the indices below n (grid_stride). Include from .cu files only.
#pragma once
#include <cstdint>

namespace whence {

constexpr int kCudaThreads = 256;

inline unsigned cuda_blocks(std::int64_t n) {
  const std::int64_t blocks = (n + kCudaThreads - 1) / kCudaThreads;
  return unsigned(blocks < 65535 * 16 ? blocks : 65535 * 16);
}

// f(i) for this thread's indices i < n: i = its global index, then every grid's width further.
template <class F>
__device__ void grid_stride(std::int64_t n, F&& f) {
  const std::int64_t step = std::int64_t(blockDim.x) * gridDim.x;
  for (std::int64_t i = std::int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += step) f(i);
}

}  // namespace whence
