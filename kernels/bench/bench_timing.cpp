// bench_timing.cpp - time_min (bench_timing.hpp).
#include "kernels/bench/bench_timing.hpp"

#include <algorithm>
#include <chrono>

namespace whence::bench {

namespace {

double now_s() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

}  // namespace

Timing time_min(const std::function<void()>& call, double budget_s) {
  // Warm-up: at least two calls, until 50 ms have passed or five calls were made.
  double single = 1e30;
  const double warm_start = now_s();
  for (int i = 0; i < 5 && (i < 2 || now_s() - warm_start < 0.05); ++i) {
    const double t0 = now_s();
    call();
    single = std::min(single, now_s() - t0);
  }
  // A batch of calls lasts about two milliseconds, so the clock's resolution does not matter.
  const int batch = int(std::clamp(2e-3 / std::max(single, 1e-9), 1.0, 10000.0));
  Timing t;
  t.seconds = 1e30;
  int since_better = 0;
  const double start = now_s();
  while (true) {
    const double t0 = now_s();
    for (int i = 0; i < batch; ++i) call();
    const double per_call = (now_s() - t0) / batch;
    ++t.samples;
    t.calls += batch;
    if (per_call < t.seconds * 0.99)
      since_better = 0;
    else
      ++since_better;
    t.seconds = std::min(t.seconds, per_call);
    if (since_better >= kStableSamples && now_s() - start >= kMinTiming_s) {
      t.stable = true;
      break;
    }
    if (t.samples >= 3 && now_s() - start > budget_s) break;
  }
  return t;
}

}  // namespace whence::bench
