// bench_tensors.hpp - what every case file needs: random inputs as Whence tensors, the same
// memory seen by ATen, an op bound once through the registry, and the comparison of results.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include <ATen/core/Tensor.h>

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

// The same memory as an ATen tensor (no copy): shape, strides and offset as Whence has them.
// `t` must outlive the result.
at::Tensor aten(const Tensor& t);

// An op bound once: `code` is PyTorch call text whose tensor arguments (in order, inside
// lists too) are placeholders that `tensors` replace, so binding stays out of the timed loop.
// run() is what the CLI's evaluation calls: OpDescriptor::run on the bound arguments.
struct BoundOp {
  const OpDescriptor* op = nullptr;
  Bound bound;
  std::vector<Tensor> run() const { return op->run(bound).tensors; }
};
BoundOp bind_op(const std::string& code, const std::vector<Tensor>& tensors);

// "" when the results agree: the same count, and each the same shape and dtype, with values
// within rtol/atol (exact for integers and bools).
std::string agree(const std::vector<Tensor>& got, const std::vector<at::Tensor>& want, double rtol = 1e-4,
                  double atol = 1e-5);
// For (values, indices) results where ties may pick other indices: values as agree(), and
// input.gather(dim, indices) equal to values on the Whence side.
std::string agree_values_indices(const Tensor& input, std::int64_t dim, const std::vector<Tensor>& got,
                                 const std::vector<at::Tensor>& want);

}  // namespace whence::bench
