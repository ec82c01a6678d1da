#include "kernels/cuda/elementwise_cuda.hpp"

#include <cuda_runtime.h>

#include "kernels/cuda/cuda_access.hpp"
#include "kernels/elementwise_ops.hpp"

namespace whence {

namespace {

// One output element per thread, grid-stride: N operands read by the element function, then F.
template <class F, int N>
__global__ void elementwise_kernel(ElementwiseArgs a, EwParams p, float* out, std::int64_t numel) {
  const std::int64_t step = std::int64_t(blockDim.x) * gridDim.x;
  for (std::int64_t i = std::int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < numel; i += step) {
    CudaComputeAccess access;
    float v[kMaxOperands] = {};
    elementwise_reads<float>(a, i, access, v);
    const F f{};
    if constexpr (N == 1) out[i] = float(f(p, v[0]));
    else if constexpr (N == 2) out[i] = float(f(p, v[0], v[1]));
    else out[i] = float(f(p, v[0], v[1], v[2]));
  }
}

// where(condition, input, other): only the chosen branch is read (select_element).
__global__ void where_kernel(ElementwiseArgs a, float* out, std::int64_t numel) {
  const std::int64_t step = std::int64_t(blockDim.x) * gridDim.x;
  for (std::int64_t i = std::int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < numel; i += step) {
    CudaComputeAccess access;
    out[i] = select_element<float>(a, i, access);
  }
}

unsigned grid_for(std::int64_t numel, int threads) {
  const std::int64_t blocks = (numel + threads - 1) / threads;
  return unsigned(blocks < 65535 * 16 ? blocks : 65535 * 16);  // the grid-stride loop does the rest
}

}  // namespace

int elementwise_cuda_f32(EwCudaOp op, const ElementwiseArgs& a, const EwParams& p, float* out, std::int64_t numel,
                         void* stream) {
  const int operands = op == EwCudaOp::Where ? 3 : op == EwCudaOp::Add || op == EwCudaOp::Mul ? 2 : 1;
  if (a.count != operands || p.reduced != 0 || a.out.rank < 0 || a.out.rank > kKernelMaxRank)
    return int(cudaErrorInvalidValue);
  std::int64_t n = 1;
  for (int d = 0; d < a.out.rank; ++d) n *= a.out.shape[d];
  if (n != numel) return int(cudaErrorInvalidValue);
  for (int k = 0; k < a.count; ++k)
    if (!cuda_loads(a.in[k].dtype) || a.in[k].rank != a.out.rank) return int(cudaErrorInvalidValue);
  if (numel == 0) return int(cudaSuccess);
  constexpr int kThreads = 256;
  const unsigned blocks = grid_for(numel, kThreads);
  const auto s = static_cast<cudaStream_t>(stream);
  switch (op) {
    case EwCudaOp::Add: elementwise_kernel<ew::Add, 2><<<blocks, kThreads, 0, s>>>(a, p, out, numel); break;
    case EwCudaOp::Mul: elementwise_kernel<ew::Mul, 2><<<blocks, kThreads, 0, s>>>(a, p, out, numel); break;
    case EwCudaOp::Exp: elementwise_kernel<ew::Exp, 1><<<blocks, kThreads, 0, s>>>(a, p, out, numel); break;
    case EwCudaOp::Sigmoid: elementwise_kernel<ew::Sigmoid, 1><<<blocks, kThreads, 0, s>>>(a, p, out, numel); break;
    case EwCudaOp::Gelu: elementwise_kernel<ew::Gelu, 1><<<blocks, kThreads, 0, s>>>(a, p, out, numel); break;
    case EwCudaOp::Where: where_kernel<<<blocks, kThreads, 0, s>>>(a, out, numel); break;
  }
  return int(cudaGetLastError());
}

}  // namespace whence
