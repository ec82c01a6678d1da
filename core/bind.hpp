// bind.hpp - matches a call's arguments to an op's parameters the way PyTorch's Python
// argument parser does, with its TypeError wording when they do not fit.
#pragma once
#include "registry.hpp"

namespace whence {

Bound bind(const OpDescriptor& op, const Call& call);

}  // namespace whence
