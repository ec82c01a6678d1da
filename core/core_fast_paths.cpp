// core_fast_paths.cpp - the switch and the record of core's fast paths (core_fast_paths.hpp).
#include "core_fast_paths.hpp"

#include <atomic>

namespace whence {

namespace {

std::atomic<bool> core_fast_on{true};
std::atomic<std::uint64_t> core_fast_seen{0};

}  // namespace

bool take_core_fast_path(CoreFastPath p) {
  const std::uint64_t bit = std::uint64_t(1) << unsigned(p);
  if (!(core_fast_seen.load(std::memory_order_relaxed) & bit)) core_fast_seen.fetch_or(bit, std::memory_order_relaxed);
  return core_fast_on.load(std::memory_order_relaxed);
}

void set_core_fast_paths(bool enabled) { core_fast_on.store(enabled, std::memory_order_relaxed); }
std::uint64_t core_fast_paths_taken() { return core_fast_seen.load(std::memory_order_relaxed); }
void reset_core_fast_paths_taken() { core_fast_seen.store(0, std::memory_order_relaxed); }

}  // namespace whence
