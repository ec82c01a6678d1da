// contraction_gradients.cpp - how the contraction family's ops differentiate (core/autograd.hpp's GradRule).
#include "kernels/common/derivatives.hpp"

namespace whence {

void add_contraction_gradients(GradRules& r) {
  set_family_rule(r, "contraction", GradRule{nullptr, "Whence does not differentiate this op yet"});
}

}  // namespace whence
