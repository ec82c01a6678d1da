// reduce_gradients.cpp - how the reduce family's ops differentiate (core/autograd.hpp's GradRule).
#include "kernels/common/derivatives.hpp"

namespace whence {

void add_reduce_gradients(GradRules& r) {
  set_family_rule(r, "reduce", GradRule{nullptr, "Whence does not differentiate this op yet"});
}

}  // namespace whence
