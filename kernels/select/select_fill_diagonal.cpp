// select_fill_diagonal.cpp - Tensor.fill_diagonal_(fill_value, wrap=False) (select family, a write
// into a copy of the input: a program's x.fill_diagonal_(v) writes the result back into x,
// core/program/README.md). PyTorch 1.13 fills an as_strided view of the input whose stride is
// the sum of the input's strides, from its storage offset, min(height, width) long; with wrap,
// a 2-D input taller than width + 1 gets a second such run from row width + 1 on. The written
// places are storage places, so an input whose elements share storage (expand) sees the fill
// wherever that storage shows, as PyTorch's does.
#include <algorithm>

#include "core/error.hpp"
#include "kernels/select/select_write.hpp"

namespace whence {

namespace {

WritePlan prepare_fill_diagonal(const Bound& b) {
  const Tensor& in = tensor_arg(b, "input");
  if (in.dim() < 2) fail("RuntimeError", "dimensions must larger than 1", "input");
  const std::int64_t height = in.shape()[0], width = in.shape()[1];
  for (std::int64_t d = 1; in.dim() > 2 && d < in.dim(); ++d)
    if (in.shape()[std::size_t(d)] != height)
      fail("RuntimeError", "all dimensions of input must be of equal length", "input");
  WritePlan p;
  p.shape = in.shape();
  p.dtype = in.dtype();
  const Value& v = arg(b, "fill_value");
  if (v.is<Tensor>()) p.value_param = b.op->param_index("fill_value");  // a 0-d tensor: its element is written
  try {
    p.fill = checked_scalar(v, in.dtype());
  } catch (Error& e) {
    e.arg = "fill_value";
    throw;
  }
  std::int64_t stride = 0;
  for (std::int64_t s : in.strides()) stride += s;
  std::vector<std::int64_t> written;  // storage places
  const std::int64_t size = std::min(height, width);
  for (std::int64_t k = 0; k < size; ++k) written.push_back(in.offset() + k * stride);
  if (bool_arg(b, "wrap", false) && in.dim() == 2 && height > width + 1) {
    const std::int64_t step = width + 1, wrap_size = (in.numel() + step - 1) / step - size;
    const std::int64_t start = in.offset() + in.strides()[0] * (width + 1);
    for (std::int64_t k = 0; k < wrap_size; ++k) written.push_back(start + k * stride);
  }
  std::sort(written.begin(), written.end());
  for (std::int64_t f = 0; f < in.numel(); ++f)
    if (std::binary_search(written.begin(), written.end(), in.storage_index(f)))
      p.write(f, p.value_param >= 0 ? 0 : -1, {});
  return p;
}

}  // namespace

void add_select_fill_diagonal(std::vector<const OpDescriptor*>& t) {
  write_op(t, "torch.Tensor.fill_diagonal_",
           "Writes fill_value on the main diagonal (all indices equal) and returns the tensor; with wrap, a tall "
           "matrix's diagonal starts again below every width + 1 rows.",
           "torch.tensor([[0, 0, 0], [0, 0, 0], [0, 0, 0]]).fill_diagonal_(5)",
           {tensor_param("input"), Param{"fill_value", ParamType::TensorOrNumber},
            Param{"wrap", ParamType::Bool, false, true, Value(false)}},
           prepare_fill_diagonal);
}

}  // namespace whence
