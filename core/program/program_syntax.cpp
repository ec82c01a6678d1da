// program_syntax.cpp - program text -> statements (program.hpp). Each statement starts on a
// line of its own and continues inside brackets and after a backslash; a doctest paste's
// prompts are stripped. Its expressions are parsed by call_syntax.cpp.
#include <cctype>

#include "core/program/program.hpp"

namespace whence {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }

std::string trim(const std::string& s) {
  std::size_t b = 0, e = s.size();
  while (b < e && is_blank(s[b])) ++b;
  while (e > b && is_blank(s[e - 1])) --e;
  return s.substr(b, e - b);
}

// Walks code outside string literals, calling visit(i, depth) for each character that is code
// (not inside quotes), with the bracket depth before it; visit returns false to stop. Resumable:
// walk() again over the same text grown longer goes on where it stopped, with its quote state,
// as one walk over the whole text would (a logical line of many physical lines stays linear).
class CodeWalker {
 public:
  template <class Visit>
  bool walk(const std::string& s, Visit visit) {
    for (; i_ < s.size(); ++i_) {
      const char c = s[i_];
      if (quote_) {
        if (c == '\\') {
          ++i_;
        } else if (c == quote_ && (!triple_ || (s.compare(i_, 3, std::string(3, quote_)) == 0 && (i_ += 2)))) {
          quote_ = 0;
        }
        continue;
      }
      if (c == '\'' || c == '"') {
        quote_ = c;
        triple_ = s.compare(i_, 3, std::string(3, c)) == 0;
        if (triple_) i_ += 2;
        continue;
      }
      if (!visit(i_, depth_)) return false;
      if (c == '(' || c == '[' || c == '{') ++depth_;
      if (c == ')' || c == ']' || c == '}') --depth_;
    }
    return true;
  }

 private:
  std::size_t i_ = 0;
  char quote_ = 0;
  bool triple_ = false;  // inside ''' or """
  int depth_ = 0;
};

template <class Visit>
void walk_code(const std::string& s, Visit visit) {
  CodeWalker().walk(s, visit);
}

std::string strip_comment(const std::string& s) {
  std::size_t cut = s.size();
  walk_code(s, [&](std::size_t i, int) {
    if (s[i] != '#') return true;
    cut = i;
    return false;
  });
  return s.substr(0, cut);
}

[[noreturn]] void refuse(const std::string& type, const std::string& message) { fail(type.c_str(), message); }

std::string first_word(const std::string& s) {
  std::size_t j = 0;
  while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '_')) ++j;
  return s.substr(0, j);
}

const char* const kCompoundKeywords[] = {"for", "while", "if", "elif", "else", "def", "class", "with"};
const char* const kRefusedCompound[] = {"try", "except", "finally", "async", "match"};
const char* const kRefusedSimple[] = {"del", "global", "nonlocal", "yield", "await", "lambda"};

const char* const kNotSupported = " is not supported by Whence's programs yet";

// import torch / import torch.nn.functional as F / from torch.nn import functional as F / import math
Statement parse_import(const std::string& code) {
  std::vector<std::string> words;
  std::string word;
  for (char c : code + " ") {
    if (is_blank(c) || c == ',') {
      if (c == ',') refuse("SyntaxError", "importing several modules on one line" + std::string(kNotSupported));
      if (!word.empty()) words.push_back(word);
      word.clear();
    } else {
      word += c;
    }
  }
  Statement s;
  s.kind = Statement::Kind::Import;
  std::size_t next = 0;
  if (words[0] == "import" && words.size() >= 2) {
    s.module = words[1];
    s.alias = s.module.substr(0, s.module.find('.'));  // import torch.nn binds torch
    next = 2;
  } else if (words[0] == "from" && words.size() >= 4 && words[2] == "import") {
    s.module = words[1] + "." + words[3];
    s.alias = words[3];
    next = 4;
  } else {
    refuse("SyntaxError", "invalid syntax");
  }
  if (next + 2 == words.size() && words[next] == "as") {
    s.alias = words[next + 1];
    next += 2;
  }
  if (next != words.size()) refuse("SyntaxError", "invalid syntax");
  const bool torch = s.module == "torch" || s.module.rfind("torch.", 0) == 0;
  if (!torch && s.module != "math")
    refuse("SyntaxError", "importing " + s.module + " is not supported: a Whence program imports only torch and math");
  return s;
}

// The positions of the assignment '=' signs at bracket depth 0 (not ==, <=, >=, !=), and the
// operator of an augmented assignment ("+" for +=) if the one '=' is one.
struct Assignments {
  std::vector<std::size_t> at;
  std::string augmented;
};
Assignments find_assignments(const std::string& s) {
  Assignments a;
  walk_code(s, [&](std::size_t i, int depth) {
    if (depth != 0 || s[i] != '=') return true;
    const char prev = i > 0 ? s[i - 1] : ' ', next = i + 1 < s.size() ? s[i + 1] : ' ';
    if (next == '=' || prev == '=' || prev == '!') return true;
    if (prev == ':') refuse("SyntaxError", "assignment expressions (:=)" + std::string(kNotSupported));
    const char prev2 = i > 1 ? s[i - 2] : ' ';
    if (prev == '<' || prev == '>') {
      if (prev2 != prev) return true;  // <= or >=
      a.augmented = std::string(2, prev);
    } else if (std::string("+-*/%@&|^").find(prev) != std::string::npos) {
      a.augmented = (prev == '/' || prev == '*') && prev2 == prev ? std::string(2, prev) : std::string(1, prev);
    }
    a.at.push_back(i);
    return true;
  });
  return a;
}

// One side of an assignment: `a, b` is a tuple, as Python reads it without parentheses.
Node parse_part(const std::string& text) {
  bool comma = false;
  walk_code(text, [&](std::size_t i, int depth) {
    if (depth == 0 && text[i] == ',') comma = true;
    return !comma;
  });
  return parse_expression(comma ? "(" + text + ")" : text);
}

void check_target(const Node& t, bool allow_unpack) {
  using K = Node::Kind;
  if (t.kind == K::Name) {
    if (t.text == "torch") refuse("SyntaxError", "assigning to the name torch is not supported: it names the module");
    return;
  }
  if (t.kind == K::Subscript) return;
  if ((t.kind == K::Tuple || t.kind == K::List) && allow_unpack) {
    for (const Node& item : t.items) check_target(item, false);
    return;
  }
  if (t.kind == K::Attr) return;  // self.fc = ..., x.grad = None
  if (t.kind == K::Tuple || t.kind == K::List) refuse("SyntaxError", "nested unpacking" + std::string(kNotSupported));
  refuse("SyntaxError", "cannot assign to expression");
}

// assert TEST or assert TEST, MESSAGE
Statement parse_assert(const std::string& code) {
  const std::string rest = code.substr(6);
  if (rest.empty() || !is_blank(rest[0])) refuse("SyntaxError", "invalid syntax");
  std::size_t comma = std::string::npos;
  walk_code(rest, [&](std::size_t i, int depth) {
    if (depth == 0 && rest[i] == ',') comma = i;
    return comma == std::string::npos;
  });
  Statement s;
  s.kind = Statement::Kind::Assert;
  s.value = parse_expression(rest.substr(0, comma));
  if (comma != std::string::npos) s.message = parse_expression(rest.substr(comma + 1));
  return s;
}

Statement keyword_statement(Statement::Kind kind, const std::string& rest) {
  Statement s;
  s.kind = kind;
  s.value.kind = Node::Kind::NoneLit;
  if (!trim(rest).empty()) s.value = parse_part(trim(rest));
  return s;
}

// One simple statement (no block): an expression, an assignment, import, assert, return, ...
Statement parse_statement(const std::string& code) {
  const std::string word = first_word(code);
  for (const char* k : kRefusedCompound)
    if (word == k) refuse("SyntaxError", "`" + word + "` statements" + std::string(kNotSupported));
  for (const char* k : kRefusedSimple)
    if (word == k) refuse("SyntaxError", "`" + word + "`" + kNotSupported);
  if (word == "import" || word == "from") return parse_import(code);
  if (word == "assert") return parse_assert(code);
  const std::string rest = code.substr(word.size());
  if (word == "pass" || word == "break" || word == "continue") {
    if (!trim(rest).empty()) refuse("SyntaxError", "invalid syntax");
    return keyword_statement(word == "pass"    ? Statement::Kind::Pass
                             : word == "break" ? Statement::Kind::Break
                                               : Statement::Kind::Continue,
                             "");
  }
  if (word == "return") return keyword_statement(Statement::Kind::Return, rest);
  if (word == "raise") {  // raise E from cause: E is raised; the cause is dropped (no traceback chain here)
    std::size_t from = std::string::npos;
    walk_code(rest, [&](std::size_t i, int depth) {
      if (depth == 0 && rest.compare(i, 6, " from ") == 0) from = i;
      return from == std::string::npos;
    });
    return keyword_statement(Statement::Kind::Raise, rest.substr(0, from));
  }
  bool several = false;
  walk_code(code, [&](std::size_t i, int depth) {
    if (depth == 0 && code[i] == ';') several = true;
    return !several;
  });
  if (several) refuse("SyntaxError", "several statements on one line (;)" + std::string(kNotSupported));
  if (!code.empty() && code.back() == '\\')
    refuse("SyntaxError", "a statement that continues on the next line" + std::string(kNotSupported));
  if (!code.empty() && code.back() == ':') refuse("SyntaxError", "invalid syntax");

  Statement s;
  const Assignments a = find_assignments(code);
  if (a.at.empty()) {
    s.value = parse_part(code);
    return s;
  }
  if (!a.augmented.empty()) {
    if (a.at.size() != 1) refuse("SyntaxError", "invalid syntax");
    s.kind = Statement::Kind::AugAssign;
    s.op = a.augmented;
    const std::size_t op_start = a.at[0] - a.augmented.size();
    s.targets.push_back(parse_part(code.substr(0, op_start)));
    check_target(s.targets[0], false);
    s.value = parse_part(code.substr(a.at[0] + 1));
    return s;
  }
  s.kind = Statement::Kind::Assign;
  std::size_t from = 0;
  for (std::size_t at : a.at) {
    std::string target = code.substr(from, at - from);
    // x: int = 3, an annotated assignment: the annotation is not evaluated here
    if (from == 0 && a.at.size() == 1) {
      std::size_t colon = std::string::npos;
      walk_code(target, [&](std::size_t i, int depth) {
        if (depth == 0 && target[i] == ':') colon = i;
        return colon == std::string::npos;
      });
      if (colon != std::string::npos) target = target.substr(0, colon);
    }
    s.targets.push_back(parse_part(target));
    check_target(s.targets.back(), true);
    from = at + 1;
  }
  s.value = parse_part(code.substr(from));
  return s;
}

// The position of a compound statement's header colon: the first ':' outside brackets and strings.
std::size_t header_colon(const std::string& code) {
  std::size_t colon = std::string::npos;
  walk_code(code, [&](std::size_t i, int depth) {
    if (depth == 0 && code[i] == ':') colon = i;
    return colon == std::string::npos;
  });
  if (colon == std::string::npos) refuse("SyntaxError", "expected ':'");
  return colon;
}

// Splits at commas outside brackets and strings.
std::vector<std::string> split_commas(const std::string& text) {
  std::vector<std::string> parts;
  std::size_t from = 0;
  walk_code(text, [&](std::size_t i, int depth) {
    if (depth == 0 && text[i] == ',') {
      parts.push_back(text.substr(from, i - from));
      from = i + 1;
    }
    return true;
  });
  parts.push_back(text.substr(from));
  return parts;
}

bool is_identifier(const std::string& s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  for (char c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  return true;
}

// def NAME(PARAMS) [-> ANNOTATION]
void parse_def_header(const std::string& header, Statement& s) {
  const std::size_t open = header.find('(');
  s.name = trim(header.substr(3, open == std::string::npos ? std::string::npos : open - 3));
  if (open == std::string::npos || !is_identifier(s.name)) refuse("SyntaxError", "invalid syntax");
  int depth = 0;
  std::size_t close = std::string::npos;
  walk_code(header, [&](std::size_t i, int d) {
    if (i < open) return true;
    depth = d;
    if (header[i] == ')' && d == 1) close = i;
    return close == std::string::npos;
  });
  if (close == std::string::npos) refuse("SyntaxError", "'(' was never closed");
  const std::string after = trim(header.substr(close + 1));
  if (!after.empty() && after.rfind("->", 0) != 0) refuse("SyntaxError", "invalid syntax");
  const std::string inside = header.substr(open + 1, close - open - 1);
  bool star = false, defaults = false;
  for (std::string part : split_commas(inside)) {
    part = trim(part);
    if (part.empty()) continue;  // a trailing comma
    Parameter p;
    std::size_t eq = std::string::npos;
    walk_code(part, [&](std::size_t i, int d) {
      if (d == 0 && part[i] == '=') eq = i;
      return eq == std::string::npos;
    });
    std::string name = trim(part.substr(0, eq));
    if (eq != std::string::npos) p.default_value = parse_expression(trim(part.substr(eq + 1)));
    const std::size_t colon = name.find(':');  // x: torch.Tensor, an annotation
    if (colon != std::string::npos) name = trim(name.substr(0, colon));
    if (name.rfind("**", 0) == 0) {
      p.kind = Parameter::Kind::VarKeywords;
      name = name.substr(2);
    } else if (name.rfind("*", 0) == 0) {
      p.kind = Parameter::Kind::VarArgs;
      name = name.substr(1);
      if (star) refuse("SyntaxError", "* argument may appear only once");
      star = true;
      if (name.empty()) continue;  // a bare *: the rest are keyword-only
    } else if (star) {
      p.kind = Parameter::Kind::KeywordOnly;
    } else if (p.default_value) {
      defaults = true;
    } else if (defaults) {
      refuse("SyntaxError", "non-default argument follows default argument");
    }
    if (!is_identifier(name)) refuse("SyntaxError", "invalid syntax");
    for (const Parameter& q : s.params)
      if (q.name == name) refuse("SyntaxError", "duplicate argument '" + name + "' in function definition");
    p.name = name;
    s.params.push_back(std::move(p));
  }
}

// class NAME[(BASES)]
void parse_class_header(const std::string& header, Statement& s) {
  const std::size_t open = header.find('(');
  s.name = trim(header.substr(5, open == std::string::npos ? std::string::npos : open - 5));
  if (!is_identifier(s.name)) refuse("SyntaxError", "invalid syntax");
  if (open == std::string::npos) return;
  const Node bases = parse_expression("f" + header.substr(open));
  if (bases.kind != Node::Kind::Call || !bases.kwargs.empty() || trim(header).back() != ')')
    refuse("SyntaxError", "a class's bases are names, as in class Net(nn.Module)");
  s.bases.assign(bases.items.begin() + 1, bases.items.end());
}

// for TARGET in ITERABLE
void parse_for_header(const std::string& header, Statement& s) {
  const std::string rest = header.substr(3);
  std::size_t in = std::string::npos;
  walk_code(rest, [&](std::size_t i, int depth) {
    if (depth == 0 && rest.compare(i, 4, " in ") == 0) in = i;
    return in == std::string::npos;
  });
  if (in == std::string::npos) refuse("SyntaxError", "invalid syntax");
  s.targets.push_back(parse_part(trim(rest.substr(0, in))));
  check_target(s.targets[0], true);
  s.value = parse_part(trim(rest.substr(in + 4)));
}

// The grad mode a `with` header sets for its body: `with torch.no_grad():` (0),
// `torch.enable_grad()` (1), `torch.set_grad_enabled(False)` (0 or 1), `torch.inference_mode()` (0).
int with_grad_mode(const std::string& header) {
  std::string h = trim(header.substr(4));
  std::string compact;
  for (char c : h)
    if (!is_blank(c)) compact += c;
  for (const auto& [text, mode] :
       std::initializer_list<std::pair<const char*, int>>{{"torch.no_grad()", 0},
                                                          {"torch.enable_grad()", 1},
                                                          {"torch.set_grad_enabled(False)", 0},
                                                          {"torch.set_grad_enabled(True)", 1},
                                                          {"torch.set_grad_enabled(mode=False)", 0},
                                                          {"torch.set_grad_enabled(mode=True)", 1},
                                                          {"torch.inference_mode()", 0},
                                                          {"torch.autograd.no_grad()", 0}})
    if (compact == text) return mode;
  refuse("SyntaxError", "`with " + h +
                            ":` is not supported: a Whence program's `with` blocks are torch.no_grad(), "
                            "torch.enable_grad() and torch.set_grad_enabled(True or False)");
}

// A physical line of the program: its number and its text (a prompt stripped).
struct PhysicalLine {
  int number;
  std::string text;
  bool continues_prompt;  // a `... ` line of pasted doctest text
};

// Whether the text is pasted from a Python prompt or PyTorch's docstrings: its first non-blank
// line starts with `>>>`. Then `>>> ` begins a statement, `... ` continues one, and the other
// lines are the output the example expects, skipped (as doctest reads them).
bool is_doctest(const std::string& text) {
  std::size_t i = 0;
  while (i < text.size() && (is_blank(text[i]) || text[i] == '\n')) ++i;
  return text.compare(i, 3, ">>>") == 0;
}

std::vector<PhysicalLine> physical_lines(const std::string& text) {
  const bool doctest = is_doctest(text);
  std::vector<PhysicalLine> out;
  int number = 0;
  for (std::size_t start = 0; start <= text.size();) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    start = end + 1;
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!doctest) {
      out.push_back({number, line, false});
      continue;
    }
    std::size_t b = 0;
    while (b < line.size() && is_blank(line[b])) ++b;
    for (const char* prompt : {">>>", "..."}) {
      if (line.compare(b, 3, prompt) != 0) continue;
      const std::size_t after = b + 3;
      if (after < line.size() && line[after] != ' ') continue;  // `...x` is not a prompt
      out.push_back({number, line.substr(std::min(line.size(), after + 1)), prompt[0] == '.'});
      break;
    }
  }
  return out;
}

// The brackets still open after code, innermost last, from those open before it; stops for good
// at a bracket that closes none (the parser words that error). Fed a text that only grows, it
// scans only what was appended.
class BracketScan {
 public:
  explicit BracketScan(std::string open = "") : open_(std::move(open)) {}
  const std::string& open(const std::string& code) {
    if (balanced_)
      balanced_ = walker_.walk(code, [&](std::size_t i, int) {
        const char c = code[i];
        if (c == '(' || c == '[' || c == '{') open_ += c;
        if (c == ')' || c == ']' || c == '}') {
          if (open_.empty()) return false;
          open_.pop_back();
        }
        return true;
      });
    return open_;
  }
  bool balanced() const { return balanced_; }

 private:
  CodeWalker walker_;
  std::string open_;
  bool balanced_ = true;
};

bool ends_in_backslash(const std::string& code) {
  std::size_t e = code.size();
  while (e > 0 && is_blank(code[e - 1])) --e;
  return e > 0 && code[e - 1] == '\\';
}

// A logical line: physical lines joined inside brackets, after a backslash and inside a
// triple-quoted string.
struct LogicalLine {
  int line, end_line, indent;
  std::string code;    // as written, one physical line per line (continuations trimmed)
  std::string joined;  // as the parser reads it
  bool continues_prompt;
};

// Whether a text that only grows ends inside a triple-quoted string: each call scans only what
// was appended since the last (a logical line of 20,000 physical lines stays linear). The state
// carries over what a scan of the whole text would have at that point: a quote, a comment, an
// escape that skips the next character.
class TripleQuoteScan {
 public:
  bool inside(const std::string& text) {
    for (; i_ < text.size(); ++i_) {
      const char c = text[i_];
      if (comment_) {  // a comment: to the end of its line
        comment_ = c != '\n';
        continue;
      }
      if (quote_) {
        if (c == '\\') {
          ++i_;
        } else if (c == quote_ && (!triple_ || text.compare(i_, 3, std::string(3, quote_)) == 0)) {
          if (triple_) i_ += 2;
          quote_ = 0;
        }
        continue;
      }
      if (c == '#') {
        comment_ = true;
        continue;
      }
      if (c == '\'' || c == '"') {
        quote_ = c;
        triple_ = text.compare(i_, 3, std::string(3, c)) == 0;
        if (triple_) i_ += 2;
      }
    }
    return quote_ && triple_;
  }

 private:
  std::size_t i_ = 0;
  char quote_ = 0;
  bool triple_ = false, comment_ = false;
};

// Reads the logical line starting at physical line k; advances k past it.
LogicalLine logical_line(const std::vector<PhysicalLine>& lines, std::size_t& k) {
  LogicalLine l{lines[k].number, lines[k].number, 0, "", "", lines[k].continues_prompt};
  const std::string first = lines[k].text;
  while (std::size_t(l.indent) < first.size() && is_blank(first[std::size_t(l.indent)])) ++l.indent;
  std::string open;
  bool backslash = false, balanced = true, in_string = false;
  TripleQuoteScan strings;  // over l.joined, as it grows
  BracketScan brackets;     // the same
  do {
    const std::string raw = lines[k].text;
    std::string part = in_string ? raw : strip_comment(raw);
    if (!in_string)
      while (!part.empty() && is_blank(part.back())) part.pop_back();
    const bool was_inside = !open.empty() || backslash || in_string;
    if (was_inside && !in_string && trim(part).empty()) {  // a blank or comment line inside brackets
      ++k;
      continue;
    }
    if (in_string) {  // the rest of a triple-quoted string: kept as written
      l.code += "\n" + part;
      l.joined += "\n" + part;
    } else {
      BracketScan line_brackets(open);
      open = line_brackets.open(part);
      balanced = line_brackets.balanced();
      backslash = balanced && ends_in_backslash(part);
      l.code += (l.code.empty() ? "" : "\n") + (was_inside ? trim(part) : part);
      l.joined += (l.joined.empty() ? "" : " ") + (backslash ? part.substr(0, part.rfind('\\')) : part);
    }
    in_string = strings.inside(l.joined);
    if (in_string) open.clear();  // brackets are counted again once the string closes
    if (!in_string && !open.empty()) open = brackets.open(l.joined);  // recount: the string may have held brackets
    l.end_line = lines[k].number;
    ++k;
  } while (balanced && (!open.empty() || backslash || in_string) && k < lines.size());
  if (in_string)
    fail("SyntaxError",
         "unterminated triple-quoted string literal (detected at line " + std::to_string(l.end_line) + ")");
  if (balanced && !open.empty()) fail("SyntaxError", std::string("'") + open.back() + "' was never closed");
  if (backslash) fail("SyntaxError", "unexpected EOF while parsing");
  l.code = trim(l.code);
  l.joined = trim(l.joined);
  return l;
}

// Builds statements (and their blocks) from logical lines.
class BlockParser {
 public:
  explicit BlockParser(std::vector<LogicalLine> lines) : lines_(std::move(lines)) {}

  std::vector<Statement> program() {
    std::vector<Statement> out = block(0, Context{});
    if (k_ < lines_.size()) {
      line_ = lines_[k_].line;
      fail("IndentationError", "unindent does not match any outer indentation level");
    }
    return out;
  }
  int line() const { return line_; }

 private:
  struct Context {
    bool function = false, loop = false;
  };
  std::vector<LogicalLine> lines_;
  std::size_t k_ = 0;
  int line_ = 0;  // the line being parsed, for errors
  int count_ = 0;

  static bool is_compound(const std::string& word) {
    for (const char* k : kCompoundKeywords)
      if (word == k) return true;
    return false;
  }

  // Statements at `indent`, up to the first line indented less.
  std::vector<Statement> block(int indent, Context context) {
    std::vector<Statement> out;
    while (k_ < lines_.size()) {
      const LogicalLine& l = lines_[k_];
      line_ = l.line;
      if (l.indent < indent) break;
      if (l.indent > indent) fail("IndentationError", "unexpected indent");
      if (l.continues_prompt && indent == 0) fail("SyntaxError", "invalid syntax");
      const std::string word = first_word(l.joined);
      if (word == "elif" || word == "else") {
        if (out.empty() || (out.back().kind != Statement::Kind::If && word == "elif"))
          fail("SyntaxError", "invalid syntax");
        if (out.back().kind == Statement::Kind::For || out.back().kind == Statement::Kind::While)
          fail("SyntaxError",
               "`" + out.back().code.substr(0, out.back().code.find(' ')) + " ... else`" + std::string(kNotSupported));
        if (out.back().kind != Statement::Kind::If) fail("SyntaxError", "invalid syntax");
        Statement* chain = &out.back();  // the innermost If of an if/elif chain without an else yet
        while (chain->orelse.size() == 1 && chain->orelse[0].kind == Statement::Kind::If &&
               chain->orelse[0].code.rfind("elif", 0) == 0)
          chain = &chain->orelse[0];
        if (!chain->orelse.empty()) fail("SyntaxError", "invalid syntax");
        Statement clause = compound(l, word, indent, context);
        if (word == "elif")
          chain->orelse.push_back(std::move(clause));
        else
          chain->orelse = std::move(clause.body);
        continue;
      }
      if (++count_ > kMaxStatements)
        fail("Unsupported", "Whence runs programs of up to " + std::to_string(kMaxStatements) + " statements");
      if (is_compound(word)) {
        out.push_back(compound(l, word, indent, context));
        continue;
      }
      Statement s = parse_statement(l.joined);
      check_context(s, context);
      s.line = l.line;
      s.end_line = l.end_line;
      s.code = l.code;
      ++k_;
      out.push_back(std::move(s));
    }
    return out;
  }

  void check_context(const Statement& s, Context context) {
    if (s.kind == Statement::Kind::Return && !context.function) fail("SyntaxError", "'return' outside function");
    if (s.kind == Statement::Kind::Break && !context.loop) fail("SyntaxError", "'break' outside loop");
    if (s.kind == Statement::Kind::Continue && !context.loop) fail("SyntaxError", "'continue' not properly in loop");
  }

  // A compound statement: its header, then its body (the rest of the header line, or the
  // indented lines after it).
  Statement compound(const LogicalLine& l, const std::string& word, int indent, Context context) {
    const std::size_t colon = header_colon(l.joined);
    const std::string header = trim(l.joined.substr(0, colon));
    const std::string inline_body = trim(l.joined.substr(colon + 1));
    Statement s;
    s.line = l.line;
    s.end_line = l.end_line;
    s.code = header + ":";
    Context inner = context;
    if (word == "if" || word == "elif" || word == "while") {
      s.kind = word == "while" ? Statement::Kind::While : Statement::Kind::If;
      s.value = parse_part(trim(header.substr(word.size())));
      if (word == "while") inner.loop = true;
    } else if (word == "else") {
      if (header != "else") fail("SyntaxError", "invalid syntax");
      s.kind = Statement::Kind::If;
    } else if (word == "for") {
      s.kind = Statement::Kind::For;
      parse_for_header(header, s);
      inner.loop = true;
    } else if (word == "def") {
      s.kind = Statement::Kind::Def;
      parse_def_header(header, s);
      inner = Context{true, false};
    } else if (word == "class") {
      s.kind = Statement::Kind::Class;
      parse_class_header(header, s);
      inner = Context{};
    } else {  // with
      s.kind = Statement::Kind::With;
      s.grad_enabled = with_grad_mode(header);
    }
    ++k_;
    if (!inline_body.empty()) {  // if x: y = 1
      Statement body = parse_statement(inline_body);
      check_context(body, inner);
      body.line = l.line;
      body.end_line = l.end_line;
      body.code = inline_body;
      s.body.push_back(std::move(body));
      return s;
    }
    const bool has_body = k_ < lines_.size() && lines_[k_].indent > indent;
    if (!has_body) {
      if (k_ < lines_.size()) line_ = lines_[k_].line;  // Python points at the line that should be indented
      fail("IndentationError",
           "expected an indented block after '" + word + "' statement on line " + std::to_string(l.line));
    }
    s.body = block(lines_[k_].indent, inner);
    if (k_ < lines_.size() && lines_[k_].indent > indent) {
      line_ = lines_[k_].line;
      fail("IndentationError", "unindent does not match any outer indentation level");
    }
    return s;
  }
};

}  // namespace

ParsedProgram parse_program(const std::string& text) {
  ParsedProgram p;
  const std::vector<PhysicalLine> physical = physical_lines(text);
  std::vector<LogicalLine> lines;
  std::optional<LineError> error;
  for (std::size_t k = 0; k < physical.size();) {
    const int line = physical[k].number;
    if (trim(strip_comment(physical[k].text)).empty()) {
      ++k;
      continue;
    }
    try {
      lines.push_back(logical_line(physical, k));
    } catch (const Error& e) {
      error = LineError{e, line};
      break;
    }
  }
  // The statements before a line Whence refuses still run, as Python runs a program pasted
  // into its prompt: the blocks are built from the lines before the error. A block cut short
  // by it is dropped with its header.
  for (bool first = true;; first = false) {
    BlockParser parser(lines);
    try {
      p.statements = parser.program();
      break;
    } catch (const Error& e) {
      const int line = parser.line();
      // the first error is the program's; a block the cut leaves empty is only its echo
      if (first && (!error || line <= error->line)) error = LineError{e, line};
      std::size_t keep = 0;
      while (keep < lines.size() && lines[keep].line < line) ++keep;
      if (keep == lines.size() && !lines.empty()) --keep;  // an error at the last line: drop it
      lines.resize(keep);
    }
  }
  p.error = error;
  return p;
}

}  // namespace whence
