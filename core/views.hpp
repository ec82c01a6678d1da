// views.hpp - tensor methods the call language uses to build inputs: real views where PyTorch
// makes views (permute, transpose, t, expand, view), copies where it copies (reshape of a
// non-viewable tensor). Errors in PyTorch's words.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "tensor.hpp"

namespace whence {

// at::as_strided's checks in its order and words (negative strides, storage offset, the storage
// size's overflow and bounds, negative sizes), then the view. `arg`: the argument every error
// marks; nullptr marks PyTorch's own (stride, storage_offset, size).
Tensor checked_as_strided(const Tensor& x, const std::vector<std::int64_t>& size,
                          const std::vector<std::int64_t>& stride, std::int64_t offset, const char* arg = nullptr);
// ATen's slice of `dim` once start and end are clamped into [0, size] (end >= start, step > 0),
// with its int64 arithmetic that wraps and as_strided's checks: a huge step is PyTorch's error.
Tensor slice_dim(const Tensor& x, std::int64_t dim, std::int64_t start, std::int64_t end, std::int64_t step,
                 const char* arg);
Tensor permute(const Tensor& t, const std::vector<std::int64_t>& dims);
Tensor transpose(const Tensor& t, std::int64_t dim0, std::int64_t dim1);
Tensor t_(const Tensor& t);  // Tensor.t()
Tensor expand(const Tensor& t, const std::vector<std::int64_t>& sizes);
Tensor unsqueeze(const Tensor& t, std::int64_t dim);                   // dim already wrapped into [0, t.dim()]
Tensor select(const Tensor& t, std::int64_t dim, std::int64_t index);  // both already wrapped and checked
Tensor view(const Tensor& t, const std::vector<std::int64_t>& sizes);
Tensor reshape(const Tensor& t, const std::vector<std::int64_t>& sizes);

// c10's is_channels_last_strides_2d: whether suggest_memory_format() reads the strides as
// channels-last, which picks PyTorch's "_channels_last" CPU kernels (and their error words).
bool suggests_channels_last(const Tensor& t);
// The same for 5-D tensors (ChannelsLast3d), which some CPU kernels refuse.
bool suggests_channels_last_3d(const Tensor& t);
// `name`, or `name`_channels_last where PyTorch's CPU kernel switches on that memory format.
std::string memory_format_kernel(const std::string& name, const Tensor& t);

// PyTorch's computeStride: strides for viewing (old, old_strides) as `shape`, if it can.
std::optional<Shape> view_strides(const Shape& old, const Shape& old_strides, const Shape& shape);

// Resolves one -1 in a requested shape against numel, as view/reshape do.
Shape infer_size(const std::vector<std::int64_t>& sizes, std::int64_t numel);

}  // namespace whence
