// grad_fn_rules.cpp - grad_fn class names where PyTorch 1.13's choice turns on ranks, strides or
// an index's items, which the learnt table (grad_fn_names.inc) cannot key on: matmul's and
// linear's decompositions, an unbatched convolution's squeeze, x[index]'s last op, cdist's
// matrix-product path and corrcoef's single variable.
// tests/live/check_grad_fn.py sweeps them against PyTorch.
#include <algorithm>
#include <set>

#include "core/grad_fn.hpp"
#include "core/index_value.hpp"

namespace whence {

namespace {

const Tensor* tensor_param(const Evaluation& e, const char* name) {
  const int k = e.op->param_index(name);
  if (k < 0 || std::size_t(k) >= e.bound.values.size() || !e.bound.values[std::size_t(k)].is<Tensor>()) return nullptr;
  return &e.bound.values[std::size_t(k)].as<Tensor>();
}

// at::matmul's path (aten/src/ATen/native/LinearAlgebra.cpp): dot, mv, mm, a vector times a
// matrix as a squeezed mm, a batch folded into mm or run as bmm (both end in _unsafe_view), and
// a matrix times a batch folded the other way and transposed back (.contiguous(): a clone)
// unless that batch is a 3-D one whose last two dims are transposed over a dense first dim.
std::string matmul_grad_fn(const Tensor& a, const Tensor& b) {
  const int da = a.dim(), db = b.dim();
  if (da == 1 && db == 1) return "DotBackward0";
  if (da == 2 && db == 1) return "MvBackward0";
  if (da == 1 && db == 2) return "SqueezeBackward3";
  if (da == 2 && db == 2) return "MmBackward0";
  if (da == 2 && db >= 3) {
    const bool transposed = db == 3 && b.strides()[2] != 1 && b.strides()[0] == b.shape()[1] * b.shape()[2];
    return transposed ? "UnsafeViewBackward0" : "CloneBackward0";
  }
  return "UnsafeViewBackward0";
}

// at::linear: addmm for a matrix with a bias, a 3-D contiguous input folded into addmm and viewed
// back, otherwise matmul(input, weight.t()) and, with a bias, an in-place add_.
std::string linear_grad_fn(const Tensor& input, const Tensor& weight, bool bias) {
  if (!bias) return matmul_grad_fn(input, weight);  // weight.t() has weight's rank
  if (input.dim() == 2) return "AddmmBackward0";
  if (input.dim() == 3 && input.is_contiguous()) return "ViewBackward0";
  return "AddBackward0";
}

// x[index]: advanced indexing (a list, a tensor, a bool) is index; a lone slice is a slice; in a
// tuple, the last of the select (int), unsqueeze (None) and slice ops applied, where a slice
// written 0:n over a dim of n is skipped, as applySlice skips it; nothing applied is an alias.
std::string getitem_grad_fn(const Tensor& x, const Value& index) {
  const auto items = index_items(index);
  for (const auto& [v, item] : items)
    if (v.is<Tensor>() || v.is<List>() || v.is<bool>()) return "IndexBackward0";
  if (items.size() == 1 && items[0].second < 0) {
    const Value& v = items[0].first;
    if (v.is<Slice>()) return "SliceBackward0";
    if (v.is<std::int64_t>()) return "SelectBackward0";
    if (v.is<None>()) return "UnsqueezeBackward0";
    if (v.is<Ellipsis>()) return "AliasBackward0";
    return "";
  }
  int given = 0;  // the dims the items name
  for (const auto& [v, item] : items) given += v.is<std::int64_t>() || v.is<Slice>();
  std::string last;
  int dim = 0;
  for (const auto& [v, item] : items) {
    if (v.is<std::int64_t>()) {
      last = "SelectBackward0";
      ++dim;
    } else if (v.is<None>()) {
      last = "UnsqueezeBackward0";
    } else if (v.is<Ellipsis>()) {
      dim += std::max(0, x.dim() - given);
    } else if (v.is<Slice>()) {
      if (dim >= x.dim()) return "";  // PyTorch's error: too many indices
      // Skipped only as written 0:n:1 (None for start and step): `:` has no stop, which is
      // PyTorch's INDEX_MAX, not n.
      const Slice& s = v.as<Slice>();
      const std::int64_t n = x.shape()[std::size_t(dim)];
      if (!(s.start.value_or(0) == 0 && s.stop && *s.stop == n && s.step.value_or(1) == 1)) last = "SliceBackward0";
      ++dim;
    }
  }
  return last.empty() ? "AliasBackward0" : last;
}

// torch.cdist: p = 2 through the matrix-product formula (more than 25 rows, or asked for) on
// non-empty inputs is _euclidean_dist's result viewed to the output's shape; else _cdist_forward.
std::string cdist_grad_fn(const Evaluation& e) {
  const Value& x1 = e.bound.values[std::size_t(e.op->param_index("x1"))];
  const Value& x2 = e.bound.values[std::size_t(e.op->param_index("x2"))];
  const Value& p = e.bound.values[std::size_t(e.op->param_index("p"))];
  const Value& mode = e.bound.values[std::size_t(e.op->param_index("compute_mode"))];
  if (!x1.is<Tensor>() || !x2.is<Tensor>() || !mode.is<std::string>()) return "";
  const Tensor &a = x1.as<Tensor>(), &b = x2.as<Tensor>();
  const double pv = p.is<double>() ? p.as<double>() : p.is<std::int64_t>() ? double(p.as<std::int64_t>()) : -1;
  const std::string& m = mode.as<std::string>();
  const bool many =
      a.dim() >= 2 && b.dim() >= 2 && (a.shape()[a.shape().size() - 2] > 25 || b.shape()[b.shape().size() - 2] > 25);
  const bool mm = pv == 2 && (m == "use_mm_for_euclid_dist" || (m == "use_mm_for_euclid_dist_if_necessary" && many));
  return mm && a.numel() > 0 && b.numel() > 0 ? "ViewBackward0" : "CdistBackward0";
}

}  // namespace

std::string grad_fn_by_rule(const Evaluation& e) {
  if (!e.op || e.python_result) return "";
  const std::string& op = e.op->names.front();
  if (op == "torch.cdist") return cdist_grad_fn(e);
  const Tensor* input = tensor_param(e, "input");
  if (!input) return "";
  if (op == "torch.matmul" || op == "torch.Tensor.__matmul__" || op == "torch.Tensor.__rmatmul__") {
    const Tensor* other = tensor_param(e, "other");
    if (!other) return "";
    return op == "torch.Tensor.__rmatmul__" ? matmul_grad_fn(*other, *input) : matmul_grad_fn(*input, *other);
  }
  if (op == "torch.corrcoef")  // one variable: c / c; else the clip to [-1, 1]
    return input->dim() < 2 || input->shape()[0] == 1 ? "DivBackward0" : "ClampBackward1";
  if (op == "torch.nn.functional.linear") {
    const Tensor* weight = tensor_param(e, "weight");
    return weight ? linear_grad_fn(*input, *weight, tensor_param(e, "bias") != nullptr) : "";
  }
  static const std::set<std::string> conv1d = {"torch.nn.functional.conv1d", "torch.nn.functional.conv_transpose1d"};
  static const std::set<std::string> conv2d = {"torch.nn.functional.conv2d", "torch.nn.functional.conv_transpose2d"};
  if (conv1d.count(op) || conv2d.count(op))  // an unbatched input is unsqueezed for at::convolution, squeezed after
    return input->dim() == (conv1d.count(op) ? 2 : 3) ? "SqueezeBackward1" : "ConvolutionBackward0";
  if (op == "torch.Tensor.__getitem__") {
    const int k = e.op->param_index("indices");
    return k >= 0 && std::size_t(k) < e.bound.values.size() ? getitem_grad_fn(*input, e.bound.values[std::size_t(k)])
                                                            : "";
  }
  return "";
}

}  // namespace whence
