// norm_layer_ops.cpp - normalization layers and the similarity/distance ops (kernels/common/composite.hpp).
//
// One idea: each output element is a formula over a GROUP of input elements (the normalized
// row, the channel over the batch, the window of channels, the vector along a dim) and the
// per-channel parameter elements it reads (weight, bias, running statistics). An op is a
// NormSpec: a `layout` that checks the arguments with PyTorch's errors and says which group
// an output element belongs to and which elements the group's statistic reads, a `stat` of a
// group, a `value` of an element given its group's statistic, and its `equation`. One shared
// run computes each group's statistic once; explain and the equation redo one element.
#include <algorithm>
#include <cmath>
#include <deque>
#include <functional>
#include <limits>

#include "core/error.hpp"
#include "core/number_format.hpp"
#include "core/promotion.hpp"
#include "core/shape.hpp"
#include "kernels/common/composite.hpp"
#include "kernels/reduce/reduce_family.hpp"

namespace whence {

namespace {

// --- small helpers ------------------------------------------------------------------------------

double value_at(const Bound& b, const Source& s) { return b.tensor(std::size_t(s.param)).get(s.flat).as_double(); }
double value_at(const Bound& b, const char* name, std::int64_t flat) {
  return tensor_arg(b, name).get(flat).as_double();
}

std::string py_list(const Shape& s) { return shape_str(s); }

// Python's input.size(d) on a tensor, with its IndexError.
std::int64_t size_at(const Tensor& x, int d) {
  if (x.dim() == 0) fail("IndexError", "Dimension specified as " + std::to_string(d) + " but tensor has no dimensions");
  return x.shape()[std::size_t(wrap_dim(d, x.dim()))];
}

std::int64_t prod(const Shape& s, std::size_t from) {
  std::int64_t p = 1;
  for (std::size_t i = from; i < s.size(); ++i) p *= s[i];
  return p;
}

// '"LayerNormKernelImpl" not implemented for 'Long'' for the dtypes a kernel lacks.
void refuse_non_float(const Tensor& x, const std::string& kernel) {
  if (!is_floating(x.dtype())) fail_not_implemented(kernel, x.dtype());
}

std::string num(double v, DType d = DType::Float32) { return format_float(v, is_floating(d) ? d : DType::Float32); }
std::string wrap_negative(const std::string& t) { return !t.empty() && t[0] == '-' ? "(" + t + ")" : t; }
std::string wrap_compound(const std::string& t) {
  return t.find(' ') != std::string::npos || (!t.empty() && t[0] == '-') ? "(" + t + ")" : t;
}

// The p-norm written out over terms: sqrt(a² + b²), |a| + |b|, max(|a|, |b|), (|a|^3 + |b|^3)^(1/3).
std::string pnorm_text(std::size_t n, const std::function<std::string(std::size_t)>& term, double p) {
  auto abs_term = [&](std::size_t i) { return "|" + term(i) + "|"; };
  if (p == 2)
    return "sqrt(" +
           join_terms(
               n, [&](std::size_t i) { return wrap_compound(term(i)) + "²"; }, " + ") +
           ")";
  if (p == 1) return join_terms(n, abs_term, " + ");
  if (p == INFINITY) return "max(" + join_terms(n, abs_term, ", ") + ")";
  if (p == -INFINITY) return "min(" + join_terms(n, abs_term, ", ") + ")";
  if (p == 0) return "count_nonzero(" + join_terms(n, term, ", ") + ")";
  const std::string ps = num(p, DType::Float64);
  return "(" +
         join_terms(
             n, [&](std::size_t i) { return abs_term(i) + "^" + ps; }, " + ") +
         ")^(1/" + ps + ")";
}

void append_unique(std::vector<Source>& to, const std::vector<Source>& from) {
  for (const Source& s : from) {
    const bool seen =
        std::any_of(to.begin(), to.end(), [&](const Source& t) { return t.param == s.param && t.flat == s.flat; });
    if (!seen) to.push_back(s);
  }
}

// --- the shared machinery -----------------------------------------------------------------------

// Where an op's output elements come from (everything depends on the Bound it was made from).
struct Layout {
  DType dtype = DType::Float32;
  Shape shape;
  std::int64_t groups = 0;
  std::function<std::int64_t(std::int64_t k)> group_of;        // output element -> its group
  std::function<std::vector<Source>(std::int64_t g)> members;  // what a group's statistic reads
  // The relations of output element k, given its group's members.
  std::function<std::vector<Source>(std::int64_t k, const std::vector<Source>& members)> sources;
};

// A group's statistic: (mean, var), a norm, (‖x1‖, ‖x2‖, x1·x2), a window's sum of squares.
struct Stat {
  double a = 0, b = 0, c = 0;
};

// The input seen as [N, C, S]; a group is either a contiguous chunk (layer, group, instance
// norm) or one channel over the batch (batch norm in training); `running` takes mean and var
// from running_mean[c] and running_var[c] instead.
struct StdGeometry {
  std::int64_t N = 1, C = 1, S = 1, chunk = 1;
  bool over_batch = false, running = false;
  bool per_element_params = false;  // layer_norm: weight[k % C] (C is the normalized size)
};

struct NormSpec {
  Layout (*layout)(const Bound&);
  Stat (*stat)(const Bound&, const std::vector<Source>& members);
  double (*value)(const Bound&, std::int64_t k, const std::vector<Source>& members, const Stat&);
  std::string (*equation)(const Bound&, const OpResult&, std::int64_t k, const std::vector<Source>& members,
                          const Stat&);
  // The standardizing layers: their checks and their [N, C, S] geometry (below).
  void (*check)(const Bound&) = nullptr;
  StdGeometry (*geometry)(const Bound&) = nullptr;
};

const NormSpec& norm_spec(const Bound& b) { return *static_cast<const NormSpec*>(b.op->family_data); }

OpResult norm_run(const Bound& b) {
  const NormSpec& s = norm_spec(b);
  const Layout l = s.layout(b);
  const std::int64_t n = shape_numel(l.shape);
  std::vector<double> out(static_cast<std::size_t>(n));
  std::vector<Stat> stats(std::size_t(l.groups));
  std::vector<std::vector<Source>> members(std::size_t(l.groups));
  std::vector<bool> done(std::size_t(l.groups), false);
  for (std::int64_t k = 0; k < n; ++k) {
    const std::size_t g = std::size_t(l.group_of(k));
    if (!done[g]) {
      members[g] = l.members(std::int64_t(g));
      stats[g] = s.stat(b, members[g]);
      done[g] = true;
    }
    out[std::size_t(k)] = s.value(b, k, members[g], stats[g]);
  }
  OpResult r;
  r.tensors.push_back(tensor_of(l.dtype, l.shape, out));
  return r;
}

std::vector<Source> norm_explain(const Bound& b, const OpResult&, int, std::int64_t k) {
  const Layout l = norm_spec(b).layout(b);
  return l.sources(k, l.members(l.group_of(k)));
}

std::string norm_equation(const Bound& b, const OpResult& r, int, std::int64_t k, const std::vector<Source>&) {
  const NormSpec& s = norm_spec(b);
  const Layout l = s.layout(b);
  const std::vector<Source> m = l.members(l.group_of(k));
  return out_ref(r, 0, k) + " = " + s.equation(b, r, k, m, s.stat(b, m));
}

// --- standardizing layers: (x − mean) / sqrt(var + eps) · weight + bias -------------------------

std::int64_t std_channel(const StdGeometry& g, std::int64_t k) {
  return g.per_element_params ? k % g.C : (k / g.S) % g.C;
}

Layout std_layout(const Bound& b, const StdGeometry& g) {
  const Tensor& x = tensor_arg(b, "input");
  Layout l;
  l.dtype = x.dtype();
  l.shape = x.shape();
  const std::int64_t n = x.numel();
  l.groups = g.over_batch ? g.C : (g.chunk ? n / g.chunk : 0);
  l.group_of = [g](std::int64_t k) { return g.over_batch ? (k / g.S) % g.C : k / g.chunk; };
  l.members = [&b, g](std::int64_t grp) {
    std::vector<Source> m;
    if (g.running) return m;
    if (g.over_batch) {
      for (std::int64_t i = 0; i < g.N; ++i)
        for (std::int64_t s = 0; s < g.S; ++s) m.push_back(source(b, "input", (i * g.C + grp) * g.S + s));
    } else {
      for (std::int64_t i = 0; i < g.chunk; ++i) m.push_back(source(b, "input", grp * g.chunk + i));
    }
    return m;
  };
  l.sources = [&b, g](std::int64_t k, const std::vector<Source>& m) {
    const std::int64_t c = std_channel(g, k);
    std::vector<Source> src;
    if (g.running) {
      src.push_back(source(b, "input", k));
      for (const char* p : {"running_mean", "running_var"}) src.push_back(source(b, p, c));
    } else if (m.size() > 1) {
      src = m;
    }
    // Over a group of one element the output is the bias: the weight multiplies zero.
    if (tensor_given(b, "weight") && (g.running || m.size() > 1)) src.push_back(source(b, "weight", c));
    if (tensor_given(b, "bias")) src.push_back(source(b, "bias", c));
    return src;
  };
  return l;
}

// The biased mean and variance, rounded to the type PyTorch accumulates in.
DType acc_type(const Bound& b) {
  return tensor_arg(b, "input").dtype() == DType::Float64 ? DType::Float64 : DType::Float32;
}

Stat std_stat(const Bound& b, const std::vector<Source>& m) {
  Stat s;
  if (m.empty()) return s;
  for (const Source& x : m) s.a += value_at(b, x);
  s.a /= double(m.size());
  for (const Source& x : m) s.b += (value_at(b, x) - s.a) * (value_at(b, x) - s.a);
  s.b /= double(m.size());
  const DType acc = acc_type(b);
  s.a = round_to_dtype(s.a, acc);
  s.b = round_to_dtype(s.b, acc);
  return s;
}

StdGeometry geometry_of(const Bound& b) { return norm_spec(b).geometry(b); }

Layout std_op_layout(const Bound& b) {
  norm_spec(b).check(b);
  return std_layout(b, geometry_of(b));
}

// Mean and var of element k: its group's, or the channel's running statistics.
std::pair<double, double> mean_var(const Bound& b, const StdGeometry& g, std::int64_t k, const Stat& s) {
  if (!g.running) return {s.a, s.b};
  const std::int64_t c = std_channel(g, k);
  return {value_at(b, "running_mean", c), value_at(b, "running_var", c)};
}

// PyTorch's CPU kernels compute x·rstd + (−rstd·mean) with a fused multiply-add: over a group of
// one element that leaves the rounding error of rstd·mean, as PyTorch's own result does.
double standardize(const Bound& b, std::int64_t k, double mean, double var, std::int64_t c) {
  const DType acc = acc_type(b);
  const double eps = double_arg(b, "eps", 1e-5);
  const double rstd = round_to_dtype(1 / std::sqrt(round_to_dtype(var + eps, acc)), acc);
  const double shift = round_to_dtype(-rstd * mean, acc);
  double y = round_to_dtype(std::fma(value_at(b, "input", k), rstd, shift), acc);
  if (tensor_given(b, "weight")) y *= value_at(b, "weight", c);
  if (tensor_given(b, "bias")) y += value_at(b, "bias", c);
  return y;
}

double std_value(const Bound& b, std::int64_t k, const std::vector<Source>&, const Stat& s) {
  const StdGeometry g = geometry_of(b);
  const auto [mean, var] = mean_var(b, g, k, s);
  return standardize(b, k, mean, var, std_channel(g, k));
}

std::string std_equation(const Bound& b, const OpResult& r, std::int64_t k, const std::vector<Source>&, const Stat& s) {
  const StdGeometry g = geometry_of(b);
  const std::int64_t c = std_channel(g, k);
  const auto [mean, var] = mean_var(b, g, k, s);
  const Source x = source(b, "input", k);
  const DType acc = acc_type(b);
  std::string refs = "(" + source_ref(b, x) + " − ", vals = "(" + source_value(b, x) + " − ";
  if (g.running) {
    const Source m = source(b, "running_mean", c), v = source(b, "running_var", c);
    refs += source_ref(b, m) + ") / sqrt(" + source_ref(b, v) + " + eps)";
    vals += source_value(b, m) + ") / sqrt(" + source_value(b, v);
  } else {
    refs += "mean) / sqrt(var + eps)";
    vals += wrap_negative(num(mean, acc)) + ") / sqrt(" + num(var, acc);
  }
  vals += " + " + num(double_arg(b, "eps", 1e-5), DType::Float64) + ")";
  for (const char* p : {"weight", "bias"}) {
    if (!tensor_given(b, p)) continue;
    const Source w = source(b, p, c);
    const std::string op = std::string(p) == "weight" ? " · " : " + ";
    refs += op + source_ref(b, w);
    vals += op + wrap_negative(source_value(b, w));
  }
  return refs + " = " + vals + " = " + format_scalar(r.tensors[0].get(k));
}

// Every parameter's dtype must be the input's (PyTorch reads them as the input's type):
// "expected scalar type Float but found Double".
void check_param_dtypes(const Bound& b, std::initializer_list<const char*> names) {
  const DType in = tensor_arg(b, "input").dtype();
  for (const char* p : names)
    if (tensor_given(b, p) && tensor_arg(b, p).dtype() != in)
      fail("RuntimeError",
           std::string("expected scalar type ") + dtype_scalar_name(in) + " but found " +
               dtype_scalar_name(tensor_arg(b, p).dtype()),
           p);
}

// batch_norm's CPU kernel: when the first parameter given differs from the input it runs its
// mixed-type path (bfloat16 input, float32 parameters) and refuses anything else; otherwise
// every parameter must be the input's dtype.
void check_batch_norm_dtypes(const Bound& b) {
  const DType in = tensor_arg(b, "input").dtype();
  const char* order[] = {"weight", "bias", "running_mean", "running_var"};
  const char* first = nullptr;
  for (const char* p : order)
    if (!first && tensor_given(b, p)) first = p;
  if (first && tensor_arg(b, first).dtype() != in) {
    for (const char* p : order)
      if (tensor_given(b, p) && tensor_arg(b, p).dtype() != DType::Float32)
        fail("RuntimeError", "mixed dtype (CPU): expect parameter to have scalar type of Float", p);
    if (in != DType::BFloat16)
      fail("RuntimeError", "mixed dtype (CPU): expect input to have scalar type of BFloat16", "input");
    return;
  }
  check_param_dtypes(b, {"running_mean", "running_var", "weight", "bias"});
}

// "running_mean should contain 2 elements not 3" (instance_norm counts batch × channels).
void check_param_sizes(const Bound& b, std::int64_t features, std::int64_t repeat) {
  for (const char* p : {"running_mean", "running_var", "weight", "bias"})
    if (tensor_given(b, p) && tensor_arg(b, p).numel() * repeat != features)
      fail("RuntimeError",
           std::string(p) + " should contain " + std::to_string(features) + " elements not " +
               std::to_string(tensor_arg(b, p).numel() * repeat),
           p);
}

Shape normalized_shape(const Bound& b) {
  Shape ns;
  for (const Value& v : arg(b, "normalized_shape").as<List>()) ns.push_back(v.as<std::int64_t>());
  return ns;
}

void layer_norm_check(const Bound& b) {
  const Tensor& x = tensor_arg(b, "input");
  const Shape ns = normalized_shape(b);
  if (ns.empty())
    fail("RuntimeError",
         "Expected normalized_shape to be at least 1-dimensional, i.e., containing at least one element, but got "
         "normalized_shape = []",
         "normalized_shape");
  for (const char* p : {"weight", "bias"})
    if (tensor_given(b, p) && tensor_arg(b, p).shape() != ns)
      fail("RuntimeError",
           std::string("Expected ") + p + " to be of same shape as normalized_shape, but got " + p + " of shape " +
               shape_str(tensor_arg(b, p).shape()) + " and normalized_shape = " + shape_str(ns),
           p);
  bool fits = x.dim() >= int(ns.size());
  for (std::size_t i = 0; fits && i < ns.size(); ++i) fits = x.shape()[x.shape().size() - ns.size() + i] == ns[i];
  if (!fits) {
    std::string star = "[*";
    for (auto d : ns) star += ", " + std::to_string(d);
    fail("RuntimeError",
         "Given normalized_shape=" + shape_str(ns) + ", expected input with shape " + star +
             "], but got input of size" + shape_str(x.shape()),
         "normalized_shape");
  }
  refuse_non_float(x, "LayerNormKernelImpl");
  check_param_dtypes(b, {"weight", "bias"});
}

StdGeometry layer_norm_geometry(const Bound& b) {
  StdGeometry g;
  g.C = g.chunk = shape_numel(normalized_shape(b));
  g.per_element_params = true;
  return g;
}

std::int64_t floor_div(std::int64_t a, std::int64_t d) { return a / d - ((a % d != 0) && ((a < 0) != (d < 0))); }

// F._verify_batch_size: "Expected more than 1 value per channel when training, got input size [1, 2]".
void verify_batch_size(const Shape& size, const std::string& printed) {
  if (size.empty()) return;
  if (size[0] * prod(size, 2) == 1)
    fail("ValueError", "Expected more than 1 value per channel when training, got input size " + printed, "input");
}

void group_norm_check(const Bound& b) {
  const Tensor& x = tensor_arg(b, "input");
  // F.group_norm is Python: a tensor of groups is tested for truth on its way (a fuzzer passed
  // one with no elements, read as an int out of range).
  if (const Value& g = arg(b, "num_groups"); g.is<Tensor>() && g.as<Tensor>().numel() != 1)
    fail("RuntimeError",
         g.as<Tensor>().numel() == 0 ? "Boolean value of Tensor with no values is ambiguous"
                                     : "Boolean value of Tensor with more than one value is ambiguous",
         "num_groups");
  const std::int64_t G = int_arg(b, "num_groups", 1);
  const std::int64_t N = size_at(x, 0), C = size_at(x, 1);
  if (G == 0) fail("ZeroDivisionError", "integer division or modulo by zero", "num_groups");
  Shape verify{floor_div(N * C, G), G};
  for (std::size_t d = 2; d < x.shape().size(); ++d) verify.push_back(x.shape()[d]);
  verify_batch_size(verify, py_list(verify));
  if (C % G != 0)
    fail("RuntimeError",
         "Expected number of channels in input to be divisible by num_groups, but got input of shape " +
             shape_str(x.shape()) + " and num_groups=" + std::to_string(G),
         "num_groups");
  // (PyTorch 1.13 prints the weight's shape in the bias message.)
  const Shape weight_shape = tensor_given(b, "weight") ? tensor_arg(b, "weight").shape() : Shape{0};
  for (const char* p : {"weight", "bias"})
    if (tensor_given(b, p) && (tensor_arg(b, p).dim() != 1 || tensor_arg(b, p).numel() != C))
      fail("RuntimeError",
           std::string("Expected ") + p + " to be a vector of size equal to the number of channels in input, but got " +
               p + " of shape " + shape_str(weight_shape) + " and input of shape " + shape_str(x.shape()),
           p);
  if (G < 0) fail("RuntimeError", "Expected num groups to be greater than 0, got " + std::to_string(G), "num_groups");
  refuse_non_float(x, "GroupNormKernelImpl");
  check_param_dtypes(b, {"weight", "bias"});
}

StdGeometry group_norm_geometry(const Bound& b) {
  const Tensor& x = tensor_arg(b, "input");
  StdGeometry g;
  g.N = x.shape()[0];
  g.C = x.shape()[1];
  g.S = prod(x.shape(), 2);
  g.chunk = g.C / int_arg(b, "num_groups", 1) * g.S;
  return g;
}

void batch_norm_check(const Bound& b) {
  const Tensor& x = tensor_arg(b, "input");
  const bool training = bool_arg(b, "training", false);
  if (training) verify_batch_size(x.shape(), torch_size(x.shape()));
  if (x.numel() == 0) return;
  for (const char* p : {"running_mean", "running_var"})
    if (!training && !tensor_given(b, p))
      fail("RuntimeError", std::string(p) + " must be defined in evaluation mode", p);
  check_param_sizes(b, x.dim() > 1 ? x.shape()[1] : 0, 1);
  refuse_non_float(x, "batch_norm");
  check_batch_norm_dtypes(b);
}

StdGeometry batch_norm_geometry(const Bound& b) {
  const Tensor& x = tensor_arg(b, "input");
  const bool training = bool_arg(b, "training", false);
  StdGeometry g;
  g.N = x.dim() > 0 ? x.shape()[0] : 1;
  g.C = x.dim() > 1 ? std::max<std::int64_t>(x.shape()[1], 1) : 1;
  g.S = prod(x.shape(), 2);
  g.over_batch = training;
  g.running = !training;
  return g;
}

void instance_norm_check(const Bound& b) {
  const Tensor& x = tensor_arg(b, "input");
  const bool use_input_stats = bool_arg(b, "use_input_stats", true);
  if (use_input_stats && prod(x.shape(), 2) == 1)
    fail("ValueError", "Expected more than 1 spatial element when training, got input size " + torch_size(x.shape()),
         "input");
  if (!use_input_stats && !(tensor_given(b, "running_mean") && tensor_given(b, "running_var")))
    fail("RuntimeError", "Expected running_mean and running_var to be defined when use_input_stats is false",
         "running_mean");
  const std::int64_t N = size_at(x, 0), C = size_at(x, 1);
  if (x.numel() == 0) return;
  check_param_sizes(b, N * C, N);
  refuse_non_float(x, "batch_norm");
  check_batch_norm_dtypes(b);
}

StdGeometry instance_norm_geometry(const Bound& b) {
  const Tensor& x = tensor_arg(b, "input");
  StdGeometry g;
  g.N = x.shape()[0];
  g.C = x.shape()[1];
  g.S = g.chunk = prod(x.shape(), 2);
  g.running = !bool_arg(b, "use_input_stats", true);
  return g;
}

// --- local_response_norm: x / (k + alpha · mean of x² over a window of channels)^beta -----------

struct Window {
  std::int64_t C, S, size, front;
};
Window lrn_window(const Bound& b) {
  const Tensor& x = tensor_arg(b, "input");
  const std::int64_t size = int_arg(b, "size", 1);
  return Window{x.shape()[1], prod(x.shape(), 2), size, size / 2};
}

Layout lrn_layout(const Bound& b) {
  const Tensor& x = tensor_arg(b, "input");
  if (x.dim() < 3)
    fail("ValueError",
         "Expected 3D or higher dimensionality                          input (got " + std::to_string(x.dim()) +
             " dimensions)",
         "input");
  Layout l;
  l.dtype = x.dtype();
  l.shape = x.shape();
  const std::int64_t n = x.numel();
  if (n > 0) {
    const std::int64_t size = int_arg(b, "size", 1);
    if (size <= 0)
      fail("RuntimeError",
           x.dim() == 3
               ? "kernel size should be greater than zero, but got kH: " + std::to_string(size) + " kW: 1"
               : "kernel size should be greater than zero, but got kT: " + std::to_string(size) + " kH: 1 kW: 1",
           "size");
    const DType d = x.dtype();
    if (!is_floating(d) && d != DType::Int64)
      fail("RuntimeError",
           std::string(x.dim() == 3 ? "\"avg_pool2d\"" : "\"avg_pool3d_out_frame\"") + " not implemented for '" +
               dtype_scalar_name(d) + "'",
           "input");
    if (d == DType::Int64) l.dtype = DType::Float32;  // the pooled squares times a float alpha
    // PyTorch pads the squares to C + size − 1 channels, [N, 1, C + size − 1, rest...], before
    // pooling: a huge size is its padding or storage error. (Where that tensor would only need
    // more memory than a machine has, Whence still answers: its window walk is O(C), not O(size).)
    Shape padded = x.shape();
    const std::int64_t front = size / 2, back = (size - 1) / 2;
    padded[1] = wrapping_add(wrapping_add(padded[1], front), back);  // wraps, as there
    if (padded[1] <= 0)
      fail("RuntimeError",
           "The input size " + std::to_string(x.shape()[1]) + ", plus negative padding " + std::to_string(front) +
               " and " + std::to_string(back) +
               " resulted in a negative output size, which is invalid. Check dimension 2 of your input.",
           "size");
    insert_at(padded, 1, 1);
    if (x.dim() > 4) {  // viewed as [N, 1, C, H, rest]
      padded[4] = prod(padded, 4);
      padded.resize(5);
    }
    check_empty_storage(padded, dtype_size(d), "size");
  }
  l.groups = n;
  l.group_of = [](std::int64_t k) { return k; };
  l.members = [&b](std::int64_t k) {
    const Window w = lrn_window(b);
    const std::int64_t c = (k / w.S) % w.C, base = k - c * w.S;
    std::vector<Source> m;
    // The window's channels that exist: the padding reads zeros (the loop never walks size).
    const std::int64_t first = std::max<std::int64_t>(c - w.front, 0);
    const std::int64_t last = c + (w.size - 1 - w.front) < w.C ? c + (w.size - 1 - w.front) : w.C - 1;
    for (std::int64_t j = first; j <= last; ++j) m.push_back(source(b, "input", base + j * w.S));
    return m;
  };
  l.sources = [](std::int64_t, const std::vector<Source>& m) { return m; };
  return l;
}

// The window's average of squares (padding counts: the sum is divided by size); int64 input
// pools in integers, as avg_pool2d does for Long.
Stat lrn_stat(const Bound& b, const std::vector<Source>& m) {
  Stat s;
  for (const Source& x : m) s.a += value_at(b, x) * value_at(b, x);
  const double size = double(int_arg(b, "size", 1));
  s.a = tensor_arg(b, "input").dtype() == DType::Int64 ? std::trunc(s.a / size) : s.a / size;
  return s;
}

double lrn_value(const Bound& b, std::int64_t k, const std::vector<Source>&, const Stat& s) {
  const double div =
      std::pow(double_arg(b, "k", 1.0) + double_arg(b, "alpha", 1e-4) * s.a, double_arg(b, "beta", 0.75));
  return value_at(b, "input", k) / div;
}

std::string lrn_equation(const Bound& b, const OpResult& r, std::int64_t k, const std::vector<Source>& m, const Stat&) {
  const Source x = source(b, "input", k);
  const std::string size = std::to_string(int_arg(b, "size", 1));
  const std::string refs = join_terms(
      m.size(), [&](std::size_t i) { return source_ref(b, m[i]) + "²"; }, " + ");
  const std::string vals = join_terms(
      m.size(), [&](std::size_t i) { return wrap_negative(source_value(b, m[i])) + "²"; }, " + ");
  auto f = [&](double v) { return num(v, DType::Float64); };
  return source_ref(b, x) + " / (k + alpha · (" + refs + ") / " + size + ")^beta = " + source_value(b, x) + " / (" +
         f(double_arg(b, "k", 1.0)) + " + " + f(double_arg(b, "alpha", 1e-4)) + " · (" + vals + ") / " + size + ")^" +
         f(double_arg(b, "beta", 0.75)) + " = " + format_scalar(r.tensors[0].get(k));
}

// --- vectors along a dim: normalize, cosine_similarity, pairwise_distance -----------------------

// The elements of line `line` along `dim` of `shape` (row-major over the other dims).
std::vector<std::int64_t> line_flats(const Shape& shape, int dim, std::int64_t line) {
  std::vector<std::int64_t> f;
  if (shape.empty()) return {0};
  const std::int64_t inner = prod(shape, std::size_t(dim) + 1), len = shape[std::size_t(dim)];
  const std::int64_t outer = line / inner, in = line % inner;
  for (std::int64_t i = 0; i < len; ++i) f.push_back((outer * len + i) * inner + in);
  return f;
}

double p_arg(const Bound& b, double dflt) { return double_arg(b, "p", dflt); }

Layout normalize_layout(const Bound& b) {
  const Tensor& x = tensor_arg(b, "input");
  const int dim = int(wrap_dim(int_arg(b, "dim", 1), x.dim(), "dim"));
  if (!is_floating(x.dtype()))
    fail("RuntimeError",
         std::string("norm(): input dtype should be either floating point or complex. Got ") +
             dtype_scalar_name(x.dtype()) + " instead.",
         "input");
  Layout l;
  l.dtype = x.dtype();
  l.shape = x.shape();
  const Shape shape = x.shape();
  const std::int64_t len = shape.empty() ? 1 : shape[std::size_t(dim)];
  const std::int64_t inner = shape.empty() ? 1 : prod(shape, std::size_t(dim) + 1);
  l.groups = len ? x.numel() / len : 0;
  l.group_of = [len, inner](std::int64_t k) { return k / (len * inner) * inner + k % inner; };
  l.members = [&b, shape, dim](std::int64_t g) {
    std::vector<Source> m;
    for (std::int64_t f : line_flats(shape, dim, g)) m.push_back(source(b, "input", f));
    return m;
  };
  l.sources = [](std::int64_t, const std::vector<Source>& m) { return m; };
  return l;
}

Stat normalize_stat(const Bound& b, const std::vector<Source>& m) {
  std::vector<double> v;
  for (const Source& s : m) v.push_back(value_at(b, s));
  return Stat{pnorm(v, p_arg(b, 2.0))};
}

double normalize_value(const Bound& b, std::int64_t k, const std::vector<Source>&, const Stat& s) {
  return value_at(b, "input", k) / std::max(s.a, double_arg(b, "eps", 1e-12));
}

std::string normalize_equation(const Bound& b, const OpResult& r, std::int64_t k, const std::vector<Source>& m,
                               const Stat& s) {
  const Source x = source(b, "input", k);
  const double p = p_arg(b, 2.0), eps = double_arg(b, "eps", 1e-12);
  const std::string refs = pnorm_text(
      m.size(), [&](std::size_t i) { return source_ref(b, m[i]); }, p);
  const std::string vals = pnorm_text(
      m.size(), [&](std::size_t i) { return source_value(b, m[i]); }, p);
  return source_ref(b, x) + " / max(" + refs + ", eps) = " + source_value(b, x) + " / max(" + vals + ", " +
         num(eps, DType::Float64) + ") = " + source_value(b, x) + " / " + num(std::max(s.a, eps), DType::Float64) +
         " = " + format_scalar(r.tensors[0].get(k));
}

// Two operands broadcast together and reduced along one dim: line k of the result reads
// x1's and x2's elements of line k (members: x1's line, then x2's, pairwise aligned).
Layout pair_layout(const Bound& b, const Shape& full, int dim, bool keepdim, DType dtype) {
  Layout l;
  l.dtype = dtype;
  for (std::size_t d = 0; d < full.size(); ++d)
    if (int(d) != dim)
      l.shape.push_back(full[d]);
    else if (keepdim)
      l.shape.push_back(1);
  l.groups = shape_numel(l.shape);
  l.group_of = [](std::int64_t k) { return k; };
  l.members = [&b, full, dim](std::int64_t g) {
    std::vector<Source> m;
    const std::vector<std::int64_t> flats = line_flats(full, dim, g);
    for (const char* p : {"x1", "x2"})
      for (std::int64_t f : flats) m.push_back(source(b, p, broadcast_flat(tensor_arg(b, p).shape(), full, f)));
    return m;
  };
  l.sources = [](std::int64_t, const std::vector<Source>& m) {
    std::vector<Source> src;
    append_unique(src, m);
    return src;
  };
  return l;
}

Layout cosine_layout(const Bound& b) {
  const Tensor &x1 = tensor_arg(b, "x1"), &x2 = tensor_arg(b, "x2");
  const DType common = result_type({*promotion_operand(arg(b, "x1")), *promotion_operand(arg(b, "x2"))});
  if (!is_floating(common))
    fail("RuntimeError",
         std::string("expected common dtype to be floating point, yet common dtype is ") + dtype_scalar_name(common),
         "x1");
  const Shape full = broadcast_shapes(x1.shape(), x2.shape());
  int dim = int(wrap_dim(int_arg(b, "dim", 1), std::int64_t(full.size()), "dim"));
  if (full.empty()) dim = -1;  // two 0-d tensors: one product, nothing reduced
  Layout l = pair_layout(b, full.empty() ? Shape{1} : full, full.empty() ? 0 : dim, false, common);
  if (full.empty()) l.shape = {};
  return l;
}

// ‖x1‖, ‖x2‖ and x1·x2 of a line.
Stat cosine_stat(const Bound& b, const std::vector<Source>& m) {
  Stat s;
  const std::size_t n = m.size() / 2;
  for (std::size_t i = 0; i < n; ++i) {
    const double u = value_at(b, m[i]), v = value_at(b, m[n + i]);
    s.a += u * u;
    s.b += v * v;
    s.c += u * v;
  }
  s.a = std::sqrt(s.a);
  s.b = std::sqrt(s.b);
  return s;
}

// PyTorch 1.13 divides each vector by its own clamped norm: (x1 / max(‖x1‖, eps)) · (x2 / max(‖x2‖, eps)).
double cosine_value(const Bound& b, std::int64_t, const std::vector<Source>&, const Stat& s) {
  const double eps = double_arg(b, "eps", 1e-8);
  return s.c / (std::max(s.a, eps) * std::max(s.b, eps));
}

std::string cosine_equation(const Bound& b, const OpResult& r, std::int64_t k, const std::vector<Source>& m,
                            const Stat& s) {
  const std::size_t n = m.size() / 2;
  const std::string eps = num(double_arg(b, "eps", 1e-8), DType::Float64);
  const std::string refs = join_terms(
      n, [&](std::size_t i) { return source_ref(b, m[i]) + "·" + source_ref(b, m[n + i]); }, " + ");
  const std::string vals = join_terms(
      n,
      [&](std::size_t i) {
        return wrap_negative(source_value(b, m[i])) + "·" + wrap_negative(source_value(b, m[n + i]));
      },
      " + ");
  return "(" + (n ? refs : "0") + ") / (max(‖x1‖, eps) · max(‖x2‖, eps)) = (" + (n ? vals : "0") + ") / (max(" +
         num(s.a, DType::Float64) + ", " + eps + ") · max(" + num(s.b, DType::Float64) + ", " + eps +
         ")) = " + format_scalar(r.tensors[0].get(k));
}

// x1 − x2 in the operands' common dtype (integers wrap, as PyTorch's subtraction does).
double difference(DType common, double u, double v) {
  const double d = u - v;
  switch (common) {
    case DType::UInt8: return double(std::uint8_t(std::int64_t(d)));
    case DType::Int8: return double(std::int8_t(std::int64_t(d)));
    case DType::Int16: return double(std::int16_t(std::int64_t(d)));
    case DType::Int32: return double(std::int32_t(std::int64_t(d)));
    case DType::Int64: return d;
    default: return round_to_dtype(d, common);
  }
}

DType pair_common(const Bound& b) {
  return result_type({*promotion_operand(arg(b, "x1")), *promotion_operand(arg(b, "x2"))});
}

Layout pairwise_layout(const Bound& b) {
  const Tensor &x1 = tensor_arg(b, "x1"), &x2 = tensor_arg(b, "x2");
  if (x1.dtype() == DType::Bool && x2.dtype() == DType::Bool)
    fail("RuntimeError",
         "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or `logical_xor()` "
         "operator instead.",
         "x1");
  if (x1.dtype() == DType::Bool || x2.dtype() == DType::Bool)
    fail("RuntimeError",
         "Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to invert a mask, use "
         "the `~` or `logical_not()` operator instead.",
         x1.dtype() == DType::Bool ? "x1" : "x2");
  const Shape full = broadcast_shapes(x1.shape(), x2.shape());
  const DType common = pair_common(b);
  const DType dtype = is_floating(common) ? common : DType::Float32;  // (x1 − x2) + eps
  const bool keepdim = bool_arg(b, "keepdim", false);
  Layout l = pair_layout(b, full.empty() ? Shape{1} : full, int(full.size()) - (full.empty() ? 0 : 1),
                         keepdim && !full.empty(), dtype);
  if (full.empty()) l.shape = {};
  const double p = p_arg(b, 2.0);
  // The 0-norm has no gradient; the ±inf norms read only their extreme elements.
  l.sources = [&b, p](std::int64_t, const std::vector<Source>& m) {
    std::vector<Source> src;
    if (p == 0) return src;
    if (!std::isinf(p)) {
      append_unique(src, m);
      return src;
    }
    const std::size_t n = m.size() / 2;
    const DType common = pair_common(b);
    std::vector<double> a(n);
    for (std::size_t i = 0; i < n; ++i)
      a[i] = std::fabs(difference(common, value_at(b, m[i]), value_at(b, m[n + i])) + double_arg(b, "eps", 1e-6));
    const double best = n ? (p > 0 ? *std::max_element(a.begin(), a.end()) : *std::min_element(a.begin(), a.end())) : 0;
    for (std::size_t i = 0; i < n; ++i)
      if (a[i] == best) append_unique(src, {m[i], m[n + i]});
    return src;
  };
  return l;
}

Stat pairwise_stat(const Bound& b, const std::vector<Source>& m) {
  const std::size_t n = m.size() / 2;
  const DType common = pair_common(b);
  const DType dtype = is_floating(common) ? common : DType::Float32;
  const double eps = double_arg(b, "eps", 1e-6);
  std::vector<double> d(n);
  for (std::size_t i = 0; i < n; ++i)
    d[i] = round_to_dtype(difference(common, value_at(b, m[i]), value_at(b, m[n + i])) + eps, dtype);
  return Stat{pnorm(d, p_arg(b, 2.0))};
}

double pairwise_value(const Bound&, std::int64_t, const std::vector<Source>&, const Stat& s) { return s.a; }

std::string pairwise_equation(const Bound& b, const OpResult& r, std::int64_t k, const std::vector<Source>& m,
                              const Stat&) {
  const std::size_t n = m.size() / 2;
  const double p = p_arg(b, 2.0);
  const std::string eps = num(double_arg(b, "eps", 1e-6), DType::Float64);
  const std::string refs = pnorm_text(
      n, [&](std::size_t i) { return source_ref(b, m[i]) + " − " + source_ref(b, m[n + i]) + " + eps"; }, p);
  const std::string vals = pnorm_text(
      n,
      [&](std::size_t i) {
        return source_value(b, m[i]) + " − " + wrap_negative(source_value(b, m[n + i])) + " + " + eps;
      },
      p);
  return refs + " = " + vals + " = " + format_scalar(r.tensors[0].get(k));
}

// --- registration -------------------------------------------------------------------------------

Param opt_tensor(const char* name, bool has_default = true) {
  return Param{name, ParamType::Tensor, false, has_default, Value(None{}), false, true};
}
Param float_p(const char* name, double v) { return Param{name, ParamType::Float, false, true, Value(v)}; }
Param int_p(const char* name, std::int64_t v) { return Param{name, ParamType::Int, false, true, Value(v)}; }
Param bool_p(const char* name, bool v) { return Param{name, ParamType::Bool, false, true, Value(v)}; }

void norm_op(std::vector<const OpDescriptor*>& t, const char* names, const char* summary, const char* example,
             std::vector<Param> params, NormSpec spec, const char* python_input_method = "") {
  static std::deque<NormSpec> specs;
  specs.push_back(spec);
  OpDescriptor op = composite_op(names, "reduce", summary, example, std::move(params), norm_run, norm_explain,
                                 norm_equation, &specs.back());
  op.python_input_method = python_input_method;
  add_op(t, std::move(op));
}

// A standardizing layer: its checks and geometry, the rest shared.
NormSpec standard(void (*check)(const Bound&), StdGeometry (*geometry)(const Bound&)) {
  NormSpec s{std_op_layout, std_stat, std_value, std_equation};
  s.check = check;
  s.geometry = geometry;
  return s;
}

}  // namespace

void add_norm_layer_ops(std::vector<const OpDescriptor*>& t) {
  norm_op(t, "torch.nn.functional.layer_norm torch.layer_norm",
          "Standardizes each row over its last dims: subtract the row's mean, divide by its standard deviation, then "
          "scale and shift.",
          "torch.nn.functional.layer_norm(torch.tensor([[1.0, 2.0, 3.0], [2.0, 2.0, 8.0]]), (3,))",
          {tensor_param("input"), Param{"normalized_shape", ParamType::IntList}, opt_tensor("weight"),
           opt_tensor("bias"), float_p("eps", 1e-5)},
          standard(layer_norm_check, layer_norm_geometry));
  norm_op(
      t, "torch.nn.functional.group_norm torch.group_norm",
      "Splits the channels of each sample into groups and standardizes each group, then scales and shifts per channel.",
      "torch.nn.functional.group_norm(torch.tensor([[1.0, 3.0, 2.0, 6.0], [0.0, 4.0, 5.0, 5.0]]), 2)",
      {tensor_param("input"), Param{"num_groups", ParamType::Int}, opt_tensor("weight"), opt_tensor("bias"),
       float_p("eps", 1e-5)},
      standard(group_norm_check, group_norm_geometry), "size");
  norm_op(
      t, "torch.nn.functional.batch_norm torch.batch_norm",
      "Standardizes each channel: with the batch's own mean and variance when training, with the running statistics "
      "otherwise.",
      "torch.nn.functional.batch_norm(torch.tensor([[1.0, 10.0], [3.0, 20.0], [5.0, 30.0]]), torch.tensor([3.0, "
      "20.0]), torch.tensor([4.0, 100.0]))",
      {tensor_param("input"), opt_tensor("running_mean", false), opt_tensor("running_var", false), opt_tensor("weight"),
       opt_tensor("bias"), bool_p("training", false), float_p("momentum", 0.1), float_p("eps", 1e-5)},
      standard(batch_norm_check, batch_norm_geometry));
  norm_op(t, "torch.nn.functional.instance_norm torch.instance_norm",
          "Standardizes every channel of every sample on its own, over the spatial positions only.",
          "torch.nn.functional.instance_norm(torch.tensor([[[1.0, 2.0, 3.0], [10.0, 10.0, 40.0]]]))",
          {tensor_param("input"), opt_tensor("running_mean"), opt_tensor("running_var"), opt_tensor("weight"),
           opt_tensor("bias"), bool_p("use_input_stats", true), float_p("momentum", 0.1), float_p("eps", 1e-5)},
          standard(instance_norm_check, instance_norm_geometry), "size");
  norm_op(t, "torch.nn.functional.local_response_norm",
          "Divides each element by a power of the mean square of its neighbours across channels at the same position.",
          "torch.nn.functional.local_response_norm(torch.tensor([[[1.0], [2.0], [3.0], [4.0]]]), 2, alpha=1.0, "
          "beta=0.5, k=1.0)",
          {tensor_param("input"), Param{"size", ParamType::Int}, float_p("alpha", 1e-4), float_p("beta", 0.75),
           float_p("k", 1.0)},
          NormSpec{lrn_layout, lrn_stat, lrn_value, lrn_equation}, "dim");
  norm_op(t, "torch.nn.functional.normalize",
          "Divides each vector along dim by its p-norm (at least eps), so each becomes a unit vector.",
          "torch.nn.functional.normalize(torch.tensor([[3.0, 4.0], [1.0, 0.0]]))",
          {tensor_param("input"), float_p("p", 2.0), int_p("dim", 1), float_p("eps", 1e-12),
           Param{"out", ParamType::OutTensor, false, true, Value(None{})}},
          NormSpec{normalize_layout, normalize_stat, normalize_value, normalize_equation}, "norm");
  norm_op(t, "torch.nn.functional.cosine_similarity torch.cosine_similarity",
          "The cosine of the angle between x1 and x2 along dim: their dot product over the product of their lengths.",
          "torch.nn.functional.cosine_similarity(torch.tensor([[1.0, 0.0], [1.0, 1.0]]), torch.tensor([[1.0, 1.0], "
          "[2.0, 2.0]]))",
          {tensor_param("x1"), tensor_param("x2"), int_p("dim", 1), float_p("eps", 1e-8)},
          NormSpec{cosine_layout, cosine_stat, cosine_value, cosine_equation});
  norm_op(t, "torch.nn.functional.pairwise_distance torch.pairwise_distance",
          "The p-norm distance between matching rows of x1 and x2, taken along the last dim (eps is added to each "
          "difference).",
          "torch.nn.functional.pairwise_distance(torch.tensor([[0.0, 0.0], [1.0, 1.0]]), torch.tensor([[3.0, 4.0], "
          "[1.0, 2.0]]))",
          {tensor_param("x1"), tensor_param("x2"), float_p("p", 2.0), float_p("eps", 1e-6), bool_p("keepdim", false)},
          NormSpec{pairwise_layout, pairwise_stat, pairwise_value, pairwise_equation});
}

}  // namespace whence
