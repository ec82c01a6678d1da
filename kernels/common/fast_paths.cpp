// fast_paths.cpp - the switch and the record of the fast paths (fast_paths.hpp).
#include "kernels/common/fast_paths.hpp"

#include <atomic>
#include <cstddef>

#include "core/core_fast_paths.hpp"

namespace whence {

namespace {

constexpr const char* kFastPathNames[] = {
    "gather_rows",
    "gather_rows (dense row)",
    "indices_in_range (gather's check)",
    "elementwise block launcher",
    "has_forms",
    "reduce_lines",
    "arg_lines",
    "scan_lines",
    "Accumulator::add_run",
    "softmax_lines",
    "order_lines_fast",
    "index_select_fast",
    "masked_select_fast",
    "scatter_add_fast",
    "getitem_slices",
    "packed matrix product",
    "packed matrix product (integers)",
    "bilinear_f32",
    "conv_direct",
    "conv_im2col",
    "max_pool_kernel",
    "place (copy_into)",
    "copy_strided tiles",
    "Tensor::to copy",
    "Tensor::to float cast",
    "arange by additions",
};
static_assert(sizeof(kFastPathNames) / sizeof(kFastPathNames[0]) == std::size_t(FastPath::kCount),
              "one name per FastPath, in the enum's order");
static_assert(std::size_t(FastPath::kCount) <= 64, "the record is one 64-bit mask");

std::atomic<bool> fast_paths_on{true};
std::atomic<std::uint64_t> fast_paths_seen{0};

std::uint64_t fast_path_bit(FastPath p) { return std::uint64_t(1) << unsigned(p); }

// Core's fast paths (core/core_fast_paths.hpp) as FastPaths, in CoreFastPath's order.
constexpr FastPath kCorePaths[] = {FastPath::CopyTiles, FastPath::TensorCopy, FastPath::TensorCast,
                                   FastPath::ArangeSum};
static_assert(sizeof(kCorePaths) / sizeof(kCorePaths[0]) == std::size_t(CoreFastPath::kCount),
              "one FastPath per CoreFastPath");

}  // namespace

bool take_fast_path(FastPath p) {
  const std::uint64_t b = fast_path_bit(p);
  if (!(fast_paths_seen.load(std::memory_order_relaxed) & b)) fast_paths_seen.fetch_or(b, std::memory_order_relaxed);
  return fast_paths_on.load(std::memory_order_relaxed);
}

void set_fast_paths(bool on) {
  fast_paths_on.store(on, std::memory_order_relaxed);
  set_core_fast_paths(on);
}

bool fast_paths_enabled() { return fast_paths_on.load(std::memory_order_relaxed); }

std::uint64_t fast_paths_taken() {
  std::uint64_t mask = fast_paths_seen.load(std::memory_order_relaxed);
  const std::uint64_t core = core_fast_paths_taken();
  for (std::size_t c = 0; c < std::size_t(CoreFastPath::kCount); ++c)
    if (core >> c & 1) mask |= fast_path_bit(kCorePaths[c]);
  return mask;
}

void reset_fast_paths_taken() {
  fast_paths_seen.store(0, std::memory_order_relaxed);
  reset_core_fast_paths_taken();
}

const char* fast_path_name(FastPath p) {
  return std::size_t(p) < std::size_t(FastPath::kCount) ? kFastPathNames[std::size_t(p)] : "?";
}

}  // namespace whence
