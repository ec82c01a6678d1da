// bench_aten.hpp - the ATen side of the benchmark (whence_bench only; never in WebAssembly):
// the Whence inputs' memory seen by ATen, the at:: call of each case, and the comparison of
// results. aten_cases.cpp gives each case of the table (bench_case.hpp) its ATen side, by name.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include <ATen/core/Tensor.h>

#include "core/tensor.hpp"

namespace whence::bench {

// The same memory as an ATen tensor (no copy): shape, strides and offset as Whence has them.
// `t` must outlive the result.
at::Tensor aten(const Tensor& t);

// "" when the results agree: the same count, and each the same shape and dtype, with values
// within rtol/atol (exact for integers and bools).
std::string agree(const std::vector<Tensor>& got, const std::vector<at::Tensor>& want, double rtol = 1e-4,
                  double atol = 1e-5);
// For (values, indices) results where ties may pick other indices: values as agree(), and
// input.gather(dim, indices) equal to values on the Whence side.
std::string agree_values_indices(const Tensor& input, std::int64_t dim, const std::vector<Tensor>& got,
                                 const std::vector<at::Tensor>& want);

// One case's ATen side at one size, ready to run on the Whence side's inputs.
struct TorchSide {
  std::function<std::vector<at::Tensor>()> run;  // the at:: function: what is timed
  // "" when one run of each agrees; else what differs. Unset: every result compared with agree().
  std::function<std::string(const std::vector<Tensor>& got, const std::vector<at::Tensor>& want)> check;
};

struct TorchCase {
  std::string name;  // the name of its case in the table (bench_case.hpp), exactly
  // Built from the inputs the Whence side made (Prepared::inputs, in their order) and the
  // case's size in elements (all a factory case has).
  std::function<TorchSide(const std::vector<Tensor>& inputs, std::int64_t numel)> prepare;
};

// Every case's ATen side (aten_cases.cpp).
std::vector<TorchCase> torch_cases();

}  // namespace whence::bench
