// bench_case.hpp - one case of the libtorch benchmark (whence_bench): an op at one size, run
// by Whence and by ATen on the same tensors. The case files (cases_*.cpp) describe them;
// bench_main.cpp checks and times them.
#pragma once
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include <ATen/core/Tensor.h>

#include "core/tensor.hpp"

namespace whence::bench {

// Both sides of one case at one size, ready to run: inputs made and bound, so that each call
// is only the op's compute path (Whence: the registry's run; PyTorch: the at:: function).
struct Prepared {
  std::function<std::vector<Tensor>()> whence;
  std::function<std::vector<at::Tensor>()> torch;
  // "" when one run of each agrees; else what differs. Unset: every result compared with
  // agree() below.
  std::function<std::string(const std::vector<Tensor>&, const std::vector<at::Tensor>&)> check;
  double bytes = 0;  // the least memory traffic of one call: every input read, every output written once
  double flops = 0;  // compute-bound cases: the multiply-adds of one call, counted as 2 each
};

struct Case {
  std::string name;     // "add [R,C] + [C]": what --filter matches
  std::string family;   // elementwise, reduce, scan, order, select, movement, contraction, window, resample
  bool memory_bound = true;  // every case but mm, bmm and conv2d (issue 10's compute-bound ones)
  std::function<Prepared(std::int64_t numel)> prepare;  // may throw Skip
};

// A case that cannot run at this size, with the reason printed in its place.
struct Skip : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Each family's cases (cases_<family>.cpp).
std::vector<Case> elementwise_cases();
std::vector<Case> reduce_cases();
std::vector<Case> order_cases();
std::vector<Case> select_cases();
std::vector<Case> movement_cases();
std::vector<Case> products_cases();

}  // namespace whence::bench
