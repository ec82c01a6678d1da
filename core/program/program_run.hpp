// program_run.hpp - a program being evaluated: its names, modules, steps and provenance.
// The call language (call_parser.cpp) evaluates each statement's expressions with this as its
// Scope; statements, in-place writes and index assignment are carried out here
// (program_run.cpp, program_writes.cpp).
#pragma once
#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/program/program.hpp"
#include "core/program/program_autograd.hpp"
#include "core/program/provenance.hpp"
#include "core/program/python_objects.hpp"
#include "core/scope.hpp"

namespace whence {

// Every tensor an op call read or made: its tensor arguments (a list's items too) and results.
std::vector<const Tensor*> evaluation_tensors(const Evaluation& e);

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
  int id = 0;                          // its number among the statements run (provenance nodes name it)
  std::string where;                   // the function it ran in ("Net.forward"), "" at the top level
  int iteration = -1;                  // the iteration of the innermost loop of its function, from 0
};

// Pops the top of a stack (the frames, a comprehension's names) when a scope ends, however it ends.
template <class Stack>
struct PopOnExit {
  Stack& stack;
  ~PopOnExit() { stack.pop_back(); }
};

// How a block of statements ended.
enum class Flow { Normal, Break, Continue, Return };

// One call of a function of the program or of its library (torch.nn's modules): its names.
struct Frame {
  std::shared_ptr<Namespace> locals;   // nullptr at a module's top level (its globals are its names)
  std::shared_ptr<Namespace> globals;  // the module the code belongs to
  bool library = false;                // code of Whence's torch.nn / torch.optim, not the user's
  std::string where;                   // "Net.forward"; "" at the top level
  std::shared_ptr<ClassObject> owner;  // the class whose method runs (super()); the class a body defines
  Value self;                          // the method's first argument (super())
  Value result;                        // what `return` gave
  int iteration = -1;                  // the innermost loop's iteration
  bool class_body = false;             // a class statement's body: its names are the class's, no steps
};

class ProgramRun : public Scope {
 public:
  // track: keep every element's sources (explain, trace, reach); results: keep each step's
  // values as JSON (a trace or reach request does not show them).
  ProgramRun(bool track, bool results);
  ~ProgramRun() override;
  ProgramRun(const ProgramRun&) = delete;
  ProgramRun& operator=(const ProgramRun&) = delete;

  // Runs a program's statements (program_exec.cpp), each executed simple statement of the
  // user's code a step of steps(). Throws Error; error_line() and error_stack() then say where.
  void execute(const std::vector<Statement>& program);
  std::vector<Step> take_steps() { return std::move(steps_); }
  int error_line() const { return error_line_; }
  const std::vector<std::pair<int, std::string>>& error_stack() const { return error_stack_; }
  // The innermost module (by the path a name reaches it: "net.fc2 (Linear)") whose forward the
  // error happened in, or "".
  const std::string& error_module() const { return error_module_; }
  // The line of the statement run as step `id` (a provenance node's `statement`).
  int step_line(int id) const { return step_lines_[std::size_t(id)]; }

  Provenance& provenance() { return provenance_; }
  const std::vector<std::string>& name_order() const { return main_->order; }
  const Value* value_of(const std::string& name) const;  // a global of the program

  // Calls a function, class, bound method or callable object with these arguments.
  Value call(const Value& callee, List args, Kwargs kwargs);
  // repr() of an instance of a program's class, by its __repr__ (InstanceObject::repr).
  std::string instance_repr(const InstanceObject& o);
  std::optional<std::int64_t> instance_len(const InstanceObject& o);
  bool in_statement() const { return step_ != nullptr; }

  // Scope
  const Value* lookup(const std::string& name) override;
  std::string module_alias(const std::string& name) override;
  void ran(const Evaluation& e) override;
  void literal(const Tensor& t) override;
  void warn(const std::string& text) override { autograd_.warn(text); }
  std::optional<Value> in_place_call(const Call& call) override;
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

  // Scope: Python beyond PyTorch's calls (program_python.cpp)
  std::optional<Value> call_function(const std::string& qualified, const Node& call) override;
  std::optional<Value> call_value(const Value& callee, const Node& call) override;
  std::optional<Value> call_method(const Value& self, const std::string& name, const Node& call) override;
  std::optional<Value> get_attribute(const Value& self, const std::string& name) override;
  std::optional<Value> global(const std::string& qualified) override;
  Value python_expression(const Node& n) override;
  std::optional<Value> binary(const std::string& op, const Value& l, const Value& r) override;
  std::optional<Value> get_item(const Value& base, const Value& index) override;
  List iterate(const Value& object) override;
  Kwargs expand_mapping(const Value& mapping) override;

 private:
  // program_exec.cpp: statements and calls
  Flow exec_block(const std::vector<Statement>& block);
  Flow exec(const Statement& s);
  Flow exec_compound(const Statement& s);
  // Runs one simple statement; `step` gets what it did (a library frame's is thrown away).
  void run_simple(const Statement& s, Step& step);
  Value call_function_object(const std::shared_ptr<FunctionObject>& f, List args, Kwargs kwargs, const Value* self);
  Value instantiate(const std::shared_ptr<ClassObject>& cls, List args, Kwargs kwargs);
  std::optional<Value> instance_attribute(const Value& self, const InstanceObject& o, const std::string& name);
  void set_attribute(const Value& base, const std::string& name, const Value& v);
  Value make_parameter(const List& args, const Kwargs& kwargs);
  // program_python.cpp: calling a builtin type (int, dict, ValueError, nn.Parameter) or function.
  Value call_type(const TypeObject& t, List args, Kwargs kwargs);
  Value call_builtin(const BuiltinObject& b, List args, Kwargs kwargs);
  // A builtin the program has beyond the call language's (range, isinstance, ...), by name.
  std::optional<Value> builtin(const std::string& name, List& args, Kwargs& kwargs);
  // The namespace of a library module (torch.nn, torch.nn.init, torch.optim), run on first use.
  std::shared_ptr<Namespace> library_module(const std::string& module);
  Frame& frame() { return frames_.back(); }
  // Every dict, function, class and instance the run makes, so that its destructor can break the
  // reference cycles Python's objects form (a module's globals hold its functions, which hold
  // the globals; `self.me = self`): Python's garbage collector does this, shared_ptr cannot.
  template <class T>
  std::shared_ptr<T> made(std::shared_ptr<T> object) {
    if (objects_.size() == objects_.capacity())  // forget the dead ones before growing
      objects_.erase(std::remove_if(objects_.begin(), objects_.end(), [](const auto& w) { return w.expired(); }),
                     objects_.end());
    objects_.push_back(object);
    return object;
  }
  std::vector<std::weak_ptr<PythonObject>> objects_;
  Namespace& names() { return frame().locals ? *frame().locals : *frame().globals; }
  // Names each tensor reachable from a user's object (net.fc1.weight) whose node has no name yet.
  void name_object_tensors(const std::string& path, const Value& v, int depth);
  // A comprehension's own names, innermost last, each with the depth of the frame it belongs
  // to (a function the comprehension calls does not see them).
  std::vector<std::pair<std::size_t, std::map<std::string, Value>>> comprehension_names_;

  Value evaluate(const Node& n) { return evaluate_expression(n, *this); }
  void bind(const std::string& name, const Value& v, Step& step);
  void assign(const Node& target, const Value& v, Step& step);
  // Writes a changed list or str-free value back to the expression it was read from (xs.append).
  void store(const Node& target, const Value& v);
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
  // Runs `op` and writes its result into `self` (PyTorch's in-place variant of an op); `what`
  // names the variant in errors.
  Value write_op_result(Tensor self, const std::string& op, List args, Kwargs kwargs, const std::string& what);
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
  std::shared_ptr<Namespace> main_ = std::make_shared<Namespace>();  // the program's globals
  std::map<std::string, std::string> modules_{{"torch", "torch"}};
  std::map<std::string, std::shared_ptr<Namespace>> library_;  // torch.nn, torch.optim, ...
  std::vector<Frame> frames_;
  std::vector<Step> steps_;
  std::vector<int> step_lines_;
  int executed_ = 0, executed_library_ = 0;
  int quiet_ = 0;  // inside a __repr__ or __len__ the engine called: statements make no steps
  int error_line_ = 0, error_depth_ = 0;
  std::map<const void*, std::string> object_paths_;    // storage -> the object path it was named by
  std::map<const void*, std::string> instance_paths_;  // an instance -> the path it was first named by
  std::string error_module_;
  std::vector<std::pair<int, std::string>> error_stack_;
  std::set<std::uint64_t> parameters_;  // object ids of nn.Parameter tensors
  int statement_ = 0;
  std::int64_t elements_ = 0;
  Step* step_ = nullptr;  // the statement running
};

}  // namespace whence
