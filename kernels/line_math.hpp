// line_math.hpp - the maximum and the sum of a contiguous line, in lanes so that the compiler
// vectorizes them (softmax_lines.cpp, reduce_lines.cpp): in double for the narrow dtypes, and
// for float32 in float, in PyTorch's own order (cascade_sum).
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>

namespace whence {

constexpr int kLineLanes = 32;  // (fewer, the compiler unrolls the lanes and then vectorizes nothing)

// One step of a running maximum from −inf: a NaN takes over and stays, else the larger (the
// earlier of equals), as std::max.
template <class A>
inline A max_step(A m, A v) { return ((v != v) | (m < v)) ? v : m; }

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

template <class T>
double lane_max(const T* x, std::int64_t len, double s) { return lane_max_as<double>(x, len, s); }

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
inline float cascade_sum(const float* x, std::int64_t len) {
  constexpr int kVec = 8, kRow = 4 * kVec, kLevels = 4;
  if (len < kVec) {
    float p[4] = {0, 0, 0, 0};
    std::int64_t i = 0;
    if (len >= 4)
      for (; i < 4; ++i) p[i] += x[i];
    for (; i < len; ++i) p[0] += x[i];
    return float(0) + (((p[0] + p[1]) + p[2]) + p[3]);
  }
  const std::int64_t vecs = len / kVec, rows = vecs / 4;
  std::int64_t ceil_log2 = 1;  // PyTorch's CeilLog2(rows)
  if (rows > 2)
    while ((std::uint64_t(rows) - 1) >> ceil_log2) ++ceil_log2;
  const std::int64_t power = std::max<std::int64_t>(4, ceil_log2 / kLevels);
  const std::int64_t step = std::int64_t(1) << power, mask = step - 1;
  float acc[kLevels][kRow] = {};
  std::int64_t i = 0;
  while (i + step <= rows) {
    float a[kRow] = {};  // level 0, from 0 at each chunk
    for (std::int64_t j = 0; j < step; ++j, ++i)
      for (int k = 0; k < kRow; ++k) a[k] += x[i * kRow + k];
    for (int k = 0; k < kRow; ++k) acc[0][k] = a[k];
    for (int level = 1; level < kLevels; ++level) {
      for (int k = 0; k < kRow; ++k) {
        acc[level][k] += acc[level - 1][k];
        acc[level - 1][k] = 0;
      }
      if ((i & (mask << (level * power))) != 0) break;
    }
  }
  {
    float a[kRow];
    for (int k = 0; k < kRow; ++k) a[k] = acc[0][k];
    for (; i < rows; ++i)
      for (int k = 0; k < kRow; ++k) a[k] += x[i * kRow + k];
    for (int level = 1; level < kLevels; ++level)
      for (int k = 0; k < kRow; ++k) a[k] += acc[level][k];
    for (std::int64_t v = rows * 4; v < vecs; ++v)
      for (int k = 0; k < kVec; ++k) a[k] += x[v * kVec + k];
    for (int r = 1; r < 4; ++r)
      for (int k = 0; k < kVec; ++k) a[k] += a[r * kVec + k];
    float total = 0;
    for (std::int64_t e = vecs * kVec; e < len; ++e) total += x[e];
    for (int k = 0; k < kVec; ++k) total += a[k];
    return float(0) + total;
  }
}

}  // namespace whence
