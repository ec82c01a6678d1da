// repeat_interleave_op.cpp - torch.repeat_interleave (movement family,
// kernels/movement/movement_family.hpp): each slice along dim copied repeats[i] times in a row, the
// input flattened first when dim is None; and the one-argument form, which returns the
// positions themselves (repeat_interleave(tensor([2, 1])) = [0, 0, 1]). PyTorch 1.13 computes
// the first as index_select(input, dim, the second), and so does this file, with the checks
// of ATen's Repeat.cpp in their order and words.
//
// Relations: a moved element is found by the family's proxies; the repeats elements that
// decide where it lands (repeats[0..i] for slice i: changing any of them shifts slice i) are
// `index` sources. A Python int is no source.
#include "core/error.hpp"
#include "core/shape.hpp"
#include "core/views.hpp"
#include "kernels/common/composite.hpp"
#include "kernels/movement/movement_family.hpp"

namespace whence {

namespace {

bool positions_form(const Bound& b) { return !arg(b, "input").is<Tensor>(); }  // repeat_interleave(repeats)

// What repeat_interleave(repeats, output_size=...) returns: i repeated repeats[i] times, in the
// repeats' dtype.
Tensor positions(const Tensor& repeats, const Value& output_size) {
  if (repeats.dtype() != DType::Int64 && repeats.dtype() != DType::Int32)
    fail("RuntimeError",
         std::string("\"repeat_interleave_cpu\" not implemented for '") + dtype_scalar_name(repeats.dtype()) + "'",
         "repeats");
  if (repeats.dim() != 1) fail("RuntimeError", "repeat_interleave only accept 1D vector as repeat", "repeats");
  if (repeats.numel() == 0) return Tensor::empty(repeats.dtype(), {0});
  std::int64_t total = 0;
  bool negative = false;
  for (std::int64_t i = 0; i < repeats.numel(); ++i) {
    total += repeats.get(i).i;
    negative = negative || repeats.get(i).i < 0;
  }
  // A given output_size is trusted for the allocation and checked against the sum after it.
  const std::int64_t size = output_size.is<None>() ? total : output_size.as<std::int64_t>();
  if (output_size.is<None>() && negative) fail("RuntimeError", "repeats can not be negative", "repeats");
  check_limits({size});
  if (size != total) fail("RuntimeError", "allocated size does not match required size", "output_size");
  if (negative) fail("RuntimeError", "repeats can not be negative", "repeats");
  Tensor out = Tensor::empty(repeats.dtype(), {size});
  std::int64_t at = 0;
  for (std::int64_t i = 0; i < repeats.numel(); ++i)
    for (std::int64_t c = 0; c < repeats.get(i).i; ++c) out.set(at++, Scalar::from_int(i));
  return out;
}

// The input as repeated (flattened when dim is None), the dim, and one count per slice along it:
// a single count (a Python int, a 0-d or one-element tensor) serves every slice.
struct Slices {
  Tensor input;
  std::int64_t dim = 0;
  Tensor counts;
};
Slices slices_of(const Bound& b) {
  Slices s;
  s.input = tensor_arg(b, "input");
  const Value& dv = arg(b, "dim");
  if (dv.is<None>()) s.input = reshape(s.input, {-1});
  const Value& rv = arg(b, "repeats");
  Tensor r = rv.is<Tensor>() ? rv.as<Tensor>() : Tensor::empty(DType::Int64, {1});
  if (!rv.is<Tensor>()) r.set(0, Scalar::from_int(rv.as<std::int64_t>()));
  if (r.dim() > 1) fail("RuntimeError", "repeats must be 0-dim or 1-dim tensor", "repeats");
  if (!dv.is<None>()) {
    if (s.input.dim() == 0)
      fail("IndexError",
           "Dimension specified as " + std::to_string(dv.as<std::int64_t>()) + " but tensor has no dimensions", "dim");
    s.dim = wrap_dim(dv.as<std::int64_t>(), s.input.dim(), "dim");
  }
  const std::int64_t n = s.input.shape()[std::size_t(s.dim)];
  if (r.numel() != 1 && r.numel() != n)
    fail("RuntimeError", "repeats must have the same size as input along dim", "repeats");
  s.counts = Tensor::empty(r.dtype(), {n});
  for (std::int64_t i = 0; i < n; ++i) s.counts.set(i, r.get(r.numel() == 1 ? 0 : i));
  return s;
}

std::vector<Tensor> repeat_interleave_apply(const Bound& b) {
  if (positions_form(b)) return {positions(tensor_arg(b, "repeats"), arg(b, "output_size"))};
  const Slices s = slices_of(b);
  const Tensor index = positions(s.counts, arg(b, "output_size"));
  Shape shape = s.input.shape();
  shape[std::size_t(s.dim)] = index.numel();
  const std::size_t d = std::size_t(s.dim);
  return {rearranged(s.input, shape, [&](const std::vector<std::int64_t>& c, std::vector<std::int64_t>& src) {
    src = c;
    src[d] = index.get(c[d]).i;
    return true;
  })};
}

// Output element `flat`: its position along the repeated dim, and the slice it copies.
struct Landing {
  std::int64_t at, slice;
};
Landing landing(const Bound& b, const OpResult& r, std::int64_t flat, const std::vector<Source>& src) {
  if (positions_form(b)) return {flat, r.tensors[0].get(flat).i};
  const Value& dv = arg(b, "dim");
  if (dv.is<None>()) return {flat, src.front().flat};
  const Tensor& x = tensor_arg(b, "input");
  const std::int64_t d = wrap_dim(dv.as<std::int64_t>(), x.dim());
  const std::int64_t inner = contiguous_strides(x.shape())[std::size_t(d)];
  return {flat / inner % r.tensors[0].shape()[std::size_t(d)], src.front().flat / inner % x.shape()[std::size_t(d)]};
}

void repeats_deciders(const Bound& b, const OpResult& r, int, std::int64_t flat, std::vector<Source>& src) {
  const Value& rv = arg(b, "repeats");
  if (!rv.is<Tensor>()) return;
  const std::int64_t last = rv.as<Tensor>().numel() == 1 ? 0 : landing(b, r, flat, src).slice;
  for (std::int64_t f = 0; f <= last; ++f) src.push_back(source(b, "repeats", f, Role::Index));
}

// "4 falls in 3..5, the repeats[1] = 3 copies of input[1]"
std::string repeats_note(const Bound& b, const OpResult& r, int, std::int64_t flat, const std::vector<Source>& src) {
  const Landing l = landing(b, r, flat, src);
  const Tensor counts = positions_form(b) ? tensor_arg(b, "repeats") : slices_of(b).counts;
  std::int64_t start = 0;
  for (std::int64_t i = 0; i < l.slice; ++i) start += counts.get(i).i;
  const std::int64_t n = counts.get(l.slice).i;
  const Value& rv = arg(b, "repeats");
  const bool by_tensor = rv.is<Tensor>() && rv.as<Tensor>().numel() > 1;
  const std::string count = (by_tensor ? "repeats[" + std::to_string(l.slice) + "] = " : "") + std::to_string(n) +
                            (n == 1 ? " copy" : " copies");
  std::string of;
  if (positions_form(b))
    of = std::to_string(l.slice);
  else if (arg(b, "dim").is<None>())
    of = "input" + coords(tensor_arg(b, "input").shape(), l.slice);
  else
    of = "slice " + std::to_string(l.slice);
  const std::string along =
      arg(b, "dim").is<None>()
          ? ""
          : " along dim " + std::to_string(wrap_dim(arg(b, "dim").as<std::int64_t>(), r.tensors[0].dim()));
  if (n == 1) return std::to_string(l.at) + along + " is the " + count + " of " + of;
  return std::to_string(l.at) + " falls in " + std::to_string(start) + ".." + std::to_string(start + n - 1) + along +
         ", the " + count + " of " + of;
}

}  // namespace

void add_repeat_interleave(std::vector<const OpDescriptor*>& t) {
  MovementSpec s;
  s.apply = repeat_interleave_apply;
  s.deciders = repeats_deciders;
  s.note = repeats_note;
  add_movement(t, "torch.repeat_interleave torch.Tensor.repeat_interleave",
               "Each element (or each slice along dim) copied repeats times in a row: [1, 2] becomes [1, 1, 2, 2]; "
               "given only a repeats "
               "tensor, the positions 0, 1, 2... each repeated that often.",
               "torch.repeat_interleave(torch.tensor([10, 20, 30]), torch.tensor([1, 3, 2]))",
               "input:Tensor repeats:TensorOrNumber dim:Int?=None * output_size:Int?=None", s);
}

}  // namespace whence
