// fuzz_call.cpp - PyTorch call text, parsed, run and explained as the widget explains a small
// result (every output element, equations included), then some output elements' sources
// alone, as the page's hover asks for them.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/api.hpp"
#include "core/error.hpp"
#include "fuzz_limits.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  whence::Call call;
  try {
    call = whence::parse_call(text);
  } catch (const whence::Error&) {
    return 0;
  }
  const whence::Explainer explainer(call);
  const whence::Json response = explainer.response(true);
  if (!response.value("ok", false)) return 0;
  const whence::Json& result = response["result"];
  const auto count = result.is_array() ? result.size() : std::size_t(1);
  for (std::size_t p = 0; p < count && p < 4; ++p) {
    const whence::Json& t = result.is_array() ? result[p] : result;
    if (!t.is_object() || !t.contains("data")) continue;
    const auto n = std::int64_t(t["data"].size());
    for (std::int64_t flat = 0; flat < n; flat = flat < 8 ? flat + 1 : std::max(flat + 1, n - 1))
      explainer.sources(int(p), flat);  // as pointing at the first few and the last
    explainer.explain(int(p), n);       // one past the end: an error, never a read out of bounds
  }
  return 0;
}
