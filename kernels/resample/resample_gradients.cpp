// resample_gradients.cpp - how the resample family's ops differentiate (core/autograd.hpp's GradRule).
#include "kernels/common/derivatives.hpp"

namespace whence {

void add_resample_gradients(GradRules& r) {
  set_family_rule(r, "resample", GradRule{nullptr, "Whence does not differentiate this op yet"});
}

}  // namespace whence
