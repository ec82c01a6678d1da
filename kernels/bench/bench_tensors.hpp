// bench_tensors.hpp - what every case file needs: random inputs as Whence tensors and an op
// bound once through the registry. No ATen here: the case files (cases_*.cpp) are compiled
// into WebAssembly too; bench_aten.hpp holds the ATen side.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/registry.hpp"
#include "core/tensor.hpp"

namespace whence::bench {

// [rows, cols] for a case of `numel` elements: square (4 K = 64², 64 K = 256², 1 M = 1024²,
// 16 M = 4096²).
std::int64_t side(std::int64_t numel);

// Random float32 values, uniform in [lo, hi), from a fixed seed (the same tensors every run).
Tensor random_floats(const Shape& shape, float lo = -2, float hi = 2, unsigned seed = 1);
// Random int64 values, uniform in [0, bound).
Tensor random_indices(const Shape& shape, std::int64_t bound, unsigned seed = 2);
// A random permutation of 0..n-1 as int64.
Tensor permutation(std::int64_t n, unsigned seed = 3);
// Random bools, each true with probability one half.
Tensor random_mask(const Shape& shape, unsigned seed = 4);

// An op bound once: `code` is PyTorch call text whose tensor arguments (in order, inside
// lists too) are placeholders that `tensors` replace, so binding stays out of the timed loop.
// run() is what the CLI's evaluation calls: OpDescriptor::run on the bound arguments.
struct BoundOp {
  const OpDescriptor* op = nullptr;
  Bound bound;
  std::vector<Tensor> run() const { return op->run(bound).tensors; }
};
BoundOp bind_op(const std::string& code, const std::vector<Tensor>& tensors);

}  // namespace whence::bench
