// reduce.hpp - the element function of the many-to-one family: one output element of a
// reduction reads every element of its slice (the reduced dims at the output's coordinates),
// in row-major order, through the accessor; an accumulator folds them. The same function
// computes (ComputeAccess) and explains (an Explain accessor records each read).
// Dependency-free beyond element.hpp so that g++, em++ and nvcc all compile it.
#pragma once
#include <cstdint>

#include "kernels/common/element.hpp"

namespace whence {

struct ReduceArgs {
  KTensor in;                     // the input, every dim
  int kept[kKernelMaxRank] = {};  // dims that index the output, ascending
  int nkept = 0;
  int reduced[kKernelMaxRank] = {};  // dims folded into each output element, ascending
  int nreduced = 0;
  std::int64_t slice = 1;  // elements per output element
};

// Folds the slice of output element `out_flat` into `acc` (acc.add(value, i) for the i-th
// element of the slice in row-major order). T is the input's storage type.
template <class T, class Acc, class Access>
WHENCE_HD void reduce_element(const ReduceArgs& a, std::int64_t out_flat, Access& access, Acc& acc) {
  std::int64_t coord[kKernelMaxRank] = {};
  for (int k = a.nkept - 1; k >= 0; --k) {
    const int d = a.kept[k];
    coord[d] = out_flat % a.in.shape[d];
    out_flat /= a.in.shape[d];
  }
  if constexpr (!Access::kRecords) {  // compute: walk the slice's storage offsets, no multiply per element
    const T* data = static_cast<const T*>(a.in.data);
    std::int64_t at = storage_offset(a.in, coord);
    const int inner = a.nreduced ? a.reduced[a.nreduced - 1] : 0;
    const std::int64_t inner_len = a.nreduced ? a.in.shape[inner] : 1,
                       inner_stride = a.nreduced ? a.in.strides[inner] : 0;
    for (std::int64_t i = 0; i < a.slice;) {
      acc.add_run(data + at, inner_stride, inner_len, i);
      i += inner_len;
      for (int k = a.nreduced - 2; k >= 0; --k) {  // next run of the innermost reduced dim
        const int d = a.reduced[k];
        at += a.in.strides[d];
        if (++coord[d] < a.in.shape[d]) break;
        at -= a.in.strides[d] * a.in.shape[d];
        coord[d] = 0;
      }
    }
  } else {
    for (std::int64_t i = 0; i < a.slice; ++i) {
      acc.add(access.template read<T>(a.in, coord, Role::Value), i);
      for (int k = a.nreduced - 1; k >= 0; --k) {  // next element of the slice
        const int d = a.reduced[k];
        if (++coord[d] < a.in.shape[d]) break;
        coord[d] = 0;
      }
    }
  }
}

// A scan's output element i along `dim` reads elements 0..i of its line (dim is the one
// reduced dim of `a`, slice = its size): acc.add for each of them.
template <class T, class Acc, class Access>
WHENCE_HD void scan_element(const ReduceArgs& a, std::int64_t flat, Access& access, Acc& acc) {
  std::int64_t coord[kKernelMaxRank] = {};
  unravel(flat, a.in, coord);
  if (a.nreduced == 0) {  // a 0-d tensor
    acc.add(access.template read<T>(a.in, coord, Role::Value), 0);
    return;
  }
  const int d = a.reduced[0];
  const std::int64_t last = coord[d];
  for (std::int64_t i = 0; i <= last; ++i) {
    coord[d] = i;
    acc.add(access.template read<T>(a.in, coord, Role::Value), i);
  }
}

}  // namespace whence
