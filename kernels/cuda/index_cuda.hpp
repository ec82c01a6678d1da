// index_cuda.hpp - the CUDA launchers of gather and index_select: the element functions of
// kernels/gather/gather.hpp, one thread per output element. KTensor data pointers must be device
// pointers; index values must be in range (checked on the host beforehand, as the CPU does).
#pragma once
#include <cstdint>

#include "kernels/gather/gather.hpp"

namespace whence {

// Launches on `stream` (a cudaStream_t, 0 for the default); returns the cudaError_t as int.
template <class T>
int gather_cuda(const GatherArgs& args, T* out, std::int64_t numel, void* stream);
template <class T>
int index_select_cuda(const IndexSelectArgs& args, T* out, std::int64_t numel, void* stream);

// scatter_add of float32: out (contiguous, a.out's shape, numel elements) = input (device,
// contiguous, the same shape), then src's value added at each write of scatter_source (one
// thread per index element, index_numel of them) with atomicAdd: the sums' order varies from
// run to run (the CPU adds in row-major index order), so results agree to rounding.
int scatter_add_cuda_f32(const ScatterArgs& a, const float* input, float* out, std::int64_t numel,
                         std::int64_t index_numel, void* stream);
int scatter_add_host_f32(const ScatterArgs& a, const float* input, float* out, std::int64_t numel,
                         std::int64_t index_numel);

// The same element functions run on the host over host pointers, one element after another
// (the benchmark's --host-check); instantiated for float.
template <class T>
int gather_host(const GatherArgs& args, T* out, std::int64_t numel);
template <class T>
int index_select_host(const IndexSelectArgs& args, T* out, std::int64_t numel);

}  // namespace whence
