// core_fast_paths.hpp - core's own fast paths, switched and recorded with the kernels' ones
// (kernels/common/fast_paths.hpp names every fast path, turns this switch with its own and
// reads this record: core includes nothing of kernels/). Each site reads
//     if (<its conditions> && take_core_fast_path(CoreFastPath::X)) fast...; else plain...;
#pragma once
#include <cstdint>

namespace whence {

enum class CoreFastPath {
  CopyTiles,   // copy_strided's tiles for transpose-like layouts (plain: its run loop)
  TensorCopy,  // Tensor::to within a dtype: a memcpy or copy_strided (plain: get and set per element)
  TensorCast,  // Tensor::to between float32 and float64: one cast per element (plain: get and set)
  ArangeSum,   // arange in float32/float64: x·y + z by an addition where every product is exact (plain: std::fma)
  kCount
};

// Records that site p met its conditions (a bit in a mask; per call, never per element) and
// returns whether the fast paths are on.
bool take_core_fast_path(CoreFastPath p);
void set_core_fast_paths(bool enabled);
// Bit p: site p met its conditions since the last reset.
std::uint64_t core_fast_paths_taken();
void reset_core_fast_paths_taken();

}  // namespace whence
