// window_ops.cpp - the window family: convolutions, pools, unfold and fold.
//
// One engine. An op checks its arguments in PyTorch's order and with its words, then describes
// its geometry as a Win: the input seen as [N, C, H, W] (a 1-D op has H = 1, an unbatched
// input N = 1), the output as [N, Cout, OH, OW], the kernel, stride, padding and dilation, and
// how a window is folded (Kind). for_each_term lists, for one output element, the input
// elements its window covers (padding as -1) and the weight element each pairs with; the
// compute loop, explain and the equation all walk it. The floating convolutions' compute path
// is their own: a blocked matrix product over the input's shifted planes for stride 1
// (kernels/window/conv_direct.cpp), else over im2col's columns (kernels/window/conv_im2col.cpp). An op is a
// prepare function (PyTorch's checks, in its order, and the geometry) and one window_op line;
// a new way of folding a window is a Kind, a case of for_each_term and its line of the
// equation.
#include "kernels/window/window_ops.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <deque>
#include <limits>

#include "core/bind.hpp"
#include "core/error.hpp"
#include "core/number_format.hpp"
#include "core/promotion.hpp"
#include "core/shape.hpp"
#include "core/views.hpp"
#include "kernels/common/composite.hpp"
#include "kernels/common/fast_paths.hpp"
#include "kernels/window/conv_direct.hpp"
#include "kernels/window/conv_im2col.hpp"

namespace whence {

namespace {

using I64 = std::int64_t;

enum class Kind { Conv, ConvT, Max, Avg, Lp, Unfold, Fold };

struct Win {
  Kind kind = Kind::Conv;
  DType dtype = DType::Float32;  // the result's (values)
  Shape out_shape;
  bool tuple = false;  // (values, indices)
  I64 N = 1, C = 1, Cout = 1, G = 1;
  I64 H = 1, W = 1, OH = 1, OW = 1, KH = 1, KW = 1, sH = 1, sW = 1, pH = 0, pW = 0, dH = 1, dW = 1;
  I64 BH = 1, BW = 1;  // unfold, fold: the grid of blocks (the columns)
  bool adaptive = false, include_pad = true;
  bool mean = false;    // adaptive_avg_pool's output_size 1: PyTorch's mean (sum rounded to the dtype, then divided)
  I64 divisor = 0;      // avg_pool's divisor_override (0: none)
  double p = 2;         // lp_pool's norm_type
  bool lp_int = false;  // lp_pool on an integer input.pow(p): integer steps up to the root
  int xp = 0, wp = -1, bp = -1;  // parameter indices of input, weight, bias (-1: none)
};

// What a descriptor of the family holds: its kind, its number of spatial dims and its checks.
struct WinSpec {
  Kind kind;
  int dims;
  Win (*prepare)(const Bound&, const WinSpec&);
};

const WinSpec& window_spec(const Bound& b) { return *static_cast<const WinSpec*>(b.op->family_data); }

std::string sizes(const Shape& s) { return shape_str(s); }

// --- arguments ----------------------------------------------------------------------------------

I64 int_value(const Value& v) {
  if (v.is<bool>()) return v.as<bool>() ? 1 : 0;
  if (v.is<Tensor>()) return v.as<Tensor>().get(0).i;
  return v.as<I64>();
}

// An int-list argument as ATen receives it: a bare int fills the signature's size (int[2] is
// [v, v]); None and an absent list are empty.
std::vector<I64> ints(const Bound& b, const char* name, std::size_t n) {
  const Value& v = arg(b, name);
  if (v.is<None>()) return {};
  if (v.is<List>()) {
    std::vector<I64> out;
    for (const Value& item : v.as<List>()) out.push_back(int_value(item));
    return out;
  }
  return std::vector<I64>(n, int_value(v));
}

// Python's _pair(v) (F.unfold, F.fold): an iterable becomes the tuple of its items (a str its
// characters), anything else (v, v).
Value python_pair(const Value& v) {
  List items;
  if (v.is<List>())
    items = v.as<List>();
  else if (v.is<std::string>())
    for (char c : v.as<std::string>()) items.push_back(Value(std::string(1, c)));
  else
    items = {v, v};
  Value r(std::move(items));
  r.is_tuple = true;
  return r;
}

// PyTorch's parser on the int-list arguments a Python function passes to native `fname` (in
// its positional order, from position 2): first the type of each (an empty list, or one whose
// first item is an int), then every item.
void check_int_lists(const char* fname, const std::vector<std::pair<const char*, Value>>& args,
                     std::size_t symint_count = 0) {
  auto is_index = [](const Value& x) {
    return x.is<I64>() || (x.is<Tensor>() && is_integral(x.as<Tensor>().dtype(), true) && x.as<Tensor>().numel() == 1);
  };
  for (std::size_t i = 0; i < args.size(); ++i) {
    const List& items = args[i].second.as<List>();
    const std::string word = i < symint_count ? "tuple of SymInts" : "tuple of ints";
    if (!items.empty() && !is_index(items[0]))
      fail("TypeError",
           std::string(fname) + "(): argument '" + args[i].first + "' (position " + std::to_string(i + 2) +
               ") must be " + word + ", not " + python_type_name(args[i].second),
           args[i].first);
  }
  for (std::size_t i = 0; i < args.size(); ++i) {
    const List& items = args[i].second.as<List>();
    const std::string word = i < symint_count ? "tuple of SymInts" : "tuple of ints";
    for (std::size_t j = 0; j < items.size(); ++j)
      if (!is_index(items[j]) && !items[j].is<bool>())
        fail("TypeError",
             std::string(fname) + "(): argument '" + args[i].first + "' must be " + word +
                 ", but found element of type " + python_type_name(items[j]) + " at pos " + std::to_string(j + 1),
             args[i].first);
  }
}

// F.adaptive_*_pool2d's _list_with_default(output_size, input.size()): an int stays; a
// sequence needs an input of more dims and its None items take the input's sizes.
Value list_with_default(const Value& v, const Tensor& x) {
  if (v.is<I64>() || v.is<bool>()) return Value(List{v, v});  // (the parser's SymInt[2] repeats an int)
  List items;
  if (v.is<List>())
    items = v.as<List>();
  else if (v.is<std::string>())
    for (char c : v.as<std::string>()) items.push_back(Value(std::string(1, c)));
  else
    fail("TypeError", "object of type '" + python_type_name(v) + "' has no len()", "output_size");
  if (x.dim() <= int(items.size()))
    fail("ValueError", "Input dimension should be at least " + std::to_string(items.size() + 1), "output_size");
  List out;
  for (std::size_t i = 0; i < items.size(); ++i)
    out.push_back(items[i].is<None>() ? Value(x.shape()[std::size_t(x.dim()) - items.size() + i]) : items[i]);
  return Value(std::move(out));
}

// PyTorch's pooling_output_shape (floor or ceil division; a last window must start inside).
I64 div_rtn(I64 a, I64 b) {
  I64 q = a / b, r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) --q;
  return q;
}
I64 pool_out(I64 in, I64 k, I64 pad, I64 s, I64 d, bool ceil) {
  if (s == 0) fail("RuntimeError", "stride should not be zero", "stride");
  if (pad < 0) fail("RuntimeError", "pad must be non-negative, but got pad: " + std::to_string(pad), "padding");
  if (pad > k / 2)
    fail("RuntimeError",
         "pad should be at most half of kernel size, but got pad=" + std::to_string(pad) +
             " and kernel_size=" + std::to_string(k),
         "padding");
  I64 o = div_rtn(in + 2 * pad - d * (k - 1) - 1 + (ceil ? s - 1 : 0), s) + 1;
  if (ceil && (o - 1) * s >= in + pad) --o;
  return o;
}

// --- convolutions -------------------------------------------------------------------------------

// conv1d/conv2d (and their transposes) in at::convolution's order of checks.
Win prepare_conv(const Bound& b, const WinSpec& sp) {
  const bool transposed = sp.kind == Kind::ConvT;
  const Tensor& x0 = tensor_arg(b, "input");
  const Tensor& w = tensor_arg(b, "weight");
  const bool has_bias = tensor_given(b, "bias");
  const std::string fname = std::string(transposed ? "conv_transpose" : "conv") + std::to_string(sp.dims) + "d";
  if (!transposed && has_bias && tensor_arg(b, "bias").dtype() != x0.dtype())
    fail("RuntimeError",
         std::string("Input type (") + dtype_meta_name(x0.dtype()) + ") and bias type (" +
             dtype_meta_name(tensor_arg(b, "bias").dtype()) + ") should be the same",
         "bias");
  const int nd = sp.dims;
  if (x0.dim() != nd + 1 && x0.dim() != nd + 2)
    fail("RuntimeError",
         "Expected " + std::to_string(nd + 1) + "D (unbatched) or " + std::to_string(nd + 2) + "D (batched) input to " +
             fname + ", but got input of size: " + sizes(x0.shape()),
         "input");
  const bool batched = x0.dim() == nd + 2;
  Shape xs = x0.shape();
  if (!batched) insert_at(xs, 0, 1);
  const I64 k = w.dim();
  const int dim = int(k) - 2;
  Shape shown = xs;  // the input as the convolution's messages print it ('same' may have padded it)
  const Value& pad_v = arg(b, "padding");
  const bool pad_str = pad_v.is<std::string>();
  std::vector<I64> stride = ints(b, "stride", std::size_t(nd)), dil = ints(b, "dilation", std::size_t(nd)), pad,
                   out_pad;
  const I64 groups = int_arg(b, "groups", 1);
  bool same = false;
  if (pad_str) {
    const std::string& ps = pad_v.as<std::string>();
    if (ps == "same") {
      same = true;
      if (k <= 2) fail("RuntimeError", "weight should have at least three dimensions", "weight");
      if (k != I64(xs.size()))
        fail("RuntimeError",
             "Expected " + std::to_string(k) + "-dimensional input for " + std::to_string(k) + "-dimensional weight" +
                 sizes(w.shape()) + ", but got " + std::to_string(xs.size()) + "-dimensional input of size " +
                 sizes(xs) + " instead",
             "input");
      if (stride.size() != std::size_t(dim) && stride.size() != 1)
        fail("RuntimeError", "stride cannot broadcast to " + std::to_string(dim) + " dimensions", "stride");
      if (dil.size() != std::size_t(dim) && dil.size() != 1)
        fail("RuntimeError", "dilation cannot broadcast to " + std::to_string(dim) + " dimensions", "dilation");
      for (I64 s : stride)
        if (s != 1) fail("RuntimeError", "padding='same' is not supported for strided convolutions", "padding");
      for (int i = 0; i < dim; ++i) {
        const I64 d = dil.size() == 1 ? dil[0] : dil[std::size_t(i)], total = d * (w.shape()[std::size_t(i) + 2] - 1);
        pad.push_back(total / 2);  // the left (top) padding; an odd total pads the input's right side by one first
        if (total % 2 && std::size_t(i) + 2 < shown.size()) shown[std::size_t(i) + 2] += 1;
      }
    } else if (ps == "valid") {
      pad = {0};
    } else {
      fail("RuntimeError", "Invalid padding string: '" + ps + "'", "padding");
    }
  } else {
    pad = ints(b, "padding", std::size_t(nd));
  }
  if (transposed) out_pad = ints(b, "output_padding", std::size_t(nd));
  if (k <= 2) fail("RuntimeError", "weight should have at least three dimensions", "weight");
  if (groups <= 0) fail("RuntimeError", "non-positive groups is not supported", "groups");
  auto expand = [&](std::vector<I64>& v, const char* name) {
    if (v.size() == 1)
      v = std::vector<I64>(std::size_t(dim),
                           v[0]);  // (not v.assign(n, v[0]): v[0] would dangle once assign reallocates)
    else if (v.size() != std::size_t(dim))
      fail("RuntimeError",
           std::string("expected ") + name + " to be a single integer value or a list of " + std::to_string(dim) +
               " values to match the convolution dimensions, but got " + name + "=" + int_list_text(v),
           name);
  };
  expand(stride, "stride");
  expand(pad, "padding");
  if (transposed) expand(out_pad, "output_padding");
  expand(dil, "dilation");
  for (I64 p : pad)
    if (p < 0) fail("RuntimeError", "negative padding is not supported", "padding");
  for (I64 p : out_pad)
    if (p < 0) fail("RuntimeError", "negative output_padding is not supported", "output_padding");
  for (I64 s : stride)
    if (s <= 0) fail("RuntimeError", "non-positive stride is not supported", "stride");
  const Shape& ws = w.shape();
  if (k != I64(xs.size()))
    fail("RuntimeError",
         "Expected " + std::to_string(k) + "-dimensional input for " + std::to_string(k) + "-dimensional weight " +
             sizes(ws) + ", but got " + std::to_string(xs.size()) + "-dimensional input of size " + sizes(xs) +
             " instead",
         "input");
  if (ws[0] < groups)
    fail("RuntimeError",
         "Given groups=" + std::to_string(groups) + ", expected weight to be at least " + std::to_string(groups) +
             " at dimension 0, but got weight of size " + sizes(ws) + " instead",
         "weight");
  if (ws[0] % groups != 0)
    fail("RuntimeError",
         "Given groups=" + std::to_string(groups) + ", expected weight to be divisible by " + std::to_string(groups) +
             " at dimension 0, but got weight of size [" + sizes(ws) + "] instead",
         "weight");
  Win g;
  g.kind = sp.kind;
  g.xp = b.op->param_index("input");
  g.wp = b.op->param_index("weight");
  g.bp = has_bias ? b.op->param_index("bias") : -1;
  g.G = groups;
  g.N = xs[0];
  g.C = xs[1];
  if (!transposed) {
    if (xs[1] != ws[1] * groups)
      fail("RuntimeError",
           "Given groups=" + std::to_string(groups) + ", weight of size " + sizes(ws) + ", expected input" +
               sizes(shown) + " to have " + std::to_string(ws[1] * groups) + " channels, but got " +
               std::to_string(xs[1]) + " channels instead",
           "input");
    if (has_bias && (tensor_arg(b, "bias").dim() != 1 || tensor_arg(b, "bias").shape()[0] != ws[0]))
      fail("RuntimeError",
           "Given weight of size " + sizes(ws) + ", expected bias to be 1-dimensional with " + std::to_string(ws[0]) +
               " elements, but got bias of size " + sizes(tensor_arg(b, "bias").shape()) + " instead",
           "bias");
    bool fits = true;
    std::string in_txt, k_txt;
    for (int i = 0; i < dim; ++i) {
      const I64 padded = xs[std::size_t(i) + 2] + 2 * pad[std::size_t(i)],
                kern = dil[std::size_t(i)] * (ws[std::size_t(i) + 2] - 1) + 1;
      fits = fits && padded >= kern;
      in_txt += (i ? " x " : "") + std::to_string(padded);
      k_txt += (i ? " x " : "") + std::to_string(kern);
    }
    // (a 'same' convolution pads the right side too: the padded input always fits its kernel)
    if (!fits && !same)
      fail("RuntimeError",
           "Calculated padded input size per channel: (" + in_txt + "). Kernel size: (" + k_txt +
               "). Kernel size can't be greater than actual input size",
           "weight");
    g.Cout = ws[0];
  } else {
    if (xs[1] != ws[0])
      fail("RuntimeError",
           "Given transposed=1, weight of size " + sizes(ws) + ", expected input" + sizes(xs) + " to have " +
               std::to_string(ws[0]) + " channels, but got " + std::to_string(xs[1]) + " channels instead",
           "input");
    if (has_bias && (tensor_arg(b, "bias").dim() != 1 || tensor_arg(b, "bias").shape()[0] != ws[1] * groups))
      fail("RuntimeError",
           "Given transposed=1, weight of size " + sizes(ws) + ", expected bias to be 1-dimensional with " +
               std::to_string(ws[1] * groups) + " elements, but got bias of size " +
               sizes(tensor_arg(b, "bias").shape()) + " instead",
           "bias");
    g.Cout = ws[1] * groups;
  }
  // (checked once a 1-D convolution is seen as a 2-D one of height 1)
  for (I64 d : dil)
    if (d <= 0 && !transposed) {
      std::vector<I64> shown = dil;
      if (dim == 1) shown.insert(shown.begin(), 1);
      fail("RuntimeError", "dilation should be greater than zero, but got " + int_list_text(shown), "dilation");
    }
  // The kernel's own checks: kernel sizes, then dtypes.
  if (nd == 2) {
    g.H = xs[2], g.W = xs[3], g.KH = ws[2], g.KW = ws[3], g.sH = stride[0], g.sW = stride[1], g.pH = pad[0],
    g.pW = pad[1], g.dH = dil[0], g.dW = dil[1];
  } else {
    g.W = xs[2], g.KW = ws[2], g.sW = stride[0], g.pW = pad[0], g.dW = dil[0];
  }
  if (g.N == 0 ||
      g.C ==
          0) {  // PyTorch's "Empty" backend: input · weight[0] (the flat weight when C = 0), no kernel, no kernel checks
    if (g.C != 0 && w.numel() == 0)
      fail("IndexError", "select(): index 0 out of range for tensor of size [0] at dimension 0", "weight");
    g.dtype = g.C == 0 ? promote_types(x0.dtype(), w.dtype())
                       : result_type({PromotionOperand{x0.dtype(), OperandRank::Dimensioned},
                                      PromotionOperand{w.dtype(), OperandRank::ZeroDim}});
    const I64 opH = transposed && nd == 2 ? out_pad[0] : 0, opW = transposed ? out_pad.back() : 0;
    g.OH = transposed ? (g.H - 1) * g.sH - 2 * g.pH + g.dH * (g.KH - 1) + opH + 1
           : same     ? g.H
                      : (g.H + 2 * g.pH - g.dH * (g.KH - 1) - 1) / g.sH + 1;
    g.OW = transposed ? (g.W - 1) * g.sW - 2 * g.pW + g.dW * (g.KW - 1) + opW + 1
           : same     ? g.W
                      : (g.W + 2 * g.pW - g.dW * (g.KW - 1) - 1) / g.sW + 1;
    if (g.C == 0) g.Cout = 0;  // ("Handle empty # of channels")
    if (batched) g.out_shape.push_back(g.N);
    g.out_shape.push_back(g.Cout);
    if (nd == 2) g.out_shape.push_back(g.OH);
    g.out_shape.push_back(g.OW);
    return g;
  }
  const std::string kh = std::to_string(g.KH), kw = std::to_string(g.KW);
  if (g.KH <= 0 || g.KW <= 0)
    fail("RuntimeError",
         "kernel size should be greater than zero, but got kernel_height: " + kh + " kernel_width: " + kw, "weight");
  const DType xd = x0.dtype(), wd = w.dtype();
  if (!transposed) {
    if (xd == DType::BFloat16 && wd != xd)
      fail("RuntimeError",
           std::string("Input type (CPUBFloat16Type) and weight type (torch.") +
               (wd == DType::Float32   ? "FloatTensor"
                : wd == DType::Float64 ? "DoubleTensor"
                                       : "Tensor") +
               ") should be the same or input should be a MKLDNN tensor and weight is a dense tensor",
           "weight");
    if (xd == DType::Bool) fail_not_implemented("slow_conv2d_cpu", xd);  // (float16: computed as newer PyTorch does)
    g.OH = same ? g.H : (g.H + 2 * g.pH - g.dH * (g.KH - 1) - 1) / g.sH + 1;
    g.OW = same ? g.W : (g.W + 2 * g.pW - g.dW * (g.KW - 1) - 1) / g.sW + 1;
  } else {  // slow_conv_transpose2d_shape_check, on the 1-D call seen as 2-D
    if (g.dH <= 0 || g.dW <= 0)
      fail("RuntimeError",
           "dilation should be greater than zero, but got dilation_height: " + std::to_string(g.dH) +
               ", dilation_width: " + std::to_string(g.dW),
           "dilation");
    const I64 opH = nd == 2 ? out_pad[0] : 0, opW = out_pad.back();
    if (!((opW < g.sW || opW < g.dW) && (opH < g.sH || opH < g.dH)))
      fail("RuntimeError",
           "output padding must be smaller than either stride or dilation, but got output_padding_height: " +
               std::to_string(opH) + " output_padding_width: " + std::to_string(opW) +
               " stride_height: " + std::to_string(g.sH) + " stride_width: " + std::to_string(g.sW) +
               " dilation_height: " + std::to_string(g.dH) + " dilation_width: " + std::to_string(g.dW),
           "output_padding");
    g.OH = (g.H - 1) * g.sH - 2 * g.pH + g.dH * (g.KH - 1) + opH + 1;
    g.OW = (g.W - 1) * g.sW - 2 * g.pW + g.dW * (g.KW - 1) + opW + 1;
    if (g.OH < 1 || g.OW < 1)
      fail("RuntimeError",
           "Given input size per channel: (" + std::to_string(g.H) + " x " + std::to_string(g.W) +
               "). Calculated output size per channel: (" + std::to_string(g.OH) + " x " + std::to_string(g.OW) +
               "). Output size is too small",
           "input");
    // float16, and bfloat16 (which PyTorch 1.13 runs as an ordinary convolution), computed as newer PyTorch does
    if (xd == DType::Bool || (is_integral(xd, false) && xd != DType::Int64))
      fail_not_implemented("slow_conv_transpose2d_out_cpu", xd);
  }
  if (wd != xd)
    fail("RuntimeError",
         std::string("expected scalar type ") + dtype_scalar_name(xd) + " but found " + dtype_scalar_name(wd),
         "weight");
  g.dtype = xd;
  if (transposed && has_bias && tensor_arg(b, "bias").dtype() != xd)
    fail("RuntimeError",
         std::string("expected scalar type ") + dtype_scalar_name(xd) + " but found " +
             dtype_scalar_name(tensor_arg(b, "bias").dtype()),
         "bias");
  if (batched) g.out_shape.push_back(g.N);
  g.out_shape.push_back(g.Cout);
  if (nd == 2) g.out_shape.push_back(g.OH);
  g.out_shape.push_back(g.OW);
  return g;
}

// --- pools --------------------------------------------------------------------------------------

void set_pool_out_shape(Win& g, bool batched, int nd) {
  if (batched) g.out_shape.push_back(g.N);
  g.out_shape.push_back(g.C);
  if (nd == 2) g.out_shape.push_back(g.OH);
  g.out_shape.push_back(g.OW);
  g.Cout = g.C;
}

bool returns_indices(const Bound& b) {
  return b.dispatched.find("with_indices") != std::string::npos || b.name.find("with_indices") != std::string::npos ||
         (b.dispatched.empty() && bool_arg(b, "return_indices", false));
}

// pool2d_shape_check (max_pool2d_with_indices's and avg_pool2d's meta functions end with it).
void pool2d_check(const Win& g, const Tensor& x) {
  if (g.KW <= 0 || g.KH <= 0)
    fail(
        "RuntimeError",
        "kernel size should be greater than zero, but got kH: " + std::to_string(g.KH) + " kW: " + std::to_string(g.KW),
        "kernel_size");
  if (g.sW <= 0 || g.sH <= 0)
    fail("RuntimeError",
         "stride should be greater than zero, but got dH: " + std::to_string(g.sH) + " dW: " + std::to_string(g.sW),
         "stride");
  if (g.dH <= 0 || g.dW <= 0)
    fail("RuntimeError",
         "dilation should be greater than zero, but got dilationH: " + std::to_string(g.dH) +
             " dilationW: " + std::to_string(g.dW),
         "dilation");
  const Shape& s = x.shape();
  const bool valid = s[1] != 0 && s[2] != 0;
  if (!((x.dim() == 3 && s[0] != 0 && valid) || (x.dim() == 4 && valid && s[3] != 0)))
    fail("RuntimeError",
         "Expected 3D or 4D (batch mode) tensor with optional 0 dim batch size for input, but got:" + sizes(s),
         "input");
  if (!(g.KW / 2 >= g.pW && g.KH / 2 >= g.pH))
    fail("RuntimeError",
         "pad should be smaller than or equal to half of kernel size, but got padW = " + std::to_string(g.pW) +
             ", padH = " + std::to_string(g.pH) + ", kW = " + std::to_string(g.KW) + ", kH = " + std::to_string(g.KH),
         "padding");
  if (g.OW < 1 || g.OH < 1)
    fail("RuntimeError",
         "Given input size: (" + std::to_string(g.C) + "x" + std::to_string(g.H) + "x" + std::to_string(g.W) +
             "). Calculated output size: (" + std::to_string(g.C) + "x" + std::to_string(g.OH) + "x" +
             std::to_string(g.OW) + "). Output size is too small",
         "input");
}

// PyTorch's checkDimRange and check1d (max_pool1d_with_indices, avg_pool1d).
void check_1d_args(const Bound& b, const char* fname, const Tensor& x, std::initializer_list<const char*> names) {
  if (x.dim() < 2 || x.dim() > 3)
    fail("RuntimeError",
         "Expected 2 to 3 dimensions, but got " + std::to_string(x.dim()) +
             "-dimensional tensor for argument #1 'self' (while checking arguments for " + fname + ")",
         "input");
  for (const char* n : names) {
    if (b.op->param_index(n) < 0) continue;  // (lp_pool1d passes padding=0)
    const std::size_t size = ints(b, n, 1).size();
    if (size != 1 && !(std::string(n) == "stride" && size == 0))
      fail("RuntimeError",
           std::string(fname) + "() argument '" + n + "' should contain one int (got " + std::to_string(size) + ")", n);
  }
}

// The [N, C, H, W] of a pooled input (a 1-D op's H is 1).
void pool_sizes(Win& g, const Tensor& x, int nd) {
  const Shape& s = x.shape();
  const int r = x.dim();
  g.N = r == nd + 2 ? s[0] : 1;
  g.C = s[std::size_t(r - nd - 1)];
  g.H = nd == 2 ? s[std::size_t(r - 2)] : 1;
  g.W = s[std::size_t(r - 1)];
}

Win prepare_max_pool(const Bound& b, const WinSpec& sp) {
  const Tensor& x = tensor_arg(b, "input");
  Win g;
  g.kind = Kind::Max;
  g.xp = b.op->param_index("input");
  g.tuple = returns_indices(b);
  const bool ceil = bool_arg(b, "ceil_mode", false);
  std::vector<I64> k = ints(b, "kernel_size", std::size_t(sp.dims)), s = ints(b, "stride", std::size_t(sp.dims)),
                   p = ints(b, "padding", std::size_t(sp.dims)), d = ints(b, "dilation", std::size_t(sp.dims));
  if (sp.dims == 1 && !g.tuple) {  // max_pool1d's own kernel
    const Shape& sh = x.shape();
    if (!((x.dim() == 2 && sh[0] != 0 && sh[1] != 0) || (x.dim() == 3 && sh[1] != 0 && sh[2] != 0)))
      fail("RuntimeError",
           "max_pool1d: Expected 2D or 3D (batch mode) tensor with optional 0 dim batch size for input, but got:" +
               sizes(sh),
           "input");
    if (k.size() != 1)
      fail("RuntimeError",
           "max_pool1d() kernel_size must be an int, list of ints or tuple of ints of size 1 but got size " +
               std::to_string(k.size()),
           "kernel_size");
    if (s.size() > 1)
      fail("RuntimeError",
           "max_pool1d() stride must be None, an int, list of ints, or tuple of ints of size 1 but got size " +
               std::to_string(s.size()),
           "stride");
    if (p.size() != 1)
      fail("RuntimeError",
           "max_pool1d() padding must be an int, list of ints, or tuple of ints of size 1 but got size " +
               std::to_string(p.size()),
           "padding");
    if (d.size() != 1)
      fail("RuntimeError",
           "max_pool1d() dilation must be an int, list of ints or tuple of ints of size 1 but got size " +
               std::to_string(d.size()),
           "dilation");
    if (s.empty()) s = k;
    if (k[0] <= 0)
      fail("RuntimeError", "max_pool1d() kernel_size must be greater than zero, but got " + std::to_string(k[0]),
           "kernel_size");
    if (s[0] <= 0)
      fail("RuntimeError", "max_pool1d() stride must be greater than zero, but got " + std::to_string(s[0]), "stride");
    if (p[0] < 0)
      fail("RuntimeError", "max_pool1d() padding must be non-negative, but got " + std::to_string(p[0]), "padding");
    if (p[0] > k[0] / 2)
      fail("RuntimeError",
           "max_pool1d() padding should be at most half of kernel size, but got padding=" + std::to_string(p[0]) +
               " and kernel_size=" + std::to_string(k[0]),
           "padding");
    if (d[0] <= 0)
      fail("RuntimeError", "max_pool1d() dilation must be greater than zero, but got " + std::to_string(d[0]),
           "dilation");
    pool_sizes(g, x, 1);
    g.KW = k[0], g.sW = s[0], g.pW = p[0], g.dW = d[0];
    g.OW = pool_out(g.W, g.KW, g.pW, g.sW, g.dW, ceil);
    if (g.OW < 0) fail("RuntimeError", "max_pool1d() Invalid computed output size: " + std::to_string(g.OW), "input");
    if (!is_floating(x.dtype()))
      fail_not_implemented("max_pool1d_impl", x.dtype());  // (float16: computed as newer PyTorch does)
  } else {
    Tensor x4 = x;
    if (sp.dims == 1) {
      check_1d_args(b, "max_pool1d", x, {"kernel_size", "stride", "padding", "dilation"});
      if (s.empty()) s = k;
      k.insert(k.begin(), 1), s.insert(s.begin(), 1), p.insert(p.begin(), 0), d.insert(d.begin(), 1);
      x4 = unsqueeze(x, x.dim() - 1);
    }
    if (k.size() != 1 && k.size() != 2)
      fail("RuntimeError", "max_pool2d: kernel_size must either be a single int, or a tuple of two ints",
           "kernel_size");
    if (s.size() > 2)
      fail("RuntimeError", "max_pool2d: stride must either be omitted, a single int, or a tuple of two ints", "stride");
    if (p.size() != 1 && p.size() != 2)
      fail("RuntimeError", "max_pool2d: padding must either be a single int, or a tuple of two ints", "padding");
    if (d.size() != 1 && d.size() != 2)
      fail("RuntimeError", "max_pool2d: dilation must be either a single int, or a tuple of two ints", "dilation");
    g.KH = k[0], g.KW = k.back();
    g.sH = s.empty() ? g.KH : s[0], g.sW = s.empty() ? g.KW : s.back();
    g.pH = p[0], g.pW = p.back(), g.dH = d[0], g.dW = d.back();
    if (x4.dim() != 3 && x4.dim() != 4)
      fail("RuntimeError", "non-empty 3D or 4D (batch mode) tensor expected for input", "input");
    pool_sizes(g, x4, 2);
    g.OH = pool_out(g.H, g.KH, g.pH, g.sH, g.dH, ceil);
    g.OW = pool_out(g.W, g.KW, g.pW, g.sW, g.dW, ceil);
    pool2d_check(g, x4);
    if (!is_floating(x.dtype())) fail_not_implemented(memory_format_kernel("max_pool2d", x4), x.dtype());
  }
  g.dtype = x.dtype();
  set_pool_out_shape(g, x.dim() == sp.dims + 2, sp.dims);
  return g;
}

// avg_pool (and lp_pool's avg_pool step on input.pow(p), whose dtype is `kernel_dtype`).
Win avg_pool_win(const Bound& b, const WinSpec& sp, DType kernel_dtype) {
  const Tensor& x = tensor_arg(b, "input");
  Win g;
  g.kind = Kind::Avg;
  g.xp = b.op->param_index("input");
  const bool ceil = bool_arg(b, "ceil_mode", false);
  g.include_pad = bool_arg(b, "count_include_pad", true);
  std::vector<I64> k = ints(b, "kernel_size", std::size_t(sp.dims)), s = ints(b, "stride", std::size_t(sp.dims)),
                   p = ints(b, "padding", std::size_t(sp.dims));
  if (b.op->param_index("padding") < 0) p.assign(std::size_t(sp.dims), 0);  // lp_pool: avg_pool with padding 0
  Tensor x4 = x;
  if (sp.dims == 1) {
    check_1d_args(b, "avg_pool1d", x, {"kernel_size", "stride", "padding"});
    if (s.empty()) s = k;
    k.insert(k.begin(), 1), s.insert(s.begin(), 1), p.insert(p.begin(), 0);
    x4 = unsqueeze(x, x.dim() - 1);
  }
  if (k.size() != 1 && k.size() != 2)
    fail("RuntimeError", "avg_pool2d: kernel_size must either be a single int, or a tuple of two ints", "kernel_size");
  if (s.size() > 2)
    fail("RuntimeError", "avg_pool2d: stride must either be omitted, a single int, or a tuple of two ints", "stride");
  if (p.size() != 1 && p.size() != 2)
    fail("RuntimeError", "avg_pool2d: padding must either be a single int, or a tuple of two ints", "padding");
  g.KH = k[0], g.KW = k.back();
  g.sH = s.empty() ? g.KH : s[0], g.sW = s.empty() ? g.KW : s.back();
  g.pH = p[0], g.pW = p.back();
  const Value& dv = arg(b, "divisor_override");
  if (!dv.is<None>()) {
    g.divisor = int_value(dv);
    if (g.divisor == 0) fail("RuntimeError", "divisor must be not zero", "divisor_override");
  }
  if (x4.dim() < 3) {
    fail("IndexError",
         "Dimension out of range (expected to be in range of [" + std::to_string(-std::max(1, x4.dim())) + ", " +
             std::to_string(std::max(1, x4.dim()) - 1) + "], but got -3)",
         "input");
  }
  pool_sizes(g, x4, 2);
  if (x4.dim() > 4) g.N = x4.shape()[std::size_t(x4.dim() - 4)];
  g.OH = pool_out(g.H, g.KH, g.pH, g.sH, 1, ceil);
  g.OW = pool_out(g.W, g.KW, g.pW, g.sW, 1, ceil);
  pool2d_check(g, x4);
  const DType d = kernel_dtype;
  if (!is_floating(d) && d != DType::Int64)
    fail_not_implemented(memory_format_kernel("avg_pool2d", x4), d);  // (lp_pool: pow keeps the layout)
  g.dtype = d;
  set_pool_out_shape(g, x.dim() == sp.dims + 2, sp.dims);
  return g;
}

// lp_pool: F.lp_pool*d's Python steps, avg_pool(input.pow(p)) · kernel size, then ^(1/p),
// with the dtypes and errors of each step.
Win prepare_lp(const Bound& b, const WinSpec& sp) {
  const Tensor& x = tensor_arg(b, "input");
  const Value& pv = arg(b, "norm_type");
  const Value& kv = arg(b, "kernel_size");
  if (sp.dims == 2 && (kv.is<List>() || kv.is<std::string>())) {  // kw, kh = _pair(kernel_size), lp_pool2d's first step
    const std::size_t n = kv.is<List>() ? kv.as<List>().size() : kv.as<std::string>().size();
    if (n < 2)
      fail("ValueError", "not enough values to unpack (expected 2, got " + std::to_string(n) + ")", "kernel_size");
    if (n > 2) fail("ValueError", "too many values to unpack (expected 2)", "kernel_size");
  }
  check_native_call("torch.Tensor.pow", {&pv}, {});
  {  // avg_pool*d(input.pow(p), kernel_size, stride, 0, ceil_mode), or without the stride
    const Value zero(I64(0));
    const std::string avg = sp.dims == 1 ? "torch.nn.functional.avg_pool1d" : "torch.nn.functional.avg_pool2d";
    if (arg(b, "stride").is<None>())
      check_native_call(avg, {&arg(b, "input"), &kv}, {{"padding", &zero}, {"ceil_mode", &arg(b, "ceil_mode")}});
    else
      check_native_call(avg, {&arg(b, "input"), &kv, &arg(b, "stride"), &zero, &arg(b, "ceil_mode")}, {});
  }
  const bool p_int = pv.is<I64>() || pv.is<bool>();
  const double p = double_arg(b, "norm_type", 2);
  DType pow_dtype = x.dtype();
  if (is_integral(x.dtype(), true)) {
    if (!p_int)
      pow_dtype = DType::Float32;
    else if (p < 0)
      fail("RuntimeError", "Integers to negative integer powers are not allowed.", "norm_type");
    else if (x.dtype() == DType::Bool)
      pow_dtype = DType::Int64;
  }
  Win g = avg_pool_win(b, sp, pow_dtype);
  g.kind = Kind::Lp;
  g.p = p;
  const Value& k = arg(b, "kernel_size");
  if (sp.dims == 1 && k.is<List>())
    fail("TypeError", std::string("mul(): argument 'other' (position 1) must be Tensor, not ") + python_type_name(k),
         "kernel_size");
  if (p == 0) fail("ZeroDivisionError", "float division by zero", "norm_type");
  g.lp_int = is_integral(pow_dtype, true);
  g.dtype = is_floating(x.dtype()) ? x.dtype() : DType::Float32;
  return g;
}

// --- unfold (im2col) and fold (col2im) -----------------------------------------------------------

// The sizes and checks both share: each parameter a pair, then its value.
struct Pairs {
  I64 kH, kW, dH, dW, pH, pW, sH, sW;
};
Pairs im2col_pairs(const Bound& b, std::initializer_list<const char*> extra) {
  for (const char* n : extra) {
    const std::size_t size = ints(b, n, 2).size();
    if (size != 2)
      fail("RuntimeError", std::string("It is expected ") + n + " equals to 2, but got size " + std::to_string(size),
           n);
  }
  for (const char* n : {"kernel_size", "dilation", "padding", "stride"}) {
    const std::size_t size = ints(b, n, 2).size();
    if (size != 2)
      fail("RuntimeError", std::string("It is expected ") + n + " equals to 2, but got size " + std::to_string(size),
           n);
  }
  const auto k = ints(b, "kernel_size", 2), d = ints(b, "dilation", 2), p = ints(b, "padding", 2),
             s = ints(b, "stride", 2);
  return {k[0], k[1], d[0], d[1], p[0], p[1], s[0], s[1]};
}
void pair_check(bool ok, const char* what, const char* h, const char* w, I64 a, I64 b_, const char* arg,
                const char* sep = " ") {
  if (!ok)
    fail("RuntimeError",
         std::string(what) + ", but got " + h + ": " + std::to_string(a) + sep + w + ": " + std::to_string(b_), arg);
}

Win prepare_unfold(const Bound& b, const WinSpec&) {
  check_int_lists("im2col", {{"kernel_size", python_pair(arg(b, "kernel_size"))},
                             {"dilation", python_pair(arg(b, "dilation"))},
                             {"padding", python_pair(arg(b, "padding"))},
                             {"stride", python_pair(arg(b, "stride"))}});
  const Tensor& x = tensor_arg(b, "input");
  const Pairs q = im2col_pairs(b, {});
  pair_check(q.kW > 0 && q.kH > 0, "kernel size should be greater than zero", "kernel_height", "kernel_width", q.kH,
             q.kW, "kernel_size");
  pair_check(q.dW > 0 && q.dH > 0, "dilation should be greater than zero", "dilation_height", "dilation_width", q.dH,
             q.dW, "dilation");
  pair_check(q.pW >= 0 && q.pH >= 0, "padding should be non-negative", "pad_height", "pad_width", q.pH, q.pW,
             "padding");
  pair_check(q.sW > 0 && q.sH > 0, "stride should be greater than zero", "stride_height", "stride_width", q.sH, q.sW,
             "stride");
  const int r = x.dim();
  for (int d : {1, 2})
    if (d >= r)
      fail("IndexError",
           r == 0 ? "Dimension specified as " + std::to_string(d) + " but tensor has no dimensions"
                  : "Dimension out of range (expected to be in range of [" + std::to_string(-r) + ", " +
                        std::to_string(r - 1) + "], but got " + std::to_string(d) + ")",
           "input");
  const Shape& s = x.shape();
  const bool valid = s[1] != 0 && s[2] != 0;
  if (!((r == 3 && s[0] != 0 && valid) || (r == 4 && valid && s[3] != 0)))
    fail("RuntimeError",
         "Expected 3D or 4D (batch mode) tensor with possibly 0 batch size and other non-zero dimensions for input, "
         "but got: " +
             sizes(s),
         "input");
  Win g;
  g.kind = Kind::Unfold;
  g.xp = b.op->param_index("input");
  g.N = r == 4 ? s[0] : 1;
  g.C = s[std::size_t(r - 3)], g.H = s[std::size_t(r - 2)], g.W = s[std::size_t(r - 1)];
  g.KH = q.kH, g.KW = q.kW, g.dH = q.dH, g.dW = q.dW, g.pH = q.pH, g.pW = q.pW, g.sH = q.sH, g.sW = q.sW;
  g.BH = div_rtn(g.H + 2 * g.pH - (g.dH * (g.KH - 1) + 1), g.sH) + 1;
  g.BW = div_rtn(g.W + 2 * g.pW - (g.dW * (g.KW - 1) + 1), g.sW) + 1;
  if (g.BH < 1 || g.BW < 1)  // (PyTorch prints the input's height twice)
    fail("RuntimeError",
         "Given input with spatial size (" + std::to_string(g.H) + ", " + std::to_string(g.H) + "), kernel_size=(" +
             std::to_string(g.KH) + ", " + std::to_string(g.KW) + "), dilation=(" + std::to_string(g.dH) + ", " +
             std::to_string(g.dW) + "), padding=(" + std::to_string(g.pH) + ", " + std::to_string(g.pW) +
             "), calculated shape of the array of sliding blocks as (" + std::to_string(g.BH) + ", " +
             std::to_string(g.BW) + "), but its components must be at least one.",
         "kernel_size");
  if (!is_floating(x.dtype())) fail_not_implemented("im2col_out_cpu", x.dtype());
  g.dtype = x.dtype();
  g.Cout = g.C * g.KH * g.KW, g.OH = 1,
  g.OW = g.BH * g.BW;  // (an output row per (channel, kernel tap), a column per block)
  if (r == 4) g.out_shape.push_back(g.N);
  g.out_shape.push_back(g.Cout);
  g.out_shape.push_back(g.OW);
  return g;
}

Win prepare_fold(const Bound& b, const WinSpec&) {
  check_int_lists("col2im",
                  {{"output_size", python_pair(arg(b, "output_size"))},
                   {"kernel_size", python_pair(arg(b, "kernel_size"))},
                   {"dilation", python_pair(arg(b, "dilation"))},
                   {"padding", python_pair(arg(b, "padding"))},
                   {"stride", python_pair(arg(b, "stride"))}},
                  1);
  const Tensor& x = tensor_arg(b, "input");
  const Pairs q = im2col_pairs(b, {"output_size"});
  const auto o = ints(b, "output_size", 2);
  pair_check(q.kW > 0 && q.kH > 0, "kernel size should be greater than zero", "kernel_height", "kernel_width", q.kH,
             q.kW, "kernel_size");
  pair_check(q.sW > 0 && q.sH > 0, "stride should be greater than zero", "stride_height", "stride_width", q.sH, q.sW,
             "stride");
  pair_check(q.dW > 0 && q.dH > 0, "dilation should be greater than zero", "dilation_height", "dilation_width", q.dH,
             q.dW, "dilation");
  pair_check(q.pW >= 0 && q.pH >= 0, "padding should be non-negative", "pad_height", "pad_width", q.pH, q.pW,
             "padding");
  const int r = x.dim();
  const Shape& s = x.shape();
  if (!((r == 2 && s[0] != 0 && s[1] != 0) || (r == 3 && s[1] != 0 && s[2] != 0)))
    fail("RuntimeError",
         "Expected 2D or 3D (batch mode) tensor for input with possibly 0 batch size and non-zero dimensions for "
         "input, but got: " +
             sizes(s),
         "input");
  Win g;
  g.kind = Kind::Fold;
  g.xp = b.op->param_index("input");
  g.N = r == 3 ? s[0] : 1;
  const I64 planes = s[std::size_t(r - 2)], length = s[std::size_t(r - 1)];
  g.KH = q.kH, g.KW = q.kW, g.dH = q.dH, g.dW = q.dW, g.pH = q.pH, g.pW = q.pW, g.sH = q.sH, g.sW = q.sW;
  if (planes % (g.KH * g.KW) != 0)
    fail("RuntimeError",
         "Expected size of input's dimension 1 to be divisible by the product of kernel_size, but got input.size(1)=" +
             std::to_string(planes) + " and kernel_size=(" + std::to_string(g.KH) + ", " + std::to_string(g.KW) + ").",
         "input");
  g.OH = o[0], g.OW = o[1];
  g.BH = div_rtn(g.OH + 2 * g.pH - g.dH * (g.KH - 1) - 1, g.sH) + 1;
  g.BW = div_rtn(g.OW + 2 * g.pW - g.dW * (g.KW - 1) - 1, g.sW) + 1;
  const std::string given = "Given output_size=(" + std::to_string(g.OH) + ", " + std::to_string(g.OW) +
                            "), kernel_size=(" + std::to_string(g.KH) + ", " + std::to_string(g.KW) + "), dilation=(" +
                            std::to_string(g.dH) + ", " + std::to_string(g.dW) + "), padding=(" + std::to_string(g.pH) +
                            ", " + std::to_string(g.pW) + "), ";
  if (length != g.BH * g.BW)
    fail("RuntimeError",
         given + "stride=(" + std::to_string(g.sH) + ", " + std::to_string(g.sW) +
             "), expected size of input's dimension 2 to match the calculated number of sliding blocks " +
             std::to_string(g.BH) + " * " + std::to_string(g.BW) + " = " + std::to_string(g.BH * g.BW) +
             ", but got input.size(2)=" + std::to_string(length) + ".",
         "input");
  if (g.BH < 1 || g.BW < 1)
    fail("RuntimeError",
         given + "calculated shape of the array of sliding blocks as (" + std::to_string(g.BH) + ", " +
             std::to_string(g.BW) + "), which is too small (non-positive)",
         "output_size");
  if (!is_floating(x.dtype())) fail_not_implemented("col2im_out_cpu", x.dtype());
  g.dtype = x.dtype();
  g.C = planes / (g.KH * g.KW), g.Cout = g.C;
  g.H = g.OH, g.W = g.OW;
  if (r == 3) g.out_shape.push_back(g.N);
  g.out_shape.push_back(g.C);
  g.out_shape.push_back(g.OH);
  g.out_shape.push_back(g.OW);
  return g;
}

// The output_size of an adaptive pool (after F.adaptive_*_pool2d's _list_with_default): an int
// fills both dims.
std::vector<I64> adaptive_sizes(const Value& v, std::size_t n) {
  if (!v.is<List>()) return std::vector<I64>(n, int_value(v));
  std::vector<I64> out;
  for (const Value& item : v.as<List>()) out.push_back(int_value(item));
  return out;
}

void check_1d_sizes(const char* fname, const Tensor& x, const std::vector<I64>& out) {
  if (x.dim() < 2 || x.dim() > 3)
    fail("RuntimeError",
         "Expected 2 to 3 dimensions, but got " + std::to_string(x.dim()) +
             "-dimensional tensor for argument #1 'self' (while checking arguments for " + fname + ")",
         "input");
  if (out.size() != 1)
    fail("RuntimeError",
         std::string(fname) + "() argument 'output_size' should contain one int (got " + std::to_string(out.size()) +
             ")",
         "output_size");
}

Win prepare_adaptive_avg(const Bound& b, const WinSpec& sp) {
  const Tensor& x = tensor_arg(b, "input");
  Win g;
  g.kind = Kind::Avg;
  g.adaptive = true;
  g.xp = b.op->param_index("input");
  Value ov = arg(b, "output_size");
  if (sp.dims == 2) {  // (F.adaptive_avg_pool2d, a Python function)
    ov = list_with_default(ov, x);
    check_native_call("torch._C._nn.adaptive_avg_pool2d", {&arg(b, "input"), &ov}, {});
  }
  std::vector<I64> o = adaptive_sizes(ov, std::size_t(sp.dims));
  if (sp.dims == 1) {
    check_1d_sizes("adaptive_avg_pool1d", x, o);
    o.insert(o.begin(), 1);
  }
  if (o.size() != 2) fail("RuntimeError", "adaptive_avg_pool2d: output_size must be 2", "output_size");
  if (o[0] < 0 || o[1] < 0)
    fail("RuntimeError",
         "adaptive_avg_pool2d: elements of output_size must be greater than or equal to 0 but received {" +
             std::to_string(o[0]) + ", " + std::to_string(o[1]) + "}",
         "output_size");
  const int r = x.dim() + (sp.dims == 1 ? 1 : 0);  // (a 1-D pool runs on the input unsqueezed at -2)
  const Shape& s = x.shape();
  g.OH = o[0], g.OW = o[1];
  if (o[0] == 1 && o[1] == 1) {  // PyTorch takes the mean over the last two dims
    g.mean = true;
    if (r < 2) fail("IndexError", "Dimension out of range (expected to be in range of [-1, 0], but got -2)", "input");
    if (!is_floating(x.dtype()))
      fail("RuntimeError",
           std::string("mean(): could not infer output dtype. Input dtype must be either a floating point or complex "
                       "dtype. Got: ") +
               dtype_scalar_name(x.dtype()),
           "input");
    g.H = sp.dims == 1 ? 1 : s[std::size_t(r - 2)];
    g.W = s.back();
    g.C = shape_numel(s) / std::max<I64>(1, g.H * g.W);
    if (g.H * g.W == 0) {
      g.C = 1;
      for (int d = 0; d < x.dim() - sp.dims; ++d) g.C *= s[std::size_t(d)];
    }
    g.out_shape = s;
    for (int d = 0; d < sp.dims; ++d) g.out_shape[std::size_t(x.dim() - 1 - d)] = 1;
  } else {
    if (r != 3 && r != 4)
      fail("RuntimeError", "adaptive_avg_pool2d(): Expected 3D or 4D tensor, but got " + sizes(x.shape()), "input");
    Shape s4 = s;
    if (sp.dims == 1) insert_at(s4, std::int64_t(s4.size()) - 1, 1);
    for (int i : {-2, -1})
      if (s4[std::size_t(r + i)] <= 0)
        fail("RuntimeError",
             "adaptive_avg_pool2d(): Expected input to have non-zero size for non-batch dimensions, but input has "
             "sizes " +
                 sizes(s4) + " with dimension " + std::to_string(r + i) + " being empty",
             "input");
    if (!is_floating(x.dtype()))  // (float16: computed as newer PyTorch does)
      fail_not_implemented(memory_format_kernel("adaptive_avg_pool2d", sp.dims == 1 ? unsqueeze(x, x.dim() - 1) : x),
                           x.dtype());
    g.N = r == 4 ? s4[0] : 1;
    g.C = s4[std::size_t(r - 3)], g.H = s4[std::size_t(r - 2)], g.W = s4[std::size_t(r - 1)];
    set_pool_out_shape(g, x.dim() == sp.dims + 2, sp.dims);
  }
  g.Cout = g.C * g.N, g.C = g.Cout, g.N = 1;  // (the planes, one after the other)
  g.dtype = x.dtype();
  return g;
}

Win prepare_adaptive_max(const Bound& b, const WinSpec& sp) {
  Value ov = arg(b, "output_size");
  if (sp.dims == 1) {  // (F.adaptive_max_pool1d's Python functions pass them on to torch.adaptive_max_pool1d)
    check_native_call("torch.adaptive_max_pool1d", {&arg(b, "input"), &ov}, {});
  } else {
    ov = list_with_default(ov, tensor_arg(b, "input"));
    check_native_call("torch._C._nn.adaptive_max_pool2d", {&arg(b, "input"), &ov}, {});
  }
  const Tensor& x = tensor_arg(b, "input");
  Win g;
  g.kind = Kind::Max;
  g.adaptive = true;
  g.xp = b.op->param_index("input");
  g.tuple = returns_indices(b) || b.name == "torch.adaptive_max_pool1d";
  std::vector<I64> o = adaptive_sizes(ov, std::size_t(sp.dims));
  Shape s4 = x.shape();
  if (sp.dims == 1) {
    check_1d_sizes("adaptive_max_pool1d", x, o);
    o.insert(o.begin(), 1);
    insert_at(s4, std::int64_t(s4.size()) - 1, 1);
  }
  const int r = int(s4.size());
  if (r != 3 && r != 4)
    fail("RuntimeError", "adaptive_max_pool2d(): Expected 3D or 4D tensor, but got: " + sizes(s4), "input");
  for (int i = 1; i < r; ++i)
    if (s4[std::size_t(i)] <= 0)
      fail(
          "RuntimeError",
          "adaptive_max_pool2d(): Expected input to have non-zero size for non-batch dimensions, but input has sizes " +
              sizes(s4) + " with dimension " + std::to_string(i) + " being empty",
          "input");
  if (o.size() != 2)
    fail("RuntimeError", "adaptive_max_pool2d(): internal error: output_size.size() must be 2", "output_size");
  Shape out4 = s4;  // the 2-d op's output, as its meta function allocates it
  out4[std::size_t(r - 2)] = o[0], out4[std::size_t(r - 1)] = o[1];
  check_empty_storage(out4, dtype_size(x.dtype()), "output_size");
  if (!is_floating(x.dtype()))  // (float16: computed as newer PyTorch does)
    fail_not_implemented(memory_format_kernel("adaptive_max_pool2d", sp.dims == 1 ? unsqueeze(x, x.dim() - 1) : x),
                         x.dtype());
  g.N = r == 4 ? s4[0] : 1;
  g.C = s4[std::size_t(r - 3)], g.H = s4[std::size_t(r - 2)], g.W = s4[std::size_t(r - 1)];
  g.OH = o[0], g.OW = o[1];
  g.dtype = x.dtype();
  set_pool_out_shape(g, x.dim() == sp.dims + 2, sp.dims);
  return g;
}

Win prepare_avg_pool(const Bound& b, const WinSpec& sp) { return avg_pool_win(b, sp, tensor_arg(b, "input").dtype()); }

// --- the windows ------------------------------------------------------------------------------

struct Pos {
  I64 n, c, oh, ow;
};
Pos position(const Win& g, I64 k) {
  Pos p;
  p.ow = k % g.OW;
  k /= g.OW;
  p.oh = k % g.OH;
  k /= g.OH;
  p.c = k % g.Cout;
  p.n = k / g.Cout;
  return p;
}

// avg_pool's window: [h0, h1) x [w0, w1) clipped to the input, and its divisor.
struct AvgWindow {
  I64 h0, h1, w0, w1, divisor;
};
AvgWindow avg_window(const Win& g, I64 oh, I64 ow) {
  if (g.adaptive) {  // adaptive pools: [floor(o·in/out), ceil((o+1)·in/out))
    const I64 h0 = oh * g.H / g.OH, h1 = ((oh + 1) * g.H + g.OH - 1) / g.OH, w0 = ow * g.W / g.OW,
              w1 = ((ow + 1) * g.W + g.OW - 1) / g.OW;
    return {h0, h1, w0, w1, (h1 - h0) * (w1 - w0)};
  }
  I64 h0 = oh * g.sH - g.pH, w0 = ow * g.sW - g.pW;
  I64 h1 = std::min(h0 + g.KH, g.H + g.pH), w1 = std::min(w0 + g.KW, g.W + g.pW);
  const I64 pool = (h1 - h0) * (w1 - w0);
  h0 = std::max<I64>(h0, 0), w0 = std::max<I64>(w0, 0);
  h1 = std::min(h1, g.H), w1 = std::min(w1, g.W);
  const I64 real = h1 > h0 && w1 > w0 ? (h1 - h0) * (w1 - w0) : 0;
  return {h0, h1, w0, w1, g.divisor ? g.divisor : g.include_pad ? pool : real};
}

// Calls f(input flat, weight flat) for each term of output element k's window, in the order
// PyTorch folds them: a padded position is input -1, a term without weight is weight -1.
template <class F>
void for_each_term(const Win& g, I64 k, F&& f) {
  const Pos p = position(g, k);
  switch (g.kind) {
    case Kind::Conv: {
      const I64 cin = g.C / g.G, grp = p.c / (g.Cout / g.G);
      for (I64 ci = 0; ci < cin; ++ci)
        for (I64 kh = 0; kh < g.KH; ++kh)
          for (I64 kw = 0; kw < g.KW; ++kw) {
            const I64 ih = p.oh * g.sH - g.pH + kh * g.dH, iw = p.ow * g.sW - g.pW + kw * g.dW;
            const I64 wf = ((p.c * cin + ci) * g.KH + kh) * g.KW + kw;
            const bool in = ih >= 0 && ih < g.H && iw >= 0 && iw < g.W;
            f(in ? ((p.n * g.C + grp * cin + ci) * g.H + ih) * g.W + iw : I64(-1), wf);
          }
      return;
    }
    case Kind::ConvT: {
      const I64 cout_g = g.Cout / g.G, cin = g.C / g.G, grp = p.c / cout_g;
      for (I64 ci = grp * cin; ci < (grp + 1) * cin; ++ci)
        for (I64 kh = 0; kh < g.KH; ++kh) {
          const I64 th = p.oh + g.pH - kh * g.dH;
          if (th < 0 || th % g.sH || th / g.sH >= g.H) continue;
          for (I64 kw = 0; kw < g.KW; ++kw) {
            const I64 tw = p.ow + g.pW - kw * g.dW;
            if (tw < 0 || tw % g.sW || tw / g.sW >= g.W) continue;
            f(((p.n * g.C + ci) * g.H + th / g.sH) * g.W + tw / g.sW,
              ((ci * cout_g + p.c % cout_g) * g.KH + kh) * g.KW + kw);
          }
        }
      return;
    }
    case Kind::Max: {
      const I64 base = (p.n * g.C + p.c) * g.H * g.W;
      if (g.adaptive) {
        const AvgWindow a = avg_window(g, p.oh, p.ow);
        for (I64 ih = a.h0; ih < a.h1; ++ih)
          for (I64 iw = a.w0; iw < a.w1; ++iw) f(base + ih * g.W + iw, I64(-1));
        return;
      }
      for (I64 kh = 0; kh < g.KH; ++kh) {
        const I64 ih = p.oh * g.sH - g.pH + kh * g.dH;
        if (ih < 0 || ih >= g.H) continue;
        for (I64 kw = 0; kw < g.KW; ++kw) {
          const I64 iw = p.ow * g.sW - g.pW + kw * g.dW;
          if (iw >= 0 && iw < g.W) f(base + ih * g.W + iw, I64(-1));
        }
      }
      return;
    }
    case Kind::Avg:
    case Kind::Lp: {
      const I64 base = (p.n * g.C + p.c) * g.H * g.W;
      const AvgWindow a = avg_window(g, p.oh, p.ow);
      for (I64 ih = a.h0; ih < a.h1; ++ih)
        for (I64 iw = a.w0; iw < a.w1; ++iw) f(base + ih * g.W + iw, I64(-1));
      return;
    }
    case Kind::Unfold: {  // row (channel, kh, kw), column (block row, block column): one element or padding
      const I64 kw = p.c % g.KW, kh = p.c / g.KW % g.KH, c = p.c / (g.KH * g.KW);
      const I64 ih = p.ow / g.BW * g.sH - g.pH + kh * g.dH, iw = p.ow % g.BW * g.sW - g.pW + kw * g.dW;
      const bool in = ih >= 0 && ih < g.H && iw >= 0 && iw < g.W;
      f(in ? ((p.n * g.C + c) * g.H + ih) * g.W + iw : I64(-1), I64(-1));
      return;
    }
    case Kind::Fold: {  // the blocks whose tap (kh, kw) lands here, in col2im's order
      const I64 L = g.BH * g.BW, rows = g.C * g.KH * g.KW;
      for (I64 kh = 0; kh < g.KH; ++kh) {
        const I64 th = p.oh + g.pH - kh * g.dH;
        if (th < 0 || th % g.sH || th / g.sH >= g.BH) continue;
        for (I64 kw = 0; kw < g.KW; ++kw) {
          const I64 tw = p.ow + g.pW - kw * g.dW;
          if (tw < 0 || tw % g.sW || tw / g.sW >= g.BW) continue;
          f((p.n * rows + (p.c * g.KH + kh) * g.KW + kw) * L + th / g.sH * g.BW + tw / g.sW, I64(-1));
        }
      }
      return;
    }
    default: return;
  }
}

// --- compute ------------------------------------------------------------------------------------

// The row-major values of t as double (or int64 for integer dtypes), converted once.
template <class T>
std::vector<T> load(const Tensor& t) {
  std::vector<T> v(std::size_t(t.numel()));
  if (v.empty()) return v;
  const Tensor c = t.to(std::is_same_v<T, double> ? DType::Float64 : DType::Int64);
  std::memcpy(v.data(), c.data_ptr(), v.size() * sizeof(T));
  return v;
}

// The convolution's geometry for its compute path (kernels/window/conv_im2col.hpp).
ConvGeometry conv_geometry(const Win& g) {
  ConvGeometry c;
  c.N = g.N, c.C = g.C, c.Cout = g.Cout, c.G = g.G, c.H = g.H, c.W = g.W, c.OH = g.OH, c.OW = g.OW, c.KH = g.KH,
  c.KW = g.KW;
  c.sH = g.sH, c.sW = g.sW, c.pH = g.pH, c.pW = g.pW, c.dH = g.dH, c.dW = g.dW;
  return c;
}

// The convolution's values: shifted planes for stride 1, else im2col, else (fast paths off)
// the plain loop per element (the same sums every way).
template <class T>
void conv_compute(const ConvGeometry& c, const T* x, const T* w, const T* bias, T* out) {
  if (conv_direct_fits(c) && take_fast_path(FastPath::ConvDirect))
    conv_direct(c, x, w, bias, out);
  else if (take_fast_path(FastPath::ConvIm2col))
    conv_im2col(c, x, w, bias, out);
  else
    conv_reference(c, x, w, bias, out);
}

// The output columns [L, R) where every tap's input column ow·sW + kw·dW − pW lies in [0, W)
// (R ≥ L): max_pool's compute loop runs these without a test per element.
std::pair<I64, I64> interior_columns(const Win& g) {
  I64 L = 0, R = g.OW;
  for (I64 kw = 0; kw < g.KW; ++kw) {
    const I64 off = kw * g.dW - g.pW;
    L = std::max(L, off >= 0 ? 0 : (-off + g.sW - 1) / g.sW);
    R = std::min(R, g.W - off <= 0 ? 0 : (g.W - off - 1) / g.sW + 1);
  }
  return {L, std::max(L, R)};
}

// Integer arithmetic wraps as PyTorch's (int64 products and sums; stored in the dtype).
I64 wrap_mul(I64 a, I64 b) { return I64(std::uint64_t(a) * std::uint64_t(b)); }
I64 wrap_add(I64 a, I64 b) { return I64(std::uint64_t(a) + std::uint64_t(b)); }

// The integer convolution: each element's window as explain walks it, in wrapping int64.
void conv_int(const Win& g, const I64* x, const I64* w, const I64* bias, I64* out) {
  const I64 n_out = g.N * g.Cout * g.OH * g.OW;
  for (I64 k = 0; k < n_out; ++k) {
    I64 acc = bias ? bias[position(g, k).c] : 0;
    for_each_term(g, k, [&](I64 xf, I64 wf) {
      if (xf >= 0) acc = wrap_add(acc, wrap_mul(x[xf], w[wf]));
    });
    out[k] = acc;
  }
}

Tensor store_double(DType d, const Shape& shape, const std::vector<double>& v) {
  Tensor t = Tensor::empty(d, shape);
  if (d == DType::Float32) {
    float* o = t.data<float>();
    for (std::size_t i = 0; i < v.size(); ++i) o[i] = float(v[i]);
    return t;
  }
  for (std::size_t i = 0; i < v.size(); ++i) t.set(I64(i), Scalar::from_float(v[i]));
  return t;
}
Tensor store_int(DType d, const Shape& shape, const std::vector<I64>& v) {
  Tensor t = Tensor::empty(d, shape);
  for (std::size_t i = 0; i < v.size(); ++i) t.set(I64(i), Scalar::from_int(v[i]));
  return t;
}

const Win& prepared(const Bound& b, const OpResult& r) {
  return prepared_for(b, r, [](const Bound& bb) { return window_spec(bb).prepare(bb, window_spec(bb)); });
}

// Max: the winner (PyTorch's: the first largest, a NaN wins and the last NaN stays) and its
// in-plane index; -1 when the window holds no input element.
struct Winner {
  I64 flat = -1;
  double value = -std::numeric_limits<double>::infinity();
};
template <class Get>
Winner max_winner(const Win& g, I64 k, const Get& get) {
  Winner w;
  for_each_term(g, k, [&](I64 xf, I64) {
    const double v = get(xf);
    if (w.flat < 0 && !(v > w.value) && !std::isnan(v)) w.flat = xf;  // the first element starts the window (all -inf)
    if (v > w.value || std::isnan(v)) w.value = v, w.flat = xf;
  });
  return w;
}

// One tap of the window along the interior of an output row (columns L..R, the tap's value of
// column ow at r[ow * s], its in-plane index at + ow * s): each column's running winner takes
// it when larger or NaN. Every operand is loaded before the selects, on pointers that do not
// alias: read in place (best[ow] = t ? v : best[ow]), clang makes the store conditional, finds
// vectorizing it not worth it for WebAssembly, and its scalar loop branches on the data, which
// random input mispredicts (11x native at 64 K elements). `flat` may be null: no index kept.
template <class T>
void max_tap(const T* __restrict r, I64 s, I64 at, T* __restrict best, I64* __restrict flat, I64 L, I64 R) {
  if (!flat) {
    for (I64 ow = L; ow < R; ++ow) {
      const T v = r[ow * s], b = best[ow];
      best[ow] = v > b || v != v ? v : b;
    }
    return;
  }
  for (I64 ow = L; ow < R; ++ow) {
    const T v = r[ow * s], b = best[ow];
    const I64 f = flat[ow];
    const bool t = v > b || v != v;
    best[ow] = t ? v : b;
    flat[ow] = t ? at + ow * s : f;
  }
}

// max_pool's compute path for float32 and float64, with max_winner's rule (the first element
// of the window starts it; a later one replaces it when larger or NaN) on the values as stored,
// the winner's in-plane index kept where asked for. The interior columns (every tap inside the
// row) go tap by tap along the output row (max_tap); the edge columns window by window.
template <class T>
void max_pool_kernel(const Win& g, const T* x, T* out, I64* index) {
  const I64 plane = g.H * g.W;
  const auto [L, R] = interior_columns(g);
  std::vector<T> best(std::size_t(g.OW));
  std::vector<I64> flat(std::size_t(g.OW));
  for (I64 pc = 0; pc < g.N * g.Cout; ++pc) {
    const T* xp = x + pc * plane;
    for (I64 oh = 0; oh < g.OH; ++oh) {
      const I64 h0 = oh * g.sH - g.pH;
      auto window = [&](I64 ow) {  // an edge column: max_winner itself
        const Winner w = max_winner(g, (pc * g.OH + oh) * g.OW + ow, [&](I64 f) { return double(x[f]); });
        best[std::size_t(ow)] = T(w.value), flat[std::size_t(ow)] = w.flat < 0 ? -1 : w.flat - pc * plane;
      };
      for (I64 ow = 0; ow < L; ++ow) window(ow);
      for (I64 ow = R; ow < g.OW; ++ow) window(ow);
      bool first = true;
      for (I64 kh = 0; kh < g.KH && L < R; ++kh) {
        const I64 ih = h0 + kh * g.dH;
        if (ih < 0 || ih >= g.H) continue;
        for (I64 kw = 0; kw < g.KW; ++kw) {
          const I64 at = ih * g.W + kw * g.dW - g.pW;  // the tap's in-plane index at column 0
          const T* r = xp + at;
          T* bp = best.data();
          I64* fp = flat.data();
          if (first) {
            for (I64 ow = L; ow < R; ++ow) bp[ow] = r[ow * g.sW], fp[ow] = at + ow * g.sW;
            first = false;
            continue;
          }
          max_tap(r, g.sW, at, bp, index ? fp : nullptr, L, R);
        }
      }
      if (first)
        for (I64 ow = L; ow < R; ++ow)
          best[std::size_t(ow)] = -std::numeric_limits<T>::infinity(), flat[std::size_t(ow)] = -1;
      std::copy(best.begin(), best.end(), out);
      out += g.OW;
      if (index)
        for (I64 ow = 0; ow < g.OW; ++ow) *index++ = std::max<I64>(flat[std::size_t(ow)], 0);
    }
  }
}

template <class T>
void max_pool_run(const Win& g, const Tensor& x, OpResult& r) {
  const Tensor xc = x.contiguous();
  Tensor values = Tensor::empty(g.dtype, g.out_shape), index;
  if (g.tuple) index = Tensor::empty(DType::Int64, g.out_shape);
  if (values.numel()) max_pool_kernel<T>(g, xc.data<T>(), values.data<T>(), g.tuple ? index.data<I64>() : nullptr);
  r.tensors.push_back(values);
  if (g.tuple) {
    r.tensors.push_back(index);
    r.is_tuple = true;
  }
}

I64 int_pow(I64 x, I64 e) {
  I64 r = 1;
  for (I64 i = 0; i < e; ++i) r = wrap_mul(r, x);
  return r;
}

// Tensor.pow(x, e) as PyTorch's CPU kernel computes it in dtype d: the exponents 2, 3, -2,
// 0.5, -0.5 and -1 by products, roots and reciprocals (each step rounded), others by pow.
double torch_pow(double x, double e, DType d) {
  auto r = [d](double v) { return round_to_dtype(v, d); };
  if (e == 2) return r(x * x);
  if (e == 3) return r(r(x * x) * x);
  if (e == -2) return r(1 / r(x * x));
  if (e == 0.5) return r(std::sqrt(x));
  if (e == -0.5) return r(1 / r(std::sqrt(x)));
  if (e == -1) return r(1 / x);
  return r(std::pow(x, e));
}

// lp_pool's value: (avg_pool(x^p) · kH·kW)^(1/p), the average as avg_pool computes it
// (integer division for an integer x^p).
double lp_value(const Win& g, I64 k, const std::vector<double>& xv, const std::vector<I64>& xi) {
  const Pos p = position(g, k);
  const AvgWindow a = avg_window(g, p.oh, p.ow);
  double avg;
  if (g.lp_int) {
    I64 acc = 0;
    for_each_term(g, k, [&](I64 f, I64) { acc = wrap_add(acc, int_pow(xi[std::size_t(f)], I64(g.p))); });
    avg = double(wrap_mul(acc / a.divisor, g.KH * g.KW));
  } else {
    // each step rounded as PyTorch stores it: x^p in the dtype, the sum in float (double for
    // float64), the average and its product with the kernel size in the dtype
    const DType d = g.dtype, acc_t = d == DType::Float64 ? DType::Float64 : DType::Float32;
    double acc = 0;
    for_each_term(g, k, [&](I64 f, I64) { acc = round_to_dtype(acc + torch_pow(xv[std::size_t(f)], g.p, d), acc_t); });
    avg = round_to_dtype(round_to_dtype(acc / double(a.divisor), acc_t), d);
    avg = round_to_dtype(avg * double(g.KH * g.KW), d);
  }
  return torch_pow(avg, 1.0 / g.p, g.dtype);
}

OpResult window_run(const Bound& b) {
  const WinSpec& sp = window_spec(b);
  Win g = sp.prepare(b, sp);
  check_limits(g.out_shape);  // adaptive pools and transposed convolutions make more than they read
  const I64 n = shape_numel(g.out_shape);
  const Tensor& x = tensor_arg(b, "input");
  OpResult r;
  const bool integer = is_integral(g.dtype, true);
  if (g.kind == Kind::Conv) {
    if (integer) {
      std::vector<I64> out(static_cast<std::size_t>(n)),
          bias = g.bp >= 0 ? load<I64>(b.tensor(std::size_t(g.bp))) : std::vector<I64>();
      const std::vector<I64> xv = load<I64>(x), wv = load<I64>(tensor_arg(b, "weight"));
      conv_int(g, xv.data(), wv.data(), g.bp >= 0 ? bias.data() : nullptr, out.data());
      r.tensors.push_back(store_int(g.dtype, g.out_shape, out));
    } else if (g.dtype == DType::Float32) {                      // summed in float, as PyTorch's kernels do
      Tensor out = Tensor::uninitialized(g.dtype, g.out_shape);  // (the kernel writes every element)
      if (n > 0) {
        const Tensor xc = x.contiguous(), wc = tensor_arg(b, "weight").contiguous();
        const Tensor bc = g.bp >= 0 ? b.tensor(std::size_t(g.bp)).contiguous() : Tensor();
        conv_compute(conv_geometry(g), xc.data<float>(), wc.data<float>(), g.bp >= 0 ? bc.data<float>() : nullptr,
                     out.data<float>());
      }
      r.tensors.push_back(out);
    } else {  // float64, and float16/bfloat16 summed in double and rounded once
      std::vector<double> out(static_cast<std::size_t>(n)),
          bias = g.bp >= 0 ? load<double>(b.tensor(std::size_t(g.bp))) : std::vector<double>();
      if (n > 0) {
        const std::vector<double> xv = load<double>(x), wv = load<double>(tensor_arg(b, "weight"));
        conv_compute(conv_geometry(g), xv.data(), wv.data(), g.bp >= 0 ? bias.data() : nullptr, out.data());
      }
      r.tensors.push_back(store_double(g.dtype, g.out_shape, out));
    }
  } else if (g.kind == Kind::Max && !g.adaptive && (g.dtype == DType::Float32 || g.dtype == DType::Float64) &&
             take_fast_path(FastPath::MaxPoolKernel)) {
    if (g.dtype == DType::Float32)
      max_pool_run<float>(g, x, r);
    else
      max_pool_run<double>(g, x, r);
  } else if (g.kind == Kind::Lp) {
    std::vector<double> out(static_cast<std::size_t>(n));
    const std::vector<double> xv = load<double>(x);
    const std::vector<I64> xi = g.lp_int ? load<I64>(x) : std::vector<I64>();
    for (I64 k = 0; k < n; ++k) out[std::size_t(k)] = lp_value(g, k, xv, xi);
    r.tensors.push_back(store_double(g.dtype, g.out_shape, out));
  } else if (integer) {
    const std::vector<I64> xv = load<I64>(x), wv = g.wp >= 0 ? load<I64>(tensor_arg(b, "weight")) : std::vector<I64>(),
                           bias = g.bp >= 0 ? load<I64>(b.tensor(std::size_t(g.bp))) : std::vector<I64>();
    std::vector<I64> out(static_cast<std::size_t>(n));
    for (I64 k = 0; k < n; ++k) {
      I64 acc = g.bp >= 0 ? bias[std::size_t(position(g, k).c)] : 0;
      for_each_term(g, k, [&](I64 xf, I64 wf) {
        if (xf >= 0)
          acc = wf >= 0 ? wrap_add(acc, wrap_mul(xv[std::size_t(xf)], wv[std::size_t(wf)]))
                        : wrap_add(acc, xv[std::size_t(xf)]);
      });
      if (g.kind == Kind::Avg) {
        const Pos p = position(g, k);
        const AvgWindow a = avg_window(g, p.oh, p.ow);
        acc = a.h1 > a.h0 && a.w1 > a.w0 ? acc / a.divisor : 0;
      }
      out[std::size_t(k)] = acc;
    }
    r.tensors.push_back(store_int(g.dtype, g.out_shape, out));
  } else {
    const std::vector<double> xv = load<double>(x),
                              wv = g.wp >= 0 ? load<double>(tensor_arg(b, "weight")) : std::vector<double>(),
                              bias = g.bp >= 0 ? load<double>(b.tensor(std::size_t(g.bp))) : std::vector<double>();
    std::vector<double> out(static_cast<std::size_t>(n));
    std::vector<I64> index(g.kind == Kind::Max ? std::size_t(n) : 0);
    for (I64 k = 0; k < n; ++k) {
      if (g.kind == Kind::Max) {
        const Winner w = max_winner(g, k, [&](I64 f) { return xv[std::size_t(f)]; });
        out[std::size_t(k)] = w.value;
        index[std::size_t(k)] = w.flat < 0 ? 0 : w.flat % (g.H * g.W);
        continue;
      }
      double acc = g.bp >= 0 ? bias[std::size_t(position(g, k).c)] : 0;
      const bool round_each = g.kind == Kind::Fold;  // col2im adds into the output, in its dtype
      for_each_term(g, k, [&](I64 xf, I64 wf) {
        if (xf >= 0) acc += wf >= 0 ? xv[std::size_t(xf)] * wv[std::size_t(wf)] : xv[std::size_t(xf)];
        if (round_each) acc = round_to_dtype(acc, g.dtype);
      });
      if (g.kind == Kind::Avg) {
        const Pos p = position(g, k);
        const AvgWindow a = avg_window(g, p.oh, p.ow);
        if (g.mean) acc = round_to_dtype(acc, g.dtype);  // (mean = sum(dtype) / n)
        acc = g.adaptive || (a.h1 > a.h0 && a.w1 > a.w0) ? acc / double(a.divisor)
                                                         : 0;  // (an adaptive mean of nothing is NaN)
      }
      out[std::size_t(k)] = acc;
    }
    r.tensors.push_back(store_double(g.dtype, g.out_shape, out));
    if (g.tuple) {
      r.tensors.push_back(store_int(DType::Int64, g.out_shape, index));
      r.is_tuple = true;
    }
  }
  keep_prepared(b, r, std::move(g));
  return r;
}

// --- explain and the equation -------------------------------------------------------------------

double input_value(const Bound& b, const Win& g, I64 f) { return b.tensor(std::size_t(g.xp)).get(f).as_double(); }

std::vector<Source> window_explain(const Bound& b, const OpResult& r, int, I64 k) {
  const Win& g = prepared(b, r);
  std::vector<Source> src;
  if (g.kind == Kind::Max) {
    const Winner w = max_winner(g, k, [&](I64 f) { return input_value(b, g, f); });
    for_each_term(g, k, [&](I64 xf, I64) {
      src.push_back(Source{g.xp, xf, xf == w.flat ? Role::Value : Role::Compare});
    });
    return src;
  }
  if (g.bp >= 0) src.push_back(Source{g.bp, position(g, k).c, Role::Value});
  for_each_term(g, k, [&](I64 xf, I64 wf) {
    if (xf < 0) return;
    src.push_back(Source{g.xp, xf, Role::Value});
    if (wf >= 0) src.push_back(Source{g.wp, wf, Role::Value});
  });
  return src;
}

std::string ref(const Bound& b, int param, I64 flat) { return source_ref(b, Source{param, flat, Role::Value}); }
std::string val(const Bound& b, int param, I64 flat) { return format_scalar(b.tensor(std::size_t(param)).get(flat)); }
std::string paren_negative(const std::string& t) { return !t.empty() && t[0] == '-' ? "(" + t + ")" : t; }

std::string window_equation(const Bound& b, const OpResult& r, int position_, I64 k, const std::vector<Source>&) {
  const Win& g = prepared(b, r);
  const std::string lhs = out_ref(r, position_, k) + " = ";
  const std::string result = format_scalar(r.tensors[std::size_t(position_)].get(k));
  struct Term {
    I64 x, w;
  };
  std::vector<Term> terms;
  for_each_term(g, k, [&](I64 xf, I64 wf) { terms.push_back({xf, wf}); });
  if (g.kind == Kind::Max) {
    if (terms.empty()) return lhs + result;
    const Winner w = max_winner(g, k, [&](I64 f) { return input_value(b, g, f); });
    const std::string items = join_terms(
        terms.size(), [&](std::size_t i) { return ref(b, g.xp, terms[i].x) + "=" + val(b, g.xp, terms[i].x); }, ", ");
    if (position_ == 1) return lhs + "argmax(" + items + ") = " + result + " (" + ref(b, g.xp, w.flat) + ")";
    return lhs + "max(" + items + ") = " + result;
  }
  if (g.kind == Kind::Unfold) {
    if (terms.empty() || terms[0].x < 0) return lhs + "0 (padding)";
    return lhs + ref(b, g.xp, terms[0].x) + " = " + result;
  }
  if (g.kind == Kind::Fold) {
    if (terms.empty()) return lhs + "0 (no block covers it) = " + result;
    if (terms.size() == 1) return lhs + ref(b, g.xp, terms[0].x) + " = " + result;
    const std::string refs = join_terms(
        terms.size(), [&](std::size_t i) { return ref(b, g.xp, terms[i].x); }, " + ");
    const std::string vals = join_terms(
        terms.size(), [&](std::size_t i) { return paren_negative(val(b, g.xp, terms[i].x)); }, " + ");
    return lhs + refs + " = " + vals + " = " + result;
  }
  if (g.kind == Kind::Lp) {
    const Pos p = position(g, k);
    const AvgWindow a = avg_window(g, p.oh, p.ow);
    const std::string ps = g.p == std::floor(g.p) && std::fabs(g.p) < 1e15 ? std::to_string(I64(g.p))
                                                                           : format_float(g.p, DType::Float64),
                      div = std::to_string(a.divisor), kk = std::to_string(g.KH * g.KW);
    const std::string refs = join_terms(
        terms.size(), [&](std::size_t i) { return ref(b, g.xp, terms[i].x) + "^" + ps; }, " + ");
    const std::string vals = join_terms(
        terms.size(), [&](std::size_t i) { return paren_negative(val(b, g.xp, terms[i].x)) + "^" + ps; }, " + ");
    const std::string trunc = g.lp_int ? " (integer division)" : "";
    return lhs + "((" + refs + ") / " + div + trunc + " · " + kk + ")^(1/" + ps + ") = ((" + vals + ") / " + div +
           " · " + kk + ")^(1/" + ps + ") = " + result;
  }
  if (g.kind == Kind::Avg) {
    const Pos p = position(g, k);
    const AvgWindow a = avg_window(g, p.oh, p.ow);
    if (terms.empty()) return lhs + "0 (the window lies in the padding) = " + result;
    const std::string refs = join_terms(
        terms.size(), [&](std::size_t i) { return ref(b, g.xp, terms[i].x); }, " + ");
    const std::string vals = join_terms(
        terms.size(), [&](std::size_t i) { return paren_negative(val(b, g.xp, terms[i].x)); }, " + ");
    const std::string div = std::to_string(a.divisor);
    return lhs + "(" + refs + ") / " + div + " = (" + vals + ") / " + div + " = " + result;
  }
  // a sum of products (the convolutions): bias + Σ input·weight, padding named as such
  const bool bias = g.bp >= 0;
  const I64 c = position(g, k).c;
  std::string refs = bias ? ref(b, g.bp, c) : "", vals = bias ? val(b, g.bp, c) : "";
  if (!terms.empty()) {
    const std::string sep = bias ? " + " : "";
    refs += sep + join_terms(
                      terms.size(),
                      [&](std::size_t i) {
                        return (terms[i].x < 0 ? std::string("0 (padding)") : ref(b, g.xp, terms[i].x)) + "·" +
                               ref(b, g.wp, terms[i].w);
                      },
                      " + ");
    vals += sep + join_terms(
                      terms.size(),
                      [&](std::size_t i) {
                        return (terms[i].x < 0 ? std::string("0") : paren_negative(val(b, g.xp, terms[i].x))) + "·" +
                               paren_negative(val(b, g.wp, terms[i].w));
                      },
                      " + ");
  }
  if (refs.empty()) return lhs + "0 (nothing reaches it) = " + result;
  return lhs + refs + " = " + vals + " = " + result;
}

// --- registration -------------------------------------------------------------------------------

void window_op(std::vector<const OpDescriptor*>& t, const char* names, const char* summary, const char* example,
               const char* params, WinSpec spec, const char* python_input_method = "") {
  static std::deque<WinSpec> specs;
  specs.push_back(spec);
  OpDescriptor op = composite_op(names, "window", summary, example, param_list(params), window_run, window_explain,
                                 window_equation, &specs.back());
  op.python_input_method = python_input_method;
  add_op(t, std::move(op));
}

const char* kConvParams =
    "input:Tensor weight:Tensor bias:Tensor?=None stride:IntList=1 padding:IntList=0 dilation:IntList=1 groups:Int=1";
const char* kConvTParams =
    "input:Tensor weight:Tensor bias:Tensor?=None stride:IntList=1 padding:IntList=0 output_padding:IntList=0 "
    "groups:Int=1 dilation:IntList=1";
const char* kMaxPoolParams =
    "input:Tensor kernel_size:IntList stride:IntList?=None padding:IntList=0 dilation:IntList=1 ceil_mode:Bool=False "
    "return_indices:Bool=False";

}  // namespace

void add_window_ops(std::vector<const OpDescriptor*>& t) {
  window_op(
      t, "torch.nn.functional.conv1d torch.conv1d",
      "Slides each filter along the sequence and, at every step, sums the products of the filter with the input values "
      "it covers (plus the bias).",
      "torch.nn.functional.conv1d(torch.tensor([[[1.0, 2.0, 3.0, 4.0, 5.0]]]), torch.tensor([[[1.0, 0.0, -1.0]]]))",
      kConvParams, {Kind::Conv, 1, prepare_conv});
  window_op(t, "torch.nn.functional.conv2d torch.conv2d",
            "Slides each filter over the image and, at every position, sums the products of the filter with the input "
            "patch it covers, over all input channels of its group (plus the bias).",
            "torch.nn.functional.conv2d(torch.tensor([[[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]]]), "
            "torch.tensor([[[[1.0, 0.0], [0.0, 2.0]]]]))",
            kConvParams, {Kind::Conv, 2, prepare_conv});
  window_op(t, "torch.nn.functional.conv_transpose1d torch.conv_transpose1d",
            "The reverse of conv1d's sliding: each input element adds its value times the whole filter into the "
            "output, at stride steps; overlapping contributions add up.",
            "torch.nn.functional.conv_transpose1d(torch.tensor([[[1.0, 2.0, 3.0]]]), torch.tensor([[[1.0, 10.0]]]))",
            kConvTParams, {Kind::ConvT, 1, prepare_conv});
  window_op(t, "torch.nn.functional.conv_transpose2d torch.conv_transpose2d",
            "The reverse of conv2d's sliding: each input element stamps its value times the filter into the output, at "
            "stride steps; overlapping stamps add up.",
            "torch.nn.functional.conv_transpose2d(torch.tensor([[[[1.0, 2.0], [3.0, 4.0]]]]), torch.tensor([[[[1.0, "
            "10.0], [100.0, 1000.0]]]]))",
            kConvTParams, {Kind::ConvT, 2, prepare_conv});
  window_op(t,
            "torch.nn.functional.max_pool1d torch.max_pool1d torch.nn.functional.max_pool1d_with_indices "
            "torch.max_pool1d_with_indices",
            "Takes the largest value of each window sliding along the last dim; with return_indices also where in the "
            "row it was.",
            "torch.nn.functional.max_pool1d(torch.tensor([[1.0, 5.0, 2.0, 0.0, 3.0, 4.0]]), 2)", kMaxPoolParams,
            {Kind::Max, 1, prepare_max_pool});
  window_op(t, "torch.nn.functional.max_pool2d torch.max_pool2d torch.nn.functional.max_pool2d_with_indices",
            "Takes the largest value of each window sliding over the last two dims; with return_indices also where in "
            "the plane it was.",
            "torch.nn.functional.max_pool2d(torch.tensor([[[1.0, 5.0, 2.0, 0.0], [3.0, 4.0, 8.0, 6.0], [0.0, 1.0, 2.0, "
            "3.0], [9.0, 2.0, 4.0, 1.0]]]), 2)",
            kMaxPoolParams, {Kind::Max, 2, prepare_max_pool});
  window_op(t,
            "torch.nn.functional.adaptive_max_pool1d torch.adaptive_max_pool1d "
            "torch.nn.functional.adaptive_max_pool1d_with_indices",
            "Splits the last dim into output_size nearly equal windows (they may overlap) and takes the largest value "
            "of each.",
            "torch.nn.functional.adaptive_max_pool1d(torch.tensor([[1.0, 5.0, 2.0, 0.0, 3.0, 4.0, 7.0]]), 3)",
            "input:Tensor output_size:IntList return_indices:Bool=False", {Kind::Max, 1, prepare_adaptive_max});
  window_op(
      t, "torch.nn.functional.adaptive_max_pool2d torch.nn.functional.adaptive_max_pool2d_with_indices",
      "Splits the last two dims into an output_size grid of nearly equal windows and takes the largest value of each.",
      "torch.nn.functional.adaptive_max_pool2d(torch.tensor([[[1.0, 5.0, 2.0], [3.0, 4.0, 8.0], [0.0, 9.0, 2.0]]]), 2)",
      "input:Tensor output_size:IntList return_indices:Bool=False", {Kind::Max, 2, prepare_adaptive_max}, "size");
  window_op(t, "torch.nn.functional.adaptive_avg_pool1d torch.adaptive_avg_pool1d",
            "Splits the last dim into output_size nearly equal windows (they may overlap) and averages each.",
            "torch.nn.functional.adaptive_avg_pool1d(torch.tensor([[1.0, 3.0, 2.0, 6.0, 4.0, 5.0]]), 2)",
            "input:Tensor output_size:IntList", {Kind::Avg, 1, prepare_adaptive_avg});
  window_op(
      t, "torch.nn.functional.adaptive_avg_pool2d",
      "Splits the last two dims into an output_size grid of nearly equal windows and averages each; output_size 1 is "
      "the mean of each plane.",
      "torch.nn.functional.adaptive_avg_pool2d(torch.tensor([[[1.0, 3.0, 2.0], [5.0, 7.0, 0.0], [4.0, 4.0, 6.0]]]), 2)",
      "input:Tensor output_size:IntList", {Kind::Avg, 2, prepare_adaptive_avg}, "size");
  window_op(t, "torch.nn.functional.lp_pool1d",
            "The p-norm of each window sliding along the last dim: (sum of x^p)^(1/p), computed as PyTorch does, from "
            "the window's average times the kernel size.",
            "torch.nn.functional.lp_pool1d(torch.tensor([[3.0, 4.0, 1.0, 0.0, 6.0, 8.0]]), 2, 2)",
            "input:Tensor norm_type:Number kernel_size:IntList stride:IntList?=None ceil_mode:Bool=False",
            {Kind::Lp, 1, prepare_lp}, "pow");
  window_op(t, "torch.nn.functional.lp_pool2d",
            "The p-norm of each window sliding over the last two dims: (sum of x^p)^(1/p), computed from the window's "
            "average times kH·kW.",
            "torch.nn.functional.lp_pool2d(torch.tensor([[[3.0, 4.0, 1.0, 1.0], [0.0, 0.0, 1.0, 1.0]]]), 2, 2)",
            "input:Tensor norm_type:Number kernel_size:IntList stride:IntList?=None ceil_mode:Bool=False",
            {Kind::Lp, 2, prepare_lp}, "pow");
  window_op(t, "torch.nn.functional.unfold",
            "Cuts every sliding kH×kW block out of the image and lays each one out as a column (im2col): row = "
            "(channel, kernel tap), column = block.",
            "torch.nn.functional.unfold(torch.tensor([[[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]]]), 2)",
            "input:Tensor kernel_size:IntList dilation:IntList=1 padding:IntList=0 stride:IntList=1",
            {Kind::Unfold, 2, prepare_unfold});
  window_op(
      t, "torch.nn.functional.fold",
      "The reverse of unfold (col2im): puts each column back as a block of an output_size image, adding up where "
      "blocks overlap.",
      "torch.nn.functional.fold(torch.tensor([[[1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0], [1.0, "
      "1.0, 1.0, 1.0]]]), (3, 3), 2)",
      "input:Tensor output_size:IntList kernel_size:IntList dilation:IntList=1 padding:IntList=0 stride:IntList=1",
      {Kind::Fold, 2, prepare_fold});
  window_op(t, "torch.nn.functional.avg_pool1d torch.avg_pool1d",
            "Averages each window sliding along the last dim (padding counts as zeros unless count_include_pad=False).",
            "torch.nn.functional.avg_pool1d(torch.tensor([[1.0, 3.0, 2.0, 6.0, 5.0, 5.0]]), 2)",
            "input:Tensor kernel_size:IntList stride:IntList?=None padding:IntList=0 ceil_mode:Bool=False "
            "count_include_pad:Bool=True",
            {Kind::Avg, 1, prepare_avg_pool});
  window_op(t, "torch.nn.functional.avg_pool2d",
            "Averages each window sliding over the last two dims (padding counts as zeros unless "
            "count_include_pad=False; divisor_override replaces the count).",
            "torch.nn.functional.avg_pool2d(torch.tensor([[[1.0, 3.0, 2.0, 6.0], [5.0, 7.0, 0.0, 4.0]]]), 2)",
            "input:Tensor kernel_size:IntList stride:IntList?=None padding:IntList=0 ceil_mode:Bool=False "
            "count_include_pad:Bool=True divisor_override:Int?=None",
            {Kind::Avg, 2, prepare_avg_pool});
}

}  // namespace whence
