// aten_print.hpp - a tensor as ATen's C++ operator<< prints it, which some of PyTorch's errors
// embed ("torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got:   1  2\n  3  4\n
// [ torch.LongTensor{2,2} ]"): the values as doubles in one shared width and format (integers,
// fixed with 4 decimals, a common "1e+02 *" scale, or scientific), 80-character lines split
// into "Columns a to b", dims above 2 as "(i,j,.,.) = " matrices.
#pragma once
#include <string>

#include "tensor.hpp"

namespace whence {

std::string aten_print(const Tensor& t);

}  // namespace whence
