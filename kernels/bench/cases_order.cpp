// cases_order.cpp - sort and topk along the last dim of a float32 [n, n], against ATen. Ties
// may order indices differently, so indices are checked by gathering the values with them.
#include <ATen/ATen.h>

#include "kernels/bench/bench_case.hpp"
#include "kernels/bench/bench_tensors.hpp"

namespace whence::bench {

namespace {

constexpr std::int64_t kTopK = 8;

}  // namespace

std::vector<Case> order_cases() {
  std::vector<Case> cases;
  cases.push_back({"sort along the last dim", "order", true, [](std::int64_t numel) {
                     const std::int64_t n = side(numel);
                     const Tensor x = random_floats({n, n});
                     const BoundOp op = bind_op("torch.sort(torch.zeros(1, 1), dim=-1)", {x});
                     const at::Tensor tx = aten(x);
                     Prepared p;
                     p.whence = [=] { return op.run(); };
                     p.torch = [=] {
                       auto [v, i] = at::sort(tx, -1);
                       return std::vector<at::Tensor>{v, i};
                     };
                     p.check = [=](const std::vector<Tensor>& got, const std::vector<at::Tensor>& want) {
                       return agree_values_indices(x, 1, got, want);
                     };
                     p.bytes = 16.0 * double(numel);  // values in; values and int64 indices out
                     return p;
                   }});
  cases.push_back({"topk k=8 along the last dim", "order", true, [](std::int64_t numel) {
                     const std::int64_t n = side(numel);
                     const Tensor x = random_floats({n, n});
                     const BoundOp op = bind_op("torch.topk(torch.zeros(1, 8), " + std::to_string(kTopK) + ")", {x});
                     const at::Tensor tx = aten(x);
                     Prepared p;
                     p.whence = [=] { return op.run(); };
                     p.torch = [=] {
                       auto [v, i] = at::topk(tx, kTopK, -1);
                       return std::vector<at::Tensor>{v, i};
                     };
                     p.check = [=](const std::vector<Tensor>& got, const std::vector<at::Tensor>& want) {
                       return agree_values_indices(x, 1, got, want);
                     };
                     p.bytes = 4.0 * double(numel) + 12.0 * double(n * kTopK);
                     return p;
                   }});
  return cases;
}

}  // namespace whence::bench
