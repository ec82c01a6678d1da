// resample_gradients_weights.cpp - the tap weights of the sampling ops (resample_gradients_weights.hpp):
// resample_sample.cpp's make_axis and affine_grid_prepare restated per element (their state lives
// in that file alone), on the coordinate arithmetic both share (resample_coordinates.hpp).
#include "kernels/resample/resample_gradients_weights.hpp"

#include <cmath>
#include <optional>

#include "core/factories.hpp"
#include "core/number_format.hpp"
#include "core/shape.hpp"
#include "kernels/common/composite.hpp"
#include "kernels/resample/resample_coordinates.hpp"

namespace whence {

namespace {

using I64 = std::int64_t;
using resample_coordinates::cubic_weights;
using resample_coordinates::GridAxis;
using resample_coordinates::pixel_scale;
using resample_coordinates::Real;

double number_value(const Value& v) {
  return v.is<double>() ? v.as<double>() : v.is<bool>() ? double(v.as<bool>()) : double(v.as<I64>());
}

// The (input coordinate, weight) taps of output coordinate o along one dim.
TapWeights axis_taps(bool cubic, I64 in, I64 out, bool align, std::optional<double> scale, const Real& R, I64 o) {
  if (!cubic && out == in) return {{o, 1.0}};
  const double s = pixel_scale(R, in, out, align, scale);
  double r = align ? s * double(o) : std::fma(s, double(o) + 0.5, -0.5);
  if (!cubic) {
    if (r < 0) r = 0;
    const I64 i0 = I64(r);
    const double w1 = R(std::min(std::max(r - double(i0), 0.0), 1.0));
    return {{i0, R(1 - w1)}, {i0 + (i0 < in - 1 ? 1 : 0), w1}};
  }
  const I64 i = I64(std::floor(r));
  double w[4];
  cubic_weights(R, R(r - double(i)), w);
  TapWeights t;
  for (int j = 0; j < 4; ++j) t.push_back({std::min(std::max<I64>(i - 1 + j, 0), in - 1), w[j]});
  return t;
}

// The products over the dims of per-dim taps (dim 0 outermost), as flat offsets in `strides`.
TapWeights product_taps(const std::vector<TapWeights>& axes, const Shape& strides, bool round_each, const Real& R) {
  TapWeights out{{0, 1.0}};
  for (std::size_t d = 0; d < axes.size(); ++d) {
    TapWeights next;
    for (const auto& [at, w] : out)
      for (const auto& [i, wi] : axes[d]) next.push_back({at + i * strides[d], round_each ? R(w * wi) : w * wi});
    out = std::move(next);
  }
  return out;
}

}  // namespace

TapWeights interpolate_weights(const Bound& b, const OpResult& r, I64 flat) {
  const Tensor& x = tensor_arg(b, "input");
  const std::string& name = b.op->names.front();
  std::string mode = "bilinear";
  bool align = true;
  if (name != "torch.nn.functional.upsample_bilinear") {
    mode = string_arg(b, "mode", "nearest");
    const Value& c = arg(b, "align_corners");
    align = !c.is<None>() && number_value(c) != 0;
  }
  const Value &scale = arg(b, "scale_factor"), &recompute = arg(b, "recompute_scale_factor");
  const bool factors = !scale.is<None>() && (recompute.is<None>() || number_value(recompute) == 0);
  const int dims = x.dim() - 2;
  const Shape in(x.shape().begin() + 2, x.shape().end()),
      out(r.tensors[0].shape().begin() + 2, r.tensors[0].shape().end());
  const Real R{x.dtype() != DType::Float64};
  const I64 out_inner = shape_numel(out);
  I64 rest = flat % out_inner;
  std::vector<I64> o(std::size_t(dims), 0);
  for (int d = dims - 1; d >= 0; --d) {
    o[std::size_t(d)] = rest % out[std::size_t(d)];
    rest /= out[std::size_t(d)];
  }
  // PyTorch 1.13's bicubic backward copies the gradient when the sizes are equal, though its
  // forward samples (a scale_factor other than 1 that keeps the size): the element itself
  if (mode == "bicubic" && in == out) return {{flat, 1.0}};
  std::vector<TapWeights> axes;
  for (int d = 0; d < dims; ++d) {
    std::optional<double> f;
    if (factors) f = number_value(scale.is<List>() ? scale.as<List>()[std::size_t(d)] : scale);
    axes.push_back(
        axis_taps(mode == "bicubic", in[std::size_t(d)], out[std::size_t(d)], align, f, R, o[std::size_t(d)]));
  }
  TapWeights taps = product_taps(axes, contiguous_strides(in), false, R);
  const I64 base = flat / out_inner * shape_numel(in);
  for (auto& t : taps) t.first += base;
  return taps;
}

namespace {

// d/dt of cubic_weights' (PyTorch's get_cubic_coefficients_grad, sign for t).
void cubic_slopes(double t, double* dw) {
  const double A = -0.75;
  auto c1 = [&](double x) { return (3 * (A + 2) * x - 2 * (A + 3)) * x; };  // c1'(x)
  auto c2 = [&](double x) { return (3 * A * x - 10 * A) * x + 8 * A; };     // c2'(x)
  dw[0] = c2(t + 1);
  dw[1] = c1(t);
  dw[2] = -c1(1 - t);
  dw[3] = -c2(2 - t);
}

// One grid coordinate's taps along its input dim.
struct GridCoordinateTaps {
  std::vector<I64> at;        // input index along the dim, -1 outside (zeros padding)
  std::vector<double> w, dw;  // the tap's weight, and its derivative with respect to the grid value
};

// One grid coordinate's taps along its input dim: index (-1 outside), weight, and the
// weight's derivative with respect to the grid value (GridSampler.h's *_set_grad chain:
// unnormalize's scale, then clipping's 0 or 1 and reflection's ±1; bicubic pads its taps'
// indices, not the coordinate). False: a coordinate that is not finite (the value is NaN).
bool grid_coordinate_taps(const Bound& b, const OpResult& r, I64 flat, int k, GridCoordinateTaps& out) {
  const Tensor &x = tensor_arg(b, "input"), &grid = tensor_arg(b, "grid");
  const int dims = x.dim() - 2;
  const bool cubic = string_arg(b, "mode", "bilinear") == "bicubic";
  const std::string padding = string_arg(b, "padding_mode", "zeros");
  const int pad = padding == "zeros" ? 0 : padding == "border" ? 1 : 2;
  const Value& corners = arg(b, "align_corners");
  const bool align = corners.is<bool>() && corners.as<bool>();
  const Real R{x.dtype() == DType::Float32};
  const I64 C = x.shape()[1], out_inner = shape_numel(r.tensors[0].shape()) / std::max<I64>(1, x.shape()[0] * C);
  const I64 loc = flat % out_inner, n = flat / (out_inner * C);
  const GridAxis a{x.shape()[std::size_t(x.dim() - 1 - k)], align, pad, R};
  const double g = grid.get((n * out_inner + loc) * dims + k).as_double();
  double mult = align ? double(a.size - 1) / 2 : double(a.size) / 2;
  out = GridCoordinateTaps{};
  if (!cubic) {
    double s = a.unnormalize(g);
    if (pad == 2) {  // reflect_coordinates_set_grad
      const double lo2 = align ? 0 : -1, hi2 = align ? double(2 * (a.size - 1)) : double(2 * a.size - 1);
      if (lo2 == hi2) {
        mult = 0;
      } else {
        const double in = s - lo2 / 2, span = (hi2 - lo2) / 2;
        const double sign = in < 0 ? -1 : 1;
        mult *= std::fmod(std::floor(std::fabs(in) / span), 2) == 0 ? sign : -sign;
      }
      s = a.reflect(s);
    }
    if (pad != 0) {  // clip_coordinates_set_grad: 0 on and past the borders
      if (!(s > 0 && s < double(a.size - 1))) mult = 0;
      s = a.clip(s);
    }
    if (!std::isfinite(s)) return false;
    const double f = std::floor(s), w = R(s - f);
    const I64 i = f >= -1 && f < double(a.size) ? I64(f) : -2;
    out.at = {i >= 0 && i < a.size ? i : -1, i + 1 >= 0 && i + 1 < a.size ? i + 1 : -1};
    out.w = {R(1 - w), w};
    out.dw = {-mult, mult};
    return true;
  }
  const double s = a.unnormalize(g), f = std::floor(s);
  if (!std::isfinite(s)) return false;
  out.w.resize(4);
  out.dw.resize(4);
  cubic_weights(R, R(s - f), out.w.data());
  cubic_slopes(s - f, out.dw.data());
  for (int j = 0; j < 4; ++j) {
    out.at.push_back(a.bounded(f - 1 + j));
    out.dw[std::size_t(j)] *= mult;
  }
  return true;
}

// The sampled plane's first element for output element `flat`, and its dims' strides.
I64 grid_plane(const Bound& b, const OpResult& r, I64 flat, Shape& strides) {
  const Tensor& x = tensor_arg(b, "input");
  const Shape in(x.shape().begin() + 2, x.shape().end());
  strides = contiguous_strides(in);
  const I64 C = x.shape()[1], out_inner = shape_numel(r.tensors[0].shape()) / std::max<I64>(1, x.shape()[0] * C);
  return flat / out_inner * shape_numel(in);  // ((n·C + c) planes)
}

}  // namespace

TapWeights grid_sample_weights(const Bound& b, const OpResult& r, I64 flat) {
  const int dims = tensor_arg(b, "input").dim() - 2;
  const Real R{tensor_arg(b, "input").dtype() == DType::Float32};
  // coordinate k (0 = x) reads input dim dims - 1 - k; the taps are built outermost dim first
  std::vector<TapWeights> axes(static_cast<std::size_t>(dims));
  for (int k = 0; k < dims; ++k) {
    GridCoordinateTaps c;
    if (!grid_coordinate_taps(b, r, flat, k, c)) return {};
    for (std::size_t j = 0; j < c.at.size(); ++j)
      if (c.at[j] >= 0) axes[std::size_t(dims - 1 - k)].push_back({c.at[j], c.w[j]});
  }
  Shape strides;
  const I64 base = grid_plane(b, r, flat, strides);
  // (rounded after each factor, as the value's weight; its order is x first: within rounding)
  TapWeights taps = product_taps(axes, strides, true, R);
  for (auto& t : taps) t.first += base;
  return taps;
}

double grid_sample_slope(const Bound& b, const OpResult& r, I64 flat, int k) {
  const Tensor& x = tensor_arg(b, "input");
  const int dims = x.dim() - 2;
  std::vector<GridCoordinateTaps> axes(static_cast<std::size_t>(dims));
  for (int c = 0; c < dims; ++c)
    if (!grid_coordinate_taps(b, r, flat, c, axes[std::size_t(c)])) return std::nan("");
  Shape strides;
  const I64 base = grid_plane(b, r, flat, strides);
  // Σ over the taps inside of input · (coordinate k's weight slope) · (the other weights)
  double sum = 0;
  std::vector<std::size_t> j(static_cast<std::size_t>(dims), 0);
  for (;;) {
    I64 at = base;
    double term = 1;
    bool inside = true;
    for (int c = 0; c < dims; ++c) {
      const GridCoordinateTaps& a = axes[std::size_t(c)];
      const I64 i = a.at[j[std::size_t(c)]];
      inside = inside && i >= 0;
      at += i * strides[std::size_t(dims - 1 - c)];
      term *= c == k ? a.dw[j[std::size_t(c)]] : a.w[j[std::size_t(c)]];
    }
    if (inside) sum += term * x.get(at).as_double();
    int c = 0;
    while (c < dims && ++j[std::size_t(c)] == axes[std::size_t(c)].at.size()) j[std::size_t(c++)] = 0;
    if (c == dims) break;
  }
  return sum;
}

TapWeights affine_grid_weights(const Bound& b, const OpResult& r, I64 flat) {
  const Tensor& theta = tensor_arg(b, "theta");
  const Value& corners = arg(b, "align_corners");
  const bool align = corners.is<bool>() ? corners.as<bool>() : !corners.is<None>() && number_value(corners) != 0;
  const Shape& shape = r.tensors[0].shape();  // (N, [D,] H, W, rows)
  const I64 rows = shape.back();
  const DType d = theta.dtype() == DType::Float64 ? DType::Float64 : DType::Float32;
  const Shape strides = contiguous_strides(shape);
  const I64 i = flat % rows, nn = flat / strides[0];
  TapWeights taps;
  for (I64 k = 0; k <= rows; ++k) {
    double w = 1;  // the homogeneous coordinate
    if (k < rows) {
      const std::size_t dim = std::size_t(rows - k);
      const I64 steps = shape[dim], at = flat / strides[dim] % steps;
      w = 0;
      if (steps > 1) {
        w = linspace(Scalar::from_float(-1), Scalar::from_float(1), steps, d).get(at).as_double();
        if (!align) w = round_to_dtype(round_to_dtype(w * double(steps - 1), d) / double(steps), d);
      }
    }
    taps.push_back({(nn * rows + i) * (rows + 1) + k, w});
  }
  return taps;
}

}  // namespace whence
