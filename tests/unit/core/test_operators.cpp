// Python operators in call text: precedence, Python's resolution with tensor operands (a
// torch.Tensor dunder method, reflected for a number on the left), Python's arithmetic on
// numbers, its error words, and the operator form written back by format_call.
#include <catch2/catch.hpp>

#include "tests/unit/parse_error.hpp"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/api.hpp"
#include "core/call_format.hpp"
#include "core/call_syntax.hpp"
#include "core/error.hpp"

using namespace whence;

namespace {

// The value a non-tensor expression evaluates to, as Python source: it is the right operand
// of `t + (expr)`, so it is args[1] of the __add__ call.
std::string value_of(const std::string& expr) {
  const Call c = parse_call("torch.tensor([0]) + (" + expr + ")");
  REQUIRE(c.op == "torch.Tensor.__add__");
  REQUIRE(c.args.size() == 2);
  return format_value(c.args[1]);
}

std::string value_error(const std::string& expr) { return error_of("torch.tensor([0]) + (" + expr + ")"); }

const std::string T = "torch.tensor([1, 2])";
const std::string U = "torch.tensor([[0.5]])";

// "op(arg, arg)" with each argument as format_value writes it, to compare structure exactly.
std::string shape_of(const Call& c) {
  std::string s = c.op + "(";
  for (std::size_t i = 0; i < c.args.size(); ++i) s += (i ? ", " : "") + format_value(c.args[i]);
  for (const auto& [k, v] : c.kwargs) s += ", " + k + "=" + format_value(v);
  return s + ")";
}

std::string structure(const std::string& code) { return shape_of(parse_call(code)); }

}  // namespace

TEST_CASE("a tensor operand makes an operator a torch.Tensor dunder call on it") {
  const std::string t = "torch.tensor([1, 2])";
  const std::vector<std::pair<std::string, std::string>> binary = {
      {"+", "__add__"},     {"-", "__sub__"},     {"*", "__mul__"}, {"/", "__truediv__"}, {"//", "__floordiv__"},
      {"%", "__mod__"},     {"**", "__pow__"},    {"&", "__and__"}, {"|", "__or__"},      {"^", "__xor__"},
      {"<<", "__lshift__"}, {">>", "__rshift__"}, {"==", "__eq__"}, {"!=", "__ne__"},     {"<", "__lt__"},
      {"<=", "__le__"},     {">", "__gt__"},      {">=", "__ge__"}};
  for (const auto& [sym, method] : binary) {
    INFO(sym);
    CHECK(structure(T + " " + sym + " 3") == "torch.Tensor." + method + "(" + T + ", 3)");
    CHECK(structure(T + sym + U) == "torch.Tensor." + method + "(" + T + ", " + U + ")");
  }
  CHECK(structure("-" + T) == "torch.Tensor.__neg__(" + T + ")");
  CHECK(structure("+" + T) == "torch.Tensor.__pos__(" + T + ")");
  CHECK(structure("~" + T) == "torch.Tensor.__invert__(" + T + ")");
  // Any right operand is passed as it is: PyTorch's binder judges it later.
  CHECK(structure(T + " + 'a'") == "torch.Tensor.__add__(" + T + ", 'a')");
  CHECK(structure(T + " + None") == "torch.Tensor.__add__(" + T + ", None)");
  CHECK(structure(T + " * [1, 2]") == "torch.Tensor.__mul__(" + T + ", [1, 2])");
  CHECK(structure(T + " - (1, 2.5)") == "torch.Tensor.__sub__(" + T + ", (1, 2.5))");
  CHECK(structure(T + " == torch.int32") == "torch.Tensor.__eq__(" + T + ", torch.int32)");
}

TEST_CASE("a number on the left of a tensor makes the reflected call on the tensor") {
  const std::vector<std::pair<std::string, std::string>> reflected = {{"+", "__radd__"},
                                                                      {"-", "__rsub__"},
                                                                      {"*", "__rmul__"},
                                                                      {"/", "__rtruediv__"},
                                                                      {"//", "__rfloordiv__"},
                                                                      {"%", "__rmod__"},
                                                                      {"**", "__rpow__"},
                                                                      {"&", "__rand__"},
                                                                      {"|", "__ror__"},
                                                                      {"^", "__rxor__"},
                                                                      {"<<", "__rlshift__"},
                                                                      {">>", "__rrshift__"},
                                                                      // Comparisons reflect to the mirrored operator.
                                                                      {"==", "__eq__"},
                                                                      {"!=", "__ne__"},
                                                                      {"<", "__gt__"},
                                                                      {"<=", "__ge__"},
                                                                      {">", "__lt__"},
                                                                      {">=", "__le__"}};
  for (const auto& [sym, method] : reflected) {
    INFO(sym);
    CHECK(structure("2 " + sym + " " + T) == "torch.Tensor." + method + "(" + T + ", 2)");
    CHECK(structure("2.5 " + sym + " " + T) == "torch.Tensor." + method + "(" + T + ", 2.5)");
    CHECK(structure("True " + sym + " " + T) == "torch.Tensor." + method + "(" + T + ", True)");
  }
  CHECK(structure("1 - " + T) == "torch.Tensor.__rsub__(" + T + ", 1)");
  CHECK(structure("-1 - " + T) == "torch.Tensor.__rsub__(" + T + ", -1)");
  CHECK(structure("(1 / 3) * " + T) == "torch.Tensor.__rmul__(" + T + ", 0.3333333333333333)");
  CHECK(structure("2 ** 3 * " + T) == "torch.Tensor.__rmul__(" + T + ", 8)");
  // Other non-tensor values on the left also reach the tensor's reflected method...
  CHECK(structure("'a' * " + T) == "torch.Tensor.__rmul__(" + T + ", 'a')");
  CHECK(structure("'a' - " + T) == "torch.Tensor.__rsub__(" + T + ", 'a')");
  CHECK(structure("None + " + T) == "torch.Tensor.__radd__(" + T + ", None)");
  CHECK(structure("'a' == " + T) == "torch.Tensor.__eq__(" + T + ", 'a')");
  // ...except concatenation, which str, list and tuple refuse first.
  CHECK(error_of("'a' + " + T) == "TypeError: can only concatenate str (not \"Tensor\") to str");
  CHECK(error_of("[1] + " + T) == "TypeError: can only concatenate list (not \"Tensor\") to list");
  CHECK(error_of("(1,) + " + T) == "TypeError: can only concatenate tuple (not \"Tensor\") to tuple");
}

TEST_CASE("operators bind with Python's precedence and associativity") {
  // Numbers fold, so where the tensor's operator sits shows how the text was grouped.
  CHECK(structure(T + " + 2 * 3") == "torch.Tensor.__add__(" + T + ", 6)");
  CHECK(structure("2 * 3 + " + T) == "torch.Tensor.__radd__(" + T + ", 6)");
  CHECK(structure(T + " * 2 ** 3") == "torch.Tensor.__mul__(" + T + ", 8)");
  CHECK(structure(T + " ** 2 ** 3") == "torch.Tensor.__pow__(" + T + ", 8)");
  CHECK(structure("2 ** 3 ** 2 * " + T) == "torch.Tensor.__rmul__(" + T + ", 512)");
  CHECK(structure("(2 ** 3) ** 2 * " + T) == "torch.Tensor.__rmul__(" + T + ", 64)");
  // Expected inner results below are PyTorch's (2 ** T is [2, 4], 3 ** that is [9, 81]).
  CHECK(structure("2 ** 3 ** 2 ** " + T) == "torch.Tensor.__rpow__(torch.tensor([9, 81]), 2)");
  CHECK(structure(T + " ** -1") == "torch.Tensor.__pow__(" + T + ", -1)");
  CHECK(structure(T + " ** -2 ** 2") == "torch.Tensor.__pow__(" + T + ", -4)");
  CHECK(structure(T + " // -2 ** 2") == "torch.Tensor.__floordiv__(" + T + ", -4)");
  CHECK(structure("-2 ** 2 * " + T) == "torch.Tensor.__rmul__(" + T + ", -4)");
  CHECK(structure("(-2) ** 2 * " + T) == "torch.Tensor.__rmul__(" + T + ", 4)");
  CHECK(structure(T + " << 1 + 1") == "torch.Tensor.__lshift__(" + T + ", 2)");
  CHECK(structure(T + " & 1 << 2") == "torch.Tensor.__and__(" + T + ", 4)");
  CHECK(structure(T + " ^ 6 & 3") == "torch.Tensor.__xor__(" + T + ", 2)");
  CHECK(structure(T + " | 1 ^ 3") == "torch.Tensor.__or__(" + T + ", 2)");
  CHECK(structure(T + " == 1 | 2") == "torch.Tensor.__eq__(" + T + ", 3)");
  CHECK(structure(T + " < 1 + 2") == "torch.Tensor.__lt__(" + T + ", 3)");
  CHECK(structure("1 | 2 >= " + T) == "torch.Tensor.__le__(" + T + ", 3)");
  CHECK(structure(T + " % (7 // 2)") == "torch.Tensor.__mod__(" + T + ", 3)");
  CHECK(structure(T + " / 8 // 3 % 2") == "torch.Tensor.__mod__(torch.tensor([0.0, 0.0]), 2)");
  // The tightest operator with a tensor operand runs first (a nested call, like a nested op);
  // its result, computed by Whence and written here as PyTorch computes it, is the operand of
  // the operator shown.
  CHECK(structure(T + " * 2 + 1") == "torch.Tensor.__add__(torch.tensor([2, 4]), 1)");
  CHECK(structure("1 + " + T + " * 2") == "torch.Tensor.__radd__(torch.tensor([2, 4]), 1)");
  CHECK(structure("(" + T + " + 1) * 2") == "torch.Tensor.__mul__(torch.tensor([2, 3]), 2)");
  CHECK(structure("-" + T + " ** 2") == "torch.Tensor.__neg__(torch.tensor([1, 4]))");
  CHECK(structure(T + " - 2 - 3") == "torch.Tensor.__sub__(torch.tensor([-1, 0]), 3)");
  CHECK(structure("2 ** " + T + " ** 2") == "torch.Tensor.__rpow__(torch.tensor([1, 4]), 2)");
  CHECK(structure("- -" + T) == "torch.Tensor.__neg__(torch.tensor([-1, -2]))");
  CHECK(structure(T + " < 1 + " + T) == "torch.Tensor.__lt__(" + T + ", torch.tensor([2, 3]))");
  CHECK(structure(T + " + 1 < 2") == "torch.Tensor.__lt__(torch.tensor([2, 3]), 2)");
  CHECK(structure(T + " & 1 | 2") == "torch.Tensor.__or__(torch.tensor([1, 0]), 2)");
  CHECK(structure(T + " >> 1 & 2") == "torch.Tensor.__and__(torch.tensor([0, 1]), 2)");
  CHECK(structure(T + " ^ 1 | 2") == "torch.Tensor.__or__(torch.tensor([0, 3]), 2)");
  CHECK(structure(T + " & 1 ^ 2") == "torch.Tensor.__xor__(torch.tensor([1, 0]), 2)");
  CHECK(structure(T + " + 1 << 2") == "torch.Tensor.__lshift__(torch.tensor([2, 3]), 2)");
  CHECK(structure(T + " % 2 + 1") == "torch.Tensor.__add__(torch.tensor([1, 0]), 1)");
  CHECK(structure("torch.gather(" + T + " + 1, 0, torch.tensor([0]))") ==
        "torch.gather(torch.tensor([2, 3]), 0, torch.tensor([0]))");
}

TEST_CASE("a registered op inside an operator expression is run and its result used") {
  CHECK(structure("torch.gather(torch.tensor([10, 20, 30]), 0, torch.tensor([2, 0])) * 2") ==
        "torch.Tensor.__mul__(torch.tensor([30, 10]), 2)");
  CHECK(structure("1 - torch.tensor([[1, 2]]).gather(1, torch.tensor([[1]]))") ==
        "torch.Tensor.__rsub__(torch.tensor([[2]]), 1)");
  CHECK(structure("torch.gather(" + T + ", 0, torch.tensor([1 + 0, 2 // 2 - 1]))") ==
        "torch.gather(" + T + ", 0, torch.tensor([1, 0]))");
  CHECK(structure("torch.gather(" + T + ", -(1), torch.tensor([0]))") ==
        "torch.gather(" + T + ", -1, torch.tensor([0]))");
  CHECK(structure("torch.gather(torch.ones(2 * 3), 0 * 5, index=torch.tensor([4 // 2]))") ==
        "torch.gather(torch.tensor([1.0, 1.0, 1.0, 1.0, 1.0, 1.0]), 0, index=torch.tensor([2]))");
}

TEST_CASE("operators on numbers and sequences give Python's values") {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"1 + 2 * 3", "7"},
      {"(1 + 2) * 3", "9"},
      {"2 ** 3 ** 2", "512"},
      {"-2 ** 2", "-4"},
      {"2 ** -1", "0.5"},
      {"(-2) ** 2", "4"},
      {"-(2 ** 3)", "-8"},
      {"2 ** -2 ** 2", "0.0625"},
      {"7 // 2", "3"},
      {"-7 // 2", "-4"},
      {"7 // -2", "-4"},
      {"-7 // -2", "3"},
      {"7 % 3", "1"},
      {"-7 % 3", "2"},
      {"7 % -3", "-2"},
      {"-7 % -3", "-1"},
      {"7.5 // 2", "3.0"},
      {"-7.5 // 2", "-4.0"},
      {"7.5 % -2", "-0.5"},
      {"-7.5 % 2", "0.5"},
      {"0.0 % -1", "-0.0"},
      {"-0.0 // 1", "-0.0"},
      {"1 % float('inf')", "1.0"},
      {"-1 % float('inf')", "float('inf')"},
      {"float('inf') // 1", "float('nan')"},
      {"1 / 3", "0.3333333333333333"},
      {"6 / 3", "2.0"},
      {"1 / 2 * 3", "1.5"},
      {"True + 1", "2"},
      {"True + True", "2"},
      {"True / True", "1.0"},
      {"5 // True", "5"},
      {"-True", "-1"},
      {"+True", "1"},
      {"~True", "-2"},
      {"~5", "-6"},
      {"~-1", "0"},
      {"True & False", "False"},
      {"True | False", "True"},
      {"True ^ True", "False"},
      {"True | 2", "3"},
      {"6 & 3", "2"},
      {"6 | 3", "7"},
      {"6 ^ 3", "5"},
      {"1 << 62", "4611686018427387904"},
      {"1 << 63 >> 1", "4611686018427387904"},
      {"-3 >> 1", "-2"},
      {"-1 >> 200", "-1"},
      {"2 ** 62", "4611686018427387904"},
      {"2 ** 0.5", "1.4142135623730951"},
      {"4 ** 0.5", "2.0"},
      {"(-2) ** -1", "-0.5"},
      {"0 ** 0", "1"},
      {"0.0 ** 0", "1.0"},
      {"10 ** 18", "1000000000000000000"},
      {"-(2 ** 63)", "-9223372036854775808"},
      {"-9223372036854775808", "-9223372036854775808"},
      {"2 ** 64 // 4 - 1", "4611686018427387903"},
      {"9223372036854775807 + 1 - 1", "9223372036854775807"},
      {"1e308 * 10", "float('inf')"},
      {"-1e308 * 10", "-float('inf')"},
      {"1 < 2", "True"},
      {"1 < 2.5", "True"},
      {"2 <= 2", "True"},
      {"3 > 2", "True"},
      {"1 >= 2", "False"},
      {"1 == 1.0", "True"},
      {"1 != 1", "False"},
      {"True == 1", "True"},
      {"9007199254740993 == 9007199254740992.0", "False"},
      {"9007199254740993 > 9007199254740992.0", "True"},
      {"float('nan') == float('nan')", "False"},
      {"float('nan') != float('nan')", "True"},
      {"float('nan') < 1", "False"},
      {"'a' + 'b'", "'ab'"},
      {"'ab' * 2", "'abab'"},
      {"3 * 'x'", "'xxx'"},
      {"'a' * -1", "''"},
      {"'a' < 'b'", "True"},
      {"'b' <= 'a'", "False"},
      {"'a' == 'a'", "True"},
      {"'a' == 1", "False"},
      {"None == None", "True"},
      {"None != 0", "True"},
      {"[1, 2] + [3]", "[1, 2, 3]"},
      {"(1,) + (2,)", "(1, 2)"},
      {"[0] * 3", "[0, 0, 0]"},
      {"(1, 'a') * 2", "(1, 'a', 1, 'a')"},
      {"-2 * [1]", "[]"},
      {"[1] == [1]", "True"},
      {"(1,) == [1]", "False"},
      {"torch.int32 == torch.int32", "True"},
      {"torch.int32 != torch.int64", "True"},
      {"1 + 2 == 3", "True"},
      {"1 | 2 == 3", "True"},
      {"1 + 2 * 3 ** 2 // 4 % 5 - 6", "-1"},
      {"-3 ** 2 * -1", "9"},
      {"2 * -3", "-6"},
      {"1 - -1", "2"},
      {"- - 1", "1"},
      {"+-+1", "-1"},
      {"~~5", "5"},
      {"8 >> 1 + 1", "2"},
      {"1 << 2 & 7", "4"},
      {"5 & 3 ^ 1", "0"},
      {"1 ^ 3 | 4", "6"},
      {"-float('inf')", "-float('inf')"},
      {"-(-float('inf'))", "float('inf')"},
      {"3 - 2 - 1", "0"},
      {"100 / 10 / 5", "2.0"},
      {"2 ** 3 * 2", "16"},
      {"12 // 5 * 5", "10"},
      {"0.1 + 0.2", "0.30000000000000004"},
      {"1 / 3 * 3", "1.0"},
      {"float(3) // 2", "1.0"},
      {"int(7.9) % 4", "3"},
  };
  for (const auto& [expr, expected] : cases) {
    INFO(expr);
    CHECK(value_of(expr) == expected);
  }
}

TEST_CASE("operators on numbers raise Python's errors in Python's words") {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"1 / 0", "ZeroDivisionError: division by zero"},
      {"1 // 0", "ZeroDivisionError: integer division or modulo by zero"},
      {"1 % 0", "ZeroDivisionError: integer modulo by zero"},
      {"1.0 / 0", "ZeroDivisionError: float division by zero"},
      {"1 / 0.0", "ZeroDivisionError: float division by zero"},
      {"1.0 // 0", "ZeroDivisionError: float floor division by zero"},
      {"1.0 % 0", "ZeroDivisionError: float modulo"},
      {"0 ** -1", "ZeroDivisionError: 0.0 cannot be raised to a negative power"},
      {"0.0 ** -1", "ZeroDivisionError: 0.0 cannot be raised to a negative power"},
      {"10.0 ** 400", "OverflowError: (34, 'Numerical result out of range')"},
      {"1 << -1", "ValueError: negative shift count"},
      {"1 >> -1", "ValueError: negative shift count"},
      {"'a' - 1", "TypeError: unsupported operand type(s) for -: 'str' and 'int'"},
      {"'a' + 1", "TypeError: can only concatenate str (not \"int\") to str"},
      {"1 + 'a'", "TypeError: unsupported operand type(s) for +: 'int' and 'str'"},
      {"'a' * 1.5", "TypeError: can't multiply sequence by non-int of type 'float'"},
      {"1.5 * 'a'", "TypeError: can't multiply sequence by non-int of type 'float'"},
      {"'a' ** 2", "TypeError: unsupported operand type(s) for ** or pow(): 'str' and 'int'"},
      {"'a' < 1", "TypeError: '<' not supported between instances of 'str' and 'int'"},
      {"1 < 'a'", "TypeError: '<' not supported between instances of 'int' and 'str'"},
      {"None + 1", "TypeError: unsupported operand type(s) for +: 'NoneType' and 'int'"},
      {"-'a'", "TypeError: bad operand type for unary -: 'str'"},
      {"~1.5", "TypeError: bad operand type for unary ~: 'float'"},
      {"+None", "TypeError: bad operand type for unary +: 'NoneType'"},
      {"1.5 & 1", "TypeError: unsupported operand type(s) for &: 'float' and 'int'"},
      {"1 << 1.0", "TypeError: unsupported operand type(s) for <<: 'int' and 'float'"},
      {"None < None", "TypeError: '<' not supported between instances of 'NoneType' and 'NoneType'"},
      {"[1] + 'a'", "TypeError: can only concatenate list (not \"str\") to list"},
      {"(1,) + [1]", "TypeError: can only concatenate tuple (not \"list\") to tuple"},
      {"None * 'a'", "TypeError: can't multiply sequence by non-int of type 'NoneType'"},
      {"'a' * 'b'", "TypeError: can't multiply sequence by non-int of type 'str'"},
      {"[1] - [1]", "TypeError: unsupported operand type(s) for -: 'list' and 'list'"},
      {"torch.int32 + 1", "TypeError: unsupported operand type(s) for +: 'torch.dtype' and 'int'"},
      // Python's ints are unbounded; Whence keeps 128 bits and PyTorch refuses beyond int64.
      {"2 ** 63", "RuntimeError: Overflow when unpacking long"},
      {"9223372036854775808", "RuntimeError: Overflow when unpacking long"},
      {"-(-9223372036854775808)", "RuntimeError: Overflow when unpacking long"},
      {"2 ** 64", "RuntimeError: Overflow when unpacking long"},
      {"2 ** 200", "RuntimeError: Overflow when unpacking long"},
      {"1 << 64", "RuntimeError: Overflow when unpacking long"},
      {"10 ** 40 * 10", "RuntimeError: Overflow when unpacking long"},
      {"1000000000000000000000000000000000000000000", "RuntimeError: Overflow when unpacking long"},
      {"(-8) ** 0.5",
       "Unsupported: complex numbers are outside what Whence shows: complex dtypes are outside the ten "
       "real dtypes Whence computes (bool to float64)"},
      {"[1] < [2]", "Unsupported: ordering lists and tuples is not supported by Whence yet"},
      // Text cannot build a huge string or list.
      {"'ab' * 1000000", "Unsupported: a sequence this long is not supported by Whence"},
      {"['a' * 500000] * 3", "Unsupported: a sequence this long is not supported by Whence"},
      {"'a' * 600000 + 'b' * 600000", "Unsupported: a sequence this long is not supported by Whence"},
      {"'a' * 2 ** 70", "OverflowError: cannot fit 'int' into an index-sized integer"},
  };
  for (const auto& [expr, expected] : cases) {
    INFO(expr);
    CHECK(value_error(expr) == expected);
  }
}

TEST_CASE("malformed operator text is a SyntaxError with its column") {
  CHECK(error_of("1 + * 2") == "SyntaxError: invalid syntax (column 5)");
  CHECK(error_of(T + " +") == "SyntaxError: unexpected end of the call (column 23)");
  CHECK(error_of(T + " ! 1") == "SyntaxError: invalid character '!' (column 22)");
  CHECK(error_of(T + " = 1") == "SyntaxError: invalid syntax (column 22)");
  CHECK(error_of(T + " ** * 2") == "SyntaxError: invalid syntax (column 25)");
  CHECK(error_of("(" + T + " + 1") == "SyntaxError: '(' was never closed (column 1)");
  // a < b < c is (a < b) and (b < c): two calls joined by `and`, which a single call cannot show
  CHECK(error_of(T + " < 1 < 2") == "Unsupported: Whence shows one PyTorch call, like torch.gather(x, 1, index)");
  CHECK(error_of(T + " < 1 < ") == "SyntaxError: unexpected end of the call (column 28)");
  // CPython compiles a few hundred unary operators or powers; a few thousand exhaust its recursion.
  CHECK(error_of(std::string(500, '-') + "1") ==
        "Unsupported: Whence shows one PyTorch call, like torch.gather(x, 1, index)");
  CHECK(error_of(std::string(5000, '-') + "1") ==
        "RecursionError: maximum recursion depth exceeded during compilation");
  CHECK(error_of("2" + std::string(5000, '*')).rfind("SyntaxError: invalid syntax", 0) == 0);
  std::string deep_power = "2";
  for (int i = 0; i < 5000; ++i) deep_power += " ** 2";
  CHECK(error_of(deep_power) == "RecursionError: maximum recursion depth exceeded during compilation");
  // 200 brackets deep parse and run, as in Python (the call's own included); the 201st is refused.
  CHECK(error_of(std::string(199, '(') + "torch.ones(1)" + std::string(199, ')')) == "no error");
  CHECK(error_of(std::string(200, '(') + "torch.ones(1)" + std::string(200, ')')) ==
        "SyntaxError: too many nested parentheses (column 211)");
  std::string deep_minus = "torch.ones(2)";
  for (int i = 0; i < 900; ++i) deep_minus = "-" + deep_minus;
  CHECK(error_of(deep_minus) == "no error");
  // A number result is not a call to show.
  CHECK(error_of("1 + 2") == "Unsupported: Whence shows one PyTorch call, like torch.gather(x, 1, index)");
  CHECK(error_of("-1") == "Unsupported: Whence shows one PyTorch call, like torch.gather(x, 1, index)");
  CHECK(error_of("x + 1") == "NameError: name 'x' is not defined");
  CHECK(error_of("1 / 0 + " + T) == "ZeroDivisionError: division by zero");
}

TEST_CASE("operator calls are written back as operators and parse to the same call") {
  const char* texts[] = {
      "torch.tensor([1, 2]) + torch.tensor([3, 4])",
      "torch.tensor([1, 2]) - 1",
      "torch.tensor([1.0, 2.5]) * 0.3333333333333333",
      "torch.tensor([1, 2]) / 2",
      "torch.tensor([1, 2]) // -2",
      "torch.tensor([1, 2]) % 3",
      "torch.tensor([1, 2]) ** 2",
      "torch.tensor([1, 2]) ** -1",
      "torch.tensor([1, 2]) ** 0.5",
      "torch.tensor([True, False]) & True",
      "torch.tensor([1, 2]) | 4",
      "torch.tensor([1, 2]) ^ torch.tensor([3, 4])",
      "torch.tensor([1, 2]) << 1",
      "torch.tensor([1, 2]) >> 1",
      "torch.tensor([1, 2]) == 1",
      "torch.tensor([1, 2]) != 1.5",
      "torch.tensor([1, 2]) < 2",
      "torch.tensor([1, 2]) <= 2",
      "torch.tensor([1, 2]) > 2",
      "torch.tensor([1, 2]) >= torch.tensor([2, 1])",
      "-torch.tensor([1, 2])",
      "+torch.tensor([1.0])",
      "~torch.tensor([True, False])",
      "1 + torch.tensor([1, 2])",
      "1 - torch.tensor([1, 2])",
      "-1 - torch.tensor([1, 2])",
      "2.5 * torch.tensor([1, 2])",
      "2 / torch.tensor([1, 2])",
      "7 // torch.tensor([1, 2])",
      "7 % torch.tensor([1, 2])",
      "2 ** torch.tensor([1, 2])",
      "(-2) ** torch.tensor([1, 2])",
      "(-0.5) ** torch.tensor([1, 2])",
      "(-float('inf')) ** torch.tensor([1, 2])",
      "float('nan') ** torch.tensor([1.0])",
      "True & torch.tensor([True])",
      "1 | torch.tensor([1, 2])",
      "1 ^ torch.tensor([1, 2])",
      "1 << torch.tensor([1, 2])",
      "1 >> torch.tensor([1, 2])",
      "'a' * torch.tensor([1, 2])",
      "None - torch.tensor([1, 2])",
      "torch.tensor([1, 2]) + 'a'",
      "torch.tensor([1, 2]) + None",
      "torch.tensor([1, 2]) * [1, 2]",
      "torch.tensor([1, 2]) + (1, 2)",
      "torch.tensor([1, 2]) - -9223372036854775808",
      "-9223372036854775808 * torch.tensor([1, 2])",
      "torch.tensor([1, 2]) == torch.int32",
      "torch.zeros((0, 3)) + -0.0",
      "torch.tensor([1, 2]) * -float('inf')",
      "torch.tensor([1, 2]).__add__(torch.tensor([3, 4]), alpha=2)",
      "torch.tensor([1, 2]).__radd__('a')",
      "torch.tensor([1, 2]).__radd__([1])",
      "torch.tensor([1, 2]).__rsub__(torch.tensor([3, 4]))",
      "torch.tensor([1, 2]).__neg__(1)",
      "torch.tensor([1, 2]).__sub__()",
      "torch.Tensor.__add__(1, torch.tensor([1, 2]))",
      "torch.Tensor.__neg__(None)",
  };
  for (const char* text : texts) {
    INFO(text);
    const Call c = parse_call(text);
    CHECK(format_call(c) == text);
    CHECK(call_to_json(parse_call(format_call(c))) == call_to_json(c));
  }
}

TEST_CASE("other spellings of operator calls reach the canonical text after one round") {
  const std::vector<std::pair<std::string, std::string>> spellings = {
      {"torch.tensor([1,2])+torch.tensor([3,4])", "torch.tensor([1, 2]) + torch.tensor([3, 4])"},
      {"(torch.tensor([1, 2])) * (2)", "torch.tensor([1, 2]) * 2"},
      {"1 < torch.tensor([1, 2])", "torch.tensor([1, 2]) > 1"},
      {"1 >= torch.tensor([1, 2])", "torch.tensor([1, 2]) <= 1"},
      {"1 == torch.tensor([1, 2])", "torch.tensor([1, 2]) == 1"},
      {"torch.tensor([1, 2]) * (1/4)", "torch.tensor([1, 2]) * 0.25"},
      {"-(2**3) + torch.tensor([1, 2])", "-8 + torch.tensor([1, 2])"},
      {"torch.Tensor.__add__(torch.tensor([1, 2]), 1)", "torch.tensor([1, 2]) + 1"},
      {"torch.tensor([1, 2]).__rsub__(1)", "1 - torch.tensor([1, 2])"},
      {"torch.tensor([1, 2]).__neg__()", "-torch.tensor([1, 2])"},
      {"+True * torch.tensor([1, 2])", "1 * torch.tensor([1, 2])"},
      {"torch.tensor([1, 2]) ** +2", "torch.tensor([1, 2]) ** 2"},
      {"torch.tensor([1, 2]) == (1 < 2)", "torch.tensor([1, 2]) == True"},
  };
  for (const auto& [text, canonical] : spellings) {
    INFO(text);
    const std::string once = format_call(parse_call(text));
    CHECK(once == canonical);
    CHECK(format_call(parse_call(once)) == once);
  }
}

TEST_CASE("calls without operators parse as before") {
  CHECK(structure("torch.gather(torch.tensor([[1, 2], [3, 4]]), 1, torch.tensor([[0, 0], [1, 0]]))") ==
        "torch.gather(torch.tensor([[1, 2], [3, 4]]), 1, torch.tensor([[0, 0], [1, 0]]))");
  CHECK(structure("torch.tensor([[1, 2]]).gather(dim=1, index=torch.tensor([[1]]))") ==
        "torch.Tensor.gather(torch.tensor([[1, 2]]), dim=1, index=torch.tensor([[1]]))");
  CHECK(structure("torch.gather(torch.tensor([-1, +2, -2.5, -float('inf')]), -1, torch.tensor([0]))") ==
        "torch.gather(torch.tensor([-1.0, 2.0, -2.5, -float('inf')]), -1, torch.tensor([0]))");
  CHECK(structure("torch.gather(torch.tensor([1], dtype=torch.int32), 0, torch.tensor([0]), sparse_grad=False)") ==
        "torch.gather(torch.tensor([1], dtype=torch.int32), 0, torch.tensor([0]), sparse_grad=False)");
  CHECK(error_of("torch.tensor([1]).__foo__(1)") == "Unsupported: torch.Tensor.__foo__ is not supported by Whence yet");
  CHECK(structure("torch.gather(torch.tensor([1]).__add__(1), 0, torch.tensor([0]))") ==
        "torch.gather(torch.tensor([2]), 0, torch.tensor([0]))");
}

TEST_CASE("the parser names every operator op once") {
  const std::vector<std::string> expected = {
      "torch.Tensor.__eq__",        "torch.Tensor.__ne__",      "torch.Tensor.__lt__",       "torch.Tensor.__le__",
      "torch.Tensor.__gt__",        "torch.Tensor.__ge__",      "torch.Tensor.__or__",       "torch.Tensor.__xor__",
      "torch.Tensor.__and__",       "torch.Tensor.__lshift__",  "torch.Tensor.__rshift__",   "torch.Tensor.__add__",
      "torch.Tensor.__sub__",       "torch.Tensor.__mul__",     "torch.Tensor.__truediv__",  "torch.Tensor.__matmul__",
      "torch.Tensor.__floordiv__",  "torch.Tensor.__mod__",     "torch.Tensor.__neg__",      "torch.Tensor.__pos__",
      "torch.Tensor.__invert__",    "torch.Tensor.__pow__",     "torch.Tensor.__ror__",      "torch.Tensor.__rxor__",
      "torch.Tensor.__rand__",      "torch.Tensor.__rlshift__", "torch.Tensor.__rrshift__",  "torch.Tensor.__radd__",
      "torch.Tensor.__rsub__",      "torch.Tensor.__rmul__",    "torch.Tensor.__rtruediv__", "torch.Tensor.__rmatmul__",
      "torch.Tensor.__rfloordiv__", "torch.Tensor.__rmod__",    "torch.Tensor.__rpow__"};
  CHECK(operator_op_names() == expected);
  CHECK(is_operator_op("torch.Tensor.__rpow__"));
  CHECK_FALSE(is_operator_op("torch.Tensor.gather"));
  CHECK_FALSE(is_operator_op("__add__"));
}

TEST_CASE("random operator texts round-trip through format_call") {
  // A fixed seed: the same 3000 texts every run. Each is one top-level operator with a tensor
  // operand and number, str or None operands built from operators themselves.
  std::uint32_t state = 12345;
  auto pick = [&](std::uint32_t n) {
    state = state * 1664525u + 1013904223u;
    return (state >> 8) % n;
  };
  const std::vector<std::string> binary = {"+", "-",  "*",  "/",  "//", "%", "**", "&", "|",
                                           "^", "<<", ">>", "==", "!=", "<", "<=", ">", ">="};
  const std::vector<std::string> tensors = {"torch.tensor([1, 2])", "torch.tensor([[0.5, -1.5]])",
                                            "torch.tensor([True])", "torch.zeros((0, 2))"};
  const std::vector<std::string> atoms = {"0", "1", "2", "3", "-1", "0.5", "-2.5", "True", "False", "'a'", "None"};
  std::function<std::string(int)> number = [&](int depth) -> std::string {
    if (depth == 0 || pick(3) == 0) return atoms[pick(std::uint32_t(atoms.size()))];
    if (pick(5) == 0) return std::string(pick(2) ? "-" : "~") + "(" + number(depth - 1) + ")";
    return "(" + number(depth - 1) + " " + binary[pick(std::uint32_t(binary.size()))] + " " + number(depth - 1) + ")";
  };
  int calls = 0;
  for (int k = 0; k < 3000; ++k) {
    const std::string t = tensors[pick(std::uint32_t(tensors.size()))];
    std::string text;
    const auto shape = pick(4);
    const std::string op = binary[pick(std::uint32_t(binary.size()))];
    if (shape == 0)
      text = std::string(pick(2) ? "-" : "~") + t;
    else if (shape == 1)
      text = number(2) + " " + op + " " + t;
    else
      text = t + " " + op + " " + number(2);
    INFO(text);
    Call c;
    try {
      c = parse_call(text);
    } catch (const Error&) {
      continue;  // 1 / 0, 'a' + t, ...: errors are tested above
    }
    ++calls;
    const std::string once = format_call(c);
    INFO(once);
    CHECK(call_to_json(parse_call(once)) == call_to_json(c));
    CHECK(format_call(parse_call(once)) == once);
  }
  CHECK(calls > 2000);
}
