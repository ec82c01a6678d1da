// program.hpp - short PyTorch programs: statements (assignments, tuple
// unpacking, index assignment, augmented assignment, in-place method calls, any expression
// of the call language), evaluated with every intermediate tensor kept and its provenance
// composed through every step, views and in-place writes included (provenance.hpp).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/api.hpp"
#include "core/call_syntax.hpp"
#include "core/error.hpp"

namespace whence {

constexpr int kMaxStatements = 2000;           // statements in a program's text
constexpr int kMaxExecutedStatements = 10000;  // statements a run executes, loop iterations and calls included
constexpr int kMaxCallDepth = 100;             // nested calls of the program's functions (Python's RecursionError)
constexpr std::int64_t kMaxProgramElements = 1000000;

// A parameter of a `def`: `x`, `x=default`, `*args`, a keyword-only one after `*`, `**kwargs`.
struct Parameter {
  enum class Kind { Positional, VarArgs, KeywordOnly, VarKeywords };
  Kind kind = Kind::Positional;
  std::string name;
  std::optional<Node> default_value;
};

struct Statement {
  enum class Kind {
    Expression,
    Assign,
    AugAssign,
    Import,
    Assert,
    If,     // value: the test; body; orelse: the else block (an elif is an If alone in it)
    For,    // targets[0]: the loop target; value: the iterable; body
    While,  // value: the test; body
    Break,
    Continue,
    Pass,
    Return,  // value: the result (NoneLit when absent)
    Raise,   // value: the exception (NoneLit for a bare raise)
    Def,     // name, params, body
    Class,   // name, bases, body
    With     // grad_enabled: the mode its header sets; body
  };
  Kind kind = Kind::Expression;
  int line = 0;                   // 1-based line of the program text where the statement starts
  int end_line = 0;               // its last line (a statement continued over several lines)
  std::string code;               // the statement as written, its lines joined by "\n" (comments,
                                  // outer blanks and doctest prompts removed); a compound
                                  // statement's header line
  std::vector<Node> targets;      // Assign: each target (a = b = ...), a Name, a Tuple of Names, an
                                  // Attr or a Subscript; AugAssign: the one target; For: the target
  Node value;                     // the expression (Assert, If, While: the test)
  std::optional<Node> message;    // Assert: the message, when given
  std::string op;                 // AugAssign: the operator of "+=" ("+")
  std::string module, alias;      // Import: "torch.nn.functional" imported as "F"
  int grad_enabled = -1;          // With: torch.no_grad() (0) or torch.enable_grad() (1)
  std::string name;               // Def, Class
  std::vector<Parameter> params;  // Def
  std::vector<Node> bases;        // Class
  std::vector<Statement> body, orelse;
};

// An error and the program line it belongs to.
struct LineError {
  Error error;
  int line;
  std::vector<std::pair<int, std::string>> stack;  // the calls it happened in, outermost first:
                                                   // each line and its function ("" at the top)
  std::string module;  // the innermost torch.nn module whose forward it happened in: "net.fc2 (Linear)"
};

// Program text -> statements, each from its first line on (continued inside brackets and
// after a backslash; a doctest paste's prompts stripped and its output lines skipped), up to
// the first statement refused (a loop, a def, an import of anything but torch and math,
// malformed text): the statements before it still run, as they do when Python runs the
// program statement by statement.
struct ParsedProgram {
  std::vector<Statement> statements;
  std::optional<LineError> error;
};
ParsedProgram parse_program(const std::string& text);

// The protocol's program requests (DESIGN.md, "Programs"): {"program": TEXT, "explain"?,
// "trace"? | "reach"?: {"name", "element", "line"?}}. Throws Error for a malformed request
// (evaluate_line, its one caller, answers it as an error response).
Json evaluate_program(const Json& request);

// Links programs into evaluate_line (api.hpp); the CLI does, the single-call web modules do not.
inline void link_programs() { enable_programs(&evaluate_program); }

// `whence run FILE.py`: each step as text (names, shapes, dtypes, values). Returns the exit
// status: 0, or 1 after an error (printed with its line).
int print_program(const std::string& text, std::string& out);

}  // namespace whence
