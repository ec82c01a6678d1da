// resample_family.hpp - the resample family: ops that lay an input out on a new grid.
//
//   pure movement (resample_ops.cpp)   pad (constant, reflect, replicate, circular),
//                                      pixel_shuffle, pixel_unshuffle: each output element
//                                      copies one input element, or none (constant padding)
//   sampling (resample_sample.cpp)     interpolate (and the deprecated upsample names),
//                                      grid_sample, affine_grid: each output element is a
//                                      weighted sum of taps (input element, weight)
//
// Both halves describe an output element by the same function in run and explain: a source
// map (out flat -> input flat, or none) for the moves, a tap list for the sampling ops.
#pragma once
#include <vector>

#include "core/registry.hpp"

namespace whence {

// Registers the whole family (kernels/common/op_table.cpp).
void add_resample_ops(std::vector<const OpDescriptor*>& t);
// The sampling half (resample_sample.cpp), called by add_resample_ops.
void add_sample_ops(std::vector<const OpDescriptor*>& t);

}  // namespace whence
