// program_exec.cpp - a program's statements run as Python runs them: blocks (if, for, while,
// with), definitions (def, class), calls of the program's functions and classes and of its
// library (torch.nn, torch.nn.init, torch.optim: Python sources in core/program/prelude/, run by
// this same interpreter), with a frame per call. Each simple statement of the user's code that
// runs is a step (program_run.hpp); the library's statements run inside the step that called them.
#include <algorithm>

#include "core/budget.hpp"
#include "core/program/prelude.hpp"
#include "core/program/program_run.hpp"
#include "core/python_builtins.hpp"
#include "core/python_repr.hpp"

namespace whence {

namespace {

constexpr int kMaxLibraryStatements = 2000000;  // the library's statements a run executes

// Restores a value when a scope ends.
template <class T>
struct Restore {
  T& ref;
  T saved;
  explicit Restore(T& r) : ref(r), saved(r) {}
  ~Restore() { ref = saved; }
};

}  // namespace

const Value* ProgramRun::lookup(const std::string& name) {
  for (auto it = comprehension_names_.rbegin(); it != comprehension_names_.rend() && it->first == frames_.size();
       ++it) {
    const auto found = it->second.find(name);
    if (found != it->second.end()) return &found->second;
  }
  if (frames_.empty()) return main_->find(name);
  const Frame& f = frames_.back();
  if (f.locals)
    if (const Value* v = f.locals->find(name)) return v;
  return f.globals->find(name);
}

void ProgramRun::execute(const std::vector<Statement>& program) {
  frames_.clear();
  error_line_ = 0;
  error_stack_.clear();
  error_module_.clear();
  Frame top;
  top.globals = main_;
  frames_.push_back(std::move(top));
  exec_block(program);
}

Flow ProgramRun::exec_block(const std::vector<Statement>& block) {
  for (const Statement& s : block)
    if (const Flow f = exec(s); f != Flow::Normal) return f;
  return Flow::Normal;
}

Flow ProgramRun::exec(const Statement& s) {
  const bool library = frame().library;
  if (library ? ++executed_library_ > kMaxLibraryStatements : ++executed_ > kMaxExecutedStatements)
    fail("Unsupported", "Whence runs up to " + std::to_string(kMaxExecutedStatements) +
                            " statements of a program (each loop iteration's and call's counted); this one runs more");
  charge_work(1);
  using K = Statement::Kind;
  try {
    switch (s.kind) {
      case K::Pass: return Flow::Normal;
      case K::Break: return Flow::Break;
      case K::Continue: return Flow::Continue;
      case K::If:
      case K::For:
      case K::While:
      case K::Def:
      case K::Class:
      case K::With:
      case K::Raise: return exec_compound(s);
      default: break;
    }
    if (library || frame().class_body ||
        quiet_) {  // inside the user's statement that called it: its ops are that step's
      Step scratch;
      scratch.statement = &s;
      if (s.kind == K::Return) {
        frame().result = evaluate(s.value);
        return Flow::Return;
      }
      run_simple(s, scratch);
      return Flow::Normal;
    }
    Step step;
    step.id = int(step_lines_.size());
    step_lines_.push_back(s.line);
    step.statement = &s;
    step.where = frame().where;
    step.iteration = frame().iteration;
    Restore<int> statement(statement_);
    Restore<Step*> current(step_);
    statement_ = step.id;
    step_ = &step;
    Flow flow = Flow::Normal;
    if (s.kind == K::Return) {  // a step whose result is what the function gives
      frame().result = evaluate(s.value);
      show(step, "", frame().result);
      flow = Flow::Return;
    } else {
      run_simple(s, step);
    }
    steps_.push_back(std::move(step));
    return flow;
  } catch (const Error&) {
    // The innermost line of the user's code is the error's line; each call it passed through
    // on the way out is a line of its stack.
    if (!library) {
      const int depth = int(frames_.size());
      if (!error_line_) error_line_ = s.line;
      if (error_stack_.empty() || error_depth_ != depth) {
        error_stack_.emplace_back(s.line, frame().where);
        error_depth_ = depth;
      }
    }
    throw;
  }
}

Flow ProgramRun::exec_compound(const Statement& s) {
  using K = Statement::Kind;
  // A header's expressions (a test, an iterable) run as a statement of their own line.
  Restore<int> statement(statement_);
  if (!frame().library) {
    statement_ = int(step_lines_.size());
    step_lines_.push_back(s.line);
  }
  switch (s.kind) {
    case K::If: return python_bool(evaluate(s.value)) ? exec_block(s.body) : exec_block(s.orelse);
    case K::While:
      while (python_bool(evaluate(s.value))) {
        const Flow f = exec_block(s.body);
        if (f == Flow::Break) break;
        if (f == Flow::Return) return f;
      }
      return Flow::Normal;
    case K::For: {
      const Value iterable = evaluate(s.value);
      // The frame's iteration is restored by index: calls in the body grow frames_ (and may move it).
      struct Iteration {
        std::vector<Frame>& frames;
        std::size_t at;
        int saved;
        ~Iteration() { frames[at].iteration = saved; }
      } iteration{frames_, frames_.size() - 1, frame().iteration};
      const auto body = [&](const Value& item, int i) {
        frame().iteration = i;
        Step scratch;  // binding the loop variable shows nothing
        assign(s.targets[0], item, scratch);
        return exec_block(s.body);
      };
      if (const auto range = object_as<RangeObject>(iterable)) {  // without making its list
        int i = 0;
        for (std::int64_t v = range->start; range->step > 0 ? v < range->stop : v > range->stop; v += range->step) {
          const Flow f = body(Value(v), i++);
          if (f == Flow::Break) break;
          if (f == Flow::Return) return f;
        }
        return Flow::Normal;
      }
      const List items = iterate_value(iterable, *this);
      for (std::size_t i = 0; i < items.size(); ++i) {
        const Flow f = body(items[i], int(i));
        if (f == Flow::Break) break;
        if (f == Flow::Return) return f;
      }
      return Flow::Normal;
    }
    case K::With: {
      struct Mode {
        ProgramAutograd& autograd;
        bool before;
        ~Mode() { autograd.set_enabled(before); }
      } mode{autograd_, autograd_.enabled()};
      autograd_.set_enabled(s.grad_enabled == 1);
      return exec_block(s.body);
    }
    case K::Def: {
      auto f = made(std::make_shared<FunctionObject>());
      f->def = &s;
      f->globals = frame().globals;
      f->library = frame().library;
      f->owner = frame().owner && frame().locals == frame().owner->attributes ? frame().owner : nullptr;
      const auto owner = f->owner.lock();
      f->qualname = owner ? owner->name + "." + s.name : s.name;
      for (const Parameter& p : s.params)
        f->defaults.push_back(p.default_value ? std::optional<Value>(evaluate(*p.default_value)) : std::nullopt);
      names().set(s.name, object_value(f));
      return Flow::Normal;
    }
    case K::Class: {
      auto cls = made(std::make_shared<ClassObject>());
      cls->name = s.name;
      cls->library = frame().library;
      cls->module = frame().library ? "torch.nn" : "__main__";
      if (s.bases.size() > 1) fail("Unsupported", "a class with several bases is not supported by Whence");
      if (!s.bases.empty()) {
        const Value base = evaluate(s.bases[0]);
        if (const auto b = object_as<ClassObject>(base)) {
          cls->base = b;
        } else if (const auto t = object_as<TypeObject>(base); !t || t->name != "object") {
          fail("Unsupported", "class " + s.name + " derives from " + python_repr(base) +
                                  ": Whence's classes derive from a class of the program or of torch.nn");
        }
      }
      {
        Frame body;
        body.locals = cls->attributes;
        body.globals = frame().globals;
        body.library = frame().library;
        body.where = frame().where;
        body.owner = cls;
        body.class_body = true;
        frames_.push_back(std::move(body));
        PopOnExit<decltype(frames_)> pop{frames_};
        exec_block(s.body);
      }
      names().set(s.name, object_value(cls));
      return Flow::Normal;
    }
    case K::Raise: {
      if (s.value.kind == Node::Kind::NoneLit) fail("RuntimeError", "No active exception to reraise");
      const Value e = evaluate(s.value);
      if (const auto x = object_as<ExceptionObject>(e)) throw Error(x->type, x->message);
      if (const auto t = object_as<TypeObject>(e); t && t->is_exception()) throw Error(t->name, "");
      fail("TypeError", "exceptions must derive from BaseException");
    }
    default: break;
  }
  return Flow::Normal;
}

Value ProgramRun::call(const Value& callee, List args, Kwargs kwargs) {
  if (const auto f = object_as<FunctionObject>(callee))
    return call_function_object(f, std::move(args), kwargs, nullptr);
  if (const auto m = object_as<BoundMethod>(callee))
    return call_function_object(m->function, std::move(args), kwargs, &m->self);
  if (const auto c = object_as<ClassObject>(callee)) return instantiate(c, std::move(args), std::move(kwargs));
  if (const auto o = object_as<InstanceObject>(callee)) {
    if (const auto call_method = instance_attribute(callee, *o, "__call__"))
      return call(*call_method, std::move(args), std::move(kwargs));
  }
  if (const auto t = object_as<TypeObject>(callee)) return call_type(*t, std::move(args), std::move(kwargs));
  if (const auto b = object_as<BuiltinObject>(callee)) return call_builtin(*b, std::move(args), std::move(kwargs));
  fail("TypeError", "'" + python_type_name(callee) + "' object is not callable");
}

Value ProgramRun::call_function_object(const std::shared_ptr<FunctionObject>& f, List args, Kwargs kwargs,
                                       const Value* self) {
  if (int(frames_.size()) > kMaxCallDepth) fail("RecursionError", "maximum recursion depth exceeded");
  const Statement& def = *f->def;
  if (self) args.insert(args.begin(), *self);
  auto locals = std::make_shared<Namespace>();
  const std::string fn = f->qualname + "()";
  std::size_t next = 0;  // the next positional argument
  std::shared_ptr<DictObject> var_keywords;
  std::vector<bool> given(def.params.size());
  for (std::size_t i = 0; i < def.params.size(); ++i) {
    const Parameter& p = def.params[i];
    if (p.kind == Parameter::Kind::Positional && next < args.size()) {
      locals->set(p.name, args[next++]);
      given[i] = true;
    } else if (p.kind == Parameter::Kind::VarArgs) {
      Value rest(List(args.begin() + std::ptrdiff_t(std::min(next, args.size())), args.end()));
      rest.is_tuple = true;
      next = args.size();
      locals->set(p.name, rest);
      given[i] = true;
    } else if (p.kind == Parameter::Kind::VarKeywords) {
      var_keywords = made(std::make_shared<DictObject>());
      locals->set(p.name, object_value(var_keywords));
      given[i] = true;
    }
  }
  if (next < args.size()) {
    std::size_t positional = 0, required = 0;
    for (const Parameter& p : def.params)
      if (p.kind == Parameter::Kind::Positional) {
        ++positional;
        if (!p.default_value) ++required;
      }
    const std::string takes = required == positional
                                  ? std::to_string(positional)
                                  : "from " + std::to_string(required) + " to " + std::to_string(positional);
    fail("TypeError", fn + " takes " + takes + " positional argument" + (positional == 1 ? "" : "s") + " but " +
                          std::to_string(args.size()) + (args.size() == 1 ? " was" : " were") + " given");
  }
  for (auto& [name, value] : kwargs) {
    bool placed = false;
    for (std::size_t i = 0; i < def.params.size(); ++i) {
      const Parameter& p = def.params[i];
      if (p.name != name || p.kind == Parameter::Kind::VarArgs || p.kind == Parameter::Kind::VarKeywords) continue;
      if (given[i]) fail("TypeError", fn + " got multiple values for argument '" + name + "'");
      locals->set(name, value);
      given[i] = placed = true;
    }
    if (placed) continue;
    if (!var_keywords) fail("TypeError", fn + " got an unexpected keyword argument '" + name + "'");
    var_keywords->set(Value(name), value);
  }
  std::vector<std::string> missing;
  for (std::size_t i = 0; i < def.params.size(); ++i) {
    if (given[i]) continue;
    if (f->defaults[i])
      locals->set(def.params[i].name, *f->defaults[i]);
    else
      missing.push_back("'" + def.params[i].name + "'");
  }
  if (!missing.empty()) {
    std::string names;
    for (std::size_t i = 0; i < missing.size(); ++i)
      names += (i == 0 ? "" : i + 1 == missing.size() ? (missing.size() > 2 ? ", and " : " and ") : ", ") + missing[i];
    const bool keyword = def.params.size() > 0 && [&] {
      for (std::size_t i = 0; i < def.params.size(); ++i)
        if (!given[i] && !f->defaults[i]) return def.params[i].kind == Parameter::Kind::KeywordOnly;
      return false;
    }();
    fail("TypeError", fn + " missing " + std::to_string(missing.size()) + " required " +
                          (keyword ? "keyword-only" : "positional") + " argument" + (missing.size() == 1 ? "" : "s") +
                          ": " + names);
  }
  Frame frame;
  frame.locals = std::move(locals);
  frame.globals = f->globals;
  frame.library = f->library;
  frame.where = f->library ? this->frame().where : f->qualname;
  frame.owner = f->owner.lock();
  if (self) frame.self = *self;
  frames_.push_back(std::move(frame));
  PopOnExit<decltype(frames_)> pop{frames_};
  try {
    exec_block(def.body);
  } catch (const Error&) {
    // The innermost module whose forward raised it: torchvista's failing module, named.
    if (error_module_.empty() && self && def.name == "forward")
      if (const auto o = object_as<InstanceObject>(*self))
        if (const auto at = instance_paths_.find(o.get()); at != instance_paths_.end())
          error_module_ = at->second + " (" + o->cls->name + ")";
    throw;
  }
  return frames_.back().result;
}

Value ProgramRun::instantiate(const std::shared_ptr<ClassObject>& cls, List args, Kwargs kwargs) {
  auto o = made(std::make_shared<InstanceObject>());
  o->cls = cls;
  o->run = this;
  const Value self = object_value(o);
  if (const Value* init = cls->find("__init__")) {
    const auto f = object_as<FunctionObject>(*init);
    if (!f) fail("TypeError", "'" + python_type_name(*init) + "' object is not callable");
    const Value r = call_function_object(f, std::move(args), std::move(kwargs), &self);
    if (!r.is<None>()) fail("TypeError", "__init__() should return None, not '" + python_type_name(r) + "'");
  } else if (!args.empty() || !kwargs.empty()) {
    fail("TypeError", cls->name + "() takes no arguments");
  }
  return self;
}

std::optional<Value> ProgramRun::instance_attribute(const Value& self, const InstanceObject& o,
                                                    const std::string& name) {
  if (name == "__dict__") return object_value(o.dict);
  if (name == "__class__") return object_value(o.cls);
  if (const Value* v = o.dict->find(Value(name))) return *v;
  if (const Value* v = o.cls->find(name)) {
    if (const auto f = object_as<FunctionObject>(*v)) {
      auto m = std::make_shared<BoundMethod>();
      m->self = self;
      m->function = f;
      return object_value(m);
    }
    return *v;
  }
  if (const Value* g = o.cls->find("__getattr__"))
    if (const auto f = object_as<FunctionObject>(*g)) return call_function_object(f, {Value(name)}, {}, &self);
  return std::nullopt;
}

void ProgramRun::set_attribute(const Value& base, const std::string& name, const Value& v) {
  if (const auto o = object_as<InstanceObject>(base)) {
    if (const Value* setter = o->cls->find("__setattr__"))
      if (const auto f = object_as<FunctionObject>(*setter)) {
        call_function_object(f, {Value(name), v}, {}, &base);
        return;
      }
    o->dict->set(Value(name), v);
    return;
  }
  if (const auto c = object_as<ClassObject>(base)) return c->attributes->set(name, v);
  if (base.is<Tensor>()) return autograd_.set_attribute(base.as<Tensor>(), name, v);
  fail("AttributeError", "'" + python_type_name(base) + "' object has no attribute '" + name + "'");
}

std::string ProgramRun::instance_repr(const InstanceObject& o) {
  const Value* r = o.cls->find("__repr__");
  const auto f = r ? object_as<FunctionObject>(*r) : nullptr;
  if (!f) return "<" + o.cls->module + "." + o.cls->name + " object>";
  const Value self(ObjectRef{std::const_pointer_cast<PythonObject>(o.shared_from_this())});
  Restore<int> quiet(quiet_);  // a repr shown or printed runs no steps of its own
  ++quiet_;
  const Value text = call_function_object(f, {}, {}, &self);
  if (!text.is<std::string>()) fail("TypeError", "__repr__ returned non-string (type " + python_type_name(text) + ")");
  return text.as<std::string>();
}

std::optional<std::int64_t> ProgramRun::instance_len(const InstanceObject& o) {
  const Value* l = o.cls->find("__len__");
  const auto f = l ? object_as<FunctionObject>(*l) : nullptr;
  if (!f) return std::nullopt;
  const Value self(ObjectRef{std::const_pointer_cast<PythonObject>(o.shared_from_this())});
  Restore<int> quiet(quiet_);
  ++quiet_;
  const Value n = call_function_object(f, {}, {}, &self);
  if (!n.is<std::int64_t>())
    fail("TypeError", "'" + python_type_name(n) + "' object cannot be interpreted as an integer");
  return n.as<std::int64_t>();
}

std::shared_ptr<Namespace> ProgramRun::library_module(const std::string& module) {
  if (const auto it = library_.find(module); it != library_.end()) return it->second;
  const LibrarySource* source = library_source(module);
  if (!source) return nullptr;
  auto ns = std::make_shared<Namespace>();
  library_[module] = ns;
  for (const std::string& dependency : source->needs) library_module(dependency);
  Frame f;
  f.globals = ns;
  f.library = true;
  f.where = frames_.empty() ? "" : frame().where;
  frames_.push_back(std::move(f));
  PopOnExit<decltype(frames_)> pop{frames_};
  Restore<Step*> no_step(step_);
  step_ = nullptr;
  try {
    exec_block(source->statements());
  } catch (const Error& e) {
    library_.erase(module);
    fail("RuntimeError", "Whence's " + module + " failed to load: " + e.type + ": " + e.what());
  }
  return ns;
}

void ProgramRun::name_object_tensors(const std::string& path, const Value& v, int depth) {
  if (depth > 8) return;
  if (v.is<Tensor>()) {
    const Tensor& t = v.as<Tensor>();
    object_paths_.emplace(t.storage_id(), path);
    const int node = provenance_.find(t);
    if (node >= 0 && provenance_.node(node).name.empty()) provenance_.node(node).name = path;
    return;
  }
  if (const auto o = object_as<InstanceObject>(v)) {
    instance_paths_.emplace(o.get(), path);
    for (const auto& [k, item] : o->dict->items) {
      if (!k.is<std::string>()) continue;
      const std::string& key = k.as<std::string>();
      // torch.nn's registries (_parameters, _buffers, _modules) name their items without themselves
      if (const auto d = object_as<DictObject>(item); d && !key.empty() && key[0] == '_') {
        for (const auto& [name, x] : d->items)
          if (name.is<std::string>()) name_object_tensors(path + "." + name.as<std::string>(), x, depth + 1);
        continue;
      }
      if (!key.empty() && key[0] == '_') continue;
      name_object_tensors(path + "." + key, item, depth + 1);
    }
  }
}

}  // namespace whence
