#include "format.hpp"

#include "core/number_format.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace whence::web {

namespace {

std::string printf_double(const char* fmt, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, fmt, v);
  return buf;
}

std::string nonfinite(double v) {
  if (std::isnan(v)) return "nan";
  return v > 0 ? "inf" : "-inf";
}

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return {};
  const auto e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

}  // namespace

std::vector<std::string> format_elements(const Tensor& t) {
  const std::int64_t n = t.numel();
  std::vector<std::string> out(std::size_t(std::max<std::int64_t>(n, 0)));
  const DType d = t.dtype();
  if (d == DType::Bool) {
    for (std::int64_t i = 0; i < n; ++i) out[i] = t.get(i).i ? "True" : "False";
    return out;
  }
  if (!is_floating(d)) {
    for (std::int64_t i = 0; i < n; ++i) out[i] = std::to_string(t.get(i).i);
    return out;
  }
  // Floats as Python prints the element (t[i].item(), t.tolist()), which is how the equations
  // print values: "14.0", "0.1", "1e-05", "nan". (print(t) would say "14." for the same element,
  // beside an equation saying 14.0.)
  for (std::int64_t i = 0; i < n; ++i) out[i] = format_float(t.get(i).f, d);
  return out;
}

std::string format_for_edit(const Tensor& t, std::int64_t flat) {
  const Scalar s = t.get(flat);
  if (s.dtype == DType::Bool) return s.i ? "True" : "False";
  if (!is_floating(s.dtype)) return std::to_string(s.i);
  if (!std::isfinite(s.f)) return nonfinite(s.f);
  // Shortest %g that reads back to the same value in this dtype.
  for (int precision = 1; precision <= 17; ++precision) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*g", precision, s.f);
    const double back = std::strtod(buf, nullptr);
    const bool same = round_to_dtype(back, s.dtype) == round_to_dtype(s.f, s.dtype);
    if (same) return buf;
  }
  return printf_double("%.17g", s.f);
}

std::optional<Scalar> parse_cell(const std::string& raw, DType d) {
  const std::string text = trim(raw);
  if (text.empty()) return std::nullopt;
  if (d == DType::Bool) {
    if (text == "True" || text == "true" || text == "1") return Scalar::from_bool(true);
    if (text == "False" || text == "false" || text == "0") return Scalar::from_bool(false);
    return std::nullopt;
  }
  char* end = nullptr;
  errno = 0;
  if (is_floating(d)) {
    const double v = std::strtod(text.c_str(), &end);  // also reads nan, inf, -inf
    if (*end != '\0') return std::nullopt;
    return Scalar::from_float(v, d);
  }
  const long long v = std::strtoll(text.c_str(), &end, 10);
  if (*end != '\0' || errno == ERANGE) return std::nullopt;
  // Each integer dtype takes the values it can hold.
  const int bits = int(dtype_size(d)) * 8;
  if (d == DType::UInt8 && (v < 0 || v > 255)) return std::nullopt;
  if (d != DType::UInt8 && bits < 64 && (v < -(1LL << (bits - 1)) || v > (1LL << (bits - 1)) - 1)) return std::nullopt;
  return Scalar::from_int(v, d);
}

std::string format_shape(const Shape& shape) {
  std::string s = "(";
  for (std::size_t i = 0; i < shape.size(); ++i) {
    if (i) s += ", ";
    s += std::to_string(shape[i]);
  }
  if (shape.size() == 1) s += ",";
  return s + ")";
}

std::vector<std::int64_t> unravel(const Shape& shape, std::int64_t flat) {
  std::vector<std::int64_t> index(shape.size(), 0);
  for (int d = int(shape.size()) - 1; d >= 0; --d) {
    if (shape[std::size_t(d)] <= 0) continue;
    index[std::size_t(d)] = flat % shape[std::size_t(d)];
    flat /= shape[std::size_t(d)];
  }
  return index;
}

std::string cell_name(const std::string& label, const Shape& shape, std::int64_t flat) {
  std::string name = label;
  for (std::int64_t i : unravel(shape, flat)) name += "[" + std::to_string(i) + "]";
  return name;
}

}  // namespace whence::web
