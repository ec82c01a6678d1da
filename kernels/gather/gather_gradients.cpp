// gather_gradients.cpp - how gather differentiates (core/autograd.hpp's GradRule).
#include "kernels/common/derivatives.hpp"

namespace whence {

// out[i] = input[...index...]: a copy, so backward scatter-adds the upstream gradient into
// the elements read (the index carries none).
void add_gather_gradients(GradRules& r) { set_rule(r, "torch.gather", GradRule{unit_derivatives}); }

}  // namespace whence
