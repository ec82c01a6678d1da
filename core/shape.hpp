// shape.hpp - shape helpers shared by every op: dim wrapping and shape printing, with
// PyTorch's error words.
#pragma once
#include <string>
#include <vector>

#include "tensor.hpp"
#include "value.hpp"

namespace whence {

// Wraps a possibly negative dim into [0, rank), treating a 0-d tensor as rank 1 like PyTorch.
// Throws IndexError "Dimension out of range (expected to be in range of [-2, 1], but got 2)".
// `arg`: the parameter its IndexError names (the error's "arg"), if any.
std::int64_t wrap_dim(std::int64_t dim, std::int64_t rank, const char* arg = nullptr);

std::string shape_str(const Shape& shape);                      // "[2, 3]"
std::string int_list_text(const std::vector<std::int64_t>& v);  // "[2, 3]", as PyTorch's messages print an int list

// a·b in int64 arithmetic that wraps, as PyTorch's size arithmetic does in practice: sizes made
// from user numbers (repeat counts, view sizes) give its answers, never an undefined overflow.
inline std::int64_t wrapping_mul(std::int64_t a, std::int64_t b) {
  return std::int64_t(std::uint64_t(a) * std::uint64_t(b));
}
inline std::int64_t wrapping_add(std::int64_t a, std::int64_t b) {
  return std::int64_t(std::uint64_t(a) + std::uint64_t(b));
}
inline std::int64_t wrapping_sub(std::int64_t a, std::int64_t b) {
  return std::int64_t(std::uint64_t(a) - std::uint64_t(b));
}

// at::empty's refusal of a negative size: "Trying to create tensor with negative dimension -2:
// [3, -2]". `arg` is the argument the error marks ("" for none).
void check_no_negative_dims(const Shape& shape, const std::string& arg);

// PyTorch's refusal of an int below c10's SymInt range (-2**62: tagged values), as its int lists
// meet when they become sizes or strides: "IntArrayRef contains an int that cannot be
// represented as a SymInt: v". `arg` is the argument the error marks.
void check_sym_int(std::int64_t v, const char* arg);

// at::empty's checks of the shape it is asked for, in its order and words: a negative dimension,
// then the storage size (elements, then bytes of `item_bytes` each) overflowing int64.
void check_empty_storage(const Shape& shape, std::size_t item_bytes, const char* arg);

// Refuses tensors above Whence's limits (DESIGN.md "Limits").
void check_limits(const Shape& shape);
// Refuses a call that makes more than kMaxResults tensors; `what` names it ("split", "call").
void check_result_count(std::int64_t results, const char* what);

// s with `value` inserted before position `pos` (Shape::insert of one value: g++ 12 at -O3
// warns, wrongly, that xtensor's svector::insert reads past the value).
void insert_at(Shape& s, std::int64_t pos, std::int64_t value);

}  // namespace whence

namespace whence {

// PyTorch's broadcasting of two shapes (infer_size), with its error:
// "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1".
Shape broadcast_shapes(const Shape& a, const Shape& b);

}  // namespace whence

namespace whence {

// The dims a reduction folds: None (or an empty list) is every dim; an int or a list of ints
// is wrapped, with PyTorch's IndexError for a dim out of range and its RuntimeError for a
// repeated one. Ascending. A 0-d tensor counts as rank 1 for wrapping and has no dims.
std::vector<int> reduction_dims(const Value& dim, int rank);

}  // namespace whence
