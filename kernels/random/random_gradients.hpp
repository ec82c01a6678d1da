// random_gradients.hpp - what random_gradients.cpp and random_gradients_dropout.cpp share.
#pragma once
#include "kernels/common/derivatives.hpp"

namespace whence {

// F.dropout, F.alpha_dropout, F.feature_alpha_dropout: ∂out/∂input is the drawn mask times the
// scale (random_gradients_dropout.cpp).
void add_dropout_gradients(GradRules& r);

}  // namespace whence
