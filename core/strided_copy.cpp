// strided_copy.cpp - copy_strided and its two tensor forms (strided_copy.hpp).
#include "strided_copy.hpp"

#include <algorithm>
#include <cstring>
#include <vector>

#include "core_fast_paths.hpp"

namespace whence {

namespace {

// The copy's dims after merging: size-1 dims dropped, neighbours merged where both layouts
// step through them as one dim. At least one dim.
struct Layout {
  std::vector<std::int64_t> shape, dst, src;
};

Layout merged(const Shape& shape, const Shape& dst, const Shape& src) {
  Layout l;
  for (std::size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] == 1) continue;
    if (!l.shape.empty() && l.dst.back() == dst[d] * shape[d] && l.src.back() == src[d] * shape[d]) {
      l.shape.back() *= shape[d];
      l.dst.back() = dst[d];
      l.src.back() = src[d];
      continue;
    }
    l.shape.push_back(shape[d]);
    l.dst.push_back(dst[d]);
    l.src.push_back(src[d]);
  }
  if (l.shape.empty()) l = Layout{{1}, {1}, {1}};
  return l;
}

// One run of n elements.
template <class W>
void copy_run(std::int64_t n, W* d, std::int64_t ds, const W* s, std::int64_t ss) {
  if (ds == 1 && ss == 1) {
    std::memcpy(d, s, std::size_t(n) * sizeof(W));
  } else if (ds == 1 && ss == -1) {
    for (std::int64_t j = 0; j < n; ++j) d[j] = s[-j];
  } else if (ds == 1 && ss == 0) {
    std::fill(d, d + n, *s);
  } else if (ds == 1) {
    for (std::int64_t j = 0; j < n; ++j) d[j] = s[j * ss];
  } else {
    for (std::int64_t j = 0; j < n; ++j) d[j * ds] = s[j * ss];
  }
}

// Two inner dims where each side is dense along a different one: tiles, so that the lines of
// both sides a tile touches stay in cache. The dense side's stride is the
// literal 1 in the inner loop (and the function kept out of line), or the loop compiles badly.
// The tile is 16 along i (one 64-byte line of 4-byte words on the side dense along i) by 8
// along j: the 8 lines a tile reads across j sit a whole row apart, and at a power-of-two row
// (a 1024-wide float32 row is 4 KB) all fall in one L1 set; 16 of them overflowed its ways and
// a 1024 × 1024 transpose ran at half PyTorch's speed.
constexpr std::int64_t kTileI = 16, kTileJ = 8;
template <class W>
__attribute__((noinline)) void copy_tiles(std::int64_t na, std::int64_t nb, W* d, std::int64_t da, std::int64_t db,
                                          const W* s, std::int64_t sa, std::int64_t sb) {
  for (std::int64_t i0 = 0; i0 < na; i0 += kTileI) {
    const std::int64_t i1 = std::min(na, i0 + kTileI);
    for (std::int64_t j0 = 0; j0 < nb; j0 += kTileJ) {
      const std::int64_t j1 = std::min(nb, j0 + kTileJ);
      if (db == 1) {
        for (std::int64_t i = i0; i < i1; ++i) {
          W* dr = d + i * da;
          const W* sr = s + i * sa;
          for (std::int64_t j = j0; j < j1; ++j) dr[j] = sr[j * sb];
        }
      } else {  // sb == 1
        for (std::int64_t i = i0; i < i1; ++i) {
          W* dr = d + i * da;
          const W* sr = s + i * sa;
          for (std::int64_t j = j0; j < j1; ++j) dr[j * db] = sr[j];
        }
      }
    }
  }
}

template <class W>
void copy_words(const Layout& l, W* dst, const W* src) {
  const std::size_t rank = l.shape.size();
  const std::size_t b = rank - 1;
  // (the plain path, with the fast paths off: the same elements run by run)
  const bool tiles = rank >= 2 &&
                     ((l.dst[b] == 1 && l.src[b - 1] == 1 && l.src[b] != 1) ||
                      (l.src[b] == 1 && l.dst[b - 1] == 1 && l.dst[b] != 1)) &&
                     take_core_fast_path(CoreFastPath::CopyTiles);
  const std::size_t outer = tiles ? rank - 2 : rank - 1;  // dims walked by the odometer
  std::int64_t count = 1;
  for (std::size_t d = 0; d < outer; ++d) count *= l.shape[d];
  std::vector<std::int64_t> c(outer, 0);
  std::int64_t od = 0, os = 0;
  for (std::int64_t k = 0; k < count; ++k) {
    if (tiles)
      copy_tiles(l.shape[b - 1], l.shape[b], dst + od, l.dst[b - 1], l.dst[b], src + os, l.src[b - 1], l.src[b]);
    else
      copy_run(l.shape[b], dst + od, l.dst[b], src + os, l.src[b]);
    for (std::size_t d = outer; d-- > 0;) {
      if (++c[d] < l.shape[d]) {
        od += l.dst[d];
        os += l.src[d];
        break;
      }
      od -= l.dst[d] * (l.shape[d] - 1);
      os -= l.src[d] * (l.shape[d] - 1);
      c[d] = 0;
    }
  }
}

}  // namespace

void copy_strided(std::size_t width, const Shape& shape, void* dst, const Shape& dst_strides, const void* src,
                  const Shape& src_strides) {
  if (shape_numel(shape) == 0) return;
  const Layout l = merged(shape, dst_strides, src_strides);
  switch (width) {
    case 1: copy_words(l, static_cast<std::uint8_t*>(dst), static_cast<const std::uint8_t*>(src)); break;
    case 2: copy_words(l, static_cast<std::uint16_t*>(dst), static_cast<const std::uint16_t*>(src)); break;
    case 4: copy_words(l, static_cast<std::uint32_t*>(dst), static_cast<const std::uint32_t*>(src)); break;
    default: copy_words(l, static_cast<std::uint64_t*>(dst), static_cast<const std::uint64_t*>(src)); break;
  }
}

Tensor copy_of_view(const Tensor& x, const Shape& shape, const Shape& strides, std::int64_t offset) {
  Tensor out = Tensor::empty(x.dtype(), shape);
  if (out.numel() == 0) return out;
  copy_strided(dtype_size(x.dtype()), shape, out.data_ptr(), out.strides(),
               x.as_strided(shape, strides, offset).data_ptr(), strides);
  return out;
}

void copy_into(const Tensor& dst, const Tensor& src) {
  if (src.numel() == 0) return;
  copy_strided(dtype_size(src.dtype()), src.shape(), dst.data_ptr(), dst.strides(), src.data_ptr(), src.strides());
}

}  // namespace whence
