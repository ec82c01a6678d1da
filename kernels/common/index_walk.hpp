// index_walk.hpp - what the compute paths of gather, index_select, x[idx] and scatter_add share
// on the CPU: one pass that says whether every index value is in range (so that the walk in
// PyTorch's order, which names the first bad one, runs only when one is bad), a row-major walk
// over the rows of a shape (every dim but the last), so that the inner loop runs along the last
// dim, and the copy of whole slices chosen along a dim.
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/tensor.hpp"

namespace whence {

// Whether every value of a contiguous int64 or int32 index is in [0, size); false also when
// the index is neither (the caller then checks element by element).
inline bool indices_in_range(const Tensor& index, std::int64_t size) {
  if (!index.is_contiguous()) return false;
  const std::int64_t n = index.numel();
  // v is out of [0, size) exactly when v or size − 1 − v is negative (no overflow: size ≥ 0):
  // the sign bits OR-ed together, a loop of bitwise ops that vectorizes everywhere (an unsigned
  // 64-bit max does not in WebAssembly, which has no unsigned 64-bit vector compare).
  const std::uint64_t top = std::uint64_t(size) - 1;
  std::uint64_t signs = 0;
  if (index.dtype() == DType::Int64) {
    const std::int64_t* v = index.data<std::int64_t>();
    for (std::int64_t i = 0; i < n; ++i) signs |= std::uint64_t(v[i]) | (top - std::uint64_t(v[i]));
  } else if (index.dtype() == DType::Int32) {
    const std::int32_t* v = index.data<std::int32_t>();
    for (std::int64_t i = 0; i < n; ++i)
      signs |= std::uint64_t(std::int64_t(v[i])) | (top - std::uint64_t(std::int64_t(v[i])));
  } else {
    return false;
  }
  return n == 0 || (signs >> 63) == 0;
}

// f(coord, row) for each row of `shape` in row-major order: coord holds the row's coordinates
// (the last one 0), row counts the rows from 0. A 0-d shape has one row.
template <class F>
void for_each_row(const Shape& shape, F f) {
  const int rank = int(shape.size());
  std::int64_t coord[kMaxRank] = {};
  const std::int64_t rows =
      rank ? (shape[std::size_t(rank - 1)] ? shape_numel(shape) / shape[std::size_t(rank - 1)] : 0) : 1;
  for (std::int64_t row = 0; row < rows; ++row) {
    f(static_cast<const std::int64_t*>(coord), row);
    for (int d = rank - 2; d >= 0; --d) {  // next row
      if (++coord[d] < shape[std::size_t(d)]) break;
      coord[d] = 0;
    }
  }
}

template <class W>
void copy_slices_as(const W* src, W* out, const std::vector<std::int64_t>& idx, std::int64_t outer, std::int64_t size,
                    std::int64_t inner) {
  const std::int64_t n = std::int64_t(idx.size());
  for (std::int64_t o = 0; o < outer; ++o) {
    const W* s = src + o * size * inner;
    W* d = out + o * n * inner;
    if (inner == 1) {
      for (std::int64_t j = 0; j < n; ++j) d[j] = s[idx[std::size_t(j)]];
    } else {
      for (std::int64_t j = 0; j < n; ++j) std::copy_n(s + idx[std::size_t(j)] * inner, inner, d + j * inner);
    }
  }
}

// out (contiguous, `in`'s dtype, in's shape but idx.size() along dim) = the slices of `in` along
// dim that idx names (each in [0, size)), in idx's order, copied as bytes.
inline void copy_slices(const Tensor& in, int dim, const std::vector<std::int64_t>& idx, Tensor& out) {
  std::int64_t outer = 1, inner = 1;
  for (int d = 0; d < in.dim(); ++d)
    if (d != dim) (d < dim ? outer : inner) *= in.shape()[std::size_t(d)];
  const std::int64_t size = in.shape()[std::size_t(dim)];
  const Tensor src = in.contiguous();
  switch (dtype_size(in.dtype())) {
    case 1: return copy_slices_as(src.data<std::uint8_t>(), out.data<std::uint8_t>(), idx, outer, size, inner);
    case 2: return copy_slices_as(src.data<std::uint16_t>(), out.data<std::uint16_t>(), idx, outer, size, inner);
    case 4: return copy_slices_as(src.data<std::uint32_t>(), out.data<std::uint32_t>(), idx, outer, size, inner);
    default: return copy_slices_as(src.data<std::uint64_t>(), out.data<std::uint64_t>(), idx, outer, size, inner);
  }
}

}  // namespace whence
