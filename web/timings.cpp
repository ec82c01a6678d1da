#include "timings.hpp"

#include <algorithm>
#include <vector>

#include <emscripten.h>
#include <emscripten/bind.h>
#include <emscripten/val.h>

namespace whence::web::timings {

namespace {

using emscripten::val;

constexpr std::size_t kKept = 256;

struct Series {
  std::vector<double> ms;  // a ring of the last kKept samples
  std::size_t next = 0, count = 0;
  double first = 0, last = 0, max_after_first = 0;
  void add(double x) {
    if (count == 0)
      first = x;
    else
      max_after_first = std::max(max_after_first, x);
    if (ms.size() < kKept)
      ms.push_back(x);
    else
      ms[next] = x;
    next = (next + 1) % kKept;
    ++count;
    last = x;
  }
  val summary() const {
    val out = val::object();
    std::vector<double> s = ms;
    std::sort(s.begin(), s.end());
    out.set("first", first);  // since the reset: the one that may pay for compiling code first
    out.set("maxAfterFirst", max_after_first);
    out.set("last", last);
    out.set("median", s.empty() ? 0.0 : s[s.size() / 2]);
    out.set("p95", s.empty() ? 0.0 : s[s.size() * 95 / 100]);  // the max alone is one preempted sample
    out.set("max", s.empty() ? 0.0 : s.back());
    out.set("count", double(count));
    return out;
  }
};

Series g_hover, g_frame, g_trace;
long g_cells = 0, g_max_cells = 0;

// {hover: {first, maxAfterFirst, last, median, p95, max, count}, frame: {...}, trace: {...}, cells, maxCells}: milliseconds over the
// last 256 samples; cells: grid cells drawn in the last frame (maxCells: the most in one).
val summary() {
  val out = val::object();
  out.set("hover", g_hover.summary());
  out.set("frame", g_frame.summary());
  out.set("trace", g_trace.summary());
  out.set("cells", double(g_cells));
  out.set("maxCells", double(g_max_cells));
  return out;
}

void reset() {
  g_hover = {};
  g_frame = {};
  g_trace = {};
  g_max_cells = 0;
}

}  // namespace

double now_ms() { return emscripten_get_now(); }
void record_hover(double ms) { g_hover.add(ms); }
void record_trace(double ms) { g_trace.add(ms); }
void record_frame(double ms, long cells) {
  g_frame.add(ms);
  g_cells = cells;
  g_max_cells = std::max(g_max_cells, cells);
}

}  // namespace whence::web::timings

EMSCRIPTEN_BINDINGS(whence_timings) {
  emscripten::function("whenceTimings", &whence::web::timings::summary);
  emscripten::function("whenceResetTimings", &whence::web::timings::reset);
}
