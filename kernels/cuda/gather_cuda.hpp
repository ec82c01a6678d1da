// gather_cuda.hpp - the CUDA launcher of gather: the element function of kernels/index.hpp,
// one thread per output element. KTensor data pointers must be device pointers.
#pragma once
#include <cstdint>

#include "kernels/index.hpp"

namespace whence {

// Launches on `stream` (a cudaStream_t, 0 for the default); returns the cudaError_t as int.
template <class T>
int gather_cuda(const GatherArgs& args, T* out, std::int64_t numel, void* stream);

}  // namespace whence
