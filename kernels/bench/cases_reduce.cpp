// cases_reduce.cpp - reductions and scans against ATen, each over the last dim and over dim 0
// of a float32 [n, n]: sum, max (values and indices along dim), softmax, logsumexp, cumsum.
#include <ATen/ATen.h>

#include "kernels/bench/bench_case.hpp"
#include "kernels/bench/bench_tensors.hpp"

namespace whence::bench {

namespace {

using TorchFn = std::vector<at::Tensor> (*)(const at::Tensor&, std::int64_t dim);

// `op` is the call text up to the dim ("torch.sum(torch.zeros(1, 1), dim="). `full_output`:
// the result is as large as the input (softmax, cumsum); else it is one row (for GB/s).
// Check::SumLike: a float32 sum of n terms may be off by about eps·Σ|x| (Σ|x| ≈ n for these
// inputs). PyTorch's is (5e-5 at n = 4096, against a float64 sum; Whence's is off by its final
// rounding only), so the tolerance grows with n.
enum class Check { Values, SumLike, ValuesIndices };

void over_both_dims(std::vector<Case>& cases, const std::string& name, const std::string& op, TorchFn torch,
                    bool full_output, Check check = Check::Values) {
  const bool values_indices = check == Check::ValuesIndices;
  for (const std::int64_t dim : {std::int64_t(-1), std::int64_t(0)}) {
    cases.push_back({name + (dim < 0 ? " over the last dim" : " over dim 0"), "reduce", true, [=](std::int64_t numel) {
                       const std::int64_t n = side(numel);
                       const Tensor x = random_floats({n, n});
                       const BoundOp bound = bind_op(op + std::to_string(dim) + ")", {x});
                       const at::Tensor tx = aten(x);
                       Prepared p;
                       p.whence = [=] { return bound.run(); };
                       p.torch = [=] { return torch(tx, dim); };
                       if (values_indices)
                         p.check = [=](const std::vector<Tensor>& got, const std::vector<at::Tensor>& want) {
                           return agree_values_indices(x, dim < 0 ? 1 : 0, got, want);
                         };
                       if (check == Check::SumLike)
                         p.check = [=](const std::vector<Tensor>& got, const std::vector<at::Tensor>& want) {
                           return agree(got, want, 1e-4, 1e-5 + 1.2e-7 * double(n));
                         };
                       // Input read once; the output written once (values + int64 indices for max).
                       p.bytes = 4.0 * double(numel) + (full_output ? 4.0 * double(numel) : (values_indices ? 12.0 : 4.0) * double(n));
                       return p;
                     }});
  }
}

}  // namespace

std::vector<Case> reduce_cases() {
  std::vector<Case> cases;
  over_both_dims(cases, "sum", "torch.sum(torch.zeros(1, 1), dim=",
                 [](const at::Tensor& x, std::int64_t d) { return std::vector<at::Tensor>{at::sum(x, {d})}; }, false,
                 Check::SumLike);
  over_both_dims(cases, "max", "torch.max(torch.zeros(1, 1), dim=",
                 [](const at::Tensor& x, std::int64_t d) {
                   auto [v, i] = at::max(x, d);
                   return std::vector<at::Tensor>{v, i};
                 },
                 false, Check::ValuesIndices);
  over_both_dims(cases, "softmax", "torch.softmax(torch.zeros(1, 1), dim=",
                 [](const at::Tensor& x, std::int64_t d) { return std::vector<at::Tensor>{at::softmax(x, d)}; }, true);
  over_both_dims(cases, "logsumexp", "torch.logsumexp(torch.zeros(1, 1), dim=",
                 [](const at::Tensor& x, std::int64_t d) { return std::vector<at::Tensor>{at::logsumexp(x, {d})}; }, false);
  over_both_dims(cases, "cumsum", "torch.cumsum(torch.zeros(1, 1), dim=",
                 [](const at::Tensor& x, std::int64_t d) { return std::vector<at::Tensor>{at::cumsum(x, d)}; }, true,
                 Check::SumLike);
  return cases;
}

}  // namespace whence::bench
