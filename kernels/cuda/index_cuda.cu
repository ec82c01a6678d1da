#include "kernels/cuda/index_cuda.hpp"

#include <cuda_runtime.h>

#include "kernels/cuda/cuda_grid.hpp"

namespace whence {

namespace {

template <class T>
__global__ void gather_kernel(GatherArgs args, T* out, std::int64_t numel) {
  ComputeAccess access;
  grid_stride(numel, [&](std::int64_t flat) { out[flat] = gather_element<T>(args, flat, access); });
}

template <class T>
__global__ void index_select_kernel(IndexSelectArgs args, T* out, std::int64_t numel) {
  ComputeAccess access;
  grid_stride(numel, [&](std::int64_t flat) { out[flat] = index_select_element<T>(args, flat, access); });
}

__global__ void scatter_add_kernel(ScatterArgs args, float* out, std::int64_t index_numel) {
  ComputeAccess access;
  grid_stride(index_numel, [&](std::int64_t flat) {
    std::int64_t dest[kKernelMaxRank] = {};
    const float v = scatter_source<float>(args, flat, access, dest);
    atomicAdd(out + storage_offset(args.out, dest), v);
  });
}

bool valid_scatter(const ScatterArgs& a, std::int64_t numel, std::int64_t index_numel) {
  if (numel < 0 || index_numel < 0 || a.index.rank != a.out.rank || a.src.rank != a.out.rank || a.dim < 0 ||
      a.dim >= (a.out.rank ? a.out.rank : 1))
    return false;
  std::int64_t n = 1;
  for (int d = 0; d < a.out.rank; ++d) n *= a.out.shape[d];
  return n == numel;
}

bool valid(const IndexSelectArgs& args, std::int64_t numel) {
  return numel >= 0 && args.index.rank == 1 && args.dim >= 0 && args.dim < kKernelMaxRank;
}

}  // namespace

template <class T>
int gather_cuda(const GatherArgs& args, T* out, std::int64_t numel, void* stream) {
  if (numel == 0) return int(cudaSuccess);
  if (numel < 0) return int(cudaErrorInvalidValue);
  gather_kernel<T><<<cuda_blocks(numel), kCudaThreads, 0, static_cast<cudaStream_t>(stream)>>>(args, out, numel);
  return int(cudaGetLastError());
}

template <class T>
int index_select_cuda(const IndexSelectArgs& args, T* out, std::int64_t numel, void* stream) {
  if (numel == 0) return int(cudaSuccess);
  if (!valid(args, numel)) return int(cudaErrorInvalidValue);
  index_select_kernel<T><<<cuda_blocks(numel), kCudaThreads, 0, static_cast<cudaStream_t>(stream)>>>(args, out, numel);
  return int(cudaGetLastError());
}

int scatter_add_cuda_f32(const ScatterArgs& a, const float* input, float* out, std::int64_t numel,
                         std::int64_t index_numel, void* stream) {
  if (!valid_scatter(a, numel, index_numel)) return int(cudaErrorInvalidValue);
  const auto s = static_cast<cudaStream_t>(stream);
  const cudaError_t copied =
      cudaMemcpyAsync(out, input, std::size_t(numel) * sizeof(float), cudaMemcpyDeviceToDevice, s);
  if (copied != cudaSuccess || index_numel == 0) return int(copied);
  ScatterArgs args = a;
  args.out.data = out;
  scatter_add_kernel<<<cuda_blocks(index_numel), kCudaThreads, 0, s>>>(args, out, index_numel);
  return int(cudaGetLastError());
}

int scatter_add_host_f32(const ScatterArgs& a, const float* input, float* out, std::int64_t numel,
                         std::int64_t index_numel) {
  if (!valid_scatter(a, numel, index_numel)) return int(cudaErrorInvalidValue);
  for (std::int64_t i = 0; i < numel; ++i) out[i] = input[i];
  ComputeAccess access;
  for (std::int64_t flat = 0; flat < index_numel; ++flat) {
    std::int64_t dest[kKernelMaxRank] = {};
    const float v = scatter_source<float>(a, flat, access, dest);
    float& o = out[storage_offset(a.out, dest)];
    o = o + v;
  }
  return int(cudaSuccess);
}

template <class T>
int gather_host(const GatherArgs& args, T* out, std::int64_t numel) {
  ComputeAccess access;
  for (std::int64_t flat = 0; flat < numel; ++flat) out[flat] = gather_element<T>(args, flat, access);
  return int(cudaSuccess);
}

template <class T>
int index_select_host(const IndexSelectArgs& args, T* out, std::int64_t numel) {
  if (!valid(args, numel)) return int(cudaErrorInvalidValue);
  ComputeAccess access;
  for (std::int64_t flat = 0; flat < numel; ++flat) out[flat] = index_select_element<T>(args, flat, access);
  return int(cudaSuccess);
}

template int gather_cuda<bool>(const GatherArgs&, bool*, std::int64_t, void*);
template int index_select_cuda<bool>(const IndexSelectArgs&, bool*, std::int64_t, void*);
template int gather_cuda<std::int32_t>(const GatherArgs&, std::int32_t*, std::int64_t, void*);
template int index_select_cuda<std::int32_t>(const IndexSelectArgs&, std::int32_t*, std::int64_t, void*);
template int gather_cuda<std::int64_t>(const GatherArgs&, std::int64_t*, std::int64_t, void*);
template int index_select_cuda<std::int64_t>(const IndexSelectArgs&, std::int64_t*, std::int64_t, void*);
template int gather_cuda<float>(const GatherArgs&, float*, std::int64_t, void*);
template int gather_host<float>(const GatherArgs&, float*, std::int64_t);
template int index_select_host<float>(const IndexSelectArgs&, float*, std::int64_t);
template int index_select_cuda<float>(const IndexSelectArgs&, float*, std::int64_t, void*);
template int gather_cuda<double>(const GatherArgs&, double*, std::int64_t, void*);
template int index_select_cuda<double>(const IndexSelectArgs&, double*, std::int64_t, void*);

}  // namespace whence
