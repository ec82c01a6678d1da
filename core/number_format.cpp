#include "number_format.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace whence {

namespace {
// Digits and decimal exponent of the shortest round-trip form: v = 0.d1d2d3... * 10^(exp+1).
void shortest_digits(double v, bool as_float32, std::string& digits, int& exp) {
  char buf[40];
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*e", precision - 1, v);
    const double back = std::strtod(buf, nullptr);
    if (as_float32 ? float(back) == float(v) : back == v) break;
  }
  // buf is like "-1.2345e+03".
  const char* p = buf;
  if (*p == '-') ++p;
  digits.clear();
  for (; *p && *p != 'e'; ++p)
    if (*p != '.') digits += *p;
  exp = std::atoi(p + 1);
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
}
}  // namespace

std::string format_float(double v, bool as_float32) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  if (v == 0) return std::signbit(v) ? "-0.0" : "0.0";
  std::string digits;
  int exp = 0;
  shortest_digits(v, as_float32, digits, exp);
  std::string s = v < 0 ? "-" : "";
  const int n = int(digits.size());
  if (exp >= -4 && exp < 16) {  // Python's repr switches to exponent form outside this range
    if (exp < 0) {
      s += "0." + std::string(std::size_t(-exp - 1), '0') + digits;
    } else if (exp + 1 >= n) {
      s += digits + std::string(std::size_t(exp + 1 - n), '0') + ".0";
    } else {
      s += digits.substr(0, std::size_t(exp + 1)) + "." + digits.substr(std::size_t(exp + 1));
    }
    return s;
  }
  s += digits.substr(0, 1);
  if (n > 1) s += "." + digits.substr(1);
  char e[16];
  std::snprintf(e, sizeof e, "e%c%02d", exp < 0 ? '-' : '+', exp < 0 ? -exp : exp);
  return s + e;
}

std::string format_scalar(const Scalar& s) {
  switch (s.dtype) {
    case DType::Bool: return s.i ? "True" : "False";
    case DType::Float32: return format_float(s.f, true);
    case DType::Float64: return format_float(s.f, false);
    default: return std::to_string(s.i);
  }
}

double json_double(const Scalar& s) {
  if (s.dtype != DType::Float32 || !std::isfinite(s.f)) return s.as_double();
  return std::strtod(format_float(s.f, true).c_str(), nullptr);
}

}  // namespace whence
