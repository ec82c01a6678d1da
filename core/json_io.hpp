// json_io.hpp - protocol values (DESIGN.md "The evaluation protocol") to and from Value.
#pragma once
#include "api.hpp"

namespace whence {

Value value_from_json(const Json& j);  // throws Error("TypeError"/"ValueError", ...)
Json value_to_json(const Value& v);
Json tensor_to_json(const Tensor& t);  // {"dtype", "shape", "data"}; data flat, row-major

}  // namespace whence
