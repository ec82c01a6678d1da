// convert.hpp - loads and stores that convert between a tensor's dtype and a kernel's compute
// type, as PyTorch's casts do (core/dtype.hpp: cast_from_double, cast_from_int64), and the
// CPU accessors that use them. Loops switch on the dtype once per block, not per element.
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/dtype.hpp"
#include "core/registry.hpp"
#include "kernels/common/element.hpp"

namespace whence {

// One stored value as compute type C (float, double or int64).
template <class C, class T>
inline C to_compute(T v) {
  if constexpr (std::is_integral_v<C>) {
    if constexpr (is_float_storage_v<T>)
      return float_to_int64(double(v));
    else
      return C(v);
  } else if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>) {
    return C(float(v));
  } else {
    return C(v);
  }
}

// A value of result type R (float, double, int64 or bool) as storage type T.
template <class T, class R>
inline T from_result(R v) {
  if constexpr (std::is_integral_v<R>)
    return cast_from_int64<T>(std::int64_t(v));
  else if constexpr (std::is_same_v<T, R>)
    return v;
  else
    return cast_from_double<T>(double(v));
}

// Element `offset` of t's storage as C.
template <class C>
inline C load_as(const KTensor& t, std::int64_t offset) {
  return dispatch_dtype(DType(t.dtype), [&](auto tag) {
    using T = typename decltype(tag)::type;
    return to_compute<C>(static_cast<const T*>(t.data)[offset]);
  });
}

// dst[j] = t[at + j·stride] as C, for j < m: a run along one dim (stride 0: one value repeated).
template <class C>
inline void load_run(const KTensor& t, std::int64_t at, std::int64_t stride, int m, C* dst) {
  dispatch_dtype(DType(t.dtype), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* src = static_cast<const T*>(t.data) + at;
    if (stride == 1) {
      for (int j = 0; j < m; ++j) dst[j] = to_compute<C>(src[j]);
    } else if (stride == 0) {
      std::fill(dst, dst + m, to_compute<C>(src[0]));
    } else {
      for (int j = 0; j < m; ++j) dst[j] = to_compute<C>(src[j * stride]);
    }
  });
}

// out[start + j] = src[j] in dtype d, for j < m (out is contiguous).
template <class R>
inline void store_block(void* out, DType d, std::int64_t start, int m, const R* src) {
  dispatch_dtype(d, [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* dst = static_cast<T*>(out) + start;
    for (int j = 0; j < m; ++j) dst[j] = from_result<T>(src[j]);
  });
}

// The Explain accessor with converting loads; every read of a tensor argument is recorded,
// with no cap.
struct CpuExplainAccess {
  static constexpr bool kRecords = true;
  std::vector<Source> reads;
  template <class C>
  C load(const KTensor& t, const std::int64_t* coord, Role role) {
    if (t.param >= 0) reads.push_back(Source{t.param, ravel(t, coord), role});
    return load_as<C>(t, storage_offset(t, coord));
  }
  template <class T>
  T read(const KTensor& t, const std::int64_t* coord, Role role) {
    if (t.param >= 0) reads.push_back(Source{t.param, ravel(t, coord), role});
    return static_cast<const T*>(t.data)[storage_offset(t, coord)];
  }
};

}  // namespace whence
