// norm_layer_ops.cpp - normalization layers and the similarity/distance ops (kernels/composite.hpp).
#include "kernels/composite.hpp"
#include "kernels/reduce_family.hpp"

namespace whence {

void add_norm_layer_ops(std::vector<const OpDescriptor*>& t) { (void)t; }

}  // namespace whence
