// budget.hpp - what one request may spend (core/README.md, "Limits"). Work is counted, not
// timed, so that a request is refused the same way on every machine: the loops that can run
// long (relations listed, provenance composed, multiply-adds of a convolution or a
// contraction) charge their steps, and the bytes of relations a response carries are
// counted as they are written. A wall-clock deadline stands behind both, checked where work is
// charged. Past a limit the request fails with an Unsupported error that names the limit.
#pragma once
#include <cstdint>

namespace whence {

struct RequestLimits {
  // Elementary steps: a source listed or composed, a multiply-add, an element compared. About
  // 1 s of the release build's time at the costliest step (a source composed through a program).
  std::int64_t work = 200'000'000;
  // The relations (sources and equations) one response may write: a 64 x 64 matmul explained
  // whole writes 11 MB.
  std::int64_t relation_bytes = 32 << 20;
  // What a request keeps while it runs, where that grows with the relations: a program's
  // sources per element and their composition through its steps (a 256 x 256 matmul keeps
  // 33 million sources). Tensors are bounded by the element limits already.
  std::int64_t kept_bytes = 256 << 20;
  // Behind the counts: a request still running after this long is stopped at its next charge.
  double seconds = 10;
};

// The limits in force (the defaults above, unless a benchmark or a fuzz harness set others).
const RequestLimits& request_limits();
void set_request_limits(const RequestLimits& limits);

// One request: its counts start at zero where the outermost scope opens (evaluate_line, each
// Explainer call, a program run); a scope opened inside another shares its counts.
class RequestScope {
 public:
  RequestScope();
  ~RequestScope();
  RequestScope(const RequestScope&) = delete;
  RequestScope& operator=(const RequestScope&) = delete;
};

// Starts the open request's counts and deadline again: a program stopped by a limit still
// answers with the steps before it, and writing them needs an allowance of its own.
void renew_request_budget();

// Adds to the open request's counts (nothing outside a scope); throws Unsupported past a limit.
void charge_work(std::int64_t steps);
void charge_relation_bytes(std::int64_t bytes);
void charge_kept_bytes(std::int64_t bytes);

}  // namespace whence
