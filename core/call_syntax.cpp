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

std::vector<Token> tokenize(const std::string& s) {
  std::vector<Token> out;
  std::size_t i = 0;
  while (i < s.size()) {
    const char c = s[i];
    const std::size_t col = i + 1;
    if (std::isspace(static_cast<unsigned char>(c))) { ++i; continue; }
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
    } else if (std::string("()[],.=-+").find(c) != std::string::npos) {
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
    return n;
  }

 private:
  std::vector<Token> t_;
  std::size_t p_ = 0;
  int depth_ = 0;

  const Token& peek() const { return t_[p_]; }
  bool is_op(const char* op) const { return peek().kind == Token::Kind::Op && peek().text == op; }
  Token next() { return t_[p_++]; }
  void expect(const char* op, const Token& opener) {
    if (is_op(op)) { ++p_; return; }
    if (peek().kind == Token::Kind::End) syntax_error("'" + opener.text + "' was never closed", opener.column);
    syntax_error("invalid syntax", peek().column);
  }

  Node expression() {
    if (++depth_ > 64) syntax_error("too many nested parentheses", peek().column);
    Node n;
    if (is_op("-") || is_op("+")) {
      const Token sign = next();
      Node operand = expression();
      if (sign.text == "+") { --depth_; return operand; }
      n.kind = Node::Kind::Neg;
      n.column = sign.column;
      n.items.push_back(std::move(operand));
    } else {
      n = postfix(atom());
    }
    --depth_;
    return n;
  }

  Node postfix(Node n) {
    for (;;) {
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
      } else {
        return n;
      }
    }
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
        if (errno == ERANGE || v > 9223372036854775808ull)
          fail("RuntimeError", "Overflow when unpacking long");
        n.kind = Node::Kind::Int;
        n.i = std::int64_t(v);  // 2**63 itself only survives under a minus sign
        if (v == 9223372036854775808ull) n.text = "2**63";
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
        if (tok.text == "[") return sequence(tok, "]", Node::Kind::List);
        if (tok.text == "(") return sequence(tok, ")", Node::Kind::Tuple);
        break;
      case Token::Kind::End:
        syntax_error("unexpected end of the call", tok.column);
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
