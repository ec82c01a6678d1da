// random_gradients.cpp - how the random family's ops differentiate (core/autograd.hpp's GradRule).
#include "kernels/common/derivatives.hpp"

namespace whence {

void add_random_gradients(GradRules& r) {
  set_family_rule(r, "random", GradRule{nullptr, "Whence does not differentiate this op yet"});
}

}  // namespace whence
