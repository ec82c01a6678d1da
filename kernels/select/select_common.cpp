// select_common.cpp - the shared pieces of the selection and scatter family
// (kernels/select/select_common.hpp).
#include "kernels/select/select_common.hpp"

#include <cmath>
#include <limits>

#include "core/error.hpp"
#include "core/number_format.hpp"

namespace whence {

void fail_at(const char* type, const std::string& message, const std::string& arg, std::int64_t element) {
  Error e(type, message, arg);
  e.element = element;
  throw e;
}

std::vector<std::int64_t> unravel_index(const Shape& shape, std::int64_t flat) {
  std::vector<std::int64_t> c(shape.size(), 0);
  for (int d = int(shape.size()) - 1; d >= 0; --d) {
    const std::int64_t n = shape[std::size_t(d)];
    if (n > 0) {
      c[std::size_t(d)] = flat % n;
      flat /= n;
    }
  }
  return c;
}
std::int64_t ravel_index(const Shape& shape, const std::vector<std::int64_t>& coord) {
  std::int64_t flat = 0;
  for (std::size_t d = 0; d < shape.size(); ++d) flat = flat * shape[d] + coord[d];
  return flat;
}
std::string coord_text(const std::vector<std::int64_t>& coord) {
  std::string s;
  for (std::int64_t c : coord) s += "[" + std::to_string(c) + "]";
  return s;
}

namespace {

// The largest finite value and the lowest value of dtype d.
double dtype_max(DType d) {
  switch (d) {
    case DType::UInt8: return 255;
    case DType::Int8: return 127;
    case DType::Int16: return 32767;
    case DType::Int32: return 2147483647.0;
    case DType::Int64: return 9223372036854775807.0;
    case DType::Float16: return 65504;
    case DType::BFloat16: return 3.3895313892515355e38;
    case DType::Float32: return double(std::numeric_limits<float>::max());
    default: return std::numeric_limits<double>::max();
  }
}
double dtype_lowest(DType d) { return d == DType::UInt8 ? 0 : -dtype_max(d) - (is_integral(d, false) ? 1 : 0); }

}  // namespace

Scalar checked_scalar(const Value& v0, DType d) {
  Value v = v0;
  if (v.is<Tensor>()) {  // a 0-d tensor: its item(), a Python number of its kind
    const Scalar s = v.as<Tensor>().get(0);
    if (s.dtype == DType::Bool)
      v = Value(s.i != 0);
    else if (is_floating(s.dtype))
      v = Value(s.f);
    else
      v = Value(s.i);
  }
  const std::string overflow =
      std::string("value cannot be converted to type ") + dtype_cpp_name(d) + " without overflow";
  if (v.is<bool>()) return Scalar::from_int(v.as<bool>() ? 1 : 0, DType::Bool);
  if (v.is<std::int64_t>()) {
    const std::int64_t x = v.as<std::int64_t>();
    if (d != DType::Bool && d != DType::Float64 && d != DType::Int64) {
      const double max = dtype_max(d);
      // an unsigned type lets negative numbers wrap (-1 is 255), down to -max
      const bool over = d == DType::UInt8 ? (double(x) > max || (x < 0 && -double(x) > max))
                                          : (double(x) < dtype_lowest(d) || double(x) > max);
      if (over) fail("RuntimeError", overflow);
    }
    return Scalar::from_int(x);
  }
  const double x = v.as<double>();
  if (d != DType::Bool && d != DType::Float64) {
    const bool floating = is_floating(d);
    bool over = false;
    if (std::isnan(x))
      over = !floating;
    else if (std::isinf(x))
      over = !floating;
    else
      over = x < dtype_lowest(d) || x > dtype_max(d);
    if (over) fail("RuntimeError", overflow);
  }
  // a float into an integer dtype truncates toward zero (static_cast)
  if (is_integral(d, false)) return Scalar::from_int(float_to_int64(x));
  return Scalar::from_float(x);
}

namespace {

template <class T>
T stored(DType d, const Scalar& s) {
  (void)d;
  return is_floating(s.dtype) ? cast_from_double<T>(s.f) : cast_from_int64<T>(s.i);
}

}  // namespace

Scalar step_in(DType d, Step op, const Scalar& a, const Scalar& b) {
  return dispatch_dtype(d, [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T x = stored<T>(d, a), y = stored<T>(d, b);
    if constexpr (std::is_same_v<T, bool>) {
      switch (op) {
        case Step::Add:
        case Step::Max: return Scalar::of<bool>(x || y, d);
        case Step::Mul:
        case Step::Min: return Scalar::of<bool>(x && y, d);
      }
      return Scalar::of<bool>(x, d);
    } else if constexpr (is_float_storage_v<T>) {
      using C = std::conditional_t<std::is_same_v<T, double>, double, float>;  // float16/bfloat16 compute in float
      const C p = C(x), q = C(y);
      C r = p;
      switch (op) {
        case Step::Add: r = p + q; break;
        case Step::Mul: r = p * q; break;
        // NaN wins either way round, as PyTorch's scatter max/min do
        case Step::Max: r = std::isnan(p) || std::isnan(q) ? (std::isnan(q) ? q : p) : (q > p ? q : p); break;
        case Step::Min: r = std::isnan(p) || std::isnan(q) ? (std::isnan(q) ? q : p) : (q < p ? q : p); break;
      }
      return Scalar::of<T>(T(r), d);
    } else {
      using U = std::uint64_t;  // integers wrap
      switch (op) {
        case Step::Add: return Scalar::of<T>(T(U(std::int64_t(x)) + U(std::int64_t(y))), d);
        case Step::Mul: return Scalar::of<T>(T(U(std::int64_t(x)) * U(std::int64_t(y))), d);
        case Step::Max: return Scalar::of<T>(y > x ? y : x, d);
        case Step::Min: return Scalar::of<T>(y < x ? y : x, d);
      }
      return Scalar::of<T>(x, d);
    }
  });
}

Scalar add_scaled_in(DType d, const Scalar& a, const Scalar& b, const Scalar& alpha) {
  return dispatch_dtype(d, [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T x = stored<T>(d, a), y = stored<T>(d, b);
    if constexpr (std::is_same_v<T, bool>) {
      return Scalar::of<bool>(x || (y && alpha.as_double() != 0), d);
    } else if constexpr (is_float_storage_v<T>) {
      using C = std::conditional_t<std::is_same_v<T, double>, double, float>;
      return Scalar::of<T>(T(C(x) + C(alpha.as_double()) * C(y)), d);
    } else {
      using U = std::uint64_t;
      const std::int64_t al = is_floating(alpha.dtype) ? std::int64_t(alpha.f) : alpha.i;
      return Scalar::of<T>(T(U(std::int64_t(x)) + U(al) * U(std::int64_t(y))), d);
    }
  });
}

Scalar mean_in(DType d, const Scalar& sum, std::int64_t count) {
  return dispatch_dtype(d, [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T x = stored<T>(d, sum);
    if constexpr (std::is_same_v<T, bool>) {
      return Scalar::of<bool>(x, d);
    } else if constexpr (is_float_storage_v<T>) {
      using C = std::conditional_t<std::is_same_v<T, double>, double, float>;
      return Scalar::of<T>(T(C(x) / C(T(C(count)))), d);
    } else {
      std::int64_t q = std::int64_t(x) / count;
      if ((std::int64_t(x) % count != 0) && ((std::int64_t(x) < 0) != (count < 0))) --q;  // floor
      return Scalar::of<T>(T(q), d);
    }
  });
}

int low_byte(const Tensor& t, std::int64_t flat) {
  const std::int64_t at = t.storage_index(flat) - t.offset();
  return static_cast<const unsigned char*>(t.data_ptr())[at * std::int64_t(dtype_size(t.dtype()))];
}

bool same_value(const Scalar& a, const Scalar& b) {
  if (is_floating(a.dtype)) return (std::isnan(a.f) && std::isnan(b.f)) || a.f == b.f;
  return a.i == b.i;
}

const Tensor& list_tensor(const Bound& b, int param, int item) {
  return b[std::size_t(param)].as<List>()[std::size_t(item)].as<Tensor>();
}
std::string element_ref(const Bound& b, int param, std::int64_t flat, int item) {
  const std::string& name = b.op->params[std::size_t(param)].name;
  if (item >= 0) return name + "[" + std::to_string(item) + "]" + coords(list_tensor(b, param, item).shape(), flat);
  return name + coords(b.tensor(std::size_t(param)).shape(), flat);
}
std::string element_value(const Bound& b, int param, std::int64_t flat, int item) {
  return format_scalar(item >= 0 ? list_tensor(b, param, item).get(flat) : b.tensor(std::size_t(param)).get(flat));
}
std::string out_value(const OpResult& r, int position, std::int64_t flat) {
  return format_scalar(r.tensors[std::size_t(position)].get(flat));
}

}  // namespace whence
