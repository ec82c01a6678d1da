// fuzz_limits.hpp - the request budget scaled to the instrumented build. Under AddressSanitizer,
// UBSan and coverage the engine runs 5 to 10 times slower than the release build, so the
// harnesses give a request a tenth of the release limits (core/budget.hpp): an input that still
// runs past libFuzzer's 1 s timeout has escaped the budget, whatever the build.
#pragma once
#include "core/budget.hpp"

namespace whence::fuzz {

inline const bool kScaledLimits = [] {
  RequestLimits limits;
  limits.work /= 10;
  limits.relation_bytes /= 10;
  limits.seconds = 0.5;
  set_request_limits(limits);
  return true;
}();

}  // namespace whence::fuzz
