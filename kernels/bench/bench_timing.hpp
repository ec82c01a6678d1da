// bench_timing.hpp - the least time of one call: warm-up, then batches of calls until the
// minimum stops improving (or a time budget is spent).
#pragma once
#include <functional>

namespace whence::bench {

struct Timing {
  double seconds = 0;   // the least time of one call
  int samples = 0;      // batches timed
  int calls = 0;        // calls made in them
  bool stable = false;  // the minimum held (within 1 %) over the last kStableSamples batches
};

constexpr int kStableSamples = 10;
// ... and timing lasted at least this long, so that a short busy spell of the machine (all of a
// 10 ms window slow) cannot pass for the minimum.
constexpr double kMinTiming_s = 0.1;

// Times `call` (which must do the same work each time). `budget_s` bounds the timing of a
// slow call: at least 3 batches are timed, and no more once the budget is spent.
Timing time_min(const std::function<void()>& call, double budget_s);

}  // namespace whence::bench
