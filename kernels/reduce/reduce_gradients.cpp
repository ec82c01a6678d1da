// reduce_gradients.cpp - how the reduce family's ops differentiate (core/autograd.hpp's GradRule):
// the folds and scans of register_reduce, max/min, the order ops and softmax. The statistics,
// normalization layers and losses are in reduce_gradients_groups.cpp and reduce_gradients_losses.cpp.
#include <cmath>

#include "core/number_format.hpp"
#include "kernels/common/composite.hpp"
#include "kernels/common/derivatives.hpp"
#include "kernels/reduce/reduce_family.hpp"
#include "kernels/reduce/reduce_gradients.hpp"

namespace whence {

namespace reduce_fold_grads {  // named: the folder is one unity build

double out_value(const OpResult& r, int position, std::int64_t flat) {
  return r.tensors[std::size_t(position)].get(flat).as_double();
}

std::size_t value_count(const std::vector<Source>& sources) {
  std::size_t n = 0;
  for (const Source& s : sources) n += s.role == Role::Value;
  return n;
}

// How many zeros the call's input holds, counted up to 2 (kept per result: prod and cumprod
// ask per output element).
struct InputZeros {
  int zeros = 0;
};
int input_zeros(const Bound& b, const OpResult& r) {
  return prepared_for(b, r,
                      [](const Bound& c) {
                        InputZeros z;
                        const Tensor& x = c.tensor(0);
                        for (std::int64_t i = 0; i < x.numel() && z.zeros < 2; ++i)
                          z.zeros += x.get(i).as_double() == 0;
                        return z;
                      })
      .zeros;
}

// ∂ out / ∂ x_j of a product over `sources` (prod, cumprod), as PyTorch's backward computes it:
// when the whole input has no zero, out / x_j; else, for prod, the product of the others (0 for
// every element once two of the product are zero, NaN where a NaN or inf is among them), and
// for cumprod out_i / x_j before the line's first zero and only that zero's product of the
// others from it on. prod without a dim and two zeros or more in the input: 0 everywhere, NaN
// and inf elements included (PyTorch's prod_backward returns zeros_like there). A 0-d input
// (prod) or a single element (cumprod) passes the gradient through.
void product_derivatives(const Bound& b, const OpResult& r, const std::vector<Source>& sources, double out, bool scan,
                         double* d) {
  const std::size_t n = sources.size();
  std::vector<double> x(n);
  for (std::size_t i = 0; i < n; ++i) x[i] = source_number(b, sources[i]);
  if (scan ? b.tensor(0).numel() <= 1 : b.tensor(0).dim() == 0) {
    for (std::size_t i = 0; i < n; ++i) d[i] = 1;
    return;
  }
  std::size_t zero = n;  // cumprod: the first zero of x_0..x_i
  for (std::size_t i = 0; scan && i < n && zero == n; ++i)
    if (x[i] == 0) zero = i;
  const int zeros = input_zeros(b, r);
  if (zeros == 0 || (scan && zero == n)) {
    for (std::size_t i = 0; i < n; ++i) d[i] = out / x[i];
    return;
  }
  if (!scan && zeros > 1 && arg(b, "dim").is<None>()) {
    for (std::size_t i = 0; i < n; ++i) d[i] = 0;
    return;
  }
  if (scan) {  // past a zero only the first zero has a derivative: the product of the others
    for (std::size_t i = 0; i < n; ++i) d[i] = 0;
    d[zero] = 1;
    for (std::size_t i = 0; i < n; ++i)
      if (i != zero) d[zero] *= x[i];
    return;
  }
  double left = 1;  // the product of the others: prefix times suffix
  for (std::size_t i = 0; i < n; ++i) {
    d[i] = left;
    left *= x[i];
  }
  double right = 1;
  for (std::size_t i = n; i-- > 0;) {
    d[i] *= right;
    right *= x[i];
  }
}

// Every op of register_reduce, by its accumulator's kind.
void fold_derivatives(const Bound& b, const OpResult& r, int position, std::int64_t flat,
                      const std::vector<Source>& sources, double* d) {
  const ReduceSpec& spec = *static_cast<const ReduceSpec*>(b.op->family_data);
  ReduceParams params;
  if (spec.params) spec.params(b, params);
  const std::size_t n = sources.size();
  const double out = out_value(r, position, flat);
  auto each = [&](auto f) {
    for (std::size_t i = 0; i < n; ++i) d[i] = f(source_number(b, sources[i]));
  };
  switch (spec.kind) {
    case ReduceKind::Sum: return each([](double) { return 1.0; });
    case ReduceKind::NanSum: return each([](double x) { return std::isnan(x) ? 0.0 : 1.0; });
    case ReduceKind::Mean: return each([&](double) { return 1.0 / double(n); });
    case ReduceKind::NanMean: {  // nansum / count: NaN everywhere when the count is 0
      double count = 0;
      for (const Source& s : sources) count += !std::isnan(source_number(b, s));
      return each([&](double x) { return count == 0 ? NAN : std::isnan(x) ? 0.0 : 1.0 / count; });
    }
    case ReduceKind::Prod: return product_derivatives(b, r, sources, out, spec.scan, d);
    case ReduceKind::Max:
    case ReduceKind::Min: return each([](double) { return 1.0; });  // the winner (the rest compare)
    case ReduceKind::AMax:
    case ReduceKind::AMin: {  // evenly among the ties; a NaN result matches no element: NaN
      const double ties = double(value_count(sources));
      return each([&](double) { return std::isnan(out) ? NAN : 1.0 / ties; });
    }
    case ReduceKind::Var:
    case ReduceKind::Std:
    case ReduceKind::VarMean:
    case ReduceKind::StdMean: {
      if (position == 1) return each([&](double) { return 1.0 / double(n); });  // the mean
      double mean = 0;
      for (const Source& s : sources) mean += source_number(b, s);
      mean /= double(n);
      const bool sd = spec.kind == ReduceKind::Std || spec.kind == ReduceKind::StdMean;
      const double dof = double(n) - params.correction;
      const double scale = 2.0 / dof;
      // PyTorch 1.13's var_backward without a dim (none given, or a 0-d input) returns
      // INFINITY · grad when there is no degree of freedom: infinite, not inf · 0 = NaN. (For
      // var itself that is a 0-d gradient, which PyTorch's engine then refuses for a 1-d input;
      // var_mean adds the mean's and gets inf.) With a dim given it is 2 / 0 · (x − mean): NaN.
      if (!sd && dof == 0 && (b.tensor(0).dim() == 0 || arg(b, "dim").is<None>()))
        return each([](double) { return INFINITY; });
      // std: var's derivative over 2·std, 0 where std is 0.
      const double chain = sd ? (out == 0 ? 0.0 : 1.0 / (2 * out)) : 1.0;
      return each([&](double x) { return chain * scale * (x - mean); });
    }
    case ReduceKind::LogSumExp: {
      // logsumexp, and logcumsumexp's out_i = log Σ_{j≤i} e^x_j alike
      return each([&](double x) { return std::exp(x - out); });
    }
    case ReduceKind::Norm: {
      std::vector<double> x(n);
      for (std::size_t i = 0; i < n; ++i) x[i] = source_number(b, sources[i]);
      const double ties = pnorm_ties(x, params.p, out);
      for (std::size_t i = 0; i < n; ++i) d[i] = pnorm_partial(x[i], params.p, out, ties);
      return;
    }
    default: return each([](double) { return 0.0; });
  }
}

// max/min: max(x) splits evenly among ties, max(x, dim) gives it to the index, max(x, other)
// is torch.maximum (half to each on a tie).
void max_min_derivatives(const Bound& b, const OpResult& r, int position, std::int64_t flat,
                         const std::vector<Source>& sources, double* d) {
  if (b[3].is<Tensor>()) {
    const bool is_max = b.op->names.front() == "torch.max";
    double a = 0, o = 0;
    for (const Source& s : sources) (s.param == 0 ? a : o) = source_number(b, s);
    for (std::size_t i = 0; i < sources.size(); ++i) {
      const bool self = sources[i].param == 0;
      const double mine = self ? a : o, theirs = self ? o : a;
      d[i] = mine == theirs ? 0.5 : ((is_max ? mine < theirs : mine > theirs) ? 0.0 : 1.0);
    }
    return;
  }
  if (b[1].is<None>()) {
    const double ties = double(value_count(sources));
    for (std::size_t i = 0; i < sources.size(); ++i) d[i] = 1.0 / ties;
    return;
  }
  (void)r, (void)position, (void)flat;
  for (std::size_t i = 0; i < sources.size(); ++i) d[i] = 1.0;
}

// median(x), nanmedian(x) without dim: evenly among the ties; every other pick: the one element.
void pick_derivatives(const Bound&, const OpResult&, int, std::int64_t, const std::vector<Source>& sources, double* d) {
  const double ties = double(value_count(sources));
  for (std::size_t i = 0; i < sources.size(); ++i) d[i] = 1.0 / ties;
}

// softmax y_i = e^x_i / Σ e^x: ∂y_i/∂x_j = y_i (δ_ij − y_j); log_softmax: δ_ij − softmax_j;
// softmin is softmax of −x. y is worked out again in double from the line's inputs (cast to
// dtype= first, as the forward does), not read from the result: a float16 or bfloat16 result's
// roundings, about 2^-9 relative in bfloat16, make Σ y_j differ from 1, and ∂y_i/∂x_j cancels
// y_i against y_i·Σ y_j, so the rounded values give a gradient neither PyTorch's (which rounds
// at every step of its backward) nor the float64 one rounded once (grad goldens' "exact").
template <int Kind>  // 0 softmax, 1 log_softmax, 2 softmin
void softmax_derivatives(const Bound& b, const OpResult&, int, std::int64_t flat, const std::vector<Source>& sources,
                         double* d) {
  const std::size_t n = sources.size();
  const Value& dtype = arg(b, "dtype");
  std::vector<double> y(n);
  double top = -INFINITY;
  for (std::size_t j = 0; j < n; ++j) {
    double x = source_number(b, sources[j]);
    if (dtype.is<DType>()) x = round_to_dtype(x, dtype.as<DType>());
    y[j] = Kind == 2 ? -x : x;
    if (y[j] > top) top = y[j];
  }
  double sum = 0;
  for (double& v : y) sum += v = std::exp(v - top);
  double yi = 0;
  for (std::size_t j = 0; j < n; ++j) {
    y[j] /= sum;
    if (sources[j].flat == flat) yi = y[j];
  }
  for (std::size_t j = 0; j < n; ++j) {
    const double delta = sources[j].flat == flat ? 1.0 : 0.0;
    if (Kind == 1)
      d[j] = delta - y[j];
    else
      d[j] = (Kind == 2 ? -1.0 : 1.0) * yi * (delta - y[j]);
  }
}

}  // namespace reduce_fold_grads

void add_reduce_gradients(GradRules& r) {
  using namespace reduce_fold_grads;
  for (const char* name :
       {"torch.sum", "torch.nansum", "torch.prod", "torch.mean", "torch.nanmean", "torch.amax", "torch.amin",
        "torch.var", "torch.std", "torch.var_mean", "torch.std_mean", "torch.logsumexp", "torch.linalg.vector_norm",
        "torch.cumsum", "torch.cumprod", "torch.cummax", "torch.cummin", "torch.logcumsumexp"})
    set_rule(r, name, GradRule{fold_derivatives});
  // sum and cumsum read no values: PyTorch saves nothing for their backward (a second backward
  // and an in-place write of the input both pass).
  for (const char* name : {"torch.sum", "torch.cumsum"}) r[find_op(name)].saves_values = false;
  set_rule(r, "torch.max", GradRule{max_min_derivatives});
  set_rule(r, "torch.min", GradRule{max_min_derivatives});
  for (const char* name :
       {"torch.median", "torch.nanmedian", "torch.kthvalue", "torch.mode", "torch.sort", "torch.msort", "torch.topk"})
    set_rule(r, name, GradRule{pick_derivatives});
  set_rule(r, "torch.softmax", GradRule{softmax_derivatives<0>});
  set_rule(r, "torch.log_softmax", GradRule{softmax_derivatives<1>});
  set_rule(r, "torch.nn.functional.softmin", GradRule{softmax_derivatives<2>});

  const char* integer = "its result is integer (indices, counts or booleans), which carries no gradient";
  for (const char* name :
       {"torch.argmax", "torch.argmin", "torch.argsort", "torch.all", "torch.any", "torch.count_nonzero"})
    set_rule(r, name, GradRule{nullptr, integer});
  set_rule(r, "torch.aminmax", GradRule{nullptr, "derivative for aten::aminmax is not implemented"});
  set_rule(r, "torch.bincount", GradRule{nullptr, "derivative for aten::bincount is not implemented"});
  set_rule(r, "torch.unique_consecutive",
           GradRule{nullptr, "the derivative for 'unique_consecutive' is not implemented."});
  set_rule(r, "torch.histc",
           GradRule{nullptr, "histc's counts carry no gradient: PyTorch 1.13 returns them without a grad_fn"});
  add_reduce_group_gradients(r);
  add_reduce_loss_gradients(r);
  set_family_rule(r, "reduce", GradRule{nullptr, "Whence does not differentiate this op yet"});
}

}  // namespace whence
