// cases_select.cpp - reads and writes through index tensors and masks on a float32 [n, n]:
// gather and scatter_add along the last dim with random int64 indices, index_select and x[idx]
// of the rows (and index_select of the columns) in a random order, masked_select with a random
// half of the mask set.
#include "kernels/bench/bench_case.hpp"

namespace whence::bench {

std::vector<Case> select_cases() {
  std::vector<Case> cases;
  cases.push_back({"gather dim=1", "select", true, [](std::int64_t numel) {
                     const std::int64_t n = side(numel);
                     return prepared("torch.gather(torch.zeros(1, 1), 1, torch.zeros(1, 1, dtype=torch.int64))",
                                     {random_floats({n, n}), random_indices({n, n}, n)},
                                     16.0 * double(numel));  // index 8, input 4, output 4 per element
                   }});
  cases.push_back({"index_select dim=0 (rows permuted)", "select", true, [](std::int64_t numel) {
                     const std::int64_t n = side(numel);
                     return prepared("torch.index_select(torch.zeros(1, 1), 0, torch.zeros(1, dtype=torch.int64))",
                                     {random_floats({n, n}), permutation(n)}, 8.0 * double(numel) + 8.0 * double(n));
                   }});
  cases.push_back({"index_select dim=1 (columns permuted)", "select", true, [](std::int64_t numel) {
                     const std::int64_t n = side(numel);
                     return prepared("torch.index_select(torch.zeros(1, 1), 1, torch.zeros(1, dtype=torch.int64))",
                                     {random_floats({n, n}), permutation(n)}, 8.0 * double(numel) + 8.0 * double(n));
                   }});
  cases.push_back({"x[idx] (rows permuted)", "select", true, [](std::int64_t numel) {
                     const std::int64_t n = side(numel);
                     return prepared("torch.zeros(1, 1)[torch.zeros(1, dtype=torch.int64)]",
                                     {random_floats({n, n}), permutation(n)}, 8.0 * double(numel) + 8.0 * double(n));
                   }});
  cases.push_back(
      {"scatter_add dim=1", "select", true, [](std::int64_t numel) {
         const std::int64_t n = side(numel);
         return prepared(
             "torch.scatter_add(torch.zeros(1, 1), 1, torch.zeros(1, 1, dtype=torch.int64), torch.zeros(1, 1))",
             {random_floats({n, n}), random_indices({n, n}, n), random_floats({n, n}, -2, 2, 7)},
             20.0 * double(numel));  // input 4 (copied), index 8, src 4, output 4
       }});
  cases.push_back({"masked_select (half set)", "select", true, [](std::int64_t numel) {
                     const std::int64_t n = side(numel);
                     return prepared("torch.masked_select(torch.zeros(1, 1), torch.zeros(1, 1, dtype=torch.bool))",
                                     {random_floats({n, n}), random_mask({n, n})},
                                     5.0 * double(numel) + 2.0 * double(numel));  // input and mask in, about half out
                   }});
  return cases;
}

}  // namespace whence::bench
