// elementwise_cuda.hpp - the CUDA launcher of the elementwise family: one thread per output
// element (grid-stride), each reading its operands through elementwise.hpp's element function
// (elementwise_reads, or select_element for where) and applying the op's functor
// (elementwise_ops.hpp), the same ones the CPU launcher runs. float32 compute and result only
// (the benchmark's cases); KTensor data pointers must be device pointers.
#pragma once
#include <cstdint>

#include "kernels/elementwise/elementwise.hpp"

namespace whence {

// The functors the CUDA launcher is instantiated for.
enum class EwCudaOp { Add, Mul, Exp, Sigmoid, Gelu, Where };

// out[i] (contiguous float32, numel elements, the shape of a.out) = op of the operands of `a`
// (aligned to a.out's rank, strides 0 where broadcast, as elementwise_family.cpp builds them)
// in float. Launches on `stream` (a cudaStream_t, 0 for the default) and returns the
// cudaError_t as int: cudaErrorInvalidValue, launching nothing, for an operand count the op
// does not take, a float16/bfloat16 operand, p.reduced set, or a rank above kKernelMaxRank.
int elementwise_cuda_f32(EwCudaOp op, const ElementwiseArgs& a, const EwParams& p, float* out, std::int64_t numel,
                         void* stream);
// The same per-element code run on the host over host pointers, one element after another: the
// benchmark's --host-check, which tests the launchers' arguments and indexing without a GPU.
int elementwise_host_f32(EwCudaOp op, const ElementwiseArgs& a, const EwParams& p, float* out, std::int64_t numel);

}  // namespace whence
