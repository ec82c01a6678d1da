// reduce_family.hpp - how a many-to-one op is described and run: which accumulator folds its
// slices (kernels/reduce_accumulate.hpp), what its results are and how PyTorch types them.
// One shared run function parses dim/keepdim/dtype with PyTorch's errors, casts the input
// once, and runs the element function of kernels/reduce.hpp for every output element; one
// shared explain runs it for one element with the Explain accessor (order statistics mark
// the elements that lost as "compare").
#pragma once
#include <string>
#include <vector>

#include "core/registry.hpp"
#include "kernels/reduce_accumulate.hpp"

namespace whence {

// How a result's dtype follows from the input's.
enum class ReduceDType {
  SumLike,    // sum, prod: integers and bool give int64; dtype= overrides
  Same,       // max, amax: the input's dtype
  FloatOnly,  // mean, var: floating only (PyTorch refuses integers), dtype= overrides
  Bool,       // all, any: bool (uint8 stays uint8)
  Int64,      // count_nonzero, and the indices of max(x, dim)
  Index,      // argmax: int64 positions of the winner
};

struct ReduceSpec {
  ReduceKind kind = ReduceKind::Sum;
  std::vector<ReduceDType> results;   // one per result; two make a tuple (values, indices)
  std::string kernel_name;            // '"sum_cpu" not implemented for 'Bool''
  std::uint32_t refuse = 0;           // bit DType of input dtypes PyTorch refuses
  std::string empty_name;             // "max": a reduction without identity refuses empty slices
  const char* float_only_message = nullptr;  // FloatOnly's refusal, with %s for the dtype
  void (*params)(const Bound&, ReduceParams&) = nullptr;
  void (*check)(const Bound&, const Tensor& input, const std::vector<int>& dims) = nullptr;
  bool scan = false;                  // cumsum: element i of a line reads 0..i
  bool flat_index = false;            // argmax(dim=None): positions in the flattened input
  const char* symbol = "+";           // the equation's operator ("+", "·") or function ("max")
};

// The shared run and explain (OpDescriptor::run / ::explain / ::equation_fn).
OpResult reduce_run(const Bound& b);
std::vector<Source> reduce_explain(const Bound& b, const OpResult& r, int position, std::int64_t flat);
std::string reduce_equation(const Bound& b, const OpResult& r, int position, std::int64_t flat,
                            const std::vector<Source>& sources);

const OpDescriptor& register_reduce(OpDescriptor op, ReduceSpec spec);

// Every op of the family, from its files.
void add_reduce_ops(std::vector<const OpDescriptor*>& t);

}  // namespace whence
