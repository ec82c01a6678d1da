// elementwise_launch.hpp - the CPU launcher of the elementwise family (native and
// WebAssembly), after PyTorch's TensorIterator: the output is walked in row-major blocks;
// each operand's block is read through its strides with an odometer (no division per
// element), converted to the compute type unless it already is contiguous in that type, the
// op's functor runs over the block, and the result is stored converted to the output dtype.
#pragma once
#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "kernels/common/fast_paths.hpp"
#include "kernels/cpu/convert.hpp"
#include "kernels/elementwise/elementwise.hpp"

namespace whence {

constexpr int kBlock = 256;

// The functor of an op applied to one block of compute-type values.
template <class C, class R>
using ApplyBlock = void (*)(const EwParams& p, const C* const* in, int m, R* out);

// A unary functor with two forms chosen by a parameter (gelu's approximate=) says so with
// kForms, form(p) and as<form>(p, x): the CPU launcher picks the form once per block, so that
// each form's loop vectorizes (a choice per element, the compiler keeps in the loop).
template <class F, class = void>
struct has_forms : std::false_type {};
template <class F>
struct has_forms<F, std::void_t<decltype(F::kForms)>> : std::true_type {};

// N = number of operands, R = the functor's result type (C, or bool for predicates).
template <class C, class R, class F, int N>
void apply_functor(const EwParams& p, const C* const* in, int m, R* out) {
  const F f{};
  if constexpr (N == 1 && has_forms<F>::value) {
    const C* x = in[0];
    if (!take_fast_path(FastPath::ElementwiseForms)) {  // the plain path: the form chosen per element
      for (int j = 0; j < m; ++j) out[j] = f(p, x[j]);
    } else if (F::form(p)) {
      for (int j = 0; j < m; ++j) out[j] = f.template as<true>(p, x[j]);
    } else {
      for (int j = 0; j < m; ++j) out[j] = f.template as<false>(p, x[j]);
    }
  } else if constexpr (N == 1) {
    const C* x = in[0];
    for (int j = 0; j < m; ++j) out[j] = f(p, x[j]);
  } else if constexpr (N == 2) {
    const C* x = in[0];
    const C* y = in[1];
    for (int j = 0; j < m; ++j) out[j] = f(p, x[j], y[j]);
  } else {
    const C* x = in[0];
    const C* y = in[1];
    const C* z = in[2];
    for (int j = 0; j < m; ++j) out[j] = f(p, x[j], y[j], z[j]);
  }
}

// An operand is read in place when it is laid out exactly like the output and already holds C.
inline bool is_plain(const KTensor& t, const KTensor& out) {
  std::int64_t expected = 1;
  for (int d = out.rank - 1; d >= 0; --d) {
    if (t.shape[d] != out.shape[d]) return false;
    if (out.shape[d] != 1 && t.strides[d] != expected) return false;
    expected *= out.shape[d];
  }
  return true;
}

// elementwise_launch's plain path (the reference of FastPath::ElementwiseBlocks): the same
// blocks, each operand element loaded at its own coordinates through its strides, every
// block stored converted.
template <class C, class R>
void elementwise_plain(const ElementwiseArgs& a, std::int64_t n, void* out_data, DType out_dtype,
                       ApplyBlock<C, R> apply, const EwParams& p) {
  C buffers[kMaxOperands][kBlock];
  R results[kBlock];
  const C* in[kMaxOperands] = {};
  for (int k = 0; k < a.count; ++k) in[k] = buffers[k];
  std::int64_t coord[kKernelMaxRank] = {};
  for (std::int64_t start = 0; start < n; start += kBlock) {
    const int m = int(std::min<std::int64_t>(kBlock, n - start));
    for (int j = 0; j < m; ++j) {
      unravel(start + j, a.out, coord);
      for (int k = 0; k < a.count; ++k) buffers[k][j] = load_as<C>(a.in[k], storage_offset(a.in[k], coord));
    }
    apply(p, in, m, results);
    store_block<R>(out_data, out_dtype, start, m, results);
  }
}

// Runs `apply` over every element of the contiguous output `out_data` (dtype out_dtype).
// The operands' strides are 0 on their broadcast dims (elementwise_args does that).
template <class C, class R>
void elementwise_launch(const ElementwiseArgs& a, void* out_data, DType out_dtype, ApplyBlock<C, R> apply,
                        const EwParams& p) {
  std::int64_t n = 1;
  for (int d = 0; d < a.out.rank; ++d) n *= a.out.shape[d];
  if (n == 0) return;
  if (!take_fast_path(FastPath::ElementwiseBlocks)) return elementwise_plain<C, R>(a, n, out_data, out_dtype, apply, p);

  // How each operand is read: in place (laid out like the output, already C), one value for
  // every element (all its strides 0: a Python scalar, a broadcast 0-d or 1-element tensor),
  // converted in order (laid out like the output, another dtype), or gathered through its
  // strides (broadcast, transposed, sliced).
  enum class Read { Plain, Constant, Linear, Gather };
  Read how[kMaxOperands] = {};
  bool any_walk = false;  // some operand is gathered
  for (int k = 0; k < a.count; ++k) {
    const KTensor& t = a.in[k];
    bool constant = true;
    for (int d = 0; d < a.out.rank; ++d) constant = constant && (t.strides[d] == 0 || a.out.shape[d] == 1);
    const bool layout = is_plain(t, a.out);
    how[k] = layout && DType(t.dtype) == dtype_of<C>() ? Read::Plain
             : constant                                ? Read::Constant
             : layout                                  ? Read::Linear
                                                       : Read::Gather;
    any_walk |= how[k] == Read::Gather;
  }
  const bool out_plain = out_dtype == dtype_of<R>();

  C buffers[kMaxOperands][kBlock];
  for (int k = 0; k < a.count; ++k)
    if (how[k] == Read::Constant) std::fill(buffers[k], buffers[k] + kBlock, load_as<C>(a.in[k], 0));
  R results[kBlock];
  const C* in[kMaxOperands] = {};

  // Odometer over the output's coordinates, with each operand's storage offset alongside.
  const int rank = a.out.rank;
  std::int64_t coord[kKernelMaxRank] = {};
  std::int64_t at[kMaxOperands] = {};

  for (std::int64_t start = 0; start < n; start += kBlock) {
    const int m = int(std::min<std::int64_t>(kBlock, n - start));
    // A gathered operand whose block is one dense run already in C (a broadcast row) is read
    // in place, as a plain one.
    const C* direct[kMaxOperands] = {};
    if (any_walk) {
      // By runs along the innermost dim: a gathered operand's run is read with its stride
      // there (contiguous, repeated or strided); the odometer carries only at the end of a row.
      const int last = rank - 1;
      const std::int64_t row = a.out.shape[last];
      for (int j = 0; j < m;) {
        const int len = int(std::min<std::int64_t>(m - j, row - coord[last]));
        for (int k = 0; k < a.count; ++k) {
          const std::int64_t s = a.in[k].strides[last];
          if (how[k] == Read::Gather) {
            if (j == 0 && len == m && s == 1 && DType(a.in[k].dtype) == dtype_of<C>())
              direct[k] = static_cast<const C*>(a.in[k].data) + at[k];
            else
              load_run<C>(a.in[k], at[k], s, len, buffers[k] + j);
          }
          at[k] += len * s;
        }
        j += len;
        coord[last] += len;
        if (coord[last] < row) continue;
        for (int d = last; d >= 0; --d) {  // carry into the outer dims
          for (int k = 0; k < a.count; ++k) at[k] -= a.in[k].strides[d] * a.out.shape[d];
          coord[d] = 0;
          if (d == 0) break;
          for (int k = 0; k < a.count; ++k) at[k] += a.in[k].strides[d - 1];
          if (++coord[d - 1] < a.out.shape[d - 1]) break;
        }
      }
    }
    for (int k = 0; k < a.count; ++k) {
      switch (how[k]) {
        case Read::Plain: in[k] = static_cast<const C*>(a.in[k].data) + start; break;
        case Read::Constant: in[k] = buffers[k]; break;
        case Read::Linear: load_run<C>(a.in[k], start, 1, m, buffers[k]), in[k] = buffers[k]; break;
        case Read::Gather: in[k] = direct[k] ? direct[k] : buffers[k]; break;  // (read above, run by run)
      }
    }
    if (out_plain) {
      apply(p, in, m, static_cast<R*>(out_data) + start);
    } else {
      apply(p, in, m, results);
      store_block<R>(out_data, out_dtype, start, m, results);
    }
  }
}

}  // namespace whence
