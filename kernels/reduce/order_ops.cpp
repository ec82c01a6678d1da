// order_ops.cpp - the ops decided by ordering the elements of a line along one dim: max and
// min (all three forms), median, nanmedian, kthvalue, mode, sort, argsort, msort, topk
// (quantile and nanquantile are in statistic_ops.cpp). Each orders the line the way PyTorch 1.13's CPU kernel does
// (kernels/reduce/gnu_sort.hpp: the same steps, so ties land where PyTorch puts them); the element
// it picks is the "value" source of an output element and every other element of the line,
// which it was compared with, is "compare".
#include <algorithm>
#include <cmath>
#include <deque>
#include <functional>

#include "core/bind.hpp"
#include "core/equation.hpp"
#include "core/error.hpp"
#include "core/number_format.hpp"
#include "core/shape.hpp"
#include "kernels/common/composite.hpp"
#include "kernels/common/fast_paths.hpp"
#include "kernels/elementwise/elementwise_family.hpp"
#include "kernels/reduce/gnu_sort.hpp"
#include "kernels/reduce/reduce_family.hpp"
#include "kernels/reduce/softmax_lines.hpp"

namespace whence {

namespace {

using Entry = std::pair<double, std::int64_t>;  // (value, position in the line)

bool is_nan(double v) { return std::isnan(v); }
// PyTorch's orderings with NaN above everything.
bool less_nan_last(const Entry& a, const Entry& b) {
  return (!is_nan(a.first) && is_nan(b.first)) || a.first < b.first;
}
bool greater_nan_first(const Entry& a, const Entry& b) {
  return (is_nan(a.first) && !is_nan(b.first)) || a.first > b.first;
}
// The same orderings as types, so that the sorts inline them (the same steps either way).
struct LessNanLast {
  bool operator()(const Entry& a, const Entry& b) const { return less_nan_last(a, b); }
};
struct GreaterNanFirst {
  bool operator()(const Entry& a, const Entry& b) const { return greater_nan_first(a, b); }
};

// sort's steps on one line: std::stable_sort when stable, else libstdc++'s introsort.
template <class Cmp>
void sort_entries(std::vector<Entry>& v, bool stable, Cmp cmp) {
  if (stable)
    std::stable_sort(v.begin(), v.end(), cmp);
  else
    gnu::sort(v, cmp);
}
// topk's, as PyTorch 1.13 picks (ATen/native/TopKImpl.h): a partial sort (heap select, always
// sorted) when k·64 ≤ the line's length, else nth_element at k - 1, then a sort of the k - 1
// before it when sorted. Among equal values the two keep different positions.
template <class Cmp>
void topk_entries(std::vector<Entry>& v, std::int64_t k, bool sorted, Cmp cmp) {
  if (k <= 0) return;
  if (k * 64 <= std::int64_t(v.size())) {
    gnu::partial_sort(v, k, cmp);
    return;
  }
  gnu::nth_element(v, k - 1, cmp);
  if (sorted) {
    std::vector<Entry> head(v.begin(), v.begin() + (k - 1));
    gnu::sort(head, cmp);
    std::copy(head.begin(), head.end(), v.begin());
  }
}

// The lines of a tensor along `dim`: line L holds elements i = 0..len-1 at flat(L, i).
struct Lines {
  Shape shape;
  int dim = 0;  // -1: a 0-d tensor, one line of one element
  std::int64_t len = 1, count = 1;
  Shape strides;
  std::int64_t flat(std::int64_t line, std::int64_t i) const {
    if (dim < 0) return 0;
    std::int64_t f = 0;
    for (int d = int(shape.size()) - 1; d >= 0; --d) {
      if (d == dim) continue;
      f += (line % shape[std::size_t(d)]) * strides[std::size_t(d)];
      line /= shape[std::size_t(d)];
    }
    return f + i * strides[std::size_t(dim)];
  }
  // The line and position of a flat element.
  std::pair<std::int64_t, std::int64_t> locate(std::int64_t f) const {
    if (dim < 0) return {0, 0};
    std::int64_t line = 0, i = 0, scale = 1;
    for (int d = int(shape.size()) - 1; d >= 0; --d) {
      const std::int64_t c = (f / strides[std::size_t(d)]) % shape[std::size_t(d)];
      if (d == dim) {
        i = c;
        continue;
      }
      line += c * scale;
      scale *= shape[std::size_t(d)];
    }
    return {line, i};
  }
};
Lines lines_of(const Shape& shape, int dim) {
  Lines l;
  l.shape = shape;
  l.strides = contiguous_strides(shape);
  if (shape.empty()) {
    l.dim = -1;
    return l;
  }
  l.dim = dim;
  l.len = shape[std::size_t(dim)];
  const std::int64_t n = shape_numel(shape);
  l.count = l.len ? n / l.len : 0;
  if (!l.len) {
    l.count = 1;
    for (int d = 0; d < int(shape.size()); ++d)
      if (d != dim) l.count *= shape[std::size_t(d)];
  }
  return l;
}

int wrapped_dim(const Bound& b, const Tensor& x, std::int64_t dflt) {
  return int(wrap_dim(int_arg(b, "dim", dflt), x.dim(), "dim"));
}

// Line L of x as (value, position) entries, in order.
std::vector<Entry> line_entries(const Tensor& values, const Lines& l, std::int64_t line) {
  std::vector<Entry> v;
  v.reserve(std::size_t(l.len));
  for (std::int64_t i = 0; i < l.len; ++i) v.emplace_back(values.get(l.flat(line, i)).as_double(), i);
  return v;
}

Shape reduced_shape(const Tensor& x, int dim, bool keepdim) {
  Shape s;
  for (int d = 0; d < x.dim(); ++d) {
    if (d != dim)
      s.push_back(x.shape()[std::size_t(d)]);
    else if (keepdim)
      s.push_back(1);
  }
  return s;
}

void set_value(Tensor& t, std::int64_t flat, double v) {
  if (is_floating(t.dtype()))
    t.set(flat, Scalar::from_float(v));
  else
    t.set(flat, Scalar::from_int(std::int64_t(v)));
}

// The sources of an output element: the whole line, `winners` as value, the rest compare.
std::vector<Source> line_sources(const Lines& l, std::int64_t line, const std::vector<std::int64_t>& winners) {
  // Marked once, not searched per entry: softmax's winners are the whole line (quadratic before).
  std::vector<char> won(std::size_t(l.len), 0);
  for (const std::int64_t w : winners) won[std::size_t(w)] = 1;
  std::vector<Source> src;
  src.reserve(std::size_t(l.len));
  for (std::int64_t i = 0; i < l.len; ++i)
    src.push_back(Source{0, l.flat(line, i), won[std::size_t(i)] ? Role::Value : Role::Compare});
  return src;
}

// --- one op = how it picks from a line -------------------------------------------------------

// A line op: for line `line` of input x (dim already wrapped) it yields, for each output
// position j, the picked entries (value sources) and the output values.
struct Picked {
  std::vector<std::vector<std::int64_t>> winners;  // per output position j along the line
  std::vector<std::vector<double>> results;        // per result tensor, per j
};

struct OrderSpec {
  const char* name;
  int results;                      // 1 (values or indices) or 2 (values, indices)
  bool index_result_first = false;  // argsort: the one result is the indices
  // The output line length given the input's (sort: the same; topk: k; median: 1).
  std::int64_t (*out_len)(const Bound&, std::int64_t len);
  bool reduces = false;  // median, kthvalue, mode: the dim disappears unless keepdim
  int (*dim_of)(const Bound&, const Tensor&);
  void (*check)(const Bound&, const Tensor&, int dim) = nullptr;
  Picked (*pick)(const Bound&, std::vector<Entry> line);
  DType (*value_dtype)(const Tensor&) = nullptr;
  const char* bool_kernel = nullptr;       // '"topk_cpu" not implemented for 'Bool''
  const char* full_bool_kernel = nullptr;  // median(x) without dim names another kernel
  // topk, kthvalue: a 0-d input is copied out (index 0) before PyTorch's kernel is chosen, so
  // its k may be 0 (topk) and no dtype is refused; the dtype refusal comes after every check.
  bool scalar_copy = false;
  bool full_without_dim = false;  // median(x): every element, one value, ties all sources
  bool names_resolve = true;
  // Line ops (softmax): every output element reads its whole line; the equation is theirs,
  // the values softmax_lines' (no pick).
  bool whole_line = false;
  double line_sign = 1;   // softmin: -1
  bool line_log = false;  // log_softmax
  std::string (*equation)(const Bound&, const OpResult&, int, std::int64_t, const std::vector<Source>&) = nullptr;
};

const OrderSpec& order_spec(const Bound& b) { return *static_cast<const OrderSpec*>(b.op->family_data); }

struct Prepared {
  Tensor x, values;
  int dim = 0;
  Lines in, out;
  Shape out_shape;
};

bool full_form(const Bound& b, const OrderSpec& s) { return s.full_without_dim && arg(b, "dim").is<None>(); }

Prepared prepare_order(const Bound& b, const OrderSpec& s) {
  Prepared p;
  p.x = b.tensor(0);
  const bool refuse_bool = p.x.dtype() == DType::Bool && s.bool_kernel;
  const auto bool_refusal = [&] {
    fail("RuntimeError",
         std::string("\"") + (full_form(b, s) ? s.full_bool_kernel : s.bool_kernel) + "\" not implemented for 'Bool'");
  };
  if (refuse_bool && !s.scalar_copy) bool_refusal();
  if (full_form(b, s)) {  // every element as one line; a 0-d result
    p.x = p.x.contiguous().as_strided({p.x.numel()}, {1}, 0);
    p.values = p.x;
    p.in = lines_of(p.x.shape(), 0);
    p.out = lines_of(Shape{1}, 0);
    return p;
  }
  p.dim = s.dim_of(b, p.x);
  if (s.check) s.check(b, p.x, p.dim);
  if (refuse_bool && s.scalar_copy && p.x.dim() != 0) bool_refusal();
  p.values = p.x;
  const Value& dtype = arg(b, "dtype");
  if (s.whole_line && dtype.is<DType>())
    p.values = p.x = cast_tensor(p.x, dtype.as<DType>());  // softmax(dtype=) casts first
  p.in = lines_of(p.x.shape(), p.dim);
  Shape shape = p.x.shape();
  if (!shape.empty()) shape[std::size_t(p.dim)] = s.out_len(b, p.in.len);
  p.out = lines_of(shape, p.dim);
  p.out_shape = s.reduces ? reduced_shape(p.x, p.dim, bool_arg(b, "keepdim", false)) : shape;
  return p;
}

Picked pick_sort(const Bound& b, std::vector<Entry> v);
Picked pick_topk(const Bound& b, std::vector<Entry> v);
bool sort_stable(const Bound& b);

// sort and topk of a float tensor along its dense last dim: each line's entries made from the
// typed values, put in order by the picks' own steps (sort_entries, topk_entries), the values
// and positions written typed; no Picked per line. false where the general loop runs.
template <class T>
void order_lines_typed(const Bound& b, const OrderSpec& s, const Prepared& p, OpResult& r) {
  const std::int64_t len = p.in.len, out_len = p.out.len, count = p.x.numel() / len;
  const bool is_sort = s.pick == pick_sort;
  const bool greater = is_sort ? bool_arg(b, "descending", false) : bool_arg(b, "largest", true);
  const bool stable = is_sort && sort_stable(b), sorted = is_sort || bool_arg(b, "sorted", true);
  const std::int64_t k = is_sort ? len : int_arg(b, "k", 1);
  const T* x = p.x.data<T>();
  T* values = r.tensors[0].data<T>();
  std::int64_t* indices = r.tensors[1].data<std::int64_t>();
  std::vector<Entry> v(static_cast<std::size_t>(len));
  for (std::int64_t line = 0; line < count; ++line) {
    const T* in = x + line * len;
    for (std::int64_t i = 0; i < len; ++i) v[std::size_t(i)] = Entry(double(in[i]), i);
    if (is_sort) {
      if (greater)
        sort_entries(v, stable, GreaterNanFirst{});
      else
        sort_entries(v, stable, LessNanLast{});
    } else {
      if (greater)
        topk_entries(v, k, sorted, GreaterNanFirst{});
      else
        topk_entries(v, k, sorted, LessNanLast{});
    }
    for (std::int64_t j = 0; j < out_len; ++j) {
      values[line * out_len + j] = T(v[std::size_t(j)].first);
      indices[line * out_len + j] = v[std::size_t(j)].second;
    }
  }
}
bool order_lines_fast(const Bound& b, const OrderSpec& s, const Prepared& p, OpResult& r) {
  if ((s.pick != pick_sort && s.pick != pick_topk) || s.results != 2 || s.index_result_first) return false;
  if (p.x.dim() == 0 || p.in.dim != p.x.dim() - 1 || !p.x.is_contiguous() || p.in.len == 0) return false;
  if (r.tensors[0].dtype() != p.x.dtype() || !r.tensors[0].is_contiguous()) return false;
  if (p.x.dtype() != DType::Float32 && p.x.dtype() != DType::Float64) return false;
  if (!take_fast_path(FastPath::OrderLinesFast)) return false;
  if (p.x.dtype() == DType::Float32)
    order_lines_typed<float>(b, s, p, r);
  else
    order_lines_typed<double>(b, s, p, r);
  return true;
}

// The pick of one line, which must fill the output line (an internal error, not a read past
// the picks, where it does not).
Picked picked_line(const Bound& b, const OrderSpec& s, const Prepared& p, std::int64_t line) {
  Picked k = s.pick(b, line_entries(p.values, p.in, line));
  const std::size_t len = std::size_t(p.out.len);
  if (k.winners.size() != len || k.results.empty() || k.results[0].size() != len)
    fail("RuntimeError", std::string("internal error: ") + s.name + " picked " + std::to_string(k.winners.size()) +
                             " of " + std::to_string(len) + " elements of a line");
  return k;
}

OpResult order_run(const Bound& b) {
  const OrderSpec& s = order_spec(b);
  const Prepared p = prepare_order(b, s);
  OpResult r;
  const DType vd = s.value_dtype ? s.value_dtype(p.x) : p.x.dtype();
  if (full_form(b, s)) {  // of nothing: NaN, cast to the dtype (int32's lowest, as PyTorch)
    r.tensors = {Tensor::empty(vd, {})};
    const double m = p.x.numel() ? s.pick(b, line_entries(p.values, p.in, 0)).results[0][0] : NAN;
    r.tensors[0].set(0, Scalar::from_float(m));
    return r;
  }
  if (s.results == 2)
    r.tensors = {Tensor::empty(vd, p.out_shape), Tensor::empty(DType::Int64, p.out_shape)};
  else
    r.tensors = {Tensor::empty(s.index_result_first ? DType::Int64 : vd, p.out_shape)};
  r.is_tuple = s.results == 2;
  if (r.tensors[0].numel() == 0) return r;
  if (s.whole_line) {
    // bfloat16's log_softmax rounds the sum to bfloat16 before its logarithm, as PyTorch's kernel.
    const SoftmaxMath math{s.line_sign, s.line_log, s.line_log && p.x.dtype() == DType::BFloat16};
    softmax_lines(p.values, p.in.dim, math, r.tensors[0]);
    return r;
  }
  if (order_lines_fast(b, s, p, r)) return r;
  for (std::int64_t line = 0; line < p.in.count; ++line) {
    const Picked k = picked_line(b, s, p, line);
    for (std::size_t j = 0; j < k.results[0].size(); ++j) {
      const std::int64_t at = p.out.flat(line, std::int64_t(j));
      for (std::size_t t = 0; t < r.tensors.size(); ++t) set_value(r.tensors[t], at, k.results[t][j]);
    }
  }
  return r;
}

std::vector<Source> order_explain(const Bound& b, const OpResult&, int, std::int64_t flat) {
  const OrderSpec& s = order_spec(b);
  const Prepared p = prepare_order(b, s);
  if (full_form(b, s)) {  // median(x): every element equal to the result decided it
    const std::vector<Entry> v = line_entries(p.values, p.in, 0);
    if (v.empty()) return {};
    const double m = s.pick(b, v).results[0][0];
    std::vector<std::int64_t> ties;
    for (const Entry& e : v)
      if (e.first == m || (is_nan(m) && is_nan(e.first))) ties.push_back(e.second);
    return line_sources(p.in, 0, ties);
  }
  const auto [line, j] = p.out.locate(flat);
  if (s.whole_line) {  // every element of the line, as a value
    std::vector<std::int64_t> all;
    for (std::int64_t i = 0; i < p.in.len; ++i) all.push_back(i);
    return line_sources(p.in, line, all);
  }
  const Picked k = picked_line(b, s, p, line);
  return line_sources(p.in, line, k.winners[std::size_t(j)]);
}

std::string order_equation(const Bound& b, const OpResult& r, int position, std::int64_t flat,
                           const std::vector<Source>& sources) {
  const OrderSpec& s = order_spec(b);
  if (s.equation) return s.equation(b, r, position, flat, sources);
  const Tensor& in = b.tensor(0);
  std::string picked, all;
  int shown = 0;
  for (const Source& src : sources) {
    const std::string v = format_scalar(in.get(src.flat));
    if (src.role == Role::Value) picked += (picked.empty() ? "" : ", ") + v;
    if (shown++ < 8) all += (all.empty() ? "" : ", ") + v;
  }
  if (sources.size() > 8) all += ", … (" + std::to_string(sources.size()) + " elements)";
  return out_ref(r, position, flat) + " = " + s.name + "(" + all + ") → " + picked + " = " +
         format_scalar(r.tensors[std::size_t(position)].get(flat));
}

const OpDescriptor& register_order(std::vector<const OpDescriptor*>& t, const char* names, const char* summary,
                                   const char* example, std::vector<Param> params, OrderSpec spec) {
  static std::deque<OrderSpec> specs;
  static std::deque<OpDescriptor> ops;
  specs.push_back(spec);
  OpDescriptor op = described_op(names, "reduce", summary, example, std::move(params));
  op.family_data = &specs.back();
  op.names_resolve = spec.names_resolve;
  op.run = order_run;
  op.explain = order_explain;
  op.equation_fn = order_equation;
  ops.push_back(std::move(op));
  t.push_back(&ops.back());
  return ops.back();
}

// --- the picks ---------------------------------------------------------------------------------

std::int64_t same_len(const Bound&, std::int64_t len) { return len; }
std::int64_t one(const Bound&, std::int64_t) { return 1; }
int dim_last(const Bound& b, const Tensor& x) { return wrapped_dim(b, x, -1); }
int dim_zero(const Bound& b, const Tensor& x) { return wrapped_dim(b, x, 0); }

Picked single(std::int64_t winner, double value) {
  Picked k;
  k.winners = {{winner}};
  k.results = {{value}, {double(winner)}};
  return k;
}

// median(x, dim): NaN if any (the first NaN), else the lower middle in (value, position) order.
Picked pick_median(const Bound&, std::vector<Entry> v) {
  for (const Entry& e : v)
    if (is_nan(e.first)) return single(e.second, e.first);
  std::stable_sort(v.begin(), v.end(), less_nan_last);
  const Entry& m = v[(v.size() - 1) / 2];
  return single(m.second, m.first);
}
// nanmedian(x, dim): the lower middle of the non-NaN elements (NaN when there are none), as
// PyTorch 1.13's median_with_indices_impl picks it: std::nth_element of the positions at
// (non-NaN count - 1) / 2 (C++'s division: 0 when all are NaN), ordered by value then
// position, NaN last and NaNs all equivalent. With a non-NaN element that order is total, so
// the pick is the lower middle; on a line of NaNs alone libstdc++'s steps decide which NaN
// ends up first (index 2 of 5, 0 of 3).
struct NanmedianLess {
  bool operator()(const Entry& a, const Entry& b) const {
    return a.first < b.first || (a.first == b.first && a.second < b.second) || (is_nan(b.first) && !is_nan(a.first));
  }
};
Picked pick_nanmedian(const Bound&, std::vector<Entry> v) {
  const std::int64_t nans = std::count_if(v.begin(), v.end(), [](const Entry& e) { return is_nan(e.first); });
  const std::int64_t nth = (std::int64_t(v.size()) - nans - 1) / 2;
  gnu::nth_element(v, nth, NanmedianLess{});
  const Entry& m = v[std::size_t(nth)];
  return single(m.second, m.first);
}
Picked pick_kthvalue(const Bound& b, std::vector<Entry> v) {
  const std::int64_t k = int_arg(b, "k", 1);
  torch_quickselect(v, k - 1, greater_nan_first);
  const Entry& m = v[std::size_t(k - 1)];
  return single(m.second, m.first);
}
// mode: sorts (value, position) by value with std::sort, then takes the last element of the
// first longest run.
Picked pick_mode(const Bound&, std::vector<Entry> v) {
  gnu::sort(v, [](const Entry& a, const Entry& b) { return a.first < b.first; });
  std::int64_t best = 0, run = 0;
  Entry mode = v[0];
  for (std::size_t i = 0; i < v.size(); ++i) {
    ++run;
    if (i + 1 == v.size() || v[i].first != v[i + 1].first) {
      if (run > best) {
        best = run;
        mode = v[i];
      }
      run = 0;
    }
  }
  return single(mode.second, mode.first);
}
Picked sorted_line(std::vector<Entry>& v, std::int64_t count) {
  Picked k;
  k.results.resize(2);
  for (std::int64_t j = 0; j < count; ++j) {
    k.winners.push_back({v[std::size_t(j)].second});
    k.results[0].push_back(v[std::size_t(j)].first);
    k.results[1].push_back(double(v[std::size_t(j)].second));
  }
  return k;
}
// sort's stable= (checked as PyTorch does).
bool sort_stable(const Bound& b) {
  const Value& st = arg(b, "stable");
  if (b.op->param_index("stable") >= 0 && b.given(std::size_t(b.op->param_index("stable"))) && st.is<None>())
    fail("RuntimeError",
         "stable.has_value() INTERNAL ASSERT FAILED at \"./aten/src/ATen/native/Sorting.cpp\":42, please report a bug "
         "to PyTorch. sort(): c10::optional<bool> for stable has to have value.",
         "stable");
  return st.is<bool>() && st.as<bool>();
}
Picked pick_sort(const Bound& b, std::vector<Entry> v) {
  const bool descending = bool_arg(b, "descending", false), stable = sort_stable(b);
  if (descending)
    sort_entries(v, stable, GreaterNanFirst{});
  else
    sort_entries(v, stable, LessNanLast{});
  return sorted_line(v, std::int64_t(v.size()));
}
Picked pick_argsort(const Bound& b, std::vector<Entry> v) {
  Picked k = pick_sort(b, std::move(v));
  k.results = {k.results[1]};
  return k;
}
Picked pick_msort(const Bound& b, std::vector<Entry> v) {
  Picked k = pick_sort(b, std::move(v));
  k.results.resize(1);
  return k;
}
// topk: std::nth_element at k - 1, then std::sort of the k - 1 before it when sorted. A 0-d
// input is copied whatever k (0 or 1): its one element is the result.
Picked pick_topk(const Bound& b, std::vector<Entry> v) {
  const std::int64_t k = b.tensor(0).dim() == 0 ? 1 : int_arg(b, "k", 1);
  const bool largest = bool_arg(b, "largest", true), sorted = bool_arg(b, "sorted", true);
  if (largest)
    topk_entries(v, k, sorted, GreaterNanFirst{});
  else
    topk_entries(v, k, sorted, LessNanLast{});
  return sorted_line(v, k);
}
std::int64_t topk_len(const Bound& b, std::int64_t) { return int_arg(b, "k", 1); }

void nonempty_line(const char* name, const Tensor& x, int dim);
void kthvalue_check(const Bound& b, const Tensor& x, int dim) {
  nonempty_line("kthvalue", x, dim);
  const std::int64_t k = int_arg(b, "k", 1), len = x.dim() ? x.shape()[std::size_t(dim)] : 1;
  if (k < 1 || k > len)
    fail("RuntimeError", "kthvalue(): selected number k out of range for dimension " + std::to_string(dim), "k");
}
void topk_check(const Bound& b, const Tensor& x, int dim) {
  const std::int64_t k = int_arg(b, "k", 1), len = x.dim() ? x.shape()[std::size_t(dim)] : 1;
  if (k < 0 || k > len) fail("RuntimeError", "selected index k out of range", "k");
}
// The reductions refuse empty lines.
void nonempty_line(const char* name, const Tensor& x, int dim) {
  if (x.dim() && x.shape()[std::size_t(dim)] == 0 && shape_numel(reduced_shape(x, dim, false)) > 0)
    fail("IndexError",
         std::string(name) + "(): Expected reduction dim " + std::to_string(dim) + " to have non-zero size.", "dim");
}
void median_check(const Bound&, const Tensor& x, int dim) { nonempty_line("median", x, dim); }
void nanmedian_check(const Bound&, const Tensor& x, int dim) { nonempty_line("median", x, dim); }
void mode_check(const Bound&, const Tensor& x, int dim) { nonempty_line("mode", x, dim); }

// torch.nn.functional's implicit dim when dim=None: 0 for 0-, 1- and 3-d inputs, else 1.
int softmax_dim(const Bound& b, const Tensor& x) {
  if (arg(b, "dim").is<None>()) return (x.dim() == 0 || x.dim() == 1 || x.dim() == 3) ? 0 : 1;
  return wrapped_dim(b, x, 0);
}
void softmax_check(const Bound& b, const Tensor& x, int dim) {
  const Value& dtype = arg(b, "dtype");
  const DType d = dtype.is<DType>() ? dtype.as<DType>() : x.dtype();
  if (std::string(b.op->names.front()) == "torch.nn.functional.softmin" && x.dtype() == DType::Bool)
    fail("RuntimeError",
         "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, use the "
         "`~` or `logical_not()` operator instead.",
         "input");
  if (!is_floating(d)) {
    const bool last = x.dim() == 0 || dim == x.dim() - 1;
    const bool log = b.op->names.front().find("log_") != std::string::npos;
    fail("RuntimeError",
         std::string("\"") + (log ? "log_softmax" : "softmax") + (last ? "_lastdim_kernel_impl" : "_kernel_impl") +
             "\" not implemented for '" + dtype_scalar_name(d) + "'",
         "input");
  }
}
std::string softmax_equation(const Bound& b, const OpResult& r, int, std::int64_t flat,
                             const std::vector<Source>& sources) {
  const Tensor& in = b.tensor(0);
  const Tensor& out = r.tensors[0];
  const bool log = b.op->names.front().find("log_") != std::string::npos;
  const bool min = b.op->names.front().find("softmin") != std::string::npos;
  const std::string sign = min ? "-" : "";
  std::string terms_ref, terms_val;
  for (std::size_t i = 0; i < sources.size(); ++i) {
    if (sources.size() > 8 && i == 3) {
      terms_ref += " + … (" + std::to_string(sources.size()) + " terms) …";
      terms_val += " + …";
      i = sources.size() - 3;
      continue;
    }
    const std::string sep = i ? " + " : "";
    terms_ref += sep + "e^" + sign + "input" + coords(in.shape(), sources[i].flat);
    terms_val += sep + "e^" + sign + "(" + format_scalar(in.get(sources[i].flat)) + ")";
  }
  const std::string me = "input" + coords(in.shape(), flat), mv = format_scalar(in.get(flat));
  const std::string lhs = "out" + coords(out.shape(), flat) + " = ";
  const std::string value = format_scalar(out.get(flat));
  if (log) return lhs + me + " − ln(" + terms_ref + ") = " + mv + " − ln(" + terms_val + ") = " + value;
  return lhs + "e^" + sign + me + " / (" + terms_ref + ") = e^" + sign + "(" + mv + ") / (" + terms_val +
         ") = " + value;
}

Param p_dim(std::int64_t dflt) { return Param{"dim", ParamType::Int, false, true, Value(dflt), true}; }

// --- max and min: one name, three PyTorch overloads ----------------------------------------------

struct MaxForms {
  const OpDescriptor* full;   // max(x): a reduction to one value, every tie a source
  const OpDescriptor* dim;    // max(x, dim, keepdim): (values, indices)
  const OpDescriptor* other;  // max(x, other): torch.maximum
};
std::deque<MaxForms> max_forms;

const OpDescriptor& form_of(const Bound& b) {
  const MaxForms& f = *static_cast<const MaxForms*>(b.op->family_data);
  if (b[3].is<Tensor>()) return *f.other;
  if (!b[1].is<None>()) return *f.dim;
  return *f.full;
}
Bound as_form(const Bound& b) {
  Bound c = b;
  c.op = &form_of(b);
  if (c.op == nullptr) return c;
  if (b[3].is<Tensor>()) {  // torch.maximum(input, other): its own parameters
    c.values = {b[0], b[3], Value(None{})};
    c.paths = {b.paths[0], b.paths[3], ArgPath{}};
  }
  return c;
}
OpResult max_run(const Bound& b) {
  const Bound c = as_form(b);
  return c.op->run(c);
}
std::vector<Source> max_explain(const Bound& b, const OpResult& r, int position, std::int64_t flat) {
  const Bound c = as_form(b);
  std::vector<Source> src = c.op->explain(c, r, position, flat);
  if (b[3].is<Tensor>())
    for (Source& s : src) s.param = s.param == 1 ? 3 : s.param;  // other is parameter 3 of max
  return src;
}
std::string max_equation(const Bound& b, const OpResult& r, int position, std::int64_t flat,
                         const std::vector<Source>& sources) {
  const Bound c = as_form(b);
  std::vector<Source> own = sources;  // in the form's parameters: other is its parameter 1
  if (b[3].is<Tensor>())
    for (Source& s : own) s.param = s.param == 3 ? 1 : s.param;
  if (c.op->equation_fn) return c.op->equation_fn(c, r, position, flat, own);
  return build_equation(c, r.tensors[std::size_t(position)], flat,
                        own);  // torch.maximum's: max(input[i], other[i]) = ...
}

}  // namespace

void add_order_ops(std::vector<const OpDescriptor*>& t) {
  const std::vector<Param> dim_keep = {tensor_param("input"), p_dim(-1), keepdim_param(), out_param()};
  const std::vector<Param> dim_none_keep = {tensor_param("input"),
                                            Param{"dim", ParamType::Int, false, true, Value(None{}), true, true},
                                            keepdim_param(), out_param()};
  // median/nanmedian(x) without dim reduce everything to one value (the lower middle); bool
  // errors name median's kernels for both.
  const auto middle = [](OrderSpec s) {
    s.bool_kernel = "median_out";
    s.full_bool_kernel = "median_cpu";
    s.full_without_dim = true;
    return s;
  };
  const OrderSpec median = middle({"median", 2, false, one, true, dim_last, median_check, pick_median});
  register_order(
      t, "torch.median torch.Tensor.median",
      "The middle value of each line along dim (the lower of the two middles for an even count), and where it is.",
      "torch.median(torch.tensor([[3, 1, 2], [5, 4, 4]]), dim=1)", dim_none_keep, median);
  const OrderSpec nanmedian = middle({"nanmedian", 2, false, one, true, dim_last, nanmedian_check, pick_nanmedian});
  register_order(t, "torch.nanmedian torch.Tensor.nanmedian",
                 "The middle value of each line along dim, ignoring NaN, and where it is.",
                 "torch.nanmedian(torch.tensor([[3.0, float('nan'), 2.0], [5.0, 4.0, 4.0]]), dim=1)", dim_none_keep,
                 nanmedian);
  OrderSpec kth{"kthvalue", 2, false, one, true, dim_last, kthvalue_check, pick_kthvalue};
  kth.bool_kernel = "kthvalue_cpu";
  kth.scalar_copy = true;
  register_order(t, "torch.kthvalue torch.Tensor.kthvalue",
                 "The k-th smallest value of each line along dim, and where it is.",
                 "torch.kthvalue(torch.tensor([[3, 1, 2], [5, 4, 6]]), 2, dim=1)",
                 {tensor_param("input"), Param{"k", ParamType::Int}, p_dim(-1), keepdim_param(), out_param()}, kth);
  OrderSpec mode{"mode", 2, false, one, true, dim_last, mode_check, pick_mode};
  register_order(t, "torch.mode torch.Tensor.mode",
                 "The most frequent value of each line along dim (the smallest on a tie), and where it is.",
                 "torch.mode(torch.tensor([[3, 1, 3, 2], [4, 4, 5, 5]]), dim=1)", dim_keep, mode);
  OrderSpec sort{"sort", 2, false, same_len, false, dim_last, nullptr, pick_sort};
  sort.names_resolve = false;
  register_order(t, "torch.sort torch.Tensor.sort",
                 "Each line along dim in order, with the positions the elements came from.",
                 "torch.sort(torch.tensor([[3, 1, 2], [5, 6, 4]]), dim=1)",
                 {tensor_param("input"), Param{"stable", ParamType::Bool, true, true, Value(None{}), false, true},
                  p_dim(-1), Param{"descending", ParamType::Bool, false, true, Value(false)}, out_param()},
                 sort);
  OrderSpec argsort{"argsort", 1, true, same_len, false, dim_last, nullptr, pick_argsort};
  argsort.names_resolve = false;
  register_order(t, "torch.argsort torch.Tensor.argsort", "The positions that would put each line along dim in order.",
                 "torch.argsort(torch.tensor([[3, 1, 2], [5, 6, 4]]), dim=1)",
                 {tensor_param("input"), Param{"stable", ParamType::Bool, true, true, Value(false)}, p_dim(-1),
                  Param{"descending", ParamType::Bool, false, true, Value(false)}},
                 argsort);
  OrderSpec msort{"msort", 1, false, same_len, false, dim_zero, nullptr, pick_msort};
  register_order(t, "torch.msort torch.Tensor.msort", "Each column in ascending order: sort along dim 0.",
                 "torch.msort(torch.tensor([[3, 1], [1, 4], [2, 0]]))", {tensor_param("input"), out_param()}, msort);
  // softmax, log_softmax, softmin: each output element reads its whole line along dim.
  const std::vector<Param> softmax_params = {
      tensor_param("input"), Param{"dim", ParamType::Int, false, true, Value(None{}), true, true},
      Param{"_stacklevel", ParamType::Int, false, true, Value(3)},
      Param{"dtype", ParamType::DType, false, true, Value(None{}), false, true}, out_param()};
  auto line_op = [&](const char* names, const char* summary, const char* example, double sign, bool log,
                     const char* python_method = "") {
    OrderSpec s{"softmax", 1, false, same_len, false, softmax_dim, softmax_check, nullptr};
    s.whole_line = true;
    s.line_sign = sign;
    s.line_log = log;
    s.equation = softmax_equation;
    s.value_dtype = [](const Tensor& x) { return x.dtype(); };
    const_cast<OpDescriptor&>(register_order(t, names, summary, example, softmax_params, s)).python_input_method =
        python_method;
  };
  line_op("torch.softmax torch.Tensor.softmax torch.nn.functional.softmax torch.special.softmax",
          "Turns each line along dim into probabilities: e^x over the sum of e^x of the line.",
          "torch.softmax(torch.tensor([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]]), dim=1)", 1, false);
  line_op("torch.log_softmax torch.Tensor.log_softmax torch.nn.functional.log_softmax torch.special.log_softmax",
          "The logarithm of softmax along dim: x minus ln of the sum of e^x of the line.",
          "torch.log_softmax(torch.tensor([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]]), dim=1)", 1, true);
  line_op("torch.nn.functional.softmin", "softmax of -x along dim: small values get the large probabilities.",
          "torch.nn.functional.softmin(torch.tensor([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]]), dim=1)", -1, false, "-");

  OrderSpec topk{"topk", 2, false, topk_len, false, dim_last, topk_check, pick_topk};
  topk.bool_kernel = "topk_cpu";
  topk.scalar_copy = true;
  register_order(t, "torch.topk torch.Tensor.topk",
                 "The k largest (or smallest) elements of each line along dim, with where they are.",
                 "torch.topk(torch.tensor([[3, 1, 5, 2], [5, 6, 4, 6]]), 2)",
                 {tensor_param("input"), Param{"k", ParamType::Int}, p_dim(-1),
                  Param{"largest", ParamType::Bool, false, true, Value(true)},
                  Param{"sorted", ParamType::Bool, false, true, Value(true)}, out_param()},
                 topk);
}

// max and min: hidden descriptors for the forms, dispatched by the arguments given.
void add_max_min(std::vector<const OpDescriptor*>& t, const std::vector<const OpDescriptor*>& hidden_full,
                 const std::vector<const OpDescriptor*>& hidden_dim) {
  const char* names[2] = {"torch.max torch.Tensor.max", "torch.min torch.Tensor.min"};
  const char* others[2] = {"torch.maximum", "torch.minimum"};
  const char* summaries[2] = {
      "The largest element (of everything, or of each line along dim with its position), or the larger of two tensors.",
      "The smallest element (of everything, or of each line along dim with its position), or the smaller of two "
      "tensors."};
  const char* examples[2] = {"torch.max(torch.tensor([[3, 1, 5], [5, 6, 4]]), dim=1)",
                             "torch.min(torch.tensor([[3, 1, 5], [5, 6, 4]]), dim=1)"};
  static std::deque<OpDescriptor> ops;
  auto in_table = [&](const std::string& name) -> const OpDescriptor* {  // the table is still being built
    for (const OpDescriptor* op : t)
      for (const auto& n : op->names)
        if (n == name) return op;
    return nullptr;
  };
  for (int k = 0; k < 2; ++k) {
    max_forms.push_back(MaxForms{hidden_full[std::size_t(k)], hidden_dim[std::size_t(k)], in_table(others[k])});
    OpDescriptor op;
    op.names = split_names(names[k]);
    op.family = "reduce";
    op.summary = summaries[k];
    op.docs = docs_url(op.names.front());
    op.example = examples[k];
    op.params = {tensor_param("input"), Param{"dim", ParamType::Int, false, true, Value(None{}), true, true},
                 keepdim_param(), Param{"other", ParamType::Tensor, false, true, Value(None{}), false, true},
                 out_param()};
    op.family_data = &max_forms.back();
    op.names_resolve = true;
    op.run = max_run;
    op.explain = max_explain;
    op.equation_fn = max_equation;
    ops.push_back(std::move(op));
    t.push_back(&ops.back());
  }
}

}  // namespace whence
