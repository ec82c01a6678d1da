// random_ops.hpp - the random family's registrations (random_ops.cpp).
#pragma once
#include <vector>

#include "core/registry.hpp"

namespace whence {

void add_random_ops(std::vector<const OpDescriptor*>& t);
// torch.empty and friends: uninitialised memory, shown as zeros (empty_ops.cpp).
void add_empty_ops(std::vector<const OpDescriptor*>& t);

}  // namespace whence
