// select_gradients.cpp - how the select family's ops differentiate (core/autograd.hpp's GradRule).
#include <algorithm>
#include <cmath>
#include <string>

#include "core/error.hpp"
#include "kernels/common/composite.hpp"
#include "kernels/common/derivatives.hpp"
#include "kernels/select/select_write.hpp"

namespace whence {

namespace {

bool select_is(const Source& s, const Bound& b, const char* name) { return s.param == b.op->param_index(name); }

// index_add: out = input + alpha · source, so ∂out/∂source = alpha.
void index_add_derivatives(const Bound& b, const OpResult&, int, std::int64_t, const std::vector<Source>& sources,
                           double* d) {
  const double alpha = double_arg(b, "alpha", 1);
  for (std::size_t i = 0; i < sources.size(); ++i) d[i] = select_is(sources[i], b, "source") ? alpha : 1.0;
}

// index_put(accumulate=True): out = input + Σ values, where a broadcast value element can be
// written to the same output element more than once: ∂out/∂value is how many times (explain
// names it once). The writes are the plan explain has just kept for this result.
void index_put_derivatives(const Bound& b, const OpResult& r, int, std::int64_t o, const std::vector<Source>& sources,
                           double* d) {
  for (std::size_t i = 0; i < sources.size(); ++i) d[i] = 1.0;
  const auto& kept = PreparedEntry<WritePlan>::get();
  if (!bool_arg(b, "accumulate", false) || !kept.holds(b, r)) return;
  const WritePlan& p = kept.state;
  for (std::size_t i = 0; i < sources.size(); ++i) {
    if (sources[i].param != p.value_param) continue;
    int count = 0;
    for (std::int32_t k = p.start[std::size_t(o)]; k < p.start[std::size_t(o + 1)]; ++k)
      count += p.writes[std::size_t(p.ids[std::size_t(k)])].value == sources[i].flat ? 1 : 0;
    d[i] = count;
  }
}

// scatter with reduce= has no derivative in PyTorch 1.13 (its value= and src= overloads do).
void scatter_check(const Bound& b, const OpResult&) {
  if (!arg(b, "reduce").is<None>()) fail("RuntimeError", "derivative for aten::scatter is not implemented");
}

// scatter_reduce and index_reduce: PyTorch 1.13's scatter_reduce_backward (index_reduce_backward
// is the same), per output element o (the sources are the input element o, kept when
// include_self, and every src/source element written to o).
void scatter_reduce_derivatives(const Bound& b, const OpResult& r, int, std::int64_t o,
                                const std::vector<Source>& sources, double* d) {
  const std::string reduce = string_arg(b, "reduce", "sum");
  const bool include_self = bool_arg(b, "include_self", true);
  const int src_param = std::max(b.op->param_index("src"), b.op->param_index("source"));
  const double result = r.tensors[0].get(o).as_double();
  std::vector<double> src;  // the values written to o
  for (const Source& s : sources)
    if (s.param == src_param && (s.role == Role::Value || s.role == Role::Compare)) src.push_back(source_number(b, s));
  for (std::size_t i = 0; i < sources.size(); ++i) d[i] = 1.0;
  if (reduce == "sum") return;
  if (reduce == "mean") {  // N = the writes (and the input element when kept), at least 1
    const double n = std::max(1.0, double(src.size()) + (include_self ? 1 : 0));
    for (std::size_t i = 0; i < sources.size(); ++i) d[i] = 1.0 / n;
    return;
  }
  if (reduce == "amax" || reduce == "amin") {
    // the gradient is split evenly among the members equal to the result (==: a NaN result
    // matches none, and 1/0 spreads NaN), the input element counted even without include_self
    const double self = tensor_arg(b, "input").get(o).as_double();
    double n = self == result ? 1 : 0;
    for (double v : src) n += v == result ? 1 : 0;
    for (std::size_t i = 0; i < sources.size(); ++i) d[i] = (source_number(b, sources[i]) == result ? 1.0 : 0.0) / n;
    return;
  }
  if (reduce != "prod") return;
  int zeros = 0;
  for (double v : src) zeros += v == 0 ? 1 : 0;
  for (std::size_t i = 0; i < sources.size(); ++i) {
    const double v = source_number(b, sources[i]);
    if (sources[i].param != src_param) {  // the input element: the product of the writes
      const double masked = v == 0 ? 1 : v;
      double product = masked;
      for (double w : src) product *= w;
      d[i] = product / masked;
    } else if (v == 0 && zeros == 1) {  // the one zero write: the product of the others
      double product = include_self ? tensor_arg(b, "input").get(o).as_double() : 1.0;
      bool skipped = false;
      for (double w : src) {
        if (w == 0 && !skipped) {
          skipped = true;
          continue;
        }
        product *= w;
      }
      d[i] = product;
    } else {
      d[i] = result / (v == 0 ? 1 : v);
    }
  }
}

// embedding: out[i][j] = weight[input[i]][j]. PyTorch renormalizes max_norm's rows in place
// before the lookup, outside autograd, so only weight[input[i]][j] gets the gradient (not the
// row elements that set the norm); padding_idx's row gets none; scale_grad_by_freq divides by
// how often the row is looked up.
void embedding_derivatives(const Bound& b, const OpResult&, int, std::int64_t flat, const std::vector<Source>& sources,
                           double* d) {
  const Tensor& idx = tensor_arg(b, "input");
  const Tensor& w = tensor_arg(b, "weight");
  const std::int64_t cols = w.shape()[1], i = flat / cols, j = flat % cols, row = idx.get(i).i;
  std::int64_t padding = -1;
  if (!arg(b, "padding_idx").is<None>()) {
    padding = int_arg(b, "padding_idx", -1);
    if (padding < 0) padding += w.shape()[0];
  }
  double scale = 1;
  if (bool_arg(b, "scale_grad_by_freq", false)) {
    std::int64_t count = 0;
    for (std::int64_t k = 0; k < idx.numel(); ++k) count += idx.get(k).i == row ? 1 : 0;
    scale = 1.0 / double(count);
  }
  const int weight = b.op->param_index("weight");
  for (std::size_t k = 0; k < sources.size(); ++k)
    d[k] = sources[k].param == weight && sources[k].flat == row * cols + j && row != padding ? scale : 0.0;
}

// vander: out = x^k (k the element's power), so ∂out/∂x = k·x^(k-1) (the ones have no source).
void vander_derivatives(const Bound& b, const OpResult& r, int, std::int64_t flat, const std::vector<Source>& sources,
                        double* d) {
  const std::int64_t n = r.tensors[0].shape().back(), c = flat % n;
  const bool increasing = b.op->param_index("increasing") < 0 || bool_arg(b, "increasing", false);
  const std::int64_t k = increasing ? c : n - 1 - c;
  for (std::size_t i = 0; i < sources.size(); ++i)
    d[i] = double(k) * std::pow(source_number(b, sources[i]), double(k - 1));
}

// torch.vander with N ≤ 1 never reads x (a fill of ones, or nothing): no graph in PyTorch.
void vander_check(const Bound&, const OpResult& r) {
  if (r.tensors[0].shape().back() <= 1)
    fail("RuntimeError", "element 0 of tensors does not require grad and does not have a grad_fn");
}

}  // namespace

void add_select_gradients(GradRules& r) {
  // reads and writes copy (the overwritten input elements are no sources): ∂out/∂source = 1
  for (const char* name :
       {"torch.index_select", "torch.take", "torch.take_along_dim", "torch.masked_select", "torch.masked_fill",
        "torch.masked_scatter", "torch.index_fill", "torch.index_copy", "torch.scatter_add", "torch.put"})
    set_rule(r, name, GradRule{unit_derivatives});
  // index_add and index_put save only the indices for backward (an in-place write of their
  // input afterwards passes, as in PyTorch); scatter_reduce and embedding save values.
  GradRule index_add{index_add_derivatives}, index_put{index_put_derivatives};
  index_add.saves_values = index_put.saves_values = false;
  set_rule(r, "torch.index_add", index_add);
  set_rule(r, "torch.index_put", index_put);
  GradRule scatter{unit_derivatives};
  scatter.check = scatter_check;
  set_rule(r, "torch.scatter", scatter);
  set_rule(r, "torch.scatter_reduce", GradRule{scatter_reduce_derivatives});
  set_rule(r, "torch.index_reduce", GradRule{scatter_reduce_derivatives});
  set_rule(r, "torch.nn.functional.embedding", GradRule{embedding_derivatives});
  const char* integer = "its result is integer (indices or counts), which carries no gradient";
  for (const char* name :
       {"torch.nonzero", "torch.argwhere", "torch.searchsorted", "torch.bucketize", "torch.nn.functional.one_hot"})
    set_rule(r, name, GradRule{nullptr, integer});
  set_rule(r, "torch.isin", GradRule{nullptr, "its result is bool, which carries no gradient"});
  GradRule vander{vander_derivatives};
  vander.check = vander_check;
  set_rule(r, "torch.vander", vander);
  set_rule(r, "torch.linalg.vander", GradRule{vander_derivatives});
  // in place: PyTorch refuses the leaf a single call writes into (a program's x.fill_diagonal_ too)
  set_rule(r, "torch.Tensor.fill_diagonal_",
           GradRule{nullptr, "a view of a leaf Variable that requires grad is being used in an in-place operation."});
  set_family_rule(r, "select", GradRule{nullptr, "Whence does not differentiate this op yet"});
}

}  // namespace whence
