// timings_native.cpp - web/timings.hpp natively, for the harness that runs web/state.cpp outside
// the page: a steady clock, and nothing recorded.
#include <chrono>

#include "web/timings.hpp"

namespace whence::web::timings {

double now_ms() {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
void record_hover(double) {}
void record_frame(double, long) {}
void record_trace(double) {}

}  // namespace whence::web::timings
