// select_read.cpp - ops whose output element k reads one element of a value tensor, chosen
// by an index or a mask: index_select, take, take_along_dim, masked_select. Each op's prepare
// checks the call in PyTorch's order and words and says, per output element, which value
// element it reads and which index element chose it (a ReadPlan); run copies, explain lists
// those two, the equation writes the index arithmetic in numbers.
#include <algorithm>
#include <deque>

#include "core/error.hpp"
#include "core/number_format.hpp"
#include "core/shape.hpp"
#include "kernels/common/fast_paths.hpp"
#include "kernels/common/index_walk.hpp"
#include "kernels/select/select_common.hpp"

namespace whence {

namespace {

struct ReadPlan {
  Shape shape;                     // of the output
  std::vector<std::int64_t> from;  // per output element: the value element read
  std::vector<std::int64_t> by;    // per output element: the index element that chose it, or -1
  // masked_select: the selected positions of the broadcast shape, in order
  Shape full;
  std::vector<std::int64_t> picked;
};

const char* value_param(const Bound& b) { return b.op->param_index("input") >= 0 ? "input" : "weight"; }

OpResult read_run_with(const Bound& b, const ReadPlan& p) {
  const Tensor& in = tensor_arg(b, value_param(b));
  Tensor out = Tensor::empty(in.dtype(), p.shape);
  for (std::size_t k = 0; k < p.from.size(); ++k) out.set(std::int64_t(k), in.get(p.from[k]));
  OpResult r;
  r.tensors.push_back(out);
  return r;
}

// --- index_select(input, dim, index) ---------------------------------------------------------

ReadPlan prepare_index_select(const Bound& b) {
  const Tensor& in = tensor_arg(b, "input");
  const Tensor& index = tensor_arg(b, "index");
  const std::int64_t dim = wrap_dim(int_arg(b, "dim", 0), in.dim(), "dim");
  if (index.dim() > 1) fail("IndexError", "index_select(): Index is supposed to be a vector", "index");
  if (index.dtype() != DType::Int64 && index.dtype() != DType::Int32)
    fail("RuntimeError", "index_select(): Expected dtype int32 or int64 for index", "index");
  ReadPlan p;
  p.shape = in.shape();
  const std::int64_t n = index.numel();
  if (in.dim() > 0) p.shape[std::size_t(dim)] = n;
  check_limits(p.shape);
  const std::int64_t size = in.dim() > 0 ? in.shape()[std::size_t(dim)] : 1;
  // Which check words a bad index: rank > 1 inputs take a batched path along dim 1 (and an
  // empty input one that checks the same way); the others check one by one.
  const bool batched = in.dim() > 1 && (dim == 1 || in.numel() == 0);
  if (in.dim() > 1 && n == 0) return p;
  if (in.dim() > 1 && in.numel() == 0 && size == 0)
    fail("RuntimeError", "index_select(): self indexing axis dim should be positive", "input");
  for (std::int64_t i = 0; i < n; ++i) {
    const std::int64_t v = index.get(i).i;
    if (v >= 0 && v < size) continue;
    if (batched)
      fail_at("RuntimeError",
              "INDICES element is out of DATA bounds, id=" + std::to_string(v) + " axis_dim=" + std::to_string(size),
              "index", i);
    fail_at("IndexError", "index out of range in self", "index", i);
  }
  if (in.numel() == 0) return p;
  const std::int64_t count = shape_numel(p.shape);
  for (std::int64_t k = 0; k < count; ++k) {
    std::vector<std::int64_t> c = unravel_index(p.shape, k);
    const std::int64_t i = in.dim() > 0 ? c[std::size_t(dim)] : 0;
    if (in.dim() > 0) c[std::size_t(dim)] = index.get(i).i;
    p.from.push_back(in.dim() > 0 ? ravel_index(in.shape(), c) : 0);
    p.by.push_back(n > 0 ? i : -1);  // (a 0-d input with an empty index reads no index element)
  }
  return p;
}

// The same result without the plan: whole slices copied along dim. false (nothing done) where
// the plan path has an error to raise or an edge to handle (a 0-d input, an empty one), and
// with the fast paths off (kernels/common/fast_paths.hpp: the plan path is the reference).
bool index_select_fast(const Bound& b, Tensor& out) {
  const Tensor& in = tensor_arg(b, "input");
  const Tensor& index = tensor_arg(b, "index");
  const std::int64_t dim = wrap_dim(int_arg(b, "dim", 0), in.dim(), "dim");
  if (in.dim() == 0 || index.dim() > 1 || in.numel() == 0 || index.numel() == 0) return false;
  const std::int64_t size = in.shape()[std::size_t(dim)], n = index.numel();
  if (!indices_in_range(index, size) || !take_fast_path(FastPath::IndexSelectFast)) return false;
  Shape shape = in.shape();
  shape[std::size_t(dim)] = n;
  check_limits(shape);
  std::vector<std::int64_t> idx(static_cast<std::size_t>(n));
  for (std::int64_t j = 0; j < n; ++j)
    idx[std::size_t(j)] = index.dtype() == DType::Int64 ? index.data<std::int64_t>()[j] : index.data<std::int32_t>()[j];
  out = Tensor::empty(in.dtype(), shape);
  copy_slices(in, int(dim), idx, out);
  return true;
}

// --- take(input, index) ------------------------------------------------------------------------

ReadPlan prepare_take(const Bound& b) {
  const Tensor& in = tensor_arg(b, "input");
  const Tensor& index = tensor_arg(b, "index");
  if (index.dtype() != DType::Int64)
    fail("RuntimeError",
         std::string("take(): Expected a long tensor for index, but got ") + dtype_scalar_name(index.dtype()), "index");
  ReadPlan p;
  p.shape = index.shape();
  const std::int64_t n = in.numel();
  if (index.numel() > 0 && n == 0) fail("IndexError", "take(): tried to take from an empty tensor", "input");
  for (std::int64_t i = 0; i < index.numel(); ++i) {
    const std::int64_t v = index.get(i).i;
    if (v < -n || v >= n)
      fail_at("IndexError",
              "out of range: tried to access index " + std::to_string(v) + " on a tensor of " + std::to_string(n) +
                  " elements.",
              "index", i);
    p.from.push_back(v < 0 ? v + n : v);
    p.by.push_back(i);
  }
  return p;
}

// --- take_along_dim(input, indices, dim=None) ----------------------------------------------------

// Whether view(-1) accepts the tensor: its non-trivial dims must chain into one stride run.
bool flat_viewable(const Tensor& t) {
  if (t.numel() == 0) return true;
  std::int64_t inner = -1;  // the dim inside the current one that has size > 1
  for (int d = t.dim() - 1; d >= 0; --d) {
    if (t.shape()[std::size_t(d)] == 1) continue;
    if (inner >= 0 && t.strides()[std::size_t(d)] != t.strides()[std::size_t(inner)] * t.shape()[std::size_t(inner)])
      return false;
    inner = d;
  }
  return true;
}

// gather's index checks, on indices already broadcast to `shape` (`at` maps an element of that
// shape to the indices element it reads).
template <class At>
void check_gather_values(const Tensor& indices, const Shape& shape, std::int64_t dim, std::int64_t size, At at) {
  for (std::int64_t k = 0; k < shape_numel(shape); ++k) {
    const std::int64_t f = at(k);
    const std::int64_t v = indices.get(f).i;
    if (v < 0 || v >= size)
      fail_at("RuntimeError",
              "index " + std::to_string(v) + " is out of bounds for dimension " + std::to_string(dim) + " with size " +
                  std::to_string(size),
              "indices", f);
  }
}

const char* kViewError =
    "view size is not compatible with input tensor's size and stride (at least one dimension spans across two "
    "contiguous subspaces). "
    "Use .reshape(...) instead.";

ReadPlan prepare_take_along_dim(const Bound& b) {
  const Tensor& in = tensor_arg(b, "input");
  const Tensor& indices = tensor_arg(b, "indices");
  ReadPlan p;
  if (arg(b, "dim").is<None>()) {  // input.view(-1).gather(0, indices.view(-1))
    if (!flat_viewable(in)) fail("RuntimeError", kViewError, "input");
    if (!flat_viewable(indices)) fail("RuntimeError", kViewError, "indices");
    p.shape = {indices.numel()};
    if (indices.numel() == 0) return p;
    if (indices.dtype() != DType::Int64) fail("RuntimeError", "gather(): Expected dtype int64 for index", "indices");
    check_gather_values(indices, p.shape, 0, in.numel(), [](std::int64_t k) { return k; });
    for (std::int64_t k = 0; k < indices.numel(); ++k) {
      p.from.push_back(indices.get(k).i);
      p.by.push_back(k);
    }
    return p;
  }
  if (in.dim() != indices.dim())
    fail("RuntimeError",
         "torch.take_along_dim(): input and indices should have the same number of dimensions, but got " +
             std::to_string(in.dim()) + " dimensions for input, and " + std::to_string(indices.dim()) +
             " dimensions for indices",
         "indices");
  if (indices.dtype() != DType::Int64)
    fail("RuntimeError",
         std::string("torch.take_along_dim(): dtype of indices should be Long but got ") +
             dtype_scalar_name(indices.dtype()),
         "indices");
  const std::int64_t dim = wrap_dim(int_arg(b, "dim", 0), in.dim(), "dim");
  if (in.dim() == 0)
    fail("IndexError", "Dimension specified as " + std::to_string(dim) + " but tensor has no dimensions", "dim");
  // Both are broadcast to each other's shape, except along dim where each keeps its own size.
  Shape in_sizes = in.shape(), idx_sizes = indices.shape();
  in_sizes[std::size_t(dim)] = indices.shape()[std::size_t(dim)];
  const Shape idx_full = broadcast_shapes(in_sizes, indices.shape());
  idx_sizes[std::size_t(dim)] = in.shape()[std::size_t(dim)];
  const Shape in_full = broadcast_shapes(idx_sizes, in.shape());
  check_limits(idx_full);
  check_limits(in_full);
  p.shape = idx_full;
  const std::int64_t count = shape_numel(idx_full);
  if (count == 0) return p;
  const std::int64_t size = in_full[std::size_t(dim)];
  check_gather_values(indices, idx_full, dim, size,
                      [&](std::int64_t k) { return broadcast_flat(indices.shape(), idx_full, k); });
  for (std::int64_t k = 0; k < count; ++k) {
    const std::int64_t f = broadcast_flat(indices.shape(), idx_full, k);
    std::vector<std::int64_t> c = unravel_index(idx_full, k);
    c[std::size_t(dim)] = indices.get(f).i;
    p.from.push_back(broadcast_flat(in.shape(), in_full, ravel_index(in_full, c)));
    p.by.push_back(f);
  }
  return p;
}

// --- masked_select(input, mask) ------------------------------------------------------------------

ReadPlan prepare_masked_select(const Bound& b) {
  const Tensor& in = tensor_arg(b, "input");
  const Tensor& mask = tensor_arg(b, "mask");
  if (mask.dtype() != DType::Bool && mask.dtype() != DType::UInt8)
    fail("RuntimeError", "masked_select: expected BoolTensor or ByteTensor for mask", "mask");
  ReadPlan p;
  p.full = broadcast_shapes(mask.shape(), in.shape());
  check_limits(p.full);
  for (std::int64_t k = 0; k < shape_numel(p.full); ++k) {
    const std::int64_t m = broadcast_flat(mask.shape(), p.full, k);
    if (mask.get(m).i > 1)
      fail_at("RuntimeError", "Mask tensor can take 0 and 1 values only", "mask", m);  // (a uint8 mask)
    if (mask.get(m).i == 0) continue;
    p.picked.push_back(k);
    p.from.push_back(broadcast_flat(in.shape(), p.full, k));
    p.by.push_back(-1);
  }
  p.shape = {std::int64_t(p.picked.size())};
  return p;
}

// The same result without the plan, where mask and input have the same shape (no broadcast)
// and the mask holds only 0 and 1: the selected elements copied by the element's width, one
// branch-free step per element. false (nothing done) otherwise, and with the fast paths off.
template <class W>
void compress(const std::uint8_t* m, const W* in, std::int64_t last, W* out) {
  std::int64_t c = 0;
  for (std::int64_t k = 0; k <= last; ++k) {  // c < the count up to `last`, the last one set
    out[c] = in[k];
    c += m[k];
  }
}

bool masked_select_fast(const Bound& b, Tensor& out) {
  const Tensor& in_arg = tensor_arg(b, "input");
  const Tensor& mask_arg = tensor_arg(b, "mask");
  if ((mask_arg.dtype() != DType::Bool && mask_arg.dtype() != DType::UInt8) || mask_arg.shape() != in_arg.shape())
    return false;
  const Tensor in = in_arg.contiguous(), mask = mask_arg.contiguous();
  const std::int64_t n = in.numel();
  if (n == 0) return false;
  const std::uint8_t* m = mask.data<std::uint8_t>();
  std::uint8_t high = 0;
  std::int64_t count = 0, last = -1;
  for (std::int64_t k = 0; k < n; ++k) {
    high |= m[k];
    count += m[k];
  }
  if (high > 1) return false;  // a uint8 mask with other values: the plan names the bad one
  if (!take_fast_path(FastPath::MaskedSelectFast)) return false;
  for (std::int64_t k = n - 1; k >= 0 && last < 0; --k)
    if (m[k]) last = k;
  out = Tensor::empty(in.dtype(), {count});
  if (count == 0) return true;
  switch (dtype_size(in.dtype())) {
    case 1: compress(m, in.data<std::uint8_t>(), last, out.data<std::uint8_t>()); break;
    case 2: compress(m, in.data<std::uint16_t>(), last, out.data<std::uint16_t>()); break;
    case 4: compress(m, in.data<std::uint32_t>(), last, out.data<std::uint32_t>()); break;
    default: compress(m, in.data<std::uint64_t>(), last, out.data<std::uint64_t>()); break;
  }
  return true;
}

// The mask elements that decide output k: flipping mask element m toggles the broadcast
// positions it covers; k is changed when its new k-th selected position reads another input
// element (or there is none). Found by counting, without rebuilding the selection.
std::vector<Source> masked_select_mask_sources(const Bound& b, const ReadPlan& p, std::int64_t k) {
  const Tensor& in = tensor_arg(b, "input");
  const Tensor& mask = tensor_arg(b, "mask");
  std::vector<Source> src;
  const Shape& full = p.full;
  // Positions of the broadcast shape covered by mask element m, ascending.
  std::vector<std::vector<std::int64_t>> covers(std::size_t(mask.numel()));
  for (std::int64_t q = 0; q < shape_numel(full); ++q)
    covers[std::size_t(broadcast_flat(mask.shape(), full, q))].push_back(q);
  const std::int64_t old_pos = p.picked[std::size_t(k)];
  const std::int64_t old_in = broadcast_flat(in.shape(), full, old_pos);
  for (std::int64_t m = 0; m < mask.numel(); ++m) {
    const std::vector<std::int64_t>& cov = covers[std::size_t(m)];
    if (cov.empty() || cov.front() > old_pos) continue;  // only later positions change: k stays
    const bool on = mask.get(m).i != 0;
    // The k-th element (0-based) of picked ∖ cov (on) or picked ∪ cov (off).
    std::int64_t new_pos = -1;
    if (on) {
      // smallest index t into picked with t + 1 − |cov ≤ picked[t]| = k + 1 and picked[t] ∉ cov
      for (std::int64_t t = k; t < std::int64_t(p.picked.size()); ++t) {
        const std::int64_t v = p.picked[std::size_t(t)];
        const std::int64_t removed = std::upper_bound(cov.begin(), cov.end(), v) - cov.begin();
        if (t + 1 - removed == k + 1 && !std::binary_search(cov.begin(), cov.end(), v)) {
          new_pos = v;
          break;
        }
      }
    } else {
      // merge of two sorted lists: take the (k+1)-th smallest
      std::size_t i = 0, j = 0;
      for (std::int64_t c = 0; c <= k; ++c) {
        if (j >= cov.size() || (i < p.picked.size() && p.picked[i] < cov[j]))
          new_pos = p.picked[i++];
        else
          new_pos = cov[j++];
      }
    }
    if (new_pos < 0 || broadcast_flat(in.shape(), full, new_pos) != old_in)
      src.push_back(source(b, "mask", m, Role::Mask));
  }
  return src;
}

// --- run, explain, equation -------------------------------------------------------------------

struct ReadSpec {
  ReadPlan (*prepare)(const Bound&);
  const char* index_param;                            // "index", "indices", or nullptr (masked_select)
  bool (*fast)(const Bound&, Tensor& out) = nullptr;  // run's result without the plan, where it can
};
const ReadSpec& read_spec(const Bound& b) { return *static_cast<const ReadSpec*>(b.op->family_data); }

OpResult read_run(const Bound& b) {
  if (Tensor out; read_spec(b).fast && read_spec(b).fast(b, out)) {  // (explain makes the plan)
    OpResult r;
    r.tensors.push_back(out);
    return r;
  }
  ReadPlan p = read_spec(b).prepare(b);
  OpResult r = read_run_with(b, p);
  keep_prepared(b, r, std::move(p));
  return r;
}

std::vector<Source> read_explain(const Bound& b, const OpResult& r, int, std::int64_t flat) {
  const ReadPlan& p = prepared_for(b, r, read_spec(b).prepare);
  std::vector<Source> src{source(b, value_param(b), p.from[std::size_t(flat)])};
  if (read_spec(b).index_param && p.by[std::size_t(flat)] >= 0)
    src.push_back(source(b, read_spec(b).index_param, p.by[std::size_t(flat)], Role::Index));
  if (!read_spec(b).index_param)
    for (const Source& s : masked_select_mask_sources(b, p, flat)) src.push_back(s);
  return src;
}

std::string read_equation(const Bound& b, const OpResult& r, int position, std::int64_t flat,
                          const std::vector<Source>&) {
  const ReadPlan& p = prepared_for(b, r, read_spec(b).prepare);
  const int vp = b.op->param_index(value_param(b));
  const std::int64_t from = p.from[std::size_t(flat)];
  const std::string lhs =
      out_ref(r, position, flat) + " = " + element_ref(b, vp, from) + " = " + out_value(r, position, flat);
  const std::string name = b.op->names.front();
  if (!read_spec(b).index_param)
    return lhs + "  (the " + ordinal(flat + 1) + " position where mask is True, in row-major order)";
  const int ip = b.op->param_index(read_spec(b).index_param);
  const std::int64_t by = p.by[std::size_t(flat)];
  const std::string idx = element_ref(b, ip, by) + " = " + element_value(b, ip, by);
  if (name == "torch.take") {
    const std::int64_t v = b.tensor(std::size_t(ip)).get(by).i;
    return lhs + "  (" + idx + (v < 0 ? ", counted from the end" : "") + ": element " + std::to_string(from) +
           " of the flattened input)";
  }
  if (name == "torch.take_along_dim" && arg(b, "dim").is<None>())
    return lhs + "  (" + idx + ": element " + std::to_string(from) + " of the flattened input)";
  return lhs + "  (" + idx + ")";
}

const OpDescriptor& read_op(std::vector<const OpDescriptor*>& t, const char* names, const char* summary,
                            const char* example, std::vector<Param> params, ReadSpec spec) {
  static std::deque<ReadSpec> specs;
  specs.push_back(spec);
  return add_op(t, composite_op(names, "select", summary, example, std::move(params), read_run, read_explain,
                                read_equation, &specs.back()));
}

}  // namespace

void add_select_read_ops(std::vector<const OpDescriptor*>& t) {
  read_op(t, "torch.index_select torch.Tensor.index_select",
          "Picks whole slices along dim in the order the 1-D index lists them: out has index's length along dim.",
          "torch.index_select(torch.tensor([[1, 2, 3], [4, 5, 6], [7, 8, 9]]), 0, torch.tensor([2, 0]))",
          {tensor_param("input"), dim_param(), tensor_param("index"), out_param()},
          {prepare_index_select, "index", index_select_fast});
  read_op(
      t, "torch.take torch.Tensor.take",
      "Reads the input as if flattened to 1-D: out[i] is the element at flat position index[i]; out has index's shape.",
      "torch.take(torch.tensor([[1, 2, 3], [4, 5, 6]]), torch.tensor([[0, 5], [-1, 2]]))",
      {tensor_param("input"), tensor_param("index"), out_param()}, {prepare_take, "index"});
  read_op(t, "torch.take_along_dim torch.Tensor.take_along_dim",
          "gather with broadcasting: along dim, each output element reads the input element its index names (flattened "
          "when dim is None).",
          "torch.take_along_dim(torch.tensor([[10, 30, 20], [60, 40, 50]]), torch.tensor([[1], [0]]), dim=1)",
          {tensor_param("input"), tensor_param("indices"),
           Param{"dim", ParamType::Int, false, true, Value(None{}), false, true}, out_param()},
          {prepare_take_along_dim, "indices"});
  read_op(t, "torch.masked_select torch.Tensor.masked_select",
          "The input elements where the (broadcast) mask is True, in row-major order, as a 1-D tensor.",
          "torch.masked_select(torch.tensor([[1, 2, 3], [4, 5, 6]]), torch.tensor([[True, False, True], [False, True, "
          "False]]))",
          {tensor_param("input"), tensor_param("mask"), out_param()},
          {prepare_masked_select, nullptr, masked_select_fast});
}

}  // namespace whence
