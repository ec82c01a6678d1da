// movement_gradients.cpp - how the movement family's ops differentiate (core/autograd.hpp's GradRule).
#include "kernels/common/derivatives.hpp"

namespace whence {

// Every movement op copies elements (views, flips, rolls, repeats, diagonals, triangles): each
// output element is its one source, so ∂out/∂source = 1. Backward then sums the upstream
// gradient over every output element that read a source (expand, repeat and tile sum back);
// tril/triu's zeros and diag_embed's off-diagonal have no source and send nothing back.
void add_movement_gradients(GradRules& r) { set_family_rule(r, "movement", GradRule{unit_derivatives}); }

}  // namespace whence
