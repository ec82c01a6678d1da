#include "call_syntax.hpp"

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <optional>

#include "error.hpp"

namespace whence {

namespace {

struct Token {
  enum class Kind { Name, Int, Float, Str, FStr, Op, End } kind;  // FStr: an f-string's raw text
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

// Whether a string literal with a prefix (r'..', f"..", rf'..') starts at i.
bool string_prefix(const std::string& s, std::size_t i) {
  if (i > 0 && (std::isalnum(static_cast<unsigned char>(s[i - 1])) || s[i - 1] == '_')) return false;
  std::size_t j = i;
  while (j < s.size() && j - i < 2 && std::string("rRfFbBuU").find(s[j]) != std::string::npos) ++j;
  return j > i && j < s.size() && (s[j] == '\'' || s[j] == '"');
}

void append_utf8(std::string& out, unsigned long cp) {
  if (cp < 0x80) {
    out += char(cp);
  } else if (cp < 0x800) {
    out += char(0xC0 | (cp >> 6));
    out += char(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += char(0xE0 | (cp >> 12));
    out += char(0x80 | ((cp >> 6) & 0x3F));
    out += char(0x80 | (cp & 0x3F));
  } else {
    out += char(0xF0 | (cp >> 18));
    out += char(0x80 | ((cp >> 12) & 0x3F));
    out += char(0x80 | ((cp >> 6) & 0x3F));
    out += char(0x80 | (cp & 0x3F));
  }
}

// The character an escape at s[j] (a backslash) stands for; j ends on its last character.
std::string escape(const std::string& s, std::size_t& j) {
  const char e = s[++j];
  const auto hex = [&](int n) {
    unsigned long v = 0;
    for (int k = 0; k < n; ++k) {
      if (j + 1 >= s.size() || !std::isxdigit(static_cast<unsigned char>(s[j + 1])))
        fail("SyntaxError", "(unicode error) truncated escape");
      v = v * 16 + unsigned(std::stoul(std::string(1, s[++j]), nullptr, 16));
    }
    return v;
  };
  std::string out;
  switch (e) {
    case 'n': return "\n";
    case 't': return "\t";
    case 'r': return "\r";
    case '0': return std::string(1, '\0');
    case '\\': return "\\";
    case '\'': return "'";
    case '"': return "\"";
    case '\n': return "";  // a backslash-newline continues the string
    case 'x': append_utf8(out, hex(2)); return out;
    case 'u': append_utf8(out, hex(4)); return out;
    default: return std::string("\\") + e;  // Python keeps an unknown escape as written
  }
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
    if ((std::isalpha(static_cast<unsigned char>(c)) || c == '_') && !string_prefix(s, i)) {
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
    } else if (c == '\'' || c == '"' || string_prefix(s, i)) {
      // A string literal: prefixes r, f, rf (any case), quotes ' " ''' \"\"\"; escapes unless raw.
      std::size_t j = i;
      bool raw = false, formatted = false;
      while (s[j] != '\'' && s[j] != '"') {
        raw = raw || s[j] == 'r' || s[j] == 'R';
        formatted = formatted || s[j] == 'f' || s[j] == 'F';
        if (s[j] == 'b' || s[j] == 'B') fail("Unsupported", "bytes literals are not supported by Whence");
        ++j;
      }
      const char quote = s[j];
      const bool triple = s.compare(j, 3, std::string(3, quote)) == 0;
      j += triple ? 3 : 1;
      std::string value;
      bool closed = false;
      for (; j < s.size(); ++j) {
        if (triple ? s.compare(j, 3, std::string(3, quote)) == 0 : s[j] == quote) {
          closed = true;
          break;
        }
        if (!triple && s[j] == '\n') break;
        if (s[j] == '\\' && j + 1 < s.size()) {
          if (raw || formatted) {  // an f-string's escapes are read after its fields are split
            value += s[j];
            value += s[++j];
            continue;
          }
          value += escape(s, j);
        } else {
          value += s[j];
        }
      }
      if (!closed) syntax_error(triple ? "unterminated triple-quoted string literal" : "unterminated string literal", col);
      out.push_back({formatted ? Token::Kind::FStr : Token::Kind::Str, value, col});
      if (formatted && raw) out.back().text = "\x01" + value;  // raw: its escapes stay as written
      i = j + (triple ? 3 : 1);
    } else if (const char* two = two_char_operator(s, i)) {
      out.push_back({Token::Kind::Op, two, col});
      i += 2;
    } else if (std::string("()[]{},.:=-+*/%&|^~<>@").find(c) != std::string::npos) {
      // CPython's tokenizer refuses a 201st open bracket (MAXLEVEL) in these words.
      if ((c == '(' || c == '[' || c == '{') && ++brackets > 200) syntax_error("too many nested parentheses", col);
      if ((c == ')' || c == ']' || c == '}') && brackets > 0) --brackets;
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
  static constexpr int kMaxNest = 1000;
  int depth_ = 0;
  int links_ = 0;  // postfix links (.name, (...), [...]) on the path being parsed

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
  Node expression() {
    if (is_word("lambda")) fail("Unsupported", "lambda is not supported by Whence yet");
    Node n = boolean(0);
    if (!is_word("if")) return n;
    Nest nest(*this);  // body if test else orelse
    Node c;
    c.kind = Node::Kind::IfExp;
    c.column = next().column;
    Node test = boolean(0);
    if (!is_word("else")) syntax_error("expected 'else' after 'if' expression", peek().column);
    ++p_;
    c.items.push_back(std::move(n));
    c.items.push_back(std::move(test));
    c.items.push_back(expression());
    return c;
  }

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

  // The comparison operator at the cursor, consumed ("in", "not in", "is", "is not", "==", ...);
  // nullopt when there is none.
  std::optional<Token> comparison_operator() {
    static const std::vector<const char*> symbols = {"==", "!=", "<", "<=", ">", ">="};
    if (is_one_of(symbols)) return next();
    if (is_word("in")) return next();
    if (is_word("is")) {
      Token op = next();
      if (is_word("not")) {
        ++p_;
        op.text = "is not";
      }
      return op;
    }
    if (is_word("not") && t_[p_ + 1].kind == Token::Kind::Name && t_[p_ + 1].text == "in") {
      Token op = next();
      ++p_;
      op.text = "not in";
      return op;
    }
    return std::nullopt;
  }

  // a < b < c is (a < b) and (b < c), as Python reads it (b is evaluated twice here, once in
  // Python: a difference only for an operand with side effects).
  Node comparison() {
    Nest nest(*this);
    Node n = binary(0);
    std::optional<Node> chain;
    int chained = 0;
    while (auto op = comparison_operator()) {
      Node right = binary(0);
      Node cmp = binary_node(*op, n, right);
      if (chain) {
        chain_link(chained);
        Token and_op{Token::Kind::Name, "and", op->column};
        chain = binary_node(and_op, std::move(*chain), std::move(cmp));
      } else {
        chain = std::move(cmp);
      }
      n = std::move(right);
    }
    depth_ -= chained;
    return chain ? std::move(*chain) : n;
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
      if (is_op("*")) {  // f(*args)
        Node star;
        star.kind = Node::Kind::Starred;
        star.column = next().column;
        star.items.push_back(expression());
        call.items.push_back(std::move(star));
      } else if (is_op("**")) {  // f(**kwargs)
        ++p_;
        call.kwargs.emplace_back("**", expression());
      } else if (peek().kind == Token::Kind::Name && t_[p_ + 1].kind == Token::Kind::Op && t_[p_ + 1].text == "=") {
        const Token name = next();
        ++p_;
        for (const auto& kw : call.kwargs)
          if (kw.first == name.text) syntax_error("keyword argument repeated: " + name.text, name.column);
        call.kwargs.emplace_back(name.text, expression());
      } else {
        if (!call.kwargs.empty()) syntax_error("positional argument follows keyword argument", peek().column);
        Node arg = expression();
        if (is_word("for")) {  // f(x for x in xs): a generator expression as the argument
          if (call.items.size() > 1 || !call.kwargs.empty())
            syntax_error("Generator expression must be parenthesized", arg.column);
          arg = comprehension(std::move(arg), "generator");
        }
        call.items.push_back(std::move(arg));
      }
      if (!is_op(",")) break;
      ++p_;
    }
    expect(")", open);
  }

  // `for target in iter if cond ...` clauses after a comprehension's element.
  Node comprehension(Node element, const char* kind, std::optional<Node> value = std::nullopt) {
    Nest nest(*this);
    Node c;
    c.kind = Node::Kind::Comprehension;
    c.text = kind;
    c.column = element.column;
    c.items.push_back(std::move(element));
    if (value) c.items.push_back(std::move(*value));
    while (is_word("for")) {
      Node clause;
      clause.kind = Node::Kind::ForClause;
      clause.column = next().column;
      Node target = binary(0);  // i, or i, x, or (i, x)
      if (is_op(",")) {
        Node tuple;
        tuple.kind = Node::Kind::Tuple;
        tuple.column = target.column;
        tuple.items.push_back(std::move(target));
        while (is_op(",")) {
          ++p_;
          if (is_word("in")) break;
          tuple.items.push_back(binary(0));
        }
        target = std::move(tuple);
      }
      if (!is_word("in")) syntax_error("invalid syntax", peek().column);
      ++p_;
      clause.items.push_back(std::move(target));
      clause.items.push_back(boolean(0));
      while (is_word("if")) {
        ++p_;
        clause.items.push_back(boolean(0));
      }
      c.items.push_back(std::move(clause));
    }
    return c;
  }

  // {k: v, ...}, {k: v for ...}; a set display is refused.
  Node brace(const Token& open) {
    Nest nest(*this);
    Node n;
    n.kind = Node::Kind::Dict;
    n.column = open.column;
    while (!is_op("}")) {
      if (peek().kind == Token::Kind::End) syntax_error("'{' was never closed", open.column);
      if (is_op("**")) fail("Unsupported", "{**d} is not supported by Whence yet: use dict(d) and update");
      Node key = expression();
      if (!is_op(":")) fail("Unsupported", "sets are not supported by Whence");
      ++p_;
      Node value = expression();
      if (is_word("for") && n.items.empty()) {
        Node c = comprehension(std::move(key), "dict", std::move(value));
        expect("}", open);
        return c;
      }
      n.items.push_back(std::move(key));
      n.items.push_back(std::move(value));
      if (!is_op(",")) break;
      ++p_;
    }
    expect("}", open);
    return n;
  }

  // f"...": literal parts and {expr!c:spec} fields.
  Node fstring(const std::string& token_text, std::size_t column) {
    Nest nest(*this);
    const bool raw = !token_text.empty() && token_text[0] == '\x01';
    const std::string text = raw ? token_text.substr(1) : token_text;
    Node n;
    n.kind = Node::Kind::FString;
    n.column = column;
    std::string literal;
    const auto flush = [&] {
      if (literal.empty()) return;
      Node part;
      part.kind = Node::Kind::Str;
      part.column = column;
      if (raw) {
        part.text = literal;
      } else {
        for (std::size_t j = 0; j < literal.size(); ++j)
          part.text += literal[j] == '\\' && j + 1 < literal.size() ? escape(literal, j) : std::string(1, literal[j]);
      }
      n.items.push_back(std::move(part));
      literal.clear();
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
      const char c = text[i];
      if (c == '}') {
        if (i + 1 < text.size() && text[i + 1] == '}') {
          literal += '}';
          ++i;
          continue;
        }
        syntax_error("f-string: single '}' is not allowed", column);
      }
      if (c != '{') {
        literal += c;
        continue;
      }
      if (i + 1 < text.size() && text[i + 1] == '{') {
        literal += '{';
        ++i;
        continue;
      }
      flush();
      // The field's expression ends at a '!', ':' or '}' outside brackets and strings.
      std::size_t j = i + 1;
      int depth = 0;
      char quote = 0;
      for (; j < text.size(); ++j) {
        const char d = text[j];
        if (quote) {
          if (d == quote) quote = 0;
          continue;
        }
        if (d == '\'' || d == '"') quote = d;
        else if (d == '(' || d == '[' || d == '{') ++depth;
        else if ((d == ')' || d == ']' || d == '}') && depth > 0) --depth;
        else if (depth == 0 && (d == '}' || d == ':' || (d == '!' && j + 1 < text.size() && text[j + 1] != '='))) break;
      }
      if (j >= text.size()) syntax_error("f-string: expecting '}'", column);
      std::string expr = text.substr(i + 1, j - i - 1);
      std::size_t e = expr.size();
      while (e > 0 && std::isspace(static_cast<unsigned char>(expr[e - 1]))) --e;
      if (e > 0 && expr[e - 1] == '=' && (e < 2 || std::string("=!<>").find(expr[e - 2]) == std::string::npos))
        fail("Unsupported", "f-string's {x=} is not supported by Whence yet");
      if (expr.find_first_not_of(" \t") == std::string::npos) syntax_error("f-string: empty expression not allowed", column);
      Node field;
      field.kind = Node::Kind::FormatValue;
      field.column = column;
      field.items.push_back(Parser(tokenize(expr)).parse_all());
      if (text[j] == '!') {
        if (j + 1 >= text.size() || std::string("rsa").find(text[j + 1]) == std::string::npos)
          syntax_error("f-string: invalid conversion character: expected 's', 'r', or 'a'", column);
        field.i = text[j + 1];
        j += 2;
      }
      if (j < text.size() && text[j] == ':') {
        const std::size_t close = text.find('}', j);
        if (close == std::string::npos) syntax_error("f-string: expecting '}'", column);
        field.text = text.substr(j + 1, close - j - 1);
        if (field.text.find('{') != std::string::npos)
          fail("Unsupported", "nested fields in an f-string's format spec are not supported by Whence yet");
        j = close;
      }
      if (j >= text.size() || text[j] != '}') syntax_error("f-string: expecting '}'", column);
      n.items.push_back(std::move(field));
      i = j;
    }
    flush();
    return n;
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
      case Token::Kind::FStr: {
        // adjacent literals join ('a' 'b' is 'ab'); with an f-string among them, the whole is one
        std::vector<Token> parts{tok};
        bool formatted = tok.kind == Token::Kind::FStr;
        while (peek().kind == Token::Kind::Str || peek().kind == Token::Kind::FStr) {
          formatted = formatted || peek().kind == Token::Kind::FStr;
          parts.push_back(next());
        }
        if (!formatted) {
          n.kind = Node::Kind::Str;
          for (const Token& p : parts) n.text += p.text;
          return n;
        }
        n.kind = Node::Kind::FString;
        for (const Token& p : parts) {
          if (p.kind == Token::Kind::Str) {
            Node lit;
            lit.kind = Node::Kind::Str;
            lit.text = p.text;
            n.items.push_back(std::move(lit));
            continue;
          }
          for (Node& part : fstring(p.text, p.column).items) n.items.push_back(std::move(part));
        }
        return n;
      }
      case Token::Kind::Op:
        if (tok.text == "...") {
          n.kind = Node::Kind::EllipsisLit;
          return n;
        }
        if (tok.text == "[") return sequence(tok, "]", Node::Kind::List);
        if (tok.text == "(") return sequence(tok, ")", Node::Kind::Tuple);
        if (tok.text == "{") return brace(tok);
        break;
      case Token::Kind::End: syntax_error("unexpected end of the call", tok.column);
    }
    syntax_error("invalid syntax", tok.column);
  }

  // [a, b] or (a, b); (a) without a comma is only parentheses; [e for ...] and (e for ...)
  // are comprehensions; *a spreads an iterable.
  Node sequence(const Token& open, const char* close, Node::Kind kind) {
    Node n;
    n.kind = kind;
    n.column = open.column;
    bool comma = false;
    while (!is_op(close)) {
      if (peek().kind == Token::Kind::End) syntax_error("'" + open.text + "' was never closed", open.column);
      if (is_op("*")) {
        Node star;
        star.kind = Node::Kind::Starred;
        star.column = next().column;
        star.items.push_back(binary(0));
        n.items.push_back(std::move(star));
        comma = true;  // (*a) is a SyntaxError in Python; (*a,) a tuple
      } else {
        n.items.push_back(expression());
      }
      if (n.items.size() == 1 && !comma && is_word("for")) {
        Node c = comprehension(std::move(n.items[0]), kind == Node::Kind::List ? "list" : "generator");
        expect(close, open);
        return c;
      }
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
