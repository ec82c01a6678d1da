// number_format.hpp - numbers spelled as Python spells them: shortest round-trip floats
// ("0.1" for float32 0.1f, "1.0", "1e-05", "inf", "nan"), True/False.
#pragma once
#include <string>

#include "tensor.hpp"

namespace whence {

// Shortest decimal that reads back to the same value of floating dtype `d` (a float16 value
// prints as "0.1" when 0.1 rounds to it).
std::string format_float(double v, DType d);
inline std::string format_float(double v, bool as_float32) {
  return format_float(v, as_float32 ? DType::Float32 : DType::Float64);
}
// v rounded to floating dtype d, as a double.
double round_to_dtype(double v, DType d);
// One element as Python prints the item: 6, 2.5, True, nan.
std::string format_scalar(const Scalar& s);
// The same value as a double that prints shortest in JSON (float32 0.1f -> 0.1, likewise
// float16 and bfloat16).
double json_double(const Scalar& s);
// Spells float32 and float64 by Dragonbox (libfmt) instead of printf and strtod tries: the same
// text, 10 to 20 times faster. The CLI, the tests and the program page's module install it
// (kernels/common/catalogue.cpp); the single-call web modules do without its code. Off, the
// printf and strtod tries give the same text (tests/unit/core/test_number_format.cpp).
void use_fast_float_format(bool on);
// "1st", "2nd", "3rd", "11th", "22nd": n as an English ordinal.
std::string ordinal(std::int64_t n);

}  // namespace whence
