// cases_select.cpp - reads and writes through index tensors and masks, against ATen, on a
// float32 [n, n]: gather and scatter_add along the last dim with random int64 indices,
// index_select of the rows in a random order, masked_select with a random half of the mask set.
#include <ATen/ATen.h>

#include "kernels/bench/bench_case.hpp"
#include "kernels/bench/bench_tensors.hpp"

namespace whence::bench {

std::vector<Case> select_cases() {
  std::vector<Case> cases;
  cases.push_back({"gather dim=1", "select", true, [](std::int64_t numel) {
                     const std::int64_t n = side(numel);
                     const Tensor x = random_floats({n, n}), idx = random_indices({n, n}, n);
                     const BoundOp op = bind_op("torch.gather(torch.zeros(1, 1), 1, torch.zeros(1, 1, dtype=torch.int64))", {x, idx});
                     const at::Tensor tx = aten(x), ti = aten(idx);
                     Prepared p;
                     p.whence = [=] { return op.run(); };
                     p.torch = [=] { return std::vector<at::Tensor>{at::gather(tx, 1, ti)}; };
                     p.bytes = 16.0 * double(numel);  // index 8, input 4, output 4 per element
                     return p;
                   }});
  cases.push_back({"index_select dim=0 (rows permuted)", "select", true, [](std::int64_t numel) {
                     const std::int64_t n = side(numel);
                     const Tensor x = random_floats({n, n}), idx = permutation(n);
                     const BoundOp op =
                         bind_op("torch.index_select(torch.zeros(1, 1), 0, torch.zeros(1, dtype=torch.int64))", {x, idx});
                     const at::Tensor tx = aten(x), ti = aten(idx);
                     Prepared p;
                     p.whence = [=] { return op.run(); };
                     p.torch = [=] { return std::vector<at::Tensor>{at::index_select(tx, 0, ti)}; };
                     p.bytes = 8.0 * double(numel) + 8.0 * double(n);
                     return p;
                   }});
  cases.push_back({"scatter_add dim=1", "select", true, [](std::int64_t numel) {
                     const std::int64_t n = side(numel);
                     const Tensor x = random_floats({n, n}), idx = random_indices({n, n}, n), src = random_floats({n, n}, -2, 2, 7);
                     const BoundOp op = bind_op(
                         "torch.scatter_add(torch.zeros(1, 1), 1, torch.zeros(1, 1, dtype=torch.int64), torch.zeros(1, 1))",
                         {x, idx, src});
                     const at::Tensor tx = aten(x), ti = aten(idx), ts = aten(src);
                     Prepared p;
                     p.whence = [=] { return op.run(); };
                     p.torch = [=] { return std::vector<at::Tensor>{at::scatter_add(tx, 1, ti, ts)}; };
                     p.bytes = 20.0 * double(numel);  // input 4 (copied), index 8, src 4, output 4
                     return p;
                   }});
  cases.push_back({"masked_select (half set)", "select", true, [](std::int64_t numel) {
                     const std::int64_t n = side(numel);
                     const Tensor x = random_floats({n, n}), m = random_mask({n, n});
                     const BoundOp op =
                         bind_op("torch.masked_select(torch.zeros(1, 1), torch.zeros(1, 1, dtype=torch.bool))", {x, m});
                     const at::Tensor tx = aten(x), tm = aten(m);
                     Prepared p;
                     p.whence = [=] { return op.run(); };
                     p.torch = [=] { return std::vector<at::Tensor>{at::masked_select(tx, tm)}; };
                     p.bytes = 5.0 * double(numel) + 2.0 * double(numel);  // input and mask in, about half out
                     return p;
                   }});
  return cases;
}

}  // namespace whence::bench
