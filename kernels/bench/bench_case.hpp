// bench_case.hpp - one case of the benchmark: an op at one size, run by Whence. The case files
// (cases_*.cpp) describe Whence's side and include no ATen header, so that the same table runs
// natively against libtorch (whence_bench: bench_main.cpp, whose ATen sides are in
// aten_cases.cpp, matched by name) and in WebAssembly under node (whence_bench_wasm:
// bench_wasm.cpp).
#pragma once
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/tensor.hpp"
#include "kernels/bench/bench_tensors.hpp"

namespace whence::bench {

// Whence's side of one case at one size, ready to run: inputs made and bound, so that each
// call is only the op's compute path (the registry's run).
struct Prepared {
  // The tensors bound into `op`, in the call text's order: the ATen side reads the same memory.
  std::vector<Tensor> inputs;
  BoundOp op;
  double bytes = 0;  // the least memory traffic of one call: every input read, every output written once
  double flops = 0;  // compute-bound cases: the multiply-adds of one call, counted as 2 each
};

struct Case {
  std::string name;  // "add [R,C] + [C]": what --filter matches, and what names its ATen side
  std::string
      family;  // the report's grouping: elementwise, reduce, order, select, movement, contraction, window, resample, factory
  bool memory_bound = true;  // every case but mm, bmm and conv2d (issue 10's compute-bound ones)
  std::function<Prepared(std::int64_t numel)> prepare;  // may throw Skip
};

// A case that cannot run at this size, with the reason printed in its place.
struct Skip : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Binds `code` (bench_tensors.hpp: bind_op) on `inputs`.
Prepared prepared(const std::string& code, std::vector<Tensor> inputs, double bytes, double flops = 0);

// Each family's cases (cases_<family>.cpp), and all of them in the table's order.
std::vector<Case> elementwise_cases();
std::vector<Case> reduce_cases();
std::vector<Case> order_cases();
std::vector<Case> select_cases();
std::vector<Case> movement_cases();
std::vector<Case> products_cases();
std::vector<Case> factory_cases();
std::vector<Case> all_cases();

// Prepares `c` at `numel` elements and runs it once: where Whence refuses a case, it refuses
// here. Returns "" (and the first result in `first`, when given), or why the case is skipped
// at this size: the case's Skip, Whence's refusal, or memory running out.
std::string prepare_case(const Case& c, std::int64_t numel, Prepared& p, std::vector<Tensor>* first = nullptr);

}  // namespace whence::bench
