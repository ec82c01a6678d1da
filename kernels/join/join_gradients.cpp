// join_gradients.cpp - how the join family's ops differentiate (core/autograd.hpp's GradRule).
#include "kernels/common/derivatives.hpp"

namespace whence {

// cat, stack, block_diag, meshgrid, broadcast_tensors, split, chunk, unbind, ...: copies, each
// output element its one source (block_diag's zeros have none), so ∂out/∂source = 1.
void add_join_gradients(GradRules& r) { set_family_rule(r, "join", GradRule{unit_derivatives}); }

}  // namespace whence
