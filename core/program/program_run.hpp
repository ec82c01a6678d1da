// program_run.hpp - a program being evaluated: its names, modules, steps and provenance.
// The call language (call_parser.cpp) evaluates each statement's expressions with this as its
// Scope; statements, in-place writes and index assignment are carried out here
// (program_run.cpp, program_writes.cpp).
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/program/program.hpp"
#include "core/program/program_autograd.hpp"
#include "core/program/provenance.hpp"
#include "core/scope.hpp"

namespace whence {

// What one statement did, as the protocol's "steps" shows it.
struct Step {
  const Statement* statement = nullptr;
  std::vector<std::string> names;      // names bound or written, one per result ("" for none)
  Json results = Json::array();        // each result's value as it was after this statement
  std::vector<int> nodes;              // each result's provenance node, or -1
  std::vector<std::string> ops;        // qualified names of the ops it ran, in order
  Json views = Json::array();          // results that alias a name bound before
  std::optional<std::string> printed;  // what print(...) wrote, as Python writes it
  std::vector<std::string> warnings;   // Python warnings the statement raised ("UserWarning: ...")
};

class ProgramRun : public Scope {
 public:
  // track: keep every element's sources (explain, trace, reach); results: keep each step's
  // values as JSON (a trace or reach request does not show them).
  ProgramRun(bool track, bool results);
  ~ProgramRun() override;
  ProgramRun(const ProgramRun&) = delete;
  ProgramRun& operator=(const ProgramRun&) = delete;

  // Runs one statement; throws Error. `step` gets what it did so far, even when it throws.
  void run(const Statement& s, int index, Step& step);

  Provenance& provenance() { return provenance_; }
  const std::vector<std::string>& name_order() const { return order_; }
  const Value* value_of(const std::string& name) const;

  // Scope
  const Value* lookup(const std::string& name) override { return value_of(name); }
  std::string module_alias(const std::string& name) override;
  void ran(const Evaluation& e) override;
  void literal(const Tensor& t) override;
  void converted(const Tensor& from, const Tensor& to, const std::string& op) override;
  std::optional<Value> method(const Tensor& self, const std::string& name, const List& args,
                              const std::vector<std::pair<std::string, Value>>& kwargs) override;
  void requires_grad(const Tensor& t) override { autograd_.set_requires_grad(t, true, false); }
  std::optional<Value> attribute(const Value& self, const std::string& name, bool call) override {
    return autograd_.attribute(self, name, call);
  }
  std::optional<Value> function(const std::string& name, const List& args,
                                const std::vector<std::pair<std::string, Value>>& kwargs) override {
    return autograd_.function(name, args, kwargs);
  }
  ProgramAutograd& autograd() { return autograd_; }

 private:
  Value evaluate(const Node& n) { return evaluate_expression(n, *this); }
  void bind(const std::string& name, const Value& v, Step& step);
  void assign(const Node& target, const Value& v, Step& step);
  void augmented_assign(const Statement& s, Step& step);
  void print(const Node& call, Step& step);
  // Runs a registered op as part of the program (recorded like a nested call).
  Evaluation run_op(const std::string& op, List args, std::vector<std::pair<std::string, Value>> kwargs = {});
  int add_node(const Tensor& t, SourceTable sources);
  // Sources of a tensor whose element i is element i of `from` (a dtype conversion, an alias).
  SourceTable same_elements(const Tensor& from) const;
  // The cells an op's tensor arguments read (arg is the Bound value; item its list item, or -1),
  // each argument's looked up once and kept in `cache` for the op's other elements.
  using ArgumentCells = std::map<std::pair<const Value*, int>, std::vector<std::optional<Cell>>>;
  const std::vector<std::optional<Cell>>* argument_cells(const Value& arg, int item, ArgumentCells& cache) const;

  // program_writes.cpp
  Value in_place(const Tensor& self, const std::string& name, const List& args,
                 const std::vector<std::pair<std::string, Value>>& kwargs);
  void set_item(const Value& base, const Value& index, const Value& value);
  // Records that `target`'s elements were just written: element e now reads `written[e]`
  // (nullopt: unchanged, it reads what it read before the write).
  void record_write(const Tensor& target, const std::vector<std::optional<std::vector<Edge>>>& written,
                    const std::vector<std::optional<Cell>>& before);
  std::string name_of_storage(const Tensor& t) const;

  Json shown(const Value& v) const;  // a step's result as the response shows it
  // Adds a result to the step: its name ("" for none), its value, its provenance node.
  void show(Step& step, const std::string& name, const Value& v);
  // The variable at the root of an assignment target (x for x[0][1]) as the step shows it
  // after the write, or the tensor written when the root is not a name.
  void show_target(Step& step, const Node& target, const Value& base);

  Provenance provenance_;
  ProgramAutograd autograd_;
  bool results_;
  std::map<std::string, Value> names_;
  std::vector<std::string> order_;  // names in the order first bound
  std::map<std::string, std::string> modules_{{"torch", "torch"}};
  int statement_ = 0;
  std::int64_t elements_ = 0;
  Step* step_ = nullptr;  // the statement running
};

}  // namespace whence
