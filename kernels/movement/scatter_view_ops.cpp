// scatter_view_ops.cpp - select_scatter, slice_scatter, diagonal_scatter and as_strided_scatter
// (movement family, kernels/movement/movement_family.hpp): a copy of the input with src written
// where the view (select, slice, diagonal, as_strided) would read. Both input and src are moved tensors, so the proxies
// name each output element's one source: src where the view covers it, input elsewhere.
// Checks and messages follow PyTorch 1.13's ATen functions: the view's own checks first, then
// "expected src to have a size equal to the slice of self".
#include <algorithm>
#include <cstring>
#include <limits>

#include "core/error.hpp"
#include "core/shape.hpp"
#include "core/strided_copy.hpp"
#include "core/views.hpp"
#include "kernels/common/composite.hpp"
#include "kernels/movement/movement_family.hpp"

namespace whence {

namespace {

// ATen's slice: None start is 0, None end is past the end; negative ends count from the end;
// both clamp into [0, size] and end never falls before start.
Tensor slice_view(const Tensor& x, std::int64_t given_dim, const Value& start_v, const Value& end_v,
                  std::int64_t step) {
  if (x.dim() == 0) fail("IndexError", "slice() cannot be applied to a 0-dim tensor.", "input");
  const std::int64_t d = wrap_dim(given_dim, x.dim(), "dim");
  const std::int64_t size = x.shape()[std::size_t(d)];
  std::int64_t start = start_v.is<None>() ? 0 : start_v.as<std::int64_t>();
  std::int64_t end = end_v.is<None>() ? std::numeric_limits<std::int64_t>::max() : end_v.as<std::int64_t>();
  if (step <= 0) fail("RuntimeError", "slice step must be positive", "step");
  if (start < 0) start += size;
  if (end < 0) end += size;
  start = start < 0 ? 0 : start >= size ? size : start;
  end = end < start ? start : end >= size ? size : end;
  return slice_dim(x, d, start, end, step, "step");
}

// The input copied, then src (in the input's dtype) written into the view `place` makes of the copy.
template <class Place>
std::vector<Tensor> embedded(const Bound& b, const Place& place) {
  const Tensor& src = tensor_arg(b, "src");
  Tensor out = input_tensor(b).to(input_tensor(b).dtype());
  const Tensor slot = place(out);
  if (slot.shape() != src.shape())
    fail("RuntimeError",
         "expected src to have a size equal to the slice of self. src size = " + shape_str(src.shape()) +
             ", slice size = " + shape_str(slot.shape()),
         "src");
  copy_into(slot, src.dtype() == out.dtype() ? src : src.to(out.dtype()));
  return single(out);
}

std::vector<Tensor> select_scatter_apply(const Bound& b) {
  return embedded(b, [&](const Tensor& x) { return select_view(x, int_arg(b, "dim", 0), int_arg(b, "index", 0)); });
}

std::vector<Tensor> slice_scatter_apply(const Bound& b) {
  return embedded(b, [&](const Tensor& x) {
    return slice_view(x, int_arg(b, "dim", 0), arg(b, "start"), arg(b, "end"), int_arg(b, "step", 1));
  });
}

std::vector<Tensor> diagonal_scatter_apply(const Bound& b) {
  return embedded(b, [&](const Tensor& x) {
    return diagonal_view(x, int_arg(b, "offset", 0), int_arg(b, "dim1", 0), int_arg(b, "dim2", 1));
  });
}

// --- as_strided_scatter: PyTorch 1.13 clones the input (keeping its layout), takes as_strided of
// the clone's storage and copy_s src into it, so the input's strides decide what the view reaches.

// c10's is_non_overlapping_and_dense: the dims of size 2 or more, sorted by stride, tile memory.
bool non_overlapping_and_dense(const Shape& shape, const Shape& strides) {
  std::vector<std::size_t> dims;
  for (std::size_t d = 0; d < shape.size(); ++d)
    if (shape[d] >= 2) dims.push_back(d);
  std::sort(dims.begin(), dims.end(), [&](std::size_t a, std::size_t b) { return strides[a] < strides[b]; });
  std::int64_t need = 1;
  for (std::size_t d : dims) {
    if (strides[d] != need) return false;
    need *= shape[d];
  }
  return true;
}

// clone() with preserve_format: a dense input keeps its strides; else contiguous, or channels-last
// where suggest_memory_format() says so.
Tensor clone_keeping_layout(const Tensor& x) {
  Shape strides = contiguous_strides(x.shape());
  if (non_overlapping_and_dense(x.shape(), x.strides())) {
    strides = x.strides();
  } else if (suggests_channels_last(x) || suggests_channels_last_3d(x)) {
    // channels innermost, then the spatial dims from the last, the batch outermost
    const std::vector<int> order = x.dim() == 4 ? std::vector<int>{1, 3, 2, 0} : std::vector<int>{1, 4, 3, 2, 0};
    std::int64_t s = 1;
    for (int d : order) {
      strides[std::size_t(d)] = s;
      s *= x.shape()[std::size_t(d)];
    }
  }
  Tensor out = Tensor::empty(x.dtype(), {x.numel()}).as_strided(x.shape(), strides, 0);
  copy_into(out, x);
  return out;
}

// Whether two positions of the view (size, stride) share one memory element.
bool view_overlaps(const Shape& size, const Shape& stride) {
  const std::int64_t n = shape_numel(size);
  if (n == 0) return false;
  std::int64_t last = 0;
  for (std::size_t d = 0; d < size.size(); ++d) last += stride[d] * (size[d] - 1);
  std::vector<bool> seen(std::size_t(last + 1));
  std::vector<std::int64_t> c(size.size(), 0);
  for (std::int64_t k = 0, at = 0; k < n; ++k) {
    if (seen[std::size_t(at)]) return true;
    seen[std::size_t(at)] = true;
    for (std::size_t d = size.size(); d-- > 0;) {
      at += stride[d];
      if (++c[d] < size[d]) break;
      at -= stride[d] * size[d];
      c[d] = 0;
    }
  }
  return false;
}

// TensorIterator's reorder_dimensions for copy_(view, src): the dims from fastest to slowest,
// by the view's strides, then src's (a zero stride is no evidence), equal strides putting the
// smaller size first. Where view positions overlap this order decides which write stays.
std::vector<std::size_t> iterator_order(const Shape& size, const Shape& a, const Shape& b) {
  const std::size_t n = size.size();
  std::vector<std::size_t> perm(n);
  for (std::size_t i = 0; i < n; ++i) perm[i] = n - 1 - i;
  auto should_swap = [&](std::size_t d0, std::size_t d1) {
    for (const Shape* s : {&a, &b}) {
      const std::int64_t s0 = (*s)[d0], s1 = (*s)[d1];
      if (s0 == 0 || s1 == 0) continue;
      if (s0 != s1) return s0 < s1 ? -1 : 1;
      if (size[d0] > size[d1]) return 1;
    }
    return 0;
  };
  for (std::size_t i = 1; i < n; ++i)
    for (std::size_t d1 = i, d0 = i; d0-- > 0;) {
      const int c = should_swap(perm[d0], perm[d1]);
      if (c < 0) break;
      if (c > 0) std::swap(perm[d0], perm[d1]), d1 = d0;
    }
  return perm;
}

// copy_(view, src) as PyTorch walks it: element by element in iterator_order, so that where
// view positions share memory the last write stays. `values`: src in the view's dtype, row-major.
void copy_in_iterator_order(const Tensor& view, const Shape& src_strides, const Tensor& values) {
  const Shape& size = view.shape();
  const std::int64_t n = view.numel();
  if (n == 0) return;
  const std::vector<std::size_t> perm = iterator_order(size, view.strides(), src_strides);
  const Shape rows = contiguous_strides(size);
  const std::size_t w = dtype_size(view.dtype());
  char* to = static_cast<char*>(view.data_ptr());
  const char* from = static_cast<const char*>(values.data_ptr());
  std::vector<std::int64_t> c(size.size(), 0);
  for (std::int64_t k = 0, at = 0, flat = 0; k < n; ++k) {
    std::memcpy(to + at * std::int64_t(w), from + flat * std::int64_t(w), w);
    for (std::size_t d : perm) {
      at += view.strides()[d], flat += rows[d];
      if (++c[d] < size[d]) break;
      at -= view.strides()[d] * size[d], flat -= rows[d] * size[d];
      c[d] = 0;
    }
  }
}

constexpr std::int64_t kCopyGrainSize = 32768;  // at::internal::GRAIN_SIZE: larger copies run in threads

std::vector<Tensor> as_strided_scatter_apply(const Bound& b) {
  const Tensor& src = tensor_arg(b, "src");
  const std::vector<std::int64_t> size = ints_of(arg(b, "size")), stride = ints_of(arg(b, "stride"));
  Tensor out = clone_keeping_layout(input_tensor(b));
  const Tensor slot = as_strided_view(out, size, stride, arg(b, "storage_offset"));
  if (slot.shape() != src.shape())
    fail("RuntimeError",
         "expected src to have a size equal to the slice of self. src size = " + shape_str(src.shape()) +
             ", slice size = " + shape_str(slot.shape()),
         "src");
  if (slot.numel() > 0 && !non_overlapping_and_dense(slot.shape(), slot.strides()))  // (copy_ returns at none)
    for (std::size_t d = 0; d < size.size(); ++d)
      if (stride[d] == 0 && size[d] > 1)
        fail("RuntimeError",
             "unsupported operation: more than one element of the written-to tensor refers to a single memory "
             "location. Please clone() the tensor before performing the operation.",
             "stride");
  if (slot.numel() >= kCopyGrainSize && view_overlaps(slot.shape(), slot.strides()))
    fail("Unsupported",
         "as_strided_scatter with view positions that share memory is left out from " + std::to_string(kCopyGrainSize) +
             " elements: PyTorch copies that many in threads, and which overlapping write stays is a race",
         "size");
  copy_in_iterator_order(slot, src.strides(), src.to(out.dtype()));
  return single(out);
}

// "from src" / "kept from input": which side of the embedding the element came from.
std::string side_note(const Bound& b, const OpResult&, int, std::int64_t, const std::vector<Source>& src) {
  if (src.empty()) return "";
  return b.op->params[std::size_t(src[0].param)].name == "src" ? "written from src" : "kept from input";
}

MovementSpec scatter_spec(std::vector<Tensor> (*apply)(const Bound&)) {
  MovementSpec s;
  s.apply = apply;
  s.note = side_note;
  return s;
}

}  // namespace

// PyTorch 1.13's autograd refuses a non-contiguous input (an internal assert). Elsewhere its
// backward is wrong (the input's gradient is left unset outside the view, gen_golden_grad.py),
// so Whence gives the gradient of the relations: the upstream summed over each element's outputs.
void as_strided_scatter_grad_check(const Bound& b, const OpResult&) {
  const Tensor& x = input_tensor(b);
  if (is_floating(x.dtype()) && !x.is_contiguous())  // (an integer result has no gradient to refuse)
    fail("RuntimeError",
         "!self.requires_grad() || self.is_contiguous() INTERNAL ASSERT FAILED at "
         "\"./aten/src/ATen/native/TensorShape.cpp\":3619, please report a bug to PyTorch. as_strided_scatter is "
         "currently only supported for contiguous inputs");
}

void add_scatter_view_ops(std::vector<const OpDescriptor*>& t) {
  add_movement(t, "torch.select_scatter torch.Tensor.select_scatter",
               "A copy of the input with src written over the slice at index of dim (the slice select would read).",
               "torch.select_scatter(torch.tensor([[0, 0, 0], [0, 0, 0]]), torch.tensor([1, 2, 3]), 0, 1)",
               "input:Tensor src:Tensor dim:Int index:Int", scatter_spec(select_scatter_apply));
  add_movement(
      t, "torch.slice_scatter torch.Tensor.slice_scatter",
      "A copy of the input with src written over the elements start:end:step of dim.",
      "torch.slice_scatter(torch.tensor([[0, 0, 0, 0], [0, 0, 0, 0]]), torch.tensor([[1, 2], [3, 4]]), 1, 0, 4, 2)",
      "input:Tensor src:Tensor dim:Int=0 start:Int?=None end:Int?=None step:Int=1", scatter_spec(slice_scatter_apply));
  add_movement(t, "torch.diagonal_scatter torch.Tensor.diagonal_scatter",
               "A copy of the input with src written along the diagonal of dims dim1 and dim2 (shifted by offset).",
               "torch.diagonal_scatter(torch.tensor([[0, 0, 0], [0, 0, 0], [0, 0, 0]]), torch.tensor([1, 2, 3]))",
               "input:Tensor src:Tensor offset:Int=0 dim1:Int=0 dim2:Int=1", scatter_spec(diagonal_scatter_apply));
  MovementSpec strided = scatter_spec(as_strided_scatter_apply);
  strided.storage_proxy = true;  // the input's layout decides what the view reaches
  add_movement(
      t, "torch.as_strided_scatter torch.Tensor.as_strided_scatter",
      "A copy of the input with src written where as_strided(size, stride, storage_offset) of its "
      "storage would read.",
      "torch.as_strided_scatter(torch.tensor([[0, 0, 0], [0, 0, 0], [0, 0, 0]]), torch.tensor([[1, 2], [3, 4]]), "
      "(2, 2), (1, 2))",
      "input:Tensor src:Tensor size:IntList stride:IntList storage_offset:Int?=None", strided);
}

}  // namespace whence
