// tensor_edit.hpp - the edits the UI makes to a call's arguments. Each returns a new tensor
// or call and leaves its input untouched: tensors share storage between copies of a Call,
// so editing in place would also change the last good call the app keeps.
#pragma once
#include <cstdint>
#include <string>

#include "core/value.hpp"

namespace whence::web {

Tensor with_element(const Tensor& t, std::int64_t flat, const Scalar& v);
Tensor with_dtype(const Tensor& t, DType d);
// Dimension `dim` resized to `size`; elements inside both shapes are kept, new ones are 0.
Tensor with_dim_size(const Tensor& t, int dim, std::int64_t size);
// A trailing dimension of size 1 added (same elements), or the last one removed (keeping
// the elements at index 0 of it).
Tensor with_axis_added(const Tensor& t);
Tensor with_last_axis_removed(const Tensor& t);

// The argument a tensor id names ("arg:0", "arg:0.1", "arg:name"); nullptr if none.
Value* find_arg(Call& call, const std::string& id);
const Value* find_arg(const Call& call, const std::string& id);

// The same call with the argument `id` replaced by `v`.
Call with_arg(const Call& call, const std::string& id, Value v);

}  // namespace whence::web
