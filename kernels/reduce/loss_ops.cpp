// loss_ops.cpp - the loss functions of torch.nn.functional (kernels/common/composite.hpp).
//
// Every loss is worked out once into a LossPlan: one term per unreduced loss element, with its
// value, its sources and a way to write it in symbols or numbers. run folds the terms as the
// reduction says, explain lists their sources and the equation writes them out, so the three
// cannot disagree. The six element-by-element losses share pointwise_plan and differ only in a
// Pointwise row (checks, formula, equation text); nll_loss and cross_entropy share the
// class-index machinery (layout, checks, the picked term).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <deque>
#include <set>
#include <tuple>

#include "core/error.hpp"
#include "core/number_format.hpp"
#include "core/promotion.hpp"
#include "core/shape.hpp"
#include "kernels/common/composite.hpp"
#include "kernels/reduce/loss_reduction.hpp"
#include "kernels/reduce/reduce_family.hpp"

namespace whence {

// loss_reduction.hpp's: the reduction as PyTorch 1.13 reads the call.
LossReduction loss_reduction_of(const Bound& b) {
  const Value& r = arg(b, "reduction");
  if (r.is<std::int64_t>()) {
    const std::int64_t i = r.as<std::int64_t>();
    return i == 1 ? LossReduction::Mean : i == 2 ? LossReduction::Sum : LossReduction::None;
  }
  auto truthy = [](const Value& v) {
    if (v.is<bool>()) return v.as<bool>();
    if (v.is<std::int64_t>()) return v.as<std::int64_t>() != 0;
    if (v.is<double>()) return v.as<double>() != 0;
    return !v.is<None>();
  };
  const Value& size_average = arg(b, "size_average");
  const Value& reduce = arg(b, "reduce");
  if (!size_average.is<None>() || !reduce.is<None>()) {
    const bool avg = size_average.is<None>() || truthy(size_average);
    const bool red = reduce.is<None>() || truthy(reduce);
    return avg && red ? LossReduction::Mean : red ? LossReduction::Sum : LossReduction::None;
  }
  // PyTorch 1.13's torch.kl_div and torch.binary_cross_entropy_with_logits reduce nothing
  // unless told (their F.* wrappers default to 'mean').
  if (!b.given(std::size_t(b.op->param_index("reduction"))) &&
      (b.name == "torch.kl_div" || b.name == "torch.binary_cross_entropy_with_logits"))
    return LossReduction::None;
  return loss_reduction(b);
}

namespace {

// --- the plan ---------------------------------------------------------------------------------

struct LossPlan;
struct LossSpec;
using TermText = std::string (*)(const Bound&, const LossPlan&, std::size_t term, bool numeric);

struct Term {
  double value = 0;
  bool counted = true;  // false: an ignored target (0 unreduced, left out of 'mean' and 'sum')
  std::vector<Source> src;
};

struct LossPlan {
  DType dtype = DType::Float32;          // of the unreduced losses
  DType reduced_dtype = DType::Float32;  // of 'mean'/'sum' (l1_loss of ints sums to int64)
  Shape shape;                           // of the unreduced losses
  LossReduction reduction = LossReduction::Mean;
  std::vector<Term> terms;
  double divisor = 0;  // 'mean': the sum is divided by this
  std::string divisor_sym, divisor_num;
  TermText text = nullptr;
  // What the term texts need besides the sources.
  const LossSpec* spec = nullptr;
  double k = 0;  // beta, delta, log_target, label_smoothing
  std::int64_t classes = 1;
  bool weighted = false, pos_weighted = false, probabilities = false;
  std::vector<double> log_softmax;  // cross_entropy: per input element
};

struct Pointwise;
struct LossSpec {
  LossPlan (*plan)(const Bound&, const LossSpec&);
  const Pointwise* pointwise = nullptr;
};

const LossSpec& loss_spec(const Bound& b) { return *static_cast<const LossSpec*>(b.op->family_data); }

// The plan of the result `r` was computed from (kept with the result: kernels/common/composite.hpp).
const LossPlan& plan_for(const Bound& b, const OpResult& r) {
  return prepared_for(b, r, [](const Bound& c) { return loss_spec(c).plan(c, loss_spec(c)); });
}

double folded(const LossPlan& p) {
  double s = 0;
  for (const Term& t : p.terms)
    if (t.counted) s += t.value;
  return p.reduction == LossReduction::Mean ? s / p.divisor : s;
}

OpResult loss_run(const Bound& b) {
  LossPlan p = loss_spec(b).plan(b, loss_spec(b));
  OpResult r;
  if (p.reduction == LossReduction::None) {
    std::vector<double> v(p.terms.size());
    for (std::size_t i = 0; i < v.size(); ++i) v[i] = p.terms[i].counted ? p.terms[i].value : 0.0;
    r.tensors.push_back(tensor_of(p.dtype, p.shape, v));
  } else {
    r.tensors.push_back(tensor_of(p.reduced_dtype, Shape{}, {folded(p)}));
  }
  keep_prepared(b, r, std::move(p));
  return r;
}

std::vector<Source> loss_explain(const Bound& b, const OpResult& r, int, std::int64_t flat) {
  const LossPlan& p = plan_for(b, r);
  if (p.reduction == LossReduction::None) return p.terms[std::size_t(flat)].src;
  std::vector<Source> all;  // every term's sources, once each (a broadcast target repeats)
  std::set<std::tuple<int, std::int64_t, Role>> seen;
  for (const Term& t : p.terms)
    for (const Source& s : t.src)
      if (seen.insert({s.param, s.flat, s.role}).second) all.push_back(s);
  return all;
}

std::string loss_equation(const Bound& b, const OpResult& r, int, std::int64_t flat, const std::vector<Source>&) {
  const LossPlan& p = plan_for(b, r);
  const std::string lhs = out_ref(r, 0, flat) + " = ";
  const std::string value = format_scalar(r.tensors[0].get(flat));
  if (p.reduction == LossReduction::None) {
    const Term& t = p.terms[std::size_t(flat)];
    if (!t.counted)
      return lhs + "0, since " + source_ref(b, t.src[0]) + " = " + source_value(b, t.src[0]) +
             " is ignore_index = " + value;
    return lhs + p.text(b, p, std::size_t(flat), false) + " = " + p.text(b, p, std::size_t(flat), true) + " = " + value;
  }
  std::vector<std::size_t> counted;
  for (std::size_t i = 0; i < p.terms.size(); ++i)
    if (p.terms[i].counted) counted.push_back(i);
  auto sum = [&](bool numeric) {
    if (counted.empty()) return std::string("0");
    return join_terms(
        counted.size(), [&](std::size_t k) { return p.text(b, p, counted[k], numeric); }, " + ");
  };
  if (p.reduction == LossReduction::Sum) {
    if (counted.empty()) return lhs + "0 (no terms) = " + value;
    return lhs + sum(false) + " = " + sum(true) + " = " + value;
  }
  if (counted.empty()) return lhs + "0 / " + p.divisor_num + " (no terms) = " + value;
  return lhs + "(" + sum(false) + ") / " + p.divisor_sym + " = (" + sum(true) + ") / " + p.divisor_num + " = " + value;
}

// --- shared checks ------------------------------------------------------------------------------

// The Python losses call target.size() first: a target that is not a tensor has no size.
const Tensor& target_tensor(const Bound& b) {
  const Value& t = arg(b, "target");
  if (!t.is<Tensor>()) fail("AttributeError", "'" + python_type_name(t) + "' object has no attribute 'size'", "target");
  return t.as<Tensor>();
}

[[noreturn]] void cannot_cast(DType from, DType to, const char* arg_name) {
  fail("RuntimeError",
       std::string("result type ") + dtype_scalar_name(from) + " can't be cast to the desired output type " +
           dtype_scalar_name(to),
       arg_name);
}
void check_in_place(const Shape& out, const Shape& operand, const char* arg_name) {
  if (broadcast_shapes(out, operand) != out)
    fail("RuntimeError",
         "output with shape " + shape_str(out) + " doesn't match the broadcast shape " +
             shape_str(broadcast_shapes(out, operand)),
         arg_name);
}

// C++'s default stream format of a double (printf's %g), as PyTorch's TORCH_CHECK messages
// print one ("2", "1.5"). Not a stream: iostreams would pull the locale machinery into the page.
std::string stream_double(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

// A number in an equation; negative ones in parentheses unless they open a bracket or the text.
std::string fill(const std::string& form, const std::vector<std::pair<char, std::string>>& slots) {
  std::string out;
  for (std::size_t i = 0; i < form.size(); ++i) {
    if (form[i] == '{' && i + 2 < form.size() && form[i + 2] == '}') {
      for (const auto& [key, text] : slots)
        if (key == form[i + 1]) {
          const bool opens = out.empty() || out.back() == '(';
          out += !opens && !text.empty() && text[0] == '-' ? "(" + text + ")" : text;
        }
      i += 2;
      continue;
    }
    out += form[i];
  }
  return out;
}

std::string number(double v) { return format_float(v, DType::Float64); }
// A value worked out on the way (a log-probability), as short as the loss's dtype allows.
std::string computed(const LossPlan& p, double v) {
  return format_float(v, is_floating(p.dtype) ? p.dtype : DType::Float64);
}
// A count or a divisor: "6", not "6.0".
std::string count_text(double n) {
  return n == std::floor(n) && std::fabs(n) < 1e15 ? std::to_string(std::int64_t(n)) : number(n);
}

// An integer difference wraps in its dtype, as PyTorch's integer subtraction does.
double wrap_integer(double v, DType d) {
  const auto i = std::int64_t(v);
  switch (d) {
    case DType::UInt8: return double(std::uint8_t(i));
    case DType::Int8: return double(std::int8_t(i));
    case DType::Int16: return double(std::int16_t(i));
    case DType::Int32: return double(std::int32_t(i));
    default: return double(i);
  }
}

void set_mean_divisor(LossPlan& p, double n) {
  p.divisor = n;
  p.divisor_sym = p.divisor_num = count_text(n);
}

// --- pointwise losses ---------------------------------------------------------------------------

// What a pointwise loss's checks decided.
struct PointSetup {
  Shape shape;
  DType dtype = DType::Float32, reduced_dtype = DType::Float32;
  LossReduction reduction = LossReduction::Mean;
  bool batchmean = false;  // kl_div: the sum divided by input.size(0) rather than the count
  double batch = 0;
  double k = 0;
  bool weight = false, pos_weight = false;
};

// One row of the pointwise table: the checks in PyTorch's order, the element's loss before any
// weight, and its equation with {x} input, {y} target, {w} weight, {p} pos_weight, {k} the
// op's number.
struct Pointwise {
  PointSetup (*setup)(const Bound&);
  double (*loss)(double x, double y, double p, double k);
  std::string (*form)(double x, double y, double k, bool pos_weight);
};

LossPlan pointwise_plan(const Bound& b, const LossSpec& spec) {
  const Pointwise& pw = *spec.pointwise;
  const PointSetup s = pw.setup(b);
  LossPlan p;
  p.spec = &spec;
  p.dtype = s.dtype;
  p.reduced_dtype = s.reduced_dtype;
  p.shape = s.shape;
  p.reduction = s.reduction;
  p.k = s.k;
  p.weighted = s.weight;
  p.pos_weighted = s.pos_weight;
  const Tensor& x = tensor_arg(b, "input");
  const Tensor& y = tensor_arg(b, "target");
  const std::vector<double> xv = values_of(x), yv = values_of(y);
  std::vector<double> wv, pv;
  if (s.weight) wv = values_of(tensor_arg(b, "weight"));
  if (s.pos_weight) pv = values_of(tensor_arg(b, "pos_weight"));
  const std::int64_t n = shape_numel(s.shape);
  p.terms.resize(std::size_t(n));
  for (std::int64_t i = 0; i < n; ++i) {
    Term& t = p.terms[std::size_t(i)];
    const std::int64_t fx = broadcast_flat(x.shape(), s.shape, i), fy = broadcast_flat(y.shape(), s.shape, i);
    t.src = {source(b, "input", fx), source(b, "target", fy)};
    double pos = 1;
    if (s.pos_weight) {
      const std::int64_t f = broadcast_flat(tensor_arg(b, "pos_weight").shape(), s.shape, i);
      pos = pv[std::size_t(f)];
      t.src.push_back(source(b, "pos_weight", f));
    }
    double v;
    if (is_floating(p.dtype)) {
      v = pw.loss(xv[std::size_t(fx)], yv[std::size_t(fy)], pos, s.k);
    } else {  // l1_loss of integers: |x − y| in the integer dtype
      v = wrap_integer(std::fabs(wrap_integer(xv[std::size_t(fx)] - yv[std::size_t(fy)], p.dtype)), p.dtype);
    }
    if (s.weight) {
      const std::int64_t f = broadcast_flat(tensor_arg(b, "weight").shape(), s.shape, i);
      v *= wv[std::size_t(f)];
      t.src.push_back(source(b, "weight", f));
    }
    t.value = v;
  }
  if (s.batchmean) {
    p.reduction = LossReduction::Mean;
    p.divisor = s.batch;
    p.divisor_sym = p.divisor_num = count_text(s.batch) + " (the batch size)";
  } else {
    set_mean_divisor(p, double(n));
  }
  p.text = [](const Bound& b, const LossPlan& p, std::size_t i, bool numeric) {
    const Term& t = p.terms[i];
    auto slot = [&](const Source& s) { return numeric ? source_value(b, s) : source_ref(b, s); };
    std::vector<std::pair<char, std::string>> slots = {
        {'x', slot(t.src[0])}, {'y', slot(t.src[1])}, {'k', number(p.k)}};
    std::size_t next = 2;
    if (p.pos_weighted) slots.push_back({'p', slot(t.src[next++])});
    const double x = b.tensor(std::size_t(t.src[0].param)).get(t.src[0].flat).as_double();
    const double y = b.tensor(std::size_t(t.src[1].param)).get(t.src[1].flat).as_double();
    std::string form = p.spec->pointwise->form(x, y, p.k, p.pos_weighted);
    if (p.weighted) {
      slots.push_back({'w', slot(t.src[next])});
      const std::string minus = "−";
      form = form.rfind(minus, 0) == 0 ? minus + "{w}·" + form.substr(minus.size()) : "{w}·(" + form + ")";
    }
    return fill(form, slots);
  };
  return p;
}

// mse_loss, l1_loss, smooth_l1_loss, huber_loss: target broadcast against input (target first
// asked for its size), then the reduction, then the op's own checks.
Shape broadcast_operands(const Bound& b) {
  const Tensor& y = target_tensor(b);
  return broadcast_shapes(tensor_arg(b, "input").shape(), y.shape());
}

// A floating common dtype, else PyTorch's kernel refusal.
DType floating_common(const Bound& b, const char* kernel) {
  const DType d = promote_types(tensor_arg(b, "input").dtype(), tensor_arg(b, "target").dtype());
  if (!is_floating(d)) fail_not_implemented(kernel, d);
  return d;
}

PointSetup mse_setup(const Bound& b) {
  PointSetup s;
  s.shape = broadcast_operands(b);
  s.reduction = loss_reduction_of(b);
  s.dtype = s.reduced_dtype = floating_common(b, "mse_cpu");
  return s;
}

PointSetup l1_setup(const Bound& b) {
  PointSetup s;
  s.shape = broadcast_operands(b);
  s.reduction = loss_reduction_of(b);
  const DType x = tensor_arg(b, "input").dtype(), y = tensor_arg(b, "target").dtype();
  if (x == DType::Bool && y == DType::Bool)
    fail("RuntimeError",
         "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or `logical_xor()` "
         "operator instead.",
         "input");
  if (x == DType::Bool || y == DType::Bool)
    fail("RuntimeError",
         "Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to invert a mask, use "
         "the `~` or `logical_not()` operator instead.",
         x == DType::Bool ? "input" : "target");
  s.dtype = promote_types(x, y);
  s.reduced_dtype = is_floating(s.dtype) ? s.dtype : DType::Int64;  // (input − target).abs().sum()
  if (s.reduction == LossReduction::Mean && !is_floating(s.dtype))
    fail("RuntimeError",
         std::string("mean(): could not infer output dtype. Input dtype must be either a floating point or complex "
                     "dtype. Got: ") +
             dtype_scalar_name(s.dtype),
         "input");
  return s;
}

PointSetup smooth_l1_setup(const Bound& b) {
  PointSetup s;
  s.shape = broadcast_operands(b);
  s.reduction = loss_reduction_of(b);
  s.k = double_arg(b, "beta", 1.0);
  if (s.k < 0) fail("RuntimeError", "smooth_l1_loss does not support negative values for beta.", "beta");
  s.dtype = s.reduced_dtype = floating_common(b, "smooth_l1_cpu");
  return s;
}

// huber_loss writes into a tensor like input: the common dtype must cast to input's.
PointSetup huber_setup(const Bound& b) {
  PointSetup s;
  s.shape = broadcast_operands(b);
  s.reduction = loss_reduction_of(b);
  s.k = double_arg(b, "delta", 1.0);
  if (s.k <= 0) fail("RuntimeError", "huber_loss does not support non-positive values for delta.", "delta");
  const DType x = tensor_arg(b, "input").dtype();
  const DType common = promote_types(x, tensor_arg(b, "target").dtype());
  if (!can_cast(common, x)) cannot_cast(common, x, "target");
  if (!is_floating(common)) fail_not_implemented("huber_cpu", common);
  s.dtype = s.reduced_dtype = x;
  return s;
}

// binary_cross_entropy: same sizes (a ValueError in Python), weight expanded to the target,
// input and target of one floating dtype, every input in [0, 1].
PointSetup bce_setup(const Bound& b) {
  PointSetup s;
  s.reduction = loss_reduction_of(b);
  const Tensor& y = target_tensor(b);
  const Tensor& x = tensor_arg(b, "input");
  if (y.shape() != x.shape())
    fail("ValueError",
         "Using a target size (" + torch_size(y.shape()) + ") that is different to the input size (" +
             torch_size(x.shape()) + ") is deprecated. Please ensure they have the same size.",
         "target");
  s.shape = x.shape();
  s.weight = tensor_given(b, "weight");
  if (s.weight) check_in_place(s.shape, broadcast_shapes(y.shape(), tensor_arg(b, "weight").shape()), "weight");
  if (y.dtype() != x.dtype())
    fail("RuntimeError",
         std::string("Found dtype ") + dtype_scalar_name(y.dtype()) + " but expected " + dtype_scalar_name(x.dtype()),
         "target");
  if (!is_floating(x.dtype())) fail_not_implemented("binary_cross_entropy", x.dtype());
  for (std::int64_t i = 0; i < x.numel(); ++i) {
    const double v = x.get(i).as_double();
    if (!(v >= 0 && v <= 1)) fail("RuntimeError", "all elements of input should be between 0 and 1", "input");
  }
  s.dtype = s.reduced_dtype = x.dtype();
  return s;
}

// binary_cross_entropy_with_logits follows PyTorch's in-place steps: -input, 1 - target,
// (1 - target).mul_(input) (the result keeps target's dtype), then exp_ of an input-dtype tensor.
PointSetup bce_logits_setup(const Bound& b) {
  PointSetup s;
  s.reduction = loss_reduction_of(b);
  const Tensor& y = target_tensor(b);
  const Tensor& x = tensor_arg(b, "input");
  if (y.shape() != x.shape())
    fail("ValueError",
         "Target size (" + torch_size(y.shape()) + ") must be the same as input size (" + torch_size(x.shape()) + ")",
         "target");
  if (x.dtype() == DType::Bool)
    fail("RuntimeError",
         "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, use the "
         "`~` or `logical_not()` operator instead.",
         "input");
  if (y.dtype() == DType::Bool)
    fail("RuntimeError",
         "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or `logical_xor()` "
         "operator instead.",
         "target");
  const DType common = promote_types(y.dtype(), x.dtype());
  if (!can_cast(common, y.dtype())) cannot_cast(common, y.dtype(), "target");
  if (!is_floating(x.dtype())) cannot_cast(DType::Float32, x.dtype(), "input");
  s.shape = y.shape();
  s.pos_weight = tensor_given(b, "pos_weight");
  if (s.pos_weight) check_in_place(s.shape, tensor_arg(b, "pos_weight").shape(), "pos_weight");
  s.weight = tensor_given(b, "weight");
  if (s.weight) check_in_place(s.shape, tensor_arg(b, "weight").shape(), "weight");
  s.dtype = s.reduced_dtype = y.dtype();
  return s;
}

// kl_div refuses integers before it broadcasts (target first: target * input).
PointSetup kl_setup(const Bound& b) {
  PointSetup s;
  const Tensor& x = tensor_arg(b, "input");
  const Value& r = arg(b, "reduction");
  const bool legacy = !arg(b, "size_average").is<None>() || !arg(b, "reduce").is<None>();
  const bool batchmean = !legacy && r.is<std::string>() && r.as<std::string>() == "batchmean";
  s.reduction = batchmean ? LossReduction::Sum : loss_reduction_of(b);
  const Tensor& y = tensor_arg(b, "target");
  if (is_integral(x.dtype(), true) || is_integral(y.dtype(), true))
    fail("RuntimeError", "kl_div: Integral inputs not supported.", is_integral(x.dtype(), true) ? "input" : "target");
  s.shape = broadcast_shapes(y.shape(), x.shape());
  s.dtype = s.reduced_dtype = promote_types(x.dtype(), y.dtype());
  s.k = bool_arg(b, "log_target", false) ? 1 : 0;
  if (batchmean && x.dim() > 0) {
    s.batchmean = true;
    s.batch = double(x.shape()[0]);
  }
  return s;
}

double xlogy(double x, double y) { return std::isnan(y) ? y : x == 0 ? 0 : x * std::log(y); }

const Pointwise kMse{mse_setup, [](double x, double y, double, double) { return (x - y) * (x - y); },
                     [](double, double, double, bool) { return std::string("({x} − {y})²"); }};
const Pointwise kL1{l1_setup, [](double x, double y, double, double) { return std::fabs(x - y); },
                    [](double, double, double, bool) { return std::string("|{x} − {y}|"); }};
const Pointwise kSmoothL1{
    smooth_l1_setup,
    [](double x, double y, double, double beta) {
      const double z = std::fabs(x - y);
      return z < beta ? 0.5 * z * z / beta : z - 0.5 * beta;
    },
    [](double x, double y, double beta, bool) {
      return std::string(std::fabs(x - y) < beta ? "0.5·({x} − {y})² / {k}" : "|{x} − {y}| − 0.5·{k}");
    }};
const Pointwise kHuber{
    huber_setup,
    [](double x, double y, double, double delta) {
      const double z = std::fabs(x - y);
      return z < delta ? 0.5 * z * z : delta * (z - 0.5 * delta);
    },
    [](double x, double y, double delta, bool) {
      return std::string(std::fabs(x - y) < delta ? "0.5·({x} − {y})²" : "{k}·(|{x} − {y}| − 0.5·{k})");
    }};
// ln is clamped at -100, so that an input of exactly 0 or 1 costs 100, not infinity.
const Pointwise kBce{
    bce_setup,
    [](double x, double y, double, double) {
      return -(y * std::max(std::log(x), -100.0) + (1 - y) * std::max(std::log(1 - x), -100.0));
    },
    [](double, double, double, bool) { return std::string("−({y}·ln({x}) + (1 − {y})·ln(1 − {x}))"); }};
// (1 − y)·x + (1 + (p − 1)·y)·ln(1 + e^−x), with ln(1 + e^−x) taken as m + ln(e^−m + e^(−x−m)),
// m = max(−x, 0), which overflows for no x.
const Pointwise kBceLogits{
    bce_logits_setup,
    [](double x, double y, double p, double) {
      const double m = std::max(-x, 0.0);
      return (1 - y) * x + (1 + (p - 1) * y) * (std::log(std::exp(-m) + std::exp(-x - m)) + m);
    },
    [](double, double, double, bool pos) {
      return std::string(pos ? "(1 − {y})·{x} + (1 + ({p} − 1)·{y})·ln(1 + e^−{x})" : "(1 − {y})·{x} + ln(1 + e^−{x})");
    }};
const Pointwise kKl{kl_setup,
                    [](double x, double y, double, double log_target) {
                      return log_target != 0 ? std::exp(y) * (y - x) : xlogy(y, y) - y * x;
                    },
                    [](double, double, double log_target, bool) {
                      return std::string(log_target != 0 ? "e^{y}·({y} − {x})" : "{y}·(ln({y}) − {x})");
                    }};

// --- nll_loss and cross_entropy -----------------------------------------------------------------

// Samples are (batch n, spatial j); the class dim is 1 (0 for an unbatched (C,) input).
struct ClassLayout {
  std::int64_t N = 1, C = 1, S = 1;
  Shape out;
  std::int64_t input_flat(std::int64_t sample, std::int64_t c) const {
    return (sample / S) * C * S + c * S + sample % S;
  }
};

std::int64_t size0(const Tensor& t) { return t.dim() > 0 ? t.shape()[0] : 0; }

// torch._C._nn's own binding refuses a weight that is not a tensor (the binder knows no row for it).
void weight_is_tensor(const Bound& b, const char* callee) {
  const Value& w = arg(b, "weight");
  if (!w.is<None>() && !w.is<Tensor>())
    fail("TypeError",
         std::string(callee) + "(): argument 'weight' (position 3) must be Tensor, not " + python_type_name(w),
         "weight");
}

[[noreturn]] void weight_classes(std::int64_t C, const Tensor& w, const std::string& prefix = "") {
  fail("RuntimeError",
       prefix + "weight tensor should be defined either for all " + std::to_string(C) +
           " classes or no classes but got weight tensor of shape: " + shape_str(w.shape()),
       "weight");
}

// nll_loss_nd's shape checks, in its order; returns the kernel name of the form it picked.
ClassLayout nll_layout(const Bound& b, const Tensor& x, const Tensor& t, const char** kernel) {
  if (x.dim() < 1) fail("ValueError", "Expected 1 or more dimensions (got " + std::to_string(x.dim()) + ")", "input");
  if (x.dim() != 1 && size0(x) != size0(t))
    fail("ValueError",
         "Expected input batch_size (" + std::to_string(size0(x)) + ") to match target batch_size (" +
             std::to_string(size0(t)) + ").",
         "target");
  const bool weighted = tensor_given(b, "weight");
  ClassLayout l;
  if (x.dim() <= 2) {
    *kernel = "nll_loss_out_frame";
    if (t.dim() > 1) fail("RuntimeError", "0D or 1D target tensor expected, multi-target not supported", "target");
    if (!(x.dim() == 1 && t.dim() == 0) && size0(x) != size0(t))
      fail("RuntimeError",
           "size mismatch (got input: " + shape_str(x.shape()) + ", target: " + shape_str(t.shape()) + ")", "target");
    l.C = x.shape()[std::size_t(x.dim() - 1)];
    if (weighted && (tensor_arg(b, "weight").dim() != 1 || tensor_arg(b, "weight").numel() != l.C))
      weight_classes(l.C, tensor_arg(b, "weight"));
    if (x.dim() == 2) {
      l.N = x.shape()[0];
      l.out = {l.N};
    }
    return l;
  }
  *kernel = "nll_loss2d_forward_out_frame";
  l.N = x.shape()[0];
  l.C = x.shape()[1];
  l.out = {l.N};
  for (int d = 2; d < x.dim(); ++d) {
    l.S *= x.shape()[std::size_t(d)];
    l.out.push_back(x.shape()[std::size_t(d)]);
  }
  if (x.dim() == 4) {
    if (t.dim() != 3)
      fail("RuntimeError",
           "only batches of spatial targets supported (3D tensors) but got targets of dimension: " +
               std::to_string(t.dim()),
           "target");
    if (weighted && tensor_arg(b, "weight").numel() != l.C) weight_classes(l.C, tensor_arg(b, "weight"));
    if (t.shape()[1] != x.shape()[2] || t.shape()[2] != x.shape()[3])
      fail("RuntimeError", "size mismatch (got input: " + shape_str(x.shape()) + " , target: " + shape_str(t.shape()),
           "target");
    return l;
  }
  bool same = t.dim() == x.dim() - 1;
  for (int d = 1; same && d < t.dim(); ++d) same = t.shape()[std::size_t(d)] == x.shape()[std::size_t(d + 1)];
  if (!same)
    fail("RuntimeError", "Expected target size " + shape_str(l.out) + ", got " + shape_str(t.shape()), "target");
  if (weighted && tensor_arg(b, "weight").numel() != l.C) weight_classes(l.C, tensor_arg(b, "weight"));
  return l;
}

// The kernel's dtype checks (Half computes in float, as newer PyTorch does), then the targets.
void nll_kernel_checks(const Bound& b, const Tensor& x, const Tensor& t, const ClassLayout& l, const char* kernel) {
  if (!is_floating(x.dtype())) fail_not_implemented(kernel, x.dtype());
  if (tensor_given(b, "weight") && tensor_arg(b, "weight").dtype() != x.dtype())
    fail("RuntimeError",
         std::string("expected scalar type ") + dtype_scalar_name(x.dtype()) + " but found " +
             dtype_scalar_name(tensor_arg(b, "weight").dtype()),
         "weight");
  if (t.dtype() != DType::Int64 && t.dtype() != DType::UInt8)
    fail("RuntimeError", std::string("expected scalar type Long but found ") + dtype_scalar_name(t.dtype()), "target");
  const std::int64_t ignore = int_arg(b, "ignore_index", -100);
  const std::int64_t samples = l.N * l.S;
  for (std::int64_t s = 0; s < samples && x.numel() > 0; ++s) {
    const std::int64_t c = t.get(s).i;
    if (c != ignore && (c < 0 || c >= l.C))
      fail("IndexError", "Target " + std::to_string(c) + " is out of bounds.", "target");
  }
  if (x.numel() == 0)  // an empty class dim: every target is out of bounds
    for (std::int64_t s = 0; s < t.numel(); ++s)
      if (t.get(s).i != ignore)
        fail("IndexError", "Target " + std::to_string(t.get(s).i) + " is out of bounds.", "target");
}

// The picked-class terms shared by nll_loss and cross_entropy: term s is
// −weight[t]·logp(input[s][t]) (+ the smoothing part), counted unless t is ignore_index; 'mean'
// divides by the summed weights of the counted ones (their count without weight).
void class_index_terms(const Bound& b, LossPlan& p, const ClassLayout& l, const std::vector<double>& logp,
                       double smoothing, bool whole_row) {
  const Tensor& t = tensor_arg(b, "target");
  const std::int64_t ignore = int_arg(b, "ignore_index", -100);
  std::vector<double> w;
  if (p.weighted) w = values_of(tensor_arg(b, "weight"));
  const std::int64_t samples = l.N * l.S;
  p.terms.resize(std::size_t(samples));
  double divisor = 0;
  std::vector<std::int64_t> picked;
  for (std::int64_t s = 0; s < samples; ++s) {
    Term& term = p.terms[std::size_t(s)];
    const std::int64_t c = t.get(s).i;  // (a (C,) input has one sample: target[0])
    term.src.push_back(source(b, "target", s, Role::Index));
    if (c == ignore) {
      term.counted = false;
      continue;
    }
    const double wc = p.weighted ? w[std::size_t(c)] : 1.0;
    double v = -wc * logp[std::size_t(l.input_flat(s, c))];
    if (smoothing > 0) {
      double smooth = 0;
      for (std::int64_t k = 0; k < l.C; ++k)
        smooth -= (p.weighted ? w[std::size_t(k)] : 1.0) * logp[std::size_t(l.input_flat(s, k))];
      v = (1 - smoothing) * v + smoothing / double(l.C) * smooth;
    }
    term.value = v;
    for (std::int64_t k = 0; k < l.C; ++k)
      if (whole_row || k == c) term.src.push_back(source(b, "input", l.input_flat(s, k)));
    if (p.weighted && smoothing > 0) {
      for (std::int64_t k = 0; k < l.C; ++k) term.src.push_back(source(b, "weight", k));
    } else if (p.weighted) {
      term.src.push_back(source(b, "weight", c));
    }
    divisor += wc;
    picked.push_back(c);
  }
  p.divisor = divisor;
  if (!p.weighted) {
    p.divisor_sym = p.divisor_num = count_text(divisor);
    return;
  }
  p.divisor_sym =
      "(" +
      join_terms(
          picked.size(), [&](std::size_t i) { return "weight[" + std::to_string(picked[i]) + "]"; }, " + ") +
      ")";
  p.divisor_num =
      "(" +
      join_terms(
          picked.size(), [&](std::size_t i) { return source_value(b, source(b, "weight", picked[i])); }, " + ") +
      ")";
  if (picked.empty()) p.divisor_sym = p.divisor_num = "0";
}

// "input[0][1]" for input element (sample s, class c).
std::string input_ref(const Bound& b, std::int64_t flat) { return source_ref(b, source(b, "input", flat)); }
std::string input_value(const Bound& b, std::int64_t flat) { return source_value(b, source(b, "input", flat)); }

ClassLayout layout_of(const Bound& b, const LossPlan& p) {
  ClassLayout l;
  const Tensor& x = tensor_arg(b, "input");
  l.C = p.classes;
  if (x.dim() >= 2) {  // the spatial size from the dims themselves: with 0 classes there are still samples
    l.N = x.shape()[0];
    l.S = shape_numel(Shape(x.shape().begin() + 2, x.shape().end()));
  }
  return l;
}

// The class picked by term i, and the weight factor's text ("" without weight).
std::int64_t picked_class(const Bound& b, const Term& t) {
  return b.tensor(std::size_t(t.src[0].param)).get(t.src[0].flat).i;
}
std::string weight_factor(const Bound& b, const LossPlan& p, std::int64_t c, bool numeric) {
  if (!p.weighted) return "";
  const Source w = source(b, "weight", c);
  std::string v = numeric ? source_value(b, w) : source_ref(b, w);
  return (numeric && v[0] == '-' ? "(" + v + ")" : v) + "·";
}

std::string nll_text(const Bound& b, const LossPlan& p, std::size_t i, bool numeric) {
  const Term& t = p.terms[i];
  const std::int64_t c = picked_class(b, t);
  const std::int64_t f = layout_of(b, p).input_flat(std::int64_t(i), c);
  std::string v = numeric ? input_value(b, f) : input_ref(b, f);
  if (numeric && v[0] == '-') v = "(" + v + ")";
  return "−" + weight_factor(b, p, c, numeric) + v;
}

LossPlan nll_plan(const Bound& b, const LossSpec& spec) {
  LossPlan p;
  p.spec = &spec;
  p.reduction = loss_reduction_of(b);
  weight_is_tensor(b, "nll_loss_nd");
  const Tensor& x = tensor_arg(b, "input");
  const Tensor& t = tensor_arg(b, "target");
  const char* kernel = "";
  const ClassLayout l = nll_layout(b, x, t, &kernel);
  nll_kernel_checks(b, x, t, l, kernel);
  p.dtype = p.reduced_dtype = x.dtype();
  p.shape = l.out;
  p.classes = l.C;
  p.weighted = tensor_given(b, "weight");
  class_index_terms(b, p, l, values_of(x), 0, false);
  p.text = nll_text;
  return p;
}

// cross_entropy: log_softmax over the class dim, then nll_loss (class indices, maybe smoothed)
// or −Σ_c weight[c]·target[c]·logp[c] (class probabilities: target shaped like input).
void log_softmax_check(const Tensor& x) {
  if (!is_floating(x.dtype()))
    fail_not_implemented(x.dim() <= 2 ? "log_softmax_lastdim_kernel_impl" : "softmax_kernel_impl", x.dtype());
}
std::vector<double> log_softmax_rows(const Tensor& x, const ClassLayout& l) {
  std::vector<double> v = values_of(x), out(v.size());
  for (std::int64_t s = 0; s < l.N * l.S; ++s) {
    double m = -INFINITY;
    for (std::int64_t c = 0; c < l.C; ++c) m = std::max(m, v[std::size_t(l.input_flat(s, c))]);
    double sum = 0;
    for (std::int64_t c = 0; c < l.C; ++c) sum += std::exp(v[std::size_t(l.input_flat(s, c))] - m);
    for (std::int64_t c = 0; c < l.C; ++c)
      out[std::size_t(l.input_flat(s, c))] = v[std::size_t(l.input_flat(s, c))] - m - std::log(sum);
  }
  return out;
}
ClassLayout class_dim_layout(const Tensor& x) {
  ClassLayout l;
  if (x.dim() == 1) {
    l.C = x.shape()[0];
    return l;
  }
  l.N = x.shape()[0];
  l.C = x.shape()[1];
  l.out = {l.N};
  for (int d = 2; d < x.dim(); ++d) {
    l.S *= x.shape()[std::size_t(d)];
    l.out.push_back(x.shape()[std::size_t(d)]);
  }
  return l;
}

// "ln(e^input[0][0] + e^input[0][1] + …)" for sample s.
std::string log_sum_exp_text(const Bound& b, const ClassLayout& l, std::int64_t s, bool numeric) {
  return "ln(" +
         join_terms(
             std::size_t(l.C),
             [&](std::size_t c) {
               const std::int64_t f = l.input_flat(s, std::int64_t(c));
               return numeric ? fill("e^{x}", {{'x', input_value(b, f)}}) : "e^" + input_ref(b, f);
             },
             " + ") +
         ")";
}

// "[0][c]": the coordinates of input element `flat` with the class coordinate written as `c`.
std::string class_coords(const Shape& shape, std::int64_t flat, const std::string& c) {
  std::string out;
  const int class_dim = shape.size() == 1 ? 0 : 1;
  for (int d = int(shape.size()) - 1; d >= 0; --d) {
    out = "[" + (d == class_dim ? c : std::to_string(flat % shape[std::size_t(d)])) + "]" + out;
    flat /= shape[std::size_t(d)];
  }
  return out;
}

std::string ce_index_text(const Bound& b, const LossPlan& p, std::size_t i, bool numeric) {
  const Term& t = p.terms[i];
  const ClassLayout l = layout_of(b, p);
  const Shape& shape = tensor_arg(b, "input").shape();
  const std::int64_t c = picked_class(b, t), s = std::int64_t(i);
  const std::int64_t f = l.input_flat(s, c);
  if (p.k > 0) {  // label smoothing: (1 − ε)·(the picked class's loss) + ε/C·Σ over every class
    const std::string head = number(1 - p.k) + "·" + weight_factor(b, p, c, numeric);
    const std::string tail = " + " + number(p.k) + "/" + std::to_string(l.C) + "·";
    if (!numeric)
      return head + "(−log_softmax(input)" + class_coords(shape, f, std::to_string(c)) + ")" + tail + "Σ_c " +
             (p.weighted ? "weight[c]·" : "") + "(−log_softmax(input)" + class_coords(shape, f, "c") + ")";
    double smooth = 0;
    for (std::int64_t k = 0; k < l.C; ++k)
      smooth -= (p.weighted ? tensor_arg(b, "weight").get(k).as_double() : 1.0) *
                p.log_softmax[std::size_t(l.input_flat(s, k))];
    return head + computed(p, -p.log_softmax[std::size_t(f)]) + tail + computed(p, smooth);
  }
  const std::string nll =
      fill(log_sum_exp_text(b, l, s, numeric) + " − {x}", {{'x', numeric ? input_value(b, f) : input_ref(b, f)}});
  return p.weighted ? weight_factor(b, p, c, numeric) + "(" + nll + ")" : nll;
}

// −Σ_c weight[c]·target[n][c]·log_softmax(input)[n][c], the target smoothed when asked.
std::string ce_prob_text(const Bound& b, const LossPlan& p, std::size_t i, bool numeric) {
  const ClassLayout l = layout_of(b, p);
  const Shape& shape = tensor_arg(b, "input").shape();
  const std::int64_t s = std::int64_t(i);
  auto smoothed = [&](const std::string& target) {
    return p.k > 0 ? "(" + number(1 - p.k) + "·" + target + " + " + number(p.k / double(l.C)) + ")" : target;
  };
  if (!numeric) {
    // The sample's coordinates, its class dim read as one class ("c"): with 0 classes the
    // input has no element to take them from, and the class dim's size would divide by 0.
    Shape one_class = shape;
    one_class[shape.size() == 1 ? 0 : 1] = 1;
    const std::string cc = class_coords(one_class, s, "c");
    return "−Σ_c " + std::string(p.weighted ? "weight[c]·" : "") + smoothed("target" + cc) + "·log_softmax(input)" + cc;
  }
  return "−(" +
         join_terms(
             std::size_t(l.C),
             [&](std::size_t c) {
               const std::int64_t f = l.input_flat(s, std::int64_t(c));
               const std::string w =
                   p.weighted ? fill("{w}·", {{'w', source_value(b, source(b, "weight", std::int64_t(c)))}}) : "";
               return w + fill("{t}·{v}", {{'t', smoothed(source_value(b, source(b, "target", f)))},
                                           {'v', computed(p, p.log_softmax[std::size_t(f)])}});
             },
             " + ") +
         ")";
}

LossPlan ce_plan(const Bound& b, const LossSpec& spec) {
  LossPlan p;
  p.spec = &spec;
  p.reduction = loss_reduction_of(b);
  weight_is_tensor(b, "cross_entropy_loss");
  const Tensor& x = tensor_arg(b, "input");
  const Tensor& t = tensor_arg(b, "target");
  const double smoothing = double_arg(b, "label_smoothing", 0.0);
  p.weighted = tensor_given(b, "weight");
  p.probabilities = x.shape() == t.shape();
  if (p.probabilities) {
    if (!is_floating(t.dtype()))
      fail("RuntimeError",
           std::string("Expected floating point type for target with class probabilities, got ") +
               dtype_scalar_name(t.dtype()),
           "target");
    if (int_arg(b, "ignore_index", -100) >= 0)
      fail("RuntimeError", "ignore_index is not supported for floating point target", "ignore_index");
    if (x.dim() == 0) fail("IndexError", "Dimension specified as 1 but tensor has no dimensions", "input");
    const ClassLayout l = class_dim_layout(x);
    if (p.weighted && (tensor_arg(b, "weight").dim() != 1 || tensor_arg(b, "weight").numel() != l.C))
      weight_classes(l.C, tensor_arg(b, "weight"), "cross_entropy: ");
    if (smoothing > 0 && smoothing > 1)
      fail("RuntimeError", "label_smoothing must be between 0.0 and 1.0. Got: " + stream_double(smoothing),
           "label_smoothing");
    log_softmax_check(x);
    p.dtype = promote_types(x.dtype(), t.dtype());
    if (p.weighted) p.dtype = promote_types(p.dtype, tensor_arg(b, "weight").dtype());
    p.reduced_dtype = p.dtype;
    p.shape = l.out;
    p.classes = l.C;
    p.k = smoothing > 0 ? smoothing : 0;
    p.log_softmax = log_softmax_rows(x, l);
    const std::vector<double> tv = values_of(t);
    std::vector<double> w(std::size_t(l.C), 1.0);
    if (p.weighted) w = values_of(tensor_arg(b, "weight"));
    p.terms.resize(std::size_t(l.N * l.S));
    for (std::int64_t s = 0; s < l.N * l.S; ++s) {
      Term& term = p.terms[std::size_t(s)];
      for (std::int64_t c = 0; c < l.C; ++c) {
        const std::int64_t f = l.input_flat(s, c);
        const double target = p.k > 0 ? tv[std::size_t(f)] * (1 - p.k) + p.k / double(l.C) : tv[std::size_t(f)];
        term.value -= w[std::size_t(c)] * target * p.log_softmax[std::size_t(f)];
        term.src.push_back(source(b, "input", f));
        term.src.push_back(source(b, "target", f));
        if (p.weighted) term.src.push_back(source(b, "weight", c));
      }
    }
    const double n = double(l.N * l.S);
    p.divisor = x.numel() == 0 ? 0 : n;  // PyTorch fills nan for an empty batch
    p.divisor_sym = p.divisor_num = count_text(n);
    p.text = ce_prob_text;
    return p;
  }
  if (smoothing > 0 && smoothing > 1)
    fail("RuntimeError", "label_smoothing must be between 0.0 and 1.0. Got: " + stream_double(smoothing),
         "label_smoothing");
  if (x.dim() == 0) fail("IndexError", "Dimension specified as 1 but tensor has no dimensions", "input");
  log_softmax_check(x);
  const char* kernel = "";
  const ClassLayout l = nll_layout(b, x, t, &kernel);
  nll_kernel_checks(b, x, t, l, kernel);
  p.dtype = p.reduced_dtype = x.dtype();
  p.shape = l.out;
  p.classes = l.C;
  p.k = smoothing > 0 ? smoothing : 0;
  p.log_softmax = log_softmax_rows(x, l);
  class_index_terms(b, p, l, p.log_softmax, p.k, true);
  p.text = ce_index_text;
  return p;
}

// --- registration -------------------------------------------------------------------------------

Param p_tensor(const char* name) { return Param{name, ParamType::Tensor}; }
Param p_optional_tensor(const char* name) {
  return Param{name, ParamType::Tensor, false, true, Value(None{}), false, true};
}
Param p_legacy(const char* name) { return Param{name, ParamType::Bool, false, true, Value(None{}), false, true}; }
Param p_reduction() { return Param{"reduction", ParamType::String, false, true, Value(std::string("mean"))}; }
Param p_float(const char* name, double dflt) { return Param{name, ParamType::Float, false, true, Value(dflt)}; }

const LossSpec* keep(LossSpec s) {
  static std::deque<LossSpec> specs;
  specs.push_back(s);
  return &specs.back();
}

void loss(std::vector<const OpDescriptor*>& t, const char* names, const char* summary, const char* example,
          std::vector<Param> params, LossSpec spec, const char* input_method = "size") {
  OpDescriptor op = composite_op(names, "reduce", summary, example, std::move(params), loss_run, loss_explain,
                                 loss_equation, keep(spec));
  op.python_input_method = input_method;
  add_op(t, std::move(op));
}

LossSpec pointwise(const Pointwise& pw) { return LossSpec{pointwise_plan, &pw}; }

}  // namespace

void add_loss_ops(std::vector<const OpDescriptor*>& t) {
  const std::vector<Param> basic = {p_tensor("input"), p_tensor("target"), p_legacy("size_average"), p_legacy("reduce"),
                                    p_reduction()};
  auto with = [](std::vector<Param> ps, std::vector<Param> more) {
    ps.insert(ps.end(), more.begin(), more.end());
    return ps;
  };
  loss(t, "torch.nn.functional.mse_loss", "The mean (or sum) of the squared differences between input and target.",
       "torch.nn.functional.mse_loss(torch.tensor([1.0, 2.0, 3.0]), torch.tensor([1.0, 0.0, 5.0]), reduction='none')",
       basic, pointwise(kMse));
  loss(t, "torch.nn.functional.l1_loss", "The mean (or sum) of the absolute differences between input and target.",
       "torch.nn.functional.l1_loss(torch.tensor([1.0, 2.0, 3.0]), torch.tensor([1.0, 0.0, 5.0]), reduction='none')",
       basic, pointwise(kL1));
  loss(t, "torch.nn.functional.smooth_l1_loss",
       "Squared difference / beta near zero, absolute difference minus beta/2 beyond beta.",
       "torch.nn.functional.smooth_l1_loss(torch.tensor([1.0, 2.0, 3.0]), torch.tensor([1.5, 0.0, 5.0]), "
       "reduction='none')",
       with(basic, {p_float("beta", 1.0)}), pointwise(kSmoothL1));
  loss(t, "torch.nn.functional.huber_loss",
       "Half the squared difference below delta, delta times (|difference| − delta/2) beyond it.",
       "torch.nn.functional.huber_loss(torch.tensor([1.0, 2.0, 3.0]), torch.tensor([1.5, 0.0, 5.0]), reduction='none')",
       {p_tensor("input"), p_tensor("target"), p_reduction(), p_float("delta", 1.0)}, pointwise(kHuber));
  loss(t, "torch.nn.functional.binary_cross_entropy",
       "The log loss of probabilities in [0, 1] against targets: −(y·ln x + (1 − y)·ln(1 − x)).",
       "torch.nn.functional.binary_cross_entropy(torch.tensor([0.9, 0.2, 0.5]), torch.tensor([1.0, 0.0, 1.0]), "
       "reduction='none')",
       {p_tensor("input"), p_tensor("target"), p_optional_tensor("weight"), p_legacy("size_average"),
        p_legacy("reduce"), p_reduction()},
       pointwise(kBce));
  {
    loss(t, "torch.nn.functional.binary_cross_entropy_with_logits torch.binary_cross_entropy_with_logits",
         "binary_cross_entropy of sigmoid(input), computed from the raw scores without overflow.",
         "torch.nn.functional.binary_cross_entropy_with_logits(torch.tensor([2.0, -1.0, 0.0]), torch.tensor([1.0, 0.0, "
         "1.0]), reduction='none')",
         {p_tensor("input"), p_tensor("target"), p_optional_tensor("weight"), p_legacy("size_average"),
          p_legacy("reduce"), p_reduction(), p_optional_tensor("pos_weight")},
         pointwise(kBceLogits));
    loss(
        t, "torch.nn.functional.kl_div torch.kl_div",
        "The Kullback-Leibler divergence terms target·(ln target − input), input being log-probabilities.",
        "torch.nn.functional.kl_div(torch.tensor([-1.0, -2.0, -0.5]), torch.tensor([0.5, 0.2, 0.3]), reduction='none')",
        with(basic, {Param{"log_target", ParamType::Bool, false, true, Value(false)}}), pointwise(kKl), "");
  }
  const std::vector<Param> class_params = {
      p_tensor("input"),
      p_tensor("target"),
      p_optional_tensor("weight"),
      p_legacy("size_average"),
      Param{"ignore_index", ParamType::Int, false, true, Value(std::int64_t(-100))},
      p_legacy("reduce"),
      p_reduction()};
  loss(t, "torch.nn.functional.nll_loss",
       "Minus the input entry of each sample's target class (times its weight), averaged or summed.",
       "torch.nn.functional.nll_loss(torch.tensor([[-0.5, -1.0, -2.0], [-3.0, -0.1, -1.5]]), torch.tensor([0, 2]), "
       "reduction='none')",
       class_params, LossSpec{nll_plan, nullptr}, "");
  loss(t, "torch.nn.functional.cross_entropy",
       "log_softmax over the classes followed by nll_loss, or against class probabilities.",
       "torch.nn.functional.cross_entropy(torch.tensor([[2.0, 1.0, 0.0], [0.0, 0.0, 3.0]]), torch.tensor([0, 2]), "
       "reduction='none')",
       with(class_params, {p_float("label_smoothing", 0.0)}), LossSpec{ce_plan, nullptr}, "");
}

}  // namespace whence
