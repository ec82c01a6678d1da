// reduce_lines.cpp - sum, mean and logsumexp over adjacent dims (reduce_lines.hpp).
#include "kernels/reduce/reduce_lines.hpp"

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <vector>

#include "kernels/common/exp_poly.hpp"
#include "kernels/common/fast_paths.hpp"
#include "kernels/reduce/line_math.hpp"
#include "kernels/reduce/vectorize.hpp"

namespace whence {

namespace {

constexpr std::int64_t kLinesSideBySide = 64;  // slices strided in memory: this many side by side

// logsumexp from the slice's max and Σ e^(x − max): NaN anywhere is NaN, an infinite max
// (every element −inf, or one +inf) the result, as Accumulator::value.
double lse(double max, double sum) { return std::isnan(max) || std::isinf(max) ? max : max + std::log(sum); }

// float32 slices, each contiguous, as PyTorch: the sum in float in cascade_sum's order (the
// mean that sum over len, in float); logsumexp from the float maximum m and the cascade sum of
// e^(x − m), each rounded to float (PyTorch's exp tensor), then m + log(sum) rounded once.
void float_slices(ReduceKind kind, const float* x, float* out, std::int64_t outer, std::int64_t len) {
  if (kind != ReduceKind::LogSumExp) {
    std::int64_t o = 0;
    if (len < 512)  // (two short lines at a time: each line's sum is a chain of dependent additions)
      for (; o + 2 <= outer; o += 2) cascade_sums<2>(x + o * len, len, len, out + o);
    for (; o < outer; ++o) out[o] = cascade_sum(x + o * len, len);
    if (kind == ReduceKind::Mean)
      for (o = 0; o < outer; ++o) out[o] /= float(len);
    return;
  }
  std::vector<float> e(static_cast<std::size_t>(len));
  for (std::int64_t o = 0; o < outer; ++o) {
    const float* v = x + o * len;
    const float m = exp_line_max(v, len, 1.0f);
    for (std::int64_t i = 0; i < len; ++i) e[std::size_t(i)] = line_exp(v[i] - m);
    out[o] = float(lse(m, double(cascade_sum(e.data(), len))));
  }
}

// Each slice contiguous: x[o·len .. (o+1)·len) -> out[o].
template <class T>
void contiguous_slices(ReduceKind kind, const T* x, T* out, std::int64_t outer, std::int64_t len) {
  constexpr bool kInOrder = std::is_same_v<T, double>;
  if constexpr (std::is_same_v<T, float>) return float_slices(kind, x, out, outer, len);
  for (std::int64_t o = 0; o < outer; ++o) {
    const T* v = x + o * len;
    double r;
    if (kind == ReduceKind::LogSumExp) {
      const double m = lane_max(v, len, 1);
      r = lse(m, lane_sum(v, len, [m](double e) { return exp_poly(e - m); }));
    } else {
      double sum = 0;
      if constexpr (kInOrder) {
        for (std::int64_t i = 0; i < len; ++i) sum += v[i];
      } else {
        sum = lane_sum(v, len, [](double e) { return e; });
      }
      r = kind == ReduceKind::Mean ? sum / double(len) : sum;
    }
    out[o] = cast_from_double<T>(r);
  }
}

// Slice k of a block reads x[i·inner + k], i < len, in order: `width` slices side by side.
template <class T>
void strided_block(ReduceKind kind, const T* x, T* out, std::int64_t len, std::int64_t inner, std::int64_t width) {
  double acc[kLinesSideBySide], m[kLinesSideBySide];
  for (std::int64_t k = 0; k < width; ++k) {
    acc[k] = 0;
    m[k] = -INFINITY;
  }
  if (kind == ReduceKind::LogSumExp) {
    for (std::int64_t i = 0; i < len; ++i)
      for (std::int64_t k = 0; k < width; ++k) m[k] = max_step(m[k], double(x[i * inner + k]));
    for (std::int64_t i = 0; i < len; ++i)
      for (std::int64_t k = 0; k < width; ++k) acc[k] += exp_poly(double(x[i * inner + k]) - m[k]);
    for (std::int64_t k = 0; k < width; ++k) out[k] = cast_from_double<T>(lse(m[k], acc[k]));
    return;
  }
  for (std::int64_t i = 0; i < len; ++i)
    for (std::int64_t k = 0; k < width; ++k) acc[k] += double(x[i * inner + k]);
  const double n = kind == ReduceKind::Mean ? double(len) : 1;
  for (std::int64_t k = 0; k < width; ++k) out[k] = cast_from_double<T>(kind == ReduceKind::Mean ? acc[k] / n : acc[k]);
}

// The running sum or product of each line; `width` lines side by side (k < width), line k at
// x[i·inner + k], i < len (inner == 1, width == 1: one contiguous line).
template <class T>
void scan_block(bool product, const T* x, T* out, std::int64_t len, std::int64_t inner, std::int64_t width) {
  if (width == 1) {  // (a loop of one line per element costs more than the addition)
    double acc = product ? 1 : 0;
    if (product) {
      for (std::int64_t i = 0; i < len; ++i) out[i * inner] = cast_from_double<T>(acc *= double(x[i * inner]));
    } else {
      for (std::int64_t i = 0; i < len; ++i) out[i * inner] = cast_from_double<T>(acc += double(x[i * inner]));
    }
    return;
  }
  double acc[kLinesSideBySide];
  for (std::int64_t k = 0; k < width; ++k) acc[k] = product ? 1 : 0;
  for (std::int64_t i = 0; i < len; ++i) {
    const T* xi = x + i * inner;
    T* oi = out + i * inner;
    if (product) {
      for (std::int64_t k = 0; k < width; ++k) oi[k] = cast_from_double<T>(acc[k] *= double(xi[k]));
    } else {
      for (std::int64_t k = 0; k < width; ++k) oi[k] = cast_from_double<T>(acc[k] += double(xi[k]));
    }
  }
}

// Whether v at a later position beats the best so far: Accumulator::beats.
template <bool Larger, class V>
inline bool beats(V v, V best) {
  return (best == best) & ((v != v) | (Larger ? v > best : v < best));
}

// The winner of a contiguous line: 32 lanes (lane j: positions j, j + 32, ...), then the lanes
// merged (a NaN first, else the better value, on a tie the earlier position), then the tail
// in order.
template <bool Larger, class V, class P, class T>
void arg_line(const T* x, std::int64_t len, double& best_out, std::int64_t& win_out) {
  std::int64_t i = 0;
  double best = 0;
  std::int64_t win = -1;
  if (len >= kLineLanes) {
    V b[kLineLanes];
    P w[kLineLanes];
    for (int j = 0; j < kLineLanes; ++j) {
      b[j] = V(x[j]);
      w[j] = P(j);
    }
    for (i = kLineLanes; i + kLineLanes <= len; i += kLineLanes) WHENCE_VECTORIZE_LOOP
    for (int j = 0; j < kLineLanes; ++j) {
      const V v = V(x[i + j]);
      const P wj = w[j];
      const bool take = beats<Larger>(v, b[j]);
      b[j] = take ? v : b[j];
      w[j] = take ? P(i + j) : wj;
    }
    best = b[0];
    win = w[0];
    for (int j = 1; j < kLineLanes; ++j) {
      const bool nan = b[j] != b[j], best_nan = best != best;
      const bool take = nan ? (!best_nan || w[j] < win)
                            : (!best_nan && ((Larger ? b[j] > best : b[j] < best) || (b[j] == best && w[j] < win)));
      if (take) {
        best = b[j];
        win = w[j];
      }
    }
  }
  for (; i < len; ++i) {
    const double v = double(x[i]);
    if (win < 0 || beats<Larger, double>(v, best)) {
      best = v;
      win = i;
    }
  }
  best_out = best;
  win_out = win;
}

// The winners of `width` slices side by side, slice k at x[i·inner + k], i < len (len ≥ 1).
// (Here and in arg_line each lane's position is loaded before the selects: written
// `w[k] = take ? P(i) : w[k]`, clang's WebAssembly vectorizer loaded w[k] only where not taken,
// lane by lane behind a branch each: 2.7x slower at 64 K elements.)
template <bool Larger, class V, class P, class T>
void arg_block(const T* x, T* values, std::int64_t* indices, std::int64_t len, std::int64_t inner, std::int64_t width) {
  V b[kLinesSideBySide];
  P w[kLinesSideBySide];
  for (std::int64_t k = 0; k < width; ++k) {
    b[k] = V(x[k]);
    w[k] = 0;
  }
  for (std::int64_t i = 1; i < len; ++i) {
    const T* row = x + i * inner;
    WHENCE_VECTORIZE_LOOP
    for (std::int64_t k = 0; k < width; ++k) {
      const V v = V(row[k]);
      const P wk = w[k];
      const bool take = beats<Larger>(v, b[k]);
      b[k] = take ? v : b[k];
      w[k] = take ? P(i) : wk;
    }
  }
  for (std::int64_t k = 0; k < width; ++k) {
    values[k] = cast_from_double<T>(double(b[k]));
    indices[k] = w[k];
  }
}

template <bool Larger, class V, class P, class T>
void arg_all(const T* v, T* values, std::int64_t* indices, std::int64_t outer, std::int64_t len, std::int64_t inner) {
  for (std::int64_t b = 0; b < outer; ++b) {
    if (inner == 1) {
      double best;
      arg_line<Larger, V, P>(v + b * len, len, best, indices[b]);
      values[b] = cast_from_double<T>(best);
      continue;
    }
    for (std::int64_t k0 = 0; k0 < inner; k0 += kLinesSideBySide)
      arg_block<Larger, V, P>(v + b * len * inner + k0, values + b * inner + k0, indices + b * inner + k0, len, inner,
                              std::min(kLinesSideBySide, inner - k0));
  }
}

// reduce_lines' plain path (FastPath::ReduceLines' reference): each output element's slice read
// at its own coordinates through x's strides into one line, then that line reduced with the
// arithmetic reduce_lines gives it (a contiguous slice along the last dims, else a strided
// block of width 1): the same values without the contiguous copy, the lines side by side, or
// float32's two lines at a time.
template <class T>
void plain_slices(ReduceKind kind, const Tensor& x, T* out, std::int64_t outer, std::int64_t len, std::int64_t inner) {
  const T* base = x.data<T>();
  std::vector<T> line(static_cast<std::size_t>(len));
  for (std::int64_t o = 0; o < outer; ++o)
    for (std::int64_t k = 0; k < inner; ++k) {
      for (std::int64_t i = 0; i < len; ++i)
        line[std::size_t(i)] = base[x.storage_index((o * len + i) * inner + k) - x.offset()];
      if (inner == 1)
        contiguous_slices(kind, line.data(), out + o, 1, len);
      else
        strided_block(kind, line.data(), out + o * inner + k, len, 1, 1);
    }
}

}  // namespace

bool arg_lines(ReduceKind kind, const Tensor& x, int first, int count, Tensor& values, Tensor& indices) {
  if ((kind != ReduceKind::Max && kind != ReduceKind::Min) || !is_floating(x.dtype()) || values.dtype() != x.dtype() ||
      indices.dtype() != DType::Int64 || count < 1)
    return false;
  std::int64_t outer = 1, len = 1, inner = 1;
  for (int d = 0; d < x.dim(); ++d) (d < first ? outer : d < first + count ? len : inner) *= x.shape()[std::size_t(d)];
  if (len == 0) return false;  // (refused before, by the caller's checks)
  // Positions as int32 (lanes as wide as the values'); a line of 2^31 elements or more takes
  // the caller's element path (one instantiation fewer per dtype: the page budget).
  if (len >= (std::int64_t(1) << 31)) return false;
  if (!take_fast_path(FastPath::ArgLines)) return false;
  const Tensor xc = x.contiguous();
  dispatch_dtype(x.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (is_float_storage_v<T>) {
      // Compared as float unless float64 (every narrower value is exactly a float, so the
      // winner is the same), so that WebAssembly's 128-bit vectors (no 64-bit unsigned or
      // mixed-width selects) hold 4 values and 4 positions instead of 2.
      using V = std::conditional_t<std::is_same_v<T, double>, double, float>;
      const T* xv = xc.data<T>();
      T* vv = values.data<T>();
      std::int64_t* iv = indices.data<std::int64_t>();
      if (kind == ReduceKind::Max)
        arg_all<true, V, std::int32_t>(xv, vv, iv, outer, len, inner);
      else
        arg_all<false, V, std::int32_t>(xv, vv, iv, outer, len, inner);
    }
  });
  return true;
}

bool scan_lines(ReduceKind kind, const Tensor& x, int dim, Tensor& out) {
  if ((kind != ReduceKind::Sum && kind != ReduceKind::Prod) || !is_floating(x.dtype()) || out.dtype() != x.dtype())
    return false;
  if (!take_fast_path(FastPath::ScanLines)) return false;
  std::int64_t outer = 1, len = 1, inner = 1;
  for (int d = 0; d < x.dim(); ++d) (d < dim ? outer : d == dim ? len : inner) *= x.shape()[std::size_t(d)];
  const Tensor xc = x.contiguous();
  dispatch_dtype(x.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (is_float_storage_v<T>) {
      const T* v = xc.data<T>();
      T* o = out.data<T>();
      for (std::int64_t b = 0; b < outer; ++b)
        for (std::int64_t k0 = 0; k0 < inner; k0 += kLinesSideBySide)
          scan_block(kind == ReduceKind::Prod, v + b * len * inner + k0, o + b * len * inner + k0, len, inner,
                     std::min(kLinesSideBySide, inner - k0));
    }
  });
  return true;
}

bool reduce_lines(ReduceKind kind, const Tensor& x, int first, int count, Tensor& out) {
  if (kind != ReduceKind::Sum && kind != ReduceKind::Mean && kind != ReduceKind::LogSumExp) return false;
  if (!is_floating(x.dtype()) || out.dtype() != x.dtype() || count < 1) return false;
  if (kind == ReduceKind::LogSumExp && x.dtype() == DType::Float64) return false;  // keeps the online form
  std::int64_t outer = 1, len = 1, inner = 1;
  for (int d = 0; d < x.dim(); ++d) (d < first ? outer : d < first + count ? len : inner) *= x.shape()[std::size_t(d)];
  if (outer * inner == 0) return true;
  const bool fast = take_fast_path(FastPath::ReduceLines);
  const Tensor xc = fast ? x.contiguous() : x;
  dispatch_dtype(x.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (is_float_storage_v<T>) {
      // Reducing an empty dim reads nothing: the input may have no storage to offset into.
      if (!fast || len == 0) return plain_slices(kind, x, out.data<T>(), outer, len, inner);
      const T* v = xc.data<T>();
      T* o = out.data<T>();
      if (inner == 1) return contiguous_slices(kind, v, o, outer, len);
      for (std::int64_t b = 0; b < outer; ++b)
        for (std::int64_t k0 = 0; k0 < inner; k0 += kLinesSideBySide)
          strided_block(kind, v + b * len * inner + k0, o + b * inner + k0, len, inner,
                        std::min(kLinesSideBySide, inner - k0));
    }
  });
  return true;
}

}  // namespace whence
