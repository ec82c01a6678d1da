// test_call_syntax_python.cpp - the Python the call language's parser reads beyond calls and
// operators: conditional expressions, in/not in/is/is not and chained comparisons, dicts,
// comprehensions, f-strings, string prefixes, triple quotes and escapes, *args/**kwargs; the
// exact trees (call_syntax.hpp's contract with the evaluator), CPython's errors, and deep
// nesting refused rather than overflowing the stack.
#include <catch2/catch.hpp>

#include <cstdio>
#include <string>
#include <vector>

#include "core/call_syntax.hpp"
#include "core/error.hpp"

using namespace whence;

namespace {

const char* syntax_kind_name(Node::Kind k) {
  using K = Node::Kind;
  switch (k) {
    case K::Name: return "Name";
    case K::Int: return "Int";
    case K::Float: return "Float";
    case K::Str: return "Str";
    case K::Bool: return "Bool";
    case K::NoneLit: return "None";
    case K::EllipsisLit: return "Ellipsis";
    case K::List: return "List";
    case K::Tuple: return "Tuple";
    case K::Call: return "Call";
    case K::Attr: return "Attr";
    case K::Unary: return "Unary";
    case K::Binary: return "Binary";
    case K::Subscript: return "Subscript";
    case K::Slice: return "Slice";
    case K::IfExp: return "IfExp";
    case K::Dict: return "Dict";
    case K::Comprehension: return "Comprehension";
    case K::ForClause: return "ForClause";
    case K::FString: return "FString";
    case K::FormatValue: return "FormatValue";
    case K::Starred: return "Starred";
  }
  return "?";
}

// A string's bytes as a Python-like literal: 'a\n\x00' (bytes past ASCII as \xHH, UTF-8's).
std::string syntax_quoted(const std::string& s) {
  std::string out = "'";
  for (const char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\\') {
      out += "\\\\";
    } else if (c == '\'') {
      out += "\\'";
    } else if (u < 0x20 || u >= 0x7F) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", u);
      out += buf;
    } else {
      out += c;
    }
  }
  return out + "'";
}

// A tree in one line: names and numbers as written, strings quoted, every other node as
// Kind[text](items; kwarg=value), FormatValue as FormatValue[!conversion:spec](expr).
std::string syntax_show(const Node& n) {
  using K = Node::Kind;
  switch (n.kind) {
    case K::Name: return n.text;
    case K::Int: return n.text.empty() ? std::to_string(n.i) : n.text;
    case K::Str: return syntax_quoted(n.text);
    case K::Bool: return n.b ? "True" : "False";
    case K::NoneLit: return "None";
    case K::EllipsisLit: return "...";
    default: break;
  }
  std::string s = syntax_kind_name(n.kind);
  if (n.kind == K::FormatValue) {
    std::string tag;
    if (n.i) tag += "!" + std::string(1, char(n.i));
    if (!n.text.empty()) tag += ":" + n.text;
    if (!tag.empty()) s += "[" + tag + "]";
  } else if (n.kind == K::Float) {
    return std::to_string(n.f);
  } else if (!n.text.empty()) {
    s += "[" + n.text + "]";
  }
  s += "(";
  for (std::size_t i = 0; i < n.items.size(); ++i) s += (i ? ", " : "") + syntax_show(n.items[i]);
  for (std::size_t i = 0; i < n.kwargs.size(); ++i)
    s += (i || !n.items.empty() ? (i ? ", " : "; ") : "") + n.kwargs[i].first + "=" + syntax_show(n.kwargs[i].second);
  return s + ")";
}

std::string syntax_tree(const std::string& text) {
  try {
    return syntax_show(parse_expression(text));
  } catch (const Error& e) {
    return std::string(e.type) + ": " + e.what();
  }
}

std::string syntax_repeated(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

struct SyntaxCase {
  const char* text;
  const char* expected;
};

void check_syntax_cases(const std::vector<SyntaxCase>& cases) {
  for (const SyntaxCase& c : cases) {
    INFO(c.text);
    CHECK(syntax_tree(c.text) == c.expected);
  }
}

}  // namespace

TEST_CASE("a conditional expression is an IfExp of body, test, orelse, wherever an expression is",
          "[call_syntax_python]") {
  check_syntax_cases({
      {"a if c else b", "IfExp(a, c, b)"},
      {"a if c else b if d else e", "IfExp(a, c, IfExp(b, d, e))"},  // right-associative
      {"(a if c else b) if d else e", "IfExp(IfExp(a, c, b), d, e)"},
      {"a or b if c and d else e", "IfExp(Binary[or](a, b), Binary[and](c, d), e)"},  // below `or`
      {"not a if b else c", "IfExp(Unary[not](a), b, c)"},
      {"a + 1 if b < 2 else -c", "IfExp(Binary[+](a, 1), Binary[<](b, 2), Unary[-](c))"},
      {"f(a if c else b, k=x if y else z)", "Call(f, IfExp(a, c, b); k=IfExp(x, y, z))"},
      {"[a if c else b, 1]", "List(IfExp(a, c, b), 1)"},
      {"(a if c else b, 1)", "Tuple(IfExp(a, c, b), 1)"},
      {"x[a if c else b]", "Subscript(x, IfExp(a, c, b))"},
      {"x[a if c else b:]", "Subscript(x, Slice(IfExp(a, c, b), None, None))"},
      {"(a if c else b).t", "Attr[t](IfExp(a, c, b))"},
      {"a if c else b.t", "IfExp(a, c, Attr[t](b))"},
      // Python's errors
      {"a if c", "SyntaxError: expected 'else' after 'if' expression (column 7)"},
      {"a if c else", "SyntaxError: unexpected end of the call (column 12)"},
      {"a if b if c else d else e", "SyntaxError: expected 'else' after 'if' expression (column 8)"},
      {"a if c else b else d", "SyntaxError: invalid syntax (column 15)"},
      {"if a else b", "SyntaxError: invalid syntax (column 1)"},
      // lambda is refused, wherever it is
      {"lambda: 0", "Unsupported: lambda is not supported by Whence yet"},
      {"f(lambda x: x)", "Unsupported: lambda is not supported by Whence yet"},
      {"a if c else lambda: 0", "Unsupported: lambda is not supported by Whence yet"},
  });
  const Node n = parse_expression("a if c else b");
  CHECK(n.column == 3);  // the `if`, as a Binary node's column is its operator's
  REQUIRE(n.items.size() == 3);
}

TEST_CASE("in, not in, is, is not compare as == does; a chain of comparisons is an `and` of pairs",
          "[call_syntax_python]") {
  check_syntax_cases({
      {"a in b", "Binary[in](a, b)"},
      {"a not in b", "Binary[not in](a, b)"},
      {"a is b", "Binary[is](a, b)"},
      {"a is not b", "Binary[is not](a, b)"},
      {"a is None", "Binary[is](a, None)"},
      {"not a in b", "Unary[not](Binary[in](a, b))"},  // `not` before an operand stays the Unary not
      {"not a not in b", "Unary[not](Binary[not in](a, b))"},
      {"not a is not b", "Unary[not](Binary[is not](a, b))"},
      {"a | b in c & d", "Binary[in](Binary[|](a, b), Binary[&](c, d))"},
      {"a in b and c not in d", "Binary[and](Binary[in](a, b), Binary[not in](c, d))"},
      {"x.in_place", "Attr[in_place](x)"},
      // chains: (a < b) and (b < c), the middle node in both comparisons
      {"a < b < c", "Binary[and](Binary[<](a, b), Binary[<](b, c))"},
      {"0 <= i < n", "Binary[and](Binary[<=](0, i), Binary[<](i, n))"},
      {"a == b in c", "Binary[and](Binary[==](a, b), Binary[in](b, c))"},
      {"a is b is not c", "Binary[and](Binary[is](a, b), Binary[is not](b, c))"},
      {"a < b <= c < d", "Binary[and](Binary[and](Binary[<](a, b), Binary[<=](b, c)), Binary[<](c, d))"},
      {"a + 1 < b * 2 < c", "Binary[and](Binary[<](Binary[+](a, 1), Binary[*](b, 2)), Binary[<](Binary[*](b, 2), c))"},
      {"(a < b) < c", "Binary[<](Binary[<](a, b), c)"},
      // Python's errors
      {"a not b", "SyntaxError: invalid syntax (column 3)"},
      {"a in", "SyntaxError: unexpected end of the call (column 5)"},
      {"a is not", "SyntaxError: unexpected end of the call (column 9)"},
      {"a not in not b", "SyntaxError: invalid syntax (column 10)"},
      {"in a", "SyntaxError: invalid syntax (column 1)"},
      {"a < < b", "SyntaxError: invalid syntax (column 5)"},
  });
}

TEST_CASE("a dict display is a Dict of keys and values in order; a set display is refused", "[call_syntax_python]") {
  check_syntax_cases({
      {"{}", "Dict()"},
      {"{'a': 1}", "Dict('a', 1)"},
      {"{'a': 1, b: c if d else e,}", "Dict('a', 1, b, IfExp(c, d, e))"},
      {"{a: {b: [c]}, (1, 2): None}", "Dict(a, Dict(b, List(c)), Tuple(1, 2), None)"},
      {"f({})['k']", "Subscript(Call(f, Dict()), 'k')"},
      {"{a: b}[a]", "Subscript(Dict(a, b), a)"},
      {"{a, b}", "Unsupported: sets are not supported by Whence"},
      {"{a}", "Unsupported: sets are not supported by Whence"},
      {"{a for a in b}", "Unsupported: sets are not supported by Whence"},
      {"{*a, b}", "Unsupported: sets are not supported by Whence"},
      {"{**d}", "Unsupported: {**d} is not supported by Whence yet: use dict(d) and update"},
      {"{1: 2", "SyntaxError: '{' was never closed (column 1)"},
      {"{1: 2,", "SyntaxError: '{' was never closed (column 1)"},
      {"{1:", "SyntaxError: unexpected end of the call (column 4)"},
      {"{1: }", "SyntaxError: invalid syntax (column 5)"},
      {"{1 2}", "SyntaxError: invalid syntax (column 4)"},
      {"{1: 2 3}", "SyntaxError: invalid syntax (column 7)"},
      {"{1: 2]", "SyntaxError: closing parenthesis ']' does not match opening parenthesis '{' (column 6)"},
      {"{1: 2, 3: 4 for x in y}", "SyntaxError: invalid syntax (column 13)"},
  });
}

TEST_CASE("comprehensions: the element, then a ForClause of target, iter, conditions per `for`",
          "[call_syntax_python]") {
  check_syntax_cases({
      {"[x for x in xs]", "Comprehension[list](x, ForClause(x, xs))"},
      {"[e for t in it if c for u in it2]", "Comprehension[list](e, ForClause(t, it, c), ForClause(u, it2))"},
      {"[x for x in a if p if q]", "Comprehension[list](x, ForClause(x, a, p, q))"},
      {"[x for x in a if p or q if not r]", "Comprehension[list](x, ForClause(x, a, Binary[or](p, q), Unary[not](r)))"},
      {"(x * x for x in xs)", "Comprehension[generator](Binary[*](x, x), ForClause(x, xs))"},
      {"sum(x * x for x in xs)", "Call(sum, Comprehension[generator](Binary[*](x, x), ForClause(x, xs)))"},
      {"f(x for x in range(3) if x)", "Call(f, Comprehension[generator](x, ForClause(x, Call(range, 3), x)))"},
      {"f((x for x in y), a)", "Call(f, Comprehension[generator](x, ForClause(x, y)), a)"},
      {"{k: v for k, v in d.items()}", "Comprehension[dict](k, v, ForClause(Tuple(k, v), Call(Attr[items](d))))"},
      {"[a for i, (a, b) in y]", "Comprehension[list](a, ForClause(Tuple(i, Tuple(a, b)), y))"},
      {"{k: v * 2 for k in ks if k for v in vs}",
       "Comprehension[dict](k, Binary[*](v, 2), ForClause(k, ks, k), ForClause(v, vs))"},
      // targets: a name or a tuple of names, with or without brackets
      {"[i for i, x in enumerate(xs)]", "Comprehension[list](i, ForClause(Tuple(i, x), Call(enumerate, xs)))"},
      {"[i for (i, x) in e]", "Comprehension[list](i, ForClause(Tuple(i, x), e))"},
      {"[i for [i, x] in e]", "Comprehension[list](i, ForClause(Tuple(i, x), e))"},
      {"[i for i, in e]", "Comprehension[list](i, ForClause(Tuple(i), e))"},
      {"[i for (i) in e]", "Comprehension[list](i, ForClause(i, e))"},
      // the element may be a conditional; the iter and conditions are at `or` level
      {"[a if b else c for x in y]", "Comprehension[list](IfExp(a, b, c), ForClause(x, y))"},
      {"[x for x in a or b]", "Comprehension[list](x, ForClause(x, Binary[or](a, b)))"},
      {"[x for x in (a if b else c)]", "Comprehension[list](x, ForClause(x, IfExp(a, b, c)))"},
      {"[x for x in a if b else c]", "SyntaxError: invalid syntax (column 20)"},
      {"[[y for y in x] for x in xs]",
       "Comprehension[list](Comprehension[list](y, ForClause(y, x)), ForClause(x, xs))"},
      {"[x for x in [y for y in z]]", "Comprehension[list](x, ForClause(x, Comprehension[list](y, ForClause(y, z))))"},
      {"[f(x, k=1) for x in xs][0]", "Subscript(Comprehension[list](Call(f, x; k=1), ForClause(x, xs)), 0)"},
      // Python's errors
      {"f(a, x for x in y)", "SyntaxError: Generator expression must be parenthesized (column 6)"},
      {"f(x for x in y, a)", "SyntaxError: Generator expression must be parenthesized (column 3)"},
      {"f(x for x in y, k=1)", "SyntaxError: Generator expression must be parenthesized (column 3)"},
      {"f(x for x in y,)", "SyntaxError: Generator expression must be parenthesized (column 3)"},
      {"f(x for x in y", "SyntaxError: '(' was never closed (column 2)"},
      {"[x for x in y", "SyntaxError: '[' was never closed (column 1)"},
      {"[x for x in]", "SyntaxError: invalid syntax (column 12)"},
      {"[x for x]", "SyntaxError: invalid syntax (column 9)"},
      {"[x for x in y, z]", "SyntaxError: invalid syntax (column 14)"},
      {"[x for in y]", "SyntaxError: invalid syntax (column 8)"},
      {"[*a for a in b]", "SyntaxError: iterable unpacking cannot be used in comprehension (column 2)"},
      {"[x for 1 in y]", "SyntaxError: cannot assign to literal (column 8)"},
      {"[x for f() in y]", "SyntaxError: cannot assign to function call (column 9)"},
      {"[x for a, b + 1 in y]", "SyntaxError: cannot assign to expression (column 13)"},
      {"[x for None in y]", "SyntaxError: cannot assign to None (column 8)"},
      // targets Python takes that the evaluator does not bind
      {"[x for x.a in y]",
       "Unsupported: a comprehension's target other than names and tuples of them is not supported by Whence yet"},
      {"[x for x[0] in y]",
       "Unsupported: a comprehension's target other than names and tuples of them is not supported by Whence yet"},
      {"[x for i, (a, x.b) in y]",
       "Unsupported: a comprehension's target other than names and tuples of them is not supported by Whence yet"},
  });
}

TEST_CASE("an f-string is an FString of Str and FormatValue parts", "[call_syntax_python]") {
  check_syntax_cases({
      {"f'a{x}b'", "FString('a', FormatValue(x), 'b')"},
      {"f'{x}'", "FString(FormatValue(x))"},
      {"f''", "FString()"},
      {"f'{x!r}'", "FString(FormatValue[!r](x))"},
      {"f'{x!s} {y!a}'", "FString(FormatValue[!s](x), ' ', FormatValue[!a](y))"},
      {"f'{x:.4f}'", "FString(FormatValue[:.4f](x))"},
      {"f'{x!r:>10}'", "FString(FormatValue[!r:>10](x))"},
      {"f'{x:}'", "FString(FormatValue(x))"},
      {"f'{x:%Y-%m!}'", "FString(FormatValue[:%Y-%m!](x))"},
      {"F'{{x}} {y}'", "FString('{x} ', FormatValue(y))"},
      {"f'{{}}'", "FString('{}')"},
      {"f'{ a + b * 2 }'", "FString(FormatValue(Binary[+](a, Binary[*](b, 2))))"},
      {"f'{d[\"k\"]:>3}'", "FString(FormatValue[:>3](Subscript(d, 'k')))"},
      {"f'{d[1:2]}'", "FString(FormatValue(Subscript(d, Slice(1, 2, None))))"},
      {"f'{ {1: 2}[1] }'", "FString(FormatValue(Subscript(Dict(1, 2), 1)))"},
      {"f'{a != b}{a == b}{a <= b}{a >= b}{a < b}{a > b}'",
       "FString(FormatValue(Binary[!=](a, b)), FormatValue(Binary[==](a, b)), FormatValue(Binary[<=](a, b)), "
       "FormatValue(Binary[>=](a, b)), FormatValue(Binary[<](a, b)), FormatValue(Binary[>](a, b)))"},
      {"f'{a if b else c}'", "FString(FormatValue(IfExp(a, b, c)))"},
      {"f'{x, y}'", "FString(FormatValue(Tuple(x, y)))"},  // compiled in parentheses, as CPython 3.11 does
      {"f'{x for x in y}'", "FString(FormatValue(Comprehension[generator](x, ForClause(x, y))))"},
      {"f'{f(\"}\")}'", "FString(FormatValue(Call(f, '}')))"},
      {"f'{f\"{x}\"}'", "FString(FormatValue(FString(FormatValue(x))))"},
      {"f'''{a +\n b}'''", "FString(FormatValue(Binary[+](a, b)))"},
      {"f\"{'''a'''}\"", "FString(FormatValue('a'))"},
      // escapes: read in literal text unless raw; \{ is a backslash before a field
      {"f'\\n{x}\\t'", "FString('\\n', FormatValue(x), '\\x09')"},
      {"f'\\\\{x}'", "FString('\\\\', FormatValue(x))"},
      {"f'\\{x}'", "FString('\\\\', FormatValue(x))"},
      {"f'\\x41{x}'", "FString('A', FormatValue(x))"},
      {"rf'\\n{x}'", "FString('\\\\n', FormatValue(x))"},
      {"fr'\\n{x}'", "FString('\\\\n', FormatValue(x))"},
      {"Rf'\\n{x}'", "FString('\\\\n', FormatValue(x))"},
      {"fR'\\n{x}'", "FString('\\\\n', FormatValue(x))"},
      {"rf'\\N{x}'", "FString('\\\\N', FormatValue(x))"},
      // adjacent literals join; with an f-string among them the whole is one FString
      {"'a' 'b'", "'ab'"},
      {"'a' \"b\" '''c'''", "'abc'"},
      {"'a' f'{x}' 'c'", "FString('a', FormatValue(x), 'c')"},
      {"f'{x}' 'b' f'c{y}'", "FString(FormatValue(x), 'bc', FormatValue(y))"},
      {"'' f'{x}' ''", "FString(FormatValue(x))"},
      {"f'{x}' r'\\n'", "FString(FormatValue(x), '\\\\n')"},
      // CPython 3.11's errors
      {"f'{x'", "SyntaxError: f-string: expecting '}' (column 1)"},
      {"f'{x!r'", "SyntaxError: f-string: expecting '}' (column 1)"},
      {"f'{x!r x}'", "SyntaxError: f-string: expecting '}' (column 1)"},
      {"f'{x:>3'", "SyntaxError: f-string: expecting '}' (column 1)"},
      {"f'{}'", "SyntaxError: f-string: empty expression not allowed (column 1)"},
      {"f'{ }'", "SyntaxError: f-string: empty expression not allowed (column 1)"},
      {"f'}'", "SyntaxError: f-string: single '}' is not allowed (column 1)"},
      {"f'{x!z}'", "SyntaxError: f-string: invalid conversion character: expected 's', 'r', or 'a' (column 1)"},
      {"f'{x!}'", "SyntaxError: f-string: invalid conversion character: expected 's', 'r', or 'a' (column 1)"},
      {"f'{a\\n}'", "SyntaxError: f-string expression part cannot include a backslash (column 1)"},
      {"f'{a#}'", "SyntaxError: f-string expression part cannot include '#' (column 1)"},
      {"f'{a)}'", "SyntaxError: f-string: unmatched ')' (column 1)"},
      {"f'{(a}'", "SyntaxError: f-string: closing parenthesis '}' does not match opening parenthesis '(' (column 1)"},
      {"f'{(a'", "SyntaxError: f-string: unmatched '(' (column 1)"},
      {"f'{\"a}'", "SyntaxError: f-string: unterminated string (column 1)"},
      {"f'{a b}'", "SyntaxError: invalid syntax (column 4)"},
      {"f'{*a}'", "SyntaxError: cannot use starred expression here (column 2)"},
      {"f'{x=}'", "Unsupported: f-string's {x=} is not supported by Whence yet"},
      {"f'{x = }'", "Unsupported: f-string's {x=} is not supported by Whence yet"},
      {"f'{x=!r}'", "Unsupported: f-string's {x=} is not supported by Whence yet"},
      {"f'{x:{w}}'", "Unsupported: nested fields in an f-string's format spec are not supported by Whence yet"},
      {"f'\\N{DASH}'", "Unsupported: \\N{...} escapes are not supported by Whence"},
      {"f'{lambda: 1}'", "Unsupported: lambda is not supported by Whence yet"},
  });
  const Node n = parse_expression("f'{x!r:>10}'");
  REQUIRE(n.items.size() == 1);
  CHECK(n.items[0].i == 'r');
  CHECK(n.items[0].text == ">10");
  CHECK(parse_expression("f'{x}'").items[0].i == 0);
}

TEST_CASE("string literals: prefixes, triple quotes, escapes as Python reads them", "[call_syntax_python]") {
  check_syntax_cases({
      {"'''a\nb'c\"'''", "'a\\nb\\'c\"'"},
      {"\"\"\"it's \"quoted\"\n\"\"\"", "'it\\'s \"quoted\"\\n'"},
      {"''''''", "''"},
      {"'\\n\\t\\\\\\'\\\"\\r'", "'\\n\\x09\\\\\\'\"\\x0d'"},
      {"'\\x41\\u00e9\\u20ac'", "'A\\xc3\\xa9\\xe2\\x82\\xac'"},
      {"'\\U0001F600'", "'\\xf0\\x9f\\x98\\x80'"},
      {"'\\101\\60\\0'", "'A0\\x00'"},
      {"'\\a\\b\\f\\v'", "'\\x07\\x08\\x0c\\x0b'"},
      {"'\\q\\d'", "'\\\\q\\\\d'"},  // Python keeps an unknown escape as written
      {"'a\\\nb'", "'ab'"},          // a backslash-newline continues the string
      {"u'x'", "'x'"},
      {"r'\\n\\''", "'\\\\n\\\\\\''"},
      {"R'''\\t'''", "'\\\\t'"},
      {"'\\x4'", "SyntaxError: (unicode error) 'unicodeescape' codec can't decode bytes: truncated \\xXX escape"},
      {"'\\u12'", "SyntaxError: (unicode error) 'unicodeescape' codec can't decode bytes: truncated \\uXXXX escape"},
      {"'\\U00110000'",
       "SyntaxError: (unicode error) 'unicodeescape' codec can't decode bytes: illegal Unicode character"},
      {"'\\N{DASH}'", "Unsupported: \\N{...} escapes are not supported by Whence"},
      {"'abc", "SyntaxError: unterminated string literal (column 1)"},
      {"x + 'a\nb'", "SyntaxError: unterminated string literal (column 5)"},
      {"'''abc''", "SyntaxError: unterminated triple-quoted string literal (column 1)"},
      {"f'''{x}", "SyntaxError: unterminated triple-quoted string literal (column 1)"},
      {"b'x'", "Unsupported: bytes literals are not supported by Whence"},
      {"ur'x'", "SyntaxError: invalid syntax (column 3)"},  // not a prefix in Python 3: a name, then a string
      {"ff'x'", "SyntaxError: invalid syntax (column 3)"},
      {"rf", "rf"},
  });
  CHECK(parse_expression("'\\0'").text == std::string(1, '\0'));
}

TEST_CASE("*iterable is a Starred item and **mapping a kwargs entry named **", "[call_syntax_python]") {
  check_syntax_cases({
      {"f(*a)", "Call(f, Starred(a))"},
      {"f(*a, b, *c, k=1, **d)", "Call(f, Starred(a), b, Starred(c); k=1, **=d)"},
      {"f(k=1, *a)", "Call(f, Starred(a); k=1)"},  // Python allows *a after a keyword
      {"f(**d, k=1, **e)", "Call(f; **=d, k=1, **=e)"},
      {"f(*a if b else c)", "Call(f, Starred(IfExp(a, b, c)))"},
      {"f(**{'a': 1})", "Call(f; **=Dict('a', 1))"},
      {"[*a, b]", "List(Starred(a), b)"},
      {"[*a + b, *c]", "List(Starred(Binary[+](a, b)), Starred(c))"},
      {"(*a,)", "Tuple(Starred(a))"},
      {"(*a, *b)", "Tuple(Starred(a), Starred(b))"},
      {"[*[*a]]", "List(Starred(List(Starred(a))))"},
      // Python's errors
      {"(*a)", "SyntaxError: cannot use starred expression here (column 2)"},
      {"*a", "SyntaxError: invalid syntax (column 1)"},
      {"f(**d, *a)", "SyntaxError: iterable argument unpacking follows keyword argument unpacking (column 8)"},
      {"f(**d, a)", "SyntaxError: positional argument follows keyword argument unpacking (column 8)"},
      {"f(k=1, a)", "SyntaxError: positional argument follows keyword argument (column 8)"},
      {"f(k=1, k=2)", "SyntaxError: keyword argument repeated: k (column 8)"},
      {"f(for=1)", "SyntaxError: invalid syntax (column 3)"},
      {"f(*)", "SyntaxError: invalid syntax (column 4)"},
  });
}

TEST_CASE("brackets are matched as CPython's tokenizer matches them; keywords are never names",
          "[call_syntax_python]") {
  check_syntax_cases({
      {"(1, 2]", "SyntaxError: closing parenthesis ']' does not match opening parenthesis '(' (column 6)"},
      {"[1, (2]", "SyntaxError: closing parenthesis ']' does not match opening parenthesis '(' (column 7)"},
      {"f(1))", "SyntaxError: unmatched ')' (column 5)"},
      {"}", "SyntaxError: unmatched '}' (column 1)"},
      {"{", "SyntaxError: '{' was never closed (column 1)"},
      {"f([1, {2: (3,", "SyntaxError: '(' was never closed (column 11)"},
      {"a ! b", "SyntaxError: invalid character '!' (column 3)"},
      {"x.if", "SyntaxError: invalid syntax (column 3)"},
      {"x.None", "SyntaxError: invalid syntax (column 3)"},
      {"f(x, else)", "SyntaxError: invalid syntax (column 6)"},
      {"yield", "SyntaxError: invalid syntax (column 1)"},
      {"-not", "SyntaxError: invalid syntax (column 2)"},
      {"[1, 2, ...]", "List(1, 2, ...)"},
      {"print(True, None, format_spec, is_leaf, x.is_leaf, iffy)",
       "Call(print, True, None, format_spec, is_leaf, Attr[is_leaf](x), iffy)"},
  });
}

TEST_CASE("deep nesting through the new constructs is an Error, never a stack overflow", "[call_syntax_python]") {
  const auto error_type = [](const std::string& text) {
    try {
      parse_expression(text);
      return std::string("no error");
    } catch (const Error& e) {
      return e.type;
    }
  };
  // The tokenizer's 200 brackets, braces counted with the rest.
  CHECK(error_type(syntax_repeated("[", 10000)) == "SyntaxError");
  CHECK(error_type(syntax_repeated("{", 10000)) == "SyntaxError");
  CHECK(error_type(syntax_repeated("{1: ", 10000)) == "SyntaxError");
  CHECK(error_type(syntax_repeated("[*", 10000)) == "SyntaxError");
  CHECK(error_type(syntax_repeated("(x for x in ", 10000)) == "SyntaxError");
  CHECK(error_type(syntax_repeated("f'{", 10000)) == "SyntaxError");
  // Up to the limits, as in Python.
  CHECK(error_type(syntax_repeated("[", 199) + "1" + syntax_repeated("]", 199)) == "no error");
  CHECK(error_type(syntax_repeated("{1: ", 199) + "1" + syntax_repeated("}", 199)) == "no error");
  CHECK(error_type(syntax_repeated("[*", 199) + "a" + syntax_repeated("]", 199)) == "no error");
  CHECK(error_type(syntax_repeated("[x for x in ", 199) + "y" + syntax_repeated("]", 199)) == "no error");
  // Chains without brackets: conditionals, nots, comparisons.
  CHECK(error_type(syntax_repeated("x if c else ", 10000) + "y") == "RecursionError");
  CHECK(error_type(syntax_repeated("x if c else ", 100) + "y") == "no error");
  CHECK(error_type(syntax_repeated("not ", 10000) + "x") == "RecursionError");
  CHECK(error_type("a" + syntax_repeated(" < a", 10000)) == "RecursionError");
  CHECK(error_type("a" + syntax_repeated(" in a", 500)) == "no error");
  CHECK(error_type("a" + syntax_repeated(" is not a", 10000)) == "RecursionError");
  // A middle operand that is itself a chain doubles the tree at each level: bounded.
  std::string doubling = "a";
  for (int i = 0; i < 40; ++i) doubling = "a < (" + doubling + " < a) < a";
  CHECK(error_type(doubling) == "Unsupported");
  std::string small = "a";
  for (int i = 0; i < 3; ++i) small = "a < (" + small + " < a) < a";
  CHECK(error_type(small) == "no error");
  // Long flat constructs are no deeper than they are wide.
  CHECK(parse_expression("[x" + syntax_repeated(" for x in y", 10000) + "]").items.size() == 10001);
  CHECK(parse_expression("[x for x in y" + syntax_repeated(" if c", 10000) + "]").items[1].items.size() == 10002);
  CHECK(parse_expression(syntax_repeated("'a' ", 10000)).text.size() == 10000);
  CHECK(parse_expression("f'" + syntax_repeated("{x}", 10000) + "'").items.size() == 10000);
  CHECK(parse_expression("{" + syntax_repeated("1: 2, ", 10000) + "}").items.size() == 20000);
  // f-strings nested in fields (four quote kinds at most) go on counting from the field's depth, the
  // brackets around them included.
  const std::string open = syntax_repeated("(", 190), close = syntax_repeated(")", 190);
  const std::string nested = "f'''{" + open + "f\"\"\"{" + open + "f'{" + open + "f\"{" + open + "x" + close + "}\"" +
                             close + "}'" + close + "}\"\"\"" + close + "}'''";
  CHECK(error_type(nested) == "SyntaxError");
  const auto around = [](int outside, int inside) {
    return syntax_repeated("(", outside) + "f'{" + syntax_repeated("(", inside) + "x" + syntax_repeated(")", inside) +
           "}'" + syntax_repeated(")", outside);
  };
  CHECK(error_type(around(100, 90)) == "no error");
  CHECK(syntax_tree(around(150, 60)) == "SyntaxError: too many nested parentheses (column 51)");
  CHECK(error_type("f'''{f\"\"\"{f'{f\"{x}\"}'}\"\"\"}'''") == "no error");
  CHECK(error_type("f'{" + syntax_repeated("(", 250) + "x" + syntax_repeated(")", 250) + "}'") == "SyntaxError");
  CHECK(error_type("f'{x:" + syntax_repeated("{", 10000) + "}'") == "Unsupported");
}
