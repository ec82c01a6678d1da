// cases_factory.cpp - tensors made from nothing but their size, float32 [n, n] or n elements:
// torch.arange, torch.linspace and torch.full, and the random family's torch.randn. Write-only:
// the bytes are the result's.
#include <string>

#include "kernels/bench/bench_case.hpp"

namespace whence::bench {

std::vector<Case> factory_cases() {
  std::vector<Case> cases;
  cases.push_back({"arange(n) float32", "factory", true, [](std::int64_t numel) {
                     return prepared("torch.arange(" + std::to_string(numel) + ", dtype=torch.float32)", {},
                                     4.0 * double(numel));
                   }});
  cases.push_back({"linspace(-1, 1, n)", "factory", true, [](std::int64_t numel) {
                     return prepared("torch.linspace(-1, 1, " + std::to_string(numel) + ")", {}, 4.0 * double(numel));
                   }});
  cases.push_back({"full((n, n), 2.5)", "factory", true, [](std::int64_t numel) {
                     const std::string n = std::to_string(side(numel));
                     return prepared("torch.full((" + n + ", " + n + "), 2.5)", {}, 4.0 * double(numel));
                   }});
  // The random family: randn's blocks of 16 (a uniform per element, then Box–Muller with the
  // AVX2 kernel's log and sincos), from a fresh generator at PyTorch's default seed on both sides.
  cases.push_back({"randn(n) float32", "random", true, [](std::int64_t numel) {
                     return prepared("torch.randn(" + std::to_string(numel) + ")", {}, 4.0 * double(numel));
                   }});
  return cases;
}

}  // namespace whence::bench
