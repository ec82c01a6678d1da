// timings.hpp - the app's own clock on two budgets (README, "Budgets"): the WebAssembly time
// of answering a hover (the hit test, then the sources or reach of the new cell, ready to draw)
// and the CPU time of one UI frame (input, panels, ImGui's render and the GL calls). Recent
// samples are kept; whence.timings() reads them (last, median, 95th percentile, max). Also the
// time each frame gives to tracing a big result's inputs forward (State::trace_some).
#pragma once

namespace whence::web::timings {

double now_ms();  // performance.now()
void record_hover(double ms);
void record_frame(double ms, long cells);  // cells: grid cells drawn in that frame
void record_trace(double ms);              // a frame's slice of tracing a big result's inputs forward

}  // namespace whence::web::timings
