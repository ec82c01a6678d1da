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
#include <cstring>
#include <iterator>

#include "core/bind.hpp"
#include "core/error.hpp"
#include "core/number_format.hpp"
#include "core/shape.hpp"
#include "kernels/common/composite.hpp"
#include "kernels/reduce/gnu_sort.hpp"
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

// The members compared: the elements (dim None: dim_out = -1) or the slices along dim, each
// as its row-major flat elements, with PyTorch's refusals of a dim.
std::vector<std::vector<std::int64_t>> members_along(const Tensor& x, const Value& dim, int& dim_out) {
  std::vector<std::vector<std::int64_t>> members;
  const Shape& shape = x.shape();
  dim_out = -1;
  if (dim.is<None>()) {
    for (std::int64_t f = 0; f < x.numel(); ++f) members.push_back({f});
    return members;
  }
  if (x.dim() == 0)
    fail("IndexError",
         "Dimension specified as " + std::to_string(dim.as<std::int64_t>()) + " but tensor has no dimensions", "dim");
  const int d = dim_out = int(wrap_dim(dim.as<std::int64_t>(), x.dim(), "dim"));
  const auto zeros = std::count(shape.begin(), shape.end(), 0);
  if (shape[std::size_t(d)] == 0 && zeros > 1)
    fail("RuntimeError", "Number of zero sized dimensions is more than one, so unique cannot be applied ", "input");
  if (shape[std::size_t(d)] != 0 && zeros > 0)
    fail("RuntimeError", "There are 0 sized dimensions, and they aren't selected, so unique cannot be applied",
         "input");
  const Shape strides = contiguous_strides(shape);
  const std::int64_t len = shape[std::size_t(d)], inner = strides[std::size_t(d)];
  const std::int64_t outer = len ? x.numel() / (len * inner) : 0;
  members.assign(std::size_t(len), {});
  for (std::int64_t j = 0; j < len; ++j)
    for (std::int64_t o = 0; o < outer; ++o)
      for (std::int64_t i = 0; i < inner; ++i) members[std::size_t(j)].push_back((o * len + j) * inner + i);
  return members;
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
  r.members = members_along(r.x, arg(b, "dim"), r.dim);
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

// The members `picks` (in order) put together: a list of elements, or the slices stacked along dim.
Tensor stack_members(const Tensor& x, int dim, const std::vector<std::vector<std::int64_t>>& members,
                     const std::vector<std::int64_t>& picks) {
  const std::int64_t k_n = std::int64_t(picks.size());
  Shape oshape = dim < 0 ? Shape{k_n} : x.shape();
  if (dim >= 0) oshape[std::size_t(dim)] = k_n;
  Tensor output = Tensor::empty(x.dtype(), oshape);
  const std::int64_t inner = dim < 0 ? 1 : contiguous_strides(oshape)[std::size_t(dim)];
  for (std::int64_t k = 0; k < k_n; ++k) {
    const auto& from = members[std::size_t(picks[std::size_t(k)])];
    for (std::size_t p = 0; p < from.size(); ++p) {
      const std::int64_t o = std::int64_t(p) / inner, i = std::int64_t(p) % inner;
      output.set((o * k_n + k) * inner + i, x.get(from[p]));
    }
  }
  return output;
}

OpResult runs_run(const Bound& b) {
  const Runs r = prepare_runs(b);
  const std::int64_t runs = std::int64_t(r.start.size()), n = std::int64_t(r.members.size());
  OpResult out;
  const Tensor output = stack_members(r.x, r.dim, r.members, r.start);
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

// ---------------------------------------------------------------------------------------------
// torch.unique: the distinct elements (dim None) or slices along dim. PyTorch 1.13's CPU kernel
// for dim None puts the elements in a std::unordered_set (libstdc++), copies it out in the set's
// order, and with sorted=True sorts that copy with std::sort; inverse and counts look each
// element up in std::unordered_maps. So sorted=False returns the set's order, and NaN (equal to
// nothing) gets an entry per NaN element, inverse 0 and count 0. Whence replays those steps
// (the set's bucket counts and node order, std::hash, libstdc++'s sort) so that native and
// WebAssembly builds agree with it. With dim, unique_dim sorts the slices (std::sort,
// lexicographic `<`) and keeps the first of each run of equal ones, sorted or not. bool has
// its own kernel (False before True); float16, which 1.13 refuses, is done as float32.

struct Distinct {
  std::vector<std::int64_t> pick;     // per result entry: the member it copies
  std::vector<std::int64_t> inverse;  // per member
  std::vector<std::int64_t> counts;   // per result entry
};

bool key_less(const Scalar& a, const Scalar& b, bool fl) { return fl ? a.f < b.f : a.i < b.i; }
bool key_equal(const Scalar& a, const Scalar& b, bool fl) { return fl ? a.f == b.f : a.i == b.i; }

// std::hash<T> of an element of dtype d as libstdc++ computes it: integers are their value;
// float and double hash their bytes (MurmurHash2, 64-bit, libstdc++'s seed), ±0 hash 0;
// c10::BFloat16 hashes its 16 bits.
std::uint64_t element_hash(const Scalar& s, DType d) {
  const auto shift_mix = [](std::uint64_t v) { return v ^ (v >> 47); };
  const auto bytes_hash = [&](std::uint64_t data, std::uint64_t len) {
    const std::uint64_t mul = 0xc6a4a7935bd1e995ULL;
    std::uint64_t h = 0xc70f6907ULL ^ (len * mul);
    if (len == 8) {
      h ^= shift_mix(data * mul) * mul;
    } else {
      h ^= data;
    }
    h *= mul;
    return shift_mix(shift_mix(h) * mul);
  };
  if (d == DType::Float64) {
    if (s.f == 0) return 0;
    std::uint64_t bits;
    std::memcpy(&bits, &s.f, 8);
    return bytes_hash(bits, 8);
  }
  if (d == DType::Float32 || d == DType::Float16 || d == DType::BFloat16) {  // float16: as float32
    const float v = float(s.f);
    std::uint32_t bits;
    std::memcpy(&bits, &v, 4);
    if (d == DType::BFloat16) return bits >> 16;
    return s.f == 0 ? 0 : bytes_hash(bits, 4);
  }
  return std::uint64_t(s.i);
}

// The order std::unordered_set<T>(first, last) of libstdc++ (GCC 12) iterates `v` in: a
// single list of nodes, a new node first in its bucket (or first in the list when its bucket is
// empty), and the bucket counts it grows through (measured) with the list rebuilt each time.
std::vector<std::int64_t> hash_set_order(const std::vector<Scalar>& v, DType d) {
  static const std::uint64_t grow[][2] = {{1, 13},
                                          {14, 29},
                                          {30, 59},
                                          {60, 127},
                                          {128, 257},
                                          {258, 541},
                                          {542, 1109},
                                          {1110, 2357},
                                          {2358, 5087},
                                          {5088, 10273},
                                          {10274, 20753},
                                          {20754, 42043},
                                          {42044, 85229},
                                          {85230, 172933},
                                          {172934, 351061},
                                          {351062, 712697},
                                          {712698, 1447153},
                                          {1447154, 2938679},
                                          {2938680, 5967347},
                                          {5967348, 12117689},
                                          {12117690, 24607243}};
  const bool fl = is_floating(d);
  constexpr std::int64_t kEnd = -1, kHead = -2, kEmpty = -3;  // no node; the list's head; an empty bucket
  std::vector<std::int64_t> elem, next;                       // per node
  std::vector<std::uint64_t> code;                            // per node
  std::vector<std::int64_t> bucket(1, kEmpty);                // per bucket: the node before its first
  std::int64_t head = kEnd;
  std::size_t g = 0;
  const auto after = [&](std::int64_t before) -> std::int64_t& {
    return before == kHead ? head : next[std::size_t(before)];
  };
  const auto insert = [&](std::int64_t node, std::size_t bkt) {
    if (bucket[bkt] != kEmpty) {
      next[std::size_t(node)] = after(bucket[bkt]);
      after(bucket[bkt]) = node;
      return;
    }
    next[std::size_t(node)] = head;
    head = node;
    if (next[std::size_t(node)] != kEnd) bucket[code[std::size_t(next[std::size_t(node)])] % bucket.size()] = node;
    bucket[bkt] = kHead;
  };
  for (std::size_t e = 0; e < v.size(); ++e) {
    const std::uint64_t h = element_hash(v[e], d);
    bool found = false;
    if (bucket[h % bucket.size()] != kEmpty)
      for (std::int64_t q = after(bucket[h % bucket.size()]);
           q != kEnd && code[std::size_t(q)] % bucket.size() == h % bucket.size(); q = next[std::size_t(q)])
        if (key_equal(v[std::size_t(elem[std::size_t(q)])], v[e], fl)) {
          found = true;
          break;
        }
    if (found) continue;
    const std::int64_t node = std::int64_t(elem.size());
    elem.push_back(std::int64_t(e));
    next.push_back(kEnd);
    code.push_back(h);
    if (g < std::size(grow) && elem.size() == grow[g][0]) {  // rehash, keeping the list's order rules
      bucket.assign(std::size_t(grow[g++][1]), kEmpty);
      std::int64_t q = head;
      head = kEnd;
      std::size_t first_bkt = 0;
      while (q != kEnd) {
        const std::int64_t q_next = next[std::size_t(q)];
        const std::size_t bkt = code[std::size_t(q)] % bucket.size();
        if (bucket[bkt] == kEmpty) {
          next[std::size_t(q)] = head;
          head = q;
          bucket[bkt] = kHead;
          if (next[std::size_t(q)] != kEnd) bucket[first_bkt] = q;
          first_bkt = bkt;
        } else {
          next[std::size_t(q)] = after(bucket[bkt]);
          after(bucket[bkt]) = q;
        }
        q = q_next;
      }
    }
    insert(node, h % bucket.size());
  }
  std::vector<std::int64_t> order;
  for (std::int64_t q = head; q != kEnd; q = next[std::size_t(q)]) order.push_back(elem[std::size_t(q)]);
  return order;
}

// unique over `members` of the flat values `v` (dim None: one element each).
Distinct distinct_of(const std::vector<Scalar>& v, DType d, const std::vector<std::vector<std::int64_t>>& members,
                     const std::vector<std::int64_t>& compare_order, bool by_slices, bool sorted) {
  const bool fl = is_floating(d);
  const std::int64_t n = std::int64_t(members.size());
  Distinct r;
  r.inverse.assign(std::size_t(n), 0);
  if (!by_slices && d == DType::Bool) {  // False, then True
    std::int64_t first[2] = {-1, -1}, count[2] = {0, 0};
    for (std::int64_t e = n - 1; e >= 0; --e) first[v[std::size_t(e)].i] = e, ++count[v[std::size_t(e)].i];
    for (int b = 0; b < 2; ++b)
      if (count[b]) r.pick.push_back(first[b]), r.counts.push_back(count[b]);
    for (std::int64_t e = 0; e < n; ++e) r.inverse[std::size_t(e)] = v[std::size_t(e)].i && count[0] ? 1 : 0;
    return r;
  }
  // Members compared lexicographically (dim None: one element each, so by value); one
  // comparator for every sort here, so that one sort is compiled.
  const auto less = [&](std::int64_t a, std::int64_t b) {
    const auto &ma = members[std::size_t(a)], &mb = members[std::size_t(b)];
    for (std::int64_t p : compare_order) {
      const Scalar &x = v[std::size_t(ma[std::size_t(p)])], &y = v[std::size_t(mb[std::size_t(p)])];
      if (key_less(x, y, fl)) return true;
      if (key_less(y, x, fl)) return false;
    }
    return false;
  };
  if (!by_slices) {  // the hash set, then the maps
    r.pick = hash_set_order(v, d);
    if (sorted) gnu::sort(r.pick, less);
    // Lookups: a NaN finds nothing (inverse 0, count 0). bfloat16's +0 and -0 hash apart and
    // are two entries; the maps (reserved for the entries, 2 buckets when there are at most 2)
    // find one for both only when they share a bucket.
    std::vector<std::int64_t> by_value, entry_of(static_cast<std::size_t>(n), -1);  // entries not NaN, by value
    for (std::size_t k = 0; k < r.pick.size(); ++k) {
      entry_of[std::size_t(r.pick[k])] = std::int64_t(k);
      if (!(fl && std::isnan(v[std::size_t(r.pick[k])].f))) by_value.push_back(r.pick[k]);
    }
    gnu::sort(by_value, less);
    const bool zeros_merge = r.pick.size() <= 2;
    const auto entry = [&](const Scalar& s) -> std::int64_t {  // the entry a map lookup of s finds
      auto it = std::lower_bound(by_value.begin(), by_value.end(), s, [&](std::int64_t e, const Scalar& key) {
        return key_less(v[std::size_t(e)], key, fl);
      });
      if (it == by_value.end() || !key_equal(v[std::size_t(*it)], s, fl)) return -1;
      const std::int64_t k0 = entry_of[std::size_t(*it)];
      if (d == DType::BFloat16 && s.f == 0 && it + 1 != by_value.end() &&
          key_equal(v[std::size_t(it[1])], s, fl)) {  // both zeros are entries
        const std::int64_t k1 = entry_of[std::size_t(it[1])];
        if (zeros_merge) return std::max(k0, k1);
        return std::signbit(v[std::size_t(*it)].f) == std::signbit(s.f) ? k0 : k1;
      }
      return k0;
    };
    r.counts.assign(r.pick.size(), 0);
    std::vector<std::int64_t> tally(r.pick.size(), 0);
    for (std::int64_t e = 0; e < n; ++e) {
      const std::int64_t k = entry(v[std::size_t(e)]);
      r.inverse[std::size_t(e)] = std::max<std::int64_t>(k, 0);
      if (k >= 0) ++tally[std::size_t(k)];
    }
    for (std::size_t k = 0; k < r.pick.size(); ++k) {
      const std::int64_t j = entry(v[std::size_t(r.pick[k])]);
      r.counts[k] = j >= 0 ? tally[std::size_t(j)] : 0;
    }
    if (d == DType::BFloat16 && zeros_merge)  // one key holds both zeros: each entry reads the total
      for (std::size_t k = 0; k < r.pick.size(); ++k)
        if (v[std::size_t(r.pick[k])].f == 0) {
          std::int64_t total = 0;
          for (std::size_t j = 0; j < r.pick.size(); ++j) total += v[std::size_t(r.pick[j])].f == 0 ? tally[j] : 0;
          r.counts[k] = total;
        }
    return r;
  }
  // Sorted members (slices compared lexicographically), then runs of equal ones.
  std::vector<std::int64_t> order(static_cast<std::size_t>(n));
  for (std::int64_t j = 0; j < n; ++j) order[std::size_t(j)] = j;
  gnu::sort(order, less);
  for (std::size_t i = 0; i < order.size(); ++i) {
    const auto& m = members[std::size_t(order[i])];
    bool same = i > 0;
    for (std::size_t p = 0; same && p < m.size(); ++p)
      same = key_equal(v[std::size_t(m[p])], v[std::size_t(members[std::size_t(r.pick.back())][p])], fl);
    if (!same) r.pick.push_back(order[i]), r.counts.push_back(0);
    ++r.counts.back();
    r.inverse[std::size_t(order[i])] = std::int64_t(r.pick.size()) - 1;
  }
  return r;
}

struct Uniq {
  Tensor x;
  int dim = -1;
  bool sorted = true, inverse = false, counts = false;
  std::vector<Part> parts;
  std::vector<std::vector<std::int64_t>> members;
  std::vector<std::int64_t> compare_order;  // the member positions in the order slices are compared
  std::vector<Scalar> v;                    // the input's elements, row-major
  Distinct out;
  mutable std::vector<std::vector<char>> hit;  // explain's: which changes reach which result elements
  mutable bool exact = true;
};

// unique_dim compares the rows of x.transpose(dim, 0) flattened: the other dims in the order
// that transpose leaves them (dim 0 where dim was), not row-major.
std::vector<std::int64_t> compare_order_of(const Shape& shape, int dim) {
  if (dim < 0) return {0};
  std::vector<int> dims, rest;  // the member's dims, row-major; the order compared
  for (int d = 0; d < int(shape.size()); ++d)
    if (d != dim) dims.push_back(d);
  for (int d = 1; d < int(shape.size()); ++d) rest.push_back(d == dim ? 0 : d);
  std::int64_t total = 1;
  for (int d : dims) total *= shape[std::size_t(d)];
  std::vector<std::int64_t> order, idx(shape.size(), 0);
  for (std::int64_t c = 0; c < total; ++c) {
    std::int64_t p = 0;
    for (int d : dims) p = p * shape[std::size_t(d)] + idx[std::size_t(d)];
    order.push_back(p);
    for (int k = int(rest.size()) - 1; k >= 0; --k) {  // next coordinate, `rest` row-major
      const int d = rest[std::size_t(k)];
      if (++idx[std::size_t(d)] < shape[std::size_t(d)]) break;
      idx[std::size_t(d)] = 0;
    }
  }
  return order;
}

Uniq prepare_unique(const Bound& b) {
  const Value &input = arg(b, "input"), &dim = arg(b, "dim");
  const std::vector<std::pair<std::string, const Value*>> flags = {{"sorted", &arg(b, "sorted")},
                                                                   {"return_inverse", &arg(b, "return_inverse")},
                                                                   {"return_counts", &arg(b, "return_counts")}};
  if (dim.is<None>())
    check_native_call("torch._unique2", {&input}, flags);
  else
    check_native_call("torch._VF.unique_dim", {&input, &dim}, flags);
  Uniq u;
  u.x = input.as<Tensor>();
  u.sorted = bool_arg(b, "sorted", true);
  u.inverse = bool_arg(b, "return_inverse", false);
  u.counts = bool_arg(b, "return_counts", false);
  u.parts = returned_parts(b, u.inverse, u.counts);
  u.members = members_along(u.x, dim, u.dim);
  u.compare_order = compare_order_of(u.x.shape(), u.dim);
  for (std::int64_t f = 0; f < u.x.numel(); ++f) u.v.push_back(u.x.get(f));
  u.out = distinct_of(u.v, u.x.dtype(), u.members, u.compare_order, u.dim >= 0, u.sorted);
  return u;
}

std::vector<Tensor> unique_tensors(const Uniq& u, const Distinct& d) {
  const std::int64_t n = std::int64_t(u.members.size()), m = std::int64_t(d.pick.size());
  Tensor output =
      u.dim >= 0 && n == 0 ? Tensor::empty(u.x.dtype(), u.x.shape()) : stack_members(u.x, u.dim, u.members, d.pick);
  Tensor inverse = Tensor::empty(DType::Int64, u.dim < 0 ? u.x.shape() : Shape{n});
  for (std::int64_t j = 0; j < n; ++j) inverse.set(j, Scalar::from_int(d.inverse[std::size_t(j)]));
  Tensor counts = Tensor::empty(DType::Int64, {m});
  for (std::int64_t k = 0; k < m; ++k) counts.set(k, Scalar::from_int(d.counts[std::size_t(k)]));
  std::vector<Tensor> all;
  for (Part p : u.parts) all.push_back(p == Part::Output ? output : p == Part::Inverse ? inverse : counts);
  return all;
}

OpResult unique_run(const Bound& b) {
  Uniq u = prepare_unique(b);
  OpResult out;
  out.tensors = unique_tensors(u, u.out);
  out.is_tuple = u.parts.size() > 1;
  keep_prepared(b, out, std::move(u));
  return out;
}

// Whether member j's key equals entry k's (NaN equals nothing).
bool member_is(const Uniq& u, std::int64_t j, std::int64_t k) {
  const auto &a = u.members[std::size_t(j)], &e = u.members[std::size_t(u.out.pick[std::size_t(k)])];
  for (std::size_t p = 0; p < a.size(); ++p)
    if (!key_equal(u.v[std::size_t(a[p])], u.v[std::size_t(e[p])], is_floating(u.x.dtype()))) return false;
  return true;
}

// (entry, position within the member) of output element `flat`.
std::pair<std::int64_t, std::int64_t> unique_place(const Uniq& u, std::int64_t flat, std::int64_t entries) {
  if (u.dim < 0) return {flat, 0};
  const std::int64_t inner = contiguous_strides(u.x.shape())[std::size_t(u.dim)];
  return {(flat / inner) % entries, (flat / (inner * entries)) * inner + flat % inner};
}

// The values an element is tried with: those the input holds, and one it does not below,
// between and above them (bool: both).
std::vector<Scalar> trial_values(const Uniq& u) {
  const DType d = u.x.dtype();
  if (d == DType::Bool) return {Scalar::from_bool(false), Scalar::from_bool(true)};
  const bool fl = is_floating(d);
  std::vector<Scalar> held;
  for (const Scalar& s : u.v)
    if (!(fl && std::isnan(s.f))) held.push_back(s);
  std::sort(held.begin(), held.end(), [&](const Scalar& a, const Scalar& b) { return key_less(a, b, fl); });
  held.erase(
      std::unique(held.begin(), held.end(), [&](const Scalar& a, const Scalar& b) { return key_equal(a, b, fl); }),
      held.end());
  Tensor cell = Tensor::empty(d == DType::Float16 ? DType::Float32 : d, {1});  // float16 runs as float32
  const auto as_dtype = [&](double w) {
    cell.set(0, fl ? Scalar::from_float(w) : Scalar::from_int(std::int64_t(w)));
    return cell.get(0);
  };
  std::vector<Scalar> out;
  const auto fresh = [&](double w, const Scalar* lo, const Scalar* hi) {
    const Scalar s = as_dtype(w);
    if ((!lo || key_less(*lo, s, fl)) && (!hi || key_less(s, *hi, fl)) && (fl || s.as_double() == w)) out.push_back(s);
  };
  if (held.empty()) return {as_dtype(0)};
  fresh(held.front().as_double() - 1, nullptr, &held.front());
  for (std::size_t i = 0; i < held.size(); ++i) {
    out.push_back(held[i]);
    const double a = held[i].as_double();
    if (i + 1 < held.size())
      fresh(fl ? a + (held[i + 1].as_double() - a) / 2 : a + 1, &held[i], &held[i + 1]);
    else
      fresh(a + 1, &held[i], nullptr);
  }
  return out;
}

// Input element f is a source of a result element when setting f to one of the trial values
// changes it or removes it (unique recomputed). The first explain tries every element with every
// value once and keeps which result elements each change reached (hit[position][flat·n + f]);
// over a budget of work every element is listed instead.
void find_hits(const Uniq& u) {
  const std::int64_t n = u.x.numel(), m = std::int64_t(u.out.pick.size());
  const std::vector<Scalar> trials = trial_values(u);
  u.exact = double(n) * double(trials.size()) * double(n + 8) <= 2e7;
  u.hit.assign(u.parts.size(), {});
  if (!u.exact) return;
  const bool fl = is_floating(u.x.dtype());
  const auto same = [&](const Scalar& a, const Scalar& c) {
    return key_equal(a, c, fl) || (fl && std::isnan(a.f) && std::isnan(c.f));
  };
  const std::int64_t slice = u.members.empty() ? 1 : std::int64_t(u.members[0].size());
  const std::int64_t sizes[] = {m * (u.dim < 0 ? 1 : slice), std::int64_t(u.members.size()), m};
  for (std::size_t pos = 0; pos < u.parts.size(); ++pos)
    u.hit[pos].assign(std::size_t(sizes[int(u.parts[pos])] * n), 0);
  std::vector<Scalar> v = u.v;
  for (std::int64_t f = 0; f < n; ++f)
    for (const Scalar& t : trials) {
      if (same(t, u.v[std::size_t(f)]) && !(fl && std::isnan(t.f))) continue;
      v[std::size_t(f)] = t;
      const Distinct d = distinct_of(v, u.x.dtype(), u.members, u.compare_order, u.dim >= 0, u.sorted);
      const std::int64_t m2 = std::int64_t(d.pick.size());
      for (std::size_t pos = 0; pos < u.parts.size(); ++pos)
        for (std::int64_t flat = 0; flat < sizes[int(u.parts[pos])]; ++flat) {
          bool changed = false;
          if (u.parts[pos] == Part::Output) {
            const auto [k, p] = unique_place(u, flat, m);
            changed =
                k >= m2 || !same(v[std::size_t(u.members[std::size_t(d.pick[std::size_t(k)])][std::size_t(p)])],
                                 u.v[std::size_t(u.members[std::size_t(u.out.pick[std::size_t(k)])][std::size_t(p)])]);
          } else if (u.parts[pos] == Part::Inverse) {
            changed = d.inverse[std::size_t(flat)] != u.out.inverse[std::size_t(flat)];
          } else {
            changed = flat >= m2 || d.counts[std::size_t(flat)] != u.out.counts[std::size_t(flat)];
          }
          if (changed) u.hit[pos][std::size_t(flat * n + f)] = 1;
        }
      v[std::size_t(f)] = u.v[std::size_t(f)];
    }
}

std::vector<Source> unique_explain(const Bound& b, const OpResult& res, int position, std::int64_t flat) {
  const Uniq& u = prepared_for(b, res, prepare_unique);
  if (u.hit.empty()) find_hits(u);
  const Part part = u.parts[std::size_t(position)];
  const std::int64_t m = std::int64_t(u.out.pick.size()), n = u.x.numel();
  const auto [k, p] = part == Part::Inverse ? std::pair<std::int64_t, std::int64_t>{-1, 0}
                                            : unique_place(u, flat, part == Part::Output ? m : 1);
  const std::int64_t entry = part == Part::Counts ? flat : k;
  std::vector<std::int64_t> member_of(static_cast<std::size_t>(n)), place_of(static_cast<std::size_t>(n));
  for (std::size_t j = 0; j < u.members.size(); ++j)
    for (std::size_t q = 0; q < u.members[j].size(); ++q)
      member_of[std::size_t(u.members[j][q])] = std::int64_t(j),
      place_of[std::size_t(u.members[j][q])] = std::int64_t(q);
  std::vector<Source> src;
  for (std::int64_t f = 0; f < n; ++f) {
    if (u.exact && !u.hit[std::size_t(position)][std::size_t(flat * n + f)]) continue;
    const bool value = part != Part::Inverse && member_is(u, member_of[std::size_t(f)], entry) &&
                       (part == Part::Counts || place_of[std::size_t(f)] == p);
    src.push_back(source(b, "input", f, value ? Role::Value : Role::Compare));
  }
  return src;
}

// "input[2], input[5]" (the elements or slices equal to entry k), shortened past 4.
std::string equal_members(const Uniq& u, std::int64_t k) {
  std::vector<std::int64_t> eq;
  for (std::size_t j = 0; j < u.members.size(); ++j)
    if (member_is(u, std::int64_t(j), k)) eq.push_back(std::int64_t(j));
  if (eq.empty()) return "no element (NaN equals nothing)";
  std::string s;
  for (std::size_t i = 0; i < eq.size(); ++i) {
    if (i == 3 && eq.size() > 4) {
      s += ", … (" + std::to_string(eq.size()) + " in all)";
      break;
    }
    s += (i ? ", " : "") + (u.dim >= 0 ? "slice " + std::to_string(eq[i]) : "input" + coords(u.x.shape(), eq[i]));
  }
  return s;
}

std::string unique_equation(const Bound& b, const OpResult& res, int position, std::int64_t flat,
                            const std::vector<Source>&) {
  const Uniq& u = prepared_for(b, res, prepare_unique);
  const std::string lhs = out_ref(res, position, flat);
  const std::string value = format_scalar(res.tensors[std::size_t(position)].get(flat));
  const std::string along = u.dim >= 0 ? " along dim " + std::to_string(u.dim) : "";
  const std::string what = u.dim >= 0 ? "slices" : "values";
  const std::int64_t m = std::int64_t(u.out.pick.size());
  switch (u.parts[std::size_t(position)]) {
    case Part::Output: {
      const auto [k, p] = unique_place(u, flat, m);
      const std::int64_t e = u.members[std::size_t(u.out.pick[std::size_t(k)])][std::size_t(p)];
      const std::string rank = u.sorted || u.dim >= 0 || u.x.dtype() == DType::Bool
                                   ? "the " + ordinal(k + 1) + " smallest of " + std::to_string(m) + " distinct " + what
                                   : "the " + ordinal(k + 1) + " of " + std::to_string(m) + " distinct " + what +
                                         " in the hash set's order (sorted=False)";
      return lhs + " = input" + coords(u.x.shape(), e) + " = " + value + ", " + rank + along +
             "; equal to it: " + equal_members(u, k);
    }
    case Part::Inverse: {
      const std::string who = u.dim >= 0
                                  ? "slice " + std::to_string(flat) + along
                                  : "input" + coords(u.x.shape(), flat) + " = " + format_scalar(u.v[std::size_t(flat)]);
      if (!u.out.pick.empty() && u.dim < 0 && is_floating(u.x.dtype()) && std::isnan(u.v[std::size_t(flat)].f))
        return lhs + " = 0: " + who + " is NaN, which PyTorch's lookup never finds (it reads 0)";
      return lhs + " = " + value + ": " + who + " is entry " + value + " of the " + std::to_string(m) + " distinct " +
             what;
    }
    case Part::Counts: {
      if (u.out.counts[std::size_t(flat)] == 0)
        return lhs + " = 0: entry " + std::to_string(flat) + " is NaN, which PyTorch's count lookup never finds";
      const std::string entry =
          u.dim >= 0 ? "" : " (= " + format_scalar(u.v[std::size_t(u.out.pick[std::size_t(flat)])]) + ")";
      return lhs + " = " + value + ": entry " + std::to_string(flat) + entry + " is " + equal_members(u, flat) + along;
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
  add_op(t, composite_op("torch.unique torch.Tensor.unique", "reduce",
                         "The distinct elements (or slices along dim), sorted, optionally with which one each input "
                         "element is and how often each occurs.",
                         "torch.unique(torch.tensor([3, 1, 2, 3, 1, 3]), return_inverse=True, return_counts=True)",
                         {Param{"input", ParamType::Tensor}, Param{"sorted", ParamType::Bool, false, true, Value(true)},
                          Param{"return_inverse", ParamType::Bool, false, true, Value(false)},
                          Param{"return_counts", ParamType::Bool, false, true, Value(false)},
                          Param{"dim", ParamType::Int, false, true, Value(None{}), false, true}},
                         unique_run, unique_explain, unique_equation));
}

}  // namespace whence
