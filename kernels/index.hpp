// index.hpp - element functions of the data-dependent selection family (gather, index_select).
// One function per op computes one output element; run with ExplainAccess it also yields
// exactly the input elements that element came from.
#pragma once
#include "kernels/element.hpp"

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

}  // namespace whence
