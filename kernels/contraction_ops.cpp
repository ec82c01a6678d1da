// contraction_ops.cpp - the contraction family's ops (kernels/contraction_family.hpp): each
// checks its arguments as PyTorch 1.13's CPU kernels do, in their order and words, and
// describes itself as a plan for the shared engine.
#include <algorithm>

#include "core/error.hpp"
#include "core/promotion.hpp"
#include "core/shape.hpp"
#include "core/views.hpp"
#include "kernels/composite.hpp"
#include "kernels/contraction_family.hpp"

namespace whence {

namespace {

int P(const Bound& b, const char* name) { return b.op->param_index(name); }
[[noreturn]] void rt(const std::string& m) { fail("RuntimeError", m); }
std::string sn(DType d) { return dtype_scalar_name(d); }
std::string S(std::int64_t v) { return std::to_string(v); }
std::string by(std::int64_t a, std::int64_t b) { return S(a) + "x" + S(b); }
std::int64_t numel(const Shape& s) { return shape_numel(s); }

// '"addmm_impl_cpu_" not implemented for 'Half'': the dtypes a CPU kernel of 1.13 lacks.
void refuse(const std::string& kernel, DType d, bool half_ok = false, bool bool_ok = false) {
  if ((d == DType::Bool && !bool_ok) || (d == DType::Float16 && !half_ok))
    rt("\"" + kernel + "\" not implemented for '" + sn(d) + "'");
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
DType mm_check(const Shape& a, DType da, const Shape& b, DType db) {
  if (a.size() != 2) rt("self must be a matrix");
  if (b.size() != 2) rt("mat2 must be a matrix");
  if (a[1] != b[0]) rt("mat1 and mat2 shapes cannot be multiplied (" + by(a[0], a[1]) + " and " + by(b[0], b[1]) + ")");
  if (a[0] * b[1] == 0 || a[1] == 0) return da;  // nothing to multiply: no kernel runs
  refuse("addmm_impl_cpu_", da);
  same_scalar(da, db);
  return da;
}

// at::mv and at::addmv (self: the added vector, or mv's result): the result has vec's dtype.
DType mv_check(const Shape& m, DType dm, const Shape& v, DType dv, std::int64_t self_dim, std::int64_t self_size0, std::int64_t self_numel) {
  if (!(m.size() == 2 && v.size() == 1 && self_dim <= 1))
    rt("vector + matrix @ vector expected, got " + S(self_dim) + ", " + S(std::int64_t(m.size())) + ", " + S(std::int64_t(v.size())));
  if (!(m[1] == v[0] && (m[0] == self_numel || self_numel == 1)))
    rt("size mismatch, got " + S(self_size0) + ", " + by(m[0], m[1]) + "," + S(v[0]));
  if (m[0] * m[1] == 0) return dv;
  refuse("addmv_impl_cpu", dm);
  same_scalar(dm, dv);
  return dv;
}

DType dot_check(const Shape& a, DType da, const Shape& b, DType db) {
  if (a.size() != 1 || b.size() != 1)
    rt("1D tensors expected, but got " + S(std::int64_t(a.size())) + "D and " + S(std::int64_t(b.size())) + "D tensors");
  if (da != db) rt("dot : expected both vectors to have same dtype, but found " + sn(da) + " and " + sn(db));
  if (a[0] != b[0])
    rt("inconsistent tensor size, expected tensor [" + S(a[0]) + "] and src [" + S(b[0]) +
       "] to have the same number of elements, but got " + S(a[0]) + " and " + S(b[0]) + " elements respectively");
  refuse("dot", da);
  return da;
}

// at::bmm and at::baddbmm: the result has batch2's dtype.
DType bmm_check(const Shape& a, DType da, const Shape& b, DType db, const char* kernel = "bmm") {
  if (a.size() != 3) rt("batch1 must be a 3D tensor");
  if (b.size() != 3) rt("batch2 must be a 3D tensor");
  if (b[0] != a[0] || b[1] != a[2])
    rt("Expected size for first two dimensions of batch2 tensor to be: [" + S(a[0]) + ", " + S(a[2]) + "] but got: [" + S(b[0]) + ", " +
       S(b[1]) + "].");
  if (a[0] * a[1] * b[2] == 0 || a[2] == 0) return db;
  if (a[2] * a[1] * b[2] < 400) {
    refuse(kernel, da);
    same_scalar(da, db);
  } else {  // 1.13 splits larger products into one mm per batch, into a result of batch2's dtype
    refuse("addmm_impl_cpu_", db);
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
  if (rb > 1 && b_transposed) db.insert(db.end(), {lj, lk});
  else if (rb > 1) db.insert(db.end(), {lk, lj});
  else db.push_back(lk);
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
  if (ra == 1 && rb == 1) {
    dtype = dot_check(sa, da, sb, db);
  } else if (ra == 2 && rb == 1) {
    dtype = mv_check(sa, da, sb, db, 1, sa[0], sa[0]);
  } else if (ra == 1 && rb == 2) {
    dtype = mm_check({1, sa[0]}, da, sb, db);
  } else if (ra == 2 && rb == 2) {
    dtype = mm_check(sa, da, sb, db);
  } else if ((ra >= 3 && rb <= 2) || (rb >= 3 && ra <= 2)) {
    // the batch of the larger one folded into the rows of an mm or mv (transposed when the
    // second is the larger: B.mT folded times A.t())
    const bool transpose = rb > ra;
    Shape s1 = transpose ? sb : sa;
    if (transpose) std::swap(s1[s1.size() - 1], s1[s1.size() - 2]);
    const Shape folded = {numel(Shape(s1.begin(), s1.end() - 1)), s1.back()};
    const Shape s2 = transpose ? (ra == 2 ? Shape{sa[1], sa[0]} : sa) : sb;
    const DType d1 = transpose ? db : da, d2 = transpose ? da : db;
    dtype = s2.size() == 2 ? mm_check(folded, d1, s2, d2) : mv_check(folded, d1, s2, d2, 1, folded[0], folded[0]);
  } else {
    const std::int64_t n = ra > 1 ? sa[std::size_t(ra - 2)] : 1, m1 = sa.back();
    const std::int64_t m2 = rb > 1 ? sb[std::size_t(rb - 2)] : sb[0], p = rb > 1 ? sb.back() : 1;
    const Shape batch = broadcast_shapes(Shape(sa.begin(), sa.begin() + std::max(ra - 2, 0)), Shape(sb.begin(), sb.begin() + std::max(rb - 2, 0)));
    const std::int64_t nb = numel(batch);
    dtype = bmm_check({nb, n, m1}, da, {nb, m2, p}, db);
  }
  return product_plan(pa, A, pb, B, dtype, b_transposed);
}

ContractPlan matmul_call(const Bound& b) { return matmul_plan(P(b, "input"), tensor_arg(b, "input"), P(b, "other"), tensor_arg(b, "other")); }
// t.__rmatmul__(other) is other @ t
ContractPlan rmatmul_call(const Bound& b) {
  if (!arg(b, "other").is<Tensor>())  // Python then tries the other operand, and raises its TypeError
    fail("TypeError", "matmul(): argument 'input' (position 1) must be Tensor, not " + python_type_name(arg(b, "other")));
  return matmul_plan(P(b, "other"), tensor_arg(b, "other"), P(b, "input"), tensor_arg(b, "input"));
}

ContractPlan mm_call(const Bound& b) {
  const Tensor &a = tensor_arg(b, "input"), &m = tensor_arg(b, "mat2");
  return product_plan(P(b, "input"), a, P(b, "mat2"), m, mm_check(a.shape(), a.dtype(), m.shape(), m.dtype()));
}

ContractPlan bmm_call(const Bound& b) {
  const Tensor &a = tensor_arg(b, "input"), &m = tensor_arg(b, "mat2");
  return product_plan(P(b, "input"), a, P(b, "mat2"), m, bmm_check(a.shape(), a.dtype(), m.shape(), m.dtype()));
}

ContractPlan mv_call(const Bound& b) {
  const Tensor &a = tensor_arg(b, "input"), &v = tensor_arg(b, "vec");
  if (a.dim() == 0) fail("IndexError", "Dimension specified as 0 but tensor has no dimensions");
  const DType d = mv_check(a.shape(), a.dtype(), v.shape(), v.dtype(), 1, a.shape()[0], a.shape()[0]);
  return product_plan(P(b, "input"), a, P(b, "vec"), v, d);
}

// torch.dot's parser names its second parameter `tensor`, vdot's `other`.
ContractPlan dot_call(const Bound& b) {
  const char* second = P(b, "tensor") >= 0 ? "tensor" : "other";
  const Tensor &a = tensor_arg(b, "input"), &o = tensor_arg(b, second);
  return product_plan(P(b, "input"), a, P(b, second), o, dot_check(a.shape(), a.dtype(), o.shape(), o.dtype()));
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
    rt("inner() the last dimension must match on both input tensors but got shapes " + shape_str(a.shape()) + " and " + shape_str(o.shape()));
  const std::int64_t k = a.shape().back();
  const std::int64_t ra = numel(Shape(a.shape().begin(), a.shape().end() - 1)), rb = numel(Shape(o.shape().begin(), o.shape().end() - 1));
  ContractPlan p;
  // tensordot sums input over a contracted dim where other has size 1 (a broadcast): with
  // both of size 1 that sum promotes an integer or bool input to int64 before the mm.
  const DType d1 = k == 1 && is_integral(a.dtype(), true) ? DType::Int64 : a.dtype();
  p.dtype = mm_check({ra, k}, d1, {k, rb}, o.dtype());
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
  if (!is_floating(x.dtype())) rt("linalg.vecdot: Expected a floating point or complex tensor as input. Got " + sn(x.dtype()));
  if (x.dtype() != y.dtype())
    rt("linalg.vecdot: Expected x and y to have the same dtype, but found x of type " + sn(x.dtype()) + " and y of type " + sn(y.dtype()) +
       " instead");
  if (x.dim() == 1 && y.dim() == 1) {
    dot_check(x.shape(), x.dtype(), y.shape(), y.dtype());
    return product_plan(P(b, "x"), x, P(b, "y"), y, x.dtype());
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
DType addmm_check(const Tensor& self, const Shape& m1, DType d1, const Shape& m2, DType d2) {
  if (self.dtype() != d2) rt("self and mat2 must have the same dtype");
  if (d1 != d2) rt("mat1 and mat2 must have the same dtype");
  if (m1.size() != 2) rt("mat1 must be a matrix, got " + S(std::int64_t(m1.size())) + "-D tensor");
  if (m2.size() != 2) rt("mat2 must be a matrix, got " + S(std::int64_t(m2.size())) + "-D tensor");
  if (m1[1] != m2[0]) rt("mat1 and mat2 shapes cannot be multiplied (" + by(m1[0], m1[1]) + " and " + by(m2[0], m2[1]) + ")");
  expand(self, {m1[0], m2[1]});
  if (m1[0] * m2[1] != 0 && m1[1] != 0) refuse("addmm_impl_cpu_", self.dtype());
  return self.dtype();
}

ContractPlan linear_call(const Bound& b) {
  const Tensor &x = tensor_arg(b, "input"), &w = tensor_arg(b, "weight");
  const bool bias = tensor_given(b, "bias");
  if (w.dim() > 2) rt("t() expects a tensor with <= 2 dimensions, but self is " + S(w.dim()) + "D");
  ContractPlan p;
  if (x.dim() == 2 && bias) {  // addmm(bias, input, weight.t())
    const Shape wt = w.dim() == 2 ? Shape{w.shape()[1], w.shape()[0]} : w.shape();
    addmm_check(tensor_arg(b, "bias"), x.shape(), x.dtype(), wt, w.dtype());
    p = product_plan(P(b, "input"), x, P(b, "weight"), w, x.dtype(), true);
  } else {
    p = matmul_plan(P(b, "input"), x, P(b, "weight"), w, true);
    if (bias) {  // output.add_(bias)
      const Tensor& bt = tensor_arg(b, "bias");
      const Shape full = broadcast_shapes(p.shape, bt.shape());
      if (full != p.shape) rt("output with shape " + shape_str(p.shape) + " doesn't match the broadcast shape " + shape_str(full));
    }
  }
  if (bias) add_term(p, P(b, "bias"), tensor_arg(b, "bias"), 1);
  return p;
}

ContractPlan addmm_call(const Bound& b) {
  const Tensor &self = tensor_arg(b, "input"), &m1 = tensor_arg(b, "mat1"), &m2 = tensor_arg(b, "mat2");
  const DType d = addmm_check(self, m1.shape(), m1.dtype(), m2.shape(), m2.dtype());
  if (m1.dim() == 2 && m1.shape()[1] == 0 && m1.shape()[0] * m2.shape()[1] != 0 && double_arg(b, "beta", 1) != 0) {
    // nothing to multiply: PyTorch copies input into the result and multiplies it by beta in place
    const auto beta = promotion_operand(arg(b, "beta"));
    const DType r = beta ? result_type({PromotionOperand{d, OperandRank::Dimensioned}, *beta}) : d;
    if (!can_cast(r, d)) rt("result type " + sn(r) + " can't be cast to the desired output type " + sn(d));
  }
  ContractPlan p = product_plan(P(b, "mat1"), m1, P(b, "mat2"), m2, d);
  p.alpha = number_arg(b, "alpha", d);
  p.product = p.alpha != 0;
  add_term(p, P(b, "input"), self, number_arg(b, "beta", d));
  return p;
}

}  // namespace

void add_contraction_ops(std::vector<const OpDescriptor*>& t) {
  const char* pair = "input:Tensor other:Tensor * out:Out";
  add_op(t, contraction_op("torch.matmul torch.Tensor.matmul torch.linalg.matmul",
                           "The matrix product, generalized: vectors are treated as a row or column, extra leading dims are batches that broadcast.",
                           "torch.matmul(torch.tensor([[1, 2], [3, 4]]), torch.tensor([[5, 6], [7, 8]]))", pair, matmul_call));
  add_op(t, contraction_op("torch.Tensor.__matmul__", "Python's a @ b on tensors: the matrix product (torch.matmul).",
                           "torch.tensor([[1, 2], [3, 4]]) @ torch.tensor([[1, 0], [1, 1]])", "input:Tensor other:Tensor", matmul_call));
  add_op(t, contraction_op("torch.Tensor.__rmatmul__", "Python's a @ b where a is not a tensor's own @: b's reflected matrix product, a @ b.",
                           "torch.tensor([[1, 0], [1, 1]]).__rmatmul__(torch.tensor([[1, 2], [3, 4]]))", "input:Tensor other:Tensor",
                           rmatmul_call));
  add_op(t, contraction_op("torch.mm torch.Tensor.mm", "The product of two matrices: each output element is a row of input times a column of mat2.",
                           "torch.mm(torch.tensor([[1, 2], [3, 4]]), torch.tensor([[10, 20, 30], [1, 2, 3]]))", "input:Tensor mat2:Tensor * out:Out",
                           mm_call));
  add_op(t, contraction_op("torch.bmm torch.Tensor.bmm", "A batch of matrix products: matrix b of input times matrix b of mat2, for every b.",
                           "torch.bmm(torch.tensor([[[1, 2]], [[3, 4]]]), torch.tensor([[[1], [1]], [[10], [100]]]))", "input:Tensor mat2:Tensor * out:Out",
                           bmm_call));
  add_op(t, contraction_op("torch.mv torch.Tensor.mv", "A matrix times a vector: each output element is one row of the matrix dotted with vec.",
                           "torch.mv(torch.tensor([[1, 2, 3], [4, 5, 6]]), torch.tensor([1, 10, 100]))", "input:Tensor vec:Tensor * out:Out", mv_call));
  add_op(t, contraction_op("torch.dot torch.Tensor.dot", "The dot product of two 1-D tensors: multiply matching elements and add them up.",
                           "torch.dot(torch.tensor([1, 2, 3]), torch.tensor([10, 20, 30]))", "input:Tensor tensor:Tensor * out:Out", dot_call));
  add_op(t, contraction_op("torch.vdot torch.Tensor.vdot", "The dot product with the first vector conjugated; for real tensors the same as dot.",
                           "torch.vdot(torch.tensor([1.0, 2.0, 3.0]), torch.tensor([1.0, 0.0, -1.0]))", pair, dot_call));
  add_op(t, contraction_op("torch.inner torch.Tensor.inner", "Dot products of every last-dim vector of input with every last-dim vector of other.",
                           "torch.inner(torch.tensor([[1, 2], [3, 4]]), torch.tensor([[1, 0], [0, 1], [1, 1]]))", pair, inner_call));
  add_op(t, contraction_op("torch.outer torch.Tensor.outer torch.ger torch.Tensor.ger",
                           "The outer product of two vectors: out[i][j] = input[i] · vec2[j], every pair, nothing summed.",
                           "torch.outer(torch.tensor([1, 2, 3]), torch.tensor([1, 10]))", "input:Tensor vec2:Tensor * out:Out", outer_call));
  add_op(t, contraction_op("torch.linalg.vecdot", "Dot products along one dim (the last by default), with the other dims broadcast.",
                           "torch.linalg.vecdot(torch.tensor([[1.0, 2.0], [3.0, 4.0]]), torch.tensor([1.0, 10.0]))", "x:Tensor y:Tensor * dim:Int=-1 out:Out",
                           vecdot_call));
  add_op(t, contraction_op("torch.nn.functional.linear", "A fully connected layer: input times weight transposed, plus bias: out[n][o] = Σ_k input[n][k]·weight[o][k] + bias[o].",
                           "torch.nn.functional.linear(torch.tensor([[1.0, 2.0]]), torch.tensor([[1.0, 0.0], [1.0, 1.0], [0.0, 2.0]]), torch.tensor([0.5, 0.0, -1.0]))",
                           "input:Tensor weight:Tensor bias:Tensor?=None * out:Out", linear_call));
  add_op(t, contraction_op("torch.addmm torch.Tensor.addmm", "beta · input + alpha · (mat1 @ mat2): a matrix product added to a matrix (input broadcasts).",
                           "torch.addmm(torch.tensor([[100, 200]]), torch.tensor([[1, 2], [3, 4]]), torch.tensor([[1, 0], [0, 1]]))",
                           "input:Tensor mat1:Tensor mat2:Tensor * beta:Number=1 alpha:Number=1 out:Out", addmm_call));
}

}  // namespace whence
