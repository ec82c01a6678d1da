// line_math.hpp - the maximum and the sum of a contiguous line in double, in 32 lanes so that
// the compiler vectorizes them (softmax_lines.cpp, reduce_lines.cpp).
#pragma once
#include <cmath>
#include <cstdint>

namespace whence {

constexpr int kLineLanes = 32;  // (fewer, the compiler unrolls the lanes and then vectorizes nothing)

// One step of a running maximum from −inf: a NaN takes over and stays, else the larger (the
// earlier of equals), as std::max.
inline double max_step(double m, double v) { return ((v != v) | (m < v)) ? v : m; }

// The largest s·x[i] of x[0..len), max_step's from the first element on: the lanes give the
// same value but for the sign of a zero maximum, which then goes in line order.
template <class T>
double lane_max(const T* x, std::int64_t len, double s) {
  double lanes[kLineLanes];
  for (double& l : lanes) l = -INFINITY;
  std::int64_t i = 0;
  for (; i + kLineLanes <= len; i += kLineLanes)
    for (int j = 0; j < kLineLanes; ++j) lanes[j] = max_step(lanes[j], s * double(x[i + j]));
  for (int w = kLineLanes / 2; w > 0; w /= 2)  // in halves: 5 steps, not 32 in a chain
    for (int j = 0; j < w; ++j) lanes[j] = max_step(lanes[j], lanes[j + w]);
  double m = lanes[0];
  for (; i < len; ++i) m = max_step(m, s * double(x[i]));
  if (m == 0) {
    m = -INFINITY;
    for (i = 0; i < len; ++i) m = max_step(m, s * double(x[i]));
  }
  return m;
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

}  // namespace whence
