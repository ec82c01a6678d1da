// number_format.hpp - numbers spelled as Python spells them: shortest round-trip floats
// ("0.1" for float32 0.1f, "1.0", "1e-05", "inf", "nan"), True/False.
#pragma once
#include <string>

#include "tensor.hpp"

namespace whence {

// Shortest decimal that reads back to the same value; float32 values round-trip as float32.
std::string format_float(double v, bool as_float32);
// One element as Python prints the item: 6, 2.5, True, nan.
std::string format_scalar(const Scalar& s);
// The same value as a double that prints shortest in JSON (float32 0.1f -> 0.1).
double json_double(const Scalar& s);

}  // namespace whence
