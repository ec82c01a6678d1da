// resample_ops.cpp - the moving half of the resample family (kernels/resample/resample_family.hpp):
// torch.nn.functional.pad and pixel_shuffle / pixel_unshuffle. An op builds a source map, one
// entry per output element: the row-major input element it copies, or -1 for constant padding.
// run copies along the map; explain and the equation read the same map (kept per result), so
// explaining every element costs one lookup each. Checks, their order and their messages
// follow PyTorch 1.13's ATen functions (at::pad, constant_pad_nd, reflection_pad*d,
// replication_pad*d, _pad_circular, pixel_shuffle).
#include <algorithm>
#include <deque>

#include "core/aten_print.hpp"
#include "core/error.hpp"
#include "core/factories.hpp"
#include "core/number_format.hpp"
#include "core/shape.hpp"
#include "core/views.hpp"
#include "kernels/common/composite.hpp"
#include "kernels/movement/movement_family.hpp"
#include "kernels/resample/resample_family.hpp"

namespace whence {

namespace {

using Ints = std::vector<std::int64_t>;

struct SourceMap {
  Shape shape;       // the result's
  Ints from;         // per output element: input flat, or -1 (the fill)
  Scalar fill;       // constant padding's value, as the input dtype stores it
  const char* note;  // what a padded element is ("reflect padding"), for the equation
  Ints region;       // per output dim: [lo, hi) of the copied (unpadded) part, 2 per dim
};

// The map of a separable layout: output coordinate c_d of dim d reads input coordinate
// maps[d][c_d] (-1: none). An odometer walks the output without a division per element.
Ints separable_map(const Shape& in, const Shape& out, const std::vector<Ints>& maps) {
  const Shape strides = contiguous_strides(in);
  const std::size_t r = out.size();
  Ints from(std::size_t(shape_numel(out)));
  Ints c(r, 0);
  for (std::size_t f = 0; f < from.size(); ++f) {
    std::int64_t at = 0;
    for (std::size_t d = 0; d < r && at >= 0; ++d) {
      const std::int64_t i = maps[d][std::size_t(c[d])];
      at = i < 0 ? -1 : at + i * strides[d];
    }
    from[f] = at;
    for (std::size_t d = r; d-- > 0;) {
      if (++c[d] < out[d]) break;
      c[d] = 0;
    }
  }
  return from;
}

Tensor apply_map(const Tensor& x, const SourceMap& m) {
  Tensor out = Tensor::empty(x.dtype(), m.shape);
  const Tensor src = x.contiguous();
  for (std::size_t f = 0; f < m.from.size(); ++f) out.set(std::int64_t(f), m.from[f] < 0 ? m.fill : src.get(m.from[f]));
  return out;
}

void refuse_kernel(const Tensor& x, const std::string& kernel, bool halves) {
  const DType d = x.dtype();
  if (d == DType::Float32 || d == DType::Float64 || ((d == DType::Float16 || d == DType::BFloat16) && halves)) return;
  // float16/bfloat16 otherwise: PyTorch 1.13 has no kernel; Whence moves them as newer PyTorch does.
  if (is_floating(d)) return;
  fail_not_implemented(kernel, d);
}

// --- pad -------------------------------------------------------------------------------------

enum class PadMode { Constant, Reflect, Replicate, Circular };
const char* const kModeNames[] = {"constant", "reflect", "replicate", "circular"};

// at::native::constant_pad_nd: negative pads narrow first (with narrow's own errors), then
// every padded dim must stay positive, then the fill value is converted (fill_).
SourceMap constant_pad(const Tensor& x, const Ints& pad, double value) {
  const int dim = x.dim();
  const int l_pad = int(pad.size() / 2), l_diff = dim - l_pad;
  Shape cur = x.shape();
  bool all_nonpositive = true;
  for (std::int64_t p : pad) all_nonpositive = all_nonpositive && p <= 0;
  auto narrow = [&](int d, std::int64_t start, std::int64_t length) {
    const std::int64_t size = cur[std::size_t(d)];
    if (start != size) start = wrap_dim(start, size, "pad");
    if (length < 0 || start > size - length)
      fail("RuntimeError",
           "start (" + std::to_string(start) + ") + length (" + std::to_string(length) + ") exceeds dimension size (" +
               std::to_string(size) + ").",
           "pad");
    cur[std::size_t(d)] = length;
  };
  for (int i = 0; i < l_pad; ++i) {
    const std::size_t k = pad.size() - std::size_t(i + 1) * 2;
    const int d = l_diff + i;
    if (pad[k] < 0) narrow(d, -pad[k], cur[std::size_t(d)] + pad[k]);
    if (pad[k + 1] < 0) narrow(d, 0, cur[std::size_t(d)] + pad[k + 1]);
  }
  SourceMap m;
  m.note = "padding value";
  m.shape = x.shape();
  if (!all_nonpositive) {
    for (int i = 0; i < l_pad; ++i) {
      const std::size_t k = pad.size() - std::size_t(i + 1) * 2;
      const int d = l_diff + i;
      const std::int64_t n = x.shape()[std::size_t(d)] + pad[k] + pad[k + 1];
      if (n <= 0)
        fail("RuntimeError",
             "The input size " + std::to_string(x.shape()[std::size_t(d)]) + ", plus negative padding " +
                 std::to_string(pad[k]) + " and " + std::to_string(pad[k + 1]) +
                 " resulted in a negative output size, which is invalid. Check dimension " + std::to_string(d) +
                 " of your input.",
             "pad");
      m.shape[std::size_t(d)] = n;
    }
    m.fill = checked_scalar(Scalar::from_float(value), x.dtype(), "value");  // (Tensor::set converts it as fill_ does)
  } else {
    m.shape = cur;
  }
  check_limits(m.shape);
  std::vector<Ints> maps(static_cast<std::size_t>(dim));
  for (int d = 0; d < dim; ++d) {
    const int i = d - l_diff;
    const std::int64_t left = i >= 0 ? pad[pad.size() - std::size_t(i + 1) * 2] : 0, n = x.shape()[std::size_t(d)];
    for (std::int64_t o = 0; o < m.shape[std::size_t(d)]; ++o) {
      const std::int64_t s = o - left;
      maps[std::size_t(d)].push_back(s >= 0 && s < n ? s : -1);
    }
  }
  m.from = separable_map(x.shape(), m.shape, maps);
  return m;
}

// A circular pad's output coordinate o as _pad_circular fills it: the middle copies the input,
// the left pad copies the output's right end, the right pad the output's left end.
std::int64_t circular_source(std::int64_t o, std::int64_t n, std::int64_t pl, std::int64_t pr, int depth = 0) {
  const std::int64_t nout = n + pl + pr, c0 = std::max<std::int64_t>(pl, 0),
                     len = n + std::min<std::int64_t>(pl, 0) + std::min<std::int64_t>(pr, 0);
  if (o >= c0 && o < c0 + len) return o - c0 + std::max<std::int64_t>(-pl, 0);
  if (depth > 2) return -1;
  if (pl > 0 && o < pl) return circular_source(nout - pl - std::max<std::int64_t>(pr, 0) + o, n, pl, pr, depth + 1);
  return circular_source(c0 + o - (nout - pr), n, pl, pr, depth + 1);
}

// The non-constant modes: at::_pad_enum's dispatch to reflection_pad{1,2,3}d,
// replication_pad{1,2,3}d and _pad_circular, with their checks in their order.
SourceMap mode_pad(const Tensor& x, const Ints& pad, PadMode mode) {
  const int dim = x.dim(), k = int(pad.size() / 2);
  const Shape& s = x.shape();
  if (pad.empty() || !(dim == k + 1 || dim == k + 2))
    fail("NotImplementedError", "Only 2D, 3D, 4D, 5D padding with non-constant padding are supported for now", "pad");
  const bool batch = dim == k + 2;
  // Spatial dim j (0 = the last dim, W) has input size n[j], pads (l[j], r[j]) and output size o[j].
  const std::size_t ku = static_cast<std::size_t>(k);
  Ints n(ku), l(ku), r(ku), o(ku);
  for (int j = 0; j < k; ++j) {
    n[std::size_t(j)] = s[std::size_t(dim - 1 - j)];
    l[std::size_t(j)] = pad[std::size_t(2 * j)];
    r[std::size_t(j)] = pad[std::size_t(2 * j + 1)];
    o[std::size_t(j)] = n[std::size_t(j)] + l[std::size_t(j)] + r[std::size_t(j)];
  }
  const std::string sizes = shape_str(s), ks = std::to_string(k);
  auto nonzero_from = [&](int first) {
    for (int d = first; d < dim; ++d)
      if (s[std::size_t(d)] == 0) return false;
    return true;
  };
  auto all_below_one = [&] { return std::all_of(o.begin(), o.end(), [](std::int64_t v) { return v < 1; }); };
  // "H: 3, W: 4"-style lists, dims named from the first spatial one.
  auto dims_text = [&](const Ints& v, const char* sep, const char* last_sep) {
    static const char* names[] = {"W", "H", "D"};
    std::string t;
    for (int j = k - 1; j >= 0; --j)
      t += std::string(names[j]) + ": " + std::to_string(v[std::size_t(j)]) + (j == 0 ? "" : j == 1 ? last_sep : sep);
    return t;
  };
  SourceMap m;
  m.note = mode == PadMode::Reflect     ? "reflect padding"
           : mode == PadMode::Replicate ? "replicate padding"
                                        : "circular padding";
  if (mode == PadMode::Circular) {
    if (pad.size() + 4 != std::size_t(dim) * 2)
      fail("RuntimeError",
           "Invalid padding size, expected " + std::to_string((dim - 2) * 2) + " but got " + std::to_string(pad.size()),
           "pad");
    for (int j = k - 1; j >= 0; --j) {
      if (l[std::size_t(j)] > n[std::size_t(j)] || r[std::size_t(j)] > n[std::size_t(j)])
        fail("RuntimeError", "Padding value causes wrapping around more than once.", "pad");
      if (o[std::size_t(j)] < 0)
        fail("RuntimeError", "Negative padding value is resulting in an empty dimension", "pad");
    }
  } else if (mode == PadMode::Reflect) {
    if (k < 3) {
      const bool ok = k == 1 ? s[1] != 0 && (dim == 2 || s[2] != 0) : s[1] != 0 && s[2] != 0 && (dim == 3 || s[3] != 0);
      if (!ok)
        fail("RuntimeError",
             std::string(k == 1 ? "2D or 3D" : "3D or 4D") +
                 " (batch mode) tensor expected for input, but got: " + aten_print(x),
             "input");
    } else if (!nonzero_from(batch ? 1 : 0)) {
      fail("RuntimeError",
           "Expected 4D or 5D (batch mode) tensor with possibly 0 batch size and other non-zero dimensions for input, "
           "but got: " +
               sizes,
           "input");
    }
    for (int j = 0; j < k; ++j)
      if (!(l[std::size_t(j)] < n[std::size_t(j)] && r[std::size_t(j)] < n[std::size_t(j)]))
        fail("RuntimeError",
             "Argument #" + std::to_string(4 + 2 * j) +
                 ": Padding size should be less than the corresponding input dimension, but got: padding (" +
                 std::to_string(l[std::size_t(j)]) + ", " + std::to_string(r[std::size_t(j)]) + ") at dimension " +
                 std::to_string(dim - 1 - j) + " of input " + (k == 2 ? std::to_string(dim) : sizes),
             "pad");
    if (k == 1 && o[0] < 1)
      fail("RuntimeError",
           "2input (W: " + std::to_string(n[0]) + ")is too small. Calculated output W: " + std::to_string(o[0]), "pad");
    if (k == 2 && all_below_one())
      fail("RuntimeError",
           "input (" + dims_text(n, ", ", ", ") + ")is too small. Calculated output " + dims_text(o, " ", " "), "pad");
  } else {
    if (!nonzero_from(batch ? 1 : 0))
      fail("RuntimeError",
           "Expected " + std::to_string(k + 1) + "D or " + std::to_string(k + 2) +
               "D (batch mode) tensor with possibly 0 batch size and other non-zero dimensions for input, but got: " +
               sizes,
           "input");
    if (k == 1 && o[0] < 1)
      fail("RuntimeError",
           "input (W: " + std::to_string(n[0]) + ") is too small. Calculated output W: " + std::to_string(o[0]), "pad");
    if (k == 2 && all_below_one())
      fail("RuntimeError",
           "input (" + dims_text(n, ", ", ", ") + " ) is too small. Calculated output " + dims_text(o, " ", " "),
           "pad");
  }
  if (k == 3 && mode != PadMode::Circular && all_below_one())
    fail("RuntimeError",
         "input (" + dims_text(n, " ", ", ") + ") is too small. Calculated output " + dims_text(o, " ", " "), "pad");
  m.shape = s;
  for (int j = 0; j < k; ++j) m.shape[std::size_t(dim - 1 - j)] = o[std::size_t(j)];
  for (std::int64_t v : m.shape)
    if (v < 0) {
      if (mode == PadMode::Reflect && k == 2) fail("RuntimeError", "numel: integer multiplication overflow", "pad");
      fail("RuntimeError",
           "Trying to create tensor with negative dimension " + std::to_string(v) + ": " + shape_str(m.shape), "pad");
    }
  if (mode == PadMode::Reflect) refuse_kernel(x, k == 3 ? "reflection_pad3d_cpu" : "reflection_pad" + ks + "d", k == 3);
  if (mode == PadMode::Replicate) refuse_kernel(x, "replication_pad" + ks + "d_cpu", false);
  check_limits(m.shape);
  std::vector<Ints> maps(static_cast<std::size_t>(dim));
  for (int d = 0; d < dim; ++d) {
    const int j = dim - 1 - d;
    for (std::int64_t c = 0; c < m.shape[std::size_t(d)]; ++c) {
      if (j >= k) {
        maps[std::size_t(d)].push_back(c);
        continue;
      }
      const std::int64_t size = n[std::size_t(j)], left = l[std::size_t(j)];
      std::int64_t i = c - left;
      if (mode == PadMode::Reflect) {
        if (i < 0) i = -i;
        if (i >= size) i = 2 * (size - 1) - i;
      } else if (mode == PadMode::Replicate) {
        i = std::min(std::max<std::int64_t>(i, 0), size - 1);
      } else {
        i = circular_source(c, size, left, r[std::size_t(j)]);
      }
      maps[std::size_t(d)].push_back(i);
    }
  }
  m.from = separable_map(s, m.shape, maps);
  m.region.assign(std::size_t(dim) * 2, 0);
  for (int d = 0; d < dim; ++d) {
    const int j = dim - 1 - d;
    const std::int64_t lo = j < k ? std::max<std::int64_t>(l[std::size_t(j)], 0) : 0;
    const std::int64_t hi =
        j < k ? m.shape[std::size_t(d)] - std::max<std::int64_t>(r[std::size_t(j)], 0) : m.shape[std::size_t(d)];
    m.region[std::size_t(2 * d)] = lo;
    m.region[std::size_t(2 * d + 1)] = hi;
  }
  return m;
}

SourceMap pad_map(const Bound& b) {
  const Tensor& x = tensor_arg(b, "input");
  const std::string mode_name = string_arg(b, "mode", "constant");
  const auto found = std::find(std::begin(kModeNames), std::end(kModeNames), mode_name);
  if (found == std::end(kModeNames)) fail("NotImplementedError", "Unrecognised padding mode " + mode_name, "mode");
  const PadMode mode = PadMode(found - std::begin(kModeNames));
  const Ints pad = ints_of(arg(b, "pad"));
  if (pad.size() % 2) fail("RuntimeError", "Padding length must be divisible by 2", "pad");
  if (pad.size() > std::size_t(x.dim()) * 2) fail("RuntimeError", "Padding length too large", "pad");
  const bool valued = !arg(b, "value").is<None>();
  const double value = double_arg(b, "value", 0);
  if (mode == PadMode::Constant) return constant_pad(x, pad, value);
  if (valued && value != 0)
    fail("RuntimeError", std::string("Padding mode \"") + kModeNames[int(mode)] + "\" doesn't take in value argument",
         "value");
  return mode_pad(x, pad, mode);
}

// --- pixel_shuffle / pixel_unshuffle ------------------------------------------------------------

SourceMap shuffle_map(const Bound& b, bool up) {
  const Tensor& x = tensor_arg(b, "input");
  const char* op = up ? "pixel_shuffle" : "pixel_unshuffle";
  const char* factor_name = up ? "upscale_factor" : "downscale_factor";
  const std::int64_t f = int_arg(b, factor_name, 1);
  if (x.dim() < 3)
    fail("RuntimeError",
         std::string(op) + " expects input to have at least 3 dimensions, but got input with " +
             std::to_string(x.dim()) + " dimension(s)",
         "input");
  if (f <= 0)
    fail("RuntimeError", std::string(op) + " expects a positive " + factor_name + ", but got " + std::to_string(f),
         factor_name);
  const std::size_t r = std::size_t(x.dim());
  const Shape& s = x.shape();
  const std::int64_t C = s[r - 3], H = s[r - 2], W = s[r - 1];
  // The square wraps in int64 as PyTorch's does (its message shows the wrapped value); where it
  // wraps to 0 PyTorch's own C % 0 dies of SIGFPE, and Whence says nothing divides by 0.
  const std::int64_t square = wrapping_mul(f, f);
  if (up && (square == 0 || C % square))
    fail("RuntimeError",
         "pixel_shuffle expects its input's 'channel' dimension to be divisible by the square of upscale_factor, but "
         "input.size(-3)=" +
             std::to_string(C) + " is not divisible by " + std::to_string(square),
         "input");
  if (!up && H % f)
    fail("RuntimeError",
         "pixel_unshuffle expects height to be divisible by downscale_factor, but input.size(-2)=" + std::to_string(H) +
             " is not divisible by " + std::to_string(f),
         "input");
  if (!up && W % f)
    fail("RuntimeError",
         "pixel_unshuffle expects width to be divisible by downscale_factor, but input.size(-1)=" + std::to_string(W) +
             " is not divisible by " + std::to_string(f),
         "input");
  // PyTorch's CPU kernels switch on suggest_memory_format() and have no ChannelsLast3d case.
  if (suggests_channels_last_3d(x))
    fail("RuntimeError", "Unsupported memory format. Supports only ChannelsLast, Contiguous", "input");
  SourceMap m;
  m.note = "";
  m.shape = s;
  // pixel_unshuffle of an empty tensor returns a copy of it, shape unchanged (PyTorch 1.13).
  if (up || x.numel() != 0) {
    m.shape[r - 3] = up ? C / square : wrapping_mul(C, square);
    m.shape[r - 2] = up ? wrapping_mul(H, f) : H / f;
    m.shape[r - 1] = up ? wrapping_mul(W, f) : W / f;
  }
  check_limits(m.shape);
  const std::int64_t n = shape_numel(m.shape), oc = m.shape[r - 3], oh = m.shape[r - 2], ow = m.shape[r - 1];
  m.from.resize(std::size_t(n));
  for (std::int64_t k = 0; k < n; ++k) {
    const std::int64_t w = k % ow, h = (k / ow) % oh, c = (k / (ow * oh)) % oc, lead = k / (ow * oh * oc);
    std::int64_t ic = c, ih = h, iw = w;
    if (m.shape == s) {  // (factor 1, or an empty unshuffle)
    } else if (up) {
      ic = c * square + (h % f) * f + w % f, ih = h / f, iw = w / f;
    } else {
      ic = c / square, ih = h * f + (c / f) % f, iw = w * f + c % f;
    }
    m.from[std::size_t(k)] = ((lead * C + ic) * H + ih) * W + iw;
  }
  return m;
}

// --- the shared run / explain / equation ------------------------------------------------------------

struct MapSpec {
  SourceMap (*build)(const Bound&);
};
const MapSpec& map_spec(const Bound& b) { return *static_cast<const MapSpec*>(b.op->family_data); }

OpResult map_run(const Bound& b) {
  SourceMap m = map_spec(b).build(b);
  OpResult r;
  r.tensors.push_back(apply_map(tensor_arg(b, "input"), m));
  keep_prepared(b, r, std::move(m));
  return r;
}

const SourceMap& map_of(const Bound& b, const OpResult& r) {
  return prepared_for(b, r, [](const Bound& bb) { return map_spec(bb).build(bb); });
}

std::vector<Source> map_explain(const Bound& b, const OpResult& r, int, std::int64_t flat) {
  const std::int64_t from = map_of(b, r).from[std::size_t(flat)];
  if (from < 0) return {};
  return {source(b, "input", from)};
}

// Whether output element `flat` lies in the padded border (outside the copied region).
bool in_border(const SourceMap& m, std::int64_t flat) {
  if (m.region.empty()) return false;
  for (std::size_t d = m.shape.size(); d-- > 0;) {
    const std::int64_t c = flat % m.shape[d];
    flat /= m.shape[d];
    if (c < m.region[2 * d] || c >= m.region[2 * d + 1]) return true;
  }
  return false;
}

std::string map_equation(const Bound& b, const OpResult& r, int, std::int64_t flat, const std::vector<Source>& src) {
  const SourceMap& m = map_of(b, r);
  const std::string lhs = out_ref(r, 0, flat), value = format_scalar(r.tensors[0].get(flat));
  if (src.empty()) return lhs + " = " + value + "  (" + m.note + ")";
  std::string eq = lhs + " = " + source_ref(b, src[0]) + " = " + value;
  if (in_border(m, flat)) eq += std::string("  (") + m.note + ")";
  return eq;
}

void add_map_op(std::vector<const OpDescriptor*>& t, const char* names, const char* summary, const char* example,
                const char* params, SourceMap (*build)(const Bound&)) {
  static std::deque<MapSpec> specs;
  specs.push_back(MapSpec{build});
  add_op(t, composite_op(names, "resample", summary, example, param_list(params), map_run, map_explain, map_equation,
                         &specs.back()));
}

}  // namespace

void add_resample_ops(std::vector<const OpDescriptor*>& t) {
  add_map_op(t, "torch.nn.functional.pad",
             "Adds a border around the last dims: a constant, the reflection, the edge repeated, or the other side "
             "(circular); negative pads crop.",
             "torch.nn.functional.pad(torch.tensor([[1, 2, 3], [4, 5, 6]]), (2, 1), value=0)",
             "input:Tensor pad:IntList mode:String='constant' value:Float?=None", pad_map);
  add_map_op(t, "torch.nn.functional.pixel_shuffle torch.pixel_shuffle",
             "Trades channels for resolution: each group of r² channels becomes an r×r block of pixels in one channel.",
             "torch.nn.functional.pixel_shuffle(torch.tensor([[[[0, 1]], [[2, 3]], [[4, 5]], [[6, 7]]]]), 2)",
             "input:Tensor upscale_factor:Int", [](const Bound& b) { return shuffle_map(b, true); });
  add_map_op(t, "torch.nn.functional.pixel_unshuffle torch.pixel_unshuffle",
             "Undoes pixel_shuffle: each r×r block of pixels becomes r² channels at one position.",
             "torch.nn.functional.pixel_unshuffle(torch.tensor([[[[0, 1, 2, 3], [4, 5, 6, 7]]]]), 2)",
             "input:Tensor downscale_factor:Int", [](const Bound& b) { return shuffle_map(b, false); });
  add_sample_ops(t);
}

}  // namespace whence
