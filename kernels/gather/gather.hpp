// gather.hpp - element functions of the data-dependent selection ops (gather, index_select,
// and scatter_add's writes).
// One function per op computes one output element; run with the Explain accessor it also yields
// exactly the input elements that element came from.
#pragma once
#include "kernels/common/element.hpp"

namespace whence {

struct GatherArgs {
  KTensor input;
  KTensor index;  // int64, same rank as input (0-d counts as 1-d); the output has its shape
  int dim = 0;    // wrapped, in [0, max(rank, 1))
};

// out[c] = input[c with c[dim] replaced by index[c]]. Index values are checked beforehand.
template <class T, class Access>
WHENCE_HD T gather_element(const GatherArgs& a, std::int64_t flat, Access& access) {
  std::int64_t coord[kKernelMaxRank] = {};
  unravel(flat, a.index, coord);
  coord[a.dim] = access.template read<std::int64_t>(a.index, coord, Role::Index);
  return access.template read<T>(a.input, coord, Role::Value);
}

struct IndexSelectArgs {
  KTensor input;
  KTensor index;  // int64, 1-D (a 0-d index counts as 1-D of one element)
  KTensor out;    // shape only: input's, with index's length along dim
  int dim = 0;    // wrapped, in [0, max(rank, 1))
};

// out[c] = input[c with c[dim] replaced by index[c[dim]]]. Index values are checked beforehand.
// (The CUDA launcher's, kernels/cuda/index_cuda.cu; the CPU path copies whole slices.)
template <class T, class Access>
WHENCE_HD T index_select_element(const IndexSelectArgs& a, std::int64_t flat, Access& access) {
  std::int64_t coord[kKernelMaxRank] = {};
  unravel(flat, a.out, coord);
  const std::int64_t at[1] = {coord[a.dim]};
  coord[a.dim] = access.template read<std::int64_t>(a.index, at, Role::Index);
  return access.template read<T>(a.input, coord, Role::Value);
}

struct ScatterArgs {
  KTensor out;    // the result (input's shape): where the writes land (shape and strides)
  KTensor index;  // int64, the shape of the writes; every dim but dim at most out's and src's
  KTensor src;
  int dim = 0;  // wrapped, in [0, max(rank, 1))
};

// scatter_add's write of index element `flat`, one per index element (the CUDA launcher,
// kernels/cuda/index_cuda.cu, adds them atomically; the CPU path, select_write_ops.cpp, in
// row-major order): sets `dest` to the coordinates of out it lands on, c with c[dim] =
// index[c], and returns src[c], the value added there. Index values are checked beforehand.
template <class T, class Access>
WHENCE_HD T scatter_source(const ScatterArgs& a, std::int64_t flat, Access& access, std::int64_t* dest) {
  std::int64_t coord[kKernelMaxRank] = {};
  unravel(flat, a.index, coord);
  for (int d = 0; d < a.index.rank; ++d) dest[d] = coord[d];
  dest[a.dim] = access.template read<std::int64_t>(a.index, coord, Role::Index);
  return access.template read<T>(a.src, coord, Role::Value);
}

}  // namespace whence
