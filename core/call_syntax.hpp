// call_syntax.hpp - the syntax tree of the PyTorch call language: literal Python expressions
// with names, attributes, calls, lists and tuples. Parsing only; evaluation is call_parser.cpp.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace whence {

struct Node {
  enum class Kind { Name, Int, Float, Str, Bool, NoneLit, List, Tuple, Call, Attr, Neg };
  Kind kind = Kind::NoneLit;
  std::string text;            // Name: identifier; Str: value; Attr: attribute name
  std::int64_t i = 0;          // Int
  double f = 0;                // Float
  bool b = false;              // Bool
  std::vector<Node> items;     // List/Tuple: elements; Call: callee then positional args;
                               // Attr/Neg: the operand
  std::vector<std::pair<std::string, Node>> kwargs;  // Call
  std::size_t column = 0;      // 1-based, for error messages
};

// Parses one expression; throws Error("SyntaxError", ...) on malformed text.
Node parse_expression(const std::string& text);

// "torch.Tensor.gather" for a chain of Name/Attr nodes, empty otherwise.
std::string dotted_name(const Node& n);

}  // namespace whence
