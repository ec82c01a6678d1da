#include "call_syntax.hpp"

#include <cctype>
#include <cerrno>
#include <cstdlib>

#include "error.hpp"

namespace whence {

namespace {

struct Token {
  enum class Kind { Name, Int, Float, Str, Op, End } kind;
  std::string text;
  std::size_t column;
};

[[noreturn]] void syntax_error(const std::string& what, std::size_t column) {
  fail("SyntaxError", what + " (column " + std::to_string(column) + ")");
}

const char* two_char_operator(const std::string& s, std::size_t i) {
  static const char* const ops[] = {"**", "//", "<<", ">>", "<=", ">=", "==", "!="};
  for (const char* op : ops)
    if (s.compare(i, 2, op) == 0) return op;
  return nullptr;
}

std::vector<Token> tokenize(const std::string& s) {
  std::vector<Token> out;
  std::size_t i = 0;
  int brackets = 0;
  while (i < s.size()) {
    const char c = s[i];
    const std::size_t col = i + 1;
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    if (s.compare(i, 3, "...") == 0) {  // Ellipsis, before '.' of an attribute or a float
      out.push_back({Token::Kind::Op, "...", col});
      i += 3;
      continue;
    }
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      std::size_t j = i;
      while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '_')) ++j;
      out.push_back({Token::Kind::Name, s.substr(i, j - i), col});
      i = j;
    } else if (std::isdigit(static_cast<unsigned char>(c)) ||
               (c == '.' && i + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[i + 1])))) {
      std::size_t j = i;
      bool is_float = false;
      while (j < s.size() && (std::isdigit(static_cast<unsigned char>(s[j])) || s[j] == '_')) ++j;
      if (j < s.size() && s[j] == '.') {
        is_float = true;
        ++j;
        while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]))) ++j;
      }
      if (j < s.size() && (s[j] == 'e' || s[j] == 'E')) {
        std::size_t k = j + 1;
        if (k < s.size() && (s[k] == '+' || s[k] == '-')) ++k;
        if (k < s.size() && std::isdigit(static_cast<unsigned char>(s[k]))) {
          is_float = true;
          j = k;
          while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]))) ++j;
        }
      }
      const bool imaginary =
          j < s.size() && (s[j] == 'j' || s[j] == 'J') &&
          (j + 1 == s.size() || !(std::isalnum(static_cast<unsigned char>(s[j + 1])) || s[j + 1] == '_'));
      if (imaginary)
        fail("Unsupported", "complex numbers (" + s.substr(i, j + 1 - i) + ") are not supported by Whence");
      if (j < s.size() && (std::isalpha(static_cast<unsigned char>(s[j])) || s[j] == '_'))
        syntax_error("invalid decimal literal", j + 1);
      std::string text;
      for (std::size_t k = i; k < j; ++k)
        if (s[k] != '_') text += s[k];
      out.push_back({is_float ? Token::Kind::Float : Token::Kind::Int, text, col});
      i = j;
    } else if (c == '\'' || c == '"') {
      std::string value;
      std::size_t j = i + 1;
      for (; j < s.size() && s[j] != c; ++j) {
        if (s[j] == '\\' && j + 1 < s.size()) {
          const char e = s[++j];
          value += e == 'n' ? '\n' : e == 't' ? '\t' : e;
        } else {
          value += s[j];
        }
      }
      if (j >= s.size()) syntax_error("unterminated string literal", col);
      out.push_back({Token::Kind::Str, value, col});
      i = j + 1;
    } else if (const char* two = two_char_operator(s, i)) {
      out.push_back({Token::Kind::Op, two, col});
      i += 2;
    } else if (std::string("()[],.:=-+*/%&|^~<>@").find(c) != std::string::npos) {
      // CPython's tokenizer refuses a 201st open bracket (MAXLEVEL) in these words.
      if ((c == '(' || c == '[') && ++brackets > 200) syntax_error("too many nested parentheses", col);
      if ((c == ')' || c == ']') && brackets > 0) --brackets;
      out.push_back({Token::Kind::Op, std::string(1, c), col});
      ++i;
    } else {
      syntax_error(std::string("invalid character '") + c + "'", col);
    }
  }
  out.push_back({Token::Kind::End, "", s.size() + 1});
  return out;
}

class Parser {
 public:
  explicit Parser(std::vector<Token> tokens) : t_(std::move(tokens)) {}

  Node parse_all() {
    if (peek().kind == Token::Kind::End) syntax_error("empty call", 1);
    Node n = expression();
    if (peek().kind != Token::Kind::End) syntax_error("invalid syntax", peek().column);
    if (chained_)
      fail("Unsupported", "chained comparisons like a < b < c are not supported by Whence yet (column " +
                              std::to_string(chained_) + ")");
    return n;
  }

 private:
  std::vector<Token> t_;
  std::size_t p_ = 0;
  static constexpr int kMaxNest = 1000;
  int depth_ = 0;
  int links_ = 0;            // postfix links (.name, (...), [...]) on the path being parsed
  std::size_t chained_ = 0;  // column of the second operator of a chained comparison

  const Token& peek() const { return t_[p_]; }
  bool is_op(const char* op) const { return peek().kind == Token::Kind::Op && peek().text == op; }
  Token next() { return t_[p_++]; }
  void expect(const char* op, const Token& opener) {
    if (is_op(op)) {
      ++p_;
      return;
    }
    if (peek().kind == Token::Kind::End) syntax_error("'" + opener.text + "' was never closed", opener.column);
    syntax_error("invalid syntax", peek().column);
  }

  // Counts nesting (expressions in brackets, unary operators, right operands of **) so that deep
  // text cannot exhaust the stack: the tokenizer allows 200 brackets, as CPython's, and CPython
  // compiles a few thousand unary operators before its own recursion limit, in these words.
  struct Nest {
    Parser& p;
    explicit Nest(Parser& parser) : p(parser) {
      if (++p.depth_ > kMaxNest) fail("RecursionError", "maximum recursion depth exceeded during compilation");
    }
    ~Nest() { --p.depth_; }
  };

  // A chain of left-associative operators (1 + 1 + ... + 1) builds a tree as deep as it is long,
  // which evaluating recurses through: each operator counts as a level of nesting, so that a
  // chain past kMaxNest is a RecursionError (CPython compiles 1,000 terms, not 3,000) rather
  // than a stack overflow. `chained` counts the levels the caller gives back when its chain ends.
  void chain_link(int& chained) {
    ++chained;
    if (++depth_ > kMaxNest) fail("RecursionError", "maximum recursion depth exceeded during compilation");
  }

  bool is_one_of(const std::vector<const char*>& ops) const {
    if (peek().kind != Token::Kind::Op) return false;
    for (const char* op : ops)
      if (peek().text == op) return true;
    return false;
  }

  static Node binary_node(const Token& op, Node left, Node right) {
    Node n;
    n.kind = Node::Kind::Binary;
    n.text = op.text;
    n.column = op.column;
    n.items.push_back(std::move(left));
    n.items.push_back(std::move(right));
    return n;
  }

  bool is_word(const char* w) const { return peek().kind == Token::Kind::Name && peek().text == w; }

  // Python's grammar, loosest first: or, and, not, comparison, |, ^, &, << >>, + -, * @ / // %,
  // unary - + ~, **, then postfix (attributes, calls, subscripts). `and`/`or` are Binary nodes
  // and `not` a Unary one; call_parser.cpp evaluates them as Python does (short-circuit, truth).
  Node expression() { return boolean(0); }

  Node boolean(int level) {  // 0: or, 1: and, 2: not
    Nest nest(*this);
    if (level == 2) {
      if (!is_word("not")) return comparison();
      const Token op = next();
      Node n;
      n.kind = Node::Kind::Unary;
      n.text = "not";
      n.column = op.column;
      n.items.push_back(boolean(2));
      return n;
    }
    const char* word = level == 0 ? "or" : "and";
    Node n = boolean(level + 1);
    int chained = 0;
    while (is_word(word)) {
      const Token op = next();
      chain_link(chained);
      n = binary_node(op, std::move(n), boolean(level + 1));
    }
    depth_ -= chained;
    return n;
  }

  Node comparison() {
    Nest nest(*this);
    static const std::vector<const char*> comparisons = {"==", "!=", "<", "<=", ">", ">="};
    Node n = binary(0);
    if (!is_one_of(comparisons)) return n;
    const Token op = next();
    n = binary_node(op, std::move(n), binary(0));
    while (is_one_of(comparisons)) {  // a < b < c: parsed, then refused in parse_all
      if (!chained_) chained_ = peek().column;
      ++p_;
      binary(0);
    }
    return n;
  }

  // Left-associative binary operators, level 0 (|) to 5 (* @ / // %).
  Node binary(std::size_t level) {
    static const std::vector<std::vector<const char*>> levels = {{"|"},        {"^"},      {"&"},
                                                                 {"<<", ">>"}, {"+", "-"}, {"*", "@", "/", "//", "%"}};
    if (level == levels.size()) return factor();
    Node n = binary(level + 1);
    int chained = 0;
    while (is_one_of(levels[level])) {
      const Token op = next();
      chain_link(chained);
      n = binary_node(op, std::move(n), binary(level + 1));
    }
    depth_ -= chained;
    return n;
  }

  // Unary - + ~ bind looser than ** on their right: -2 ** 2 is -(2 ** 2).
  Node factor() {
    if (!is_one_of({"-", "+", "~"})) return power();
    Nest nest(*this);
    const Token op = next();
    Node n;
    n.kind = Node::Kind::Unary;
    n.text = op.text;
    n.column = op.column;
    n.items.push_back(factor());
    return n;
  }

  // ** is right-associative and its right operand may carry a sign: 2 ** -1, 2 ** 3 ** 2.
  Node power() {
    Node n = postfix(atom());
    if (!is_op("**")) return n;
    Nest nest(*this);
    const Token op = next();
    return binary_node(op, std::move(n), factor());
  }

  // Each link wraps the node before it, so a long chain (x.abs().abs()...) is a deep tree that
  // evaluating would recurse through: past kMaxLinks on one path it is refused, in CPython's
  // words for an expression too deep to compile.
  // (CPython 3.11 compiles 1,000 links, not 2,000; 500 keep the sanitizer build, whose frames are
  // largest, under its 8 MB stack: a chain of 1,000 .T overflowed it, 700 did not.)
  static constexpr int kMaxLinks = 500;
  Node postfix(Node n) {
    struct Links {  // the links this chain added, given back when it ends
      int& count;
      int added = 0;
      ~Links() { count -= added; }
    } links{links_};
    for (;;) {
      if (is_op(".") || is_op("(") || is_op("[")) {
        ++links.added;
        if (++links_ > kMaxLinks) fail("RecursionError", "maximum recursion depth exceeded during compilation");
      }
      if (is_op(".")) {
        ++p_;
        const Token name = next();
        if (name.kind != Token::Kind::Name) syntax_error("invalid syntax", name.column);
        Node a;
        a.kind = Node::Kind::Attr;
        a.text = name.text;
        a.column = name.column;
        a.items.push_back(std::move(n));
        n = std::move(a);
      } else if (is_op("(")) {
        const Token open = next();
        Node c;
        c.kind = Node::Kind::Call;
        c.column = open.column;
        c.items.push_back(std::move(n));
        arguments(c, open);
        n = std::move(c);
      } else if (is_op("[")) {
        n = subscript(std::move(n), next());
      } else {
        return n;
      }
    }
  }

  // value[index]: x[1], x[1:3], x[:, None, ...]; several items make a tuple index, as in Python.
  Node subscript(Node value, const Token& open) {
    Nest nest(*this);
    Node index;
    index.kind = Node::Kind::Tuple;
    index.column = open.column;
    bool comma = false;
    while (!is_op("]")) {
      if (peek().kind == Token::Kind::End) syntax_error("'[' was never closed", open.column);
      index.items.push_back(slice_or_expression());
      if (!is_op(",")) break;
      ++p_;
      comma = true;
    }
    expect("]", open);
    if (index.items.empty()) syntax_error("invalid syntax", open.column);
    Node n;
    n.kind = Node::Kind::Subscript;
    n.column = open.column;
    n.items.push_back(std::move(value));
    n.items.push_back(index.items.size() == 1 && !comma ? std::move(index.items[0]) : std::move(index));
    return n;
  }

  // start:stop:step with any part left out, or a plain expression.
  Node slice_or_expression() {
    auto ends_part = [&] { return is_op(":") || is_op(",") || is_op("]"); };
    Node none;
    none.kind = Node::Kind::NoneLit;
    none.column = peek().column;
    Node start = is_op(":") ? none : expression();
    if (!is_op(":")) return start;
    Node s;
    s.kind = Node::Kind::Slice;
    s.column = next().column;
    s.items.push_back(std::move(start));
    s.items.push_back(ends_part() ? none : expression());
    Node step = none;
    if (is_op(":")) {
      ++p_;
      if (!is_op(",") && !is_op("]")) step = expression();
    }
    s.items.push_back(std::move(step));
    return s;
  }

  void arguments(Node& call, const Token& open) {
    while (!is_op(")")) {
      if (peek().kind == Token::Kind::End) syntax_error("'(' was never closed", open.column);
      if (peek().kind == Token::Kind::Name && t_[p_ + 1].kind == Token::Kind::Op && t_[p_ + 1].text == "=") {
        const Token name = next();
        ++p_;
        for (const auto& kw : call.kwargs)
          if (kw.first == name.text) syntax_error("keyword argument repeated: " + name.text, name.column);
        call.kwargs.emplace_back(name.text, expression());
      } else {
        if (!call.kwargs.empty()) syntax_error("positional argument follows keyword argument", peek().column);
        call.items.push_back(expression());
      }
      if (!is_op(",")) break;
      ++p_;
    }
    expect(")", open);
  }

  Node atom() {
    const Token tok = next();
    Node n;
    n.column = tok.column;
    switch (tok.kind) {
      case Token::Kind::Name:
        if (tok.text == "True" || tok.text == "False") {
          n.kind = Node::Kind::Bool;
          n.b = tok.text == "True";
        } else if (tok.text == "None") {
          n.kind = Node::Kind::NoneLit;
        } else {
          n.kind = Node::Kind::Name;
          n.text = tok.text;
        }
        return n;
      case Token::Kind::Int: {
        errno = 0;
        char* end = nullptr;
        const unsigned long long v = std::strtoull(tok.text.c_str(), &end, 10);
        n.kind = Node::Kind::Int;
        // Beyond int64 the digits are kept: such an int is only usable by operators
        // (-2**63, 2**64 // 4); as a value it is PyTorch's overflow (call_parser.cpp).
        if (errno == ERANGE || v > 9223372036854775807ull) {
          std::size_t k = 0;
          while (k + 1 < tok.text.size() && tok.text[k] == '0') ++k;
          n.text = tok.text.substr(k);
        } else {
          n.i = std::int64_t(v);
        }
        return n;
      }
      case Token::Kind::Float:
        n.kind = Node::Kind::Float;
        n.f = std::strtod(tok.text.c_str(), nullptr);
        return n;
      case Token::Kind::Str:
        n.kind = Node::Kind::Str;
        n.text = tok.text;
        return n;
      case Token::Kind::Op:
        if (tok.text == "...") {
          n.kind = Node::Kind::EllipsisLit;
          return n;
        }
        if (tok.text == "[") return sequence(tok, "]", Node::Kind::List);
        if (tok.text == "(") return sequence(tok, ")", Node::Kind::Tuple);
        break;
      case Token::Kind::End: syntax_error("unexpected end of the call", tok.column);
    }
    syntax_error("invalid syntax", tok.column);
  }

  // [a, b] or (a, b); (a) without a comma is only parentheses.
  Node sequence(const Token& open, const char* close, Node::Kind kind) {
    Node n;
    n.kind = kind;
    n.column = open.column;
    bool comma = false;
    while (!is_op(close)) {
      if (peek().kind == Token::Kind::End) syntax_error("'" + open.text + "' was never closed", open.column);
      n.items.push_back(expression());
      if (!is_op(",")) break;
      ++p_;
      comma = true;
    }
    expect(close, open);
    if (kind == Node::Kind::Tuple && n.items.size() == 1 && !comma) return n.items[0];
    return n;
  }
};

}  // namespace

const std::vector<OperatorSpelling>& operator_spellings() {
  static const std::vector<OperatorSpelling> table = {
      {"==", "__eq__", "__eq__", false, true},
      {"!=", "__ne__", "__ne__", false, true},
      {"<", "__lt__", "__gt__", false, true},
      {"<=", "__le__", "__ge__", false, true},
      {">", "__gt__", "__lt__", false, true},
      {">=", "__ge__", "__le__", false, true},
      {"|", "__or__", "__ror__", false, false},
      {"^", "__xor__", "__rxor__", false, false},
      {"&", "__and__", "__rand__", false, false},
      {"<<", "__lshift__", "__rlshift__", false, false},
      {">>", "__rshift__", "__rrshift__", false, false},
      {"+", "__add__", "__radd__", false, false},
      {"-", "__sub__", "__rsub__", false, false},
      {"*", "__mul__", "__rmul__", false, false},
      {"/", "__truediv__", "__rtruediv__", false, false},
      {"@", "__matmul__", "__rmatmul__", false, false},
      {"//", "__floordiv__", "__rfloordiv__", false, false},
      {"%", "__mod__", "__rmod__", false, false},
      {"-", "__neg__", nullptr, true, false},
      {"+", "__pos__", nullptr, true, false},
      {"~", "__invert__", nullptr, true, false},
      {"**", "__pow__", "__rpow__", false, false},
  };
  return table;
}

std::vector<std::string> operator_op_names() {
  std::vector<std::string> out;
  auto add = [&](const char* method) {
    if (!method) return;
    const std::string name = std::string("torch.Tensor.") + method;
    for (const auto& n : out)
      if (n == name) return;
    out.push_back(name);
  };
  for (const auto& s : operator_spellings()) add(s.method);
  for (const auto& s : operator_spellings()) add(s.reflected);
  return out;
}

bool is_operator_op(const std::string& qualified_name) {
  static const std::vector<std::string> names = operator_op_names();
  for (const auto& n : names)
    if (n == qualified_name) return true;
  return false;
}

bool is_property_op(const std::string& qualified_name) {
  for (const char* p : {"torch.Tensor.T", "torch.Tensor.mT", "torch.Tensor.H", "torch.Tensor.mH"})
    if (qualified_name == p) return true;
  return false;
}

bool is_syntax_op(const std::string& qualified_name) {
  return qualified_name == "torch.Tensor.__getitem__" || is_property_op(qualified_name);
}

Node parse_expression(const std::string& text) { return Parser(tokenize(text)).parse_all(); }

std::string dotted_name(const Node& n) {
  if (n.kind == Node::Kind::Name) return n.text;
  if (n.kind == Node::Kind::Attr) {
    const std::string base = dotted_name(n.items[0]);
    return base.empty() ? std::string() : base + "." + n.text;
  }
  return {};
}

}  // namespace whence
