#include "views.hpp"

#include <algorithm>
#include <initializer_list>
#include <optional>

#include "error.hpp"
#include "shape.hpp"

namespace whence {

namespace {
std::string list_str(const std::vector<std::int64_t>& v) { return shape_str(Shape(v.begin(), v.end())); }
}  // namespace

Tensor checked_as_strided(const Tensor& x, const std::vector<std::int64_t>& size,
                          const std::vector<std::int64_t>& stride, std::int64_t offset, const char* arg) {
  auto marks = [&](const char* own) { return arg ? arg : own; };
  if (size.size() != stride.size()) fail("RuntimeError", "mismatch in length of strides and shape", marks("stride"));
  for (std::int64_t s : stride)
    if (s < 0)
      fail("RuntimeError",
           "as_strided: Negative strides are not supported at the moment, got strides: " + int_list_text(stride),
           marks("stride"));
  if (offset < 0)
    fail("RuntimeError", "Tensor: invalid storage offset " + std::to_string(offset), marks("storage_offset"));
  const std::int64_t item = std::int64_t(dtype_size(x.dtype()));
  // PyTorch's computeStorageNbytes, in unsigned 64-bit arithmetic with its overflow checks:
  // strides near 2**62 must be refused, not wrap into a small size that passes.
  std::uint64_t need = 0;  // bytes
  // (it returns 0 at a zero size; a negative size overflows, as in PyTorch)
  if (std::find(size.begin(), size.end(), 0) == size.end()) {
    bool overflowed = false;
    need = 1;
    for (std::size_t d = 0; d < size.size(); ++d) {
      std::uint64_t strided = 0;
      overflowed |= __builtin_mul_overflow(std::uint64_t(stride[d]), std::uint64_t(size[d] - 1), &strided);
      overflowed |= __builtin_add_overflow(need, strided, &need);
    }
    overflowed |= __builtin_add_overflow(need, std::uint64_t(offset), &need);
    overflowed |= __builtin_mul_overflow(need, std::uint64_t(item), &need);
    overflowed |= need > std::uint64_t(INT64_MAX);  // storage sizes must fit int64_t too
    if (overflowed)
      fail("RuntimeError",
           "Storage size calculation overflowed with sizes=" + int_list_text(size) +
               " and strides=" + int_list_text(stride),
           marks("size"));
  }
  if (need > std::uint64_t(x.storage_bytes()))
    fail("RuntimeError",
         "setStorage: sizes " + int_list_text(size) + ", strides " + int_list_text(stride) + ", storage offset " +
             std::to_string(offset) + ", and itemsize " + std::to_string(item) + " requiring a storage size of " +
             std::to_string(need) + " are out of bounds for storage of size " + std::to_string(x.storage_bytes()),
         marks("size"));
  Shape shape(size.begin(), size.end());
  check_no_negative_dims(shape, marks("size"));
  check_limits(shape);
  return x.as_strided(shape, Shape(stride.begin(), stride.end()), offset);
}

Tensor slice_dim(const Tensor& x, std::int64_t dim, std::int64_t start, std::int64_t end, std::int64_t step,
                 const char* arg) {
  Shape shape = x.shape(), strides = x.strides();
  const std::size_t d = std::size_t(dim);
  const std::int64_t offset = x.offset() + start * strides[d];
  // (end - start + step - 1) / step and stride × step wrap in int64, as in ATen's slice.
  shape[d] = wrapping_add(end - start, step - 1) / step;
  strides[d] = wrapping_mul(strides[d], step);
  for (std::int64_t s : strides) check_sym_int(s, arg);  // the strides become SymInts
  return checked_as_strided(x, std::vector<std::int64_t>(shape.begin(), shape.end()),
                            std::vector<std::int64_t>(strides.begin(), strides.end()), offset, arg);
}

Tensor permute(const Tensor& t, const std::vector<std::int64_t>& dims) {
  if (std::int64_t(dims.size()) != t.dim())
    fail("RuntimeError",
         "permute(sparse_coo): number of dimensions in the tensor input does not match the length "
         "of the desired ordering of dimensions i.e. input.dim() = " +
             std::to_string(t.dim()) + " is not equal to len(dims) = " + std::to_string(dims.size()));
  Shape shape(dims.size()), strides(dims.size());
  std::vector<bool> seen(dims.size(), false);
  for (std::size_t i = 0; i < dims.size(); ++i) {
    const auto d = wrap_dim(dims[i], t.dim());
    if (seen[d]) fail("RuntimeError", "permute(): duplicate dims are not allowed.");
    seen[d] = true;
    shape[i] = t.shape()[d];
    strides[i] = t.strides()[d];
  }
  return t.as_strided(shape, strides, t.offset());
}

Tensor transpose(const Tensor& t, std::int64_t dim0, std::int64_t dim1) {
  const auto a = wrap_dim(dim0, t.dim()), b = wrap_dim(dim1, t.dim());
  if (t.dim() == 0) return t;
  Shape shape = t.shape(), strides = t.strides();
  std::swap(shape[a], shape[b]);
  std::swap(strides[a], strides[b]);
  return t.as_strided(shape, strides, t.offset());
}

Tensor t_(const Tensor& t) {
  if (t.dim() > 2)
    fail("RuntimeError", "t() expects a tensor with <= 2 dimensions, but self is " + std::to_string(t.dim()) + "D");
  return t.dim() < 2 ? t : transpose(t, 0, 1);
}

Tensor unsqueeze(const Tensor& t, std::int64_t dim) {
  Shape shape = t.shape(), strides = t.strides();
  const std::int64_t stride = dim >= t.dim() ? 1 : shape[std::size_t(dim)] * strides[std::size_t(dim)];
  insert_at(shape, dim, 1);
  insert_at(strides, dim, stride);
  return t.as_strided(shape, strides, t.offset());
}

namespace {

// c10's is_channels_last_strides_{2d,3d}: the dims from innermost to outermost in a
// channels-last layout are `order`; each stride must be at least the extent of the ones inside.
bool strides_like_channels_last(const Tensor& t, std::initializer_list<int> order) {
  if (t.strides()[1] == 0) return false;  // (a trivial C stride defaults to the contiguous format)
  std::int64_t min = 0;
  for (int d : order) {
    const std::int64_t size = t.shape()[std::size_t(d)], stride = t.strides()[std::size_t(d)];
    if (size == 0 || stride < min) return false;
    if (d == 0 && min == t.strides()[1]) return false;  // ambiguous N111-like strides: contiguous
    min = size > 1 ? stride * size : stride;
  }
  return true;
}

}  // namespace

bool suggests_channels_last(const Tensor& t) { return t.dim() == 4 && strides_like_channels_last(t, {1, 3, 2, 0}); }

bool suggests_channels_last_3d(const Tensor& t) {
  return t.dim() == 5 && strides_like_channels_last(t, {1, 4, 3, 2, 0});
}

std::string memory_format_kernel(const std::string& name, const Tensor& t) {
  return suggests_channels_last(t) ? name + "_channels_last" : name;
}

Tensor select(const Tensor& t, std::int64_t dim, std::int64_t index) {
  Shape shape = t.shape(), strides = t.strides();
  const std::int64_t offset = t.offset() + index * strides[std::size_t(dim)];
  shape.erase(shape.begin() + dim);
  strides.erase(strides.begin() + dim);
  return t.as_strided(shape, strides, offset);
}

Tensor expand(const Tensor& t, const std::vector<std::int64_t>& sizes) {
  const std::int64_t n = std::int64_t(sizes.size()), rank = t.dim();
  if (n < rank) {
    fail("RuntimeError",
         std::string("expand(torch.") + dtype_scalar_name(t.dtype()) + "Tensor{" + shape_str(t.shape()) +
             "}, size=" + list_str(sizes) + "): the number of sizes provided (" + std::to_string(n) +
             ") must be greater or equal to the number of dimensions in the tensor (" + std::to_string(rank) + ")");
  }
  Shape shape(n), strides(n);
  for (std::int64_t i = n - 1; i >= 0; --i) {
    const std::int64_t d = i - (n - rank);  // matching dim of t, or < 0 for a new leading dim
    std::int64_t size = sizes[i];
    if (d < 0) {
      if (size < 0)
        fail("RuntimeError", "The expanded size of the tensor (" + std::to_string(size) +
                                 ") isn't allowed in a leading, non-existing dimension " + std::to_string(i));
      // A new dim of size 1 steps over the dims after it, as PyTorch's inferExpandGeometry
      // computes it (x.expand(1, 2) of a [2] tensor has strides (2, 1)); a stretched one is 0.
      shape[i] = size;
      strides[i] = size == 1 && i + 1 < n ? shape[i + 1] * strides[i + 1] : 0;
      continue;
    }
    const std::int64_t have = t.shape()[d];
    if (size == -1) size = have;
    if (have == size) {
      shape[i] = size;
      strides[i] = t.strides()[d];
    } else if (have == 1) {
      shape[i] = size;
      strides[i] = 0;
    } else {
      fail("RuntimeError", "The expanded size of the tensor (" + std::to_string(size) +
                               ") must match the existing size (" + std::to_string(have) +
                               ") at non-singleton dimension " + std::to_string(i) +
                               ".  Target sizes: " + list_str(sizes) + ".  Tensor sizes: " + shape_str(t.shape()));
    }
  }
  check_limits(shape);
  return t.as_strided(shape, strides, t.offset());
}

Shape infer_size(const std::vector<std::int64_t>& sizes, std::int64_t numel) {
  Shape shape(sizes.begin(), sizes.end());
  std::int64_t known = 1;
  int infer = -1;
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    if (sizes[i] == -1) {
      if (infer >= 0) fail("RuntimeError", "only one dimension can be inferred");
      infer = int(i);
    } else if (sizes[i] < 0) {
      fail("RuntimeError", "invalid shape dimension " + std::to_string(sizes[i]));
    } else {  // an int64 product that wraps, as PyTorch's infer_size_impl's does
      known = wrapping_mul(known, sizes[i]);
    }
  }
  const bool ok = numel == known || (infer >= 0 && known > 0 && numel % known == 0);
  if (ok && infer >= 0 && known == 0)
    fail("RuntimeError", "cannot reshape tensor of 0 elements into shape " + list_str(sizes) +
                             " because the unspecified dimension size -1 can be any value and is ambiguous");
  if (!ok)
    fail("RuntimeError", "shape '" + list_str(sizes) + "' is invalid for input of size " + std::to_string(numel));
  if (infer >= 0) shape[infer] = numel / known;
  return shape;
}

// PyTorch's computeStride (aten/src/ATen/TensorUtils.cpp): the strides that let a tensor of
// shape `old` and strides `old_strides` be read as `shape` without a copy, walking chunks of
// dims that are contiguous with each other; nullopt where a new dim would span two chunks.
std::optional<Shape> view_strides(const Shape& old, const Shape& old_strides, const Shape& shape) {
  if (old.empty()) return Shape(shape.size(), 1);
  const std::int64_t numel = shape_numel(old);
  if (numel == 0 && old == shape) return old_strides;
  Shape strides(shape.size());
  if (numel == 0) {  // as computeStride's: the strides of a resize, in int64 products that wrap as its do
    for (int d = int(shape.size()) - 1; d >= 0; --d)
      strides[std::size_t(d)] =
          d == int(shape.size()) - 1
              ? 1
              : wrapping_mul(std::max<std::int64_t>(shape[std::size_t(d) + 1], 1), strides[std::size_t(d) + 1]);
    return strides;
  }
  int view_d = int(shape.size()) - 1;
  std::int64_t chunk_base_stride = old_strides.back(), tensor_numel = 1, view_numel = 1;
  for (int tensor_d = int(old.size()) - 1; tensor_d >= 0; --tensor_d) {
    tensor_numel *= old[std::size_t(tensor_d)];
    if (tensor_d == 0 || (old[std::size_t(tensor_d) - 1] != 1 &&
                          old_strides[std::size_t(tensor_d) - 1] != tensor_numel * chunk_base_stride)) {
      while (view_d >= 0 && (view_numel < tensor_numel || shape[std::size_t(view_d)] == 1)) {
        strides[std::size_t(view_d)] = view_numel * chunk_base_stride;
        view_numel *= shape[std::size_t(view_d)];
        --view_d;
      }
      if (view_numel != tensor_numel) return std::nullopt;
      if (tensor_d > 0) {
        chunk_base_stride = old_strides[std::size_t(tensor_d) - 1];
        tensor_numel = 1;
        view_numel = 1;
      }
    }
  }
  if (view_d != -1) return std::nullopt;
  return strides;
}

Tensor view(const Tensor& t, const std::vector<std::int64_t>& sizes) {
  const Shape shape = infer_size(sizes, t.numel());
  const std::optional<Shape> strides = view_strides(t.shape(), t.strides(), shape);
  if (!strides)
    fail("RuntimeError",
         "view size is not compatible with input tensor's size and stride (at least one dimension "
         "spans across two contiguous subspaces). Use .reshape(...) instead.");
  return t.as_strided(shape, *strides, t.offset());
}

Tensor reshape(const Tensor& t, const std::vector<std::int64_t>& sizes) {
  const Shape shape = infer_size(sizes, t.numel());
  if (const std::optional<Shape> strides = view_strides(t.shape(), t.strides(), shape))
    return t.as_strided(shape, *strides, t.offset());
  const Tensor c = t.contiguous();
  return c.as_strided(shape, contiguous_strides(shape), c.offset());
}

}  // namespace whence
