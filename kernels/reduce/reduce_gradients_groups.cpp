// reduce_gradients_groups.cpp - the gradients of the statistics (norms, dist, diff, quantiles)
// and of the normalization layers: formulas over a group of elements, whose sources explain
// lists; each rule reads the group back from those sources.
#include <cmath>
#include <map>
#include <string>

#include "core/error.hpp"
#include "core/number_format.hpp"
#include "core/shape.hpp"
#include "kernels/common/composite.hpp"
#include "kernels/reduce/gnu_sort.hpp"
#include "kernels/reduce/reduce_gradients.hpp"

namespace whence {

namespace reduce_group_grads {  // named: the folder is one unity build

bool named(const Bound& b, const Source& s, const char* name) {
  return b.op->params[std::size_t(s.param)].name == name;
}

double sgn(double v) { return double((v > 0) - (v < 0)); }  // PyTorch's sign: 0 for NaN

}  // namespace reduce_group_grads

double pnorm_partial(double x, double p, double norm, double ties) {
  using reduce_group_grads::sgn;
  if (p == 0) return 0;
  if (std::isinf(p)) return sgn(x) * ((std::fabs(x) == norm || std::isnan(x)) / ties);
  if (p == 1) return sgn(x);
  if (norm == 0) return 0;
  if (p == 2) return x / norm;
  // (p < 1: |x|^(p-1) is infinite at 0, where PyTorch gives 0)
  const double scaled =
      p < 2 ? (x == 0 ? 0.0 : sgn(x) * std::pow(std::fabs(x), p - 1)) : x * std::pow(std::fabs(x), p - 2);
  return scaled / std::pow(norm, p - 1);
}

double pnorm_ties(const std::vector<double>& x, double p, double norm) {
  if (!std::isinf(p)) return 1;
  double t = 0;
  for (double v : x) t += std::fabs(v) == norm || std::isnan(v);
  return t;
}

namespace reduce_group_grads {

// --- norm, linalg.norm, matrix_norm ----------------------------------------------------------------

// The order an op's call asks for: a number, or "fro"/"nuc"; `matrix` when it is a matrix norm.
struct Order {
  double p = 2;
  std::string name;  // "fro", "nuc" or "" (a number)
  bool matrix = false;
  int rows = 0, cols = 0;  // a matrix norm's dims
};

std::vector<int> dims_of(const Value& dim, int rank) {
  std::vector<int> out;
  if (dim.is<std::int64_t>()) out.push_back(int(wrap_dim(dim.as<std::int64_t>(), rank)));
  if (dim.is<List>())
    for (const Value& v : dim.as<List>()) out.push_back(int(wrap_dim(v.as<std::int64_t>(), rank)));
  return out;
}

Order order_of(const Bound& b) {
  Order o;
  const std::string op = b.op->names.front();
  const Tensor& x = tensor_arg(b, "input");
  const Value& v = arg(b, op == "torch.norm" ? "p" : "ord");
  if (v.is<std::string>())
    o.name = v.as<std::string>();
  else if (v.is<double>())
    o.p = v.as<double>();
  else if (v.is<std::int64_t>())
    o.p = double(v.as<std::int64_t>());
  else if (op == "torch.linalg.matrix_norm")
    o.name = "fro";
  std::vector<int> dims = dims_of(arg(b, "dim"), x.dim());
  if (op == "torch.linalg.matrix_norm" && dims.empty()) dims = {x.dim() - 2, x.dim() - 1};
  if (op == "torch.linalg.norm" && dims.empty() && !v.is<None>() && x.dim() == 2) dims = {0, 1};
  if (o.name == "nuc" && dims.empty()) dims = {x.dim() - 2, x.dim() - 1};
  o.matrix = op != "torch.norm" && o.name.empty() && !v.is<None>() && dims.size() == 2;
  if (dims.size() == 2) o.rows = dims[0], o.cols = dims[1];
  return o;
}

std::int64_t coordinate(const Shape& shape, std::int64_t flat, int dim) {
  std::int64_t inner = 1;
  for (std::size_t d = std::size_t(dim) + 1; d < shape.size(); ++d) inner *= shape[d];
  return (flat / inner) % shape[std::size_t(dim)];
}

void norm_derivatives(const Bound& b, const OpResult& r, int position, std::int64_t flat,
                      const std::vector<Source>& sources, double* d) {
  const Order o = order_of(b);
  const double out = r.tensors[std::size_t(position)].get(flat).as_double();
  std::vector<double> x(sources.size());
  for (std::size_t i = 0; i < sources.size(); ++i) x[i] = source_number(b, sources[i]);
  const Shape& shape = tensor_arg(b, "input").shape();
  if (o.name == "nuc" || (o.matrix && std::fabs(o.p) == 2)) {  // singular values
    const std::int64_t m = shape[std::size_t(o.rows)], n = shape[std::size_t(o.cols)];
    std::vector<double> a(std::size_t(m * n), 0.0), g;
    std::vector<std::size_t> at(x.size());
    for (std::size_t i = 0; i < x.size(); ++i) {
      at[i] = std::size_t(coordinate(shape, sources[i].flat, o.rows) * n + coordinate(shape, sources[i].flat, o.cols));
      a[at[i]] = x[i];
    }
    singular_norm_partials(a, m, n, o.name == "nuc" ? 0 : o.p > 0 ? 1 : -1, g);
    for (std::size_t i = 0; i < x.size(); ++i) d[i] = g[at[i]];
    return;
  }
  if (!o.matrix) {  // a vector norm of the slice ('fro' is its 2-norm)
    const double p = o.name == "fro" ? 2.0 : o.p, ties = pnorm_ties(x, p, out);
    for (std::size_t i = 0; i < x.size(); ++i) d[i] = pnorm_partial(x[i], p, out, ties);
    return;
  }
  // ±1: the max (min) over columns of Σ|a| down the column; ±inf: over rows. Ties split evenly.
  const int by = std::isinf(o.p) ? o.rows : o.cols;
  std::vector<double> sums(static_cast<std::size_t>(shape[std::size_t(by)]), 0.0);
  std::vector<std::int64_t> line(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) {
    line[i] = coordinate(shape, sources[i].flat, by);
    sums[std::size_t(line[i])] += std::fabs(x[i]);
  }
  double best = sums.empty() ? 0 : sums[0];
  for (double s : sums) best = o.p > 0 ? std::max(best, s) : std::min(best, s);
  double ties = 0;
  for (double s : sums) ties += s == best;
  for (std::size_t i = 0; i < x.size(); ++i) d[i] = sums[std::size_t(line[i])] == best ? sgn(x[i]) / ties : 0.0;
}

// dist(input, other, p) = ‖input − other‖_p over the broadcast shape; explain names every element
// of both operands once, so each gathers its broadcast copies.
void dist_derivatives(const Bound& b, const OpResult& r, int, std::int64_t, const std::vector<Source>& sources,
                      double* d) {
  const Tensor& x = tensor_arg(b, "input");
  const Tensor& y = tensor_arg(b, "other");
  const double p = double_arg(b, "p", 2.0), out = r.tensors[0].get(0).as_double();
  const DType dtype = r.tensors[0].dtype();  // the difference as PyTorch holds it (±inf's ties)
  const Shape shape = broadcast_shapes(x.shape(), y.shape());
  const std::int64_t n = shape_numel(shape);
  std::vector<double> diff(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i)
    diff[std::size_t(i)] = round_to_dtype(
        x.get(broadcast_flat(x.shape(), shape, i)).as_double() - y.get(broadcast_flat(y.shape(), shape, i)).as_double(),
        dtype);
  const double ties = pnorm_ties(diff, p, out);
  std::vector<double> gx(std::size_t(x.numel()), 0.0), gy(std::size_t(y.numel()), 0.0);
  for (std::int64_t i = 0; i < n; ++i) {
    const double g = pnorm_partial(diff[std::size_t(i)], p, out, ties);
    gx[std::size_t(broadcast_flat(x.shape(), shape, i))] += g;
    gy[std::size_t(broadcast_flat(y.shape(), shape, i))] -= g;
  }
  for (std::size_t i = 0; i < sources.size(); ++i)
    d[i] = named(b, sources[i], "input") ? gx[std::size_t(sources[i].flat)] : gy[std::size_t(sources[i].flat)];
}

// diff: out[i] = Σ_k (−1)^(n−k)·C(n, k)·x[i + k]; explain lists x[i], ..., x[i + n] in order.
void diff_derivatives(const Bound&, const OpResult&, int, std::int64_t, const std::vector<Source>& sources, double* d) {
  const std::size_t n = sources.empty() ? 0 : sources.size() - 1;
  double c = 1;  // C(n, k)
  for (std::size_t k = 0; k <= n && k < sources.size(); ++k) {
    d[k] = ((n - k) % 2 ? -1.0 : 1.0) * c;
    c = c * double(n - k) / double(k + 1);
  }
}

// quantile, nanquantile: PyTorch sorts the slice and lerps the sorted neighbours below and
// above q's rank, so the gradient reaches the elements its sort put there (ties included).
// The sort and the rank are statistic_ops.cpp's quantile_pick, redone on the sources, which
// are the slice in order.
template <class F>
void quantile_split(const Bound& b, double q, const std::vector<Source>& sources, double* d) {
  std::vector<std::pair<double, std::int64_t>> v;
  for (std::size_t i = 0; i < sources.size(); ++i) v.emplace_back(source_number(b, sources[i]), std::int64_t(i));
  gnu::sort(v, [](const auto& x, const auto& y) {
    return (!std::isnan(x.first) && std::isnan(y.first)) || x.first < y.first;
  });
  std::int64_t valid = 0, nan = 0;
  for (const auto& e : v) (std::isnan(e.first) ? nan : valid) += 1;
  const std::int64_t last = std::int64_t(v.size()) - 1;
  F rank;
  if (b.op->names.front() == "torch.nanquantile")
    rank = std::max(F(0), F(q) * F(valid - 1));
  else
    rank = nan ? F(last) : F(q) * F(last);
  const std::string how = string_arg(b, "interpolation", "linear");
  if (how == "lower")
    rank = std::floor(rank);
  else if (how == "higher")
    rank = std::ceil(rank);
  else if (how == "nearest")
    rank = std::nearbyint(rank);
  for (std::size_t i = 0; i < sources.size(); ++i) d[i] = 0;
  const auto below = std::size_t(v[std::size_t(rank)].second);
  if (how != "linear" && how != "midpoint") {
    d[below] = 1;
    return;
  }
  const F w = how == "midpoint" ? F(0.5) : rank - std::floor(rank);
  d[below] += double(F(1) - w);
  d[std::size_t(v[std::size_t(std::ceil(rank))].second)] += double(w);
}

void quantile_derivatives(const Bound& b, const OpResult& r, int, std::int64_t flat, const std::vector<Source>& sources,
                          double* d) {
  if (sources.empty()) return;
  double q;
  const Value& qv = arg(b, "q");
  if (qv.is<Tensor>() && qv.as<Tensor>().dim() > 0) {
    const std::int64_t per_q = r.tensors[0].numel() / qv.as<Tensor>().numel();
    q = qv.as<Tensor>().get(flat / per_q).as_double();
  } else {
    q = double_arg(b, "q", 0.5);
  }
  if (r.tensors[0].dtype() == DType::Float32)
    quantile_split<float>(b, q, sources, d);
  else
    quantile_split<double>(b, q, sources, d);
}

// --- the standardizing layers: y = w·(x − mean)·rstd + bias over a group ----------------------------

// layer_norm, group_norm, batch_norm, instance_norm: explain lists the group's input elements
// (none over a group of one), or the one input element and the running statistics, then
// weight[c] and bias[c].
void standardize_derivatives(const Bound& b, const OpResult&, int, std::int64_t flat,
                             const std::vector<Source>& sources, double* d) {
  const int in = b.op->param_index("input"), weight = b.op->param_index("weight"), bias = b.op->param_index("bias");
  const int rm = b.op->param_index("running_mean"), rv = b.op->param_index("running_var");
  const double eps = double_arg(b, "eps", 1e-5);
  double w = 1, rmean = 0, rvar = 0, sum = 0, m = 0;
  bool running = false;
  for (const Source& s : sources) {
    if (s.param == weight) w = source_number(b, s);
    if (s.param == rm) rmean = source_number(b, s), running = true;
    if (s.param == rv) rvar = source_number(b, s);
    if (s.param == in) sum += source_number(b, s), ++m;
  }
  const double xk = tensor_arg(b, "input").get(flat).as_double();
  if (running) {
    const double rstd = 1 / std::sqrt(rvar + eps);
    for (std::size_t i = 0; i < sources.size(); ++i) {
      const int p = sources[i].param;
      d[i] = p == in ? w * rstd : p == weight ? (xk - rmean) * rstd : p == bias ? 1.0 : 0.0;
    }
    return;
  }
  const double mean = m ? sum / m : 0;
  double var = 0;
  for (const Source& s : sources)
    if (s.param == in) var += (source_number(b, s) - mean) * (source_number(b, s) - mean);
  var = m ? var / m : 0;
  const double rstd = 1 / std::sqrt(var + eps), hk = m ? (xk - mean) * rstd : 0;
  for (std::size_t i = 0; i < sources.size(); ++i) {
    const int p = sources[i].param;
    if (p == in) {
      const double hj = (source_number(b, sources[i]) - mean) * rstd;
      d[i] = w * rstd * ((sources[i].flat == flat) - 1 / m - hk * hj / m);
    } else {
      d[i] = p == weight ? hk : p == bias ? 1.0 : 0.0;
    }
  }
}

// --- vectors along a dim ---------------------------------------------------------------------------

// normalize: y_k = x_k / max(‖x‖_p, eps) over x_k's line (the sources); the clamp passes the
// norm's gradient where ‖x‖ ≥ eps.
void normalize_derivatives(const Bound& b, const OpResult& r, int, std::int64_t flat,
                           const std::vector<Source>& sources, double* d) {
  const double p = double_arg(b, "p", 2.0), eps = double_arg(b, "eps", 1e-12);
  std::vector<double> x(sources.size());
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = source_number(b, sources[i]);
  const double norm = round_to_dtype(pnorm(x, p), r.tensors[0].dtype());
  const double denom = std::max(norm, eps), xk = tensor_arg(b, "input").get(flat).as_double();
  const double ties = pnorm_ties(x, p, norm);
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double through_norm = norm >= eps ? pnorm_partial(x[i], p, norm, ties) : 0.0;
    d[i] = (sources[i].flat == flat) / denom - xk / (denom * denom) * through_norm;
  }
}

// The full-shape elements of output element g's line along `dim` (cosine_similarity and
// pairwise_distance reduce their broadcast operands along dim).
std::vector<std::int64_t> line_of(const Shape& full, int dim, std::int64_t g) {
  std::int64_t inner = 1;
  for (std::size_t d = std::size_t(dim) + 1; d < full.size(); ++d) inner *= full[d];
  const std::int64_t len = full.empty() ? 1 : full[std::size_t(dim)];
  std::vector<std::int64_t> out;
  for (std::int64_t j = 0; j < len; ++j) out.push_back((g / inner * len + j) * inner + g % inner);
  return out;
}

// Each x1/x2 element's derivative, summed over the line positions it is broadcast to.
void pair_by_source(const Bound& b, const Tensor& x1, const Tensor& x2, const Shape& full,
                    const std::vector<std::int64_t>& line, const std::vector<double>& g1, const std::vector<double>& g2,
                    const std::vector<Source>& sources, double* d) {
  std::map<std::int64_t, double> s1, s2;
  for (std::size_t j = 0; j < line.size(); ++j) {
    s1[broadcast_flat(x1.shape(), full, line[j])] += g1[j];
    s2[broadcast_flat(x2.shape(), full, line[j])] += g2[j];
  }
  for (std::size_t i = 0; i < sources.size(); ++i) {
    const auto& sums = named(b, sources[i], "x1") ? s1 : s2;
    const auto it = sums.find(sources[i].flat);
    d[i] = it == sums.end() ? 0.0 : it->second;
  }
}

// cosine_similarity: Σ (u/A)(v/B) with A = max(‖u‖, eps), B = max(‖v‖, eps) (PyTorch 1.13).
void cosine_derivatives(const Bound& b, const OpResult&, int, std::int64_t flat, const std::vector<Source>& sources,
                        double* d) {
  const Tensor &x1 = tensor_arg(b, "x1"), &x2 = tensor_arg(b, "x2");
  const Shape full = broadcast_shapes(x1.shape(), x2.shape());
  const int dim = full.empty() ? 0 : int(wrap_dim(int_arg(b, "dim", 1), std::int64_t(full.size())));
  const std::vector<std::int64_t> line = line_of(full, dim, flat);
  const double eps = double_arg(b, "eps", 1e-8);
  std::vector<double> u, v;
  double uu = 0, vv = 0, uv = 0;
  for (std::int64_t f : line) {
    u.push_back(x1.get(broadcast_flat(x1.shape(), full, f)).as_double());
    v.push_back(x2.get(broadcast_flat(x2.shape(), full, f)).as_double());
    uu += u.back() * u.back(), vv += v.back() * v.back(), uv += u.back() * v.back();
  }
  const double nu = std::sqrt(uu), nv = std::sqrt(vv), A = std::max(nu, eps), B = std::max(nv, eps);
  std::vector<double> g1(line.size()), g2(line.size());
  for (std::size_t j = 0; j < line.size(); ++j) {
    // PyTorch clamps the norms in place without recording it, so the norm's backward divides
    // by the clamped value: ∂A/∂u = u / A even below eps.
    const double du = u[j] / A, dv = v[j] / B;
    g1[j] = v[j] / (A * B) - uv / (A * A * B) * du;
    g2[j] = u[j] / (A * B) - uv / (A * B * B) * dv;
  }
  pair_by_source(b, x1, x2, full, line, g1, g2, sources, d);
}

// pairwise_distance: ‖x1 − x2 + eps‖_p along the last dim.
void pairwise_derivatives(const Bound& b, const OpResult& r, int, std::int64_t flat, const std::vector<Source>& sources,
                          double* d) {
  const Tensor &x1 = tensor_arg(b, "x1"), &x2 = tensor_arg(b, "x2");
  const Shape full = broadcast_shapes(x1.shape(), x2.shape());
  const int dim = full.empty() ? 0 : int(full.size()) - 1;
  const std::vector<std::int64_t> line = line_of(full, dim, flat);
  const double eps = double_arg(b, "eps", 1e-6), p = double_arg(b, "p", 2.0);
  const DType dtype = r.tensors[0].dtype();
  std::vector<double> diff;
  for (std::int64_t f : line)
    diff.push_back(round_to_dtype(round_to_dtype(x1.get(broadcast_flat(x1.shape(), full, f)).as_double() -
                                                     x2.get(broadcast_flat(x2.shape(), full, f)).as_double(),
                                                 dtype) +
                                      eps,
                                  dtype));
  const double out = r.tensors[0].get(flat).as_double(), ties = pnorm_ties(diff, p, out);
  std::vector<double> g1(line.size()), g2(line.size());
  for (std::size_t j = 0; j < line.size(); ++j) g2[j] = -(g1[j] = pnorm_partial(diff[j], p, out, ties));
  pair_by_source(b, x1, x2, full, line, g1, g2, sources, d);
}

// local_response_norm: y_k = x_k / S_k^β, S_k = k + α·Σ_window x_j² / size; the sources are the window.
void lrn_derivatives(const Bound& b, const OpResult&, int, std::int64_t flat, const std::vector<Source>& sources,
                     double* d) {
  const double alpha = double_arg(b, "alpha", 1e-4), beta = double_arg(b, "beta", 0.75), k = double_arg(b, "k", 1.0);
  const double size = double(int_arg(b, "size", 1));
  double sq = 0;
  for (const Source& s : sources) sq += source_number(b, s) * source_number(b, s);
  const double S = k + alpha * sq / size, D = std::pow(S, beta), xk = tensor_arg(b, "input").get(flat).as_double();
  for (std::size_t i = 0; i < sources.size(); ++i) {
    const double xj = source_number(b, sources[i]);
    d[i] = (sources[i].flat == flat) / D - xk / (D * D) * beta * std::pow(S, beta - 1) * alpha * 2 * xj / size;
  }
}

}  // namespace reduce_group_grads

void add_reduce_group_gradients(GradRules& r) {
  using namespace reduce_group_grads;
  for (const char* name : {"torch.norm", "torch.linalg.norm", "torch.linalg.matrix_norm"})
    set_rule(r, name, GradRule{norm_derivatives});
  set_rule(r, "torch.dist", GradRule{dist_derivatives});
  set_rule(r, "torch.diff", GradRule{diff_derivatives, "", "", false});  // reads no values
  set_rule(r, "torch.quantile", GradRule{quantile_derivatives});
  set_rule(r, "torch.nanquantile", GradRule{quantile_derivatives});
  for (const char* name : {"torch.nn.functional.layer_norm", "torch.nn.functional.group_norm"})
    set_rule(r, name, GradRule{standardize_derivatives});
  for (const char* name : {"torch.nn.functional.batch_norm", "torch.nn.functional.instance_norm"})
    set_rule(r, name, GradRule{standardize_derivatives, "", "running_mean,running_var"});
  set_rule(r, "torch.nn.functional.normalize", GradRule{normalize_derivatives});
  set_rule(r, "torch.nn.functional.cosine_similarity", GradRule{cosine_derivatives});
  set_rule(r, "torch.nn.functional.pairwise_distance", GradRule{pairwise_derivatives});
  set_rule(r, "torch.nn.functional.local_response_norm", GradRule{lrn_derivatives});
}

}  // namespace whence
