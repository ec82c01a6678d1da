// contraction_engine.cpp - the contraction family's one engine (kernels/contraction/contraction_family.hpp):
// computes a plan, names each output element's sources and writes its equation.
#include <algorithm>
#include <cstring>
#include <deque>
#include <type_traits>

#include "core/error.hpp"
#include "core/number_format.hpp"
#include "core/shape.hpp"
#include "kernels/common/composite.hpp"
#include "kernels/common/fast_paths.hpp"
#include "kernels/contraction/contraction_family.hpp"

namespace whence {

int add_letter(ContractPlan& p, std::int64_t size) {
  p.size.push_back(size);
  for (auto& o : p.ops) o.step.push_back(0);
  return int(p.size.size()) - 1;
}

void add_operand(ContractPlan& p, int param, int item, const Tensor& t, const std::vector<int>& dims,
                 std::string label) {
  ContractOperand o;
  o.param = param;
  o.item = item;
  o.t = t;
  o.label = std::move(label);
  o.step.assign(p.size.size(), 0);
  o.dims = dims;
  std::int64_t stride = 1;
  for (int d = t.dim() - 1; d >= 0; --d) {
    const std::int64_t n = t.shape()[std::size_t(d)];
    const int l = dims[std::size_t(d)];
    if (!(n == 1 && p.size[std::size_t(l)] != 1)) o.step[std::size_t(l)] += stride;
    stride *= n;
  }
  p.ops.push_back(std::move(o));
}

void add_term(ContractPlan& p, int param, const Tensor& t, double beta) {
  p.has_add = true;
  p.beta = beta;
  p.add.param = param;
  p.add.t = t;
}

namespace {

// The offsets, in each operand, of every combination of letters [first, last) in row-major
// order (one vector per operand).
std::vector<std::vector<std::int64_t>> letter_offsets(const ContractPlan& p, int first, int last) {
  std::int64_t n = 1;
  for (int l = first; l < last; ++l) n *= p.size[std::size_t(l)];
  std::vector<std::vector<std::int64_t>> off(p.ops.size(), std::vector<std::int64_t>(std::size_t(n), 0));
  for (std::size_t o = 0; o < p.ops.size(); ++o) {
    std::int64_t repeat = 1;  // the last letter varies fastest
    for (int l = last - 1; l >= first; --l) {
      const std::int64_t size = p.size[std::size_t(l)], step = p.ops[o].step[std::size_t(l)];
      for (std::int64_t i = 0; i < n; ++i) off[o][std::size_t(i)] += ((i / repeat) % size) * step;
      repeat *= size;
    }
  }
  return off;
}

// The product sum of every output element, in V (double, or uint64_t for wrapping integers).
// bfloat16 products as PyTorch 1.13's CPU kernels compute them: every product and every
// partial sum rounded to bfloat16, in the order of the summed letters, starting from the
// added term (its GEMM accumulates into the output in the output's dtype).
void sequential_sums(const ContractPlan& p, const std::vector<const double*>& in, double* out, std::int64_t n_out) {
  const auto outer = letter_offsets(p, 0, p.n_out);
  const auto summed = letter_offsets(p, p.n_out, int(p.size.size()));
  const DType d = p.dtype;
  for (std::int64_t k = 0; k < n_out; ++k) {
    double acc = out[k];
    for (std::size_t s = 0; s < summed[0].size(); ++s) {
      double prod = in[0][outer[0][std::size_t(k)] + summed[0][s]];
      for (std::size_t o = 1; o < p.ops.size(); ++o) {
        const double x = in[o][outer[o][std::size_t(k)] + summed[o][s]];
        prod = round_to_dtype(prod * (o + 1 == p.ops.size() && p.alpha != 1 ? round_to_dtype(x * p.alpha, d) : x), d);
      }
      acc = round_to_dtype(acc + prod, d);
    }
    out[k] = acc;
  }
}

// c = a·b for row-major a [I, K] and b [K, J], register-blocked: a tile of RB rows × VW columns
// accumulates in locals over k, each row of b's tile loaded once for RB rows. Every element is
// 0 + a[i][0]·b[0][j] + a[i][1]·b[1][j] + ..., in k's order, as the plain loop sums it.
template <int RB>
void product_rows(const double* a, const double* b, double* c, std::int64_t i0, std::int64_t J, std::int64_t K) {
  constexpr int VW = 8;
  auto tile = [&](std::int64_t j0) {
    double acc[RB][VW] = {};
    for (std::int64_t k = 0; k < K; ++k) {
      const double* bk = b + k * J + j0;
      for (int r = 0; r < RB; ++r) {
        const double x = a[(i0 + r) * K + k];
        for (int j = 0; j < VW; ++j) acc[r][j] += x * bk[j];
      }
    }
    for (int r = 0; r < RB; ++r)
      for (int j = 0; j < VW; ++j) c[(i0 + r) * J + j0 + j] = acc[r][j];
  };
  std::int64_t j0 = 0;
  for (; j0 + VW <= J; j0 += VW) tile(j0);
  if (j0 < J && J >= VW) tile(J - VW), j0 = J;  // (overlapping the tile before: the same sums again)
  for (int r = 0; r < RB; ++r)
    for (std::int64_t j = j0; j < J; ++j) {
      double acc = 0;
      for (std::int64_t k = 0; k < K; ++k) acc += a[(i0 + r) * K + k] * b[k * J + j];
      c[(i0 + r) * J + j] = acc;
    }
}

void matrix_product(const double* a, const double* b, double* c, std::int64_t I, std::int64_t J, std::int64_t K) {
  std::int64_t i = 0;
  for (; i + 4 <= I; i += 4) product_rows<4>(a, b, c, i, J, K);
  for (; i < I; ++i) product_rows<1>(a, b, c, i, J, K);
}

template <class V>
void product_sums(const ContractPlan& p, const std::vector<const V*>& in, V* out, std::int64_t n_out) {
  const int L = int(p.size.size());
  const std::size_t nops = p.ops.size();
  // Matrix products (two operands, one summed letter, the last two output letters being the
  // rows of the first and the columns of the second): an i-k-j loop over packed blocks. Not
  // where each product is rounded first (round_terms: a float16 or bfloat16 vecdot broadcast
  // into a matrix product, [2, 1, 3] with [1, 2, 3], as PyTorch's mul then sum): the loop below.
  if (nops == 2 && p.n_out >= 2 && L == p.n_out + 1 && !p.round_terms) {
    const int li = p.n_out - 2, lj = p.n_out - 1, lk = p.n_out;
    const ContractOperand &A = p.ops[0], &B = p.ops[1];
    if (A.step[std::size_t(lj)] == 0 && B.step[std::size_t(li)] == 0 &&
        take_fast_path(std::is_floating_point_v<V> ? FastPath::PackedProduct : FastPath::PackedProductInt)) {
      const std::int64_t I = p.size[std::size_t(li)], J = p.size[std::size_t(lj)], K = p.size[std::size_t(lk)];
      const auto batch = letter_offsets(p, 0, li);
      std::vector<V> a(std::size_t(I * K)), b(std::size_t(K * J));
      const std::int64_t ai = A.step[std::size_t(li)], ak = A.step[std::size_t(lk)];
      const std::int64_t bk = B.step[std::size_t(lk)], bj = B.step[std::size_t(lj)];
      for (std::size_t g = 0; g < batch[0].size(); ++g) {
        const V* pa = in[0] + batch[0][g];
        const V* pb = in[1] + batch[1][g];
        for (std::int64_t i = 0; i < I; ++i)
          for (std::int64_t k = 0; k < K; ++k) a[std::size_t(i * K + k)] = pa[i * ai + k * ak];
        for (std::int64_t k = 0; k < K; ++k)
          for (std::int64_t j = 0; j < J; ++j) b[std::size_t(k * J + j)] = pb[k * bk + j * bj];
        V* c = out + std::int64_t(g) * I * J;
        if constexpr (std::is_floating_point_v<V>) {
          matrix_product(a.data(), b.data(), c, I, J, K);
          continue;
        }
        std::fill(c, c + I * J, V(0));
        for (std::int64_t i = 0; i < I; ++i) {
          V* row = c + i * J;
          for (std::int64_t k = 0; k < K; ++k) {
            const V x = a[std::size_t(i * K + k)];
            const V* brow = b.data() + k * J;
            for (std::int64_t j = 0; j < J; ++j) row[j] += x * brow[j];
          }
        }
      }
      return;
    }
  }
  // Any plan: per output element, the summed letters' offsets, precomputed once.
  const auto outer = letter_offsets(p, 0, p.n_out);
  const auto summed = letter_offsets(p, p.n_out, L);
  const std::size_t S = summed[0].size();
  for (std::int64_t k = 0; k < n_out; ++k) {
    V acc = 0;
    for (std::size_t s = 0; s < S; ++s) {
      V prod = in[0][outer[0][std::size_t(k)] + summed[0][s]];
      for (std::size_t o = 1; o < nops; ++o) prod *= in[o][outer[o][std::size_t(k)] + summed[o][s]];
      if constexpr (std::is_floating_point_v<V>)
        if (p.round_terms) prod = round_to_dtype(prod, p.dtype);
      acc += prod;
    }
    out[k] = acc;
  }
}

// A chain of matrix products (multi_dot) in PyTorch's order, each product rounded to the
// dtype before it is used again (bfloat16: every partial sum too, as its GEMM does). Operand i
// is the matrix whose rows are letter i's and columns letter i+1's.
std::vector<double> chain_product(const ContractPlan& p, const std::vector<const double*>& in, std::size_t i,
                                  std::size_t j, std::int64_t& rows, std::int64_t& cols) {
  const std::size_t n = p.ops.size();
  auto letter_size = [&](std::size_t c) { return p.size[std::size_t(c == 0 ? 0 : c == n ? 1 : c + 1)]; };
  if (i == j) {
    rows = letter_size(i), cols = letter_size(i + 1);
    const int li = i == 0 ? 0 : int(i + 1), lj = i + 1 == n ? 1 : int(i + 2);
    std::vector<double> m(std::size_t(rows * cols));
    for (std::int64_t r = 0; r < rows; ++r)
      for (std::int64_t c = 0; c < cols; ++c)
        m[std::size_t(r * cols + c)] = in[i][r * p.ops[i].step[std::size_t(li)] + c * p.ops[i].step[std::size_t(lj)]];
    return m;
  }
  const std::size_t k = p.chain_split[i * n + j];
  std::int64_t r1 = 0, c1 = 0, r2 = 0, c2 = 0;
  const std::vector<double> a = chain_product(p, in, i, k, r1, c1), b = chain_product(p, in, k + 1, j, r2, c2);
  rows = r1, cols = c2;
  std::vector<double> out(std::size_t(rows * cols), 0.0);
  const bool seq = p.dtype == DType::BFloat16;
  for (std::int64_t r = 0; r < rows; ++r)
    for (std::int64_t c = 0; c < cols; ++c) {
      double acc = 0;
      for (std::int64_t x = 0; x < c1; ++x) {
        const double prod = a[std::size_t(r * c1 + x)] * b[std::size_t(x * c2 + c)];
        acc = seq ? round_to_dtype(acc + round_to_dtype(prod, p.dtype), p.dtype) : acc + prod;
      }
      // float16/bfloat16 intermediates are rounded as PyTorch stores them; float32 and float64
      // chains stay in double and are rounded once (a cancelling float32 chain is a deviation), as
      // do float16 ones, which PyTorch 1.13 has no kernel for (newer PyTorch computes in float)
      out[std::size_t(r * cols + c)] =
          is_reduced_float(p.dtype) && !p.no_half_kernel ? round_to_dtype(acc, p.dtype) : acc;
    }
  return out;
}

template <class V>
V from_double(double v) {
  if constexpr (std::is_floating_point_v<V>)
    return v;
  else
    return V(std::int64_t(v));  // integer alpha and beta, wrapping
}

template <class V>
Tensor compute(const ContractPlan& p, DType wide) {
  const std::int64_t n = shape_numel(p.shape);
  std::vector<Tensor> keep;
  std::vector<const V*> in;
  for (const auto& o : p.ops) {
    keep.push_back(o.t.to(wide));
    in.push_back(keep.back().numel() ? keep.back().template data<V>() : nullptr);
  }
  Tensor out = Tensor::empty(wide, p.shape);
  V* c = n ? out.template data<V>() : nullptr;
  if (n == 0) return out.to(p.dtype);
  if constexpr (std::is_floating_point_v<V>)
    if (!p.chain_split.empty()) {
      std::int64_t rows = 0, cols = 0;
      const std::vector<double> m = chain_product(p, in, 0, p.ops.size() - 1, rows, cols);
      std::copy(m.begin(), m.end(), c);
      return out.to(p.dtype);
    }
  const bool sequential = p.dtype == DType::BFloat16 && !p.round_terms && p.ops.size() > 1;
  const bool product = p.product || p.zero_alpha_computes;
  if (sequential)
    std::fill(c, c + n, V(0));
  else if (product && !p.ops.empty())
    product_sums<V>(p, in, c, n);
  else
    std::fill(c, c + n, V(0));
  const V alpha = from_double<V>(p.alpha), beta = from_double<V>(p.beta);
  if (product && p.alpha != 1 && !sequential)
    for (std::int64_t k = 0; k < n; ++k) c[k] *= alpha;
  if constexpr (std::is_floating_point_v<V>)
    if (p.round_product)
      for (std::int64_t k = 0; k < n; ++k) c[k] = round_to_dtype(c[k], p.product_dtype);
  if constexpr (std::is_floating_point_v<V>)
    if (sequential && p.add_last && p.product) sequential_sums(p, in, c, n);
  if (p.has_add && p.beta != 0) {
    const Tensor add = p.add.t.to(wide);
    const V* a = add.template data<V>();
    // beta · input broadcast: walk the result with the input's steps (0 where it broadcasts).
    const int rank = int(p.shape.size()), lead = rank - add.dim();
    std::vector<std::int64_t> step(std::size_t(rank), 0), idx(std::size_t(rank), 0);
    std::int64_t s = 1;
    for (int d = add.dim() - 1; d >= 0; --d) {
      if (add.shape()[std::size_t(d)] != 1) step[std::size_t(d + lead)] = s;
      s *= add.shape()[std::size_t(d)];
    }
    std::int64_t at = 0;
    for (std::int64_t k = 0; k < n; ++k) {
      c[k] += p.beta == 1 ? a[at] : beta * a[at];
      for (int d = rank - 1; d >= 0; --d) {
        at += step[std::size_t(d)];
        if (++idx[std::size_t(d)] < p.shape[std::size_t(d)]) break;
        at -= step[std::size_t(d)] * p.shape[std::size_t(d)];
        idx[std::size_t(d)] = 0;
      }
    }
  }
  if constexpr (std::is_floating_point_v<V>)
    if (sequential) {
      for (std::int64_t k = 0; k < n; ++k) c[k] = round_to_dtype(c[k], p.dtype);
      if (p.product && !p.add_last) sequential_sums(p, in, c, n);
    }
  return out.to(p.dtype);
}

// The coordinates of output element k over the output letters, and each operand's offset.
std::vector<std::int64_t> out_coords(const ContractPlan& p, std::int64_t k) {
  std::vector<std::int64_t> c(std::size_t(p.n_out));
  for (int l = p.n_out - 1; l >= 0; --l) {
    c[std::size_t(l)] = k % p.size[std::size_t(l)];
    k /= p.size[std::size_t(l)];
  }
  return c;
}

std::int64_t n_terms(const ContractPlan& p) {
  std::int64_t n = 1;
  for (std::size_t l = std::size_t(p.n_out); l < p.size.size(); ++l) n *= p.size[l];
  return p.product ? n : 0;
}

// The element operand o reads in term t of output element k.
std::int64_t term_flat(const ContractPlan& p, std::size_t o, const std::vector<std::int64_t>& oc, std::int64_t t) {
  std::int64_t f = 0;
  for (int l = int(p.size.size()) - 1; l >= p.n_out; --l) {
    f += (t % p.size[std::size_t(l)]) * p.ops[o].step[std::size_t(l)];
    t /= p.size[std::size_t(l)];
  }
  for (int l = 0; l < p.n_out; ++l) f += oc[std::size_t(l)] * p.ops[o].step[std::size_t(l)];
  return f;
}

const ContractPlan& plan_of(const Bound& b, const OpResult& r) {
  const PlanFn fn = reinterpret_cast<PlanFn>(const_cast<void*>(b.op->family_data));
  return prepared_for(b, r, fn);
}

OpResult contraction_run(const Bound& b) {
  const PlanFn fn = reinterpret_cast<PlanFn>(const_cast<void*>(b.op->family_data));
  ContractPlan p = fn(b);
  check_limits(p.shape);
  OpResult r;
  r.tensors.push_back(is_floating(p.dtype) ? compute<double>(p, DType::Float64)
                                           : compute<std::uint64_t>(p, DType::Int64));
  keep_prepared(b, r, std::move(p));
  return r;
}

std::vector<Source> contraction_explain(const Bound& b, const OpResult& r, int, std::int64_t k) {
  const ContractPlan& p = plan_of(b, r);
  std::vector<Source> src;
  const auto oc = out_coords(p, k);
  const std::int64_t T = n_terms(p);
  src.reserve(std::size_t(T) * p.ops.size() + 1);
  for (std::int64_t t = 0; t < T; ++t)
    for (std::size_t o = 0; o < p.ops.size(); ++o)
      src.push_back(Source{p.ops[o].param, term_flat(p, o, oc, t), Role::Value, p.ops[o].item});
  if (p.has_add && p.beta != 0)
    src.push_back(Source{p.add.param, broadcast_flat(p.add.t.shape(), p.shape, k), Role::Value});
  return src;
}

std::string wrap(const std::string& s) { return !s.empty() && s[0] == '-' ? "(" + s + ")" : s; }
std::string number(double v, DType d) {
  if (!is_floating(d) || (v == double(std::int64_t(v)) && v > -1e15 && v < 1e15))
    return std::to_string(std::int64_t(v));
  return format_float(v, DType::Float64);
}

std::string operand_name(const Bound& b, const ContractOperand& o) {
  if (!o.label.empty()) return o.label;
  std::string n = b.op->params[std::size_t(o.param)].name;
  if (o.item >= 0) n += "[" + std::to_string(o.item) + "]";
  return n;
}

std::string contraction_equation(const Bound& b, const OpResult& r, int, std::int64_t k, const std::vector<Source>&) {
  const ContractPlan& p = plan_of(b, r);
  const auto oc = out_coords(p, k);
  const std::int64_t T = n_terms(p);
  const std::size_t nops = p.ops.size();
  auto ref = [&](std::size_t o, std::int64_t flat) {
    return operand_name(b, p.ops[o]) + coords(p.ops[o].t.shape(), flat);
  };
  auto val = [&](std::size_t o, std::int64_t flat) { return format_scalar(p.ops[o].t.get(flat)); };
  auto product = [&](std::int64_t t, bool values) {
    std::string s;
    for (std::size_t o = 0; o < nops; ++o) {
      const std::int64_t f = term_flat(p, o, oc, t);
      if (o) s += "·";
      s += values ? (nops > 1 ? wrap(val(o, f)) : val(o, f)) : ref(o, f);
    }
    return s;
  };
  auto sum = [&](bool values) {
    if (T == 0) return std::string("0");
    return join_terms(
        std::size_t(T),
        [&](std::size_t t) {
          const std::string s = product(std::int64_t(t), values);
          return values && t > 0 && nops == 1 ? wrap(s) : s;
        },
        " + ");
  };
  std::string lhs = "out", sym;
  if (p.sum_form) {
    // out[i=1][k=0] = Σ_j operands[0][1][j]·operands[1][j][0]
    for (int l = 0; l < p.n_out; ++l)
      lhs += "[" + p.letters[std::size_t(l)] + "=" + std::to_string(oc[std::size_t(l)]) + "]";
    std::string summed;
    for (std::size_t l = std::size_t(p.n_out); l < p.size.size(); ++l) summed += p.letters[l];
    std::string term;
    for (std::size_t o = 0; o < nops; ++o) {
      if (o) term += "·";
      term += operand_name(b, p.ops[o]);
      for (int l : p.ops[o].dims) {
        term += "[";
        term += l < p.n_out ? std::to_string(oc[std::size_t(l)]) : p.letters[std::size_t(l)];
        term += "]";
      }
    }
    sym = !p.product ? "0" : summed.empty() ? term : "Σ_" + summed + " " + term;
  } else {
    lhs = out_ref(r, 0, k);
    sym = p.product ? sum(false) : "";
  }
  std::string nums = p.product ? sum(true) : "";
  if (p.product && p.alpha != 1) {
    const std::string a = number(p.alpha, p.dtype);
    if (!p.sum_form)
      sym = a + "·(" + sym + ")";
    else
      sym = a + "·" + sym;
    nums = a + "·(" + nums + ")";
  }
  if (p.has_add && p.beta != 0) {
    const std::int64_t f = broadcast_flat(p.add.t.shape(), p.shape, k);
    const std::string bt = p.beta != 1 ? number(p.beta, p.dtype) + "·" : "";
    const std::string name = operand_name(b, p.add) + coords(p.add.t.shape(), f);
    const std::string v = format_scalar(p.add.t.get(f));
    sym = bt + name + (sym.empty() ? "" : " + " + sym);
    nums = (bt.empty() ? v : bt + wrap(v)) + (nums.empty() ? "" : " + " + nums);
  }
  if (sym.empty()) sym = nums = "0";
  return lhs + " = " + sym + " = " + nums + " = " + format_scalar(r.tensors[0].get(k));
}

}  // namespace

OpDescriptor contraction_op(const char* names, const char* summary, const char* example, const char* params,
                            PlanFn plan) {
  return composite_op(names, "contraction", summary, example, param_list(params), contraction_run, contraction_explain,
                      contraction_equation, reinterpret_cast<const void*>(plan));
}

}  // namespace whence
