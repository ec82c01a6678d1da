// line_math.hpp - the maximum and the sum of a contiguous line, in lanes so that the compiler
// vectorizes them (softmax_lines.cpp, reduce_lines.cpp): in double for the narrow dtypes, and
// for float32 in float, in PyTorch's own order (cascade_sum).
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>

#include "kernels/common/exp_poly.hpp"

namespace whence {

constexpr int kLineLanes = 32;  // (fewer, the compiler unrolls the lanes and then vectorizes nothing)

// One step of a running maximum from −inf: a NaN takes over and stays, else the larger (the
// earlier of equals), as std::max.
template <class A>
inline A max_step(A m, A v) {
  return ((v != v) | (m < v)) ? v : m;
}

// The largest s·x[i] of x[0..len) as an A (double, or float for float32 lines, where it is the
// same value), max_step's from the first element on: the lanes give the same value but for the
// sign of a zero maximum, which then goes in line order.
template <class A, class T>
A lane_max_as(const T* x, std::int64_t len, A s) {
  A lanes[kLineLanes];
  for (A& l : lanes) l = -INFINITY;
  std::int64_t i = 0;
  for (; i + kLineLanes <= len; i += kLineLanes)
    for (int j = 0; j < kLineLanes; ++j) lanes[j] = max_step(lanes[j], s * A(x[i + j]));
  for (int w = kLineLanes / 2; w > 0; w /= 2)  // in halves: 5 steps, not 32 in a chain
    for (int j = 0; j < w; ++j) lanes[j] = max_step(lanes[j], lanes[j + w]);
  A m = lanes[0];
  for (; i < len; ++i) m = max_step(m, s * A(x[i]));
  if (m == 0) {
    m = -INFINITY;
    for (i = 0; i < len; ++i) m = max_step(m, s * A(x[i]));
  }
  return m;
}

// The m of a float32 softmax or logsumexp line, e^(s·x[i] − m): lane_max_as<float>'s value
// when that is finite and nonzero, but by the lanes' plain maximum (the compiler's max
// instruction), which passes over NaN: a NaN in such a line makes its e^(NaN − m), and so the
// sum, NaN anyway. An infinite or zero maximum (or none: every element NaN) goes through
// lane_max_as, where a NaN wins and a zero's sign is the line order's.
inline float exp_line_max(const float* x, std::int64_t len, float s) {
  float lanes[kLineLanes];
  for (float& l : lanes) l = -INFINITY;
  std::int64_t i = 0;
  for (; i + kLineLanes <= len; i += kLineLanes)
    for (int j = 0; j < kLineLanes; ++j) {
      const float v = s * x[i + j];
      lanes[j] = lanes[j] < v ? v : lanes[j];
    }
  for (int w = kLineLanes / 2; w > 0; w /= 2)
    for (int j = 0; j < w; ++j) lanes[j] = lanes[j] < lanes[j + w] ? lanes[j + w] : lanes[j];
  float m = lanes[0];
  for (; i < len; ++i) {
    const float v = s * x[i];
    m = m < v ? v : m;
  }
  return m != 0 && m - m == 0 ? m : lane_max_as<float>(x, len, s);
}

// e^d for the float32 lines (softmax, logsumexp): exp_poly_f's, in float as PyTorch's.
inline float line_exp(float d) { return exp_poly_f(d); }

template <class T>
double lane_max(const T* x, std::int64_t len, double s) {
  return lane_max_as<double>(x, len, s);
}

// Σ f(double(x[i])) over x[0..len) in 32 lanes: not the line order, so only for results
// rounded to float32 or narrower, where the order does not show.
template <class T, class F>
double lane_sum(const T* x, std::int64_t len, F f) {
  double lanes[kLineLanes] = {};
  std::int64_t i = 0;
  for (; i + kLineLanes <= len; i += kLineLanes)
    for (int j = 0; j < kLineLanes; ++j) lanes[j] += f(double(x[i + j]));
  for (int w = kLineLanes / 2; w > 0; w /= 2)
    for (int j = 0; j < w; ++j) lanes[j] += lanes[j + w];
  double sum = lanes[0];
  for (; i < len; ++i) sum += f(double(x[i]));
  return sum;
}

// The float sum of x[0..len) in float, in the order of PyTorch's cascade_sum (SumKernel.cpp)
// as its AVX2 kernels run it, so that float32 sums along a contiguous dim are PyTorch's bit for
// bit there (and within its rounding elsewhere): the line as rows of 4 vectors of 8 (32
// lanes); the rows added into the lanes in chunks of 2^p rows (p = max(4, ⌈log2 rows⌉ / 4)),
// each chunk's lanes carried up through 4 levels of partial sums so that only sums of similar
// size meet; the levels summed; the vectors past the last whole row added to the first
// vector; the 4 vectors summed into it; the elements past the last whole vector summed in
// order from 0, and then the first vector's 8 lanes after them. Lines shorter than one vector
// take PyTorch's scalar form: 4 lanes, the rest added to the first, the 4 summed in order.
// The order is written out here, never left to the compiler (the native, benchmark and
// WebAssembly builds give the same bits); the lane loops are what it vectorizes.
// cascade_sum of R lines at once, line r at x + r·stride, into out[r]: the same order for each
// line, the lines' additions interleaved so that one line's chain of dependent additions
// overlaps the others'.
template <int R>
void cascade_sums(const float* x, std::int64_t stride, std::int64_t len, float* out) {
  constexpr int kVec = 8, kRow = 4 * kVec, kLevels = 4;
  if (len < kVec) {
    for (int r = 0; r < R; ++r) {
      const float* xr = x + r * stride;
      float p[4] = {0, 0, 0, 0};
      std::int64_t i = 0;
      if (len >= 4)
        for (; i < 4; ++i) p[i] += xr[i];
      for (; i < len; ++i) p[0] += xr[i];
      out[r] = float(0) + (((p[0] + p[1]) + p[2]) + p[3]);
    }
    return;
  }
  const std::int64_t vecs = len / kVec, rows = vecs / 4;
  float a[R][kRow] = {};  // level 0
  std::int64_t i = 0;
  if (rows >= 16) {              // (fewer rows than a chunk: levels 1 to 3 stay 0, and adding 0 changes nothing)
    std::int64_t ceil_log2 = 1;  // PyTorch's CeilLog2(rows)
    while ((std::uint64_t(rows) - 1) >> ceil_log2) ++ceil_log2;
    const std::int64_t power = std::max<std::int64_t>(4, ceil_log2 / kLevels);
    const std::int64_t step = std::int64_t(1) << power, mask = step - 1;
    float up[kLevels - 1][R][kRow] = {};  // levels 1 to 3
    while (i + step <= rows) {
      for (std::int64_t j = 0; j < step; ++j, ++i)
        for (int r = 0; r < R; ++r)
          for (int k = 0; k < kRow; ++k) a[r][k] += x[r * stride + i * kRow + k];
      for (int r = 0; r < R; ++r)
        for (int k = 0; k < kRow; ++k) {  // level 0 into level 1, always
          up[0][r][k] += a[r][k];
          a[r][k] = 0;
        }
      for (int level = 2; level < kLevels; ++level) {
        if ((i & (mask << ((level - 1) * power))) != 0) break;
        for (int r = 0; r < R; ++r)
          for (int k = 0; k < kRow; ++k) {
            up[level - 1][r][k] += up[level - 2][r][k];
            up[level - 2][r][k] = 0;
          }
      }
    }
    for (; i < rows; ++i)
      for (int r = 0; r < R; ++r)
        for (int k = 0; k < kRow; ++k) a[r][k] += x[r * stride + i * kRow + k];
    for (int level = 1; level < kLevels; ++level)
      for (int r = 0; r < R; ++r)
        for (int k = 0; k < kRow; ++k) a[r][k] += up[level - 1][r][k];
  } else {
    for (; i < rows; ++i)
      for (int r = 0; r < R; ++r)
        for (int k = 0; k < kRow; ++k) a[r][k] += x[r * stride + i * kRow + k];
  }
  for (int r = 0; r < R; ++r) {
    const float* xr = x + r * stride;
    for (std::int64_t v = rows * 4; v < vecs; ++v)
      for (int k = 0; k < kVec; ++k) a[r][k] += xr[v * kVec + k];
    for (int q = 1; q < 4; ++q)
      for (int k = 0; k < kVec; ++k) a[r][k] += a[r][q * kVec + k];
  }
  float total[R] = {};
  for (std::int64_t e = vecs * kVec; e < len; ++e)
    for (int r = 0; r < R; ++r) total[r] += x[r * stride + e];
  for (int k = 0; k < kVec; ++k)
    for (int r = 0; r < R; ++r) total[r] += a[r][k];
  for (int r = 0; r < R; ++r) out[r] = float(0) + total[r];
}

inline float cascade_sum(const float* x, std::int64_t len) {
  float s;
  cascade_sums<1>(x, 0, len, &s);
  return s;
}

}  // namespace whence
