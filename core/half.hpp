// half.hpp - float16 and bfloat16 as storage types: 16 bits each, converted to and from
// float on load and store. float16 conversion is Debian's libfp16 (IEEE half); bfloat16 keeps
// the top 16 bits of a float, rounded to nearest even, NaN kept quiet (as c10::BFloat16).
#pragma once
#include <cstdint>
#include <cstring>

#include <fp16.h>

namespace whence {

struct Half {
  std::uint16_t bits = 0;
  Half() = default;
  explicit Half(float f) : bits(fp16_ieee_from_fp32_value(f)) {}
  operator float() const { return fp16_ieee_to_fp32_value(bits); }
};

struct BFloat16 {
  std::uint16_t bits = 0;
  BFloat16() = default;
  explicit BFloat16(float f) {
    std::uint32_t u;
    std::memcpy(&u, &f, sizeof u);
    if (f != f) {
      bits = 0x7FC0;
      return;
    }
    u += 0x7FFFu + ((u >> 16) & 1u);  // round to nearest, ties to even
    bits = std::uint16_t(u >> 16);
  }
  operator float() const {
    const std::uint32_t u = std::uint32_t(bits) << 16;
    float f;
    std::memcpy(&f, &u, sizeof f);
    return f;
  }
};

}  // namespace whence
