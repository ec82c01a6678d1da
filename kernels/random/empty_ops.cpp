// empty_ops.cpp - torch.empty, torch.empty_like, torch.empty_strided, Tensor.new_empty and
// Tensor.new_empty_strided:
// PyTorch returns memory it never wrote, whose values no one can predict. Whence shows zeros
// and says so in every response (OpDescriptor::note), never claiming PyTorch's values; the
// shape, dtype and argument errors are PyTorch's.
#include <cstdint>

#include "core/error.hpp"
#include "core/shape.hpp"
#include "kernels/common/composite.hpp"
#include "kernels/random/random_ops.hpp"

namespace whence {

namespace {

// A new zero-filled tensor, within Whence's element limit (check_limits: PyTorch's negative
// size error first, then Whence's Unsupported above 65,536 elements).
Tensor limited_empty(DType d, const Shape& shape) {
  check_limits(shape);
  return Tensor::empty(d, shape);
}

const char* kNote =
    "PyTorch leaves the memory of this tensor uninitialised: its values are whatever the memory held, and differ "
    "from run to run. Whence shows zeros in their place; only the shape and dtype are PyTorch's.";

Shape int_list_of(const Value& v) {
  Shape s;
  if (v.is<List>())
    for (const Value& item : v.as<List>())
      s.push_back(item.is<std::int64_t>() ? item.as<std::int64_t>() : std::int64_t(item.as<bool>()));
  return s;
}

OpResult zeros_of(const Bound& b, DType dflt, const Shape& shape) {
  check_factory_options(b);
  for (std::int64_t d : shape)
    if (d < 0)
      fail("RuntimeError",
           "Trying to create tensor with negative dimension " + std::to_string(d) + ": " + shape_str(shape));
  const Value& dtype = arg(b, "dtype");
  OpResult r;
  r.tensors.push_back(limited_empty(dtype.is<DType>() ? dtype.as<DType>() : dflt, shape));
  return r;
}

OpResult empty_run(const Bound& b) { return zeros_of(b, default_float_dtype(), int_list_of(arg(b, "size"))); }
OpResult empty_like_run(const Bound& b) {
  const Tensor& x = tensor_arg(b, "input");
  return zeros_of(b, x.dtype(), x.shape());
}
OpResult new_empty_run(const Bound& b) {
  const Tensor& x = tensor_arg(b, "input");
  return zeros_of(b, x.dtype(), int_list_of(arg(b, "size")));
}
OpResult strided_zeros(const Bound& b, DType dflt) {
  const Shape size = int_list_of(arg(b, "size")), stride = int_list_of(arg(b, "stride"));
  if (size.size() != stride.size())
    fail("RuntimeError", "dimensionality of sizes (" + std::to_string(size.size()) +
                             ") must match dimensionality of strides (" + std::to_string(stride.size()) + ")");
  return zeros_of(b, dflt, size);
}
OpResult empty_strided_run(const Bound& b) { return strided_zeros(b, default_float_dtype()); }
OpResult new_empty_strided_run(const Bound& b) { return strided_zeros(b, tensor_arg(b, "input").dtype()); }

std::vector<Source> no_empty_sources(const Bound&, const OpResult&, int, std::int64_t) { return {}; }

std::string empty_equation(const Bound&, const OpResult& r, int position, std::int64_t flat,
                           const std::vector<Source>&) {
  return out_ref(r, position, flat) + " = uninitialised memory in PyTorch (any value); Whence shows 0";
}

const char* kEmptyOptions =
    " dtype:DType?=None layout:String?=None device:String?=None pin_memory:Bool=False requires_grad:Bool=False";

}  // namespace

void add_empty_ops(std::vector<const OpDescriptor*>& t) {
  auto add = [&](const char* names, const char* summary, const char* example, const std::string& spec, RunFn run) {
    OpDescriptor d = composite_op(names, "random", summary, example, param_list(spec.c_str()), run, no_empty_sources,
                                  empty_equation);
    d.note = kNote;
    add_op(t, std::move(d));
  };
  add("torch.empty",
      "A new tensor whose memory PyTorch never sets: its values are whatever was there. Whence shows zeros.",
      "torch.empty(2, 3)",
      std::string("size:IntList * names:String?=None memory_format:String?=None out:Out?=None") + kEmptyOptions,
      empty_run);
  add("torch.empty_like",
      "An uninitialised tensor in the shape and dtype of the input; the input's values are never read. Whence shows "
      "zeros.",
      "torch.empty_like(torch.tensor([[1, 2, 3], [4, 5, 6]]))",
      std::string("input:Tensor * memory_format:String?=None") + kEmptyOptions, empty_like_run);
  add("torch.empty_strided", "An uninitialised tensor of the given size and strides (in elements). Whence shows zeros.",
      "torch.empty_strided((2, 3), (1, 2))", std::string("size:IntList stride:IntList *") + kEmptyOptions,
      empty_strided_run);
  add("torch.Tensor.new_empty", "An uninitialised tensor of the given size with the dtype of self. Whence shows zeros.",
      "torch.tensor([1.5, 2.5]).new_empty((2, 2))", std::string("input:Tensor size:IntList *") + kEmptyOptions,
      new_empty_run);
  add("torch.Tensor.new_empty_strided",
      "An uninitialised tensor of the given size and strides with the dtype of self. Whence shows zeros.",
      "torch.tensor([1.5, 2.5]).new_empty_strided((2, 3), (1, 2))",
      std::string("input:Tensor size:IntList stride:IntList *") + kEmptyOptions, new_empty_strided_run);
}

}  // namespace whence
