// api.hpp - everything the CLI, the Embind module and the ImGui app call. No layer reaches
// around it (DESIGN.md, "Data flow").
#pragma once
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "value.hpp"

namespace whence {

// Key order matters (PyTorch reports keyword arguments in call order), so objects keep it.
using Json = nlohmann::ordered_json;

// PyTorch call text -> Call. Throws Error (SyntaxError, NameError, TypeError, ...).
Call parse_call(const std::string& code);
// Call -> PyTorch call text that runs unchanged in Python and parses back to an equal Call.
std::string format_call(const Call& call);

// JSON request <-> Call (the protocol of DESIGN.md). Throws Error on malformed values.
Call call_from_json(const Json& request);
Json call_to_json(const Call& call);

// Evaluates a call. `explain` adds "relations" for every output element.
// Never throws: errors become {"ok": false, "error": {"type", "message", "arg"?}}.
Json evaluate(const Call& call, bool explain);
// Relations of one output element only (what the UI asks for on hover):
// {"ok": true, "relation": {"out": [...], "src": [...], "eq": "..."}} or an error.
Json explain_element(const Call& call, int result_position, std::int64_t flat);

// One call, run once, in the constructor: its response (as evaluate) and any element's relation
// (as explain_element) come from that run, so a hover never runs the op again. Never throws.
struct Evaluation;

// One source of an output element without its equation or JSON (Explainer::sources): the
// argument (`param`, and `item` of a list argument, else -1; Explainer::source_path names it),
// the argument's flat element, and the role's name ("value", "index", "mask", "compare").
struct SourceLink {
  int param = 0, item = -1;
  std::int64_t flat = 0;
  const char* role = "";
};

// One output element's relation as explain() gives it, without building its JSON: the sources
// (as sources() lists them) and the equation written out in numbers.
struct ElementRelation {
  std::vector<SourceLink> sources;
  std::string equation;
};

// An output element: its result position and its row-major flat index.
struct ElementRef {
  int position = 0;
  std::int64_t flat = 0;
};

class Explainer {
 public:
  explicit Explainer(const Call& call);
  Json response(bool explain) const;  // as evaluate
  // As evaluate without explain, with "relations" for the chosen elements only, in their order
  // (the protocol's "explain": [[RESULT, ELEMENT], ...]).
  Json response(const std::vector<ElementRef>& chosen) const;
  Json explain(int result_position, std::int64_t flat) const;  // as explain_element
  // The sources explain() lists, and nothing else: for tracing every output element (to
  // follow inputs forward) at a fraction of explain()'s cost. Empty when the call failed, the
  // element does not exist or the result is a plain Python value.
  std::vector<SourceLink> sources(int result_position, std::int64_t flat) const;
  // explain()'s relation as structs, for a hover: JSON for the 128 sources of a 64 x 64 mm
  // element took 0.23 ms of explain()'s time natively, about 1 ms in WebAssembly. False (and
  // `out` untouched) where explain() answers with an error.
  bool relation(int result_position, std::int64_t flat, ElementRelation& out) const;
  // A source's argument path as the protocol writes it: [0], [1, 0], ["weight"].
  Json source_path(const SourceLink& s) const;
  // The request's "grad" and "grad_explain" answered into `response` (core/autograd.hpp); an
  // op that cannot be differentiated gives "grad_error" beside its result.
  void add_grad(const Json& request, Json& response) const;

 private:
  std::shared_ptr<const Evaluation> evaluation_;
  Json error_;  // the run's error, when it failed
};

// Lets evaluate_line answer program requests ({"program": ...}) with `evaluate_program`
// (core/program/program.hpp's link_programs). Without it they get an Unsupported error.
void enable_programs(Json (*evaluate_program)(const Json& request));

// One protocol line in, one line out (CLI `eval` and Module.evaluate). Never throws.
std::string evaluate_line(const std::string& line);

// The op table as JSON (CLI `ops`): [{"names", "family", "summary", "signature", "docs",
// "example", "equation", "params": [{"name", "type", "keyword_only", "default"?}]}...].
Json ops_json();
// One entry of it: the op called `name` (any of its names), or null.
Json op_entry(const std::string& name);

}  // namespace whence
