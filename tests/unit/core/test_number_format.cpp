// Numbers as Python spells them: format_float's shortest round-trip digits (Dragonbox for
// float32 and float64) checked against printf and strtod on many bit patterns, and json_double.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "core/number_format.hpp"

using namespace whence;

namespace {

float float_from_bits(std::uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

double double_from_bits(std::uint64_t bits) {
  double d;
  std::memcpy(&d, &bits, sizeof d);
  return d;
}

// The significant digits of a formatted number ("-1.25e-05" -> 5, "120.0" -> 2).
int significant_digits(const std::string& text) {
  std::string digits;
  for (char c : text) {
    if (c == 'e') break;
    if (c >= '0' && c <= '9') digits += c;
  }
  const auto first = digits.find_first_not_of('0');
  if (first == std::string::npos) return 1;
  digits = digits.substr(first);
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  return int(digits.size());
}

// True when some decimal of `digits` significant digits reads back as v (in v's precision): the
// nearest one printf gives, and the next one on either side (the round-trip interval of a power
// of two is lopsided, so the nearest decimal may miss it while its neighbour does not).
template <typename F>
bool some_decimal_reads_back(F v, int digits) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*e", digits - 1, double(v));
  const double nearest = std::strtod(text, nullptr);
  const char* e = std::strchr(text, 'e');
  const int exponent = std::atoi(e + 1);
  const double step = std::pow(10.0, exponent - (digits - 1));
  for (double candidate : {nearest - step, nearest, nearest + step}) {
    char again[64];
    std::snprintf(again, sizeof again, "%.*e", digits - 1, candidate);  // the decimal itself, not the double
    if (F(std::strtod(again, nullptr)) == v) return true;
  }
  return false;
}

template <typename F>
void check_shortest(F v, DType dtype) {
  const std::string text = format_float(double(v), dtype);
  INFO(text);
  // It reads back as v...
  REQUIRE(F(std::strtod(text.c_str(), nullptr)) == v);
  // ...and no decimal of fewer digits does.
  const int n = significant_digits(text);
  if (n > 1) REQUIRE_FALSE(some_decimal_reads_back(v, n - 1));
}

}  // namespace

TEST_CASE("float32 and float64 print with the fewest digits that read back") {
  std::uint64_t state = 0x9E3779B97F4A7C15ull;
  auto next = [&state] {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  };
  int checked = 0;
  for (int i = 0; i < 20000; ++i) {
    const float f = float_from_bits(std::uint32_t(next()));
    if (std::isfinite(f) && f != 0) {
      check_shortest(f, DType::Float32);
      ++checked;
    }
    const double d = double_from_bits(next());
    if (std::isfinite(d) && d != 0) check_shortest(d, DType::Float64);
  }
  // Powers of two (the lopsided intervals), subnormals and the ends of each range.
  for (int k = -149; k <= 127; ++k) check_shortest(std::ldexp(1.0f, k), DType::Float32);
  for (int k = -1074; k <= 1023; k += 7) check_shortest(std::ldexp(1.0, k), DType::Float64);
  check_shortest(3.4028235e38f, DType::Float32);
  check_shortest(1e-45f, DType::Float32);
  check_shortest(5e-324, DType::Float64);
  check_shortest(1.7976931348623157e308, DType::Float64);
  CHECK(checked > 19000);
  CHECK(format_float(double(float_from_bits(0x3DCCCCCD)), DType::Float32) == "0.1");
  CHECK(format_float(double(16777217.0f), DType::Float32) == "16777216.0");
  CHECK(format_float(double(1e16f), DType::Float32) == "1e+16");
  CHECK(format_float(-double(3e-39f), DType::Float32) == "-3e-39");
}

TEST_CASE("without Dragonbox, the printf and strtod tries spell every float the same", "[number-format]") {
  std::uint64_t state = 0x2545F4914F6CDD1Dull;
  auto next = [&state] {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  };
  std::vector<std::pair<double, DType>> values;
  for (int i = 0; i < 3000; ++i) {
    values.emplace_back(double(float_from_bits(std::uint32_t(next()))), DType::Float32);
    values.emplace_back(double_from_bits(next()), DType::Float64);
  }
  for (int k = -149; k <= 127; ++k) values.emplace_back(std::ldexp(1.0, k), DType::Float32);  // 2^-96, 2^87, 2^90
  for (int k = -1074; k <= 1023; k += 3) values.emplace_back(std::ldexp(1.0, k), DType::Float64);
  std::vector<std::string> fast, slow;
  std::vector<double> fast_json, slow_json;
  for (bool on : {true, false}) {
    use_fast_float_format(on);
    for (const auto& [v, d] : values) {
      if (!std::isfinite(v)) continue;
      (on ? fast : slow).push_back(format_float(v, d));
      (on ? fast_json : slow_json).push_back(json_double(Scalar::from_float(v, d)));
    }
  }
  use_fast_float_format(true);
  REQUIRE(fast.size() > 6000);
  for (std::size_t i = 0; i < fast.size(); ++i) {
    INFO(i);
    REQUIRE(fast[i] == slow[i]);
    REQUIRE(fast_json[i] == slow_json[i]);
  }
}

TEST_CASE("json_double gives the double that prints as the float's shortest digits") {
  for (float f : {0.1f, -0.3f, 1e-30f, 3.4028235e38f, 1e-45f, 123456.78f, -7.0f}) {
    const Scalar s = Scalar::from_float(double(f), DType::Float32);
    const double d = json_double(s);
    CHECK(d == std::strtod(format_float(double(f), DType::Float32).c_str(), nullptr));
    CHECK(float(d) == f);
  }
}
