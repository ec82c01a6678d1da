// join_gradients.cpp - how the join family's ops differentiate (core/autograd.hpp's GradRule).
#include "kernels/common/derivatives.hpp"

namespace whence {

void add_join_gradients(GradRules& r) {
  set_family_rule(r, "join", GradRule{nullptr, "Whence does not differentiate this op yet"});
}

}  // namespace whence
