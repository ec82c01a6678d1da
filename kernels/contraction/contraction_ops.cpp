// contraction_ops.cpp - the contraction family's ops (kernels/contraction/contraction_family.hpp): each
// checks its arguments as PyTorch 1.13's CPU kernels do, in their order and words, and
// describes itself as a plan for the shared engine.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <deque>

#include "core/error.hpp"
#include "core/number_format.hpp"
#include "core/promotion.hpp"
#include "core/shape.hpp"
#include "core/views.hpp"
#include "kernels/common/composite.hpp"
#include "kernels/contraction/contraction_family.hpp"

namespace whence {

namespace {

int P(const Bound& b, const char* name) { return b.op->param_index(name); }
[[noreturn]] void rt(const std::string& m) { fail("RuntimeError", m); }
std::string sn(DType d) { return dtype_scalar_name(d); }
std::string S(std::int64_t v) { return std::to_string(v); }
std::string by(std::int64_t a, std::int64_t b) { return S(a) + "x" + S(b); }
std::int64_t numel(const Shape& s) { return shape_numel(s); }

// The dtypes a CPU kernel of 1.13 lacks. Bool is refused in its words ('"addmm_impl_cpu_" not
// implemented for 'Bool'', as newer PyTorch says too). float16, which 1.13 refuses the same way,
// is computed as newer PyTorch does (in float, here double, rounded once to float16): true then,
// noted in *no_kernel (the plan's no_half_kernel).
bool refuse(const std::string& kernel, DType d, bool* no_kernel = nullptr) {
  if (d == DType::Bool) rt("\"" + kernel + "\" not implemented for '" + sn(d) + "'");
  if (d != DType::Float16) return false;
  if (no_kernel) *no_kernel = true;
  return true;
}
// A kernel reading a tensor of another dtype than the one it dispatched on.
void same_scalar(DType want, DType got) {
  if (want != got) rt("expected scalar type " + sn(want) + " but found " + sn(got));
}

double number_arg(const Bound& b, const char* name, DType d) {
  const double v = double_arg(b, name, 1.0);
  if (d == DType::Bool) return v != 0;
  return is_floating(d) ? v : double(std::int64_t(v));  // an integer kernel truncates alpha and beta
}

// --- PyTorch's kernels' checks, over the shapes and dtypes they see ------------------------------

// at::mm (addmm_impl_cpu_ with beta 0): the result has mat1's dtype.
DType mm_check(const Shape& a, DType da, const Shape& b, DType db, bool* no_kernel = nullptr) {
  if (a.size() != 2) rt("self must be a matrix");
  if (b.size() != 2) rt("mat2 must be a matrix");
  if (a[1] != b[0]) rt("mat1 and mat2 shapes cannot be multiplied (" + by(a[0], a[1]) + " and " + by(b[0], b[1]) + ")");
  if (a[0] * b[1] == 0 || a[1] == 0) return da;  // nothing to multiply: no kernel runs
  refuse("addmm_impl_cpu_", da, no_kernel);
  same_scalar(da, db);
  return da;
}

// at::mv and at::addmv (self: the added vector, or mv's result): the result has vec's dtype.
DType mv_check(const Shape& m, DType dm, const Shape& v, DType dv, std::int64_t self_dim, std::int64_t self_size0,
               std::int64_t self_numel, bool* no_kernel = nullptr) {
  if (!(m.size() == 2 && v.size() == 1 && self_dim <= 1))
    rt("vector + matrix @ vector expected, got " + S(self_dim) + ", " + S(std::int64_t(m.size())) + ", " +
       S(std::int64_t(v.size())));
  if (!(m[1] == v[0] && (m[0] == self_numel || self_numel == 1)))
    rt("size mismatch, got " + S(self_size0) + ", " + by(m[0], m[1]) + "," + S(v[0]));
  if (m[0] * m[1] == 0) return dv;
  refuse("addmv_impl_cpu", dm, no_kernel);
  same_scalar(dm, dv);
  return dv;
}

DType dot_check(const Shape& a, DType da, const Shape& b, DType db, bool* no_kernel = nullptr) {
  if (a.size() != 1 || b.size() != 1)
    rt("1D tensors expected, but got " + S(std::int64_t(a.size())) + "D and " + S(std::int64_t(b.size())) +
       "D tensors");
  if (da != db) rt("dot : expected both vectors to have same dtype, but found " + sn(da) + " and " + sn(db));
  if (a[0] != b[0])
    rt("inconsistent tensor size, expected tensor [" + S(a[0]) + "] and src [" + S(b[0]) +
       "] to have the same number of elements, but got " + S(a[0]) + " and " + S(b[0]) + " elements respectively");
  refuse("dot", da, no_kernel);
  return da;
}

// at::bmm and at::baddbmm: the result has batch2's dtype.
DType bmm_check(const Shape& a, DType da, const Shape& b, DType db, const char* kernel = "bmm",
                bool* no_kernel = nullptr) {
  if (a.size() != 3) rt("batch1 must be a 3D tensor");
  if (b.size() != 3) rt("batch2 must be a 3D tensor");
  if (b[0] != a[0] || b[1] != a[2])
    rt("Expected size for first two dimensions of batch2 tensor to be: [" + S(a[0]) + ", " + S(a[2]) + "] but got: [" +
       S(b[0]) + ", " + S(b[1]) + "].");
  if (a[0] * a[1] * b[2] == 0 || a[2] == 0) return db;
  if (a[2] * a[1] * b[2] < 400) {
    refuse(kernel, da, no_kernel);
    same_scalar(da, db);
  } else {  // 1.13 splits larger products into one mm per batch, into a result of batch2's dtype
    refuse("addmm_impl_cpu_", db, no_kernel);
    same_scalar(db, da);
  }
  return db;
}

// --- plans -----------------------------------------------------------------------------------

// A batched matrix product as at::matmul computes it: A [..., n, k] (or [k]) times B
// [..., k, m] (or [k]; with b_transposed, B is given as [m, k]), batch dims broadcast.
ContractPlan product_plan(int pa, const Tensor& A, int pb, const Tensor& B, DType dtype, bool b_transposed = false) {
  const Shape &sa = A.shape(), &sb = B.shape();
  const int ra = A.dim(), rb = B.dim();
  const Shape ba(sa.begin(), sa.begin() + std::max(ra - 2, 0)), bb(sb.begin(), sb.begin() + std::max(rb - 2, 0));
  const Shape batch = broadcast_shapes(ba, bb);
  ContractPlan p;
  p.dtype = dtype;
  for (std::int64_t s : batch) add_letter(p, s);
  const int nb = int(batch.size());
  const std::int64_t n = ra > 1 ? sa[std::size_t(ra - 2)] : 1;
  const std::int64_t m = rb > 1 ? (b_transposed ? sb[0] : sb[std::size_t(rb - 1)]) : 1;
  const int li = add_letter(p, n), lj = add_letter(p, m);
  p.n_out = nb + 2;
  const int lk = add_letter(p, sa[std::size_t(ra - 1)]);
  std::vector<int> da, db;
  for (int d = 0; d < ra - 2; ++d) da.push_back(nb - (ra - 2) + d);
  if (ra > 1) da.push_back(li);
  da.push_back(lk);
  for (int d = 0; d < rb - 2; ++d) db.push_back(nb - (rb - 2) + d);
  if (rb > 1 && b_transposed)
    db.insert(db.end(), {lj, lk});
  else if (rb > 1)
    db.insert(db.end(), {lk, lj});
  else
    db.push_back(lk);
  add_operand(p, pa, -1, A, da);
  add_operand(p, pb, -1, B, db);
  p.shape = batch;
  if (ra > 1) p.shape.push_back(n);
  if (rb > 1) p.shape.push_back(m);
  return p;
}

// at::matmul: its paths (dot, mv, mm, a batch folded into mm or mv, bmm) and their errors.
ContractPlan matmul_plan(int pa, const Tensor& A, int pb, const Tensor& B, bool b_transposed = false) {
  const int ra = A.dim(), rb = B.dim();
  if (ra == 0 || rb == 0)
    rt("both arguments to matmul need to be at least 1D, but they are " + S(ra) + "D and " + S(rb) + "D");
  Shape sa = A.shape(), sb = B.shape();
  if (b_transposed && rb == 2) std::swap(sb[0], sb[1]);
  const DType da = A.dtype(), db = B.dtype();
  DType dtype = da;
  bool nk = false;
  if (ra == 1 && rb == 1) {
    dtype = dot_check(sa, da, sb, db, &nk);
  } else if (ra == 2 && rb == 1) {
    dtype = mv_check(sa, da, sb, db, 1, sa[0], sa[0], &nk);
  } else if (ra == 1 && rb == 2) {
    dtype = mm_check({1, sa[0]}, da, sb, db, &nk);
  } else if (ra == 2 && rb == 2) {
    dtype = mm_check(sa, da, sb, db, &nk);
  } else if ((ra >= 3 && rb <= 2) || (rb >= 3 && ra <= 2)) {
    // the batch of the larger one folded into the rows of an mm or mv (transposed when the
    // second is the larger: B.mT folded times A.t())
    const bool transpose = rb > ra;
    Shape s1 = transpose ? sb : sa;
    if (transpose) std::swap(s1[s1.size() - 1], s1[s1.size() - 2]);
    const Shape folded = {numel(Shape(s1.begin(), s1.end() - 1)), s1.back()};
    const Shape s2 = transpose ? (ra == 2 ? Shape{sa[1], sa[0]} : sa) : sb;
    const DType d1 = transpose ? db : da, d2 = transpose ? da : db;
    dtype =
        s2.size() == 2 ? mm_check(folded, d1, s2, d2, &nk) : mv_check(folded, d1, s2, d2, 1, folded[0], folded[0], &nk);
  } else {
    const std::int64_t n = ra > 1 ? sa[std::size_t(ra - 2)] : 1, m1 = sa.back();
    const std::int64_t m2 = rb > 1 ? sb[std::size_t(rb - 2)] : sb[0], p = rb > 1 ? sb.back() : 1;
    const Shape batch = broadcast_shapes(Shape(sa.begin(), sa.begin() + std::max(ra - 2, 0)),
                                         Shape(sb.begin(), sb.begin() + std::max(rb - 2, 0)));
    const std::int64_t nb = numel(batch);
    dtype = bmm_check({nb, n, m1}, da, {nb, m2, p}, db, "bmm", &nk);
  }
  ContractPlan p = product_plan(pa, A, pb, B, dtype, b_transposed);
  p.no_half_kernel = nk;
  return p;
}

ContractPlan matmul_call(const Bound& b) {
  return matmul_plan(P(b, "input"), tensor_arg(b, "input"), P(b, "other"), tensor_arg(b, "other"));
}
// t.__rmatmul__(other) is other @ t
ContractPlan rmatmul_call(const Bound& b) {
  if (!arg(b, "other").is<Tensor>())  // Python then tries the other operand, and raises its TypeError
    fail("TypeError",
         "matmul(): argument 'input' (position 1) must be Tensor, not " + python_type_name(arg(b, "other")));
  return matmul_plan(P(b, "other"), tensor_arg(b, "other"), P(b, "input"), tensor_arg(b, "input"));
}

ContractPlan mm_call(const Bound& b) {
  const Tensor &a = tensor_arg(b, "input"), &m = tensor_arg(b, "mat2");
  bool nk = false;
  ContractPlan p =
      product_plan(P(b, "input"), a, P(b, "mat2"), m, mm_check(a.shape(), a.dtype(), m.shape(), m.dtype(), &nk));
  p.no_half_kernel = nk;
  return p;
}

ContractPlan bmm_call(const Bound& b) {
  const Tensor &a = tensor_arg(b, "input"), &m = tensor_arg(b, "mat2");
  bool nk = false;
  ContractPlan p = product_plan(P(b, "input"), a, P(b, "mat2"), m,
                                bmm_check(a.shape(), a.dtype(), m.shape(), m.dtype(), "bmm", &nk));
  p.no_half_kernel = nk;
  return p;
}

ContractPlan mv_call(const Bound& b) {
  const Tensor &a = tensor_arg(b, "input"), &v = tensor_arg(b, "vec");
  if (a.dim() == 0) fail("IndexError", "Dimension specified as 0 but tensor has no dimensions");
  bool nk = false;
  const DType d = mv_check(a.shape(), a.dtype(), v.shape(), v.dtype(), 1, a.shape()[0], a.shape()[0], &nk);
  ContractPlan p = product_plan(P(b, "input"), a, P(b, "vec"), v, d);
  p.no_half_kernel = nk;
  return p;
}

// torch.dot's parser names its second parameter `tensor`, vdot's `other`.
ContractPlan dot_call(const Bound& b) {
  const char* second = P(b, "tensor") >= 0 ? "tensor" : "other";
  const Tensor &a = tensor_arg(b, "input"), &o = tensor_arg(b, second);
  bool nk = false;
  ContractPlan p =
      product_plan(P(b, "input"), a, P(b, second), o, dot_check(a.shape(), a.dtype(), o.shape(), o.dtype(), &nk));
  p.no_half_kernel = nk;
  return p;
}

DType promoted(const Bound& b, const char* x, const char* y) {
  return result_type({*promotion_operand(arg(b, x)), *promotion_operand(arg(b, y))});
}

// x · y element by element (broadcast), PyTorch's mul: the dtypes promote.
ContractPlan elementwise_product(const Bound& b, const char* x, const char* y) {
  const Tensor &a = tensor_arg(b, x), &o = tensor_arg(b, y);
  const Shape full = broadcast_shapes(a.shape(), o.shape());
  ContractPlan p;
  p.dtype = promoted(b, x, y);
  for (std::int64_t s : full) add_letter(p, s);
  p.n_out = int(full.size());
  std::vector<int> da, db;
  for (int d = 0; d < a.dim(); ++d) da.push_back(int(full.size()) - a.dim() + d);
  for (int d = 0; d < o.dim(); ++d) db.push_back(int(full.size()) - o.dim() + d);
  add_operand(p, P(b, x), -1, a, da);
  add_operand(p, P(b, y), -1, o, db);
  p.shape = full;
  return p;
}

// inner: a scalar multiplies; else tensordot over the last dims (an mm of the flattened rest).
ContractPlan inner_call(const Bound& b) {
  const Tensor &a = tensor_arg(b, "input"), &o = tensor_arg(b, "other");
  if (a.dim() == 0 || o.dim() == 0) return elementwise_product(b, "input", "other");
  if (a.shape().back() != o.shape().back())
    rt("inner() the last dimension must match on both input tensors but got shapes " + shape_str(a.shape()) + " and " +
       shape_str(o.shape()));
  const std::int64_t k = a.shape().back();
  const std::int64_t ra = numel(Shape(a.shape().begin(), a.shape().end() - 1)),
                     rb = numel(Shape(o.shape().begin(), o.shape().end() - 1));
  ContractPlan p;
  // tensordot sums input over a contracted dim where other has size 1 (a broadcast): with
  // both of size 1 that sum promotes an integer or bool input to int64 before the mm.
  const DType d1 = k == 1 && is_integral(a.dtype(), true) ? DType::Int64 : a.dtype();
  p.dtype = mm_check({ra, k}, d1, {k, rb}, o.dtype(), &p.no_half_kernel);
  std::vector<int> da, db;
  for (int d = 0; d + 1 < a.dim(); ++d) da.push_back(add_letter(p, a.shape()[std::size_t(d)]));
  for (int d = 0; d + 1 < o.dim(); ++d) db.push_back(add_letter(p, o.shape()[std::size_t(d)]));
  p.n_out = int(p.size.size());
  const int lk = add_letter(p, k);
  da.push_back(lk);
  db.push_back(lk);
  add_operand(p, P(b, "input"), -1, a, da);
  add_operand(p, P(b, "other"), -1, o, db);
  p.shape = Shape(a.shape().begin(), a.shape().end() - 1);
  p.shape.insert(p.shape.end(), o.shape().begin(), o.shape().end() - 1);
  return p;
}

ContractPlan outer_call(const Bound& b) {
  const Tensor &a = tensor_arg(b, "input"), &v = tensor_arg(b, "vec2");
  if (a.dim() != 1) rt("outer: Expected 1-D argument self, but got " + S(a.dim()) + "-D");
  if (v.dim() != 1) rt("outer: Expected 1-D argument vec2, but got " + S(v.dim()) + "-D");
  ContractPlan p;
  p.dtype = promoted(b, "input", "vec2");
  const int li = add_letter(p, a.shape()[0]), lj = add_letter(p, v.shape()[0]);
  p.n_out = 2;
  add_operand(p, P(b, "input"), -1, a, {li});
  add_operand(p, P(b, "vec2"), -1, v, {lj});
  p.shape = {a.shape()[0], v.shape()[0]};
  return p;
}

// linalg.vecdot: x·y summed along dim (vdot for two vectors), floating dtypes only.
ContractPlan vecdot_call(const Bound& b) {
  const Tensor &x = tensor_arg(b, "x"), &y = tensor_arg(b, "y");
  if (!is_floating(x.dtype()))
    rt("linalg.vecdot: Expected a floating point or complex tensor as input. Got " + sn(x.dtype()));
  if (x.dtype() != y.dtype())
    rt("linalg.vecdot: Expected x and y to have the same dtype, but found x of type " + sn(x.dtype()) +
       " and y of type " + sn(y.dtype()) + " instead");
  if (x.dim() == 1 && y.dim() == 1) {
    bool nk = false;
    dot_check(x.shape(), x.dtype(), y.shape(), y.dtype(), &nk);
    ContractPlan p = product_plan(P(b, "x"), x, P(b, "y"), y, x.dtype());
    p.no_half_kernel = nk;
    return p;
  }
  const Shape full = broadcast_shapes(x.shape(), y.shape());
  const int rank = int(full.size());
  const int dim = int(wrap_dim(int_arg(b, "dim", -1), rank));
  ContractPlan p;
  p.dtype = x.dtype();
  p.round_terms = x.dtype() == DType::Float16 || x.dtype() == DType::BFloat16;
  std::vector<int> letter(static_cast<std::size_t>(rank), 0);
  for (int d = 0; d < rank; ++d)
    if (d != dim) letter[std::size_t(d)] = add_letter(p, full[std::size_t(d)]);
  p.n_out = int(p.size.size());
  if (rank > 0) letter[std::size_t(dim)] = add_letter(p, full[std::size_t(dim)]);
  std::vector<int> dx(letter.end() - x.dim(), letter.end()), dy(letter.end() - y.dim(), letter.end());
  add_operand(p, P(b, "x"), -1, x, dx);
  add_operand(p, P(b, "y"), -1, y, dy);
  for (int d = 0; d < rank; ++d)
    if (d != dim) p.shape.push_back(full[std::size_t(d)]);
  return p;
}

// addmm's checks (ADDMM_META, then the input expanded to the result): the result has the
// input's dtype.
DType addmm_check(const Tensor& self, const Shape& m1, DType d1, const Shape& m2, DType d2, bool* no_kernel = nullptr) {
  if (self.dtype() != d2) rt("self and mat2 must have the same dtype");
  if (d1 != d2) rt("mat1 and mat2 must have the same dtype");
  if (m1.size() != 2) rt("mat1 must be a matrix, got " + S(std::int64_t(m1.size())) + "-D tensor");
  if (m2.size() != 2) rt("mat2 must be a matrix, got " + S(std::int64_t(m2.size())) + "-D tensor");
  if (m1[1] != m2[0])
    rt("mat1 and mat2 shapes cannot be multiplied (" + by(m1[0], m1[1]) + " and " + by(m2[0], m2[1]) + ")");
  expand(self, {m1[0], m2[1]});
  if (m1[0] * m2[1] != 0 && m1[1] != 0) refuse("addmm_impl_cpu_", self.dtype(), no_kernel);
  return self.dtype();
}

ContractPlan linear_call(const Bound& b) {
  const Tensor &x = tensor_arg(b, "input"), &w = tensor_arg(b, "weight");
  const bool bias = tensor_given(b, "bias");
  if (w.dim() > 2) rt("t() expects a tensor with <= 2 dimensions, but self is " + S(w.dim()) + "D");
  ContractPlan p;
  if (x.dim() == 2 && bias) {  // addmm(bias, input, weight.t())
    const Shape wt = w.dim() == 2 ? Shape{w.shape()[1], w.shape()[0]} : w.shape();
    bool nk = false;
    addmm_check(tensor_arg(b, "bias"), x.shape(), x.dtype(), wt, w.dtype(), &nk);
    p = product_plan(P(b, "input"), x, P(b, "weight"), w, x.dtype(), true);
    p.no_half_kernel = nk;
  } else if (x.dim() == 3 && bias && x.is_contiguous()) {  // _flatten_3d_linear: addmm on [B·S, K], viewed back
    const Shape wt = w.dim() == 2 ? Shape{w.shape()[1], w.shape()[0]} : w.shape();
    bool nk = false;
    addmm_check(tensor_arg(b, "bias"), {x.shape()[0] * x.shape()[1], x.shape()[2]}, x.dtype(), wt, w.dtype(), &nk);
    p = matmul_plan(P(b, "input"), x, P(b, "weight"), w, true);
    p.no_half_kernel = p.no_half_kernel || nk;
  } else {
    p = matmul_plan(P(b, "input"), x, P(b, "weight"), w, true);
    if (bias) {  // output.add_(bias)
      const Tensor& bt = tensor_arg(b, "bias");
      const Shape full = broadcast_shapes(p.shape, bt.shape());
      if (full != p.shape)
        rt("output with shape " + shape_str(p.shape) + " doesn't match the broadcast shape " + shape_str(full));
    }
  }
  if (bias) add_term(p, P(b, "bias"), tensor_arg(b, "bias"), 1);
  return p;
}

ContractPlan addmm_call(const Bound& b) {
  const Tensor &self = tensor_arg(b, "input"), &m1 = tensor_arg(b, "mat1"), &m2 = tensor_arg(b, "mat2");
  bool nk = false;
  const DType d = addmm_check(self, m1.shape(), m1.dtype(), m2.shape(), m2.dtype(), &nk);
  if (m1.dim() == 2 && m1.shape()[1] == 0 && m1.shape()[0] * m2.shape()[1] != 0 && double_arg(b, "beta", 1) != 0) {
    // nothing to multiply: PyTorch copies input into the result and multiplies it by beta in place
    const auto beta = promotion_operand(arg(b, "beta"));
    const DType r = beta ? result_type({PromotionOperand{d, OperandRank::Dimensioned}, *beta}) : d;
    if (!can_cast(r, d)) rt("result type " + sn(r) + " can't be cast to the desired output type " + sn(d));
  }
  ContractPlan p = product_plan(P(b, "mat1"), m1, P(b, "mat2"), m2, d);
  p.no_half_kernel = nk;
  p.alpha = number_arg(b, "alpha", d);
  p.product = p.alpha != 0;
  add_term(p, P(b, "input"), self, number_arg(b, "beta", d));
  return p;
}

// Python's input.size(d) with its IndexError.
std::int64_t size_at(const Tensor& t, std::int64_t d) {
  if (t.dim() == 0) fail("IndexError", "Dimension specified as " + S(d) + " but tensor has no dimensions");
  return t.shape()[std::size_t(wrap_dim(d, t.dim()))];
}

// An in-place result.mul_(beta) of a result of dtype d: PyTorch's cast check.
void check_scale(const Bound& b, const char* name, DType d) {
  const auto beta = promotion_operand(arg(b, name));
  const DType r = beta ? result_type({PromotionOperand{d, OperandRank::Dimensioned}, *beta}) : d;
  if (!can_cast(r, d)) rt("result type " + sn(r) + " can't be cast to the desired output type " + sn(d));
}

// addmv: beta · input + alpha · (mat @ vec); the result has vec's dtype.
ContractPlan addmv_call(const Bound& b) {
  const Tensor &self = tensor_arg(b, "input"), &m = tensor_arg(b, "mat"), &v = tensor_arg(b, "vec");
  const std::int64_t size0 =
      self.dim() == 0 && !(m.dim() == 2 && v.dim() == 1) ? 0 : (self.dim() ? self.shape()[0] : 0);
  if (m.dim() == 2 && v.dim() == 1 && self.dim() <= 1 &&
      !(m.shape()[1] == v.shape()[0] && (m.shape()[0] == self.numel() || self.numel() == 1)))
    size_at(self, 0);  // the message reads input.size(0)
  bool nk = false;
  const DType d = mv_check(m.shape(), m.dtype(), v.shape(), v.dtype(), self.dim(), size0, self.numel(), &nk);
  if (m.numel() == 0 && double_arg(b, "beta", 1) != 0) {
    // nothing to multiply: PyTorch writes beta · input with input's shape (a [1] or 0-d input
    // stays that shape)
    ContractPlan p;
    p.dtype = d;
    for (std::int64_t n : self.shape()) add_letter(p, n);
    p.n_out = self.dim();
    p.shape = self.shape();
    p.product = false;
    add_term(p, P(b, "input"), self, number_arg(b, "beta", self.dtype()));
    return p;
  }
  ContractPlan p = product_plan(P(b, "mat"), m, P(b, "vec"), v, d);
  p.no_half_kernel = nk;
  p.alpha = number_arg(b, "alpha", d);
  p.product = p.alpha != 0 && m.numel() != 0;
  p.add_last = true;
  // PyTorch copies input into the result (of vec's dtype) first; float16 without a kernel adds it in float
  add_term(p, P(b, "input"), self.dtype() == d || nk ? self : self.to(d),
           number_arg(b, "beta", m.numel() == 0 ? self.dtype() : d));
  return p;
}

// addr: beta · input + alpha · (vec1 ⊗ vec2), elementwise in the promoted dtype.
ContractPlan addr_call(const Bound& b) {
  const Tensor &self = tensor_arg(b, "input"), &v1 = tensor_arg(b, "vec1"), &v2 = tensor_arg(b, "vec2");
  if (v1.dim() != 1) rt("addr: Expected 1-D argument vec1, but got " + S(v1.dim()) + "-D");
  if (v2.dim() != 1) rt("addr: Expected 1-D argument vec2, but got " + S(v2.dim()) + "-D");
  expand(self, {v1.shape()[0], v2.shape()[0]});
  const DType d = result_type(
      {*promotion_operand(arg(b, "input")), *promotion_operand(arg(b, "vec1")), *promotion_operand(arg(b, "vec2"))});
  for (const char* name : {"beta", "alpha"}) {
    const Value& x = arg(b, name);
    if (x.is<bool>() && d != DType::Bool) rt(std::string("Boolean ") + name + " only supported for Boolean results.");
    const bool integral_scalar =
        x.is<bool>() || x.is<std::int64_t>() || (x.is<Tensor>() && is_integral(x.as<Tensor>().dtype(), true));
    if (!is_floating(d) && !integral_scalar)
      rt(std::string("For integral input tensors, argument ") + name + " must not be a floating point number.");
  }
  ContractPlan p;
  p.dtype = d;
  p.round_terms = d == DType::Float16 || d == DType::BFloat16;
  const int li = add_letter(p, v1.shape()[0]), lj = add_letter(p, v2.shape()[0]);
  p.n_out = 2;
  add_operand(p, P(b, "vec1"), -1, v1, {li});
  add_operand(p, P(b, "vec2"), -1, v2, {lj});
  p.shape = {v1.shape()[0], v2.shape()[0]};
  p.alpha = number_arg(b, "alpha", d);
  p.product = p.alpha != 0;
  p.zero_alpha_computes = true;
  add_term(p, P(b, "input"), self, number_arg(b, "beta", d));
  return p;
}

// The letters of a batched product summed over the batch too (addbmm): out[i][j] = Σ_b Σ_k.
ContractPlan batch_sum_plan(int pa, const Tensor& A, int pb, const Tensor& B, DType d) {
  ContractPlan p;
  p.dtype = d;
  const int li = add_letter(p, A.shape()[1]), lj = add_letter(p, B.shape()[2]);
  p.n_out = 2;
  const int lb = add_letter(p, A.shape()[0]), lk = add_letter(p, A.shape()[2]);
  add_operand(p, pa, -1, A, {lb, li, lk});
  add_operand(p, pb, -1, B, {lb, lk, lj});
  p.shape = {A.shape()[1], B.shape()[2]};
  return p;
}

ContractPlan addbmm_call(const Bound& b) {
  const Tensor &self = tensor_arg(b, "input"), &b1 = tensor_arg(b, "batch1"), &b2 = tensor_arg(b, "batch2");
  expand(self, {size_at(b1, 1), size_at(b2, 2)});
  if (b1.dim() != 3) rt("batch1 must be a 3D tensor");
  if (b2.dim() != 3) rt("batch2 must be a 3D tensor");
  const Shape &s1 = b1.shape(), &s2 = b2.shape();
  if (s1[0] != s2[0]) rt("batch1 and batch2 must have same number of batches, got " + S(s1[0]) + " and " + S(s2[0]));
  if (s1[2] != s2[1]) rt("Incompatible matrix sizes for bmm (" + by(s1[1], s1[2]) + " and " + by(s2[1], s2[2]) + ")");
  const DType d = self.dtype();
  const bool beta_zero = double_arg(b, "beta", 1) == 0;
  bool nk = false;
  if (s1[0] == 0) {
    if (!beta_zero) check_scale(b, "beta", d);
  } else {  // one addmm_ per batch into the result
    if (d != b2.dtype()) rt("self and mat2 must have the same dtype");
    if (b1.dtype() != b2.dtype()) rt("mat1 and mat2 must have the same dtype");
    if (s1[2] == 0 && !beta_zero) check_scale(b, "beta", d);
    if (s1[1] * s2[2] != 0 && s1[2] != 0) refuse("addmm_impl_cpu_", d, &nk);
  }
  ContractPlan p = batch_sum_plan(P(b, "batch1"), b1, P(b, "batch2"), b2, d);
  p.no_half_kernel = nk;
  p.alpha = number_arg(b, "alpha", d);
  p.product = p.alpha != 0;
  add_term(p, P(b, "input"), self, number_arg(b, "beta", d));
  return p;
}

ContractPlan baddbmm_call(const Bound& b) {
  const Tensor &self = tensor_arg(b, "input"), &b1 = tensor_arg(b, "batch1"), &b2 = tensor_arg(b, "batch2");
  expand(self, {size_at(b1, 0), size_at(b1, 1), size_at(b2, 2)});
  const bool beta_zero = double_arg(b, "beta", 1) == 0;
  // bmm's checks; the result has batch2's dtype, input is copied into it
  const Shape &s1 = b1.shape(), &s2 = b2.shape();
  DType d = b2.dtype();
  bool nk = false;
  if (b1.dim() == 3 && b2.dim() == 3 && s2[0] == s1[0] && s2[1] == s1[2] && s1[0] * s1[1] * s2[2] != 0 && s1[2] == 0) {
    if (!beta_zero) check_scale(b, "beta", d);
  } else {
    d = bmm_check(s1, b1.dtype(), s2, b2.dtype(), "baddbmm", &nk);
  }
  ContractPlan p = product_plan(P(b, "batch1"), b1, P(b, "batch2"), b2, d);
  p.no_half_kernel = nk;
  p.alpha = number_arg(b, "alpha", d);
  p.product = p.alpha != 0;
  // PyTorch copies input into the result (of batch2's dtype) first; float16 without a kernel adds it in float
  add_term(p, P(b, "input"), self.dtype() == d || nk ? self : self.to(d), number_arg(b, "beta", d));
  return p;
}

// trace: the sum of the main diagonal; integers sum in int64, as torch.sum does. float16 and
// bfloat16 (no kernel in 1.13) sum in float and round once, as newer PyTorch does.
ContractPlan trace_call(const Bound& b) {
  const Tensor& x = tensor_arg(b, "input");
  bool nk = refuse("trace", x.dtype());
  nk = nk || x.dtype() == DType::BFloat16;
  if (x.dim() != 2) rt("trace: expected a matrix, but got tensor with dim " + S(x.dim()));
  ContractPlan p;
  p.no_half_kernel = nk;
  p.dtype = is_floating(x.dtype()) ? x.dtype() : DType::Int64;
  p.n_out = 0;
  const int l = add_letter(p, std::min(x.shape()[0], x.shape()[1]));
  add_operand(p, P(b, "input"), -1, x, {l, l});
  return p;
}

// kron: out[i·p + k][j·q + l] = input[i][j] · other[k][l] (any rank; the shorter one gets
// leading dims of size 1), in the promoted dtype.
ContractPlan kron_call(const Bound& b) {
  const Tensor &x = tensor_arg(b, "input"), &y = tensor_arg(b, "other");
  const int rank = std::max(x.dim(), y.dim());
  ContractPlan p;
  p.dtype = promoted(b, "input", "other");
  std::vector<int> dx, dy;
  for (int d = 0; d < rank; ++d) {
    const int ex = d - (rank - x.dim()), ey = d - (rank - y.dim());
    const std::int64_t nx = ex >= 0 ? x.shape()[std::size_t(ex)] : 1, ny = ey >= 0 ? y.shape()[std::size_t(ey)] : 1;
    const int lx = add_letter(p, nx), ly = add_letter(p, ny);
    if (ex >= 0) dx.push_back(lx);
    if (ey >= 0) dy.push_back(ly);
    p.shape.push_back(nx * ny);
  }
  p.n_out = int(p.size.size());
  add_operand(p, P(b, "input"), -1, x, dx);
  add_operand(p, P(b, "other"), -1, y, dy);
  return p;
}

// tensordot's dims argument, as torch.functional.tensordot reads it.
void tensordot_dims(const Value& dims, std::vector<std::int64_t>& da, std::vector<std::int64_t>& db,
                    const Value* lists[2]) {
  auto bad = [&]() {
    rt("tensordot expects dims to be int or Tuple[List[int], List[int]] or List[List[int]] containing two lists, but "
       "got dims=" +
       (dims.is<double>()        ? format_float(dims.as<double>(), DType::Float64)
        : dims.is<std::string>() ? dims.as<std::string>()
                                 : std::string("None")));
  };
  auto count = [&](std::int64_t n) {
    if (n < 0) rt("tensordot expects dims >= 0, but got dims=" + S(n));
    // Python builds range(-n, 0) and range(n) first: past about 2**31 that is its MemoryError.
    if (n >= (std::int64_t(1) << 31)) fail("MemoryError", "");
    // More dims than any tensor has: the first, -n, is out of the first tensor's range, and
    // is all the check reads (the lists are not built n long).
    if (n > kMaxRank) {
      da.push_back(-n);
      db.push_back(0);
      return;
    }
    for (std::int64_t i = -n; i < 0; ++i) da.push_back(i);
    for (std::int64_t i = 0; i < n; ++i) db.push_back(i);
  };
  if (dims.is<bool>()) return count(dims.as<bool>() ? 1 : 0);
  if (dims.is<std::int64_t>()) return count(dims.as<std::int64_t>());
  if (dims.is<Tensor>()) {
    const Tensor& t = dims.as<Tensor>();
    if (t.numel() > 1) fail("Unsupported", "tensordot with a tensor of dim lists is not supported by Whence yet");
    if (!is_floating(t.dtype())) return count(t.get(0).i);
    // dims.item() is a float: Python's int() of it, truncated, with Python's errors.
    const double v = t.get(0).as_double();
    if (std::isnan(v)) fail("ValueError", "cannot convert float NaN to integer");
    if (std::isinf(v)) fail("OverflowError", "cannot convert float infinity to integer");
    if (std::fabs(v) >= 9223372036854775808.0) fail("OverflowError", "Python int too large to convert to C ssize_t");
    if (v < 0) rt("tensordot expects dims >= 0, but got dims=" + format_float(v, DType::Float64));
    return count(std::int64_t(v));
  }
  if (!dims.is<List>()) bad();
  const List& l = dims.as<List>();
  if (l.size() != 2)
    fail("ValueError", l.size() > 2
                           ? "too many values to unpack (expected 2)"
                           : "not enough values to unpack (expected 2, got " + S(std::int64_t(l.size())) + ")");
  lists[0] = &l[0];
  lists[1] = &l[1];
}

ContractPlan tensordot_call(const Bound& b) {
  std::vector<std::int64_t> da, db;
  const Value* lists[2] = {nullptr, nullptr};
  tensordot_dims(arg(b, "dims"), da, db, lists);
  // then torch._VF.tensordot(a, b, dims_a, dims_b) binds its arguments
  for (const char* name : {"a", "b"})
    if (!arg(b, name).is<Tensor>())
      fail("TypeError", std::string("tensordot(): argument '") +
                            (name[0] == 'a' ? "input' (position 1)" : "other' (position 2)") + " must be Tensor, not " +
                            python_type_name(arg(b, name)));
  auto int_list = [](const Value& v, std::vector<std::int64_t>& out, const char* name, int pos) {
    bool ok = v.is<List>();
    if (ok)
      for (const Value& x : v.as<List>()) ok = ok && x.is<std::int64_t>();
    if (!ok)
      fail("TypeError", std::string("tensordot(): argument '") + name + "' (position " + S(pos) +
                            ") must be tuple of ints, not " + python_type_name(v));
    for (const Value& x : v.as<List>()) out.push_back(x.as<std::int64_t>());
  };
  if (lists[0]) {
    int_list(*lists[0], da, "dims_self", 3);
    int_list(*lists[1], db, "dims_other", 4);
  }
  const Tensor &x = tensor_arg(b, "a"), &y = tensor_arg(b, "b");
  if (da.size() != db.size()) rt("both dimension lists should have same length");
  DType d1 = x.dtype(), d2 = y.dtype();
  std::vector<int> lx(std::size_t(x.dim()), -1), ly(std::size_t(y.dim()), -1);
  std::vector<std::int64_t> csizes;
  std::int64_t csize = 1;
  for (std::size_t i = 0; i < da.size(); ++i) {
    const std::int64_t s1 = size_at(x, da[i]), s2 = size_at(y, db[i]);
    if (s2 == 1) {  // summed right away (a broadcast): the sum promotes integers to int64
      if (is_integral(d1, true)) d1 = DType::Int64;
    } else if (s1 == 1) {
      if (is_integral(d2, true)) d2 = DType::Int64;
    } else if (s1 != s2) {
      rt("contracted dimensions need to match, but first has size " + S(s1) + " in dim " + S(da[i]) +
         " and second has size " + S(s2) + " in dim " + S(db[i]));
    } else {
      csize *= s1;
    }
    csizes.push_back(s1 == 1 ? s2 : s1);  // a size-1 side broadcasts, to a size of 0 too
  }
  auto bitset = [](const std::vector<std::int64_t>& dims, int rank) {
    std::vector<int> seen(std::size_t(std::max(rank, 1)), 0);
    for (std::int64_t dd : dims) {
      const std::int64_t w = wrap_dim(dd, rank);
      if (seen[std::size_t(w)]++) rt("dim " + S(w) + " appears multiple times in the list of dims");
    }
  };
  bitset(da, x.dim());
  bitset(db, y.dim());
  ContractPlan p;
  std::int64_t size1 = 1, size2 = 1;
  std::vector<bool> cx(std::size_t(x.dim()), false), cy(std::size_t(y.dim()), false);
  for (std::int64_t dd : da) cx[std::size_t(wrap_dim(dd, x.dim()))] = true;
  for (std::int64_t dd : db) cy[std::size_t(wrap_dim(dd, y.dim()))] = true;
  for (int d = 0; d < x.dim(); ++d)
    if (!cx[std::size_t(d)])
      lx[std::size_t(d)] = add_letter(p, x.shape()[std::size_t(d)]), size1 *= x.shape()[std::size_t(d)],
      p.shape.push_back(x.shape()[std::size_t(d)]);
  for (int d = 0; d < y.dim(); ++d)
    if (!cy[std::size_t(d)])
      ly[std::size_t(d)] = add_letter(p, y.shape()[std::size_t(d)]), size2 *= y.shape()[std::size_t(d)],
      p.shape.push_back(y.shape()[std::size_t(d)]);
  p.n_out = int(p.size.size());
  for (std::size_t i = 0; i < da.size(); ++i) {
    const int l = add_letter(p, csizes[i]);
    lx[std::size_t(wrap_dim(da[i], x.dim()))] = l;
    ly[std::size_t(wrap_dim(db[i], y.dim()))] = l;
  }
  p.dtype = mm_check({size1, csize}, d1, {csize, size2}, d2, &p.no_half_kernel);
  add_operand(p, P(b, "a"), -1, x, lx);
  add_operand(p, P(b, "b"), -1, y, ly);
  return p;
}

// --- einsum: PyTorch 1.13's parser, checks and contraction order --------------------------------

DType sum_dtype(DType d) { return is_integral(d, true) ? DType::Int64 : d; }

// An operand as einsum's contraction loop sees it: sizes over the permuted dims, dtype.
struct EinsumOp {
  std::vector<std::int64_t> size;
  DType dtype;
};

// An einsum operand: its argument (parameter, list item), tensor and name in equations.
struct EinsumArg {
  int param, item;
  Tensor t;
  std::string label;
};

// torch.einsum's native part over operands already checked to be tensors.
ContractPlan einsum_core(const std::string& eq, const std::vector<EinsumArg>& in) {
  const std::size_t num_ops = in.size();
  auto op = [&](std::size_t i) -> const Tensor& { return in[i].t; };
  constexpr int kEll = 52;
  auto sub = [](char c) { return std::isupper(static_cast<unsigned char>(c)) ? c - 'A' : c - 'a' + 26; };
  auto label = [](int s) { return std::string(1, char(s < 26 ? 'A' + s : 'a' + s - 26)); };
  const std::size_t arrow = eq.find("->");
  const std::string lhs = eq.substr(0, arrow);
  std::vector<std::vector<int>> op_labels(num_ops);
  bool ell_in_input = false;
  std::size_t cur = 0;
  for (std::size_t i = 0; i < lhs.size(); ++i) {
    const char c = lhs[i];
    if (c == ' ') continue;
    if (c == '.') {
      if (ell_in_input)
        rt("einsum(): found '.' for operand " + S(std::int64_t(cur)) + " for which an ellipsis was already found");
      if (!(i + 2 < lhs.size() && lhs[++i] == '.' && lhs[++i] == '.'))
        rt("einsum(): found '.' for operand " + S(std::int64_t(cur)) + " that is not part of any ellipsis");
      op_labels[cur].push_back(kEll);
      ell_in_input = true;
    } else if (c == ',') {
      ++cur;
      if (cur >= num_ops) rt("einsum(): fewer operands were provided than specified in the equation");
      ell_in_input = false;
    } else {
      if (!std::isalpha(static_cast<unsigned char>(c)))
        rt("einsum(): invalid subscript given at index " + S(std::int64_t(i)) +
           " in the equation string, subscripts must be in [a-zA-Z]");
      op_labels[cur].push_back(sub(c));
    }
  }
  if (cur != num_ops - 1) rt("einsum(): more operands were provided than specified in the equation");
  std::vector<std::int64_t> label_count(52, 0);
  std::int64_t ell_num_dim = 0;
  for (std::size_t i = 0; i < num_ops; ++i) {
    std::int64_t nlabels = std::int64_t(op_labels[i].size());
    bool has_ell = false;
    for (int l : op_labels[i]) {
      if (l == kEll) {
        --nlabels;
        has_ell = true;
        ell_num_dim = std::max(ell_num_dim, std::int64_t(op(i).dim()) - nlabels);
      } else {
        ++label_count[std::size_t(l)];
      }
    }
    if (has_ell ? nlabels > op(i).dim() : nlabels != op(i).dim())
      rt("einsum(): the number of subscripts in the equation (" + S(nlabels) +
         (has_ell ? ") is more than" : ") does not match") + " the number of dimensions (" + S(op(i).dim()) +
         ") for operand " + S(std::int64_t(i)) + (has_ell ? "" : " and no ellipsis was given"));
  }
  std::vector<std::int64_t> perm_of(52, -1);
  std::int64_t perm_index = 0, ell_index = 0;
  bool ell_in_output = false;
  if (arrow == std::string::npos) {
    perm_index = ell_num_dim;
    ell_in_output = true;
    for (int l = 0; l < 52; ++l)
      if (label_count[std::size_t(l)] == 1) perm_of[std::size_t(l)] = perm_index++;
  } else {
    const std::string rhs = eq.substr(arrow + 2);
    for (std::size_t i = 0; i < rhs.size(); ++i) {
      const char c = rhs[i];
      if (c == ' ') continue;
      if (c == '.') {
        if (ell_in_output) rt("einsum(): found '.' for output but an ellipsis (...) was already found");
        if (!(i + 2 < rhs.size() && rhs[++i] == '.' && rhs[++i] == '.'))
          rt("einsum(): found '.' for output that is not part of any ellipsis (...)");
        ell_index = perm_index;
        perm_index += ell_num_dim;
        ell_in_output = true;
      } else {
        if (!std::isalpha(static_cast<unsigned char>(c)))
          rt("einsum(): invalid subscript given at index " + S(std::int64_t(lhs.size() + 2 + i)) +
             " in the equation string, subscripts must be in [a-zA-Z]");
        const int l = sub(c);
        if (!(label_count[std::size_t(l)] > 0 && perm_of[std::size_t(l)] == -1))
          rt(std::string("einsum(): output subscript ") + c +
             (perm_of[std::size_t(l)] > -1 ? " appears more than once in the output"
                                           : " does not appear in the equation for any input operand"));
        perm_of[std::size_t(l)] = perm_index++;
      }
    }
  }
  const std::int64_t out_size = perm_index;
  if (!ell_in_output) {
    ell_index = perm_index;
    perm_index += ell_num_dim;
  }
  for (int l = 0; l < 52; ++l)
    if (label_count[std::size_t(l)] > 0 && perm_of[std::size_t(l)] == -1) perm_of[std::size_t(l)] = perm_index++;
  // sizes, diagonals, broadcasting: each operand's dims mapped to the permuted dims
  std::vector<std::int64_t> label_size(52, 1), ell_sizes(std::size_t(ell_num_dim), 1),
      dim_counts(std::size_t(perm_index), 0);
  std::vector<std::vector<int>> dims_of(num_ops);
  std::vector<EinsumOp> ops;
  for (std::size_t i = 0; i < num_ops; ++i) {
    const Tensor& t = op(i);
    std::vector<std::int64_t> perm(std::size_t(perm_index), -1);
    EinsumOp e{std::vector<std::int64_t>(std::size_t(perm_index), 1), t.dtype()};
    std::int64_t dim = 0;
    for (int l : op_labels[i]) {
      if (l == kEll) {
        const std::int64_t ndim = t.dim() - (std::int64_t(op_labels[i].size()) - 1);
        for (std::int64_t j = ell_num_dim - ndim; j < ell_num_dim; ++j) {
          const std::int64_t n = t.shape()[std::size_t(dim)];
          if (n != 1) {
            if (!(ell_sizes[std::size_t(j)] == 1 || ell_sizes[std::size_t(j)] == n))
              rt("einsum(): dimension " + S(dim) + " covered by ellipsis in operand " + S(std::int64_t(i)) +
                 "has size " + S(n) + " which does not broadcast with previously seen ellipsis with size " +
                 S(ell_sizes[std::size_t(j)]) + " for the respective dimension");
            ell_sizes[std::size_t(j)] = n;
            ++dim_counts[std::size_t(ell_index + j)];
          }
          perm[std::size_t(ell_index + j)] = dim;
          e.size[std::size_t(ell_index + j)] = n;
          dims_of[i].push_back(int(ell_index + j));
          ++dim;
        }
      } else if (perm[std::size_t(perm_of[std::size_t(l)])] == -1) {
        const std::int64_t n = t.shape()[std::size_t(dim)];
        if (n != 1) {
          if (!(label_size[std::size_t(l)] == 1 || label_size[std::size_t(l)] == n))
            rt("einsum(): subscript " + label(l) + " has size " + S(n) + " for operand " + S(std::int64_t(i)) +
               " which does not broadcast with previously seen size " + S(label_size[std::size_t(l)]));
          label_size[std::size_t(l)] = n;
          ++dim_counts[std::size_t(perm_of[std::size_t(l)])];
        }
        perm[std::size_t(perm_of[std::size_t(l)])] = dim;
        e.size[std::size_t(perm_of[std::size_t(l)])] = n;
        dims_of[i].push_back(int(perm_of[std::size_t(l)]));
        ++dim;
      } else {  // a repeated label: the diagonal
        const std::int64_t prev = perm[std::size_t(perm_of[std::size_t(l)])];
        const std::int64_t n = t.shape()[std::size_t(dim)], m = t.shape()[std::size_t(prev)];
        if (n != m)
          rt("einsum(): subscript " + label(l) + " is repeated for operand " + S(std::int64_t(i)) +
             " but the sizes don't match, " + S(n) + " != " + S(m));
        dims_of[i].push_back(int(perm_of[std::size_t(l)]));
        ++dim;
      }
    }
    ops.push_back(e);
  }
  // the letters: every permuted dim, its size the broadcast one
  ContractPlan p;
  std::vector<std::int64_t> letter_size(std::size_t(perm_index), 1);
  for (const auto& e : ops)
    for (std::size_t d = 0; d < e.size.size(); ++d)
      if (e.size[d] != 1) letter_size[d] = e.size[d];
  for (std::int64_t d = 0; d < perm_index; ++d) add_letter(p, letter_size[std::size_t(d)]);
  p.letters.assign(std::size_t(perm_index), "");
  for (int l = 0; l < 52; ++l)
    if (perm_of[std::size_t(l)] >= 0) p.letters[std::size_t(perm_of[std::size_t(l)])] = label(l);
  for (std::int64_t j = 0; j < ell_num_dim; ++j) p.letters[std::size_t(ell_index + j)] = "…" + S(j);
  p.n_out = int(out_size);
  p.sum_form = true;
  for (std::int64_t d = 0; d < out_size; ++d) p.shape.push_back(letter_size[std::size_t(d)]);
  bool empty = false;
  for (std::size_t i = 0; i < num_ops; ++i) {
    add_operand(p, in[i].param, in[i].item, op(i), dims_of[i], in[i].label);
    empty = empty || op(i).numel() == 0;
  }
  // the dtype, and the errors of the kernels PyTorch runs: sum, mul or bmm, left to right
  if (empty) {  // zeros of the first operand's dtype
    p.dtype = ops[0].dtype;
    p.product = false;
    return p;
  }
  if (num_ops == 1) {
    p.dtype = perm_index > out_size ? sum_dtype(ops[0].dtype) : ops[0].dtype;
    return p;
  }
  std::deque<EinsumOp> queue(ops.begin(), ops.end());
  while (queue.size() > 1) {
    EinsumOp a = queue[0], c = queue[1];
    queue.pop_front();
    queue.pop_front();
    std::vector<std::int64_t> sum_dims;
    bool a_sums = false, c_sums = false;
    for (std::int64_t d = out_size; d < perm_index; ++d) {
      const std::size_t u = std::size_t(d);
      if (a.size[u] != 1 && c.size[u] != 1) {
        if (--dim_counts[u] == 1) {
          sum_dims.push_back(d);
          dim_counts[u] = 0;
        }
      } else if (dim_counts[u] == 1) {
        if (a.size[u] != 1) {
          a.size[u] = 1, a_sums = true;
          dim_counts[u] = 0;
        } else if (c.size[u] != 1) {
          c.size[u] = 1, c_sums = true;
          dim_counts[u] = 0;
        }
      }
    }
    if (a_sums) a.dtype = sum_dtype(a.dtype);
    if (c_sums) c.dtype = sum_dtype(c.dtype);
    EinsumOp r{std::vector<std::int64_t>(std::size_t(perm_index), 1), a.dtype};
    if (sum_dims.empty()) {  // mul
      r.dtype = perm_index == 0 ? promote_types(a.dtype, c.dtype)
                                : result_type({PromotionOperand{a.dtype, OperandRank::Dimensioned},
                                               PromotionOperand{c.dtype, OperandRank::Dimensioned}});
      for (std::size_t d = 0; d < r.size.size(); ++d) r.size[d] = std::max(a.size[d], c.size[d]);
    } else {  // bmm of [lro, lo, sum] and [lro, sum, ro]
      std::int64_t lro = 1, lo = 1, ro = 1, sum = 1;
      for (std::size_t d = 0; d < r.size.size(); ++d) {
        const bool sl = a.size[d] != 1, sr = c.size[d] != 1;
        const bool summed = std::find(sum_dims.begin(), sum_dims.end(), std::int64_t(d)) != sum_dims.end();
        if (summed) {
          if (sl && sr)
            sum *= a.size[d];
          else if (sl)
            a.dtype = sum_dtype(a.dtype);
          else if (sr)
            c.dtype = sum_dtype(c.dtype);
        } else if (sl && sr) {
          lro *= a.size[d], r.size[d] = a.size[d];
        } else if (sl) {
          lo *= a.size[d], r.size[d] = a.size[d];
        } else {
          ro *= c.size[d], r.size[d] = c.size[d];
        }
      }
      r.dtype = bmm_check({lro, lo, sum}, a.dtype, {lro, sum, ro}, c.dtype, "bmm", &p.no_half_kernel);
    }
    queue.push_front(r);
  }
  p.dtype = queue[0].dtype;
  return p;
}

ContractPlan einsum_call(const Bound& b) {
  const List& args = arg(b, "args").as<List>();
  if (args.size() < 2)
    fail("ValueError",
         "einsum(): must specify the equation string and at least one operand, or at least one operand and its "
         "subscripts list");
  if (args[0].is<Tensor>()) {  // the sublist format: operands at even places, then the output's sublist
    const std::string eq = einsum_sublist_equation(args);
    std::vector<EinsumArg> in;
    for (std::size_t i = 0; i + (args.size() % 2) < args.size(); i += 2) {
      if (!args[i].is<Tensor>())
        fail("TypeError", "expected Tensor as element " + S(std::int64_t(i / 2)) + " in argument 1, but got " +
                              python_type_name(args[i]));
      in.push_back(EinsumArg{P(b, "args"), int(i), args[i].as<Tensor>(), "operands[" + S(std::int64_t(i / 2)) + "]"});
    }
    return einsum_core(eq, in);
  }
  if (args.size() == 2 && args[1].is<List>())
    fail("Unsupported",
         "einsum with the operands as one list is not supported by Whence yet: pass them as separate arguments");
  if (!args[0].is<std::string>())
    fail("TypeError", "einsum(): argument 'equation' (position 1) must be str, not " + python_type_name(args[0]));
  std::vector<EinsumArg> in;
  for (std::size_t i = 1; i < args.size(); ++i) {
    if (!args[i].is<Tensor>())
      fail("TypeError", "expected Tensor as element " + S(std::int64_t(i - 1)) + " in argument 1, but got " +
                            python_type_name(args[i]));
    in.push_back(EinsumArg{P(b, "args"), int(i), args[i].as<Tensor>(), "operands[" + S(std::int64_t(i - 1)) + "]"});
  }
  return einsum_core(args[0].as<std::string>(), in);
}

// bilinear: out[..., o] = Σ_i Σ_j input1[..., i]·weight[o][i][j]·input2[..., j] (+ bias[o]);
// PyTorch's _trilinear runs the same pairwise bmm steps as einsum('...i,oij,...j->...o').
ContractPlan bilinear_call(const Bound& b) {
  const Tensor &x1 = tensor_arg(b, "input1"), &x2 = tensor_arg(b, "input2"), &w = tensor_arg(b, "weight");
  if (x1.dim() != x2.dim()) rt("bilinear(): input dimensions do not match: got " + S(x1.dim()) + " and " + S(x2.dim()));
  for (int i = 0; i + 1 < x1.dim(); ++i)
    if (x1.shape()[std::size_t(i)] != x2.shape()[std::size_t(i)])
      rt("bilinear(): input batch dimensions do not match at dim " + S(i) + ": got " + S(x1.shape()[std::size_t(i)]) +
         " and " + S(x2.shape()[std::size_t(i)]));
  if (size_at(x1, x1.dim() - 1) != size_at(w, 1))
    rt("bilinear(): input1 size does not match weight size: got " + S(size_at(x1, x1.dim() - 1)) + " but expected " +
       S(size_at(w, 1)));
  if (size_at(x2, x2.dim() - 1) != size_at(w, 2))
    rt("bilinear(): input2 size does not match weight size: got " + S(size_at(x2, x2.dim() - 1)) + " but expected " +
       S(size_at(w, 2)));
  const bool bias = tensor_given(b, "bias");
  if (bias && size_at(tensor_arg(b, "bias"), 0) != w.shape()[0])
    rt("bilinear(): bias size does not match weight size: got " + S(size_at(tensor_arg(b, "bias"), 0)) +
       " but expected " + S(w.shape()[0]));
  if (w.dim() != 3) rt("bilinear(): weight must be 3-D, got " + S(w.dim()) + "-D");
  ContractPlan p = einsum_core("...i,oij,...j->...o",
                               {EinsumArg{P(b, "input1"), -1, x1, "input1"}, EinsumArg{P(b, "weight"), -1, w, "weight"},
                                EinsumArg{P(b, "input2"), -1, x2, "input2"}});
  p.sum_form = false;
  if (bias) {  // output + bias: the dtypes promote
    const Tensor& bt = tensor_arg(b, "bias");
    const Shape full = broadcast_shapes(p.shape, bt.shape());
    if (full != p.shape)
      rt("output with shape " + shape_str(p.shape) + " doesn't match the broadcast shape " + shape_str(full));
    p.product_dtype = p.dtype;
    p.dtype = result_type({PromotionOperand{p.dtype, OperandRank::Dimensioned}, *promotion_operand(arg(b, "bias"))});
    p.round_product = p.dtype != p.product_dtype && is_floating(p.product_dtype) && !p.no_half_kernel;
    add_term(p, P(b, "bias"), bt, 1);
  }
  return p;
}

// linalg.multi_dot over tensors (param, item, tensor): 1-D ends are a row and a column.
ContractPlan multi_dot_plan(const std::vector<EinsumArg>& ts) {
  const std::size_t n = ts.size();
  if (n < 2) rt("multi_dot(): expected at least 2 tensors but got " + S(std::int64_t(n)));
  std::vector<Shape> m(n);
  Shape out;
  const Tensor &first = ts[0].t, &last = ts[n - 1].t;
  if (first.dim() == 1)
    m[0] = {1, first.shape()[0]};
  else if (first.dim() == 2)
    m[0] = first.shape(), out.push_back(first.shape()[0]);
  else
    rt("multi_dot(): the first tensor must be 1D or 2D but got " + S(first.dim()) + "D");
  if (last.dim() == 1)
    m[n - 1] = {last.shape()[0], 1};
  else if (last.dim() == 2)
    m[n - 1] = last.shape(), out.push_back(last.shape()[1]);
  else
    rt("multi_dot(): the last tensor must be 1D or 2D but got " + S(last.dim()) + "D");
  for (std::size_t i = 1; i + 1 < n; ++i) {
    if (ts[i].t.dim() != 2)
      rt("multi_dot(): tensor " + S(std::int64_t(i)) + " must be 2D but got " + S(ts[i].t.dim()) + "D");
    m[i] = ts[i].t.shape();
  }
  const DType d = first.dtype();
  for (std::size_t i = 1; i < n; ++i) {
    if (ts[i].t.dtype() != d)
      rt(std::string("multi_dot(): all tensors must have be the same dtype but tensor 0 is ") + dtype_meta_name(d) +
         " and tensor " + S(std::int64_t(i)) + " " + dtype_meta_name(ts[i].t.dtype()));
    if (m[i - 1][1] != m[i][0])
      rt("multi_dot(): tensors " + S(std::int64_t(i - 1)) + " and " + S(std::int64_t(i)) + " with shapes " +
         shape_str(ts[i - 1].t.shape()) + " and " + shape_str(ts[i].t.shape()) + " cannot be multiplied");
  }
  // the mm calls in PyTorch's order (their refusals of bool; float16 computed as newer PyTorch does)
  std::vector<std::int64_t> dims(n + 1);
  for (std::size_t i = 0; i < n; ++i) dims[i] = m[i][0];
  dims[n] = m[n - 1][1];
  std::vector<std::vector<std::size_t>> split(n, std::vector<std::size_t>(n, 0));
  if (n == 3) {
    const std::int64_t a = dims[0], bb = dims[1], c = dims[2], e = dims[3];
    split[0][2] = (a * c) * (bb + e) > (bb * e) * (a + c) ? 0 : 1;
  } else if (n > 3) {
    std::vector<std::vector<std::int64_t>> cost(n, std::vector<std::int64_t>(n, 0));
    for (std::size_t l = 1; l < n; ++l)
      for (std::size_t i = 0; i + l < n; ++i) {
        const std::size_t j = i + l;
        cost[i][j] = INT64_MAX;
        for (std::size_t k = i; k < j; ++k) {
          const std::int64_t q = cost[i][k] + cost[k + 1][j] + dims[i] * dims[k + 1] * dims[j + 1];
          if (q < cost[i][j]) cost[i][j] = q, split[i][j] = k;
        }
      }
  }
  bool no_kernel = false;
  auto chain = [&](auto&& self, std::size_t i, std::size_t j) -> Shape {
    if (i == j) return m[i];
    const std::size_t k = j == i + 1 ? i : split[i][j];
    const Shape l = self(self, i, k), r = self(self, k + 1, j);
    mm_check(l, d, r, d, &no_kernel);
    return {l[0], r[1]};
  };
  chain(chain, 0, n - 1);
  ContractPlan p;
  p.dtype = d;
  p.no_half_kernel = no_kernel;
  std::vector<int> letter(n + 1);
  letter[0] = add_letter(p, dims[0]);
  letter[n] = add_letter(p, dims[n]);
  p.n_out = 2;
  for (std::size_t i = 1; i < n; ++i) letter[i] = add_letter(p, dims[i]);
  for (std::size_t i = 0; i < n; ++i) {
    const std::vector<int> ld = ts[i].t.dim() == 2 ? std::vector<int>{letter[i], letter[i + 1]}
                                : i == 0           ? std::vector<int>{letter[1]}  // a row vector
                                                   : std::vector<int>{letter[n - 1]};       // a column vector
    add_operand(p, ts[i].param, ts[i].item, ts[i].t, ld, ts[i].label);
  }
  p.shape = out;
  // PyTorch rounds each intermediate product to the dtype: the engine follows the same order
  // (float16 without a kernel: in float, rounded once)
  p.chain_split.assign(n * n, 0);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j) p.chain_split[i * n + j] = j == i + 1 ? i : split[i][j];
  return p;
}

ContractPlan multi_dot_call(const Bound& b) {
  const List& l = arg(b, "tensors").as<List>();
  std::vector<EinsumArg> ts;
  for (std::size_t i = 0; i < l.size(); ++i) ts.push_back(EinsumArg{P(b, "tensors"), int(i), l[i].as<Tensor>(), ""});
  return multi_dot_plan(ts);
}

// chain_matmul(*matrices): every one 2-D; one matrix is copied; else linalg.multi_dot.
ContractPlan chain_matmul_call(const Bound& b) {
  const List& l = arg(b, "matrices").as<List>();
  std::vector<EinsumArg> ts;
  for (std::size_t i = 0; i < l.size(); ++i) {
    const Tensor& t = l[i].as<Tensor>();
    if (t.dim() != 2) rt("Tensor dimension is " + S(t.dim()) + ", expected 2 instead.");
    ts.push_back(EinsumArg{P(b, "matrices"), int(i), t, ""});
  }
  if (ts.empty()) rt("chain_matmul(): Expected one or more matrices");
  if (ts.size() == 1) {  // a copy
    ContractPlan p;
    p.dtype = ts[0].t.dtype();
    const int i = add_letter(p, ts[0].t.shape()[0]), j = add_letter(p, ts[0].t.shape()[1]);
    p.n_out = 2;
    add_operand(p, ts[0].param, ts[0].item, ts[0].t, {i, j});
    p.shape = ts[0].t.shape();
    return p;
  }
  return multi_dot_plan(ts);
}

// --- cross: out[i] = input[i+1]·other[i+2] − input[i+2]·other[i+1] along a dim of size 3 ----------
// (two products with opposite signs: not a plan of the engine, its own small run/explain/equation)

struct CrossState {
  Shape shape;
  int dim = 0;
  DType dtype = DType::Float32;
  bool no_half_kernel = false;  // float16 (no kernel in 1.13): the two products in float, rounded once
};

CrossState cross_prepare(const Bound& b) {
  const Tensor &x = tensor_arg(b, "input"), &y = tensor_arg(b, "other");
  std::int64_t dim = -1;
  if (arg(b, "dim").is<None>()) {  // torch.cross: the first dim of size 3 of input
    dim = -2;
    for (int d = 0; d < x.dim() && dim == -2; ++d)
      if (x.shape()[std::size_t(d)] == 3) dim = d;
    if (dim == -2) rt("no dimension of size 3 in input");
  } else {
    dim = int_arg(b, "dim", -1);
  }
  if (x.dim() != y.dim()) rt("linalg.cross: inputs must have the same number of dimensions.");
  const std::int64_t nx = size_at(x, dim), ny = size_at(y, dim);
  if (nx != 3 || ny != 3)
    rt("linalg.cross: inputs dimension " + S(dim) + " must have length 3. Got " + S(nx) + " and " + S(ny));
  CrossState st;
  st.shape = broadcast_shapes(x.shape(), y.shape());
  st.dim = int(wrap_dim(dim, x.dim()));
  st.no_half_kernel = refuse("cross", x.dtype());
  same_scalar(x.dtype(), y.dtype());
  st.dtype = x.dtype();
  return st;
}

// Output element k with its coordinate along dim replaced by c: the flat index of each operand.
std::int64_t cross_at(const Tensor& t, const CrossState& st, std::int64_t k, int c) {
  std::int64_t inner = 1;
  for (std::size_t d = std::size_t(st.dim) + 1; d < st.shape.size(); ++d) inner *= st.shape[d];
  const std::int64_t now = (k / inner) % 3;
  return broadcast_flat(t.shape(), st.shape, k + (c - now) * inner);
}

// The four elements out[k] reads: input[j], other[l], input[l], other[j] (j, l the next two).
std::vector<Source> cross_sources(const Bound& b, const CrossState& st, std::int64_t k) {
  const Tensor &x = tensor_arg(b, "input"), &y = tensor_arg(b, "other");
  std::int64_t inner = 1;
  for (std::size_t d = std::size_t(st.dim) + 1; d < st.shape.size(); ++d) inner *= st.shape[d];
  const int c = int((k / inner) % 3), j = (c + 1) % 3, l = (c + 2) % 3;
  return {source(b, "input", cross_at(x, st, k, j)), source(b, "other", cross_at(y, st, k, l)),
          source(b, "input", cross_at(x, st, k, l)), source(b, "other", cross_at(y, st, k, j))};
}

OpResult cross_run(const Bound& b) {
  CrossState st = cross_prepare(b);
  check_limits(st.shape);
  const Tensor &x = tensor_arg(b, "input"), &y = tensor_arg(b, "other");
  const std::int64_t n = shape_numel(st.shape);
  const bool floating = is_floating(st.dtype);
  const Tensor xw = x.to(floating ? DType::Float64 : DType::Int64), yw = y.to(floating ? DType::Float64 : DType::Int64);
  Tensor out = Tensor::empty(floating ? DType::Float64 : DType::Int64, st.shape);
  for (std::int64_t k = 0; k < n; ++k) {
    const auto s = cross_sources(b, st, k);
    if (floating) {
      const double* a = xw.data<double>();
      const double* o = yw.data<double>();
      const double p1 = a[s[0].flat] * o[s[1].flat], p2 = a[s[2].flat] * o[s[3].flat];
      out.data<double>()[k] = st.no_half_kernel ? p1 - p2 : round_to_dtype(p1, st.dtype) - round_to_dtype(p2, st.dtype);
    } else {
      const auto* a = reinterpret_cast<const std::uint64_t*>(xw.data<std::int64_t>());
      const auto* o = reinterpret_cast<const std::uint64_t*>(yw.data<std::int64_t>());
      out.data<std::int64_t>()[k] = std::int64_t(a[s[0].flat] * o[s[1].flat] - a[s[2].flat] * o[s[3].flat]);
    }
  }
  OpResult r;
  r.tensors.push_back(out.to(st.dtype));
  keep_prepared(b, r, st);
  return r;
}

std::vector<Source> cross_explain(const Bound& b, const OpResult& r, int, std::int64_t k) {
  return cross_sources(b, prepared_for(b, r, cross_prepare), k);
}

std::string cross_equation(const Bound& b, const OpResult& r, int, std::int64_t k, const std::vector<Source>& s) {
  auto w = [](const std::string& v) { return !v.empty() && v[0] == '-' ? "(" + v + ")" : v; };
  return out_ref(r, 0, k) + " = " + source_ref(b, s[0]) + "·" + source_ref(b, s[1]) + " − " + source_ref(b, s[2]) +
         "·" + source_ref(b, s[3]) + " = " + w(source_value(b, s[0])) + "·" + w(source_value(b, s[1])) + " − " +
         w(source_value(b, s[2])) + "·" + w(source_value(b, s[3])) + " = " + format_scalar(r.tensors[0].get(k));
}

}  // namespace

void add_contraction_ops(std::vector<const OpDescriptor*>& t) {
  const char* pair = "input:Tensor other:Tensor * out:Out";
  add_op(t, contraction_op("torch.matmul torch.Tensor.matmul torch.linalg.matmul",
                           "The matrix product, generalized: vectors are treated as a row or column, extra leading "
                           "dims are batches that broadcast.",
                           "torch.matmul(torch.tensor([[1, 2], [3, 4]]), torch.tensor([[5, 6], [7, 8]]))", pair,
                           matmul_call));
  add_op(t, contraction_op("torch.Tensor.__matmul__", "Python's a @ b on tensors: the matrix product (torch.matmul).",
                           "torch.tensor([[1, 2], [3, 4]]) @ torch.tensor([[1, 0], [1, 1]])",
                           "input:Tensor other:Tensor", matmul_call));
  add_op(t, contraction_op("torch.Tensor.__rmatmul__",
                           "Python's a @ b where a is not a tensor's own @: b's reflected matrix product, a @ b.",
                           "torch.tensor([[1, 0], [1, 1]]).__rmatmul__(torch.tensor([[1, 2], [3, 4]]))",
                           "input:Tensor other:Tensor", rmatmul_call));
  add_op(t, contraction_op("torch.mm torch.Tensor.mm",
                           "The product of two matrices: each output element is a row of input times a column of mat2.",
                           "torch.mm(torch.tensor([[1, 2], [3, 4]]), torch.tensor([[10, 20, 30], [1, 2, 3]]))",
                           "input:Tensor mat2:Tensor * out:Out", mm_call));
  add_op(t, contraction_op("torch.bmm torch.Tensor.bmm",
                           "A batch of matrix products: matrix b of input times matrix b of mat2, for every b.",
                           "torch.bmm(torch.tensor([[[1, 2]], [[3, 4]]]), torch.tensor([[[1], [1]], [[10], [100]]]))",
                           "input:Tensor mat2:Tensor * out:Out", bmm_call));
  add_op(t, contraction_op("torch.mv torch.Tensor.mv",
                           "A matrix times a vector: each output element is one row of the matrix dotted with vec.",
                           "torch.mv(torch.tensor([[1, 2, 3], [4, 5, 6]]), torch.tensor([1, 10, 100]))",
                           "input:Tensor vec:Tensor * out:Out", mv_call));
  add_op(t, contraction_op("torch.dot torch.Tensor.dot",
                           "The dot product of two 1-D tensors: multiply matching elements and add them up.",
                           "torch.dot(torch.tensor([1, 2, 3]), torch.tensor([10, 20, 30]))",
                           "input:Tensor tensor:Tensor * out:Out", dot_call));
  add_op(t,
         contraction_op("torch.vdot torch.Tensor.vdot",
                        "The dot product with the first vector conjugated; for real tensors the same as dot.",
                        "torch.vdot(torch.tensor([1.0, 2.0, 3.0]), torch.tensor([1.0, 0.0, -1.0]))", pair, dot_call));
  add_op(t, contraction_op("torch.inner torch.Tensor.inner",
                           "Dot products of every last-dim vector of input with every last-dim vector of other.",
                           "torch.inner(torch.tensor([[1, 2], [3, 4]]), torch.tensor([[1, 0], [0, 1], [1, 1]]))", pair,
                           inner_call));
  add_op(t,
         contraction_op("torch.outer torch.Tensor.outer torch.ger torch.Tensor.ger",
                        "The outer product of two vectors: out[i][j] = input[i] · vec2[j], every pair, nothing summed.",
                        "torch.outer(torch.tensor([1, 2, 3]), torch.tensor([1, 10]))",
                        "input:Tensor vec2:Tensor * out:Out", outer_call));
  add_op(t, contraction_op("torch.linalg.vecdot",
                           "Dot products along one dim (the last by default), with the other dims broadcast.",
                           "torch.linalg.vecdot(torch.tensor([[1.0, 2.0], [3.0, 4.0]]), torch.tensor([1.0, 10.0]))",
                           "x:Tensor y:Tensor * dim:Int=-1 out:Out", vecdot_call));
  add_op(t, contraction_op("torch.nn.functional.linear",
                           "A fully connected layer: input times weight transposed, plus bias: out[n][o] = Σ_k "
                           "input[n][k]·weight[o][k] + bias[o].",
                           "torch.nn.functional.linear(torch.tensor([[1.0, 2.0]]), torch.tensor([[1.0, 0.0], [1.0, "
                           "1.0], [0.0, 2.0]]), torch.tensor([0.5, 0.0, -1.0]))",
                           "input:Tensor weight:Tensor bias:Tensor?=None * out:Out", linear_call));
  add_op(t,
         contraction_op(
             "torch.addmm torch.Tensor.addmm",
             "beta · input + alpha · (mat1 @ mat2): a matrix product added to a matrix (input broadcasts).",
             "torch.addmm(torch.tensor([[100, 200]]), torch.tensor([[1, 2], [3, 4]]), torch.tensor([[1, 0], [0, 1]]))",
             "input:Tensor mat1:Tensor mat2:Tensor * beta:Number=1 alpha:Number=1 out:Out", addmm_call));
  add_op(t,
         contraction_op("torch.addmv torch.Tensor.addmv",
                        "beta · input + alpha · (mat @ vec): a matrix-vector product added to a vector.",
                        "torch.addmv(torch.tensor([100, 200]), torch.tensor([[1, 2], [3, 4]]), torch.tensor([1, 10]))",
                        "input:Tensor mat:Tensor vec:Tensor * beta:Number=1 alpha:Number=1 out:Out", addmv_call));
  add_op(t, contraction_op("torch.addr torch.Tensor.addr",
                           "beta · input + alpha · outer(vec1, vec2): an outer product added to a matrix.",
                           "torch.addr(torch.tensor([[100, 200, 300], [400, 500, 600]]), torch.tensor([1, 2]), "
                           "torch.tensor([1, 10, 100]))",
                           "input:Tensor vec1:Tensor vec2:Tensor * beta:Number=1 alpha:Number=1 out:Out", addr_call));
  add_op(t, contraction_op("torch.addbmm torch.Tensor.addbmm",
                           "beta · input + alpha · the sum over the batch of batch1[b] @ batch2[b]: batched products "
                           "summed into one matrix.",
                           "torch.addbmm(torch.tensor([[0, 0]]), torch.tensor([[[1, 2]], [[3, 4]]]), "
                           "torch.tensor([[[1, 0], [0, 1]], [[10, 0], [0, 10]]]))",
                           "input:Tensor batch1:Tensor batch2:Tensor * beta:Number=1 alpha:Number=1 out:Out",
                           addbmm_call));
  add_op(t, contraction_op("torch.baddbmm torch.Tensor.baddbmm",
                           "beta · input + alpha · (batch1[b] @ batch2[b]) for every b: a batch of matrix products "
                           "added to a batch of matrices.",
                           "torch.baddbmm(torch.tensor([[[100]], [[200]]]), torch.tensor([[[1, 2]], [[3, 4]]]), "
                           "torch.tensor([[[1], [1]], [[10], [100]]]))",
                           "input:Tensor batch1:Tensor batch2:Tensor * beta:Number=1 alpha:Number=1 out:Out",
                           baddbmm_call));
  add_op(t, contraction_op("torch.trace torch.Tensor.trace",
                           "The sum of a matrix's main diagonal, input[0][0] + input[1][1] + ...",
                           "torch.trace(torch.tensor([[1, 2, 3], [4, 5, 6], [7, 8, 9]]))", "input:Tensor", trace_call));
  add_op(t,
         contraction_op(
             "torch.kron torch.Tensor.kron",
             "The Kronecker product: every element of input scales a whole copy of other, laid out in input's pattern.",
             "torch.kron(torch.tensor([[1, 2], [3, 4]]), torch.tensor([[1, 10]]))", pair, kron_call));
  add_op(t, contraction_op("torch.einsum",
                           "Sums products of elements named by letters: each operand's dims get letters, the output "
                           "keeps some, every other letter is summed.",
                           "torch.einsum('ij,jk->ik', torch.tensor([[1, 2], [3, 4]]), torch.tensor([[1, 0], [1, 1]]))",
                           "*args:TensorList", einsum_call));
  add_op(
      t,
      contraction_op(
          "torch.linalg.multi_dot",
          "The product of a chain of matrices, multiplied in the cheapest order; the first and last may be vectors.",
          "torch.linalg.multi_dot([torch.tensor([[1, 2]]), torch.tensor([[1, 0], [1, 1]]), torch.tensor([[1], [10]])])",
          "tensors:TensorList * out:Out", multi_dot_call));
  add_op(t, contraction_op(
                "torch.chain_matmul", "The product of a chain of matrices (deprecated: torch.linalg.multi_dot).",
                "torch.chain_matmul(torch.tensor([[1, 2]]), torch.tensor([[1, 0], [1, 1]]), torch.tensor([[1], [10]]))",
                "*matrices:TensorList out:Out", chain_matmul_call));
  add_op(t, contraction_op("torch.nn.functional.bilinear torch.bilinear",
                           "A bilinear layer: out[n][o] = Σ_i Σ_j input1[n][i]·weight[o][i][j]·input2[n][j] + bias[o].",
                           "torch.nn.functional.bilinear(torch.tensor([[1.0, 2.0]]), torch.tensor([[1.0, 10.0]]), "
                           "torch.tensor([[[1.0, 0.0], [0.0, 1.0]]]))",
                           "input1:Tensor input2:Tensor weight:Tensor bias:Tensor?=None", bilinear_call));
  add_op(t,
         composite_op("torch.cross torch.Tensor.cross", "contraction",
                      "The cross product of 3-vectors along a dim: out[i] = input[i+1]·other[i+2] − "
                      "input[i+2]·other[i+1]; without dim, the first dim of size 3.",
                      "torch.cross(torch.tensor([[1, 0, 0], [0, 1, 0]]), torch.tensor([[0, 1, 0], [0, 0, 1]]), dim=1)",
                      param_list("input:Tensor other:Tensor dim:Int?=None * out:Out"), cross_run, cross_explain,
                      cross_equation));
  add_op(t,
         composite_op("torch.linalg.cross", "contraction",
                      "The cross product of 3-vectors along dim (the last by default), with the other dims broadcast.",
                      "torch.linalg.cross(torch.tensor([1.0, 0.0, 0.0]), torch.tensor([0.0, 1.0, 0.0]))",
                      param_list("input:Tensor other:Tensor * dim:Int=-1 out:Out"), cross_run, cross_explain,
                      cross_equation));
  add_op(t, contraction_op("torch.tensordot",
                           "Sums products over the given dims of a and b (the last dims of a with the first of b for "
                           "an int): a generalized matrix product.",
                           "torch.tensordot(torch.tensor([[1, 2], [3, 4]]), torch.tensor([[1, 0], [1, 1]]), dims=1)",
                           "a:Tensor b:Tensor dims:Index=2 out:Index=None", tensordot_call));
  add_covariance_ops(t);
  add_distance_ops(t);
  add_trapezoid_ops(t);
}

}  // namespace whence
