#include "kernels/cuda/gather_cuda.hpp"

#include <cuda_runtime.h>

namespace whence {

namespace {

template <class T>
__global__ void gather_kernel(GatherArgs args, T* out, std::int64_t numel) {
  const std::int64_t flat = std::int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (flat >= numel) return;
  ComputeAccess access;
  out[flat] = gather_element<T>(args, flat, access);
}

}  // namespace

template <class T>
int gather_cuda(const GatherArgs& args, T* out, std::int64_t numel, void* stream) {
  if (numel == 0) return int(cudaSuccess);
  constexpr int kThreads = 256;
  const auto blocks = unsigned((numel + kThreads - 1) / kThreads);
  gather_kernel<T><<<blocks, kThreads, 0, static_cast<cudaStream_t>(stream)>>>(args, out, numel);
  return int(cudaGetLastError());
}

template int gather_cuda<bool>(const GatherArgs&, bool*, std::int64_t, void*);
template int gather_cuda<std::int32_t>(const GatherArgs&, std::int32_t*, std::int64_t, void*);
template int gather_cuda<std::int64_t>(const GatherArgs&, std::int64_t*, std::int64_t, void*);
template int gather_cuda<float>(const GatherArgs&, float*, std::int64_t, void*);
template int gather_cuda<double>(const GatherArgs&, double*, std::int64_t, void*);

}  // namespace whence
