// index_ops.cpp - Python's indexing as movement ops: x[index] (torch.Tensor.__getitem__) and
// the transposing properties x.T, x.mT, x.H, x.mH.
//
// As PyTorch 1.13's applySlicing, the items of an index are applied left to right to a view of
// x: an int selects, a slice narrows with a step, None inserts a dim of size 1, ... stands for
// the dims no other item takes, True/False insert a dim of size 1 indexed by [0] or []. Int
// tensors, lists and masks are advanced indices, recorded one slot each: index() then expands
// each mask into its nonzero coordinates and gathers them all last, into a copy, with NumPy's
// placement rule (the broadcast index dims replace the indexed dims where those are adjacent,
// and come first where they are not). PyTorch's quirks are kept: each ... adds the leftover
// dims (a second one runs past the last dim), and a mask moves the next item on by one dim
// whatever its rank.
//
// Relations: the read element (value) comes from the movement family's proxies; each int index
// element that chose it (index); for a mask, every mask element up to the True that chose it,
// since flipping any of them moves which element lands there (mask); a 0-d mask's one element
// for every output. A Python True or False has no element to name.
#include <algorithm>
#include <cmath>

#include "core/error.hpp"
#include "core/index_value.hpp"
#include "core/number_format.hpp"
#include "core/shape.hpp"
#include "core/views.hpp"
#include "kernels/common/composite.hpp"
#include "kernels/common/fast_paths.hpp"
#include "kernels/common/index_walk.hpp"
#include "kernels/movement/movement_family.hpp"

namespace whence {

namespace {

// How an advanced index came to be. A Python True or False is, as in PyTorch, a new dim of
// size 1 indexed by [0] or []; a 0-d mask the same, but its one element decides the result.
enum class Kind { Ints, Mask, Bool };

// An advanced index along one dim of the view: int64 positions, broadcast with the others.
struct Advanced {
  std::int64_t dim;        // the view's dim
  std::int64_t input_dim;  // x's dim it indexes (what the equation names); -1 for a dim inserted
  Tensor index;            // int64 positions (a mask's nonzero coordinates along one of its dims)
  int item;                // the index tuple's item it came from; -1: the index itself
  Kind kind;
  Tensor mask_tensor;                    // the mask (masks only)
  std::vector<std::int64_t> true_flats;  // the mask's True elements, row-major (masks only)
  Shape strides;                         // index's row-major strides
};

// A 0-d int tensor item: it selects like an int, and is a source of every element.
struct ScalarIndex {
  int item;
  std::int64_t input_dim;
};

struct IndexPlan {
  Tensor view;  // x after its ints, slices, Nones, bools and ...
  std::vector<Advanced> adv;
  std::vector<ScalarIndex> scalars;
  Shape broadcast;                       // the advanced indices' common shape
  Shape shape;                           // the result's shape
  std::int64_t first = 0;                // the result's first broadcast dim
  Shape out_strides, broadcast_strides;  // row-major strides of shape and broadcast
};

[[noreturn]] void index_error(const std::string& message) { fail("IndexError", message, "indices"); }

bool is_mask(const Tensor& t) { return t.dtype() == DType::Bool || t.dtype() == DType::UInt8; }
bool is_scalar_mask(const Value& v) { return v.is<Tensor>() && v.as<Tensor>().dim() == 0 && is_mask(v.as<Tensor>()); }
bool is_scalar_int(const Value& v) {
  return v.is<Tensor>() && v.as<Tensor>().dim() == 0 && is_integral(v.as<Tensor>().dtype(), false) &&
         !is_mask(v.as<Tensor>());
}

// How many dims an item counts for "too many indices" (count_specified_dimensions): a bool
// or byte tensor its dims; None, ..., True and False none; anything else one, a list of
// bools too (only tensors are asked their dims).
std::int64_t specified(const Value& v) {
  if (v.is<None>() || v.is<Ellipsis>() || v.is<bool>()) return 0;
  if (v.is<Tensor>() && is_mask(v.as<Tensor>())) return v.as<Tensor>().dim();
  return 1;
}

// --- the items applied to a view: PyTorch's applySlicing -----------------------------------

// What PyTorch 1.13 reads as the size of dim d: sizes()[d], unchecked. Past the last dim (an
// item after a second ..., as each ... adds the dims no item names) it reads on into c10's
// SizesAndStrides: up to 5 dims, 5 size slots then 5 stride slots, the unused ones 0 (slot 0
// of a 0-d tensor: size 0, stride 1); above 5 dims, n sizes then n strides. Past those lies
// memory no tensor set.
std::int64_t size_read(const Tensor& v, std::int64_t d) {
  const std::int64_t n = v.dim();
  if (d < n) return v.shape()[std::size_t(d)];
  if (n > 5 && d < 2 * n) return v.strides()[std::size_t(d - n)];
  if (n <= 5 && d < 5) return 0;
  if (n <= 5 && d < 10) return d - 5 < n ? v.strides()[std::size_t(d - 5)] : std::int64_t(d == 5);
  fail("Unsupported",
       "this index reads a size past the memory PyTorch sets for the tensor's sizes and strides; Whence cannot say "
       "what it reads");
}

const char* const kZeroDimIndex =
    "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` in C++ to convert a 0-dim "
    "tensor to a number";

// applySelect, then select(): `real_dim` is the item's position in the index, as the error names it.
Tensor apply_select(const Tensor& v, std::int64_t dim, std::int64_t i, std::int64_t real_dim) {
  if (i == 0 && dim == 0 && v.dim() == 0) index_error(kZeroDimIndex);
  const std::int64_t size = size_read(v, dim);
  if (i < -size || i >= size)
    index_error("index " + std::to_string(i) + " is out of bounds for dimension " + std::to_string(real_dim) +
                " with size " + std::to_string(size));
  if (v.dim() == 0) index_error("select() cannot be applied to a 0-dim tensor.");
  dim = wrap_dim(dim, v.dim());  // past the last dim: "Dimension out of range"
  return select(v, dim, i < 0 ? i + size : i);
}

// Python's slice semantics, clamped to the dim: a view with stride × step.
Tensor slice_view(const Tensor& v, std::int64_t dim, const Slice& s) {
  const std::int64_t step = s.step.value_or(1);
  const std::int64_t size = v.shape()[std::size_t(dim)];
  auto clamp = [&](std::optional<std::int64_t> p, std::int64_t dflt) {
    if (!p) return dflt;
    std::int64_t q = *p < 0 ? *p + size : *p;
    return std::min(std::max<std::int64_t>(q, 0), size);
  };
  const std::int64_t start = clamp(s.start, 0), stop = std::max(clamp(s.stop, size), start);
  return slice_dim(v, dim, start, stop, step, "indices");
}

// applySlice. A slice 0:size:1 returns the view as it is, where size is what PyTorch reads:
// past the last dim that is the only way a slice does not fail (but a lone slice, on the fast
// path, skips that shortcut).
Tensor apply_slice(const Tensor& v, std::int64_t dim, const Slice& s, bool fast) {
  const std::int64_t step = s.step.value_or(1);
  if (step == 0) fail("ValueError", "slice step cannot be zero", "indices");
  if (step < 0) fail("ValueError", "step must be greater than zero", "indices");
  if (dim < v.dim()) return slice_view(v, dim, s);
  const std::int64_t start = s.start.value_or(0), stop = s.stop.value_or(INT64_MAX);
  if (!fast && start == 0 && step == 1 && stop == size_read(v, dim)) return v;
  if (v.dim() == 0) index_error("slice() cannot be applied to a 0-dim tensor.");
  wrap_dim(dim, v.dim());  // throws: "Dimension out of range"
  return v;
}

// A tensor index as recordTensorIndex keeps it: at a slot of the index list, one per item.
struct Recorded {
  std::int64_t slot;
  Tensor index;  // what PyTorch indexes with: a bool's [0] or [], else the item's tensor
  int item;
  Kind kind;
  Tensor scalar_mask;  // a 0-d mask item (Kind::Mask with an int64 index)
};

// What applySlicing leaves: the view, its dims' places in x (-1: inserted), the recorded indices.
struct Sliced {
  Tensor view;
  std::vector<std::int64_t> input_of;
  std::vector<Recorded> recorded;
  std::vector<ScalarIndex> scalars;
};

void unsqueeze_at(Sliced& s, std::int64_t dim) {
  wrap_dim(dim, s.view.dim() + 1);  // past the last dim: "Dimension out of range"
  s.view = unsqueeze(s.view, dim);
  s.input_of.insert(s.input_of.begin() + dim, -1);
}

// One item at the view's dim `dim`; returns the dim the next item takes.
std::int64_t apply_item(Sliced& s, const Value& v, int item, std::int64_t dim, std::int64_t real_dim,
                        std::int64_t ellipsis_dims, bool fast) {
  if (v.is<std::int64_t>() || is_scalar_int(v)) {
    if (dim < s.view.dim() && is_scalar_int(v)) s.scalars.push_back({item, s.input_of[std::size_t(dim)]});
    s.view = apply_select(s.view, dim, v.is<std::int64_t>() ? v.as<std::int64_t>() : v.as<Tensor>().get(0).i, real_dim);
    s.input_of.erase(s.input_of.begin() + dim);
    return dim;
  }
  if (v.is<Slice>()) {
    s.view = apply_slice(s.view, dim, v.as<Slice>(), fast);
    return dim + 1;
  }
  if (v.is<Ellipsis>()) return dim + ellipsis_dims;
  if (v.is<None>()) {
    unsqueeze_at(s, dim);
    return dim + 1;
  }
  if (v.is<bool>() || is_scalar_mask(v)) {
    unsqueeze_at(s, dim);
    const bool on = v.is<bool>() ? v.as<bool>() : v.as<Tensor>().get(0).i != 0;
    Tensor index = Tensor::empty(DType::Int64, {on ? 1 : 0});
    if (on) index.set(0, Scalar::from_int(0));
    s.recorded.push_back(
        {dim, index, item, v.is<bool>() ? Kind::Bool : Kind::Mask, v.is<bool>() ? Tensor() : v.as<Tensor>()});
    return dim + 1;
  }
  if (v.is<Tensor>() || v.is<List>() || v.is<std::string>()) {  // a str is a sequence: list_index refuses it
    const Tensor t = as_index_tensor(v);
    s.recorded.push_back({dim, t, item, is_mask(t) ? Kind::Mask : Kind::Ints, Tensor()});
    return dim + 1;  // one slot, whatever the mask's dims (PyTorch 1.13 moves on by one)
  }
  index_error("only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid indices (got " +
              python_type_name(v) + ")");
}

// --- the recorded indices: PyTorch's index() ------------------------------------------------

// A mask's nonzero coordinates over the view's dims [dim, dim + mask.dim()).
void add_mask(IndexPlan& p, const Recorded& r, std::int64_t dim, const std::vector<std::int64_t>& input_of) {
  const Tensor& mask = r.index;
  for (std::int64_t k = 0; k < mask.dim(); ++k) {
    const std::int64_t d = wrap_dim(dim + k, p.view.dim());  // a mask reaching past the last dim
    if (mask.shape()[std::size_t(k)] != p.view.shape()[std::size_t(d)])
      index_error("The shape of the mask " + shape_str(mask.shape()) + " at index " + std::to_string(k) +
                  " does not match the shape of the indexed tensor " + shape_str(p.view.shape()) + " at index " +
                  std::to_string(d));
  }
  std::vector<std::int64_t> trues;
  for (std::int64_t f = 0; f < mask.numel(); ++f)
    if (mask.get(f).i != 0) trues.push_back(f);
  const Shape strides = contiguous_strides(mask.shape());
  for (std::int64_t k = 0; k < mask.dim(); ++k) {
    Tensor coord = Tensor::empty(DType::Int64, {std::int64_t(trues.size())});
    for (std::size_t n = 0; n < trues.size(); ++n)
      coord.set(std::int64_t(n), Scalar::from_int(trues[n] / strides[std::size_t(k)] % mask.shape()[std::size_t(k)]));
    p.adv.push_back({dim + k, input_of[std::size_t(dim + k)], coord, r.item, Kind::Mask, mask, trues, {}});
  }
}

// The slots counted, the dtypes checked, each mask replaced by its coordinates, in that order.
void expand_recorded(IndexPlan& p, const Sliced& s) {
  const std::int64_t slots = s.recorded.back().slot + 1;
  if (slots > p.view.dim())
    index_error("too many indices for tensor of dimension " + std::to_string(p.view.dim()) + " (got " +
                std::to_string(slots) + ")");
  for (const Recorded& r : s.recorded)
    if (r.index.dtype() != DType::Int64 && !is_mask(r.index))
      index_error("tensors used as indices must be long, byte or bool tensors");
  std::int64_t extra = 0;  // the dims earlier masks took beyond their one slot
  for (const Recorded& r : s.recorded) {
    const std::int64_t dim = r.slot + extra;
    if (is_mask(r.index)) {
      add_mask(p, r, dim, s.input_of);
      extra += r.index.dim() - 1;
    } else {
      const std::int64_t input_dim = dim < std::int64_t(s.input_of.size()) ? s.input_of[std::size_t(dim)] : -1;
      Advanced a{dim, input_dim, r.index, r.item, r.kind, r.scalar_mask, {}, {}};
      if (r.scalar_mask.defined() && r.index.numel() == 1) a.true_flats = {0};
      p.adv.push_back(a);
    }
  }
}

// The advanced indices' common shape, or PyTorch's complaint listing them all.
Shape broadcast_indices(const std::vector<Advanced>& adv) {
  try {
    Shape out;
    for (const Advanced& a : adv) out = broadcast_shapes(out, a.index.shape());
    return out;
  } catch (const Error&) {
    std::string shapes;  // a mask lists one shape per dim, as its coordinates
    for (const Advanced& a : adv) shapes += (shapes.empty() ? "" : ", ") + shape_str(a.index.shape());
    index_error("shape mismatch: indexing tensors could not be broadcast together with shapes " + shapes);
  }
}

IndexPlan plan_index(const Tensor& x, const Value& index) {
  const auto items = index_items(index);
  // A lone None, ..., int, slice or bool takes PyTorch's fast paths, which count nothing.
  // x[()] has no item at all: x itself, as a view.
  const bool fast =
      !items.empty() && items.front().second < 0 &&
      (index.is<None>() || index.is<Ellipsis>() || index.is<std::int64_t>() || index.is<Slice>() || index.is<bool>());
  std::int64_t taken = 0;
  for (const auto& item : items) taken += specified(item.first);
  if (!fast && taken > x.dim()) index_error("too many indices for tensor of dimension " + std::to_string(x.dim()));

  Sliced s{x, {}, {}, {}};
  for (std::int64_t d = 0; d < x.dim(); ++d) s.input_of.push_back(d);
  std::int64_t dim = 0;  // the view's dim the next item takes
  for (std::size_t j = 0; j < items.size(); ++j)
    dim = apply_item(s, items[j].first, items[j].second, dim, std::int64_t(j), x.dim() - taken, fast);

  IndexPlan p;
  p.view = s.view;
  p.scalars = s.scalars;
  if (s.recorded.empty()) return p;
  expand_recorded(p, s);
  p.broadcast = broadcast_indices(p.adv);
  // Adjacent advanced dims keep their place; apart, the broadcast dims come first.
  bool adjacent = true;
  for (std::size_t k = 1; k < p.adv.size(); ++k) adjacent = adjacent && p.adv[k].dim == p.adv[k - 1].dim + 1;
  // A list of bools takes one slot but expands over all its dims, so an index after it can
  // land past the view's last dim. Adjacent, index() asks that dim's size and fails; apart,
  // transposeToFront looks at the view's dims only and drops it (its shape has counted in
  // the broadcast already).
  for (const Advanced& a : p.adv)
    if (adjacent && a.dim >= p.view.dim()) wrap_dim(a.dim, p.view.dim());
  p.adv.erase(std::remove_if(p.adv.begin(), p.adv.end(), [&](const Advanced& a) { return a.dim >= p.view.dim(); }),
              p.adv.end());
  p.first = adjacent && !p.adv.empty() ? p.adv.front().dim : 0;
  Shape rest;
  for (std::int64_t d = 0; d < p.view.dim(); ++d) {
    bool indexed = false;
    for (const Advanced& a : p.adv) indexed = indexed || a.dim == d;
    if (!indexed) rest.push_back(p.view.shape()[std::size_t(d)]);
  }
  p.shape = rest;
  p.shape.insert(p.shape.begin() + p.first, p.broadcast.begin(), p.broadcast.end());
  p.out_strides = contiguous_strides(p.shape);
  p.broadcast_strides = contiguous_strides(p.broadcast);
  for (Advanced& a : p.adv) a.strides = contiguous_strides(a.index.shape());
  return p;
}

// Element `b` of the broadcast shape, as the flat element of index `a` it reads.
std::int64_t broadcast_source(const IndexPlan& p, const Advanced& a, std::int64_t b) {
  const Shape& s = a.index.shape();
  std::int64_t f = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const std::size_t d = p.broadcast.size() - s.size() + i;
    if (s[i] != 1) f += b / p.broadcast_strides[d] % p.broadcast[d] * a.strides[i];
  }
  return f;
}

// Result element `o`'s position in the broadcast shape and its coordinates in the view.
struct Located {
  std::int64_t b;
  std::vector<std::int64_t> view_coords;
};
Located locate(const IndexPlan& p, std::int64_t o) {
  std::vector<std::int64_t> c(p.shape.size());
  for (std::size_t d = 0; d < c.size(); ++d) c[d] = o / p.out_strides[d] % p.shape[d];
  Located l{0, std::vector<std::int64_t>(std::size_t(p.view.dim()), -1)};
  const std::size_t nb = p.broadcast.size(), first = std::size_t(p.first);
  for (std::size_t i = 0; i < nb; ++i) l.b = l.b * p.broadcast[i] + c[first + i];
  for (const Advanced& a : p.adv) l.view_coords[std::size_t(a.dim)] = -2;  // set from the index
  std::size_t r = 0;
  for (std::size_t d = 0; d < l.view_coords.size(); ++d) {
    if (l.view_coords[d] == -2) continue;
    if (r == first) r += nb;
    l.view_coords[d] = c[r++];
  }
  return l;
}

// One index tensor of integers on one dim (x[idx], x[:, idx]): whole slices of the view copied
// along that dim. false (nothing done) when a value is out of range: the loop below names it
// (and with fast paths off: the loop is its reference).
bool getitem_slices(const IndexPlan& p, Tensor& out) {
  const Advanced& a = p.adv.front();
  const std::int64_t size = p.view.shape()[std::size_t(a.dim)], n = a.index.numel();
  std::vector<std::int64_t> idx(static_cast<std::size_t>(n));
  for (std::int64_t j = 0; j < n; ++j) {  // (row-major: the result's order along the broadcast dims)
    const std::int64_t i = a.index.get(j).i;
    if (i < -size || i >= size) return false;
    idx[std::size_t(j)] = i < 0 ? i + size : i;
  }
  if (!take_fast_path(FastPath::GetitemSlices)) return false;
  copy_slices(p.view, int(a.dim), idx, out);
  return true;
}

std::vector<Tensor> getitem_apply(const Bound& b) {
  const Tensor& input = tensor_arg(b, "input");
  const IndexPlan p = plan_index(input, arg(b, "indices"));
  if (p.adv.empty() && p.view.object_id() == input.object_id())  // x[...], x[()]: at::alias, a new tensor
    return {input.as_strided(input.shape(), input.strides(), input.offset())};
  if (p.adv.empty()) return {p.view};
  Tensor out = Tensor::empty(p.view.dtype(), p.shape);
  if (out.numel() == 0) return {out};
  if (p.adv.size() == 1 && p.adv.front().kind == Kind::Ints && p.first == p.adv.front().dim && getitem_slices(p, out))
    return {out};
  const Shape vstrides = contiguous_strides(p.view.shape());
  for (std::int64_t o = 0; o < out.numel(); ++o) {
    Located l = locate(p, o);
    for (std::size_t k = 0; k < p.adv.size(); ++k) {
      const Advanced& a = p.adv[k];
      std::int64_t i = a.index.get(broadcast_source(p, a, l.b)).i;
      const std::int64_t size = p.view.shape()[std::size_t(a.dim)];
      if (i < -size || i >= size)
        index_error("index " + std::to_string(i) + " is out of bounds for dimension " + std::to_string(k) +
                    " with size " + std::to_string(size));
      l.view_coords[std::size_t(a.dim)] = i < 0 ? i + size : i;
    }
    std::int64_t vf = 0;
    for (std::size_t d = 0; d < vstrides.size(); ++d) vf += l.view_coords[d] * vstrides[d];
    out.set(o, p.view.get(vf));
  }
  return {out};
}

IndexPlan plan_of(const Bound& b) { return plan_index(tensor_arg(b, "input"), arg(b, "indices")); }

// The index and mask elements that chose result element `flat`.
void index_sources(const Bound& b, const OpResult&, int, std::int64_t flat, std::vector<Source>& out) {
  const IndexPlan p = plan_of(b);  // not kept: a view's storage cannot tell this call from the last
  const int param =
      int(std::find_if(b.op->params.begin(), b.op->params.end(), [](const Param& q) { return q.name == "indices"; }) -
          b.op->params.begin());
  for (const ScalarIndex& si : p.scalars) {
    Source s{param, 0, Role::Index};
    s.item = si.item;
    out.push_back(s);
  }
  if (p.adv.empty()) return;
  const Located l = locate(p, flat);
  for (std::size_t k = 0; k < p.adv.size(); ++k) {
    const Advanced& a = p.adv[k];
    if (a.kind == Kind::Ints) {
      Source s{param, broadcast_source(p, a, l.b), Role::Index};
      s.item = a.item;
      out.push_back(s);
    } else if (a.kind == Kind::Mask &&
               (k == 0 || p.adv[k - 1].item != a.item)) {  // once per mask: the True it reads and all before
      for (std::int64_t f = 0; f <= a.true_flats[std::size_t(broadcast_source(p, a, l.b))]; ++f) {
        Source s{param, f, Role::Mask};
        s.item = a.item;
        out.push_back(s);
      }
    }
  }
}

// "(dim 0 from indices[1] = 2)" or "(True number 3 of indices, at [1][0])".
std::string index_note(const Bound& b, const OpResult&, int, std::int64_t, const std::vector<Source>& src) {
  const IndexPlan p = plan_of(b);  // not kept: a view's storage cannot tell this call from the last
  std::string note;
  auto add = [&](const std::string& text) { note += (note.empty() ? "" : ", ") + text; };
  for (std::size_t n = 0; n < src.size(); ++n) {
    const Source& s = src[n];
    const std::string name = "indices" + (s.item >= 0 ? "[" + std::to_string(s.item) + "]" : "");
    const Value& item = s.item >= 0 ? arg(b, "indices").as<List>()[std::size_t(s.item)] : arg(b, "indices");
    if (s.role == Role::Index) {
      const auto scalar =
          std::find_if(p.scalars.begin(), p.scalars.end(), [&](const ScalarIndex& q) { return q.item == s.item; });
      const auto adv = std::find_if(p.adv.begin(), p.adv.end(), [&](const Advanced& q) { return q.item == s.item; });
      const std::int64_t dim = scalar != p.scalars.end() ? scalar->input_dim : adv->input_dim;
      const Tensor t = as_index_tensor(item);
      add((dim >= 0 ? "dim " + std::to_string(dim) : std::string("a new dim")) + " from " + name +
          coords(t.shape(), s.flat) + " = " + std::to_string(t.get(s.flat).i));
    } else if (s.role == Role::Mask &&
               (n + 1 == src.size() || src[n + 1].role != Role::Mask || src[n + 1].item != s.item)) {
      // A mask's sources run up to the True read: the last one names it.
      const auto adv = std::find_if(p.adv.begin(), p.adv.end(), [&](const Advanced& q) { return q.item == s.item; });
      const std::int64_t nth =
          std::int64_t(std::find(adv->true_flats.begin(), adv->true_flats.end(), s.flat) - adv->true_flats.begin()) + 1;
      if (adv->mask_tensor.dim() == 0)
        add(name + " = True");
      else
        add("True number " + std::to_string(nth) + " of " + name + ", at " + coords(adv->mask_tensor.shape(), s.flat));
    }
  }
  return note;
}

// --- x.T, x.mT, x.H, x.mH -------------------------------------------------------------------

std::vector<Tensor> reversed_dims(const Tensor& x) {
  std::vector<std::int64_t> dims;
  for (std::int64_t d = x.dim() - 1; d >= 0; --d) dims.push_back(d);
  return {permute(x, dims)};
}
std::vector<Tensor> t_property(const Bound& b) { return reversed_dims(tensor_arg(b, "input")); }
std::vector<Tensor> h_property(const Bound& b) {
  const Tensor& x = tensor_arg(b, "input");
  if (x.dim() != 2 && x.dim() != 0)
    fail("RuntimeError", "tensor.H is only supported on matrices (2-D tensors). Got " + std::to_string(x.dim()) +
                             "-D tensor." + (x.dim() > 2 ? " For batches of matrices, consider using tensor.mH" : ""));
  return reversed_dims(x);
}
template <char Letter>
std::vector<Tensor> batch_transpose(const Bound& b) {
  const Tensor& x = tensor_arg(b, "input");
  if (x.dim() == 0) return {x};
  if (x.dim() < 2)
    fail("RuntimeError", std::string("tensor.m") + Letter +
                             " is only supported on matrices or batches of matrices. Got " + std::to_string(x.dim()) +
                             "-D tensor.");
  return {transpose(x, x.dim() - 2, x.dim() - 1)};
}

}  // namespace

void add_index_ops(std::vector<const OpDescriptor*>& t) {
  MovementSpec getitem;
  getitem.family = "indexing";
  getitem.apply = getitem_apply;
  getitem.deciders = index_sources;
  getitem.note = index_note;
  add_movement(t, "torch.Tensor.__getitem__",
               "Python's x[index]: ints and slices make a view; int tensors, lists and masks gather a copy.",
               "torch.tensor([[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]])[1:, [0, 2]]", "input:Tensor indices:Index",
               getitem);
  MovementSpec spec;
  spec.family = "indexing";
  spec.apply = t_property;
  add_movement(t, "torch.Tensor.T", "The dims in reverse order, as a view (x.T).",
               "torch.tensor([[1, 2, 3], [4, 5, 6]]).T", "input:Tensor", spec);
  spec.apply = batch_transpose<'T'>;
  add_movement(t, "torch.Tensor.mT", "The last two dims swapped, as a view: a batch of matrices transposed (x.mT).",
               "torch.tensor([[[1, 2, 3], [4, 5, 6]], [[7, 8, 9], [10, 11, 12]]]).mT", "input:Tensor", spec);
  spec.apply = h_property;
  add_movement(t, "torch.Tensor.H", "The conjugate transpose of a matrix; for real tensors x.T, as a view (x.H).",
               "torch.tensor([[1, 2, 3], [4, 5, 6]]).H", "input:Tensor", spec);
  spec.apply = batch_transpose<'H'>;
  add_movement(t, "torch.Tensor.mH", "The conjugate transpose of a batch of matrices; for real tensors x.mT (x.mH).",
               "torch.tensor([[[1, 2, 3], [4, 5, 6]], [[7, 8, 9], [10, 11, 12]]]).mH", "input:Tensor", spec);
}

}  // namespace whence
