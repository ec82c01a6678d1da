// launch.hpp - the CPU launcher (native and WebAssembly): runs an element function over every
// output element, and the Explain run for one element.
#pragma once
#include <vector>

#include "core/registry.hpp"
#include "core/tensor.hpp"
#include "kernels/common/element.hpp"
#include "kernels/cpu/convert.hpp"

namespace whence {

// A core tensor as the kernels see it; `param` tags its reads for the Explain accessor.
KTensor to_ktensor(const Tensor& t, int param);

// out[flat] = element(flat, ComputeAccess) for every element of the contiguous tensor `out`.
template <class T, class Element>
void cpu_launch(Tensor& out, Element element) {
  T* data = out.data<T>();
  ComputeAccess access;
  const std::int64_t n = out.numel();
  for (std::int64_t flat = 0; flat < n; ++flat) data[flat] = element(flat, access);
}

// The sources of one output element: run the same element function with the Explain
// accessor, which records every read of a tensor argument (no cap: an element that reads 4,096
// elements names 4,096 sources).
template <class Element>
std::vector<Source> cpu_explain(std::int64_t flat, Element element) {
  CpuExplainAccess access;
  element(flat, access);
  return std::move(access.reads);
}

}  // namespace whence
