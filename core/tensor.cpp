#include "tensor.hpp"

#include "error.hpp"

#include "core_fast_paths.hpp"
#include "strided_copy.hpp"

#include <algorithm>
#include <cstring>

namespace whence {

Shape contiguous_strides(const Shape& shape) {
  // PyTorch's convention: a size-1 dim keeps the product stride (xtensor would use 0). The
  // product wraps as PyTorch's does: torch.ones(0, 5, 2**62) has strides (2**62, 2**62, 1).
  Shape strides(shape.size());
  std::uint64_t s = 1;
  for (int d = int(shape.size()) - 1; d >= 0; --d) {
    strides[d] = std::int64_t(s);
    s *= shape[d] > 0 ? std::uint64_t(shape[d]) : 1;
  }
  return strides;
}

// As c10's safe_compute_numel: a product past int64 is PyTorch's error for any tensor of that
// shape (zeros(0).view(2**32, 2**32): the sizes' product wraps to 0, which infer_size accepts).
// (A shape with a negative size, which callers refuse in PyTorch's words of their own, gives the
// wrapped product, never an overflow.)
std::int64_t shape_numel(const Shape& shape) {
  std::uint64_t n = 1;
  bool overflowed = false, negative = false;
  for (auto s : shape) {
    negative |= s < 0;
    overflowed |= __builtin_mul_overflow(n, std::uint64_t(s), &n);
  }
  if (!negative && (overflowed || n > std::uint64_t(INT64_MAX)))
    fail("RuntimeError", "numel: integer multiplication overflow");
  return std::int64_t(n);
}

namespace {
std::uint64_t next_object_id() {
  thread_local std::uint64_t last = 0;
  return ++last;
}
}  // namespace

Tensor Tensor::empty(DType dtype, const Shape& shape) {
  Tensor t = uninitialized(dtype, shape);
  std::fill(t.storage_->words.begin(), t.storage_->words.end(), 0);
  return t;
}

Tensor Tensor::uninitialized(DType dtype, const Shape& shape) {
  Tensor t;
  t.dtype_ = dtype;
  t.shape_ = shape;
  t.strides_ = contiguous_strides(shape);
  t.storage_ = std::make_shared<Storage>(std::size_t(shape_numel(shape)) * dtype_size(dtype));
  t.object_ = next_object_id();
  return t;
}

Tensor Tensor::as_strided(const Shape& shape, const Shape& strides, std::int64_t offset) const {
  Tensor t = *this;
  t.shape_ = shape;
  t.strides_ = strides;
  t.offset_ = offset;
  t.object_ = next_object_id();
  return t;
}

bool Tensor::is_contiguous() const {
  std::int64_t expected = 1;
  for (int d = dim() - 1; d >= 0; --d) {
    if (shape_[d] == 1) continue;
    if (strides_[d] != expected) return numel() == 0;
    expected *= shape_[d];
  }
  return true;
}

std::int64_t Tensor::storage_index(std::int64_t flat) const {
  std::int64_t index = offset_;
  for (int d = dim() - 1; d >= 0; --d) {
    // An empty tensor has no element to read: a call site that forgot to check gets an error,
    // not a division by zero (the fuzzers found two: a tensor given for a number).
    if (shape_[d] == 0) throw Error("RuntimeError", "internal error: an element of an empty tensor was read");
    index += (flat % shape_[d]) * strides_[d];
    flat /= shape_[d];
  }
  return index;
}

void* Tensor::data_ptr() const {
  // An empty storage has no address: a view of it keeps its offset, but nothing is read there
  // (the bind fuzzer's view of zero elements at storage offset 10 offset a null pointer).
  char* base = static_cast<char*>(storage_->data());
  return base ? base + offset_ * std::int64_t(dtype_size(dtype_)) : base;
}

Scalar Tensor::get(std::int64_t flat) const {
  const std::int64_t at = storage_index(flat) - offset_;
  return dispatch_dtype(dtype_, [&](auto tag) {
    using T = typename decltype(tag)::type;
    return Scalar::of(data<T>()[at], dtype_);
  });
}

void Tensor::set(std::int64_t flat, const Scalar& v) {
  const std::int64_t at = storage_index(flat) - offset_;
  dispatch_dtype(dtype_, [&](auto tag) {
    using T = typename decltype(tag)::type;
    data<T>()[at] = v.stored_as<T>();
  });
}

Tensor Tensor::contiguous() const {
  if (is_contiguous()) return *this;
  return to(dtype_);
}

Tensor Tensor::to(DType d) const {
  Tensor out = empty(d, shape_);
  const std::int64_t n = numel();
  // (with the fast paths off, core_fast_paths.hpp, all but the last loop are skipped: it gives
  // the same values)
  if (d == dtype_ && n > 0 && take_core_fast_path(CoreFastPath::TensorCopy)) {
    if (is_contiguous())
      std::memcpy(out.data_ptr(), data_ptr(), std::size_t(n) * dtype_size(d));
    else  // the bytes as they are, by the element's width
      copy_strided(dtype_size(d), shape_, out.data_ptr(), out.strides(), data_ptr(), strides_);
    return out;
  }
  // float32 <-> float64, the compute paths' widening and narrowing: one cast per element
  const bool f32 = dtype_ == DType::Float32 && d == DType::Float64,
             f64 = dtype_ == DType::Float64 && d == DType::Float32;
  if ((f32 || f64) && n > 0 && take_core_fast_path(CoreFastPath::TensorCast)) {
    const Tensor c = contiguous();
    if (f32)
      std::copy(c.data<float>(), c.data<float>() + n, out.data<double>());
    else
      std::transform(c.data<double>(), c.data<double>() + n, out.data<float>(), [](double v) { return float(v); });
    return out;
  }
  for (std::int64_t i = 0; i < n; ++i) out.set(i, get(i));
  return out;
}

}  // namespace whence
