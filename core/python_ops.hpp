// python_ops.hpp - Python's operators on the non-tensor values of the call language (ints,
// floats, bools, str, None, lists, tuples), with Python's results and Python's error words.
// Operators with a tensor operand become torch.Tensor method calls instead (call_parser.cpp).
#pragma once
#include <string>

#include "value.hpp"

namespace whence {

__extension__ typedef __int128 Int128;

// An operator's operand or result: a Value, or an int beyond int64. Python's ints are
// unbounded; operators keep 128 bits so that -(2**63) and 2**64 // 4 work, and an int that
// does not fit int64 where a value is needed is PyTorch's "Overflow when unpacking long".
struct Operand {
  Value value;
  bool wide = false;  // the value is `wide_int`, which does not fit int64
  Int128 wide_int = 0;

  Operand() = default;
  Operand(Value v) : value(std::move(v)) {}
  static Operand integer(Int128 i);  // int64 when it fits
};

// The Value of an operand; throws RuntimeError "Overflow when unpacking long" for a wide int.
Value to_value(const Operand& x);
// Parses the decimal digits of an int literal; throws that overflow beyond 128 bits.
Operand int_literal(const std::string& digits);

// `l symbol r` and `symbol x` as Python evaluates them, for operands that are not tensors.
// Throws Error with Python's exception type and message ("ZeroDivisionError",
// "TypeError", ...), or Unsupported where the result is a complex number.
Operand python_binary(const std::string& symbol, const Operand& l, const Operand& r);
Operand python_unary(const std::string& symbol, const Operand& x);

// Python's type name of an operand ("int" for a wide int).
std::string operand_type_name(const Operand& x);

}  // namespace whence
