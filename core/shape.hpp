// shape.hpp - shape helpers shared by every op: dim wrapping and shape printing, with
// PyTorch's error words.
#pragma once
#include <string>

#include "tensor.hpp"

namespace whence {

// Wraps a possibly negative dim into [0, rank), treating a 0-d tensor as rank 1 like PyTorch.
// Throws IndexError "Dimension out of range (expected to be in range of [-2, 1], but got 2)".
std::int64_t wrap_dim(std::int64_t dim, std::int64_t rank);

std::string shape_str(const Shape& shape);  // "[2, 3]"

// Refuses tensors above Whence's limits (DESIGN.md "Limits").
void check_limits(const Shape& shape);

}  // namespace whence

namespace whence {

// PyTorch's broadcasting of two shapes (infer_size), with its error:
// "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1".
Shape broadcast_shapes(const Shape& a, const Shape& b);

}  // namespace whence
