#include "call_format.hpp"

#include <cmath>

#include "api.hpp"
#include "call_syntax.hpp"
#include "number_format.hpp"
#include "registry.hpp"

namespace whence {

namespace {

std::string python_float(double v) {
  if (std::isnan(v)) return "float('nan')";
  if (std::isinf(v)) return v < 0 ? "-float('inf')" : "float('inf')";
  return format_float(v, false);
}

std::string element_source(const Scalar& s) {
  if (is_floating(s.dtype) && !std::isfinite(s.f)) return python_float(s.f);
  return format_scalar(s);
}

// Nested list of dims [d, rank) starting at flat element `first`.
void nested(const Tensor& t, int d, std::int64_t& flat, std::string& out) {
  if (d == t.dim()) {
    out += element_source(t.get(flat++));
    return;
  }
  out += '[';
  for (std::int64_t i = 0; i < t.shape()[d]; ++i) {
    if (i) out += ", ";
    nested(t, d + 1, flat, out);
  }
  out += ']';
}

// The dtype torch.tensor infers from literals of this dtype's kind.
DType literal_dtype(DType d) {
  if (d == DType::Bool) return DType::Bool;
  return is_floating(d) ? DType::Float32 : DType::Int64;
}

std::string python_string(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'' || c == '\\') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out + "'";
}

// A call that Python's operator syntax produces, written as that operator: __add__(a, b) is
// "A + B", __rsub__(t, 1) is "1 - T", __neg__(a) is "-A". Empty when the call is not one
// (keyword arguments, a non-tensor self, or a reflected call that the operator would not
// give back), so that parse_call(format_call(c)) == c.
std::string operator_form(const Call& call) {
  if (!call.kwargs.empty() || call.args.empty() || !call.args[0].is<Tensor>() || !is_method_name(call.op)) return {};
  const std::string method = call.op.substr(13);
  for (const auto& s : operator_spellings()) {
    if (s.unary) {
      if (method == s.method && call.args.size() == 1) return s.symbol + format_value(call.args[0]);
      continue;
    }
    if (call.args.size() != 2) continue;
    if (method == s.method) return format_value(call.args[0]) + " " + s.symbol + " " + format_value(call.args[1]);
    if (s.comparison || method != s.reflected) continue;
    const Value& other = call.args[1];
    // tensor + tensor would call __add__; 'a' + t and [1] + t raise instead of reflecting.
    if (other.is<Tensor>()) return {};
    if (s.symbol == std::string("+") && (other.is<std::string>() || other.is<List>())) return {};
    std::string left = format_value(other);
    // -2 ** t is -(2 ** t): a negative left operand of ** needs parentheses.
    if (s.symbol == std::string("**") && left[0] == '-') left = "(" + left + ")";
    return left + " " + s.symbol + " " + format_value(call.args[0]);
  }
  return {};
}

}  // namespace

std::string format_tensor(const Tensor& t) {
  const std::string dtype_kw = "dtype=" + std::string(dtype_torch_name(t.dtype()));
  if (t.numel() == 0) {
    // Nested lists cannot spell every empty shape ([0, 3]); torch.zeros can.
    std::string shape = "(";
    for (int d = 0; d < t.dim(); ++d) shape += (d ? ", " : "") + std::to_string(t.shape()[d]);
    shape += t.dim() == 1 ? ",)" : ")";
    return "torch.zeros(" + shape + (t.dtype() == DType::Float32 ? "" : ", " + dtype_kw) + ")";
  }
  std::string out = "torch.tensor(";
  std::int64_t flat = 0;
  nested(t, 0, flat, out);
  if (t.dtype() != literal_dtype(t.dtype())) out += ", " + dtype_kw;
  return out + ")";
}

std::string format_value(const Value& v) {
  struct Visitor {
    bool tuple;
    std::string operator()(const None&) const { return "None"; }
    std::string operator()(bool b) const { return b ? "True" : "False"; }
    std::string operator()(std::int64_t i) const { return std::to_string(i); }
    std::string operator()(double f) const { return python_float(f); }
    std::string operator()(const std::string& s) const { return python_string(s); }
    std::string operator()(DType d) const { return std::string(dtype_torch_name(d)); }
    std::string operator()(const Tensor& t) const { return format_tensor(t); }
    std::string operator()(const List& items) const {
      std::string s = tuple ? "(" : "[";
      for (std::size_t i = 0; i < items.size(); ++i) s += (i ? ", " : "") + format_value(items[i]);
      if (tuple && items.size() == 1) s += ",";
      return s + (tuple ? ")" : "]");
    }
    std::string operator()(const Slice& s) const {
      auto part = [](const std::optional<std::int64_t>& p) { return p ? std::to_string(*p) : std::string("None"); };
      return "slice(" + part(s.start) + ", " + part(s.stop) + ", " + part(s.step) + ")";
    }
    std::string operator()(const Ellipsis&) const { return "Ellipsis"; }
    std::string operator()(const GeneratorRef&) const { return "<torch._C.Generator object>"; }
    std::string operator()(const GradFnRef& g) const { return "<" + g.name + " object>"; }
    std::string operator()(const ObjectRef& o) const { return o.object->repr(); }
  };
  return std::visit(Visitor{v.is_tuple}, v.v);
}

std::string format_index_item(const Value& v) {
  if (v.is<Ellipsis>()) return "...";
  if (!v.is<Slice>()) return format_value(v);
  const Slice& s = v.as<Slice>();
  auto part = [](const std::optional<std::int64_t>& p) { return p ? std::to_string(*p) : std::string(); };
  return part(s.start) + ":" + part(s.stop) + (s.step ? ":" + part(s.step) : "");
}

namespace {

// x[index]: a tuple index is written without its parentheses (x[1, :]), as Python reads it.
std::string subscript_form(const Call& call) {
  const Value& index = call.args[1];
  std::string inside;
  if (index.is<List>() && index.is_tuple) {
    const List& items = index.as<List>();
    for (std::size_t i = 0; i < items.size(); ++i) inside += (i ? ", " : "") + format_index_item(items[i]);
    if (items.size() == 1) inside += ",";
    if (items.empty()) inside = "()";
  } else {
    inside = format_index_item(index);
  }
  return format_value(call.args[0]) + "[" + inside + "]";
}

}  // namespace

std::string format_call(const Call& call) {
  if (call.op == "torch.Tensor.__getitem__" && call.args.size() == 2 && call.kwargs.empty() &&
      call.args[0].is<Tensor>())
    return subscript_form(call);
  if (is_property_op(call.op) && call.args.size() == 1 && call.kwargs.empty() && call.args[0].is<Tensor>())
    return format_value(call.args[0]) + call.op.substr(12);  // x.T
  if (is_operator_op(call.op)) {
    const std::string op = operator_form(call);
    if (!op.empty()) return op;
  }
  std::string out;
  std::size_t first = 0;
  if (is_method_name(call.op) && !call.args.empty() && call.args[0].is<Tensor>()) {
    // torch.Tensor.gather(x, ...) is spelled as the method call x.gather(...).
    out = format_value(call.args[0]) + "." + call.op.substr(13) + "(";
    first = 1;
  } else {
    out = call.op + "(";
  }
  bool any = false;
  for (std::size_t i = first; i < call.args.size(); ++i, any = true)
    out += (any ? ", " : "") + format_value(call.args[i]);
  for (const auto& [name, value] : call.kwargs) {
    out += (any ? ", " : "") + name + "=" + format_value(value);
    any = true;
  }
  return out + ")";
}

}  // namespace whence
