// trapezoid_ops.cpp - torch.trapezoid (torch.trapz) and torch.cumulative_trapezoid
// (kernels/contraction/trapezoid.hpp): sums of (y[k] + y[k+1]) times the spacing, each step
// rounded (or wrapped) to the dtype PyTorch 1.13 computes it in, the sum in double.
#include <algorithm>
#include <cmath>

#include "core/error.hpp"
#include "core/number_format.hpp"
#include "core/promotion.hpp"
#include "core/shape.hpp"
#include "kernels/common/composite.hpp"
#include "kernels/contraction/contraction_family.hpp"
#include "kernels/contraction/trapezoid.hpp"

namespace whence {

namespace {

// v as dtype d holds it: integers wrap, floats round.
double trap_cast(double v, DType d) {
  switch (d) {
    case DType::UInt8: return double(std::uint8_t(std::int64_t(v)));
    case DType::Int8: return double(std::int8_t(std::int64_t(v)));
    case DType::Int16: return double(std::int16_t(std::int64_t(v)));
    case DType::Int32: return double(std::int32_t(std::int64_t(v)));
    case DType::Int64: return v;
    default: return round_to_dtype(v, d);
  }
}

std::int64_t trap_flat(const Shape& shape, const std::vector<std::int64_t>& c) {
  std::int64_t f = 0;
  for (std::size_t d = 0; d < shape.size(); ++d) f = f * shape[d] + c[d];
  return f;
}
// shape without dim d (built by hand: xtensor's small-vector erase trips GCC's bounds warning)
Shape trap_without(const Shape& shape, int d) {
  Shape out(shape.size() - 1);
  for (std::size_t i = 0, j = 0; i < shape.size(); ++i)
    if (int(i) != d) out[j++] = shape[i];
  return out;
}
std::vector<std::int64_t> trap_coords(const Shape& shape, std::int64_t flat) {
  std::vector<std::int64_t> c(shape.size());
  for (std::size_t d = shape.size(); d-- > 0;) {
    c[d] = flat % shape[d];
    flat /= shape[d];
  }
  return c;
}

TrapezoidState trapezoid_prepare(const Bound& b) {
  const std::string& primary = b.op->names.front();
  TrapezoidState s;
  s.cumulative = primary == "torch.cumulative_trapezoid";
  const char* who = s.cumulative ? "cumulative_trapezoid: " : "trapezoid: ";
  const Tensor& y = tensor_arg(b, "y");
  s.has_x = tensor_given(b, "x");
  const std::int64_t dim = int_arg(b, "dim", -1);
  if (s.cumulative && !s.has_x) {
    if (y.dtype() == DType::Bool)
      fail("RuntimeError", std::string(who) + "received a bool input for `y`, but bool is not supported");
  }
  if (y.dim() == 0) {  // PyTorch asks a 0-d y for its size or a slice of it
    if (!s.has_x && !s.cumulative)
      fail("IndexError", "Dimension specified as " + std::to_string(dim) + " but tensor has no dimensions");
    if (!s.has_x) fail("IndexError", "slice() cannot be applied to a 0-dim tensor.");
    wrap_dim(dim, 0);
    const bool vector_x = tensor_arg(b, "x").dim() == 1;
    if (s.cumulative && (y.dtype() == DType::Bool || tensor_arg(b, "x").dtype() == DType::Bool))
      fail("RuntimeError", std::string(who) + "received a bool input for `x` or `y`, but bool is not supported");
    if (vector_x || !s.cumulative) fail("IndexError", "Dimension specified as 0 but tensor has no dimensions");
    fail("IndexError", "slice() cannot be applied to a 0-dim tensor.");
  }
  s.dim = int(wrap_dim(dim, y.dim()));
  const std::int64_t n = y.shape()[std::size_t(s.dim)];
  if (!s.cumulative && n == 0) {  // nothing to integrate: 0, as numpy gives
    s.zeros = true;
    s.dtype = y.dtype();
    s.shape = trap_without(y.shape(), s.dim);
    return s;
  }
  const Tensor* x = s.has_x ? &tensor_arg(b, "x") : nullptr;
  if (y.dtype() == DType::Bool || (x && x->dtype() == DType::Bool))
    fail("RuntimeError",
         std::string(who) + "received a bool input for " + (x ? "`x` or `y`" : "`y`") + ", but bool is not supported");
  const Value& dxv = arg(b, "dx");
  const bool bool_dx =
      dxv.is<bool>() || (dxv.is<Tensor>() && dxv.as<Tensor>().dtype() == DType::Bool && !dxv.as<Tensor>().dim());
  if (!x && bool_dx && b.name != "torch.trapz")  // (trapz's dx is a float: True is 1.0)
    fail("RuntimeError", std::string(who) + "Currently, we only support dx as a real number.");
  s.ys = y.shape();
  s.ys[std::size_t(s.dim)] = std::max<std::int64_t>(n - 1, 0);
  DType p = y.dtype();
  if (x) {
    if (x->dim() == 1) {
      if (x->shape()[0] != n)
        fail("RuntimeError", std::string(who) + "There must be one `x` value for each sample point");
      s.xv = Shape(std::size_t(y.dim()), 1);
      s.xv[std::size_t(s.dim)] = n;
    } else {
      const std::size_t rank = std::max(std::size_t(y.dim()), std::size_t(x->dim()));
      s.xv = Shape(rank, 1);
      for (std::size_t i = 0; i < std::size_t(x->dim()); ++i) s.xv[rank - std::size_t(x->dim()) + i] = x->shape()[i];
    }
    s.ds = s.xv;
    s.ds[std::size_t(s.dim)] = std::max<std::int64_t>(s.xv[std::size_t(s.dim)] - 1, 0);
    s.full = broadcast_shapes(s.ys, s.ds);  // (PyTorch's (y[k] + y[k+1]) * dx: a is y's, b is dx's)
    p = promote_types(y.dtype(), x->dtype());
    s.x = values_of(*x);
  } else {
    s.full = s.ys;
    s.dx = double_arg(b, "dx", 1.0);
  }
  s.dtype = is_floating(p) ? p : default_float_dtype();
  s.shape = s.cumulative ? s.full : trap_without(s.full, s.dim);
  s.y = values_of(y);
  return s;
}

double trapezoid_value(const TrapezoidState& s, const Bound& b, std::int64_t k) {
  const Tensor& y = tensor_arg(b, "y");
  const DType yd = y.dtype(), fd = is_floating(yd) ? yd : default_float_dtype();
  const auto terms = trapezoid_terms(s, k);
  // (1.13 has no float16 cumsum: cumulative_trapezoid's float16 steps are computed in float32,
  // as newer PyTorch does, and rounded once)
  auto cast = [&](double v, DType d) {
    return trap_cast(v, s.cumulative && s.dtype == DType::Float16 && d == DType::Float16 ? DType::Float32 : d);
  };
  if (!s.has_x) {
    if (s.cumulative) {  // (dx / 2 · (y[k] + y[k+1])).cumsum(dim)
      double acc = 0;
      for (const auto& t : terms)
        acc += cast(cast(s.y[std::size_t(t.y0)] + s.y[std::size_t(t.y1)], yd) * (s.dx / 2), fd);
      return acc;
    }
    // (y.sum(dim) − (y[0] + y[n−1])·0.5)·dx
    double sum = 0;
    for (const auto& t : terms) sum += s.y[std::size_t(t.y0)];
    if (terms.empty()) return 0;
    sum += s.y[std::size_t(terms.back().y1)];
    sum = cast(sum, is_floating(yd) ? yd : DType::Int64);
    const double ends = cast(s.y[std::size_t(terms.front().y0)] + s.y[std::size_t(terms.back().y1)], yd);
    return cast(cast(sum - cast(ends * 0.5, fd), fd) * s.dx, fd);
  }
  const Tensor& x = tensor_arg(b, "x");
  const DType p = promote_types(yd, x.dtype());
  double acc = 0;
  for (const auto& t : terms) {
    const double ys = cast(s.y[std::size_t(t.y0)] + s.y[std::size_t(t.y1)], yd);
    const double dx = cast(s.x[std::size_t(t.x1)] - s.x[std::size_t(t.x0)], x.dtype());
    acc += cast(ys * dx, p);
  }
  return acc / 2;
}

OpResult trapezoid_run(const Bound& b) {
  TrapezoidState s = trapezoid_prepare(b);
  check_limits(s.shape);
  const std::int64_t n = shape_numel(s.shape);
  std::vector<double> v(static_cast<std::size_t>(n), 0.0);
  if (!s.zeros)
    for (std::int64_t k = 0; k < n; ++k) v[std::size_t(k)] = trapezoid_value(s, b, k);
  OpResult r;
  r.tensors.push_back(tensor_of(s.dtype, s.shape, v));
  keep_prepared(b, r, std::move(s));
  return r;
}

// Per term y[k] and y[k+1], then (with x) each x element read (trapezoid_x_reads). One sample
// (no terms) reads nothing.
std::vector<Source> trapezoid_explain(const Bound& b, const OpResult& r, int, std::int64_t k) {
  const TrapezoidState& s = trapezoid_state(b, r);
  std::vector<Source> src;
  const auto terms = trapezoid_terms(s, k);
  for (const auto& t : terms) {
    src.push_back(source(b, "y", t.y0));
    src.push_back(source(b, "y", t.y1));
  }
  if (s.has_x)
    for (const auto& x : trapezoid_x_reads(terms)) src.push_back(source(b, "x", x.flat));
  return src;
}

std::string trap_paren(const std::string& v) { return !v.empty() && v[0] == '-' ? "(" + v + ")" : v; }

// out[0] = ((y[0] + y[1])·(x[1] − x[0]) + (y[1] + y[2])·(x[2] − x[1])) / 2 = ((1 + 3)·(1 − 0) + ...) / 2 = 7
std::string trapezoid_equation(const Bound& b, const OpResult& r, int, std::int64_t k, const std::vector<Source>&) {
  const TrapezoidState& s = trapezoid_state(b, r);
  const auto terms = trapezoid_terms(s, k);
  const std::size_t n = terms.size();
  std::string e = out_ref(r, 0, k);
  for (bool values : {false, true}) {
    auto at = [&](const char* name, std::int64_t flat) {
      const Source x = source(b, name, flat);
      return values ? trap_paren(source_value(b, x)) : source_ref(b, x);
    };
    e += " = ";
    if (n == 0) {
      e += "0";
      continue;
    }
    if (!s.has_x && s.dx != 1)
      put_parts(e,
                trap_paren(s.dx == std::floor(s.dx) && std::fabs(s.dx) < 1e15 ? std::to_string(std::int64_t(s.dx))
                                                                              : format_float(s.dx, DType::Float64)),
                "·");
    e += "(";
    e += join_terms(
        n,
        [&](std::size_t t) {
          std::string p;
          put_parts(p, "(", at("y", terms[t].y0), " + ", at("y", terms[t].y1), ")");
          if (s.has_x) put_parts(p, "·(", at("x", terms[t].x1), " − ", at("x", terms[t].x0), ")");
          return p;
        },
        " + ");
    e += ") / 2";
  }
  put_parts(e, " = ", format_scalar(r.tensors[0].get(k)));
  return e;
}

}  // namespace

std::vector<TrapezoidTerm> trapezoid_terms(const TrapezoidState& s, std::int64_t k) {
  std::vector<TrapezoidTerm> out;
  if (s.zeros) return out;
  const std::int64_t len = s.full[std::size_t(s.dim)];
  // the first term's position in full: k's coordinates, with dim inserted (trapezoid) or
  // taken as the last term's (cumulative)
  std::vector<std::int64_t> c = trap_coords(s.shape, k);
  std::int64_t last = len - 1;
  if (s.cumulative)
    last = c[std::size_t(s.dim)];
  else
    c.insert(c.begin() + s.dim, 0);
  for (std::int64_t t = 0; t <= last; ++t) {
    c[std::size_t(s.dim)] = t;
    const std::int64_t f = trap_flat(s.full, c);
    TrapezoidTerm term{};
    auto yc = trap_coords(s.ys, broadcast_flat(s.ys, s.full, f));
    const std::size_t yr = yc.size();
    Shape yshape = s.ys;
    yshape[std::size_t(s.dim)] += 1;
    term.y0 = trap_flat(yshape, yc);
    yc[std::size_t(s.dim)] += 1;
    term.y1 = trap_flat(yshape, yc);
    (void)yr;
    term.x0 = term.x1 = -1;
    if (s.has_x) {
      auto xc = trap_coords(s.ds, broadcast_flat(s.ds, s.full, f));
      term.x0 = trap_flat(s.xv, xc);
      xc[std::size_t(s.dim)] += 1;
      term.x1 = trap_flat(s.xv, xc);
    }
    out.push_back(term);
  }
  return out;
}

std::vector<TrapezoidX> trapezoid_x_reads(const std::vector<TrapezoidTerm>& terms) {
  std::vector<TrapezoidX> xs;
  auto add = [&](std::int64_t flat, const TrapezoidTerm& t, int sign) {
    auto it = std::find_if(xs.begin(), xs.end(), [&](const TrapezoidX& x) { return x.flat == flat; });
    if (it == xs.end()) it = xs.insert(xs.end(), TrapezoidX{flat, {}});
    const std::pair<std::int64_t, std::int64_t> pair{t.y0, t.y1};
    auto p = std::find_if(it->pairs.begin(), it->pairs.end(), [&](const auto& q) { return q.first == pair; });
    if (p == it->pairs.end())
      it->pairs.push_back({pair, sign});
    else
      p->second += sign;
  };
  for (const auto& t : terms) {
    add(t.x0, t, -1);
    add(t.x1, t, +1);
  }
  std::vector<TrapezoidX> read;
  for (auto& x : xs)
    if (std::any_of(x.pairs.begin(), x.pairs.end(), [](const auto& q) { return q.second != 0; }))
      read.push_back(std::move(x));
  return read;
}

const TrapezoidState& trapezoid_state(const Bound& b, const OpResult& r) {
  return prepared_for(b, r, trapezoid_prepare);
}

void add_trapezoid_ops(std::vector<const OpDescriptor*>& t) {
  const char* params = "y:Tensor x:Tensor?=None * dx:Number?=None dim:Int=-1";
  add_op(t, composite_op("torch.trapezoid torch.trapz", "contraction",
                         "The trapezoidal rule along dim: the area under y sampled at x (or every dx), "
                         "Σ (y[k] + y[k+1])·(x[k+1] − x[k]) / 2.",
                         "torch.trapezoid(torch.tensor([1, 3, 2]), torch.tensor([0, 1, 3]))", param_list(params),
                         trapezoid_run, trapezoid_explain, trapezoid_equation));
  add_op(t, composite_op("torch.cumulative_trapezoid", "contraction",
                         "The trapezoidal rule's running total along dim: out[k] is the area under y from the first "
                         "sample to sample k + 1.",
                         "torch.cumulative_trapezoid(torch.tensor([1, 3, 2]), torch.tensor([0, 1, 3]))",
                         param_list(params), trapezoid_run, trapezoid_explain, trapezoid_equation));
}

}  // namespace whence
