// ops.hpp - one accessor per op descriptor, defined in its family's file and listed once in
// op_table.cpp.
#pragma once
#include "core/registry.hpp"

namespace whence {

const OpDescriptor& gather_op();  // kernels/index.cpp

}  // namespace whence
