// index_ops.cpp - Python's indexing as movement ops: x[index] (torch.Tensor.__getitem__) and
// the transposing properties x.T, x.mT, x.H, x.mH.
//
// As PyTorch's applySlicing, the items of an index are applied left to right to a view of x:
// an int selects, a slice narrows with a step, None inserts a dim of size 1, ... stands for the
// dims no other item takes. Int tensors, int lists and masks are advanced indices: they are
// gathered last, into a copy, with NumPy's placement rule (the broadcast index dims replace the
// indexed dims where those are adjacent, and come first where they are not).
//
// Relations: the read element (value) comes from the movement family's proxies; each int index
// element that chose it (index); for a mask, every mask element up to the True that chose it,
// since flipping any of them moves which element lands there (mask).
#include <algorithm>

#include "core/error.hpp"
#include "core/number_format.hpp"
#include "core/shape.hpp"
#include "core/views.hpp"
#include "kernels/composite.hpp"
#include "kernels/movement_family.hpp"

namespace whence {

namespace {

// An advanced index along one dim of the view: int64 positions, broadcast with the others.
struct Advanced {
  std::int64_t dim;  // the view's dim
  std::int64_t input_dim;  // x's dim it indexes (what the equation names)
  Tensor index;      // int64 positions (a mask's nonzero coordinates along one of its dims)
  int item;          // the index tuple's item it came from; -1: the index itself
  bool mask;
  Tensor mask_tensor;                     // the mask (masks only)
  std::vector<std::int64_t> true_flats;  // the mask's True elements, row-major (masks only)
  Shape strides;                         // index's row-major strides
};

// A 0-d int tensor item: it selects like an int, and is a source of every element.
struct ScalarIndex {
  int item;
  std::int64_t input_dim;
};

struct IndexPlan {
  Tensor view;  // x after its ints, slices, Nones and ...
  std::vector<Advanced> adv;
  std::vector<ScalarIndex> scalars;
  Shape broadcast;        // the advanced indices' common shape
  Shape shape;            // the result's shape
  std::int64_t first = 0; // the result's first broadcast dim
  Shape out_strides, broadcast_strides;  // row-major strides of shape and broadcast
};

[[noreturn]] void index_error(const std::string& message) { fail("IndexError", message, "indices"); }

// A list index as a tensor: all bools make a mask, ints positions.
Tensor list_index(const List& items) {
  std::vector<Scalar> flat;
  Shape shape;
  bool all_bool = true;
  // Nested lists were split off as a tuple index before: these items are numbers.
  for (const Value& v : items) {
    if (v.is<bool>()) flat.push_back(Scalar::from_bool(v.as<bool>()));
    else if (v.is<std::int64_t>()) flat.push_back(Scalar::from_int(v.as<std::int64_t>())), all_bool = false;
    else fail("Unsupported", "a list index holding a " + python_type_name(v) + " is not supported by Whence yet");
  }
  Tensor t = Tensor::empty(all_bool && !items.empty() ? DType::Bool : DType::Int64, {std::int64_t(items.size())});
  for (std::size_t k = 0; k < flat.size(); ++k) t.set(std::int64_t(k), flat[k]);
  return t;
}

// PyTorch (as NumPy once did) reads a list holding a list, slice, ..., None or tensor as a tuple.
bool list_as_tuple(const List& items) {
  for (const Value& v : items)
    if (v.is<List>() || v.is<Slice>() || v.is<Ellipsis>() || v.is<None>() || v.is<Tensor>()) return true;
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

Tensor as_index_tensor(const Value& v) {
  if (v.is<List>()) return list_index(v.as<List>());
  return v.as<Tensor>();
}

bool is_mask(const Tensor& t) { return t.dtype() == DType::Bool || t.dtype() == DType::UInt8; }

// How many dims of x an item takes.
std::int64_t dims_taken(const Value& v) {
  if (v.is<None>() || v.is<Ellipsis>()) return 0;
  if (v.is<Tensor>() || v.is<List>()) {
    const Tensor t = as_index_tensor(v);
    return is_mask(t) ? t.dim() : 1;
  }
  return 1;
}

Tensor select_checked(const Tensor& v, std::int64_t dim, std::int64_t i) {
  const std::int64_t size = v.shape()[std::size_t(dim)];
  if (i < -size || i >= size)
    index_error("index " + std::to_string(i) + " is out of bounds for dimension " + std::to_string(dim) + " with size " + std::to_string(size));
  return select(v, dim, i < 0 ? i + size : i);
}

// Python's slice semantics, clamped to the dim: a view with stride × step.
Tensor slice_view(const Tensor& v, std::int64_t dim, const Slice& s) {
  const std::int64_t step = s.step.value_or(1);
  if (step == 0) fail("ValueError", "slice step cannot be zero", "indices");
  if (step < 0) fail("ValueError", "step must be greater than zero", "indices");
  const std::int64_t size = v.shape()[std::size_t(dim)];
  auto clamp = [&](std::optional<std::int64_t> p, std::int64_t dflt) {
    if (!p) return dflt;
    std::int64_t q = *p < 0 ? *p + size : *p;
    return std::min(std::max<std::int64_t>(q, 0), size);
  };
  const std::int64_t start = clamp(s.start, 0), stop = std::max(clamp(s.stop, size), start);
  Shape shape = v.shape(), strides = v.strides();
  shape[std::size_t(dim)] = (stop - start + step - 1) / step;
  const std::int64_t offset = v.offset() + start * strides[std::size_t(dim)];
  strides[std::size_t(dim)] *= step;
  return v.as_strided(shape, strides, offset);
}

// The nonzero coordinates of `mask` over dims [dim, dim + mask.dim()) of the view.
void add_mask(IndexPlan& p, const Tensor& mask, std::int64_t dim, std::int64_t input_dim, int item) {
  for (std::int64_t k = 0; k < mask.dim(); ++k)
    if (mask.shape()[std::size_t(k)] != p.view.shape()[std::size_t(dim + k)])
      index_error("The shape of the mask " + shape_str(mask.shape()) + " at index " + std::to_string(k) +
                  " does not match the shape of the indexed tensor " + shape_str(p.view.shape()) + " at index " + std::to_string(dim + k));
  std::vector<std::int64_t> trues;
  for (std::int64_t f = 0; f < mask.numel(); ++f)
    if (mask.get(f).i != 0) trues.push_back(f);
  const Shape strides = contiguous_strides(mask.shape());
  for (std::int64_t k = 0; k < mask.dim(); ++k) {
    Tensor coord = Tensor::empty(DType::Int64, {std::int64_t(trues.size())});
    for (std::size_t n = 0; n < trues.size(); ++n)
      coord.set(std::int64_t(n), Scalar::from_int(trues[n] / strides[std::size_t(k)] % mask.shape()[std::size_t(k)]));
    p.adv.push_back({dim + k, input_dim + k, coord, item, true, mask, trues});
  }
}

// The advanced indices' common shape, or PyTorch's complaint listing them all.
Shape broadcast_indices(const std::vector<Advanced>& adv) {
  try {
    Shape out;
    for (const Advanced& a : adv) out = broadcast_shapes(out, a.index.shape());
    return out;
  } catch (const Error&) {
    std::string shapes;  // a mask's coordinate lists count once
    for (std::size_t k = 0; k < adv.size(); ++k)
      if (!adv[k].mask || k == 0 || adv[k - 1].item != adv[k].item) shapes += (shapes.empty() ? "" : ", ") + shape_str(adv[k].index.shape());
    index_error("shape mismatch: indexing tensors could not be broadcast together with shapes " + shapes);
  }
}

IndexPlan plan_index(const Tensor& x, const Value& index) {
  const auto items = index_items(index);
  std::int64_t taken = 0;
  for (const auto& [v, item] : items) {
    if (v.is<bool>()) fail("Unsupported", "indexing with True or False is not supported by Whence yet");
    if (v.is<Tensor>() && is_mask(v.as<Tensor>()) && v.as<Tensor>().dim() == 0)
      fail("Unsupported", "indexing with a 0-d mask is not supported by Whence yet");
    if (v.is<std::string>()) fail("TypeError", "new(): invalid data type 'str'", "indices");
    if (!(v.is<std::int64_t>() || v.is<Slice>() || v.is<None>() || v.is<Ellipsis>() || v.is<Tensor>() || v.is<List>()))
      index_error("only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid indices (got " +
                  python_type_name(v) + ")");
    taken += dims_taken(v);
  }
  // A lone int or slice takes PyTorch's fast paths, with their own words for a 0-d tensor.
  if (items.size() == 1 && items[0].second < 0 && x.dim() == 0) {
    if (index.is<std::int64_t>())
      index_error("invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` in C++ to convert a 0-dim tensor to a number");
    if (index.is<Slice>()) index_error("slice() cannot be applied to a 0-dim tensor.");
  }
  if (taken > x.dim()) index_error("too many indices for tensor of dimension " + std::to_string(x.dim()));

  IndexPlan p;
  p.view = x;
  std::int64_t dim = 0, input_dim = 0;  // the view's dim and x's dim the next item takes
  int ellipses = 0;
  for (const auto& [v, item] : items) {
    // PyTorch lets each ... take the dims left over; an item after a second one would index
    // past the last dim, where PyTorch reads sizes it never set.
    if (ellipses > 1)
      fail("Unsupported", "an index with two ... followed by more items is not supported by Whence yet");
    ellipses += v.is<Ellipsis>();
    const std::int64_t at = input_dim;
    input_dim += v.is<Ellipsis>() ? x.dim() - taken : dims_taken(v);
    const bool int_tensor = v.is<Tensor>() && v.as<Tensor>().dim() == 0 && is_integral(v.as<Tensor>().dtype(), false);
    if (v.is<std::int64_t>() || int_tensor) {
      if (p.view.dim() == 0)
        index_error("invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` in C++ to convert a 0-dim tensor to a number");
      if (int_tensor) p.scalars.push_back({item, at});
      p.view = select_checked(p.view, dim, v.is<std::int64_t>() ? v.as<std::int64_t>() : v.as<Tensor>().get(0).i);
    } else if (v.is<Slice>()) {
      p.view = slice_view(p.view, dim, v.as<Slice>());
      ++dim;
    } else if (v.is<None>()) {
      p.view = unsqueeze(p.view, dim);
      ++dim;
    } else if (v.is<Ellipsis>()) {
      dim += x.dim() - taken;
    } else {
      const Tensor t = as_index_tensor(v);
      if (is_mask(t)) {
        add_mask(p, t, dim, at, item);
        dim += t.dim();
      } else if (t.dtype() == DType::Int64) {
        p.adv.push_back({dim, at, t, item, false, Tensor(), {}});
        ++dim;
      } else {
        index_error("tensors used as indices must be long, byte or bool tensors");
      }
    }
  }
  if (p.adv.empty()) return p;
  for (const Advanced& a : p.adv)
    if (a.mask && a.item != p.adv.front().item)
      fail("Unsupported", "a mask index together with other tensor indices is not supported by Whence yet");
  p.broadcast = broadcast_indices(p.adv);
  // Adjacent advanced dims keep their place; apart, the broadcast dims come first.
  bool adjacent = true;
  for (std::size_t k = 1; k < p.adv.size(); ++k) adjacent = adjacent && p.adv[k].dim == p.adv[k - 1].dim + 1;
  p.first = adjacent ? p.adv.front().dim : 0;
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

std::vector<Tensor> getitem_apply(const Bound& b) {
  const IndexPlan p = plan_index(tensor_arg(b, "input"), arg(b, "indices"));
  if (p.adv.empty()) return {p.view};
  Tensor out = Tensor::empty(p.view.dtype(), p.shape);
  const Shape vstrides = contiguous_strides(p.view.shape());
  for (std::int64_t o = 0; o < out.numel(); ++o) {
    Located l = locate(p, o);
    for (std::size_t k = 0; k < p.adv.size(); ++k) {
      const Advanced& a = p.adv[k];
      std::int64_t i = a.index.get(broadcast_source(p, a, l.b)).i;
      const std::int64_t size = p.view.shape()[std::size_t(a.dim)];
      if (i < -size || i >= size)
        index_error("index " + std::to_string(i) + " is out of bounds for dimension " + std::to_string(k) + " with size " + std::to_string(size));
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
  const int param = int(std::find_if(b.op->params.begin(), b.op->params.end(), [](const Param& q) { return q.name == "indices"; }) -
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
    if (!a.mask) {
      Source s{param, broadcast_source(p, a, l.b), Role::Index};
      s.item = a.item;
      out.push_back(s);
    } else if (k == 0 || p.adv[k - 1].item != a.item) {  // once per mask: the True it reads and all before
      for (std::int64_t f = 0; f <= a.true_flats[std::size_t(l.b)]; ++f) {
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
      const auto scalar = std::find_if(p.scalars.begin(), p.scalars.end(), [&](const ScalarIndex& q) { return q.item == s.item; });
      const auto adv = std::find_if(p.adv.begin(), p.adv.end(), [&](const Advanced& q) { return q.item == s.item; });
      const std::int64_t dim = scalar != p.scalars.end() ? scalar->input_dim : adv->input_dim;
      const Tensor t = as_index_tensor(item);
      add("dim " + std::to_string(dim) + " from " + name + coords(t.shape(), s.flat) + " = " + std::to_string(t.get(s.flat).i));
    } else if (s.role == Role::Mask && (n + 1 == src.size() || src[n + 1].role != Role::Mask || src[n + 1].item != s.item)) {
      // A mask's sources run up to the True read: the last one names it.
      const auto adv = std::find_if(p.adv.begin(), p.adv.end(), [&](const Advanced& q) { return q.item == s.item; });
      const std::int64_t nth = std::int64_t(std::find(adv->true_flats.begin(), adv->true_flats.end(), s.flat) - adv->true_flats.begin()) + 1;
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
    fail("RuntimeError", "tensor.H is only supported on matrices (2-D tensors). Got " + std::to_string(x.dim()) + "-D tensor." +
                             (x.dim() > 2 ? " For batches of matrices, consider using tensor.mH" : ""));
  return reversed_dims(x);
}
template <char Letter>
std::vector<Tensor> batch_transpose(const Bound& b) {
  const Tensor& x = tensor_arg(b, "input");
  if (x.dim() == 0) return {x};
  if (x.dim() < 2)
    fail("RuntimeError", std::string("tensor.m") + Letter + " is only supported on matrices or batches of matrices. Got " +
                             std::to_string(x.dim()) + "-D tensor.");
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
               "torch.tensor([[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]])[1:, [0, 2]]", "input:Tensor indices:Index", getitem);
  MovementSpec spec;
  spec.family = "indexing";
  spec.apply = t_property;
  add_movement(t, "torch.Tensor.T", "The dims in reverse order, as a view (x.T).", "torch.tensor([[1, 2, 3], [4, 5, 6]]).T", "input:Tensor", spec);
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
