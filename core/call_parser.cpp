// call_parser.cpp - PyTorch call text -> Call: evaluates the syntax tree of call_syntax.cpp.
// Arguments may use the constructors and tensor methods of the call language; a nested call
// of a registered op is evaluated and its result used as the argument. Python's operators
// follow Python: with a tensor operand they are torch.Tensor method calls (a + b is
// torch.Tensor.__add__(a, b), 1 - t is torch.Tensor.__rsub__(t, 1)); on numbers, strings and
// lists they are computed here (python_ops.cpp).
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <optional>

#include "api.hpp"
#include "call_syntax.hpp"
#include "error.hpp"
#include "evaluate.hpp"
#include "factories.hpp"
#include "generator_calls.hpp"
#include "python_builtins.hpp"
#include "python_ops.hpp"
#include "registry.hpp"
#include "return_types.hpp"
#include "scope.hpp"
#include "views.hpp"

namespace whence {

namespace {

// Python's float(str): blanks around, a sign, digits (single underscores between them), a
// point, an exponent; or inf, infinity, nan in any case. Nothing else.
std::optional<double> python_float_of_string(const std::string& text) {
  std::size_t b = 0, e = text.size();
  while (b < e && std::isspace(static_cast<unsigned char>(text[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(text[e - 1]))) --e;
  std::string s = text.substr(b, e - b), lower;
  for (const char c : s) lower += char(std::tolower(static_cast<unsigned char>(c)));
  const std::string word = !lower.empty() && (lower[0] == '+' || lower[0] == '-') ? lower.substr(1) : lower;
  const double sign = !lower.empty() && lower[0] == '-' ? -1.0 : 1.0;
  if (word == "nan") return std::numeric_limits<double>::quiet_NaN();
  if (word == "inf" || word == "infinity") return sign * std::numeric_limits<double>::infinity();
  std::string digits;  // s without its underscores
  std::size_t i = 0;
  const auto digit = [&](std::size_t k) { return k < s.size() && std::isdigit(static_cast<unsigned char>(s[k])); };
  const auto run = [&]() {  // digits with single underscores between them; false if none
    const std::size_t start = i;
    for (; digit(i) || (s[i] == '_' && i > start && digit(i - 1) && digit(i + 1)); ++i)
      if (s[i] != '_') digits += s[i];
    return i > start;
  };
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) digits += s[i++];
  bool mantissa = run();
  if (i < s.size() && s[i] == '.') {
    digits += s[i++];
    mantissa = run() || mantissa;
  }
  if (!mantissa) return std::nullopt;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    digits += s[i++];
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) digits += s[i++];
    if (!run()) return std::nullopt;
  }
  if (i != s.size()) return std::nullopt;
  return std::strtod(digits.c_str(), nullptr);
}

using Kind = Node::Kind;

// The program whose statement is being evaluated (evaluate_expression), or nullptr for a
// single call. One evaluation at a time per thread.
thread_local Scope* g_scope = nullptr;

// A Name/Attr chain as a qualified name ("torch.nn.functional.relu"), with an imported module
// alias spelled out (F.relu); "" when it is not one, or when its root is a bound variable
// (x.T is an attribute of a value then).
std::string callee_name(const Node& n) {
  const std::string dotted = dotted_name(n);
  if (dotted.empty() || !g_scope) return dotted;
  const std::string root = dotted.substr(0, dotted.find('.'));
  if (g_scope->lookup(root)) return {};
  const std::string module = g_scope->module_alias(root);
  return module.empty() ? dotted : module + dotted.substr(root.size());
}

// A program that names math.* without importing math: Python's NameError. (A single call
// needs no import.)
void check_module_imported(const Node& n) {
  const std::string dotted = dotted_name(n);
  if (g_scope && dotted.rfind("math.", 0) == 0 && g_scope->module_alias("math").empty())
    fail("NameError", "name 'math' is not defined");
}

// Runs a registered op's call and gives its result, recorded in the program's scope if any.
Value run_recorded(const Call& call) {
  if (g_scope)
    if (auto v = g_scope->in_place_call(call)) return *v;
  const Evaluation e = run_call(call);
  if (g_scope) g_scope->ran(e);
  return result_value(e);
}

Value eval(const Node& n);
const char* const kGetItem = "torch.Tensor.__getitem__";  // x[index]
// A registered op called inside an argument: evaluated, its result used as the value.
Value run_nested_op(const std::string& op, const std::vector<Value>& args, const Node& call);
// The result of an operator: a torch.Tensor method call when an operand is a tensor, else
// the value Python computes.
struct Applied {
  bool is_call = false;
  Call call;
  Operand value;
};
Applied apply_operator(const Node& n);
Applied apply_binary(const Node& n, const Operand& l, const Operand& r);  // l op r, operands evaluated
Operand operand(const Node& n);

// The items `*value` spreads into a call's arguments or a list display.
List spread(const Value& v) {
  if (v.is<List>()) return v.as<List>();
  if (g_scope) return iterate_value(v, *g_scope);
  fail("TypeError", "Value after * must be an iterable, not " + python_type_name(v));
}

std::vector<Value> eval_all(const std::vector<Node>& nodes, std::size_t first) {
  std::vector<Value> out;
  for (std::size_t i = first; i < nodes.size(); ++i) {
    if (nodes[i].kind != Kind::Starred) {
      out.push_back(eval(nodes[i]));
      continue;
    }
    for (Value& item : spread(eval(nodes[i].items[0]))) out.push_back(std::move(item));
  }
  return out;
}

// A call's keyword arguments, a `**mapping` expanded (programs only: their dicts).
Kwargs eval_kwargs(const Node& call) {
  Kwargs out;
  for (const auto& [k, node] : call.kwargs) {
    if (k != "**") {
      out.emplace_back(k, eval(node));
      continue;
    }
    const Value mapping = eval(node);
    if (!g_scope) fail("TypeError", "argument after ** must be a mapping, not " + python_type_name(mapping));
    for (auto& kv : g_scope->expand_mapping(mapping)) {
      for (const auto& [seen, v] : out)
        if (seen == kv.first) fail("TypeError", "got multiple values for keyword argument '" + seen + "'");
      out.push_back(std::move(kv));
    }
  }
  return out;
}

// Sizes given as f(2, 3) or f((2, 3)) or f([2, 3]).
std::vector<std::int64_t> int_list(const std::string& fn, const std::vector<Value>& args) {
  const std::vector<Value>* items = &args;
  if (args.size() == 1 && args[0].is<List>()) items = &args[0].as<List>();
  std::vector<std::int64_t> out;
  for (const auto& v : *items) {
    if (!v.is<std::int64_t>())
      fail("TypeError",
           fn + "(): argument 'size' must be tuple of ints, but found element of type " + python_type_name(v));
    out.push_back(v.as<std::int64_t>());
  }
  return out;
}

std::optional<DType> dtype_kwarg(const std::string& fn, const Node& call) {
  std::optional<DType> dtype;
  for (const auto& [name, node] : call.kwargs) {
    const Value v = eval(node);
    if (name == "dtype") {
      if (v.is<None>()) continue;
      if (!v.is<DType>())
        fail("TypeError", fn + "(): argument 'dtype' must be torch.dtype, not " + python_type_name(v));
      dtype = v.as<DType>();
    } else if (name != "requires_grad" && name != "device") {
      fail("TypeError", fn + "() got an unexpected keyword argument '" + name + "'");
    }
  }
  return dtype;
}

std::int64_t int_arg(const std::string& fn, const Value& v) {
  if (!v.is<std::int64_t>()) fail("TypeError", fn + "(): argument must be int, not " + python_type_name(v));
  return v.as<std::int64_t>();
}

// torch's autograd functions, a program's (Scope::function).
bool is_autograd_function(const std::string& name) {
  for (const char* f : {"torch.no_grad", "torch.enable_grad", "torch.set_grad_enabled", "torch.is_grad_enabled",
                        "torch.autograd.grad", "torch.autograd.backward"})
    if (name == f) return true;
  return false;
}

// A tensor from Python data (torch.tensor, x.new_tensor): a literal of the program, or, from a
// tensor, a copy out of the autograd graph whose elements read the source's, with PyTorch's
// UserWarning where `copying` names the call that warns; then requires_grad= as given.
Tensor tensor_literal(const Value& data, std::optional<DType> dtype, const Node& call, const char* copying) {
  Tensor t;
  if (data.is<Tensor>()) {
    const Tensor& source = data.as<Tensor>();
    t = source.to(dtype ? *dtype : source.dtype());
    if (g_scope && copying)
      g_scope->warn(std::string("UserWarning: To copy construct from a tensor, it is recommended to use "
                                "sourceTensor.clone().detach() or sourceTensor.clone().detach().requires_grad_(True), "
                                "rather than ") +
                    copying + "(sourceTensor).");
    const std::string op = !copying                                 ? "torch.as_tensor"
                           : std::string(copying) == "torch.tensor" ? "torch.tensor"
                                                                    : "torch.Tensor.new_tensor";
    if (g_scope) g_scope->converted(source, t, op);
  } else {
    t = tensor_from_data(data, dtype);
    if (g_scope) g_scope->literal(t);
  }
  for (const auto& [k, node] : call.kwargs)
    if (k == "requires_grad" && python_bool(eval(node))) {
      if (!is_floating(t.dtype()))
        fail("RuntimeError", "Only Tensors of floating point and complex dtype can require gradients");
      if (g_scope) g_scope->requires_grad(t);
    }
  return t;
}

// torch.* constructors and Python builtins usable inside a call. The factories (torch.zeros,
// ones, full, arange, ...) are registered ops (kernels/factory/factory_ops.cpp): a literal like
// torch.arange(6) runs that op, with PyTorch's binding, values and errors.
Value call_function(const std::string& name, const Node& call) {
  if (g_scope)  // a program's builtins (range, isinstance, ...) and library (torch.nn.Linear)
    if (auto v = g_scope->call_function(name, call)) return *v;
  const std::vector<Value> args = eval_all(call.items, 1);
  if (is_autograd_function(name)) {
    const Kwargs kwargs = eval_kwargs(call);
    if (!g_scope) fail("Unsupported", name + "() runs in Whence's programs (the program page), not in a single call");
    if (auto v = g_scope->function(name, args, kwargs)) return *v;
  }
  if (name == "torch.tensor" || name == "torch.as_tensor") {
    const auto dtype = dtype_kwarg(name.substr(name.rfind('.') + 1), call);
    if (args.size() != 1)
      fail("TypeError", "tensor() takes 1 positional argument but " + std::to_string(args.size()) + " were given");
    // as_tensor of a tensor already in the dtype asked for is that tensor; of another, a
    // conversion (as x.to(dtype) is in programs: without a grad_fn yet).
    if (name == "torch.as_tensor" && args[0].is<Tensor>() && (!dtype || *dtype == args[0].as<Tensor>().dtype()))
      return args[0];
    return tensor_literal(args[0], dtype, call, name == "torch.tensor" ? "torch.tensor" : nullptr);
  }
  if (is_python_function(name)) {
    const Kwargs kwargs = eval_kwargs(call);
    check_module_imported(call.items[0]);
    if (name == "torch.set_default_dtype" && !g_scope)
      fail("Unsupported", "torch.set_default_dtype changes what later statements do: run it in a program");
    const PythonCalls& calls = python_calls();
    if (!calls.function && name != "abs" && name != "list" && name != "tuple")
      fail("Unsupported", name + "() runs in Whence's programs (the program page), not in a single call");
    if (calls.function)
      if (auto v = calls.function(name, args, kwargs)) return *v;
    // abs(t) is Tensor.__abs__ (torch.abs); list(t) and tuple(t) iterate t's rows (unbind)
    if (name == "abs") return run_nested_op("torch.abs", args, call);
    Value rows = run_nested_op("torch.Tensor.unbind", args, call);
    rows.is_tuple = name == "tuple";
    return rows;
  }
  if (name == "float" && args.size() == 1 && args[0].is<std::string>()) {
    if (const auto v = python_float_of_string(args[0].as<std::string>())) return *v;
    fail("ValueError", "could not convert string to float: '" + args[0].as<std::string>() + "'");
  }
  // float(t) and int(t) of a one-element tensor: its item, as Tensor.__float__ and __int__ give it
  if ((name == "float" || name == "int") && args.size() == 1 && (scalar_of(args[0]) || args[0].is<Tensor>())) {
    Scalar number;
    if (args[0].is<Tensor>()) {
      if (args[0].as<Tensor>().numel() != 1)
        fail("ValueError", "only one element tensors can be converted to Python scalars");
      number = args[0].as<Tensor>().get(0);
    } else {
      number = *scalar_of(args[0]);
    }
    if (name == "float") return number.as_double();
    if (!is_floating(number.dtype)) return number.i;
    if (std::isnan(number.f)) fail("ValueError", "cannot convert float NaN to integer");
    if (std::isinf(number.f)) fail("OverflowError", "cannot convert float infinity to integer");
    return std::int64_t(number.f);
  }
  if (is_generator_function(name)) {  // torch.manual_seed(0), torch.Generator(), ... (core/generator_calls.hpp)
    const Kwargs kwargs = eval_kwargs(call);
    if (!python_calls().generator_function)
      fail("Unsupported", name + "() runs in Whence's programs (the program page), not in a single call");
    Value v = python_calls().generator_function(name, args, kwargs);
    if (g_scope && v.is<Tensor>()) g_scope->literal(v.as<Tensor>());
    return v;
  }
  if (find_op(name)) return run_nested_op(name, args, call);
  if (g_scope)  // F.relu_(x), torch.selu_(x): not ops of their own
    if (auto v = g_scope->in_place_call(Call{name, args, eval_kwargs(call)})) return *v;
  static const char* const python_builtins[] = {"int",  "float",   "range",   "isinstance", "type", "enumerate", "zip",
                                                "map",  "filter",  "sorted",  "reversed",   "any",  "all",       "dict",
                                                "set",  "complex", "divmod",  "pow",        "hash", "id",        "iter",
                                                "next", "getattr", "hasattr", "format"};
  for (const char* b : python_builtins)
    if (name == b) fail("Unsupported", "Python's " + name + "() is not supported by Whence here");
  if (name.find('.') == std::string::npos) fail("NameError", "name '" + name + "' is not defined");
  fail_missing_op(name, name);
}

// Tensor methods of the call language.
Value call_method(const Tensor& self, const std::string& method, const Node& call) {
  const std::vector<Value> args = eval_all(call.items, 1);
  const std::string qualified = "torch.Tensor." + method;
  if (method == "new_tensor") {  // torch.tensor(data) in self's dtype (dtype= overrides it): a literal
    const std::optional<DType> dtype = dtype_kwarg(method, call);
    if (args.empty()) fail("TypeError", "new_tensor() missing 1 required positional arguments: \"data\"");
    if (args.size() > 1)
      fail("TypeError", "new_tensor() takes 1 positional argument but " + std::to_string(args.size()) + " were given");
    return tensor_literal(args[0], dtype ? *dtype : self.dtype(), call, "tensor.new_tensor");
  }
  if (is_tensor_query(method)) {  // x.size(), x.item(), ...: Python values, not ops
    const Kwargs kwargs = eval_kwargs(call);
    if (!python_calls().tensor_query)
      fail("Unsupported", "Tensor." + method + "() runs in Whence's programs (the program page), not in a single call");
    if (auto v = python_calls().tensor_query(self, method, args, kwargs)) return *v;
  }
  // A program writes an in-place method's result into self (x.uniform_()), even where the
  // method is a registered op that computes it out of place.
  if (g_scope && method.size() > 1 && method.back() == '_' && method[method.size() - 2] != '_') {
    const Kwargs kwargs = eval_kwargs(call);
    if (auto v = g_scope->method(self, method, args, kwargs)) return *v;
  }
  // A program records the registered op (its relations); a single call's arguments keep the
  // call language's own reshape/view/... below.
  if (g_scope && find_op(qualified)) {
    std::vector<Value> with_self{Value(self)};
    with_self.insert(with_self.end(), args.begin(), args.end());
    return run_nested_op(qualified, with_self, call);
  }
  if (method == "reshape" || method == "view" || method == "expand") {
    const auto sizes = int_list(method, args);
    if (method == "reshape") return reshape(self, sizes);
    if (method == "view") return view(self, sizes);
    return expand(self, sizes);
  }
  if (method == "permute") return permute(self, int_list(method, args));
  if (method == "transpose") {
    if (args.size() != 2) fail("TypeError", "transpose() takes 2 positional arguments");
    return transpose(self, int_arg("transpose", args[0]), int_arg("transpose", args[1]));
  }
  if (method == "t" && args.empty()) return t_(self);
  if (method == "contiguous" && args.empty()) return self.contiguous();
  static const std::pair<const char*, DType> casts[] = {
      {"bool", DType::Bool},     {"byte", DType::UInt8},    {"char", DType::Int8},    {"short", DType::Int16},
      {"int", DType::Int32},     {"long", DType::Int64},    {"half", DType::Float16}, {"bfloat16", DType::BFloat16},
      {"float", DType::Float32}, {"double", DType::Float64}};
  std::optional<DType> cast;
  for (const auto& [name, d] : casts)
    if (method == name && args.empty()) cast = d;
  if (method == "to" && args.size() == 1 && args[0].is<DType>()) cast = args[0].as<DType>();
  if (cast) {
    // PyTorch returns the tensor itself when it already has that dtype.
    Tensor out = self.dtype() == *cast ? self : self.to(*cast);
    if (g_scope && self.dtype() != *cast) g_scope->converted(self, out, qualified);
    return out;
  }
  if (find_op(qualified)) {
    std::vector<Value> with_self{Value(self)};
    with_self.insert(with_self.end(), args.begin(), args.end());
    return run_nested_op(qualified, with_self, call);
  }
  if (g_scope) {
    const Kwargs kwargs = eval_kwargs(call);
    if (auto v = g_scope->method(self, method, args, kwargs)) return *v;
  }
  fail_missing_op(qualified, "Tensor." + method);
}

// A slice's parts: ints or None, as Python's slice indices must be.
Value slice_of(const Node& n) {
  Slice s;
  std::optional<std::int64_t>* parts[] = {&s.start, &s.stop, &s.step};
  for (int k = 0; k < 3; ++k) {
    const Value v = eval(n.items[std::size_t(k)]);
    if (v.is<std::int64_t>())
      *parts[k] = v.as<std::int64_t>();
    else if (v.is<bool>())
      *parts[k] = std::int64_t(v.as<bool>());
    else if (!v.is<None>())
      fail("TypeError", "slice indices must be integers or None or have an __index__ method");
  }
  return s;
}

// items[start:stop:step] of a list or tuple (a torch.Size stays one), as Python slices.
Value slice_list(const Value& base, const Slice& s) {
  const List& items = base.as<List>();
  const std::int64_t n = std::int64_t(items.size());
  const std::int64_t step = s.step.value_or(1);
  if (step == 0) fail("ValueError", "slice step cannot be zero");
  auto clamp = [&](std::optional<std::int64_t> v, std::int64_t dflt) {
    if (!v) return dflt;
    std::int64_t i = *v < 0 ? *v + n : *v;
    if (step > 0) return std::min(std::max<std::int64_t>(i, 0), n);
    return std::min(std::max<std::int64_t>(i, -1), n - 1);
  };
  const std::int64_t start = clamp(s.start, step > 0 ? 0 : n - 1), stop = clamp(s.stop, step > 0 ? n : -1);
  Value out{List{}};
  out.is_tuple = base.is_tuple;
  out.is_size = base.is_size;
  for (std::int64_t i = start; step > 0 ? i < stop : i > stop; i += step)
    out.as<List>().push_back(items[std::size_t(i)]);
  return out;
}

Value eval(const Node& n) {
  switch (n.kind) {
    case Kind::Int: return to_value(operand(n));
    case Kind::Float: return n.f;
    case Kind::Str: return n.text;
    case Kind::Bool: return n.b;
    case Kind::NoneLit: return None{};
    case Kind::EllipsisLit: return Ellipsis{};
    case Kind::Slice: return slice_of(n);
    case Kind::Subscript: {
      const Value base = eval(n.items[0]);
      const Value index = eval(n.items[1]);
      if (base.is<List>() && (index.is<std::int64_t>() || index.is<bool>())) {  // a tuple's item: x.max(1)[0]
        const List& items = base.as<List>();
        const std::int64_t n = std::int64_t(items.size());
        std::int64_t i = index.is<bool>() ? std::int64_t(index.as<bool>()) : index.as<std::int64_t>();
        if (i < 0) i += n;
        if (i < 0 || i >= n) fail("IndexError", std::string(base.is_tuple ? "tuple" : "list") + " index out of range");
        return items[std::size_t(i)];
      }
      if (base.is<List>() && index.is<Slice>()) return slice_list(base, index.as<Slice>());
      if (g_scope && !base.is<Tensor>())  // a dict's item, a str's character, obj[i]
        if (auto v = g_scope->get_item(base, index)) return *v;
      if (!base.is<Tensor>()) {
        if (base.is<List>() || base.is<std::string>())
          fail("Unsupported", "indexing a " + python_type_name(base) + " is not supported by Whence yet");
        fail("TypeError", "'" + python_type_name(base) + "' object is not subscriptable");
      }
      return run_nested_op(kGetItem, {base, index}, n);
    }
    case Kind::List:
    case Kind::Tuple: {
      Value v(eval_all(n.items, 0));
      v.is_tuple = n.kind == Kind::Tuple;
      return v;
    }
    case Kind::Unary:
    case Kind::Binary: return to_value(operand(n));
    case Kind::IfExp:
    case Kind::Dict:
    case Kind::Comprehension:
    case Kind::FString:
      if (!g_scope) fail("Unsupported", "Whence shows one PyTorch call, like torch.gather(x, 1, index)");
      return g_scope->python_expression(n);
    case Kind::Starred: fail("SyntaxError", "can't use starred expression here");
    case Kind::ForClause:
    case Kind::FormatValue: break;
    case Kind::Name:
    case Kind::Attr: {
      if (n.kind == Kind::Name && g_scope)
        if (const Value* bound = g_scope->lookup(n.text)) return *bound;
      const std::string name = callee_name(n);
      if (name.rfind("torch.", 0) == 0)
        if (auto d = dtype_from_name(name)) return *d;
      if (name == "torch.default_generator") return default_generator();
      if (const auto constant = python_constant(name)) {
        check_module_imported(n);
        return *constant;
      }
      if (name.empty()) {  // attribute of an expression, like x.T or x.shape
        const Value self = eval(n.items[0]);
        if (self.is<Tensor>() && is_property_op("torch.Tensor." + n.text))
          return run_nested_op("torch.Tensor." + n.text, {self}, n);
        if (g_scope && (self.is<Tensor>() || self.is<GradFnRef>()))  // x.grad, x.grad_fn.next_functions
          if (auto v = g_scope->attribute(self, n.text, false)) return *v;
        if (g_scope && self.is<ObjectRef>())  // net.fc1, type(x).__name__
          if (auto v = g_scope->get_attribute(self, n.text)) return *v;
        if (self.is<Tensor>() && g_scope) {  // a program reads a tensor's metadata
          const Tensor& t = self.as<Tensor>();
          if (n.text == "shape") return size_value(t.shape());
          if (n.text == "ndim") return std::int64_t(t.dim());
          if (n.text == "dtype") return t.dtype();
        }
        if (self.named) {  // torch.max(x, 0).values
          const auto& fields = self.named->fields;
          for (std::size_t i = 0; i < fields.size(); ++i)
            if (n.text == fields[i]) return self.as<List>().at(i);
          fail("AttributeError", "'" + python_type_name(*self.named) + "' object has no attribute '" + n.text + "'");
        }
        if (!self.is<Tensor>())
          fail("AttributeError", "'" + python_type_name(self) + "' object has no attribute '" + n.text + "'");
        fail_if_out_of_scope("torch.Tensor." + n.text, "Tensor." + n.text);
        fail("Unsupported", "attribute ." + n.text + " is not supported by Whence yet");
      }
      if (g_scope)  // nn.Linear, int, torch.Tensor as values
        if (auto v = g_scope->global(name)) return *v;
      if (n.kind == Kind::Name) fail("NameError", "name '" + name + "' is not defined");
      fail_if_out_of_scope(name, name);
      fail("Unsupported", name + " is not supported by Whence yet");
    }
    case Kind::Call: {
      const Node& callee = n.items[0];
      const std::string name = callee_name(callee);
      if (!name.empty() &&
          (name.rfind("torch.", 0) == 0 || name.rfind("math.", 0) == 0 || name.find('.') == std::string::npos))
        return call_function(name, n);
      if (callee.kind == Kind::Attr) {
        const Value self = eval(callee.items[0]);
        if (self.is<GeneratorRef>()) {  // g.manual_seed(0), g.get_state(), ...
          const Kwargs kwargs = eval_kwargs(n);
          if (!python_calls().generator_method)
            fail("Unsupported",
                 "Generator." + callee.text + "() runs in Whence's programs (the program page), not in a single call");
          return python_calls().generator_method(self.as<GeneratorRef>(), callee.text, eval_all(n.items, 1), kwargs);
        }
        if (self.is<GradFnRef>() && g_scope)  // y.grad_fn.name()
          if (auto v = g_scope->attribute(self, callee.text, true)) return *v;
        if (g_scope && !self.is<Tensor>())  // self.fc1(x), d.items(), xs.append(v)
          if (auto v = g_scope->call_method(self, callee.text, n)) return *v;
        if (!self.is<Tensor>())
          fail("AttributeError", "'" + python_type_name(self) + "' object has no attribute '" + callee.text + "'");
        return call_method(self.as<Tensor>(), callee.text, n);
      }
      const Value f = eval(callee);
      if (g_scope)  // net(x), f(1), self.layers[0](x)
        if (auto v = g_scope->call_value(f, n)) return *v;
      fail("TypeError", "'" + python_type_name(f) + "' object is not callable");
    }
  }
  fail("SyntaxError", "invalid syntax");
}

Value run_nested_op(const std::string& op, const std::vector<Value>& args, const Node& call) {
  return run_recorded(Call{op, args, eval_kwargs(call)});
}

const OperatorSpelling& spelling(const std::string& symbol, bool unary) {
  for (const auto& s : operator_spellings())
    if (s.symbol == symbol && s.unary == unary) return s;
  fail("SyntaxError", "invalid syntax");
}

Applied method_call(const char* method, Value self, Value other, bool binary) {
  Applied a;
  a.is_call = true;
  a.call.op = std::string("torch.Tensor.") + method;
  a.call.args.push_back(std::move(self));
  if (binary) a.call.args.push_back(std::move(other));
  return a;
}

// As Python resolves `l op r` with a tensor operand: the left tensor's method; else the
// reflected method of the right tensor (comparisons: the mirrored operator), except that
// str, list and tuple concatenation refuses a tensor first.
Applied apply_operator(const Node& n) {
  if (n.kind == Kind::Unary) {
    const Operand x = operand(n.items[0]);
    if (!x.wide && x.value.is<Tensor>()) return method_call(spelling(n.text, true).method, x.value, {}, false);
    Applied a;
    a.value = python_unary(n.text, x);
    return a;
  }
  return apply_binary(n, operand(n.items[0]), operand(n.items[1]));
}

Applied apply_binary(const Node& n, const Operand& l, const Operand& r) {
  const OperatorSpelling& op = spelling(n.text, false);
  const bool l_tensor = !l.wide && l.value.is<Tensor>();
  const bool r_tensor = !r.wide && r.value.is<Tensor>();
  if (l_tensor) return method_call(op.method, l.value, to_value(r), true);
  if (r_tensor) {
    const Value& lv = l.value;
    if (op.symbol == std::string("+") && !l.wide && (lv.is<std::string>() || lv.is<List>())) {
      const std::string kind = lv.is<std::string>() ? "str" : lv.is_tuple ? "tuple" : "list";
      fail("TypeError", "can only concatenate " + kind + " (not \"Tensor\") to " + kind);
    }
    return method_call(op.reflected, r.value, to_value(l), true);
  }
  Applied a;
  a.value = python_binary(n.text, l, r);
  return a;
}

// An operator inside an argument or operand: its call is run like a nested op call.
Operand operand(const Node& n) {
  if (n.kind == Kind::Int) return n.text.empty() ? Operand(Value(n.i)) : int_literal(n.text);
  if (n.kind != Kind::Unary && n.kind != Kind::Binary) return Operand(eval(n));
  // not, and, or: Python's truth (a tensor's: one element), and/or short-circuit to an operand
  if (n.kind == Kind::Unary && n.text == "not") return Operand(Value(!python_bool(eval(n.items[0]))));
  if (n.kind == Kind::Binary && (n.text == "and" || n.text == "or")) {
    Value left = eval(n.items[0]);
    if (python_bool(left) == (n.text == "and")) return Operand(eval(n.items[1]));
    return Operand(left);
  }
  Applied a;
  if (n.kind == Kind::Binary) {
    const Operand l = operand(n.items[0]);
    const Operand r = operand(n.items[1]);
    const bool python_only = n.text == "in" || n.text == "not in" || n.text == "is" || n.text == "is not";
    if (python_only || (!l.wide && l.value.is<ObjectRef>()) || (!r.wide && r.value.is<ObjectRef>())) {
      // in, is, and the operators of a program's objects (dicts, modules): the program's
      if (g_scope)
        if (auto v = g_scope->binary(n.text, to_value(l), to_value(r))) return Operand(*v);
      if (python_only) fail("Unsupported", "`" + n.text + "` runs in Whence's programs, not in a single call");
      fail("TypeError", "unsupported operand type(s) for " + n.text + ": '" + python_type_name(to_value(l)) +
                            "' and '" + python_type_name(to_value(r)) + "'");
    }
    a = apply_binary(n, l, r);
  } else {
    a = apply_operator(n);
  }
  if (!a.is_call) return a.value;
  if (!find_op(a.call.op)) fail_missing_op(a.call.op, a.call.op);
  return Operand(run_recorded(a.call));
}

}  // namespace

void python_warning(const std::string& text) {
  if (g_scope) g_scope->warn(text);
}

List iterate_value(const Value& v, Scope& scope) {
  if (v.is<List>()) return v.as<List>();
  if (v.is<std::string>()) {
    List chars;
    for (const char c : v.as<std::string>()) chars.push_back(std::string(1, c));
    return chars;
  }
  if (v.is<ObjectRef>()) return scope.iterate(v);
  if (v.is<Tensor>()) {  // Tensor.__iter__: its rows
    if (v.as<Tensor>().dim() == 0) fail("TypeError", "iteration over a 0-d tensor");
    Scope* outer = g_scope;
    g_scope = &scope;
    try {
      Value rows = run_recorded(Call{"torch.Tensor.unbind", {v}, {}});
      g_scope = outer;
      rows.is_tuple = false;
      return rows.as<List>();
    } catch (...) {
      g_scope = outer;
      throw;
    }
  }
  fail("TypeError", "'" + python_type_name(v) + "' object is not iterable");
}

Arguments evaluate_arguments(const Node& call, Scope& scope) {
  Scope* outer = g_scope;
  g_scope = &scope;
  try {
    Arguments a{eval_all(call.items, 1), eval_kwargs(call)};
    g_scope = outer;
    return a;
  } catch (...) {
    g_scope = outer;
    throw;
  }
}

Value evaluate_expression(const Node& expression, Scope& scope) {
  Scope* outer = g_scope;
  g_scope = &scope;
  try {
    Value v = eval(expression);
    g_scope = outer;
    return v;
  } catch (...) {
    g_scope = outer;
    throw;
  }
}

Call parse_call(const std::string& code) {
  const Node root = parse_call_expression(code);
  if ((root.kind == Kind::Unary || root.kind == Kind::Binary) &&
      (root.text == "not" || root.text == "and" || root.text == "or"))
    fail("Unsupported", "Whence shows one PyTorch call, like torch.gather(x, 1, index)");
  if (root.kind == Kind::Unary || root.kind == Kind::Binary) {
    // The operator itself is the call shown; its op need not be registered yet.
    Applied a = apply_operator(root);
    if (a.is_call) return a.call;
  }
  // x[index] and x.T are calls of torch.Tensor.__getitem__ and of the property's op.
  if (root.kind == Kind::Subscript || (root.kind == Kind::Attr && dotted_name(root).empty())) {
    const Value self = eval(root.items[0]);
    const std::string op = root.kind == Kind::Subscript ? kGetItem : "torch.Tensor." + root.text;
    if (self.is<Tensor>() && (root.kind == Kind::Subscript || is_property_op(op))) {
      Call call{op, {self}, {}};
      if (root.kind == Kind::Subscript) call.args.push_back(eval(root.items[1]));
      return call;
    }
    eval(root);  // Python's error for this value, or Whence's Unsupported
  }
  if (root.kind != Kind::Call) fail("Unsupported", "Whence shows one PyTorch call, like torch.gather(x, 1, index)");
  const Node& callee = root.items[0];
  Call call;
  const std::string name = dotted_name(callee);
  if (!name.empty() && (find_op(name) || is_operator_op(name))) {
    call.op = name;
    call.args = eval_all(root.items, 1);
  } else if (callee.kind == Kind::Attr && (name.empty() || name.rfind("torch.", 0) != 0)) {
    call.op = "torch.Tensor." + callee.text;
    const Value self = eval(callee.items[0]);
    if (!self.is<Tensor>())
      fail("AttributeError", "'" + python_type_name(self) + "' object has no attribute '" + callee.text + "'");
    call.args.push_back(self);
    for (auto& v : eval_all(root.items, 1)) call.args.push_back(std::move(v));
    if (!find_op(call.op) && !is_operator_op(call.op)) fail_missing_op(call.op, call.op);
  } else {
    if (name.find('.') == std::string::npos) fail("NameError", "name '" + name + "' is not defined");
    fail_missing_op(name, name);
  }
  for (const auto& [k, node] : root.kwargs) call.kwargs.emplace_back(k, eval(node));
  return call;
}

}  // namespace whence
