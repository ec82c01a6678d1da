// python_repr.cpp - Python's str() and repr() of call-language values, tensors as PyTorch
// 1.13's torch/_tensor_str.py prints them (python_repr.hpp).
#include "python_repr.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>

#include "error.hpp"
#include "number_format.hpp"
#include "return_types.hpp"

namespace whence {

namespace {

thread_local PrintOptions g_print_options;

// Python's '{:.Nf}' / '{:W.Ne}' of a float (printf's, except that NaN never shows a sign).
std::string repr_printf(const char* format, int width, double v) {
  if (std::isnan(v)) return std::string(std::size_t(std::max(0, width - 3)), ' ') + "nan";
  char buf[512];
  std::snprintf(buf, sizeof buf, format, width, std::min(g_print_options.precision, 300), v);
  return buf;
}
std::string repr_fixed(double v) { return repr_printf("%*.*f", 0, v); }
std::string repr_sci(double v, int width = 0) { return repr_printf("%*.*e", width, v); }
std::string repr_int_mode(double v) {  // '{:.0f}', with a '.' after finite values
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  char buf[512];
  std::snprintf(buf, sizeof buf, "%.0f", v);
  return std::string(buf) + ".";
}

// _Formatter: one width and one mode for every element printed.
struct ReprFormatter {
  bool floating = false;
  bool int_mode = true;
  bool sci_mode = false;
  std::size_t max_width = 1;

  explicit ReprFormatter(const std::vector<Scalar>& values, bool is_float) : floating(is_float) {
    if (!floating) {
      for (const Scalar& s : values) max_width = std::max(max_width, element(s).size());
      return;
    }
    std::vector<double> finite;  // the nonzero finite values
    for (const Scalar& s : values)
      if (std::isfinite(s.f) && s.f != 0) finite.push_back(s.f);
    if (finite.empty()) return;
    double lo = INFINITY, hi = 0;
    for (double v : finite) {
      lo = std::min(lo, std::fabs(v));
      hi = std::max(hi, std::fabs(v));
      if (v != std::ceil(v)) int_mode = false;
    }
    if (int_mode) {
      sci_mode = hi / lo > 1000. || hi > 1.e8;
      for (double v : finite) max_width = std::max(max_width, sci_mode ? repr_sci(v).size() : repr_int_mode(v).size());
    } else {
      sci_mode = hi / lo > 1000. || hi > 1.e8 || lo < 1.e-4;
      for (double v : finite) max_width = std::max(max_width, sci_mode ? repr_sci(v).size() : repr_fixed(v).size());
    }
    if (g_print_options.sci_mode) sci_mode = *g_print_options.sci_mode;
  }

  std::string element(const Scalar& s) const {
    if (s.dtype == DType::Bool) return s.i ? "True" : "False";
    return std::to_string(s.i);
  }

  std::string format(const Scalar& s) const {
    std::string r;
    if (!floating)
      r = element(s);
    else if (sci_mode)
      r = repr_sci(s.f, int(max_width));
    else if (int_mode)
      r = repr_int_mode(s.f);
    else
      r = repr_fixed(s.f);
    return r.size() < max_width ? std::string(max_width - r.size(), ' ') + r : r;
  }
};

struct ReprTensor {
  const Tensor& t;
  Shape strides;  // row-major, in elements
  bool summarize;
  Scalar at(std::int64_t flat) const {
    Scalar s = t.get(flat);
    if (is_floating(s.dtype)) s.f = s.as_double();
    return s;
  }
  // The indices along dim d that are printed (all, or the first and last edge items).
  std::vector<std::int64_t> shown(int d) const {
    const std::int64_t n = t.shape()[std::size_t(d)];
    const std::int64_t edge = g_print_options.edgeitems;
    std::vector<std::int64_t> out;
    for (std::int64_t i = 0; i < n; ++i)
      if (!summarize || n <= 2 * edge || i < edge || i >= n - edge) out.push_back(i);
    return out;
  }
  void collect(int d, std::int64_t base, std::vector<Scalar>& out) const {
    if (d == t.dim()) return out.push_back(at(base));
    for (std::int64_t i : shown(d)) collect(d + 1, base + i * strides[std::size_t(d)], out);
  }
  std::string str(int d, std::int64_t base, int indent, const ReprFormatter& f) const {
    const int dims = t.dim() - d;
    const std::int64_t n = dims > 0 ? t.shape()[std::size_t(d)] : 0;
    const std::int64_t edge = g_print_options.edgeitems;
    const bool cut = summarize && n > 2 * edge;
    if (dims == 0) return f.format(at(base));
    if (dims == 1) {
      const std::size_t per_line = std::size_t(
          std::max<int>(1, int(std::floor(double(g_print_options.linewidth - indent) / double(f.max_width + 2)))));
      std::vector<std::string> data;
      for (std::int64_t i : shown(d)) {
        if (cut && i == n - edge) data.push_back(" ...");
        data.push_back(f.format(at(base + i * strides[std::size_t(d)])));
      }
      std::string out = "[";
      for (std::size_t k = 0; k < data.size(); ++k) {
        if (k > 0) out += k % per_line == 0 ? ",\n" + std::string(std::size_t(indent + 1), ' ') : ", ";
        out += data[k];
      }
      return out + "]";
    }
    std::vector<std::string> slices;
    for (std::int64_t i : shown(d)) {
      if (cut && i == n - edge) slices.push_back("...");
      slices.push_back(str(d + 1, base + i * strides[std::size_t(d)], indent + 1, f));
    }
    const std::string joint =
        "," + std::string(std::size_t(dims - 1), '\n') + std::string(std::size_t(indent + 1), ' ');
    std::string out = "[";
    for (std::size_t k = 0; k < slices.size(); ++k) out += (k ? joint : "") + slices[k];
    return out + "]";
  }
};

std::string repr_tuple_text(const Shape& shape) {
  std::string s = "(";
  for (std::size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + (shape.size() == 1 ? ",)" : ")");
}

std::string repr_string(const std::string& s) {
  const bool single = s.find('\'') == std::string::npos || s.find('"') != std::string::npos;
  const char quote = single ? '\'' : '"';
  std::string out(1, quote);
  for (const char c : s) {
    if (c == quote || c == '\\')
      out += std::string("\\") + c;
    else if (c == '\n')
      out += "\\n";
    else if (c == '\t')
      out += "\\t";
    else if (c == '\r')
      out += "\\r";
    else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned char>(c));
      out += buf;
    } else {
      out += c;
    }
  }
  return out + quote;
}

}  // namespace

PrintOptions& print_options() { return g_print_options; }

std::string python_float_repr(double v) { return format_float(v, DType::Float64); }

namespace {
thread_local const void* g_autograd_owner = nullptr;
thread_local std::string (*g_autograd_note)(const void*, const Tensor&) = nullptr;
}  // namespace

void set_repr_autograd(const void* owner, std::string (*note)(const void* owner, const Tensor& t)) {
  if (!note && owner != g_autograd_owner) return;  // another run took it since
  g_autograd_owner = note ? owner : nullptr;
  g_autograd_note = note;
}

std::string tensor_repr(const Tensor& t) {
  const std::string prefix = "tensor(";
  const int indent = int(prefix.size());
  const DType d = t.dtype();
  std::vector<std::string> suffixes;
  std::string body;
  if (t.numel() == 0) {
    if (t.dim() != 1) suffixes.push_back("size=" + repr_tuple_text(t.shape()));
    if (d != default_float_dtype()) suffixes.push_back("dtype=" + std::string(dtype_torch_name(d)));
    body = "[]";
  } else {
    if (d != default_float_dtype() && d != DType::Int64 && d != DType::Bool)
      suffixes.push_back("dtype=" + std::string(dtype_torch_name(d)));
    ReprTensor r{t, Shape(std::size_t(t.dim()), 1), double(t.numel()) > g_print_options.threshold};
    if (r.summarize && g_print_options.edgeitems <= 0)
      fail("Unsupported", "printing a summarized tensor with edgeitems=0 is not supported by Whence");
    for (int k = t.dim() - 2; k >= 0; --k)
      r.strides[std::size_t(k)] = r.strides[std::size_t(k + 1)] * t.shape()[std::size_t(k + 1)];
    std::vector<Scalar> values;
    r.collect(0, 0, values);
    const ReprFormatter f(values, is_floating(d));
    body = r.str(0, 0, indent, f);
  }
  std::string lead;  // "Parameter containing:\n" for an nn.Parameter
  if (g_autograd_note)
    if (std::string note = g_autograd_note(g_autograd_owner, t); !note.empty()) {
      if (note.rfind(kParameterRepr, 0) == 0) {
        lead = kParameterRepr;
        note.erase(0, lead.size());
      }
      if (!note.empty()) suffixes.push_back(std::move(note));
    }
  // _add_suffixes
  std::string out = prefix + body;
  std::size_t last_line = out.size() - (out.rfind('\n') == std::string::npos ? std::size_t(-1) : out.rfind('\n')) + 1;
  for (const std::string& suffix : suffixes) {
    if (double(last_line + suffix.size() + 2) > double(g_print_options.linewidth)) {
      out += ",\n" + std::string(std::size_t(indent), ' ') + suffix;
      last_line = std::size_t(indent) + suffix.size();
    } else {
      out += ", " + suffix;
      last_line += suffix.size() + 2;
    }
  }
  return lead + out + ")";
}

std::string python_repr(const Value& v) {
  if (v.is<None>()) return "None";
  if (v.is<bool>()) return v.as<bool>() ? "True" : "False";
  if (v.is<std::int64_t>()) return std::to_string(v.as<std::int64_t>());
  if (v.is<double>()) return python_float_repr(v.as<double>());
  if (v.is<std::string>()) return repr_string(v.as<std::string>());
  if (v.is<DType>()) return std::string(dtype_torch_name(v.as<DType>()));
  if (v.is<Tensor>()) return tensor_repr(v.as<Tensor>());
  if (v.is<Ellipsis>()) return "Ellipsis";
  if (v.is<ObjectRef>()) return v.as<ObjectRef>().object->repr();
  if (v.is<Slice>()) {
    const Slice& s = v.as<Slice>();
    auto part = [](const std::optional<std::int64_t>& x) { return x ? std::to_string(*x) : std::string("None"); };
    return "slice(" + part(s.start) + ", " + part(s.stop) + ", " + part(s.step) + ")";
  }
  if (v.is<List>()) {
    const List& items = v.as<List>();
    if (v.named) {  // torch.return_types.max(\nvalues=...,\nindices=...)
      std::string out = python_type_name(*v.named) + "(";
      for (std::size_t i = 0; i < items.size(); ++i)
        out += std::string(i ? ",\n" : "\n") + (i < v.named->fields.size() ? v.named->fields[i] : "") + "=" +
               python_repr(items[i]);
      return out + ")";
    }
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + python_repr(items[i]);
    if (v.is_size) return "torch.Size([" + out + "])";
    if (!v.is_tuple) return "[" + out + "]";
    return "(" + out + (items.size() == 1 ? ",)" : ")");
  }
  return "<" + python_type_name(v) + " object>";
}

std::string python_str(const Value& v) {
  if (v.is<ObjectRef>()) return v.as<ObjectRef>().object->str();
  return v.is<std::string>() ? v.as<std::string>() : python_repr(v);
}

}  // namespace whence
