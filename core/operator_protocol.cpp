#include "operator_protocol.hpp"

#include "call_syntax.hpp"
#include "error.hpp"

namespace whence {

namespace {

// Tensor.__index__, which Python's sequence repetition calls.
void tensor_index(const Value& t) {
  const Tensor& x = t.as<Tensor>();
  if (!is_integral(x.dtype(), true) || x.numel() != 1)
    fail("TypeError", "only integer tensors of a single element can be converted to an index");
  fail("Unsupported", "repeating a Python sequence by a tensor gives no tensor; Whence shows tensor results");
}

}  // namespace

Value operator_not_implemented(const Call& call) {
  const std::string method = call.op.substr(call.op.rfind('.') + 1);
  const Value& self = call.args.at(0);
  if (call.args.size() < 2) throw Error("TypeError", "bad operand type for unary " + method);
  const Value& other = call.args[1];
  for (const OperatorSpelling& op : operator_spellings()) {
    if (op.unary) continue;
    const std::string symbol = op.symbol;
    const bool reflected = op.reflected && method == op.reflected && !op.comparison;
    if (method != op.method && !reflected) continue;
    // The operands in the order the user wrote them.
    const std::string left = python_type_name(reflected ? other : self);
    const std::string right = python_type_name(reflected ? self : other);
    if (op.comparison) {
      if (symbol == "==") return Value(false);
      if (symbol == "!=") return Value(true);
      fail("TypeError", "'" + symbol + "' not supported between instances of '" + left + "' and '" + right + "'");
    }
    if (symbol == "*" && is_sequence(other)) tensor_index(self);
    if (reflected && symbol == "+" && is_sequence(other)) {
      const std::string kind = python_type_name(other);
      fail("TypeError", "can only concatenate " + kind + " (not \"Tensor\") to " + kind);
    }
    fail("TypeError", "unsupported operand type(s) for " + symbol + (symbol == "**" ? " or pow()" : "") + ": '" + left +
                          "' and '" + right + "'");
  }
  fail("TypeError", "unsupported operand for " + method);
}

}  // namespace whence
