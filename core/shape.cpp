#include "shape.hpp"

#include <algorithm>

#include "error.hpp"

namespace whence {

std::int64_t wrap_dim(std::int64_t dim, std::int64_t rank, const char* arg) {
  const std::int64_t r = rank > 0 ? rank : 1;
  if (dim < -r || dim >= r)
    fail("IndexError",
         "Dimension out of range (expected to be in range of [" + std::to_string(-r) + ", " + std::to_string(r - 1) +
             "], but got " + std::to_string(dim) + ")",
         arg ? arg : "");
  return dim < 0 ? dim + r : dim;
}

namespace {
template <class Ints>
std::string bracketed(const Ints& v) {
  std::string s = "[";
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
  return s + "]";
}
}  // namespace

std::string shape_str(const Shape& shape) { return bracketed(shape); }
std::string int_list_text(const std::vector<std::int64_t>& v) { return bracketed(v); }

namespace {
std::int64_t g_element_limit = kMaxElements;
}

std::int64_t element_limit() { return g_element_limit; }
void set_element_limit(std::int64_t n) { g_element_limit = n; }

void insert_at(Shape& s, std::int64_t pos, std::int64_t value) {
  s.push_back(value);
  std::rotate(s.begin() + pos, s.end() - 1, s.end());
}

void check_sym_int(std::int64_t v, const char* arg) {
  if (v < -(std::int64_t(1) << 62))
    fail("RuntimeError", "IntArrayRef contains an int that cannot be represented as a SymInt: " + std::to_string(v),
         arg);
}

void check_no_negative_dims(const Shape& shape, const std::string& arg) {
  for (std::int64_t s : shape)
    if (s < 0)
      fail("RuntimeError",
           "Trying to create tensor with negative dimension " + std::to_string(s) + ": " + shape_str(shape), arg);
}

void check_empty_storage(const Shape& shape, std::size_t item_bytes, const char* arg) {
  check_no_negative_dims(shape, arg);
  std::uint64_t bytes = 1;
  bool overflowed = false;
  for (std::int64_t s : shape) overflowed |= __builtin_mul_overflow(bytes, std::uint64_t(s), &bytes);
  overflowed |= __builtin_mul_overflow(bytes, std::uint64_t(item_bytes), &bytes);
  if (overflowed || bytes > std::uint64_t(INT64_MAX))
    fail("RuntimeError", "Storage size calculation overflowed with sizes=" + shape_str(shape), arg);
}

void check_result_count(std::int64_t results, const char* what) {
  if (results > kMaxResults)
    fail("Unsupported", "Whence shows up to " + std::to_string(kMaxResults) + " results; this " + what + " makes " +
                            std::to_string(results));
}

void check_limits(const Shape& shape) {
  const std::int64_t limit = g_element_limit;
  if (shape.size() > std::size_t(kMaxRank))
    fail("Unsupported", "Whence shows tensors of rank up to " + std::to_string(kMaxRank) + "; this one has rank " +
                            std::to_string(shape.size()));
  std::int64_t n = 1;
  for (auto s : shape) {
    if (s < 0)
      fail("RuntimeError",
           "Trying to create tensor with negative dimension " + std::to_string(s) + ": " + shape_str(shape));
    n = n > limit / std::max<std::int64_t>(s, 1) ? limit + 1 : n * s;  // (never overflows)
    if (n > limit)
      fail("Unsupported", "Whence shows tensors of up to " + std::to_string(limit) + " elements; shape " +
                              shape_str(shape) + " has more");
  }
}

}  // namespace whence

namespace whence {

Shape broadcast_shapes(const Shape& a, const Shape& b) {
  const std::size_t rank = std::max(a.size(), b.size());
  Shape out(rank);
  for (std::size_t i = 0; i < rank; ++i) {  // i counts from the right
    const std::int64_t sa = i < a.size() ? a[a.size() - 1 - i] : 1;
    const std::int64_t sb = i < b.size() ? b[b.size() - 1 - i] : 1;
    if (sa != sb && sa != 1 && sb != 1)
      fail("RuntimeError", "The size of tensor a (" + std::to_string(sa) + ") must match the size of tensor b (" +
                               std::to_string(sb) + ") at non-singleton dimension " + std::to_string(rank - 1 - i));
    out[rank - 1 - i] = sa == 1 ? sb : sa;
  }
  return out;
}

}  // namespace whence

namespace whence {

std::vector<int> reduction_dims(const Value& dim, int rank) {
  std::vector<std::int64_t> given;
  if (dim.is<std::int64_t>()) given.push_back(dim.as<std::int64_t>());
  if (dim.is<Tensor>()) given.push_back(dim.as<Tensor>().get(0).i);
  if (dim.is<List>())
    for (const Value& d : dim.as<List>())
      given.push_back(d.is<std::int64_t>() ? d.as<std::int64_t>() : d.as<Tensor>().get(0).i);
  std::vector<int> dims;
  if (given.empty()) {  // every dim
    for (int d = 0; d < rank; ++d) dims.push_back(d);
    return dims;
  }
  std::vector<bool> seen(std::size_t(std::max(rank, 1)), false);
  for (std::int64_t d : given) {
    const int w = int(wrap_dim(d, rank));
    if (seen[std::size_t(w)])
      fail("RuntimeError", "dim " + std::to_string(w) + " appears multiple times in the list of dims");
    seen[std::size_t(w)] = true;
    if (rank > 0) dims.push_back(w);
  }
  std::sort(dims.begin(), dims.end());
  return dims;
}

}  // namespace whence
