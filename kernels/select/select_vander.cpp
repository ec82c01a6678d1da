// select_vander.cpp - torch.vander(x, N=None, increasing=False) and torch.linalg.vander(x, *, N=None)
// (select family, computed their own way and explained from their outputs): row i holds the
// powers of x[i], x^(N-1) down to x^0 (increasing: up), as PyTorch 1.13 computes them, a
// cumulative product along the row in cumprod's accumulator (double for float32, float for
// float16/bfloat16, int64 wrapping for integers, whose result is int64), each power rounded
// once to the result's dtype. torch.vander of float16 has no kernel in 1.13 ("cumprod_out_cpu"
// not implemented for 'Half'): computed as newer PyTorch does, and the op page says so.
//
// Relations: a power k ≥ 1 has x[i] as its one source (value); the column of ones has none.
#include <cmath>

#include "core/error.hpp"
#include "core/number_format.hpp"
#include "core/shape.hpp"
#include "core/views.hpp"
#include "kernels/select/select_common.hpp"

namespace whence {

namespace {

bool is_linalg(const Bound& b) { return b.op->param_index("increasing") < 0; }

// The power of element `flat` of the result: its last coordinate, counted from the ones.
std::int64_t power_of(const Bound& b, const Tensor& out, std::int64_t flat) {
  const std::int64_t n = out.shape().back(), k = flat % n;
  return is_linalg(b) || bool_arg(b, "increasing", false) ? k : n - 1 - k;
}

// The result's row of powers of v, 1, v, v², ... (n of them), in dtype d as cumprod makes them.
void powers(DType d, const Scalar& v, std::int64_t n, Tensor& out, std::int64_t row, bool increasing) {
  auto put = [&](std::int64_t k, const Scalar& s) { out.set(row * n + (increasing ? k : n - 1 - k), s); };
  if (n > 0) put(0, is_floating(d) ? Scalar::from_float(1.0) : Scalar::from_int(1));
  if (is_floating(d)) {
    const bool narrow = d == DType::Float16 || d == DType::BFloat16;  // acc_type: float; float32's is double
    double acc = 1.0;
    for (std::int64_t k = 1; k < n; ++k) {
      acc = narrow ? double(float(acc) * float(v.f)) : acc * v.f;
      put(k, Scalar::from_float(acc));
    }
    return;
  }
  std::uint64_t acc = 1;  // int64 arithmetic, wrapping
  for (std::int64_t k = 1; k < n; ++k) {
    acc *= std::uint64_t(v.i);
    put(k, Scalar::from_int(std::int64_t(acc)));
  }
}

OpResult vander_run(const Bound& b) {
  const Tensor& x = tensor_arg(b, "x");
  const bool linalg = is_linalg(b);
  const Value& nv = arg(b, "N");
  const DType t = x.dtype();
  Tensor rows = x;
  if (linalg) {
    if (!(is_floating(t) && t != DType::Float16 && t != DType::BFloat16) && !is_integral(t, false))
      fail("RuntimeError",
           std::string("linalg.vander supports floating point, complex, and integer tensors, but got ") +
               dtype_scalar_name(t),
           "x");
    if (x.dim() == 0) rows = reshape(x, {1});
  } else if (x.dim() != 1) {
    fail("RuntimeError", "x must be a one-dimensional tensor.", "x");
  }
  const std::int64_t last = rows.shape().back();
  const std::int64_t n = nv.is<None>() ? last : nv.as<std::int64_t>();
  if (linalg && n <= 1) fail("RuntimeError", "N must be greater than 1.", "N");
  if (!linalg && n < 0) fail("RuntimeError", "N must be non-negative.", "N");
  const DType d = is_floating(t) ? t : DType::Int64;
  Shape shape = rows.shape();
  shape.push_back(n);
  check_limits(shape);
  Tensor out = Tensor::empty(d, shape);
  const bool increasing = linalg || bool_arg(b, "increasing", false);
  for (std::int64_t i = 0; i < rows.numel(); ++i) powers(d, rows.get(i), n, out, i, increasing);
  OpResult r;
  r.tensors.push_back(out);
  return r;
}

std::vector<Source> vander_explain(const Bound& b, const OpResult& r, int, std::int64_t flat) {
  std::vector<Source> src;
  const Tensor& out = r.tensors[0];
  if (power_of(b, out, flat) > 0) src.push_back(source(b, "x", flat / out.shape().back()));
  return src;
}

std::string vander_equation(const Bound& b, const OpResult& r, int position, std::int64_t flat,
                            const std::vector<Source>&) {
  const Tensor& out = r.tensors[0];
  const std::int64_t k = power_of(b, out, flat), i = flat / out.shape().back();
  const std::string lhs = out_ref(r, position, flat);
  if (k == 0) return lhs + " = " + out_value(r, position, flat) + "  (x^0: the column of ones)";
  const Tensor& x = tensor_arg(b, "x");
  const std::string ref = "x" + coords(x.shape(), x.dim() == 0 ? 0 : i);
  return lhs + " = " + ref + "^" + std::to_string(k) + " = " + format_scalar(x.get(x.dim() == 0 ? 0 : i)) + "^" +
         std::to_string(k) + " = " + out_value(r, position, flat);
}

}  // namespace

void add_select_vander(std::vector<const OpDescriptor*>& t) {
  add_op(t, composite_op("torch.vander", "select",
                         "The Vandermonde matrix of a vector: row i holds the powers of x[i], from x^(N-1) down to x^0 "
                         "(up with increasing=True).",
                         "torch.vander(torch.tensor([1, 2, 3]))",
                         {tensor_param("x"), Param{"N", ParamType::Int, false, true, Value(None{}), false, true},
                          Param{"increasing", ParamType::Bool, false, true, Value(false)}},
                         vander_run, vander_explain, vander_equation));
  add_op(t,
         composite_op("torch.linalg.vander", "select",
                      "The Vandermonde matrix of the last dim, batched: row i holds x[i]^0, x[i]^1, ..., x[i]^(N-1).",
                      "torch.linalg.vander(torch.tensor([1, 2, 3]))",
                      {tensor_param("x"), Param{"N", ParamType::Int, true, true, Value(None{}), false, true}},
                      vander_run, vander_explain, vander_equation));
}

}  // namespace whence
