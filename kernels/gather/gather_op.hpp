// gather_op.hpp - the gather family's descriptor (kernels/gather/gather.cpp), listed in
// kernels/common/op_table.cpp.
#pragma once
#include "core/registry.hpp"

namespace whence {

const OpDescriptor& gather_op();  // kernels/gather/gather.cpp

}  // namespace whence
