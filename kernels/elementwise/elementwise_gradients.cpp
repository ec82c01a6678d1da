// elementwise_gradients.cpp - how the elementwise family's ops differentiate (core/autograd.hpp's GradRule).
#include "kernels/common/derivatives.hpp"

namespace whence {

void add_elementwise_gradients(GradRules& r) {
  set_family_rule(r, "elementwise", GradRule{nullptr, "Whence does not differentiate this op yet"});
}

}  // namespace whence
