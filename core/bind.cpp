// bind.cpp - binds a call's arguments to an op's parameters as PyTorch 1.13 does, with its
// argument errors to the character:
//   native  PythonArgParser over the name's overloads (core/signatures.hpp): the first
//           overload that matches wins; otherwise the one plausible overload's own error, or
//           "received an invalid combination of arguments" (format_invalid_args)
//   noargs  a Tensor method without arguments ("Tensor.abs() takes no arguments (1 given)")
//   python  a Python function (torch.nn.functional.relu): Python's errors, then the types of
//           the torch function it calls
// The matched overload's values are then mapped onto the op descriptor's parameters by name.
#include "bind.hpp"

#include <cctype>
#include <memory>
#include <optional>

#include "error.hpp"
#include "python_builtins.hpp"
#include "pytorch_order.hpp"
#include "signatures.hpp"

namespace whence {

namespace {

bool is_number(const Value& v) { return v.is<bool>() || v.is<std::int64_t>() || v.is<double>(); }
bool is_zero_dim(const Value& v) { return v.is<Tensor>() && v.as<Tensor>().dim() == 0; }
bool is_int_list_type(const std::string& t) { return t == "tuple of ints" || t == "tuple of SymInts"; }

// What Python's operator.index() takes (THPUtils_checkIndex): an int but not a bool, or a
// one-element integer tensor.
bool is_index(const Value& v) {
  if (v.is<std::int64_t>()) return true;
  return v.is<Tensor>() && is_integral(v.as<Tensor>().dtype(), true) && v.as<Tensor>().numel() == 1;
}

// PyTorch's FunctionParameter::check. `argnum`: the parameter's index in the overload, which
// a tensor list's TypeError names.
bool type_matches(const SignatureParam& p, const Value& v, bool numbers_as_tensors, std::size_t argnum) {
  const std::string& t = p.type;
  if (t == "Tensor") return v.is<Tensor>() || (numbers_as_tensors && is_number(v));
  if (t == "Number" || t == "float") return is_number(v) || is_zero_dim(v);
  if (t == "int" || t == "SymInt")
    return v.is<std::int64_t>() || (is_zero_dim(v) && is_integral(v.as<Tensor>().dtype(), false));
  if (t == "bool") return v.is<bool>();
  if (t == "str") return v.is<std::string>();
  if (t == "torch.dtype") return v.is<DType>();
  if (t == "name") return v.is<std::string>() || v.is<None>();
  if (t == "tuple of names") {
    // A bare name only where PyTorch has DimnameList[1] (sum's dim), not a factory's names=.
    if (v.is<std::string>()) return p.name != "names";
    if (v.is<None>()) return true;
    if (!v.is<List>()) return false;
    for (const auto& item : v.as<List>())
      if (!item.is<std::string>()) return false;
    return true;
  }
  if (t == "object") return true;  // __getitem__'s index: checked by the op
  if (t == "tuple of Tensors") {   // a list with a non-tensor fails at once, whatever overloads remain
    if (!v.is<List>()) return false;
    const List& items = v.as<List>();
    for (std::size_t j = 0; j < items.size(); ++j)
      if (!items[j].is<Tensor>())
        fail("TypeError",
             "expected Tensor as element " + std::to_string(j) + " in argument " + std::to_string(argnum) +
                 ", but got " + python_type_name(items[j]),
             p.name);
    return true;
  }
  if (is_int_list_type(t)) {  // with a default (amax's dim=[]), PyTorch's IntArrayRef also takes None
    if (v.is<std::int64_t>()) return !p.unsized && t != "tuple of SymInts";  // a bare int only for int[N]
    if (v.is<None>() && p.optional) return true;
    if (!v.is<List>()) return false;
    // PyTorch looks at the first element only; the others fail later, when the list is
    // converted (int_list_values: "but found element of type float at pos 2").
    return v.as<List>().empty() || is_index(v.as<List>()[0]);
  }
  if (t == "torch.device") return v.is<std::string>() || v.is<std::int64_t>();
  if (t == "torch.Generator") return v.is<GeneratorRef>();
  return false;  // torch.layout, torch.memory_format: Whence has no such values (None only)
}

// The functions whose Tensor parameters also take Python numbers (python_arg_parser.cpp).
bool allows_numbers_as_tensors(const std::string& name) {
  static const char* names[] = {"add", "div",      "divide",      "mul",         "multiply",
                                "sub", "subtract", "true_divide", "floor_divide"};
  for (const char* n : names)
    if (name == n) return true;
  return false;
}

struct Args {
  std::vector<const Value*> positional;  // self excluded for methods
  std::vector<std::pair<std::string, const Value*>> kwargs;
  int first_position = 0;  // the call position of positional[0]
  const Value* kwarg(const std::string& name) const {
    for (const auto& [k, v] : kwargs)
      if (k == name) return v;
    return nullptr;
  }
};

// NumPy's names that PyTorch also accepts for some parameters.
const Value* kwarg_or_alias(const Args& a, const std::string& name) {
  if (const Value* v = a.kwarg(name)) return v;
  static const std::pair<const char*, std::vector<const char*>> aliases[] = {
      {"dim", {"axis"}}, {"keepdim", {"keepdims"}}, {"input", {"x", "a", "x1"}}, {"other", {"x2"}}};
  for (const auto& [n, alts] : aliases)
    if (name == n)
      for (const char* alt : alts)
        if (const Value* v = a.kwarg(alt)) return v;
  return nullptr;
}

// One argument per signature parameter (nullptr: absent, the default applies).
struct Parsed {
  std::vector<const Value*> values;
  std::vector<ArgPath> paths;
  std::shared_ptr<Value> varargs;  // zeros(2, 3): the positional arguments as one size tuple
};

[[noreturn]] void extra_args(const std::string& name, const Signature& s, std::size_t nargs) {
  if (s.min_args != s.max_pos_args)
    fail("TypeError", name + "() takes from " + std::to_string(s.min_args) + " to " + std::to_string(s.max_pos_args) +
                          " positional arguments but " + std::to_string(nargs) + " were given");
  fail("TypeError", name + "() takes " + std::to_string(s.max_pos_args) + " positional argument" +
                        (s.max_pos_args == 1 ? "" : "s") + " but " + std::to_string(nargs) + " " +
                        (nargs == 1 ? "was" : "were") + " given");
}

[[noreturn]] void missing_args(const std::string& name, const Signature& s, std::size_t from) {
  std::string names;
  int n = 0;
  for (std::size_t i = from; i < s.params.size(); ++i)
    if (!s.params[i].optional) names += std::string(n++ ? ", " : "") + "\"" + s.params[i].name + "\"";
  // PyTorch's quirk: "1 required positional arguments", "2 required positional argument".
  fail("TypeError",
       name + "() missing " + std::to_string(n) + " required positional argument" + (n == 1 ? "s" : "") + ": " + names);
}

// FunctionSignature::parse. With raise=false it returns nullopt where PyTorch returns false.
std::optional<Parsed> parse(const std::string& name, const Signature& s, const Args& a, bool raise) {
  const std::size_t nargs = a.positional.size();
  const bool numbers = allows_numbers_as_tensors(name);
  // A single positional int list also takes its ints as separate arguments: zeros(2, 3) is
  // zeros((2, 3)), as view(2, 3) and permute(1, 0) are.
  const bool varargs = s.max_pos_args == 1 && !s.params.empty() && is_int_list_type(s.params[0].type);
  if (nargs > s.max_pos_args && !varargs) {
    if (raise) extra_args(name, s, nargs);
    return std::nullopt;
  }
  Parsed out;
  std::size_t arg_pos = 0, remaining = a.kwargs.size();
  for (std::size_t i = 0; i < s.params.size(); ++i) {
    const SignatureParam& p = s.params[i];
    const Value* obj = nullptr;
    bool is_kwd = false;
    ArgPath path;
    if (arg_pos < nargs) {
      if (p.keyword_only) {
        if (raise) extra_args(name, s, nargs);
        return std::nullopt;
      }
      obj = a.positional[arg_pos];
      path.position = a.first_position + int(arg_pos);
    } else {
      obj = kwarg_or_alias(a, p.name);
      is_kwd = true;
      if (obj)
        for (const auto& [k, v] : a.kwargs)
          if (v == obj) path.keyword = k;
    }
    if ((!obj && p.optional) || (obj && obj->is<None>() && p.allow_none)) {
      out.values.push_back(obj && p.allow_none ? obj : nullptr);
      out.paths.push_back(obj ? path : ArgPath{});
    } else if (!obj) {
      if (raise) missing_args(name, s, i);
      return std::nullopt;
    } else if (type_matches(p, *obj, numbers, i)) {
      out.values.push_back(obj);
      out.paths.push_back(path);
    } else if (varargs && arg_pos == 0 && !is_kwd && is_index(*obj)) {
      List items;
      for (const Value* v : a.positional) items.push_back(*v);
      out.varargs = std::make_shared<Value>(std::move(items));
      out.varargs->is_tuple = true;
      out.values.push_back(out.varargs.get());
      out.paths.push_back(path);
      arg_pos = nargs;
      continue;
    } else if (raise) {
      if (is_kwd)
        fail("TypeError", name + "(): argument '" + p.name + "' must be " + p.type + ", not " + python_type_name(*obj),
             p.name);
      fail("TypeError",
           name + "(): argument '" + p.name + "' (position " + std::to_string(arg_pos + 1) + ") must be " + p.type +
               ", not " + python_type_name(*obj),
           p.name);
    } else {
      return std::nullopt;
    }
    if (!is_kwd)
      ++arg_pos;
    else if (obj)
      --remaining;
  }
  if (remaining > 0) {
    if (!raise) return std::nullopt;
    for (const auto& [k, v] : a.kwargs) {
      std::size_t index = s.params.size();
      for (std::size_t i = 0; i < s.params.size(); ++i)
        if (s.params[i].name == k) index = i;
      if (index == s.params.size()) fail("TypeError", name + "() got an unexpected keyword argument '" + k + "'");
      if (index < nargs) fail("TypeError", name + "() got multiple values for argument '" + k + "'");
    }
    fail("TypeError", "invalid keyword arguments");
  }
  return out;
}

// --- format_invalid_args ------------------------------------------------------------------

// An option as format_invalid_args parses the printed signature: "*" counts as an argument.
std::vector<std::pair<std::string, std::string>> option_arguments(const std::string& printed) {
  std::vector<std::pair<std::string, std::string>> args;  // (type, name)
  std::string body = printed.substr(1, printed.size() - 2);
  if (body.empty()) return {{"", ""}};  // _splitString("") yields one empty piece
  std::size_t start = 0;
  for (;;) {
    const auto end = body.find(", ", start);
    const std::string arg = body.substr(start, end == std::string::npos ? std::string::npos : end - start);
    const auto space = arg.find_last_of(' ');
    args.emplace_back(space == std::string::npos ? arg : arg.substr(0, space),
                      space == std::string::npos ? arg : arg.substr(space + 1));
    if (end == std::string::npos) break;
    start = end + 2;
  }
  return args;
}

bool py_type_matches(const std::string& type, const std::string& py) {
  if (type == "float") return py == "float" || py == "int";
  if (type == "int" || type == "SymInt") return py == "int";
  return type == py;
}

// Keyword arguments in the order PyTorch's unordered_map iterates them.
std::vector<std::size_t> kwarg_order(const Args& a) {
  std::vector<std::string> keys;
  for (const auto& kw : a.kwargs) keys.push_back(kw.first);
  return libstdcxx_unordered_order(keys);
}

std::string arg_desc(const Args& a) {
  std::string s = "(";
  for (const Value* v : a.positional) s += python_type_name(*v) + ", ";
  for (std::size_t k : kwarg_order(a)) s += a.kwargs[k].first + "=" + python_type_name(*a.kwargs[k].second) + ", ";
  if (!a.positional.empty()) s.erase(s.size() - 2);
  return s + ")";
}

bool argcount_match(const std::vector<std::pair<std::string, std::string>>& option, const Args& a) {
  return option.size() == a.positional.size() + a.kwargs.size();
}

std::string formatted_arg_desc(const std::vector<std::pair<std::string, std::string>>& option, const Args& a) {
  std::string s = "(";
  const std::size_t n = a.positional.size() + a.kwargs.size();
  for (std::size_t i = 0; i < n; ++i) {
    const bool is_kwarg = i >= a.positional.size();
    const Value* v = is_kwarg ? a.kwarg(option[i].second) : a.positional[i];
    const std::string py = v ? python_type_name(*v) : "NoneType";
    const bool ok = v && py_type_matches(option[i].first, py);
    const std::string mark = ok ? "" : "!";
    s += mark + (is_kwarg ? option[i].second + "=" : "") + py + mark + ", ";
  }
  if (!a.positional.empty()) s.erase(s.size() - 2);
  return s + ")";
}

std::vector<std::string> unmatched_kwargs(const std::vector<std::pair<std::string, std::string>>& option,
                                          const Args& a) {
  std::vector<std::string> out;
  long start = long(option.size()) - long(a.kwargs.size());
  if (start < 0) start = 0;
  for (std::size_t k : kwarg_order(a)) {
    bool found = false;
    for (std::size_t i = std::size_t(start); i < option.size(); ++i) found |= option[i].second == a.kwargs[k].first;
    if (!found) out.push_back(a.kwargs[k].first);
  }
  return out;
}

std::string joined(const std::vector<std::string>& items) {
  std::string s;
  for (std::size_t i = 0; i < items.size(); ++i) s += (i ? ", " : "") + items[i];
  return s;
}

[[noreturn]] void invalid_combination(const std::string& name, const std::vector<std::string>& options, const Args& a) {
  std::string msg = name + "() received an invalid combination of arguments - ";
  if (options.size() == 1) {
    const auto option = option_arguments(options[0]);
    const auto unmatched = a.kwargs.empty() ? std::vector<std::string>{} : unmatched_kwargs(option, a);
    if (!unmatched.empty()) {
      msg += "got unrecognized keyword arguments: " + joined(unmatched);
    } else {
      msg += "got " + (argcount_match(option, a) ? formatted_arg_desc(option, a) : arg_desc(a)) + ", but expected " +
             options[0];
    }
    fail("TypeError", msg);
  }
  msg += "got " + arg_desc(a) + ", but expected one of:\n";
  for (const std::string& o : options) {
    msg += " * " + o + "\n";
    const auto option = option_arguments(o);
    if (!argcount_match(option, a)) continue;
    const auto unmatched = a.kwargs.empty() ? std::vector<std::string>{} : unmatched_kwargs(option, a);
    if (!unmatched.empty())
      msg += "      didn't match because some of the keywords were incorrect: " + joined(unmatched) + "\n";
    else
      msg += "      didn't match because some of the arguments have invalid types: " + formatted_arg_desc(option, a) +
             "\n";
  }
  fail("TypeError", msg);
}

// PythonArgParser::raw_parse and print_error. Returns the matched overload and its arguments.
std::pair<const Signature*, Parsed> parse_native(const Binding& b, const Args& a) {
  if (b.overloads.size() == 1) return {&b.overloads[0], *parse(b.message_name, b.overloads[0], a, true)};
  for (const Signature& s : b.overloads)
    if (auto p = parse(b.message_name, s, a, false)) return {&s, *p};
  const std::size_t num_args = a.positional.size() + a.kwargs.size();
  const Signature* plausible = nullptr;
  int count = 0;
  for (const Signature& s : b.overloads)
    if (!s.hidden && num_args >= s.min_args && num_args <= s.max_args) {
      plausible = &s;
      ++count;
    }
  if (count == 1) parse(b.message_name, *plausible, a, true);
  std::vector<std::string> options;
  for (const Signature& s : b.overloads)
    if (!s.hidden) options.push_back(s.printed());
  invalid_combination(b.message_name, options, a);
}

// --- Python functions -----------------------------------------------------------------------

std::string quoted_list(const std::vector<std::string>& names) {
  std::string s;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i) s += names.size() == 2 ? " and " : i + 1 == names.size() ? ", and " : ", ";
    s += "'" + names[i] + "'";
  }
  return s;
}

// CPython's argument binding for a def with defaults and keyword-only parameters.
Parsed parse_python(const std::string& name, const Signature& s, const Args& a) {
  Parsed out;
  out.values.assign(s.params.size(), nullptr);
  out.paths.assign(s.params.size(), ArgPath{});
  const std::size_t positional_params = s.max_pos_args;
  for (std::size_t i = 0; i < a.positional.size() && i < positional_params; ++i) {
    out.values[i] = a.positional[i];
    out.paths[i].position = a.first_position + int(i);
  }
  bool var_positional = false;
  for (std::size_t i = 0; i < s.params.size(); ++i)
    if (s.params[i].var_positional) {  // *tensors: the positional arguments left, as a tuple
      List rest;
      for (std::size_t k = positional_params; k < a.positional.size(); ++k) rest.push_back(*a.positional[k]);
      out.varargs = std::make_shared<Value>(std::move(rest));
      out.varargs->is_tuple = true;
      out.values[i] = out.varargs.get();
      out.paths[i].position = a.first_position + int(positional_params);
      out.paths[i].spread = true;
      var_positional = true;
    }
  for (const auto& [k, v] : a.kwargs) {
    std::size_t index = s.params.size();
    for (std::size_t i = 0; i < s.params.size(); ++i)
      if (s.params[i].name == k && !s.params[i].var_positional) index = i;
    if (index == s.params.size()) fail("TypeError", name + "() got an unexpected keyword argument '" + k + "'");
    if (out.values[index]) fail("TypeError", name + "() got multiple values for argument '" + k + "'");
    out.values[index] = v;
    out.paths[index].keyword = k;
  }
  if (a.positional.size() > positional_params && !var_positional) {
    std::size_t required = 0;
    for (std::size_t i = 0; i < positional_params; ++i) required += !s.params[i].optional;
    const std::string takes = required == positional_params
                                  ? std::to_string(positional_params)
                                  : "from " + std::to_string(required) + " to " + std::to_string(positional_params);
    fail("TypeError",
         name + "() takes " + takes + " positional argument" + (positional_params == 1 && required == 1 ? "" : "s") +
             " but " + std::to_string(a.positional.size()) + (a.positional.size() == 1 ? " was" : " were") + " given");
  }
  std::vector<std::string> missing, missing_kw;
  for (std::size_t i = 0; i < s.params.size(); ++i)
    if (!out.values[i] && !s.params[i].optional)
      (s.params[i].keyword_only ? missing_kw : missing).push_back(s.params[i].name);
  if (!missing.empty())
    fail("TypeError", name + "() missing " + std::to_string(missing.size()) + " required positional argument" +
                          (missing.size() == 1 ? "" : "s") + ": " + quoted_list(missing));
  if (!missing_kw.empty())
    fail("TypeError", name + "() missing " + std::to_string(missing_kw.size()) + " required keyword-only argument" +
                          (missing_kw.size() == 1 ? "" : "s") + ": " + quoted_list(missing_kw));
  return out;
}

std::pair<const Signature*, Parsed> parse_native(const Binding& b, const Args& a);

// A Python function with *tensors (block_diag, meshgrid, atleast_1d...) passes the tuple of its
// positional arguments, or its one argument (Binding::single_vararg), to a native function
// together with its keyword-only arguments that are not None (meshgrid leaves indexing=None
// out); that function's parser raises PyTorch's TypeErrors. Where the one argument is passed
// itself, the parameter becomes it: a list at its position, or a tensor.
void forward_varargs(const Binding& b, const Signature& s, Parsed& parsed) {
  std::size_t vi = 0;
  while (!s.params[vi].var_positional) ++vi;
  const List& items = parsed.varargs->as<List>();
  if (items.size() == 1 &&
      (b.single_vararg == SingleVararg::Itself || (b.single_vararg == SingleVararg::Sequence && items[0].is<List>()))) {
    parsed.values[vi] = &items[0];
    parsed.paths[vi].spread = false;
  }
  const Binding* native = find_binding(b.calls);
  if (!native) fail("RuntimeError", "internal error: no binding " + b.calls);
  Args forwarded;
  forwarded.positional.push_back(parsed.values[vi]);
  for (std::size_t i = vi + 1; i < s.params.size(); ++i)
    if (parsed.values[i] && !parsed.values[i]->is<None>())
      forwarded.kwargs.emplace_back(s.params[i].name, parsed.values[i]);
  parse_native(*native, forwarded);
}

// The torch function a Python function forwards to binds what it passes on: the arguments of
// the Python function's parameters that the torch function also has. They go in the torch function's own order, positionally up to the first one the caller
// left out and by keyword after it (F.batch_norm's order is not torch.batch_norm's); what
// the Python function fills in itself (defaults, cudnn_enabled) is not checked.
void check_forwarded_types(const Binding& inner, const Signature& outer, const Parsed& parsed) {
  if (inner.kind != BindingKind::Native || inner.overloads.empty()) return;
  Args forwarded;
  bool positional = true;
  for (const SignatureParam& p : inner.overloads.front().params) {
    const Value* v = nullptr;
    for (std::size_t j = 0; j < outer.params.size(); ++j)  // (the Python losses pass `reduction` on as its enum)
      if (outer.params[j].name == p.name && p.name != "reduction") v = parsed.values[j];
    if (!v) {
      positional = false;
      continue;
    }
    if (positional)
      forwarded.positional.push_back(v);
    else
      forwarded.kwargs.emplace_back(p.name, v);
  }
  try {
    parse_native(inner, forwarded);
  } catch (const Error& e) {
    if (std::string(e.what()).find(" missing ") == std::string::npos) throw;
  }
}

std::string short_name(const std::string& n) { return n.substr(n.rfind('.') + 1); }

// boolean_dispatch: the flag (by keyword, else at PyTorch's positional index) picks the row
// that binds the call; `dispatched` names it.
const Binding* follow_dispatch(const Binding* binding, const Args& a, std::string& dispatched) {
  while (binding && binding->kind == BindingKind::Dispatch) {
    const std::string& c = binding->calls;
    const auto at = c.find('@'), colon = c.find(':'), colon2 = c.find(':', colon + 1);
    const std::string flag = c.substr(0, at);
    const std::size_t index = std::stoul(c.substr(at + 1, colon - at - 1));
    const Value* v = nullptr;
    for (const auto& [k, kv] : a.kwargs)
      if (k == flag) v = kv;
    if (!v && index < a.positional.size()) v = a.positional[index];
    dispatched = v && python_bool(*v) ? c.substr(colon + 1, colon2 - colon - 1) : c.substr(colon2 + 1);
    binding = find_binding(dispatched);
    if (!binding) fail("RuntimeError", "internal error: no binding " + dispatched);
  }
  return binding;
}

// PythonArgs::intlist: an int list's elements as ints (a bool or a one-element integer tensor
// is its index value), else PyTorch's TypeError naming the first element that is not one.
Value int_list_values(const std::string& name, const SignatureParam& p, const Value& v) {
  if (!v.is<List>()) return v;
  const List& items = v.as<List>();
  List out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    const Value& item = items[i];
    if (item.is<std::int64_t>())
      out.push_back(item);
    else if (item.is<bool>())
      out.push_back(std::int64_t(item.as<bool>()));
    else if (is_index(item))
      out.push_back(item.as<Tensor>().get(0).i);
    else
      fail("TypeError",
           name + "(): argument '" + p.name + "' must be " + p.type + ", but found element of type " +
               python_type_name(item) + " at pos " + std::to_string(i + 1),
           p.name);
  }
  Value r(std::move(out));
  r.is_tuple = v.is_tuple;
  return r;
}

// --- the descriptor's own parameters (ops without a table row) ------------------------------

Signature descriptor_signature(const OpDescriptor& op, bool method) {
  std::string text = "(";
  bool star = false, first = true;
  for (std::size_t i = method ? 1 : 0; i < op.params.size(); ++i) {
    const Param& p = op.params[i];
    if (method && p.type == ParamType::OutTensor) continue;
    if (!first) text += ", ";
    first = false;
    if (p.keyword_only && !star) {
      text += "*, ";
      star = true;
    }
    static const char* words[] = {"Tensor",           "int",     "bool",           "float",  "torch.dtype",
                                  "tuple of ints",    "Tensor?", "Number",         "Tensor", "str",
                                  "tuple of Tensors", "object",  "torch.Generator"};
    text += std::string(words[int(p.type)]) + (p.optional && p.type != ParamType::OutTensor ? "?" : "") + " " + p.name;
    if (p.has_default) text += "=default";
  }
  return parse_signature(text + ")", false);
}

}  // namespace

Bound bind(const OpDescriptor& op, const Call& call) {
  const bool method = is_method_name(call.op);
  const Binding* binding = find_binding(call.op);

  Args a;
  if (method) {
    if (call.args.empty())
      fail("TypeError", "unbound method _TensorBase." + short_name(call.op) + "() needs an argument");
    if (!call.args[0].is<Tensor>())
      fail("TypeError", "descriptor '" + short_name(call.op) +
                            "' for 'torch._C._TensorBase' objects doesn't apply to a '" +
                            python_type_name(call.args[0]) + "' object");
    a.first_position = 1;
  }
  for (std::size_t i = std::size_t(a.first_position); i < call.args.size(); ++i) a.positional.push_back(&call.args[i]);
  for (const auto& [k, v] : call.kwargs) a.kwargs.emplace_back(k, &v);
  std::string dispatched;
  binding = follow_dispatch(binding, a, dispatched);
  const std::string name = binding ? binding->message_name : short_name(call.op);

  const Signature* matched = nullptr;
  Parsed parsed;
  Signature own;
  if (binding && binding->kind == BindingKind::NoArgs) {
    if (!a.kwargs.empty()) fail("TypeError", name + "() takes no keyword arguments");
    if (!a.positional.empty())
      fail("TypeError", name + "() takes no arguments (" + std::to_string(a.positional.size()) + " given)");
    own = parse_signature("()", false);
    matched = &own;
  } else if (binding && binding->kind == BindingKind::Python) {
    matched = &binding->overloads.at(0);
    if (method) {  // a Python method's def names self
      a.positional.insert(a.positional.begin(), &call.args[0]);
      a.first_position = 0;
    }
    parsed = parse_python(name, *matched, a);
    if (parsed.varargs && !binding->calls.empty())
      forward_varargs(*binding, *matched, parsed);  // (einsum reads its *args itself)
    // (A method it forwards to takes the input as self: only the types of non-tensor inputs matter.)
    const Binding* inner = binding->calls.empty() || binding->operator_method || is_method_name(binding->calls)
                               ? nullptr
                               : find_binding(binding->calls);
    // A Python function that first calls a method of its input (group_norm: input.size(0))
    // fails there on a non-tensor, before it forwards anything.
    const bool input_method_first = !op.python_input_method.empty() && !parsed.values.empty() && parsed.values[0] &&
                                    !parsed.values[0]->is<Tensor>();
    if (parsed.varargs) {
      // (checked by forward_varargs)
    } else if (inner && !input_method_first) {
      if (op.python_input_method.empty()) check_forwarded_types(*inner, *matched, parsed);
    } else if (!binding->operator_method && !parsed.values.empty() && parsed.values[0] &&
               !parsed.values[0]->is<Tensor>()) {
      // The Python function's first step on its input: a method call, or a torch._C function
      // whose only overload takes a Tensor.
      const std::string type = python_type_name(*parsed.values[0]);
      auto no_attribute = [&](const std::string& attribute) {
        fail("AttributeError", "'" + type + "' object has no attribute '" + attribute + "'");
      };
      // softmax, softmin and log_softmax (the rows with _stacklevel) ask _get_softmax_dim for a
      // dim when none is given, which reads input.dim() first.
      const auto& params = matched->params;
      for (std::size_t i = 0; i + 1 < params.size(); ++i)
        if (params[i].name == "dim" && params[i + 1].name == "_stacklevel" &&
            (i >= parsed.values.size() || !parsed.values[i] || parsed.values[i]->is<None>()))
          no_attribute("dim");
      if (op.python_input_method == "-") {  // softmin: (-input).softmax(dim); -True is the int -1
        if (type == "int" || type == "float" || type == "bool")
          fail("AttributeError",
               "'" + std::string(type == "float" ? "float" : "int") + "' object has no attribute 'softmax'");
        fail("TypeError", "bad operand type for unary -: '" + type + "'");
      }
      if (!op.python_input_method.empty()) no_attribute(op.python_input_method);
      // A function that is its input's method (F.sigmoid: input.sigmoid()) fails at the attribute.
      if (is_method_name(binding->calls)) no_attribute(short_name(binding->calls));
      if (!binding->calls.empty())
        fail("TypeError",
             short_name(binding->calls) + "(): argument '" + matched->params[0].name +
                 "' (position 1) must be Tensor, not " + type,
             matched->params[0].name);
    }
  } else if (binding) {
    auto [s, p] = parse_native(*binding, a);
    matched = s;
    parsed = std::move(p);
  } else {
    own = descriptor_signature(op, method);
    Binding b;
    b.message_name = name;
    b.overloads.push_back(own);
    auto [s, p] = parse_native(b, a);
    (void)s;
    matched = &own;
    parsed = std::move(p);
  }

  // A native parser converts its int lists before the call: a bad element fails here.
  std::vector<Value> int_lists(parsed.values.size());
  const bool native = !binding || binding->kind == BindingKind::Native;
  for (std::size_t i = 0; native && i < parsed.values.size(); ++i)
    if (parsed.values[i] && is_int_list_type(matched->params[i].type) && parsed.values[i]->is<List>()) {
      int_lists[i] = int_list_values(name, matched->params[i], *parsed.values[i]);
      parsed.values[i] = &int_lists[i];
    }

  // The matched overload's arguments onto the descriptor's parameters: by name, else by
  // position ("Number self" in where(condition, self, other) is the descriptor's input).
  Bound b;
  b.op = &op;
  b.name = call.op;
  b.dispatched = dispatched;
  b.values.resize(op.params.size());
  b.paths.resize(op.params.size());
  // self is the descriptor's input (Tensor.where(condition, other) has self as input).
  const int self_param = method ? std::max(0, op.param_index("input")) : -1;
  if (method) {
    b.values[std::size_t(self_param)] = call.args[0];
    b.paths[std::size_t(self_param)].position = 0;
  }
  const std::size_t offset = method ? 1 : 0;
  for (std::size_t i = 0; i < parsed.values.size(); ++i) {
    const SignatureParam& p = matched->params[i];
    int target = op.param_index(p.name);
    const bool python_self = binding && binding->kind == BindingKind::Python && method;
    if (python_self)
      target = i < op.params.size() ? int(i) : -1;  // (self, other) onto (input, other)
    else if (target < 0 || (p.name == "self" && !method))
      target = int(i + offset) < int(op.params.size()) ? int(i + offset) : -1;
    if (method && !python_self && target == self_param) continue;  // a name clash with self: keep self
    // A factory's names= names the new tensor's dims (the kernel refuses all but None); other
    // name parameters are dims given by name.
    const bool dim_names = (p.type == "name" || p.type == "tuple of names") && p.name != "names";
    if (target < 0) {
      if (parsed.values[i] && dim_names)  // the named-tensor overload: PyTorch refuses at run time
        target = -2;
      else
        continue;
    }
    if (target == -2 || dim_names) {
      const Value& v0 = *parsed.values[i];
      const Value& v = v0.is<List>() && !v0.as<List>().empty() ? v0.as<List>()[0] : v0;
      if (v.is<std::string>()) {
        const std::string& s = v.as<std::string>();
        bool ident = !s.empty() && !std::isdigit(static_cast<unsigned char>(s[0]));
        for (char c : s) ident = ident && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
        if (!ident)
          fail("RuntimeError",
               "Invalid name: a valid identifier contains only digits, alphabetical characters, "
               "and/or underscore and starts with a non-digit. got: '" +
                   s + "'.",
               p.name);
      }
      if (op.names_resolve) {  // a named-tensor overload that looks the name up
        if (!v.is<std::string>()) fail("RuntimeError", "Please look up dimensions by name, got: name = None.", p.name);
        std::string nones;
        // The names of self, or of the first tensor of cat's list (by position or keyword).
        const Value* first = method ? &call.args[0] : parsed.values.empty() ? nullptr : parsed.values[0];
        if (first && first->is<List>()) {
          if (first->as<List>().empty())
            fail("RuntimeError", "expected a non-empty list of Tensors", matched->params[0].name);
          first = &first->as<List>()[0];
        }
        const Tensor& self = first && first->is<Tensor>() ? first->as<Tensor>() : Tensor();
        for (int d = 0; self.defined() && d < self.dim(); ++d) nones += d ? ", None" : "None";
        fail("RuntimeError", "Name '" + v.as<std::string>() + "' not found in Tensor[" + nones + "].", p.name);
      }
      fail("RuntimeError",
           name +
               ": You passed a dimname (string) to this op in place of a dimension index but it "
               "does not yet support this behavior. Please pass a dimension index to work around this.",
           p.name);
    }
    if (!parsed.values[i]) continue;
    b.values[std::size_t(target)] = *parsed.values[i];
    b.paths[std::size_t(target)] = parsed.paths[i];
  }
  for (std::size_t i = 0; i < op.params.size(); ++i) {
    if (b.paths[i].given() || int(i) == self_param) continue;
    b.values[i] = op.params[i].has_default ? op.params[i].default_value : Value(None{});
  }
  for (std::size_t i = 0; i < op.params.size(); ++i)
    if (op.params[i].type == ParamType::OutTensor && b.values[i].is<Tensor>())
      fail("Unsupported", "Whence does not show out= yet; pass out=None or leave it out", op.params[i].name);
  return b;
}

void check_native_call(const std::string& binding, const std::vector<const Value*>& positional,
                       const std::vector<std::pair<std::string, const Value*>>& kwargs) {
  const Binding* b = find_binding(binding);
  if (!b) fail("RuntimeError", "internal error: no binding " + binding);
  Args a;
  a.positional = positional;
  a.kwargs = kwargs;
  const auto [s, parsed] = parse_native(*b, a);
  for (std::size_t i = 0; i < parsed.values.size(); ++i)  // (an int list's elements are converted too)
    if (parsed.values[i] && is_int_list_type(s->params[i].type))
      int_list_values(b->message_name, s->params[i], *parsed.values[i]);
}

}  // namespace whence
