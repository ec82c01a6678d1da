// resample_gradients.cpp - how the resample family's ops differentiate (core/autograd.hpp's GradRule).
//
// pad, pixel_shuffle and pixel_unshuffle copy: each source's derivative is 1 (replicate and
// reflect padding read one input element for several outputs, whose gradients add up).
// The sampling ops are weighted sums, linear in what they sample: a source's derivative is the
// sum of the weights of its taps (resample_gradients_weights.hpp); nearest is a copy, area an
// average over its window.
#include "kernels/common/composite.hpp"
#include "kernels/common/derivatives.hpp"
#include "kernels/resample/resample_gradients_weights.hpp"

namespace whence {

namespace {

// Each source's derivative: the weights of the taps at its element, summed.
void tap_derivatives(const TapWeights& taps, const std::vector<Source>& s, int param, double* d) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i].param != param) continue;
    double w = 0;
    for (const auto& [at, tw] : taps)
      if (at == s[i].flat) w += tw;
    d[i] = w;
  }
}

void interpolate_derivatives(const Bound& b, const OpResult& r, int, std::int64_t flat, const std::vector<Source>& s,
                             double* d) {
  const std::string mode = b.op->names.front() == "torch.nn.functional.upsample_bilinear" ? "bilinear"
                           : b.op->param_index("mode") >= 0 ? string_arg(b, "mode", "nearest")
                                                            : "nearest";
  if (mode == "area") {  // adaptive average pooling: 1 / the window's size
    for (std::size_t i = 0; i < s.size(); ++i) d[i] = 1.0 / double(s.size());
    return;
  }
  if (mode == "nearest" || mode == "nearest-exact") return unit_derivatives(b, r, 0, flat, s, d);
  tap_derivatives(interpolate_weights(b, r, flat), s, b.op->param_index("input"), d);
}

// The input's taps weigh its elements; the grid's coordinates move the taps (nearest: a step
// function, no slope). The grid's sources are `index` in the relations (their elements choose
// the taps), which autograd gives no gradient: their slopes below are ready for when they are
// `value` sources.
void grid_sample_derivatives(const Bound& b, const OpResult& r, int, std::int64_t flat, const std::vector<Source>& s,
                             double* d) {
  const int grid = b.op->param_index("grid"), dims = tensor_arg(b, "input").dim() - 2;
  const bool nearest = string_arg(b, "mode", "bilinear") == "nearest";
  if (nearest)
    unit_derivatives(b, r, 0, flat, s, d);
  else
    tap_derivatives(grid_sample_weights(b, r, flat), s, b.op->param_index("input"), d);
  for (std::size_t i = 0; i < s.size(); ++i)
    if (s[i].param == grid) d[i] = nearest ? 0 : grid_sample_slope(b, r, flat, int(s[i].flat % dims));
}

void affine_grid_derivatives(const Bound& b, const OpResult& r, int, std::int64_t flat, const std::vector<Source>& s,
                             double* d) {
  tap_derivatives(affine_grid_weights(b, r, flat), s, b.op->param_index("theta"), d);
}

}  // namespace

void add_resample_gradients(GradRules& r) {
  // The upsample kernels' and affine_grid's backward nodes keep sizes, not tensors (area mode,
  // adaptive average pooling, keeps its input: a deviation of the rare mode)
  for (const char* name : {"torch.nn.functional.interpolate", "torch.nn.functional.upsample",
                           "torch.nn.functional.upsample_nearest", "torch.nn.functional.upsample_bilinear"})
    set_rule(r, name, GradRule{interpolate_derivatives, "", "", false});
  set_rule(r, "torch.nn.functional.grid_sample", GradRule{grid_sample_derivatives});
  set_rule(r, "torch.nn.functional.affine_grid", GradRule{affine_grid_derivatives, "", "", false});
  // pad, pixel_shuffle, pixel_unshuffle (pad's reflect, replicate and circular modes keep the
  // input in PyTorch, its default constant mode does not)
  // pad's value= is a Python float to PyTorch: a 0-d tensor there gets no gradient.
  set_rule(r, "torch.nn.functional.pad", GradRule{unit_derivatives, "", "value"});
  set_family_rule(r, "resample", GradRule{unit_derivatives});
}

}  // namespace whence
