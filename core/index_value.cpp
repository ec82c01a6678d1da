// index_value.cpp - x[index]'s index as Python gives it, read as PyTorch 1.13 reads it
// (sequenceToVariable, treatSequenceAsTuple): a list becomes an int64 or bool tensor.
#include "core/index_value.hpp"

#include <cmath>

#include "core/error.hpp"
#include "core/number_format.hpp"
#include "core/shape.hpp"

namespace whence {

namespace {

// infer_scalar_type over the list, depth first: a str is a TypeError, a value that is no
// number, bool, tensor or list has no dtype. True when it infers bool: every leaf a bool and
// no list empty (an empty list infers float, as torch.tensor([]) does).
bool infers_bool(const Value& v) {
  if (v.is<std::string>()) fail("TypeError", "new(): invalid data type 'str'", "indices");
  if (v.is<List>()) {
    bool all = !v.as<List>().empty();
    for (const Value& e : v.as<List>()) all = infers_bool(e) && all;  // every leaf is checked
    return all;
  }
  if (v.is<bool>()) return true;
  if (v.is<std::int64_t>() || v.is<double>()) return false;
  if (v.is<Tensor>()) return v.as<Tensor>().dtype() == DType::Bool;
  fail("RuntimeError", "Could not infer dtype of " + python_type_name(v), "indices");
}

// One leaf stored as int64 (unpackIntegral): a float truncates, past int64 it overflows.
Scalar int64_leaf(const Value& v) {
  if (v.is<bool>()) return Scalar::from_int(v.as<bool>());
  if (v.is<std::int64_t>()) return Scalar::from_int(v.as<std::int64_t>());
  if (v.is<double>()) {
    const double f = v.as<double>();
    if (std::isnan(f) || f < -9223372036854775808.0 || f > 9223372036854775808.0)
      fail("RuntimeError", "value cannot be converted to type int64 without overflow", "indices");
    return Scalar::from_int(float_to_int64(f));  // 2^63 itself passes the check, and wraps as on x86
  }
  if (v.is<Tensor>() && v.as<Tensor>().numel() == 1 && is_integral(v.as<Tensor>().dtype(), true))
    return Scalar::from_int(v.as<Tensor>().get(0).i);
  if (v.is<Tensor>())
    fail("TypeError", "only integer tensors of a single element can be converted to an index", "indices");
  fail("TypeError", "'" + python_type_name(v) + "' object cannot be interpreted as an integer", "indices");
}

// recursive_store: the shape comes from the first elements (compute_sizes); each list must
// have its length there, each leaf is stored as it is reached.
void store_leaves(const Value& v, const Shape& shape, std::size_t dim, bool mask, Tensor& t, std::int64_t& next) {
  if (dim == shape.size()) {
    t.set(next++, mask ? Scalar::from_bool(v.is<bool>() ? v.as<bool>() : v.as<Tensor>().get(0).i != 0) : int64_leaf(v));
    return;
  }
  if (!v.is<List>()) fail("TypeError", "not a sequence", "indices");
  const List& items = v.as<List>();
  if (std::int64_t(items.size()) != shape[dim])
    fail("ValueError",
         "expected sequence of length " + std::to_string(shape[dim]) + " at dim " + std::to_string(dim) + " (got " +
             std::to_string(items.size()) + ")",
         "indices");
  for (const Value& e : items) store_leaves(e, shape, dim + 1, mask, t, next);
}

}  // namespace

// A list index as a tensor: a bool mask if it infers bool, else int64 positions.
Tensor list_index(const Value& list) {
  const bool mask = infers_bool(list);
  Shape shape;
  for (const Value* v = &list; v->is<List>(); v = &v->as<List>().front()) {
    shape.push_back(std::int64_t(v->as<List>().size()));
    if (v->as<List>().empty()) break;
  }
  check_limits(shape);
  Tensor t = Tensor::empty(mask ? DType::Bool : DType::Int64, shape);
  std::int64_t next = 0;
  store_leaves(list, shape, 0, mask, t, next);
  return t;
}

// PyTorch's treatSequenceAsTuple: a list shorter than 32 holding a sequence (a list or a str),
// a slice, ..., None or a tensor is read as a tuple, as NumPy once did.
bool list_as_tuple(const List& items) {
  if (items.size() >= 32) return false;
  for (const Value& v : items)
    if (v.is<List>() || v.is<std::string>() || v.is<Slice>() || v.is<Ellipsis>() || v.is<None>() || v.is<Tensor>())
      return true;
  return false;
}

// The index's items, each with the tuple position it came from.
std::vector<std::pair<Value, int>> index_items(const Value& index) {
  std::vector<std::pair<Value, int>> out;
  if (index.is<List>() && (index.is_tuple || list_as_tuple(index.as<List>()))) {
    const List& items = index.as<List>();
    for (std::size_t j = 0; j < items.size(); ++j) out.emplace_back(items[j], int(j));
  } else {
    out.emplace_back(index, -1);
  }
  return out;
}

Tensor as_index_tensor(const Value& v) { return v.is<Tensor>() ? v.as<Tensor>() : list_index(v); }

std::vector<std::pair<int, Tensor>> index_tensors(const Value& index) {
  std::vector<std::pair<int, Tensor>> out;
  for (const auto& [v, item] : index_items(index))
    if (v.is<Tensor>() || v.is<List>()) out.emplace_back(item, as_index_tensor(v));
  return out;
}

}  // namespace whence
