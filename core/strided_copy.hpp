// strided_copy.hpp - element copies between two strided layouts of the same shape and dtype, by
// the element's width (no conversion, so every value keeps its bits): the copying ops' fast path
// (contiguous, flip, repeat, cat). Dims are merged where both layouts allow it; the innermost
// run is a memcpy where both sides are dense, a loop otherwise, and a transpose-like pair of
// inner dims (one side dense along each) is copied in tiles so that both sides stay in cache.
// Strides may be zero (repeat) or negative (flip).
#pragma once
#include <cstdint>

#include "tensor.hpp"

namespace whence {

// Copies the `shape` elements at src + Σ c·src_strides into dst + Σ c·dst_strides (pointers to
// element 0, strides in elements of `width` bytes: 1, 2, 4 or 8).
void copy_strided(std::size_t width, const Shape& shape, void* dst, const Shape& dst_strides, const void* src,
                  const Shape& src_strides);

// A new contiguous tensor of x's dtype holding the view of x's storage given by shape, strides
// and offset (offset in elements from the storage's start, as Tensor::as_strided's).
Tensor copy_of_view(const Tensor& x, const Shape& shape, const Shape& strides, std::int64_t offset);

// Copies src (any strides) into dst (any strides, same shape and dtype).
void copy_into(const Tensor& dst, const Tensor& src);

}  // namespace whence
