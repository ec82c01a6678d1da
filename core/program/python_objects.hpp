// python_objects.hpp - the Python objects a program makes beyond PyTorch's values: dicts,
// functions, classes and their instances, bound methods, builtin types and functions, super(),
// exceptions. Each is a PythonObject (core/value.hpp) held by reference, as Python holds objects.
// Lists, tuples and strings stay the call language's values (core/value.hpp).
#pragma once
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/program/program.hpp"
#include "core/value.hpp"

namespace whence {

class ProgramRun;
using Kwargs = std::vector<std::pair<std::string, Value>>;

// The names of a module (the program's globals, torch.nn's) or of a call, in the order bound.
struct Namespace {
  std::map<std::string, Value> names;
  std::vector<std::string> order;
  void set(const std::string& name, Value v) {
    if (!names.count(name)) order.push_back(name);
    names[name] = std::move(v);
  }
  const Value* find(const std::string& name) const {
    const auto it = names.find(name);
    return it == names.end() ? nullptr : &it->second;
  }
};

// Python's equality of two values as `in`, `==` on lists and dict keys use it: numbers by value
// (1 == 1.0 == True), str, None, lists and tuples item by item, tensors and objects by identity.
bool python_equal(const Value& a, const Value& b);
// `a is b`.
bool python_is(const Value& a, const Value& b);

// dict: insertion-ordered.
struct DictObject : PythonObject {
  std::vector<std::pair<Value, Value>> items;
  std::string type_name() const override { return "dict"; }
  std::string repr() const override;
  bool truth() const override { return !items.empty(); }
  Value* find(const Value& key);
  void set(const Value& key, Value v);
  bool erase(const Value& key);
};

class ClassObject;

// A `def`: its statement, its defaults (evaluated where it was defined) and its module.
struct FunctionObject : PythonObject {
  const Statement* def = nullptr;
  std::vector<std::optional<Value>> defaults;  // per parameter
  std::shared_ptr<Namespace> globals;
  std::string qualname;  // "Net.forward"
  bool library = false;
  std::weak_ptr<ClassObject> owner;  // the class it was defined in (super())
  std::string type_name() const override { return "function"; }
  std::string repr() const override { return "<function " + qualname + ">"; }
};

// A `class`: its attributes (methods and class variables) and its base.
class ClassObject : public PythonObject {
 public:
  std::string name, module;  // "Net", "__main__"
  std::shared_ptr<ClassObject> base;
  std::shared_ptr<Namespace> attributes = std::make_shared<Namespace>();
  bool library = false;
  std::string type_name() const override { return "type"; }
  std::string repr() const override { return "<class '" + module + "." + name + "'>"; }
  // The attribute in this class or its bases, with the class that has it.
  const Value* find(const std::string& attr, const ClassObject** where = nullptr) const;
  bool derives_from(const ClassObject* other) const;
};

// An instance of a program's class: its class and its own attributes (__dict__).
struct InstanceObject : PythonObject {
  std::shared_ptr<ClassObject> cls;
  std::shared_ptr<DictObject> dict = std::make_shared<DictObject>();
  ProgramRun* run = nullptr;  // for repr() by __repr__
  std::string type_name() const override { return cls->name; }
  std::string repr() const override;
  bool truth() const override;
};

// obj.method: the function with its first argument.
struct BoundMethod : PythonObject {
  Value self;
  std::shared_ptr<FunctionObject> function;
  std::string type_name() const override { return "method"; }
  std::string repr() const override { return "<bound method " + function->qualname + ">"; }
};

// A builtin type (int, dict, torch.Tensor, nn.Parameter, ValueError, object, ...), callable where
// Python's is.
struct TypeObject : PythonObject {
  std::string name;  // "int", "Tensor", "Parameter", "ValueError"
  explicit TypeObject(std::string n) : name(std::move(n)) {}
  std::string type_name() const override { return "type"; }
  std::string repr() const override;
  bool is_exception() const;
};

// A builtin function as a value (len, print) or a builtin method bound to its object (d.items).
struct BuiltinObject : PythonObject {
  std::string name;
  Value self;  // None for a function
  std::string type_name() const override { return "builtin_function_or_method"; }
  std::string repr() const override { return "<built-in function " + name + ">"; }
};

// super(): the instance, and the class after which attributes are looked up.
struct SuperObject : PythonObject {
  Value self;
  std::shared_ptr<ClassObject> after;
  std::string type_name() const override { return "super"; }
  std::string repr() const override { return "<super: <class '" + after->name + "'>>"; }
};

// An exception made by calling its type (ValueError("...")), for `raise`.
struct ExceptionObject : PythonObject {
  std::string type, message;
  std::string type_name() const override { return type; }
  std::string repr() const override { return type + "(" + message + ")"; }
  std::string str() const override { return message; }
};

// range(start, stop, step): iterated without making its list.
struct RangeObject : PythonObject {
  std::int64_t start = 0, stop = 0, step = 1;
  std::int64_t size() const;
  std::string type_name() const override { return "range"; }
  std::string repr() const override;
  bool truth() const override { return size() > 0; }
};

template <class T>
std::shared_ptr<T> object_as(const Value& v) {
  return v.is<ObjectRef>() ? std::dynamic_pointer_cast<T>(v.as<ObjectRef>().object) : nullptr;
}
template <class T>
Value object_value(std::shared_ptr<T> o) {
  return Value(ObjectRef{std::move(o)});
}

// The builtin type named `name` (one object per name, so that `type(x) is int` holds).
Value builtin_type(const std::string& name);

// format(v, spec), as an f-string's {v:spec} calls it: Python's format mini-language for int,
// float, str and bool, and Tensor.__format__ (a one-element tensor formats its item).
std::string format_with_spec(const Value& v, const std::string& spec);

}  // namespace whence
