#include "factories.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <type_traits>

#include "core_fast_paths.hpp"
#include "error.hpp"
#include "number_format.hpp"
#include "shape.hpp"

namespace whence {

std::optional<Scalar> scalar_of(const Value& v) {
  if (v.is<bool>()) return Scalar::from_bool(v.as<bool>());
  if (v.is<std::int64_t>()) return Scalar::from_int(v.as<std::int64_t>());
  if (v.is<double>()) return Scalar::from_float(v.as<double>());
  return std::nullopt;
}

namespace {
// Walks nested lists: records the shape from the first path, checks the rest against it
// and collects the leaves in row-major order.
void collect(const Value& v, std::size_t depth, Shape& shape, std::vector<Scalar>& leaves) {
  if (v.is<List>()) {
    const auto& items = v.as<List>();
    if (depth == shape.size()) {
      if (!leaves.empty())  // a scalar was seen where this path has a list
        fail("ValueError", "expected sequence of length 0 at dim " + std::to_string(depth) + " (got " +
                               std::to_string(items.size()) + ")");
      shape.push_back(std::int64_t(items.size()));
    } else if (shape[depth] != std::int64_t(items.size())) {
      fail("ValueError", "expected sequence of length " + std::to_string(shape[depth]) + " at dim " +
                             std::to_string(depth) + " (got " + std::to_string(items.size()) + ")");
    }
    if (shape.size() > std::size_t(kMaxRank)) check_limits(shape);
    for (const auto& item : items) collect(item, depth + 1, shape, leaves);
    return;
  }
  if (depth < shape.size()) fail("TypeError", std::string("new(): invalid data type '") + python_type_name(v) + "'");
  auto s = scalar_of(v);
  if (!s) {
    if (v.is<Tensor>() && v.as<Tensor>().dim() == 0) {
      s = v.as<Tensor>().get(0);
    } else {
      fail("TypeError", "new(): invalid data type '" + python_type_name(v) + "'");
    }
  }
  leaves.push_back(*s);
  if (std::int64_t(leaves.size()) > element_limit()) check_limits({std::int64_t(leaves.size())});
}

// torch.tensor's inference: float32 if any float, else int64 if any int, else bool.
DType infer_dtype(const std::vector<Scalar>& leaves) {
  DType d = DType::Bool;
  bool any = false;
  for (const auto& s : leaves) {
    any = true;
    if (is_floating(s.dtype)) return default_float_dtype();
    if (s.dtype != DType::Bool) d = DType::Int64;
  }
  return any ? d : default_float_dtype();  // torch.tensor([]) is float32 (the default dtype)
}
}  // namespace

Tensor tensor_from_data(const Value& data, std::optional<DType> dtype) {
  Shape shape;
  std::vector<Scalar> leaves;
  collect(data, 0, shape, leaves);
  check_limits(shape);
  Tensor t = Tensor::empty(dtype ? *dtype : infer_dtype(leaves), shape);
  for (std::size_t i = 0; i < leaves.size(); ++i) t.set(std::int64_t(i), leaves[i]);
  return t;
}

// --- full ---------------------------------------------------------------------------------

namespace {

// std::numeric_limits<T>::max() and lowest() of the dtype's C++ type, as doubles.
double max_of(DType d) {
  switch (d) {
    case DType::UInt8: return 255;
    case DType::Int8: return 127;
    case DType::Int16: return 32767;
    case DType::Int32: return 2147483647;
    case DType::Int64: return 9223372036854775807.0;
    case DType::Float16: return 65504;
    case DType::BFloat16: return 3.3895313892515355e38;
    case DType::Float32: return 3.4028234663852886e38;
    default: return 1.7976931348623157e308;
  }
}
double lowest_of(DType d) {
  if (d == DType::UInt8) return 0;
  return is_floating(d) ? -max_of(d) : -max_of(d) - 1;
}

void check_nonnegative(const Shape& shape) {
  for (auto s : shape)
    if (s < 0)
      fail("RuntimeError",
           "Trying to create tensor with negative dimension " + std::to_string(s) + ": " + shape_str(shape), "size");
}

std::int64_t as_int64(const Scalar& v) { return is_floating(v.dtype) ? float_to_int64(v.f) : v.i; }

}  // namespace

double stored_value(DType d, const Scalar& v) {
  return dispatch_dtype(d, [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T x = is_floating(v.dtype) ? cast_from_double<T>(v.f) : cast_from_int64<T>(v.i);  // as Tensor::set stores it
    if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>)
      return double(float(x));
    else
      return double(x);
  });
}

Scalar checked_scalar(const Scalar& v, DType to, const std::string& arg) {
  bool over = false;
  if (to != DType::Bool && v.dtype != DType::Bool) {  // bool converts from and to anything
    if (is_floating(v.dtype)) {
      const double f = v.f;  // infinities and NaN fit floating types (NaN compares false)
      over = is_floating(to) ? !std::isinf(f) && (f < lowest_of(to) || f > max_of(to))
                             : std::isnan(f) || f < lowest_of(to) || f > max_of(to);
    } else if (to == DType::UInt8) {
      over = v.i > 255 || v.i < -255;  // negative ints wrap, as two's complement
    } else if (to == DType::Float16 || !is_floating(to)) {
      over = double(v.i) < lowest_of(to) || double(v.i) > max_of(to);
    }
  }
  if (over)
    fail("RuntimeError", std::string("value cannot be converted to type ") + dtype_cpp_name(to) + " without overflow",
         arg);
  return v;
}

namespace {

// Element i of `t` (new, so contiguous) is scalar_of(i), stored as Tensor::set stores it, with
// one dtype dispatch for the whole tensor: set() finds each element's place from its index
// (about 10 ns an element; the benchmark's full() ran at 0.4 GB/s).
template <class F>
void write_each(Tensor& t, F&& scalar_of) {
  dispatch_dtype(t.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* out = t.data<T>();
    const std::int64_t n = t.numel();
    for (std::int64_t i = 0; i < n; ++i) out[i] = scalar_of(i).template stored_as<T>();
  });
}

}  // namespace

Tensor full(const Shape& shape, const Scalar& fill, DType dtype) {
  check_nonnegative(shape);
  const Scalar v = checked_scalar(fill, dtype, "fill_value");  // fill_ converts even for no elements
  check_limits(shape);
  Tensor t = Tensor::uninitialized(dtype, shape);  // every element is written next
  dispatch_dtype(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    std::fill_n(t.data<T>(), t.numel(), v.stored_as<T>());
  });
  return t;
}

// --- ranges --------------------------------------------------------------------------------
// PyTorch 1.13's CPU range kernels (RangeFactoriesKernel.cpp, AVX2 build) write the first
// n / (2·lanes) · (2·lanes) elements a vector of `lanes` elements at a time: each vector starts
// from base = start + i0·step, fused into one rounding, and its lanes are base + k·step, where
// arange fuses again in its wider accumulate type but linspace rounds the product first. The
// rest are computed one by one. Reproducing that order is what makes the values equal PyTorch's
// to the bit (arange(-8, 2.3, 1/3)[24] is -4.4e-16 there, not 0).

namespace {

constexpr int kVectorBytes = 32;  // AVX2: what the 1.13 CPU build dispatches to

std::int64_t vector_end(std::int64_t n, int lanes) { return n / (2 * lanes) * (2 * lanes); }

// a + b·k with the product rounded on its own (no fused multiply-add, even where a compiler
// could contract one).
template <class F>
F rounded_product(F b, F k) {
  volatile F p = b * k;
  return p;
}
template <class F>
F add_product(F a, F b, F k) {
  return a + rounded_product(b, k);
}

// Lane k of a vector that starts at base: base itself, then base + k·step, fused in arange's
// float32 and float64 kernels, with the product rounded first elsewhere. (Lane 0 is base even
// when step is infinite: linspace(1, inf, 64)[8] is inf, not inf + 0·inf.)
template <class F>
F lane(F base, F step, std::int64_t k, bool fused) {
  if (k == 0) return base;
  return fused ? std::fma(F(k), step, base) : add_product(base, step, F(k));
}

// PyTorch's message prints a double or float as C++ streams do ("%g").
std::string stream_text(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  char buf[40];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

// How many bits of x's significand are significant (1 for powers of two, 53 at most; 0 for 0,
// infinities and NaN), and how many bits n takes: their sum ≤ 53 makes i·x exact for i ≤ n.
int significant_bits(double x) {
  if (x == 0 || !std::isfinite(x)) return 0;
  int e = 0;
  std::uint64_t m = std::uint64_t(std::ldexp(std::frexp(std::fabs(x), &e), 53));  // exact
  int bits = 53;
  for (; (m & 1) == 0; m >>= 1) --bits;
  return bits;
}
int bit_width(std::int64_t n) {
  int bits = 0;
  for (; n > 0; n >>= 1) ++bits;
  return bits;
}

// The element count PyTorch computed in double, as arange's checks word it.
std::int64_t range_size(double size_d) {
  if (!(size_d >= 0 && size_d <= 9223372036854775807.0)) fail("RuntimeError", "invalid size, possible overflow?");
  const std::int64_t n = size_d >= 9.2233720368547758e18 ? INT64_MAX : std::int64_t(size_d);
  check_limits({n});
  return n;
}

void check_step_sign(double s, double a, double b) {
  if (!(s > 0 || s < 0)) fail("RuntimeError", "step must be nonzero", "step");
  if (!std::isfinite(a) || !std::isfinite(b))
    fail("RuntimeError", "unsupported range: " + stream_text(a) + " -> " + stream_text(b),
         std::isfinite(a) ? "end" : "start");
  if (!((s > 0 && b >= a) || (s < 0 && b <= a)))
    fail("RuntimeError", "upper bound and larger bound inconsistent with step sign", "end");
}

}  // namespace

Tensor arange(const Value& start_v, const Value& end_v, const Value& step_v, std::optional<DType> dtype) {
  const auto start = number_of(start_v), end = number_of(end_v), step = number_of(step_v);
  if (!start || !end || !step) fail("TypeError", "arange() received an invalid combination of arguments");
  const bool integral = !is_floating(start->dtype) && !is_floating(end->dtype) && !is_floating(step->dtype);
  const DType d = dtype ? *dtype : integral ? DType::Int64 : default_float_dtype();
  if (d == DType::Bool) fail("RuntimeError", "\"arange_cpu\" not implemented for 'Bool'", "dtype");
  // The count: ceil((end - start) / step) in double, except that int64 results first make
  // integers of all three (arange(-0.5, 3, dtype=torch.int64) has 3 elements, int32 has 4).
  const double size_exact = std::ceil((end->as_double() - start->as_double()) / step->as_double());

  if (is_integral(d, false)) {  // accumulates in int64, wrapping into narrower dtypes
    const std::int64_t a = as_int64(checked_scalar(*start, DType::Int64, "start"));
    const std::int64_t b = as_int64(checked_scalar(*end, DType::Int64, "end"));
    const std::int64_t s = as_int64(checked_scalar(*step, DType::Int64, "step"));
    const double size_d = d == DType::Int64
                              ? std::ceil(double(std::int64_t(std::uint64_t(b) - std::uint64_t(a))) / double(s))
                              : size_exact;
    if (s == 0) fail("RuntimeError", "step must be nonzero", "step");
    if (!((s > 0 && b >= a) || (s < 0 && b <= a)))
      fail("RuntimeError", "upper bound and larger bound inconsistent with step sign", "end");
    const std::int64_t n = range_size(size_d);
    Tensor t = Tensor::empty(d, {n});
    write_each(t, [&](std::int64_t i) {
      return Scalar::from_int(std::int64_t(std::uint64_t(a) + std::uint64_t(s) * std::uint64_t(i)));
    });
    return t;
  }

  const int lanes = kVectorBytes / int(dtype_size(d));
  if (d == DType::Float16 || d == DType::BFloat16) {  // accumulates in float
    const float a = float(checked_scalar(*start, DType::Float32, "start").as_double());
    const float b = float(checked_scalar(*end, DType::Float32, "end").as_double());
    const float s = float(checked_scalar(*step, DType::Float32, "step").as_double());
    check_step_sign(s, a, b);
    const std::int64_t n = range_size(size_exact);
    Tensor t = Tensor::empty(d, {n});
    write_each(t, [&](std::int64_t i) {
      const std::int64_t k = i % lanes, i0 = i - k;
      float v = std::fma(s, float(i), a);
      if (i < vector_end(n, lanes)) v = lane(float(round_to_dtype(std::fma(s, float(i0), a), d)), s, k, false);
      return Scalar::from_float(v);
    });
    return t;
  }
  const double a = start->as_double(), b = end->as_double(), s = step->as_double();  // accumulates in double
  check_step_sign(s, a, b);
  const std::int64_t n = range_size(size_exact);
  Tensor t = Tensor::uninitialized(d, {n});
  // Fused: x·y + z rounded once. Where every product i·step (i < n) is exact in double, the sum
  // alone rounds and is that; this skips std::fma, which WebAssembly lacks as an instruction
  // (musl's software one made arange(n) 45x native time).
  // (CoreFastPath::ArangeSum: with the fast paths off, std::fma throughout, the same values)
  const bool exact = significant_bits(s) + bit_width(n) <= 53 && std::fabs(s) * double(n) < 0x1p1000 &&
                     take_core_fast_path(CoreFastPath::ArangeSum);
  const auto sum = [](double x, double y, double z) { return z + x * y; };
  const auto fma = [](double x, double y, double z) { return std::fma(x, y, z); };
  // float32 or float64: each vector's base, then base + k·step fused; `fused` is sum or fma
  const auto write = [&](auto* out, auto fused) {
    using T = std::remove_pointer_t<decltype(out)>;
    constexpr int kLanes = kVectorBytes / int(sizeof(T));  // `lanes`, known to the compiler
    const std::int64_t end_of_vectors = vector_end(n, kLanes);
    for (std::int64_t i0 = 0; i0 < end_of_vectors; i0 += kLanes) {
      const double base = round_to_dtype(fused(s, double(i0), a), d);
      out[i0] = T(base);
      for (int k = 1; k < kLanes; ++k) out[i0 + k] = T(fused(double(k), s, base));
    }
    for (std::int64_t i = end_of_vectors; i < n; ++i) out[i] = T(fused(s, double(i), a));
  };
  if (d == DType::Float32)
    exact ? write(t.data<float>(), sum) : write(t.data<float>(), fma);
  else
    exact ? write(t.data<double>(), sum) : write(t.data<double>(), fma);
  return t;
}

namespace {

// linspace in float or double: element j from the nearer end, start + j·step for the first
// half and end - (steps - 1 - j)·step for the second.
// t is float32 for F = float, float64 for double. Each vector is its base plus k·step, the
// products rounded on their own (lane()), computed once for every vector.
template <class F>
void linspace_values(Tensor& t, F a, F b, std::int64_t steps, int lanes) {
  const F step = (b - a) / F(steps - 1);
  const auto from_ends = [&](std::int64_t j) {
    return j < steps / 2 ? std::fma(step, F(j), a) : std::fma(-step, F(steps - j - 1), b);
  };
  F products[kVectorBytes];  // lanes ≤ kVectorBytes
  for (int k = 0; k < lanes; ++k) products[k] = rounded_product(step, F(k));
  F* out = t.data<F>();
  const std::int64_t end_of_vectors = vector_end(steps, lanes);
  for (std::int64_t i0 = 0; i0 < end_of_vectors; i0 += lanes) {
    const F base = from_ends(i0);
    out[i0] = base;
    for (int k = 1; k < lanes; ++k) out[i0 + k] = base + products[k];
  }
  for (std::int64_t i = end_of_vectors; i < steps; ++i) out[i] = from_ends(i);
}

}  // namespace

Tensor linspace(const Scalar& start, const Scalar& end, std::int64_t steps, DType d) {
  if (steps < 0) fail("RuntimeError", "number of steps must be non-negative", "steps");
  check_limits({steps});
  Tensor t = Tensor::empty(d, {steps});
  if (steps == 0) return t;
  if (steps == 1) {  // fill_(start)
    t.set(0, checked_scalar(start, d, "start"));
    return t;
  }
  if (d == DType::Bool) fail("RuntimeError", "\"linspace_cpu\" not implemented for 'Bool'", "dtype");
  const double a = stored_value(d, checked_scalar(start, d, "start")),
               b = stored_value(d, checked_scalar(end, d, "end"));
  const int lanes = kVectorBytes / int(dtype_size(d));
  if (d == DType::Float32) {
    linspace_values<float>(t, float(a), float(b), steps, lanes);
  } else if (d == DType::Float64) {
    linspace_values<double>(t, a, b, steps, lanes);
  } else if (d == DType::Float16 || d == DType::BFloat16) {
    // c10::Half arithmetic: every operation rounds to the dtype, and ints become it first
    const auto r = [d](double x) { return float(round_to_dtype(x, d)); };
    const float step = r(r(float(b) - float(a)) / r(float(steps - 1)));
    const auto from_ends = [&](std::int64_t j) {
      return j < steps / 2 ? r(float(a) + r(step * r(float(j)))) : r(float(b) - r(step * r(float(steps - j - 1))));
    };
    write_each(t, [&](std::int64_t i) {
      const std::int64_t k = i % lanes;
      // (1.13's AVX2 build has no Half vector type: the generic one computes lane 0 as
      // base + 0·step too, NaN for an infinite step; bfloat16's returns base.)
      const float base = from_ends(i - k);
      const bool plain = k == 0 && d == DType::BFloat16;
      return Scalar::from_float(i >= vector_end(steps, lanes) ? from_ends(i)
                                : plain                       ? base
                                                              : r(base + r(r(float(k)) * step)));
    });
  } else {  // integers: the step in double, each value truncated to the dtype
    const double step = (b - a) / double(steps - 1);
    const auto from_ends = [&](std::int64_t j) {
      return j < steps / 2 ? std::fma(step, double(j), a) : std::fma(-step, double(steps - j - 1), b);
    };
    write_each(t, [&](std::int64_t i) {
      const std::int64_t k = i % lanes;
      return Scalar::from_float(i < vector_end(steps, lanes)
                                    ? lane(stored_value(d, Scalar::from_float(from_ends(i - k))), step, k, false)
                                    : from_ends(i));
    });
  }
  return t;
}

Tensor logspace(const Scalar& start, const Scalar& end, std::int64_t steps, double base, DType d) {
  if (steps < 0) fail("RuntimeError", "number of steps must be non-negative", "steps");
  check_limits({steps});
  Tensor t = Tensor::empty(d, {steps});
  if (steps == 0) return t;
  if (steps == 1) {  // fill_(base ** start)
    t.set(0, checked_scalar(Scalar::from_float(std::pow(base, start.as_double())), d, "start"));
    return t;
  }
  if (d == DType::Bool) fail("RuntimeError", "\"logspace_cpu\" not implemented for 'Bool'", "dtype");
  // PyTorch 1.13 has no Half kernel here; newer PyTorch computes it as float32 does, rounded.
  if (d == DType::Float16) return logspace(start, end, steps, base, DType::Float32).to(DType::Float16);
  // start and end as the dtype holds them; end - start in its arithmetic (an int8 difference
  // is an int, an int64 one wraps); exponents and powers in double, not fused.
  const double a = stored_value(d, checked_scalar(start, d, "start")),
               b = stored_value(d, checked_scalar(end, d, "end"));
  double diff = b - a;
  const std::uint64_t ia = std::uint64_t(float_to_int64(a)), ib = std::uint64_t(float_to_int64(b));
  if (d == DType::Int64) diff = double(std::int64_t(ib - ia));
  if (d == DType::Int32) diff = double(std::int32_t(std::uint32_t(ib - ia)));
  if (d == DType::Float32) diff = double(float(b) - float(a));
  if (d == DType::BFloat16) diff = round_to_dtype(double(float(b) - float(a)), d);
  const double step = diff / double(steps - 1);
  write_each(t, [&](std::int64_t i) {
    const double e = i < steps / 2 ? add_product(a, step, double(i)) : add_product(b, -step, double(steps - i - 1));
    const double v = std::pow(base, e);
    // The kernel assigns the double to the integer type: x86 converts through int32 (int64
    // for int64), so an out-of-range power becomes INT_MIN's low bits (0 for uint8).
    return is_floating(d) ? Scalar::from_float(v)
                          : Scalar::from_int(d == DType::Int64 ? float_to_int64(v) : float_to_int32(v));
  });
  return t;
}

// --- numbers -------------------------------------------------------------------------------

std::optional<Scalar> number_of(const Value& v) {
  if (auto s = scalar_of(v)) return s;
  if (v.is<Tensor>() && v.as<Tensor>().numel() == 1) {  // a 0-d tensor's item
    const Scalar x = v.as<Tensor>().get(0);
    if (x.dtype == DType::Bool) return Scalar::from_bool(x.i != 0);
    return is_floating(x.dtype) ? Scalar::from_float(x.f) : Scalar::from_int(x.i);
  }
  return std::nullopt;
}

}  // namespace whence
