// program_run.cpp - statements of a program: names, assignment, unpacking, and the record of
// every op each one ran (program_run.hpp).
#include "core/program/program_run.hpp"

#include <algorithm>

#include "core/budget.hpp"
#include "core/call_format.hpp"
#include "core/json_io.hpp"
#include "core/program/prelude.hpp"
#include "core/python_builtins.hpp"
#include "core/python_repr.hpp"

namespace whence {

namespace {

Node binary_node(const std::string& op, const Node& left, const Node& right) {
  Node n;
  n.kind = Node::Kind::Binary;
  n.text = op;
  n.items = {left, right};
  return n;
}

// x op= v on a tensor is x's in-place method (Python's __iadd__ and friends).
const char* in_place_method(const std::string& op) {
  static const std::pair<const char*, const char*> methods[] = {{"+", "add_"},
                                                                {"-", "sub_"},
                                                                {"*", "mul_"},
                                                                {"/", "div_"},
                                                                {"//", "floor_divide_"},
                                                                {"%", "remainder_"},
                                                                {"**", "pow_"},
                                                                {"&", "bitwise_and_"},
                                                                {"|", "bitwise_or_"},
                                                                {"^", "bitwise_xor_"},
                                                                {"<<", "bitwise_left_shift_"},
                                                                {">>", "bitwise_right_shift_"}};
  for (const auto& [symbol, method] : methods)
    if (op == symbol) return method;
  return nullptr;
}

}  // namespace

std::vector<const Tensor*> evaluation_tensors(const Evaluation& e) {
  std::vector<const Tensor*> out;
  for (const Value& v : e.bound.values) {
    if (v.is<Tensor>()) out.push_back(&v.as<Tensor>());
    if (v.is<List>())
      for (const Value& item : v.as<List>())
        if (item.is<Tensor>()) out.push_back(&item.as<Tensor>());
  }
  for (const Tensor& t : e.result.tensors) out.push_back(&t);
  return out;
}

ProgramRun::ProgramRun(bool track, bool results) : provenance_(track), results_(results) {
  // A gradient's elements read every element of the backward's roots (program_autograd.hpp).
  autograd_.on_gradient = [this](const Tensor& grad, bool fresh, const std::vector<Tensor>& reads) {
    std::vector<Edge> roots;
    if (provenance_.tracking())
      for (const Tensor& r : reads)
        for (const auto& cell : provenance_.cells(r))
          if (cell) roots.push_back(Edge{*cell, Role::Value});
    charge_kept_bytes(std::int64_t(sizeof(Edge) * roots.size()) * grad.numel());
    if (fresh) {
      SourceTable sources;
      if (provenance_.tracking()) {
        sources.reserve(std::size_t(grad.numel()), std::size_t(grad.numel()) * roots.size());
        for (std::int64_t e = 0; e < grad.numel(); ++e) {
          for (const Edge& r : roots) sources.add(r);
          sources.next();
        }
      }
      const int id = add_node(grad, std::move(sources));
      provenance_.node(id).name = name_of_storage(grad);
      return;
    }
    const std::vector<std::optional<Cell>> before = provenance_.cells(grad);  // accumulated in place
    std::vector<std::optional<std::vector<Edge>>> written(std::size_t(grad.numel()));
    for (std::size_t e = 0; e < written.size(); ++e) {
      written[e] = roots;
      if (before[e]) written[e]->push_back(Edge{*before[e], Role::Value});
    }
    record_write(grad, written, before);
  };
  set_repr_autograd(this, [](const void* run, const Tensor& t) {
    const auto* self = static_cast<const ProgramRun*>(run);
    return (self->parameters_.count(t.object_id()) ? std::string(kParameterRepr) : std::string()) +
           self->autograd_.repr_note(t);
  });
  autograd_.warn = [this](const std::string& text) {
    if (step_ && std::find(step_->warnings.begin(), step_->warnings.end(), text) == step_->warnings.end())
      step_->warnings.push_back(text);
  };
}

ProgramRun::~ProgramRun() {
  set_repr_autograd(this, nullptr);
  // Break the cycles among the run's objects (made()), then drop the namespaces.
  for (const auto& weak : objects_) {
    const auto o = weak.lock();
    if (!o) continue;
    if (auto* d = dynamic_cast<DictObject*>(o.get())) d->items.clear();
    if (auto* i = dynamic_cast<InstanceObject*>(o.get())) i->dict->items.clear();
    if (auto* c = dynamic_cast<ClassObject*>(o.get())) {
      c->attributes->names.clear();
      c->base.reset();
    }
    if (auto* f = dynamic_cast<FunctionObject*>(o.get())) {
      f->globals.reset();
      f->defaults.clear();
    }
  }
  main_->names.clear();
  for (auto& [name, ns] : library_) ns->names.clear();
}

Json ProgramRun::shown(const Value& v) const { return results_ ? value_to_json(v) : Json(); }

const Value* ProgramRun::value_of(const std::string& name) const { return main_->find(name); }

std::string ProgramRun::module_alias(const std::string& name) {
  const auto& modules = !frames_.empty() && frames_.back().library ? library_aliases() : modules_;
  const auto it = modules.find(name);
  return it == modules.end() ? std::string() : it->second;
}

const std::vector<std::optional<Cell>>* ProgramRun::argument_cells(const Value& arg, int item,
                                                                   ArgumentCells& cache) const {
  const Value& v = item >= 0 && arg.is<List>() ? arg.as<List>()[std::size_t(item)] : arg;
  if (!v.is<Tensor>()) return nullptr;
  auto [it, fresh] = cache.try_emplace({&arg, item});
  if (fresh) it->second = provenance_.cells(v.as<Tensor>());
  return &it->second;
}

void ProgramRun::show(Step& step, const std::string& name, const Value& v) {
  step.names.push_back(name);
  step.results.push_back(shown(v));
  step.nodes.push_back(v.is<Tensor>() ? provenance_.find(v.as<Tensor>()) : -1);
}

void ProgramRun::show_target(Step& step, const Node& target, const Value& base) {
  const Node* root = &target;
  while (root->kind == Node::Kind::Subscript) root = &root->items[0];
  const bool named = root->kind == Node::Kind::Name && value_of(root->text);
  show(step, named ? root->text : "", named ? *value_of(root->text) : base);
}

int ProgramRun::add_node(const Tensor& t, SourceTable sources) {
  elements_ += t.numel();
  if (elements_ > kMaxProgramElements)
    fail("Unsupported", "Whence programs hold up to " + std::to_string(kMaxProgramElements) +
                            " tensor elements in all, intermediate results included; this one needs more");
  const int id = provenance_.add(t, statement_);
  if (provenance_.tracking()) provenance_.node(id).sources = std::move(sources);
  return id;
}

SourceTable ProgramRun::same_elements(const Tensor& from) const {
  SourceTable sources;
  if (!provenance_.tracking()) return sources;
  const auto cells = provenance_.cells(from);
  for (std::size_t flat = 0; flat < cells.size(); ++flat) {
    if (cells[flat]) sources.add(Edge{*cells[flat], Role::Value});
    sources.next();
  }
  return sources;
}

void ProgramRun::ran(const Evaluation& e) {
  if (step_) step_->ops.push_back(e.bound.name.empty() ? e.op->names[0] : e.bound.name);
  if (e.python_result) return;
  // Every result's sources are read before any result becomes a node: a view result is the
  // same tensor as its argument, and must read the argument's node, not itself.
  std::vector<SourceTable> sources(e.result.tensors.size());
  ArgumentCells cache;
  if (provenance_.tracking())
    for (std::size_t pos = 0; pos < e.result.tensors.size(); ++pos) {
      const std::int64_t n = e.result.tensors[pos].numel();
      for (std::int64_t flat = 0; flat < n; ++flat) {
        const std::vector<Source> element_sources = e.op->explain(e.bound, e.result, int(pos), flat);
        // Most ops' elements read alike: room for n times the first one's sources at once.
        if (flat == 0) sources[pos].reserve(std::size_t(n), std::size_t(n) * element_sources.size());
        charge_work(std::int64_t(element_sources.size()) + 1);
        charge_kept_bytes(std::int64_t(sizeof(Edge) * element_sources.size() + sizeof(std::uint32_t)));
        // Sources come in runs of one argument: its cells are looked up once per run.
        int param = -1, item = 0;
        const std::vector<std::optional<Cell>>* cells = nullptr;
        for (const Source& s : element_sources) {
          if (s.param < 0) continue;  // a generator's draw: no element of an earlier step
          if (s.param != param || s.item != item) {
            param = s.param;
            item = s.item;
            cells = argument_cells(e.bound.values[std::size_t(s.param)], s.item, cache);
          }
          if (cells)
            if (const auto& cell = (*cells)[std::size_t(s.flat)]) sources[pos].add(Edge{*cell, s.role});
        }
        sources[pos].next();
      }
    }
  std::shared_ptr<const Evaluation> kept;
  std::vector<std::uint64_t> versions;
  if (provenance_.tracking()) {  // for each element's equation at this step (the "equation" query)
    kept = std::make_shared<const Evaluation>(e);
    for (const Tensor* t : evaluation_tensors(*kept)) versions.push_back(t->version());
  }
  for (std::size_t pos = 0; pos < e.result.tensors.size(); ++pos) {
    const int id = add_node(e.result.tensors[pos], std::move(sources[pos]));
    ProvenanceNode& node = provenance_.node(id);
    node.made_by = kept;
    node.position = int(pos);
    node.versions = versions;
  }
  autograd_.record(e);
}

void ProgramRun::literal(const Tensor& t) {
  SourceTable none;
  none.add_empty(std::size_t(t.numel()));
  const int id = add_node(t, std::move(none));
  provenance_.node(id).literal = format_tensor(t);
}

void ProgramRun::converted(const Tensor& from, const Tensor& to, const std::string& op) {
  if (step_) step_->ops.push_back(op);
  add_node(to, same_elements(from));
  // A dtype conversion to a floating dtype is differentiable: PyTorch's ToCopyBackward0 hands the
  // gradient back unchanged (in the input's dtype). It is recorded as clone's evaluation, whose
  // relations and derivative are the conversion's (each element reads its own; the derivative is
  // 1), with the converted tensor as its result. torch.tensor(t) and new_tensor(t) copy out of
  // the graph, as PyTorch's do.
  const bool detached_copy = op == "torch.tensor" || op == "torch.Tensor.new_tensor";
  if (detached_copy || !is_floating(to.dtype()) || !autograd_.requires_grad(from)) return;
  Evaluation e = run_call(Call{"torch.clone", List{Value(from)}, {}});
  e.result.tensors.at(0) = to;
  autograd_.record(e, "ToCopyBackward0");
}

std::optional<Value> ProgramRun::method(const Tensor& self, const std::string& name, const List& args,
                                        const std::vector<std::pair<std::string, Value>>& kwargs) {
  if (auto v = autograd_.method(self, name, args, kwargs)) return v;
  if (name == "detach") {  // a new tensor object over the same storage, out of the graph
    if (!args.empty() || !kwargs.empty()) fail("TypeError", "detach() takes no arguments");
    const Tensor out = self.as_strided(self.shape(), self.strides(), self.offset());
    if (step_) step_->ops.push_back("torch.Tensor.detach");
    add_node(out, same_elements(self));
    return Value(out);
  }
  if (name.empty() || name.back() != '_') return std::nullopt;
  return in_place(self, name, args, kwargs);
}

Evaluation ProgramRun::run_op(const std::string& op, List args, std::vector<std::pair<std::string, Value>> kwargs) {
  Evaluation e = run_call(Call{op, std::move(args), std::move(kwargs)});
  ran(e);
  return e;
}

void ProgramRun::bind(const std::string& name, const Value& v, Step& step) {
  Namespace& scope = names();
  if (frame().library) return scope.set(name, v);  // the library's names are not the program's to show
  // Which earlier name this value aliases (a view of it, or the same tensor).
  if (v.is<Tensor>()) {
    const Tensor& t = v.as<Tensor>();
    for (const std::string& other : scope.order) {
      const Value& o = scope.names.at(other);
      if (other == name || !o.is<Tensor>() || !o.as<Tensor>().shares_storage(t)) continue;
      Json strides = Json::array();
      for (std::int64_t s : t.strides()) strides.push_back(s);
      step.views.push_back(
          Json{{"result", step.names.size()}, {"of", other}, {"strides", strides}, {"storage_offset", t.offset()}});
      break;
    }
  }
  int node = -1;
  if (v.is<Tensor>()) {
    const Tensor& t = v.as<Tensor>();
    node = provenance_.find(t);
    if (node < 0) {  // a tensor no op made (g.get_state()'s bytes): a leaf of its own
      SourceTable none;
      none.add_empty(std::size_t(t.numel()));
      node = add_node(t, std::move(none));
    } else if (provenance_.node(node).statement != statement_) {
      // b = a: another name for the same tensor, a step whose elements are a's.
      node = add_node(t, same_elements(t));
    }
    // A tensor this statement made is shown under the name it was given.
    if (node >= 0 && provenance_.node(node).name.empty()) provenance_.node(node).name = name;
  }
  scope.set(name, v);
  show(step, name, v);
  if (object_as<InstanceObject>(v)) name_object_tensors(name, v, 0);  // net.fc1.weight
}

void ProgramRun::assign(const Node& target, const Value& v, Step& step) {
  using K = Node::Kind;
  if (target.kind == K::Name) return bind(target.text, v, step);
  if (target.kind == K::Attr) {  // self.fc = ..., x.grad = None, x.requires_grad = True
    const Value base = evaluate(target.items[0]);
    return set_attribute(base, target.text, v);
  }
  if (target.kind == K::Subscript) {
    const Value base = evaluate(target.items[0]);
    const Value index = evaluate(target.items[1]);
    if (const auto o = object_as<InstanceObject>(base)) {  // obj[k] = v: its __setitem__
      const auto setter = instance_attribute(base, *o, "__setitem__");
      if (!setter) fail("TypeError", "'" + o->cls->name + "' object does not support item assignment");
      call(*setter, {index, v}, {});
      return;
    }
    if (!base.is<Tensor>()) {  // d[k] = v, xs[i] = v
      if (!object_as<DictObject>(base) && !base.is<List>())
        fail("TypeError", "'" + python_type_name(base) + "' object does not support item assignment");
      if (base.is<List>() && base.is_tuple) fail("TypeError", "'tuple' object does not support item assignment");
      return store(target, v);
    }
    set_item(base, index, v);
    return show_target(step, target, base);
  }
  // Unpacking: a, b = value. A tensor unpacks along dim 0 (Tensor.__iter__ is unbind(0)).
  const std::size_t want = target.items.size();
  List items;
  if (v.is<List>()) {
    items = v.as<List>();
  } else if (v.is<Tensor>()) {
    const Tensor& t = v.as<Tensor>();
    if (t.dim() == 0) fail("TypeError", "iteration over a 0-d tensor");
    if (std::size_t(t.shape()[0]) == want) {
      Evaluation e = run_op("torch.Tensor.unbind", {v});
      items.assign(e.result.tensors.begin(), e.result.tensors.end());
    } else {
      items.resize(std::size_t(t.shape()[0]));
    }
  } else if (v.is<ObjectRef>() || v.is<std::string>()) {
    items = iterate_value(v, *this);
  } else {
    fail("TypeError", "cannot unpack non-iterable " + python_type_name(v) + " object");
  }
  if (items.size() > want) fail("ValueError", "too many values to unpack (expected " + std::to_string(want) + ")");
  if (items.size() < want)
    fail("ValueError", "not enough values to unpack (expected " + std::to_string(want) + ", got " +
                           std::to_string(items.size()) + ")");
  for (std::size_t i = 0; i < want; ++i) assign(target.items[i], items[i], step);
}

void ProgramRun::augmented_assign(const Statement& s, Step& step) {
  const Node& target = s.targets[0];
  const Value v = evaluate(s.value);
  if (s.op == "@") fail("RuntimeError", "In-place matmul is not supported. Use 'a = a @ b' instead of 'a @= b'.");
  const char* method = in_place_method(s.op);
  if (target.kind == Node::Kind::Name) {
    const Value current = evaluate(target);
    if (current.is<Tensor>()) return bind(target.text, in_place(current.as<Tensor>(), method, {v}, {}), step);
    return bind(target.text, evaluate(binary_node(s.op, target, s.value)), step);
  }
  if (target.kind == Node::Kind::Attr) {  // self.n += 1; a tensor attribute in place, then set again
    const Value base = evaluate(target.items[0]);
    const Value current = evaluate(target);
    const Value updated = current.is<Tensor>() ? in_place(current.as<Tensor>(), method, {v}, {})
                                               : evaluate(binary_node(s.op, target, s.value));
    return set_attribute(base, target.text, updated);
  }
  // x[i] op= v: Python reads x[i], updates it in place, and assigns it back to x[i].
  const Value base = evaluate(target.items[0]);
  if (!base.is<Tensor>() && (object_as<DictObject>(base) || base.is<List>())) {  // d[k] += 1
    const Value current = evaluate(target);
    const Value updated = current.is<Tensor>() ? in_place(current.as<Tensor>(), method, {v}, {})
                                               : evaluate(binary_node(s.op, target, s.value));
    return store(target, updated);
  }
  const Value index = evaluate(target.items[1]);
  if (!base.is<Tensor>())
    fail("Unsupported",
         "augmented assignment to an item of a " + python_type_name(base) + " is not supported by Whence");
  const Evaluation read = run_op("torch.Tensor.__getitem__", {base, index});
  const Value updated = in_place(read.result.tensors.at(0), method, {v}, {});
  set_item(base, index, updated);
  show_target(step, target, base);
}

void ProgramRun::print(const Node& call, Step& step) {
  std::vector<Value> args;
  for (std::size_t i = 1; i < call.items.size(); ++i) args.push_back(evaluate(call.items[i]));
  std::string sep = " ", end = "\n";
  for (const auto& [name, node] : call.kwargs) {
    const Value v = evaluate(node);
    if (name == "flush") continue;
    if (name == "file") {
      if (v.is<None>()) continue;
      fail("Unsupported", "print(file=...) is not supported by Whence: a program prints to its output");
    }
    if (name != "sep" && name != "end") fail("TypeError", "'" + name + "' is an invalid keyword argument for print()");
    if (!v.is<None>() && !v.is<std::string>())
      fail("TypeError", name + " must be None or a string, not " + python_type_name(v));
    if (v.is<std::string>()) (name == "sep" ? sep : end) = v.as<std::string>();
  }
  std::string text;
  for (std::size_t i = 0; i < args.size(); ++i) text += (i ? sep : "") + python_str(args[i]);
  step.printed = step.printed.value_or("") + text + end;
  for (const Value& v : args) show(step, "", v);
}

void ProgramRun::run_simple(const Statement& s, Step& step) {
  switch (s.kind) {
    case Statement::Kind::Import:
      modules_[s.alias] = s.alias == s.module.substr(0, s.module.find('.')) ? s.alias : s.module;
      return;
    case Statement::Kind::Expression: {
      const Node& e = s.value;
      // print(a, b) shows its arguments, as the step's results, and the text it writes.
      if (e.kind == Node::Kind::Call && e.items[0].kind == Node::Kind::Name && e.items[0].text == "print" &&
          !value_of("print"))
        return print(e, step);
      const Value v = evaluate(e);
      if (v.is<None>()) return;  // torch.set_default_dtype(...): nothing to show, as in Python's REPL
      const int node = v.is<Tensor>() ? provenance_.find(v.as<Tensor>()) : -1;
      // x.add_(1) or plain x: shown under the name of the tensor it gives; a view of it
      // (x[0].zero_()) is not that tensor, and is shown without a name
      std::string name = node >= 0 ? provenance_.node(node).name : "";
      const Value* bound = name.empty() ? nullptr : value_of(name);
      if (!bound || !bound->is<Tensor>() || !same_tensor(bound->as<Tensor>(), v.as<Tensor>())) name.clear();
      return show(step, name, v);
    }
    case Statement::Kind::Assign: {
      const Value v = evaluate(s.value);
      for (const Node& target : s.targets) assign(target, v, step);
      return;
    }
    case Statement::Kind::AugAssign: return augmented_assign(s, step);
    case Statement::Kind::Assert: {
      if (python_bool(evaluate(s.value))) return;
      fail("AssertionError", s.message ? python_str(evaluate(*s.message)) : std::string());
    }
    default: fail("SyntaxError", "invalid syntax");  // blocks run in program_exec.cpp
  }
}

}  // namespace whence
