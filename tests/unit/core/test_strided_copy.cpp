// test_strided_copy.cpp - copy_strided (core/strided_copy.hpp) against the element-by-element
// definition, for the tiled transpose path at sizes around and across its tiles (16 by 8), both
// tile orientations, every word width, and with an outer dim and a flipped side.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "core/strided_copy.hpp"

namespace {

// dst[c] = src[c] for every coordinate c of shape, by the definition.
template <class W>
std::vector<W> reference(const whence::Shape& shape, const std::vector<W>& src, const whence::Shape& src_strides,
                         std::int64_t src_start, const whence::Shape& dst_strides, std::size_t dst_size) {
  std::vector<W> dst(dst_size, W(0));
  std::int64_t n = 1;
  for (const auto d : shape) n *= d;
  for (std::int64_t flat = 0; flat < n; ++flat) {
    std::int64_t rest = flat, s = src_start, d = 0;
    for (std::size_t k = shape.size(); k-- > 0;) {
      const std::int64_t c = rest % shape[k];
      rest /= shape[k];
      s += c * src_strides[k];
      d += c * dst_strides[k];
    }
    dst[std::size_t(d)] = src[std::size_t(s)];
  }
  return dst;
}

template <class W>
void check_transposes() {
  for (const std::int64_t rows : {1, 7, 8, 9, 16, 17, 33})
    for (const std::int64_t cols : {1, 5, 8, 15, 16, 17, 40})
      for (const std::int64_t outer : {1, 3}) {
        const std::size_t n = std::size_t(outer * rows * cols);
        std::vector<W> src(n);
        for (std::size_t i = 0; i < n; ++i) src[i] = W(i * 2654435761u + 1);
        const whence::Shape shape{outer, rows, cols};
        const whence::Shape dense{rows * cols, cols, 1};
        // Source transposed (dense along rows), destination dense; then the other way round;
        // then the source's rows read backwards.
        const std::vector<std::pair<whence::Shape, whence::Shape>> layouts = {
            {{rows * cols, 1, rows}, dense}, {dense, {rows * cols, 1, rows}}, {{rows * cols, -1, rows}, dense}};
        for (const auto& [src_strides, dst_strides] : layouts) {
          const std::int64_t start = src_strides[1] < 0 ? rows - 1 : 0;
          std::vector<W> dst(n, W(0));
          whence::copy_strided(sizeof(W), shape, dst.data(), dst_strides, src.data() + start, src_strides);
          INFO("width " << sizeof(W) << ", " << outer << " x " << rows << " x " << cols << ", src strides "
                        << src_strides[1] << ", " << src_strides[2]);
          CHECK(dst == reference(shape, src, src_strides, start, dst_strides, n));
        }
      }
}

}  // namespace

TEST_CASE("copy_strided copies transposes in tiles exactly as element by element", "[strided_copy]") {
  check_transposes<std::uint8_t>();
  check_transposes<std::uint16_t>();
  check_transposes<std::uint32_t>();
  check_transposes<std::uint64_t>();
}
