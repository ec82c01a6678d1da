// run_ops.cpp - torch.unique_consecutive: the runs of equal neighbours (elements, or whole
// slices along dim). Output k is the first member of run k; the inverse of member j is the run
// it falls in; count k is the length of run k.
//
// Sources are exact: input element f is a source of a result element when some change of f
// alone changes or removes it. A change of f can only flip the two neighbour comparisons of
// its member (with the member before and the one after), so each element is tried with the
// few values that matter (its neighbours' values at its position, or a value equal to
// neither) and the runs after the change are read off the starts without recomputing them.
// Roles: the element output k copies is value; count k's run is value; the rest compare.
//
// Which results come back follows PyTorch's boolean dispatch (Bound::dispatched), including its
// quirk: torch.unique_consecutive(x, True) picks the dispatch on return_counts (index 1) while
// the native call computes the inverse, so the counts it returns are empty.
#include <algorithm>
#include <cmath>

#include "core/bind.hpp"
#include "core/error.hpp"
#include "core/number_format.hpp"
#include "core/shape.hpp"
#include "kernels/common/composite.hpp"
#include "kernels/reduce/reduce_family.hpp"

namespace whence {

namespace {

enum class Part { Output, Inverse, Counts };

struct Runs {
  Tensor x;
  int dim = -1;                                      // -1: the elements, flattened
  std::vector<std::vector<std::int64_t>> members;    // per member (element or slice): its flat elements
  std::vector<std::int64_t> start;                   // the first member of each run
  std::vector<std::int64_t> member_of, position_of;  // per flat element
  // Boundary j (between members j - 1 and j): how many positions differ, and the first one.
  std::vector<std::int64_t> differing, first_differing;
  bool inverse = false, counts = false;  // what the native call computes
  std::vector<Part> parts;               // the results returned, in order
  std::int64_t run_of(std::int64_t member) const {
    return std::int64_t(std::upper_bound(start.begin(), start.end(), member) - start.begin()) - 1;
  }
  std::int64_t end(std::int64_t run) const {  // one past its last member
    return run + 1 < std::int64_t(start.size()) ? start[std::size_t(run + 1)] : std::int64_t(members.size());
  }
};

// Equal as PyTorch compares them: NaN equals nothing; integers exactly.
bool same_element(const Tensor& x, std::int64_t a, std::int64_t b) {
  const Scalar p = x.get(a), q = x.get(b);
  return is_floating(x.dtype()) ? p.f == q.f : p.i == q.i;
}

// The results a dispatch leaf returns (torch.functional's _consecutive_return_*), or the flags
// when no dispatch ran (Tensor.unique_consecutive passes them on by keyword).
std::vector<Part> returned_parts(const Bound& b, bool inverse, bool counts) {
  const std::string& d = b.dispatched;
  if (!d.empty()) {
    inverse = d.find("_impl") != std::string::npos || d.find("return_inverse") != std::string::npos;
    counts = d.find("_impl") != std::string::npos || d.find("return_counts") != std::string::npos;
  }
  std::vector<Part> parts{Part::Output};
  if (inverse) parts.push_back(Part::Inverse);
  if (counts) parts.push_back(Part::Counts);
  return parts;
}

Runs prepare_runs(const Bound& b) {
  const Value& input = arg(b, "input");
  check_native_call("torch._VF.unique_consecutive", {&input},
                    {{"return_inverse", &arg(b, "return_inverse")},
                     {"return_counts", &arg(b, "return_counts")},
                     {"dim", &arg(b, "dim")}});
  Runs r;
  r.x = input.as<Tensor>();
  r.inverse = bool_arg(b, "return_inverse", false);
  r.counts = bool_arg(b, "return_counts", false);
  r.parts = returned_parts(b, r.inverse, r.counts);
  const Value& dim = arg(b, "dim");
  const Shape& shape = r.x.shape();
  if (dim.is<None>()) {
    for (std::int64_t f = 0; f < r.x.numel(); ++f) r.members.push_back({f});
  } else {
    if (r.x.dim() == 0)
      fail("IndexError",
           "Dimension specified as " + std::to_string(dim.as<std::int64_t>()) + " but tensor has no dimensions", "dim");
    r.dim = int(wrap_dim(dim.as<std::int64_t>(), r.x.dim(), "dim"));
    const auto zeros = std::count(shape.begin(), shape.end(), 0);
    if (shape[std::size_t(r.dim)] == 0 && zeros > 1)
      fail("RuntimeError", "Number of zero sized dimensions is more than one, so unique cannot be applied ", "input");
    if (shape[std::size_t(r.dim)] != 0 && zeros > 0)
      fail("RuntimeError", "There are 0 sized dimensions, and they aren't selected, so unique cannot be applied",
           "input");
    const Shape strides = contiguous_strides(shape);
    const std::int64_t len = shape[std::size_t(r.dim)], inner = strides[std::size_t(r.dim)];
    const std::int64_t outer = len ? r.x.numel() / (len * inner) : 0;
    r.members.assign(std::size_t(len), {});
    for (std::int64_t j = 0; j < len; ++j)
      for (std::int64_t o = 0; o < outer; ++o)
        for (std::int64_t i = 0; i < inner; ++i) r.members[std::size_t(j)].push_back((o * len + j) * inner + i);
  }
  r.member_of.assign(std::size_t(r.x.numel()), 0);
  r.position_of.assign(std::size_t(r.x.numel()), 0);
  r.differing.assign(r.members.size(), 0);
  r.first_differing.assign(r.members.size(), -1);
  for (std::size_t j = 0; j < r.members.size(); ++j) {
    for (std::size_t p = 0; p < r.members[j].size(); ++p) {
      r.member_of[std::size_t(r.members[j][p])] = std::int64_t(j);
      r.position_of[std::size_t(r.members[j][p])] = std::int64_t(p);
      if (j && !same_element(r.x, r.members[j - 1][p], r.members[j][p]) && !r.differing[j]++)
        r.first_differing[j] = std::int64_t(p);
    }
    if (j == 0 || r.differing[j]) r.start.push_back(std::int64_t(j));
  }
  return r;
}

OpResult runs_run(const Bound& b) {
  const Runs r = prepare_runs(b);
  const std::int64_t runs = std::int64_t(r.start.size()), n = std::int64_t(r.members.size());
  OpResult out;
  Shape oshape = r.dim < 0 ? Shape{runs} : r.x.shape();
  if (r.dim >= 0) oshape[std::size_t(r.dim)] = runs;
  Tensor output = Tensor::empty(r.x.dtype(), oshape);
  for (std::int64_t k = 0; k < runs; ++k) {
    const auto& from = r.members[std::size_t(r.start[std::size_t(k)])];
    if (r.dim < 0) {
      output.set(k, r.x.get(from[0]));
      continue;
    }
    const Shape strides = contiguous_strides(oshape);
    const std::int64_t inner = strides[std::size_t(r.dim)];
    for (std::size_t p = 0; p < from.size(); ++p) {
      const std::int64_t o = std::int64_t(p) / inner, i = std::int64_t(p) % inner;
      output.set((o * runs + k) * inner + i, r.x.get(from[p]));
    }
  }
  Tensor inverse = Tensor::empty(DType::Int64, !r.inverse ? Shape{0} : r.dim < 0 ? r.x.shape() : Shape{n});
  if (r.inverse)
    for (std::int64_t j = 0; j < n; ++j) inverse.set(j, Scalar::from_int(r.run_of(j)));
  Tensor counts = Tensor::empty(DType::Int64, {r.counts ? runs : 0});
  if (r.counts)
    for (std::int64_t k = 0; k < runs; ++k) counts.set(k, Scalar::from_int(r.end(k) - r.start[std::size_t(k)]));
  for (Part p : r.parts) out.tensors.push_back(p == Part::Output ? output : p == Part::Inverse ? inverse : counts);
  out.is_tuple = r.parts.size() > 1;
  keep_prepared(b, out, r);
  return out;
}

// (run, position within the member) of output element `flat`.
std::pair<std::int64_t, std::int64_t> output_place(const Runs& r, std::int64_t flat) {
  if (r.dim < 0) return {flat, 0};
  const Shape strides = contiguous_strides(r.x.shape());
  const std::int64_t inner = strides[std::size_t(r.dim)], runs = std::int64_t(r.start.size());
  return {(flat / inner) % runs, (flat / (inner * runs)) * inner + flat % inner};
}

// The runs after element f takes another value: only the comparisons at its member m and m + 1
// can change, so the starts are the old ones with those two decided again.
struct Changed {
  const Runs& r;
  std::int64_t m = 0, below = 0, above = 0;  // old starts < m; first old start > m + 1
  std::vector<std::int64_t> mid;             // new starts among m, m + 1
  std::int64_t runs() const { return below + std::int64_t(mid.size()) + std::int64_t(r.start.size()) - above; }
  std::int64_t start(std::int64_t k) const {
    if (k < below) return r.start[std::size_t(k)];
    if (k < below + std::int64_t(mid.size())) return mid[std::size_t(k - below)];
    return r.start[std::size_t(above + k - below - std::int64_t(mid.size()))];
  }
  std::int64_t end(std::int64_t k) const { return k + 1 < runs() ? start(k + 1) : std::int64_t(r.members.size()); }
  std::int64_t run_of(std::int64_t j) const {  // how many starts lie at or before j, minus one
    std::int64_t n =
        std::int64_t(std::upper_bound(r.start.begin(), r.start.end(), std::min(j, m - 1)) - r.start.begin());
    for (std::int64_t s : mid) n += s <= j;
    if (j > m + 1) n += std::int64_t(std::upper_bound(r.start.begin(), r.start.end(), j) - r.start.begin()) - above;
    return n - 1;
  }
};

// Element f set to `value` (or, with fresh, to a value equal to nothing).
Changed change(const Runs& r, std::int64_t f, double value, bool fresh) {
  Changed c{r};
  const std::int64_t m = r.member_of[std::size_t(f)], p = r.position_of[std::size_t(f)],
                     n = std::int64_t(r.members.size());
  c.m = m;
  c.below = std::int64_t(std::lower_bound(r.start.begin(), r.start.end(), m) - r.start.begin());
  c.above = std::int64_t(std::upper_bound(r.start.begin(), r.start.end(), m + 1) - r.start.begin());
  const auto differs = [&](std::int64_t j, std::int64_t other) {  // boundary j after the change
    const bool elsewhere =
        r.differing[std::size_t(j)] > 1 || (r.differing[std::size_t(j)] == 1 && r.first_differing[std::size_t(j)] != p);
    const double o = r.x.get(r.members[std::size_t(other)][std::size_t(p)]).as_double();
    return elsewhere || fresh || !(value == o);  // NaN equals nothing
  };
  if (m == 0 || differs(m, m - 1)) c.mid.push_back(m);
  if (m + 1 < n && differs(m + 1, m + 1)) c.mid.push_back(m + 1);
  return c;
}

bool same_value(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }

// Whether result element (part, flat) changes or disappears when element f changes as c says;
// `old` is the result element's value now.
bool changes(const Runs& r, int position, std::int64_t flat, double old, const Changed& c, std::int64_t f, double value,
             bool fresh) {
  switch (r.parts[std::size_t(position)]) {
    case Part::Output: {
      const auto [k, p] = output_place(r, flat);
      if (k >= c.runs()) return true;
      const std::int64_t e = r.members[std::size_t(c.start(k))][std::size_t(p)];
      if (e == f) return fresh || !same_value(value, old);
      return !same_value(r.x.get(e).as_double(), old);
    }
    case Part::Inverse: return c.run_of(flat) != std::int64_t(old);
    case Part::Counts: return flat >= c.runs() || c.end(flat) - c.start(flat) != std::int64_t(old);
  }
  return false;
}

std::vector<Source> runs_explain(const Bound& b, const OpResult& res, int position, std::int64_t flat) {
  const Runs& r = prepared_for(b, res, prepare_runs);
  const Part part = r.parts[std::size_t(position)];
  const std::int64_t n = std::int64_t(r.members.size());
  // The last member whose change can reach this element, and the elements that are values.
  std::int64_t last = 0, copied = -1, run = -1;
  if (part == Part::Output) {
    const auto [k, p] = output_place(r, flat);
    last = r.start[std::size_t(k)];
    copied = r.members[std::size_t(last)][std::size_t(p)];
  } else if (part == Part::Inverse) {
    last = flat;
  } else {
    run = flat;
    last = std::min(r.end(run), n - 1);
  }
  const double old = res.tensors[std::size_t(position)].get(flat).as_double();
  std::vector<Source> src;
  for (std::int64_t f = 0; f < r.x.numel(); ++f) {
    const std::int64_t m = r.member_of[std::size_t(f)], p = r.position_of[std::size_t(f)];
    if (m > last) continue;
    const double v = r.x.get(f).as_double();
    bool hit = false;
    if (r.x.dtype() == DType::Bool) {
      hit = changes(r, position, flat, old, change(r, f, 1 - v, false), f, 1 - v, false);
    } else {
      hit = changes(r, position, flat, old, change(r, f, 0, true), f, 0, true);
      for (std::int64_t other : {m - 1, m + 1})
        if (!hit && other >= 0 && other < n) {
          const double o = r.x.get(r.members[std::size_t(other)][std::size_t(p)]).as_double();
          hit = changes(r, position, flat, old, change(r, f, o, false), f, o, false);
        }
    }
    if (!hit) continue;
    const bool value = f == copied || (run >= 0 && m >= r.start[std::size_t(run)] && m < r.end(run));
    src.push_back(source(b, "input", f, value ? Role::Value : Role::Compare));
  }
  return src;
}

// "input[3] = 2" for an element member, "slice 3" for a slice.
std::string member_name(const Runs& r, std::int64_t j, bool with_value = false) {
  if (r.dim >= 0) return "slice " + std::to_string(j);
  const std::int64_t f = r.members[std::size_t(j)][0];
  return "input" + coords(r.x.shape(), f) + (with_value ? " = " + format_scalar(r.x.get(f)) : "");
}
// Members [from, to): "input[2] … input[3]", "slices 0 … 1".
std::string member_span(const Runs& r, std::int64_t from, std::int64_t to) {
  if (to - from == 1) return member_name(r, from);
  return (r.dim >= 0 ? "slices " + std::to_string(from) + " … " + std::to_string(to - 1)
                     : member_name(r, from) + " … " + member_name(r, to - 1));
}

std::string runs_equation(const Bound& b, const OpResult& res, int position, std::int64_t flat,
                          const std::vector<Source>&) {
  const Runs& r = prepared_for(b, res, prepare_runs);
  const std::string lhs = out_ref(res, position, flat);
  const std::string value = format_scalar(res.tensors[std::size_t(position)].get(flat));
  const std::string along = r.dim >= 0 ? " along dim " + std::to_string(r.dim) : "";
  const std::int64_t n = std::int64_t(r.members.size());
  switch (r.parts[std::size_t(position)]) {
    case Part::Output: {
      const auto [k, p] = output_place(r, flat);
      const std::int64_t s = r.start[std::size_t(k)];
      const std::string from = "input" + coords(r.x.shape(), r.members[std::size_t(s)][std::size_t(p)]);
      std::string why = "the first of run " + std::to_string(k) + " (" + member_span(r, s, r.end(k)) + along + ")";
      if (k > 0) why += ", which differs from " + member_name(r, s - 1, true);
      return lhs + " = " + from + " = " + value + ", " + why;
    }
    case Part::Inverse: {
      if (flat == 0) return lhs + " = 0: " + member_name(r, 0) + along + " opens run 0";
      return lhs + " = " + value + ": " + member_span(r, 0, flat + 1) + along + " change value " + value +
             (value == "1" ? " time" : " times") + ", so " + member_name(r, flat) + " is in run " + value;
    }
    case Part::Counts: {
      const std::int64_t s = r.start[std::size_t(flat)], e = r.end(flat);
      const std::string run = member_span(r, s, e) + along +
                              (r.dim < 0 ? " (= " + format_scalar(r.x.get(r.members[std::size_t(s)][0])) + ")" : "");
      return lhs + " = " + value + ": run " + std::to_string(flat) + " is " + run +
             (e < n ? ", ended by " + member_name(r, e, true) : ", at the end");
    }
  }
  return lhs + " = " + value;
}

}  // namespace

void add_run_ops(std::vector<const OpDescriptor*>& t) {
  add_op(t, composite_op(
                "torch.unique_consecutive torch.Tensor.unique_consecutive", "reduce",
                "Keeps the first of every run of equal neighbours (elements, or slices along dim), optionally with "
                "which run each "
                "one fell in and how long each run is.",
                "torch.unique_consecutive(torch.tensor([1, 1, 2, 2, 3, 1, 1, 2]), return_counts=True)",
                {Param{"input", ParamType::Tensor}, Param{"return_inverse", ParamType::Bool, false, true, Value(false)},
                 Param{"return_counts", ParamType::Bool, false, true, Value(false)},
                 Param{"dim", ParamType::Int, false, true, Value(None{}), false, true}},
                runs_run, runs_explain, runs_equation));
}

}  // namespace whence
