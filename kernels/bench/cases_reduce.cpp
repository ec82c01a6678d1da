// cases_reduce.cpp - reductions and scans, each over the last dim and over dim 0 of a float32
// [n, n]: sum, max (values and indices along dim), softmax, logsumexp, cumsum.
#include "kernels/bench/bench_case.hpp"

namespace whence::bench {

namespace {

// `op` is the call text up to the dim ("torch.sum(torch.zeros(1, 1), dim="). `full_output`:
// the result is as large as the input (softmax, cumsum); else it is one row (for GB/s).
// `indices`: the result is values and int64 indices (max).
void over_both_dims(std::vector<Case>& cases, const std::string& name, const std::string& op, bool full_output,
                    bool indices = false) {
  for (const std::int64_t dim : {std::int64_t(-1), std::int64_t(0)}) {
    cases.push_back({name + (dim < 0 ? " over the last dim" : " over dim 0"), "reduce", true, [=](std::int64_t numel) {
                       const std::int64_t n = side(numel);
                       // Input read once; the output written once (values + int64 indices for max).
                       return prepared(op + std::to_string(dim) + ")", {random_floats({n, n})},
                                       4.0 * double(numel) +
                                           (full_output ? 4.0 * double(numel) : (indices ? 12.0 : 4.0) * double(n)));
                     }});
  }
}

}  // namespace

std::vector<Case> reduce_cases() {
  std::vector<Case> cases;
  over_both_dims(cases, "sum", "torch.sum(torch.zeros(1, 1), dim=", false);
  over_both_dims(cases, "max", "torch.max(torch.zeros(1, 1), dim=", false, true);
  over_both_dims(cases, "softmax", "torch.softmax(torch.zeros(1, 1), dim=", true);
  over_both_dims(cases, "logsumexp", "torch.logsumexp(torch.zeros(1, 1), dim=", false);
  over_both_dims(cases, "cumsum", "torch.cumsum(torch.zeros(1, 1), dim=", true);
  return cases;
}

}  // namespace whence::bench
