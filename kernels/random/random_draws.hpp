// random_draws.hpp - PyTorch 1.13's CPU sampling transforms, one draw at a time, on the
// generator of core/generator.hpp: the 24-bit (float32) and 53-bit (float64) uniforms, the
// Box–Muller normal pair with its cache, and randn's 16-element block, whose float32 variant is
// the AVX2 kernel of Debian's build (avx_mathfun's log256_ps and sincos256_ps, written here
// lane by lane with the fused multiply-adds GCC formed in that build).
#pragma once
#include <cmath>
#include <cstdint>

#include "core/generator.hpp"
#include "core/half.hpp"

namespace whence {

// at::uniform_real_distribution's transforms: (draw mod 2^digits) / 2^digits, then
// u·(to − from) + from in the accumulate type (float for float, half and bfloat16).
inline float uniform_bits_float(std::uint32_t draw, int digits) {
  const std::uint32_t mask = (std::uint32_t(1) << digits) - 1;
  return float(draw & mask) * (1.0f / float(std::uint32_t(1) << digits));
}
inline double uniform_bits_double(std::uint64_t draw) {
  return double(draw & ((std::uint64_t(1) << 53) - 1)) * (1.0 / 9007199254740992.0);
}

// The float32 AVX2 path's transcendental functions for one lane (avx_mathfun.h).
float avx_log(float x);
void avx_sincos(float x, float& s, float& c);

// normal_fill_16_AVX2 on 16 uniforms in place (float32).
void normal_block_avx2(float* data, float mean, float std);
// normal_fill_16 on 16 uniforms in place, the scalar template (float64).
void normal_block_double(double* data, double mean, double std);
// The same template for float16 and bfloat16 (its arithmetic in float, stored rounded).
template <class T>
void normal_block_half(T* data, float mean, float std);

// at::normal_distribution<double>: the cached second value if there is one, else a new pair
// from two 53-bit uniforms (u1 for the angle, u2 for the radius), caching r·sin.
// `cached` says which.
double normal_double(CpuGenerator& g, double mean, double std, bool& cached);

}  // namespace whence
