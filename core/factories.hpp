// factories.hpp - the tensor constructors of the call language: torch.tensor, zeros, ones,
// full, arange. Shared by the text parser and the JSON reader; errors in PyTorch's words.
#pragma once
#include <optional>
#include <vector>

#include "value.hpp"

namespace whence {

// torch.tensor(data, dtype=...): data is a number, a bool or nested lists of them.
Tensor tensor_from_data(const Value& data, std::optional<DType> dtype);
// torch.full(size, fill_value, dtype=...); zeros/ones are full with 0/1 and default float32.
Tensor full(const Shape& shape, const Scalar& fill, DType dtype);
// torch.arange(start, end, step, dtype=...) with Python numbers.
Tensor arange(const Value& start, const Value& end, const Value& step, std::optional<DType> dtype);

// A Python number or bool as a Scalar (int -> int64, float -> float64, bool -> bool).
std::optional<Scalar> scalar_of(const Value& v);

}  // namespace whence
