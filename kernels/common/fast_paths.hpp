// fast_paths.hpp - llm.c's discipline, "a CPU reference beside every fast kernel": every
// branch of the kernels that computes the same values as a plainer path, only faster, is named
// here, and each site reads
//     if (<its conditions> && take_fast_path(FastPath::X)) fast...; else plain...;
// so that set_fast_paths(false) runs the plain (reference) path everywhere.
// tests/unit/common/test_fast_paths.cpp evaluates every op's example, in many layouts, sizes
// and dtypes, both ways and requires the same JSON, and that each path below was taken.
// Branches that compute other values by design (PyTorch's float32 arithmetic) are no fast
// paths: each family's README lists them, and why they are left out.
#pragma once
#include <cstdint>

namespace whence {

enum class FastPath {
  // gather/gather.cpp
  GatherRows,        // gather_rows: a row at a time along the last dim (plain: gather_element per element)
  GatherRowsDense,   // gather_rows' plain indexed copy of a row (dim the last, index and input dense along it)
  GatherIndexCheck,  // indices_in_range: one pass over a contiguous index (plain: the walk in PyTorch's order)
  // elementwise/elementwise_launch.hpp
  ElementwiseBlocks,  // the block launcher's read modes (plain: each operand element loaded at its coordinates)
  ElementwiseForms,   // has_forms: gelu's form chosen once per block (plain: the functor's operator() per element)
  // reduce/
  ReduceLines,     // reduce_lines: sum, mean, logsumexp over adjacent dims (plain: the slice gathered, then the
                   // same per-slice arithmetic)
  ArgLines,        // arg_lines: max/min with indices (plain: reduce_element and the Accumulator)
  ScanLines,       // scan_lines: cumsum, cumprod (plain: write_scan, one Accumulator per line)
  AddRun,          // reduce_element's compute walk: runs through Accumulator::add_run, one loop for sum and
                   // mean (plain: each slice element read at its coordinates and add()ed)
  SoftmaxLines,    // softmax_lines' contiguous copy and side-by-side lines (plain: one line at a time)
  OrderLinesFast,  // order_lines_fast: float sort and topk along a dense last dim (plain: the op's pick per line)
  // select/
  IndexSelectFast,   // index_select_fast: whole slices (plain: the ReadPlan)
  MaskedSelectFast,  // masked_select_fast: a compress loop (plain: the ReadPlan)
  ScatterAddFast,    // scatter_add_fast: rows along the last dim (plain: the WritePlan)
  // indexing/
  GetitemSlices,  // getitem_slices: x[idx] as whole slices (plain: the loop over every result element)
  // contraction/
  PackedProduct,     // the packed, register-blocked matrix product, floating (plain: the loop over letter offsets)
  PackedProductInt,  // the same packing with an i-k-j loop, integers (plain: the same loop over letter offsets)
  // resample/
  BilinearF32,  // bilinear_f32: weights per row and column computed once (plain: the same float sum per element)
  // window/
  ConvDirect,     // conv_direct: stride 1 as shifted planes (plain: conv_reference)
  ConvIm2col,     // conv_im2col: im2col columns times the packed weight (plain: conv_reference)
  MaxPoolKernel,  // max_pool_kernel: interior columns tap by tap (plain: max_winner per element)
  // join/
  JoinCopy,  // place with equal dtypes: copy_into a strided view (plain: the odometer of get and set)
  // core/ (core_fast_paths.hpp: core keeps these four itself; set_fast_paths turns them too)
  CopyTiles,   // copy_strided's tiled transposes (plain: the run loop)
  TensorCopy,  // Tensor::to within a dtype: memcpy or copy_strided (plain: get and set per element)
  TensorCast,  // Tensor::to between float32 and float64 (plain: get and set per element)
  ArangeSum,   // arange's additions where every product is exact (plain: std::fma)
  kCount
};

// Records that site p was reached with its fast conditions met (a bit in a global mask; call
// it per call or per line, never per element) and returns whether fast paths are enabled.
bool take_fast_path(FastPath p);
// Fast paths on (the default) or off everywhere: off, each site takes its plain path.
void set_fast_paths(bool enabled);
bool fast_paths_enabled();
// Bit p: site p was reached with its conditions met since the last reset (enabled or not).
std::uint64_t fast_paths_taken();
void reset_fast_paths_taken();
// "gather_rows", "reduce_lines", ...: the name the READMEs use.
const char* fast_path_name(FastPath p);

}  // namespace whence
