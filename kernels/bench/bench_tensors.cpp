// bench_tensors.cpp - inputs, the ATen view of them, binding through the registry, and the
// comparison of results (bench_tensors.hpp).
#include "kernels/bench/bench_tensors.hpp"

#include <cmath>
#include <numeric>
#include <random>
#include <sstream>

#include <ATen/ATen.h>

#include "core/api.hpp"
#include "core/bind.hpp"
#include "core/shape.hpp"

namespace whence::bench {

std::int64_t side(std::int64_t numel) {
  const auto s = std::int64_t(std::llround(std::sqrt(double(numel))));
  return s;
}

Tensor random_floats(const Shape& shape, float lo, float hi, unsigned seed) {
  Tensor t = Tensor::empty(DType::Float32, shape);
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> dist(lo, hi);
  float* p = t.data<float>();
  for (std::int64_t i = 0; i < t.numel(); ++i) p[i] = dist(gen);
  return t;
}

Tensor random_indices(const Shape& shape, std::int64_t bound, unsigned seed) {
  Tensor t = Tensor::empty(DType::Int64, shape);
  std::mt19937_64 gen(seed);
  std::uniform_int_distribution<std::int64_t> dist(0, bound - 1);
  std::int64_t* p = t.data<std::int64_t>();
  for (std::int64_t i = 0; i < t.numel(); ++i) p[i] = dist(gen);
  return t;
}

Tensor permutation(std::int64_t n, unsigned seed) {
  Tensor t = Tensor::empty(DType::Int64, {n});
  std::int64_t* p = t.data<std::int64_t>();
  std::iota(p, p + n, std::int64_t(0));
  std::shuffle(p, p + n, std::mt19937_64(seed));
  return t;
}

Tensor random_mask(const Shape& shape, unsigned seed) {
  Tensor t = Tensor::empty(DType::Bool, shape);
  std::mt19937 gen(seed);
  bool* p = t.data<bool>();
  for (std::int64_t i = 0; i < t.numel(); ++i) p[i] = (gen() & 1u) != 0;
  return t;
}

namespace {

at::ScalarType scalar_type(DType d) {
  switch (d) {
    case DType::Bool: return at::kBool;
    case DType::UInt8: return at::kByte;
    case DType::Int8: return at::kChar;
    case DType::Int16: return at::kShort;
    case DType::Int32: return at::kInt;
    case DType::Int64: return at::kLong;
    case DType::Float16: return at::kHalf;
    case DType::BFloat16: return at::kBFloat16;
    case DType::Float32: return at::kFloat;
    case DType::Float64: break;
  }
  return at::kDouble;
}

// Replaces each tensor inside `v` (lists too) by the next of `tensors`.
void substitute(Value& v, const std::vector<Tensor>& tensors, std::size_t& next) {
  if (v.is<Tensor>()) {
    if (next >= tensors.size()) throw std::logic_error("bench: the call text has more tensors than the case gives");
    v = Value(tensors[next++]);
  } else if (v.is<List>()) {
    for (Value& item : v.as<List>()) substitute(item, tensors, next);
  }
}

std::string shape_text(at::IntArrayRef sizes) {
  std::ostringstream s;
  s << "[";
  for (std::size_t i = 0; i < sizes.size(); ++i) s << (i ? ", " : "") << sizes[i];
  s << "]";
  return s.str();
}

}  // namespace

at::Tensor aten(const Tensor& t) {
  std::vector<std::int64_t> sizes(t.shape().begin(), t.shape().end());
  std::vector<std::int64_t> strides(t.strides().begin(), t.strides().end());
  return at::from_blob(t.data_ptr(), sizes, strides, at::TensorOptions().dtype(scalar_type(t.dtype())));
}

BoundOp bind_op(const std::string& code, const std::vector<Tensor>& tensors) {
  Call call = parse_call(code);
  std::size_t next = 0;
  for (Value& a : call.args) substitute(a, tensors, next);
  for (auto& kw : call.kwargs) substitute(kw.second, tensors, next);
  if (next != tensors.size()) throw std::logic_error("bench: the call text has fewer tensors than the case gives");
  BoundOp b;
  b.op = find_op(call.op);
  if (!b.op) throw std::logic_error("bench: no op " + call.op);
  b.bound = bind(*b.op, call);
  return b;
}

std::string agree(const std::vector<Tensor>& got, const std::vector<at::Tensor>& want, double rtol, double atol) {
  if (got.size() != want.size())
    return std::to_string(got.size()) + " results, PyTorch has " + std::to_string(want.size());
  for (std::size_t k = 0; k < got.size(); ++k) {
    const at::Tensor g = aten(got[k]);
    const at::Tensor& w = want[k];
    const std::string which = got.size() > 1 ? "result " + std::to_string(k) + ": " : "";
    if (g.sizes() != w.sizes()) return which + "shape " + shape_text(g.sizes()) + ", PyTorch " + shape_text(w.sizes());
    if (g.scalar_type() != w.scalar_type())
      return which + "dtype " + std::string(c10::toString(g.scalar_type())) + ", PyTorch " + c10::toString(w.scalar_type());
    if (g.numel() == 0) continue;
    const at::Tensor gd = g.to(at::kDouble), wd = w.to(at::kDouble);
    const bool exact = !at::isFloatingType(w.scalar_type());
    const at::Tensor bad = exact ? gd.ne(wd) : (gd - wd).abs().gt(wd.abs() * rtol + atol).logical_or(gd.isnan().ne(wd.isnan()));
    const std::int64_t n_bad = bad.sum().item<std::int64_t>();
    if (n_bad == 0) continue;
    const std::int64_t first = bad.flatten().nonzero().index({0, 0}).item<std::int64_t>();
    std::ostringstream s;
    s.precision(9);
    s << which << n_bad << " of " << g.numel() << " elements differ; first at flat " << first << ": "
      << gd.flatten()[first].item<double>() << ", PyTorch " << wd.flatten()[first].item<double>();
    return s.str();
  }
  return "";
}

std::string agree_values_indices(const Tensor& input, std::int64_t dim, const std::vector<Tensor>& got,
                                 const std::vector<at::Tensor>& want) {
  if (got.size() != 2 || want.size() != 2) return "expected (values, indices) on both sides";
  if (std::string e = agree({got[0]}, {want[0]}, 0, 0); !e.empty()) return "values: " + e;
  at::Tensor idx = aten(got[1]), values = aten(got[0]);
  if (idx.sizes() != want[1].sizes() || idx.scalar_type() != want[1].scalar_type()) return "indices: shape or dtype differ";
  if (idx.dim() < input.dim()) {  // a reduction's result (max): the dim was dropped
    idx = idx.unsqueeze(dim);
    values = values.unsqueeze(dim);
  }
  if (!aten(input).gather(dim, idx).equal(values)) return "indices: input.gather(dim, indices) is not values";
  return "";
}

}  // namespace whence::bench
