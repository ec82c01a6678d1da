// bind.hpp - matches a call's arguments to an op's parameters the way PyTorch's Python
// argument parser does, with its TypeError wording when they do not fit.
#pragma once
#include "registry.hpp"

namespace whence {

Bound bind(const OpDescriptor& op, const Call& call);

// Checks a call that a Python op makes to a native function with arguments of its own
// (torch.norm calls torch._VF.norm(input, p, _dim, keepdim=..., ...)) and raises that
// function's TypeError, as PyTorch's argument parser words it, when no overload takes them or
// an int list holds something else than ints.
void check_native_call(const std::string& binding, const std::vector<const Value*>& positional,
                       const std::vector<std::pair<std::string, const Value*>>& kwargs);

}  // namespace whence
