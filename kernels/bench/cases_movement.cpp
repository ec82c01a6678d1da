// cases_movement.cpp - copies that move elements, against ATen, with a float32 [n, n] result:
// x.t().contiguous(), cat of two halves along the last dim, flip of the last dim, repeat(2, 2).
#include <ATen/ATen.h>

#include "kernels/bench/bench_case.hpp"
#include "kernels/bench/bench_tensors.hpp"

namespace whence::bench {

std::vector<Case> movement_cases() {
  std::vector<Case> cases;
  cases.push_back({"transpose + contiguous", "movement", true, [](std::int64_t numel) {
                     const std::int64_t n = side(numel);
                     const Tensor x = random_floats({n, n});
                     const Tensor xt = x.as_strided({n, n}, {1, n}, 0);  // x.t(): the view is made once, outside the timing
                     const BoundOp op = bind_op("torch.zeros(1, 2).t().contiguous()", {xt});
                     const at::Tensor txt = aten(xt);
                     Prepared p;
                     p.whence = [=] { return op.run(); };
                     p.torch = [=] { return std::vector<at::Tensor>{txt.contiguous()}; };
                     p.bytes = 8.0 * double(numel);
                     return p;
                   }});
  cases.push_back({"cat two [n,n/2] along dim 1", "movement", true, [](std::int64_t numel) {
                     const std::int64_t n = side(numel);
                     const Tensor a = random_floats({n, n / 2}, -2, 2, 1), b = random_floats({n, n / 2}, -2, 2, 5);
                     const BoundOp op = bind_op("torch.cat([torch.zeros(1, 1), torch.zeros(1, 1)], dim=1)", {a, b});
                     const at::Tensor ta = aten(a), tb = aten(b);
                     Prepared p;
                     p.whence = [=] { return op.run(); };
                     p.torch = [=] { return std::vector<at::Tensor>{at::cat({ta, tb}, 1)}; };
                     p.bytes = 8.0 * double(numel);
                     return p;
                   }});
  cases.push_back({"flip the last dim", "movement", true, [](std::int64_t numel) {
                     const std::int64_t n = side(numel);
                     const Tensor x = random_floats({n, n});
                     const BoundOp op = bind_op("torch.flip(torch.zeros(1, 1), [-1])", {x});
                     const at::Tensor tx = aten(x);
                     Prepared p;
                     p.whence = [=] { return op.run(); };
                     p.torch = [=] { return std::vector<at::Tensor>{at::flip(tx, {-1})}; };
                     p.bytes = 8.0 * double(numel);
                     return p;
                   }});
  cases.push_back({"repeat(2, 2) of [n/2,n/2]", "movement", true, [](std::int64_t numel) {
                     const std::int64_t n = side(numel);
                     const Tensor x = random_floats({n / 2, n / 2});
                     const BoundOp op = bind_op("torch.zeros(1, 1).repeat(2, 2)", {x});
                     const at::Tensor tx = aten(x);
                     Prepared p;
                     p.whence = [=] { return op.run(); };
                     p.torch = [=] { return std::vector<at::Tensor>{tx.repeat({2, 2})}; };
                     p.bytes = 5.0 * double(numel);  // a quarter read, all written
                     return p;
                   }});
  return cases;
}

}  // namespace whence::bench
