// reduce_family.hpp - how a many-to-one op is described and run: which accumulator folds its
// slices (kernels/reduce/reduce_accumulate.hpp), what its results are and how PyTorch types them.
// One shared run function parses dim/keepdim/dtype with PyTorch's errors, casts the input
// once, and runs the element function of kernels/reduce/reduce.hpp for every output element; one
// shared explain runs it for one element with the Explain accessor (order statistics mark
// the elements that lost as "compare").
#pragma once
#include <string>
#include <vector>

#include "core/registry.hpp"
#include "kernels/reduce/reduce_accumulate.hpp"

namespace whence {

// How a result's dtype follows from the input's.
enum class ReduceDType {
  SumLike,     // sum, prod: integers and bool give int64; dtype= overrides
  Same,        // max, amax: the input's dtype
  FloatOnly,   // mean, var: floating only (PyTorch refuses integers), dtype= overrides
  IntToFloat,  // logsumexp: integers and bool give float32
  Bool,        // all, any: bool (uint8 stays uint8)
  Int64,       // count_nonzero, and the indices of max(x, dim)
  Index,       // argmax: int64 positions of the winner
};

struct ReduceSpec {
  ReduceKind kind = ReduceKind::Sum;
  std::vector<ReduceDType> results;  // one per result; two make a tuple (values, indices)
  std::string kernel_name;           // '"sum_cpu" not implemented for 'Bool''
  std::uint32_t refuse = 0;          // bit DType of input dtypes PyTorch refuses
  std::string empty_name;            // "max": a reduction without identity refuses empty slices
  // Its words (%s: the name, %d: the dim), where they differ from max's.
  const char* empty_full =
      "%s(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim with the 'dim' "
      "argument.";
  const char* empty_full_type = "RuntimeError";
  const char* empty_dim = "%s(): Expected reduction dim %d to have non-zero size.";
  const char* float_only_message = nullptr;  // FloatOnly's refusal, with %s for the dtype
  const char* dtype_message = nullptr;
  bool float_input_required = false;
  bool names_resolve = true;        // sum(x, dim='a') looks the name up; all/any refuse names
  std::string result_kernel;        // refuses a dtype= that PyTorch 1.13 has no kernel for:
  std::uint32_t refuse_result = 0;  //   '"cumsum_out_cpu" not implemented for 'Half''
  bool keepdim_scalar_as_1d = false;
  bool any_dim_for_scalar =
      false;  // cummax: a 0-d input takes any dim  // aminmax keeps a 0-d input's dim as size 1  // nanmean refuses integer input even with dtype=       // FloatOnly's refusal of a dtype= that is not floating
  void (*params)(const Bound&, ReduceParams&) = nullptr;
  void (*check)(const Bound&, const Tensor& input, const std::vector<int>& dims) = nullptr;
  bool scan = false;         // cumsum: element i of a line reads 0..i
  bool flat_index = false;   // argmax(dim=None): positions in the flattened input
  const char* symbol = "+";  // the equation's operator ("+", "·") or function ("max")
};

// The shared run and explain (OpDescriptor::run / ::explain / ::equation_fn).
OpResult reduce_run(const Bound& b);
std::vector<Source> reduce_explain(const Bound& b, const OpResult& r, int position, std::int64_t flat);
std::string reduce_equation(const Bound& b, const OpResult& r, int position, std::int64_t flat,
                            const std::vector<Source>& sources);

const OpDescriptor& register_reduce(OpDescriptor op, ReduceSpec spec);

// Every op of the family, from its files.
void add_reduce_ops(std::vector<const OpDescriptor*>& t);
void add_order_ops(std::vector<const OpDescriptor*>& t);       // kernels/reduce/order_ops.cpp
void add_statistic_ops(std::vector<const OpDescriptor*>& t);   // kernels/reduce/statistic_ops.cpp
void add_norm_layer_ops(std::vector<const OpDescriptor*>& t);  // kernels/reduce/norm_layer_ops.cpp
void add_loss_ops(std::vector<const OpDescriptor*>& t);        // kernels/reduce/loss_ops.cpp
void add_run_ops(std::vector<const OpDescriptor*>& t);         // kernels/reduce/run_ops.cpp
// torch.max / torch.min over their three forms: hidden[k] are the reductions they run.
void add_max_min(std::vector<const OpDescriptor*>& t, const std::vector<const OpDescriptor*>& hidden_full,
                 const std::vector<const OpDescriptor*>& hidden_dim);

}  // namespace whence
