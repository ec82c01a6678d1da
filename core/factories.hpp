// factories.hpp - how PyTorch 1.13 makes a new tensor from Python data and numbers: torch.tensor
// (the call language's literals), full (zeros, ones and the *_like ops are full), arange,
// linspace and logspace. The values are PyTorch's CPU kernels' to the bit, their quirks
// included; errors in PyTorch's words. Shared by the text parser, the JSON reader and the
// factory ops (kernels/factory/factory_ops.cpp).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "value.hpp"

namespace whence {

// torch.tensor(data, dtype=...): data is a number, a bool or nested lists of them.
Tensor tensor_from_data(const Value& data, std::optional<DType> dtype);
// torch.full(size, fill_value, dtype=...): PyTorch's negative-dimension error, then the fill
// value converted to dtype with its overflow check, then Whence's size limit.
Tensor full(const Shape& shape, const Scalar& fill, DType dtype);
// torch.arange(start, end, step, dtype=...): Python numbers or 0-d tensors. Without dtype:
// int64 when all three are ints or bools, else float32.
Tensor arange(const Value& start, const Value& end, const Value& step, std::optional<DType> dtype);
// torch.linspace(start, end, steps, dtype=...) and torch.logspace(..., base, dtype=...).
Tensor linspace(const Scalar& start, const Scalar& end, std::int64_t steps, DType dtype);
Tensor logspace(const Scalar& start, const Scalar& end, std::int64_t steps, double base, DType dtype);

// A Python number or bool as a Scalar (int -> int64, float -> float64, bool -> bool).
std::optional<Scalar> scalar_of(const Value& v);
// What PyTorch's parser makes of a Number argument: a Python number, or a 0-d tensor's item
// (an integer tensor gives an int, a float tensor a float, a bool tensor a bool).
std::optional<Scalar> number_of(const Value& v);
// v as dtype `to` after c10's checked conversion: "value cannot be converted to type int8_t
// without overflow" (uint8 takes negative ints down to -255, as two's complement).
Scalar checked_scalar(const Scalar& v, DType to, const std::string& arg = "");
// v as dtype d stores it, read back as a double (uint8 keeps -5 as 251, int32 truncates 2.7).
double stored_value(DType d, const Scalar& v);

}  // namespace whence
