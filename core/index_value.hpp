// index_value.hpp - x[index]'s index as Python gives it (an int, a slice, a list, a tensor or a
// tuple of them), read as PyTorch 1.13 reads it: which items it has, and its lists as tensors.
// Used by indexing (kernels/indexing/) and by the widget, which draws a list index as a tensor.
#pragma once
#include <utility>
#include <vector>

#include "core/tensor.hpp"
#include "core/value.hpp"

namespace whence {

// A list index as a tensor: a bool mask if it infers bool, else int64 positions (PyTorch's
// sequenceToVariable). Throws PyTorch's errors, attached to the argument "indices".
Tensor list_index(const Value& list);
// The index's items, each with the tuple position it came from (-1: the index itself is the
// one item). A list shorter than 32 holding a sequence, slice, ..., None or tensor is a tuple.
std::vector<std::pair<Value, int>> index_items(const Value& index);
// A tensor item as it is, a list item as list_index makes it.
Tensor as_index_tensor(const Value& v);
// The index tensors of x[index] as its relations name them: (tuple item, or -1 for the index
// itself; the tensor), lists converted as PyTorch converts them. Throws where x[index] would.
std::vector<std::pair<int, Tensor>> index_tensors(const Value& index);

}  // namespace whence
