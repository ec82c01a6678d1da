// cuda_access.hpp - the Compute accessor of the CUDA launchers (host and device, so that their
// host emulations, the *_host functions, run the same code): element.hpp's plain read, plus
// the converting load the elementwise family's element functions call (the CPU's is
// kernels/cpu/convert.hpp: load_as). Bool, the integers, float32 and float64 load as
// C (float, double or int64) by a C++ conversion, as convert.hpp's to_compute does for them;
// float16 and bfloat16 are not loaded here (the launchers refuse them before the launch), and
// a floating value loaded as an integer is truncated by C++ (convert.hpp's float_to_int64 is
// PyTorch's cast): the launchers only compute in float and double.
#pragma once
#include <cstdint>

#include "core/dtype.hpp"
#include "kernels/common/element.hpp"

namespace whence {

// Whether cuda_access.hpp's load handles `dtype` (a DType code).
inline bool cuda_loads(int dtype) {
  const DType d = DType(dtype);
  return d != DType::Float16 && d != DType::BFloat16 && dtype >= 0 && dtype < kDTypeCount;
}

struct CudaComputeAccess {
  static constexpr bool kRecords = false;

  template <class T>
  WHENCE_HD T read(const KTensor& t, const std::int64_t* coord, Role) const {
    return static_cast<const T*>(t.data)[storage_offset(t, coord)];
  }

  template <class C>
  WHENCE_HD C load(const KTensor& t, const std::int64_t* coord, Role) const {
    const std::int64_t at = storage_offset(t, coord);
    switch (DType(t.dtype)) {
      case DType::Bool: return C(static_cast<const bool*>(t.data)[at]);
      case DType::UInt8: return C(static_cast<const std::uint8_t*>(t.data)[at]);
      case DType::Int8: return C(static_cast<const std::int8_t*>(t.data)[at]);
      case DType::Int16: return C(static_cast<const std::int16_t*>(t.data)[at]);
      case DType::Int32: return C(static_cast<const std::int32_t*>(t.data)[at]);
      case DType::Int64: return C(static_cast<const std::int64_t*>(t.data)[at]);
      case DType::Float32: return C(static_cast<const float*>(t.data)[at]);
      case DType::Float64: return C(static_cast<const double*>(t.data)[at]);
      default: return C(0);  // float16, bfloat16: refused by the launchers (cuda_loads)
    }
  }
};

}  // namespace whence
