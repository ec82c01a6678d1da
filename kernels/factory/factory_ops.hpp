// factory_ops.hpp - the factory family (kernels/factory/factory_ops.cpp): torch.zeros, ones, full,
// zeros_like, ones_like, full_like, arange, linspace, logspace, eye, tril_indices, triu_indices.
#pragma once
#include <vector>

#include "core/registry.hpp"

namespace whence {

void add_factory_ops(std::vector<const OpDescriptor*>& t);

}  // namespace whence
