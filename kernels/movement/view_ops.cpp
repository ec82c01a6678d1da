// view_ops.cpp - the movement ops of one tensor (kernels/movement/movement_family.hpp): views with
// PyTorch's strides and storage offsets, and the copies that rearrange (flip, roll, rot90,
// repeat, tile, tril, triu). Checks and messages follow PyTorch 1.13's ATen functions.
#include <algorithm>
#include <numeric>

#include "core/error.hpp"
#include "core/shape.hpp"
#include "core/strided_copy.hpp"
#include "core/views.hpp"
#include "kernels/common/composite.hpp"
#include "kernels/movement/movement_family.hpp"

namespace whence {

Tensor select_view(const Tensor& x, std::int64_t given_dim, std::int64_t index) {
  if (x.dim() == 0) fail("IndexError", "select() cannot be applied to a 0-dim tensor.", "input");
  const std::int64_t d = wrap_dim(given_dim, x.dim(), "dim");
  const std::int64_t size = x.shape()[std::size_t(d)];
  const std::int64_t i = index;
  if (i < -size || i >= size)
    fail("IndexError",
         "select(): index " + std::to_string(i) + " out of range for tensor of size " + shape_str(x.shape()) +
             " at dimension " + std::to_string(d),
         "index");
  return select(x, d, i < 0 ? i + size : i);
}

Tensor diagonal_view(const Tensor& x, std::int64_t offset, std::int64_t given1, std::int64_t given2) {
  const std::int64_t d1 = wrap_dim(given1, x.dim(), "dim1"), d2 = wrap_dim(given2, x.dim(), "dim2");
  if (d1 == d2)
    fail("RuntimeError",
         "diagonal dimensions cannot be identical " + std::to_string(given1) + ", " + std::to_string(given2), "dim2");
  const std::int64_t s1 = x.shape()[std::size_t(d1)], s2 = x.shape()[std::size_t(d2)];
  const std::int64_t n = offset >= 0 ? std::max<std::int64_t>(std::min(s1, s2 - offset), 0)
                                     : std::max<std::int64_t>(std::min(s1 + offset, s2), 0);
  std::int64_t start = x.offset();
  if (n > 0) start += offset >= 0 ? offset * x.strides()[std::size_t(d2)] : -offset * x.strides()[std::size_t(d1)];
  Shape shape, strides;
  for (std::int64_t d = 0; d < x.dim(); ++d)
    if (d != d1 && d != d2) {
      shape.push_back(x.shape()[std::size_t(d)]);
      strides.push_back(x.strides()[std::size_t(d)]);
    }
  shape.push_back(n);
  strides.push_back(x.strides()[std::size_t(d1)] + x.strides()[std::size_t(d2)]);
  return x.as_strided(shape, strides, start);
}

Tensor as_strided_view(const Tensor& x, const std::vector<std::int64_t>& size, const std::vector<std::int64_t>& stride,
                       const Value& ov) {
  return checked_as_strided(x, size, stride, ov.is<None>() ? x.offset() : ov.as<std::int64_t>());
}

namespace {

std::vector<std::int64_t> ints(const Bound& b, const char* name) { return ints_of(arg(b, name)); }
std::vector<std::int64_t> shape_ints(const Tensor& t) {
  return std::vector<std::int64_t>(t.shape().begin(), t.shape().end());
}

// A contiguous copy with the same values, whatever the strides.
Tensor copy_of(const Tensor& t) { return copy_of_view(t, t.shape(), t.strides(), t.offset()); }

// --- views ------------------------------------------------------------------------------------

std::vector<Tensor> view_apply(const Bound& b) {
  const Value& other = arg(b, "other");
  return single(view(input_tensor(b), other.is<Tensor>() ? shape_ints(other.as<Tensor>()) : ints(b, "size")));
}
std::vector<Tensor> reshape_apply(const Bound& b) {
  const Value& other = arg(b, "other");
  return single(reshape(input_tensor(b), other.is<Tensor>() ? shape_ints(other.as<Tensor>()) : ints(b, "shape")));
}
std::vector<Tensor> flatten_apply(const Bound& b) {
  const Tensor& x = input_tensor(b);
  const std::int64_t s = wrap_dim(int_arg(b, "start_dim", 0), x.dim(), "start_dim");
  const std::int64_t e = wrap_dim(int_arg(b, "end_dim", -1), x.dim(), "end_dim");
  if (s > e) fail("RuntimeError", "flatten() has invalid args: start_dim cannot come after end_dim", "start_dim");
  if (x.dim() == 0) return single(reshape(x, {1}));
  if (s == e) return single(x);
  std::vector<std::int64_t> shape;
  for (std::int64_t d = 0; d < x.dim(); ++d) {
    if (d > s && d <= e)
      shape.back() *= x.shape()[std::size_t(d)];
    else
      shape.push_back(x.shape()[std::size_t(d)]);
  }
  return single(reshape(x, shape));
}
std::vector<Tensor> ravel_apply(const Bound& b) { return single(view(input_tensor(b).contiguous(), {-1})); }
std::vector<Tensor> unflatten_apply(const Bound& b) {
  const Tensor& x = input_tensor(b);
  const std::int64_t d = wrap_dim(int_arg(b, "dim", 0), x.dim(), "dim");
  const std::vector<std::int64_t> sizes = ints(b, "sizes");
  if (sizes.empty()) fail("RuntimeError", "unflatten: sizes must be non-empty", "sizes");
  Shape inferred;
  try {
    inferred = infer_size(sizes, x.shape()[std::size_t(d)]);
  } catch (const Error& e) {
    if (std::string(e.what()).find("only one dimension") != std::string::npos) throw;
    fail("RuntimeError",
         "unflatten: Provided sizes " + int_list_text(sizes) + " don't multiply up to the size of dim " +
             std::to_string(d) + " (" + std::to_string(x.shape()[std::size_t(d)]) + ") in the input tensor",
         "sizes");
  }
  std::vector<std::int64_t> shape(x.shape().begin(), x.shape().begin() + d);
  shape.insert(shape.end(), inferred.begin(), inferred.end());
  shape.insert(shape.end(), x.shape().begin() + d + 1, x.shape().end());
  return single(view(x, shape));
}
std::vector<Tensor> squeeze_apply(const Bound& b) {
  const Tensor& x = input_tensor(b);
  const Value& dv = arg(b, "dim");
  const std::int64_t only = dv.is<None>() ? -1 : wrap_dim(dv.as<std::int64_t>(), x.dim(), "dim");
  Shape shape, strides;
  for (std::int64_t d = 0; d < x.dim(); ++d) {
    const bool drop = x.shape()[std::size_t(d)] == 1 && (only < 0 || only == d);
    if (drop) continue;
    shape.push_back(x.shape()[std::size_t(d)]);
    strides.push_back(x.strides()[std::size_t(d)]);
  }
  return single(x.as_strided(shape, strides, x.offset()));
}
std::vector<Tensor> unsqueeze_apply(const Bound& b) {
  const Tensor& x = input_tensor(b);
  return single(unsqueeze(x, wrap_dim(int_arg(b, "dim", 0), x.dim() + 1, "dim")));
}
std::vector<Tensor> transpose_apply(const Bound& b) {
  const Tensor& x = input_tensor(b);
  return single(
      transpose(x, wrap_dim(int_arg(b, "dim0", 0), x.dim(), "dim0"), wrap_dim(int_arg(b, "dim1", 0), x.dim(), "dim1")));
}
std::vector<Tensor> t_apply(const Bound& b) { return single(t_(input_tensor(b))); }
std::vector<Tensor> permute_apply(const Bound& b) { return single(permute(input_tensor(b), ints(b, "dims"))); }

// torch.movedim: the moved dims go to their destinations, the others keep their order.
std::vector<Tensor> movedim_apply(const Bound& b) {
  const Tensor& x = input_tensor(b);
  const std::vector<std::int64_t> src = ints(b, "source"), dst = ints(b, "destination");
  if (src.size() != dst.size())
    fail("RuntimeError",
         "movedim: Invalid source or destination dims: source (" + int_list_text(src) +
             " dims) should contain the same number of dims as destination (" + int_list_text(dst) + " dims)",
         "source");
  const std::int64_t n = std::max<std::int64_t>(x.dim(), 1);
  std::vector<std::int64_t> ws, wd;
  for (std::int64_t d : src) ws.push_back(wrap_dim(d, x.dim(), "source"));
  for (std::int64_t d : dst) wd.push_back(wrap_dim(d, x.dim(), "destination"));
  auto repeated = [](std::vector<std::int64_t> v) {
    std::sort(v.begin(), v.end());
    return std::adjacent_find(v.begin(), v.end()) != v.end();
  };
  if (repeated(ws)) fail("RuntimeError", "movedim: repeated dim in `source` (" + int_list_text(src) + ")", "source");
  if (repeated(wd))
    fail("RuntimeError", "movedim: repeated dim in `destination` (" + int_list_text(dst) + ")", "destination");
  if (x.dim() <= 1) return single(x.as_strided(x.shape(), x.strides(), x.offset()));
  std::vector<std::int64_t> order(std::size_t(n), -1);
  std::vector<bool> used(std::size_t(n), false);
  for (std::size_t i = 0; i < ws.size(); ++i) {
    order[std::size_t(wd[i])] = ws[i];
    used[std::size_t(ws[i])] = true;
  }
  std::int64_t next = 0;
  for (auto& o : order) {
    if (o >= 0) continue;
    while (used[std::size_t(next)]) ++next;
    o = next++;
  }
  return single(permute(x, order));
}

std::vector<Tensor> expand_apply(const Bound& b) {
  const Value& other = arg(b, "other");
  return single(expand(input_tensor(b), other.is<Tensor>() ? shape_ints(other.as<Tensor>()) : ints(b, "size")));
}

std::vector<Tensor> narrow_apply(const Bound& b) {
  const Tensor& x = input_tensor(b);
  if (x.dim() == 0) fail("RuntimeError", "narrow() cannot be applied to a 0-dim tensor.", "input");
  const std::int64_t d = wrap_dim(int_arg(b, "dim", 0), x.dim(), "dim");
  const std::int64_t size = x.shape()[std::size_t(d)];
  const Value& sv = arg(b, "start");
  if (sv.is<Tensor>() && sv.as<Tensor>().dim() != 0)
    fail("RuntimeError", "start must be an 0-dim integral Tensor.", "start");
  std::int64_t start = ints_of(sv).front();
  const std::int64_t length = int_arg(b, "length", 0);
  if (start != size) start = wrap_dim(start, size, "start");
  if (length < 0 || start > size - length)
    fail("RuntimeError",
         "start (" + std::to_string(start) + ") + length (" + std::to_string(length) + ") exceeds dimension size (" +
             std::to_string(size) + ").",
         "length");
  Shape shape = x.shape();
  shape[std::size_t(d)] = length;
  return single(x.as_strided(shape, x.strides(), x.offset() + start * x.strides()[std::size_t(d)]));
}

std::vector<Tensor> select_apply(const Bound& b) {
  return single(select_view(input_tensor(b), int_arg(b, "dim", 0), int_arg(b, "index", 0)));
}

std::vector<Tensor> unfold_apply(const Bound& b) {
  const Tensor& x = input_tensor(b);
  const std::int64_t d = wrap_dim(int_arg(b, "dimension", 0), x.dim(), "dimension");
  const std::int64_t size = int_arg(b, "size", 0), step = int_arg(b, "step", 1);
  const std::int64_t max_size = x.dim() == 0 ? 1 : x.shape()[std::size_t(d)];
  if (size > max_size)
    fail("RuntimeError",
         "maximum size for tensor at dimension " + std::to_string(d) + " is " + std::to_string(max_size) +
             " but size is " + std::to_string(size),
         "size");
  if (step <= 0) fail("RuntimeError", "step is " + std::to_string(step) + " but must be > 0", "step");
  Shape shape = x.shape(), strides = x.strides();
  shape.push_back(size);
  strides.push_back(x.dim() == 0 ? 1 : x.strides()[std::size_t(d)]);
  if (d < x.dim()) {
    shape[std::size_t(d)] = (x.shape()[std::size_t(d)] - size) / step + 1;
    strides[std::size_t(d)] = step * x.strides()[std::size_t(d)];
  }
  return single(x.as_strided(shape, strides, x.offset()));
}

std::vector<Tensor> diagonal_apply(const Bound& b) {
  return single(diagonal_view(input_tensor(b), int_arg(b, "offset", 0), int_arg(b, "dim1", 0), int_arg(b, "dim2", 1)));
}

std::vector<Tensor> as_strided_apply(const Bound& b) {
  return single(as_strided_view(input_tensor(b), ints(b, "size"), ints(b, "stride"), arg(b, "storage_offset")));
}

std::vector<Tensor> contiguous_apply(const Bound& b) {
  const Tensor& x = input_tensor(b);
  return single(x.is_contiguous() ? x : copy_of(x));
}
std::vector<Tensor> clone_apply(const Bound& b) { return single(copy_of(input_tensor(b))); }

// --- rearranging copies --------------------------------------------------------------------------

Tensor flip_dims(const Tensor& x, const std::vector<std::int64_t>& dims) {
  std::vector<bool> flip(std::size_t(std::max(x.dim(), 1)), false);
  for (std::int64_t d : dims) {
    const std::int64_t w = wrap_dim(d, x.dim(), "dims");
    if (flip[std::size_t(w)])
      fail("RuntimeError", "dim " + std::to_string(w) + " appears multiple times in the list of dims", "dims");
    flip[std::size_t(w)] = true;
  }
  // x read through a view that walks the flipped dims backwards.
  Shape strides = x.strides();
  std::int64_t offset = x.offset();
  for (std::size_t d = 0; d < std::size_t(x.dim()); ++d)
    if (flip[d] && x.shape()[d] > 0) {
      offset += (x.shape()[d] - 1) * strides[d];
      strides[d] = -strides[d];
    }
  return copy_of_view(x, x.shape(), strides, offset);
}
std::vector<Tensor> flip_apply(const Bound& b) { return single(flip_dims(input_tensor(b), ints(b, "dims"))); }
std::vector<Tensor> fliplr_apply(const Bound& b) {
  if (input_tensor(b).dim() < 2) fail("RuntimeError", "Input must be >= 2-d.", "input");
  return single(flip_dims(input_tensor(b), {1}));
}
std::vector<Tensor> flipud_apply(const Bound& b) {
  if (input_tensor(b).dim() < 1) fail("RuntimeError", "Input must be >= 1-d.", "input");
  return single(flip_dims(input_tensor(b), {0}));
}

// at::roll's start along a dim of n > 0 elements for `shift`: (n - shift) % n in int64, which
// wraps as PyTorch's does for a shift near -2**63, made non-negative.
std::int64_t roll_start(std::int64_t n, std::int64_t shift) {
  const std::int64_t start = wrapping_sub(n, shift) % n;
  return start < 0 ? start + n : start;
}

std::vector<Tensor> roll_apply(const Bound& b) {
  const Tensor& x = input_tensor(b);
  const std::vector<std::int64_t> shifts = ints(b, "shifts"), dims = ints(b, "dims");
  if (dims.empty()) {  // the flattened tensor, rolled, shaped back
    if (shifts.size() != 1)
      fail("RuntimeError", "shifts and dimensions must align. shifts: " + std::to_string(shifts.size()) + ", dims:0",
           "shifts");
    const std::int64_t n = x.numel();
    return single(rearranged(x, x.shape(), [&](const std::vector<std::int64_t>& c, std::vector<std::int64_t>& s) {
      std::int64_t f = 0;
      for (std::size_t d = 0; d < c.size(); ++d) f = f * x.shape()[d] + c[d];
      std::int64_t g = n ? (f + roll_start(n, shifts[0])) % n : 0;
      for (int d = int(c.size()) - 1; d >= 0; --d) {
        s[std::size_t(d)] = g % x.shape()[std::size_t(d)];
        g /= x.shape()[std::size_t(d)];
      }
      return true;
    }));
  }
  if (shifts.size() != dims.size())
    fail("RuntimeError",
         "shifts and dimensions must align. shifts: " + std::to_string(shifts.size()) +
             ", dims:" + std::to_string(dims.size()),
         "shifts");
  // PyTorch rolls one dim after another, each from its own start: the starts add up mod n.
  std::vector<std::int64_t> start(std::size_t(std::max(x.dim(), 1)), 0);
  for (std::size_t i = 0; i < dims.size(); ++i) {
    const std::size_t d = std::size_t(wrap_dim(dims[i], x.dim(), "dims"));
    const std::int64_t n = x.dim() ? x.shape()[d] : 1;
    if (n) start[d] = (start[d] + roll_start(n, shifts[i])) % n;
  }
  return single(rearranged(x, x.shape(), [&](const std::vector<std::int64_t>& c, std::vector<std::int64_t>& s) {
    for (std::size_t d = 0; d < c.size(); ++d) {
      const std::int64_t n = x.shape()[d];
      s[d] = n ? (c[d] + start[d]) % n : 0;
    }
    return true;
  }));
}

std::vector<Tensor> rot90_apply(const Bound& b) {
  const Tensor& x = input_tensor(b);
  const std::vector<std::int64_t> dims = ints(b, "dims");
  if (dims.size() != 2)
    fail("RuntimeError", "expected total rotation dims == 2, but got dims = " + std::to_string(dims.size()), "dims");
  if (x.dim() < 2)
    fail("RuntimeError", "expected total dims >= 2, but got total dims = " + std::to_string(x.dim()), "input");
  if (dims[0] == dims[1] || std::abs(dims[0] - dims[1]) == x.dim())
    fail("RuntimeError",
         "expected rotation dims to be different, but got dim0 = " + std::to_string(dims[0]) +
             " and dim1 = " + std::to_string(dims[1]),
         "dims");
  const std::int64_t a = wrap_dim(dims[0], x.dim(), "dims"), c = wrap_dim(dims[1], x.dim(), "dims");
  const std::int64_t k = ((int_arg(b, "k", 1) % 4) + 4) % 4;
  if (k == 0) return single(copy_of(x));
  if (k == 2) return single(flip_dims(x, {a, c}));
  return single(copy_of(transpose(flip_dims(x, {k == 1 ? c : a}), a, c)));
}

// PyTorch 1.13's repeat (TensorShape.cpp) in its order: the sizes it makes (int64 products that
// wrap, as its arithmetic does), at::empty's checks of them, then an unfold per dim, which
// refuses a size smaller than the input's (a product that wrapped to 0 or less).
std::vector<Tensor> repeat_with(const Tensor& x, const std::vector<std::int64_t>& reps) {
  const std::size_t n = reps.size(), pad = n - std::size_t(x.dim());
  auto size_at = [&](std::size_t d) { return d < pad ? std::int64_t(1) : x.shape()[d - pad]; };
  Shape shape(n);
  for (std::size_t d = 0; d < n; ++d) shape[d] = wrapping_mul(reps[d], size_at(d));
  for (std::int64_t s : shape) check_sym_int(s, "repeats");
  check_empty_storage(shape, dtype_size(x.dtype()), "repeats");  // the size it makes, not the counts
  const bool zero_count = std::find(reps.begin(), reps.end(), 0) != reps.end();
  for (std::size_t d = 0; d < n && !zero_count; ++d)
    if (size_at(d) > shape[d])
      fail("RuntimeError",
           "maximum size for tensor at dimension " + std::to_string(d) + " is " + std::to_string(shape[d]) +
               " but size is " + std::to_string(size_at(d)),
           "repeats");
  check_limits(shape);
  if (shape_numel(shape) == 0) return single(Tensor::empty(x.dtype(), shape));  // (a count may be negative)
  // x read through a view of shape (reps[0], size[0], reps[1], size[1], ...) whose repeat dims
  // step by 0, copied out and shaped as the result.
  Shape view_shape, view_strides;
  for (std::size_t d = 0; d < n; ++d) {
    view_shape.push_back(reps[d]);
    view_strides.push_back(0);
    view_shape.push_back(d < pad ? 1 : x.shape()[d - pad]);
    view_strides.push_back(d < pad ? 0 : x.strides()[d - pad]);
  }
  Tensor out = copy_of_view(x, view_shape, view_strides, x.offset());
  return single(out.as_strided(shape, contiguous_strides(shape), 0));
}
std::vector<Tensor> repeat_apply(const Bound& b) {
  const std::vector<std::int64_t> reps = ints(b, "repeats");
  if (std::int64_t(reps.size()) < input_tensor(b).dim())
    fail("RuntimeError", "Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor",
         "repeats");
  return repeat_with(input_tensor(b), reps);
}
std::vector<Tensor> tile_apply(const Bound& b) {
  std::vector<std::int64_t> reps = ints(b, "dims");
  while (std::int64_t(reps.size()) < input_tensor(b).dim()) reps.insert(reps.begin(), 1);
  return repeat_with(input_tensor(b), reps);
}

template <bool Lower>
std::vector<Tensor> triangle_apply(const Bound& b) {
  const Tensor& x = input_tensor(b);
  wrap_dim(-2, x.dim(), "input");  // PyTorch's own check: a dim -2 to index
  const std::int64_t k = int_arg(b, "diagonal", 0);
  return single(rearranged(x, x.shape(), [&](const std::vector<std::int64_t>& c, std::vector<std::int64_t>& s) {
    const std::int64_t i = c[c.size() - 2], j = c[c.size() - 1];
    s = c;
    return Lower ? j - i <= k : j - i >= k;
  }));
}

}  // namespace

void add_view_ops(std::vector<const OpDescriptor*>& t) {
  auto spec = [](std::vector<Tensor> (*apply)(const Bound&), bool flat = false, const char* fill = nullptr) {
    MovementSpec s;
    s.apply = apply;
    s.flat_arithmetic = flat;
    s.fill = fill;
    return s;
  };
  add_movement(t, "torch.Tensor.view",
               "The same elements read as another shape, sharing storage (no copy); refused where the strides cannot "
               "express it.",
               "torch.tensor([1, 2, 3, 4, 5, 6]).view(2, 3)", "input:Tensor size:IntList", spec(view_apply, true));
  add_movement(t, "torch.Tensor.view_as", "view to the shape of another tensor.",
               "torch.tensor([1, 2, 3, 4, 5, 6]).view_as(torch.tensor([[0, 0], [0, 0], [0, 0]]))",
               "input:Tensor other:Tensor", spec(view_apply, true));
  add_movement(t, "torch.reshape torch.Tensor.reshape",
               "The same elements in row-major order as another shape: a view when the strides allow, else a copy.",
               "torch.reshape(torch.tensor([1, 2, 3, 4, 5, 6]), (2, 3))", "input:Tensor shape:IntList",
               spec(reshape_apply, true));
  add_movement(t, "torch.Tensor.reshape_as", "reshape to the shape of another tensor.",
               "torch.tensor([1, 2, 3, 4, 5, 6]).reshape_as(torch.tensor([[0, 0], [0, 0], [0, 0]]))",
               "input:Tensor other:Tensor", spec(reshape_apply, true));
  add_movement(t, "torch.flatten torch.Tensor.flatten", "Merges dims start_dim..end_dim into one, in row-major order.",
               "torch.flatten(torch.tensor([[1, 2, 3], [4, 5, 6]]))", "input:Tensor start_dim:Int=0 end_dim:Int=-1",
               spec(flatten_apply, true));
  add_movement(t, "torch.ravel torch.Tensor.ravel",
               "The elements as one row-major 1-D tensor (a view when already contiguous).",
               "torch.ravel(torch.tensor([[1, 2], [3, 4]]))", "input:Tensor", spec(ravel_apply, true));
  add_movement(t, "torch.unflatten torch.Tensor.unflatten", "Splits one dim into several whose sizes multiply to it.",
               "torch.unflatten(torch.tensor([1, 2, 3, 4, 5, 6]), 0, (2, 3))", "input:Tensor dim:Int sizes:IntList",
               spec(unflatten_apply, true));
  add_movement(t, "torch.squeeze torch.Tensor.squeeze", "Drops dims of size 1 (all of them, or just dim), as a view.",
               "torch.squeeze(torch.tensor([[[1], [2], [3]]]))", "input:Tensor dim:Int?@=None", spec(squeeze_apply));
  add_movement(t, "torch.unsqueeze torch.Tensor.unsqueeze", "Inserts a dim of size 1 at dim, as a view.",
               "torch.unsqueeze(torch.tensor([1, 2, 3]), 1)", "input:Tensor dim:Int", spec(unsqueeze_apply));
  add_movement(t,
               "torch.transpose torch.Tensor.transpose torch.swapaxes torch.Tensor.swapaxes torch.swapdims "
               "torch.Tensor.swapdims",
               "Swaps two dims: out[i][j] = x[j][i], as a view with the two strides swapped.",
               "torch.transpose(torch.tensor([[1, 2, 3], [4, 5, 6]]), 0, 1)", "input:Tensor dim0:Int dim1:Int",
               spec(transpose_apply));
  add_movement(t, "torch.t torch.Tensor.t", "The transpose of a matrix (vectors and scalars unchanged), as a view.",
               "torch.t(torch.tensor([[1, 2, 3], [4, 5, 6]]))", "input:Tensor", spec(t_apply));
  add_movement(t, "torch.permute torch.Tensor.permute",
               "Reorders the dims: dim i of the result is dim dims[i] of the input, as a view.",
               "torch.permute(torch.tensor([[[1, 2, 3], [4, 5, 6]]]), (2, 0, 1))", "input:Tensor dims:IntList",
               spec(permute_apply));
  add_movement(t, "torch.movedim torch.Tensor.movedim torch.moveaxis torch.Tensor.moveaxis",
               "Moves dims from source to destination positions; the other dims keep their order.",
               "torch.movedim(torch.tensor([[[1, 2, 3], [4, 5, 6]]]), 0, 2)",
               "input:Tensor source:IntList destination:IntList", spec(movedim_apply));
  add_movement(t, "torch.Tensor.expand",
               "Repeats size-1 dims (and new leading dims) without copying: stride 0 reads one element many times.",
               "torch.tensor([[1], [2]]).expand(2, 3)", "input:Tensor size:IntList", spec(expand_apply));
  add_movement(t, "torch.Tensor.expand_as", "expand to the shape of another tensor.",
               "torch.tensor([[1], [2]]).expand_as(torch.tensor([[0, 0, 0], [0, 0, 0]]))", "input:Tensor other:Tensor",
               spec(expand_apply));
  add_movement(t, "torch.broadcast_to torch.Tensor.broadcast_to",
               "The input expanded to a shape it broadcasts to, as a view.",
               "torch.broadcast_to(torch.tensor([1, 2, 3]), (2, 3))", "input:Tensor size:IntList", spec(expand_apply));
  add_movement(t, "torch.narrow torch.Tensor.narrow", "length elements of dim from start on, as a view.",
               "torch.narrow(torch.tensor([[1, 2, 3], [4, 5, 6]]), 1, 1, 2)",
               "input:Tensor dim:Int start:TensorOrNumber length:Int", spec(narrow_apply));
  add_movement(t, "torch.select torch.Tensor.select", "The slice at index of dim, with that dim removed, as a view.",
               "torch.select(torch.tensor([[1, 2, 3], [4, 5, 6]]), 1, 2)", "input:Tensor dim:Int index:Int",
               spec(select_apply));
  add_movement(t, "torch.Tensor.unfold",
               "Sliding windows of size along dimension, step apart, as a new last dim: a view, windows may overlap.",
               "torch.tensor([1, 2, 3, 4, 5, 6, 7]).unfold(0, 3, 2)", "input:Tensor dimension:Int size:Int step:Int",
               spec(unfold_apply));
  add_movement(t, "torch.diagonal torch.Tensor.diagonal",
               "The diagonal of dims dim1 and dim2 (shifted by offset) as a new last dim, as a view.",
               "torch.diagonal(torch.tensor([[1, 2, 3], [4, 5, 6], [7, 8, 9]]))",
               "input:Tensor offset:Int=0 dim1:Int=0 dim2:Int=1", spec(diagonal_apply));
  MovementSpec strided = spec(as_strided_apply);
  strided.storage_proxy = true;
  add_movement(t, "torch.as_strided torch.Tensor.as_strided",
               "A view of the input's storage with any size, strides and offset you give.",
               "torch.as_strided(torch.tensor([1, 2, 3, 4, 5, 6, 7, 8, 9]), (2, 2), (3, 1), 1)",
               "input:Tensor size:IntList stride:IntList storage_offset:Int?=None", strided);
  add_movement(t, "torch.Tensor.contiguous",
               "The tensor itself when its elements are already in row-major order in memory, else a row-major copy.",
               "torch.tensor([[1, 2, 3], [4, 5, 6]]).contiguous()", "input:Tensor", spec(contiguous_apply));
  add_movement(t, "torch.clone torch.Tensor.clone", "A copy with its own storage.",
               "torch.clone(torch.tensor([[1, 2], [3, 4]]))", "input:Tensor", spec(clone_apply));
  add_movement(t, "torch.flip torch.Tensor.flip", "Reverses the order of elements along each dim in dims (a copy).",
               "torch.flip(torch.tensor([[1, 2, 3], [4, 5, 6]]), [1])", "input:Tensor dims:IntList", spec(flip_apply));
  add_movement(t, "torch.fliplr torch.Tensor.fliplr", "Reverses the columns: flip along dim 1.",
               "torch.fliplr(torch.tensor([[1, 2, 3], [4, 5, 6]]))", "input:Tensor", spec(fliplr_apply));
  add_movement(t, "torch.flipud torch.Tensor.flipud", "Reverses the rows: flip along dim 0.",
               "torch.flipud(torch.tensor([[1, 2, 3], [4, 5, 6]]))", "input:Tensor", spec(flipud_apply));
  add_movement(t, "torch.roll torch.Tensor.roll",
               "Shifts elements along dims by shifts, wrapping around (flattened when dims is not given).",
               "torch.roll(torch.tensor([1, 2, 3, 4, 5]), 2)", "input:Tensor shifts:IntList dims:IntList=()",
               spec(roll_apply));
  add_movement(t, "torch.rot90 torch.Tensor.rot90",
               "Rotates by 90° k times in the plane of dims, from the first towards the second.",
               "torch.rot90(torch.tensor([[1, 2], [3, 4]]))", "input:Tensor k:Int=1 dims:IntList=(0,1)",
               spec(rot90_apply));
  add_movement(t, "torch.Tensor.repeat",
               "Tiles the tensor repeats[d] times along each dim (a copy; leading repeats add dims).",
               "torch.tensor([[1, 2], [3, 4]]).repeat(2, 3)", "input:Tensor repeats:IntList", spec(repeat_apply));
  add_movement(t, "torch.tile torch.Tensor.tile",
               "repeat that pads dims with 1s on the left when fewer are given than the tensor has.",
               "torch.tile(torch.tensor([1, 2, 3]), (2,))", "input:Tensor dims:IntList", spec(tile_apply));
  add_movement(t, "torch.tril torch.Tensor.tril",
               "Keeps the lower triangle (j − i ≤ diagonal) of the last two dims, zeros the rest.",
               "torch.tril(torch.tensor([[1, 2, 3], [4, 5, 6], [7, 8, 9]]))", "input:Tensor diagonal:Int=0",
               spec(triangle_apply<true>, false, "above the diagonal, zeroed by tril"));
  add_movement(t, "torch.triu torch.Tensor.triu",
               "Keeps the upper triangle (j − i ≥ diagonal) of the last two dims, zeros the rest.",
               "torch.triu(torch.tensor([[1, 2, 3], [4, 5, 6], [7, 8, 9]]))", "input:Tensor diagonal:Int=0",
               spec(triangle_apply<false>, false, "below the diagonal, zeroed by triu"));
  add_repeat_interleave(t);
  add_diag_ops(t);
  add_scatter_view_ops(t);
  add_channel_shuffle(t);
}

}  // namespace whence
