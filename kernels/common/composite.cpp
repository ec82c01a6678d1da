// composite.cpp - the shared pieces of formula-over-groups ops (kernels/common/composite.hpp).
#include "kernels/common/composite.hpp"

#include <algorithm>
#include <cmath>
#include <deque>

#include "core/call_syntax.hpp"
#include "core/error.hpp"
#include "core/number_format.hpp"
#include "core/shape.hpp"

namespace whence {

std::vector<Param> param_list(const char* spec) {
  static const char* types[] = {"Tensor",     "Int",   "Bool",     "Float",          "DType",
                                "IntList",    "Out",   "Number",   "TensorOrNumber", "String",
                                "TensorList", "Index", "Generator"};
  std::vector<Param> out;
  bool keyword_only = false;
  const std::string text = spec;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find(' ', at);
    if (end == std::string::npos) end = text.size();
    std::string token = text.substr(at, end - at);
    at = end + 1;
    if (token.empty()) continue;
    if (token == "*") {
      keyword_only = true;
      continue;
    }
    Param p;
    p.keyword_only = keyword_only;
    if (token[0] == '*') {  // "*tensors:TensorList": Python's var-positional; the rest is keyword-only
      p.var_positional = true;
      keyword_only = true;
      token.erase(0, 1);
    }
    const std::size_t colon = token.find(':'), eq = token.find('=');
    p.name = token.substr(0, colon);
    std::string type = token.substr(colon + 1, (eq == std::string::npos ? token.size() : eq) - colon - 1);
    if (!type.empty() && type.back() == '@') p.accepts_dimname = true, type.pop_back();
    if (!type.empty() && type.back() == '?') p.optional = true, type.pop_back();
    if (!type.empty() && type.back() == '@') p.accepts_dimname = true, type.pop_back();
    const auto known = std::find(std::begin(types), std::end(types), type);
    if (known == std::end(types))
      throw std::logic_error("param_list: unknown type " + type);  // a typo in a registration
    p.type = ParamType(known - std::begin(types));
    if (eq != std::string::npos) {
      const std::string d = token.substr(eq + 1);
      p.has_default = true;
      if (d == "None")
        p.default_value = Value(None{});
      else if (d == "True" || d == "False")
        p.default_value = Value(d == "True");
      else if (d[0] == '(') {
        List items;
        for (std::size_t i = 1; i < d.size() - 1;) {
          const std::size_t comma = d.find(',', i);
          const std::size_t stop = comma == std::string::npos ? d.size() - 1 : comma;
          if (stop > i) items.push_back(Value(std::int64_t(std::stoll(d.substr(i, stop - i)))));
          i = stop + 1;
        }
        p.default_value = Value(items);
      } else if (d[0] == '\'')
        p.default_value = Value(d.substr(1, d.size() - 2));
      else if (d.find_first_of(".e") != std::string::npos)
        p.default_value = Value(std::stod(d));
      else
        p.default_value = Value(std::int64_t(std::stoll(d)));
    }
    if (p.type == ParamType::OutTensor)
      p.keyword_only = true, p.optional = true, p.has_default = true, p.default_value = Value(None{});
    out.push_back(std::move(p));
  }
  return out;
}

std::vector<std::string> split_names(const char* names) {
  std::vector<std::string> out;
  for (const char* p = names; *p;) {
    while (*p == ' ') ++p;
    const char* end = p;
    while (*end && *end != ' ') ++end;
    if (end != p) out.emplace_back(p, end);
    p = end;
  }
  return out;
}

std::string docs_url(const std::string& name) {
  const std::string base = "https://pytorch.org/docs/stable/";
  if (name.rfind("torch.special.", 0) == 0) return base + "special.html#" + name;
  if (name.rfind("torch.Tensor.__", 0) == 0) return base + "tensors.html";
  if (is_property_op(name)) return base + "tensors.html#" + name;  // x.T: an attribute, no page of its own
  return base + "generated/" + name + ".html";
}

const OpDescriptor& add_op(std::vector<const OpDescriptor*>& t, OpDescriptor op) {
  static std::deque<OpDescriptor> ops;  // a deque never moves what it holds
  ops.push_back(std::move(op));
  t.push_back(&ops.back());
  return ops.back();
}

OpDescriptor described_op(const char* names, const char* family, const char* summary, const char* example,
                          std::vector<Param> params) {
  OpDescriptor op;
  op.names = split_names(names);
  op.family = family;
  op.summary = summary;
  op.docs = docs_url(op.names.front());
  op.example = example;
  op.params = std::move(params);
  return op;
}

OpDescriptor composite_op(const char* names, const char* family, const char* summary, const char* example,
                          std::vector<Param> params, RunFn run, ExplainFn explain, EquationFn equation,
                          const void* family_data) {
  OpDescriptor op = described_op(names, family, summary, example, std::move(params));
  op.run = run;
  op.explain = explain;
  op.equation_fn = equation;
  op.family_data = family_data;
  return op;
}

const Value& arg(const Bound& b, const char* name) {
  static const Value none{None{}};
  const int p = b.op->param_index(name);
  return p >= 0 ? b[std::size_t(p)] : none;
}
bool tensor_given(const Bound& b, const char* name) { return arg(b, name).is<Tensor>(); }
const Tensor& tensor_arg(const Bound& b, const char* name) { return arg(b, name).as<Tensor>(); }
double double_arg(const Bound& b, const char* name, double dflt) {
  const Value& v = arg(b, name);
  if (v.is<double>()) return v.as<double>();
  if (v.is<std::int64_t>()) return double(v.as<std::int64_t>());
  if (v.is<bool>()) return v.as<bool>() ? 1 : 0;
  if (v.is<Tensor>()) return v.as<Tensor>().get(0).as_double();
  return dflt;
}
std::int64_t int_arg(const Bound& b, const char* name, std::int64_t dflt) {
  const Value& v = arg(b, name);
  if (v.is<std::int64_t>()) return v.as<std::int64_t>();
  if (v.is<bool>()) return v.as<bool>() ? 1 : 0;
  if (v.is<Tensor>() && v.as<Tensor>().numel() == 1) return v.as<Tensor>().get(0).i;  // (the binder refused others)
  return dflt;
}
bool bool_arg(const Bound& b, const char* name, bool dflt) {
  const Value& v = arg(b, name);
  return v.is<bool>() ? v.as<bool>() : dflt;
}
std::string string_arg(const Bound& b, const char* name, const std::string& dflt) {
  const Value& v = arg(b, name);
  return v.is<std::string>() ? v.as<std::string>() : dflt;
}

Shape size_arg(const Bound& b) {
  Shape s;
  const Value& v = arg(b, "size");
  if (v.is<List>())
    for (const Value& item : v.as<List>())
      s.push_back(item.is<std::int64_t>() ? item.as<std::int64_t>() : std::int64_t(item.as<bool>()));
  return s;
}

DType dtype_or(const Bound& b, DType dflt) {
  const Value& v = arg(b, "dtype");
  return v.is<DType>() ? v.as<DType>() : dflt;
}

// (out= is refused by the binder; layout and memory_format can only be None, as Whence has no
// values of those types.)
void check_factory_options(const Bound& b) {
  if (!arg(b, "names").is<None>())
    fail("Unsupported", "Whence has no named tensors; pass names=None or leave it out", "names");
  const Value& device = arg(b, "device");
  if (!device.is<None>() && !(device.is<std::string>() && device.as<std::string>() == "cpu"))
    fail("Unsupported", "Whence computes on the CPU only; pass device=None or device='cpu'", "device");
  if (bool_arg(b, "pin_memory", false))
    fail("Unsupported", "Whence does not pin memory; pass pin_memory=False or leave it out", "pin_memory");
  // requires_grad=True: a program makes the result a leaf that requires grad
  // (core/program/program_autograd.cpp); a single call's values are the same either way.
}

Source source(const Bound& b, const char* name, std::int64_t flat, Role role) {
  return Source{b.op->param_index(name), flat, role};
}

std::int64_t broadcast_flat(const Shape& operand, const Shape& full, std::int64_t flat) {
  std::int64_t f = 0, stride = 1;
  const std::size_t lead = full.size() - operand.size();
  for (std::size_t d = full.size(); d-- > lead;) {
    const std::int64_t c = flat % full[d], n = operand[d - lead];
    flat /= full[d];
    f += (n == 1 ? 0 : c) * stride;
    stride *= n;
  }
  return f;
}

std::string torch_size(const Shape& s) { return "torch.Size(" + shape_str(s) + ")"; }

double pnorm(const std::vector<double>& v, double p) {
  double acc = p == -INFINITY && !v.empty() ? INFINITY : 0;
  for (double x : v) {
    const double a = std::fabs(x);
    if (std::isnan(a)) return a;
    if (p == INFINITY)
      acc = std::max(acc, a);
    else if (p == -INFINITY)
      acc = std::min(acc, a);
    else if (p == 0)
      acc += a != 0;
    else if (p == 1)
      acc += a;
    else if (p == 2)
      acc += a * a;
    else
      acc += std::pow(a, p);
  }
  if (p == 2) return std::sqrt(acc);
  if (p == 0 || p == 1 || std::isinf(p)) return acc;
  return std::pow(acc, 1 / p);
}

std::vector<double> values_of(const Tensor& t) {
  std::vector<double> v(std::size_t(t.numel()));
  for (std::int64_t i = 0; i < t.numel(); ++i) v[std::size_t(i)] = t.get(i).as_double();
  return v;
}
Tensor tensor_of(DType d, const Shape& shape, const std::vector<double>& v) {
  Tensor t = Tensor::empty(d, shape);
  for (std::size_t i = 0; i < v.size(); ++i) t.set(std::int64_t(i), Scalar::from_float(v[i]));
  return t;
}

std::string coords(const Shape& shape, std::int64_t flat) {
  std::string c;
  for (int d = int(shape.size()) - 1; d >= 0; --d) {
    c = "[" + std::to_string(flat % shape[std::size_t(d)]) + "]" + c;
    flat /= shape[std::size_t(d)];
  }
  return c;
}
std::string source_ref(const Bound& b, const Source& s) {
  return b.op->params[std::size_t(s.param)].name + coords(b.tensor(std::size_t(s.param)).shape(), s.flat);
}
std::string source_value(const Bound& b, const Source& s) {
  return format_scalar(b.tensor(std::size_t(s.param)).get(s.flat));
}
std::string out_ref(const OpResult& r, int position, std::int64_t flat) {
  return std::string("out") + (r.is_tuple ? "[" + std::to_string(position) + "]" : "") +
         coords(r.tensors[std::size_t(position)].shape(), flat);
}

LossReduction loss_reduction(const Bound& b) {
  const std::string r = string_arg(b, "reduction", "mean");
  if (r == "none") return LossReduction::None;
  if (r == "mean") return LossReduction::Mean;
  if (r == "sum") return LossReduction::Sum;
  fail("ValueError", r + " is not a valid value for reduction", "reduction");
}

}  // namespace whence
