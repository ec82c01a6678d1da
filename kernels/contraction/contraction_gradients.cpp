// contraction_gradients.cpp - how the contraction family's ops differentiate (core/autograd.hpp's GradRule).
//
// An output element is alpha · Σ over terms of a product of one element per operand, plus
// beta · the added element (contraction_explain lists them in that order: per term, one source
// per operand, then the added element). The derivative of a factor is alpha times the product
// of the other factors of its term; the added element's is beta. The same element may be a
// factor of several terms, or twice in one (einsum('ii->', x), trace): each occurrence is its
// own source with its own derivative, and autograd adds them up.
#include "core/error.hpp"
#include "kernels/common/composite.hpp"
#include "kernels/common/derivatives.hpp"
#include "kernels/contraction/contraction_family.hpp"

namespace whence {

namespace {

// addmv with nothing to multiply keeps input's shape (a [1] or 0-d input), which PyTorch 1.13's
// backward formulas then refuse: mat's grad.ger(vec) on a 0-d grad, vec's mat.t().mv(grad) on
// a grad of another size than mat's rows.
void check_empty_addmv(const Bound& b, const OpResult& r) {
  const Shape& m = tensor_arg(b, "mat").shape();
  const Shape& out = r.tensors[0].shape();
  if (out.empty()) fail("RuntimeError", "outer: Expected 1-D argument self, but got 0-D");
  if (out[0] != m[0])
    fail("RuntimeError", "size mismatch, got " + std::to_string(m[1]) + ", " + std::to_string(m[1]) + "x" +
                             std::to_string(m[0]) + "," + std::to_string(out[0]));
}

void contraction_derivatives(const Bound& b, const OpResult& r, int, std::int64_t, const std::vector<Source>& s,
                             double* d) {
  // the plan run kept with the result (contraction_engine.cpp's plan_of)
  const PlanFn fn = reinterpret_cast<PlanFn>(const_cast<void*>(b.op->family_data));
  const ContractPlan& p = prepared_for(b, r, fn);
  if (p.ops.empty() && p.has_add && b.op->names.front() == "torch.addmv") check_empty_addmv(b, r);
  const std::size_t added = p.has_add && p.beta != 0 ? 1 : 0, nops = p.ops.size();
  const std::size_t factors = s.size() - added;
  std::vector<double> v(nops);
  for (std::size_t t = 0; nops && t + nops <= factors; t += nops) {
    for (std::size_t o = 0; o < nops; ++o) v[o] = source_number(b, s[t + o]);
    for (std::size_t o = 0; o < nops; ++o) {
      double prod = p.alpha;
      for (std::size_t q = 0; q < nops; ++q)
        if (q != o) prod *= v[q];
      d[t + o] = prod;
    }
  }
  if (added) d[s.size() - 1] = p.beta;
}

// cross: out = input[j]·other[l] − input[l]·other[j], its sources in that order
// (contraction_ops.cpp's cross_sources).
void cross_derivatives(const Bound& b, const OpResult&, int, std::int64_t, const std::vector<Source>& s, double* d) {
  d[0] = source_number(b, s[1]);
  d[1] = source_number(b, s[0]);
  d[2] = -source_number(b, s[3]);
  d[3] = -source_number(b, s[2]);
}

}  // namespace

void add_contraction_gradients(GradRules& r) {
  for (const char* name : {"torch.cross", "torch.linalg.cross"}) set_rule(r, name, GradRule{cross_derivatives});
  // trace's backward keeps input's sizes only (TraceBackward0): nothing saved
  set_rule(r, "torch.trace", GradRule{contraction_derivatives, "", "", false});
  set_family_rule(r, "contraction", GradRule{contraction_derivatives});
}

}  // namespace whence
