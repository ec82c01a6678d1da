// fuzz_hash.cpp - the page's URL hash (already URL-decoded, as interop.cpp's js_read_hash gives
// it) into the widget's State, as a visitor's link opens it: parsed, evaluated, explained,
// traced forward (a few frames' slices), and some output elements' relations and input elements' reaches
// asked for, as pointing at them does. web/state.cpp, web/format.cpp and web/reach_index.cpp run as in the page;
// tests/fuzz/timings_native.cpp stands in for the page's clock.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_limits.hpp"
#include "web/state.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static whence::web::State* state = [] {
    auto* s = new whence::web::State;
    s->init("torch.gather");
    return s;
  }();
  state->set_text(std::string(reinterpret_cast<const char*>(data), size));
  // The page traces a big result's inputs forward in slices of a frame each: a few slices here.
  for (int slice = 0; slice < 4 && state->tracing(); ++slice) state->trace_some(50);
  // A visitor points at one element at a time: the first few, the last, and one past it.
  for (const auto& out : state->outputs())
    for (std::int64_t e = 0; e <= out.tensor.numel(); e = e < 8 ? e + 1 : std::max(e + 1, out.tensor.numel() - 1))
      state->relation(out.id, e);
  for (const auto& in : state->inputs())
    for (std::int64_t e = 0; e <= in.tensor.numel() && e < 256; ++e) state->reaches(in.id, e);
  return 0;
}
