#include "views.hpp"

#include "error.hpp"
#include "shape.hpp"

namespace whence {

namespace {
std::string list_str(const std::vector<std::int64_t>& v) {
  return shape_str(Shape(v.begin(), v.end()));
}
}  // namespace

Tensor permute(const Tensor& t, const std::vector<std::int64_t>& dims) {
  if (std::int64_t(dims.size()) != t.dim())
    fail("RuntimeError",
         "permute(sparse_coo): number of dimensions in the tensor input does not match the length "
         "of the desired ordering of dimensions i.e. input.dim() = " + std::to_string(t.dim()) +
             " is not equal to len(dims) = " + std::to_string(dims.size()));
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
    fail("RuntimeError", "t() expects a tensor with <= 2 dimensions, but self is " +
                             std::to_string(t.dim()) + "D");
  return t.dim() < 2 ? t : transpose(t, 0, 1);
}

Tensor expand(const Tensor& t, const std::vector<std::int64_t>& sizes) {
  const std::int64_t n = std::int64_t(sizes.size()), rank = t.dim();
  if (n < rank) {
    static const char* legacy[] = {"Bool", "Int", "Long", "Float", "Double"};
    fail("RuntimeError", std::string("expand(torch.") + legacy[int(t.dtype())] + "Tensor{" +
                             shape_str(t.shape()) + "}, size=" + list_str(sizes) +
                             "): the number of sizes provided (" + std::to_string(n) +
                             ") must be greater or equal to the number of dimensions in the tensor (" +
                             std::to_string(rank) + ")");
  }
  Shape shape(n), strides(n);
  for (std::int64_t i = n - 1; i >= 0; --i) {
    const std::int64_t d = i - (n - rank);  // matching dim of t, or < 0 for a new leading dim
    std::int64_t size = sizes[i];
    if (d < 0) {
      if (size < 0)
        fail("RuntimeError", "The expanded size of the tensor (" + std::to_string(size) +
                                 ") isn't allowed in a leading, non-existing dimension " +
                                 std::to_string(i));
      shape[i] = size;
      strides[i] = 0;
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
                               ".  Target sizes: " + list_str(sizes) +
                               ".  Tensor sizes: " + shape_str(t.shape()));
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
    } else {
      known *= sizes[i];
    }
  }
  const bool ok = infer >= 0 ? (known > 0 && numel % known == 0) : known == numel;
  if (!ok)
    fail("RuntimeError", "shape '" + list_str(sizes) + "' is invalid for input of size " +
                             std::to_string(numel));
  if (infer >= 0) shape[infer] = numel / known;
  return shape;
}

Tensor view(const Tensor& t, const std::vector<std::int64_t>& sizes) {
  const Shape shape = infer_size(sizes, t.numel());
  if (!t.is_contiguous())
    fail("RuntimeError",
         "view size is not compatible with input tensor's size and stride (at least one dimension "
         "spans across two contiguous subspaces). Use .reshape(...) instead.");
  return t.as_strided(shape, contiguous_strides(shape), t.offset());
}

Tensor reshape(const Tensor& t, const std::vector<std::int64_t>& sizes) {
  const Shape shape = infer_size(sizes, t.numel());
  const Tensor c = t.contiguous();
  return c.as_strided(shape, contiguous_strides(shape), c.offset());
}

}  // namespace whence
