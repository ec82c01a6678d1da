// window_gradients.cpp - how the window family's ops differentiate (core/autograd.hpp's GradRule).
//
// window_explain lists, per output element: for a convolution the bias element, then each
// (input, weight) pair of the window (padding is no source); for a max the winner (`value`,
// the rest `compare`); for the other pools every input element of the window. A convolution's
// input element has the weight it pairs with as derivative and the weight the input; a max
// routes to its winner; avg_pool divides by its divisor (count_include_pad, divisor_override,
// ceil_mode's clipped last window), the adaptive pools by their window's size; lp_pool is
// PyTorch's composition (avg_pool(x^p) · kernel size)^(1/p) differentiated step by step.
#include <algorithm>
#include <cmath>

#include "kernels/common/composite.hpp"
#include "kernels/common/derivatives.hpp"

namespace whence {

namespace {

using I64 = std::int64_t;

// A convolution: input·weight pairs after the bias.
void conv_derivatives(const Bound& b, const OpResult&, int, I64, const std::vector<Source>& s, double* d) {
  const int wp = b.op->param_index("weight"), bp = b.op->param_index("bias");
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i].param == bp)
      d[i] = 1;
    else if (s[i].param == wp)
      d[i] = source_number(b, s[i - 1]);
    else
      d[i] = source_number(b, s[i + 1]);
  }
}

// Every source of an adaptive average (and of its mean, output_size 1): 1 / the window's size.
void mean_derivatives(const Bound&, const OpResult&, int, I64, const std::vector<Source>& s, double* d) {
  for (std::size_t i = 0; i < s.size(); ++i) d[i] = 1.0 / double(s.size());
}

// An int-list argument as the window ops read it (a bare int fills n; None: empty).
std::vector<I64> window_ints(const Bound& b, const char* name, std::size_t n) {
  auto one = [](const Value& v) -> I64 {
    if (v.is<bool>()) return v.as<bool>() ? 1 : 0;
    if (v.is<Tensor>()) return v.as<Tensor>().get(0).i;
    return v.as<I64>();
  };
  const Value& v = arg(b, name);
  if (v.is<None>()) return {};
  if (!v.is<List>()) return std::vector<I64>(n, one(v));
  std::vector<I64> out;
  for (const Value& item : v.as<List>()) out.push_back(one(item));
  return out;
}

// avg_pool's divisor for output element `flat` (avg_pool2d's rule; a 1-D pool is 2-D of height 1).
double avg_divisor(const Bound& b, const OpResult& r, I64 flat, std::size_t sources, int dims) {
  const Value& dv = arg(b, "divisor_override");
  if (!dv.is<None>()) return double(dv.is<Tensor>() ? dv.as<Tensor>().get(0).i : dv.as<I64>());
  if (!bool_arg(b, "count_include_pad", true)) return double(sources);  // the window's elements inside the input
  const std::size_t n = std::size_t(dims);
  const std::vector<I64> k = window_ints(b, "kernel_size", n), s = window_ints(b, "stride", n),
                         p = window_ints(b, "padding", n);
  const Shape &in = tensor_arg(b, "input").shape(), &out = r.tensors[0].shape();
  const bool two = dims == 2;
  const I64 KW = k.back(), KH = two ? k[0] : 1;
  const I64 sW = s.empty() ? KW : s.back(), sH = two ? (s.empty() ? KH : s[0]) : 1;
  const I64 pW = p.back(), pH = two ? p[0] : 0;
  const I64 W = in.back(), H = two ? in[in.size() - 2] : 1;
  const I64 OW = out.back(), OH = two ? out[out.size() - 2] : 1;
  const I64 ow = flat % OW, oh = flat / OW % OH;
  const I64 h0 = oh * sH - pH, w0 = ow * sW - pW;
  return double((std::min(h0 + KH, H + pH) - h0) * (std::min(w0 + KW, W + pW) - w0));
}

// One body for both ranks (a template per rank would be two copies in the page's module).
void avg_derivatives(const Bound& b, const OpResult& r, I64 flat, const std::vector<Source>& s, double* d, int dims) {
  if (s.empty()) return;
  const double divisor = avg_divisor(b, r, flat, s.size(), dims);
  for (std::size_t i = 0; i < s.size(); ++i) d[i] = 1.0 / divisor;
}
void avg1_derivatives(const Bound& b, const OpResult& r, int, I64 flat, const std::vector<Source>& s, double* d) {
  avg_derivatives(b, r, flat, s, d, 1);
}
void avg2_derivatives(const Bound& b, const OpResult& r, int, I64 flat, const std::vector<Source>& s, double* d) {
  avg_derivatives(b, r, flat, s, d, 2);
}

// lp_pool: y = (sign(a)·relu(|a|)·K)^(1/p) with a = avg_pool(x^p) (padding 0: the divisor is
// the window's element count n) and K the kernel's size, differentiated through PyTorch's
// backward steps in their order, so that zeros, infinities and NaN come out as PyTorch's: pow's
// (1/p)·m^(1/p − 1), the product's K, sign's and abs's sign(a) (0 for 0 and NaN), relu's mask
// (0 where relu(|a|) <= 0, replacing a NaN), avg_pool's 1/n, pow's p·x^(p − 1).
double torch_sign(double v) { return v > 0 ? 1 : v < 0 ? -1 : 0; }

void lp_derivatives(const Bound& b, const std::vector<Source>& s, double* d, int dims) {
  if (s.empty()) return;
  const double p = double_arg(b, "norm_type", 2);
  const std::vector<I64> k = window_ints(b, "kernel_size", std::size_t(dims));
  const double K = double(k.front() * (dims == 2 ? k.back() : 1)), n = double(s.size());
  double sum = 0;
  for (const Source& x : s) sum += std::pow(source_number(b, x), p);
  const double a = sum / n, m = torch_sign(a) * std::max(std::fabs(a), 0.0) * K;
  double g = (1 / p) * std::pow(m, 1 / p - 1) * K * torch_sign(a);
  const double relu = std::fabs(a);
  if (relu <= 0) g = 0;
  g *= torch_sign(a);
  for (std::size_t i = 0; i < s.size(); ++i) d[i] = g / n * (p * std::pow(source_number(b, s[i]), p - 1));
}
void lp1_derivatives(const Bound& b, const OpResult&, int, I64, const std::vector<Source>& s, double* d) {
  lp_derivatives(b, s, d, 1);
}
void lp2_derivatives(const Bound& b, const OpResult&, int, I64, const std::vector<Source>& s, double* d) {
  lp_derivatives(b, s, d, 2);
}

}  // namespace

void add_window_gradients(GradRules& r) {
  for (const char* name : {"torch.nn.functional.conv1d", "torch.nn.functional.conv2d",
                           "torch.nn.functional.conv_transpose1d", "torch.nn.functional.conv_transpose2d"})
    set_rule(r, name, GradRule{conv_derivatives});
  set_rule(r, "torch.nn.functional.avg_pool1d", GradRule{avg1_derivatives});
  set_rule(r, "torch.nn.functional.avg_pool2d", GradRule{avg2_derivatives});
  set_rule(r, "torch.nn.functional.adaptive_avg_pool1d", GradRule{mean_derivatives});
  set_rule(r, "torch.nn.functional.adaptive_avg_pool2d", GradRule{mean_derivatives});
  set_rule(r, "torch.nn.functional.lp_pool1d", GradRule{lp1_derivatives});
  set_rule(r, "torch.nn.functional.lp_pool2d", GradRule{lp2_derivatives});
  // max pools (to the winner: the other elements are compare sources), unfold, fold: copies and sums
  set_family_rule(r, "window", GradRule{unit_derivatives});
  // though copies, the max pools and unfold save their input for backward in PyTorch
  // (MaxPool2DWithIndicesBackward0, Im2ColBackward0): a second backward or an in-place write
  // to the input before backward is PyTorch's error
  for (const char* name :
       {"torch.nn.functional.max_pool1d", "torch.nn.functional.max_pool2d", "torch.nn.functional.adaptive_max_pool1d",
        "torch.nn.functional.adaptive_max_pool2d", "torch.nn.functional.unfold"})
    r[find_op(name)].saves_values = true;
}

}  // namespace whence
