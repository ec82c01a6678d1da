// window_ops.hpp - the window family: convolutions, pools, unfold/fold (kernels/window/window_ops.cpp).
#pragma once
#include <vector>

#include "core/registry.hpp"

namespace whence {

void add_window_ops(std::vector<const OpDescriptor*>& t);

}  // namespace whence
