// fuzz_limits.hpp - the request budget scaled to the instrumented build. Unoptimised, under
// AddressSanitizer, UBSan and coverage, the engine runs 10 to 80 times slower than the release
// build (building JSON the most), so the harnesses give a request a fiftieth of the release
// limits (core/budget.hpp) and a quarter-second deadline: an input that still runs past
// the 2 s scripts/fuzz allows has escaped the budget.
#pragma once
#include "core/budget.hpp"

namespace whence::fuzz {

inline const bool kScaledLimits = [] {
  RequestLimits limits;
  limits.work /= 50;
  limits.relation_bytes /= 50;
  limits.kept_bytes /= 50;
  limits.seconds = 0.25;
  set_request_limits(limits);
  return true;
}();

}  // namespace whence::fuzz
