// resample_sample.cpp - the sampling half of the resample family (kernels/resample/resample_family.hpp):
// interpolate (and the deprecated upsample names), grid_sample, affine_grid.
//
// One engine: an op describes each output element by its taps, (input element, weight) pairs
// (1 for nearest, 2 per dim for linear, 4 per dim for cubic, the window for area, 4 or 16 per
// location for grid_sample), computed by one function for run and explain. The value is the
// weighted sum (area: the window's sum divided by its size along each dim, as adaptive average
// pooling does). Zero-weight taps are no sources: the output does not depend on them.
// Coordinates are computed as PyTorch 1.13 computes them (in float for float32, float16 and
// bfloat16 inputs, in double for float64), so the same taps are picked; sums are computed in
// double and rounded once (float16/bfloat16 as newer PyTorch does: in float, rounded once).
// interpolate's bilinear float32 has a compute kernel of its own (weights and indices per
// output row and column computed once, the inner loop over contiguous columns).
#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <optional>

#include "core/call_format.hpp"
#include "core/error.hpp"
#include "core/factories.hpp"
#include "core/number_format.hpp"
#include "core/shape.hpp"
#include "core/views.hpp"
#include "kernels/common/composite.hpp"
#include "kernels/common/fast_paths.hpp"
#include "kernels/resample/resample_coordinates.hpp"
#include "kernels/resample/resample_family.hpp"

namespace whence {

namespace {

using Ints = std::vector<std::int64_t>;
using resample_coordinates::cubic_weights;
using resample_coordinates::GridAxis;
using resample_coordinates::pixel_scale;
using resample_coordinates::Real;

enum class Mode { Nearest, NearestExact, Linear, Cubic, Area };

struct Tap {
  std::int64_t at;  // row-major element of the sampled tensor
  double w;
};

// One spatial dim of a separable resampling: for each output coordinate, k taps (input
// coordinate, weight); area windows shorter than k are padded with coordinate -1.
struct Axis {
  std::int64_t in = 0, out = 0;
  int k = 1;
  Ints idx;
  std::vector<double> w;
  Ints count;  // area: the window's size per output coordinate
};

// The taps of one dim (upsample_*'s compute_indices_weights, adaptive_avg_pool's windows).
// `channels_last`: PyTorch's channels-last nearest kernel (nearest_idx) copies when the sizes
// are equal and halves the index when the output is twice the input.
Axis make_axis(Mode m, std::int64_t in, std::int64_t out, bool align, std::optional<double> scale, const Real& R,
               bool channels_last) {
  Axis a;
  a.in = in;
  a.out = out;
  const Real F{true};
  if (m == Mode::Area) {
    for (std::int64_t o = 0; o < out; ++o)
      a.k = std::max<int>(a.k, int((((o + 1) * in + out - 1) / out) - (o * in) / out));
  } else {
    a.k = m == Mode::Linear ? 2 : m == Mode::Cubic ? 4 : 1;
  }
  a.idx.assign(std::size_t(out * a.k), -1);
  a.w.assign(std::size_t(out * a.k), 0.0);
  for (std::int64_t o = 0; o < out; ++o) {
    std::int64_t* idx = &a.idx[std::size_t(o * a.k)];
    double* w = &a.w[std::size_t(o * a.k)];
    if (m == Mode::Nearest || m == Mode::NearestExact) {
      const double s = pixel_scale(F, in, out, false, scale);
      std::int64_t i = 0;
      if (m == Mode::Nearest && channels_last && out == in)
        i = o;
      else if (m == Mode::Nearest && channels_last && out == 2 * in)
        i = o >> 1;
      else
        i = std::int64_t(std::floor(m == Mode::Nearest ? F(double(o) * s) : F(F(double(o) + 0.5) * s)));
      idx[0] = std::min(i, in - 1);
      w[0] = 1;
    } else if (m == Mode::Linear) {
      if (out == in) {
        idx[0] = idx[1] = o;
        w[0] = 1;
        continue;
      }
      // The scale in the input's float type, the coordinate in double (CPU's accumulate type, one
      // fused multiply-add as the compiled kernel computes it),
      // the weights rounded to the input's type.
      const double s = pixel_scale(R, in, out, align, scale);
      double r = align ? s * double(o) : std::fma(s, double(o) + 0.5, -0.5);
      if (r < 0) r = 0;
      const std::int64_t i0 = std::int64_t(r);
      idx[0] = i0;
      idx[1] = i0 + (i0 < in - 1 ? 1 : 0);
      w[1] = R(std::min(std::max(r - double(i0), 0.0), 1.0));
      w[0] = R(1 - w[1]);
    } else if (m == Mode::Cubic) {
      const double s = pixel_scale(R, in, out, align, scale);
      const double r = align ? s * double(o) : std::fma(s, double(o) + 0.5, -0.5);
      const std::int64_t i = std::int64_t(std::floor(r));
      cubic_weights(R, R(r - double(i)), w);
      for (int j = 0; j < 4; ++j) idx[j] = std::min(std::max<std::int64_t>(i - 1 + j, 0), in - 1);
    } else {
      const std::int64_t lo = (o * in) / out, hi = ((o + 1) * in + out - 1) / out;
      a.count.push_back(hi - lo);
      for (std::int64_t i = lo; i < hi; ++i) {
        idx[i - lo] = i;
        w[i - lo] = 1;
      }
    }
  }
  return a;
}

// What a sampling op prepared for one call.
struct Sampling {
  DType dtype = DType::Float32;
  Shape shape;  // the result's
  Mode mode = Mode::Linear;
  bool single = true;         // coordinates and float32 fast path: float arithmetic
  std::int64_t planes = 0;    // interpolate: N·C; grid_sample: N
  std::int64_t channels = 1;  // grid_sample: C
  Shape in_spatial, out_spatial;
  std::vector<Axis> axes;  // interpolate
  // grid_sample: per (n, output location) its taps over the input's spatial positions, and
  // the grid elements that chose them.
  std::vector<std::vector<Tap>> locations;
  const char* grid_param = nullptr;
  int grid_coords = 0;
  std::vector<std::uint8_t>
      grid_sources;                // grid_sample, per location: bit k set when coordinate k (0 = x) chose its taps
  std::int64_t plane_stride = -1;  // locations' taps: input elements per (n, c) plane; 0: absolute
};

std::int64_t numel_of(const Shape& s) { return shape_numel(s); }

// The taps of output element `flat` as (input flat, weight), duplicates merged and zero
// weights dropped; `divisors`: area's window sizes, outermost dim first. `for_value`: all
// nonzero taps (explain leaves out cubic's rounding noise).
void element_taps(const Sampling& S, std::int64_t flat, std::vector<Tap>& taps, Ints& divisors,
                  bool for_value = false) {
  taps.clear();
  divisors.clear();
  const std::int64_t out_inner = numel_of(S.out_spatial), in_inner = numel_of(S.in_spatial);
  if (!S.locations.empty()) {  // grid_sample: (n, c, location)
    const std::int64_t loc = flat % out_inner, c = (flat / out_inner) % S.channels, n = flat / (out_inner * S.channels);
    const std::int64_t plane = S.plane_stride < 0 ? in_inner : S.plane_stride;
    for (const Tap& t : S.locations[std::size_t(n * out_inner + loc)])
      if (for_value || (t.w != 0 && !std::isnan(t.w)))  // a NaN weight: NaN whatever the input says
        taps.push_back({(n * S.channels + c) * plane + t.at, t.w});
    if (!for_value && S.mode == Mode::Cubic)
      taps.erase(std::remove_if(taps.begin(), taps.end(), [](const Tap& t) { return std::fabs(t.w) <= 1e-6; }),
                 taps.end());
    return;
  }
  const std::int64_t plane = flat / out_inner;
  std::int64_t rest = flat % out_inner;
  const std::size_t dims = S.axes.size();
  Ints o(dims);
  for (std::size_t d = dims; d-- > 0;) {
    o[d] = rest % S.out_spatial[d];
    rest /= S.out_spatial[d];
  }
  // Odometer over each dim's k taps.
  std::vector<int> j(dims, 0);
  const Shape in_strides = contiguous_strides(S.in_spatial);
  for (;;) {
    std::int64_t at = plane * in_inner;
    double w = 1;
    bool valid = true;
    for (std::size_t d = 0; d < dims; ++d) {
      const Axis& a = S.axes[d];
      const std::size_t k = std::size_t(o[d] * a.k + j[d]);
      valid = valid && a.idx[k] >= 0;
      at += a.idx[k] * in_strides[d];
      w *= a.w[k];
    }
    if (valid && w != 0) {
      auto same =
          for_value ? taps.end() : std::find_if(taps.begin(), taps.end(), [&](const Tap& t) { return t.at == at; });
      if (same != taps.end())
        same->w += w;
      else
        taps.push_back({at, w});
    }
    std::size_t d = dims;
    while (d-- > 0) {
      if (++j[d] < S.axes[d].k) break;
      j[d] = 0;
    }
    if (d == std::size_t(-1)) break;
  }
  // Weights no change of the input can show in the result are no sources (the value keeps
  // them): a product of two lambdas a few ulps from 0 (below 1e-12, or 1e-24 in double), and a
  // cubic weight below 1e-6, the rounding noise of a float coordinate a few ulps from an
  // integer, where PyTorch's weight is sometimes 0 and sometimes that noise.
  const double floor = for_value ? 0 : S.mode == Mode::Cubic ? 1e-6 : S.single ? 1e-12 : 1e-24;
  taps.erase(std::remove_if(taps.begin(), taps.end(), [&](const Tap& t) { return std::fabs(t.w) <= floor; }),
             taps.end());
  if (S.mode == Mode::Area)
    for (std::size_t d = 0; d < dims; ++d) divisors.push_back(S.axes[d].count[std::size_t(o[d])]);
}

// The value of one output element from its taps (area: divided by each window size in turn,
// in float for float inputs, as adaptive_avg_pool does).
double tap_value(const Sampling& S, const std::vector<double>& x, const std::vector<Tap>& taps, const Ints& divisors) {
  double v = 0;
  for (const Tap& t : taps) v += t.w * x[std::size_t(t.at)];
  const Real R{S.single};
  if (!divisors.empty()) v = R(v);
  for (std::int64_t d : divisors) v = R(v / double(d));
  return v;
}

// Bilinear float32 on contiguous [planes, H, W] input: each output row reads two input rows
// with two column weights per output column, all computed once.
void bilinear_f32(const Sampling& S, const float* x, float* out) {
  const Axis &ah = S.axes[0], &aw = S.axes[1];
  const std::int64_t H = ah.in, W = aw.in, OH = ah.out, OW = aw.out;
  const std::size_t ow_n = static_cast<std::size_t>(OW);
  std::vector<std::int64_t> c0(ow_n), c1(ow_n);
  std::vector<float> w0(ow_n), w1(ow_n);
  for (std::int64_t j = 0; j < OW; ++j) {
    c0[std::size_t(j)] = aw.idx[std::size_t(2 * j)];
    c1[std::size_t(j)] = aw.idx[std::size_t(2 * j + 1)];
    w0[std::size_t(j)] = float(aw.w[std::size_t(2 * j)]);
    w1[std::size_t(j)] = float(aw.w[std::size_t(2 * j + 1)]);
  }
  for (std::int64_t p = 0; p < S.planes; ++p) {
    const float* plane = x + p * H * W;
    for (std::int64_t i = 0; i < OH; ++i) {
      const float* r0 = plane + ah.idx[std::size_t(2 * i)] * W;
      const float* r1 = plane + ah.idx[std::size_t(2 * i + 1)] * W;
      const float h0 = float(ah.w[std::size_t(2 * i)]), h1 = float(ah.w[std::size_t(2 * i + 1)]);
      float* o = out + (p * OH + i) * OW;
      for (std::int64_t j = 0; j < OW; ++j) {
        const std::size_t q = std::size_t(j);
        o[j] = h0 * (w0[q] * r0[c0[q]] + w1[q] * r0[c1[q]]) + h1 * (w0[q] * r1[c0[q]] + w1[q] * r1[c1[q]]);
      }
    }
  }
}

// bilinear_f32's plain path (FastPath::BilinearF32's reference): each output element on its
// own, its four input elements read through x's strides, the same float sum.
void bilinear_f32_plain(const Sampling& S, const Tensor& x, float* out) {
  const Axis &ah = S.axes[0], &aw = S.axes[1];
  const std::int64_t H = ah.in, W = aw.in, OH = ah.out, OW = aw.out;
  const float* base = x.data<float>();
  auto at = [&](std::int64_t p, std::int64_t h, std::int64_t w) {
    return base[x.storage_index((p * H + h) * W + w) - x.offset()];
  };
  for (std::int64_t f = 0; f < S.planes * OH * OW; ++f) {
    const std::int64_t p = f / (OH * OW), i = f / OW % OH, j = f % OW;
    const std::int64_t r0 = ah.idx[std::size_t(2 * i)], r1 = ah.idx[std::size_t(2 * i + 1)];
    const std::int64_t c0 = aw.idx[std::size_t(2 * j)], c1 = aw.idx[std::size_t(2 * j + 1)];
    const float h0 = float(ah.w[std::size_t(2 * i)]), h1 = float(ah.w[std::size_t(2 * i + 1)]);
    const float w0 = float(aw.w[std::size_t(2 * j)]), w1 = float(aw.w[std::size_t(2 * j + 1)]);
    out[f] = h0 * (w0 * at(p, r0, c0) + w1 * at(p, r0, c1)) + h1 * (w0 * at(p, r1, c0) + w1 * at(p, r1, c1));
  }
}

// --- the shared run / explain / equation ------------------------------------------------------------

struct SampleSpec {
  Sampling (*prepare)(const Bound&);
  const char* sampled;  // the parameter whose elements the taps read
};
const SampleSpec& sample_spec(const Bound& b) { return *static_cast<const SampleSpec*>(b.op->family_data); }

OpResult sample_run(const Bound& b) {
  Sampling S = sample_spec(b).prepare(b);
  const Tensor& x = tensor_arg(b, sample_spec(b).sampled);
  OpResult r;
  Tensor out = Tensor::empty(S.dtype, S.shape);
  if (S.dtype == DType::Float32 && S.mode == Mode::Linear && S.axes.size() == 2 && x.dtype() == DType::Float32) {
    if (take_fast_path(FastPath::BilinearF32)) {
      const Tensor xc = x.contiguous();
      bilinear_f32(S, xc.data<float>(), out.data<float>());
    } else {
      bilinear_f32_plain(S, x, out.data<float>());
    }
  } else {
    const std::vector<double> xv = values_of(x);
    std::vector<Tap> taps;
    Ints divisors;
    for (std::int64_t f = 0; f < out.numel(); ++f) {
      element_taps(S, f, taps, divisors, true);
      out.set(f, Scalar::from_float(tap_value(S, xv, taps, divisors)));
    }
  }
  r.tensors.push_back(out);
  keep_prepared(b, r, std::move(S));
  return r;
}

const Sampling& sampling_of(const Bound& b, const OpResult& r) {
  return prepared_for(b, r, [](const Bound& bb) { return sample_spec(bb).prepare(bb); });
}

std::vector<Source> sample_explain(const Bound& b, const OpResult& r, int, std::int64_t flat) {
  const Sampling& S = sampling_of(b, r);
  std::vector<Tap> taps;
  Ints divisors;
  element_taps(S, flat, taps, divisors);
  std::vector<Source> src;
  for (const Tap& t : taps) src.push_back(source(b, sample_spec(b).sampled, t.at));
  std::sort(src.begin(), src.end(), [](const Source& a, const Source& c) { return a.flat < c.flat; });
  if (S.grid_param) {
    const std::int64_t out_inner = numel_of(S.out_spatial);
    const std::int64_t loc = flat % out_inner, n = flat / (out_inner * S.channels);
    const std::uint8_t bits = S.grid_sources[std::size_t(n * out_inner + loc)];
    for (int k = 0; k < S.grid_coords; ++k)
      if (bits >> k & 1)  // bilinear and bicubic weigh the taps by the coordinates: value sources (a gradient)
        src.push_back(source(b, S.grid_param, (n * out_inner + loc) * S.grid_coords + k,
                             S.mode == Mode::Nearest ? Role::Index : Role::Value));
  }
  return src;
}

std::string weight_text(double w) {
  const std::string t = format_float(w, DType::Float32);
  return w < 0 ? "(" + t + ")" : t;
}

std::string sample_equation(const Bound& b, const OpResult& r, int, std::int64_t flat, const std::vector<Source>&) {
  const Sampling& S = sampling_of(b, r);
  std::vector<Tap> taps;
  Ints divisors;
  element_taps(S, flat, taps, divisors);
  std::sort(taps.begin(), taps.end(), [](const Tap& a, const Tap& c) { return a.at < c.at; });
  const std::string lhs = out_ref(r, 0, flat), value = format_scalar(r.tensors[0].get(flat));
  const char* name = sample_spec(b).sampled;
  const Tensor& x = tensor_arg(b, name);
  auto ref = [&](std::size_t i) { return std::string(name) + coords(x.shape(), taps[i].at); };
  auto val = [&](std::size_t i) {
    const std::string v = format_scalar(x.get(taps[i].at));
    return v[0] == '-' ? "(" + v + ")" : v;
  };
  std::string eq = lhs + " = ";
  if (taps.empty()) {
    eq += "0 = " + value + "  (every tap outside the input)";
  } else if (S.mode == Mode::Area) {
    std::string div;
    for (std::int64_t d : divisors) div += " / " + std::to_string(d);
    eq += "(" + join_terms(taps.size(), ref, " + ") + ")" + div + " = (" + join_terms(taps.size(), val, " + ") + ")" +
          div + " = " + value;
  } else if (taps.size() == 1 && taps[0].w == 1) {
    eq += ref(0) + " = " + value;
  } else {
    auto wref = [&](std::size_t i) { return weight_text(taps[i].w) + "·" + ref(i); };
    auto wval = [&](std::size_t i) { return weight_text(taps[i].w) + "·" + val(i); };
    eq += join_terms(taps.size(), wref, " + ") + " = " + join_terms(taps.size(), wval, " + ") + " = " + value;
  }
  if (S.grid_param) {
    const std::int64_t out_inner = numel_of(S.out_spatial);
    const std::int64_t at0 = (flat % out_inner + flat / (out_inner * S.channels) * out_inner) * S.grid_coords;
    std::string at;
    for (int k = 0; k < S.grid_coords; ++k)
      at += (k ? ", " : "") + format_scalar(tensor_arg(b, S.grid_param).get(at0 + k));
    eq += "  (at grid (" + at + "))";
  }
  return eq;
}

void add_sample_op(std::vector<const OpDescriptor*>& t, const char* names, const char* summary, const char* example,
                   const char* params, Sampling (*prepare)(const Bound&), const char* sampled = "input",
                   const char* input_method = "") {
  static std::deque<SampleSpec> specs;
  specs.push_back(SampleSpec{prepare, sampled});
  OpDescriptor op = composite_op(names, "resample", summary, example, param_list(params), sample_run, sample_explain,
                                 sample_equation, &specs.back());
  op.python_input_method = input_method;
  add_op(t, std::move(op));
}

// --- interpolate ------------------------------------------------------------------------------------

// c10's compute_channels_last_contiguous_2d/3d: the input as channels-last memory.
bool channels_last_contiguous(const Tensor& x) {
  if (x.dim() != 4 && x.dim() != 5) return false;
  static const int order4[] = {1, 3, 2, 0}, order5[] = {1, 4, 3, 2, 0};
  const int* order = x.dim() == 4 ? order4 : order5;
  std::int64_t expected = 1;
  for (int i = 0; i < x.dim(); ++i) {
    const std::size_t d = std::size_t(order[i]);
    if (x.shape()[d] != 1) {
      if (x.strides()[d] != expected) return false;
      expected *= x.shape()[d];
    }
  }
  return true;
}

bool is_number(const Value& v) { return v.is<double>() || v.is<std::int64_t>() || v.is<bool>(); }
double number(const Value& v) {
  return v.is<double>() ? v.as<double>() : v.is<bool>() ? double(v.as<bool>()) : double(v.as<std::int64_t>());
}

// "(H: 3, W: 4)"-style sizes.
std::string dims_text(const Ints& v) {
  static const char* names3[] = {"D", "H", "W"};
  std::string s;
  for (std::size_t i = 0; i < v.size(); ++i)
    s += std::string(i ? ", " : "") + names3[3 - v.size() + i] + ": " + std::to_string(v[i]);
  return "(" + s + ")";
}

struct InterpMode {
  const char* name;
  Mode mode;
  int rank;  // the input rank it needs (0: 3, 4 or 5)
};
const InterpMode kInterpModes[] = {{"nearest", Mode::Nearest, 0}, {"nearest-exact", Mode::NearestExact, 0},
                                   {"area", Mode::Area, 0},       {"linear", Mode::Linear, 3},
                                   {"bilinear", Mode::Linear, 4}, {"trilinear", Mode::Linear, 5},
                                   {"bicubic", Mode::Cubic, 4}};

// F.interpolate; the deprecated names pass their own mode and align_corners.
Sampling interpolate_with(const Bound& b, const Value& mode_value, const Value& corners) {
  const Tensor& x = tensor_arg(b, "input");
  const std::string mode_name = mode_value.is<std::string>() ? mode_value.as<std::string>() : "";
  const InterpMode* im = nullptr;
  for (const InterpMode& m : kInterpModes)
    if (mode_value.is<std::string>() && mode_name == m.name) im = &m;
  const bool no_corners = !im || im->mode == Mode::Nearest || im->mode == Mode::NearestExact || im->mode == Mode::Area;
  if (im && no_corners && !corners.is<None>())
    fail("ValueError",
         "align_corners option can only be set with the interpolating modes: linear | bilinear | bicubic | trilinear",
         "align_corners");
  const bool align = corners.is<bool>() ? corners.as<bool>() : corners.is<None>() ? false : number(corners) != 0;
  const int dim = x.dim() - 2;
  const Value& size = arg(b, "size");
  const Value& scale = arg(b, "scale_factor");
  std::vector<Value> sizes, scales;
  const std::string spatial = shape_str(Shape(x.shape().begin() + std::min(2, x.dim()), x.shape().end()));
  if (!size.is<None>() && !scale.is<None>())
    fail("ValueError", "only one of size or scale_factor should be defined", "scale_factor");
  if (!size.is<None>()) {
    if (size.is<List>()) {
      if (int(size.as<List>().size()) != dim)
        fail("ValueError",
             "Input and output must have the same number of spatial dimensions, but got input with spatial dimensions "
             "of " +
                 spatial + " and output size of " + format_value(size) +
                 ". Please provide input tensor in (N, C, d1, d2, ...,dK) format and output size in (o1, o2, ...,oK) "
                 "format.",
             "size");
      sizes = size.as<List>();
    } else {
      sizes.assign(std::size_t(std::max(dim, 0)), size);
    }
  } else if (!scale.is<None>()) {
    if (scale.is<List>()) {
      if (int(scale.as<List>().size()) != dim)
        fail("ValueError",
             "Input and scale_factor must have the same number of spatial dimensions, but got input with spatial "
             "dimensions of " +
                 spatial + " and scale_factor of shape " + format_value(scale) +
                 ". Please provide input tensor in (N, C, d1, d2, ...,dK) format and scale_factor in (s1, s2, ...,sK) "
                 "format.",
             "scale_factor");
      scales = scale.as<List>();
    } else {
      scales.assign(std::size_t(std::max(dim, 0)), scale);
    }
  } else {
    fail("ValueError", "either size or scale_factor should be defined", "size");
  }
  const Value& recompute_v = arg(b, "recompute_scale_factor");
  bool recompute =
      !recompute_v.is<None>() && (recompute_v.is<bool>() ? recompute_v.as<bool>() : number(recompute_v) != 0);
  if (recompute && !size.is<None>())
    fail("ValueError", "recompute_scale_factor is not meaningful with an explicit size.", "recompute_scale_factor");
  if (im && im->mode == Mode::Area && size.is<None>()) recompute = true;
  for (const Value& v : sizes)
    if (!(v.is<std::int64_t>() ||
          (v.is<Tensor>() && v.as<Tensor>().numel() == 1 && is_integral(v.as<Tensor>().dtype(), false))))
      fail("Unsupported", "Whence takes interpolate's size as ints", "size");
  for (const Value& v : scales)
    if (!is_number(v)) fail("Unsupported", "Whence takes interpolate's scale_factor as numbers", "scale_factor");
  Ints out_size;
  for (const Value& v : sizes) out_size.push_back(v.is<Tensor>() ? v.as<Tensor>().get(0).i : v.as<std::int64_t>());
  std::vector<std::optional<double>> factors(std::size_t(std::max(dim, 0)));
  if (recompute) {
    for (int i = 0; i < dim; ++i)
      out_size.push_back(
          std::int64_t(std::floor(double(x.shape()[std::size_t(i + 2)]) * number(scales[std::size_t(i)]))));
  } else if (!scales.empty()) {
    for (int i = 0; i < dim; ++i) {
      const double s = number(scales[std::size_t(i)]), o = double(x.shape()[std::size_t(i + 2)]) * s;
      if (!(o > -9.2e18 && o < 9.2e18)) check_sym_int(INT64_MIN, "scale_factor");
      out_size.push_back(std::int64_t(o));
      factors[std::size_t(i)] = s;
    }
  }
  const bool antialias = bool_arg(b, "antialias", false);
  if (antialias && !(im && (im->mode == Mode::Linear || im->mode == Mode::Cubic) && im->rank == 4 && x.dim() == 4))
    fail("ValueError", "Anti-alias option is only supported for bilinear and bicubic modes", "antialias");
  const int rank = x.dim();
  if (!(im && ((im->rank == 0 && rank >= 3 && rank <= 5) || im->rank == rank))) {
    if (im && im->rank && im->mode != Mode::Cubic && rank >= 3 && rank <= 5)
      fail("NotImplementedError",
           "Got " + std::to_string(rank) + "D input, but " + im->name + " mode needs " + std::to_string(im->rank) +
               "D input",
           "mode");
    fail("NotImplementedError",
         "Input Error: Only 3D, 4D and 5D input Tensors supported (got " + std::to_string(rank) +
             "D) for the modes: nearest | linear | bilinear | bicubic | trilinear | area | nearest-exact (got " +
             (mode_value.is<std::string>() ? mode_name : format_value(mode_value)) + ")",
         "mode");
  }
  if (antialias) fail("Unsupported", "Whence does not compute interpolate's antialias=True yet", "antialias");

  Ints in_size(x.shape().begin() + 2, x.shape().end());
  const bool cl = channels_last_contiguous(x);
  std::string kernel;
  bool mean = false;  // adaptive average pooling to size 1 is input.mean() over the spatial dims
  if (im->mode == Mode::Area) {
    const std::string pool = dim == 3 ? "adaptive_avg_pool3d" : "adaptive_avg_pool2d";
    for (std::int64_t o : out_size)
      if (o < 0) {
        std::string list;
        for (std::int64_t v : (dim == 1 ? Ints{1, out_size[0]} : out_size))
          list += (list.empty() ? "" : ", ") + std::to_string(v);
        fail("RuntimeError",
             pool + ": elements of output_size must be greater than or equal to 0 but received {" + list + "}", "size");
      }
    Shape pooled;  // (adaptive_avg_pool1d pools [N, C, 1, L] in 2-D)
    for (int d = 0; d < x.dim(); ++d) {
      if (dim == 1 && d == x.dim() - 1) pooled.push_back(1);
      pooled.push_back(x.shape()[std::size_t(d)]);
    }
    mean = std::all_of(out_size.begin(), out_size.end(), [](std::int64_t o) { return o == 1; });
    for (std::size_t d = pooled.size() - std::size_t(dim == 3 ? 3 : 2); d < pooled.size(); ++d)
      if (pooled[d] == 0 && !mean)
        fail("RuntimeError",
             pool + "(): Expected input to have non-zero size for non-batch dimensions, but input has sizes " +
                 shape_str(pooled) + " with dimension " + std::to_string(d) + " being empty",
             "input");
    kernel = dim == 3 ? "adaptive_avg_pool3d_cpu"
                      : memory_format_kernel("adaptive_avg_pool2d", dim == 1 ? unsqueeze(x, x.dim() - 1) : x);
  } else {
    bool positive = true;
    for (int i = 0; i < dim; ++i) positive = positive && in_size[std::size_t(i)] > 0 && out_size[std::size_t(i)] > 0;
    if (!positive)
      fail("RuntimeError",
           "Input and output sizes should be greater than 0, but got input " + dims_text(in_size) +
               (dim == 1 ? " and" : "") + " output " + dims_text(out_size),
           "size");
    std::int64_t rest = 1;
    for (int d = 1; d < x.dim(); ++d) rest *= x.shape()[std::size_t(d)];
    if (x.numel() == 0 && rest == 0)
      fail("RuntimeError",
           "Non-empty " + std::to_string(x.dim()) + "D data tensor expected but got a tensor with sizes " +
               shape_str(x.shape()),
           "input");
    const bool cl_kernel = cl && dim >= 2 && im->mode != Mode::Cubic;
    if (im->mode == Mode::Linear)
      kernel = cl_kernel ? (dim == 2 ? "upsample_bilinear2d_channels_last" : "upsample_trilinear3d_channels_last")
                         : "compute_indices_weights_linear";
    else if (im->mode == Mode::Cubic)
      kernel = "compute_indices_weights_cubic";
    else
      kernel =
          cl_kernel ? "upsample_nearest" + std::to_string(dim) + "d_channels_last" : "compute_indices_weights_nearest";
  }
  const DType d = x.dtype();
  const bool takes_uint8 = im->mode == Mode::Nearest || im->mode == Mode::NearestExact;
  if (mean && !is_floating(d))
    fail("RuntimeError",
         std::string("mean(): could not infer output dtype. Input dtype must be either a floating point or complex "
                     "dtype. Got: ") +
             dtype_scalar_name(d),
         "input");
  if (!is_floating(d) && !(d == DType::UInt8 && takes_uint8)) fail_not_implemented(kernel, d);

  Sampling S;
  S.dtype = d;
  S.mode = im->mode;
  S.single = d != DType::Float64;
  S.shape = Shape(x.shape().begin(), x.shape().begin() + 2);
  for (std::int64_t o : out_size) S.shape.push_back(o);
  check_limits(S.shape);
  S.planes = x.shape()[0] * x.shape()[1];
  S.in_spatial = Shape(in_size.begin(), in_size.end());
  S.out_spatial = Shape(out_size.begin(), out_size.end());
  const Real R{S.single};
  for (int i = 0; i < dim; ++i)
    S.axes.push_back(
        make_axis(im->mode, in_size[std::size_t(i)], out_size[std::size_t(i)], align, factors[std::size_t(i)], R, cl));
  return S;
}

// --- grid_sample ------------------------------------------------------------------------------------

Sampling grid_sample_prepare(const Bound& b) {
  const std::string mode = string_arg(b, "mode", "bilinear"), padding = string_arg(b, "padding_mode", "zeros");
  const Value& mode_v = arg(b, "mode");
  if (!mode_v.is<std::string>() || (mode != "bilinear" && mode != "nearest" && mode != "bicubic"))
    fail("ValueError",
         "nn.functional.grid_sample(): expected mode to be 'bilinear', 'nearest' or 'bicubic', but got: '" +
             (mode_v.is<std::string>() ? mode : format_value(mode_v)) + "'",
         "mode");
  const Value& pad_v = arg(b, "padding_mode");
  if (!pad_v.is<std::string>() || (padding != "zeros" && padding != "border" && padding != "reflection"))
    fail("ValueError",
         "nn.functional.grid_sample(): expected padding_mode to be 'zeros', 'border', or 'reflection', but got: '" +
             (pad_v.is<std::string>() ? padding : format_value(pad_v)) + "'",
         "padding_mode");
  if (!arg(b, "grid").is<Tensor>())
    fail("TypeError",
         "grid_sampler(): argument 'grid' (position 2) must be Tensor, not " + python_type_name(arg(b, "grid")),
         "grid");
  const Value& corners = arg(b, "align_corners");
  if (!corners.is<None>() && !corners.is<bool>())
    fail("TypeError",
         "grid_sampler(): argument 'align_corners' (position 5) must be bool, not " + python_type_name(corners),
         "align_corners");
  const bool align = corners.is<bool>() && corners.as<bool>();
  const Tensor &x = tensor_arg(b, "input"), &grid = tensor_arg(b, "grid");
  const std::string sizes =
      " but got input with sizes " + shape_str(x.shape()) + " and grid with sizes " + shape_str(grid.shape());
  if (x.dim() >= 1 && grid.dim() >= 1 && x.shape()[0] != grid.shape()[0])
    fail("RuntimeError", "grid_sampler(): expected grid and input to have same batch size," + sizes, "grid");
  if (grid.dim() >= 1 && grid.shape().back() != x.dim() - 2)
    fail("RuntimeError",
         "grid_sampler(): expected grid to have size " + std::to_string(x.dim() - 2) +
             " in last dimension, but got grid with sizes " + shape_str(grid.shape()),
         "grid");
  for (int d = 2; d < x.dim(); ++d)
    if (x.shape()[std::size_t(d)] == 0)
      fail("RuntimeError",
           "grid_sampler(): expected input to have non-empty spatial dimensions, but input has sizes " +
               shape_str(x.shape()) + " with dimension " + std::to_string(d) + " being empty",
           "input");
  const bool two = x.dim() == 4;
  if (!(x.dim() == (two ? 4 : 5) && x.dim() == grid.dim()))
    fail("RuntimeError",
         std::string("grid_sampler(): expected ") + (two ? "4D" : "5D") +
             " input and grid with same number of dimensions," + sizes,
         "grid");
  if (!two && mode == "bicubic")
    fail("RuntimeError", "grid_sampler(): bicubic interpolation only supports 4D input", "mode");
  const DType d = x.dtype();
  if (d != DType::Float32 && d != DType::Float64) {
    if (two)
      fail("RuntimeError", std::string("grid_sampler_2d_cpu not implemented for ") + dtype_scalar_name(d), "input");
    fail("RuntimeError", std::string("\"grid_sampler3d_cpu\" not implemented for '") + dtype_scalar_name(d) + "'",
         "input");
  }
  if (grid.dtype() != d)
    fail("RuntimeError",
         std::string("expected scalar type ") + dtype_scalar_name(d) + " but found " + dtype_scalar_name(grid.dtype()),
         "grid");

  Sampling S;
  S.dtype = d;
  S.mode = mode == "bilinear" ? Mode::Linear : mode == "nearest" ? Mode::Nearest : Mode::Cubic;
  S.single = d == DType::Float32;
  const int dims = x.dim() - 2;
  S.channels = x.shape()[1];
  S.shape = {x.shape()[0], x.shape()[1]};
  for (int k = 1; k <= dims; ++k) S.shape.push_back(grid.shape()[std::size_t(k)]);
  check_limits(S.shape);
  S.in_spatial = Shape(x.shape().begin() + 2, x.shape().end());
  S.out_spatial = Shape(grid.shape().begin() + 1, grid.shape().end() - 1);
  S.grid_param = "grid";
  S.grid_coords = dims;
  const Real R{S.single};
  const int pad = padding == "zeros" ? 0 : padding == "border" ? 1 : 2;
  // Coordinate k (0 = x, the last dim) of the grid reads input dim dims - 1 - k.
  std::vector<GridAxis> axes;
  for (int k = 0; k < dims; ++k) axes.push_back(GridAxis{x.shape()[std::size_t(x.dim() - 1 - k)], align, pad, R});
  const Shape in_strides = contiguous_strides(S.in_spatial);
  const std::vector<double> g = values_of(grid);
  const std::int64_t locations = x.shape()[0] * numel_of(S.out_spatial);
  S.locations.resize(std::size_t(locations));
  S.grid_sources.resize(std::size_t(locations));
  for (std::int64_t l = 0; l < locations; ++l) {
    std::vector<Tap>& taps = S.locations[std::size_t(l)];
    // Per coordinate: the candidate input indices and weights (-1: outside, masked).
    std::vector<Ints> idx(static_cast<std::size_t>(dims));
    std::vector<std::vector<double>> w(static_cast<std::size_t>(dims));
    bool not_a_number = false;  // a non-finite coordinate that interpolation weighs: NaN, as PyTorch's
    for (int k = 0; k < dims; ++k) {
      const GridAxis& a = axes[std::size_t(k)];
      const double gv = g[std::size_t(l * dims + k)];
      Ints& ik = idx[std::size_t(k)];
      std::vector<double>& wk = w[std::size_t(k)];
      if (S.mode == Mode::Nearest) {  // (2-D rounds half to even, 3-D half away from zero)
        const double c = a.source(gv);
        const std::int64_t i = float_to_int64(dims == 2 ? std::nearbyint(c) : std::round(c));
        ik.push_back(i >= 0 && i < a.size ? i : -1);
        wk.push_back(1);
      } else if (S.mode == Mode::Linear) {
        const double c = a.source(gv), f = std::floor(c), t = R(c - f);
        not_a_number = not_a_number || !std::isfinite(c);
        const std::int64_t i = f >= -1 && f < double(a.size) ? std::int64_t(f) : -2;  // -2: both taps outside
        ik = {i >= 0 && i < a.size ? i : -1, i + 1 >= 0 && i + 1 < a.size ? i + 1 : -1};
        wk = {R(1 - t), t};
      } else {
        const double c = a.unnormalize(gv), f = std::floor(c);
        not_a_number = not_a_number || !std::isfinite(c);
        wk.resize(4);
        cubic_weights(R, R(c - f), wk.data());
        for (int j = 0; j < 4; ++j) ik.push_back(a.bounded(f - 1 + j));
      }
    }
    if (not_a_number) {  // no element decides it: one tap of NaN weight makes the value
      taps.push_back({0, std::numeric_limits<double>::quiet_NaN()});
      continue;
    }
    // Coordinate k chose the taps unless it is pinned (a dim of one pixel that clipping or
    // align_corners maps to 0 whatever k says) or another coordinate has every tap outside
    // (with zeros padding no value of k alone brings the sample in).
    for (int k = 0; k < dims; ++k) {
      bool matters = !(axes[std::size_t(k)].size == 1 && (align || pad != 0));
      for (int o = 0; o < dims; ++o)
        if (o != k)
          matters = matters && std::any_of(idx[std::size_t(o)].begin(), idx[std::size_t(o)].end(),
                                           [](std::int64_t i) { return i >= 0; });
      if (matters) S.grid_sources[std::size_t(l)] |= std::uint8_t(1 << k);
    }
    // The product over coordinates (x is the innermost input dim).
    std::vector<std::size_t> j(std::size_t(dims), 0);
    for (;;) {
      std::int64_t at = 0;
      double weight = 1;
      bool inside = true;
      for (int k = 0; k < dims; ++k) {
        const std::int64_t i = idx[std::size_t(k)][j[std::size_t(k)]];
        inside = inside && i >= 0;
        at += i * in_strides[std::size_t(dims - 1 - k)];
        weight = R(weight * w[std::size_t(k)][j[std::size_t(k)]]);
      }
      if (inside) {
        auto same = std::find_if(taps.begin(), taps.end(), [&](const Tap& t) { return t.at == at; });
        if (same != taps.end())
          same->w += weight;
        else
          taps.push_back({at, weight});
      }
      int k = 0;
      while (k < dims && ++j[std::size_t(k)] == idx[std::size_t(k)].size()) j[std::size_t(k++)] = 0;
      if (k == dims) break;
    }
  }
  return S;
}

// --- affine_grid -------------------------------------------------------------------------------------

Sampling affine_grid_prepare(const Bound& b) {
  const Tensor& theta = tensor_arg(b, "theta");
  const Value& size_v = arg(b, "size");
  if (!is_floating(theta.dtype()))
    fail("ValueError",
         "Expected theta to have floating point type, but got " + std::string(dtype_torch_name(theta.dtype())),
         "theta");
  if (!size_v.is<List>()) fail("TypeError", "object of type '" + python_type_name(size_v) + "' has no len()", "size");
  const List& items = size_v.as<List>();
  const std::string size_text = format_value(size_v);
  const std::size_t n = items.size();
  if (n == 4 || n == 5) {
    const std::int64_t rows = n == 4 ? 2 : 3;
    if (theta.dim() != 3 || theta.shape()[1] != rows || theta.shape()[2] != rows + 1)
      fail("ValueError",
           std::string("Expected a batch of ") + (n == 4 ? "2D" : "3D") + " affine matrices of shape Nx" +
               std::to_string(rows) + "x" + std::to_string(rows + 1) + " for size " + size_text + ". Got " +
               torch_size(theta.shape()) + ".",
           "theta");
  } else {
    fail("NotImplementedError",
         "affine_grid only supports 4D and 5D sizes, for 2D and 3D affine transforms, respectively. Got size " +
             size_text + ".",
         "size");
  }
  const Value& corners = arg(b, "align_corners");
  const bool align = corners.is<bool>() ? corners.as<bool>() : !corners.is<None>() && number(corners) != 0;
  std::vector<double> nums;  // (Python compares the items as numbers)
  for (const Value& v : items)
    nums.push_back(v.is<Tensor>() ? v.as<Tensor>().get(0).as_double() : is_number(v) ? number(v) : 0);
  const double smallest_spatial = *std::min_element(nums.begin() + 2, nums.end()),
               smallest = *std::min_element(nums.begin(), nums.end());
  Ints size;
  for (double v : nums) size.push_back(std::int64_t(v));
  if (!(align && smallest_spatial == 1) && smallest <= 0)
    fail("ValueError", "Expected non-zero, positive output size. Got " + size_text, "size");
  for (std::size_t i = 0; i < n; ++i)
    if (!items[i].is<std::int64_t>() && !items[i].is<bool>() &&
        !(items[i].is<Tensor>() && is_integral(items[i].as<Tensor>().dtype(), false)))
      fail("TypeError",
           "affine_grid_generator(): argument 'size' must be tuple of ints, but found element of type " +
               python_type_name(items[i]) + " at pos " + std::to_string(i + 1),
           "size");
  const std::int64_t N = size[0], rows = std::int64_t(n) - 2;
  if (theta.shape()[0] != N)
    fail("RuntimeError",
         "Expected size for first two dimensions of batch2 tensor to be: [" + std::to_string(N) + ", " +
             std::to_string(rows + 1) + "] but got: [" + std::to_string(theta.shape()[0]) + ", " +
             std::to_string(rows + 1) + "].",
         "theta");
  // The base grid: per spatial dim linspace(-1, 1) (times (n-1)/n without align_corners), in
  // float64 or float32 (float16 and bfloat16 computed in float32 and rounded once).
  const DType d = theta.dtype() == DType::Float64 ? DType::Float64 : DType::Float32;
  std::vector<std::vector<double>> base(static_cast<std::size_t>(rows));
  for (std::int64_t k = 0; k < rows; ++k) {  // coordinate k (0 = x) runs along size[n - 1 - k]
    const std::int64_t steps = size[std::size_t(std::int64_t(n) - 1 - k)];
    std::vector<double>& v = base[std::size_t(k)];
    if (steps <= 1) {
      v.assign(std::size_t(std::max<std::int64_t>(steps, 0)), 0.0);
      continue;
    }
    v = values_of(linspace(Scalar::from_float(-1), Scalar::from_float(1), steps, d));
    if (!align)
      for (double& e : v) e = round_to_dtype(round_to_dtype(e * double(steps - 1), d) / double(steps), d);
  }
  Sampling S;
  S.dtype = theta.dtype();
  S.mode = Mode::Linear;
  S.single = d != DType::Float64;
  S.shape = Shape(size.begin(), size.end());
  S.shape[1] = rows;  // (N, [D,] H, W, rows): the channel slot becomes the coordinate
  std::rotate(S.shape.begin() + 1, S.shape.begin() + 2, S.shape.end());
  check_limits(S.shape);
  S.channels = 1;
  S.plane_stride = 0;
  S.out_spatial = S.shape;
  S.in_spatial = theta.shape();
  const std::int64_t total = shape_numel(S.shape);
  S.locations.resize(std::size_t(total));
  const Shape out_strides = contiguous_strides(S.shape);
  for (std::int64_t f = 0; f < total; ++f) {
    const std::int64_t i = f % rows, nn = f / out_strides[0];
    std::vector<Tap>& taps = S.locations[std::size_t(f)];
    for (std::int64_t k = 0; k <= rows; ++k) {
      double w = 1;                                     // the homogeneous coordinate
      if (k < rows) {                                   // coordinate k's position along its output dim
        const std::size_t dim = std::size_t(rows - k);  // x: the dim before the last, ...
        w = base[std::size_t(k)].empty() ? 0 : base[std::size_t(k)][std::size_t((f / out_strides[dim]) % S.shape[dim])];
      }
      taps.push_back({(nn * rows + i) * (rows + 1) + k, w});
    }
  }
  return S;
}

Sampling interpolate_prepare(const Bound& b) { return interpolate_with(b, arg(b, "mode"), arg(b, "align_corners")); }
Sampling upsample_nearest_prepare(const Bound& b) {
  return interpolate_with(b, Value(std::string("nearest")), Value(None{}));
}
Sampling upsample_bilinear_prepare(const Bound& b) {
  return interpolate_with(b, Value(std::string("bilinear")), Value(true));
}

}  // namespace

void add_sample_ops(std::vector<const OpDescriptor*>& t) {
  add_sample_op(
      t, "torch.nn.functional.interpolate",
      "Resizes the spatial dims (after batch and channel) by sampling the input: nearest, linear per dim, bicubic, or "
      "the average of each area.",
      "torch.nn.functional.interpolate(torch.tensor([[[1.0, 3.0, 5.0]]]), size=4, mode='linear')",
      "input:Tensor size:IntList?=None scale_factor:Float?=None mode:String='nearest' align_corners:Bool?=None "
      "recompute_scale_factor:Bool?=None antialias:Bool=False",
      interpolate_prepare, "input", "dim");
  add_sample_op(
      t, "torch.nn.functional.upsample",
      "The old name of interpolate (deprecated): resizes the spatial dims by nearest, linear, bicubic or area "
      "sampling.",
      "torch.nn.functional.upsample(torch.tensor([[[1.0, 3.0, 5.0]]]), size=4, mode='linear')",
      "input:Tensor size:IntList?=None scale_factor:Float?=None mode:String='nearest' align_corners:Bool?=None",
      interpolate_prepare, "input", "dim");
  add_sample_op(t, "torch.nn.functional.upsample_nearest",
                "The old name of interpolate with mode='nearest' (deprecated): each output element copies the nearest "
                "input element.",
                "torch.nn.functional.upsample_nearest(torch.tensor([[[1.0, 2.0, 3.0]]]), scale_factor=2)",
                "input:Tensor size:IntList?=None scale_factor:Float?=None", upsample_nearest_prepare, "input", "dim");
  add_sample_op(
      t, "torch.nn.functional.upsample_bilinear",
      "The old name of interpolate with mode='bilinear' and align_corners=True (deprecated): corners stay on corners.",
      "torch.nn.functional.upsample_bilinear(torch.tensor([[[[1.0, 2.0], [3.0, 4.0]]]]), size=3)",
      "input:Tensor size:IntList?=None scale_factor:Float?=None", upsample_bilinear_prepare, "input", "dim");
  add_sample_op(t, "torch.nn.functional.grid_sample",
                "Samples the input at the positions a grid gives in [-1, 1] coordinates: bilinear, nearest or bicubic, "
                "with zeros, border or reflection outside.",
                "torch.nn.functional.grid_sample(torch.tensor([[[[1.0, 2.0], [3.0, 4.0]]]]), torch.tensor([[[[0.0, "
                "0.0], [-1.0, -1.0]]]]), align_corners=True)",
                "input:Tensor grid:Tensor mode:String='bilinear' padding_mode:String='zeros' align_corners:Bool?=None",
                grid_sample_prepare);
  add_sample_op(t, "torch.nn.functional.affine_grid",
                "The sampling grid of an affine map: each output position's [-1, 1] coordinates multiplied by theta, "
                "for grid_sample.",
                "torch.nn.functional.affine_grid(torch.tensor([[[1.0, 0.0, 0.5], [0.0, 1.0, 0.0]]]), [1, 1, 2, 2], "
                "align_corners=True)",
                "theta:Tensor size:IntList align_corners:Bool?=None", affine_grid_prepare, "theta",
                "is_floating_point");
}

}  // namespace whence
