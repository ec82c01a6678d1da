// movement_gradients.cpp - how the movement family's ops differentiate (core/autograd.hpp's GradRule).
#include "kernels/common/derivatives.hpp"

namespace whence {

void add_movement_gradients(GradRules& r) {
  set_family_rule(r, "movement", GradRule{nullptr, "Whence does not differentiate this op yet"});
}

}  // namespace whence
