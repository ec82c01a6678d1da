// random_draws.cpp - PyTorch 1.13's CPU sampling transforms (random_draws.hpp).
#include "kernels/random/random_draws.hpp"

#include <cstring>

namespace whence {

namespace {

constexpr double kPi = 3.14159265358979323846;

float bits_float(std::uint32_t u) {
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}
std::uint32_t float_bits(float f) {
  std::uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}

}  // namespace

// Cephes' logf as avx_mathfun vectorizes it; the polynomial and the e·q terms are fused
// multiply-adds where GCC contracted the build's separate multiplies and adds.
float avx_log(float x) {
  const bool invalid = !(x > 0.0f);
  const float min_norm = bits_float(0x00800000U);
  x = x > min_norm ? x : min_norm;  // _mm256_max_ps(x, min_norm)
  std::int32_t imm0 = std::int32_t(float_bits(x) >> 23);
  x = bits_float((float_bits(x) & ~0x7f800000U) | float_bits(0.5f));
  imm0 -= 0x7f;
  float e = float(imm0);
  e = e + 1.0f;
  const bool below = x < 0.707106781186547524f;
  const float tmp = below ? x : 0.0f;
  x = x - 1.0f;
  e = e - (below ? 1.0f : 0.0f);
  x = x + tmp;
  const float z = x * x;
  float y = 7.0376836292E-2f;
  y = std::fma(y, x, -1.1514610310E-1f);
  y = std::fma(y, x, 1.1676998740E-1f);
  y = std::fma(y, x, -1.2420140846E-1f);
  y = std::fma(y, x, +1.4249322787E-1f);
  y = std::fma(y, x, -1.6668057665E-1f);
  y = std::fma(y, x, +2.0000714765E-1f);
  y = std::fma(y, x, -2.4999993993E-1f);
  y = std::fma(y, x, +3.3333331174E-1f);
  y = y * x;
  y = std::fma(y, z, e * -2.12194440e-4f);
  y = std::fma(-z, 0.5f, y);
  x = x + y;
  x = std::fma(e, 0.693359375f, x);
  if (invalid) x = bits_float(0xffffffffU);
  return x;
}

void avx_sincos(float xin, float& s_out, float& c_out) {
  std::uint32_t sign_sin = float_bits(xin) & 0x80000000U;
  float x = bits_float(float_bits(xin) & 0x7fffffffU);
  float y = x * 1.27323954473516f;
  std::int32_t imm2 = std::int32_t(y);  // _mm256_cvttps_epi32 (the range here is small)
  imm2 = (imm2 + 1) & ~1;
  y = float(imm2);
  std::int32_t imm4 = imm2;
  const std::uint32_t swap_sign_sin = std::uint32_t(imm2 & 4) << 29;
  const bool poly_second = (imm2 & 2) == 0;
  x = std::fma(y, -0.78515625f, x);
  x = std::fma(y, -2.4187564849853515625e-4f, x);
  x = std::fma(y, -3.77489497744594108e-8f, x);
  imm4 -= 2;
  const std::uint32_t sign_cos = std::uint32_t(~imm4 & 4) << 29;
  sign_sin ^= swap_sign_sin;
  const float z = x * x;
  float c = 2.443315711809948E-005f;
  c = std::fma(c, z, -1.388731625493765E-003f);
  c = std::fma(c, z, 4.166664568298827E-002f);
  c = c * z;
  c = std::fma(c, z, -(z * 0.5f));
  c = c + 1.0f;
  float s = -1.9515295891E-4f;
  s = std::fma(s, z, 8.3321608736E-3f);
  s = std::fma(s, z, -1.6666654611E-1f);
  s = s * z;
  s = std::fma(s, x, x);
  // poly_mask selects the sine polynomial for sin where (j & 2) == 0
  const float ysin = poly_second ? s : c;
  const float ycos = poly_second ? c : s;
  s_out = bits_float(float_bits(ysin) ^ sign_sin);
  c_out = bits_float(float_bits(ycos) ^ sign_cos);
}

void normal_block_avx2(float* data, float mean, float std) {
  const float two_pi = float(2.0f * kPi);
  for (int j = 0; j < 8; ++j) {
    const float u1 = 1.0f - data[j];
    const float u2 = data[j + 8];
    const float radius = std::sqrt(-2.0f * avx_log(u1));
    const float theta = two_pi * u2;
    float s, c;
    avx_sincos(theta, s, c);
    data[j] = std::fma(radius * c, std, mean);
    data[j + 8] = std::fma(radius * s, std, mean);
  }
}

void normal_block_double(double* data, double mean, double std) {
  for (int j = 0; j < 8; ++j) {
    const double u1 = 1 - data[j];
    const double u2 = data[j + 8];
    const double radius = std::sqrt(-2 * std::log(u1));
    const double theta = 2.0f * kPi * u2;
    // (x · std + mean: one fused multiply-add in PyTorch's AVX2 build, as GCC contracted it)
    data[j] = std::fma(radius * std::cos(theta), std, mean);
    data[j + 8] = std::fma(radius * std::sin(theta), std, mean);
  }
}

template <class T>
void normal_block_half(T* data, float mean, float std) {
  for (int j = 0; j < 8; ++j) {
    const T u1 = T(1.0f - float(data[j]));
    const T u2 = data[j + 8];
    const T radius = T(std::sqrt(-2.0f * std::log(float(u1))));
    const T theta = T(float(2.0f * kPi * double(float(u2))));
    data[j] = T(std::fma(float(radius) * std::cos(float(theta)), float(T(std)), float(T(mean))));
    data[j + 8] = T(std::fma(float(radius) * std::sin(float(theta)), float(T(std)), float(T(mean))));
  }
}
template void normal_block_half<Half>(Half*, float, float);

// bfloat16: PyTorch 1.13's std::log, std::sqrt, std::cos, std::sin of c10::BFloat16 and its
// arithmetic between two BFloat16 values return BFloat16, so every step rounds to bfloat16.
template <>
void normal_block_half<BFloat16>(BFloat16* data, float mean, float std) {
  using B = BFloat16;
  auto r = [](float v) { return float(B(v)); };
  const float m = r(mean), s = r(std);
  for (int j = 0; j < 8; ++j) {
    const float u1 = r(1.0f - float(data[j]));
    const float u2 = float(data[j + 8]);
    const float radius = r(std::sqrt(r(-2.0f * r(std::log(u1)))));
    const float theta = r(float(2.0f * kPi * double(u2)));
    data[j] = B(r(r(radius * r(std::cos(theta))) * s) + m);
    data[j + 8] = B(r(r(radius * r(std::sin(theta))) * s) + m);
  }
}

double normal_double(CpuGenerator& g, double mean, double std, bool& cached) {
  cached = false;
  if (g.next_double_normal) {
    const double v = *g.next_double_normal;
    g.next_double_normal.reset();
    cached = true;
    return std::fma(v, std, mean);  // (v · std + mean, fused in PyTorch's AVX2 build)
  }
  const double u1 = uniform_bits_double(g.random64());
  const double u2 = uniform_bits_double(g.random64());
  const double r = std::sqrt(-2.0 * std::log(1.0 - u2));
  const double theta = 2.0 * kPi * u1;
  g.next_double_normal = r * std::sin(theta);
  return std::fma(r * std::cos(theta), std, mean);
}

}  // namespace whence
