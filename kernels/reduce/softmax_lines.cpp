// softmax_lines.cpp - softmax, log_softmax and softmin along a dim (softmax_lines.hpp).
#include "kernels/reduce/softmax_lines.hpp"

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <vector>

#include "kernels/common/exp_poly.hpp"
#include "kernels/common/fast_paths.hpp"
#include "kernels/reduce/line_math.hpp"

namespace whence {

namespace {

constexpr std::int64_t kSoftmaxSideBySide = 64;  // along another dim: this many lines side by side

void round_sum(double& sum, const SoftmaxMath& math) {
  if (math.bf16_sum) sum = double(float(BFloat16(float(sum))));
}

// Σ e[i]: in line order for float64, else in lanes.
template <class T>
double line_sum(const double* e, std::int64_t len) {
  if constexpr (std::is_same_v<T, double>) {
    double sum = 0;
    for (std::int64_t i = 0; i < len; ++i) sum += e[i];
    return sum;
  } else {
    return lane_sum(e, len, [](double v) { return v; });
  }
}

// A line along the last dim: x[0..len) -> y[0..len). `e`: room for len doubles.
template <class T>
void last_dim_line(const T* x, T* y, std::int64_t len, const SoftmaxMath& math, double* e) {
  const double s = math.sign, m = lane_max(x, len, s);
  for (std::int64_t i = 0; i < len; ++i) e[i] = exp_for<T>(s * double(x[i]) - m);
  double sum = line_sum<T>(e, len);
  round_sum(sum, math);
  if (math.log) {
    const double ls = std::log(sum);
    for (std::int64_t i = 0; i < len; ++i) y[i] = cast_from_double<T>((s * double(x[i]) - m) - ls);
  } else {
    if constexpr (std::is_same_v<T, double>) {
      for (std::int64_t i = 0; i < len; ++i) y[i] = e[i] / sum;
    } else {  // (times the reciprocal: a division per element costs more than the rest)
      const double inv = 1.0 / sum;
      for (std::int64_t i = 0; i < len; ++i) y[i] = cast_from_double<T>(e[i] * inv);
    }
  }
}

// A float32 line along the last dim, as PyTorch's: the float maximum m; e^(s·x − m) rounded to
// float into y; their float sum in cascade_sum's order; y times the float reciprocal of the sum
// (log_softmax: (s·x − m) − log(sum) in double, rounded once).
void last_dim_line(const float* x, float* y, std::int64_t len, const SoftmaxMath& math, double*) {
  const float s = float(math.sign), m = exp_line_max(x, len, s);
  for (std::int64_t i = 0; i < len; ++i) y[i] = line_exp(s * x[i] - m);
  const float sum = cascade_sum(y, len);
  if (math.log) {
    const double md = m, ls = std::log(double(sum));
    for (std::int64_t i = 0; i < len; ++i) y[i] = float((double(s * x[i]) - md) - ls);
  } else {
    const float inv = 1.0f / sum;
    for (std::int64_t i = 0; i < len; ++i) y[i] *= inv;
  }
}

// `width` lines along another dim side by side: line k reads x[i·inner + k], i < len. Each
// line's max and sum go in line order. `e`: room for len·width doubles.
template <class T>
void column_block(const T* x, T* y, std::int64_t len, std::int64_t inner, std::int64_t width, const SoftmaxMath& math,
                  double* e) {
  const double s = math.sign;
  double m[kSoftmaxSideBySide], sum[kSoftmaxSideBySide];
  for (std::int64_t k = 0; k < width; ++k) {
    m[k] = -INFINITY;
    sum[k] = 0;
  }
  for (std::int64_t i = 0; i < len; ++i)
    for (std::int64_t k = 0; k < width; ++k) m[k] = max_step(m[k], s * double(x[i * inner + k]));
  for (std::int64_t i = 0; i < len; ++i)
    for (std::int64_t k = 0; k < width; ++k) {
      const double v = exp_for<T>(s * double(x[i * inner + k]) - m[k]);
      e[i * width + k] = v;
      sum[k] += v;
    }
  for (std::int64_t k = 0; k < width; ++k) round_sum(sum[k], math);
  if (math.log) {
    for (std::int64_t k = 0; k < width; ++k) sum[k] = std::log(sum[k]);
    for (std::int64_t i = 0; i < len; ++i)
      for (std::int64_t k = 0; k < width; ++k)
        y[i * inner + k] = cast_from_double<T>((s * double(x[i * inner + k]) - m[k]) - sum[k]);
  } else if constexpr (std::is_same_v<T, double>) {
    for (std::int64_t i = 0; i < len; ++i)
      for (std::int64_t k = 0; k < width; ++k) y[i * inner + k] = e[i * width + k] / sum[k];
  } else {
    for (std::int64_t k = 0; k < width; ++k) sum[k] = 1.0 / sum[k];  // (as along the last dim)
    for (std::int64_t i = 0; i < len; ++i)
      for (std::int64_t k = 0; k < width; ++k) y[i * inner + k] = cast_from_double<T>(e[i * width + k] * sum[k]);
  }
}

template <class T>
void run_lines(const T* x, T* y, std::int64_t outer, std::int64_t len, std::int64_t inner, const SoftmaxMath& math) {
  std::vector<double> e(
      std::is_same_v<T, float> && inner == 1 ? 0 : std::size_t(len * std::min(inner, kSoftmaxSideBySide)));
  for (std::int64_t o = 0; o < outer; ++o) {
    const T* xo = x + o * len * inner;
    T* yo = y + o * len * inner;
    if (inner == 1) {
      last_dim_line(xo, yo, len, math, e.data());
      continue;
    }
    for (std::int64_t k0 = 0; k0 < inner; k0 += kSoftmaxSideBySide)
      column_block(xo + k0, yo + k0, len, inner, std::min(kSoftmaxSideBySide, inner - k0), math, e.data());
  }
}

// run_lines' plain path (FastPath::SoftmaxLines' reference): one line at a time, each element
// read at its own coordinates through x's strides, with the arithmetic run_lines gives that
// line (last_dim_line along the last dim, else column_block for a column of one).
template <class T>
void plain_lines(const Tensor& x, T* y, std::int64_t outer, std::int64_t len, std::int64_t inner,
                 const SoftmaxMath& math) {
  const T* base = x.data<T>();
  std::vector<T> xs(static_cast<std::size_t>(len)), ys(static_cast<std::size_t>(len));
  std::vector<double> e(static_cast<std::size_t>(len));
  for (std::int64_t o = 0; o < outer; ++o)
    for (std::int64_t k = 0; k < inner; ++k) {
      for (std::int64_t i = 0; i < len; ++i)
        xs[std::size_t(i)] = base[x.storage_index((o * len + i) * inner + k) - x.offset()];
      if (inner == 1)
        last_dim_line(xs.data(), ys.data(), len, math, e.data());
      else
        column_block(xs.data(), ys.data(), len, 1, 1, math, e.data());
      for (std::int64_t i = 0; i < len; ++i) y[(o * len + i) * inner + k] = ys[std::size_t(i)];
    }
}

}  // namespace

void softmax_lines(const Tensor& x_in, int dim, const SoftmaxMath& math, Tensor& out) {
  std::int64_t outer = 1, len = 1, inner = 1;
  for (int d = 0; d < x_in.dim(); ++d) (d < dim ? outer : d == dim ? len : inner) *= x_in.shape()[std::size_t(d)];
  if (outer * len * inner == 0) return;
  const bool fast = take_fast_path(FastPath::SoftmaxLines);
  const Tensor x = fast ? x_in.contiguous() : x_in;
  dispatch_dtype(x.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (is_float_storage_v<T>) {
      if (fast)
        run_lines<T>(x.data<T>(), out.data<T>(), outer, len, inner, math);
      else
        plain_lines<T>(x, out.data<T>(), outer, len, inner, math);
    }
  });
}

}  // namespace whence
