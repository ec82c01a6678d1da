// cases_movement.cpp - copies that move elements, with a float32 [n, n] result:
// x.t().contiguous(), cat of two halves along the last dim, flip of the last dim and of dim 0,
// repeat(2, 2).
#include "kernels/bench/bench_case.hpp"

namespace whence::bench {

std::vector<Case> movement_cases() {
  std::vector<Case> cases;
  cases.push_back(
      {"transpose + contiguous", "movement", true, [](std::int64_t numel) {
         const std::int64_t n = side(numel);
         const Tensor x = random_floats({n, n});
         const Tensor xt = x.as_strided({n, n}, {1, n}, 0);  // x.t(): the view is made once, outside the timing
         return prepared("torch.zeros(1, 2).t().contiguous()", {xt}, 8.0 * double(numel));
       }});
  cases.push_back({"cat two [n,n/2] along dim 1", "movement", true, [](std::int64_t numel) {
                     const std::int64_t n = side(numel);
                     return prepared("torch.cat([torch.zeros(1, 1), torch.zeros(1, 1)], dim=1)",
                                     {random_floats({n, n / 2}, -2, 2, 1), random_floats({n, n / 2}, -2, 2, 5)},
                                     8.0 * double(numel));
                   }});
  cases.push_back(
      {"flip the last dim", "movement", true, [](std::int64_t numel) {
         const std::int64_t n = side(numel);
         return prepared("torch.flip(torch.zeros(1, 1), [-1])", {random_floats({n, n})}, 8.0 * double(numel));
       }});
  cases.push_back(
      {"flip dim 0", "movement", true, [](std::int64_t numel) {
         const std::int64_t n = side(numel);
         return prepared("torch.flip(torch.zeros(1, 1), [0])", {random_floats({n, n})}, 8.0 * double(numel));
       }});
  cases.push_back({"repeat(2, 2) of [n/2,n/2]", "movement", true, [](std::int64_t numel) {
                     const std::int64_t n = side(numel);
                     return prepared("torch.zeros(1, 1).repeat(2, 2)", {random_floats({n / 2, n / 2})},
                                     5.0 * double(numel));  // a quarter read, all written
                   }});
  return cases;
}

}  // namespace whence::bench
