// factory_gradients.cpp - how the factory family's ops differentiate (core/autograd.hpp's GradRule).
#include "kernels/common/derivatives.hpp"

namespace whence {

void add_factory_gradients(GradRules& r) {
  set_family_rule(r, "factory", GradRule{nullptr, "Whence does not differentiate this op yet"});
}

}  // namespace whence
