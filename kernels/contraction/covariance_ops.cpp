// covariance_ops.cpp - torch.cov and torch.corrcoef (kernels/contraction/covariance.hpp): the
// products of two rows' deviations from their means, summed over the observations. Not a plan
// of the engine (the means make every element of both rows a factor of every term): its own
// run, explain and equation, in double, rounded once to the result dtype.
#include <cmath>
#include <cstdio>

#include "core/error.hpp"
#include "core/number_format.hpp"
#include "core/promotion.hpp"
#include "core/scope.hpp"
#include "core/shape.hpp"
#include "kernels/common/composite.hpp"
#include "kernels/contraction/contraction_family.hpp"
#include "kernels/contraction/covariance.hpp"

namespace whence {

namespace {

[[noreturn]] void cov_fail(const std::string& m) { fail("RuntimeError", m); }
std::string cov_int(std::int64_t v) { return std::to_string(v); }

// PyTorch 1.13's checks of a weight tensor (Correlation.cpp), in its order and words.
std::vector<double> cov_weights(const Bound& b, const char* name, std::int64_t obs) {
  const Tensor& t = tensor_arg(b, name);
  const std::string n = name;
  if (t.dim() > 1)
    cov_fail("cov(): expected " + n + " to have one or fewer dimensions but got " + n + " with " + cov_int(t.dim()) +
             " dimensions");
  const bool f = n == "fweights";
  if (f ? !is_integral(t.dtype(), false) : !is_floating(t.dtype()))
    cov_fail("cov(): expected " + n + " to have " + (f ? "integral" : "floating point") + " dtype but got " + n +
             " with " + dtype_scalar_name(t.dtype()) + " dtype");
  if (t.numel() != obs)
    cov_fail("cov(): expected " + n + " to have the same numel as there are observations in the input but got " +
             cov_int(t.numel()) + " != " + cov_int(obs));
  std::vector<double> v = values_of(t);
  for (double x : v)
    if (!(x >= 0)) cov_fail("cov(): " + n + " cannot be negative");  // (NaN too: its min is not >= 0)
  return v;
}

CovState cov_prepare_as(const Bound& b, bool corr) {
  const Tensor& x = tensor_arg(b, "input");
  if (x.dim() > 2)
    cov_fail(std::string(corr ? "corrcoef" : "cov") +
             "(): expected input to have two or fewer dimensions but got an input with " + cov_int(x.dim()) +
             " dimensions");
  if (x.dtype() == DType::Bool) cov_fail("cov(): bool dtype is not supported for input");
  CovState s;
  s.corr = corr;
  s.in_dim = x.dim();
  s.vars = x.dim() < 2 ? 1 : x.shape()[0];
  s.obs = x.dim() < 2 ? x.numel() : x.shape()[1];
  s.x = values_of(x);
  DType d = x.dtype();
  if (!corr) {
    s.correction = int_arg(b, "correction", 1);
    if (tensor_given(b, "fweights")) s.f = cov_weights(b, "fweights", s.obs);
    if (tensor_given(b, "aweights")) {
      s.a = cov_weights(b, "aweights", s.obs);
      d = promote_types(d, tensor_arg(b, "aweights").dtype());
    }
  }
  s.dtype = is_floating(d) ? d : default_float_dtype();
  s.shape = s.vars == 1 ? Shape{} : Shape{s.vars, s.vars};
  const std::size_t N = std::size_t(s.obs), V = std::size_t(s.vars);
  // PyTorch computes the weights and the divisor in the weights' dtype (fweights·aweights is
  // aweights' dtype; a float32 sum accumulates in float), whatever the input's: a float64 input
  // with float32 aweights gets a float32-rounded divisor.
  const DType wd = s.a.empty() ? DType::Float64 : tensor_arg(b, "aweights").dtype();
  auto in_wd = [wd](double v) { return round_to_dtype(v, wd); };
  auto wd_sum = [&](auto term) {
    if (wd == DType::Float64) {
      double t = 0;
      for (std::size_t k = 0; k < N; ++k) t += term(k);
      return t;
    }
    float t = 0;
    for (std::size_t k = 0; k < N; ++k) t += float(term(k));
    return in_wd(t);
  };
  if (!s.f.empty() || !s.a.empty()) {
    s.w.assign(N, 1.0);
    for (std::size_t k = 0; k < N; ++k) s.w[k] = in_wd((s.f.empty() ? 1 : s.f[k]) * (s.a.empty() ? 1 : s.a[k]));
  }
  auto w = [&](std::size_t k) { return s.w.empty() ? 1.0 : s.w[k]; };
  s.wsum = wd_sum(w);
  for (std::size_t k = 0; k < N; ++k) s.counted += cov_counts(s, k);
  const bool weighted = !corr && (tensor_given(b, "fweights") || tensor_given(b, "aweights"));
  if (weighted && s.wsum == 0) cov_fail("cov(): weights sum to zero, can't be normalized");
  // Without aweights PyTorch's Σw is an int64 tensor (the count, or fweights' sum), and Σw −
  // correction is int64 arithmetic, which wraps for a correction near the int64 limits.
  s.norm = double(wrapping_sub(float_to_int64(s.wsum), s.correction));
  if (!s.a.empty()) s.norm = s.wsum - double(s.correction);
  if (!s.a.empty() && s.correction != 0) {
    const double wa = wd_sum([&](std::size_t k) { return in_wd(s.w[k] * s.a[k]); });
    s.norm = in_wd(s.wsum - in_wd(in_wd(double(s.correction) * wa) / s.wsum));
  }
  if (s.norm <= 0) {
    s.zeroed = true;
    s.norm = 0;
  }
  s.mean.assign(V, 0.0);
  for (std::size_t i = 0; i < V; ++i) {
    for (std::size_t k = 0; k < N; ++k) s.mean[i] += w(k) * s.x[i * N + k];
    s.mean[i] /= s.wsum;
  }
  s.cov.assign(V * V, 0.0);
  for (std::size_t i = 0; i < V; ++i)
    for (std::size_t j = i; j < V; ++j) {
      double c = 0;
      for (std::size_t k = 0; k < N; ++k) c += w(k) * (s.x[i * N + k] - s.mean[i]) * (s.x[j * N + k] - s.mean[j]);
      s.cov[i * V + j] = s.cov[j * V + i] = c / s.norm;
    }
  return s;
}

CovState cov_prepare(const Bound& b) { return cov_prepare_as(b, false); }
CovState corrcoef_prepare(const Bound& b) { return cov_prepare_as(b, true); }

double cov_value(const CovState& s, std::int64_t k) {
  std::int64_t i, j;
  cov_pair(s, k, i, j);
  const std::size_t V = std::size_t(s.vars);
  const double c = s.cov[std::size_t(i) * V + std::size_t(j)];
  if (!s.corr) return c;
  if (s.vars == 1) return c / c;  // nan for nan, inf and 0, else 1
  const double r = c / std::sqrt(s.cov[std::size_t(i) * (V + 1)]) / std::sqrt(s.cov[std::size_t(j) * (V + 1)]);
  return std::isnan(r) ? r : std::min(1.0, std::max(-1.0, r));
}

OpResult cov_run_as(const Bound& b, bool corr) {
  CovState s = cov_prepare_as(b, corr);
  check_limits(s.shape);
  if (s.zeroed) python_warning("UserWarning: cov(): degrees of freedom is <= 0");
  const std::int64_t n = shape_numel(s.shape);
  std::vector<double> v(static_cast<std::size_t>(n));
  for (std::int64_t k = 0; k < n; ++k) v[std::size_t(k)] = cov_value(s, k);
  OpResult r;
  r.tensors.push_back(tensor_of(s.dtype, s.shape, v));
  keep_prepared(b, r, std::move(s));
  return r;
}
OpResult cov_run(const Bound& b) { return cov_run_as(b, false); }
OpResult corrcoef_run(const Bound& b) { return cov_run_as(b, true); }

// Row i, then row j (when it is another), then every weight: each is read by the means or the
// sum; an observation of fweight 0 is not (nor its aweight).
std::vector<Source> cov_explain(const Bound& b, const OpResult& r, int, std::int64_t k) {
  const CovState& s = cov_state(b, r);
  std::int64_t i, j;
  cov_pair(s, k, i, j);
  std::vector<Source> src;
  const bool constant = cov_constant(s, i, j);
  for (std::int64_t row : {i, j}) {
    if (constant || (row == j && j == i && !src.empty())) break;
    for (std::int64_t o = 0; o < s.obs; ++o)
      if (cov_counts(s, std::size_t(o))) src.push_back(source(b, "input", row * s.obs + o));
  }
  for (std::int64_t o = 0; o < std::int64_t(s.f.size()); ++o)
    if (cov_reads_fweight(s, std::size_t(o), constant)) src.push_back(source(b, "fweights", o));
  for (std::int64_t o = 0; o < std::int64_t(s.a.size()) && !constant; ++o)  // (counted 0 times: no weight)
    if (s.f.empty() || s.f[std::size_t(o)] != 0) src.push_back(source(b, "aweights", o));
  return src;
}

std::string cov_num(double v) {
  if (v == std::floor(v) && std::fabs(v) < 1e15) return cov_int(std::int64_t(v));
  if (!std::isfinite(v)) return format_float(v, DType::Float64);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}
std::string cov_paren(const std::string& v) { return !v.empty() && v[0] == '-' ? "(" + v + ")" : v; }

// out[0][1] = Σ_k (input[0][k] − mean_0)·(input[1][k] − mean_1) / (3 − 1), mean_0 = 2, mean_1 = 6.333
//           = ((1 − 2)·(4 − 6.333) + ...) / 2 = 2.5
void cov_terms(std::string& e, const CovState& s, std::int64_t i, std::int64_t j) {
  const bool weighted = !s.w.empty();
  const std::string si = cov_int(i), sj = cov_int(j), mi = cov_num(s.mean[std::size_t(i)]),
                    mj = cov_num(s.mean[std::size_t(j)]);
  const char* row = s.in_dim == 2 ? "input[" : "input";
  const char* close = s.in_dim == 2 ? "][k] − mean_" : "[k] − mean_";
  put_parts(e, " = Σ_k ", weighted ? "w[k]·(" : "(", row, s.in_dim == 2 ? si : "", close, si, ")·(", row,
            s.in_dim == 2 ? sj : "", close, sj, ") / ");
  if (s.correction != 0) e += "(";
  e += weighted ? "Σ w" : cov_int(s.obs);
  if (s.correction != 0)
    put_parts(e, " − ", cov_paren(cov_int(s.correction)), s.a.empty() ? ")" : "·Σ w·aweights / Σ w)");
  if (weighted)
    put_parts(e, ", w[k] = ", s.f.empty() ? "aweights[k]" : s.a.empty() ? "fweights[k]" : "fweights[k]·aweights[k]");
  put_parts(e, ", mean_", si, " = ", mi);
  if (j != i) put_parts(e, ", mean_", sj, " = ", mj);
  e += " = (";
  const std::size_t N = std::size_t(s.obs);
  if (N == 0) e += "0";
  e += join_terms(
      N,
      [&](std::size_t k) {
        std::string t;
        if (weighted) put_parts(t, cov_num(s.w[k]), "·");
        put_parts(t, "(", cov_num(s.x[std::size_t(i) * N + k]), " − ", mi, ")·(", cov_num(s.x[std::size_t(j) * N + k]),
                  " − ", mj, ")");
        return t;
      },
      " + ");
  put_parts(e, ") / ", cov_paren(cov_num(s.norm)));
}

std::string cov_equation(const Bound& b, const OpResult& r, int, std::int64_t k, const std::vector<Source>&) {
  const CovState& s = cov_state(b, r);
  std::int64_t i, j;
  cov_pair(s, k, i, j);
  std::string e = out_ref(r, 0, k);
  if (!s.corr) {
    cov_terms(e, s, i, j);
  } else {  // corrcoef: the covariances it divides, named as torch.cov(input) would give them
    const std::size_t V = std::size_t(s.vars);
    auto c = [&](std::int64_t p, std::int64_t q) { return cov_num(s.cov[std::size_t(p) * V + std::size_t(q)]); };
    auto name = [&](std::int64_t p, std::int64_t q) { return "cov[" + cov_int(p) + "][" + cov_int(q) + "]"; };
    if (s.vars == 1)
      put_parts(e, " = cov / cov, cov = torch.cov(input) = ", c(0, 0), ": ", c(0, 0), " / ", c(0, 0));
    else
      put_parts(e, " = clip(", name(i, j), " / √(", name(i, i), "·", name(j, j),
                "), -1, 1), cov = torch.cov(input) = clip(", cov_paren(c(i, j)), " / √(", c(i, i), "·", c(j, j),
                "), -1, 1)");
  }
  put_parts(e, " = ", format_scalar(r.tensors[0].get(k)));
  return e;
}

}  // namespace

void cov_pair(const CovState& s, std::int64_t k, std::int64_t& i, std::int64_t& j) {
  i = s.vars == 1 ? 0 : k / s.vars;
  j = s.vars == 1 ? 0 : k % s.vars;
}

const CovState& cov_state(const Bound& b, const OpResult& r) {
  return prepared_for(b, r, b.op->names.front() == "torch.cov" ? cov_prepare : corrcoef_prepare);
}

void add_covariance_ops(std::vector<const OpDescriptor*>& t) {
  add_op(t, composite_op("torch.cov torch.Tensor.cov", "contraction",
                         "The covariance matrix of the rows (variables) of input over its columns (observations), "
                         "optionally weighted: how each pair of rows varies together.",
                         "torch.cov(torch.tensor([[1, 2, 3], [2, 4, 6], [3, 2, 1]]))",
                         param_list("input:Tensor * correction:Int=1 fweights:Tensor?=None aweights:Tensor?=None"),
                         cov_run, cov_explain, cov_equation));
  add_op(t, composite_op("torch.corrcoef torch.Tensor.corrcoef", "contraction",
                         "Pearson's correlation coefficients of the rows of input: their covariance scaled to [-1, 1] "
                         "by both rows' standard deviations.",
                         "torch.corrcoef(torch.tensor([[1, 2, 3], [2, 4, 7], [3, 2, 1]]))", param_list("input:Tensor"),
                         corrcoef_run, cov_explain, cov_equation));
}

}  // namespace whence
