// statistic_ops.cpp - many-to-one ops whose output element is a function of a whole slice rather
// than one fold: p-norms and matrix norms (torch.norm, torch.dist, torch.linalg.norm,
// torch.linalg.matrix_norm) and quantiles. Output element k reads slice k of the input (the
// reduced dims at k's coordinates, walked in the order the dims were given, so a matrix's rows
// come before its columns); a SliceSpec says how the call is checked and prepared, how a slice
// becomes a value, which slice elements decided it, and how the equation reads.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <deque>

#include "core/bind.hpp"
#include "core/error.hpp"
#include "core/factories.hpp"
#include "core/number_format.hpp"
#include "core/promotion.hpp"
#include "core/shape.hpp"
#include "kernels/common/composite.hpp"
#include "kernels/reduce/gnu_sort.hpp"
#include "kernels/reduce/reduce_family.hpp"

namespace whence {

namespace {

// --- slices ----------------------------------------------------------------------------------

struct Slices {
  Shape in, out;          // the input's shape; the output's (keepdim keeps the reduced dims as 1)
  std::vector<int> dims;  // reduced, in the order given
  std::vector<int> kept;  // the others, ascending: they index the output
  std::int64_t count = 1, size = 1;

  // The row-major (logical) input elements of slice k, in the order of `dims`.
  std::vector<std::int64_t> members(std::int64_t k) const {
    std::vector<std::int64_t> c(in.size(), 0), m;
    for (int i = int(kept.size()) - 1; i >= 0; --i) {
      const std::size_t d = std::size_t(kept[std::size_t(i)]);
      c[d] = k % in[d];
      k /= in[d];
    }
    m.reserve(std::size_t(size));
    for (std::int64_t j = 0; j < size; ++j) {
      std::int64_t r = j, flat = 0;
      for (int i = int(dims.size()) - 1; i >= 0; --i) {
        const std::size_t d = std::size_t(dims[std::size_t(i)]);
        c[d] = r % in[d];
        r /= in[d];
      }
      for (std::size_t d = 0; d < in.size(); ++d) flat = flat * in[d] + c[d];
      m.push_back(flat);
    }
    return m;
  }
};

Slices slices_of(const Shape& in, const std::vector<int>& dims, bool keepdim) {
  Slices s;
  s.in = in;
  s.dims = dims;
  for (int d = 0; d < int(in.size()); ++d) {
    const bool reduced = std::find(dims.begin(), dims.end(), d) != dims.end();
    if (reduced)
      s.size *= in[std::size_t(d)];
    else
      s.kept.push_back(d), s.count *= in[std::size_t(d)];
    if (!reduced || keepdim) s.out.push_back(reduced ? 1 : in[std::size_t(d)]);
  }
  return s;
}

// --- what a call prepares ----------------------------------------------------------------------

enum class NormKind { Vector, Nuclear, Spectral, Induced };  // Induced: ord ±1 / ±inf of a matrix

struct StatisticPrepared {
  Slices s;
  std::vector<double> v;  // the values the slices index (dist: input − other, broadcast)
  DType dtype = DType::Float32;
  // norms
  NormKind kind = NormKind::Vector;
  double p = 2;  // the vector norm's p; a matrix norm's ord (±1, ±2, ±inf)
  // quantiles
  std::vector<double> qs;  // the q values; empty for other ops
  bool q_dim = false;      // q was a 1-D tensor: the output gains a leading dim of its size
  bool skip_nan = false;   // nanquantile
  std::string interpolation = "linear";
};

struct SliceSpec {
  StatisticPrepared (*prepare)(const Bound&);
  // Which tensors an element of the slice came from: the input only, or input and other (dist).
  bool two_operands = false;
};
const SliceSpec& slice_spec(const Bound& b) { return *static_cast<const SliceSpec*>(b.op->family_data); }

// --- norms -----------------------------------------------------------------------------------

// The singular values of a rows × cols matrix (row-major), by one-sided Jacobi rotations.
std::vector<double> singular_values(std::vector<double> a, std::int64_t rows, std::int64_t cols) {
  if (rows < cols) {  // work on the transpose: as many columns as the smaller side
    std::vector<double> t(a.size());
    for (std::int64_t i = 0; i < rows; ++i)
      for (std::int64_t j = 0; j < cols; ++j) t[std::size_t(j * rows + i)] = a[std::size_t(i * cols + j)];
    a.swap(t);
    std::swap(rows, cols);
  }
  auto at = [&](std::int64_t i, std::int64_t j) -> double& { return a[std::size_t(i * cols + j)]; };
  for (int sweep = 0; sweep < 60; ++sweep) {
    double off = 0;
    for (std::int64_t p = 0; p < cols; ++p)
      for (std::int64_t q = p + 1; q < cols; ++q) {
        double alpha = 0, beta = 0, gamma = 0;
        for (std::int64_t i = 0; i < rows; ++i) {
          alpha += at(i, p) * at(i, p);
          beta += at(i, q) * at(i, q);
          gamma += at(i, p) * at(i, q);
        }
        if (gamma == 0 || std::fabs(gamma) <= 1e-15 * std::sqrt(alpha * beta)) continue;
        off = std::max(off, std::fabs(gamma) / std::sqrt(alpha * beta));
        const double zeta = (beta - alpha) / (2 * gamma);
        const double t = (zeta >= 0 ? 1 : -1) / (std::fabs(zeta) + std::sqrt(1 + zeta * zeta));
        const double c = 1 / std::sqrt(1 + t * t), s = c * t;
        for (std::int64_t i = 0; i < rows; ++i) {
          const double x = at(i, p), y = at(i, q);
          at(i, p) = c * x - s * y;
          at(i, q) = s * x + c * y;
        }
      }
    if (off < 1e-15) break;
  }
  std::vector<double> sv;
  for (std::int64_t j = 0; j < cols; ++j) {
    double n = 0;
    for (std::int64_t i = 0; i < rows; ++i) n += at(i, j) * at(i, j);
    sv.push_back(std::sqrt(n));
  }
  std::sort(sv.rbegin(), sv.rend());
  return sv;
}

// The row sums of |x| of a rows × cols slice (columns first for ord ±1: the sums over rows).
std::vector<double> abs_sums(const std::vector<double>& x, std::int64_t rows, std::int64_t cols, bool over_rows) {
  std::vector<double> sums(std::size_t(over_rows ? cols : rows), 0.0);
  for (std::int64_t i = 0; i < rows; ++i)
    for (std::int64_t j = 0; j < cols; ++j)
      sums[std::size_t(over_rows ? j : i)] += std::fabs(x[std::size_t(i * cols + j)]);
  return sums;
}

std::int64_t matrix_rows(const StatisticPrepared& c) {
  return c.s.dims.size() == 2 ? c.s.in[std::size_t(c.s.dims[0])] : 1;
}

double norm_value(const StatisticPrepared& c, const std::vector<double>& x) {
  const std::int64_t rows = matrix_rows(c), cols = rows ? std::int64_t(x.size()) / std::max<std::int64_t>(rows, 1) : 0;
  switch (c.kind) {
    case NormKind::Vector: return pnorm(x, c.p);
    case NormKind::Nuclear: {
      double sum = 0;
      for (double s : singular_values(x, rows, cols)) sum += s;
      return sum;
    }
    case NormKind::Spectral: {
      const std::vector<double> sv = singular_values(x, rows, cols);
      return sv.empty() ? 0 : c.p > 0 ? sv.front() : sv.back();
    }
    case NormKind::Induced: {
      const std::vector<double> sums = abs_sums(x, rows, cols, std::fabs(c.p) == 1);
      return c.p > 0 ? *std::max_element(sums.begin(), sums.end()) : *std::min_element(sums.begin(), sums.end());
    }
  }
  return 0;
}

void floating_input(const Tensor& x, const char* who) {
  if (!is_floating(x.dtype()))
    fail("RuntimeError",
         std::string(who) + ": Expected a floating point or complex tensor as input. Got " +
             dtype_scalar_name(x.dtype()),
         "input");
}
// dtype= of the linalg norms: floating, and no narrower than the input.
DType linalg_dtype(const Bound& b, DType in, const char* who) {
  const Value& d = arg(b, "dtype");
  if (!d.is<DType>()) return in;
  const DType want = d.as<DType>();
  if (!is_floating(want))
    fail("RuntimeError",
         std::string(who) + ": dtype should be floating point or complex, but got " + dtype_scalar_name(want), "dtype");
  if (promote_types(in, want) != want)
    fail("RuntimeError",
         std::string(who) + ": the dtype of the input (" + dtype_scalar_name(in) +
             ") should be convertible without narrowing to the specified dtype (" + dtype_scalar_name(want) + ")",
         "dtype");
  return want;
}

std::vector<double> values_as(const Tensor& x, DType d) { return values_of(x.dtype() == d ? x : x.to(d)); }

// A vector norm of `x` over `dims` (ascending), computed in `dtype`.
StatisticPrepared vector_prepared(const Tensor& x, const std::vector<int>& dims, bool keepdim, double p, DType dtype) {
  StatisticPrepared c;
  c.s = slices_of(x.shape(), dims, keepdim);
  c.v = values_as(x, dtype);
  c.dtype = dtype;
  c.p = p;
  if (std::isinf(p) && c.s.size == 0 && x.numel() == 0 && c.s.count > 0)
    fail("RuntimeError", std::string("linalg.vector_norm cannot compute the ") + (p > 0 ? "inf" : "-inf") +
                             " norm on an empty tensor because the operation does not have an identity");
  return c;
}

// The ord of a matrix norm: a string ('fro', 'nuc') or a number.
struct Ord {
  bool is_string = false;
  std::string name;
  double value = 2;
};
Ord ord_of(const Value& v) {
  Ord o;
  if (v.is<std::string>())
    o.is_string = true, o.name = v.as<std::string>();
  else if (v.is<double>())
    o.value = v.as<double>();
  else if (v.is<std::int64_t>())
    o.value = double(v.as<std::int64_t>());
  else if (v.is<bool>())
    o.value = v.as<bool>();
  else if (v.is<Tensor>())
    o.value = v.as<Tensor>().get(0).as_double();
  return o;
}
std::string ord_text(double v) {
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}
std::vector<std::int64_t> int_list(const Value& v) {
  std::vector<std::int64_t> r;
  if (v.is<std::int64_t>()) r.push_back(v.as<std::int64_t>());
  if (v.is<List>())
    for (const Value& d : v.as<List>()) {  // (anything else is left out: the caller sees the count differ)
      if (d.is<std::int64_t>())
        r.push_back(d.as<std::int64_t>());
      else if (d.is<Tensor>())
        r.push_back(d.as<Tensor>().get(0).i);
    }
  return r;
}
// linalg.matrix_norm's checks and slices, in its order: ord, the input, dim, dtype.
StatisticPrepared matrix_prepared(const Bound& b, const Tensor& x, const Ord& ord, std::vector<std::int64_t> dim,
                                  bool keepdim) {
  const char* who = "linalg.matrix_norm";
  StatisticPrepared c;
  if (ord.is_string) {
    if (ord.name != "fro" && ord.name != "nuc")
      fail("RuntimeError", std::string(who) + ": Order " + ord.name + " not supported.", "ord");
  } else {
    const double a = std::fabs(ord.value);
    if (a != 1 && a != 2 && !std::isinf(a))
      fail("RuntimeError", std::string(who) + ": Order " + ord_text(ord.value) + " not supported.", "ord");
  }
  const bool svd = ord.is_string ? ord.name == "nuc" : std::fabs(ord.value) == 2;
  if (x.dim() < 2)
    fail("RuntimeError", std::string(who) + ": The input tensor A must have at least 2 dimensions.", "input");
  floating_input(x, who);
  if (svd && x.dtype() != DType::Float32 && x.dtype() != DType::Float64)
    fail("RuntimeError", std::string(who) + ": Low precision dtypes not supported. Got " + dtype_scalar_name(x.dtype()),
         "input");
  // (c10 prints a one-element list as its element)
  if (dim.size() != 2)
    fail("RuntimeError",
         std::string(who) + ": dim must be a 2-tuple. Got " +
             (dim.size() == 1 ? std::to_string(dim[0]) : int_list_text(dim)),
         "dim");
  for (std::int64_t& d : dim) d = wrap_dim(d, x.dim());
  if (dim[0] == dim[1])
    fail("RuntimeError",
         std::string(who) + ": dims must be different. Got (" + std::to_string(dim[0]) + ", " + std::to_string(dim[1]) +
             ")",
         "dim");
  c.dtype = linalg_dtype(b, x.dtype(), who);
  if (ord.is_string && ord.name == "fro") {
    std::vector<int> dims = {int(std::min(dim[0], dim[1])), int(std::max(dim[0], dim[1]))};
    return vector_prepared(x, dims, keepdim, 2, c.dtype);
  }
  c.s = slices_of(x.shape(), {int(dim[0]), int(dim[1])}, keepdim);
  c.v = values_as(x, c.dtype);
  c.kind = ord.is_string ? NormKind::Nuclear : svd ? NormKind::Spectral : NormKind::Induced;
  c.p = ord.is_string ? 1 : ord.value;
  if (c.s.size == 0 && c.s.count > 0 && c.kind != NormKind::Nuclear)
    fail("RuntimeError", std::string(who) + ": the operation does not have an identity for an empty matrix");
  return c;
}

StatisticPrepared prepare_matrix_norm(const Bound& b) {
  const Tensor& x = tensor_arg(b, "input");
  const Value& d = arg(b, "dim");
  return matrix_prepared(b, x, ord_of(arg(b, "ord")), d.is<None>() ? std::vector<std::int64_t>{-2, -1} : int_list(d),
                         bool_arg(b, "keepdim", false));
}

StatisticPrepared prepare_linalg_norm(const Bound& b) {
  const Tensor& x = tensor_arg(b, "input");
  const Value& ordv = arg(b, "ord");
  const Value& dimv = arg(b, "dim");
  const bool keepdim = bool_arg(b, "keepdim", false);
  const std::vector<std::int64_t> dim = int_list(dimv);
  if (!dimv.is<None>() && dim.size() != 1 && dim.size() != 2)
    fail("RuntimeError", "linalg.norm: If dim is specified, it must be of length 1 or 2. Got " + int_list_text(dim),
         "dim");
  const Ord ord = ord_of(ordv);
  if (dimv.is<None>() && !ordv.is<None>() && x.dim() != 1 && x.dim() != 2)
    fail("RuntimeError",
         "linalg.norm: If dim is not specified but ord is, the input must be 1D or 2D. Got " + std::to_string(x.dim()) +
             "D.",
         "ord");
  if (ord.is_string || (!ordv.is<None>() && (dim.size() == 2 || (dimv.is<None>() && x.dim() == 2))))
    return matrix_prepared(b, x, ord, dimv.is<None>() ? std::vector<std::int64_t>{0, 1} : dim, keepdim);
  floating_input(x, "linalg.vector_norm");
  const DType dt = linalg_dtype(b, x.dtype(), "linalg.vector_norm");
  return vector_prepared(x, reduction_dims(dimv, x.dim()), keepdim, ordv.is<None>() ? 2 : ord.value, dt);
}

// torch.norm (a Python function in 1.13): 'fro' through frobenius_norm, 'nuc' through
// nuclear_norm, a number through the p-norm over the given dims (every dim by default).
void norm_input(const Tensor& x) {
  if (!is_floating(x.dtype()))
    fail("RuntimeError",
         std::string("norm(): input dtype should be either floating point or complex. Got ") +
             dtype_scalar_name(x.dtype()) + " instead.",
         "input");
}
StatisticPrepared prepare_torch_norm(const Bound& b) {
  if (!arg(b, "input").is<Tensor>())
    fail("AttributeError", "'" + python_type_name(arg(b, "input")) + "' object has no attribute 'dim'", "input");
  const Tensor& x = tensor_arg(b, "input");
  const Value& pv = arg(b, "p");
  const Value& dimv = arg(b, "dim");
  const bool keepdim = bool_arg(b, "keepdim", false);
  const Value& dtype = arg(b, "dtype");
  std::vector<std::int64_t> dim = int_list(dimv);
  const Ord p = pv.is<None>() ? Ord{} : ord_of(pv);
  if (p.is_string && !dimv.is<None>() && !dimv.is<std::int64_t>() &&
      !(dimv.is<List>() && dimv.as<List>().size() == dim.size()))
    fail("TypeError",
         std::string(p.name == "fro" ? "frobenius_norm" : "nuclear_norm") +
             "(): argument 'dim' (position 2) must be tuple of ints, not " + python_type_name(dimv),
         "dim");
  if (p.is_string && p.name == "fro") {
    if (dtype.is<DType>()) fail("ValueError", "dtype argument is not supported in frobenius norm", "dtype");
    if (dim.size() > 2)
      fail("RuntimeError",
           "Expected at most 2 dimensions, but got " + std::to_string(dim.size()) + " dimensions instead.", "dim");
    if (dim.size() == 2) {  // sqrt(sum(x * x)) over the two dims
      const std::int64_t d0 = wrap_dim(dim[0], x.dim()), d1 = wrap_dim(dim[1], x.dim());
      if (d0 == d1)
        fail("RuntimeError", "Expected dims to be different, got " + int_list_text(dim) + " instead", "dim");
      const DType dt = is_floating(x.dtype()) ? x.dtype() : DType::Float32;
      return vector_prepared(x, {int(std::min(d0, d1)), int(std::max(d0, d1))}, keepdim, 2, dt);
    }
    norm_input(x);
    return vector_prepared(x, reduction_dims(dimv, x.dim()), keepdim, 2, x.dtype());
  }
  if (p.is_string && p.name == "nuc") {
    if (dtype.is<DType>()) fail("ValueError", "dtype argument is not supported in nuclear norm", "dtype");
    if (dimv.is<None>() && x.dim() != 2)
      fail("RuntimeError",
           "Expected a tensor with 2 dimensions, but got a tensor with " + std::to_string(x.dim()) + " dimension" +
               (x.dim() == 1 ? "" : "s") + " instead.",
           "input");
    if (!dimv.is<None>() && dim.size() != 2)
      fail("RuntimeError", "Expected 2 dimensions, but got " + std::to_string(dim.size()) + " dimensions instead.",
           "dim");
    StatisticPrepared c = matrix_prepared(b, x, p, dimv.is<None>() ? std::vector<std::int64_t>{0, 1} : dim, keepdim);
    return c;
  }
  if (p.is_string) fail("RuntimeError", "only valid string values are 'fro' and 'nuc', found " + p.name, "p");
  {  // the Python function's call of _VF.norm, with its own argument checks
    List every;
    for (int d = 0; d < x.dim(); ++d) every.emplace_back(std::int64_t(d));
    const Value all_dims(every), one_dim(dimv.is<std::int64_t>() ? Value(List{dimv}) : dimv);
    const Value& out = arg(b, "out");
    if (dimv.is<None>() && out.is<None>() && dtype.is<None>()) {
      check_native_call("torch._VF.norm", {&arg(b, "input"), &pv},
                        {{"dim", &all_dims}, {"keepdim", &arg(b, "keepdim")}});
    } else {
      std::vector<std::pair<std::string, const Value*>> kw = {{"keepdim", &arg(b, "keepdim")}};
      if (!dtype.is<None>()) kw.emplace_back("dtype", &dtype);
      if (!out.is<None>()) kw.emplace_back("out", &out);
      check_native_call("torch._VF.norm", {&arg(b, "input"), &pv, dimv.is<None>() ? &all_dims : &one_dim}, kw);
    }
  }
  norm_input(x);
  DType dt = x.dtype();
  if (dtype.is<DType>()) dt = dtype.as<DType>();
  return vector_prepared(x, reduction_dims(dimv, x.dim()), keepdim, p.value, dt);
}

// dist(input, other, p): the p-norm of input − other, broadcast.
StatisticPrepared prepare_dist(const Bound& b) {
  const Tensor& x = tensor_arg(b, "input");
  const Tensor& y = tensor_arg(b, "other");
  if (x.dtype() == DType::Bool && y.dtype() == DType::Bool)
    fail("RuntimeError",
         "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or `logical_xor()` "
         "operator instead.");
  const DType dt = promote_types(x.dtype(), y.dtype());
  const Shape shape = broadcast_shapes(x.shape(), y.shape());
  if (!is_floating(dt))
    fail("RuntimeError",
         std::string("norm(): input dtype should be either floating point or complex. Got ") + dtype_scalar_name(dt) +
             " instead.",
         "input");
  StatisticPrepared c;
  c.dtype = dt;
  std::vector<int> all;
  for (int d = 0; d < int(shape.size()); ++d) all.push_back(d);
  c.s = slices_of(shape, all, false);
  c.p = double_arg(b, "p", 2);
  const Tensor xb = x.to(dt), yb = y.to(dt);
  c.v.resize(std::size_t(shape_numel(shape)));
  for (std::int64_t i = 0; i < shape_numel(shape); ++i) {
    const std::int64_t fx = broadcast_flat(x.shape(), shape, i), fy = broadcast_flat(y.shape(), shape, i);
    // float32 operands subtract in float32, as PyTorch's sub does
    const double diff = xb.get(fx).as_double() - yb.get(fy).as_double();
    c.v[std::size_t(i)] = round_to_dtype(diff, dt);
  }
  return c;
}

// --- quantiles -------------------------------------------------------------------------------

StatisticPrepared prepare_quantile(const Bound& b) {
  const Tensor& x = tensor_arg(b, "input");
  const Value& qv = arg(b, "q");
  const Value& dimv = arg(b, "dim");
  const bool keepdim = bool_arg(b, "keepdim", false);
  StatisticPrepared c;
  c.skip_nan = b.op->names.front() == "torch.nanquantile";
  c.interpolation = string_arg(b, "interpolation", "linear");
  if (x.numel() == 0) fail("RuntimeError", "quantile() input tensor must be non-empty", "input");
  if (qv.is<Tensor>() && qv.as<Tensor>().dim() > 1)
    fail("RuntimeError", "quantile() q must be a scalar or 1D tensor", "q");
  if (x.dtype() != DType::Float32 && x.dtype() != DType::Float64)
    fail("RuntimeError", "quantile() input tensor must be either float or double dtype", "input");
  if (qv.is<Tensor>() && qv.as<Tensor>().dtype() != x.dtype())
    fail("RuntimeError", "quantile() q tensor must be same dtype as the input tensor", "q");
  if (qv.is<Tensor>()) {
    c.qs = values_of(qv.as<Tensor>());
    c.q_dim = qv.as<Tensor>().dim() == 1;
  } else {
    c.qs = {double_arg(b, "q", 0.5)};
  }
  for (double q : c.qs)
    if (!(q >= 0 && q <= 1)) {
      if (qv.is<Tensor>()) fail("RuntimeError", "quantile() q values must be in the range [0, 1]", "q");
      fail("RuntimeError", "quantile() q must be in the range [0, 1] but got " + format_float(q, DType::Float64), "q");
    }
  const std::string& m = c.interpolation;
  if (m != "linear" && m != "lower" && m != "higher" && m != "midpoint" && m != "nearest")
    fail("RuntimeError",
         "quantile() interpolation must be one of linear, lower, higher, midpoint or nearest, but got " + m,
         "interpolation");
  c.dtype = x.dtype();
  std::vector<int> dims;
  if (dimv.is<None>()) {
    for (int d = 0; d < x.dim(); ++d) dims.push_back(d);
    c.s = slices_of(x.shape(), dims, false);
    if (keepdim) c.s.out = Shape(x.shape().size(), 1);
  } else {
    const std::int64_t d = wrap_dim(dimv.is<std::int64_t>() ? dimv.as<std::int64_t>() : int_arg(b, "dim", 0), x.dim());
    if (x.dim() > 0) dims.push_back(int(d));
    c.s = slices_of(x.shape(), dims, keepdim);
  }
  if (c.q_dim) insert_at(c.s.out, 0, std::int64_t(c.qs.size()));
  c.v = values_of(x);
  return c;
}

// One quantile of a slice: the positions (in the slice) whose values it interpolates, with
// the weight of the upper one, computed in the input's precision as PyTorch does.
struct QuantilePick {
  std::int64_t below = 0, above = 0;
  double weight = 0, rank = 0, value = 0;
};
template <class F>
QuantilePick quantile_pick(const StatisticPrepared& c, const std::vector<double>& slice, double q) {
  std::vector<std::pair<double, std::int64_t>> v;
  for (std::size_t i = 0; i < slice.size(); ++i) v.emplace_back(slice[i], std::int64_t(i));
  gnu::sort(v, [](const auto& a, const auto& b) {
    return (!std::isnan(a.first) && std::isnan(b.first)) || a.first < b.first;
  });
  std::int64_t valid = 0, nan = 0;
  for (const auto& e : v) (std::isnan(e.first) ? nan : valid) += 1;
  const std::int64_t last = std::int64_t(v.size()) - 1;
  F rank;
  if (c.skip_nan)
    rank = std::max(F(0), F(q) * F(valid - 1));
  else
    rank = nan ? F(last) : F(q) * F(last);
  const std::string& m = c.interpolation;
  if (m == "lower")
    rank = std::floor(rank);
  else if (m == "higher")
    rank = std::ceil(rank);
  else if (m == "nearest")
    rank = std::nearbyint(rank);  // half to even, as torch.round
  QuantilePick k;
  k.rank = double(rank);
  k.below = k.above = std::int64_t(rank);
  F result = F(v[std::size_t(k.below)].first);
  if (m == "linear" || m == "midpoint") {
    const F w = m == "midpoint" ? F(0.5) : rank - F(k.below);
    k.above = std::int64_t(std::ceil(rank));
    const F a = F(v[std::size_t(k.below)].first), b = F(v[std::size_t(k.above)].first);
    result = w < F(0.5) ? a + w * (b - a) : b - (b - a) * (F(1) - w);  // torch.lerp
    k.weight = double(w);
  }
  k.value = double(result);
  k.below = v[std::size_t(k.below)].second;
  k.above = v[std::size_t(k.above)].second;
  return k;
}
QuantilePick pick(const StatisticPrepared& c, const std::vector<double>& slice, double q) {
  return c.dtype == DType::Float32 ? quantile_pick<float>(c, slice, q) : quantile_pick<double>(c, slice, q);
}

// --- diff --------------------------------------------------------------------------------------

// diff(input, n, dim, prepend, append): prepend, input and append joined along dim, then n
// rounds of neighbour differences (xor for bool), each round in the result dtype as PyTorch's
// repeated subtraction. Element i of the result reads joined elements i .. i + rounds.
struct DiffCall {
  int dim = 0;
  Shape joined;                      // the joined shape
  std::int64_t before = 0, len = 0;  // prepend's and input's sizes along dim
  std::int64_t rounds = 0;
  DType dtype = DType::Float32;
  std::vector<double> v;  // the joined values, row-major
  Shape out;
};

void diff_shape_check(const Tensor& x, const Value& other, int dim) {
  if (!other.is<Tensor>()) return;
  const Tensor& o = other.as<Tensor>();
  if (o.dim() != x.dim()) fail("RuntimeError", "diff expects prepend or append to be the same dimension as input");
  for (int i = 0; i < o.dim(); ++i)
    if (i != dim && o.shape()[std::size_t(i)] != x.shape()[std::size_t(i)])
      fail("RuntimeError",
           "diff expects the shape of tensor to prepend or append to match that of input except along the differencing "
           "dimension; input.size(" +
               std::to_string(i) + ") = " + std::to_string(x.shape()[std::size_t(i)]) + ", but got tensor.size(" +
               std::to_string(i) + ") = " + std::to_string(o.shape()[std::size_t(i)]));
}

DiffCall prepare_diff(const Bound& b) {
  const Tensor& x = tensor_arg(b, "input");
  if (x.dim() < 1) fail("RuntimeError", "diff expects input to be at least one-dimensional", "input");
  DiffCall c;
  c.dim = int(wrap_dim(int_arg(b, "dim", -1), x.dim()));
  const std::int64_t n = int_arg(b, "n", 1);
  const Value& pre = arg(b, "prepend");
  const Value& app = arg(b, "append");
  diff_shape_check(x, pre, c.dim);
  diff_shape_check(x, app, c.dim);
  const bool join = n != 0 && (pre.is<Tensor>() || app.is<Tensor>());
  std::vector<const Tensor*> parts;
  c.dtype = x.dtype();
  if (join && pre.is<Tensor>())
    parts.push_back(&pre.as<Tensor>()), c.before = pre.as<Tensor>().shape()[std::size_t(c.dim)];
  parts.push_back(&x);
  if (join && app.is<Tensor>()) parts.push_back(&app.as<Tensor>());
  for (const Tensor* p : parts) c.dtype = promote_types(c.dtype, p->dtype());
  c.len = x.shape()[std::size_t(c.dim)];
  c.joined = x.shape();
  c.joined[std::size_t(c.dim)] = 0;
  for (const Tensor* p : parts) c.joined[std::size_t(c.dim)] += p->shape()[std::size_t(c.dim)];
  // The joined values: walk the joined shape and read whichever part holds each position.
  const std::int64_t total = shape_numel(c.joined), size = c.joined[std::size_t(c.dim)];
  std::int64_t inner = 1;
  for (std::size_t d = std::size_t(c.dim) + 1; d < c.joined.size(); ++d) inner *= c.joined[d];
  c.v.resize(std::size_t(total));
  for (std::int64_t f = 0; f < total; ++f) {
    const std::int64_t j = (f / inner) % size, outer = f / (inner * size), in = f % inner;
    std::int64_t at = j;
    for (const Tensor* p : parts) {
      const std::int64_t ps = p->shape()[std::size_t(c.dim)];
      if (at < ps) {
        c.v[std::size_t(f)] = round_to_dtype(p->get((outer * ps + at) * inner + in).as_double(), c.dtype);
        break;
      }
      at -= ps;
    }
  }
  c.rounds = n <= 0 ? 0 : std::min(n, size);  // each round is one shorter, down to empty
  c.out = c.joined;
  c.out[std::size_t(c.dim)] = size - c.rounds;
  return c;
}

// The joined element j of line (outer, in) as a source: which argument, which element.
Source diff_source(const Bound& b, const DiffCall& c, std::int64_t outer, std::int64_t in, std::int64_t j) {
  std::int64_t inner = 1;
  for (std::size_t d = std::size_t(c.dim) + 1; d < c.joined.size(); ++d) inner *= c.joined[d];
  const char* names[] = {"prepend", "input", "append"};
  const std::int64_t sizes[] = {c.before, c.len, c.joined[std::size_t(c.dim)] - c.before - c.len};
  for (int k = 0; k < 3; ++k) {
    if (j < sizes[k]) return source(b, names[k], (outer * sizes[k] + j) * inner + in);
    j -= sizes[k];
  }
  return source(b, "input", 0);
}

OpResult diff_run(const Bound& b) {
  const DiffCall c = prepare_diff(b);
  std::vector<double> cur = c.v;
  Shape shape = c.joined;
  std::int64_t inner = 1;
  for (std::size_t d = std::size_t(c.dim) + 1; d < shape.size(); ++d) inner *= shape[d];
  const bool is_bool = c.dtype == DType::Bool;
  for (std::int64_t r = 0; r < c.rounds; ++r) {
    const std::int64_t size = shape[std::size_t(c.dim)],
                       outer = shape_numel(shape) / std::max<std::int64_t>(size * inner, 1);
    std::vector<double> next;
    for (std::int64_t o = 0; o < outer; ++o)
      for (std::int64_t j = 0; j + 1 < size; ++j)
        for (std::int64_t i = 0; i < inner; ++i) {
          const double hi = cur[std::size_t((o * size + j + 1) * inner + i)],
                       lo = cur[std::size_t((o * size + j) * inner + i)];
          next.push_back(is_bool                ? double((hi != 0) != (lo != 0))
                         : is_floating(c.dtype) ? round_to_dtype(hi - lo, c.dtype)
                                                : hi - lo);
        }
    cur.swap(next);
    shape[std::size_t(c.dim)] = size - 1;
  }
  OpResult res;
  Tensor t = Tensor::empty(c.dtype, c.out);
  for (std::size_t i = 0; i < cur.size(); ++i)  // integers wrap as the dtype stores them
    t.set(std::int64_t(i), is_floating(c.dtype) ? Scalar::from_float(cur[i]) : Scalar::from_int(std::int64_t(cur[i])));
  res.tensors.push_back(t);
  return res;
}

// The line position of output element `flat`: (outer, position along dim, inner).
std::array<std::int64_t, 3> diff_line(const DiffCall& c, std::int64_t flat) {
  std::int64_t inner = 1;
  for (std::size_t d = std::size_t(c.dim) + 1; d < c.out.size(); ++d) inner *= c.out[d];
  const std::int64_t size = c.out[std::size_t(c.dim)];
  return {flat / (inner * size), (flat / inner) % size, flat % inner};
}

std::vector<Source> diff_explain(const Bound& b, const OpResult& r, int, std::int64_t flat) {
  const DiffCall& c = prepared_for(b, r, prepare_diff);
  const auto [outer, i, in] = diff_line(c, flat);
  std::vector<Source> src;
  for (std::int64_t k = 0; k <= c.rounds; ++k) src.push_back(diff_source(b, c, outer, in, i + k));
  return src;
}

// out[i] = Σ_k (−1)^(n−k)·C(n, k)·x[i + k], written from the highest neighbour down.
std::string diff_equation(const Bound& b, const OpResult& r, int position, std::int64_t flat,
                          const std::vector<Source>& src) {
  const DiffCall& c = prepared_for(b, r, prepare_diff);
  const std::string lhs = out_ref(r, position, flat), value = format_scalar(r.tensors[0].get(flat));
  if (c.rounds == 0) return lhs + " = " + source_ref(b, src[0]) + " = " + value;
  if (c.dtype == DType::Bool)
    return lhs + " = " +
           join_terms(
               src.size(), [&](std::size_t k) { return source_ref(b, src[src.size() - 1 - k]); }, " xor ") +
           " = " +
           join_terms(
               src.size(), [&](std::size_t k) { return source_value(b, src[src.size() - 1 - k]); }, " xor ") +
           " = " + value;
  const std::int64_t n = c.rounds;
  std::vector<std::int64_t> binom(std::size_t(n + 1), 1);
  for (std::int64_t k = 1; k <= n; ++k) binom[std::size_t(k)] = binom[std::size_t(k - 1)] * (n - k + 1) / k;
  auto term = [&](std::size_t t, bool numbers) {  // t = 0 is the highest neighbour
    const std::int64_t k = n - std::int64_t(t);
    const std::string coef = binom[std::size_t(k)] == 1 ? "" : std::to_string(binom[std::size_t(k)]) + "·";
    std::string v = numbers ? source_value(b, src[std::size_t(k)]) : source_ref(b, src[std::size_t(k)]);
    if (numbers && v[0] == '-') v = "(" + v + ")";
    const std::string sign = t == 0 ? "" : (n - k) % 2 ? "− " : "+ ";
    return sign + coef + v;
  };
  return lhs + " = " +
         join_terms(
             src.size(), [&](std::size_t t) { return term(t, false); }, " ") +
         " = " +
         join_terms(
             src.size(), [&](std::size_t t) { return term(t, true); }, " ") +
         " = " + value;
}

// --- histograms ------------------------------------------------------------------------------

// histc(input, bins, min, max): bin b of `bins` equal bins over [lo, hi] (the data's range when
// min == max) counts the elements that fall in it; the top edge belongs to the last bin. As
// PyTorch's linear-interpolation kernel: the edges are torch.linspace(lo, hi, bins + 1) in the
// input's dtype, and an element's bin is (x - first) / (last - first) * bins in that precision,
// truncated.
struct HistcCall {
  std::int64_t bins = 100;
  double lo = 0, hi = 0;
  bool auto_range = false;
  double lo_data = 0, hi_data = 0;  // the data's own range (the automatic range's edges)
  DType dtype = DType::Float32;
  std::vector<double> x;
  std::vector<std::int64_t> bin_of;  // -1: outside the range
};

std::string edge_text(double v) {  // as C++ streams print a double
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

// The bin of one element, or -1 when it lies outside the edges. A position that is not a number
// (a NaN element; every element when the range overflows the dtype, which makes the first and
// last edges NaN) becomes int64's smallest value on x86, which indexes bin 0 in PyTorch's kernel.
// bfloat16 computes in float and rounds after every operation (`round`).
template <typename F, typename Round>
std::int64_t histc_bin(F elt, const std::vector<F>& edges, Round round) {
  const std::int64_t bins = std::int64_t(edges.size()) - 1;
  const F first = edges.front(), last = edges.back();
  if (elt < first || elt > last) return -1;  // NaN passes both
  const F pos = round(round(round(elt - first) / round(last - first)) * round(F(bins)));
  if (!(pos >= F(0) && pos <= F(bins))) return pos > F(bins) ? -1 : 0;
  const std::int64_t k = std::int64_t(pos);
  return k == bins ? bins - 1 : k;
}

template <typename F>
std::vector<F> histc_edges(const HistcCall& c, DType d) {
  const Tensor t = linspace(Scalar::from_float(c.lo), Scalar::from_float(c.hi), c.bins + 1, d);
  std::vector<F> edges(std::size_t(c.bins + 1));
  for (std::int64_t i = 0; i <= c.bins; ++i) edges[std::size_t(i)] = F(t.get(i).as_double());
  return edges;
}

HistcCall prepare_histc(const Bound& b) {
  const Tensor& x = tensor_arg(b, "input");
  HistcCall c;
  c.dtype = x.dtype();
  if (x.dtype() == DType::Bool) fail("RuntimeError", "\"linspace_cpu\" not implemented for 'Bool'", "input");
  if (!is_floating(x.dtype()))
    fail("RuntimeError", std::string("\"histogram_cpu\" not implemented for '") + dtype_scalar_name(x.dtype()) + "'",
         "input");
  c.bins = int_arg(b, "bins", 100);
  if (c.bins <= 0)
    fail("RuntimeError", "torch.histogram(): bins must be > 0, but got " + std::to_string(c.bins) + " for dimension 0",
         "bins");
  // PyTorch allocates the bins + 1 edges first (at::empty's checks, bins + 1 wrapping in int64),
  // then the bins; past those, the bins are held to Whence's element limit.
  const std::int64_t edge_count = wrapping_add(c.bins, 1);
  if (edge_count < 0) fail("RuntimeError", "numel: integer multiplication overflow", "bins");
  check_empty_storage(Shape{edge_count}, dtype_size(x.dtype()), "bins");
  check_limits(Shape{c.bins});
  c.lo = double_arg(b, "min", 0);
  c.hi = double_arg(b, "max", 0);
  c.x = values_of(x);
  c.auto_range = c.lo == c.hi;
  if (c.auto_range && !c.x.empty()) {
    c.lo = *std::min_element(c.x.begin(), c.x.end(),
                             [](double a, double b2) { return std::isnan(b2) ? false : std::isnan(a) || a < b2; });
    c.hi = *std::max_element(c.x.begin(), c.x.end(),
                             [](double a, double b2) { return std::isnan(a) ? false : std::isnan(b2) || a < b2; });
    for (double v : c.x)
      if (std::isnan(v)) c.lo = c.hi = NAN;
    c.lo_data = c.lo, c.hi_data = c.hi;
  }
  if (c.lo > c.hi) fail("RuntimeError", "torch.histc: max must be larger than min", "max");
  if (!std::isfinite(c.lo) || !std::isfinite(c.hi))
    fail("RuntimeError", "torch.histc: range of [" + edge_text(c.lo) + ", " + edge_text(c.hi) + "] is not finite",
         "input");
  if (c.lo == c.hi) c.lo -= 1, c.hi += 1;
  // The edges are a linspace in the input's dtype, which refuses ends the dtype cannot hold.
  // float16 as float32: PyTorch 1.13 has no half kernel, and newer PyTorch computes in float32.
  const DType edge_dtype = c.dtype == DType::Float16 ? DType::Float32 : c.dtype;
  checked_scalar(Scalar::from_float(c.lo), edge_dtype, "min");
  checked_scalar(Scalar::from_float(c.hi), edge_dtype, "max");
  if (c.dtype == DType::Float64) {
    const std::vector<double> edges = histc_edges<double>(c, edge_dtype);
    for (double v : c.x) c.bin_of.push_back(histc_bin<double>(v, edges, [](double v2) { return v2; }));
  } else {
    const DType d = c.dtype;
    const auto round = [d](float v2) { return d == DType::BFloat16 ? float(round_to_dtype(v2, d)) : v2; };
    const std::vector<float> edges = histc_edges<float>(c, edge_dtype);
    for (double v : c.x) c.bin_of.push_back(histc_bin<float>(float(v), edges, round));
  }
  return c;
}

OpResult histc_run(const Bound& b) {
  const HistcCall c = prepare_histc(b);
  std::vector<double> counts(std::size_t(c.bins), 0.0);
  for (std::int64_t k : c.bin_of)
    if (k >= 0) counts[std::size_t(k)] += 1;
  OpResult r;
  r.tensors.push_back(tensor_of(c.dtype, {c.bins}, counts));
  return r;
}

// Bin b's value sources are its elements; with the data's own range the smallest and largest
// elements set every bin's edges, so they are compared for the bins they are not in.
std::vector<Source> histc_explain(const Bound& b, const OpResult& r, int, std::int64_t flat) {
  const HistcCall& c = prepared_for(b, r, prepare_histc);
  std::vector<Source> src;
  for (std::size_t i = 0; i < c.x.size(); ++i) {
    if (c.bin_of[i] == flat)
      src.push_back(source(b, "input", std::int64_t(i)));
    else if (c.auto_range && (c.x[i] == c.lo_data || c.x[i] == c.hi_data))
      src.push_back(source(b, "input", std::int64_t(i), Role::Compare));
  }
  return src;
}

std::string histc_equation(const Bound& b, const OpResult& r, int position, std::int64_t flat,
                           const std::vector<Source>& src) {
  const HistcCall& c = prepared_for(b, r, prepare_histc);
  const double w = (c.hi - c.lo) / double(c.bins);
  const double a = c.lo + w * double(flat), z = flat + 1 == c.bins ? c.hi : c.lo + w * double(flat + 1);
  std::vector<Source> in;
  for (const Source& s : src)
    if (s.role == Role::Value) in.push_back(s);
  const std::string range =
      "[" + format_float(a, c.dtype) + ", " + format_float(z, c.dtype) + (flat + 1 == c.bins ? "]" : ")");
  std::string list =
      in.empty()
          ? "none"
          : join_terms(
                in.size(), [&](std::size_t i) { return source_ref(b, in[i]) + " = " + source_value(b, in[i]); }, ", ");
  return out_ref(r, position, flat) + " = how many elements lie in " + range + " = " +
         format_scalar(r.tensors[0].get(flat)) + " (" + list + ")";
}

// bincount(input, weights, minlength): bin b counts the elements equal to b, or adds their
// weights. The input element is the index that chose the bin; its weight is the value.
OpResult bincount_run(const Bound& b) {
  const Tensor& x = tensor_arg(b, "input");
  if (!is_integral(x.dtype(), false))
    fail("RuntimeError", std::string("\"bincount_cpu\" not implemented for '") + dtype_scalar_name(x.dtype()) + "'",
         "input");
  const std::int64_t minlength = int_arg(b, "minlength", 0);
  if (minlength < 0) fail("RuntimeError", "minlength should be >= 0", "minlength");
  OpResult r;
  if (x.dim() == 1 && x.numel() == 0) {
    check_limits({minlength});
    r.tensors.push_back(Tensor::empty(DType::Int64, {minlength}));
    return r;
  }
  const std::vector<double> v = values_of(x);
  double top = -1;  // (as a double: an element near 2**63 has no int64 successor; PyTorch 1.13 segfaults there)
  for (double e : v) top = std::max(top, e);
  if (x.dim() != 1 || *std::min_element(v.begin(), v.end()) < 0)
    fail("RuntimeError", "bincount only supports 1-d non-negative integral inputs.", "input");
  const bool weighted = tensor_given(b, "weights");
  if (weighted && (tensor_arg(b, "weights").dim() != 1 || tensor_arg(b, "weights").numel() != x.numel()))
    fail("RuntimeError", "weights should be 1-d and have the same length as input", "weights");
  const DType dt = !weighted                                            ? DType::Int64
                   : tensor_arg(b, "weights").dtype() == DType::Float32 ? DType::Float32
                                                                        : DType::Float64;
  const std::int64_t bins = top >= 9.2e18 ? INT64_MAX : std::max(std::int64_t(top) + 1, minlength);
  check_limits({bins});  // (a huge element or minlength: the bins PyTorch would allocate)
  std::vector<double> out(std::size_t(bins), 0.0);
  const std::vector<double> w = weighted ? values_of(tensor_arg(b, "weights")) : std::vector<double>(v.size(), 1.0);
  for (std::size_t i = 0; i < v.size(); ++i) out[std::size_t(v[i])] += w[i];
  r.tensors.push_back(tensor_of(dt, {std::int64_t(out.size())}, out));
  return r;
}

std::vector<Source> bincount_explain(const Bound& b, const OpResult&, int, std::int64_t flat) {
  const Tensor& x = tensor_arg(b, "input");
  std::vector<Source> src;
  for (std::int64_t i = 0; i < x.numel(); ++i)
    if (x.get(i).i == flat) {
      src.push_back(source(b, "input", i, Role::Index));
      if (tensor_given(b, "weights")) src.push_back(source(b, "weights", i));
    }
  return src;
}

std::string bincount_equation(const Bound& b, const OpResult& r, int position, std::int64_t flat,
                              const std::vector<Source>& src) {
  const std::string lhs = out_ref(r, position, flat), value = format_scalar(r.tensors[0].get(flat));
  std::vector<Source> idx, w;
  for (const Source& s : src) (s.role == Role::Index ? idx : w).push_back(s);
  const std::string where = idx.empty() ? "no element"
                                        : join_terms(
                                              idx.size(), [&](std::size_t i) { return source_ref(b, idx[i]); }, ", ");
  if (!tensor_given(b, "weights"))
    return lhs + " = how many input elements equal " + std::to_string(flat) + " = " + value + " (" + where + ")";
  if (w.empty()) return lhs + " = 0 (no input element equals " + std::to_string(flat) + ")";
  return lhs + " = " +
         join_terms(
             w.size(), [&](std::size_t i) { return source_ref(b, w[i]); }, " + ") +
         " = " +
         join_terms(
             w.size(), [&](std::size_t i) { return source_value(b, w[i]); }, " + ") +
         " = " + value + ", where input equals " + std::to_string(flat) + " (" + where + ")";
}

// --- run, explain, equation ----------------------------------------------------------------

std::vector<double> slice_values(const StatisticPrepared& c, const std::vector<std::int64_t>& members) {
  std::vector<double> x;
  x.reserve(members.size());
  for (std::int64_t m : members) x.push_back(c.v[std::size_t(m)]);
  return x;
}

OpResult slice_run(const Bound& b) {
  const StatisticPrepared c = slice_spec(b).prepare(b);
  const std::size_t nq = std::max<std::size_t>(c.qs.size(), 1);
  std::vector<double> out(std::size_t(c.s.count) * nq);
  for (std::int64_t k = 0; k < c.s.count; ++k) {
    const std::vector<double> x = slice_values(c, c.s.members(k));
    for (std::size_t qi = 0; qi < nq; ++qi)
      out[qi * std::size_t(c.s.count) + std::size_t(k)] = c.qs.empty() ? norm_value(c, x) : pick(c, x, c.qs[qi]).value;
  }
  OpResult r;
  r.tensors.push_back(tensor_of(c.dtype, c.s.out, out));
  return r;
}

std::vector<Source> slice_explain(const Bound& b, const OpResult& r, int, std::int64_t flat) {
  const StatisticPrepared& c = prepared_for(b, r, slice_spec(b).prepare);
  const std::int64_t k = flat % std::max<std::int64_t>(c.s.count, 1);
  const std::vector<std::int64_t> members = c.s.members(k);
  std::vector<Source> src;
  if (slice_spec(b).two_operands) {  // dist: every element of both operands
    for (const char* name : {"input", "other"})
      for (std::int64_t i = 0; i < tensor_arg(b, name).numel(); ++i) src.push_back(source(b, name, i));
    return src;
  }
  if (c.qs.empty()) {
    for (std::int64_t m : members) src.push_back(source(b, "input", m));
    return src;
  }
  const QuantilePick p =
      pick(c, slice_values(c, members), c.qs[std::size_t(flat / std::max<std::int64_t>(c.s.count, 1))]);
  for (std::size_t i = 0; i < members.size(); ++i) {
    const std::int64_t pos = std::int64_t(i);
    const bool decided = pos == p.below || (pos == p.above && p.weight != 0);
    src.push_back(source(b, "input", members[i], decided ? Role::Value : Role::Compare));
  }
  return src;
}

// A norm's equation: the formula over the slice's terms, then the numbers.
std::string norm_equation(const Bound& b, const StatisticPrepared& c, const std::vector<Source>& src,
                          const std::string& lhs, const std::string& value) {
  const bool dist = slice_spec(b).two_operands;
  const std::size_t n = dist ? std::size_t(c.s.size) : src.size();
  auto ref = [&](std::size_t i) {
    if (!dist) return source_ref(b, src[i]);
    return "(input − other)" + coords(c.s.in, std::int64_t(i));
  };
  auto val = [&](std::size_t i) { return dist ? format_float(c.v[i], c.dtype) : source_value(b, src[i]); };
  const std::string pt = ord_text(c.p);
  if (c.kind == NormKind::Nuclear || c.kind == NormKind::Spectral) {
    const Slices& s = c.s;
    std::vector<double> x;  // this output's matrix, in slice order (the sources)
    for (const Source& e : src) x.push_back(c.v[std::size_t(e.flat)]);
    const std::vector<double> sv =
        singular_values(x, matrix_rows(c), s.size / std::max<std::int64_t>(matrix_rows(c), 1));
    std::string list = join_terms(
        sv.size(), [&](std::size_t i) { return format_float(sv[i], c.dtype); }, ", ");
    const std::string what = c.kind == NormKind::Nuclear ? "the sum of"
                             : c.p > 0                   ? "the largest of"
                                                         : "the smallest of";
    return lhs + " = " + what + " the singular values of its " + std::to_string(matrix_rows(c)) + "×" +
           std::to_string(s.size / std::max<std::int64_t>(matrix_rows(c), 1)) + " matrix (" + list + ") = " + value;
  }
  if (c.kind == NormKind::Induced) {
    const std::int64_t rows = matrix_rows(c), cols = c.s.size / std::max<std::int64_t>(rows, 1);
    const bool over_rows = std::fabs(c.p) == 1;  // ord ±1: column sums
    const std::int64_t lines = over_rows ? cols : rows, len = over_rows ? rows : cols;
    auto line = [&](std::int64_t l, bool numbers) {
      return join_terms(
          std::size_t(len),
          [&](std::size_t j) {
            const std::size_t i = std::size_t(over_rows ? std::int64_t(j) * cols + l : l * cols + std::int64_t(j));
            return "|" + (numbers ? val(i) : ref(i)) + "|";
          },
          " + ");
    };
    std::string refs, vals;
    refs = join_terms(
        std::size_t(lines), [&](std::size_t l) { return line(std::int64_t(l), false); }, ", ");
    vals = join_terms(
        std::size_t(lines), [&](std::size_t l) { return line(std::int64_t(l), true); }, ", ");
    const std::string f = c.p > 0 ? "max" : "min";
    return lhs + " = " + f + "(" + refs + ") = " + f + "(" + vals + ") = " + value;
  }
  if (n == 0) return lhs + " = 0 (no elements) = " + value;
  if (c.p == 0) return lhs + " = count of nonzero (" + join_terms(n, val, ", ") + ") = " + value;
  if (std::isinf(c.p)) {
    const std::string f = c.p > 0 ? "max" : "min";
    return lhs + " = " + f + "(" +
           join_terms(
               n, [&](std::size_t i) { return "|" + ref(i) + "|"; }, ", ") +
           ") = " + f + "(" +
           join_terms(
               n, [&](std::size_t i) { return "|" + val(i) + "|"; }, ", ") +
           ") = " + value;
  }
  if (c.p == 1)
    return lhs + " = " +
           join_terms(
               n, [&](std::size_t i) { return "|" + ref(i) + "|"; }, " + ") +
           " = " +
           join_terms(
               n, [&](std::size_t i) { return "|" + val(i) + "|"; }, " + ") +
           " = " + value;
  if (c.p == 2)
    return lhs + " = sqrt(" +
           join_terms(
               n, [&](std::size_t i) { return ref(i) + "²"; }, " + ") +
           ") = sqrt(" +
           join_terms(
               n,
               [&](std::size_t i) {
                 const std::string v = val(i);
                 return (v[0] == '-' ? "(" + v + ")" : v) + "²";
               },
               " + ") +
           ") = " + value;
  return lhs + " = (" +
         join_terms(
             n, [&](std::size_t i) { return "|" + ref(i) + "|^" + pt; }, " + ") +
         ")^(1/" + pt + ") = (" +
         join_terms(
             n, [&](std::size_t i) { return "|" + val(i) + "|^" + pt; }, " + ") +
         ")^(1/" + pt + ") = " + value;
}

std::string quantile_equation(const Bound& b, const StatisticPrepared& c, std::int64_t flat, const std::string& lhs,
                              const std::string& value) {
  const std::int64_t k = flat % std::max<std::int64_t>(c.s.count, 1);
  const double q = c.qs[std::size_t(flat / std::max<std::int64_t>(c.s.count, 1))];
  const std::vector<std::int64_t> members = c.s.members(k);
  const std::vector<double> x = slice_values(c, members);
  const QuantilePick p = pick(c, x, q);
  const Tensor& in = tensor_arg(b, "input");
  const std::string lo = "input" + coords(in.shape(), members[std::size_t(p.below)]),
                    hi = "input" + coords(in.shape(), members[std::size_t(p.above)]);
  const std::string lov = format_float(x[std::size_t(p.below)], c.dtype),
                    hiv = format_float(x[std::size_t(p.above)], c.dtype);
  const std::string head = lhs + " = the " + format_float(q, DType::Float64) + " quantile of " +
                           std::to_string(x.size()) + " values: sorted position " + format_float(p.rank, c.dtype);
  if (p.below == p.above || p.weight == 0) return head + " is " + lo + " = " + value;
  const std::string w = format_float(p.weight, c.dtype);
  return head + " lies between " + lo + " and " + hi + " = " + lov + " + " + w + "·(" + hiv + " − " +
         (lov[0] == '-' ? "(" + lov + ")" : lov) + ") = " + value;
}

std::string slice_equation(const Bound& b, const OpResult& r, int position, std::int64_t flat,
                           const std::vector<Source>& src) {
  const StatisticPrepared& c = prepared_for(b, r, slice_spec(b).prepare);
  const std::string lhs = out_ref(r, position, flat), value = format_scalar(r.tensors[std::size_t(position)].get(flat));
  return c.qs.empty() ? norm_equation(b, c, src, lhs, value) : quantile_equation(b, c, flat, lhs, value);
}

const OpDescriptor& slice_op(std::vector<const OpDescriptor*>& t, const char* names, const char* summary,
                             const char* example, std::vector<Param> params, SliceSpec spec) {
  static std::deque<SliceSpec> specs;
  specs.push_back(spec);
  OpDescriptor op = composite_op(names, "reduce", summary, example, std::move(params), slice_run, slice_explain,
                                 slice_equation, &specs.back());
  return add_op(t, std::move(op));
}

Param dim_p(Value dflt) { return Param{"dim", ParamType::IntList, false, true, std::move(dflt), false, true}; }

}  // namespace

void add_statistic_ops(std::vector<const OpDescriptor*>& t) {
  // torch.norm is Python: its first step is input.dim().
  const_cast<OpDescriptor&>(
      slice_op(
          t, "torch.norm torch.Tensor.norm",
          "The norm of the input over dim: 'fro' (square root of the sum of squares), 'nuc' (sum of singular values) "
          "or a p-norm.",
          "torch.norm(torch.tensor([[3.0, 4.0], [1.0, -1.0]]), dim=1)",
          {tensor_param("input"), Param{"p", ParamType::Number, false, true, Value(std::string("fro")), false, true},
           dim_p(Value(None{})), keepdim_param(), out_param(),
           Param{"dtype", ParamType::DType, false, true, Value(None{}), false, true}},
          {prepare_torch_norm}))
      .python_input_method = "dim";
  slice_op(t, "torch.dist torch.Tensor.dist",
           "The p-norm of the difference input − other (broadcast): the distance between two tensors.",
           "torch.dist(torch.tensor([1.0, 2.0, 3.0]), torch.tensor([1.0, 0.0, 7.0]))",
           {tensor_param("input"), tensor_param("other"), Param{"p", ParamType::Number, false, true, Value(2)}},
           {prepare_dist, true});
  slice_op(t, "torch.linalg.norm",
           "A vector norm over one dim, or a matrix norm over two (ord 'fro', 'nuc', ±1, ±2, ±inf).",
           "torch.linalg.norm(torch.tensor([[1.0, -2.0], [3.0, 4.0]]), ord=1)",
           {tensor_param("input"), Param{"ord", ParamType::Number, false, true, Value(None{}), false, true},
            dim_p(Value(None{})), keepdim_param(), dtype_param(), out_param()},
           {prepare_linalg_norm});
  slice_op(
      t, "torch.linalg.matrix_norm",
      "The norm of each matrix over the last two dims: 'fro', 'nuc', or the induced ±1, ±2, ±inf norms.",
      "torch.linalg.matrix_norm(torch.tensor([[1.0, -2.0], [3.0, 4.0]]), ord=float('inf'))",
      {tensor_param("input"), Param{"ord", ParamType::Number, false, true, Value(std::string("fro"))},
       Param{"dim", ParamType::IntList, false, true, Value(List{Value(std::int64_t(-2)), Value(std::int64_t(-1))})},
       keepdim_param(), dtype_param(), out_param()},
      {prepare_matrix_norm});
  const std::vector<Param> quantile_params = {
      tensor_param("input"),
      Param{"q", ParamType::Number},
      Param{"dim", ParamType::Int, false, true, Value(None{}), false, true},
      keepdim_param(),
      Param{"interpolation", ParamType::String, true, true, Value(std::string("linear"))},
      out_param()};
  add_op(t, composite_op("torch.diff torch.Tensor.diff", "reduce",
                         "Differences of neighbours along dim: out[i] = x[i + 1] − x[i], n times, with optional values "
                         "joined before and after.",
                         "torch.diff(torch.tensor([[1, 4, 9, 16], [2, 2, 5, 1]]), dim=1)",
                         {tensor_param("input"), Param{"n", ParamType::Int, false, true, Value(1)},
                          Param{"dim", ParamType::Int, false, true, Value(-1)},
                          Param{"prepend", ParamType::Tensor, false, true, Value(None{}), false, true},
                          Param{"append", ParamType::Tensor, false, true, Value(None{}), false, true}},
                         diff_run, diff_explain, diff_equation));
  add_op(t, composite_op("torch.histc torch.Tensor.histc", "reduce",
                         "A histogram: how many elements fall in each of `bins` equal bins between min and max (the "
                         "data's range by default).",
                         "torch.histc(torch.tensor([1.0, 2.0, 1.0, 4.0, 2.5, 3.0]), bins=3, min=1, max=4)",
                         {tensor_param("input"), Param{"bins", ParamType::Int, false, true, Value(100)},
                          Param{"min", ParamType::Number, false, true, Value(0)},
                          Param{"max", ParamType::Number, false, true, Value(0)}, out_param()},
                         histc_run, histc_explain, histc_equation));
  add_op(t,
         composite_op(
             "torch.bincount torch.Tensor.bincount", "reduce",
             "Counts how often each non-negative integer occurs (or adds up their weights): out[b] is the count of b.",
             "torch.bincount(torch.tensor([0, 1, 1, 3, 1, 0]))",
             {tensor_param("input"), Param{"weights", ParamType::Tensor, false, true, Value(None{}), false, true},
              Param{"minlength", ParamType::Int, false, true, Value(0)}},
             bincount_run, bincount_explain, bincount_equation));
  slice_op(t, "torch.quantile torch.Tensor.quantile",
           "The q-th quantile of each slice along dim: the value below which a fraction q of the sorted slice lies, "
           "interpolated.",
           "torch.quantile(torch.tensor([[1.0, 4.0, 2.0, 3.0], [5.0, 0.0, 10.0, 5.0]]), 0.25, dim=1)", quantile_params,
           {prepare_quantile});
  slice_op(t, "torch.nanquantile torch.Tensor.nanquantile",
           "quantile that ignores NaN: the q-th quantile of the non-NaN elements of each slice.",
           "torch.nanquantile(torch.tensor([[1.0, float('nan'), 2.0, 3.0], [5.0, 0.0, 10.0, 5.0]]), 0.5, dim=1)",
           quantile_params, {prepare_quantile});
}

}  // namespace whence
