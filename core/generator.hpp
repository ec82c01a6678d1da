// generator.hpp - PyTorch's CPU random generator (CPUGeneratorImpl) bit for bit: the mt19937
// engine seeded as at::mt19937 seeds it, 32- and 64-bit draws, the cached normal samples, and
// the 5056-byte state of torch.get_rng_state(). Also the "default generator" of a request
// (torch.manual_seed, torch.randn without generator=): a single call, or a whole program, gets
// a fresh one at PyTorch's default seed, and nothing is kept between requests.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace whence {

// PyTorch's default_rng_seed_val: the seed of a fresh torch.Generator(). (A fresh Python
// process seeds its default generator from /dev/urandom instead; Whence starts every request
// from this seed, as a fresh torch.Generator() does.)
constexpr std::uint64_t kDefaultSeed = 67280421310721ULL;
constexpr std::size_t kStateBytes = 5056;        // sizeof(CPUGeneratorImplState)
constexpr std::size_t kLegacyStateBytes = 5048;  // sizeof(THGeneratorState): accepted by set_state

class CpuGenerator {
 public:
  explicit CpuGenerator(std::uint64_t seed = kDefaultSeed) { manual_seed(seed); }

  // torch.manual_seed / Generator.manual_seed: the engine from the low 32 bits, the seed kept
  // whole (initial_seed() returns it), the cached normals dropped.
  void manual_seed(std::uint64_t seed);
  std::uint64_t initial_seed() const { return seed_; }

  std::uint32_t random();    // one engine draw
  std::uint64_t random64();  // two draws: the first is the high 32 bits
  // Draws taken from the engine since the last seed or set_state (a set_state counts from 0).
  std::uint64_t draws() const { return draws_; }
  // Whether the state came from set_state (draws() then counts from there, not from the seed).
  bool restored() const { return restored_; }

  // The cached second value of a normal pair (normal_distribution<double> / <float>).
  std::optional<double> next_double_normal;
  std::optional<float> next_float_normal;

  std::vector<std::uint8_t> get_state() const;  // torch.get_rng_state()'s bytes
  // Throws Error with PyTorch's message on a wrong size.
  void set_state(const std::vector<std::uint8_t>& bytes);

 private:
  void twist();
  std::uint64_t seed_ = 0;
  int left_ = 1;
  bool seeded_ = false;
  std::uint32_t next_ = 0;
  std::array<std::uint32_t, 624> state_{};
  std::uint64_t draws_ = 0;
  bool restored_ = false;
};

// A Python torch.Generator object: shared, as Python's names share the object.
struct GeneratorRef {
  std::shared_ptr<CpuGenerator> gen;
};

// The default generator of the running request. A scope opens one at kDefaultSeed unless an
// outer scope holds one already (a program's statements share its run's generator). Outside
// any scope (a unit test calling an op's run), each default_generator() is a fresh one.
class GeneratorScope {
 public:
  GeneratorScope();
  ~GeneratorScope();
  GeneratorScope(const GeneratorScope&) = delete;
  GeneratorScope& operator=(const GeneratorScope&) = delete;

 private:
  bool owner_ = false;
};
// The default generator (torch.default_generator) of the open scope.
GeneratorRef default_generator();

}  // namespace whence
