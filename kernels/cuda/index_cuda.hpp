// index_cuda.hpp - the CUDA launchers of gather and index_select: the element functions of
// kernels/index.hpp, one thread per output element. KTensor data pointers must be device
// pointers; index values must be in range (checked on the host beforehand, as the CPU does).
#pragma once
#include <cstdint>

#include "kernels/index.hpp"

namespace whence {

// Launches on `stream` (a cudaStream_t, 0 for the default); returns the cudaError_t as int.
template <class T>
int gather_cuda(const GatherArgs& args, T* out, std::int64_t numel, void* stream);
template <class T>
int index_select_cuda(const IndexSelectArgs& args, T* out, std::int64_t numel, void* stream);

// The same element functions run on the host over host pointers, one element after another
// (the benchmark's --host-check); instantiated for float.
template <class T>
int gather_host(const GatherArgs& args, T* out, std::int64_t numel);
template <class T>
int index_select_host(const IndexSelectArgs& args, T* out, std::int64_t numel);

}  // namespace whence
