#include "call_syntax.hpp"

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <optional>

#include "error.hpp"
#include "out_of_scope.hpp"

namespace whence {

namespace {

struct Token {
  enum class Kind { Name, Int, Float, Str, FStr, Op, End } kind;  // FStr: an f-string's text, escapes not yet read
  std::string text;
  std::size_t column;
  bool raw = false;          // FStr: an rf'..' string, whose backslashes stay as written
  std::size_t brackets = 0;  // FStr: the brackets open around it, those around an enclosing f-string included
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

// Whether a string literal with a prefix starts at i: r, u, f, b, br, rb, fr, rf in any case, the
// prefixes Python 3 accepts; another word before a quote (ur'x') is a name, Python's invalid syntax.
bool string_prefix(const std::string& s, std::size_t i) {
  if (i > 0 && (std::isalnum(static_cast<unsigned char>(s[i - 1])) || s[i - 1] == '_')) return false;
  std::string prefix;
  std::size_t j = i;
  while (j < s.size() && j - i < 2 && std::isalpha(static_cast<unsigned char>(s[j])))
    prefix += char(std::tolower(static_cast<unsigned char>(s[j++])));
  if (prefix.empty() || j >= s.size() || (s[j] != '\'' && s[j] != '"')) return false;
  for (const char* p : {"r", "u", "f", "b", "br", "rb", "fr", "rf"})
    if (prefix == p) return true;
  return false;
}

// Python's keywords, never a name: `x.if`, `f(for=1)` or `in` as an operand are invalid syntax.
bool is_keyword(const std::string& w) {
  static const char* const words[] = {"False",  "None",   "True",    "and",      "as",       "assert", "async",
                                      "await",  "break",  "class",   "continue", "def",      "del",    "elif",
                                      "else",   "except", "finally", "for",      "from",     "global", "if",
                                      "import", "in",     "is",      "lambda",   "nonlocal", "not",    "or",
                                      "pass",   "raise",  "return",  "try",      "while",    "with",   "yield"};
  for (const char* k : words)
    if (w == k) return true;
  return false;
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

// The character an escape at s[j] (a backslash) stands for, as Python reads it; j ends on its last
// character.
std::string escape(const std::string& s, std::size_t& j) {
  const char e = s[++j];
  const auto hex = [&](int n, const char* form) {
    unsigned long v = 0;
    for (int k = 0; k < n; ++k) {
      if (j + 1 >= s.size() || !std::isxdigit(static_cast<unsigned char>(s[j + 1])))
        fail("SyntaxError",
             std::string("(unicode error) 'unicodeescape' codec can't decode bytes: truncated ") + form + " escape");
      const char d = char(std::tolower(static_cast<unsigned char>(s[++j])));
      v = v * 16 + unsigned(d <= '9' ? d - '0' : d - 'a' + 10);
    }
    return v;
  };
  std::string out;
  switch (e) {
    case 'n': return "\n";
    case 't': return "\t";
    case 'r': return "\r";
    case 'a': return "\a";
    case 'b': return "\b";
    case 'f': return "\f";
    case 'v': return "\v";
    case '\\': return "\\";
    case '\'': return "'";
    case '"': return "\"";
    case '\n': return "";  // a backslash-newline continues the string
    case 'x': append_utf8(out, hex(2, "\\xXX")); return out;
    case 'u': append_utf8(out, hex(4, "\\uXXXX")); return out;
    case 'U': {
      const unsigned long cp = hex(8, "\\UXXXXXXXX");
      if (cp > 0x10FFFF)
        fail("SyntaxError", "(unicode error) 'unicodeescape' codec can't decode bytes: illegal Unicode character");
      append_utf8(out, cp);
      return out;
    }
    case 'N': fail("Unsupported", "\\N{...} escapes are not supported by Whence");
    default:
      if (e >= '0' && e <= '7') {  // up to three octal digits: \0, \12, \177
        unsigned long v = unsigned(e - '0');
        for (int k = 0; k < 2 && j + 1 < s.size() && s[j + 1] >= '0' && s[j + 1] <= '7'; ++k)
          v = v * 8 + unsigned(s[++j] - '0');
        append_utf8(out, v);
        return out;
      }
      return std::string("\\") + e;  // Python keeps an unknown escape as written
  }
}

// Every escape in text read (an f-string's literal text or format spec, after its fields are split).
std::string unescape(const std::string& text) {
  std::string out;
  for (std::size_t j = 0; j < text.size(); ++j) {
    if (text[j] == '\\' && j + 1 < text.size())
      out += escape(text, j);
    else
      out += text[j];
  }
  return out;
}

char closing_bracket(char open) { return open == '(' ? ')' : open == '[' ? ']' : '}'; }

// `outer`: the brackets open around the text, when it is an f-string's field. They count towards
// the 200, so that f-strings nested in fields cannot nest deeper than brackets can.
// kPython: a program's text, with string prefixes, triple quotes and every escape; a single
// call's strings are plain '...' or "..." with the common escapes (its module carries no more).
template <bool kPython>
std::vector<Token> tokenize(const std::string& s, std::size_t outer = 0) {
  std::vector<Token> out;
  std::size_t i = 0;
  std::vector<char> open;  // the brackets open here, innermost last (CPython's tokenizer's parenstack)
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
    if ((std::isalpha(static_cast<unsigned char>(c)) || c == '_') && !(kPython && string_prefix(s, i))) {
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
        fail("Unsupported", "complex numbers (" + s.substr(i, j + 1 - i) +
                                ") are outside what Whence shows: " + out_of_scope("torch.complex")->reason);
      if (j < s.size() && (std::isalpha(static_cast<unsigned char>(s[j])) || s[j] == '_'))
        syntax_error("invalid decimal literal", j + 1);
      std::string text;
      for (std::size_t k = i; k < j; ++k)
        if (s[k] != '_') text += s[k];
      out.push_back({is_float ? Token::Kind::Float : Token::Kind::Int, text, col});
      i = j;
    } else if (!kPython && (c == '\'' || c == '"')) {  // a single call's plain string
      std::string value;
      std::size_t j = i + 1;
      if (s.compare(i, 3, std::string(3, c)) == 0)
        fail("Unsupported", "triple-quoted strings run in Whence's programs, not in a single call");
      for (; j < s.size() && s[j] != c && s[j] != '\n'; ++j) {
        if (s[j] == '\\' && j + 1 < s.size()) {
          const char e = s[++j];
          value += e == 'n' ? '\n' : e == 't' ? '\t' : e;
        } else {
          value += s[j];
        }
      }
      if (j >= s.size() || s[j] != c) syntax_error("unterminated string literal", col);
      out.push_back({Token::Kind::Str, value, col, false, outer + open.size()});
      i = j + 1;
    } else if (c == '\'' || c == '"' || string_prefix(s, i)) {
      // A string literal: prefixes r, u, f, rf (any case), quotes ' " ''' """ (a triple-quoted one
      // may hold newlines and lone quotes); escapes read unless raw.
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
      if (!closed)
        syntax_error(triple ? "unterminated triple-quoted string literal" : "unterminated string literal", col);
      out.push_back(
          {formatted ? Token::Kind::FStr : Token::Kind::Str, value, col, formatted && raw, outer + open.size()});
      i = j + (triple ? 3 : 1);
    } else if (const char* two = two_char_operator(s, i)) {
      out.push_back({Token::Kind::Op, two, col});
      i += 2;
    } else if (std::string("()[]{},.:=-+*/%&|^~<>@").find(c) != std::string::npos) {
      if (c == '(' || c == '[' || c == '{') {
        // CPython's tokenizer refuses a 201st open bracket (MAXLEVEL) in these words.
        if (outer + open.size() >= 200) syntax_error("too many nested parentheses", col);
        open.push_back(c);
      } else if (c == ')' || c == ']' || c == '}') {
        if (open.empty()) syntax_error(std::string("unmatched '") + c + "'", col);
        if (closing_bracket(open.back()) != c)
          syntax_error(
              std::string("closing parenthesis '") + c + "' does not match opening parenthesis '" + open.back() + "'",
              col);
        open.pop_back();
      }
      out.push_back({Token::Kind::Op, std::string(1, c), col});
      ++i;
    } else {
      syntax_error(std::string("invalid character '") + c + "'", col);
    }
  }
  out.push_back({Token::Kind::End, "", s.size() + 1});
  return out;
}

// A program's expression (kPython) or a single call's. A single call's parser refuses the syntax
// only programs evaluate (f-strings, dicts, comprehensions, * and ** arguments) before parsing it,
// so that its code (instantiated only for programs) stays out of the single-call web modules.
const char* const kProgramsOnly = "runs in Whence's programs (the program page), not in a single call";

template <bool kPython>
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
  // Nodes copied as the middle operands of chained comparisons (a < b < c holds b twice): a middle
  // that is itself a chain, nested (a < (b < (...) < c) < d), doubles the tree at each level, so
  // the copies are counted and bounded rather than left to grow exponentially.
  static constexpr std::size_t kMaxCopied = 10000;
  std::size_t copied_ = 0;

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
  // Every recursive path of the grammar passes a Nest (most through boolean()'s).
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

  // Python's grammar, loosest first: `a if c else b`, or, and, not, comparison (== != < <= > >= in,
  // not in, is, is not), |, ^, &, << >>, + -, * @ / // %, unary - + ~, **, then postfix
  // (attributes, calls, subscripts). `and`/`or` are Binary nodes and `not` a Unary one;
  // call_parser.cpp evaluates them as Python does (short-circuit, truth).
  Node expression() {
    if (is_word("lambda")) fail("Unsupported", "lambda is not supported by Whence yet");
    Node n = boolean(0);
    if (!is_word("if")) return n;
    if constexpr (!kPython) fail("Unsupported", std::string("conditional expressions ") + kProgramsOnly);
    Nest nest(*this);  // body if test else orelse; orelse may be another conditional (right-associative)
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
  // nullopt when there is none. `not` is "not in" only here, after an operand: `not x` before one
  // is boolean()'s Unary not.
  std::optional<Token> comparison_operator() {
    static const std::vector<const char*> symbols = {"==", "!=", "<", "<=", ">", ">="};
    if (is_one_of(symbols)) return next();
    if constexpr (!kPython) {  // in, is: a single call refuses them at evaluation anyway
      if (is_word("in") || is_word("is") || is_word("not"))
        fail("Unsupported", std::string("`in`, `is` and `not in` ") + kProgramsOnly);
      return std::nullopt;
    }
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

  // Adds a chained comparison's middle operand to the copies made (kMaxCopied).
  void count_copy(const Node& n) {
    std::vector<const Node*> todo{&n};  // a stack, not recursion: the operand may be deep
    while (!todo.empty()) {
      const Node* m = todo.back();
      todo.pop_back();
      if (++copied_ > kMaxCopied) fail("Unsupported", "a chained comparison this large is not supported by Whence");
      for (const Node& item : m->items) todo.push_back(&item);
      for (const auto& kw : m->kwargs) todo.push_back(&kw.second);
    }
  }

  // a < b < c is (a < b) and (b < c), as Python reads it: a Binary "and" of the two comparisons,
  // with b's node in both. So b is evaluated twice here and once in Python: a difference only for
  // an operand with side effects.
  Node comparison() {
    Nest nest(*this);
    Node n = binary(0);
    std::optional<Node> chain;
    int chained = 0;
    while (auto op = comparison_operator()) {
      Node right = binary(0);
      if constexpr (!kPython)
        if (chain) fail("Unsupported", "Whence shows one PyTorch call, like torch.gather(x, 1, index)");
      if (chain) {
        chain_link(chained);
        count_copy(n);  // the previous comparison's right operand, now this one's left as well
      }
      Node cmp = binary_node(*op, std::move(n), right);
      if (chain) {
        const Token and_op{Token::Kind::Name, "and", op->column};
        chain = binary_node(and_op, std::move(*chain), std::move(cmp));
      } else {
        chain = std::move(cmp);
      }
      n = std::move(right);
    }
    depth_ -= chained;
    if (chain) return std::move(*chain);
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
        if (name.kind != Token::Kind::Name || is_keyword(name.text)) syntax_error("invalid syntax", name.column);
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

  // A call's arguments: positional ones, *iterable (a Starred item), name=value, **mapping (a
  // kwargs entry named "**"), in Python's order; a bare generator expression as the only argument.
  void arguments(Node& call, const Token& open) {
    bool mapping = false;  // a **mapping came before
    while (!is_op(")")) {
      if (peek().kind == Token::Kind::End) syntax_error("'(' was never closed", open.column);
      if constexpr (!kPython)
        if (is_op("*") || is_op("**")) fail("Unsupported", std::string("* and ** arguments ") + kProgramsOnly);
      if (is_op("*")) {  // f(*args), also after name=value, as in Python
        Node star;
        star.kind = Node::Kind::Starred;
        star.column = next().column;
        if (mapping) syntax_error("iterable argument unpacking follows keyword argument unpacking", star.column);
        star.items.push_back(expression());
        call.items.push_back(std::move(star));
      } else if (is_op("**")) {  // f(**kwargs)
        ++p_;
        mapping = true;
        call.kwargs.emplace_back("**", expression());
      } else if (peek().kind == Token::Kind::Name && t_[p_ + 1].kind == Token::Kind::Op && t_[p_ + 1].text == "=") {
        const Token name = next();
        if (is_keyword(name.text)) syntax_error("invalid syntax", name.column);
        ++p_;
        for (const auto& kw : call.kwargs)
          if (kw.first == name.text) syntax_error("keyword argument repeated: " + name.text, name.column);
        call.kwargs.emplace_back(name.text, expression());
      } else {
        if (mapping) syntax_error("positional argument follows keyword argument unpacking", peek().column);
        if (!call.kwargs.empty()) syntax_error("positional argument follows keyword argument", peek().column);
        Node arg = expression();
        if constexpr (!kPython) {
          if (is_word("for")) fail("Unsupported", std::string("comprehensions ") + kProgramsOnly);
        } else if (is_word(
                       "for")) {  // f(x for x in xs): a generator expression, parenthesized by the call's own brackets
          if (call.items.size() > 1) syntax_error("Generator expression must be parenthesized", arg.column);
          arg = comprehension(std::move(arg), "generator");
          if (!is_op(")") && peek().kind != Token::Kind::End)
            syntax_error("Generator expression must be parenthesized", arg.column);
        }
        call.items.push_back(std::move(arg));
      }
      if (!is_op(",")) break;
      ++p_;
    }
    expect(")", open);
  }

  // What Python names a node that cannot be assigned to, in "cannot assign to ..."; nullptr for
  // one that can (a name, attribute, subscript, starred, tuple or list).
  static const char* unassignable(const Node& t) {
    using K = Node::Kind;
    switch (t.kind) {
      case K::Name:
      case K::Attr:
      case K::Subscript:
      case K::Starred:
      case K::Tuple:
      case K::List: return nullptr;
      case K::Bool: return t.b ? "True" : "False";
      case K::NoneLit: return "None";
      case K::EllipsisLit: return "ellipsis";
      case K::Int:
      case K::Float:
      case K::Str: return "literal";
      case K::FString:
      case K::FormatValue: return "f-string expression";
      case K::Call: return "function call";
      case K::IfExp: return "conditional expression";
      case K::Dict: return "dict literal";
      case K::Comprehension:
        return t.text == "list"   ? "list comprehension"
               : t.text == "dict" ? "dict comprehension"
                                  : "generator expression";
      case K::Binary:
        for (const char* cmp : {"==", "!=", "<", "<=", ">", ">=", "in", "not in", "is", "is not"})
          if (t.text == cmp) return "comparison";
        return "expression";
      default: return "expression";
    }
  }

  // A for clause's target, in the shapes the evaluator binds: a name, or a tuple of names (`i, x`,
  // `(i, x)`, `[i, x]`, the last made a Tuple too). Python's other targets (x.a, x[0], nested
  // tuples, *rest) are refused; what Python cannot assign to is its SyntaxError.
  // A name, or a tuple of targets (nested: `for i, (a, b) in enumerate(pairs)`).
  static Node for_target(Node t) {
    if (t.kind == Node::Kind::Tuple || t.kind == Node::Kind::List) {
      t.kind = Node::Kind::Tuple;
      for (Node& item : t.items) item = for_target(std::move(item));
      return t;
    }
    if (const char* what = unassignable(t)) syntax_error(std::string("cannot assign to ") + what, t.column);
    if (t.kind != Node::Kind::Name)
      fail("Unsupported",
           "a comprehension's target other than names and tuples of them is not supported by Whence yet");
    return t;
  }

  // `for target in iter if cond ...` clauses after a comprehension's element: the iter and each
  // condition are read at `or` level (an unparenthesized `a if c else b` is not one), as in Python.
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
      clause.items.push_back(for_target(std::move(target)));
      clause.items.push_back(boolean(0));
      while (is_word("if")) {
        ++p_;
        clause.items.push_back(boolean(0));
      }
      c.items.push_back(std::move(clause));
    }
    return c;
  }

  // {k: v, ...}, {k: v for ...}; a set display ({a, b}, {a for ...}, {*a}) is refused. Its own Nest
  // keeps the existing guard; the path back here passes expression()'s as well.
  Node brace(const Token& open) {
    Nest nest(*this);
    Node n;
    n.kind = Node::Kind::Dict;
    n.column = open.column;
    while (!is_op("}")) {
      if (peek().kind == Token::Kind::End) syntax_error("'{' was never closed", open.column);
      if (is_op("**")) fail("Unsupported", "{**d} is not supported by Whence yet: use dict(d) and update");
      if (is_op("*")) fail("Unsupported", "sets are not supported by Whence");
      Node key = expression();
      if (!is_op(":")) {
        if (peek().kind == Token::Kind::End) syntax_error("'{' was never closed", open.column);
        if (is_op(",") || is_op("}") || is_word("for")) fail("Unsupported", "sets are not supported by Whence");
        syntax_error("invalid syntax", peek().column);
      }
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

  // Parses text (an f-string's field, inside `brackets`) with a parser that goes on from this one's
  // nesting counts, so that an f-string within a field cannot restart them.
  Node sub_expression(const std::string& text, std::size_t brackets) {
    Parser inner(tokenize<kPython>(text, brackets));
    inner.depth_ = depth_;
    inner.links_ = links_;
    inner.copied_ = copied_;
    Node n = inner.parse_all();
    copied_ = inner.copied_;
    return n;
  }

  // Appends literal text to an FString's parts, joined to a literal part just before it.
  static void add_literal(Node& fstring, const std::string& text, std::size_t column) {
    if (text.empty()) return;
    if (!fstring.items.empty() && fstring.items.back().kind == Node::Kind::Str) {
      fstring.items.back().text += text;
      return;
    }
    Node part;
    part.kind = Node::Kind::Str;
    part.text = text;
    part.column = column;
    fstring.items.push_back(std::move(part));
  }

  // An f-string token's parts, appended to `out`: literal text ({{ and }} halved, escapes read
  // unless raw) and {expr!c:spec} fields, split as CPython 3.11 splits them.
  void fstring_parts(const Token& tok, Node& out) {
    Nest nest(*this);
    const std::string& text = tok.text;
    std::string literal;
    const auto flush = [&] {
      add_literal(out, tok.raw ? literal : unescape(literal), tok.column);
      literal.clear();
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
      const char c = text[i];
      if (c == '\\' && !tok.raw && i + 1 < text.size()) {
        // An escape is read with its literal text, but \{ is a backslash, then a field (CPython 3.11).
        if (text[i + 1] == 'N') fail("Unsupported", "\\N{...} escapes are not supported by Whence");
        literal += c;
        if (text[i + 1] != '{' && text[i + 1] != '}') literal += text[++i];
        continue;
      }
      if (c == '}') {
        if (i + 1 < text.size() && text[i + 1] == '}') {
          literal += '}';
          ++i;
          continue;
        }
        syntax_error("f-string: single '}' is not allowed", tok.column);
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
      i = fstring_field(text, i, tok, out);
    }
    flush();
  }

  // The field {expr!c:spec} whose '{' is text[open]: appends its FormatValue to `out` and returns
  // the index of its closing '}'.
  std::size_t fstring_field(const std::string& text, std::size_t open, const Token& tok, Node& out) {
    const std::size_t column = tok.column;
    // The expression ends at a '!', ':', '=' or '}' outside parens and strings (not at != == <=
    // >=), as CPython 3.11 scans it, with its errors for what cannot be in it.
    std::vector<char> parens;
    char quote = 0;
    bool triple = false;
    std::size_t j = open + 1;
    for (; j < text.size(); ++j) {
      const char d = text[j];
      if (d == '\\') syntax_error("f-string expression part cannot include a backslash", column);
      if (quote) {
        if (d == quote && (!triple || text.compare(j, 3, std::string(3, quote)) == 0)) {
          if (triple) j += 2;
          quote = 0;
        }
        continue;
      }
      if (d == '\'' || d == '"') {
        quote = d;
        triple = text.compare(j, 3, std::string(3, d)) == 0;
        if (triple) j += 2;
        continue;
      }
      if (d == '(' || d == '[' || d == '{') {
        if (parens.size() >= 200) syntax_error("f-string: too many nested parenthesis", column);
        parens.push_back(d);
        continue;
      }
      if (d == '#') syntax_error("f-string expression part cannot include '#'", column);
      if (parens.empty() && (d == '!' || d == ':' || d == '}' || d == '=' || d == '<' || d == '>')) {
        if (d != ':' && d != '}' && j + 1 < text.size() && text[j + 1] == '=') {  // != == <= >=
          ++j;
          continue;
        }
        if (d == '<' || d == '>') continue;
        break;
      }
      if (d == ')' || d == ']' || d == '}') {
        if (parens.empty()) syntax_error(std::string("f-string: unmatched '") + d + "'", column);
        if (closing_bracket(parens.back()) != d)
          syntax_error(std::string("f-string: closing parenthesis '") + d + "' does not match opening parenthesis '" +
                           parens.back() + "'",
                       column);
        parens.pop_back();
      }
    }
    if (quote) syntax_error("f-string: unterminated string", column);
    if (!parens.empty()) syntax_error(std::string("f-string: unmatched '") + parens.back() + "'", column);
    if (j >= text.size()) syntax_error("f-string: expecting '}'", column);
    const std::string expr = text.substr(open + 1, j - open - 1);
    if (expr.find_first_not_of(" \t\n\r\f\v") == std::string::npos)
      syntax_error("f-string: empty expression not allowed", column);
    Node field;
    field.kind = Node::Kind::FormatValue;
    field.column = column;
    // In parentheses, as CPython 3.11 compiles a field: {a, b} is a tuple, {x for x in y} a generator.
    field.items.push_back(sub_expression("(" + expr + ")", tok.brackets));
    if (text[j] == '=') fail("Unsupported", "f-string's {x=} is not supported by Whence yet");
    if (text[j] == '!') {
      if (j + 1 >= text.size()) syntax_error("f-string: expecting '}'", column);
      if (std::string("rsa").find(text[j + 1]) == std::string::npos)
        syntax_error("f-string: invalid conversion character: expected 's', 'r', or 'a'", column);
      field.i = text[j + 1];
      j += 2;
    }
    if (j < text.size() && text[j] == ':') {
      const std::size_t close = text.find('}', j);
      if (close == std::string::npos) syntax_error("f-string: expecting '}'", column);
      const std::string spec = text.substr(j + 1, close - j - 1);
      if (spec.find('{') != std::string::npos)
        fail("Unsupported", "nested fields in an f-string's format spec are not supported by Whence yet");
      field.text = tok.raw ? spec : unescape(spec);
      j = close;
    }
    if (j >= text.size() || text[j] != '}') syntax_error("f-string: expecting '}'", column);
    out.items.push_back(std::move(field));
    return j;
  }

  // Adjacent string literals from the one atom() just took: 'a' 'b' is 'ab'; with an f-string among
  // them, the whole is one FString (its literal parts joined between its FormatValue parts).
  Node strings() {
    const auto is_string = [](const Token& t) { return t.kind == Token::Kind::Str || t.kind == Token::Kind::FStr; };
    Node n;
    n.column = t_[p_ - 1].column;
    bool formatted = false;
    for (std::size_t k = p_ - 1; is_string(t_[k]); ++k) formatted = formatted || t_[k].kind == Token::Kind::FStr;
    n.kind = formatted ? Node::Kind::FString : Node::Kind::Str;
    for (--p_; is_string(peek()); ++p_) {
      const Token& tok = peek();
      if (!formatted)
        n.text += tok.text;
      else if (tok.kind == Token::Kind::Str)
        add_literal(n, tok.text, tok.column);
      else
        fstring_parts(tok, n);
    }
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
        } else if (tok.text == "Ellipsis") {  // the builtin name of `...` (einsum's sublists spell it so)
          n.kind = Node::Kind::EllipsisLit;
        } else if (tok.text == "lambda") {
          fail("Unsupported", "lambda is not supported by Whence yet");
        } else if (is_keyword(tok.text)) {
          syntax_error("invalid syntax", tok.column);
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
      case Token::Kind::FStr:
        if constexpr (!kPython) {  // one plain string: adjacent ones and f-strings are programs'
          if (tok.kind == Token::Kind::FStr || peek().kind == Token::Kind::Str || peek().kind == Token::Kind::FStr)
            fail("Unsupported", std::string("f-strings and adjacent string literals ") + kProgramsOnly);
          n.kind = Node::Kind::Str;
          n.text = tok.text;
          return n;
        } else {
          return strings();
        }
      case Token::Kind::Op:
        if (tok.text == "...") {
          n.kind = Node::Kind::EllipsisLit;
          return n;
        }
        if (tok.text == "[") return sequence(tok, "]", Node::Kind::List);
        if (tok.text == "(") return sequence(tok, ")", Node::Kind::Tuple);
        if (tok.text == "{") {
          if constexpr (!kPython)
            fail("Unsupported", std::string("dicts ") + kProgramsOnly);
          else
            return brace(tok);
        }
        break;
      case Token::Kind::End: syntax_error("unexpected end of the call", tok.column);
    }
    syntax_error("invalid syntax", tok.column);
  }

  // [a, b] or (a, b); (a) without a comma is only parentheses; [e for ...] and (e for ...) are
  // comprehensions; *a spreads an iterable (a Starred item).
  Node sequence(const Token& open, const char* close, Node::Kind kind) {
    Node n;
    n.kind = kind;
    n.column = open.column;
    bool comma = false;
    while (!is_op(close)) {
      if (peek().kind == Token::Kind::End) syntax_error("'" + open.text + "' was never closed", open.column);
      if constexpr (!kPython)
        if (is_op("*")) fail("Unsupported", std::string("* in a list or tuple ") + kProgramsOnly);
      if (is_op("*")) {
        Nest nest(*this);  // [*[*[*...: the one way back to a display that skips boolean()'s Nest
        Node star;
        star.kind = Node::Kind::Starred;
        star.column = next().column;
        star.items.push_back(binary(0));
        n.items.push_back(std::move(star));
      } else {
        n.items.push_back(expression());
      }
      if constexpr (!kPython) {
        if (n.items.size() == 1 && !comma && is_word("for"))
          fail("Unsupported", std::string("comprehensions ") + kProgramsOnly);
      } else if (n.items.size() == 1 && !comma && is_word("for")) {
        if (n.items[0].kind == Node::Kind::Starred)
          syntax_error("iterable unpacking cannot be used in comprehension", n.items[0].column);
        Node c = comprehension(std::move(n.items[0]), kind == Node::Kind::List ? "list" : "generator");
        expect(close, open);
        return c;
      }
      if (!is_op(",")) break;
      ++p_;
      comma = true;
    }
    expect(close, open);
    if (kind == Node::Kind::Tuple && n.items.size() == 1 && !comma) {
      if (n.items[0].kind == Node::Kind::Starred)  // (*a) is not a tuple; (*a,) is
        syntax_error("cannot use starred expression here", n.items[0].column);
      return n.items[0];
    }
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

Node parse_expression(const std::string& text) { return Parser<true>(tokenize<true>(text)).parse_all(); }

Node parse_call_expression(const std::string& text) { return Parser<false>(tokenize<false>(text)).parse_all(); }

std::string dotted_name(const Node& n) {
  if (n.kind == Node::Kind::Name) return n.text;
  if (n.kind == Node::Kind::Attr) {
    const std::string base = dotted_name(n.items[0]);
    return base.empty() ? std::string() : base + "." + n.text;
  }
  return {};
}

}  // namespace whence
