// program_json.cpp - programs in the protocol (evaluate_program) and as text for the CLI's
// `whence run` (print_program).
#include <cctype>
#include <cmath>
#include <map>
#include <memory>
#include <new>
#include <set>
#include <tuple>

#include "core/budget.hpp"
#include "core/call_format.hpp"
#include "core/json_io.hpp"
#include "core/number_format.hpp"
#include "core/program/program_run.hpp"
#include "core/python_repr.hpp"
#include "core/shape.hpp"

namespace whence {

namespace {

struct Outcome {
  ParsedProgram parsed;
  std::vector<Step> steps;
  std::optional<LineError> error;
};

// torch.set_default_dtype and torch.set_printoptions last for the rest of their program only:
// each run starts from float32 and PyTorch's print options, and leaves them behind.
struct DefaultDtypeScope {
  DefaultDtypeScope() { reset(); }
  ~DefaultDtypeScope() { reset(); }
  static void reset() {
    set_default_float_dtype(DType::Float32);
    print_options() = PrintOptions{};
  }
};

Outcome run_program(ProgramRun& run, const std::string& text) {
  const DefaultDtypeScope default_dtype;
  const GeneratorScope generator;  // the program's statements share one default generator, fresh at its start
  Outcome out;
  out.parsed = parse_program(text);
  out.error = out.parsed.error;
  try {
    run.execute(out.parsed.statements);
  } catch (const Error& e) {
    out.error = LineError{e, run.error_line()};
    for (auto it = run.error_stack().rbegin(); it != run.error_stack().rend(); ++it) out.error->stack.push_back(*it);
    out.error->module = run.error_module();
    if (e.type == "Unsupported") renew_request_budget();  // a limit: the steps before still answer
  } catch (const std::bad_alloc&) {
    out.error = LineError{Error("MemoryError", "out of memory"), run.error_line()};
  }
  if (out.parsed.error && (!out.error || out.error->line == 0)) out.error = out.parsed.error;
  out.steps = run.take_steps();
  return out;
}

Json cell_json(Provenance& p, const ProgramRun& lines, const Cell& c, Role role, int depth = -1) {
  const ProvenanceNode& n = p.node(c.node);
  Json j = Json::object();
  if (!n.name.empty())
    j["name"] = n.name;
  else if (!n.literal.empty())
    j["literal"] = n.literal;
  else
    j["name"] = nullptr;
  j["line"] = lines.step_line(n.statement);
  j["element"] = c.flat;
  j["role"] = role_name(role);
  if (depth >= 0) j["depth"] = depth;
  return j;
}

Json step_json(ProgramRun& run, const ProgramRun& lines, const Step& step, bool explain) {
  Json ops = Json::array();
  for (const auto& op : step.ops) ops.push_back(op);
  Json names = Json::array();
  for (const auto& n : step.names) names.push_back(n.empty() ? Json(nullptr) : Json(n));
  Json j{{"line", step.statement->line},
         {"code", step.statement->code},
         {"names", names},
         {"ops", ops},
         {"results", step.results}};
  if (!step.views.empty()) j["views"] = step.views;
  if (step.statement->end_line > step.statement->line) j["end_line"] = step.statement->end_line;
  if (!step.where.empty()) j["where"] = step.where;
  if (step.iteration >= 0) j["iteration"] = step.iteration;
  if (step.printed) j["stdout"] = *step.printed;
  if (!step.warnings.empty()) j["warnings"] = step.warnings;
  if (!explain) return j;
  Provenance& p = run.provenance();
  Json relations = Json::array();
  for (std::size_t r = 0; r < step.nodes.size(); ++r) {
    const int id = step.nodes[r];
    if (id < 0) continue;
    for (std::int64_t flat = 0; flat < p.node(id).tensor.numel(); ++flat) {
      Json src = Json::array();
      const std::vector<Edge>& edges = p.visible_sources(Cell{id, flat});
      charge_relation_bytes(48 * std::int64_t(edges.size()) + 24);  // {"name":"x","line":1,"element":0,"role":"value"}
      for (const Edge& e : edges) src.push_back(cell_json(p, lines, e.cell, e.role));
      relations.push_back(Json{{"out", Json::array({r, flat})}, {"src", src}});
    }
  }
  j["relations"] = relations;
  return j;
}

// The tensors of earlier steps a step's results read, each {"line", "name"} once: the program
// graph's edges when the relations themselves are not sent (a session).
Json reads_json(ProgramRun& run, const ProgramRun& lines, const Step& step) {
  Provenance& p = run.provenance();
  const std::set<int> nodes = p.visible_nodes_read(step.nodes);
  std::set<std::pair<int, std::string>> seen;
  Json reads = Json::array();
  for (const int id : nodes) {
    const ProvenanceNode& n = p.node(id);
    const int line = lines.step_line(n.statement);
    if (!n.name.empty() && seen.emplace(line, n.name).second) reads.push_back(Json{{"line", line}, {"name", n.name}});
  }
  return reads;
}

Json values_json(const ProgramRun& run) {
  Json values = Json::object();
  for (const auto& name : run.name_order()) values[name] = value_to_json(*run.value_of(name));
  return values;
}

// `name`'s cell where `c`, the cell its tensor's element reads now, belongs to a later alias
// of the same tensor (`j = i` after `i = ...`: the tensor's newest node is j's): back through
// such aliases to the node shown as `name`; c itself when a write came between.
Cell own_cell(const Provenance& p, const std::string& name, Cell c) {
  for (Cell at = c;;) {
    const ProvenanceNode& n = p.node(at.node);
    if (n.name == name) return at;
    if (n.sources.empty()) return c;
    const SourceTable::Span src = n.sources[std::size_t(at.flat)];
    if (src.size() != 1 || src[0].role != Role::Value || src[0].cell.flat != at.flat ||
        !same_tensor(p.node(src[0].cell.node).tensor, n.tensor))
      return c;
    at = src[0].cell;
  }
}

// The cell a trace or reach request starts from: {"name", "element", "line"?}.
Cell start_cell(ProgramRun& run, const Outcome& o, const Json& at) {
  if (!at.is_object() || !at.contains("name") || !at["name"].is_string() || !at.contains("element") ||
      !at["element"].is_number_integer())
    fail("ValueError", "\"trace\" and \"reach\" take {\"name\": NAME, \"element\": FLAT, \"line\"?: LINE}");
  const std::string name = at["name"].get<std::string>();
  const std::int64_t element = at["element"].get<std::int64_t>();
  Tensor t;
  std::optional<Cell> cell;
  if (at.contains("line")) {
    const int line = at["line"].get<int>();
    for (const Step& s : o.steps)
      if (s.statement->line == line)
        for (std::size_t i = 0; i < s.names.size(); ++i)
          if (s.names[i] == name && s.nodes[i] >= 0) {
            t = run.provenance().node(s.nodes[i]).tensor;
            if (element >= 0 && element < t.numel()) cell = Cell{s.nodes[i], element};
          }
    if (!t.defined()) fail("NameError", "line " + std::to_string(line) + " binds no tensor named '" + name + "'");
  } else {
    const Value* v = run.value_of(name);
    if (!v) fail("NameError", "name '" + name + "' is not defined");
    if (!v->is<Tensor>()) fail("TypeError", "'" + name + "' is a " + python_type_name(*v) + ", not a tensor");
    t = v->as<Tensor>();
    if (element >= 0 && element < t.numel()) {
      const std::optional<Cell> now = run.provenance().resolve(t, element);
      if (!now) fail("ValueError", "'" + name + "' was made by no step Whence records, so it has no provenance");
      cell = own_cell(run.provenance(), name, *now);
    }
  }
  if (!cell)
    fail("IndexError", "element " + std::to_string(element) + " is out of range for '" + name + "', which has " +
                           std::to_string(t.numel()) + " elements");
  return *cell;
}

Json error_object(const LineError& e) {
  Json j{{"type", e.error.type}, {"message", e.error.what()}, {"line", e.line}};
  if (e.stack.size() > 1) {  // the calls it happened in, outermost first: {"line", "in"}
    Json stack = Json::array();
    for (const auto& [line, where] : e.stack)
      stack.push_back(Json{{"line", line}, {"in", where.empty() ? "<module>" : where}});
    j["stack"] = stack;
  }
  if (!e.error.arg.empty()) j["arg"] = e.error.arg;
  if (e.error.element >= 0) j["element"] = e.error.element;
  if (!e.module.empty()) j["module"] = e.module;
  return j;
}

// A trace or reach as one object per cell: {"name", "line", "element", "role", "depth"}.
Json cells_json(Provenance& p, const ProgramRun& lines, const std::vector<Provenance::Reached>& cells) {
  Json out = Json::array();
  for (const auto& c : cells) out.push_back(cell_json(p, lines, c.cell, c.role, c.depth));
  return out;
}

// The same cells grouped ("grouped": true), for a page that lights thousands of them: one
// object per tensor, role and depth, {"name", "line", "role", "depth", "elements": [...]}, in
// the order of each group's first cell, elements in the order they were reached. A trace
// through a 64 x 64 program's every step takes 760 KB one way and about a tenth this way.
Json grouped_cells_json(Provenance& p, const ProgramRun& lines, const std::vector<Provenance::Reached>& cells) {
  std::map<std::tuple<int, Role, int>, std::size_t> group_of;
  std::vector<std::pair<Json, std::vector<std::int64_t>>> groups;
  for (const auto& c : cells) {
    const auto [it, fresh] = group_of.emplace(std::make_tuple(c.cell.node, c.role, c.depth), groups.size());
    if (fresh) {
      Json g = cell_json(p, lines, c.cell, c.role, c.depth);
      g.erase("element");
      groups.emplace_back(std::move(g), std::vector<std::int64_t>{});
    }
    groups[it->second].second.push_back(c.cell.flat);
  }
  Json out = Json::array();
  for (auto& [g, elements] : groups) {
    g["elements"] = std::move(elements);
    out.push_back(std::move(g));
  }
  return out;
}

// "grad": {"name", "element", "line"?}: where that element's gradient in the last backward comes
// from, one term per output element that read it, as the chain rule writes it with numbers:
// {"from", "grad", "terms": [{"grad_fn", "out": CELL, "upstream", "local"}], "eq"}.
Json grad_answer(ProgramRun& run, const Outcome& o, const Json& at) {
  const Cell start = start_cell(run, o, at);
  Provenance& p = run.provenance();
  const ProgramRun& lines = run;
  const Tensor& t = p.node(start.node).tensor;
  const auto explained = run.autograd().explain_grad(t, start.flat);
  const Json from = cell_json(p, lines, start, Role::Value);
  Json r{{"ok", true}, {"from", from}};
  if (!explained.reached) {
    r["grad"] = nullptr;
    r["terms"] = Json::array();
    return r;
  }
  // A named tensor by its name; a temporary (y.sum() inside an expression) by its op: "sum".
  auto label = [&](const Json& cell, const std::string& grad_fn, const Tensor& tensor, std::int64_t flat) {
    std::string name = cell.contains("name") && cell["name"].is_string() ? cell["name"].get<std::string>() : "";
    if (name.empty()) {
      name = grad_fn.substr(0, grad_fn.find("Backward"));
      if (!name.empty()) name[0] = char(std::tolower(static_cast<unsigned char>(name[0])));
    }
    return name + element_brackets(tensor.shape(), flat);
  };
  const std::string self = label(from, "", t, start.flat);
  const std::string self_grad = self.substr(0, self.find('[')) + ".grad" + element_brackets(t.shape(), start.flat);
  Json terms = Json::array();
  std::vector<std::string> outs;
  std::vector<GradTerm> factors;
  for (const auto& term : explained.terms) {
    const int node = p.find(term.out);
    Json out = node >= 0 ? cell_json(p, lines, Cell{node, term.element}, Role::Value) : Json{{"name", nullptr}};
    outs.push_back(label(out, term.grad_fn, term.out, term.element));
    factors.push_back(GradTerm{0, term.element, term.upstream, term.local});
    out.erase("role");
    terms.push_back(Json{{"grad_fn", term.grad_fn}, {"out", out}, {"upstream", term.upstream}, {"local", term.local}});
  }
  const ChainRule c = chain_rule(self, outs, factors);
  r["grad"] = explained.total;
  r["terms"] = std::move(terms);
  r["eq"] = self_grad + " = " + (c.symbolic.empty() ? "0" : c.symbolic + " = " + c.numeric) + " = " +
            format_float(explained.total, t.dtype());
  return r;
}

// "equation": {"name", "element", "line"?}: that element's equation at the step that made it,
// as the one-op pages write it ({"step_eq": "out[1] = ...", "step_op": "torch.gather"}), or
// "step_eq": null with "step_eq_note" saying why: a literal or a name has no op, and an
// in-place write since the step changed values the equation would show.
void equation_answer(ProgramRun& run, const Outcome& o, const Json& at, Json& r) {
  const Cell start = start_cell(run, o, at);
  const ProvenanceNode& node = run.provenance().node(start.node);
  r["step_eq"] = nullptr;
  if (!node.made_by) {
    r["step_eq_note"] = node.literal.empty()
                            ? "no op made it at its step (a name for another tensor, or an in-place write)"
                            : "a literal";
    return;
  }
  const Evaluation& e = *node.made_by;
  r["step_op"] = e.bound.name.empty() ? e.op->names[0] : e.bound.name;
  const std::vector<const Tensor*> tensors = evaluation_tensors(e);
  for (std::size_t k = 0; k < tensors.size() && k < node.versions.size(); ++k)
    if (tensors[k]->version() != node.versions[k]) {
      r["step_eq_note"] = "an in-place write after this step changed the values its equation reads";
      return;
    }
  const std::string eq = element_equation(e, node.position, start.flat);
  if (eq.empty())
    r["step_eq_note"] = "its op writes no equation for this element";
  else
    r["step_eq"] = eq;
}

// "trace" and "reach" (either or both) from the start cell the request names; "grad";
// "equation" (with either, or alone).
Json answer_queries(ProgramRun& run, const Outcome& o, const Json& request) {
  if (request.contains("equation") && !request.contains("trace") && !request.contains("reach") &&
      !request.contains("grad")) {
    Json r{{"ok", true}};
    equation_answer(run, o, request["equation"], r);
    if (o.error) r["program_error"] = error_object(*o.error);
    return r;
  }
  const bool asks_trace = request.contains("trace") || request.contains("reach");
  if (request.contains("grad") && !asks_trace) {
    Json r = grad_answer(run, o, request["grad"]);
    if (o.error) r["program_error"] = error_object(*o.error);
    return r;
  }
  const char* query = request.contains("trace") ? "trace" : "reach";
  const Cell start = start_cell(run, o, request[query]);
  Provenance& p = run.provenance();
  const ProgramRun& lines = run;
  Json r{{"ok", true}, {"from", cell_json(p, lines, start, Role::Value)}};
  const bool grouped = request.contains("grouped") && request["grouped"] == true;
  for (const char* q : {"trace", "reach"}) {
    if (!request.contains(q)) continue;
    if (request[q] != request[query])
      fail("ValueError", "\"trace\" and \"reach\" in one request must start from the same element");
    const auto reached = std::string(q) == "trace" ? p.trace(start) : p.reach(start);
    r[q] = grouped ? grouped_cells_json(p, lines, reached) : cells_json(p, lines, reached);
  }
  if (request.contains("grad")) {  // the page asks all three for the element pointed at
    if (request["grad"] != request[query])
      fail("ValueError", "\"grad\" with \"trace\" or \"reach\" must start from the same element");
    const Json g = grad_answer(run, o, request["grad"]);
    for (const char* k : {"grad", "terms", "eq"})
      if (g.contains(k)) r[k] = g[k];
  }
  if (request.contains("equation")) {  // and the element's equation at its step
    if (request["equation"] != request[query])
      fail("ValueError", "\"equation\" with \"trace\" or \"reach\" must start from the same element");
    equation_answer(run, o, request["equation"], r);
  }
  if (o.error) r["program_error"] = error_object(*o.error);
  return r;
}

// The response to a program evaluated without a query: its steps (with relations when
// `explain`, with the tensors each step read when `reads`) and final values.
Json steps_response(ProgramRun& run, const Outcome& o, bool explain, bool reads) {
  Json steps = Json::array();
  for (const Step& s : o.steps) {
    Json j = step_json(run, run, s, explain);
    if (reads) j["reads"] = reads_json(run, run, s);
    steps.push_back(std::move(j));
  }
  Json r = Json::object();
  r["ok"] = !o.error;
  if (o.error) r["error"] = error_object(*o.error);
  r["steps"] = steps;
  r["values"] = values_json(run);
  return r;
}

// Sessions: {"program", "session": true} evaluates once and keeps the run, so that later
// {"session": N, "trace"/"reach": START} answer from it without running the program again
// (the live program page asks once per hovered element instead of shipping every relation).
// The newest kSessions are kept; {"session": N, "close": true} ends one sooner.
struct Session {
  ProgramRun run{true, true};
  Outcome outcome;
};
constexpr std::size_t kSessions = 4;
std::map<std::int64_t, std::unique_ptr<Session>> g_sessions;
std::int64_t g_next_session = 1;

Json session_request(const Json& request) {
  if (!request["session"].is_number_integer())
    fail("ValueError", "\"session\": true with a \"program\" starts a session; \"session\": N asks one");
  const std::int64_t id = request["session"].get<std::int64_t>();
  const auto it = g_sessions.find(id);
  if (request.value("close", false) == true) {
    if (it != g_sessions.end()) g_sessions.erase(it);
    return Json{{"ok", true}, {"closed", id}};
  }
  if (it == g_sessions.end())
    fail("ValueError", "session " + std::to_string(id) + " is not kept (the " + std::to_string(kSessions) +
                           " newest are, until closed)");
  if (!request.contains("trace") && !request.contains("reach") && !request.contains("grad") &&
      !request.contains("equation"))
    fail("ValueError", "a session request asks \"trace\", \"reach\", \"grad\" or \"equation\" (or \"close\": true)");
  Json r = answer_queries(it->second->run, it->second->outcome, request);
  r["session"] = id;
  return r;
}

}  // namespace

Json evaluate_program(const Json& request) {
  if (request.contains("session") && !request.contains("program")) return session_request(request);
  if (!request["program"].is_string()) fail("ValueError", "\"program\" must be a string of PyTorch statements");
  const std::string text = request["program"].get<std::string>();
  const bool explain = request.contains("explain") && request["explain"] == true;
  const bool query = request.contains("trace") || request.contains("reach") || request.contains("grad") ||
                     request.contains("equation");
  if (request.contains("session")) {
    if (request["session"] != true || query)
      fail("ValueError",
           "\"session\": true starts a session for a program; ask \"trace\" or \"reach\" with the session's number");
    auto session = std::make_unique<Session>();
    session->outcome = run_program(session->run, text);
    Json r = steps_response(session->run, session->outcome, explain, true);
    const std::int64_t id = g_next_session++;
    r["session"] = id;
    g_sessions[id] = std::move(session);
    while (g_sessions.size() > kSessions) g_sessions.erase(g_sessions.begin());
    return r;
  }
  ProgramRun run(explain || query, !query);
  const Outcome o = run_program(run, text);
  if (query) return answer_queries(run, o, request);  // after an error, the lines before it can still be traced
  return steps_response(run, o, explain, false);
}

int print_program(const std::string& text, std::string& out) {
  const RequestScope scope;
  ProgramRun run(false, true);
  const Outcome o = run_program(run, text);
  for (const Step& s : o.steps) {
    std::string code = s.statement->code;
    for (std::size_t at = code.find('\n'); at != std::string::npos; at = code.find('\n', at + 5))
      code.replace(at, 1, "\n... ");
    out += ">>> " + code + "\n";
    for (const std::string& w : s.warnings) out += w + "\n";
    if (s.printed) {  // print(...): the text Python writes
      out += *s.printed;
      continue;
    }
    for (std::size_t i = 0; i < s.results.size(); ++i) {
      const Value v = value_from_json(s.results[i]);
      std::string shown;
      if (s.results[i].is_object() && s.results[i].contains("object")) {  // a program's object: its repr
        shown = s.results[i]["repr"].get<std::string>();
      } else if (v.is<Tensor>()) {
        const Tensor& t = v.as<Tensor>();
        shown = format_tensor(t) + "  # " + dtype_name(t.dtype()) + ", shape " + shape_str(t.shape());
      } else {
        shown = format_value(v);
      }
      out += (s.names[i].empty() ? std::string() : s.names[i] + " = ") + shown + "\n";
    }
  }
  if (o.error) {
    out += "line " + std::to_string(o.error->line) + ": " + o.error->error.type + ": " + o.error->error.what() + "\n";
    return 1;
  }
  return 0;
}

}  // namespace whence
