// value.hpp - a Python value as it appears in a PyTorch call: None, bool, int, float, str,
// torch.dtype, Tensor, a list/tuple of values, the slice and Ellipsis of an index (x[1:, ...]),
// a torch.Generator (core/generator.hpp), and a program's own Python objects (ObjectRef).
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "dtype.hpp"
#include "generator.hpp"
#include "tensor.hpp"

namespace whence {

struct Value;
struct NamedTuple;  // return_types.hpp
using List = std::vector<Value>;

struct None {};
struct Ellipsis {};
// slice(start, stop, step): each an int or None (absent), as x[1:3] or x[::2] writes one.
struct Slice {
  std::optional<std::int64_t> start, stop, step;
};

// A node of a program's backward graph (`y.grad_fn`, core/program/program_autograd.hpp): its
// class name as PyTorch gives it ("MulBackward0", "AccumulateGrad").
struct GradNode;
struct GradFnRef {
  std::shared_ptr<GradNode> node;
  std::string name;
};

// A Python object of a program beyond PyTorch's values: a function, class, instance, bound
// method, dict, ... (core/program/python_objects.hpp). Shared, as Python's objects are: a copy
// of the Value is the same object.
struct PythonObject : std::enable_shared_from_this<PythonObject> {
  virtual ~PythonObject() = default;
  virtual std::string type_name() const = 0;  // Python's name of its type: "dict", "Linear"
  virtual std::string repr() const = 0;       // repr(o)
  virtual std::string str() const { return repr(); }
  virtual bool truth() const { return true; }
};
struct ObjectRef {
  std::shared_ptr<PythonObject> object;
};

struct Value {
  std::variant<None, bool, std::int64_t, double, std::string, DType, Tensor, List, Slice, Ellipsis, GeneratorRef,
               GradFnRef, ObjectRef>
      v;
  bool is_tuple = false;              // a List written as (a, b) rather than [a, b]
  bool is_size = false;               // a tuple that is a torch.Size (x.shape, x.size())
  const NamedTuple* named = nullptr;  // a tuple result whose items have names: torch.max(x, 0).values

  Value() = default;
  template <class T>
  Value(T x) : v(std::move(x)) {}
  Value(int x) : v(std::int64_t(x)) {}

  template <class T>
  bool is() const {
    return std::holds_alternative<T>(v);
  }
  template <class T>
  const T& as() const {
    return std::get<T>(v);
  }
  template <class T>
  T& as() {
    return std::get<T>(v);
  }
};

// Python's name for a value's type, as PyTorch's argument errors print it: "Tensor", "int", "float", ...
std::string python_type_name(const Value& v);

// A str, list or tuple: what Python's + and * join or repeat.
inline bool is_sequence(const Value& v) { return v.is<std::string>() || v.is<List>(); }

// One PyTorch call: the op's qualified name with positional and keyword arguments.
struct Call {
  std::string op;  // "torch.gather", "torch.Tensor.gather" (self is args[0])
  List args;
  std::vector<std::pair<std::string, Value>> kwargs;
};

}  // namespace whence
