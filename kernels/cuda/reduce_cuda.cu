#include "kernels/cuda/reduce_cuda.hpp"

#include <cuda_runtime.h>

#include <cmath>

#include "core/dtype.hpp"
#include "kernels/cuda/cuda_access.hpp"
#include "kernels/cuda/cuda_grid.hpp"

namespace whence {

namespace {

// The CPU's accumulator in double over float32 storage: reduce_element's compute path hands
// it runs of float; each element goes through Accumulator::add, in slice order.
struct WideAccumulator : Accumulator<double> {
  WHENCE_HD WideAccumulator(ReduceKind k, ReduceParams p) : Accumulator<double>(k, p) {}
  WHENCE_HD void add_run(const float* x, std::int64_t stride, std::int64_t len, std::int64_t i0) {
    for (std::int64_t j = 0; j < len; ++j) add(double(x[j * stride]), i0 + j);
  }
};

// Output element i of a reduction: its slice folded by the element function.
WHENCE_HD void reduce_one(ReduceKind kind, const ReduceParams& params, const ReduceArgs& a, float* out,
                          std::int64_t* indices, std::int64_t i) {
  CudaComputeAccess access;
  WideAccumulator acc(kind, params);
  reduce_element<float>(a, i, access, acc);
  out[i] = float(acc.value(0));
  if (indices) indices[i] = acc.winner;
}

// The coordinates of line `line` (every kept dim of a.in, row-major; the reduced dim 0).
WHENCE_HD void line_start(const ReduceArgs& a, std::int64_t line, std::int64_t* coord) {
  for (int k = a.nkept - 1; k >= 0; --k) {
    const int d = a.kept[k];
    coord[d] = line % a.in.shape[d];
    line /= a.in.shape[d];
  }
  coord[a.reduced[0]] = 0;
}

// softmax of one line: logsumexp folded by the element function, then e^(x − logsumexp).
WHENCE_HD void softmax_line(const ReduceArgs& a, float* out, std::int64_t line) {
  const int d = a.reduced[0];
  const std::int64_t len = a.in.shape[d];
  CudaComputeAccess access;
  WideAccumulator acc(ReduceKind::LogSumExp, ReduceParams{});
  reduce_element<float>(a, line, access, acc);
  const double lse = acc.value(0);
  std::int64_t coord[kKernelMaxRank] = {};
  line_start(a, line, coord);
  for (std::int64_t i = 0; i < len; ++i) {
    coord[d] = i;
    const double x = double(access.read<float>(a.in, coord, Role::Value));
    out[ravel(a.in, coord)] = float(std::exp(x - lse));
  }
}

// The running `kind` of one line: the accumulator's value after each element.
WHENCE_HD void scan_line(ReduceKind kind, const ReduceArgs& a, float* out, std::int64_t line) {
  const int d = a.reduced[0];
  const std::int64_t len = a.in.shape[d];
  CudaComputeAccess access;
  Accumulator<double> acc(kind, ReduceParams{});
  std::int64_t coord[kKernelMaxRank] = {};
  line_start(a, line, coord);
  for (std::int64_t i = 0; i < len; ++i) {
    coord[d] = i;
    acc.add(double(access.read<float>(a.in, coord, Role::Value)), i);
    out[ravel(a.in, coord)] = float(acc.value(0));
  }
}

__global__ void reduce_kernel(ReduceKind kind, ReduceParams params, ReduceArgs a, float* out, std::int64_t* indices,
                              std::int64_t numel) {
  grid_stride(numel, [&](std::int64_t i) { reduce_one(kind, params, a, out, indices, i); });
}

__global__ void softmax_kernel(ReduceArgs a, float* out, std::int64_t lines) {
  grid_stride(lines, [&](std::int64_t line) { softmax_line(a, out, line); });
}

__global__ void scan_kernel(ReduceKind kind, ReduceArgs a, float* out, std::int64_t lines) {
  grid_stride(lines, [&](std::int64_t line) { scan_line(kind, a, out, line); });
}

bool float32_input(const ReduceArgs& a) {
  return DType(a.in.dtype) == DType::Float32 && a.in.rank >= 0 && a.in.rank <= kKernelMaxRank &&
         a.nkept + a.nreduced == a.in.rank;
}

bool one_line_dim(const ReduceArgs& a) { return float32_input(a) && a.nreduced == 1 && a.in.rank >= 1; }

bool scan_kind(ReduceKind kind) { return kind == ReduceKind::Sum || kind == ReduceKind::Prod; }

}  // namespace

ReduceArgs reduce_args_over(const KTensor& in, int dim) {
  ReduceArgs a;
  a.in = in;
  for (int d = 0; d < in.rank; ++d) {
    if (d == dim)
      a.reduced[a.nreduced++] = d;
    else
      a.kept[a.nkept++] = d;
  }
  a.slice = dim >= 0 && dim < in.rank ? in.shape[dim] : 1;
  return a;
}

int reduce_cuda_f32(ReduceKind kind, const ReduceParams& params, const ReduceArgs& a, float* out, std::int64_t* indices,
                    std::int64_t numel, void* stream) {
  if (!float32_input(a)) return int(cudaErrorInvalidValue);
  if (numel == 0) return int(cudaSuccess);
  reduce_kernel<<<cuda_blocks(numel), kCudaThreads, 0, static_cast<cudaStream_t>(stream)>>>(kind, params, a, out,
                                                                                            indices, numel);
  return int(cudaGetLastError());
}

int softmax_cuda_f32(const ReduceArgs& a, float* out, std::int64_t lines, void* stream) {
  if (!one_line_dim(a)) return int(cudaErrorInvalidValue);
  if (lines == 0) return int(cudaSuccess);
  softmax_kernel<<<cuda_blocks(lines), kCudaThreads, 0, static_cast<cudaStream_t>(stream)>>>(a, out, lines);
  return int(cudaGetLastError());
}

int scan_cuda_f32(ReduceKind kind, const ReduceArgs& a, float* out, std::int64_t lines, void* stream) {
  if (!one_line_dim(a) || !scan_kind(kind)) return int(cudaErrorInvalidValue);
  if (lines == 0) return int(cudaSuccess);
  scan_kernel<<<cuda_blocks(lines), kCudaThreads, 0, static_cast<cudaStream_t>(stream)>>>(kind, a, out, lines);
  return int(cudaGetLastError());
}

int reduce_host_f32(ReduceKind kind, const ReduceParams& params, const ReduceArgs& a, float* out, std::int64_t* indices,
                    std::int64_t numel) {
  if (!float32_input(a) || numel < 0) return int(cudaErrorInvalidValue);
  for (std::int64_t i = 0; i < numel; ++i) reduce_one(kind, params, a, out, indices, i);
  return int(cudaSuccess);
}

int softmax_host_f32(const ReduceArgs& a, float* out, std::int64_t lines) {
  if (!one_line_dim(a) || lines < 0) return int(cudaErrorInvalidValue);
  for (std::int64_t line = 0; line < lines; ++line) softmax_line(a, out, line);
  return int(cudaSuccess);
}

int scan_host_f32(ReduceKind kind, const ReduceArgs& a, float* out, std::int64_t lines) {
  if (!one_line_dim(a) || !scan_kind(kind) || lines < 0) return int(cudaErrorInvalidValue);
  for (std::int64_t line = 0; line < lines; ++line) scan_line(kind, a, out, line);
  return int(cudaSuccess);
}

}  // namespace whence
