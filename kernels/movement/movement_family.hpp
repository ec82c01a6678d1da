// movement_family.hpp - ops that move elements without arithmetic: views (t, permute, view,
// narrow, diagonal, as_strided...), copies that rearrange (flip, roll, repeat, tril...), and
// later joins and splits. An op is one function from its bound call to its results; views
// return tensors that share the argument's storage, exactly as PyTorch's strides and offsets.
//
// Relations come from running the same function on proxies: each tensor argument replaced by
// an int64 tensor of its shape whose element f holds a unique id (its position among all the
// arguments' elements, plus 1). Whatever element lands on an output position names its source;
// 0 (a fill, tril's zeros) names none. So an op's explain is its run: they cannot disagree.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/registry.hpp"
#include "kernels/common/composite.hpp"

namespace whence {

struct MovementSpec {
  // The results, from b's tensor arguments (the real ones, or proxies of the same shapes).
  std::vector<Tensor> (*apply)(const Bound& b) = nullptr;
  bool tuple = false;               // results are a tuple (split, unbind)
  bool tuple_if_list = false;       // a tuple when `tensors` is a list, one tensor when a tensor (atleast_1d)
  bool shift_note = false;          // pieces cut or joined along dims (cat, split): the equation says where
                                    // the piece begins ("tensors[1] begins at out[0][2]")
  bool storage_proxy = false;       // as_strided: reads the input's storage, so the proxy keeps its layout
  bool flat_arithmetic = false;     // reshape-like: the equation shows the flat index (5 = 1·3 + 2)
  const char* fill = nullptr;       // what an output element with no source holds ("zeroed by tril")
  const char* family = "movement";  // the registry's family (its golden folder): "indexing" for x[...], "join"
  // The index elements that decided which element lands on output element `flat`
  // (repeat_interleave's repeats tensor, x[idx]'s index and mask elements), appended to its sources: `src` holds the value
  // source the proxies found, or nothing where the output is computed from those elements.
  void (*deciders)(const Bound& b, const OpResult& r, int position, std::int64_t flat,
                   std::vector<Source>& src) = nullptr;
  // Why that element landed there, written after the equation ("on diagonal +1"); "" for none.
  std::string (*note)(const Bound& b, const OpResult& r, int position, std::int64_t flat,
                      const std::vector<Source>& src) = nullptr;
};

// The descriptor of an op of the family (spec.family: "movement", "indexing", or "join" for
// kernels/join/join_family.hpp). params: composite.hpp's param_list text.
OpDescriptor movement_op(const char* names, const char* summary, const char* example, const char* params,
                         MovementSpec spec);
// Registers movement_op(...).
void add_movement(std::vector<const OpDescriptor*>& t, const char* names, const char* summary, const char* example,
                  const char* params, MovementSpec spec);

// What most movement ops' apply functions start and end with: the tensor argument "input", and
// one result.
inline const Tensor& input_tensor(const Bound& b) { return tensor_arg(b, "input"); }
inline std::vector<Tensor> single(Tensor t) { return {std::move(t)}; }

// An int list argument given as a list or a single int.
std::vector<std::int64_t> ints_of(const Value& v);

// The copy of `shape` whose element at coordinates c is x at coordinates from(c) (or zero
// where from returns false): the shared loop of the rearranging copies. (One loop for all of
// them: a template per op's lambda would copy it into the WebAssembly module each time.)
using FromFn = bool (*)(const void* context, const std::vector<std::int64_t>& c, std::vector<std::int64_t>& src);
Tensor rearranged_with(const Tensor& x, const Shape& shape, FromFn from, const void* context);
template <class From>
Tensor rearranged(const Tensor& x, const Shape& shape, const From& from) {
  return rearranged_with(
      x, shape,
      [](const void* f, const std::vector<std::int64_t>& c, std::vector<std::int64_t>& s) {
        return (*static_cast<const From*>(f))(c, s);
      },
      &from);
}

// PyTorch's select, diagonal and as_strided views with their checks and words (kernels/movement/view_ops.cpp);
// dims as given (negative ones wrapped here), the errors name "dim", "index", "dim1", "dim2".
Tensor select_view(const Tensor& x, std::int64_t dim, std::int64_t index);
Tensor diagonal_view(const Tensor& x, std::int64_t offset, std::int64_t dim1, std::int64_t dim2);
// PyTorch's as_strided with its checks and words (storage_offset None: x's own offset).
Tensor as_strided_view(const Tensor& x, const std::vector<std::int64_t>& size, const std::vector<std::int64_t>& stride,
                       const Value& storage_offset);

// as_strided_scatter's GradRule::check (kernels/movement/scatter_view_ops.cpp says why).
void as_strided_scatter_grad_check(const Bound& b, const OpResult& r);

void add_view_ops(std::vector<const OpDescriptor*>& t);           // kernels/movement/view_ops.cpp
void add_scatter_view_ops(std::vector<const OpDescriptor*>& t);   // kernels/movement/scatter_view_ops.cpp
void add_channel_shuffle(std::vector<const OpDescriptor*>& t);    // kernels/movement/channel_shuffle_op.cpp
void add_index_ops(std::vector<const OpDescriptor*>& t);          // kernels/indexing/index_ops.cpp: x[index], x.T
void add_diag_ops(std::vector<const OpDescriptor*>& t);           // kernels/movement/diag_ops.cpp
void add_repeat_interleave(std::vector<const OpDescriptor*>& t);  // kernels/movement/repeat_interleave_op.cpp

}  // namespace whence
