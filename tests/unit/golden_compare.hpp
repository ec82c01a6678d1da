// golden_compare.hpp - how a Whence value is compared with PyTorch's golden one: dtype and
// shape exactly, data within PyTorch's own test tolerances (torch.testing).
#pragma once
#include <cmath>
#include <cstdint>
#include <string>

#include "core/api.hpp"

namespace whence_test {

using whence::Json;

inline bool number_of(const Json& j, double& out) {
  if (j.is_string()) {
    const auto s = j.get<std::string>();
    if (s == "nan")
      out = std::nan("");
    else if (s == "inf")
      out = HUGE_VAL;
    else if (s == "-inf")
      out = -HUGE_VAL;
    else
      return false;
    return true;
  }
  if (!j.is_number() || j.is_boolean()) return false;
  out = j.get<double>();
  return true;
}

// PyTorch's own test tolerances (torch.testing): floats within rtol·|want| + atol, NaN equal
// to NaN, infinities exactly; integers and bools exact.
struct Tolerance {
  double rtol, atol;
};
inline Tolerance tolerance(const std::string& dtype) {
  if (dtype == "float16") return {1e-3, 1e-5};
  if (dtype == "bfloat16") return {1.6e-2, 1e-5};
  if (dtype == "float32") return {1.3e-6, 1e-5};
  return {1e-7, 1e-7};
}

inline bool element_equal(const Json& want, const Json& got, const std::string& dtype) {
  if (dtype == "bool") return got.is_boolean() && want.is_boolean() && got.get<bool>() == want.get<bool>();
  if (dtype != "float16" && dtype != "bfloat16" && dtype != "float32" && dtype != "float64") {
    if (!got.is_number_integer() || !want.is_number_integer()) return false;
    // nlohmann keeps non-negative integers unsigned; compare in the wider domain
    if (got.is_number_unsigned() != want.is_number_unsigned())
      return got.is_number_unsigned()
                 ? got.get<std::uint64_t>() <= INT64_MAX && got.get<std::int64_t>() == want.get<std::int64_t>()
                 : want.get<std::uint64_t>() <= INT64_MAX && want.get<std::int64_t>() == got.get<std::int64_t>();
    return got == want;
  }
  double a = 0, b = 0;
  if (!number_of(want, a) || !number_of(got, b)) return false;
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  if (std::isinf(a) || std::isinf(b)) return a == b;
  const Tolerance t = tolerance(dtype);
  return std::fabs(a - b) <= t.atol + t.rtol * std::fabs(a);
}

// "" when tensor `g` equals tensor `e` (dtype, shape, data within tolerance).
inline std::string tensor_difference(const Json& e, const Json& g) {
  if (!g.is_object()) return "result is not a tensor: " + g.dump();
  if (g.value("dtype", Json()) != e["dtype"])
    return "dtype: expected " + e["dtype"].dump() + ", got " + g.value("dtype", Json()).dump();
  if (g.value("shape", Json()) != e["shape"])
    return "shape: expected " + e["shape"].dump() + ", got " + g.value("shape", Json()).dump();
  const Json gd = g.value("data", Json());
  const Json& ed = e["data"];
  if (!gd.is_array() || gd.size() != ed.size()) return "data: expected " + ed.dump() + ", got " + gd.dump();
  const std::string dtype = e["dtype"].get<std::string>();
  for (std::size_t i = 0; i < ed.size(); ++i)
    if (!element_equal(ed[i], gd[i], dtype))
      return "data[" + std::to_string(i) + "]: expected " + ed[i].dump() + ", got " + gd[i].dump();
  return "";
}

}  // namespace whence_test
