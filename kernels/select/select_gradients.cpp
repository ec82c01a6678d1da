// select_gradients.cpp - how the select family's ops differentiate (core/autograd.hpp's GradRule).
#include "kernels/common/derivatives.hpp"

namespace whence {

void add_select_gradients(GradRules& r) {
  set_family_rule(r, "select", GradRule{nullptr, "Whence does not differentiate this op yet"});
}

}  // namespace whence
