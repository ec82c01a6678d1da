// select_write_ops.cpp - the ops that write into a copy of their input, each as its checks in
// PyTorch's order and words and its list of writes (kernels/select/select_write.hpp):
//   masked_fill  masked_scatter  index_fill  index_copy  index_add  scatter  scatter_add
//   scatter_reduce  index_reduce  index_put  put
#include <algorithm>
#include <type_traits>

#include "core/error.hpp"
#include "core/shape.hpp"
#include "kernels/common/fast_paths.hpp"
#include "kernels/common/index_walk.hpp"
#include "kernels/select/select_write.hpp"

namespace whence {

namespace {

int param(const Bound& b, const char* name) { return b.op->param_index(name); }

std::int64_t wrapped_dim(const Bound& b, std::int64_t rank) { return wrap_dim(int_arg(b, "dim", 0), rank, "dim"); }

// A 0-d tensor counts as one element along dim 0 (PyTorch's ensure_nonempty_*).
std::int64_t ne_dim(const Tensor& t) { return t.dim() > 0 ? t.dim() : 1; }
std::int64_t ne_size(const Tensor& t, std::int64_t d) { return t.dim() > 0 ? t.shape()[std::size_t(d)] : 1; }
Shape ne_shape(const Tensor& t) { return t.dim() > 0 ? t.shape() : Shape{1}; }

// "2 4": how c10 prints a std::vector of sizes.
std::string sizes_text(const Shape& s, std::int64_t skip) {
  std::string t;
  for (std::size_t d = 0; d < s.size(); ++d)
    if (std::int64_t(d) != skip) t += (t.empty() ? "" : " ") + std::to_string(s[d]);
  return t;
}

WritePlan plan_for(const Tensor& in) {
  WritePlan p;
  p.shape = in.shape();
  p.dtype = in.dtype();
  return p;
}

// The fill value: a Python number, or a 0-d tensor (whose element 0 is then a value source).
void set_fill(const Bound& b, WritePlan& p, const char* op_name) {
  const Value& v = arg(b, "value");
  if (v.is<Tensor>()) {
    if (v.as<Tensor>().dim() != 0)
      fail("RuntimeError",
           std::string(op_name) + " only supports a 0-dimensional value tensor, but got tensor with " +
               std::to_string(v.as<Tensor>().dim()) + " dimension(s).",
           "value");
    p.value_param = param(b, "value");
  }
}
Scalar fill_value(const Bound& b) {
  try {
    return checked_scalar(arg(b, "value"), tensor_arg(b, "input").dtype());
  } catch (Error& e) {
    e.arg = "value";
    throw;
  }
}

// --- masked_fill(input, mask, value), masked_scatter(input, mask, source) ------------------------

// Input and mask broadcast together: each output element's input element and mask element.
WritePlan masked_plan(const Bound& b) {
  const Tensor& in = tensor_arg(b, "input");
  const Tensor& mask = tensor_arg(b, "mask");
  WritePlan p = plan_for(in);
  p.shape = broadcast_shapes(mask.shape(), in.shape());
  check_limits(p.shape);
  const std::int64_t n = shape_numel(p.shape);
  p.mask_param = param(b, "mask");
  for (std::int64_t o = 0; o < n; ++o) {
    p.self_of.push_back(broadcast_flat(in.shape(), p.shape, o));
    p.mask_of.push_back(broadcast_flat(mask.shape(), p.shape, o));
  }
  return p;
}

// PyTorch's kernels read the lowest byte of each mask element (a bool or uint8 mask is that
// byte; other dtypes are read the same way) and refuse bytes other than 0 and 1.
bool mask_true(const Tensor& mask, std::int64_t m) {
  const int byte = low_byte(mask, m);
  if (byte > 1) fail_at("RuntimeError", "Mask tensor can take 0 and 1 values only", "mask", m);
  return byte == 1;
}

WritePlan prepare_masked_fill(const Bound& b) {
  WritePlan p = masked_plan(b);
  set_fill(b, p, "masked_fill_");
  p.fill = fill_value(b);
  const Tensor& mask = tensor_arg(b, "mask");
  for (std::int64_t o = 0; o < shape_numel(p.shape); ++o)
    if (mask_true(mask, p.mask_of[std::size_t(o)])) p.write(o, p.value_param >= 0 ? 0 : -1, {});
  return p;
}

// The True positions, in row-major order, take source's elements one after another.
WritePlan prepare_masked_scatter(const Bound& b) {
  WritePlan p = masked_plan(b);
  const Tensor& in = tensor_arg(b, "input");
  const Tensor& source = tensor_arg(b, "source");
  if (in.dtype() != source.dtype())
    fail("RuntimeError",
         std::string("masked_scatter: expected self and source to have same dtypes but got") +
             dtype_scalar_name(in.dtype()) + " and " + dtype_scalar_name(source.dtype()),
         "source");
  p.value_param = param(b, "source");
  p.mask_counts = true;
  const Tensor& mask = tensor_arg(b, "mask");
  std::int64_t next = 0;
  for (std::int64_t o = 0; o < shape_numel(p.shape); ++o) {
    if (!mask_true(mask, p.mask_of[std::size_t(o)])) continue;
    if (next == source.numel()) fail("RuntimeError", "Number of elements of source < number of ones in mask", "source");
    p.write(o, next++, {});
  }
  return p;
}

// --- index_fill(input, dim, index, value) -------------------------------------------------------

// The positions of `shape` whose coordinate along dim is v, in row-major order.
template <class F>
void for_slice(const Shape& shape, std::int64_t dim, std::int64_t v, F f) {
  Shape s = shape;
  s[std::size_t(dim)] = 1;
  for (std::int64_t k = 0; k < shape_numel(s); ++k) {
    std::vector<std::int64_t> c = unravel_index(s, k);
    c[std::size_t(dim)] = v;
    f(ravel_index(shape, c), c);
  }
}

// index_fill's checks of its index on `in`: the storage an empty input lacks, then (after
// `convert`) each index in range; f(i, v) for each, v wrapped.
template <class Convert, class F>
void fill_indices(const Tensor& in, const Tensor& index, std::int64_t dim, Convert convert, F f) {
  const Shape shape = ne_shape(in);
  if (in.numel() == 0) {
    // PyTorch restrides the empty input to index's length along dim before it looks at
    // anything: that view needs storage the empty input does not have
    Shape sizes = shape, strides = contiguous_strides(shape);
    sizes[std::size_t(dim)] = index.numel();
    strides[std::size_t(dim)] = 0;
    std::int64_t need = 1;
    for (std::size_t d = 0; d < sizes.size(); ++d) need = sizes[d] == 0 ? 0 : need + (sizes[d] - 1) * strides[d];
    for (std::int64_t s : sizes) need = s == 0 ? 0 : need;
    if (need > 0)
      fail("RuntimeError", "setStorage: sizes " + shape_str(sizes) + ", strides " + shape_str(strides) +
                               ", storage offset 0, and itemsize " + std::to_string(dtype_size(in.dtype())) +
                               " requiring a storage size of " +
                               std::to_string(need * std::int64_t(dtype_size(in.dtype()))) +
                               " are out of bounds for storage of size 0");
  }
  convert();
  if (in.numel() == 0) return;
  const std::int64_t size = shape[std::size_t(dim)];
  for (std::int64_t i = 0; i < index.numel(); ++i) {
    const std::int64_t v = index.get(i).i;
    if (v < -size || v >= size)
      fail_at("IndexError",
              "index " + std::to_string(v) + " is out of bounds for dimension " + std::to_string(dim) + " with size " +
                  std::to_string(size),
              "index", i);
    f(i, v < 0 ? v + size : v);
  }
}

WritePlan prepare_index_fill(const Bound& b) {
  const Tensor& in = tensor_arg(b, "input");
  const Tensor& index = tensor_arg(b, "index");
  WritePlan p = plan_for(in);
  set_fill(b, p, "index_fill_");
  if (index.dtype() != DType::Int64) fail("IndexError", "index_fill_(): Expected dtype int64 for index.", "index");
  const std::int64_t dim = wrapped_dim(b, in.dim());
  if (index.dim() > 1) fail("RuntimeError", "Index has to be a vector/scalar", "index");
  const int ip = param(b, "index");
  // (the kernel converts the value before it looks at the index)
  fill_indices(
      in, index, dim, [&] { p.fill = fill_value(b); },
      [&](std::int64_t i, std::int64_t v) {
        for_slice(ne_shape(in), dim, v, [&](std::int64_t o, const std::vector<std::int64_t>&) {
          p.write(o, p.value_param >= 0 ? 0 : -1, {Sender{ip, -1, i}});
        });
      });
  return p;
}

// --- index_copy(input, dim, index, source) and index_add(..., alpha) -----------------------------

WritePlan prepare_index_copy(const Bound& b) {
  const Tensor& in = tensor_arg(b, "input");
  const Tensor& index = tensor_arg(b, "index");
  const Tensor& source = tensor_arg(b, "source");
  const std::int64_t dim = wrapped_dim(b, in.dim());
  if (index.dim() >= 2)
    fail("IndexError", "index_copy_(): Index should have dimension 1 or 0 (got " + std::to_string(index.dim()) + ")",
         "index");
  const std::int64_t n = index.numel();
  if (source.dim() == 0 && n != 1)
    fail("IndexError",
         "index_copy_(): When source is scalar, index should have one element (got " + std::to_string(n) + ")",
         "index");
  if (source.dim() != in.dim() && source.dim() != 0 && in.dim() != 0)
    fail("IndexError",
         "index_copy_(): When source and destination are not scalars, their dimensionality must match. Source "
         "dimensionality (" +
             std::to_string(source.dim()) + "), destination dimensionality (" + std::to_string(in.dim()) + ")",
         "source");
  if (index.dtype() != DType::Int64)
    fail("RuntimeError",
         std::string("index_copy_(): Expected a long tensor for index, but got ") + dtype_scalar_name(index.dtype()),
         "index");
  if (in.dtype() != source.dtype())
    fail("RuntimeError",
         std::string("index_copy_(): self and source expected to have the same dtype, but got (self) ") +
             dtype_scalar_name(in.dtype()) + " and (source) " + dtype_scalar_name(source.dtype()),
         "source");
  const std::string self_slice = sizes_text(in.shape(), in.dim() > 0 ? dim : -1),
                    source_slice = sizes_text(source.shape(), source.dim() > 0 ? dim : -1);
  Shape a = in.shape(), c = source.shape();
  if (!a.empty()) a.erase(a.begin() + dim);
  if (!c.empty()) c.erase(c.begin() + dim);
  if (a != c)
    fail(
        "RuntimeError",
        "index_copy_(): Source/destination tensor must have same slice shapes. Destination slice shape: " + self_slice +
            " at dimension " + std::to_string(dim) + " and source slice shape: " + source_slice + " at dimension 0.",
        "source");
  if (source.dim() != 0 && n != source.shape()[std::size_t(dim)])
    fail("IndexError",
         "index_copy_(): Number of indices (" + std::to_string(n) + ") should be equal to source.size(dim) (" +
             std::to_string(source.shape()[std::size_t(dim)]) + ")",
         "index");
  WritePlan p = plan_for(in);
  p.value_param = param(b, "source");
  const std::int64_t size = ne_size(in, dim);
  const int ip = param(b, "index");
  for (std::int64_t i = 0; i < n && source.numel() > 0; ++i) {
    const std::int64_t v = index.get(i).i;
    if (v < 0 || v >= size)
      fail_at("IndexError",
              "index_copy_(): index " + std::to_string(v) + " is out of bounds for dimension " + std::to_string(dim) +
                  " with size " + std::to_string(size),
              "index", i);
  }
  const Shape sshape = ne_shape(source), oshape = ne_shape(in);
  for (std::int64_t q = 0; q < source.numel(); ++q) {  // row-major over source: a later index wins
    std::vector<std::int64_t> cq = unravel_index(sshape, q);
    const std::int64_t i = source.dim() > 0 ? cq[std::size_t(dim)] : 0;
    if (source.dim() == 0) cq = std::vector<std::int64_t>(oshape.size(), 0);
    cq[std::size_t(dim)] = index.get(i).i;
    p.write(ravel_index(oshape, cq), q, {Sender{ip, -1, i}});
  }
  return p;
}

// index_add's and index_reduce's checks (PyTorch's index_func_meta_impl); func: "index_add_".
void check_index_func(const Bound& b, const char* func) {
  const Tensor& in = tensor_arg(b, "input");
  const Tensor& index = tensor_arg(b, "index");
  const Tensor& source = tensor_arg(b, "source");
  const std::int64_t dim = wrapped_dim(b, in.dim());
  const std::int64_t n = index.numel();
  const std::string f = func;
  if (index.dim() > 1)
    fail("IndexError",
         f + "(): Index is supposed to be a vector, but got dim: " + std::to_string(index.dim()) +
             " with type: " + dtype_scalar_name(index.dtype()) + " and size: " + shape_str(index.shape()),
         "index");
  if (index.dtype() != DType::Int64 && index.dtype() != DType::Int32)
    fail("RuntimeError", f + "(): Expected dtype int32/int64 for index but got: " + dtype_scalar_name(index.dtype()),
         "index");
  if (in.dtype() != source.dtype())
    fail("RuntimeError",
         f + "(): self (" + dtype_scalar_name(in.dtype()) + ") and source (" + dtype_scalar_name(source.dtype()) +
             ") must have the same scalar type",
         "source");
  if (!(dim == 0 || dim < source.dim()))
    fail("RuntimeError",
         f + "(): Indexing dim " + std::to_string(dim) + " is out of bounds of the source tensor with dim " +
             std::to_string(source.dim()),
         "dim");
  if (n != (source.dim() == 0 ? 1 : source.shape()[std::size_t(dim)])) {
    if (source.dim() == 0) fail("IndexError", "Dimension specified as 0 but tensor has no dimensions", "source");
    fail("RuntimeError",
         f + "(): Number of indices (" + std::to_string(n) + ") should be equal to source.size(dim): (" +
             std::to_string(source.shape()[std::size_t(dim)]) + "), for dim: " + std::to_string(dim),
         "index");
  }
}

// Their writes: slice i of source into slice index[i] along dim, in the order of i. `first(one_d)`
// runs where the kernel converts alpha or dispatches on the dtype (before the first slice; for a
// 1-D input before the loop).
template <class First>
void index_func_writes(const Bound& b, WritePlan& p, First first) {
  const Tensor& in = tensor_arg(b, "input");
  const Tensor& index = tensor_arg(b, "index");
  const Tensor& source = tensor_arg(b, "source");
  const std::int64_t dim = wrapped_dim(b, in.dim());
  const std::int64_t n = index.numel();
  p.value_param = param(b, "source");
  const int ip = param(b, "index");
  auto bad = [&](std::int64_t i) { fail_at("IndexError", "index out of range in self", "index", i); };
  if (in.dim() > 1) {
    if (n == 0) return;
    if (in.shape()[std::size_t(dim)] == 0)
      fail("IndexError",
           "select(): index 0 out of range for tensor of size " + shape_str(in.shape()) + " at dimension " +
               std::to_string(dim),
           "input");
    if (source.dim() == 0) fail("IndexError", "select() cannot be applied to a 0-dim tensor.", "source");
    Shape self_slice = in.shape(), source_slice = source.shape();
    self_slice.erase(self_slice.begin() + dim);
    source_slice.erase(source_slice.begin() + dim);
    const Shape full = broadcast_shapes(self_slice, source_slice);
    if (full != self_slice)
      fail("RuntimeError",
           "output with shape " + shape_str(self_slice) + " doesn't match the broadcast shape " + shape_str(full),
           "source");
    const std::int64_t size = in.shape()[std::size_t(dim)];
    for (std::int64_t i = 0; i < n; ++i) {
      const std::int64_t v = index.get(i).i;
      if (v < 0 || v >= size) bad(i);
      if (i == 0) first(false);
      for_slice(in.shape(), dim, v, [&](std::int64_t o, std::vector<std::int64_t> c) {
        c.erase(c.begin() + dim);
        std::vector<std::int64_t> sc =
            unravel_index(source_slice, broadcast_flat(source_slice, self_slice, ravel_index(self_slice, c)));
        sc.insert(sc.begin() + dim, i);
        p.write(o, ravel_index(source.shape(), sc), {Sender{ip, -1, i}});
      });
    }
    return;
  }
  if (source.dim() > 1)
    fail("RuntimeError",
         "source.dim() (" + std::to_string(source.dim()) + ") must one or zero for given self.dim() (" +
             std::to_string(in.dim()) + ")",
         "source");
  first(true);
  for (std::int64_t i = 0; i < n; ++i) {
    const std::int64_t v = index.get(i).i;
    if (v < 0 || v >= in.numel()) bad(i);
    p.write(v, source.dim() == 0 ? 0 : i, {Sender{ip, -1, i}});
  }
}

WritePlan prepare_index_add(const Bound& b) {
  check_index_func(b, "index_add_");
  const Tensor& in = tensor_arg(b, "input");
  WritePlan p = plan_for(in);
  p.combine = Combine::Add;
  index_func_writes(b, p, [&](bool) {
    try {
      p.alpha = checked_scalar(arg(b, "alpha"), in.dtype());
    } catch (Error& e) {
      e.arg = "alpha";
      throw;
    }
  });
  return p;
}

// The reductions of scatter_reduce and index_reduce, by name.
Combine reduce_combine(const std::string& reduce) {
  if (reduce == "sum") return Combine::Add;
  if (reduce == "prod") return Combine::Mul;
  if (reduce == "mean") return Combine::Mean;
  return reduce == "amax" ? Combine::Max : Combine::Min;
}

WritePlan prepare_index_reduce(const Bound& b) {
  const std::string reduce = string_arg(b, "reduce", "");
  if (reduce != "prod" && reduce != "mean" && reduce != "amax" && reduce != "amin")
    fail("RuntimeError",
         "index_reduce(): Expected reduce to be one of prod, mean, amax or amin but got " + reduce + ".", "reduce");
  check_index_func(b, "index_reduce_");
  const Tensor& in = tensor_arg(b, "input");
  const Tensor& index = tensor_arg(b, "index");
  const bool is_bool = in.dtype() == DType::Bool;
  WritePlan p = plan_for(in);
  p.combine = reduce_combine(reduce);
  p.include_self = bool_arg(b, "include_self", true);
  if (!p.include_self) {  // PyTorch first index_fills the identity in (no kernel for bool)
    if (is_bool) fail("RuntimeError", "\"index_reduce_func_exclude_input_init\" not implemented for 'Bool'", "input");
    fill_indices(
        in, index, wrapped_dim(b, in.dim()), [] {}, [](std::int64_t, std::int64_t) {});
  }
  index_func_writes(b, p, [&](bool one_d) {
    if (one_d && is_bool) fail("RuntimeError", "\"index_func_\" not implemented for 'Bool'", "input");
  });
  if (is_bool && p.combine == Combine::Mean && index.numel())
    fail("RuntimeError", "\"div_floor_cpu\" not implemented for 'Bool'", "input");
  return p;
}

// --- scatter, scatter_add, scatter_reduce --------------------------------------------------------

// scatter's meta checks (dtypes, shapes), in PyTorch's order.
void check_scatter(const Tensor& in, std::int64_t dim, const Tensor& index, const Tensor* src) {
  if (index.numel() != 0 && index.dtype() != DType::Int64)
    fail("RuntimeError", "scatter(): Expected dtype int64 for index", "index");
  if (src && src->dtype() != in.dtype())
    fail("RuntimeError", "scatter(): Expected self.dtype to be equal to src.dtype", "src");
  if (index.numel() == 0) return;
  if (ne_dim(in) != ne_dim(index))
    fail("RuntimeError", "Index tensor must have the same number of dimensions as self tensor", "index");
  bool wrong = false;
  for (std::int64_t d = 0; d < ne_dim(in) && !wrong; ++d) wrong = d != dim && ne_size(index, d) > ne_size(in, d);
  for (std::int64_t d = 0; src && d < ne_dim(in) && !wrong; ++d) {
    if (src->dim() > 0 && d >= src->dim()) wrap_dim(d, src->dim());  // PyTorch asks src for a size it does not have
    wrong = ne_size(index, d) > ne_size(*src, d);
  }
  if (src && ne_dim(*src) != ne_dim(index))
    fail("RuntimeError", "Index tensor must have the same number of dimensions as src tensor", "src");
  if (wrong)
    fail("RuntimeError",
         "Expected index " + shape_str(index.shape()) + " to be smaller than self " + shape_str(in.shape()) +
             " apart from dimension " + std::to_string(dim) +
             (src ? " and to be smaller size than src " + shape_str(src->shape()) : std::string()),
         "index");
}

// The writes of scatter: index element c sends src[c] (or the fill number) to c with its
// coordinate along dim replaced by index[c], in row-major order of index.
void scatter_writes(const Bound& b, WritePlan& p, const Tensor& in, std::int64_t dim, const Tensor& index,
                    const Tensor* src) {
  if (index.numel() == 0) return;
  const std::int64_t size = ne_size(in, dim);
  const Shape ishape = ne_shape(index), oshape = ne_shape(in);
  const int ip = param(b, "index");
  for (std::int64_t k = 0; k < index.numel(); ++k) {
    const std::int64_t v = index.get(k).i;
    if (v < 0 || v >= size)
      fail_at("RuntimeError",
              "index " + std::to_string(v) + " is out of bounds for dimension " + std::to_string(dim) + " with size " +
                  std::to_string(size),
              "index", k);
    std::vector<std::int64_t> c = unravel_index(ishape, k);
    const std::int64_t from = src ? ravel_index(ne_shape(*src), c) : -1;
    c[std::size_t(dim)] = v;
    p.write(ravel_index(oshape, c), from, {Sender{ip, -1, k}});
  }
}

// scatter with `reduce` given (a string) or not (None): overwrite, add or multiply.
WritePlan scatter_plan(const Bound& b, const Value& reduce) {
  const Tensor& in = tensor_arg(b, "input");
  const Tensor& index = tensor_arg(b, "index");
  const std::int64_t dim = wrapped_dim(b, in.dim());
  const Tensor* src = tensor_given(b, "src") ? &tensor_arg(b, "src") : nullptr;
  check_scatter(in, dim, index, src);
  WritePlan p = plan_for(in);
  if (reduce.is<std::string>()) {
    if (reduce.as<std::string>() == "add")
      p.combine = Combine::Add;
    else if (reduce.as<std::string>() == "multiply")
      p.combine = Combine::Mul;
    else
      fail("RuntimeError", "reduce argument must be either add or multiply.", "reduce");
  }
  if (src) p.value_param = param(b, "src");
  scatter_writes(b, p, in, dim, index, src);
  if (!src && index.numel() != 0) p.fill = fill_value(b);  // (the kernel converts the value after the index checks)
  return p;
}
WritePlan prepare_scatter(const Bound& b) { return scatter_plan(b, arg(b, "reduce")); }
WritePlan prepare_scatter_add(const Bound& b) { return scatter_plan(b, Value(std::string("add"))); }

// scatter_add's writes made in place, in the same order: out = input, then out[c with c[dim]
// = index[c]] += src[c] for each index element c in row-major order, a row at a time, in the
// dtype's arithmetic (add_scaled_in with alpha 1). Floating dtypes, indices all in range.
template <class T>
void scatter_add_rows(const Tensor& index, const Tensor& src, std::int64_t dim, Tensor& out) {
  using C = std::conditional_t<std::is_same_v<T, double>, double, float>;
  const int last = index.dim() - 1;
  const std::int64_t cols = index.shape()[std::size_t(last)];
  const Shape& os = out.strides();
  const Shape& ss = src.strides();
  const std::int64_t ds = os[std::size_t(dim)], ls = dim == last ? 0 : os[std::size_t(last)],
                     sl = ss[std::size_t(last)];
  const std::int64_t* idx = index.data<std::int64_t>();
  const T* from = src.data<T>();
  T* to = out.data<T>();
  for_each_row(index.shape(), [&](const std::int64_t* c, std::int64_t row) {
    std::int64_t ob = 0, sb = 0;
    for (int d = 0; d < last; ++d) {
      sb += c[d] * ss[std::size_t(d)];
      if (d != dim) ob += c[d] * os[std::size_t(d)];
    }
    const std::int64_t* ir = idx + row * cols;
    for (std::int64_t k = 0; k < cols; ++k) {
      T& o = to[ob + ir[k] * ds + k * ls];
      o = T(C(o) + C(1) * C(from[sb + k * sl]));
    }
  });
}

bool scatter_add_fast(const Bound& b, Tensor& out) {
  const Tensor& in = tensor_arg(b, "input");
  const Tensor& index = tensor_arg(b, "index");
  const Tensor& src = tensor_arg(b, "src");
  const std::int64_t dim = wrapped_dim(b, in.dim());
  check_scatter(in, dim, index, &src);
  if (in.dim() == 0 || index.dim() != in.dim() || src.dim() != in.dim() || index.numel() == 0 ||
      !is_floating(in.dtype()) || !indices_in_range(index, in.shape()[std::size_t(dim)]) ||
      !take_fast_path(FastPath::ScatterAddFast))
    return false;
  out = in.to(in.dtype());  // a contiguous copy
  dispatch_dtype(in.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (is_float_storage_v<T>) scatter_add_rows<T>(index, src, dim, out);
  });
  return true;
}

WritePlan prepare_scatter_reduce(const Bound& b) {
  const Tensor& in = tensor_arg(b, "input");
  const Tensor& index = tensor_arg(b, "index");
  const Tensor& src = tensor_arg(b, "src");
  const std::int64_t dim = wrapped_dim(b, in.dim());
  check_scatter(in, dim, index, &src);
  WritePlan p = plan_for(in);
  const std::string reduce = string_arg(b, "reduce", "");
  if (reduce != "sum" && reduce != "prod" && reduce != "mean" && reduce != "amax" && reduce != "amin")
    fail("RuntimeError", "reduce argument must be either sum, prod, mean, amax or amin.", "reduce");
  p.combine = reduce_combine(reduce);
  p.include_self = bool_arg(b, "include_self", true);
  p.value_param = param(b, "src");
  // A bool 'mean' has no kernel. Without include_self PyTorch first scatters the identity in,
  // which checks the indices; with no index, its final floor division refuses instead.
  const bool bool_mean = p.combine == Combine::Mean && in.dtype() == DType::Bool;
  if (bool_mean && p.include_self && index.numel())
    fail("RuntimeError", "\"scatter_gather_tensor_cpu_reduce_mean\" not implemented for 'Bool'", "input");
  scatter_writes(b, p, in, dim, index, &src);
  if (bool_mean)
    fail("RuntimeError",
         index.numel() ? "\"scatter_gather_tensor_cpu_reduce_mean\" not implemented for 'Bool'"
                       : "\"div_floor_cpu\" not implemented for 'Bool'",
         "input");
  return p;
}

// --- put(input, index, source, accumulate) -------------------------------------------------------

WritePlan prepare_put(const Bound& b) {
  const Tensor& in = tensor_arg(b, "input");
  const Tensor& index = tensor_arg(b, "index");
  const Tensor& source = tensor_arg(b, "source");
  if (index.dtype() != DType::Int64)
    fail("RuntimeError",
         std::string("put_(): Expected a long tensor for index, but got ") + dtype_scalar_name(index.dtype()), "index");
  if (in.dtype() != source.dtype())
    fail("RuntimeError",
         std::string("put_(): self and source expected to have the same dtype, but got self.dtype = ") +
             dtype_scalar_name(in.dtype()) + " and source.dtype = " + dtype_scalar_name(source.dtype()),
         "source");
  if (index.numel() != source.numel())
    fail("IndexError",
         "put_(): Expected source and index to have the same number of elements, but got source.numel() = " +
             std::to_string(source.numel()) + ", index.numel() = " + std::to_string(index.numel()),
         "source");
  WritePlan p = plan_for(in);
  p.combine = bool_arg(b, "accumulate", false) ? Combine::Add : Combine::Copy;
  p.value_param = param(b, "source");
  if (index.numel() == 0) return p;
  const std::int64_t n = in.numel();
  if (n == 0) fail("IndexError", "put_(): Tried to put elements into an empty tensor", "input");
  const int ip = param(b, "index");
  for (std::int64_t k = 0; k < index.numel(); ++k) {
    const std::int64_t v = index.get(k).i;
    if (v < -n || v >= n)
      fail_at("IndexError",
              "out of range: tried to access index " + std::to_string(v) + " on a tensor of " + std::to_string(n) +
                  " elements.",
              "index", k);
    p.write(v < 0 ? v + n : v, k, {Sender{ip, -1, k}});
  }
  return p;
}

// --- index_put(input, indices, values, accumulate) -----------------------------------------------

WritePlan prepare_index_put(const Bound& b) {
  const Tensor& in = tensor_arg(b, "input");
  const Tensor& values = tensor_arg(b, "values");
  const int lp = param(b, "indices");
  const List& list = arg(b, "indices").as<List>();
  const std::int64_t k = std::int64_t(list.size());
  if (k > in.dim())
    fail("IndexError",
         "too many indices for tensor of dimension " + std::to_string(in.dim()) + " (got " + std::to_string(k) + ")",
         "indices");
  std::vector<Tensor> idx;
  for (const Value& v : list) {
    const Tensor& t = v.as<Tensor>();
    if (t.dtype() != DType::Int64 && t.dtype() != DType::Bool && t.dtype() != DType::UInt8)
      fail("IndexError", "tensors used as indices must be long, byte or bool tensors", "indices");
    if (t.dtype() != DType::Int64)
      fail("Unsupported", "Whence does not show index_put with boolean or uint8 mask indices yet", "indices");
    idx.push_back(t);
  }
  if (idx.empty()) {  // (PyTorch trips over its own missing index tensor, in two ways)
    if (in.dim() == 0)
      fail("RuntimeError",
           "op.is_output INTERNAL ASSERT FAILED at \"./aten/src/ATen/TensorIterator.cpp\":349, please report a bug to "
           "PyTorch. "
           "Found type undefined input tensor!",
           "indices");
    fail("RuntimeError", "strides() called on an undefined Tensor", "indices");
  }
  Shape bshape = idx[0].shape();
  try {
    for (const Tensor& t : idx) bshape = broadcast_shapes(bshape, t.shape());
  } catch (const Error&) {
    std::string shapes;
    for (const Tensor& t : idx) shapes += (shapes.empty() ? "" : ", ") + shape_str(t.shape());
    fail("IndexError", "shape mismatch: indexing tensors could not be broadcast together with shapes " + shapes,
         "indices");
  }
  Shape rshape = bshape;
  for (std::int64_t d = k; d < in.dim(); ++d) rshape.push_back(in.shape()[std::size_t(d)]);
  check_limits(bshape);
  check_limits(rshape);
  bool zero_indexed = false;
  for (std::int64_t d = 0; d < k; ++d) zero_indexed = zero_indexed || in.shape()[std::size_t(d)] == 0;
  if (zero_indexed && shape_numel(bshape) != 0)
    fail("IndexError", "index is out of bounds for dimension with size 0", "indices");
  // values must broadcast to the indexing result (expand: no new leading dims beyond it)
  bool fits = values.dim() <= std::int64_t(rshape.size());
  for (std::int64_t i = 1; fits && i <= values.dim(); ++i) {
    const std::int64_t vs = values.shape()[std::size_t(values.dim() - i)], rs = rshape[rshape.size() - std::size_t(i)];
    fits = vs == rs || vs == 1;
  }
  if (!fits)
    fail("RuntimeError",
         "shape mismatch: value tensor of shape " + shape_str(values.shape()) +
             " cannot be broadcast to indexing result of shape " + shape_str(rshape),
         "values");
  if (values.dtype() != in.dtype())
    fail("RuntimeError",
         std::string("Index put requires the source and destination dtypes match, got ") +
             dtype_scalar_name(in.dtype()) + " for the destination and " + dtype_scalar_name(values.dtype()) +
             " for the source.",
         "values");
  WritePlan p = plan_for(in);
  p.combine = bool_arg(b, "accumulate", false) ? Combine::Add : Combine::Copy;
  p.value_param = param(b, "values");
  const std::int64_t nb = shape_numel(bshape), inner = shape_numel(rshape) / std::max<std::int64_t>(nb, 1);
  for (std::int64_t q = 0; q < nb && shape_numel(rshape) > 0;
       ++q) {  // the index values, position by position, dim by dim
    for (std::int64_t j = 0; j < k; ++j) {
      const std::int64_t f = broadcast_flat(idx[std::size_t(j)].shape(), bshape, q);
      const std::int64_t v = idx[std::size_t(j)].get(f).i, size = in.shape()[std::size_t(j)];
      if (v < -size || v >= size)
        fail_at("IndexError",
                "index " + std::to_string(v) + " is out of bounds for dimension " + std::to_string(j) + " with size " +
                    std::to_string(size),
                "indices", f);
    }
  }
  for (std::int64_t q = 0; q < nb; ++q) {
    std::vector<Sender> senders;
    std::vector<std::int64_t> c;
    for (std::int64_t j = 0; j < k; ++j) {
      const std::int64_t f = broadcast_flat(idx[std::size_t(j)].shape(), bshape, q);
      const std::int64_t v = idx[std::size_t(j)].get(f).i, size = in.shape()[std::size_t(j)];
      c.push_back(v < 0 ? v + size : v);
      senders.push_back(Sender{lp, int(j), f});
    }
    for (std::int64_t r = 0; r < inner; ++r) {
      Shape rest(in.shape().begin() + k, in.shape().end());
      std::vector<std::int64_t> cc = c, tail = unravel_index(rest, r);
      cc.insert(cc.end(), tail.begin(), tail.end());
      p.write(ravel_index(in.shape(), cc), broadcast_flat(values.shape(), rshape, q * inner + r), senders);
    }
  }
  return p;
}

}  // namespace

void add_select_write_ops(std::vector<const OpDescriptor*>& t) {
  write_op(t, "torch.masked_fill torch.Tensor.masked_fill",
           "A copy of the input with value written wherever the (broadcast) mask is True.",
           "torch.masked_fill(torch.tensor([[1, 2, 3], [4, 5, 6]]), torch.tensor([[True, False, True], [False, False, "
           "True]]), 0)",
           {tensor_param("input"), tensor_param("mask"), Param{"value", ParamType::TensorOrNumber}},
           prepare_masked_fill);
  write_op(t, "torch.masked_scatter torch.Tensor.masked_scatter",
           "A copy of the input whose True positions (mask broadcast, row-major order) take source's elements one "
           "after another, in order.",
           "torch.masked_scatter(torch.tensor([[0, 0, 0], [0, 0, 0]]), torch.tensor([[True, False, True], [False, "
           "True, True]]), "
           "torch.tensor([1, 2, 3, 4, 5, 6]))",
           {tensor_param("input"), tensor_param("mask"), tensor_param("source")}, prepare_masked_scatter);
  write_op(t, "torch.index_fill torch.Tensor.index_fill",
           "A copy of the input with whole slices along dim set to value: the slices the index lists.",
           "torch.index_fill(torch.tensor([[1, 2, 3], [4, 5, 6], [7, 8, 9]]), 1, torch.tensor([0, 2]), -1)",
           {tensor_param("input"), dim_param(), tensor_param("index"), Param{"value", ParamType::TensorOrNumber}},
           prepare_index_fill);
  write_op(t, "torch.index_copy torch.Tensor.index_copy",
           "A copy of the input whose slice index[i] along dim is replaced by slice i of source.",
           "torch.index_copy(torch.tensor([[0, 0], [0, 0], [0, 0]]), 0, torch.tensor([2, 0]), torch.tensor([[1, 2], "
           "[3, 4]]))",
           {tensor_param("input"), dim_param(), tensor_param("index"), tensor_param("source"), out_param()},
           prepare_index_copy);
  write_op(
      t, "torch.index_add torch.Tensor.index_add",
      "A copy of the input with alpha times slice i of source added to its slice index[i] along dim (repeats add up).",
      "torch.index_add(torch.tensor([[1, 1], [1, 1], [1, 1]]), 0, torch.tensor([2, 0, 2]), torch.tensor([[1, 2], [3, "
      "4], [5, 6]]))",
      {tensor_param("input"), dim_param(), tensor_param("index"), tensor_param("source"),
       Param{"alpha", ParamType::Number, true, true, Value(1)}, out_param()},
      prepare_index_add);
  write_op(t, "torch.scatter torch.Tensor.scatter",
           "The inverse of gather: src[i][j] (or value) is written to the output at row index[i][j] (dim 0), other "
           "elements keep the input.",
           "torch.scatter(torch.tensor([[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]), 0, torch.tensor([[0, 1, 2, 0], [2, "
           "0, 1, 1]]), torch.tensor([[1, 2, 3, 4], [5, 6, 7, 8]]))",
           {tensor_param("input"), dim_param(), tensor_param("index"),
            Param{"src", ParamType::Tensor, false, true, Value(None{}), false, true},
            Param{"value", ParamType::Number, false, true, Value(None{}), false, true},
            Param{"reduce", ParamType::String, true, true, Value(None{}), false, true}, out_param()},
           prepare_scatter);
  write_op(t, "torch.scatter_add torch.Tensor.scatter_add",
           "scatter that adds: each src element is added to the output element its index sends it to; repeats add up.",
           "torch.scatter_add(torch.tensor([[0, 0, 0], [0, 0, 0]]), 1, torch.tensor([[0, 1, 0, 2], [1, 1, 1, 0]]), "
           "torch.tensor([[1, 2, 3, 4], [5, 6, 7, 8]]))",
           {tensor_param("input"), dim_param(), tensor_param("index"), tensor_param("src"), out_param()},
           prepare_scatter_add, scatter_add_fast);
  write_op(t, "torch.scatter_reduce torch.Tensor.scatter_reduce",
           "scatter with a reduction: every src element sent to an output element is folded into it by sum, prod, "
           "mean, amax or amin.",
           "torch.scatter_reduce(torch.tensor([10, 20, 30]), 0, torch.tensor([0, 2, 0, 2]), torch.tensor([1, 5, 3, "
           "4]), 'amax', include_self=False)",
           {tensor_param("input"), dim_param(), tensor_param("index"), tensor_param("src"),
            Param{"reduce", ParamType::String}, Param{"include_self", ParamType::Bool, true, true, Value(true)},
            out_param()},
           prepare_scatter_reduce);
  write_op(t, "torch.index_reduce torch.Tensor.index_reduce",
           "index_add with a reduction: slice i of source is folded into slice index[i] along dim by prod, mean, "
           "amax or amin.",
           "torch.index_reduce(torch.tensor([[1, 1], [2, 2], [3, 3]]), 0, torch.tensor([0, 2, 0]), "
           "torch.tensor([[4, 9], [5, 6], [7, 2]]), 'amax')",
           {tensor_param("input"), dim_param(), tensor_param("index"), tensor_param("source"),
            Param{"reduce", ParamType::String}, Param{"include_self", ParamType::Bool, true, true, Value(true)},
            out_param()},
           prepare_index_reduce);
  write_op(t, "torch.index_put torch.Tensor.index_put",
           "x[indices] = values as a function: the index tensors together name positions of the input that receive "
           "values (added with accumulate=True).",
           "torch.index_put(torch.tensor([[0, 0, 0], [0, 0, 0]]), (torch.tensor([0, 1, 1]), torch.tensor([2, 0, 2])), "
           "torch.tensor([7, 8, 9]))",
           {tensor_param("input"), Param{"indices", ParamType::TensorList}, tensor_param("values"),
            Param{"accumulate", ParamType::Bool, false, true, Value(false)}},
           prepare_index_put);
  write_op(t, "torch.put torch.Tensor.put",
           "A copy of the input with source[i] written at flat position index[i], as if the input were 1-D (added with "
           "accumulate=True).",
           "torch.put(torch.tensor([[0, 0, 0], [0, 0, 0]]), torch.tensor([0, 5, -1]), torch.tensor([7, 8, 9]), "
           "accumulate=True)",
           {tensor_param("input"), tensor_param("index"), tensor_param("source"),
            Param{"accumulate", ParamType::Bool, false, true, Value(false)}},
           prepare_put);
}

}  // namespace whence
