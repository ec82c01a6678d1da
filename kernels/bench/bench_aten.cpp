// bench_aten.cpp - ATen's view of Whence's tensors and the comparison of results
// (bench_aten.hpp).
#include "kernels/bench/bench_aten.hpp"

#include <sstream>

#include <ATen/ATen.h>

namespace whence::bench {

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

std::string agree(const std::vector<Tensor>& got, const std::vector<at::Tensor>& want, double rtol, double atol) {
  if (got.size() != want.size())
    return std::to_string(got.size()) + " results, PyTorch has " + std::to_string(want.size());
  for (std::size_t k = 0; k < got.size(); ++k) {
    const at::Tensor g = aten(got[k]);
    const at::Tensor& w = want[k];
    const std::string which = got.size() > 1 ? "result " + std::to_string(k) + ": " : "";
    if (g.sizes() != w.sizes()) return which + "shape " + shape_text(g.sizes()) + ", PyTorch " + shape_text(w.sizes());
    if (g.scalar_type() != w.scalar_type())
      return which + "dtype " + std::string(c10::toString(g.scalar_type())) + ", PyTorch " +
             c10::toString(w.scalar_type());
    if (g.numel() == 0) continue;
    const at::Tensor gd = g.to(at::kDouble), wd = w.to(at::kDouble);
    const bool exact = !at::isFloatingType(w.scalar_type());
    const at::Tensor bad =
        exact ? gd.ne(wd) : (gd - wd).abs().gt(wd.abs() * rtol + atol).logical_or(gd.isnan().ne(wd.isnan()));
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
  if (idx.sizes() != want[1].sizes() || idx.scalar_type() != want[1].scalar_type())
    return "indices: shape or dtype differ";
  if (idx.dim() < input.dim()) {  // a reduction's result (max): the dim was dropped
    idx = idx.unsqueeze(dim);
    values = values.unsqueeze(dim);
  }
  if (!aten(input).gather(dim, idx).equal(values)) return "indices: input.gather(dim, indices) is not values";
  return "";
}

}  // namespace whence::bench
