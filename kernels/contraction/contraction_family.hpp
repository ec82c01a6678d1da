// contraction_family.hpp - the ops that multiply elements of several tensors together and sum
// the products (matmul, mm, bmm, mv, dot, inner, outer, linear, addmm..., einsum, tensordot,
// trace, kron): one engine, each op a plan.
//
// A plan is an einsum written out: letters with sizes, the first n_out of them indexing the
// result (row-major; the result's shape is a reshape of them, so size-1 letters may be
// dropped), the rest summed. Each operand names, for each letter, its step in the operand's
// own row-major element order (0 where it does not depend on the letter, or broadcasts over
// it; a letter used by two dims of one operand adds both steps: a diagonal). Output element
// k is alpha · Σ over the summed letters of the product of one element per operand, plus
// beta · input broadcast to the result (addmm) or a bias. Floating dtypes compute in double
// and round once; integer dtypes in 64-bit wrapping arithmetic, which gives PyTorch's
// wrap-around in the narrower dtype. Explain lists, per term, the element read from each
// operand, and the added element; the equation writes the sum of products out in numbers.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/registry.hpp"
#include "core/tensor.hpp"

namespace whence {

struct ContractOperand {
  int param = -1;                  // parameter index (OpDescriptor::params)
  int item = -1;                   // item of a list parameter (einsum's operands), or -1
  Tensor t;                        // the argument as given
  std::vector<std::int64_t> step;  // per letter: its step in t's row-major elements
  std::vector<int> dims;           // the letter of each of t's dims
  std::string label;               // its name in equations ("" : the parameter's name)
};

struct ContractPlan {
  DType dtype = DType::Float32;
  Shape shape;                       // the result's shape
  std::vector<std::int64_t> size;    // per letter
  std::vector<std::string> letters;  // einsum's letter names (one per letter), else empty
  int n_out = 0;                     // letters [0, n_out) index the result
  std::vector<ContractOperand> ops;  // the factors of every term
  bool product = true;               // false: alpha is 0 and PyTorch drops the product (no sources)
  bool zero_alpha_computes = false;  // addr: alpha 0 still multiplies (0·nan is nan), though nothing is a source
  std::vector<std::size_t>
      chain_split;  // multi_dot: operand i..j splits after chain_split[i·n + j] (PyTorch's mm order)
  bool add_last = false;
  bool round_product = false;            // bilinear + a wider bias: the product is rounded to product_dtype first
  DType product_dtype = DType::Float64;  // bfloat16: the added term joins after the products (gemv, baddbmm)
  double alpha = 1, beta = 1;            // as the result dtype holds them (integers truncated)
  bool has_add = false;                  // beta · add, broadcast to the result
  ContractOperand add;
  bool sum_form = false;        // write "Σ_j" with letters (einsum)
  bool round_terms = false;     // each product rounded to the dtype before the sum (PyTorch's mul then sum)
  bool no_half_kernel = false;  // float16 that PyTorch 1.13's CPU kernels refuse ("addmm_impl_cpu_" not
                                // implemented for 'Half'): computed as newer PyTorch does, in float (here
                                // double) and rounded once, no intermediate rounding
};

// Adds a letter of `size`; returns its index.
int add_letter(ContractPlan& p, std::int64_t size);
// Adds operand `t` (parameter `param`, list item `item`) whose dim d is indexed by letter
// dims[d]; a size-1 dim broadcast over a longer letter gets step 0.
void add_operand(ContractPlan& p, int param, int item, const Tensor& t, const std::vector<int>& dims,
                 std::string label = "");
// beta · t broadcast to the result (PyTorch's expand of input to the result's shape).
void add_term(ContractPlan& p, int param, const Tensor& t, double beta);

// Appends every part to e: the equations of cov, cdist and trapezoid build their text with
// appends, which cost the web module less code than chains of operator+.
template <class... Part>
void put_parts(std::string& e, const Part&... part) {
  (e += ... += part);
}

using PlanFn = ContractPlan (*)(const Bound&);
// A descriptor whose run, explain and equation come from its plan.
OpDescriptor contraction_op(const char* names, const char* summary, const char* example, const char* params,
                            PlanFn plan);

// torch.einsum(op1, sublist1, ..., [sublist_out])'s equation string, with Python's errors on
// the way (kernels/contraction/einsum_sublists.cpp).
std::string einsum_sublist_equation(const List& args);

void add_contraction_ops(std::vector<const OpDescriptor*>& t);  // kernels/contraction/contraction_ops.cpp
void add_covariance_ops(std::vector<const OpDescriptor*>& t);   // kernels/contraction/covariance_ops.cpp
void add_distance_ops(std::vector<const OpDescriptor*>& t);     // kernels/contraction/distance_ops.cpp
void add_trapezoid_ops(std::vector<const OpDescriptor*>& t);    // kernels/contraction/trapezoid_ops.cpp

}  // namespace whence
