// indexing_gradients.cpp - how the indexing family's ops differentiate (core/autograd.hpp's GradRule).
#include "kernels/common/derivatives.hpp"

namespace whence {

// x[index], x.T, x.mT, x.H, x.mH: copies of the indexed elements (the index and mask elements
// are `index`/`mask` sources and carry none), so ∂out/∂source = 1; an element picked twice by an
// advanced index gets both upstream gradients, as PyTorch's index_put_(accumulate=True) gives.
void add_indexing_gradients(GradRules& r) { set_family_rule(r, "indexing", GradRule{unit_derivatives}); }

}  // namespace whence
