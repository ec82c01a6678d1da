// program_python.cpp - the Python a program has beyond PyTorch's calls, as the call language
// reaches it through its Scope (core/scope.hpp): builtins (range, zip, enumerate, isinstance,
// super, getattr, sorted, ...), the methods of dicts, lists and strs, attributes and calls of
// the program's objects, conditional expressions, comprehensions, f-strings, `in` and `is`.
#include <algorithm>
#include <functional>

#include "core/budget.hpp"
#include "core/program/prelude.hpp"
#include "core/program/program_run.hpp"
#include "core/python_builtins.hpp"
#include "core/python_repr.hpp"

namespace whence {

namespace {

constexpr std::int64_t kMaxListItems = 1000000;  // a list a program makes from an iterable

using NK = Node::Kind;

std::int64_t int_argument(const std::string& fn, const Value& v) {
  if (v.is<bool>()) return v.as<bool>() ? 1 : 0;
  if (v.is<std::int64_t>()) return v.as<std::int64_t>();
  fail("TypeError", "'" + python_type_name(v) + "' object cannot be interpreted as an integer");
  (void)fn;
}

const Value* keyword_value(const Kwargs& kwargs, const char* name) {
  for (const auto& [k, v] : kwargs)
    if (k == name) return &v;
  return nullptr;
}

void no_kwargs(const std::string& fn, const Kwargs& kwargs) {
  if (!kwargs.empty()) fail("TypeError", fn + "() takes no keyword arguments");
}

void arity(const std::string& fn, const List& args, std::size_t low, std::size_t high) {
  if (args.size() >= low && args.size() <= high) return;
  if (low == high)
    fail("TypeError", fn + "() takes exactly " + std::to_string(low) + " argument" + (low == 1 ? "" : "s") + " (" +
                          std::to_string(args.size()) + " given)");
  if (args.size() < low)
    fail("TypeError", fn + " expected at least " + std::to_string(low) + " argument" + (low == 1 ? "" : "s") +
                          ", got " + std::to_string(args.size()));
  fail("TypeError", fn + " expected at most " + std::to_string(high) + " argument" + (high == 1 ? "" : "s") + ", got " +
                        std::to_string(args.size()));
}

// Python's < for sorted, min and max of numbers, strs and tuples.
bool python_less(const Value& a, const Value& b) {
  const auto num = [](const Value& v) -> std::optional<double> {
    if (v.is<bool>()) return v.as<bool>() ? 1.0 : 0.0;
    if (v.is<std::int64_t>()) return double(v.as<std::int64_t>());
    if (v.is<double>()) return v.as<double>();
    return std::nullopt;
  };
  if (a.is<std::int64_t>() && b.is<std::int64_t>()) return a.as<std::int64_t>() < b.as<std::int64_t>();
  if (const auto x = num(a), y = num(b); x && y) return *x < *y;
  if (a.is<std::string>() && b.is<std::string>()) return a.as<std::string>() < b.as<std::string>();
  if (a.is<List>() && b.is<List>()) {
    const List &l = a.as<List>(), &r = b.as<List>();
    for (std::size_t i = 0; i < l.size() && i < r.size(); ++i) {
      if (python_equal(l[i], r[i])) continue;
      return python_less(l[i], r[i]);
    }
    return l.size() < r.size();
  }
  fail("TypeError",
       "'<' not supported between instances of '" + python_type_name(a) + "' and '" + python_type_name(b) + "'");
}

std::string type_name_of_builtin_value(const Value& v) {
  if (v.is<Tensor>()) return "Tensor";
  return python_type_name(v);
}

bool is_builtin_name(const std::string& name) {
  static const char* const names[] = {"range",    "zip",     "enumerate", "isinstance", "issubclass", "hasattr",
                                      "getattr",  "setattr", "super",     "type",       "dict",       "sorted",
                                      "reversed", "any",     "all",       "iter",       "callable",   "len",
                                      "list",     "tuple",   "min",       "max",        "sum",        "next"};
  for (const char* n : names)
    if (name == n) return true;
  return false;
}

bool is_exception_name(const std::string& name) { return TypeObject(name).is_exception(); }

bool is_type_name(const std::string& name) {
  for (const char* n : {"int", "float", "str", "bool", "list", "tuple", "dict", "object", "type", "slice"})
    if (name == n) return true;
  return false;
}

}  // namespace

// --- builtins ----------------------------------------------------------------------------------

std::optional<Value> ProgramRun::builtin(const std::string& name, List& args, Kwargs& kwargs) {
  if (name == "range") {
    no_kwargs(name, kwargs);
    arity("range", args, 1, 3);
    auto r = std::make_shared<RangeObject>();
    if (args.size() == 1) {
      r->stop = int_argument(name, args[0]);
    } else {
      r->start = int_argument(name, args[0]);
      r->stop = int_argument(name, args[1]);
      if (args.size() == 3) r->step = int_argument(name, args[2]);
    }
    if (r->step == 0) fail("ValueError", "range() arg 3 must not be zero");
    return object_value(r);
  }
  if (name == "len") {
    arity("len", args, 1, 1);
    if (const auto d = object_as<DictObject>(args[0])) return std::int64_t(d->items.size());
    if (const auto r = object_as<RangeObject>(args[0])) return r->size();
    if (const auto o = object_as<InstanceObject>(args[0])) {
      if (const auto n = instance_len(*o)) return *n;
      fail("TypeError", "object of type '" + o->cls->name + "' has no len()");
    }
    if (args[0].is<ObjectRef>()) fail("TypeError", "object of type '" + python_type_name(args[0]) + "' has no len()");
    return std::nullopt;  // the call language's len
  }
  if (name == "list" || name == "tuple") {
    no_kwargs(name, kwargs);
    arity(name, args, 0, 1);
    Value v(args.empty() ? List{} : iterate_value(args[0], *this));
    v.is_tuple = name == "tuple";
    v.is_size = false;
    v.named = nullptr;
    return v;
  }
  if (name == "zip") {
    std::vector<List> lists;
    for (const Value& a : args) lists.push_back(iterate_value(a, *this));
    List out;
    for (std::size_t i = 0; !lists.empty(); ++i) {
      Value row{List{}};
      row.is_tuple = true;
      bool done = false;
      for (const List& l : lists) {
        if (i >= l.size()) done = true;
        if (!done) row.as<List>().push_back(l[i]);
      }
      if (done) break;
      out.push_back(std::move(row));
    }
    return Value(std::move(out));
  }
  if (name == "enumerate") {
    arity("enumerate", args, 1, 2);
    std::int64_t start = args.size() > 1 ? int_argument(name, args[1]) : 0;
    if (const Value* s = keyword_value(kwargs, "start")) start = int_argument(name, *s);
    List out;
    for (Value& item : iterate_value(args[0], *this)) {
      Value pair{List{Value(start++), std::move(item)}};
      pair.is_tuple = true;
      out.push_back(std::move(pair));
    }
    return Value(std::move(out));
  }
  if (name == "reversed") {
    arity("reversed", args, 1, 1);
    List items = iterate_value(args[0], *this);
    std::reverse(items.begin(), items.end());
    return Value(std::move(items));
  }
  if (name == "sorted" || name == "min" || name == "max" || name == "sum" || name == "any" || name == "all") {
    const bool one_iterable = args.size() == 1 && !args[0].is<Tensor>();
    if (name == "sorted" || name == "any" || name == "all") arity(name, args, 1, 1);
    if (!one_iterable && name != "sorted") return std::nullopt;  // max(a, b), sum(t): the call language's
    List items = iterate_value(args[0], *this);
    charge_work(std::int64_t(items.size()));
    if (name == "any" || name == "all") {
      for (const Value& v : items)
        if (python_bool(v) == (name == "any")) return Value(name == "any");
      return Value(name == "all");
    }
    const Value* key = keyword_value(kwargs, "key");
    const bool reverse = keyword_value(kwargs, "reverse") && python_bool(*keyword_value(kwargs, "reverse"));
    if (name == "sorted" || ((name == "min" || name == "max") && key && !key->is<None>())) {
      std::vector<std::pair<Value, Value>> keyed;
      for (Value& v : items) keyed.emplace_back(key && !key->is<None>() ? call(*key, {v}, {}) : v, v);
      if (name == "sorted") {
        std::stable_sort(keyed.begin(), keyed.end(), [&](const auto& a, const auto& b) {
          return reverse ? python_less(b.first, a.first) : python_less(a.first, b.first);
        });
        List out;
        for (auto& kv : keyed) out.push_back(std::move(kv.second));
        return Value(std::move(out));
      }
      if (keyed.empty()) fail("ValueError", name + "() arg is an empty sequence");
      std::size_t best = 0;
      for (std::size_t i = 1; i < keyed.size(); ++i)
        if (name == "min" ? python_less(keyed[i].first, keyed[best].first)
                          : python_less(keyed[best].first, keyed[i].first))
          best = i;
      return keyed[best].second;
    }
    // min, max, sum of an iterable: the call language's, given the list
    args = List{Value(std::move(items))};
    return std::nullopt;
  }
  if (name == "isinstance" || name == "issubclass") {
    no_kwargs(name, kwargs);
    arity(name, args, 2, 2);
    const std::function<bool(const Value&)> matches = [&](const Value& type) -> bool {
      if (type.is<List>() && type.is_tuple) {
        for (const Value& t : type.as<List>())
          if (matches(t)) return true;
        return false;
      }
      if (name == "issubclass") {
        const auto c = object_as<ClassObject>(args[0]);
        const auto of = object_as<ClassObject>(type);
        if (!c) fail("TypeError", "issubclass() arg 1 must be a class");
        return of && c->derives_from(of.get());
      }
      const Value& v = args[0];
      if (const auto c = object_as<ClassObject>(type)) {
        const auto o = object_as<InstanceObject>(v);
        return o && o->cls->derives_from(c.get());
      }
      const auto t = object_as<TypeObject>(type);
      if (!t) fail("TypeError", "isinstance() arg 2 must be a type, a tuple of types, or a union");
      const std::string& n = t->name;
      if (n == "object") return true;
      if (n == "Tensor") return v.is<Tensor>();
      if (n == "Parameter") return v.is<Tensor>() && parameters_.count(v.as<Tensor>().object_id());
      if (n == "int") return v.is<std::int64_t>() || v.is<bool>();
      if (n == "float") return v.is<double>();
      if (n == "bool") return v.is<bool>();
      if (n == "str") return v.is<std::string>();
      if (n == "list") return v.is<List>() && !v.is_tuple;
      if (n == "tuple") return v.is<List>() && v.is_tuple;
      if (n == "dict") return bool(object_as<DictObject>(v));
      if (n == "slice") return v.is<Slice>();
      if (const auto e = object_as<ExceptionObject>(v)) return e->type == n || n == "Exception";
      return false;
    };
    return Value(matches(args[1]));
  }
  if (name == "hasattr" || name == "getattr") {
    no_kwargs(name, kwargs);
    arity(name, args, 2, name == "getattr" ? 3 : 2);
    if (!args[1].is<std::string>())
      fail("TypeError", "attribute name must be string, not '" + python_type_name(args[1]) + "'");
    const std::string& attr = args[1].as<std::string>();
    std::optional<Value> v;
    try {
      Node base;
      base.kind = NK::Name;
      v = args[0].is<ObjectRef>() ? get_attribute(args[0], attr) : std::nullopt;
      if (!v && args[0].is<Tensor>()) v = autograd_.attribute(args[0], attr, false);
      if (!v && args[0].is<Tensor>() && (attr == "shape" || attr == "dtype" || attr == "ndim")) v = Value(true);
    } catch (const Error& e) {
      if (e.type != "AttributeError") throw;
    }
    if (name == "hasattr") return Value(bool(v));
    if (v) return *v;
    if (args.size() == 3) return args[2];
    fail("AttributeError", "'" + python_type_name(args[0]) + "' object has no attribute '" + attr + "'");
  }
  if (name == "setattr") {
    no_kwargs(name, kwargs);
    arity(name, args, 3, 3);
    if (!args[1].is<std::string>())
      fail("TypeError", "attribute name must be string, not '" + python_type_name(args[1]) + "'");
    set_attribute(args[0], args[1].as<std::string>(), args[2]);
    return Value(None{});
  }
  if (name == "super") {
    if (!args.empty()) fail("Unsupported", "super() with arguments is not supported by Whence: write super()");
    const Frame& f = frame();
    if (!f.owner || f.self.is<None>()) fail("RuntimeError", "super(): no arguments");
    auto s = std::make_shared<SuperObject>();
    s->self = f.self;
    s->after = f.owner;
    return object_value(s);
  }
  if (name == "type") {
    arity("type", args, 1, 1);
    const Value& v = args[0];
    if (const auto o = object_as<InstanceObject>(v)) return object_value(o->cls);
    if (v.is<Tensor>()) return builtin_type(parameters_.count(v.as<Tensor>().object_id()) ? "Parameter" : "Tensor");
    if (v.is<ObjectRef>() && !object_as<DictObject>(v)) return builtin_type(python_type_name(v));
    return builtin_type(type_name_of_builtin_value(v));
  }
  if (name == "dict") {
    auto d = made(std::make_shared<DictObject>());
    arity("dict", args, 0, 1);
    if (!args.empty()) {
      if (const auto other = object_as<DictObject>(args[0])) {
        d->items = other->items;
      } else {
        for (const Value& pair : iterate_value(args[0], *this)) {
          if (!pair.is<List>() || pair.as<List>().size() != 2)
            fail("ValueError", "dictionary update sequence element has the wrong length");
          d->set(pair.as<List>()[0], pair.as<List>()[1]);
        }
      }
    }
    for (const auto& [k, v] : kwargs) d->set(Value(k), v);
    return object_value(d);
  }
  if (name == "iter") {
    arity("iter", args, 1, 1);
    return Value(iterate_value(args[0], *this));
  }
  if (name == "next") fail("Unsupported", "next() is not supported by Whence: iterate with a for loop");
  if (name == "callable") {
    arity("callable", args, 1, 1);
    const Value& v = args[0];
    bool yes = object_as<FunctionObject>(v) || object_as<BoundMethod>(v) || object_as<ClassObject>(v) ||
               object_as<TypeObject>(v) || object_as<BuiltinObject>(v);
    if (const auto o = object_as<InstanceObject>(v)) yes = o->cls->find("__call__") != nullptr;
    return Value(yes);
  }
  return std::nullopt;
}

Value ProgramRun::call_type(const TypeObject& t, List args, Kwargs kwargs) {
  if (t.is_exception()) {
    auto e = std::make_shared<ExceptionObject>();
    e->type = t.name;
    if (args.size() == 1) e->message = python_str(args[0]);
    if (args.size() > 1) e->message = python_repr(Value(List(args)));
    if (t.name == "KeyError" && args.size() == 1) e->message = python_repr(args[0]);
    return object_value(e);
  }
  if (t.name == "Parameter") return make_parameter(args, kwargs);
  if (t.name == "object") {
    no_kwargs("object", kwargs);
    if (!args.empty()) fail("TypeError", "object() takes no arguments");
    auto cls = made(std::make_shared<ClassObject>());
    cls->name = "object";
    cls->module = "builtins";
    auto o = made(std::make_shared<InstanceObject>());
    o->cls = cls;
    return object_value(o);
  }
  if (t.name == "Tensor") fail("Unsupported", "torch.Tensor(...) is not supported by Whence: use torch.tensor(...)");
  if (auto v = builtin(t.name, args, kwargs)) return *v;
  const auto f = python_calls().function;
  if (f)
    if (auto v = f(t.name, args, kwargs)) return *v;
  if ((t.name == "int" || t.name == "float") && args.size() == 1) {  // int(x), float(x) through the call language
    Node call;
    call.kind = NK::Call;
    Node callee;
    callee.kind = NK::Name;
    callee.text = t.name;
    call.items.push_back(callee);
    Node arg;
    arg.kind = NK::Name;
    arg.text = "\x01";  // a name no program can bind: the argument, lent by the comprehension scope
    call.items.push_back(arg);
    comprehension_names_.emplace_back(frames_.size(), std::map<std::string, Value>{});
    comprehension_names_.back().second["\x01"] = args[0];
    PopOnExit<decltype(comprehension_names_)> pop{comprehension_names_};
    return evaluate(call);
  }
  fail("TypeError", t.name + "() is not supported by Whence with these arguments");
}

Value ProgramRun::call_builtin(const BuiltinObject& b, List args, Kwargs kwargs) {
  if (!b.self.is<None>()) {  // a bound method: self.name(*args) through a synthetic call node
    comprehension_names_.emplace_back(frames_.size(), std::map<std::string, Value>{});
    comprehension_names_.back().second["\x01"] = b.self;
    PopOnExit<decltype(comprehension_names_)> pop{comprehension_names_};
    Node call;
    call.kind = NK::Call;
    Node attr;
    attr.kind = NK::Attr;
    attr.text = b.name;
    Node self;
    self.kind = NK::Name;
    self.text = "\x01";
    attr.items.push_back(self);
    call.items.push_back(attr);
    for (std::size_t i = 0; i < args.size(); ++i) {
      const std::string slot = "\x02" + std::to_string(i);
      comprehension_names_.back().second[slot] = args[i];
      Node a;
      a.kind = NK::Name;
      a.text = slot;
      call.items.push_back(a);
    }
    for (std::size_t i = 0; i < kwargs.size(); ++i) {
      const std::string slot = "\x03" + std::to_string(i);
      comprehension_names_.back().second[slot] = kwargs[i].second;
      Node a;
      a.kind = NK::Name;
      a.text = slot;
      call.kwargs.emplace_back(kwargs[i].first, a);
    }
    return evaluate(call);
  }
  if (auto v = builtin(b.name, args, kwargs)) return *v;
  if (const auto f = python_calls().function)
    if (auto v = f(b.name, args, kwargs)) return *v;
  fail("TypeError", "'" + b.name + "' is not supported by Whence as a value");
}

Value ProgramRun::make_parameter(const List& args, const Kwargs& kwargs) {
  if (args.size() > 2) fail("TypeError", "Parameter() takes at most 2 arguments");
  const Value* data = !args.empty() ? &args[0] : keyword_value(kwargs, "data");
  const Value* grad = args.size() > 1 ? &args[1] : keyword_value(kwargs, "requires_grad");
  for (const auto& [k, v] : kwargs)
    if (k != "data" && k != "requires_grad")
      fail("TypeError", "Parameter() got an unexpected keyword argument '" + k + "'");
  Tensor t;
  if (!data || data->is<None>()) {
    t = run_op("torch.empty", {Value(std::int64_t(0))}).result.tensors.at(0);
  } else {
    if (!data->is<Tensor>())
      fail("TypeError", "Parameter(): argument 'data' must be Tensor, not " + python_type_name(*data));
    t = data->as<Tensor>();
  }
  const bool requires = grad ? python_bool(*grad) : true;
  // A new tensor object over the same storage, a leaf (Parameter.__new__ is _make_subclass).
  const Tensor out = t.as_strided(t.shape(), t.strides(), t.offset());
  if (step_) step_->ops.push_back("torch.nn.Parameter");
  add_node(out, same_elements(t));
  if (requires) {
    if (!is_floating(out.dtype()))
      fail("RuntimeError", "Only Tensors of floating point and complex dtype can require gradients");
    autograd_.set_requires_grad(out, true, false);
  }
  parameters_.insert(out.object_id());
  return Value(out);
}

// --- the Scope's hooks -------------------------------------------------------------------------

std::optional<Value> ProgramRun::call_function(const std::string& qualified, const Node& call) {
  const bool library_frame = !frames_.empty() && frame().library;
  const bool parameter = qualified == "torch.nn.Parameter" || qualified == "torch.nn.parameter.Parameter" ||
                         (library_frame && qualified == "Parameter");
  if (parameter) {
    const Arguments a = evaluate_arguments(call, *this);
    return make_parameter(a.args, a.kwargs);
  }
  if (is_builtin_name(qualified) || is_exception_name(qualified) || qualified == "object") {
    Arguments a = evaluate_arguments(call, *this);
    if (is_exception_name(qualified) || qualified == "object")
      return call_type(*object_as<TypeObject>(builtin_type(qualified)), a.args, a.kwargs);
    if (auto v = builtin(qualified, a.args, a.kwargs)) return v;
    if (const auto f = python_calls().function)  // len(x), min(a, b), sum(t): the call language's
      if (auto v = f(qualified, a.args, a.kwargs)) return v;
    fail("TypeError", qualified + "() is not supported by Whence with these arguments");
  }
  const std::string module = library_module_of(qualified);
  if (module.empty()) return std::nullopt;
  const auto ns = library_module(module);
  const Value* f = ns ? ns->find(qualified.substr(module.size() + 1)) : nullptr;
  if (!f) return std::nullopt;  // the call language's error for a missing op
  const Value callee = *f;
  Arguments a = evaluate_arguments(call, *this);
  return this->call(callee, std::move(a.args), std::move(a.kwargs));
}

std::optional<Value> ProgramRun::call_value(const Value& callee, const Node& call) {
  if (!callee.is<ObjectRef>()) return std::nullopt;
  Arguments a = evaluate_arguments(call, *this);
  return this->call(callee, std::move(a.args), std::move(a.kwargs));
}

std::optional<Value> ProgramRun::get_attribute(const Value& self, const std::string& name) {
  if (const auto o = object_as<InstanceObject>(self)) return instance_attribute(self, *o, name);
  if (const auto c = object_as<ClassObject>(self)) {
    if (name == "__name__" || name == "__qualname__") return Value(c->name);
    if (const Value* v = c->find(name)) return *v;
    return std::nullopt;
  }
  if (const auto s = object_as<SuperObject>(self)) {
    const ClassObject* where = nullptr;
    const Value* v = s->after->base ? s->after->base->find(name, &where) : nullptr;
    if (!v) {
      if (name == "__init__") {  // object.__init__
        auto b = std::make_shared<BuiltinObject>();
        b->name = "object.__init__";
        return object_value(b);
      }
      fail("AttributeError", "'super' object has no attribute '" + name + "'");
    }
    if (const auto f = object_as<FunctionObject>(*v)) {
      auto m = std::make_shared<BoundMethod>();
      m->self = s->self;
      m->function = f;
      return object_value(m);
    }
    return *v;
  }
  if (const auto t = object_as<TypeObject>(self)) {
    if (name == "__name__") return Value(t->name);
    return std::nullopt;
  }
  if (const auto f = object_as<FunctionObject>(self)) {
    if (name == "__name__") return Value(f->def->name);
    return std::nullopt;
  }
  if (const auto e = object_as<ExceptionObject>(self)) {
    if (name == "args") {
      Value v{List{Value(e->message)}};
      v.is_tuple = true;
      return v;
    }
    return std::nullopt;
  }
  if (object_as<DictObject>(self) || object_as<RangeObject>(self)) {
    if (const auto r = object_as<RangeObject>(self)) {
      if (name == "start") return Value(r->start);
      if (name == "stop") return Value(r->stop);
      if (name == "step") return Value(r->step);
      return std::nullopt;
    }
    static const char* const methods[] = {"items",  "keys",       "values", "get",  "pop",
                                          "update", "setdefault", "copy",   "clear"};
    for (const char* m : methods)
      if (name == m) {
        auto b = std::make_shared<BuiltinObject>();
        b->name = name;
        b->self = self;
        return object_value(b);
      }
  }
  return std::nullopt;
}

std::optional<Value> ProgramRun::global(const std::string& qualified) {
  if (qualified == "torch.Tensor") return builtin_type("Tensor");
  if (qualified == "torch.nn.Parameter" || qualified == "torch.nn.parameter.Parameter" ||
      (qualified == "Parameter" && !frames_.empty() && frame().library))
    return builtin_type("Parameter");
  if (is_type_name(qualified) || is_exception_name(qualified)) return builtin_type(qualified);
  if (is_builtin_name(qualified) || qualified == "print" || qualified == "abs" || qualified == "round" ||
      qualified == "str" || qualified == "repr") {
    auto b = std::make_shared<BuiltinObject>();
    b->name = qualified;
    return object_value(b);
  }
  const std::string module = library_module_of(qualified);
  if (module.empty()) return std::nullopt;
  const auto ns = library_module(module);
  if (const Value* v = ns ? ns->find(qualified.substr(module.size() + 1)) : nullptr) return *v;
  return std::nullopt;
}

std::optional<Value> ProgramRun::call_method(const Value& self, const std::string& name, const Node& call) {
  if (object_as<InstanceObject>(self) || object_as<SuperObject>(self) || object_as<ClassObject>(self) ||
      object_as<ExceptionObject>(self) || object_as<FunctionObject>(self)) {
    const auto method = get_attribute(self, name);
    if (!method) return std::nullopt;
    Arguments a = evaluate_arguments(call, *this);
    return this->call(*method, std::move(a.args), std::move(a.kwargs));
  }
  if (const auto t = object_as<TypeObject>(self)) {
    if (t->name == "object" && (name == "__setattr__" || name == "__init__")) {
      Arguments a = evaluate_arguments(call, *this);
      if (name == "__init__") return Value(None{});
      arity("object.__setattr__", a.args, 3, 3);
      const auto o = object_as<InstanceObject>(a.args[0]);
      if (!o) fail("TypeError", "can't apply this __setattr__ to " + python_type_name(a.args[0]) + " object");
      if (!a.args[1].is<std::string>()) fail("TypeError", "attribute name must be string");
      o->dict->set(a.args[1], a.args[2]);
      return Value(None{});
    }
    return std::nullopt;
  }
  const Node& base = call.items[0].items[0];  // the attribute node's base: where a list is written back
  if (const auto d = object_as<DictObject>(self)) {
    Arguments a = evaluate_arguments(call, *this);
    List& args = a.args;
    const auto pairs = [&](bool keys, bool values) {
      List out;
      for (const auto& [k, v] : d->items) {
        if (keys && values) {
          Value pair{List{k, v}};
          pair.is_tuple = true;
          out.push_back(std::move(pair));
        } else {
          out.push_back(keys ? k : v);
        }
      }
      return Value(std::move(out));
    };
    if (name == "items") return pairs(true, true);
    if (name == "keys") return pairs(true, false);
    if (name == "values") return pairs(false, true);
    if (name == "get") {
      arity("get", args, 1, 2);
      if (const Value* v = d->find(args[0])) return *v;
      return args.size() > 1 ? args[1] : Value(None{});
    }
    if (name == "pop") {
      arity("pop", args, 1, 2);
      if (Value* v = d->find(args[0])) {
        const Value out = *v;
        d->erase(args[0]);
        return out;
      }
      if (args.size() > 1) return args[1];
      fail("KeyError", python_repr(args[0]));
    }
    if (name == "setdefault") {
      arity("setdefault", args, 1, 2);
      if (const Value* v = d->find(args[0])) return *v;
      d->set(args[0], args.size() > 1 ? args[1] : Value(None{}));
      return *d->find(args[0]);
    }
    if (name == "update") {
      if (!args.empty()) {
        if (const auto other = object_as<DictObject>(args[0]))
          for (const auto& [k, v] : other->items) d->set(k, v);
        else
          for (const Value& pair : iterate_value(args[0], *this))
            if (pair.is<List>() && pair.as<List>().size() == 2) d->set(pair.as<List>()[0], pair.as<List>()[1]);
      }
      for (const auto& [k, v] : a.kwargs) d->set(Value(k), v);
      return Value(None{});
    }
    if (name == "copy") {
      auto c = made(std::make_shared<DictObject>());
      c->items = d->items;
      return object_value(c);
    }
    if (name == "clear") {
      d->items.clear();
      return Value(None{});
    }
    fail("AttributeError", "'dict' object has no attribute '" + name + "'");
  }
  if (self.is<List>() && !self.named) {
    static const char* const methods[] = {"append", "extend", "insert",  "pop",  "index", "count",
                                          "remove", "clear",  "reverse", "sort", "copy"};
    if (std::none_of(std::begin(methods), std::end(methods), [&](const char* m) { return name == m; }))
      return std::nullopt;
    if (self.is_tuple && name != "index" && name != "count") return std::nullopt;
    Arguments a = evaluate_arguments(call, *this);
    List& args = a.args;
    Value list = self;
    List& items = list.as<List>();
    Value result{None{}};
    bool changed = true;
    if (name == "append") {
      arity("list.append", args, 1, 1);
      items.push_back(args[0]);
    } else if (name == "extend") {
      arity("list.extend", args, 1, 1);
      for (Value& v : iterate_value(args[0], *this)) items.push_back(std::move(v));
    } else if (name == "insert") {
      arity("insert", args, 2, 2);
      std::int64_t i = int_argument(name, args[0]), n = std::int64_t(items.size());
      if (i < 0) i = std::max<std::int64_t>(0, i + n);
      items.insert(items.begin() + std::ptrdiff_t(std::min(i, n)), args[1]);
    } else if (name == "pop") {
      arity("pop", args, 0, 1);
      if (items.empty()) fail("IndexError", "pop from empty list");
      std::int64_t i = args.empty() ? -1 : int_argument(name, args[0]), n = std::int64_t(items.size());
      if (i < 0) i += n;
      if (i < 0 || i >= n) fail("IndexError", "pop index out of range");
      result = items[std::size_t(i)];
      items.erase(items.begin() + std::ptrdiff_t(i));
    } else if (name == "index" || name == "count" || name == "remove") {
      arity(name, args, 1, 1);
      std::int64_t count = 0, first = -1;
      for (std::size_t i = 0; i < items.size(); ++i)
        if (python_equal(items[i], args[0])) {
          if (first < 0) first = std::int64_t(i);
          ++count;
        }
      changed = name == "remove";
      if (name == "count") result = count;
      if (first < 0 && name != "count")
        fail("ValueError",
             name == "index" ? python_repr(args[0]) + " is not in list" : "list.remove(x): x not in list");
      if (name == "index") result = first;
      if (name == "remove") items.erase(items.begin() + std::ptrdiff_t(first));
    } else if (name == "clear") {
      items.clear();
    } else if (name == "reverse") {
      std::reverse(items.begin(), items.end());
    } else if (name == "sort") {
      List sort_args{list};
      const auto sorted = builtin("sorted", sort_args, a.kwargs);
      items = sorted->as<List>();
    } else {  // copy
      changed = false;
      result = list;
    }
    if (changed) store(base, list);
    return result;
  }
  if (self.is<std::string>()) {
    Arguments a = evaluate_arguments(call, *this);
    List& args = a.args;
    const std::string& s = self.as<std::string>();
    const auto str_arg = [&](std::size_t i) -> const std::string& {
      if (i >= args.size() || !args[i].is<std::string>())
        fail("TypeError", name + "() argument must be str, not " +
                              (i < args.size() ? python_type_name(args[i]) : std::string("nothing")));
      return args[i].as<std::string>();
    };
    if (name == "join") {
      arity("join", args, 1, 1);
      std::string out;
      const List items = iterate_value(args[0], *this);
      for (std::size_t i = 0; i < items.size(); ++i) {
        if (!items[i].is<std::string>())
          fail("TypeError", "sequence item " + std::to_string(i) + ": expected str instance, " +
                                python_type_name(items[i]) + " found");
        out += (i ? s : "") + items[i].as<std::string>();
      }
      return Value(out);
    }
    if (name == "split") {  // str.split(sep=None, maxsplit=-1)
      arity("split", args, 0, 2);
      for (auto& [k, v] : a.kwargs) {
        if (k != "sep" && k != "maxsplit") fail("TypeError", "'" + k + "' is an invalid keyword argument for split()");
        const std::size_t at = k == "sep" ? 0 : 1;
        if (args.size() > at)
          fail("TypeError",
               "argument for split() given by name ('" + k + "') and position (" + std::to_string(at + 1) + ")");
        args.resize(std::max(args.size(), at + 1), Value(None{}));
        args[at] = v;
      }
      std::int64_t maxsplit = -1;
      if (args.size() > 1) {
        if (!args[1].is<std::int64_t>())
          fail("TypeError", "'" + python_type_name(args[1]) + "' object cannot be interpreted as an integer");
        maxsplit = args[1].as<std::int64_t>();
      }
      List out;
      const auto more = [&] { return maxsplit < 0 || std::int64_t(out.size()) < maxsplit; };
      if (args.empty() || args[0].is<None>()) {
        const auto space = [&](std::size_t i) { return std::isspace(static_cast<unsigned char>(s[i])) != 0; };
        std::size_t i = 0;
        while (i < s.size()) {
          while (i < s.size() && space(i)) ++i;
          if (i == s.size()) break;
          if (!more()) {  // the rest, its trailing whitespace kept
            out.push_back(Value(s.substr(i)));
            break;
          }
          std::size_t j = i;
          while (j < s.size() && !space(j)) ++j;
          out.push_back(Value(s.substr(i, j - i)));
          i = j;
        }
        return Value(std::move(out));
      }
      const std::string& sep = str_arg(0);
      if (sep.empty()) fail("ValueError", "empty separator");
      std::size_t from = 0;
      for (std::size_t at = s.find(sep); at != std::string::npos && more(); at = s.find(sep, from)) {
        out.push_back(Value(s.substr(from, at - from)));
        from = at + sep.size();
      }
      out.push_back(Value(s.substr(from)));
      return Value(std::move(out));
    }
    if (name == "strip" || name == "lstrip" || name == "rstrip") {
      const std::string chars = args.empty() || args[0].is<None>() ? std::string(" \t\n\r\f\v") : str_arg(0);
      std::size_t b = 0, e = s.size();
      if (name != "rstrip")
        while (b < e && chars.find(s[b]) != std::string::npos) ++b;
      if (name != "lstrip")
        while (e > b && chars.find(s[e - 1]) != std::string::npos) --e;
      return Value(s.substr(b, e - b));
    }
    if (name == "startswith") return Value(s.rfind(str_arg(0), 0) == 0);
    if (name == "endswith") {
      const std::string& t = str_arg(0);
      return Value(s.size() >= t.size() && s.compare(s.size() - t.size(), t.size(), t) == 0);
    }
    if (name == "replace") {
      const std::string &from = str_arg(0), &to = str_arg(1);
      std::string out;
      std::size_t i = 0;
      if (from.empty()) return Value(s);
      for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, i)) {
        out += s.substr(i, at - i) + to;
        i = at + from.size();
      }
      return Value(out + s.substr(i));
    }
    if (name == "lower" || name == "upper") {
      std::string out = s;
      for (char& c : out)
        c = char(name == "lower" ? std::tolower(static_cast<unsigned char>(c))
                                 : std::toupper(static_cast<unsigned char>(c)));
      return Value(out);
    }
    if (name == "find") {
      const std::size_t at = s.find(str_arg(0));
      return Value(at == std::string::npos ? std::int64_t(-1) : std::int64_t(at));
    }
    if (name == "count") {
      const std::string& t = str_arg(0);
      std::int64_t n = 0;
      if (t.empty()) return Value(std::int64_t(s.size() + 1));
      for (std::size_t at = s.find(t); at != std::string::npos; at = s.find(t, at + t.size())) ++n;
      return Value(n);
    }
    if (name == "isdigit")
      return Value(!s.empty() && std::all_of(s.begin(), s.end(),
                                             [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }));
    if (name == "format") fail("Unsupported", "str.format is not supported by Whence yet: use an f-string");
    fail("AttributeError", "'str' object has no attribute '" + name + "'");
  }
  if (const auto b = object_as<BuiltinObject>(self); b && b->name == "object.__init__") return Value(None{});
  return std::nullopt;
}

void ProgramRun::store(const Node& target, const Value& v) {
  if (target.kind == NK::Name) {  // where the name is bound: a global list read in a function stays global
    if (frame().locals && !frame().locals->find(target.text) && frame().globals->find(target.text))
      frame().globals->set(target.text, v);
    else
      names().set(target.text, v);
    return;
  }
  if (target.kind == NK::Attr) return set_attribute(evaluate(target.items[0]), target.text, v);
  if (target.kind == NK::Subscript) {
    const Value base = evaluate(target.items[0]);
    const Value index = evaluate(target.items[1]);
    if (const auto d = object_as<DictObject>(base)) return d->set(index, v);
    if (base.is<List>() && (index.is<std::int64_t>() || index.is<bool>())) {
      Value list = base;
      List& items = list.as<List>();
      std::int64_t i = index.is<bool>() ? std::int64_t(index.as<bool>()) : index.as<std::int64_t>();
      if (i < 0) i += std::int64_t(items.size());
      if (i < 0 || i >= std::int64_t(items.size())) fail("IndexError", "list assignment index out of range");
      items[std::size_t(i)] = v;
      return store(target.items[0], list);
    }
  }
  // a list made by an expression (f().append(1)): Python changes a list no name holds
}

Value ProgramRun::python_expression(const Node& n) {
  switch (n.kind) {
    case NK::IfExp: return python_bool(evaluate(n.items[1])) ? evaluate(n.items[0]) : evaluate(n.items[2]);
    case NK::Dict: {
      auto d = made(std::make_shared<DictObject>());
      for (std::size_t i = 0; i + 1 < n.items.size(); i += 2) {
        const Value k = evaluate(n.items[i]);
        d->set(k, evaluate(n.items[i + 1]));
      }
      return object_value(d);
    }
    case NK::FString: {
      std::string out;
      for (const Node& part : n.items) {
        if (part.kind == NK::Str) {
          out += part.text;
          continue;
        }
        Value v = evaluate(part.items[0]);
        if (part.i == 'r') v = Value(python_repr(v));
        if (part.i == 's') v = Value(python_str(v));
        if (part.i == 'a') v = Value(python_repr(v));
        out += format_with_spec(v, part.text);
      }
      return Value(out);
    }
    case NK::Comprehension: {
      const bool dict = n.text == "dict";
      const std::size_t first_clause = dict ? 2 : 1;
      auto d = dict ? made(std::make_shared<DictObject>()) : nullptr;
      List out;
      comprehension_names_.emplace_back(frames_.size(), std::map<std::string, Value>{});
      PopOnExit<decltype(comprehension_names_)> pop{comprehension_names_};
      const std::size_t scope = comprehension_names_.size() - 1;
      // Binds a clause's target in the comprehension's own names.
      const std::function<void(const Node&, const Value&)> bind_target = [&](const Node& t, const Value& v) {
        if (t.kind == NK::Name) {
          comprehension_names_[scope].second[t.text] = v;
          return;
        }
        const List items = iterate_value(v, *this);
        if (items.size() != t.items.size())
          fail("ValueError", items.size() > t.items.size()
                                 ? "too many values to unpack (expected " + std::to_string(t.items.size()) + ")"
                                 : "not enough values to unpack (expected " + std::to_string(t.items.size()) +
                                       ", got " + std::to_string(items.size()) + ")");
        for (std::size_t i = 0; i < items.size(); ++i) bind_target(t.items[i], items[i]);
      };
      const std::function<void(std::size_t)> loop = [&](std::size_t c) {
        if (c == n.items.size()) {
          if (dict)
            d->set(evaluate(n.items[0]), evaluate(n.items[1]));
          else
            out.push_back(evaluate(n.items[0]));
          if (std::int64_t(out.size()) > kMaxListItems)
            fail("Unsupported", "Whence makes lists of up to " + std::to_string(kMaxListItems) + " items");
          return;
        }
        const Node& clause = n.items[c];
        const Value iterable = evaluate(clause.items[1]);
        const List items = iterate_value(iterable, *this);
        for (const Value& item : items) {
          charge_work(1);
          bind_target(clause.items[0], item);
          bool keep = true;
          for (std::size_t k = 2; k < clause.items.size() && keep; ++k) keep = python_bool(evaluate(clause.items[k]));
          if (keep) loop(c + 1);
        }
      };
      loop(first_clause);
      if (dict) return object_value(d);
      return Value(std::move(out));
    }
    default: break;
  }
  fail("SyntaxError", "invalid syntax");
}

std::optional<Value> ProgramRun::binary(const std::string& op, const Value& l, const Value& r) {
  if (op == "is") return Value(python_is(l, r));
  if (op == "is not") return Value(!python_is(l, r));
  if (op == "in" || op == "not in") {
    bool found = false;
    if (r.is<Tensor>()) {  // Tensor.__contains__: (element == self).any()
      const Evaluation eq = run_op("torch.Tensor.__eq__", {r, l});
      const Evaluation any = run_op("torch.Tensor.any", {Value(eq.result.tensors.at(0))});
      found = python_bool(Value(any.result.tensors.at(0)));
    } else if (r.is<std::string>()) {
      if (!l.is<std::string>())
        fail("TypeError", "'in <string>' requires string as left operand, not " + python_type_name(l));
      found = r.as<std::string>().find(l.as<std::string>()) != std::string::npos;
    } else if (const auto d = object_as<DictObject>(r)) {
      found = d->find(l) != nullptr;
    } else if (const auto range = object_as<RangeObject>(r)) {
      if (l.is<std::int64_t>()) {
        const std::int64_t v = l.as<std::int64_t>();
        found = range->step > 0 ? v >= range->start && v < range->stop : v <= range->start && v > range->stop;
        found = found && (v - range->start) % range->step == 0;
      }
    } else if (const auto o = object_as<InstanceObject>(r)) {
      if (const auto contains = o->cls->find("__contains__") ? instance_attribute(r, *o, "__contains__") : std::nullopt)
        found = python_bool(call(*contains, {l}, {}));
      else
        for (const Value& item : iterate(r))
          if (python_is(item, l) || python_equal(item, l)) found = true;
    } else if (r.is<List>()) {
      for (const Value& item : r.as<List>())
        if (python_is(item, l) || python_equal(item, l)) {
          found = true;
          break;
        }
    } else {
      fail("TypeError", "argument of type '" + python_type_name(r) + "' is not iterable");
    }
    return Value(op == "in" ? found : !found);
  }
  if (op == "==") return Value(python_equal(l, r));
  if (op == "!=") return Value(!python_equal(l, r));
  return std::nullopt;
}

std::optional<Value> ProgramRun::get_item(const Value& base, const Value& index) {
  if (const auto d = object_as<DictObject>(base)) {
    if (const Value* v = d->find(index)) return *v;
    fail("KeyError", python_repr(index));
  }
  if (base.is<std::string>()) {
    const std::string& s = base.as<std::string>();
    if (index.is<std::int64_t>()) {
      std::int64_t i = index.as<std::int64_t>(), n = std::int64_t(s.size());
      if (i < 0) i += n;
      if (i < 0 || i >= n) fail("IndexError", "string index out of range");
      return Value(std::string(1, s[std::size_t(i)]));
    }
    if (index.is<Slice>()) {
      List chars;
      for (char c : s) chars.push_back(Value(std::string(1, c)));
      // the list slicing of the call language, through names only this evaluation binds
      comprehension_names_.emplace_back(frames_.size(), std::map<std::string, Value>{});
      comprehension_names_.back().second["\x01"] = Value(chars);
      comprehension_names_.back().second["\x02"] = index;
      PopOnExit<decltype(comprehension_names_)> pop{comprehension_names_};
      Node sub;
      sub.kind = NK::Subscript;
      Node a, b;
      a.kind = b.kind = NK::Name;
      a.text = "\x01";
      b.text = "\x02";
      sub.items = {a, b};
      const Value sliced = evaluate(sub);  // kept alive for the loop (a temporary's member would dangle)
      std::string out;
      for (const Value& c : sliced.as<List>()) out += c.as<std::string>();
      return Value(out);
    }
    fail("TypeError", "string indices must be integers");
  }
  if (const auto r = object_as<RangeObject>(base)) {
    if (!index.is<std::int64_t>())
      fail("TypeError", "range indices must be integers or slices, not " + python_type_name(index));
    std::int64_t i = index.as<std::int64_t>(), n = r->size();
    if (i < 0) i += n;
    if (i < 0 || i >= n) fail("IndexError", "range object index out of range");
    return Value(r->start + i * r->step);
  }
  if (const auto o = object_as<InstanceObject>(base)) {
    const Value* g = o->cls->find("__getitem__");
    const auto f = g ? object_as<FunctionObject>(*g) : nullptr;
    if (!f) fail("TypeError", "'" + o->cls->name + "' object is not subscriptable");
    return call_function_object(f, {index}, {}, &base);
  }
  if (base.is<List>() && index.is<Tensor>()) {  // xs[t]: a one-element integer tensor's __index__
    const Tensor& t = index.as<Tensor>();
    if (t.numel() == 1 && !is_floating(t.dtype())) return get_item(base, Value(t.get(0).i));
  }
  if (base.is<List>())
    fail("TypeError", std::string(base.is_tuple ? "tuple" : "list") + " indices must be integers or slices, not " +
                          python_type_name(index));
  return std::nullopt;
}

List ProgramRun::iterate(const Value& object) {
  if (const auto d = object_as<DictObject>(object)) {
    List keys;
    for (const auto& kv : d->items) keys.push_back(kv.first);
    return keys;
  }
  if (const auto r = object_as<RangeObject>(object)) {
    if (r->size() > kMaxListItems)
      fail("Unsupported", "Whence makes lists of up to " + std::to_string(kMaxListItems) + " items; " + r->repr() +
                              " has more (a for loop over it needs no list)");
    List items;
    for (std::int64_t i = 0, n = r->size(); i < n; ++i) items.push_back(Value(r->start + i * r->step));
    return items;
  }
  if (const auto o = object_as<InstanceObject>(object)) {
    if (const auto it = instance_attribute(object, *o, "__iter__")) {
      const Value items = call(*it, {}, {});
      if (object_as<InstanceObject>(items)) fail("Unsupported", "__iter__ must give a list, tuple or dict in Whence");
      return iterate_value(items, *this);
    }
    if (const Value* g = o->cls->find("__getitem__"); g && o->cls->find("__len__")) {
      List items;
      const std::int64_t n = instance_len(*o).value_or(0);
      for (std::int64_t i = 0; i < n; ++i) items.push_back(*get_item(object, Value(i)));
      return items;
    }
  }
  fail("TypeError", "'" + python_type_name(object) + "' object is not iterable");
}

Kwargs ProgramRun::expand_mapping(const Value& mapping) {
  const auto d = object_as<DictObject>(mapping);
  if (!d) fail("TypeError", "argument after ** must be a mapping, not " + python_type_name(mapping));
  Kwargs out;
  for (const auto& [k, v] : d->items) {
    if (!k.is<std::string>()) fail("TypeError", "keywords must be strings");
    out.emplace_back(k.as<std::string>(), v);
  }
  return out;
}

}  // namespace whence
