// generator.cpp - the mt19937 engine and the state bytes of PyTorch's CPUGeneratorImpl
// (generator.hpp). Written from the engine's published definition (Matsumoto and Nishimura)
// and PyTorch's state layout, checked against torch 1.13's draws and get_rng_state() bytes.
#include "generator.hpp"

#include <cstring>
#include <string>

#include "error.hpp"

namespace whence {

namespace {

constexpr int kN = 624, kM = 397;
constexpr std::uint32_t kMatrixA = 0x9908b0dfU, kUpper = 0x80000000U, kLower = 0x7fffffffU;

// The byte offsets of CPUGeneratorImplState (x86-64 layout, padding zero):
// u64 the_initial_seed, i32 left, i32 seeded, u64 next, u64 state[624], f64 normal_x,
// f64 normal_y, f64 normal_rho, i32 normal_is_valid, (4 pad), f32 next_float_normal_sample,
// u8 is_next_float_normal_sample_valid, (3 pad).
constexpr std::size_t kSeedAt = 0, kLeftAt = 8, kSeededAt = 12, kNextAt = 16, kStateAt = 24, kNormalYAt = 5024,
                      kNormalValidAt = 5040, kFloatAt = 5048, kFloatValidAt = 5052;

template <class T>
void put(std::vector<std::uint8_t>& b, std::size_t at, T v) {
  std::memcpy(b.data() + at, &v, sizeof v);
}
template <class T>
T take(const std::vector<std::uint8_t>& b, std::size_t at) {
  T v;
  std::memcpy(&v, b.data() + at, sizeof v);
  return v;
}

thread_local std::shared_ptr<CpuGenerator> t_default;

}  // namespace

void CpuGenerator::manual_seed(std::uint64_t seed) {
  seed_ = seed;
  seeded_ = true;
  state_[0] = std::uint32_t(seed & 0xffffffffU);
  for (int j = 1; j < kN; ++j)
    state_[std::size_t(j)] =
        1812433253U * (state_[std::size_t(j - 1)] ^ (state_[std::size_t(j - 1)] >> 30)) + std::uint32_t(j);
  left_ = 1;
  next_ = 0;
  draws_ = 0;
  restored_ = false;
  next_double_normal.reset();
  next_float_normal.reset();
}

void CpuGenerator::twist() {
  left_ = kN;
  next_ = 0;
  auto mix = [](std::uint32_t u, std::uint32_t v) {
    const std::uint32_t y = (u & kUpper) | (v & kLower);
    return (y >> 1) ^ ((v & 1U) ? kMatrixA : 0U);
  };
  for (int j = 0; j < kN - kM; ++j)
    state_[std::size_t(j)] = state_[std::size_t(j + kM)] ^ mix(state_[std::size_t(j)], state_[std::size_t(j + 1)]);
  for (int j = kN - kM; j < kN - 1; ++j)
    state_[std::size_t(j)] = state_[std::size_t(j + kM - kN)] ^ mix(state_[std::size_t(j)], state_[std::size_t(j + 1)]);
  state_[kN - 1] = state_[kM - 1] ^ mix(state_[kN - 1], state_[0]);
}

std::uint32_t CpuGenerator::random() {
  if (--left_ == 0) twist();
  std::uint32_t y = state_[next_++];
  y ^= y >> 11;
  y ^= (y << 7) & 0x9d2c5680U;
  y ^= (y << 15) & 0xefc60000U;
  y ^= y >> 18;
  ++draws_;
  return y;
}

std::uint64_t CpuGenerator::random64() {
  const std::uint64_t hi = random();
  const std::uint64_t lo = random();
  return (hi << 32) | lo;
}

std::vector<std::uint8_t> CpuGenerator::get_state() const {
  std::vector<std::uint8_t> b(kStateBytes, 0);
  put<std::uint64_t>(b, kSeedAt, seed_);
  put<std::int32_t>(b, kLeftAt, left_);
  put<std::int32_t>(b, kSeededAt, seeded_ ? 1 : 0);
  put<std::uint64_t>(b, kNextAt, next_);
  for (int j = 0; j < kN; ++j) put<std::uint64_t>(b, kStateAt + 8 * std::size_t(j), state_[std::size_t(j)]);
  if (next_double_normal) {
    put<double>(b, kNormalYAt, *next_double_normal);
    put<std::int32_t>(b, kNormalValidAt, 1);
  }
  if (next_float_normal) {
    put<float>(b, kFloatAt, *next_float_normal);
    b[kFloatValidAt] = 1;
  }
  return b;
}

void CpuGenerator::set_state(const std::vector<std::uint8_t>& b) {
  if (b.size() != kStateBytes && b.size() != kLegacyStateBytes)
    fail("RuntimeError", "Expected either a CPUGeneratorImplStateLegacy of size " + std::to_string(kLegacyStateBytes) +
                             " or a CPUGeneratorImplState of size " + std::to_string(kStateBytes) +
                             " but found the input RNG state size to be " + std::to_string(b.size()));
  seed_ = take<std::uint64_t>(b, kSeedAt);
  left_ = take<std::int32_t>(b, kLeftAt);
  seeded_ = take<std::int32_t>(b, kSeededAt) != 0;
  next_ = std::uint32_t(take<std::uint64_t>(b, kNextAt));
  for (int j = 0; j < kN; ++j)
    state_[std::size_t(j)] = std::uint32_t(take<std::uint64_t>(b, kStateAt + 8 * std::size_t(j)));
  next_double_normal.reset();
  next_float_normal.reset();
  if (take<std::int32_t>(b, kNormalValidAt) != 0) next_double_normal = take<double>(b, kNormalYAt);
  if (b.size() == kStateBytes && b[kFloatValidAt] != 0) next_float_normal = take<float>(b, kFloatAt);
  draws_ = 0;
  restored_ = true;
}

GeneratorScope::GeneratorScope() {
  if (t_default) return;
  t_default = std::make_shared<CpuGenerator>();
  owner_ = true;
}

GeneratorScope::~GeneratorScope() {
  if (owner_) t_default.reset();
}

GeneratorRef default_generator() {
  if (t_default) return GeneratorRef{t_default};
  return GeneratorRef{std::make_shared<CpuGenerator>()};
}

}  // namespace whence
