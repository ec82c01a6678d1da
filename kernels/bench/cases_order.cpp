// cases_order.cpp - sort and topk along the last dim of a float32 [n, n]. Ties may order
// indices differently from PyTorch: aten_cases.cpp checks indices by gathering the values.
#include "kernels/bench/bench_case.hpp"

namespace whence::bench {

std::vector<Case> order_cases() {
  std::vector<Case> cases;
  cases.push_back(
      {"sort along the last dim", "order", true, [](std::int64_t numel) {
         const std::int64_t n = side(numel);
         // values in; values and int64 indices out
         return prepared("torch.sort(torch.zeros(1, 1), dim=-1)", {random_floats({n, n})}, 16.0 * double(numel));
       }});
  cases.push_back({"topk k=8 along the last dim", "order", true, [](std::int64_t numel) {
                     const std::int64_t n = side(numel), k = 8;
                     return prepared("torch.topk(torch.zeros(1, 8), " + std::to_string(k) + ")",
                                     {random_floats({n, n})}, 4.0 * double(numel) + 12.0 * double(n * k));
                   }});
  return cases;
}

}  // namespace whence::bench
