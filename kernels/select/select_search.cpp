// select_search.cpp - ops whose output says where elements are: nonzero and argwhere (the
// coordinates of the nonzero elements) and searchsorted and bucketize (where each value would
// be inserted into sorted boundaries). They compute their own way and explain from their
// outputs (tests/golden/README.md, "Select family"):
//   nonzero: coordinate d of the k-th nonzero element depends on the input elements whose
//     becoming zero or nonzero would change it (mask sources);
//   searchsorted: the value looked up (value source) and the two boundaries it lies between
//     (compare sources): no other boundary can change the answer while the sequence stays sorted.
#include <cmath>

#include "core/error.hpp"
#include "core/number_format.hpp"
#include "core/promotion.hpp"
#include "core/shape.hpp"
#include "kernels/select/select_common.hpp"

namespace whence {

namespace {

// --- nonzero(input, *, as_tuple=False), argwhere(input) -----------------------------------------

struct Nonzero {
  std::vector<std::int64_t> at;  // flat positions of the nonzero elements, ascending
  Shape shape;                   // the input's (a 0-d input counts as one element along one dim)
  bool as_tuple = false;
};

bool is_nonzero(const Tensor& t, std::int64_t flat) {
  const Scalar s = t.get(flat);
  return is_floating(s.dtype) ? s.f != 0 || std::isnan(s.f) : s.i != 0;
}

Nonzero prepare_nonzero(const Bound& b) {
  const Tensor& in = tensor_arg(b, "input");
  Nonzero z;
  z.shape = in.shape();
  z.as_tuple = bool_arg(b, "as_tuple", false);
  for (std::int64_t i = 0; i < in.numel(); ++i)
    if (is_nonzero(in, i)) z.at.push_back(i);
  return z;
}

OpResult nonzero_run(const Bound& b) {
  Nonzero z = prepare_nonzero(b);
  const std::int64_t n = std::int64_t(z.at.size()), r = std::int64_t(z.shape.size());
  check_limits({n, r});
  OpResult res;
  if (z.as_tuple) {  // one 1-D tensor per dim (a 0-d input: one, of its single position)
    res.is_tuple = true;
    for (std::int64_t d = 0; d < std::max<std::int64_t>(r, 1); ++d) {
      Tensor t = Tensor::empty(DType::Int64, {n});
      for (std::int64_t k = 0; k < n; ++k)
        t.set(k, Scalar::from_int(r ? unravel_index(z.shape, z.at[std::size_t(k)])[std::size_t(d)] : 0));
      res.tensors.push_back(t);
    }
  } else {
    Tensor t = Tensor::empty(DType::Int64, {n, r});
    for (std::int64_t k = 0; k < n; ++k) {
      const std::vector<std::int64_t> c = unravel_index(z.shape, z.at[std::size_t(k)]);
      for (std::int64_t d = 0; d < r; ++d) t.set(k * r + d, Scalar::from_int(c[std::size_t(d)]));
    }
    res.tensors.push_back(t);
  }
  keep_prepared(b, res, std::move(z));
  return res;
}

// (k, d) of a result element.
std::pair<std::int64_t, std::int64_t> nonzero_entry(const Nonzero& z, int position, std::int64_t flat) {
  if (z.as_tuple) return {flat, position};
  const std::int64_t r = std::int64_t(z.shape.size());
  return {flat / r, flat % r};
}

std::int64_t coordinate(const Nonzero& z, std::int64_t pos, std::int64_t d) {
  return z.shape.empty() ? 0 : unravel_index(z.shape, pos)[std::size_t(d)];
}

// Input element j becoming zero (or nonzero) moves the k-th nonzero position when j lies at or
// before it; the entry changes when the new k-th position has another coordinate d (or when
// there is no k-th any more).
std::vector<Source> nonzero_explain(const Bound& b, const OpResult& r, int position, std::int64_t flat) {
  const Nonzero& z = prepared_for(b, r, prepare_nonzero);
  const auto [k, d] = nonzero_entry(z, position, flat);
  const std::vector<std::int64_t>& at = z.at;
  const std::int64_t old = at[std::size_t(k)], old_c = coordinate(z, old, d);
  std::vector<Source> src;
  std::size_t next = 0;  // index into `at` of the first nonzero position >= j
  for (std::int64_t j = 0; j <= old; ++j) {
    while (next < at.size() && at[next] < j) ++next;
    const bool on = next < at.size() && at[next] == j;
    std::int64_t now = -1;
    if (on)
      now = std::size_t(k + 1) < at.size() ? at[std::size_t(k + 1)] : -1;  // j leaves: the next one moves up
    else
      now = (k == 0 || j > at[std::size_t(k - 1)]) ? j : at[std::size_t(k - 1)];  // j joins before it
    if (now < 0 || coordinate(z, now, d) != old_c) src.push_back(source(b, "input", j, Role::Mask));
  }
  return src;
}

std::string nonzero_equation(const Bound& b, const OpResult& r, int position, std::int64_t flat,
                             const std::vector<Source>&) {
  const Nonzero& z = prepared_for(b, r, prepare_nonzero);
  const auto [k, d] = nonzero_entry(z, position, flat);
  const std::int64_t at = z.at[std::size_t(k)];
  const Tensor& in = tensor_arg(b, "input");
  return out_ref(r, position, flat) + " = " + out_value(r, position, flat) + "  (coordinate " + std::to_string(d) +
         " of input" + coords(in.shape(), at) + " = " + format_scalar(in.get(at)) + ", nonzero element number " +
         std::to_string(k) + " in row-major order)";
}

// --- searchsorted(sorted_sequence, input, *, out_int32, right, side, sorter), bucketize ---------

struct Search {
  Tensor seq, values;                // both in the common dtype, contiguous
  std::vector<std::int64_t> sorter;  // empty: none
  bool right = false, out_int32 = false, scalar_input = false;
  std::int64_t row = 0;  // the length of a row of boundaries
  bool one_d = true;     // one row of boundaries for every value
  std::vector<std::int64_t> result;
};

const char* kSS = "torch.searchsorted(): ";

// The first position in [start, end) whose boundary is not below v (right: above v), as
// PyTorch's binary search writes it: `!(b >= v)` moves right, so a NaN boundary counts as
// below everything. Both are in the common dtype.
std::int64_t bound(const Search& s, std::int64_t start, std::int64_t end, const Scalar& v) {
  const std::int64_t orig = start;
  while (start < end) {
    const std::int64_t mid = start + ((end - start) >> 1);
    const Scalar m = s.seq.get(s.sorter.empty() ? mid : s.sorter[std::size_t(mid)] + orig);
    // integers compare exactly; floats as PyTorch writes it, so that NaN moves right
    const bool below =
        is_floating(m.dtype) ? (s.right ? !(m.f > v.f) : !(m.f >= v.f)) : (s.right ? m.i <= v.i : m.i < v.i);
    if (below)
      start = mid + 1;
    else
      end = mid;
  }
  return start;
}

Search prepare_search(const Bound& b, const Tensor& seq, const Value& input_v, bool right, const Value& side,
                      const Value& sorter_v) {
  Search s;
  s.out_int32 = bool_arg(b, "out_int32", false);
  s.right = right;
  if (side.is<std::string>()) {
    const std::string& sd = side.as<std::string>();
    if (sd != "left" && sd != "right")
      fail("RuntimeError", std::string(kSS) + "side can only be 'left' or 'right' but got " + sd, "side");
    if (right && sd != "right")
      fail("RuntimeError",
           std::string(kSS) + "side and right can't be set to opposites, got side of " + sd + " while right was True",
           "side");
    s.right = sd == "right";
  }
  const bool has_sorter = sorter_v.is<Tensor>();
  if (has_sorter) {
    const Tensor& so = sorter_v.as<Tensor>();
    if (so.shape() != seq.shape())
      fail("RuntimeError",
           std::string(kSS) + "boundary and sorter must have the same size, but got boundary tensor " +
               shape_str(seq.shape()) + "and got sorter tensor " + shape_str(so.shape()),
           "sorter");
    if (so.dtype() != DType::Int64)
      fail("RuntimeError",
           std::string(kSS) + "sorter must be a tensor of long dtype but got dtype " + dtype_scalar_name(so.dtype()),
           "sorter");
  }
  // The value(s): a tensor, or a Python number (a 0-d tensor that is a weak scalar).
  Tensor in;
  PromotionOperand in_op{DType::Int64, OperandRank::Scalar};
  if (input_v.is<Tensor>()) {
    in = input_v.as<Tensor>();
    in_op = *promotion_operand(input_v);
  } else {
    s.scalar_input = true;
    in_op = *promotion_operand(input_v);
    const DType d = input_v.is<bool>() ? DType::Bool : input_v.is<double>() ? DType::Float64 : DType::Int64;
    in = Tensor::empty(d, {});
    in.set(0, input_v.is<double>()
                  ? Scalar::from_float(input_v.as<double>())
                  : Scalar::from_int(input_v.is<bool>() ? input_v.as<bool>() : input_v.as<std::int64_t>()));
  }
  const char* in_name = "input";
  if (!(in.dim() > 0 || (in.numel() == 1 && seq.dim() == 1)))
    fail("RuntimeError",
         std::string(kSS) +
             "input value can be a scalar only when boundaries tensor dimension is 1, but we got boundaries tensor "
             "dim(" +
             std::to_string(seq.dim()) + ") and input value's dim(" + std::to_string(in.dim()) + ") numel(" +
             std::to_string(in.numel()) + ")",
         in_name);
  if (seq.dim() == 0)
    fail("RuntimeError", std::string(kSS) + "boundaries tensor should have positive dimension, but got 0 dimension",
         "sorted_sequence");
  bool matched = seq.dim() == in.dim();
  for (int d = 0; matched && d + 1 < seq.dim(); ++d)
    matched = seq.shape()[std::size_t(d)] == in.shape()[std::size_t(d)];
  if (seq.dim() != 1 && !matched)
    fail("RuntimeError",
         std::string(kSS) +
             "boundaries tensor should be 1 dimension or the first N-1 dimensions of boundaries tensor and input value "
             "tensor must match, "
             "but we got boundaries tensor " +
             shape_str(seq.shape()) + " and input value tensor " + shape_str(in.shape()),
         "sorted_sequence");
  s.one_d = seq.dim() == 1;
  s.row = seq.shape().back();
  s.values = in.contiguous();
  if (in.numel() == 0) return s;
  const DType common = result_type({*promotion_operand(Value(seq)), in_op});
  if (common == DType::Bool)
    fail("RuntimeError", "\"searchsorted_out_cpu\" not implemented for 'Bool'", "sorted_sequence");
  s.seq = seq.to(common);
  s.values = in.to(common);
  if (has_sorter) {
    const Tensor& so = sorter_v.as<Tensor>();
    for (std::int64_t i = 0; i < so.numel(); ++i) {
      const std::int64_t v = so.get(i).i;
      // (PyTorch reads out of bounds here; Whence refuses)
      if (v < 0 || v >= s.row)
        fail_at("RuntimeError",
                std::string(kSS) + "sorter index " + std::to_string(v) + " is out of range for boundaries of size " +
                    std::to_string(s.row),
                "sorter", i);
      s.sorter.push_back(v);
    }
  }
  for (std::int64_t i = 0; i < s.values.numel(); ++i) {
    const std::int64_t start = s.one_d ? 0 : i / std::max<std::int64_t>(in.shape().back(), 1) * s.row;
    s.result.push_back(bound(s, start, start + s.row, s.values.get(i)) - start);
  }
  return s;
}

Search prepare_searchsorted(const Bound& b) {
  return prepare_search(b, tensor_arg(b, "sorted_sequence"), arg(b, "input"), bool_arg(b, "right", false),
                        arg(b, "side"), arg(b, "sorter"));
}
Search prepare_bucketize(const Bound& b) {
  const Tensor& bounds = tensor_arg(b, "boundaries");
  if (bounds.dim() != 1)
    fail("RuntimeError", "boundaries tensor must be 1 dimension, but got dim(" + std::to_string(bounds.dim()) + ")",
         "boundaries");
  return prepare_search(b, bounds, arg(b, "input"), bool_arg(b, "right", false), Value(None{}), Value(None{}));
}

const char* seq_param(const Bound& b) {
  return b.op->param_index("boundaries") >= 0 ? "boundaries" : "sorted_sequence";
}
Search prepare_any_search(const Bound& b) {
  return b.op->param_index("boundaries") >= 0 ? prepare_bucketize(b) : prepare_searchsorted(b);
}

OpResult search_run(const Bound& b) {
  Search s = prepare_any_search(b);
  Tensor out = Tensor::empty(s.out_int32 ? DType::Int32 : DType::Int64, s.values.shape());
  for (std::size_t i = 0; i < s.result.size(); ++i) out.set(std::int64_t(i), Scalar::from_int(s.result[i]));
  OpResult r;
  r.tensors.push_back(out);
  keep_prepared(b, r, std::move(s));
  return r;
}

// The flat element of the boundaries at sorted position q of the row of value i.
std::int64_t boundary_at(const Search& s, std::int64_t i, std::int64_t q) {
  const std::int64_t start = s.one_d ? 0 : i / std::max<std::int64_t>(s.values.shape().back(), 1) * s.row;
  return start + (s.sorter.empty() ? q : s.sorter[std::size_t(start + q)]);
}

std::vector<Source> search_explain(const Bound& b, const OpResult& r, int, std::int64_t i) {
  const Search& s = prepared_for(b, r, prepare_any_search);
  std::vector<Source> src;
  if (s.row == 0) return src;  // nothing to compare with: always 0
  if (!s.scalar_input) src.push_back(source(b, "input", i));
  if (std::isnan(s.values.get(i).as_double())) return src;  // NaN goes past every boundary, whatever they are
  const std::int64_t p = s.result[std::size_t(i)];
  const double v = s.values.get(i).as_double();
  for (std::int64_t q : {p - 1, p}) {
    if (q < 0 || q >= s.row) continue;
    // A boundary may move between its neighbours (the ends: to ±inf); it decides when it can
    // cross v. Only an infinite v at the end it lies beyond cannot be crossed.
    if (!s.right && q == 0 && p == 0 && v == -INFINITY) continue;
    if (s.right && q == s.row - 1 && p == s.row && v == INFINITY) continue;
    if (!s.sorter.empty()) {
      const std::int64_t start = s.one_d ? 0 : i / std::max<std::int64_t>(s.values.shape().back(), 1) * s.row;
      src.push_back(source(b, "sorter", start + q, Role::Index));
    }
    src.push_back(source(b, seq_param(b), boundary_at(s, i, q), Role::Compare));
  }
  return src;
}

std::string search_equation(const Bound& b, const OpResult& r, int position, std::int64_t i,
                            const std::vector<Source>&) {
  const Search& s = prepared_for(b, r, prepare_any_search);
  const std::string lhs = out_ref(r, position, i), value = out_value(r, position, i);
  const std::string v = s.scalar_input ? format_scalar(s.values.get(0))
                                       : "input" + coords(tensor_arg(b, "input").shape(), i) + " = " +
                                             format_scalar(tensor_arg(b, "input").get(i));
  const std::string what = s.right ? "boundaries ≤ " : "boundaries < ";
  if (s.row == 0) return lhs + " = 0  (no boundaries)";
  const std::int64_t p = s.result[std::size_t(i)];
  const int sp = b.op->param_index(seq_param(b));
  auto ref = [&](std::int64_t q) {
    return element_ref(b, sp, boundary_at(s, i, q)) + " = " + element_value(b, sp, boundary_at(s, i, q));
  };
  std::string between;
  if (p == 0)
    between = "it comes before " + ref(0);
  else if (p == s.row)
    between = "it comes after " + ref(p - 1);
  else
    between = "it lies between " + ref(p - 1) + " and " + ref(p);
  return lhs + " = " + value + "  (the count of " + what + v + ": " + between + ")";
}

Param flag_p(const char* name) { return Param{name, ParamType::Bool, true, true, Value(false)}; }

}  // namespace

void add_select_search_ops(std::vector<const OpDescriptor*>& t) {
  add_op(t, composite_op("torch.nonzero torch.Tensor.nonzero", "select",
                         "The coordinates of the nonzero elements, one row per element in row-major order (one tensor "
                         "per dim with as_tuple=True).",
                         "torch.nonzero(torch.tensor([[0, 3, 0], [5, 0, 7]]))",
                         {tensor_param("input"), flag_p("as_tuple"), out_param()}, nonzero_run, nonzero_explain,
                         nonzero_equation));
  add_op(t, composite_op("torch.argwhere torch.Tensor.argwhere", "select",
                         "The coordinates of the nonzero elements, one row per element in row-major order (nonzero "
                         "with as_tuple=False).",
                         "torch.argwhere(torch.tensor([[0, 3, 0], [5, 0, 7]]))", {tensor_param("input")}, nonzero_run,
                         nonzero_explain, nonzero_equation));
  add_op(t,
         composite_op("torch.searchsorted", "select",
                      "For each value, the index where it would be inserted into the sorted last dim of "
                      "sorted_sequence to keep it sorted.",
                      "torch.searchsorted(torch.tensor([1, 3, 5, 7, 9]), torch.tensor([3, 6, 10]))",
                      {tensor_param("sorted_sequence"), Param{"input", ParamType::TensorOrNumber}, flag_p("out_int32"),
                       flag_p("right"), Param{"side", ParamType::String, true, true, Value(None{}), false, true},
                       Param{"sorter", ParamType::Tensor, true, true, Value(None{}), false, true}, out_param()},
                      search_run, search_explain, search_equation));
  add_op(t, composite_op("torch.bucketize", "select",
                         "The bucket of each input element: how many of the sorted 1-D boundaries lie below it (or at "
                         "or below it with right=True).",
                         "torch.bucketize(torch.tensor([[0.5, 3.0], [7.5, 3.2]]), torch.tensor([1.0, 3.0, 5.0, 7.0]))",
                         {Param{"input", ParamType::TensorOrNumber}, tensor_param("boundaries"), flag_p("out_int32"),
                          flag_p("right"), out_param()},
                         search_run, search_explain, search_equation));
}

}  // namespace whence
