#include "tensor_edit.hpp"

#include <cstdlib>

namespace whence::web {

namespace {

// Copies the elements whose index lies inside both `from` and `to` (same rank).
void copy_overlap(const Tensor& from, Tensor& to) {
  const Shape& fs = from.shape();
  const Shape& ts = to.shape();
  const int rank = int(ts.size());
  const Shape fstrides = contiguous_strides(fs);
  std::int64_t index[kMaxRank] = {};
  for (std::int64_t flat = 0; flat < to.numel(); ++flat) {
    // Row-major multi-index of `flat` in `to`.
    std::int64_t rest = flat;
    for (int d = rank - 1; d >= 0; --d) {
      index[d] = rest % ts[d];
      rest /= ts[d];
    }
    bool inside = true;
    std::int64_t src = 0;
    for (int d = 0; d < rank && inside; ++d) {
      inside = index[d] < fs[d];
      src += index[d] * fstrides[d];
    }
    if (inside) to.set(flat, from.get(src));
  }
}

}  // namespace

Tensor with_element(const Tensor& t, std::int64_t flat, const Scalar& v) {
  Tensor copy = t.to(t.dtype());
  copy.set(flat, v);
  return copy;
}

Tensor with_dtype(const Tensor& t, DType d) { return t.to(d); }

Tensor with_dim_size(const Tensor& t, int dim, std::int64_t size) {
  Shape shape = t.shape();
  if (dim < 0 || dim >= int(shape.size()) || size < 0) return t;
  shape[dim] = size;
  Tensor out = Tensor::empty(t.dtype(), shape);
  copy_overlap(t, out);
  return out;
}

Tensor with_axis_added(const Tensor& t) {
  if (t.dim() >= kMaxRank) return t;
  Shape shape = t.shape();
  shape.push_back(1);
  Tensor out = Tensor::empty(t.dtype(), shape);
  for (std::int64_t i = 0; i < t.numel(); ++i) out.set(i, t.get(i));
  return out;
}

Tensor with_last_axis_removed(const Tensor& t) {
  if (t.dim() == 0) return t;
  Shape shape = t.shape();
  const std::int64_t last = shape.back();
  shape.pop_back();
  Tensor out = Tensor::empty(t.dtype(), shape);
  if (last > 0)
    for (std::int64_t i = 0; i < out.numel(); ++i) out.set(i, t.get(i * last));
  return out;
}

const Value* find_arg(const Call& call, const std::string& id) {
  if (id.rfind("arg:", 0) != 0) return nullptr;
  const std::string key = id.substr(4);
  if (key.empty()) return nullptr;
  if (key[0] < '0' || key[0] > '9') {
    for (const auto& [name, value] : call.kwargs)
      if (name == key) return &value;
    return nullptr;
  }
  char* end = nullptr;
  const long i = std::strtol(key.c_str(), &end, 10);
  if (i < 0 || std::size_t(i) >= call.args.size()) return nullptr;
  const Value& arg = call.args[std::size_t(i)];
  if (*end == '\0') return &arg;
  if (*end != '.' || !arg.is<List>()) return nullptr;
  const long j = std::strtol(end + 1, nullptr, 10);
  const List& items = arg.as<List>();
  if (j < 0 || std::size_t(j) >= items.size()) return nullptr;
  return &items[std::size_t(j)];
}

Value* find_arg(Call& call, const std::string& id) {
  return const_cast<Value*>(find_arg(static_cast<const Call&>(call), id));
}

Call with_arg(const Call& call, const std::string& id, Value v) {
  Call out = call;
  if (Value* slot = find_arg(out, id)) *slot = std::move(v);
  return out;
}

}  // namespace whence::web
