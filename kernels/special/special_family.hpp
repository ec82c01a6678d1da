// special_family.hpp - the special family: the torch.special functions with long series (the
// scaled Bessel functions, ndtri, polygamma, mvlgamma, zeta, the incomplete gamma functions),
// described as the elementwise family's EwOp rows and run by its launcher, in a family of their
// own so that only the web module that links it carries their code.
#pragma once
#include <vector>

#include "core/autograd.hpp"
#include "core/registry.hpp"

namespace whence {

void add_special_ops(std::vector<const OpDescriptor*>& t);

}  // namespace whence
