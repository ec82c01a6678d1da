// select_write.hpp - the engine of the ops that write into a copy of their input: masked_fill,
// masked_scatter, index_fill, index_copy, index_add, scatter, scatter_add, scatter_reduce,
// index_reduce, index_put, put.
// An op's prepare checks the call in PyTorch's order and words and lists the writes, in the
// order PyTorch's CPU kernel makes them: which output element receives which value, and which
// index elements sent it. The engine computes the result from that list and explains each
// output element from the output side: what landed on it, who sent it, what it kept.
#pragma once
#include <cstdint>
#include <vector>

#include "kernels/select/select_common.hpp"

namespace whence {

// How the writes landing on one output element combine with it.
enum class Combine {
  Copy,  // the last write stays (scatter, index_copy, index_fill, put, index_put)
  Add,   // input + Σ alpha·value (scatter_add, index_add, reduce 'add'/'sum', accumulate=True)
  Mul,   // input · Π value (reduce 'multiply'/'prod')
  Mean,  // (input + Σ value) / count (scatter_reduce and index_reduce 'mean')
  Max,   // scatter_reduce and index_reduce 'amax'
  Min,   // 'amin'
};

struct Sender {  // an index (or mask) element that sent a write
  int param;
  int item;  // which tensor of a tensor list (index_put's indices), or -1
  std::int64_t flat;
};

struct Write {
  std::int64_t out;                            // flat element of the output
  std::int64_t value;                          // flat element of the value tensor, or -1: the fill number
  std::int32_t first_sender = 0, senders = 0;  // a range of WritePlan::sent
};

struct WritePlan {
  Shape shape;  // of the output
  DType dtype = DType::Float32;
  Combine combine = Combine::Copy;
  bool include_self = true;            // scatter_reduce's and index_reduce's include_self
  std::vector<std::int64_t> self_of;   // output element -> input element, when broadcast (masked_fill)
  int value_param = -1;                // the tensor whose elements are written (src, source, values, a 0-d value)
  Scalar fill;                         // the number written when Write::value is -1
  Scalar alpha = Scalar::from_int(1);  // index_add's alpha
  std::vector<Write> writes;           // in the order PyTorch's CPU kernel makes them
  std::vector<Sender> sent;
  std::vector<std::int64_t> mask_of;  // masked_fill: output element -> mask element (a mask source of every element)
  int mask_param = -1;
  // masked_scatter: the Trues before an output element count the values used up, so a written
  // element also has every mask element that covers it or an earlier position as a source.
  bool mask_counts = false;
  // filled by the engine: the writes of each output element, in order (CSR)
  std::vector<std::int32_t> start, ids;

  // Appends a write sent by `senders`.
  void write(std::int64_t out, std::int64_t value, std::initializer_list<Sender> senders);
  void write(std::int64_t out, std::int64_t value, const std::vector<Sender>& senders);
};

using WritePrepare = WritePlan (*)(const Bound&);
// The result without the list of writes, where an op can (false: the list's path runs, which
// raises the errors); explain still lists the writes.
using WriteFast = bool (*)(const Bound&, Tensor& out);

// A descriptor of the family: names, summary, example, parameters and its prepare.
const OpDescriptor& write_op(std::vector<const OpDescriptor*>& t, const char* names, const char* summary,
                             const char* example, std::vector<Param> params, WritePrepare prepare,
                             WriteFast fast = nullptr);

}  // namespace whence
