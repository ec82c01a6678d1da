#include "kernels/cuda/elementwise_cuda.hpp"

#include <cuda_runtime.h>

#include "kernels/cuda/cuda_access.hpp"
#include "kernels/cuda/cuda_grid.hpp"
#include "kernels/elementwise/elementwise_ops.hpp"

namespace whence {

namespace {

// Output element i: N operands read by the element function, then F.
template <class F, int N>
WHENCE_HD float elementwise_one(const ElementwiseArgs& a, const EwParams& p, std::int64_t i) {
  CudaComputeAccess access;
  float v[kMaxOperands] = {};
  elementwise_reads<float>(a, i, access, v);
  const F f{};
  if constexpr (N == 1)
    return float(f(p, v[0]));
  else if constexpr (N == 2)
    return float(f(p, v[0], v[1]));
  else
    return float(f(p, v[0], v[1], v[2]));
}

// where(condition, input, other): only the chosen branch is read (select_element).
WHENCE_HD float where_one(const ElementwiseArgs& a, std::int64_t i) {
  CudaComputeAccess access;
  return select_element<float>(a, i, access);
}

// Output element i of `op`, the one switch both the kernel and the host emulation take.
WHENCE_HD float op_one(EwCudaOp op, const ElementwiseArgs& a, const EwParams& p, std::int64_t i) {
  switch (op) {
    case EwCudaOp::Add: return elementwise_one<ew::Add, 2>(a, p, i);
    case EwCudaOp::Mul: return elementwise_one<ew::Mul, 2>(a, p, i);
    case EwCudaOp::Exp: return elementwise_one<ew::Exp, 1>(a, p, i);
    case EwCudaOp::Sigmoid: return elementwise_one<ew::Sigmoid, 1>(a, p, i);
    case EwCudaOp::Gelu: return elementwise_one<ew::Gelu, 1>(a, p, i);
    case EwCudaOp::Where: return where_one(a, i);
  }
  return 0;
}

// One output element per thread, grid-stride. The op is a kernel argument: one switch per
// element, uniform across the grid, so no divergence.
__global__ void elementwise_kernel(EwCudaOp op, ElementwiseArgs a, EwParams p, float* out, std::int64_t numel) {
  grid_stride(numel, [&](std::int64_t i) { out[i] = op_one(op, a, p, i); });
}

bool valid(EwCudaOp op, const ElementwiseArgs& a, const EwParams& p, std::int64_t numel) {
  const int operands = op == EwCudaOp::Where ? 3 : op == EwCudaOp::Add || op == EwCudaOp::Mul ? 2 : 1;
  if (a.count != operands || p.reduced != 0 || a.out.rank < 0 || a.out.rank > kKernelMaxRank || numel < 0) return false;
  std::int64_t n = 1;
  for (int d = 0; d < a.out.rank; ++d) n *= a.out.shape[d];
  if (n != numel) return false;
  for (int k = 0; k < a.count; ++k)
    if (!cuda_loads(a.in[k].dtype) || a.in[k].rank != a.out.rank) return false;
  return true;
}

}  // namespace

int elementwise_cuda_f32(EwCudaOp op, const ElementwiseArgs& a, const EwParams& p, float* out, std::int64_t numel,
                         void* stream) {
  if (!valid(op, a, p, numel)) return int(cudaErrorInvalidValue);
  if (numel == 0) return int(cudaSuccess);
  elementwise_kernel<<<cuda_blocks(numel), kCudaThreads, 0, static_cast<cudaStream_t>(stream)>>>(op, a, p, out, numel);
  return int(cudaGetLastError());
}

int elementwise_host_f32(EwCudaOp op, const ElementwiseArgs& a, const EwParams& p, float* out, std::int64_t numel) {
  if (!valid(op, a, p, numel)) return int(cudaErrorInvalidValue);
  for (std::int64_t i = 0; i < numel; ++i) out[i] = op_one(op, a, p, i);
  return int(cudaSuccess);
}

}  // namespace whence
