// reduce_gradients_losses.cpp - the gradients of the losses of torch.nn.functional. A loss is a
// sum of terms (one per unreduced element); each term's derivatives by the elements it reads are
// worked out here from the arguments, collected per (parameter, element), and read back for the
// sources explain gave: one term for reduction='none', every term over the divisor for 'mean'.
#include <cmath>
#include <map>
#include <utility>

#include "core/shape.hpp"
#include "kernels/common/composite.hpp"
#include "kernels/reduce/loss_reduction.hpp"
#include "kernels/reduce/reduce_gradients.hpp"

namespace whence {

namespace reduce_loss_grads {  // named: the folder is one unity build

using Key = std::pair<int, std::int64_t>;  // (parameter, element)
using Partials = std::map<Key, double>;

int param_of(const Bound& b, const char* name) { return b.op->param_index(name); }

double sgn(double v) { return double((v > 0) - (v < 0)); }  // PyTorch's sign: 0 for NaN

// --- pointwise losses: term i reads input, target (broadcast), weight, pos_weight ----------------

enum class Kind { Mse, L1, SmoothL1, Huber, Bce, BceLogits, KlDiv };

struct PointTerm {
  double dx = 0, dy = 0;
};

PointTerm point_term(Kind kind, double x, double y, double k, double pos, bool has_pos) {
  const double z = x - y;
  switch (kind) {
    case Kind::Mse: return {2 * z, -2 * z};
    case Kind::L1: return {sgn(z), -sgn(z)};
    case Kind::SmoothL1:
      if (k == 0) return {z > 0 ? 1.0 : -1.0, z < 0 ? 1.0 : -1.0};  // PyTorch 1.13's beta=0 kernel
      return std::fabs(z) < k ? PointTerm{z / k, -z / k} : PointTerm{sgn(z), -sgn(z)};
    case Kind::Huber: {
      const double g = z < -k ? -k : z > k ? k : z;
      return {g, -g};
    }
    case Kind::Bce: return {z / std::max((1 - x) * x, 1e-12), std::log(1 - x) - std::log(x)};
    case Kind::BceLogits: {
      const double s = 1 / (1 + std::exp(-x));
      if (!has_pos) return {s - y, -x};
      const double log_sig = -std::log1p(std::exp(-x)), log_sig_neg = -std::log1p(std::exp(x));
      return {(pos * y + 1 - y) * s - pos * y, log_sig_neg - pos * log_sig};
    }
    case Kind::KlDiv:
      if (k != 0) return {-std::exp(y), std::exp(y) * (y - x + 1)};  // log_target
      return {-y, (y == 0 ? 0.0 : std::log(y)) + y / y - x};         // xlogy(y, y) − y·x
  }
  return {};
}

template <Kind K>
void pointwise_derivatives(const Bound& b, const OpResult& r, int, std::int64_t flat,
                           const std::vector<Source>& sources, double* d) {
  const Tensor& x = tensor_arg(b, "input");
  const Tensor& y = tensor_arg(b, "target");
  const bool weighted = tensor_given(b, "weight"), has_pos = tensor_given(b, "pos_weight");
  double k = 0;
  if (K == Kind::SmoothL1) k = double_arg(b, "beta", 1.0);
  if (K == Kind::Huber) k = double_arg(b, "delta", 1.0);
  if (K == Kind::KlDiv) k = bool_arg(b, "log_target", false) ? 1 : 0;
  // kl_div's 'batchmean' is a mean over the batch (its first dim), unless the legacy arguments decide.
  const Value& rs = arg(b, "reduction");
  const bool batchmean = K == Kind::KlDiv && rs.is<std::string>() && rs.as<std::string>() == "batchmean" &&
                         arg(b, "size_average").is<None>() && arg(b, "reduce").is<None>();
  const LossReduction red = batchmean ? LossReduction::Mean : loss_reduction_of(b);
  Shape shape = broadcast_shapes(x.shape(), y.shape());
  if (weighted && K != Kind::Bce && K != Kind::BceLogits)
    shape = broadcast_shapes(shape, tensor_arg(b, "weight").shape());
  const std::int64_t n = shape_numel(shape);
  double scale = 1;
  if (red == LossReduction::Mean) {
    scale = batchmean ? (x.dim() > 0 ? 1.0 / double(x.shape()[0]) : 1.0) : 1.0 / double(n);
  }
  const int px = param_of(b, "input"), py = param_of(b, "target");
  Partials g;
  auto term = [&](std::int64_t i) {
    const std::int64_t fx = broadcast_flat(x.shape(), shape, i), fy = broadcast_flat(y.shape(), shape, i);
    double pos = 1, w = 1;
    if (has_pos)
      pos = tensor_arg(b, "pos_weight").get(broadcast_flat(tensor_arg(b, "pos_weight").shape(), shape, i)).as_double();
    if (weighted)
      w = tensor_arg(b, "weight").get(broadcast_flat(tensor_arg(b, "weight").shape(), shape, i)).as_double();
    const PointTerm t = point_term(K, x.get(fx).as_double(), y.get(fy).as_double(), k, pos, has_pos);
    g[{px, fx}] += scale * w * t.dx;
    g[{py, fy}] += scale * w * t.dy;
  };
  if (red == LossReduction::None)
    term(flat);
  else
    for (std::int64_t i = 0; i < n; ++i) term(i);
  (void)r;
  for (std::size_t i = 0; i < sources.size(); ++i) {
    const auto it = g.find({sources[i].param, sources[i].flat});
    d[i] = it == g.end() ? 0.0 : it->second;
  }
}

// --- class losses: input (N, C, d...) or (C,), one sample per (n, d...) ---------------------------

struct Classes {
  std::int64_t N = 1, C = 1, S = 1;
  bool one_d = false;
  std::int64_t flat(std::int64_t s, std::int64_t c) const { return one_d ? c : ((s / S) * C + c) * S + s % S; }
};

Classes classes_of(const Tensor& x) {
  Classes l;
  if (x.dim() == 1) {
    l.C = x.shape()[0];
    l.one_d = true;
    return l;
  }
  l.N = x.shape()[0];
  l.C = x.shape()[1];
  for (int d = 2; d < x.dim(); ++d) l.S *= x.shape()[std::size_t(d)];
  return l;
}

// Sample s's log_softmax over the classes (cross_entropy), at the flats of `l`.
std::vector<double> log_softmax_row(const Tensor& x, const Classes& l, std::int64_t s) {
  std::vector<double> v(std::size_t(l.C), 0.0);
  double m = -INFINITY, sum = 0;
  for (std::int64_t c = 0; c < l.C; ++c) m = std::max(m, v[std::size_t(c)] = x.get(l.flat(s, c)).as_double());
  for (std::int64_t c = 0; c < l.C; ++c) sum += std::exp(v[std::size_t(c)] - m);
  for (double& e : v) e = e - m - std::log(sum);
  return v;
}

// nll_loss (softmax false: the input is the log-probabilities) and cross_entropy; with
// reduction='none' only sample `only`.
void class_partials(const Bound& b, bool softmax, std::int64_t only, Partials& g) {
  const Tensor& x = tensor_arg(b, "input");
  const Tensor& t = tensor_arg(b, "target");
  const Classes l = classes_of(x);
  const bool weighted = tensor_given(b, "weight");
  std::vector<double> w(std::size_t(l.C), 1.0);
  if (weighted) w = values_of(tensor_arg(b, "weight"));
  const double eps = softmax ? double_arg(b, "label_smoothing", 0.0) : 0.0;
  const LossReduction red = loss_reduction_of(b);
  const int px = param_of(b, "input"), pt = param_of(b, "target"), pw = param_of(b, "weight");
  const std::int64_t samples = l.N * l.S;
  const bool none = red == LossReduction::None;
  const std::int64_t first = none ? only : 0, last = none ? only + 1 : samples;
  double wsum = 0;
  for (std::int64_t c = 0; c < l.C; ++c) wsum += w[std::size_t(c)];

  if (t.shape() == x.shape() && softmax) {  // class probabilities: −Σ_c w_c·t_c·logp_c
    const double div = red == LossReduction::Mean ? double(samples) : 1.0;
    for (std::int64_t s = first; s < last; ++s) {
      const std::vector<double> logp = log_softmax_row(x, l, s);
      double wt = 0;
      std::vector<double> tv(std::size_t(l.C));
      for (std::int64_t c = 0; c < l.C; ++c) {
        const double raw = t.get(l.flat(s, c)).as_double();
        tv[std::size_t(c)] = eps > 0 ? raw * (1 - eps) + eps / double(l.C) : raw;
        wt += w[std::size_t(c)] * tv[std::size_t(c)];
      }
      for (std::int64_t c = 0; c < l.C; ++c) {
        const std::int64_t f = l.flat(s, c);
        const double lp = logp[std::size_t(c)];
        g[{px, f}] += (-w[std::size_t(c)] * tv[std::size_t(c)] + std::exp(lp) * wt) / div;
        g[{pt, f}] += -w[std::size_t(c)] * lp * (eps > 0 ? 1 - eps : 1.0) / div;
        if (weighted) g[{pw, c}] += -tv[std::size_t(c)] * lp / div;
      }
    }
    return;
  }
  const std::int64_t ignore = int_arg(b, "ignore_index", -100);
  // 'mean': the picked part over the counted weights; the smoothing part over them too when
  // weighted, else over every sample.
  const bool mean = red == LossReduction::Mean;
  double counted = 0;
  for (std::int64_t s = 0; mean && s < samples; ++s) {
    const std::int64_t c = t.get(s).i;
    if (c != ignore) counted += w[std::size_t(c)];
  }
  const double d1 = mean ? counted : 1.0, d2 = mean ? (weighted ? counted : double(samples)) : 1.0;
  for (std::int64_t s = first; s < last; ++s) {
    const std::int64_t c = t.get(s).i;
    if (c == ignore) continue;
    const double wc = w[std::size_t(c)];
    if (!softmax) {
      g[{px, l.flat(s, c)}] += -wc / d1;
      continue;
    }
    const std::vector<double> logp = log_softmax_row(x, l, s);
    for (std::int64_t j = 0; j < l.C; ++j) {
      const std::int64_t f = l.flat(s, j);
      const double p = std::exp(logp[std::size_t(j)]);
      double v = (1 - eps) * -wc * ((j == c) - p) / d1;
      if (eps > 0) v -= eps / double(l.C) * (w[std::size_t(j)] - p * wsum) / d2;
      g[{px, f}] += v;
    }
  }
  (void)pt;
}

template <bool Softmax>
void class_derivatives(const Bound& b, const OpResult&, int, std::int64_t flat, const std::vector<Source>& sources,
                       double* d) {
  Partials g;
  class_partials(b, Softmax, flat, g);
  for (std::size_t i = 0; i < sources.size(); ++i) {
    const auto it = g.find({sources[i].param, sources[i].flat});
    d[i] = it == g.end() ? 0.0 : it->second;
  }
}

}  // namespace reduce_loss_grads

void add_reduce_loss_gradients(GradRules& r) {
  using namespace reduce_loss_grads;
  set_rule(r, "torch.nn.functional.mse_loss", GradRule{pointwise_derivatives<Kind::Mse>});
  set_rule(r, "torch.nn.functional.l1_loss", GradRule{pointwise_derivatives<Kind::L1>});
  set_rule(r, "torch.nn.functional.smooth_l1_loss", GradRule{pointwise_derivatives<Kind::SmoothL1>});
  set_rule(r, "torch.nn.functional.huber_loss", GradRule{pointwise_derivatives<Kind::Huber>});
  set_rule(r, "torch.nn.functional.binary_cross_entropy", GradRule{pointwise_derivatives<Kind::Bce>, "", "weight"});
  set_rule(r, "torch.nn.functional.binary_cross_entropy_with_logits",
           GradRule{pointwise_derivatives<Kind::BceLogits>, "", "weight,pos_weight"});
  set_rule(r, "torch.nn.functional.kl_div", GradRule{pointwise_derivatives<Kind::KlDiv>});
  set_rule(r, "torch.nn.functional.nll_loss", GradRule{class_derivatives<false>, "", "weight"});
  // cross_entropy differentiates weight with class probabilities (a composite in PyTorch 1.13),
  // not with class indices (nll_loss refuses it): those get 0.
  set_rule(r, "torch.nn.functional.cross_entropy", GradRule{class_derivatives<true>});
}

}  // namespace whence
