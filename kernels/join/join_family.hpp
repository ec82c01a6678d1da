// join_family.hpp - the ops that join tensors (cat, stack, hstack, block_diag, meshgrid...) and
// split them (split, chunk, tensor_split, unbind...): movement ops (kernels/movement/movement_family.hpp)
// of family "join", so their relations also come from running them on proxies. Joins copy;
// splits, meshgrid, broadcast_tensors and atleast_*d return views with PyTorch's strides.
#pragma once
#include <vector>

#include "core/registry.hpp"
#include "kernels/common/composite.hpp"
#include "kernels/movement/movement_family.hpp"

namespace whence {

// A movement op of family "join": its descriptor, and its registration.
inline OpDescriptor join_op(const char* names, const char* summary, const char* example, const char* params,
                            MovementSpec spec) {
  spec.family = "join";
  return movement_op(names, summary, example, params, spec);
}
inline void add_join(std::vector<const OpDescriptor*>& t, const char* names, const char* summary, const char* example,
                     const char* params, MovementSpec spec) {
  add_op(t, join_op(names, summary, example, params, spec));
}
// spec with its apply function.
inline MovementSpec applying(MovementSpec spec, std::vector<Tensor> (*apply)(const Bound&)) {
  spec.apply = apply;
  return spec;
}

// The tensors of the parameter `tensors`: the items of a list, or a lone tensor (atleast_1d(x)).
std::vector<Tensor> tensor_list(const Bound& b);

void add_join_ops(std::vector<const OpDescriptor*>& t);   // kernels/join/join_ops.cpp
void add_split_ops(std::vector<const OpDescriptor*>& t);  // kernels/join/split_ops.cpp

}  // namespace whence
