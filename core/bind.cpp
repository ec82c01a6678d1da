#include "bind.hpp"

#include <cctype>

#include "error.hpp"
#include "pytorch_order.hpp"

namespace whence {

namespace {

const char* type_word(ParamType t) {
  switch (t) {
    case ParamType::Tensor: return "Tensor";
    case ParamType::Int: return "int";
    case ParamType::Bool: return "bool";
    case ParamType::Float: return "float";
    case ParamType::DType: return "torch.dtype";
    case ParamType::IntList: return "tuple of ints";
    case ParamType::Number: return "Number";
    case ParamType::TensorOrNumber: return "Tensor";
    case ParamType::String: return "str";
    case ParamType::OutTensor: break;
  }
  return "Tensor";
}

bool is_number(const Value& v) { return v.is<bool>() || v.is<std::int64_t>() || v.is<double>(); }

bool matches(const Param& p, const Value& v) {
  if (p.optional && v.is<None>()) return true;
  switch (p.type) {
    case ParamType::Number: return is_number(v) || (v.is<Tensor>() && v.as<Tensor>().dim() == 0);
    case ParamType::TensorOrNumber: return v.is<Tensor>() || is_number(v);
    case ParamType::String: return v.is<std::string>();
    case ParamType::Tensor: return v.is<Tensor>();
    case ParamType::Int:
      return v.is<std::int64_t>() ||
             (v.is<Tensor>() && v.as<Tensor>().dim() == 0 && is_integral(v.as<Tensor>().dtype(), false));
    case ParamType::Bool: return v.is<bool>();
    case ParamType::Float: return v.is<std::int64_t>() || v.is<double>();
    case ParamType::DType: return v.is<DType>();
    case ParamType::IntList:
      if (v.is<std::int64_t>()) return true;
      if (!v.is<List>()) return false;
      for (const auto& item : v.as<List>())
        if (!item.is<std::int64_t>()) return false;
      return true;
    case ParamType::OutTensor: return v.is<None>() || v.is<Tensor>();
  }
  return false;
}

bool is_identifier(const std::string& s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  for (char c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  return true;
}

std::string short_name(const OpDescriptor& op) {
  const std::string& n = op.names.front();
  return n.substr(n.rfind('.') + 1);
}

// PyTorch's "got (...)" list: keywords in its unordered_map order, and with no positional
// arguments a trailing ", ".
std::string got_list(const Call& call, std::size_t first) {
  std::string s;
  const std::size_t positional = call.args.size() - first;
  for (std::size_t i = first; i < call.args.size(); ++i)
    s += (i > first ? ", " : "") + python_type_name(call.args[i]);
  std::vector<std::string> keys;
  for (const auto& kw : call.kwargs) keys.push_back(kw.first);
  const auto order = libstdcxx_unordered_order(keys);
  for (std::size_t k = 0; k < order.size(); ++k) {
    const auto& [name, value] = call.kwargs[order[k]];
    if (k == 0 && positional) s += ", ";
    s += name + "=" + python_type_name(value);
    if (k + 1 < order.size() || !positional) s += ", ";
  }
  return s;
}

std::string overload(const OpDescriptor& op, bool method, bool dimname) {
  std::string s;
  bool star = false;
  for (std::size_t i = method ? 1 : 0; i < op.params.size(); ++i) {
    const Param& p = op.params[i];
    if (method && p.type == ParamType::OutTensor) continue;
    if (!s.empty()) s += ", ";
    if (p.keyword_only && !star) {
      s += "*, ";
      star = true;
    }
    s += (dimname && p.accepts_dimname ? "name" : type_word(p.type)) + std::string(" ") + p.name;
  }
  return s;
}

[[noreturn]] void invalid_combination(const OpDescriptor& op, const Call& call, bool method) {
  bool has_dimname = false;
  for (const auto& p : op.params) has_dimname |= p.accepts_dimname;
  std::string msg = short_name(op) + "() received an invalid combination of arguments - got (" +
                    got_list(call, method ? 1 : 0) + "), but expected one of:\n";
  msg += " * (" + overload(op, method, false) + ")\n";
  if (has_dimname) msg += " * (" + overload(op, method, true) + ")\n";
  fail("TypeError", msg);
}

}  // namespace

Bound bind(const OpDescriptor& op, const Call& call) {
  const bool method = is_method_name(call.op);
  Bound b;
  b.op = &op;
  b.values.resize(op.params.size());
  b.paths.resize(op.params.size());

  std::size_t first = 0;
  if (method) {
    if (call.args.empty())
      fail("TypeError", "unbound method _TensorBase." + short_name(op) + "() needs an argument");
    if (!call.args[0].is<Tensor>())
      fail("TypeError", "descriptor '" + short_name(op) +
                            "' for 'torch._C._TensorBase' objects doesn't apply to a '" +
                            python_type_name(call.args[0]) +
                            "' object");
    b.values[0] = call.args[0];
    b.paths[0].position = 0;
    first = 1;
  }
  auto visible = [&](std::size_t i) {
    return !(method && (i == 0 || op.params[i].type == ParamType::OutTensor));
  };

  // Positional arguments fill the visible, non-keyword-only parameters in order.
  std::size_t next_param = 0;
  for (std::size_t a = first; a < call.args.size(); ++a) {
    while (next_param < op.params.size() && !visible(next_param)) ++next_param;
    if (next_param >= op.params.size() || op.params[next_param].keyword_only)
      invalid_combination(op, call, method);
    b.values[next_param] = call.args[a];
    b.paths[next_param].position = int(a);
    ++next_param;
  }
  for (const auto& [name, value] : call.kwargs) {
    const int i = op.param_index(name);
    if (i < 0 || !visible(std::size_t(i)) || b.paths[i].given()) invalid_combination(op, call, method);
    b.values[i] = value;
    b.paths[i].keyword = name;
  }

  // Defaults, then types. A str or None where a dim goes matches PyTorch's named-tensor
  // overload, which then refuses at run time.
  const Param* dimname_at_fault = nullptr;
  const Value* dimname_value = nullptr;
  for (std::size_t i = 0; i < op.params.size(); ++i) {
    const Param& p = op.params[i];
    if (!b.paths[i].given()) {
      if (!visible(i) || p.has_default) {
        b.values[i] = p.has_default ? p.default_value : Value(None{});
        continue;
      }
      invalid_combination(op, call, method);
    }
    if (matches(p, b.values[i])) continue;
    if (p.accepts_dimname && (b.values[i].is<std::string>() || b.values[i].is<None>())) {
      dimname_at_fault = &p;
      dimname_value = &b.values[i];
      continue;
    }
    invalid_combination(op, call, method);
  }
  if (dimname_at_fault) {
    if (dimname_value->is<std::string>() && !is_identifier(dimname_value->as<std::string>()))
      fail("RuntimeError",
           "Invalid name: a valid identifier contains only digits, alphabetical characters, "
           "and/or underscore and starts with a non-digit. got: '" +
               dimname_value->as<std::string>() + "'.",
           dimname_at_fault->name);
    fail("RuntimeError", short_name(op) +
                             ": You passed a dimname (string) to this op in place of a dimension "
                             "index but it does not yet support this behavior. Please pass a "
                             "dimension index to work around this.",
         dimname_at_fault->name);
  }
  for (std::size_t i = 0; i < op.params.size(); ++i)
    if (op.params[i].type == ParamType::OutTensor && b.values[i].is<Tensor>())
      fail("Unsupported", "Whence does not show out= yet; pass out=None or leave it out", op.params[i].name);
  return b;
}

}  // namespace whence
