// reduce_cuda.hpp - the CUDA launchers of the many-to-one family and of the scans over float32
// inputs: one thread per output element (reductions) or per line (softmax, scans), each
// folding its slice with reduce.hpp's element function and reduce_accumulate.hpp's
// Accumulator, in double as the CPU's accumulator does, as one thread of the CPU would.
// KTensor data pointers must be device pointers; outputs are contiguous.
#pragma once
#include <cstdint>

#include "kernels/reduce/reduce.hpp"
#include "kernels/reduce/reduce_accumulate.hpp"

namespace whence {

// The reduction of a float32 input over one dim `dim` (the rest kept), as reduce_family.cpp
// builds ReduceArgs for it; the output has in's shape without dim, row-major.
ReduceArgs reduce_args_over(const KTensor& in, int dim);

// out[flat] = float(acc.value(0)) for each of the `numel` output elements of `a` (a.in float32,
// at most kKernelMaxRank dims); `indices` (may be null) = acc.winner, the position of the
// winner in its slice for Max and Min. cudaError_t as int; cudaErrorInvalidValue, launching
// nothing, for a.in not float32.
int reduce_cuda_f32(ReduceKind kind, const ReduceParams& params, const ReduceArgs& a, float* out, std::int64_t* indices,
                    std::int64_t numel, void* stream);

// softmax of a float32 input along the one reduced dim of `a` (a.nreduced == 1): one thread per
// line folds it with the LogSumExp accumulator (reduce_element), then writes
// out = e^(x − logsumexp) in double, rounded to float; out is contiguous in a.in's shape.
// `lines` = the number of lines (a.in's numel / its size along the dim).
int softmax_cuda_f32(const ReduceArgs& a, float* out, std::int64_t lines, void* stream);

// The running `kind` (Sum: cumsum, Prod: cumprod) of a float32 input along the one reduced dim
// of `a`: one thread per line adds each element to an Accumulator and writes its value, as
// reduce_family.cpp's write_scan; out contiguous in a.in's shape.
int scan_cuda_f32(ReduceKind kind, const ReduceArgs& a, float* out, std::int64_t lines, void* stream);

// The same per-element and per-line code run on the host over host pointers (the benchmark's
// --host-check, which tests the launchers' arguments and indexing without a GPU).
int reduce_host_f32(ReduceKind kind, const ReduceParams& params, const ReduceArgs& a, float* out, std::int64_t* indices,
                    std::int64_t numel);
int softmax_host_f32(const ReduceArgs& a, float* out, std::int64_t lines);
int scan_host_f32(ReduceKind kind, const ReduceArgs& a, float* out, std::int64_t lines);

}  // namespace whence
