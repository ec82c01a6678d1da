#include "number_format.hpp"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

// Header-only, without its assertion handler (fprintf and terminate: 1.5 KB gzip in each web
// module for checks of Dragonbox's own invariants). Only builds that call
// install_fast_float_format link it (not the single-call web modules: 3 KB gzip each).
#define FMT_HEADER_ONLY
#define FMT_ASSERT(condition, message) ((void)0)
#include <fmt/format.h>

namespace whence {

namespace {
// Below this magnitude every integer is a value of the dtype, so an integral value's shortest
// round-trip digits are its own: no shorter digit string names the same value.
double exact_integer_limit(DType d) {
  switch (d) {
    case DType::Float16: return 2048;      // 2^11
    case DType::BFloat16: return 256;      // 2^8
    case DType::Float32: return 16777216;  // 2^24
    default: return 9007199254740992.0;    // 2^53
  }
}

// The fewest digits that read back as v in dtype d: at each precision the nearest decimal, and at
// a power of two (whose lower neighbour is half as far: the interval is lopsided) also the
// next decimal on either side, as the shortest form may be one of those. Each try is a printf
// and a strtod (long double arithmetic, emulated in WebAssembly: microseconds), which the
// builds that install the fast formatter (use_fast_float_format) skip for float32 and
// float64; the results are the same.
void printf_shortest_digits(double v, DType d, std::string& digits, int& exp) {
  const double want = round_to_dtype(v, d);
  int mantissa_exp = 0;
  const bool power_of_two = std::fabs(std::frexp(v, &mantissa_exp)) == 0.5;
  char buf[40];
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*e", precision - 1, v);
    if (round_to_dtype(std::strtod(buf, nullptr), d) == want) break;
    if (!power_of_two || precision == 17) continue;
    // The decimals one unit in the last digit below and above the nearest, as text (in
    // floating point the unit is below the value's own precision near the ends of the range).
    const bool negative = buf[0] == '-';
    std::string mantissa;
    for (const char* q = buf + (negative ? 1 : 0); *q && *q != 'e'; ++q)
      if (*q != '.') mantissa += *q;
    const int ten_exp = std::atoi(std::strchr(buf, 'e') + 1);
    bool found = false;
    for (const int delta : {-1, 1}) {
      std::string m = mantissa;
      int e10 = ten_exp;
      int i = int(m.size()) - 1;
      if (delta > 0) {
        for (; i >= 0 && m[std::size_t(i)] == '9'; --i) m[std::size_t(i)] = '0';
        if (i < 0) {
          m.insert(m.begin(), '1');
          m.pop_back();
          ++e10;
        } else {
          ++m[std::size_t(i)];
        }
      } else {
        for (; i >= 0 && m[std::size_t(i)] == '0'; --i) m[std::size_t(i)] = '9';
        if (i < 0) continue;
        --m[std::size_t(i)];
        if (m[0] == '0') {
          if (m.size() == 1) continue;
          m.erase(m.begin());
          m.push_back('9');
          --e10;
        }
      }
      char again[sizeof buf];
      std::snprintf(again, sizeof again, "%s%c%s%se%d", negative ? "-" : "", m[0], m.size() > 1 ? "." : "",
                    m.c_str() + 1, e10);
      if (round_to_dtype(std::strtod(again, nullptr), d) == want) {
        std::snprintf(buf, sizeof buf, "%s", again);
        found = true;
        break;
      }
    }
    if (found) break;
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

// The same digits by Dragonbox (Debian's libfmt): among the shortest, the one nearest the value,
// as Python's repr chooses; no printf or strtod.
template <typename F>
void dragonbox_digits(F v, std::string& digits, int& exp) {
  const auto decimal = fmt::detail::dragonbox::to_decimal(std::fabs(v));
  digits = std::to_string(decimal.significand);
  exp = decimal.exponent + int(digits.size()) - 1;
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
}

// float32 and float64 digits by Dragonbox, into significand x 10^exponent; installed by
// use_fast_float_format, else null.
bool (*g_fast_digits)(double v, DType d, std::uint64_t& significand, int& exponent) = nullptr;

bool dragonbox_decimal(double v, DType d, std::uint64_t& significand, int& exponent) {
  if (d == DType::Float32) {
    const auto decimal = fmt::detail::dragonbox::to_decimal(std::fabs(float(v)));
    significand = decimal.significand;
    exponent = decimal.exponent;
    return true;
  }
  if (d != DType::Float64) return false;
  const auto decimal = fmt::detail::dragonbox::to_decimal(std::fabs(v));
  significand = decimal.significand;
  exponent = decimal.exponent;
  return true;
}

// Digits and decimal exponent of the shortest round-trip form: v = 0.d1d2d3... * 10^(exp+1).
void shortest_digits(double v, DType d, std::string& digits, int& exp) {
  if (std::fabs(v) < exact_integer_limit(d) && v == std::trunc(v)) {
    // An integer (arange's values, counts, sums of them): its digits.
    digits = std::to_string(static_cast<std::int64_t>(std::fabs(v)));
    exp = int(digits.size()) - 1;
    while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
    return;
  }
  std::uint64_t significand = 0;
  int exponent = 0;
  if (g_fast_digits && g_fast_digits(v, d, significand, exponent)) {
    digits = std::to_string(significand);
    exp = exponent + int(digits.size()) - 1;
    while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
    return;
  }
  printf_shortest_digits(v, d, digits, exp);
}
}  // namespace

double round_to_dtype(double v, DType d) {
  switch (d) {
    case DType::Float16: return double(float(Half(float(v))));
    case DType::BFloat16: return double(float(BFloat16(float(v))));
    case DType::Float32: return double(float(v));
    default: return v;
  }
}

std::string format_float(double v, DType d) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  if (v == 0) return std::signbit(v) ? "-0.0" : "0.0";
  std::string digits;
  int exp = 0;
  shortest_digits(v, d, digits, exp);
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
    default: return is_floating(s.dtype) ? format_float(s.f, s.dtype) : std::to_string(s.i);
  }
}

double json_double(const Scalar& s) {
  if (!is_floating(s.dtype) || s.dtype == DType::Float64 || !std::isfinite(s.f)) return s.as_double();
  std::uint64_t significand = 0;
  int exponent = 0;
  if (s.dtype == DType::Float32 && g_fast_digits && g_fast_digits(s.f, s.dtype, significand, exponent) &&
      exponent >= -22 && exponent <= 22) {
    // The double nearest the float's shortest digits: significand x 10^exponent is one correctly
    // rounded operation when both are exact doubles (Clinger's fast path: at most 9 digits, and
    // 10^22 is the largest exact power of ten).
    static const double kPow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    const double m = std::copysign(double(significand), s.f);
    return exponent >= 0 ? m * kPow10[exponent] : m / kPow10[-exponent];
  }
  return std::strtod(format_float(s.f, s.dtype).c_str(), nullptr);
}

void use_fast_float_format(bool on) { g_fast_digits = on ? &dragonbox_decimal : nullptr; }

std::string ordinal(std::int64_t n) {
  const std::int64_t t = n % 100, u = n % 10;
  const char* suffix = (t >= 11 && t <= 13) ? "th" : u == 1 ? "st" : u == 2 ? "nd" : u == 3 ? "rd" : "th";
  return std::to_string(n) + suffix;
}

}  // namespace whence
