// call_syntax.hpp - the syntax tree of the PyTorch call language: literal Python expressions
// with names, attributes, calls, lists, tuples, subscripts (x[1:, None, idx]) and Python's
// operators. Parsing only;
// evaluation is call_parser.cpp.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace whence {

struct Node {
  enum class Kind {
    Name,
    Int,
    Float,
    Str,
    Bool,
    NoneLit,
    EllipsisLit,
    List,
    Tuple,
    Call,
    Attr,
    Unary,
    Binary,
    Subscript,
    Slice,
    IfExp,          // `body if test else orelse`: items body, test, orelse
    Dict,           // {k0: v0, k1: v1}: items k0, v0, k1, v1, ...
    Comprehension,  // text "list" ([e for ...]), "generator" ((e for ...), or bare as a call's only
                    // argument), "dict" ({k: v for ...}); items: the element (dict: key, value),
                    // then one ForClause per `for`, in order
    ForClause,      // `for target in iter if c1 if c2`: items target (Name or Tuple of Names), iter, c1, ...
    FString,        // f"...": items the parts in order, Str nodes (literal text) and FormatValue nodes
    FormatValue,    // {expr!r:spec} in an f-string: items[0] expr; text the spec after ':' ("" when
                    // none); i the conversion character ('r', 's', 'a') or 0
    Starred         // *expr, in a call's positional arguments or a list/tuple display: items[0] expr
  };
  Kind kind = Kind::NoneLit;
  std::string text;                                  // Name: identifier; Str: value; Attr: attribute name;
                                                     // Int: the digits when the literal does not fit int64;
                                                     // Unary/Binary: the operator ("-", "**", "<=", and the
                                                     // comparisons "in", "not in", "is", "is not")
  std::int64_t i = 0;                                // Int
  double f = 0;                                      // Float
  bool b = false;                                    // Bool
  std::vector<Node> items;                           // List/Tuple: elements; Call: callee then positional args;
                                                     // Attr/Unary: the operand; Binary: left, right;
                                                     // Subscript: the value, then the index (a Tuple for x[a, b]);
                                                     // Slice: start, stop, step (NoneLit where absent)
  std::vector<std::pair<std::string, Node>> kwargs;  // Call; a `**mapping` argument has the name "**"
  std::size_t column = 0;                            // 1-based, for error messages
};

// A Python operator and the torch.Tensor methods it becomes with a tensor operand.
struct OperatorSpelling {
  const char* symbol;     // "+", "**", "<="
  const char* method;     // "__add__": called on a tensor left operand (or the only operand)
  const char* reflected;  // "__radd__": called on a tensor right operand when the left one is
                          // not a tensor; comparisons: the mirrored operator ("<" -> "__gt__");
                          // nullptr for unary operators
  bool unary;
  bool comparison;
};
// Every operator of the call language, binary ones in order of precedence, loosest first.
const std::vector<OperatorSpelling>& operator_spellings();
// The qualified names of every op an operator can produce ("torch.Tensor.__add__", ...), each once.
std::vector<std::string> operator_op_names();
bool is_operator_op(const std::string& qualified_name);
// torch.Tensor's properties that are ops, written x.T rather than called: T, mT, H, mH.
bool is_property_op(const std::string& qualified_name);
// Ops written as syntax rather than called, x[index] and the properties: PyTorch has no
// argument parser (and no signature) for them.
bool is_syntax_op(const std::string& qualified_name);

// Parses one expression; throws Error("SyntaxError", ...) on malformed text.
Node parse_expression(const std::string& text);
// The same for a single call, which refuses what only programs evaluate (f-strings, dicts,
// comprehensions, * and ** arguments); the single-call web modules link only this one.
Node parse_call_expression(const std::string& text);

// "torch.Tensor.gather" for a chain of Name/Attr nodes, empty otherwise.
std::string dotted_name(const Node& n);

}  // namespace whence
