// contraction_gradients.cpp - how the contraction family's ops differentiate (core/autograd.hpp's GradRule).
//
// An output element is alpha · Σ over terms of a product of one element per operand, plus
// beta · the added element (contraction_explain lists them in that order: per term, one source
// per operand, then the added element). The derivative of a factor is alpha times the product
// of the other factors of its term; the added element's is beta. The same element may be a
// factor of several terms, or twice in one (einsum('ii->', x), trace): each occurrence is its
// own source with its own derivative, and autograd adds them up.
#include <cmath>

#include "core/error.hpp"
#include "core/number_format.hpp"
#include "kernels/common/composite.hpp"
#include "kernels/common/derivatives.hpp"
#include "kernels/contraction/contraction_family.hpp"
#include "kernels/contraction/covariance.hpp"
#include "kernels/contraction/distance.hpp"
#include "kernels/contraction/trapezoid.hpp"

namespace whence {

namespace {

// addmv with nothing to multiply keeps input's shape (a [1] or 0-d input), which PyTorch 1.13's
// backward formulas then refuse: mat's grad.ger(vec) on a 0-d grad, vec's mat.t().mv(grad) on
// a grad of another size than mat's rows.
void check_empty_addmv(const Bound& b, const OpResult& r) {
  const Shape& m = tensor_arg(b, "mat").shape();
  const Shape& out = r.tensors[0].shape();
  if (out.empty()) fail("RuntimeError", "outer: Expected 1-D argument self, but got 0-D");
  if (out[0] != m[0])
    fail("RuntimeError", "size mismatch, got " + std::to_string(m[1]) + ", " + std::to_string(m[1]) + "x" +
                             std::to_string(m[0]) + "," + std::to_string(out[0]));
}

void contraction_derivatives(const Bound& b, const OpResult& r, int, std::int64_t, const std::vector<Source>& s,
                             double* d) {
  // the plan run kept with the result (contraction_engine.cpp's plan_of)
  const PlanFn fn = reinterpret_cast<PlanFn>(const_cast<void*>(b.op->family_data));
  const ContractPlan& p = prepared_for(b, r, fn);
  if (p.ops.empty() && p.has_add && b.op->names.front() == "torch.addmv") check_empty_addmv(b, r);
  const std::size_t added = p.has_add && p.beta != 0 ? 1 : 0, nops = p.ops.size();
  const std::size_t factors = s.size() - added;
  std::vector<double> v(nops);
  for (std::size_t t = 0; nops && t + nops <= factors; t += nops) {
    for (std::size_t o = 0; o < nops; ++o) v[o] = source_number(b, s[t + o]);
    for (std::size_t o = 0; o < nops; ++o) {
      double prod = p.alpha;
      for (std::size_t q = 0; q < nops; ++q)
        if (q != o) prod *= v[q];
      d[t + o] = prod;
    }
  }
  if (added) d[s.size() - 1] = p.beta;
}

// cross: out = input[j]·other[l] − input[l]·other[j], its sources in that order
// (contraction_ops.cpp's cross_sources).
void cross_derivatives(const Bound& b, const OpResult&, int, std::int64_t, const std::vector<Source>& s, double* d) {
  d[0] = source_number(b, s[1]);
  d[1] = source_number(b, s[0]);
  d[2] = -source_number(b, s[3]);
  d[3] = -source_number(b, s[2]);
}

// cov and corrcoef, their sources in covariance_ops.cpp's order: row i, row j (when another),
// fweights (integers: no gradient), aweights. With d = x − mean, C = Σ_k w[k]·d[i][k]·d[j][k]:
// ∂C/∂x[i][m] = w[m]·d[j][m] (the mean's share sums to 0), ∂C/∂w[m] = d[i][m]·d[j][m]; norm
// depends on aweights (W − c·Σ f·a² / W) unless PyTorch zeroed it.
void cov_derivatives(const Bound& b, const OpResult& r, int, std::int64_t k, const std::vector<Source>& s, double* d) {
  const CovState& st = cov_state(b, r);
  std::int64_t i, j;
  cov_pair(st, k, i, j);
  const std::size_t N = std::size_t(st.obs), V = std::size_t(st.vars);
  auto dev = [&](std::int64_t row, std::size_t m) {
    return st.x[std::size_t(row) * N + m] - st.mean[std::size_t(row)];
  };
  auto w = [&](std::size_t m) { return st.w.empty() ? 1.0 : st.w[m]; };
  std::size_t at = 0;
  for (std::size_t q = 0; q < s.size(); ++q) d[q] = 0;
  if (cov_constant(st, i, j)) return;  // (fweights at most, integers: no gradient)
  if (!st.corr) {
    for (std::size_t m = 0; m < N; ++m)
      if (cov_counts(st, m)) d[at++] = (i == j ? 2 : 1) * w(m) * dev(j, m) / st.norm;
    if (j != i)
      for (std::size_t m = 0; m < N; ++m)
        if (cov_counts(st, m)) d[at++] = w(m) * dev(i, m) / st.norm;
    for (std::size_t m = 0; m < st.f.size(); ++m)
      if (cov_reads_fweight(st, m, false)) d[at++] = 0;
    const double out = st.cov[std::size_t(i) * V + std::size_t(j)], W = st.wsum;
    double S = 0;
    for (std::size_t m = 0; m < st.a.size(); ++m) S += w(m) * st.a[m];
    for (std::size_t m = 0; m < st.a.size(); ++m) {
      const double f = st.f.empty() ? 1 : st.f[m];
      if (f == 0) continue;  // (not a source)
      const double dnorm = st.zeroed ? 0 : f * (1 - st.correction * (2 * st.a[m] * W - S) / (W * W));
      d[at++] = (f * dev(i, m) * dev(j, m) - out * dnorm) / st.norm;
    }
    return;
  }
  for (std::size_t q = 0; q < s.size(); ++q) d[q] = 0;
  const double cij = st.cov[std::size_t(i) * V + std::size_t(j)], cii = st.cov[std::size_t(i) * (V + 1)],
               cjj = st.cov[std::size_t(j) * (V + 1)];
  const double sij = std::sqrt(cii) * std::sqrt(cjj), rho = cij / sij;
  if (std::isnan(rho)) {  // a zero spread: PyTorch's backward multiplies clamp's 0 by an infinity
    for (std::size_t q = 0; q < s.size(); ++q) d[q] = rho;
    return;
  }
  if (!(rho >= -1 && rho <= 1)) return;  // clipped: clamp's backward passes nothing
  for (std::size_t m = 0; m < N; ++m) d[at++] = (dev(j, m) / sij - rho * dev(i, m) / cii) / st.norm;
  for (std::size_t m = 0; m < N; ++m) d[at++] = (dev(i, m) / sij - rho * dev(j, m) / cjj) / st.norm;
}

// cdist: the x1 row's elements, then the x2 row's (distance_ops.cpp). PyTorch 1.13's
// _cdist_backward per difference d = x1 − x2 and distance r: p = 0 has none, p = 1 sign(d),
// p = inf sign(d) where |d| = r (every tie), p = 2 (and the matrix-product path) d / r, else
// sign(d)·|d|^(p−1) / r^(p−1); 0 where r = 0, and where d = 0 for p < 1. x2 gets the negation.
void cdist_derivatives(const Bound& b, const OpResult& r, int, std::int64_t k, const std::vector<Source>& s,
                       double* d) {
  const CdistState& st = cdist_state(b, r);
  const std::size_t m = std::size_t(st.m);
  const double dist = r.tensors[0].get(k).as_double(), p = st.p;
  for (std::size_t q = 0; q < m; ++q) {
    // (rounded as PyTorch's difference is: the infinity norm's tie test compares it with the result)
    const double diff = round_to_dtype(source_number(b, s[q]) - source_number(b, s[m + q]), st.dtype);
    const double sg = diff > 0 ? 1 : diff < 0 ? -1 : 0;
    double g = 0;
    if (p == 0)
      g = 0;
    else if (p == 1)
      g = sg;
    else if (std::isinf(p))
      g = std::fabs(diff) == dist ? sg : 0;
    else if (dist == 0 || (diff == 0 && p < 1))
      g = 0;
    else if (p == 2)
      g = diff / dist;
    else
      g = sg * std::pow(std::fabs(diff), p - 1) / std::pow(dist, p - 1);
    d[q] = g;
    d[m + q] = -g;
  }
}

// trapezoid and cumulative_trapezoid: per term y[k], y[k+1], then each x element read, as
// trapezoid_explain lists them; a term is (y[k] + y[k+1])·(x[k+1] − x[k]) / 2, or times dx.
void trapezoid_derivatives(const Bound& b, const OpResult& r, int, std::int64_t k, const std::vector<Source>& s,
                           double* d) {
  const TrapezoidState& st = trapezoid_state(b, r);
  const auto terms = trapezoid_terms(st, k);
  auto y = [&](std::int64_t f) { return st.y[std::size_t(f)]; };
  std::size_t at = 0;
  for (const auto& t : terms) {
    const double half = st.has_x ? (st.x[std::size_t(t.x1)] - st.x[std::size_t(t.x0)]) / 2 : st.dx / 2;
    d[at++] = half;
    d[at++] = half;
  }
  if (st.has_x)
    for (const auto& x : trapezoid_x_reads(terms)) {
      double g = 0;
      for (const auto& [pair, count] : x.pairs) g += count * (y(pair.first) + y(pair.second)) / 2;
      d[at++] = g;
    }
  (void)b;
  (void)s;
}

// trapezoid over no samples is PyTorch's at::zeros: no grad_fn, so backward through it raises.
void trapezoid_check(const Bound& b, const OpResult& r) {
  if (trapezoid_state(b, r).zeros)
    fail("RuntimeError", "element 0 of tensors does not require grad and does not have a grad_fn");
}

}  // namespace

void add_contraction_gradients(GradRules& r) {
  set_rule(r, "torch.cdist", GradRule{cdist_derivatives});
  for (const char* name : {"torch.trapezoid", "torch.cumulative_trapezoid"})
    set_rule(r, name, GradRule{trapezoid_derivatives, "", "", true, trapezoid_check});
  for (const char* name : {"torch.cov", "torch.corrcoef"}) set_rule(r, name, GradRule{cov_derivatives});
  for (const char* name : {"torch.cross", "torch.linalg.cross"}) set_rule(r, name, GradRule{cross_derivatives});
  // trace's backward keeps input's sizes only (TraceBackward0): nothing saved
  set_rule(r, "torch.trace", GradRule{contraction_derivatives, "", "", false});
  set_family_rule(r, "contraction", GradRule{contraction_derivatives});
}

}  // namespace whence
