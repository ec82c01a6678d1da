// element.hpp - what every element function needs, with no dependency beyond the C++ core
// language so that g++, em++ and nvcc all compile it:
//   KTensor          a tensor as a kernel sees it: data pointer, shape, strides, argument id
//   ComputeAccess    a plain load (CPU and CUDA launchers)
// The Explain accessor, the same load also recording (argument, element, role) for every read
// with no cap, is CPU-only (kernels/cpu/convert.hpp: CpuExplainAccess): relations are never
// computed on the GPU.
#pragma once
#include <cstdint>

#include "core/role.hpp"

#if defined(__CUDACC__)
#define WHENCE_HD __host__ __device__
#else
#define WHENCE_HD
#endif

namespace whence {

constexpr int kKernelMaxRank = 8;

struct KTensor {
  const void* data = nullptr;  // element 0 of the view
  int rank = 0;
  std::int64_t shape[kKernelMaxRank] = {};
  std::int64_t strides[kKernelMaxRank] = {};
  int param = -1;  // which parameter of the op this tensor is, for the Explain accessor; -1: none
                   // (a Python number wrapped as a tensor is no source)
  int dtype = -1;  // its DType, for loads that convert (kernels/cpu/convert.hpp)
};

// Row-major flat index -> coordinates over t's shape.
WHENCE_HD inline void unravel(std::int64_t flat, const KTensor& t, std::int64_t* coord) {
  for (int d = t.rank - 1; d >= 0; --d) {
    coord[d] = flat % t.shape[d];
    flat /= t.shape[d];
  }
}

// Coordinates -> row-major flat index of the logical tensor (what relations report).
WHENCE_HD inline std::int64_t ravel(const KTensor& t, const std::int64_t* coord) {
  std::int64_t flat = 0;
  for (int d = 0; d < t.rank; ++d) flat = flat * t.shape[d] + coord[d];
  return flat;
}

// Coordinates -> element offset in storage, through the strides.
WHENCE_HD inline std::int64_t storage_offset(const KTensor& t, const std::int64_t* coord) {
  std::int64_t off = 0;
  for (int d = 0; d < t.rank; ++d) off += coord[d] * t.strides[d];
  return off;
}

struct ComputeAccess {
  static constexpr bool kRecords = false;  // element functions may take a faster path
  template <class T>
  WHENCE_HD T read(const KTensor& t, const std::int64_t* coord, Role) const {
    return static_cast<const T*>(t.data)[storage_offset(t, coord)];
  }
};

}  // namespace whence
