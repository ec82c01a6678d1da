// fuzz_line.cpp - the JSON protocol: one request line, as the CLI's `eval` and every page's
// Module.evaluate take it (programs linked, as the CLI links them).
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/api.hpp"
#include "core/program/program.hpp"
#include "fuzz_limits.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const bool linked = (whence::link_programs(), true);
  (void)linked;
  whence::evaluate_line(std::string(reinterpret_cast<const char*>(data), size));
  return 0;
}
