// tensor.hpp - a strided view over shared, typed storage: PyTorch's tensor model in small.
// Views (permute, expand, ...) share storage and differ in shape, strides and offset.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include <xtensor/xstorage.hpp>

#include "dtype.hpp"

namespace whence {

constexpr int kMaxRank = 8;
constexpr std::int64_t kMaxElements = 65536;  // the protocol's limit (DESIGN.md "Limits")
// The most tensors one call may return (a split, unbind, ...): the widget draws each as a card,
// and a response of 65,536 one-element views is 7 MB of JSON.
constexpr std::int64_t kMaxResults = 4096;
// The limit check_limits applies: kMaxElements, unless a benchmark raised it to time the same
// run path on tensors of millions of elements (kernels/bench; never the CLI or the app).
std::int64_t element_limit();
void set_element_limit(std::int64_t n);

using Shape = xt::svector<std::int64_t, kMaxRank>;

// One element's value with its dtype; the widest C++ type of each kind.
struct Scalar {
  DType dtype = DType::Int64;
  double f = 0;        // floating dtypes (exactly the stored value)
  std::int64_t i = 0;  // integer dtypes and Bool (0 or 1)

  static Scalar from_int(std::int64_t v, DType d = DType::Int64) {
    Scalar s;
    s.dtype = d;
    s.i = v;
    s.f = double(v);
    return s;
  }
  static Scalar from_float(double v, DType d = DType::Float64) {
    Scalar s;
    s.dtype = d;
    s.f = v;
    s.i = float_to_int64(v);
    return s;
  }
  static Scalar from_bool(bool v) { return from_int(v ? 1 : 0, DType::Bool); }
  // A stored element of C++ type T (Half, int8_t, ...) as dtype d's Scalar.
  template <class T>
  static Scalar of(T v, DType d) {
    Scalar s;
    s.dtype = d;
    s.f = double(v);
    if constexpr (!is_float_storage_v<T>) s.i = std::int64_t(v);
    return s;
  }
  double as_double() const { return is_floating(dtype) ? f : double(i); }
  // As storage type T holds it (Tensor::set): converted as PyTorch converts.
  template <class T>
  T stored_as() const {
    return is_floating(dtype) ? cast_from_double<T>(f) : cast_from_int64<T>(i);
  }
};

// Word-aligned bytes, shared by a tensor and all its views.
struct Storage {
  xt::uvector<std::uint64_t> words;
  std::size_t bytes;          // as PyTorch counts them (the words round up)
  std::uint64_t version = 0;  // PyTorch's version counter: a program's in-place writes count up
  // Unset but for the last word's padding (uvector leaves trivial types as they are):
  // Tensor::empty zero-fills it, Tensor::uninitialized leaves it to the launcher.
  explicit Storage(std::size_t n) : words((n + 7) / 8), bytes(n) {
    if (!words.empty()) words.back() = 0;
  }
  void* data() { return words.data(); }
};

Shape contiguous_strides(const Shape& shape);
std::int64_t shape_numel(const Shape& shape);

class Tensor {
 public:
  Tensor() = default;
  static Tensor empty(DType dtype, const Shape& shape);  // zero-filled, contiguous
  // Contiguous, its elements not set: only for a result whose every element is written next
  // (a launcher's output), where the zero-fill would be a second pass over the memory.
  static Tensor uninitialized(DType dtype, const Shape& shape);
  // A view sharing this tensor's storage.
  Tensor as_strided(const Shape& shape, const Shape& strides, std::int64_t offset) const;

  DType dtype() const { return dtype_; }
  const Shape& shape() const { return shape_; }
  const Shape& strides() const { return strides_; }
  std::int64_t offset() const { return offset_; }
  int dim() const { return int(shape_.size()); }
  std::int64_t numel() const { return shape_numel(shape_); }
  bool defined() const { return storage_ != nullptr; }
  bool is_contiguous() const;
  bool shares_storage(const Tensor& o) const { return storage_ == o.storage_; }
  const void* storage_id() const { return storage_.get(); }  // the same for every view of it
  std::size_t storage_bytes() const { return storage_ ? storage_->bytes : 0; }
  // Which Python tensor object this is: a copy of a Tensor is the same object (x and a name
  // bound to x), each tensor an op or a view makes is a new one (ids count up per thread).
  std::uint64_t object_id() const { return object_; }
  std::uint64_t version() const { return storage_ ? storage_->version : 0; }
  void bump_version() const {
    if (storage_) ++storage_->version;
  }

  // Element access by logical row-major flat index, whatever the strides.
  std::int64_t storage_index(std::int64_t flat) const;
  Scalar get(std::int64_t flat) const;
  void set(std::int64_t flat, const Scalar& v);  // converts v to this dtype

  Tensor contiguous() const;  // itself when already contiguous, else a copy
  Tensor to(DType d) const;   // a contiguous copy in dtype d

  // Pointer to element 0 of this view (storage base + offset), for kernels.
  void* data_ptr() const;
  template <class T>
  T* data() const {
    return static_cast<T*>(data_ptr());
  }

 private:
  DType dtype_ = DType::Float32;
  Shape shape_, strides_;
  std::int64_t offset_ = 0;
  std::shared_ptr<Storage> storage_;
  std::uint64_t object_ = 0;
};

}  // namespace whence
