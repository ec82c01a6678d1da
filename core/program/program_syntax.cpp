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

// Walks a line outside string literals, calling visit(i, depth) for each character that is
// code (not inside quotes), with the bracket depth before it. visit returns false to stop.
template <class Visit>
void walk_code(const std::string& s, Visit visit) {
  char quote = 0;
  int depth = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (quote) {
      if (c == '\\')
        ++i;
      else if (c == quote)
        quote = 0;
      continue;
    }
    if (c == '\'' || c == '"') {
      quote = c;
      continue;
    }
    if (!visit(i, depth)) return;
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') --depth;
  }
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

const char* const kCompoundKeywords[] = {"for",  "while", "if",     "elif",    "else",  "def",  "class",
                                         "with", "try",   "except", "finally", "async", "match"};
const char* const kSimpleKeywords[] = {"return", "del",   "global", "nonlocal", "pass",
                                       "raise",  "yield", "break",  "continue", "await"};

const char* const kNotSupported =
    " is not supported: a Whence program runs one statement per line (assignments, calls, index assignments)";

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
  if (t.kind == K::Attr && (t.text == "grad" || t.text == "requires_grad")) return;  // x.grad = None
  if (t.kind == K::Attr) refuse("SyntaxError", "assigning to an attribute" + std::string(kNotSupported));
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

Statement parse_statement(const std::string& code) {
  const std::string word = first_word(code);
  for (const char* k : kCompoundKeywords)
    if (word == k)
      refuse("SyntaxError", "`" + word +
                                "` statements are not supported: a Whence program runs one statement per line, without "
                                "loops, conditions or definitions");
  for (const char* k : kSimpleKeywords)
    if (word == k) refuse("SyntaxError", "`" + word + "`" + kNotSupported);
  if (word == "import" || word == "from") return parse_import(code);
  if (word == "assert") return parse_assert(code);
  bool several = false;
  walk_code(code, [&](std::size_t i, int depth) {
    if (depth == 0 && code[i] == ';') several = true;
    return !several;
  });
  if (several) refuse("SyntaxError", "several statements on one line (;)" + std::string(kNotSupported));
  if (!code.empty() && (code.back() == '\\' || code.back() == ':'))
    refuse("SyntaxError", "a statement that continues on the next line" + std::string(kNotSupported));

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
    s.targets.push_back(parse_part(code.substr(from, at - from)));
    check_target(s.targets.back(), true);
    from = at + 1;
  }
  s.value = parse_part(code.substr(from));
  return s;
}

// The grad mode a `with` header sets for its body: `with torch.no_grad():` (0),
// `torch.enable_grad()` (1), `torch.set_grad_enabled(False)` (0 or 1), `torch.inference_mode()` (0).
int with_grad_mode(const std::string& header) {
  std::string h = trim(header.substr(4));
  if (h.empty() || h.back() != ':')
    refuse("SyntaxError", h.find(':') != std::string::npos
                              ? "a `with` statement and its body on one line" + std::string(kNotSupported)
                              : "expected ':'");
  h = trim(h.substr(0, h.size() - 1));
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

// The brackets still open after a line, innermost last, from those open before it; false when
// a bracket closes that was not open (the parser words that error).
bool track_brackets(const std::string& code, std::string& open) {
  bool balanced = true;
  walk_code(code, [&](std::size_t i, int) {
    const char c = code[i];
    if (c == '(' || c == '[' || c == '{') open += c;
    if (c == ')' || c == ']' || c == '}') {
      if (open.empty()) balanced = false;
      if (!open.empty()) open.pop_back();
    }
    return balanced;
  });
  return balanced;
}

bool ends_in_backslash(const std::string& code) {
  std::size_t e = code.size();
  while (e > 0 && is_blank(code[e - 1])) --e;
  return e > 0 && code[e - 1] == '\\';
}

}  // namespace

ParsedProgram parse_program(const std::string& text) {
  ParsedProgram p;
  const std::vector<PhysicalLine> lines = physical_lines(text);
  // Open `with` blocks, innermost last: the body's indentation (-1 until its first line) and
  // the grad mode it sets.
  struct Block {
    int indent;
    int grad_enabled;
    int line;
  };
  std::vector<Block> blocks;
  auto expected_block = [&](int header_line) {
    fail("IndentationError",
         "expected an indented block after 'with' statement on line " + std::to_string(header_line));
  };
  for (std::size_t k = 0; k < lines.size();) {
    const int line = lines[k].number;
    try {
      const std::string first = strip_comment(lines[k].text);
      if (trim(first).empty()) {
        ++k;
        continue;
      }
      if (lines[k].continues_prompt && !is_blank(first[0]) && blocks.empty()) fail("SyntaxError", "invalid syntax");
      int indent = 0;
      while (std::size_t(indent) < first.size() && is_blank(first[std::size_t(indent)])) ++indent;
      if (!blocks.empty() && blocks.back().indent < 0) {  // the first line of a with block's body
        if (indent <= (blocks.size() > 1 ? blocks[blocks.size() - 2].indent : 0)) expected_block(blocks.back().line);
        blocks.back().indent = indent;
      }
      bool dedented = false;
      while (!blocks.empty() && indent < blocks.back().indent) {
        blocks.pop_back();
        dedented = true;
      }
      const int required = blocks.empty() ? 0 : blocks.back().indent;
      if (indent > required && dedented)
        fail("IndentationError", "unindent does not match any outer indentation level");
      if (indent > required) fail("IndentationError", "unexpected indent");
      if (indent < required) fail("IndentationError", "unindent does not match any outer indentation level");
      // A logical line: physical lines joined inside brackets and after a backslash. `code` keeps
      // them as written (one per line); the parser reads them joined.
      std::string code, joined, open;
      bool backslash = false, balanced = true;
      do {
        std::string part = strip_comment(lines[k].text);
        while (!part.empty() && is_blank(part.back())) part.pop_back();
        const bool was_inside = !open.empty() || backslash;
        if (was_inside && trim(part).empty()) {  // a blank or comment line inside brackets
          ++k;
          continue;
        }
        balanced = track_brackets(part, open);
        backslash = balanced && ends_in_backslash(part);
        code += (code.empty() ? "" : "\n") + (was_inside ? trim(part) : part);
        joined += (joined.empty() ? "" : " ") + (backslash ? part.substr(0, part.rfind('\\')) : part);
        ++k;
      } while (balanced && (!open.empty() || backslash) && k < lines.size());
      if (balanced && !open.empty()) fail("SyntaxError", std::string("'") + open.back() + "' was never closed");
      if (backslash) fail("SyntaxError", "unexpected EOF while parsing");
      code = trim(code);
      if (int(p.statements.size()) == kMaxStatements)
        fail("Unsupported", "Whence runs programs of up to " + std::to_string(kMaxStatements) + " statements");
      if (first_word(trim(joined)) == "with") {
        blocks.push_back(Block{-1, with_grad_mode(trim(joined)), line});
        continue;
      }
      Statement s = parse_statement(trim(joined));
      if (!blocks.empty()) s.grad_enabled = blocks.back().grad_enabled;
      s.line = line;
      s.end_line = lines[k - 1].number;
      s.code = code;
      p.statements.push_back(std::move(s));
    } catch (const Error& e) {
      p.error = LineError{e, line};
      return p;
    }
  }
  if (!blocks.empty() && blocks.back().indent < 0)
    p.error = LineError{Error("IndentationError", "expected an indented block after 'with' statement on line " +
                                                      std::to_string(blocks.back().line)),
                        lines.empty() ? 1 : lines.back().number};
  return p;
}

}  // namespace whence
