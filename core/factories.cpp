#include "factories.hpp"

#include <cmath>

#include "error.hpp"
#include "shape.hpp"

namespace whence {

std::optional<Scalar> scalar_of(const Value& v) {
  if (v.is<bool>()) return Scalar::from_bool(v.as<bool>());
  if (v.is<std::int64_t>()) return Scalar::from_int(v.as<std::int64_t>());
  if (v.is<double>()) return Scalar::from_float(v.as<double>());
  return std::nullopt;
}

namespace {
// Walks nested lists: records the shape from the first path, checks the rest against it
// and collects the leaves in row-major order.
void collect(const Value& v, std::size_t depth, Shape& shape, std::vector<Scalar>& leaves) {
  if (v.is<List>()) {
    const auto& items = v.as<List>();
    if (depth == shape.size()) {
      if (!leaves.empty())  // a scalar was seen where this path has a list
        fail("ValueError", "expected sequence of length 0 at dim " + std::to_string(depth) +
                               " (got " + std::to_string(items.size()) + ")");
      shape.push_back(std::int64_t(items.size()));
    } else if (shape[depth] != std::int64_t(items.size())) {
      fail("ValueError", "expected sequence of length " + std::to_string(shape[depth]) +
                             " at dim " + std::to_string(depth) + " (got " +
                             std::to_string(items.size()) + ")");
    }
    if (shape.size() > std::size_t(kMaxRank)) check_limits(shape);
    for (const auto& item : items) collect(item, depth + 1, shape, leaves);
    return;
  }
  if (depth < shape.size())
    fail("TypeError", std::string("new(): invalid data type '") + python_type_name(v) + "'");
  auto s = scalar_of(v);
  if (!s) {
    if (v.is<Tensor>() && v.as<Tensor>().dim() == 0) {
      s = v.as<Tensor>().get(0);
    } else {
      fail("TypeError", "new(): invalid data type '" + python_type_name(v) + "'");
    }
  }
  leaves.push_back(*s);
  if (std::int64_t(leaves.size()) > kMaxElements) check_limits({std::int64_t(leaves.size())});
}

// torch.tensor's inference: float32 if any float, else int64 if any int, else bool.
DType infer_dtype(const std::vector<Scalar>& leaves) {
  DType d = DType::Bool;
  bool any = false;
  for (const auto& s : leaves) {
    any = true;
    if (is_floating(s.dtype)) return DType::Float32;
    if (s.dtype != DType::Bool) d = DType::Int64;
  }
  return any ? d : DType::Float32;  // torch.tensor([]) is float32
}
}  // namespace

Tensor tensor_from_data(const Value& data, std::optional<DType> dtype) {
  Shape shape;
  std::vector<Scalar> leaves;
  collect(data, 0, shape, leaves);
  check_limits(shape);
  Tensor t = Tensor::empty(dtype ? *dtype : infer_dtype(leaves), shape);
  for (std::size_t i = 0; i < leaves.size(); ++i) t.set(std::int64_t(i), leaves[i]);
  return t;
}

Tensor full(const Shape& shape, const Scalar& fill, DType dtype) {
  check_limits(shape);
  Tensor t = Tensor::empty(dtype, shape);
  for (std::int64_t i = 0; i < t.numel(); ++i) t.set(i, fill);
  return t;
}

Tensor arange(const Value& start_v, const Value& end_v, const Value& step_v,
              std::optional<DType> dtype) {
  auto start = scalar_of(start_v), end = scalar_of(end_v), step = scalar_of(step_v);
  if (!start || !end || !step) fail("TypeError", "arange() received an invalid combination of arguments");
  const bool floating = is_floating(start->dtype) || is_floating(end->dtype) || is_floating(step->dtype);
  const double a = start->as_double(), b = end->as_double(), s = step->as_double();
  if (s == 0) fail("RuntimeError", "step must be nonzero");
  if ((s > 0 && b < a) || (s < 0 && b > a))
    fail("RuntimeError", "upper bound and larger bound inconsistent with step sign");
  const auto n = std::int64_t(std::ceil((b - a) / s));
  check_limits({n});
  const DType d = dtype ? *dtype : floating ? DType::Float32 : DType::Int64;
  Tensor t = Tensor::empty(d, {n});
  for (std::int64_t i = 0; i < n; ++i) {
    if (floating)
      t.set(i, Scalar::from_float(a + double(i) * s));
    else
      t.set(i, Scalar::from_int(start->i + i * step->i));
  }
  return t;
}

}  // namespace whence
